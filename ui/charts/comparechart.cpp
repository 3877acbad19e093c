// SPDX-License-Identifier: MIT
// The Compare runs chart: B's GPU curves over A's best CPU with where they overtake, then B's time over
// A's series by series with the band of their noise.
#include "ui/charts/comparechart.h"

#include "core/analysis/analysis.h"
#include "core/analysis/overlay.h"
#include "ui/charts/chartstyle.h"
#include "ui/runstore.h"
#include "words/format.h"

#include <QLogValueAxis>

#include <algorithm>
#include <cmath>
#include <map>

namespace speeduplab {

namespace {

// A run's rows of one workload, named as ours (a reference's "eager" is our "launch", ...), so
// that a PyTorch run compares with ours series by series.
ResultSet asOurs(const RunRecord &run, const std::string &workload)
{
    ResultSet out;
    out.machine = run.results.machine;
    for (const Measurement &m : run.results.rows)
        if (m.workload == workload)
            out.add(run.reference ? Overlay::asOurs(m) : m);
    return out;
}

// A very noisy point's band can span dozens of decades (its repetitions' spread): drawn, it
// squeezed every ratio onto the line at 1. Bands are cut at 10 times either way, and said so.
double widestBand()
{
    return std::log(10.0);
}

// The half-width of a point's band, in log space.
double band(const PointComparison &p)
{
    return std::min(p.threshold, widestBand());
}

} // namespace

std::vector<CompareChart::GpuOverCpu> CompareChart::gpuOverCpu(const ResultSet &a, const ResultSet &b,
                                                               const std::string &workload)
{
    std::vector<Series> cpus;
    for (const Series &s : Analysis::series(a, workload))
        if (s.cpu())
            cpus.push_back(s);
    std::vector<GpuOverCpu> out;
    if (cpus.empty())
        return out;
    const Series best = Analysis::bestCpu(cpus);
    for (const Series &g : Analysis::series(b, workload)) {
        if (!g.gpu())
            continue;
        GpuOverCpu c{g, {}, 0};
        for (const auto &[n, speedup] : Analysis::speedup(best, g))
            if (speedup > 0 && std::isfinite(speedup))
                c.ratios << QPointF(n, 1 / speedup);
        for (const Crossing &x : Analysis::crossings(best, g))
            if (x.gpuBecomesFaster) {
                c.overtakesAt = x.n;
                break;
            }
        if (!c.ratios.isEmpty())
            out.push_back(std::move(c));
    }
    return out;
}

CompareChart::CompareChart(QWidget *parent) : ChartView(parent)
{
    setAxes(ChartStyle::sizeAxis(), ChartStyle::logAxis(tr("time of run B / time of run A")));
    setRanges(1, 10000, 0.1, 10);
}

void CompareChart::drawGpuOverCpu(const std::vector<GpuOverCpu> &curves, const RunRecord &a,
                                  const RunRecord &b)
{
    std::vector<Series> gpus;
    for (const GpuOverCpu &c : curves)
        gpus.push_back(c.gpu);
    const std::vector<QColor> colors = ChartStyle::seriesColors(gpus);
    QStringList notes;
    for (std::size_t i = 0; i < curves.size(); ++i) {
        const GpuOverCpu &c = curves[i];
        const QString gpu = Format::display(QString::fromStdString(c.gpu.label));
        const QString key = QString::fromStdString(c.gpu.key);
        line(QStringLiteral("gpuovercpu:") + key, Role::Data, tr("B's %1 \u00f7 A's best CPU").arg(gpu),
             colors[i], c.ratios, {Qt::SolidLine, 3, true, true});
        m_gpuOverCpu.emplace_back(c.gpu.label, c.overtakesAt);
        if (c.overtakesAt > 0) {
            line(QStringLiteral("cross:gpuovercpu:") + key, Role::Marker, QString(), colors[i],
                 {QPointF(c.overtakesAt, 1e-6), QPointF(c.overtakesAt, 1e6)},
                 {Qt::DashLine, 2, false, false});
            addLabel(tr("B's %1 faster above n \u2248 %2").arg(gpu, Format::n(c.overtakesAt)),
                     tr("n \u2248 %1").arg(Format::n(c.overtakesAt)), c.overtakesAt, 1, colors[i],
                     {Qt::AlignRight | Qt::AlignTop, Qt::Vertical});
            notes
                << tr("B's %1 overtakes A's best CPU above n \u2248 %2.").arg(gpu, Format::n(c.overtakesAt));
        } else {
            notes << tr("B's %1 never overtakes A's best CPU at the sizes both measured.").arg(gpu);
        }
    }
    if (!curves.empty())
        setNote(tr("A's best CPU against B's GPU (A = %1, B = %2): %3")
                    .arg(QString::fromStdString(a.label), QString::fromStdString(b.label),
                         notes.join(QLatin1Char(' '))));
}

void CompareChart::rebuild(const ResultSet &, const std::vector<Series> &, const std::string &workload)
{
    m_comparison = {};
    m_gpuOverCpu.clear();
    setChartTitle(workload, tr("run B's time over run A's"));
    const RunStore *m = model();
    if (!m || m->runCount() < 2) {
        showEmpty(tr("Comparing needs two runs.\nOpen recorded runs (Ctrl+O, several at once) or run a sweep "
                     "after opening one."));
        return;
    }
    if (m->runA() < 0 || m->runB() < 0 || m->runA() == m->runB()) {
        showEmpty(tr("Choose run A and run B in the Runs panel:\nthis chart shows B's time over A's at every "
                     "size both measured."));
        return;
    }
    const RunRecord &a = m->runs()[std::size_t(m->runA())];
    const RunRecord &b = m->runs()[std::size_t(m->runB())];
    const QString nameA = QString::fromStdString(a.label), nameB = QString::fromStdString(b.label);
    const ResultSet runA = asOurs(a, workload);
    m_comparison = Compare::compare(runA, asOurs(b, workload));
    // B's GPU curves over A's best CPU, drawn first: what "my laptop against the lab's GPU" asks.
    const std::vector<GpuOverCpu> overCpu = gpuOverCpu(runA, asOurs(b, workload), workload);
    if (m_comparison.empty() && overCpu.empty()) {
        showEmpty(tr("%1 and %2 share no point of %3:\nno series was measured at the same n in both, and "
                     "A has no CPU curve or B no GPU curve to hold against it.")
                      .arg(nameA, nameB, QString::fromStdString(workload)));
        return;
    }
    const Frame frame = fitAxes(overCpu);
    drawLineAtOne(frame);
    drawGpuOverCpu(overCpu, a, b);
    if (m_comparison.empty())
        return;
    drawRatios(runA, workload);
    writeNotes(nameA, nameB, frame.cut);
}

// The axes: whole decades around every ratio with its band and every GPU-over-CPU ratio, the
// line at 1 always in view.
CompareChart::Frame CompareChart::fitAxes(const std::vector<GpuOverCpu> &overCpu)
{
    const double widest = widestBand();
    Frame frame;
    bool &cut = frame.cut;
    double nLo = 1e300, nHi = 0, rLo = 1, rHi = 1; // the line at 1 is always in view
    for (const PointComparison &p : m_comparison.points) {
        if (!(p.ratio > 0) || !std::isfinite(p.ratio))
            continue;
        nLo = std::min(nLo, double(p.n));
        nHi = std::max(nHi, double(p.n));
        rLo = std::min(rLo, p.ratio * std::exp(-band(p)));
        rHi = std::max(rHi, p.ratio * std::exp(band(p)));
        cut = cut || p.threshold > widest;
    }
    for (const GpuOverCpu &c : overCpu)
        for (const QPointF &p : c.ratios) {
            nLo = std::min(nLo, p.x());
            nHi = std::max(nHi, p.x());
            rLo = std::min(rLo, p.y());
            rHi = std::max(rHi, p.y());
        }
    double yLo, yHi;
    decades(nLo, nHi, frame.xLo, frame.xHi);
    decades(rLo, rHi, yLo, yHi);
    yLo = std::min(yLo, 0.1);
    yHi = std::max(yHi, 10.0);
    setRanges(frame.xLo, frame.xHi, yLo, yHi);
    return frame;
}

// The line at 1, with "B slower" above it and "B faster" below.
void CompareChart::drawLineAtOne(const Frame &frame)
{
    const double xLo = frame.xLo, xHi = frame.xHi;
    line(QStringLiteral("guide:one"), Role::Guide, QString(), ChartStyle::guideColor(),
         {QPointF(xLo, 1), QPointF(xHi, 1)}, {Qt::SolidLine, 1.5, false, false});
    addLabel(tr("B slower \u2191"), QString(), xLo, 1, ChartStyle::guideColor(),
             {Qt::AlignRight | Qt::AlignTop, Qt::Horizontal, true});
    addLabel(tr("B faster \u2193"), QString(), xLo, 1, ChartStyle::guideColor(),
             {Qt::AlignRight | Qt::AlignBottom, Qt::Horizontal, true});
}

// One curve per series both runs measured, B's time over A's, in A's colours, with the band the
// noise of both runs can explain.
void CompareChart::drawRatios(const ResultSet &runA, const std::string &workload)
{
    const std::vector<Series> seriesA = Analysis::series(runA, workload);
    const std::vector<QColor> colorsA = ChartStyle::seriesColors(seriesA);
    std::map<std::string, QColor> colorOf;
    for (std::size_t i = 0; i < seriesA.size(); ++i)
        colorOf.emplace(seriesA[i].key, colorsA[i]);
    std::vector<std::string> keys;
    for (const PointComparison &p : m_comparison.points)
        if (std::find(keys.begin(), keys.end(), p.key) == keys.end())
            keys.push_back(p.key);
    const bool bands = keys.size() <= std::size_t(legendLimit);
    for (const std::string &key : keys) {
        QList<QPointF> pts, lo, hi;
        QString label;
        for (const PointComparison &p : m_comparison.points)
            if (p.key == key && p.ratio > 0 && std::isfinite(p.ratio)) {
                pts << QPointF(p.n, p.ratio);
                lo << QPointF(p.n, p.ratio * std::exp(-band(p)));
                hi << QPointF(p.n, p.ratio * std::exp(band(p)));
                // The legend says what the curve is: B's time over A's, for this series.
                label = tr("%1: B \u00f7 A").arg(QString::fromStdString(p.label));
            }
        const auto c = colorOf.find(key);
        const QColor color = c == colorOf.end() ? ChartStyle::guideColor() : c->second;
        if (bands && pts.size() > 1) {
            QColor fill = color;
            fill.setAlpha(40);
            area(QStringLiteral("band:") + QString::fromStdString(key), Role::Band, QString(), fill, lo, hi);
        }
        line(QStringLiteral("data:") + QString::fromStdString(key), Role::Data, label, color, pts,
             {Qt::SolidLine, 2.5, true, true});
    }
}

// The note on the series compared: how many points B is faster, slower or the same at, the bands
// cut, and the points a rank test decided.
void CompareChart::writeNotes(const QString &nameA, const QString &nameB, bool cut)
{
    const Comparison &cmp = m_comparison;
    const auto ranked = std::count_if(cmp.points.begin(), cmp.points.end(),
                                      [](const PointComparison &p) { return p.rankTest; });
    setNote(
        tr("Like against like, B = %1 against A = %2: B faster at %3, slower at %4, the same within noise "
           "at %5. The band is what the noise of both runs can explain (95 % on the medians, at least %6 %).")
            .arg(nameB, nameA, tr("%n point(s)", nullptr, int(cmp.faster)),
                 tr("%n point(s)", nullptr, int(cmp.slower)), tr("%n point(s)", nullptr, int(cmp.same)))
            .arg(Compare::minDifference * 100, 0, 'f', 0));
    if (cut)
        setNote(tr("Bands wider than 10\u00d7 either way (very noisy points) are cut at 10\u00d7."));
    if (ranked > 0) // the verdict of these points comes from their repetitions, not from the band
        setNote(tr("At %1 of %2 points both runs kept their repetitions: there a rank test on them "
                   "(Mann-Whitney U, 5 %) decides, with the same %3 % floor.")
                    .arg(ranked)
                    .arg(cmp.points.size())
                    .arg(Compare::minDifference * 100, 0, 'f', 0));
}

} // namespace speeduplab
