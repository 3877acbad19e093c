// SPDX-License-Identifier: MIT
// speeduplab-bench-gui: the desktop app's speed and memory benchmarks, out of the app (bench/gui.sh
// runs them). It links the app's library (speeduplab_ui) and reads the app's own command line:
//   speeduplab-bench-gui latency [sweep options, --settings FILE]   a real sweep in the window
//   speeduplab-bench-gui redraw [--open FILE]                        the charts of large files
//   speeduplab-bench-gui startup [app options]                      launch to window, idle memory
// startup measures the real app, in this process: it runs App::main, the function the app's main
// (ui/main.cpp) hands its QApplication to, from the same library, so the launch (loading the same
// Qt libraries, the QApplication, App::initialise, the settings, the translations, the window) is
// the app's; only this file's watcher is added, and it only reads the clock and /proc. A child
// process of the app binary could not say when its window became visible without a hook in the
// app. The window gets a new settings file unless --settings is given, as before, so the user's
// own settings are neither read nor rewritten.
#include "bench/gui/guibench.h"
#include "core/devices/devicebackend.h"

#include "core/machine/sweepconditions.h"
#include "ui/app.h"
#include "ui/commandline.h"
#include "words/appsettings.h"
#include "words/format.h"
#include "words/translations.h"

#include <QApplication>
#include <QFile>
#include <QTemporaryDir>

#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace {

const char *const usage =
    "usage: speeduplab-bench-gui latency|redraw|startup [the app's options]\n"
    "  latency  the longest gap between 5 ms timer ticks on the GUI thread over a real sweep in the\n"
    "           window (target 17 ms; 99th percentile 10 ms); the sweep options as the app takes\n"
    "           them (default: the seed, 100 iterations, 0.05 s per point); SPEEDUPLAB_BENCH_TRACE=1\n"
    "           prints the events behind each gap over 12 ms\n"
    "  redraw   the redraw of a chart of 10,000 points (a live update within 17 ms), then every chart\n"
    "           of large files as --headless draws them (1 s each); --open FILE: that file's only\n"
    "  startup  launch to visible window (target 1 s) and idle resident memory (100 MB)\n"
    "Each prints its figures and exits 1 when over its target, 2 when it could not run.\n";

} // namespace

int main(int argc, char **argv)
{
    using namespace speeduplab;
    // As the app's main does first: the OpenCL drivers listed in a child process (this program
    // again), so that startup measures the app's idle memory, without the drivers loaded.
    if (const std::optional<int> child = Devices::probeDriversInChild(argc, argv))
        return *child;
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "-h" || mode == "--help") {
        std::fputs(usage, stdout);
        return 0;
    }
    if (mode != "latency" && mode != "redraw" && mode != "startup") {
        std::fprintf(stderr, "speeduplab-bench-gui: %s\n%s",
                     mode.empty() ? "name the benchmark" : ("no benchmark is called " + mode).c_str(), usage);
        return 2;
    }
    // As the app does for its offscreen modes: without a display, offscreen.
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM") && !qEnvironmentVariableIsSet("DISPLAY") &&
        !qEnvironmentVariableIsSet("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    // The app's command line: the program, then what follows the mode.
    std::vector<char *> args{argv[0]};
    args.insert(args.end(), argv + 2, argv + argc);
    bool settingsGiven = false;
    for (int i = 2; i < argc; ++i)
        settingsGiven = settingsGiven || std::strcmp(argv[i], "--settings") == 0 ||
                        std::strncmp(argv[i], "--settings=", 11) == 0;
    QTemporaryDir dir;
    QByteArray settingsOption("--settings"), settingsFile;
    if (mode == "startup" && !settingsGiven) {
        settingsFile = QFile::encodeName(dir.filePath(QStringLiteral("bench.ini")));
        args.push_back(settingsOption.data());
        args.push_back(settingsFile.data());
    }
    int count = int(args.size());
    args.push_back(nullptr);
    QApplication app(count, args.data());
    App::initialise();
    if (mode == "startup")
        return GuiBench::startup(app);

    QString error;
    const std::optional<CommandLine> parsed = CommandLine::parse(app.arguments(), &error);
    if (!parsed) {
        std::cerr << "speeduplab-bench-gui: " << Format::sentence(error).toStdString() << '\n';
        return 2;
    }
    const CommandLine &cl = *parsed;
    // What App::main sets up before its window: the settings file, the OpenMP wait policy chosen
    // in the window (a restart with it), the language.
    if (const QString why = AppSettings::refusal(cl.settings); !why.isEmpty()) {
        std::cerr << "speeduplab-bench-gui: " << Format::sentence(why).toStdString() << '\n';
        return 2;
    }
    AppSettings::useFile(cl.settings);
    if (const QString want = AppSettings::ompWait(); !want.isEmpty())
        if (const std::string why = SweepConditions::restartWithOmpWaitPolicy(want.toStdString(), argv);
            !why.empty())
            std::cerr << "speeduplab-bench-gui: " << why << "; the runtime's own policy stays\n";
    Translations::installChosen(cl.settings);
    return mode == "latency" ? GuiBench::latency(cl) : GuiBench::redraw(cl);
}
