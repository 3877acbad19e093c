// SPDX-License-Identifier: MIT
// The throughput chart (ThroughputChart): GB/s or GFLOP/s against n, under the measured ceilings.
#pragma once

#include "ui/charts/chartview.h"

namespace speeduplab {

/// Throughput against n, log-log: bytes/s for the memory-bound workloads, FLOP/s for gemm, in
/// the unit that suits their range (MB/s to TB/s..., see yScale()).
/// Where the machine's ceilings were measured (calibrate), they are drawn as guide lines.
class ThroughputChart : public ChartView {
    Q_OBJECT
public:
    explicit ThroughputChart(QWidget *parent = nullptr);
    QString name() const override { return QStringLiteral("throughput"); }
    QString tabTitle() const override { return tr("Throughput"); }

    /// Bytes/s or FLOP/s of one point (plotted times yScale()); 0 when it has none.
    static double throughput(const SeriesPoint &p, bool computeBound);

protected:
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;
};

} // namespace speeduplab
