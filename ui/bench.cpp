// SPDX-License-Identifier: MIT
#include "ui/bench.h"

#include "core/machineinfo.h"
#include "ui/commandline.h"
#include "ui/mainwindow.h"
#include "ui/resultmodel.h"
#include "ui/sweeppanel.h"
#include "ui/timechart.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <QTimer>
#include <QXYSeries>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>
#include <vector>

namespace speeduplab {

namespace {

double percentile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(q * double(v.size() - 1) + 0.5))];
}

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

} // namespace

int Bench::latency(const CommandLine &cl)
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
        std::cerr << "speeduplab: " << e.what() << '\n';
        return 2;
    }
    QTemporaryDir dir;
    MainWindow w(cl.settings.isEmpty() ? dir.filePath(QStringLiteral("bench.ini")) : cl.settings);
    w.setErrorReporter([](const QString &, const QString &text) { std::cerr << text.toStdString() << '\n'; });
    w.sweepPanel()->setForm(SweepForm::fromPlan(plan, hw, MachineInfo::gpuState().usable));
    w.show();

    QElapsedTimer clock;
    std::vector<double> gaps;
    qint64 last = -1;
    bool measuring = false;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (measuring && last >= 0)
            gaps.push_back(double(now - last) / 1e6);
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
    std::printf("GUI latency over a real sweep (%zu points, %.1f s): largest gap between 5 ms timer ticks "
                "%.1f ms (limit 50 ms); 99th percentile %.1f ms; median %.1f ms; %zu ticks; slowest chart "
                "rebuild %.1f ms\n",
                w.resultModel()->resultSet().size(), sweep.elapsed() / 1000.0, worst, percentile(gaps, 0.99),
                percentile(gaps, 0.5), gaps.size(), slowestRebuild);
    return worst < 50 ? 0 : 1;
}

int Bench::redraw(const CommandLine &)
{
    // 10 curves of 1000 points: 8 CPU thread counts and 2 GPU modes, each with its min-max band.
    ResultSet r;
    for (int s = 0; s < 10; ++s) {
        for (int i = 0; i < 1000; ++i) {
            Measurement m;
            m.workload = "add";
            const bool gpu = s >= 8;
            m.backend = gpu ? "gpu" : "cpu";
            m.threads = gpu ? 0 : s + 1;
            m.mode = gpu ? (s == 8 ? "launch" : "graph") : "";
            m.device = gpu ? 0 : -1;
            m.n = 4 + 4 * i;
            m.iterations = 1;
            m.bytes = 8.0 * m.n * m.n;
            m.flops = double(m.n) * m.n;
            const double t = gpu ? 5e-6 + m.bytes / 2e12 : 1e-8 + m.bytes / (5e9 * (s + 1));
            m.stats.reps = 5;
            m.stats.median = t;
            m.stats.min = t * 0.95;
            m.stats.max = t * 1.08;
            m.stats.mean = t;
            m.verified = true;
            r.add(m);
        }
    }
    ResultModel model;
    model.setResultSet(r);
    TimeChart chart;
    chart.setModel(&model);
    chart.resize(1600, 900);
    chart.show();
    QApplication::processEvents();
    chart.updateNow();
    chart.viewport()->repaint();

    std::vector<double> rebuild, repaint, total;
    for (int k = 0; k < 20; ++k) {
        QElapsedTimer t;
        t.start();
        chart.updateNow();
        const double a = t.nsecsElapsed() / 1e6;
        chart.viewport()->repaint();
        const double b = t.nsecsElapsed() / 1e6;
        rebuild.push_back(a);
        repaint.push_back(b - a);
        total.push_back(b);
    }
    std::size_t points = 0;
    for (auto *s : chart.seriesWithRole(ChartView::Role::Data))
        points += std::size_t(s->count());
    // The everyday case too: a live sweep's chart of a few dozen points.
    ResultSet small;
    for (const auto &m : r.rows)
        if (m.n % 400 == 4 && (m.threads <= 2 || m.isGpu()))
            small.add(m);
    model.setResultSet(small);
    std::vector<double> smallRebuild, smallRepaint;
    for (int k = 0; k < 20; ++k) {
        QElapsedTimer t;
        t.start();
        chart.updateNow();
        const double a = t.nsecsElapsed() / 1e6;
        chart.viewport()->repaint();
        smallRebuild.push_back(a);
        smallRepaint.push_back(t.nsecsElapsed() / 1e6 - a);
    }
    std::printf("Chart redraw with %zu points: rebuild median %.1f ms, repaint median %.1f ms\n",
                small.size(), percentile(smallRebuild, 0.5), percentile(smallRepaint, 0.5));

    const double median = percentile(total, 0.5);
    std::printf(
        "Chart redraw with %zu points (1600 x 900): rebuild + replace() median %.1f ms, repaint median "
        "%.1f ms, total median %.1f ms, worst %.1f ms (limit 50 ms)\n",
        points, percentile(rebuild, 0.5), percentile(repaint, 0.5), median,
        *std::max_element(total.begin(), total.end()));
    return median < 50 ? 0 : 1;
}

int Bench::startup(const CommandLine &cl)
{
    QTemporaryDir dir;
    auto *w = new MainWindow(cl.settings.isEmpty() ? dir.filePath(QStringLiteral("bench.ini")) : cl.settings);
    w->setAttribute(Qt::WA_DeleteOnClose);
    w->show();
    double visible = -1;
    QTimer::singleShot(0, [&visible] { visible = processAge(); });
    QEventLoop loop;
    QTimer::singleShot(2000, &loop, &QEventLoop::quit);
    loop.exec();
    const double rss = residentMB();
    std::printf(
        "Launch to visible window: %.0f ms (limit 1000 ms); resident memory idle: %.0f MB (limit 150 MB)\n",
        visible * 1000, rss);
    w->close();
    return visible < 1.0 && rss < 150 ? 0 : 1;
}

} // namespace speeduplab
