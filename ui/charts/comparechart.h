// SPDX-License-Identifier: MIT
// The Compare runs chart: two runs, A and B, held against each other.
#pragma once

#include "ui/charts/chartview.h"

#include "core/analysis/compare.h"
#include "core/results/runset.h"

namespace speeduplab {

/// Two runs compared (A and B, the runs the model compares: the Runs panel), log-log against n.
/// First what "my laptop's CPU against the lab's GPU" asks: each GPU curve of B over A's best
/// CPU, with the size above which B's GPU is faster. Then point by point (Compare::compare): run
/// B's time over run A's, one curve per series both measured, with the band inside which the
/// difference is noise. Below 1, B is faster.
class CompareChart : public ChartView {
    Q_OBJECT
public:
    explicit CompareChart(QWidget *parent = nullptr);
    QString name() const override { return QStringLiteral("compare"); }
    QString tabTitle() const override { return tr("Compare runs"); }
    /// The comparison the last rebuild drew (empty when no pair was chosen).
    const Comparison &comparison() const { return m_comparison; }
    /// Where each GPU curve of B overtakes A's best CPU, by the last rebuild: (B's GPU curve's
    /// label, n; 0 when it never does over the sizes both measured).
    const std::vector<std::pair<std::string, double>> &gpuOverCpu() const { return m_gpuOverCpu; }

protected:
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;

private:
    /// One GPU curve of B over A's best CPU: its ratios by n and where it overtakes (0: never over
    /// the sizes both measured).
    struct GpuOverCpu {
        Series gpu;
        QList<QPointF> ratios;
        double overtakesAt = 0;
    };
    /// Every GPU curve of b over a's best CPU; empty when a has no CPU curve or b no GPU curve.
    static std::vector<GpuOverCpu> gpuOverCpu(const ResultSet &a, const ResultSet &b,
                                              const std::string &workload);
    /// Draws, marks and notes them.
    void drawGpuOverCpu(const std::vector<GpuOverCpu> &curves, const RunRecord &a, const RunRecord &b);

    // The steps of rebuild(), in the order it takes them (drawGpuOverCpu among them).
    /// The x range, and whether a band was cut (at 10 times either way).
    struct Frame {
        double xLo = 0, xHi = 0;
        bool cut = false;
    };
    Frame fitAxes(const std::vector<GpuOverCpu> &overCpu);
    void drawLineAtOne(const Frame &frame);
    void drawRatios(const ResultSet &runA, const std::string &workload);
    void writeNotes(const QString &nameA, const QString &nameB, bool cut);
    Comparison m_comparison;
    std::vector<std::pair<std::string, double>> m_gpuOverCpu;
};

} // namespace speeduplab
