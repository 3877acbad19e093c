// SPDX-License-Identifier: MIT
// The roofline chart: attained FLOP/s against FLOPs per byte under the measured roofs, or the GPU's
// spec-sheet memory roof when none was measured.
#include "ui/charts/rooflinechart.h"

#include "core/measure/calibration.h"
#include "ui/charts/chartstyle.h"
#include "words/format.h"

#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace speeduplab {

// The roofs of one side (CPU or GPU), in SI units.
struct RooflineChart::Side {
    bool gpu = false;
    std::vector<Calibration::Roof> memory;  ///< fastest first
    std::vector<Calibration::Roof> compute; ///< highest first
    int main = -1;                          ///< index in memory of the DRAM / HBM roof
    double peak() const { return compute.empty() ? 0 : compute.front().value; }
    double bandwidth() const { return main < 0 ? 0 : memory[std::size_t(main)].value; }
    /// The intensity where main memory stops limiting: peak FLOP/s over DRAM bytes/s.
    double ridge() const { return peak() > 0 && bandwidth() > 0 ? peak() / bandwidth() : 0; }
};

// One side's roofs among the machine's: measured, finite, fastest first, its main memory found.
RooflineChart::Side RooflineChart::sideOf(const std::vector<Calibration::Roof> &roofs, bool gpu)
{
    Side s;
    s.gpu = gpu;
    for (const auto &r : roofs) {
        if (r.gpu != gpu || !(r.value > 0) || !std::isfinite(r.value))
            continue;
        (r.compute ? s.compute : s.memory).push_back(r);
    }
    auto faster = [](const Calibration::Roof &a, const Calibration::Roof &b) { return a.value > b.value; };
    std::stable_sort(s.memory.begin(), s.memory.end(), faster);
    std::stable_sort(s.compute.begin(), s.compute.end(), faster);
    const char *mainKey = gpu ? Calibration::gpuCopy : Calibration::cpuTriad;
    for (std::size_t i = 0; i < s.memory.size(); ++i)
        if (s.memory[i].key == mainKey)
            s.main = int(i);
    // Without a DRAM / HBM ceiling, the slowest level measured is the one data fall back to.
    if (s.main < 0 && !s.memory.empty())
        s.main = int(s.memory.size()) - 1;
    return s;
}

namespace {

QString axisTitle()
{
    return RooflineChart::tr("attained performance (%1)");
}

// The key of a roof taken from the GPU's spec sheet rather than measured.
const char *const kSpecKey = "spec:gpu_memory";

} // namespace

RooflineChart::RooflineChart(QWidget *parent) : ChartView(parent)
{
    setAxes(ChartStyle::logAxis(tr("arithmetic intensity (FLOP/byte)")), ChartStyle::logAxis(QString()));
    setYUnit(axisTitle(), ChartStyle::rateUnit(1e8, 1e12, true));
    setRanges(0.01, 100, 0.1, 1000);
}

double RooflineChart::intensity(const SeriesPoint &p)
{
    return p.flops > 0 && p.bytes > 0 ? p.flops / p.bytes : 0;
}

double RooflineChart::flopsPerSecond(const SeriesPoint &p)
{
    return p.flops > 0 && p.bytes > 0 && p.t > 0 ? p.flops / p.t : 0;
}

void RooflineChart::rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload)
{
    setChartTitle(workload, tr("roofline (attained FLOP/s vs FLOP per byte)"));
    if (showIfNoCurve(r, all))
        return;
    Placed placed = placePoints(all);
    const std::vector<Side> sides = sidesShown(r.machine, placed);
    const Frame frame = fitAxes(sides, placed);
    const RoofCount roofs = drawRoofs(sides, frame);
    const std::vector<bool> curveDrawn = curvesDrawn(all);
    drawPoints(all, placed, curveDrawn);
    writeNotes(r, all, workload, placed, roofs, curveDrawn);
}

// Each series' points at (FLOP per byte, FLOP/s), where both are positive, and their extent.
RooflineChart::Placed RooflineChart::placePoints(const std::vector<Series> &all)
{
    constexpr double inf = std::numeric_limits<double>::max();
    Placed out;
    out.xLo = inf; // xHi and yHi start at 0
    out.yLo = inf;
    out.points.resize(all.size());
    for (std::size_t i = 0; i < all.size(); ++i)
        for (const auto &p : all[i].points) {
            const double x = intensity(p), y = flopsPerSecond(p);
            if (!(x > 0) || !(y > 0) || !std::isfinite(x) || !std::isfinite(y))
                continue;
            out.points[i] << QPointF(x, y);
            (all[i].gpu() ? out.gpu : out.cpu) = true;
            // Some room on either side: a streaming kernel's points all share one x.
            out.xLo = std::min(out.xLo, x / 2);
            out.xHi = std::max(out.xHi, x * 2);
            out.yLo = std::min(out.yLo, y);
            out.yHi = std::max(out.yHi, y);
        }
    return out;
}

// The roofs of the sides that have points here (all of them when none has): a CPU-only run
// on a calibrated GPU machine is not squeezed under the GPU's roofs.
std::vector<RooflineChart::Side> RooflineChart::sidesShown(const MachineInfo &machine, const Placed &placed)
{
    const bool anyPlaced = placed.cpu || placed.gpu;
    const std::vector<Calibration::Roof> roofs = Calibration::roofs(machine);
    std::vector<Side> sides;
    for (bool gpu : {false, true}) {
        if (anyPlaced && !(gpu ? placed.gpu : placed.cpu))
            continue;
        Side s = sideOf(roofs, gpu);
        // A GPU without a measured memory ceiling (a recording from a machine never calibrated)
        // still has its spec sheet's bandwidth in the file: drawn dashed, and called what it is.
        if (gpu && s.memory.empty())
            for (const MachineInfo::Gpu &g : machine.gpus)
                if (g.bandwidthGBs > 0 && std::isfinite(g.bandwidthGBs)) {
                    s.memory.push_back({kSpecKey, g.name.empty() ? std::string("GPU") : g.name, true, false,
                                        g.bandwidthGBs * 1e9});
                    s.main = 0;
                    break;
                }
        if (!s.memory.empty() || !s.compute.empty())
            sides.push_back(s);
    }
    return sides;
}

// The axes: FLOP/s in the unit that suits them, whole decades around the points and the roofs;
// the placed points are scaled to that unit.
RooflineChart::Frame RooflineChart::fitAxes(const std::vector<Side> &sides, Placed &placed)
{
    double xLo = placed.xLo, xHi = placed.xHi, yLo = placed.yLo, yHi = placed.yHi;
    // Ranges: every point, every ridge with a decade of roof on either side of the main one,
    // and room above the highest peak for its label.
    for (const Side &s : sides) {
        const double peak = s.peak();
        for (std::size_t i = 0; i < s.memory.size(); ++i) {
            if (!(peak > 0))
                break;
            const double ridge = peak / s.memory[i].value;
            const double margin = int(i) == s.main ? 10 : 2;
            xLo = std::min(xLo, ridge / margin);
            xHi = std::max(xHi, ridge * margin);
        }
        if (peak > 0) {
            yLo = std::min(yLo, peak);
            yHi = std::max(yHi, 2 * peak);
        }
    }
    if (!(xHi > 0)) {
        xLo = 0.01;
        xHi = 100;
    }
    if (!(yHi > 0)) {
        // No point and no compute roof: the main memory roofs across the x range, or a frame.
        for (const Side &s : sides)
            if (s.main >= 0) {
                yLo = std::min(yLo, s.bandwidth() * xLo);
                yHi = std::max(yHi, s.bandwidth() * xHi);
            }
        if (!(yHi > 0)) {
            yLo = 1e8;
            yHi = 1e12;
        }
    }
    // FLOP/s in the unit that suits them: k times a value in FLOP/s (or bytes/s times FLOP/B) is
    // the value plotted.
    const ChartStyle::Unit unit = ChartStyle::rateUnit(yLo, yHi, true);
    setYUnit(axisTitle(), unit);
    const double k = unit.scale;
    for (QList<QPointF> &pts : placed.points)
        for (QPointF &p : pts)
            p.ry() *= k;
    Frame frame;
    frame.k = k;
    double ya, yb;
    decades(xLo, xHi, frame.xa, frame.xb);
    decades(yLo * k, yHi * k, ya, yb);
    setRanges(frame.xa, frame.xb, ya, yb);
    return frame;
}

// Each side's roofs, in its colour: the memory roofs, the compute ceilings and the ridge.
RooflineChart::RoofCount RooflineChart::drawRoofs(const std::vector<Side> &sides, const Frame &frame)
{
    RoofCount count;
    for (const Side &s : sides) {
        const QColor color = s.gpu ? ChartStyle::gpuWinsColor() : ChartStyle::cpuWinsColor();
        const QString prefix =
            QStringLiteral("roof:") + (s.gpu ? QStringLiteral("gpu:") : QStringLiteral("cpu:"));
        drawMemoryRoofs(s, frame, color, prefix, count);
        if (s.peak() * frame.k > 0)
            drawComputeRoofs(s, frame, color, prefix, count);
        labelRidge(s, frame, color);
    }
    return count;
}

// One side's memory roofs: y = bandwidth * intensity, capped at the compute peak. The main one
// (DRAM, HBM) goes on along the peak: that is the roofline; faster levels stop there.
void RooflineChart::drawMemoryRoofs(const Side &s, const Frame &frame, const QColor &color,
                                    const QString &prefix, RoofCount &count)
{
    const double k = frame.k, xa = frame.xa, xb = frame.xb;
    const double peak = s.peak() * k;
    for (std::size_t i = 0; i < s.memory.size(); ++i) {
        const Calibration::Roof &m = s.memory[i];
        const double bw = m.value * k; // bw * FLOP/B is FLOP/s as plotted
        const bool main = int(i) == s.main;
        QList<QPointF> pts{QPointF(xa, bw * xa)};
        if (peak > 0) {
            pts << QPointF(peak / bw, peak);
            if (main)
                pts << QPointF(xb, peak);
        } else {
            pts << QPointF(xb, bw * xb);
        }
        const bool spec = m.key == kSpecKey;
        const QString name =
            spec ? tr("%1 memory %2 (spec sheet, not measured)")
                       .arg(QString::fromStdString(m.label), Format::rate(m.value, false))
                 : QStringLiteral("%1 %2").arg(QString::fromStdString(m.label), Format::rate(m.value, false));
        line(prefix + QString::fromStdString(m.key), Role::Guide, name, color, pts,
             main && !spec ? LineStyle{Qt::SolidLine, 2.5, false, true}
             : spec        ? LineStyle{Qt::DashLine, 2, false, true}
                           : LineStyle{Qt::DashLine, 1.4, false, true});
        (spec ? count.spec : count.measured) += 1;
    }
}

// One side's compute ceilings, labelled at the right: the peak (a line of its own only without a
// memory roof) and the lower ceilings from where main memory reaches them.
void RooflineChart::drawComputeRoofs(const Side &s, const Frame &frame, const QColor &color,
                                     const QString &prefix, RoofCount &count)
{
    const double k = frame.k, xa = frame.xa, xb = frame.xb;
    const double peak = s.peak() * k;
    if (s.main < 0) {
        line(prefix + QString::fromStdString(s.compute.front().key), Role::Guide, QString(), color,
             {QPointF(xa, peak), QPointF(xb, peak)}, {Qt::SolidLine, 2.5, false, false});
        ++count.measured;
    }
    // Lower compute ceilings (a slower kind of arithmetic) start where main memory
    // reaches them.
    for (std::size_t i = 1; i < s.compute.size(); ++i) {
        const Calibration::Roof &c = s.compute[i];
        const double v = c.value * k;
        const double from = s.main >= 0 ? std::max(xa, v / (s.bandwidth() * k)) : xa;
        line(prefix + QString::fromStdString(c.key), Role::Guide, QString(), color,
             {QPointF(from, v), QPointF(xb, v)}, {Qt::DashLine, 1.4, false, false});
        const QString name = QString::fromStdString(c.label);
        addLabel(QStringLiteral("%1 %2").arg(name, Format::rate(c.value, true)), name, xb, v, color,
                 {Qt::AlignLeft | Qt::AlignBottom, Qt::Horizontal});
        ++count.measured;
    }
    const QString name = QString::fromStdString(s.compute.front().label);
    addLabel(QStringLiteral("%1 %2").arg(name, Format::rate(s.peak(), true)), name, xb, peak, color,
             {Qt::AlignLeft | Qt::AlignTop, Qt::Horizontal});
}

// The label at one side's ridge (when it has one), where main memory stops limiting.
void RooflineChart::labelRidge(const Side &s, const Frame &frame, const QColor &color)
{
    const QString side = s.gpu ? tr("GPU") : tr("CPU");
    const double peak = s.peak() * frame.k;
    if (const double ridge = s.ridge(); ridge > 0) {
        // The ridge: left of it a kernel is held back by memory, right of it by arithmetic.
        addLabel(tr("%1 ridge %2 FLOP/B").arg(side, Format::number(ridge)),
                 tr("ridge %1").arg(Format::number(ridge)), ridge, peak, color,
                 {Qt::AlignLeft | Qt::AlignTop, Qt::Vertical});
    }
}

// The measured points of each series drawn one by one, as dots in its colour.
void RooflineChart::drawPoints(const std::vector<Series> &all, const Placed &placed,
                               const std::vector<bool> &curveDrawn)
{
    const std::vector<QColor> colors = seriesColors(all);
    for (std::size_t i = 0; i < all.size(); ++i) {
        const Series &s = all[i];
        if (placed.points[i].isEmpty() || !curveDrawn[i])
            continue; // no FLOPs (transfer): nothing to place, and no empty legend entry
        // Points, not lines: every size of a streaming kernel has the same intensity.
        QLineSeries *dots = line(QStringLiteral("data:") + QString::fromStdString(s.key), Role::Data,
                                 QString::fromStdString(s.label), colors[i], placed.points[i],
                                 {Qt::NoPen, 2.5, true, true, 0, s.cpu()});
        // A legend marker drawn from a series without a line would be empty: a dot, like the points.
        // Not while the legend is hidden (hundreds of series): looking up each series' marker
        // goes through all of them, and a rebuild with the legend shown sets the shape.
        if (!legendShown())
            continue;
        for (QLegendMarker *mk : chart()->legend()->markers(dots))
            if (mk->shape() != QLegend::MarkerShapeCircle)
                mk->setShape(QLegend::MarkerShapeCircle);
    }
}

// The note: how to read the points, the fused GPU points above the roofs, where the roofs come
// from (or how to measure them), and the curves left out.
void RooflineChart::writeNotes(const ResultSet &r, const std::vector<Series> &all,
                               const std::string &workload, const Placed &placed, const RoofCount &roofs,
                               const std::vector<bool> &curveDrawn)
{
    const bool anyPlaced = placed.cpu || placed.gpu;
    const int drawn = roofs.measured, specDrawn = roofs.spec;
    QStringList note;
    if (!anyPlaced)
        note << tr("The %1 workload moves bytes but does no arithmetic (no FLOPs): it is not on the "
                   "roofline. Choose add, saxpy, reduce or gemm to place points under the roofs.")
                    .arg(QString::fromStdString(workload));
    else
        note << tr("Higher is better. Each point: FLOPs of one iteration / its median time, at its FLOPs per "
                   "byte moved (one intensity at every n for streaming kernels; gemm's grows with n).");
    const bool fused = std::any_of(all.begin(), all.end(), [&](const Series &s) {
        return s.gpu() && s.mode == "fused" && !placed.points[std::size_t(&s - all.data())].isEmpty();
    });
    if (fused)
        note << tr("Fused GPU points can stand above the memory roofs: their data stay in registers "
                   "across iterations, so the bytes counted per operation never cross the memory bus.");
    if (drawn > 0)
        note << tr("Roofs: the machine's measured ceilings (calibrate); solid: main memory up to the "
                   "compute peak, dashed: faster caches.");
    if (specDrawn > 0)
        note << tr("Dashed red: the GPU's memory bandwidth from its spec sheet (in the file), not measured: "
                   "points above it were served from its L2 cache.");
    if (drawn == 0)
        note << (measuredHere(r.machine)
                     ? tr("Run Sweep \u25b8 Calibrate machine to draw the machine's roofs.")
                     : tr("No ceilings were calibrated on the machine that recorded these results, so its "
                          "measured roofs are not known."));
    if (const QString left = curvesNote(all, curveDrawn); !left.isEmpty())
        note << left;
    setNote(note.join(QLatin1Char(' ')));
}

QString RooflineChart::xReadout(double x) const
{
    return tr("%1 FLOP/byte").arg(Format::number(x));
}

} // namespace speeduplab
