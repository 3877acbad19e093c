// SPDX-License-Identifier: MIT
// The throughput chart (ThroughputChart): GB/s or GFLOP/s against n, under the measured ceilings.
#pragma once

#include "ui/charts/chartview.h"

#include <limits>

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

private:
    // The steps of rebuild(), in the order it takes them.
    /// The sizes and throughputs (B/s or FLOP/s) the points span.
    struct Extent {
        double nLo = std::numeric_limits<double>::max(), nHi = 0;
        double yLo = std::numeric_limits<double>::max(), yHi = 0;
    };
    /// A measured ceiling of the machine drawn as a guide line.
    struct Ceiling {
        std::string key;
        QString label;
        double value = 0; ///< B/s or FLOP/s
        bool gpu = false;
    };
    /// The plotted unit (k times a value in B/s or FLOP/s) and the x range.
    struct Frame {
        double k = 1;
        double xa = 0, xb = 0;
    };
    static Extent extentOf(const std::vector<Series> &all, bool flops);
    QList<Ceiling> ceilingsShown(const ResultSet &r, const std::vector<Series> &all,
                                 const std::string &workload, bool flops) const;
    Frame fitAxes(const Extent &measured, const QList<Ceiling> &ceilings, bool flops);
    void drawCeilings(QList<Ceiling> ceilings, const Frame &frame, bool flops);
    void drawCurves(const std::vector<Series> &all, bool flops, double k, const std::vector<bool> &drawn,
                    const std::vector<QColor> &colors, const std::vector<bool> &faded);
    void drawEnvelopes(const Classroom &view, bool flops, double k);
    /// A curve's plotted points: its throughput at each n that has one, times k.
    static QList<QPointF> points(const Series &s, bool flops, double k);
    /// ceilings: measured ones are drawn; specSheet: the GPU's spec-sheet memory line is.
    void writeNote(const std::vector<Series> &all, bool flops, bool ceilings, bool specSheet,
                   const std::vector<bool> &drawn, const Classroom &view);
};

} // namespace speeduplab
