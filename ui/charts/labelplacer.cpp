// SPDX-License-Identifier: MIT
// LabelPlacer: a label's candidate places along its line, and the one that covers the least.
#include "ui/charts/labelplacer.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace speeduplab {

qsizetype LabelPlacer::leastCovering(const QList<QRectF> &candidates, const QList<QRectF> &obstacles,
                                     qreal *covered)
{
    qsizetype best = -1;
    qreal least = std::numeric_limits<qreal>::infinity();
    for (qsizetype i = 0; i < candidates.size() && least > 0; ++i) {
        qreal area = 0;
        for (qsizetype k = 0; k < obstacles.size() && area < least; ++k) { // past least: no better
            const QRectF common = candidates[i].intersected(obstacles[k]);
            area += common.width() * common.height();
        }
        if (area < least) {
            least = area;
            best = i;
        }
    }
    if (covered)
        *covered = least;
    return best;
}

std::optional<QRectF> LabelPlacer::freePlace(const QPointF &anchor, const QSizeF &size, const Place &place,
                                             const QRectF &plot, const QList<QRectF> &obstacles)
{
    const QList<QRectF> all = candidates(anchor, size, place, plot);
    // Only what lies along the line can be in the way.
    QRectF reach;
    for (const QRectF &c : all)
        reach |= c;
    QList<QRectF> near;
    for (const QRectF &o : obstacles)
        if (o.intersects(reach))
            near << o;
    qreal covered = 0;
    const qsizetype best = leastCovering(all, near, &covered);
    if (best < 0 || covered != 0)
        return std::nullopt;
    return all[best];
}

QList<QRectF> LabelPlacer::candidates(const QPointF &p, const QSizeF &size, const Place &place,
                                      const QRectF &pa)
{
    constexpr qreal gap = 6;
    const bool vertical = place.line == Qt::Vertical;
    // Across the line: before it (left of a vertical line, above a horizontal one) or after it,
    // the side asked for first; a side the label does not fit on goes last.
    const qreal acrossSize = vertical ? size.width() : size.height();
    const qreal anchorAcross = vertical ? p.x() : p.y();
    const qreal lo = vertical ? pa.left() : pa.top(), hi = vertical ? pa.right() : pa.bottom();
    QList<qreal> sides{anchorAcross - gap - acrossSize, anchorAcross + gap};
    if (!(place.align & (vertical ? Qt::AlignLeft : Qt::AlignTop)))
        std::swap(sides[0], sides[1]);
    if (place.keepSide)
        sides.removeLast();
    else if (sides[0] < lo || sides[0] + acrossSize > hi)
        std::swap(sides[0], sides[1]);
    // Along the line: where align puts it, then further away on either side, a few pixels at a
    // time, until the plot ends.
    const qreal alongSize = vertical ? size.height() : size.width();
    const qreal anchorAlong = vertical ? p.y() : p.x();
    const Qt::Alignment before = vertical ? Qt::AlignTop : Qt::AlignLeft;
    const Qt::Alignment after = vertical ? Qt::AlignBottom : Qt::AlignRight;
    const qreal along = place.align & before  ? anchorAlong - gap - alongSize
                        : place.align & after ? anchorAlong + gap
                                              : anchorAlong - alongSize / 2;
    constexpr qreal step = 6;
    const int steps = int(std::ceil((vertical ? pa.height() : pa.width()) / step));
    // A region's name may also move away from the line, deeper into its region: nearest first.
    const int deepest = place.keepSide ? int(std::ceil((hi - lo) / step)) : 0;
    const qreal deeper = sides[0] < anchorAcross ? -step : step;
    QList<QRectF> out;
    auto add = [&](qreal a, qreal b) {
        QRectF r = vertical ? QRectF(QPointF(a, b), size) : QRectF(QPointF(b, a), size);
        r.moveLeft(std::clamp(r.left(), pa.left(), std::max(pa.left(), pa.right() - size.width())));
        r.moveTop(std::clamp(r.top(), pa.top(), std::max(pa.top(), pa.bottom() - size.height())));
        out << r;
    };
    for (int d = 0; d <= steps + deepest; ++d)
        for (int j = std::max(0, d - steps); j <= std::min(d, deepest); ++j)
            for (qreal side : sides) {
                const int k = d - j;
                add(side + j * deeper, along + k * step);
                if (k > 0)
                    add(side + j * deeper, along - k * step);
            }
    return out;
}

} // namespace speeduplab
