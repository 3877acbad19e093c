// SPDX-License-Identifier: MIT
// The thread-scaling chart: speedup against threads at chosen sizes, with the model that explains it.
#include "ui/charts/scalingchart.h"

#include "ui/charts/chartstyle.h"
#include "ui/runstore.h"
#include "words/explaintext.h"
#include "words/format.h"

#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace speeduplab {

namespace {

// Two thread counts that Amdahl's law and a bandwidth bound both pass through (ExplainText::
// twoThreadCounts): no law is drawn through them, unless a ceiling calibrated apart bounds them.
// The line of "bandwidth bound: at most 1.54x" stood beside a note that said two counts cannot say why.
bool untold(const ThreadStory &t)
{
    return t.threadCounts < 3 && t.kind != ThreadStory::Kind::Overhead &&
           !(t.bandwidthFitted && t.saturationCalibrated);
}

} // namespace

ScalingChart::ScalingChart(QWidget *parent) : ChartView(parent)
{
    auto *x = new QValueAxis;
    x->setLabelFormat(QStringLiteral("%.0f"));
    ChartStyle::styleAxis(x, tr("CPU threads"));
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.1f"));
    ChartStyle::styleAxis(y, tr("speedup over 1 thread"));
    setAxes(x, y);
    setRanges(0, 2, 0, 2);
}

void ScalingChart::setSelectedSizes(const QList<int> &sizes)
{
    m_selected = sizes;
    std::sort(m_selected.begin(), m_selected.end());
    scheduleUpdate();
}

void ScalingChart::rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload)
{
    setChartTitle(workload, tr("thread scaling"));
    m_serial.clear();
    m_marks = {};
    const CpuCurves chosen = chooseCpuCurves(all);
    chooseSizes(chosen.threadsAt);
    if (m_available.isEmpty()) {
        showEmpty(r.rows.empty()
                      ? tr("No results yet.\nRun a sweep (Ctrl+R) or open a results file (Ctrl+O).")
                      : tr("Thread scaling needs one size measured with at least two CPU thread "
                           "counts.\nCheck more thread counts in the sweep panel."));
        return;
    }
    const Speedups speedups = speedupCurves(r, chosen);
    fitAxes(chosen.maxThreads, speedups.yMax);
    drawIdeal(chosen.maxThreads);
    QStringList notes = drawCurves(speedups.curves, chosen.maxThreads);
    notes << drawPlacementMarks(speedups.curves, std::ceil(speedups.yMax * 1.1));
    // Where "Find the crossovers" pinned more threads overtaking one, in this run.
    for (const Refine::Kept &k : Refine::kept(r, workload))
        if (k.pair.threadPair && (chosen.cpu.empty() || k.run == chosen.cpu.front().run))
            notes << ExplainText::refined(k);
    if (severalRuns() && !chosen.cpu.empty())
        notes.prepend(tr("Thread scaling of %1 (run A, when chosen, else the first run that scales).")
                          .arg(QString::fromStdString(chosen.cpu.front().run)));
    setNote(notes.join(QLatin1Char('\n')));
}

// The CPU curves to scale: of one run and one variant, and the thread counts measured at each n.
ScalingChart::CpuCurves ScalingChart::chooseCpuCurves(const std::vector<Series> &all) const
{
    // One run (thread counts of different machines do not mix): run A when it is chosen and
    // scales, else the first run shown that measured a size with two thread counts. One CPU
    // variant only (the first present), so that thread counts are comparable. The variant is
    // the third field of the series key within its run.
    auto variantOf = [](const Series &s) {
        const std::string key = s.run.empty() ? s.key : s.key.substr(s.run.size() + 1);
        const auto a = key.find('|', key.find('|') + 1);
        return a == std::string::npos ? std::string() : key.substr(a + 1, key.find('|', a + 1) - a - 1);
    };
    std::vector<std::vector<Series>> groups = Analysis::byRun(all);
    if (model() && model()->runA() >= 0 && severalRuns()) {
        const std::string a = model()->runs()[std::size_t(model()->runA())].label;
        std::stable_partition(groups.begin(), groups.end(),
                              [&a](const std::vector<Series> &g) { return g.front().run == a; });
    }
    CpuCurves chosen;
    std::vector<Series> &cpu = chosen.cpu;
    std::map<int, std::set<int>> &threadsAt = chosen.threadsAt;
    int &maxThreads = chosen.maxThreads;
    for (const auto &group : groups) {
        cpu.clear();
        threadsAt.clear();
        maxThreads = 1;
        for (const auto &s : group)
            if (s.cpu() && s.threads > 0 && (cpu.empty() || variantOf(s) == variantOf(cpu.front())))
                cpu.push_back(s);
        for (const auto &s : cpu) {
            maxThreads = std::max(maxThreads, s.threads);
            for (const auto &p : s.points)
                threadsAt[p.n].insert(s.threads);
        }
        if (std::any_of(threadsAt.begin(), threadsAt.end(),
                        [](const auto &at) { return at.second.size() >= 2; }))
            break;
    }
    return chosen;
}

// The sizes available (measured with two thread counts or more) and those shown: the ones chosen,
// else the smallest, one in the middle and the largest. Says so when either changed.
void ScalingChart::chooseSizes(const std::map<int, std::set<int>> &threadsAt)
{
    QList<int> available;
    for (const auto &[n, ts] : threadsAt)
        if (ts.size() >= 2)
            available << n;
    QList<int> shown;
    for (int n : std::as_const(m_selected))
        if (available.contains(n))
            shown << n;
    if (shown.isEmpty() && !available.isEmpty()) {
        // The smallest, one in the middle (geometrically) and the largest.
        const int lo = available.front(), hi = available.back();
        const double mid = std::sqrt(double(lo) * hi);
        int best = lo;
        for (int n : std::as_const(available))
            if (std::fabs(std::log(n / mid)) < std::fabs(std::log(best / mid)))
                best = n;
        for (int n : {lo, best, hi})
            if (!shown.contains(n))
                shown << n;
    }
    if (available != m_available || shown != m_shown) {
        m_available = available;
        m_shown = shown;
        emit sizesChanged();
    }
}

// At each size shown: the measured speedups over one thread and the thread model that explains
// them (its serial fraction kept for serialFraction), and the highest speedup of all.
ScalingChart::Speedups ScalingChart::speedupCurves(const ResultSet &r, const CpuCurves &chosen)
{
    const std::vector<Series> &cpu = chosen.cpu;
    const int maxThreads = chosen.maxThreads;
    Speedups out;
    double &yMax = out.yMax;
    yMax = maxThreads;
    QList<Curve> &curves = out.curves;
    for (int n : std::as_const(m_shown)) {
        Curve c;
        c.n = n;
        c.story = Explain::threads(r, cpu, n);
        double t1 = c.story.t1;
        if (!c.story.valid) {
            // No thread model fits (speedups far above the thread count, say): the points are
            // still drawn as measured, against the fewest threads' time, and the note says so.
            const auto times = Analysis::threadTimes(cpu, n);
            if (times.empty() || !(times.front().second > 0))
                continue;
            t1 = times.front().second * times.front().first;
        }
        for (const auto &[p, t] : Analysis::threadTimes(cpu, n))
            if (t > 0) {
                c.measured << QPointF(p, t1 / t);
                yMax = std::max(yMax, t1 / t);
            }
        // The model that explains the points (Amdahl, the bandwidth bound or fork/join), as a
        // speedup against the same T1 as the points.
        // At each whole thread count while there are few (a fork/join is paid from 2 threads on, not
        // at 1.02: it fell like a cliff beside the points), else at 60 steps.
        const int steps = std::min(60, std::max(1, maxThreads - 1));
        // No model drawn through noise, nor one that misses a point by more than its bound, nor a
        // law that two thread counts cannot tell apart.
        const bool drawn =
            !c.story.tooNoisy() && !untold(c.story) && (c.story.fits() || c.story.threadCounts < 3);
        for (int i = 0; i <= steps && drawn; ++i) {
            const double p = 1 + (maxThreads - 1) * double(i) / steps;
            const double sp = c.story.speedup(p);
            if (sp > 0) {
                c.fitted << QPointF(p, sp);
                yMax = std::max(yMax, sp);
            }
        }
        if (c.story.amdahl.valid)
            m_serial.insert(n, c.story.amdahl.serialFraction);
        curves << c;
    }
    return out;
}

// The axes: ticks at whole thread counts and whole speedups (about 8 at most), up to the most
// threads and a tenth above the highest speedup.
void ScalingChart::fitAxes(int maxThreads, double yMax)
{
    auto *x = static_cast<QValueAxis *>(xAxis());
    auto *y = static_cast<QValueAxis *>(yAxis());
    const double step = maxThreads <= 12 ? 1 : maxThreads <= 32 ? 4 : maxThreads <= 64 ? 8 : 16;
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(0);
    x->setTickInterval(step);
    const double yTop = std::ceil(yMax * 1.1);
    y->setTickType(QValueAxis::TicksDynamic);
    y->setTickAnchor(0);
    // About 8 ticks at most: an interval of 16 over a hostile file's speedup of 1e15 asked
    // QtCharts for 6e13 of them.
    const double yStep = yTop <= 12 ? 1 : yTop <= 32 ? 4 : yTop <= 64 ? 8 : niceStep(yTop / 8);
    y->setTickInterval(yStep);
    y->setLabelFormat(yTop < 1e6 ? QStringLiteral("%.0f") : QStringLiteral("%.3g")); // never 16 digits
    setRanges(0, maxThreads + (maxThreads <= 12 ? 0.5 : step / 2), 0, yTop);
}

// The ideal speedup: linear in the threads, dashed.
void ScalingChart::drawIdeal(int maxThreads)
{
    line(QStringLiteral("guide:ideal"), Role::Guide, tr("ideal (linear)"), ChartStyle::guideColor(),
         {QPointF(1, 1), QPointF(maxThreads, maxThreads)}, {Qt::DashLine, 1.5, false, true});
}

// Each size's measured speedups and its thread model (dotted), in a colour of its own; returns the
// note's line on each, what the model says (or that none fits).
QStringList ScalingChart::drawCurves(const QList<Curve> &curves, int maxThreads)
{
    static const QColor palette[] = {QColor(0x1f, 0x77, 0xb4), QColor(0x2c, 0xa0, 0x2c),
                                     QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd),
                                     QColor(0xff, 0x7f, 0x0e), QColor(0x8c, 0x56, 0x4b)};
    int i = 0;
    QStringList notes;
    for (const Curve &c : std::as_const(curves)) {
        const QColor color = palette[i++ % std::size(palette)];
        line(QStringLiteral("data:n%1").arg(c.n), Role::Data, tr("n = %1").arg(c.n), color, c.measured,
             {Qt::SolidLine, 2.5, true, true});
        const ThreadStory &st = c.story;
        if (!st.valid) {
            double best = 0;
            for (const QPointF &p : c.measured)
                best = std::max(best, p.y());
            notes << tr("n = %1: no thread model fits these speedups (up to %2\u00d7 on %3 threads); the "
                        "points are as measured.")
                         .arg(c.n)
                         .arg(Format::number(best))
                         .arg(maxThreads);
            continue;
        }
        // The points, and why no law: noise, a misfit, or two thread counts that any law fits.
        if (st.tooNoisy() || (!st.fits() && st.threadCounts >= 3) || untold(st)) {
            notes << ExplainText::threads(st);
            continue;
        }
        const QString fit =
            st.kind == ThreadStory::Kind::Bandwidth ? tr("bandwidth bound, n = %1: at most %2\u00d7")
                                                          .arg(c.n)
                                                          .arg(Format::number(st.bandwidthSpeedup(1e9)))
            : st.kind == ThreadStory::Kind::Overhead && st.forkJoinPerThread > 0
                ? tr("fork/join %1\u2013%2 > work, n = %3")
                      .arg(Format::seconds(st.forkJoinAt(2)), Format::seconds(st.forkJoinAt(maxThreads)))
                      .arg(c.n)
            : st.kind == ThreadStory::Kind::Overhead
                ? tr("fork/join %1 > work, n = %2").arg(Format::seconds(st.forkJoin)).arg(c.n)
                : tr("Amdahl fit, n = %1: serial %2 %")
                      .arg(c.n)
                      .arg(st.amdahl.serialFraction * 100, 0, 'f', 1);
        line(QStringLiteral("fit:n%1").arg(c.n), Role::Fit, fit, color, c.fitted,
             {Qt::DotLine, 2, false, true, 0, true}); // the note says each model too
        notes << ExplainText::threads(st);
    }
    return notes;
}

// The marks as the largest size's story has them (Explain::threads: from the rows' placement),
// each a dotted vertical line with its label; the note's lines are ExplainText::placement's.
QStringList ScalingChart::drawPlacementMarks(const QList<Curve> &curves, double yTop)
{
    if (curves.isEmpty())
        return {};
    const ThreadStory &st = curves.back().story;
    m_marks = {st.siblingsFrom, st.efficiencyFrom};
    const QColor color(0x55, 0x55, 0x55);
    for (const auto &[at, sibling] :
         {std::pair{st.efficiencyFrom, false}, std::pair{st.siblingsFrom, true}}) {
        if (at <= 0)
            continue;
        line(QStringLiteral("placement:%1")
                 .arg(sibling ? QStringLiteral("siblings") : QStringLiteral("efficiency")),
             Role::Marker, QString(), color, {QPointF(at - 0.5, 0), QPointF(at - 0.5, yTop)},
             {Qt::DotLine, 1.5, false, false});
        addLabel(sibling ? tr("SMT siblings from %1 threads").arg(at)
                         : tr("efficiency cores from %1 threads").arg(at),
                 QString::number(at), at - 0.5, yTop, color,
                 {Qt::AlignRight | Qt::AlignBottom, Qt::Vertical});
    }
    return ExplainText::placement(st);
}

QString ScalingChart::xReadout(double x) const
{
    return tr("%n thread(s)", nullptr, int(qRound(x)));
}

} // namespace speeduplab
