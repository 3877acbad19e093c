// SPDX-License-Identifier: MIT
// The start-up benchmark: the app's own entry (App::main, as ui/main.cpp calls it) in this
// process, timed from the process's start to its window's first pass of the event loop, and
// its resident memory 2 s later, idle. It only watches: the window is the app's.
#include "bench/gui/guibench.h"

#include "ui/app.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QPointer>
#include <QTimer>

#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace speeduplab {

namespace {

// Seconds since this process started (its start time in /proc against the boot clock).
double processAge()
{
    std::ifstream f("/proc/self/stat");
    std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    const auto close = text.rfind(')');
    if (close == std::string::npos)
        return -1;
    std::istringstream rest(text.substr(close + 2));
    std::string field;
    unsigned long long start = 0;
    for (int i = 3; i <= 22 && rest >> field; ++i)
        if (i == 22)
            start = std::stoull(field);
    timespec now{};
    clock_gettime(CLOCK_BOOTTIME, &now);
    return double(now.tv_sec) + now.tv_nsec / 1e9 - double(start) / double(sysconf(_SC_CLK_TCK));
}

double residentMB()
{
    std::ifstream f("/proc/self/status");
    std::string key;
    while (f >> key) {
        if (key == "VmRSS:") {
            double kb = 0;
            f >> kb;
            return kb * 1024.0 / 1e6;
        }
        f.ignore(1 << 20, '\n');
    }
    return -1;
}

// Waits for the app's window to be shown (show() sends it the Show event): the first pass of the
// event loop after that is when it is visible; 2 s later, the memory, and the window is closed.
class WindowWatch : public QObject {
public:
    double visible = -1;
    double rss = -1;
    QPointer<MainWindow> window;

protected:
    bool eventFilter(QObject *o, QEvent *e) override
    {
        if (e->type() == QEvent::Show && !window) {
            if (auto *w = qobject_cast<MainWindow *>(o)) {
                window = w;
                QTimer::singleShot(0, this, [this] { visible = processAge(); });
                QTimer::singleShot(2000, this, [this] {
                    rss = residentMB();
                    if (window)
                        window->close();
                    QCoreApplication::quit();
                });
            }
        }
        return false;
    }
};

} // namespace

int GuiBench::startup(QApplication &app)
{
    WindowWatch watch;
    app.installEventFilter(&watch);
    const int rc = App::main(app);
    app.removeEventFilter(&watch);
    if (watch.visible < 0 || watch.rss < 0) {
        std::cerr << "speeduplab-bench-gui: the app ended (exit status " << rc
                  << ") before its window had been up for 2 s\n";
        return 2;
    }
    std::printf(
        "Launch to visible window: %.0f ms (limit 1000 ms); resident memory idle: %.0f MB (limit 100 MB)\n",
        watch.visible * 1000, watch.rss);
    return watch.visible < 1.0 && watch.rss < 100 ? 0 : 1;
}

} // namespace speeduplab
