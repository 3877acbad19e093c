// SPDX-License-Identifier: MIT
// What hovering a chart shows: the plotted point nearest the mouse and the text read out for it.
// It reads series and rows; ChartView shows the text as a tooltip.
#pragma once

#include "core/analysis/analysis.h"

#include <QCoreApplication>
#include <QList>
#include <QPointF>
#include <QString>

#include <functional>
#include <vector>

class QXYSeries;

namespace speeduplab {

class ChartReadout {
    Q_DECLARE_TR_FUNCTIONS(ChartReadout)

public:
    /// How a chart plots its values, for the text.
    struct Axes {
        QString ySymbol;     ///< the y unit's symbol ("µs", "GB/s"); empty for a ratio
        QString ratioSuffix; ///< after a ratio's value ("×")
        /// x is the tensor size: a measured curve then also reads out its time, noise and model.
        bool xIsSize = true;
        std::function<QString(double)> xText; ///< how x is named: "n = 400"
        /// Lines the chart adds for curve `id` at the point's x (the time chart: the crossover
        /// whose interval holds it); none when empty.
        std::function<QStringList(const QString &id, double x)> more;
    };
    /// A curve the mouse may rest on: its id in the chart and its series.
    struct Curve {
        QString id;
        const QXYSeries *series = nullptr;
    };
    /// The point found: its curve and its value as plotted; series is null for none.
    struct Hit {
        const QXYSeries *series = nullptr;
        QString id;
        QPointF value;
    };

    /// The point of `curves` nearest `mouse` (chart coordinates; toChart plots a value there),
    /// within `reach` pixels; the last of equally near ones.
    static Hit nearest(const QList<Curve> &curves, const QPointF &mouse, qreal reach,
                       const std::function<QPointF(const QPointF &)> &toChart);
    /// The readout of curve s near x of `at`: its name, x and the value as plotted; for a curve
    /// of the results ("data:<key>" among `shown`), its time and middle half, its row's CV (from
    /// `rows`, when that row is still the point's) and the fitted cost model's time.
    static QString text(const QXYSeries *s, const QString &id, const QPointF &at, const Axes &axes,
                        const std::vector<Series> &shown, const ResultSet *rows);
};

} // namespace speeduplab
