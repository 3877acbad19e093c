// SPDX-License-Identifier: MIT
// The GUI latency benchmark: a real sweep in the window (MainWindow, as the app builds it), with a
// 5 ms timer on the GUI thread whose gaps measure how long it was kept from its events.
#include "bench/gui/guibench.h"

#include "core/machine/machineinfo.h"
#include "core/model/stats.h"
#include "ui/charts/chartview.h"
#include "ui/commandline.h"
#include "ui/mainwindow.h"
#include "ui/runstore.h"
#include "ui/sweepform.h"
#include "ui/sweeppanel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <vector>

namespace speeduplab {

namespace {

// With SPEEDUPLAB_BENCH_TRACE set: the events the GUI thread delivered during each gap between
// ticks over 12 ms, with the time until the next event: a long one names the cause of a stall;
// none names the scheduler (the GUI thread was not running).
class StallTrace : public QObject {
public:
    explicit StallTrace(const QElapsedTimer &clock) : m_clock(clock) { qApp->installEventFilter(this); }
    void tick(double from, double to)
    {
        if (to - from >= 12) {
            QString text =
                QStringLiteral("gap %1 ms at %2 s:").arg(to - from, 0, 'f', 1).arg(to / 1000, 0, 'f', 2);
            double at = from;
            QString what = QStringLiteral("tick");
            for (const Event &e : m_events) {
                if (e.at - at >= 1)
                    text += QStringLiteral(" [%1 +%2 ms]").arg(what).arg(e.at - at, 0, 'f', 1);
                at = e.at;
                what = e.what;
            }
            if (to - at >= 2)
                text += QStringLiteral(" [%1 +%2 ms]").arg(what).arg(to - at, 0, 'f', 1);
            std::fprintf(stderr, "%s\n", qPrintable(text));
        }
        m_events.clear();
    }

protected:
    bool eventFilter(QObject *o, QEvent *e) override
    {
        if (m_events.size() < 4096)
            m_events.push_back({double(m_clock.nsecsElapsed()) / 1e6,
                                QStringLiteral("%1(%2)/%3")
                                    .arg(QLatin1String(o->metaObject()->className()), name(o))
                                    .arg(int(e->type()))});
        return false;
    }

private:
    // The object's name, or its nearest named parent's ("<parent>/").
    static QString name(const QObject *o)
    {
        QString path;
        for (int up = 0; o && o->objectName().isEmpty() && up < 4; o = o->parent(), ++up)
            path += QStringLiteral("<");
        return o ? path + o->objectName() : path;
    }
    struct Event {
        double at;
        QString what;
    };
    const QElapsedTimer &m_clock;
    std::vector<Event> m_events;
};

} // namespace

int GuiBench::latency(const CommandLine &cl)
{
    const int hw = MachineInfo::hardwareThreads();
    SweepPlan plan;
    try {
        if (cl.asksForSweep()) {
            plan = cl.plan(hw);
        } else {
            plan = SweepPlan::seed(hw);
            plan.iterations = 100;
            plan.minTime = 0.05;
        }
    } catch (const std::exception &e) {
        std::cerr << "speeduplab-bench-gui: " << e.what() << '\n';
        return 2;
    }
    QTemporaryDir dir;
    MainWindow w(cl.settings.isEmpty() ? dir.filePath(QStringLiteral("bench.ini")) : cl.settings);
    w.setErrorReporter([](const QString &, const QString &text) { std::cerr << text.toStdString() << '\n'; });
    w.sweepPanel()->setForm(
        SweepForm::fromPlan(plan, hw, MachineInfo::gpuState().usable, w.sweepPanel()->describedDevices()));
    w.show();

    QElapsedTimer clock;
    std::vector<double> gaps;
    qint64 last = -1;
    bool measuring = false;
    std::unique_ptr<StallTrace> trace;
    if (qEnvironmentVariableIsSet("SPEEDUPLAB_BENCH_TRACE"))
        trace = std::make_unique<StallTrace>(clock);
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (measuring && last >= 0)
            gaps.push_back(double(now - last) / 1e6);
        if (trace && last >= 0)
            trace->tick(double(last) / 1e6, double(now) / 1e6);
        last = now;
    });
    double slowestRebuild = 0;
    for (ChartView *c : w.charts())
        QObject::connect(c, &ChartView::updated, [&slowestRebuild, c] {
            slowestRebuild = std::max(slowestRebuild, c->lastUpdateMs());
        });
    QEventLoop loop;
    QObject::connect(&w, &MainWindow::sweepFinished, &loop, &QEventLoop::quit);
    QObject::connect(&w, &MainWindow::errorShown, &loop, &QEventLoop::quit);
    clock.start();
    tick.start(5);
    QTimer::singleShot(300, [&] {
        measuring = true;
        last = clock.nsecsElapsed();
        if (!w.runSweep())
            loop.quit();
    });
    QElapsedTimer sweep;
    sweep.start();
    loop.exec();
    measuring = false;
    const double worst = gaps.empty() ? 0 : *std::max_element(gaps.begin(), gaps.end());
    const double p99 = quantileOf(gaps, 0.99);
    std::printf("GUI latency over a real sweep (%zu points, %.1f s): largest gap between 5 ms timer ticks "
                "%.1f ms (limit 17 ms: one frame at 60 Hz); 99th percentile %.1f ms (limit 10 ms); median "
                "%.1f ms; %zu ticks; slowest chart "
                "rebuild %.1f ms\n",
                w.runStore()->resultSet().size(), sweep.elapsed() / 1000.0, worst, p99, quantileOf(gaps, 0.5),
                gaps.size(), slowestRebuild);
    return worst < 17 && p99 < 10 ? 0 : 1;
}

} // namespace speeduplab
