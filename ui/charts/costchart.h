// SPDX-License-Identifier: MIT
// The cost chart: the best CPU and each GPU curve priced per hour, as the cost of many iterations against n.
#pragma once

#include "ui/charts/chartview.h"

#include <limits>

namespace speeduplab {

/// What a million iterations cost against n: the best CPU and every GPU curve, each time
/// multiplied by the hourly price of its machine. Where the GPU becomes cheaper can differ from
/// where it becomes faster: a GPU machine that costs four times as much must be four times as
/// fast. The prices are the user's (right-click, or setPrices); the defaults are examples, not
/// facts, and the note says so.
class CostChart : public ChartView {
    Q_OBJECT
public:
    explicit CostChart(QWidget *parent = nullptr);
    QString name() const override { return QStringLiteral("cost"); }
    QString tabTitle() const override { return tr("Cost"); }

    /// Price per hour of the CPU machine and of the GPU machine (any currency, the same for
    /// both; > 0). Kept in the settings ("cost/cpuPerHour", "cost/gpuPerHour").
    void setPrices(double cpuPerHour, double gpuPerHour);
    double cpuPerHour() const { return m_cpuPerHour; }
    double gpuPerHour() const { return m_gpuPerHour; }
    /// The example prices a new user starts from.
    static constexpr double defaultCpuPerHour = 1.0;
    static constexpr double defaultGpuPerHour = 4.0;
    /// The prices the dialog and the settings file accept, per hour.
    static constexpr double minPrice = 0.0001, maxPrice = 1e6;
    /// The price of electricity per kWh (the same currency; 0: not counted, the default). Above 0,
    /// each point's cost adds the energy its device's counters measured (PointConditions::energy)
    /// at this price; a point without energy is then left out of its curve, never priced as if it
    /// had spent none. Kept in the settings ("cost/perKWh").
    void setEnergyPrice(double perKWh);
    double perKWh() const { return m_perKWh; }

protected:
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;

private:
    void editPrices();

    // The steps of rebuild(), in the order it takes them.
    /// A matchup's curves priced: its best CPU's cost, and each GPU curve (into `all`) with its cost.
    struct Priced {
        const Matchup *pair;
        Series cpu;
        std::vector<std::pair<const Series *, Series>> gpus;
    };
    /// Every matchup priced, and the sizes and costs they span.
    struct Costs {
        std::vector<Priced> priced;
        double nLo = std::numeric_limits<double>::max(), nHi = 0;
        double cLo = std::numeric_limits<double>::max(), cHi = 0;
    };
    /// The y range, as plotted.
    struct Frame {
        double yLo = 0, yHi = 0;
    };
    Costs priceCurves(const ResultSet &r, const std::vector<Matchup> &pairs) const;
    /// A series' times turned into the cost of a million iterations at `perHour`, and its energy
    /// at m_perKWh when that is set (its points without energy then left out).
    Series priced(const ResultSet &r, Series s, double perHour) const;
    Frame fitAxes(Costs &costs);
    QStringList drawCosts(const std::vector<Series> &all, const std::vector<Priced> &priced_,
                          const Frame &frame);
    void drawCpuCost(const Priced &p);
    QString drawGpuCost(const Priced &p, const Series &gpu, const Series &cost, const QColor &color,
                        const Frame &frame, int &marks);
    QString pricesNote(const ResultSet &r) const;

    double m_cpuPerHour = defaultCpuPerHour;
    double m_gpuPerHour = defaultGpuPerHour;
    double m_perKWh = 0;
    /// Points left out by priced() for want of energy, at the last rebuild.
    mutable std::size_t m_withoutEnergy = 0;
    /// Whether the last rebuild priced energy: a price per kWh, and results that hold energy.
    mutable bool m_energyUsed = false;
};

} // namespace speeduplab
