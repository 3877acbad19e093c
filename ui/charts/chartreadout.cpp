// SPDX-License-Identifier: MIT
// ChartView's hover readout: the measured point nearest the mouse, with its values and what
// its curve's cost model says there.
#include "ui/charts/chartview.h"

#include "ui/charts/chartstyle.h"
#include "ui/format.h"
#include "ui/runstore.h"

#include <QMouseEvent>
#include <QToolTip>
#include <QXYSeries>

#include <algorithm>
#include <cmath>
#include <limits>

namespace speeduplab {

void ChartView::mouseMoveEvent(QMouseEvent *event)
{
    QChartView::mouseMoveEvent(event);
    showReadout(event->position());
}

bool ChartView::viewportEvent(QEvent *event)
{
    // A mouse resting on the chart makes Qt deliver a tooltip event, which the scene answers by
    // hiding any tooltip (its items have none): the readout vanished a second after the mouse
    // stopped. While the readout is up, that event is the readout's: it stays until the mouse
    // moves away from the point or leaves.
    if (event->type() == QEvent::ToolTip && m_readoutShown) {
        event->accept();
        return true;
    }
    return QChartView::viewportEvent(event);
}

void ChartView::leaveEvent(QEvent *event)
{
    QChartView::leaveEvent(event);
    hideReadout();
}

void ChartView::hideReadout()
{
    if (!m_readoutShown)
        return;
    QToolTip::hideText();
    m_readoutShown = false;
}

void ChartView::showReadout(const QPointF &at)
{
    // The nearest marker within a few pixels of the mouse, on any measured curve: waiting for the
    // mouse to touch a 2-pixel line was too fine a target to find.
    const QPointF mouse = chart()->mapFromScene(mapToScene(at.toPoint()));
    const qreal reach = 10 * ChartStyle::zoom();
    const QRectF plot = chart()->plotArea();
    if (!plot.adjusted(-reach, -reach, reach, reach).contains(mouse)) {
        hideReadout();
        return;
    }
    const AxisScale sx = AxisScale::of(m_x), sy = AxisScale::of(m_y);
    const QXYSeries *nearest = nullptr;
    QString nearestId;
    QPointF value;
    qreal least = reach * reach;
    for (const QString &id : std::as_const(m_order)) {
        const auto *s = qobject_cast<const QXYSeries *>(m_series.value(id));
        if (!s || !s->isVisible() ||
            (roleOf(s) != Role::Data && roleOf(s) != Role::Reference && roleOf(s) != Role::Envelope))
            continue;
        for (const QPointF &v : s->points()) {
            const QPointF d = toChart(v.x(), v.y(), sx, sy, plot) - mouse;
            if (const qreal dd = d.x() * d.x() + d.y() * d.y(); dd <= least) {
                least = dd;
                nearest = s;
                nearestId = id;
                value = v;
            }
        }
    }
    if (!nearest) {
        hideReadout();
        return;
    }
    // Shown until the mouse moves off the point (no time limit: a class reads it aloud).
    QToolTip::showText(viewport()->mapToGlobal(at.toPoint()), readout(nearest, nearestId, value), this,
                       QRect(), std::numeric_limits<int>::max());
    m_readoutShown = true;
}

QString ChartView::xReadout(double x) const
{
    return tr("n = %1").arg(Format::n(x));
}

QString ChartView::readout(const QXYSeries *s, const QString &id, const QPointF &at) const
{
    // The point of the curve nearest the cursor (in log x: the axes are logarithmic in n).
    const QList<QPointF> pts = s->points();
    const QString name = s->property("plainName").toString(); // the legend's name is escaped
    if (pts.isEmpty())
        return name;
    QPointF p = pts.front();
    auto gap = [&at](const QPointF &q) {
        return at.x() > 0 && q.x() > 0 ? std::fabs(std::log(q.x() / at.x())) : std::fabs(q.x() - at.x());
    };
    for (const QPointF &q : pts)
        if (gap(q) < gap(p))
            p = q;
    QStringList lines{name, xReadout(p.x())};
    const QString value = Format::number(p.y());
    lines << (m_ySymbol.isEmpty() ? value + m_ratioSuffix : tr("%1 %2").arg(value, m_ySymbol));
    // A measured curve: its time, spread and noise, and what the fitted cost model says there.
    const std::string key =
        xIsSize() && id.startsWith(QLatin1String("data:")) ? id.mid(5).toStdString() : std::string();
    const auto series =
        std::find_if(m_shown.begin(), m_shown.end(), [&key](const Series &x) { return x.key == key; });
    if (series == m_shown.end())
        return lines.join(QLatin1Char('\n'));
    const auto point = std::find_if(series->points.begin(), series->points.end(),
                                    [&p](const SeriesPoint &q) { return q.n == qRound(p.x()); });
    if (point == series->points.end())
        return lines.join(QLatin1Char('\n'));
    lines << tr("time per iteration %1 (middle half %2 \u2013 %3)")
                 .arg(Format::seconds(point->t), Format::seconds(point->tQ1), Format::seconds(point->tQ3));
    // The point's row, by the index it keeps (the model may have changed since: checked).
    if (m_model)
        if (const auto &rows = m_model->resultSet().rows; point->row < rows.size() &&
                                                          rows[point->row].n == point->n &&
                                                          rows[point->row].seriesKey() == key) {
            const Measurement &m = rows[point->row];
            lines << tr("CV %1 % over %2 repetitions").arg(m.stats.cv * 100, 0, 'f', 1).arg(m.stats.reps);
        }
    if (const LinearFit fit = Analysis::fitLinear(*series); fit.valid)
        lines << tr("cost model (fixed cost + work / rate): %1").arg(Format::seconds(fit.at(point->work)));
    return lines.join(QLatin1Char('\n'));
}

} // namespace speeduplab
