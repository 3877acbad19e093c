// SPDX-License-Identifier: MIT
// The throughput chart: GB/s or GFLOP/s against n, under the machine's measured ceilings.
#include "ui/charts/throughputchart.h"

#include "core/measure/calibration.h"
#include "core/model/workload.h"
#include "ui/charts/chartstyle.h"
#include "ui/runstore.h"
#include "words/format.h"

#include <QLogValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace speeduplab {

namespace {

QString axisTitle(bool flops)
{
    return flops ? ThroughputChart::tr("throughput (%1)")
                 : ThroughputChart::tr("throughput (%1, tensor traffic)");
}

// The key of a ceiling taken from the GPU's spec sheet rather than measured.
const char *const specKey = "spec:gpu_memory";

} // namespace

ThroughputChart::ThroughputChart(QWidget *parent) : ChartView(parent)
{
    setAxes(ChartStyle::sizeAxis(), ChartStyle::logAxis(QString()));
    setYUnit(axisTitle(false), ChartStyle::rateUnit(1e8, 1e11, false));
    setRanges(1, 10000, 0.01, 1000);
    addAllThreadCountsAction(QStringLiteral("charts/throughput/allThreadCounts"));
    setContextMenuPolicy(Qt::ActionsContextMenu);
}

double ThroughputChart::throughput(const SeriesPoint &p, bool computeBound)
{
    const double work = computeBound ? p.flops : p.bytes;
    return p.t > 0 && work > 0 ? work / p.t : 0;
}

void ThroughputChart::rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload)
{
    const Workload *w = Workload::find(workload);
    const bool flops = w && w->computeBound();
    setChartTitle(workload, flops ? tr("compute throughput vs n") : tr("memory throughput vs n"));
    if (showIfNoCurve(r, all))
        return;
    const Extent measured = extentOf(all, flops);
    const QList<Ceiling> ceilings = ceilingsShown(r, all, workload, flops);
    const Frame frame = fitAxes(measured, ceilings, flops);
    drawCeilings(ceilings, frame, flops);
    const std::vector<bool> drawn = curvesDrawn(all);
    const std::vector<QColor> colors = seriesColors(all);
    const Classroom view = classroom(all, colors);
    drawCurves(all, flops, frame.k, drawn, colors, view.faded);
    drawEnvelopes(view, flops, frame.k);
    const bool specSheet =
        std::any_of(ceilings.begin(), ceilings.end(), [](const Ceiling &c) { return c.key == specKey; });
    writeNote(all, flops, ceilings.size() > (specSheet ? 1 : 0), specSheet, drawn, view);
}

// The sizes and the throughputs of every point with one.
ThroughputChart::Extent ThroughputChart::extentOf(const std::vector<Series> &all, bool flops)
{
    Extent e;
    double &nLo = e.nLo, &nHi = e.nHi, &yLo = e.yLo, &yHi = e.yHi;
    for (const auto &s : all)
        for (const auto &p : s.points) {
            const double v = throughput(p, flops);
            if (!(v > 0))
                continue;
            nLo = std::min(nLo, double(p.n));
            nHi = std::max(nHi, double(p.n));
            yLo = std::min(yLo, v);
            yHi = std::max(yHi, v);
        }
    return e;
}

// The measured ceilings of the machine (calibrate), when the results carry them: one line
// per ceiling that some shown series is compared with, in the chart's unit.
QList<ThroughputChart::Ceiling> ThroughputChart::ceilingsShown(const ResultSet &r,
                                                               const std::vector<Series> &all,
                                                               const std::string &workload, bool flops) const
{
    QList<Ceiling> ceilings;
    // Each level some shown point is held against (L1 at small n, DRAM at large n...). On the
    // CPU, at the largest thread count shown, so that one line stands for each level.
    int cpuThreads = 0;
    std::set<std::string> shown; // a set: every row is looked up, and there can be hundreds of series
    for (const auto &s : all) {
        shown.insert(s.key);
        if (s.cpu())
            cpuThreads = std::max(cpuThreads, s.threads);
    }
    for (const Measurement &m : r.rows) {
        if (!m.ok() || m.workload != workload || (!m.onDevice() && m.threads != cpuThreads))
            continue;
        if (!shown.count(m.seriesKey()))
            continue;
        // Each run is held against the ceilings of the machine it ran on.
        const auto row = int(&m - r.rows.data());
        const MachineInfo &machine =
            model() && row < model()->rowCount() ? model()->runOf(row).results.machine : r.machine;
        const Calibration::Level level = Calibration::levelFor(m, machine);
        if (level.key.empty() || !(level.value > 0) || level.flops != flops)
            continue; // not measured, or in another unit (registers, for fused GPU points)
        const std::string perThread = Calibration::atThreads(level.key, m.threads);
        const bool shownPerThread = !m.onDevice() && machine.ceilings.count(perThread);
        QString label = Format::ceilingName(shownPerThread ? perThread : level.key,
                                            Workload::isCopy(m.workload) && m.onDevice());
        if (!m.run.empty())
            label = QStringLiteral("%1: %2").arg(QString::fromStdString(m.run), label);
        const bool seen =
            std::any_of(ceilings.begin(), ceilings.end(), [&](const Ceiling &c) { return c.label == label; });
        if (!seen)
            ceilings.append({level.key, label, level.value, m.onDevice()});
    }
    // A GPU never calibrated (a recording) still has its spec sheet's memory bandwidth in the file:
    // its line, dashed and called what it is, so that the GPU's rates have a ceiling to read against.
    if (!flops && std::none_of(ceilings.begin(), ceilings.end(), [](const Ceiling &c) { return c.gpu; }))
        for (const Measurement &m : r.rows) {
            if (!m.ok() || m.workload != workload || !m.onDevice() || !shown.count(m.seriesKey()))
                continue;
            const auto row = int(&m - r.rows.data());
            const MachineInfo &machine =
                model() && row < model()->rowCount() ? model()->runOf(row).results.machine : r.machine;
            for (const MachineInfo::Gpu &g : machine.gpus)
                if (g.bandwidthGBs > 0 && std::isfinite(g.bandwidthGBs)) {
                    QString label =
                        tr("%1 memory, spec sheet")
                            .arg(QString::fromStdString(g.name.empty() ? std::string("GPU") : g.name));
                    if (!m.run.empty())
                        label = QStringLiteral("%1: %2").arg(QString::fromStdString(m.run), label);
                    if (std::none_of(ceilings.begin(), ceilings.end(),
                                     [&](const Ceiling &c) { return c.label == label; }))
                        ceilings.append({specKey, label, g.bandwidthGBs * 1e9, true});
                    break;
                }
        }
    return ceilings;
}

// The axes: the rate unit that suits the points and the ceilings, and whole decades around them.
ThroughputChart::Frame ThroughputChart::fitAxes(const Extent &measured, const QList<Ceiling> &ceilings,
                                                bool flops)
{
    const double nLo = measured.nLo, nHi = measured.nHi;
    double yLo = measured.yLo, yHi = measured.yHi;
    for (const Ceiling &c : ceilings) {
        yLo = std::min(yLo, c.value);
        yHi = std::max(yHi, c.value);
    }
    const ChartStyle::Unit unit = ChartStyle::rateUnit(yLo, yHi, flops);
    setYUnit(axisTitle(flops), unit);
    Frame frame;
    frame.k = unit.scale;
    const double k = frame.k;
    double ya, yb;
    decades(nLo, nHi, frame.xa, frame.xb);
    decades(yLo * k, yHi * k, ya, yb);
    setRanges(frame.xa, frame.xb, ya, yb);
    return frame;
}

// Each ceiling as a dashed line across the plot, highest first, labelled at the right.
void ThroughputChart::drawCeilings(QList<Ceiling> ceilings, const Frame &frame, bool flops)
{
    const double k = frame.k, xa = frame.xa, xb = frame.xb;
    std::sort(ceilings.begin(), ceilings.end(),
              [](const Ceiling &a, const Ceiling &b) { return a.value > b.value; });
    for (const Ceiling &c : std::as_const(ceilings)) {
        const QColor color = c.gpu ? ChartStyle::gpuWinsColor() : ChartStyle::cpuWinsColor();
        line(QStringLiteral("ceiling:") + c.label, Role::Guide, QString(), color,
             {QPointF(xa, c.value * k), QPointF(xb, c.value * k)}, {Qt::DashLine, 1.8, false, false});
        // Short of room, the spec sheet's line keeps its rate (the note says whose it is); a
        // measured one its level's name.
        const QString brief =
            c.key == specKey ? tr("spec sheet %1").arg(Format::rate(c.value, flops)) : c.label;
        addLabel(QStringLiteral("%1 %2").arg(c.label, Format::rate(c.value, flops)), brief, xb, c.value * k,
                 color, {Qt::AlignLeft | Qt::AlignTop, Qt::Horizontal});
    }
}

// Each curve drawn one by one (curvesDrawn): its throughput at each n, in its colour; in the
// classroom view the other thread counts faded, thin and out of the legend.
void ThroughputChart::drawCurves(const std::vector<Series> &all, bool flops, double k,
                                 const std::vector<bool> &drawn, const std::vector<QColor> &colors,
                                 const std::vector<bool> &faded)
{
    for (const auto &s : all) {
        const std::size_t i = std::size_t(&s - all.data());
        if (!drawn[i])
            continue;
        QColor color = colors[i];
        if (faded[i])
            color.setAlpha(70);
        line(QStringLiteral("data:") + QString::fromStdString(s.key), Role::Data,
             QString::fromStdString(s.label), color, points(s, flops, k),
             faded[i] ? LineStyle{Qt::SolidLine, 1.2, false, false}
                      : LineStyle{Qt::SolidLine, 2.5, true, true, markerShape(s), s.cpu()});
    }
}

// The classroom view's dark line of each run: the throughput of its best CPU at each n.
void ThroughputChart::drawEnvelopes(const Classroom &view, bool flops, double k)
{
    for (const auto &[best, color] : view.envelopes)
        line(QStringLiteral("best:") + QString::fromStdString(best.key), Role::Envelope,
             QString::fromStdString(best.label), color, points(best, flops, k),
             {Qt::SolidLine, 3.5, true, true, markerShape(best)});
}

QList<QPointF> ThroughputChart::points(const Series &s, bool flops, double k)
{
    QList<QPointF> pts;
    for (const auto &p : s.points)
        if (const double v = throughput(p, flops); v > 0)
            pts << QPointF(p.n, v * k);
    return pts;
}

// The note: what the rate counts, where the dashed ceilings come from, why fused GPU points stand
// above every memory, and the curves left out.
void ThroughputChart::writeNote(const std::vector<Series> &all, bool flops, bool ceilings, bool specSheet,
                                const std::vector<bool> &drawn, const Classroom &view)
{
    QString note = flops ? tr("Higher is better. FLOPs of one iteration / its median time.")
                         : tr("Higher is better. Bytes one iteration reads and writes / its median time.");
    if (ceilings)
        note += tr(" Dashed: the machine's measured ceilings (calibrate).");
    if (specSheet)
        note +=
            tr(" Dashed red: the GPU's memory bandwidth from its spec sheet (in the file), not measured; a "
               "launch or graph rate above it was served from the GPU's L2 cache.");
    // A fused kernel's bytes never cross the memory bus: its rate is what a kernel per iteration
    // would have had to move, far above any memory (241 TB/s on the H200 recording).
    if (!flops &&
        std::any_of(all.begin(), all.end(), [](const Series &s) { return s.gpu() && s.mode == "fused"; }))
        note +=
            tr(" GPU fused runs every iteration in one kernel, its data in registers: its bytes per second "
               "count what one kernel per iteration would move, not memory traffic, so it stands above "
               "every memory's bandwidth.");
    if (const QStringList lines = classroomNotes(view, drawn); !lines.isEmpty())
        note += QLatin1Char('\n') + lines.join(QLatin1Char(' '));
    if (const QString left = curvesNote(all, drawn); !left.isEmpty())
        note += QLatin1Char('\n') + left;
    setNote(note);
}

} // namespace speeduplab
