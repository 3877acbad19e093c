// SPDX-License-Identifier: MIT
// What a screen reader finds in a chart, whose plot is drawn and has no parts of its own: the
// chart (role Chart) named by its title, its labels and notes (crossovers, regions, what the
// chart has to say) as texts, and a table of its measured curves, the data behind the drawing.
#pragma once
#include <QString>
#include <QStringList>
class QAccessibleInterface;
class QObject;
namespace speeduplab {
class ChartView;

/// The accessible text of a chart: its own texts and the table of its curves' points, read from
/// the chart each time they are asked for (the chart rebuilds while a sweep runs).
struct ChartAccessibleData {
    /// The labels in the plot (crossovers, regions) and the notes, in full, one text each.
    static QStringList texts(const ChartView *view);
    /// The table's columns: the curve, then the x and y axes' titles.
    static QStringList columns(const ChartView *view);
    /// One row per point of each measured curve drawn, curve by curve.
    static int rows(const ChartView *view);
    /// The text of a cell, "" past the table's end.
    static QString cell(const ChartView *view, int row, int column);
};

/// The factory QAccessible asks for a chart's interface (installed once, by the first chart).
QAccessibleInterface *chartAccessibleFactory(const QString &className, QObject *object);

} // namespace speeduplab
