// SPDX-License-Identifier: MIT
// The cost chart: the best CPU and each GPU curve priced per hour, as the cost of many iterations against n.
#pragma once

#include "ui/charts/chartview.h"

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

protected:
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;

private:
    void editPrices();

    double m_cpuPerHour = defaultCpuPerHour;
    double m_gpuPerHour = defaultGpuPerHour;
};

} // namespace speeduplab
