// SPDX-License-Identifier: MIT
// The texts a chart adds to its curves: labels in the plot (crossovers, ceilings, regions), placed
// where they cover no point and no other label, and the note and caption below the axes (the
// legend fits to what they leave: chartlegend.cpp).

#include "ui/charts/chartview.h"

#include "ui/charts/chartstyle.h"
#include "ui/charts/labelplacer.h"
#include "ui/charts/textwrap.h"
#include "words/format.h"
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLogValueAxis>
#include <QScopedValueRollback>
#include <QValueAxis>
#include <QXYSeries>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace speeduplab {

namespace {
/// Below this height (scene pixels) a chart on screen is short: see reserveMargins.
constexpr qreal kShortChart = 400;
} // namespace

ChartView::Label ChartView::makeLabel(const QString &text, const QColor &color, const QFont &font, int kind)
{
    Label l;
    l.kind = kind;
    l.box = new QGraphicsRectItem(chart());
    l.box->setZValue(1000);
    if (kind == 1 || kind == 3) { // text in the margin below the axes: no box
        l.box->setPen(Qt::NoPen);
        l.box->setBrush(Qt::NoBrush);
    } else {
        QPen pen(kind == 0 ? color : QColor(0xbb, 0xbb, 0xbb));
        pen.setWidthF(1);
        l.box->setPen(pen);
        l.box->setBrush(QColor(255, 255, 255, 230));
    }
    l.text = new QGraphicsSimpleTextItem(text, l.box);
    l.full = text;
    l.text->setFont(font);
    l.text->setBrush(color);
    return l;
}

void ChartView::addLabel(const QString &text, const QString &brief, double x, double y, const QColor &color,
                         const Place &place)
{
    QFont f = ChartStyle::noteFont();
    f.setBold(true);
    Label l = makeLabel(Format::display(text), color, f, 0);
    l.x = x;
    l.y = y;
    l.place = place;
    l.brief = Format::display(brief);
    m_labels << l;
}

QFont ChartView::noteFont() const
{
    return ChartStyle::noteFont();
}

void ChartView::setNote(const QString &given, bool centred)
{
    if (given.isEmpty())
        return;
    const QString text = Format::display(given);
    if (!centred)
        for (Label &l : m_labels)
            if (l.kind == 1) { // one note below the chart: a second one adds its lines
                l.full += QLatin1Char('\n') + text;
                l.text->setText(l.full);
                return;
            }
    m_labels << makeLabel(text, QColor(0x22, 0x22, 0x22), noteFont(), centred ? 2 : 1);
}

void ChartView::setCaption(const QString &text)
{
    if (text.isEmpty())
        return;
    m_labels << makeLabel(Format::visible(text), QColor(0x77, 0x77, 0x77), ChartStyle::captionFont(), 3);
}

void ChartView::setChartTitle(const std::string &workload, const QString &what)
{
    // QtCharts draws the title as HTML: the workload's name comes from the results, so escaped.
    m_plainTitle = Format::visible(
        workload.empty() ? what : QString::fromStdString(workload) + QStringLiteral(": ") + what);
    const QString t = m_plainTitle.toHtmlEscaped();
    if (chart()->title() != t)
        chart()->setTitle(t);
}

bool ChartView::showIfNoCurve(const ResultSet &r, const std::vector<Series> &all)
{
    if (!all.empty())
        return false;
    showEmpty(r.rows.empty() ? tr("No results yet.\nRun a sweep (Ctrl+R) or open a results file (Ctrl+O).")
                             : tr("No point has a time to plot: they failed or were skipped."));
    return true;
}

void ChartView::showEmpty(const QString &why)
{
    setNote(why, true);
}

void ChartView::clearLabels()
{
    for (const Label &l : std::as_const(m_labels))
        delete l.box;
    m_labels.clear();
    m_placedIn = QRectF();
}

void ChartView::describeForScreenReaders()
{
    const QString title = chart()->title();
    setAccessibleName(title.isEmpty() ? tabTitle() : title);
    QStringList curves;
    qsizetype more = 0;
    for (QXYSeries *s : seriesWithRole(Role::Data)) {
        if (s->name().isEmpty() || s->count() == 0)
            continue;
        if (curves.size() < 40) // hundreds of thread counts would be minutes of speech
            curves << legendText(s);
        else
            ++more;
    }
    QStringList parts;
    if (!curves.isEmpty())
        parts << tr("Curves: %1.").arg(curves.join(QStringLiteral("; "))) +
                     (more > 0 ? QLatin1Char(' ') + tr("And %1 more.").arg(more) : QString());
    for (const QAbstractAxis *a : {m_x, m_y}) {
        const auto *l = qobject_cast<const QLogValueAxis *>(a);
        const auto *v = qobject_cast<const QValueAxis *>(a);
        if ((l || v) && !a->titleText().isEmpty())
            parts << tr("%1: from %2 to %3.")
                         .arg(a->titleText(), Format::number(l ? l->min() : v->min()),
                              Format::number(l ? l->max() : v->max()));
    }
    if (const QString notes = noteText(); !notes.isEmpty())
        parts << notes;
    setAccessibleDescription(parts.join(QLatin1Char('\n')));
}

QString ChartView::noteText() const
{
    QStringList out;
    for (const Label &l : m_labels)
        if (l.kind == 1 || l.kind == 2)
            out << fullNote(l);
    return out.join(QLatin1Char('\n'));
}

QString ChartView::fullNote(const Label &l) const
{
    if (l.kind != 1 || m_legendLeftOut == 0)
        return l.full;
    return l.full + QLatin1Char('\n') +
           tr("The legend lists %1 of its %2 entries, for want of room: hover a curve for its name; "
              "the table names every point's series.")
               .arg(m_legendEntries - m_legendLeftOut)
               .arg(m_legendEntries);
}

bool ChartView::noteShown() const
{
    return std::any_of(m_labels.begin(), m_labels.end(),
                       [](const Label &l) { return (l.kind == 1 || l.kind == 2) && l.box->isVisible(); });
}

QString ChartView::captionText() const
{
    for (const Label &l : m_labels)
        if (l.kind == 3)
            return l.full;
    return {};
}

QStringList ChartView::labelTexts() const
{
    QStringList out;
    for (const Label &l : m_labels)
        if (l.kind == 0)
            out << l.full;
    return out;
}

QList<QRectF> ChartView::labelRects() const
{
    QList<QRectF> out;
    for (const Label &l : m_labels)
        if (l.kind == 0)
            out << (l.box->isVisible() ? l.box->mapRectToParent(l.box->rect()) : QRectF());
    return out;
}

void ChartView::reserveMargins()
{
    // Laying the legend out moves the plot, whose signal asks for the margins again: once is enough.
    if (m_reserving)
        return;
    const QScopedValueRollback<bool> guard(m_reserving, true);
    applyMargins();
    // The legend fits the height the margins leave it; when that changes how many entries it
    // leaves out, the note's line saying so changes too.
    const int before = m_legendLeftOut;
    fitLegend();
    if (m_legendLeftOut != before)
        applyMargins();
}

void ChartView::applyMargins()
{
    // The note and the caption sit below the axis title, like a figure's caption, so that they
    // never cover a curve.
    qreal bottom = 4;
    const QRectF pa = chart()->plotArea();
    const qreal width = std::max<qreal>(240, chart()->size().width() - (pa.isValid() ? pa.left() : 60) - 16);
    m_wrappedAtLeft = pa.isValid() ? pa.left() : -1;
    for (Label &l : m_labels) {
        if (l.kind != 1)
            continue;
        const QString full = fullNote(l);
        // Long sentences wrap at the chart's width (after a semicolon when there is one).
        QStringList lines = TextWrap::lines(full, l.text->font(), width);
        // The note never takes more than about a quarter of the chart's height: the plot stays
        // large enough to read, and to hold its labels.
        const qreal lineHeight = QFontMetricsF(l.text->font()).lineSpacing();
        const qreal room = m_exporting && m_noteRoom > 0 ? m_noteRoom : 0.25 * chart()->size().height();
        const qsizetype most = std::max<qsizetype>(3, qsizetype(room / lineHeight + 1e-6));
        const bool cut = lines.size() > most;
        if (cut && m_exporting) // figureSize() grows the figure by it
            m_noteOverflow = std::max(m_noteOverflow, qreal(lines.size() - most) * lineHeight + 2);
        if (cut) {
            // Whole notes are kept or left out: a sentence cut after its first line read as if
            // the chart's edge had cut it. (Continuation lines are the indented ones.)
            qsizetype keep = most - 1;
            while (keep > 0 && lines[keep].startsWith(QLatin1Char(' ')))
                --keep;
            if (keep == 0)
                keep = most - 1;
            const qsizetype rest = lines.size() - keep;
            lines.resize(keep);
            // On screen the whole note is the box's tooltip; a file says where the rest went.
            const QString more =
                m_exporting ? tr("\u2026 and %1 more of notes: the chart is too small to show them.")
                            : tr("\u2026 and %1 more of notes: hover over the note to read them all.");
            lines << TextWrap::lines(more.arg(tr("%n line(s)", nullptr, int(rest))), l.text->font(), width);
        }
        const QString text = lines.join(QLatin1Char('\n'));
        if (l.text->text() != text)
            l.text->setText(text);
        const QString tip = cut ? full : QString();
        if (l.box->toolTip() != tip)
            l.box->setToolTip(tip);
    }
    // A short chart on screen (a 1024 x 700 window, where Explain shares its page with the
    // what-if panel) keeps its lines for the plot: the footer (the machine, for an exported
    // figure) and a note the page says elsewhere are left out. Exports keep both.
    const bool brief = !m_exporting && chart()->size().height() < kShortChart;
    for (const Label &l : std::as_const(m_labels)) {
        if (l.kind != 1 && l.kind != 3)
            continue;
        const bool shown = !(brief && (l.kind == 3 || m_noteElsewhere));
        if (l.box->isVisible() != shown)
            l.box->setVisible(shown);
        if (shown)
            bottom += l.text->boundingRect().height() + 10; // the labels' padding, 5 above and below
    }
    const QMargins m(8, 8, 12, int(std::ceil(bottom)));
    if (chart()->margins() != m) {
        chart()->setMargins(m);
        chart()->layout()->activate(); // now, not at the next event: an export renders right after
    }
}

namespace {
constexpr qreal kPad = 5; // between a label's box and its text
} // namespace

QSizeF ChartView::fitBox(Label &l)
{
    const QRectF text = l.text->boundingRect();
    const QSizeF size(text.width() + 2 * kPad, text.height() + 2 * kPad);
    l.text->setPos(kPad, kPad);
    l.box->setRect(QRectF(QPointF(0, 0), size));
    return size;
}

void ChartView::fitAxisTitles()
{
    // An axis title longer than its side of the plot (a short chart under banners and notes, a
    // small window, presentation zoom) is set smaller, down to 70 %, then shortened to its first
    // word and its unit ("time (\u00b5s)"), before QtCharts would cut it to "time per iterat\u2026".
    const QRectF pa = chart()->plotArea();
    for (const auto &[axis, room] : {std::pair{m_x, pa.width()}, std::pair{m_y, pa.height()}}) {
        // Below 120 pixels the chart is not laid out yet (a new chart, an export being sized):
        // the full title stays until there is a plot to fit it to.
        if (!axis || room < 120)
            continue;
        QString &full = axis == m_x ? m_xTitle : m_yTitle;
        if (axis->titleText() != full && axis->titleText() != shortTitle(full))
            full = axis->titleText(); // set anew since (a new unit, a language)
        if (full.isEmpty())
            continue;
        // The full title at its size or smaller, else the short one the same way, else the short
        // one at the smallest size (QtCharts cuts what is left).
        QStringList forms{full};
        if (const QString brief = shortTitle(full); brief != full)
            forms << brief;
        const QFont base = ChartStyle::axisTitleFont();
        QFont font = base;
        QString text = forms.back();
        font.setPointSizeF(base.pointSizeF() * 0.7);
        for (const QString &t : forms) {
            const qreal width = QFontMetricsF(base).horizontalAdvance(t);
            if (width * 0.7 <= room - 8) {
                text = t;
                font = base;
                if (width > room - 8)
                    font.setPointSizeF(base.pointSizeF() * (room - 8) / width);
                break;
            }
        }
        if (axis->titleFont() != font)
            axis->setTitleFont(font);
        if (axis->titleText() != text)
            axis->setTitleText(text);
    }
    // A log axis too short for a label at every decade: QtCharts dropped whichever collided, and
    // the labels skipped unevenly (10000, 1000, 10, 0.1). A label every second decade instead.
    if (auto *y = qobject_cast<QLogValueAxis *>(m_y);
        y && pa.height() >= 120 && y->min() > 0 && y->max() > y->min()) {
        const double decades = std::log10(y->max() / y->min());
        const qreal labelHeight = QFontMetricsF(y->labelsFont()).height();
        const bool sparse = decades > 2 && pa.height() / decades < 1.6 * labelHeight;
        if (const qreal base = sparse ? 100 : 10; y->base() != base) {
            y->setBase(base);
            y->setMinorTickCount(sparse ? 0 : 8);
        }
    }
}

void ChartView::labelDecades()
{
    qDeleteAll(m_decadeLabels);
    m_decadeLabels.clear();
    const QRectF pa = chart()->plotArea();
    for (QAbstractAxis *a : {m_x, m_y}) {
        auto *l = qobject_cast<QLogValueAxis *>(a);
        if (!l || l->labelsColor().alpha() > 0 || !l->labelsVisible() || pa.isEmpty())
            continue;
        const AxisScale scale = AxisScale::of(l);
        const bool sparse = l->base() >= 100; // fitAxisTitles' short axis: the powers of 100
        const int first = int(std::ceil(std::log10(l->min()) - 1e-6)),
                  last = int(std::floor(std::log10(l->max()) + 1e-6));
        for (int k = first; k <= last; ++k) {
            if (sparse && k % 2 != 0)
                continue;
            const double v = std::pow(10.0, k);
            auto *text = new QGraphicsSimpleTextItem(QString::number(v, 'f', std::clamp(-k, 0, 12)), chart());
            text->setFont(l->labelsFont());
            text->setBrush(m_axisLabelColor.isValid() ? m_axisLabelColor : palette().color(QPalette::Text));
            const QSizeF size = text->boundingRect().size();
            const qreal f = scale.fraction(v);
            // Where QtCharts puts its own: right-aligned left of the plot, or centred below it.
            if (a == m_y)
                text->setPos(pa.left() - 8 - size.width(), pa.bottom() - f * pa.height() - size.height() / 2);
            else
                text->setPos(pa.left() + f * pa.width() - size.width() / 2, pa.bottom() + 6);
            text->setZValue(5);
            m_decadeLabels << text;
        }
    }
}

QString ChartView::shortTitle(const QString &title)
{
    // "time per iteration (µs)" -> "time (µs)"; "speedup over 1 thread" -> "speedup".
    const qsizetype space = title.indexOf(QLatin1Char(' '));
    if (space < 0)
        return title;
    const qsizetype unit = title.endsWith(QLatin1Char(')')) ? title.lastIndexOf(QLatin1String(" (")) : -1;
    return title.left(space) + (unit > space ? title.mid(unit) : QString());
}

void ChartView::layoutLabels()
{
    fitAxisTitles();
    labelDecades();
    const QRectF pa = chart()->plotArea();
    const QRectF all = chart()->rect();
    qreal captionHeight = 0;
    for (const Label &l : std::as_const(m_labels))
        if (l.kind == 3 && l.box->isVisible())
            captionHeight = l.text->boundingRect().height() + 2 * kPad;
    // What the labels in the plot must not cover: the data points, then the labels placed before.
    // Placed again only when the plot moved: the points are where they were otherwise.
    QList<QRectF> obstacles;
    bool obstaclesKnown = false;
    const bool place = pa != m_placedIn;
    m_placedIn = pa;
    for (Label &l : m_labels) {
        if (l.kind == 0) {
            if (!place)
                continue;
            if (!obstaclesKnown) {
                obstacles = dataRects();
                obstaclesKnown = true;
            }
            if (const QRectF at = placeInPlot(l, obstacles); !at.isNull())
                obstacles << at;
            continue;
        }
        if (l.kind == 3) {
            // The footer fits the chart's width (a zoomed caption ran off its left edge).
            const qreal room = all.width() - 24 - 2 * kPad;
            const QString text = QFontMetricsF(l.text->font()).elidedText(l.full, Qt::ElideRight, room);
            if (l.text->text() != text)
                l.text->setText(text);
        }
        if (l.kind == 2) {
            // The message in the middle of an empty plot wraps at the plot's width: a long one
            // ran past the chart's edge.
            const QString text =
                TextWrap::lines(l.full, l.text->font(), std::max<qreal>(160, pa.width() - 4 * kPad), false)
                    .join(QLatin1Char('\n'));
            if (l.text->text() != text)
                l.text->setText(text);
        }
        const QSizeF size = fitBox(l);
        switch (l.kind) {
        case 1:
            l.box->setPos(pa.left() - kPad, all.bottom() - captionHeight - size.height());
            break;
        case 2:
            l.box->setPos(pa.center() - QPointF(size.width() / 2, size.height() / 2));
            break;
        default:
            // An export keeps room to the right: an SVG viewer that draws the footer in a wider
            // font than Qt measured with clipped its end at the image's edge.
            l.box->setPos(all.right() - size.width() * (m_exporting ? 1.15 : 1.0) - 12,
                          all.bottom() - size.height());
        }
    }
    placeOffer();
}

QRectF ChartView::placeInPlot(Label &l, const QList<QRectF> &obstacles)
{
    // The full text where it covers nothing, else the short form. A full text wider than 40 % of
    // the plot would crowd it: the short form comes first then. With no free place for either
    // the label is not drawn: on a plot that small, covering the data would be worse (the note,
    // the legend and the table say the same).
    QStringList forms{l.full};
    if (!l.brief.isEmpty()) {
        const qreal fullWidth = QFontMetricsF(l.text->font()).horizontalAdvance(l.full);
        forms.insert(fullWidth > 0.4 * chart()->plotArea().width() ? 0 : 1, l.brief);
    }
    for (const QString &t : std::as_const(forms)) {
        if (l.text->text() != t)
            l.text->setText(t);
        const QSizeF size = fitBox(l);
        if (const auto at =
                LabelPlacer::freePlace(toChart(l.x, l.y), size, l.place, chart()->plotArea(), obstacles)) {
            l.box->setPos(at->topLeft());
            l.box->setVisible(true);
            return *at;
        }
    }
    l.box->setVisible(false);
    return {};
}

QList<QRectF> ChartView::dataRects() const
{
    // A marker (6 pixels) and its outline.
    constexpr qreal half = 4.5;
    const QRectF pa = chart()->plotArea();
    const AxisScale sx = AxisScale::of(m_x), sy = AxisScale::of(m_y);
    QList<QRectF> out;
    for (const QString &id : m_order) {
        auto *s = qobject_cast<QXYSeries *>(m_series.value(id));
        if (!s || (roleOf(s) != Role::Data && roleOf(s) != Role::Reference && roleOf(s) != Role::Envelope))
            continue;
        for (const QPointF &v : s->points()) {
            const QPointF p = toChart(v.x(), v.y(), sx, sy, pa);
            if (pa.contains(p))
                out << QRectF(p.x() - half, p.y() - half, 2 * half, 2 * half);
        }
    }
    return out;
}

} // namespace speeduplab
