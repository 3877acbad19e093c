// SPDX-License-Identifier: MIT
// The speedup chart (SpeedupChart): best CPU time over each GPU curve's, one of ChartTabs' charts.
#pragma once

#include "ui/charts/chartview.h"

#include <limits>

namespace speeduplab {

/// CPU time / GPU time against n (best CPU against every GPU curve): above the line at 1.0
/// the GPU wins, below it the CPU does; both regions are shaded and labelled.
class SpeedupChart : public ChartView {
    Q_OBJECT
public:
    explicit SpeedupChart(QWidget *parent = nullptr);
    QString name() const override { return QStringLiteral("speedup"); }
    QString tabTitle() const override { return tr("Speedup"); }

protected:
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;

private:
    // The steps of rebuild(), in the order it takes them.
    /// One GPU curve's speedup over its matchup's best CPU, (n, CPU time / GPU time).
    struct Curve {
        const Matchup *pair;
        const Series *gpu;
        std::vector<std::pair<int, double>> speedup;
    };
    /// Every GPU curve's speedup, and the sizes and speedups they span.
    struct Speedups {
        std::vector<Curve> curves;
        double nLo = std::numeric_limits<double>::max(), nHi = 0;
        double sLo = 1, sHi = 1;
    };
    /// The plot's ranges.
    struct Frame {
        double xLo = 0, xHi = 0, yLo = 0, yHi = 0;
    };
    /// The crossovers marked with a line, and all of them.
    struct Marks {
        int marked = 0;
        std::size_t total = 0;
    };
    void showNoMatchup(const std::vector<Series> &all);
    static Speedups speedupCurves(const std::vector<Matchup> &pairs);
    Frame fitAxes(const Speedups &speedups);
    void drawRegions(const Frame &frame);
    Marks drawCurves(const std::vector<Series> &all, const std::vector<Curve> &curves, const Frame &frame);
    void writeNote(const Marks &marks);
};

} // namespace speeduplab
