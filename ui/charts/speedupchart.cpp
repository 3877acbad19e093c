// SPDX-License-Identifier: MIT
// The speedup chart: each GPU curve over the best CPU, with the regions where each side wins.
#include "ui/charts/speedupchart.h"

#include "ui/charts/chartstyle.h"
#include "ui/charts/timechart.h"
#include "ui/runstore.h"

#include <QLogValueAxis>

#include <algorithm>
#include <limits>

namespace speeduplab {

SpeedupChart::SpeedupChart(QWidget *parent) : ChartView(parent)
{
    setAxes(ChartStyle::sizeAxis(), ChartStyle::logAxis(tr("speedup of the GPU (CPU time / GPU time)")));
    setRatioSuffix(QStringLiteral("\u00d7")); // the readout says "4235×", a speedup, not a bare number
    setRanges(1, 10000, 0.01, 100);
}

void SpeedupChart::rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload)
{
    setChartTitle(workload, tr("GPU speedup over the best CPU"));
    if (all.empty() && r.rows.empty()) {
        showEmpty(tr("No results yet.\nRun a sweep (Ctrl+R) or open a results file (Ctrl+O)."));
        return;
    }
    const std::vector<Matchup> pairs = matchups(all);
    if (pairs.empty()) {
        showNoMatchup(all);
        return;
    }
    const Speedups speedups = speedupCurves(pairs);
    if (speedups.nHi == 0) {
        showEmpty(tr("The CPU and GPU curves share no n: their speedup cannot be computed."));
        return;
    }
    const Frame frame = fitAxes(speedups);
    drawRegions(frame);
    const Marks marks = drawCurves(all, speedups.curves, frame);
    writeNote(marks);
}

// The empty chart's message without a CPU and a GPU curve to hold against each other: which is missing.
void SpeedupChart::showNoMatchup(const std::vector<Series> &all)
{
    const bool haveGpu = std::any_of(all.begin(), all.end(), [](const Series &s) { return s.gpu(); });
    showEmpty(tr("The speedup needs CPU and GPU results at the same n.\n%1")
                  .arg(!haveGpu ? tr("These results have no GPU curve: open a recorded GPU run (Ctrl+O).")
                       : severalRuns()
                           ? tr("No run shown has both: choose a run A (CPU) and a run B (GPU) in the "
                                "Runs panel.")
                           : tr("These results have no CPU curve.")));
}

// Each GPU curve's speedup over its best CPU at each n both measured, and the sizes and speedups
// they span (the 1.0 line always among them).
SpeedupChart::Speedups SpeedupChart::speedupCurves(const std::vector<Matchup> &pairs)
{
    Speedups out;
    std::vector<Curve> &curves = out.curves;
    double &nLo = out.nLo, &nHi = out.nHi;
    double &sLo = out.sLo, &sHi = out.sHi; // the 1.0 line is always in view
    for (const Matchup &m : pairs)
        for (const Series *g : m.gpus) {
            curves.push_back({&m, g, Analysis::speedup(m.best, *g)});
            for (const auto &[n, s] : curves.back().speedup) {
                if (!(s > 0))
                    continue;
                nLo = std::min(nLo, double(n));
                nHi = std::max(nHi, double(n));
                sLo = std::min(sLo, s);
                sHi = std::max(sHi, s);
            }
        }
    return out;
}

// The axes: whole decades around the sizes and the speedups, from 0.1 to 10 at least.
SpeedupChart::Frame SpeedupChart::fitAxes(const Speedups &speedups)
{
    Frame frame;
    double &xLo = frame.xLo, &xHi = frame.xHi, &yLo = frame.yLo, &yHi = frame.yHi;
    decades(speedups.nLo, speedups.nHi, xLo, xHi);
    decades(speedups.sLo, speedups.sHi, yLo, yHi);
    yLo = std::min(yLo, 0.1); // both regions stay visible
    yHi = std::max(yHi, 10.0);
    setRanges(xLo, xHi, yLo, yHi);
    return frame;
}

// The regions where each side wins, shaded on either side of the 1.0 line, and their names.
void SpeedupChart::drawRegions(const Frame &frame)
{
    const double xLo = frame.xLo, xHi = frame.xHi, yLo = frame.yLo, yHi = frame.yHi;
    QColor gpuFill = ChartStyle::gpuWinsColor(), cpuFill = ChartStyle::cpuWinsColor();
    gpuFill.setAlpha(26);
    cpuFill.setAlpha(26);
    area(QStringLiteral("region:gpu"), Role::Region, QString(), gpuFill, {QPointF(xLo, 1), QPointF(xHi, 1)},
         {QPointF(xLo, yHi), QPointF(xHi, yHi)});
    area(QStringLiteral("region:cpu"), Role::Region, QString(), cpuFill,
         {QPointF(xLo, yLo), QPointF(xHi, yLo)}, {QPointF(xLo, 1), QPointF(xHi, 1)});
    line(QStringLiteral("guide:one"), Role::Guide, QString(), ChartStyle::guideColor(),
         {QPointF(xLo, 1), QPointF(xHi, 1)}, {Qt::SolidLine, 1.5, false, false});
    // Region names at the left, on either side of the 1.0 line; crossover labels low on the
    // right of their lines, where the CPU region is empty once the GPU has won.
    addLabel(tr("GPU wins \u2191 (speedup > 1)"), tr("GPU wins \u2191"), xLo, 1, ChartStyle::gpuWinsColor(),
             {Qt::AlignRight | Qt::AlignTop, Qt::Horizontal, true});
    addLabel(tr("CPU wins \u2193 (speedup < 1)"), tr("CPU wins \u2193"), xLo, 1, ChartStyle::cpuWinsColor(),
             {Qt::AlignRight | Qt::AlignBottom, Qt::Horizontal, true});
}

// Each GPU curve's speedup in its colour (dash-dotted across runs), and a dashed line with a label
// at each of the first crossovers.
SpeedupChart::Marks SpeedupChart::drawCurves(const std::vector<Series> &all, const std::vector<Curve> &curves,
                                             const Frame &frame)
{
    const double yLo = frame.yLo, yHi = frame.yHi;
    // Every crossover is counted; only the first few get a dashed line and a label, so that
    // curves swapping places at every size do not cover the plot.
    constexpr int marked = 6;
    const std::vector<QColor> colors = seriesColors(all);
    Marks out;
    int &marks = out.marked;
    std::size_t &total = out.total;
    for (const Curve &c : curves) {
        const Series &g = *c.gpu;
        const QColor color = colors[std::size_t(c.gpu - all.data())];
        QList<QPointF> pts;
        for (const auto &[n, s] : c.speedup)
            if (s > 0)
                pts << QPointF(n, s);
        const QString id = QString::fromStdString(c.pair->best.key + '/' + g.key);
        // Across runs dash-dotted, as the time chart marks those crossovers: beside the same GPU
        // curve held against its own run's CPU, in the same colour.
        line(QStringLiteral("data:") + id, Role::Data, matchupName(*c.pair, g), color, pts,
             {c.pair->acrossRuns ? Qt::DashDotLine : Qt::SolidLine, 2.5, true, true, markerShape(g)});
        const QString who = curves.size() == 1 ? tr("GPU") : QString::fromStdString(g.label);
        int k = 0;
        const std::vector<Crossing> crossings = Analysis::crossings(c.pair->best, g);
        total += crossings.size();
        for (const Crossing &x : crossings) {
            if (marks >= marked)
                break;
            line(QStringLiteral("cross:%1:%2").arg(id).arg(k++), Role::Marker, QString(), color,
                 {QPointF(x.n, yLo), QPointF(x.n, yHi)}, {Qt::DashLine, 2, false, false});
            addLabel(TimeChart::crossingText(x, who), TimeChart::crossingBrief(x), x.n, yLo, color,
                     {Qt::AlignRight | Qt::AlignTop, Qt::Vertical});
            ++marks;
        }
    }
    return out;
}

// The note, only when some crossovers have no line: how many are marked, of how many.
void SpeedupChart::writeNote(const Marks &marks)
{
    if (marks.total > std::size_t(marks.marked))
        setNote(tr("Dashed lines mark the first %1 of the %2 crossovers; the curves show every one (above "
                   "1: the GPU is faster).")
                    .arg(marks.marked)
                    .arg(marks.total));
}

} // namespace speeduplab
