// SPDX-License-Identifier: MIT
// The cost chart: the best CPU and each GPU curve priced per hour, as the cost of many iterations against n.
#include "ui/charts/costchart.h"

#include "core/analysis/energyanalysis.h"
#include "ui/charts/energychart.h"
#include "words/appsettings.h"

#include "ui/charts/chartstyle.h"
#include "ui/charts/timechart.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLogValueAxis>
#include <QSettings>

#include <algorithm>
#include <limits>

namespace speeduplab {

namespace {

// Where the GPU curve gpu comes below the CPU curve cpu (each a time or a cost), as the chart
// draws them: "from n \u2248 152" at each crossing, or, without one, "at every size measured" (both
// measured), "at no size measured", or no clear crossing when they took turns.
QString crossingsText(const Series &cpu, const Series &gpu)
{
    const std::vector<Crossing> xs = Analysis::crossings(cpu, gpu);
    QStringList parts;
    for (const Crossing &x : xs)
        parts << CostChart::tr("n \u2248 %1").arg(x.n, 0, 'f', 0);
    if (!parts.isEmpty())
        return CostChart::tr("from %1").arg(parts.join(CostChart::tr(", ")));
    int below = 0, above = 0;
    for (const SeriesPoint &g : gpu.points)
        for (const SeriesPoint &c : cpu.points)
            if (c.n == g.n && c.t > 0 && g.t > 0)
                ++(g.t < c.t ? below : above);
    if (below > 0 && above == 0)
        return CostChart::tr("at every size measured");
    if (above > 0 && below == 0)
        return CostChart::tr("at no size measured");
    return CostChart::tr("with no clear crossing in the range measured");
}

} // namespace

Series CostChart::priced(const ResultSet &r, Series s, double perHour) const
{
    const double k = perHour / 3600.0 * 1e6;
    const double perJoule = m_perKWh / 3.6e6 * 1e6; // a million iterations' joules at the price per kWh
    std::vector<SeriesPoint> kept;
    for (SeriesPoint p : s.points) {
        double energy = 0;
        if (m_energyUsed) {
            const PointEnergy *e = p.row < r.rows.size() ? &r.rows[p.row].conditions.energy : nullptr;
            if (!e || !e->measured()) {
                ++m_withoutEnergy;
                continue;
            }
            energy = e->perOperation * perJoule;
        }
        p.scaleTimes(k, energy);
        kept.push_back(p);
    }
    s.points = std::move(kept);
    return s;
}

CostChart::CostChart(QWidget *parent) : ChartView(parent)
{
    setAxes(ChartStyle::sizeAxis(), ChartStyle::logAxis(tr("cost of a million iterations")));
    setRanges(1, 10000, 0.001, 1000);
    const std::unique_ptr<QSettings> s = AppSettings::open();
    // Within the dialog's range, or the default: a price of inf or 1e308 cost the chart its axis.
    m_cpuPerHour = AppSettings::number(*s, QStringLiteral("cost/cpuPerHour"), minPrice, maxPrice)
                       .value_or(defaultCpuPerHour);
    m_gpuPerHour = AppSettings::number(*s, QStringLiteral("cost/gpuPerHour"), minPrice, maxPrice)
                       .value_or(defaultGpuPerHour);
    m_perKWh = AppSettings::number(*s, QStringLiteral("cost/perKWh"), 0, maxPrice).value_or(0);
    auto *edit = new QAction(tr("Prices per hour\u2026"), this);
    connect(edit, &QAction::triggered, this, &CostChart::editPrices);
    addAction(edit);
    setContextMenuPolicy(Qt::ActionsContextMenu);
}

void CostChart::setPrices(double cpuPerHour, double gpuPerHour)
{
    if (!(cpuPerHour >= minPrice && cpuPerHour <= maxPrice) ||
        !(gpuPerHour >= minPrice && gpuPerHour <= maxPrice))
        return;
    m_cpuPerHour = cpuPerHour;
    m_gpuPerHour = gpuPerHour;
    const std::unique_ptr<QSettings> s = AppSettings::open();
    s->setValue(QStringLiteral("cost/cpuPerHour"), cpuPerHour);
    s->setValue(QStringLiteral("cost/gpuPerHour"), gpuPerHour);
    updateNow();
}

void CostChart::setEnergyPrice(double perKWh)
{
    if (!(perKWh >= 0 && perKWh <= maxPrice))
        return;
    m_perKWh = perKWh;
    AppSettings::open()->setValue(QStringLiteral("cost/perKWh"), perKWh);
    updateNow();
}

void CostChart::editPrices()
{
    QDialog d(this);
    d.setWindowTitle(tr("Prices per hour"));
    auto *form = new QFormLayout(&d);
    auto spin = [&d](double value) {
        auto *s = new QDoubleSpinBox(&d);
        s->setRange(minPrice, maxPrice);
        s->setDecimals(4);
        s->setValue(value);
        return s;
    };
    QDoubleSpinBox *cpu = spin(m_cpuPerHour), *gpu = spin(m_gpuPerHour);
    cpu->setObjectName(QStringLiteral("cpuPriceSpin"));
    gpu->setObjectName(QStringLiteral("gpuPriceSpin"));
    form->addRow(tr("CPU machine, per hour:"), cpu);
    form->addRow(tr("GPU machine, per hour:"), gpu);
    QDoubleSpinBox *kwh = spin(m_perKWh);
    kwh->setMinimum(0);
    kwh->setObjectName(QStringLiteral("kwhPriceSpin"));
    kwh->setSpecialValueText(tr("not counted"));
    kwh->setToolTip(
        tr("Electricity, per kWh: each point's cost adds the energy its device's counters measured. "
           "0: not counted."));
    form->addRow(tr("Electricity, per kWh:"), kwh);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &d);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &d, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &d, &QDialog::reject);
    if (d.exec() == QDialog::Accepted) {
        m_perKWh = kwh->value(); // setPrices redraws with it
        AppSettings::open()->setValue(QStringLiteral("cost/perKWh"), m_perKWh);
        setPrices(cpu->value(), gpu->value());
    }
}

void CostChart::rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload)
{
    setChartTitle(workload, tr("cost vs n"));
    if (all.empty() && r.rows.empty()) {
        showEmpty(tr("No results yet.\nRun a sweep (Ctrl+R) or open a results file (Ctrl+O)."));
        return;
    }
    const std::vector<Matchup> pairs = matchups(all);
    if (pairs.empty()) {
        showEmpty(tr("The cost comparison needs a CPU and a GPU curve: open a recorded GPU run (Ctrl+O), or "
                     "choose a run A (CPU) and a run B (GPU) in the Runs panel."));
        return;
    }
    Costs costs = priceCurves(r, pairs);
    if (costs.nHi == 0) {
        showEmpty(tr("No point has a time to price."));
        return;
    }
    const Frame frame = fitAxes(costs);
    QStringList notes = drawCosts(all, costs.priced, frame);
    notes << pricesNote(r);
    setNote(notes.join(QLatin1Char('\n')));
}

// Each matchup's best CPU and GPU curves priced: the cost of a million iterations at each n at
// their machine's price per hour, and the sizes and costs they span.
CostChart::Costs CostChart::priceCurves(const ResultSet &r, const std::vector<Matchup> &pairs) const
{
    Costs costs;
    m_withoutEnergy = 0;
    m_energyUsed = m_perKWh > 0 && EnergyAnalysis::any(r); // none: the price per kWh has nothing to price
    double &nLo = costs.nLo, &nHi = costs.nHi, &cLo = costs.cLo, &cHi = costs.cHi;
    auto extend = [&](const Series &s) {
        for (const SeriesPoint &p : s.points)
            if (p.t > 0) {
                nLo = std::min(nLo, double(p.n));
                nHi = std::max(nHi, double(p.n));
                cLo = std::min(cLo, p.t);
                cHi = std::max(cHi, p.t);
            }
    };
    std::vector<Priced> &priced_ = costs.priced;
    for (const Matchup &m : pairs) {
        Priced p{&m, priced(r, m.best, m_cpuPerHour), {}};
        extend(p.cpu);
        for (const Series *g : m.gpus) {
            p.gpus.push_back({g, priced(r, *g, m_gpuPerHour)});
            extend(p.gpus.back().second);
        }
        priced_.push_back(std::move(p));
    }
    return costs;
}

// The axes: the y axis per a million iterations or more (the costs scaled to it), and whole
// decades around the sizes and the costs.
CostChart::Frame CostChart::fitAxes(Costs &costs)
{
    const double nLo = costs.nLo, nHi = costs.nHi, cLo = costs.cLo, cHi = costs.cHi;
    // Per a million iterations, or per a thousand times more while the cheapest point would
    // need more than three decimals (an axis of 0.0000001 cannot be read).
    static const char *const perTitles[] = {
        QT_TR_NOOP("cost of a million iterations"), QT_TR_NOOP("cost of a billion iterations"),
        QT_TR_NOOP("cost of a trillion iterations"), QT_TR_NOOP("cost of a quadrillion iterations")};
    int per = 0;
    double k = 1;
    while (per < 3 && cLo * k < 1e-3) {
        k *= 1000;
        ++per;
    }
    if (auto *y = qobject_cast<QLogValueAxis *>(yAxis()))
        y->setTitleText(tr(perTitles[per]));
    for (Priced &p : costs.priced) {
        for (SeriesPoint &q : p.cpu.points)
            q.scaleTimes(k);
        for (auto &g : p.gpus)
            for (SeriesPoint &q : g.second.points)
                q.scaleTimes(k);
    }
    Frame frame;
    double xLo, xHi;
    decades(nLo, nHi, xLo, xHi);
    decades(cLo * k, cHi * k, frame.yLo, frame.yHi);
    setRanges(xLo, xHi, frame.yLo, frame.yHi);
    return frame;
}

// Each matchup's CPU cost and its GPU costs with where they cross; returns the note's line on each
// GPU curve: where it is cheaper and where faster.
QStringList CostChart::drawCosts(const std::vector<Series> &all, const std::vector<Priced> &priced_,
                                 const Frame &frame)
{
    const std::vector<QColor> colors = seriesColors(all);
    QStringList notes;
    int marks = 0;
    for (const Priced &p : priced_) {
        drawCpuCost(p);
        for (const auto &[g, cost] : p.gpus)
            notes << drawGpuCost(p, *g, cost, colors[std::size_t(g - all.data())], frame, marks);
    }
    return notes;
}

// The best CPU's cost at its price, in the CPU's colour.
void CostChart::drawCpuCost(const Priced &p)
{
    QList<QPointF> pts;
    for (const SeriesPoint &q : p.cpu.points)
        if (q.t > 0)
            pts << QPointF(q.n, q.t);
    line(QStringLiteral("data:cpu:") + QString::fromStdString(p.pair->best.key), Role::Data,
         tr("%1 at %2/h").arg(p.pair->cpuName).arg(m_cpuPerHour, 0, 'g', 4),
         inRunFamily(ChartStyle::cpuWinsColor(), p.pair->best), pts, {Qt::SolidLine, 2.5, true, true});
}

// One GPU curve's cost at its price, and a dashed line with a label at each size where it becomes
// cheaper or dearer than the CPU (6 in all, counted by marks); returns the note's line on it.
QString CostChart::drawGpuCost(const Priced &p, const Series &gpu, const Series &cost, const QColor &color,
                               const Frame &frame, int &marks)
{
    const Series *g = &gpu;
    const double yLo = frame.yLo, yHi = frame.yHi;
    QList<QPointF> pts;
    for (const SeriesPoint &q : cost.points)
        if (q.t > 0)
            pts << QPointF(q.n, q.t);
    const QString gpuName = QString::fromStdString(g->label);
    line(QStringLiteral("data:gpu:%1:%2").arg(QString::fromStdString(p.pair->best.key), gpuName), Role::Data,
         tr("%1 at %2/h").arg(gpuName).arg(m_gpuPerHour, 0, 'g', 4), color, pts,
         {Qt::SolidLine, 2.5, true, true});
    const std::vector<Crossing> byCost = Analysis::crossings(p.cpu, cost);
    for (const Crossing &x : byCost) {
        if (marks >= 6)
            break;
        line(QStringLiteral("cross:%1:%2").arg(gpuName).arg(marks), Role::Marker, QString(), color,
             {QPointF(x.n, yLo), QPointF(x.n, yHi)}, {Qt::DashLine, 2, false, false});
        addLabel(x.gpuBecomesFaster ? tr("GPU cheaper above n \u2248 %1").arg(x.n, 0, 'f', 0)
                                    : tr("CPU cheaper above n \u2248 %1").arg(x.n, 0, 'f', 0),
                 tr("n \u2248 %1").arg(x.n, 0, 'f', 0), x.n, yHi, color,
                 {Qt::AlignRight | Qt::AlignBottom, Qt::Vertical});
        ++marks;
    }
    return tr("%1 vs %2: cheaper %3; faster %4.")
        .arg(gpuName, p.pair->cpuNameInNote(), crossingsText(p.cpu, cost), crossingsText(p.pair->best, *g));
}

// The note's last line: the prices per hour (examples until the user enters theirs) and how much
// faster the GPU must be to be cheaper.
QString CostChart::pricesNote(const ResultSet &r) const
{
    QString energy;
    if (m_perKWh > 0 && !m_energyUsed)
        energy = tr(" The price per kWh is not counted: these results hold no energy (%1).")
                     .arg(EnergyChart::whyNone(r));
    else if (m_perKWh > 0)
        energy =
            m_withoutEnergy > 0
                ? tr(" Electricity at %1 per kWh, by each point's measured energy: %2 points without energy "
                     "are left out.")
                      .arg(m_perKWh, 0, 'g', 4)
                      .arg(m_withoutEnergy)
                : tr(" Electricity at %1 per kWh, by each point's measured energy.").arg(m_perKWh, 0, 'g', 4);
    const bool examples = m_cpuPerHour == defaultCpuPerHour && m_gpuPerHour == defaultGpuPerHour;
    return tr("Prices per hour: CPU machine %1, GPU machine %2%3. The GPU is cheaper only where it is more "
              "than "
              "%4 times faster.")
               .arg(m_cpuPerHour, 0, 'g', 4)
               .arg(m_gpuPerHour, 0, 'g', 4)
               .arg(!examples ? QString()
                    : exporting()
                        ? tr(" (examples, not prices)")
                        : tr(" (examples, not prices: right-click \u25b8 Prices per hour to enter yours)"))
               .arg(m_gpuPerHour / m_cpuPerHour, 0, 'g', 3) +
           energy;
}

} // namespace speeduplab
