// SPDX-License-Identifier: MIT
// The roofline chart (RooflineChart).
#pragma once

#include "ui/charts/chartview.h"

namespace speeduplab {

/// The roofline, log-log: attained FLOP/s (in the unit that suits them, see yScale()) against
/// arithmetic intensity (FLOP per byte moved), under the roofs the machine's measured ceilings
/// draw (calibrate). A point under the diagonal is held back by memory bandwidth, one under the
/// flat part by compute.
class RooflineChart : public ChartView {
    Q_OBJECT
public:
    explicit RooflineChart(QWidget *parent = nullptr);
    QString name() const override { return QStringLiteral("roofline"); }
    QString tabTitle() const override { return tr("Roofline"); }

    /// FLOP per byte of one point; 0 when it has no FLOPs or no bytes.
    static double intensity(const SeriesPoint &p);
    /// FLOP/s of one point (plotted times yScale()); 0 when it has none.
    static double flopsPerSecond(const SeriesPoint &p);

protected:
    bool xIsSize() const override { return false; }
    QString xReadout(double x) const override;
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;
};

} // namespace speeduplab
