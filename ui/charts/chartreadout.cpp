// SPDX-License-Identifier: MIT
// ChartReadout: the measured point nearest the mouse, with its values and what its curve's cost
// model says there.
#include "ui/charts/chartreadout.h"

#include "words/format.h"

#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace speeduplab {

ChartReadout::Hit ChartReadout::nearest(const QList<Curve> &curves, const QPointF &mouse, qreal reach,
                                        const std::function<QPointF(const QPointF &)> &toChart)
{
    Hit hit;
    qreal least = reach * reach;
    for (const Curve &c : curves)
        for (const QPointF &v : c.series->points()) {
            const QPointF d = toChart(v) - mouse;
            if (const qreal dd = d.x() * d.x() + d.y() * d.y(); dd <= least) {
                least = dd;
                hit = {c.series, c.id, v};
            }
        }
    return hit;
}

QString ChartReadout::text(const QXYSeries *s, const QString &id, const QPointF &at, const Axes &axes,
                           const std::vector<Series> &shown, const ResultSet *rows)
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
    QStringList lines{name, axes.xText(p.x())};
    const auto done = [&] {
        if (axes.more)
            lines << axes.more(id, p.x());
        return lines.join(QLatin1Char('\n'));
    };
    const QString value = Format::number(p.y());
    lines << (axes.ySymbol.isEmpty() ? value + axes.ratioSuffix : tr("%1 %2").arg(value, axes.ySymbol));
    // A measured curve: its time, spread and noise, and what the fitted cost model says there.
    const std::string key =
        axes.xIsSize && id.startsWith(QLatin1String("data:")) ? id.mid(5).toStdString() : std::string();
    // The best CPU's line: which thread count is the fastest at this n, and its time.
    if (axes.xIsSize && id.startsWith(QLatin1String("best:")) && id.endsWith(QLatin1String("|best-cpu"))) {
        const std::string run = id.mid(5, id.size() - 5 - 9).toStdString();
        const Series *fastest = nullptr;
        const SeriesPoint *at = nullptr;
        for (const Series &x : shown)
            if (x.cpu() && x.run == run)
                for (const SeriesPoint &q : x.points)
                    if (q.n == qRound(p.x()) && q.t > 0 && (!at || q.t < at->t)) {
                        fastest = &x;
                        at = &q;
                    }
        if (fastest)
            lines << tr("fastest here: %1, %2 per iteration")
                         .arg(tr("%n thread(s)", nullptr, int(fastest->threads)), Format::seconds(at->t));
        return done();
    }
    const auto series =
        std::find_if(shown.begin(), shown.end(), [&key](const Series &x) { return x.key == key; });
    if (series == shown.end())
        return done();
    const auto point = std::find_if(series->points.begin(), series->points.end(),
                                    [&p](const SeriesPoint &q) { return q.n == qRound(p.x()); });
    if (point == series->points.end())
        return done();
    lines << tr("time per iteration %1 (middle half %2 \u2013 %3)")
                 .arg(Format::seconds(point->t), Format::seconds(point->tQ1), Format::seconds(point->tQ3));
    // The point's row, by the index it keeps (the results may have changed since: checked).
    if (rows)
        if (point->row < rows->rows.size() && rows->rows[point->row].n == point->n &&
            rows->rows[point->row].seriesKey() == key) {
            const Measurement &m = rows->rows[point->row];
            lines << tr("CV %1 % over %2 repetitions").arg(m.stats.cv * 100, 0, 'f', 1).arg(m.stats.reps);
            if (!m.conditions.placedOn.empty()) // where its threads ran (Placement), as recorded
                lines
                    << tr("threads: %1").arg(Format::display(QString::fromStdString(m.conditions.placedOn)));
        }
    if (const LinearFit fit = Analysis::fitLinear(*series); fit.valid)
        lines << tr("cost model (fixed cost + work / rate): %1").arg(Format::seconds(fit.at(point->work)));
    return done();
}

} // namespace speeduplab
