// SPDX-License-Identifier: MIT
#include "ui/bench.h"

#include "core/machineinfo.h"
#include "core/resultio.h"
#include "ui/charts/charttabs.h"
#include "ui/commandline.h"
#include "ui/mainwindow.h"
#include "ui/runstore.h"
#include "ui/sweeppanel.h"
#include "ui/charts/timechart.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTimer>
#include <QXYSeries>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
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

// One point of add with the given time per iteration (10 iterations, 5 % spread).
Measurement addPoint(const std::string &backend, int threads, const std::string &mode, int device, int n,
                     double t)
{
    Measurement m;
    m.workload = "add";
    m.backend = backend;
    m.threads = threads;
    m.mode = mode;
    m.device = device;
    m.n = n;
    m.iterations = 10;
    m.elements = double(n) * n;
    m.bytes = 12.0 * n * n * m.iterations;
    m.flops = 1.0 * n * n * m.iterations;
    m.stats.reps = 5;
    m.stats.median = m.stats.mean = t * m.iterations;
    m.stats.min = m.stats.median * 0.95;
    m.stats.max = m.stats.median * 1.05;
    m.stats.stddev = m.stats.median * 0.025;
    m.stats.cv = 0.025;
    m.verified = true;
    return m;
}

// count distinct sizes from 4 to 4000, evenly spaced in log n.
std::vector<int> sizes(int count)
{
    std::vector<int> ns;
    for (int k = 0; int(ns.size()) < count; ++k) {
        int n = int(std::lround(4 * std::pow(1000.0, double(k) / std::max(1, count - 1))));
        if (!ns.empty())
            n = std::max(n, ns.back() + 1);
        ns.push_back(n);
    }
    return ns;
}

// A CPU and a GPU curve that swap places at every size: count - 1 crossovers.
ResultSet alternating(int count)
{
    ResultSet r;
    const std::vector<int> ns = sizes(count);
    for (std::size_t i = 0; i < ns.size(); ++i) {
        const double t = 1e-9 * ns[i] * ns[i] + 1e-6;
        r.add(addPoint("cpu", 1, "", -1, ns[i], t));
        r.add(addPoint("gpu", 0, "launch", 0, ns[i], t * (i % 2 ? 0.8 : 1.25)));
    }
    return r;
}

// cpu CPU thread counts and gpu GPU curves (three modes on gpu / 3 devices), points sizes each.
ResultSet manySeries(int cpu, int gpu, int points)
{
    static const char *const modes[] = {"launch", "graph", "fused"};
    ResultSet r;
    for (int n : sizes(points)) {
        for (int p = 1; p <= cpu; ++p)
            r.add(addPoint("cpu", p, "", -1, n, 1e-8 + 1e-9 * n * n / std::min(p, 16) * (1 + 0.001 * p)));
        for (int g = 0; g < gpu; ++g)
            r.add(addPoint("gpu", 0, modes[g % 3], g / 3, n, 4e-6 * (1 + 0.01 * g) + 1e-12 * n * n));
    }
    return r;
}

// Each chart of r as --headless --png draws it: a new chart, its rebuild, then a 1920 x 1080
// image. Prints the milliseconds of each; returns the slowest total.
double renderEach(const char *what, const ResultSet &r)
{
    RunStore model;
    model.setResultSet(r);
    std::size_t points = 0;
    for (const auto &m : r.rows)
        points += m.ok();
    std::printf("%s (%zu points, %zu series):\n", what, points, r.seriesKeys().size());
    double slowest = 0;
    for (const QString &name : ChartTabs::names()) {
        std::unique_ptr<ChartView> chart = ChartTabs::make(name);
        chart->setModel(&model);
        QElapsedTimer t;
        t.start();
        chart->updateNow();
        const double rebuild = double(t.nsecsElapsed()) / 1e6;
        const QImage image = chart->toImage(QSize(1920, 1080));
        const double total = double(t.nsecsElapsed()) / 1e6;
        slowest = std::max(slowest, total);
        const bool legend = chart->legendShown();
        // Closing the file (or the app) removes every series: part of the cost of a large file.
        QElapsedTimer closing;
        closing.start();
        chart.reset();
        const double close = double(closing.nsecsElapsed()) / 1e6;
        std::printf("  %-10s rebuild %7.1f ms, image %7.1f ms, total %7.1f ms; closing %7.1f ms%s\n",
                    qPrintable(name), rebuild, total - rebuild, total, close,
                    legend ? "" : " (legend hidden)");
    }
    std::fflush(stdout);
    return slowest;
}

// The large-file cases: every chart of each must render in under 1 s.
int renderLarge(const CommandLine &cl)
{
    {
        // Fonts and the first chart's one-time set-up, outside the figures.
        std::unique_ptr<ChartView> warm = ChartTabs::make(QStringLiteral("time"));
        warm->toImage(QSize(640, 360));
    }
    double slowest = 0;
    if (!cl.open.isEmpty()) {
        QElapsedTimer t;
        t.start();
        ResultSet r;
        try {
            r = ResultIO::load(QFile::encodeName(cl.open).toStdString());
        } catch (const std::exception &e) {
            std::cerr << "speeduplab: could not open " << cl.open.toStdString() << ": " << e.what() << '\n';
            return 2;
        }
        std::printf("Loaded %s in %.1f ms\n", qPrintable(cl.open), double(t.nsecsElapsed()) / 1e6);
        slowest = renderEach(qPrintable(cl.open), r);
    } else {
        slowest = std::max(slowest, renderEach("CPU and GPU alternating at 200 sizes", alternating(200)));
        slowest = std::max(slowest, renderEach("CPU and GPU alternating at 400 sizes", alternating(400)));
        slowest =
            std::max(slowest, renderEach("150 CPU + 50 GPU curves x 50 sizes", manySeries(150, 50, 50)));
        // Beyond the target (200 series): reported, not held to the limit.
        const double beyond = renderEach("1000 CPU curves x 10 sizes", manySeries(1000, 0, 10));
        std::printf("Slowest chart with 1000 series: %.1f ms (no limit)\n", beyond);
    }
    std::printf("Slowest chart up to 200 series and 10,000 points: %.1f ms (limit 1000 ms)\n", slowest);
    return slowest < 1000 ? 0 : 1;
}

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
    std::printf("GUI latency over a real sweep (%zu points, %.1f s): largest gap between 5 ms timer ticks "
                "%.1f ms (limit 17 ms: one frame at 60 Hz); 99th percentile %.1f ms (limit 10 ms); median "
                "%.1f ms; %zu ticks; slowest chart "
                "rebuild %.1f ms\n",
                w.runStore()->resultSet().size(), sweep.elapsed() / 1000.0, worst, percentile(gaps, 0.99),
                percentile(gaps, 0.5), gaps.size(), slowestRebuild);
    return worst < 17 && percentile(gaps, 0.99) < 10 ? 0 : 1;
}

int Bench::redraw(const CommandLine &cl)
{
    // With --open FILE: only that file's charts.
    if (!cl.open.isEmpty())
        return renderLarge(cl);
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
    RunStore model;
    model.setResultSet(r);
    TimeChart chart;
    chart.setModel(&model);
    chart.resize(1600, 900);
    chart.show();
    QApplication::processEvents();
    chart.updateNow();
    chart.viewport()->repaint();

    // A full rebuild: every curve changed (the times scaled by a new factor each round).
    std::vector<double> rebuild, repaint, total;
    for (int k = 0; k < 20; ++k) {
        ResultSet scaled = r;
        for (Measurement &m : scaled.rows) {
            const double f = 1 + 0.01 * (k + 1);
            m.stats.median *= f;
            m.stats.mean *= f;
            m.stats.min *= f;
            m.stats.max *= f;
        }
        model.setResultSet(scaled);
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
    // A live update of the big chart: one new point on one curve, at a new largest n (the x
    // range grows, as in a sweep), the other curves unchanged.
    model.setResultSet(r);
    chart.updateNow();
    std::vector<double> live, liveRebuild;
    for (int k = 0; k < 20; ++k) {
        Measurement m = r.rows[std::size_t(k % 10) * 1000 + 999];
        m.n = 4000 + 4 * (k + 1);
        model.append(m);
        QElapsedTimer t;
        t.start();
        chart.updateNow();
        liveRebuild.push_back(t.nsecsElapsed() / 1e6);
        chart.viewport()->repaint();
        live.push_back(t.nsecsElapsed() / 1e6);
    }
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

    std::printf("Live update of the chart with %zu points (one new point, 1600 x 900): median %.1f ms "
                "(limit 17 ms; rebuild %.1f ms), worst %.1f ms\n",
                points, percentile(live, 0.5), percentile(liveRebuild, 0.5),
                *std::max_element(live.begin(), live.end()));
    const double median = percentile(total, 0.5); // reported; the live update is held to the frame
    std::printf("Chart redraw with %zu points, every curve changed (1600 x 900): rebuild + replace() median "
                "%.1f ms, repaint median "
                "%.1f ms, total median %.1f ms, worst %.1f ms\n",
                points, percentile(rebuild, 0.5), percentile(repaint, 0.5), median,
                *std::max_element(total.begin(), total.end()));
    std::fflush(stdout);
    // Large files, each chart as --headless draws it.
    const int large = renderLarge(cl);
    return percentile(live, 0.5) < 17 && large == 0 ? 0 : 1;
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
        "Launch to visible window: %.0f ms (limit 1000 ms); resident memory idle: %.0f MB (limit 100 MB)\n",
        visible * 1000, rss);
    w->close();
    return visible < 1.0 && rss < 100 ? 0 : 1;
}

} // namespace speeduplab
