// SPDX-License-Identifier: MIT
#include "ui/speedupchart.h"

#include "ui/chartstyle.h"
#include "ui/timechart.h"

#include <QLogValueAxis>

#include <algorithm>
#include <limits>

namespace speeduplab {

SpeedupChart::SpeedupChart(QWidget *parent) : ChartView(parent)
{
    setAxes(ChartStyle::sizeAxis(), ChartStyle::logAxis(tr("speedup of the GPU (CPU time / GPU time)")));
    setRanges(1, 10000, 0.01, 100);
}

void SpeedupChart::rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload)
{
    setChartTitle(workload, tr("GPU speedup over the best CPU"));
    std::vector<const Series *> gpus;
    bool haveCpu = false;
    for (const auto &s : all) {
        if (s.gpu)
            gpus.push_back(&s);
        else
            haveCpu = true;
    }
    if (all.empty() && r.rows.empty()) {
        showEmpty(tr("No results yet.\nRun a sweep (Ctrl+R) or open a results file (Ctrl+O)."));
        return;
    }
    if (gpus.empty() || !haveCpu) {
        showEmpty(tr("The speedup needs CPU and GPU results at the same n.\n%1")
                      .arg(gpus.empty()
                               ? tr("These results have no GPU curve: open a recorded GPU run (Ctrl+O).")
                               : tr("These results have no CPU curve.")));
        return;
    }

    const Series best = Analysis::bestCpu(all);
    std::vector<std::vector<std::pair<int, double>>> speedups;
    double nLo = std::numeric_limits<double>::max(), nHi = 0;
    double sLo = 1, sHi = 1; // the 1.0 line is always in view
    for (const Series *g : gpus) {
        speedups.push_back(Analysis::speedup(best, *g));
        for (const auto &[n, s] : speedups.back()) {
            if (!(s > 0))
                continue;
            nLo = std::min(nLo, double(n));
            nHi = std::max(nHi, double(n));
            sLo = std::min(sLo, s);
            sHi = std::max(sHi, s);
        }
    }
    if (nHi == 0) {
        showEmpty(tr("The CPU and GPU curves share no n: their speedup cannot be computed."));
        return;
    }
    double xLo, xHi, yLo, yHi;
    decades(nLo, nHi, xLo, xHi);
    decades(sLo, sHi, yLo, yHi);
    yLo = std::min(yLo, 0.1); // both regions stay visible
    yHi = std::max(yHi, 10.0);
    setRanges(xLo, xHi, yLo, yHi);

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

    // Every crossover is counted; only the first few get a dashed line and a label, so that
    // curves swapping places at every size do not cover the plot.
    constexpr int marked = 6;
    const std::vector<QColor> colors = ChartStyle::seriesColors(all);
    int marks = 0;
    std::size_t total = 0;
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        const Series &g = *gpus[i];
        const QColor color = colors[std::size_t(gpus[i] - all.data())];
        QList<QPointF> pts;
        for (const auto &[n, s] : speedups[i])
            if (s > 0)
                pts << QPointF(n, s);
        line(QStringLiteral("data:") + QString::fromStdString(g.key), Role::Data,
             tr("%1 vs best CPU").arg(QString::fromStdString(g.label)), color, pts,
             {Qt::SolidLine, 2.5, true, true});
        const QString who = gpus.size() == 1 ? tr("GPU") : QString::fromStdString(g.label);
        int k = 0;
        const std::vector<Crossing> crossings = Analysis::crossings(best, g);
        total += crossings.size();
        for (const Crossing &c : crossings) {
            if (marks >= marked)
                break;
            line(QStringLiteral("cross:%1:%2").arg(QString::fromStdString(g.key)).arg(k++), Role::Marker,
                 QString(), color, {QPointF(c.n, yLo), QPointF(c.n, yHi)}, {Qt::DashLine, 2, false, false});
            addLabel(TimeChart::crossingText(c, who), TimeChart::crossingBrief(c), c.n, yLo, color,
                     {Qt::AlignRight | Qt::AlignTop, Qt::Vertical});
            ++marks;
        }
    }
    if (total > std::size_t(marks))
        setNote(tr("Dashed lines mark the first %1 of the %2 crossovers; the curves show every one (above "
                   "1: the GPU is faster).")
                    .arg(marks)
                    .arg(total));
}

} // namespace speeduplab
