// SPDX-License-Identifier: MIT
// The energy chart: joules per operation against n from each point's device counters, the energy
// crossovers marked, and why a result holds no energy.
#include "ui/charts/energychart.h"

#include "core/analysis/energyanalysis.h"
#include "ui/charts/chartstyle.h"
#include "ui/runstore.h"
#include "words/explaintext.h"
#include "words/format.h"

#include <QLogValueAxis>

#include <algorithm>
#include <limits>
#include <map>

namespace speeduplab {

EnergyChart::EnergyChart(QWidget *parent) : ChartView(parent)
{
    setAxes(ChartStyle::sizeAxis(), ChartStyle::logAxis(QString()));
    setYUnit(tr("energy per operation (%1)"), ChartStyle::energyUnit(1e-6, 1e-3));
    setRanges(1, 10000, 1e-3, 1e3);
}

QString EnergyChart::whyNone(const ResultSet &r)
{
    if (!r.machine.sweep.energyMissing.empty())
        return QString::fromStdString(r.machine.sweep.energyMissing);
    for (const Measurement &m : r.rows)
        if (m.ok() && !m.conditions.energy.note.empty())
            return QString::fromStdString(m.conditions.energy.note);
    return tr("these results hold no energy: their devices had no counters SpeedupLab could read, or they "
              "were measured before it read them");
}

void EnergyChart::rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload)
{
    setChartTitle(workload, tr("energy per operation vs n"));
    if (showIfNoCurve(r, all))
        return;
    const std::vector<Series> energy = EnergyAnalysis::series(r, all);
    if (energy.empty()) {
        showEmpty(tr("No point has energy.\n%1").arg(Format::sentence(whyNone(r))));
        return;
    }
    const Frame frame = fitAxes(energy);
    drawCurves(all, energy, frame.k);
    writeNote(r, all, energy, markCrossovers(r, all, frame));
}

// Whole decades around the sizes and the energies, in the unit that suits them.
EnergyChart::Frame EnergyChart::fitAxes(const std::vector<Series> &energy)
{
    double nLo = std::numeric_limits<double>::max(), nHi = 0;
    double yLo = std::numeric_limits<double>::max(), yHi = 0;
    for (const Series &s : energy)
        for (const SeriesPoint &p : s.points) {
            nLo = std::min(nLo, double(p.n));
            nHi = std::max(nHi, double(p.n));
            yLo = std::min(yLo, p.t);
            yHi = std::max(yHi, p.t);
        }
    const ChartStyle::Unit unit = ChartStyle::energyUnit(yLo, yHi);
    setYUnit(tr("energy per operation (%1)"), unit);
    Frame f;
    f.k = unit.scale;
    double xa = 0, xb = 0;
    decades(nLo, nHi, xa, xb);
    decades(yLo * f.k, yHi * f.k, f.yLo, f.yHi);
    setRanges(xa, xb, f.yLo, f.yHi);
    return f;
}

// Each curve with energy, in the colour it has on every other chart (its place in `all`), among
// the curves curvesDrawn draws.
void EnergyChart::drawCurves(const std::vector<Series> &all, const std::vector<Series> &energy, double k)
{
    const std::vector<bool> drawn = curvesDrawn(all);
    const std::vector<QColor> colors = seriesColors(all);
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < all.size(); ++i)
        index.emplace(all[i].key, i);
    for (const Series &s : energy) {
        const std::size_t i = index.at(s.key);
        if (!drawn[i])
            continue;
        QList<QPointF> pts;
        for (const SeriesPoint &p : s.points)
            pts << QPointF(p.n, p.t * k);
        line(QStringLiteral("data:") + QString::fromStdString(s.key), Role::Data,
             QString::fromStdString(s.label), colors[i], pts,
             {Qt::SolidLine, 2.5, true, true, markerShape(s), s.cpu()});
    }
}

// Each GPU curve's energy crossovers against the CPU: a dashed line in its colour and a label,
// as the time chart marks where it becomes faster. Returns the note's sentences.
QStringList EnergyChart::markCrossovers(const ResultSet &r, const std::vector<Series> &all,
                                        const Frame &frame)
{
    QStringList notes;
    const std::vector<QColor> colors = seriesColors(all);
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < all.size(); ++i)
        index.emplace(all[i].key, i);
    const std::vector<EnergyCrossover> crossovers = EnergyAnalysis::crossovers(r, all);
    const bool oneGpu = crossovers.size() == 1 && !severalRuns();
    int marked = 0;
    for (const EnergyCrossover &x : crossovers) {
        const QColor color = colors[index.at(x.gpu.key)];
        const QString who = oneGpu ? tr("the GPU") : QString::fromStdString(x.gpu.label);
        notes << Format::sentence(ExplainText::energyCrossover(x, who));
        int i = 0;
        for (const Crossing &c : x.crossings) {
            if (marked++ >= 6) // more would cover the plot; the note lists them
                break;
            const QString id =
                QStringLiteral("energycross:%1:%2").arg(QString::fromStdString(x.gpu.key)).arg(i++);
            if (c.resolved())
                line(id, Role::Marker, QString(), color, {QPointF(c.n, frame.yLo), QPointF(c.n, frame.yHi)},
                     {Qt::DashLine, 2, false, false});
            EnergyCrossover one = x;
            one.crossings = {c};
            // Short of room, the mode names the curve when there are several (the colour alone
            // cannot be read on a projector).
            const QString at = c.gpuBecomesFaster ? tr("less energy above n \u2248 %1").arg(Format::n(c.n))
                                                  : tr("less energy below n \u2248 %1").arg(Format::n(c.n));
            addLabel(ExplainText::energyCrossover(one, who),
                     oneGpu ? at : tr("%1: %2").arg(QString::fromStdString(x.gpu.mode), at), c.n, frame.yHi,
                     color, {Qt::AlignRight | Qt::AlignBottom, Qt::Vertical});
        }
    }
    return notes;
}

// The note: what a joule per operation counts, and what it leaves out; the crossovers; the
// points without energy and why.
void EnergyChart::writeNote(const ResultSet &r, const std::vector<Series> &all,
                            const std::vector<Series> &energy, const QStringList &crossovers)
{
    QStringList lines;
    lines << tr("Lower is better. The energy each device's own counters measured over a point's repetitions "
                "(RAPL: the CPU package, with DRAM where counted; NVML: the GPU board), divided by its "
                "operations. Each device counts alone: the host's share of a GPU point is not in it.");
    lines << crossovers;
    std::size_t points = 0, withEnergy = 0;
    for (const Series &s : all)
        points += s.points.size();
    for (const Series &s : energy)
        withEnergy += s.points.size();
    if (withEnergy < points) {
        QString why;
        for (const Measurement &m : r.rows)
            if (m.ok() && !m.conditions.energy.measured() && !m.conditions.energy.note.empty()) {
                why = QString::fromStdString(m.conditions.energy.note);
                break;
            }
        if (why.isEmpty())
            why = whyNone(r);
        lines << tr("%1 of the %2 points have no energy and are not drawn (for example: %3).")
                     .arg(points - withEnergy)
                     .arg(points)
                     .arg(why);
    }
    if (const QString left = curvesNote(all, curvesDrawn(all)); !left.isEmpty())
        lines << left;
    setNote(lines.join(QLatin1Char('\n')));
}

} // namespace speeduplab
