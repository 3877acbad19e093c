// SPDX-License-Identifier: MIT
// The roofline chart (RooflineChart).
#pragma once

#include "ui/charts/chartview.h"

#include "core/measure/calibration.h"

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

private:
    /// The roofs of one side (CPU or GPU), in SI units (rooflinechart.cpp).
    struct Side;
    static Side sideOf(const std::vector<Calibration::Roof> &roofs, bool gpu);

    // The steps of rebuild(), in the order it takes them.
    /// Each series' points (intensity, FLOP/s; in the plotted unit once fitAxes has scaled them)
    /// and their extent.
    struct Placed {
        std::vector<QList<QPointF>> points; ///< by index in all
        bool cpu = false, gpu = false;      ///< some CPU, some GPU point is placed
        double xLo = 0, xHi = 0, yLo = 0, yHi = 0;
    };
    /// The plotted unit (k times a value in FLOP/s) and the x range.
    struct Frame {
        double k = 1;
        double xa = 0, xb = 0;
    };
    /// The roofs drawn: measured ones, and those from the GPU's spec sheet.
    struct RoofCount {
        int measured = 0, spec = 0;
    };
    static Placed placePoints(const std::vector<Series> &all);
    static std::vector<Side> sidesShown(const MachineInfo &machine, const Placed &placed);
    Frame fitAxes(const std::vector<Side> &sides, Placed &placed);
    RoofCount drawRoofs(const std::vector<Side> &sides, const Frame &frame);
    void drawMemoryRoofs(const Side &s, const Frame &frame, const QColor &color, const QString &prefix,
                         RoofCount &count);
    void drawComputeRoofs(const Side &s, const Frame &frame, const QColor &color, const QString &prefix,
                          RoofCount &count);
    void labelRidge(const Side &s, const Frame &frame, const QColor &color);
    void drawPoints(const std::vector<Series> &all, const Placed &placed,
                    const std::vector<bool> &curveDrawn);
    void writeNotes(const ResultSet &r, const std::vector<Series> &all, const std::string &workload,
                    const Placed &placed, const RoofCount &roofs, const std::vector<bool> &curveDrawn);
};

} // namespace speeduplab
