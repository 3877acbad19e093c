// SPDX-License-Identifier: MIT
// speeduplab: the desktop app. Everything lives in speeduplab_ui; this only picks the
// platform before Qt starts (offscreen for --headless and --help, which must work without a
// display) and says so in a sentence when the window has nowhere to go. Every line it and Qt
// print is escaped for the terminal (TerminalText::guardStandardStreams).
#include "ui/app.h"

#include "core/devices/devicebackend.h"
#include "core/io/terminaltext.h"

#include <QApplication>

#include <iostream>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

// Qt's own warnings ("QVariant::load: unknown user type with name <a name from the settings>")
// through the same escaped stream as the program's.
void printQtMessage(QtMsgType, const QMessageLogContext &, const QString &message)
{
    std::cerr << message.toStdString() << '\n' << std::flush;
}

} // namespace

int main(int argc, char **argv)
{
    // The OpenCL drivers are listed in a child process first (this program again): one that
    // crashes or hangs as it loads costs the window OpenCL, not the window.
    if (const std::optional<int> child = speeduplab::Devices::probeDriversInChild(argc, argv))
        return *child;
    speeduplab::TerminalText::guardStandardStreams();
    qInstallMessageHandler(printQtMessage);
    bool offscreen = false;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (std::strcmp(a, "--headless") == 0) {
            qputenv("QT_QPA_PLATFORM", "offscreen"); // always: a headless run never opens a window
            offscreen = true;
            break;
        }
        offscreen = offscreen || std::strcmp(a, "--help") == 0 || std::strcmp(a, "-h") == 0 ||
                    std::strcmp(a, "--version") == 0;
    }
    const bool haveDisplay =
        qEnvironmentVariableIsSet("DISPLAY") || qEnvironmentVariableIsSet("WAYLAND_DISPLAY");
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM") && !haveDisplay) {
        if (!offscreen) {
            std::fprintf(stderr,
                         "speeduplab: there is no display to open the window on (DISPLAY and WAYLAND_DISPLAY "
                         "are not set). Run it with --headless to sweep and write the chart to files (see "
                         "--help), or set QT_QPA_PLATFORM=offscreen.\n");
            return 2;
        }
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    speeduplab::App::initialise();
    return speeduplab::App::main(app);
}
