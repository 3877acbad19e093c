// SPDX-License-Identifier: MIT
// A chart's legend: its entries counted against legendLimit, each name as the legend shows it
// (cut, escaped and wrapped), and the legend fitted to the height the notes leave it.
#include "ui/charts/chartview.h"

#include "ui/charts/chartstyle.h"
#include "ui/charts/textwrap.h"

#include <QGraphicsLayout>
#include <QHash>
#include <QLegend>
#include <QLegendMarker>
#include <QTextDocumentFragment>

#include <algorithm>

namespace speeduplab {

void ChartView::countLegendEntry(bool legend)
{
    if (!legend)
        return;
    // Hidden as soon as the limit is passed, before the remaining series are added: QtCharts
    // lays the legend out again for every marker added to a visible legend.
    if (++m_legendEntries > legendLimit && chart()->legend()->isVisible())
        chart()->legend()->setVisible(false);
}

bool ChartView::legendShown() const
{
    return chart()->legend()->isVisible();
}

QString ChartView::legendName(const QString &name)
{
    // "<run>: <series>": a long run label (a file's, a reference's) would push the series, the part
    // that tells two entries apart, past the legend's edge. The run is cut at a word instead; the
    // Runs panel, the notes and the readout keep it whole.
    constexpr qsizetype most = 32, keep = 28;
    const qsizetype colon = name.lastIndexOf(QLatin1String(": "));
    if (colon <= most)
        return name;
    qsizetype cut = name.lastIndexOf(QLatin1Char(' '), keep);
    if (cut < keep / 2)
        cut = keep;
    return name.left(cut) + QStringLiteral("\u2026") + name.mid(colon);
}

QString ChartView::legendHtml(const QString &name)
{
    QStringList lines = TextWrap::lines(legendName(name), ChartStyle::legendFont(), legendLineWidth);
    for (QString &l : lines)
        l = l.trimmed().toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

QString ChartView::legendText(const QAbstractSeries *s)
{
    QString html = s->name();
    html.replace(QStringLiteral("<br>"), QStringLiteral(" "));
    return QTextDocumentFragment::fromHtml(html).toPlainText();
}

void ChartView::fitLegend()
{
    QLegend *legend = chart()->legend();
    const QList<QLegendMarker *> markers = legend->isVisible() ? legend->markers() : QList<QLegendMarker *>();
    QList<QLegendMarker *> spare;
    for (QLegendMarker *mk : markers)
        if (mk->series() && mk->series()->property(spareProperty).toBool())
            spare << mk;
    const auto relayout = [this, legend] {
        chart()->layout()->activate();
        legend->layout()->invalidate();
        legend->layout()->activate();
    };
    chart()->layout()->activate();
    // Another height or other entries: every spare entry back in, so that each is measured as
    // QtCharts lays it out (a name wrapped onto two lines makes a taller entry). The same: the
    // entries left out stay out, and more leave if the rest still overflow.
    const QString key = QStringLiteral("%1/%2").arg(legend->contentsRect().height()).arg(markers.size());
    if (key != m_legendFitKey) {
        bool shown = false;
        for (QLegendMarker *mk : std::as_const(spare))
            if (!mk->isVisible()) {
                mk->setVisible(true);
                shown = true;
            }
        if (shown)
            relayout();
    }
    // The visible entries' heights, in the legend's order (QtCharts stacks them top down): the
    // marker items are the legend's grandchildren.
    QList<const QGraphicsItem *> items;
    for (const QGraphicsItem *group : legend->childItems())
        for (const QGraphicsItem *item : group->childItems())
            if (item->isVisible())
                items << item;
    std::sort(items.begin(), items.end(),
              [](const QGraphicsItem *x, const QGraphicsItem *y) { return x->y() < y->y(); });
    QHash<const QLegendMarker *, qreal> height;
    qreal used = 0, lowest = 0;
    qsizetype next = 0;
    for (const QLegendMarker *mk : markers)
        if (mk->isVisible() && next < items.size()) {
            const qreal h = items[next++]->boundingRect().height();
            height.insert(mk, h);
            used += h;
            lowest = lowest > 0 ? std::min(lowest, h) : h;
        }
    // One row to spare: the note's line about the entries left out takes height from the plot.
    qreal over = used - legend->contentsRect().height();
    if (over > 0) {
        over += lowest;
        bool hidden = false;
        for (qsizetype i = spare.size() - 1; i >= 0 && over > 0; --i)
            if (spare[i]->isVisible()) {
                over -= height.value(spare[i], lowest);
                spare[i]->setVisible(false);
                hidden = true;
            }
        if (hidden)
            relayout();
    }
    m_legendLeftOut = int(
        std::count_if(spare.begin(), spare.end(), [](const QLegendMarker *mk) { return !mk->isVisible(); }));
    m_legendFitKey = QStringLiteral("%1/%2").arg(legend->contentsRect().height()).arg(markers.size());
}

} // namespace speeduplab
