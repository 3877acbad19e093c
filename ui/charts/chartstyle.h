// SPDX-License-Identifier: MIT
// The charts' look: fonts at the zoom, colours of series and run families, markers, axes and units.
#pragma once

#include "core/analysis/analysis.h"

#include <QColor>
#include <QFont>
#include <QImage>
#include <QString>

#include <vector>

class QAbstractAxis;
class QLogValueAxis;

namespace speeduplab {

/// Fonts, colours and axes shared by every chart, sized to read on a projector.
class ChartStyle {
public:
    /// The zoom every chart's fonts, lines and markers are drawn at (1: normal; a projector wants
    /// 1.5 or more). Exports use it too. Clamped to [minZoom, maxZoom].
    static double zoom();
    static void setZoom(double zoom);
    static constexpr double minZoom = 0.6, maxZoom = 3.0;
    /// The application's font at the charts' zoom: for the widgets that go with a chart (the
    /// what-if panel, the readout), in presentation type when presenting.
    static QFont widgetFont();
    static QFont titleFont();
    static QFont axisTitleFont();
    static QFont labelFont();
    static QFont legendFont();
    static QFont noteFont();
    static QFont captionFont();

    /// Cool colours for CPU thread counts (by rank among the CPU series present), warm ones
    /// for GPU modes, so the two families read apart at a glance. Same series, same colour,
    /// on every chart.
    static QColor seriesColor(const Series &s, const std::vector<Series> &all);
    /// seriesColor(all[i], all) for every i, in O(n log n): a chart of hundreds of series
    /// asks once, not once per series.
    static std::vector<QColor> seriesColors(const std::vector<Series> &all);
    /// A colour in a run's colour family: family 0 is the colour itself. Each next run has a hue
    /// of its own, cool for its CPU curves and warm for its GPU curves (green and amber, violet and
    /// magenta, olive and gold), its curves told apart by lightness; past three, the hues repeat
    /// darker. A laptop's CPU beside the H200's reads green against navy, not navy against navy.
    static QColor inFamily(const QColor &color, int family, bool gpu);
    /// The marker of a run's points after the first (LineStyle::shape): 1 a square, 2 a triangle, 3 a
    /// diamond, in color, drawn large for QtCharts to scale down to the marker size; 0: a null image
    /// (QtCharts' own circles).
    static QImage markerImage(int shape, const QColor &color);
    static QColor cpuWinsColor();
    static QColor gpuWinsColor();
    static QColor guideColor();

    /// An axis' unit: an SI prefix on a base unit, chosen for the values shown, so that the
    /// labels read like the rest of the app ("850 ns", "4.2 GB/s") and never need an exponent.
    struct Unit {
        double scale = 1; ///< a value in the base unit times scale is the value plotted
        QString symbol;   ///< "µs", "GB/s", "TFLOP/s"
    };
    /// Times from lo to hi seconds in ns, µs, ms or s.
    static Unit timeUnit(double lo, double hi);
    /// Energies from lo to hi joules in pJ, nJ, µJ, mJ or J.
    static Unit energyUnit(double lo, double hi);
    /// Rates from lo to hi per second in B/s to PB/s (flops: FLOP/s to PFLOP/s).
    static Unit rateUnit(double lo, double hi, bool flops);

    static void styleAxis(QAbstractAxis *axis, const QString &title);
    /// A styled base-10 log axis with plain-number labels (no exponent from 0.0001 to 10^9)
    /// and minor ticks: the n axis of every chart, and the time, speedup and throughput axes.
    static QLogValueAxis *logAxis(const QString &title);
    /// The log n axis the time, speedup and throughput charts share.
    static QLogValueAxis *sizeAxis();
};

} // namespace speeduplab
