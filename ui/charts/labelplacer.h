// SPDX-License-Identifier: MIT
// Where a label goes in a chart's plot: plain geometry over rectangles (no chart, no scene), so
// that the rule is tested on its own. ChartView (chartlabels.cpp) measures the labels and asks.
#pragma once

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <optional>

namespace speeduplab {

/// Finds a label's place along a line through its anchor: near where it asks to sit, covering no
/// data point and no label placed before, within the plot.
class LabelPlacer {
public:
    /// Where a label in the plot may go. It names a line through its anchor: align says on which
    /// side of the anchor it would rather sit; it may slide along the line and, unless keepSide
    /// (a region's name), cross to the line's other side.
    struct Place {
        Qt::Alignment align;
        Qt::Orientation line = Qt::Horizontal;
        bool keepSide = false;
    };

    /// The rectangles of `size` a label anchored at `anchor` (chart coordinates) may take, best
    /// first: the side asked for, then further along the line a few pixels at a time, each kept
    /// inside `plot`; a region's name (keepSide) also moves deeper into its region.
    static QList<QRectF> candidates(const QPointF &anchor, const QSizeF &size, const Place &place,
                                    const QRectF &plot);
    /// The first of candidates that covers none of the obstacles; when each covers some, the one
    /// covering the least area of them (covered, if given, gets that area). -1 when there is no
    /// candidate.
    static qsizetype leastCovering(const QList<QRectF> &candidates, const QList<QRectF> &obstacles,
                                   qreal *covered = nullptr);
    /// The first candidate that covers no obstacle, or none. Only obstacles along the line are
    /// looked at (a big file has thousands of points).
    static std::optional<QRectF> freePlace(const QPointF &anchor, const QSizeF &size, const Place &place,
                                           const QRectF &plot, const QList<QRectF> &obstacles);
};

} // namespace speeduplab
