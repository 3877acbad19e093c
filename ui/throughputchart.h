// SPDX-License-Identifier: MIT
#pragma once

#include "ui/chartview.h"

namespace speeduplab {

/// Throughput against n, log-log: GB/s for the memory-bound workloads, GFLOP/s for gemm.
/// Where the machine's ceilings were measured (calibrate), they are drawn as guide lines.
class ThroughputChart : public ChartView {
    Q_OBJECT
public:
    explicit ThroughputChart(QWidget *parent = nullptr);
    QString name() const override { return QStringLiteral("throughput"); }
    QString tabTitle() const override { return tr("Throughput"); }

    /// GB/s or GFLOP/s of one point, as plotted; 0 when it has none.
    static double throughput(const SeriesPoint &p, bool computeBound);

protected:
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;
};

} // namespace speeduplab
