// SPDX-License-Identifier: MIT
// ChartView's core: series bookkeeping, axes and units, the throttled rebuild, the empty-chart offer
// and the figure a chart draws for an export (FigureExport writes it).
#include "ui/charts/chartview.h"
#include "ui/charts/chartaccessible.h"

#include "ui/charts/chartreadout.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/figureexport.h"
#include "ui/runstore.h"
#include "words/format.h"

#include <QAccessible>
#include <QAction>
#include <QAreaSeries>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

namespace speeduplab {

namespace {

const char *const kRoleProperty = "speeduplabRole";
constexpr int kThrottleMs = 100;
// Above this many points a chart draws without antialiasing (applyAntialiasing).
constexpr std::size_t kAntialiasedPoints = 2000;

} // namespace

ChartView::ChartView(QWidget *parent) : QChartView(parent)
{
    // A screen reader finds the chart's texts and data table (chartaccessible.h).
    static const bool accessible = (QAccessible::installFactory(chartAccessibleFactory), true);
    Q_UNUSED(accessible);
    setRenderHint(QPainter::Antialiasing);
    setRenderHint(QPainter::TextAntialiasing);
    setMinimumSize(480, 320);
    // Every change repaints the whole plot: with the minimal updates, the grid lines of an axis
    // that changed its ticks stayed on screen in strips above and below the curves.
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    QChart *c = chart();
    c->setBackgroundRoundness(0);
    c->setDropShadowEnabled(false);
    c->setBackgroundBrush(Qt::white);
    c->layout()->setContentsMargins(0, 0, 0, 0);
    c->setTitleFont(ChartStyle::titleFont());
    c->legend()->setFont(ChartStyle::legendFont());
    c->legend()->setAlignment(Qt::AlignRight);
    c->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    c->setAnimationOptions(QChart::NoAnimation); // animations would redo every 100 ms update
    m_throttle.setSingleShot(true);
    m_throttle.setInterval(kThrottleMs);
    connect(&m_throttle, &QTimer::timeout, this, [this] {
        if (isVisible())
            updateNow();
    });
    connect(c, &QChart::plotAreaChanged, this, [this] {
        // The plot moved sideways (wider tick labels, a zoom): the notes wrap again at its left.
        if (chart()->plotArea().left() != m_wrappedAtLeft && !m_labels.isEmpty())
            reserveMargins();
        layoutLabels();
    });
    viewport()->setMouseTracking(true); // the readout follows the mouse, no button pressed
}

ChartView::~ChartView() = default;

void ChartView::applyStyle()
{
    chart()->setTitleFont(ChartStyle::titleFont());
    chart()->legend()->setFont(ChartStyle::legendFont());
    for (QAbstractAxis *axis : chart()->axes()) {
        axis->setTitleFont(ChartStyle::axisTitleFont());
        axis->setLabelsFont(ChartStyle::labelFont());
    }
    reserveMargins();
    updateNow();
}

void ChartView::setModel(const RunStore *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model)
        connect(m_model, &RunStore::resultsChanged, this, &ChartView::scheduleUpdate);
    scheduleUpdate();
}

void ChartView::setWorkload(const QString &workload)
{
    if (workload == m_workload)
        return;
    m_workload = workload;
    scheduleUpdate();
}

void ChartView::setLive(bool live)
{
    if (live == m_live)
        return;
    m_live = live;
    applyAntialiasing();
    scheduleUpdate(); // a chart draws a live sweep's lines otherwise (TimeChart: dotted)
    viewport()->update();
}

void ChartView::applyAntialiasing()
{
    // Antialiasing is most of a repaint in the raster engine: three quarters of a small chart's
    // (15 ms of 20 at 1600 x 900), which the GUI thread would spend on every point of a live
    // sweep. While points arrive, and for thousands of segments, where one-pixel aliased lines
    // look the same, the view draws without it; a finished chart and every export have it.
    setRenderHint(QPainter::Antialiasing, !m_live && m_points <= kAntialiasedPoints);
}

void ChartView::scheduleUpdate()
{
    m_dirty = true;
    if (!m_throttle.isActive())
        m_throttle.start();
}

void ChartView::showEvent(QShowEvent *event)
{
    QChartView::showEvent(event);
    if (m_dirty)
        updateNow();
}

void ChartView::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    reserveMargins();
    layoutLabels();
}

void ChartView::setEmptyOffer(QAction *action)
{
    delete m_offer;
    m_offer = nullptr;
    if (action) {
        m_offer = new QPushButton(action->text(), viewport());
        m_offer->setObjectName(QStringLiteral("emptyOffer"));
        m_offer->setToolTip(action->toolTip());
        m_offer->setDefault(true);
        connect(m_offer, &QPushButton::clicked, action, &QAction::trigger);
    }
    placeOffer();
}

void ChartView::placeOffer()
{
    if (!m_offer)
        return;
    const bool empty = !m_model || m_model->resultSet().rows.empty();
    m_offer->setVisible(empty && !m_exporting);
    if (!empty)
        return;
    // Under the centred message, or in the middle of the plot.
    QRectF under = chart()->plotArea();
    for (const Label &l : std::as_const(m_labels))
        if (l.kind == 2)
            under = l.box->sceneBoundingRect();
    const QPoint at = mapFromScene(QPointF(under.center().x(), under.bottom() + 12));
    m_offer->adjustSize();
    m_offer->move(at.x() - m_offer->width() / 2, at.y());
}

// The hover readout (ChartReadout finds the point and writes the text).

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
    QList<ChartReadout::Curve> curves;
    for (const QString &id : std::as_const(m_order)) {
        const auto *s = qobject_cast<const QXYSeries *>(m_series.value(id));
        if (s && s->isVisible() &&
            (roleOf(s) == Role::Data || roleOf(s) == Role::Reference || roleOf(s) == Role::Envelope))
            curves.append({id, s});
    }
    const ChartReadout::Hit hit = ChartReadout::nearest(
        curves, mouse, reach, [&](const QPointF &v) { return toChart(v.x(), v.y(), sx, sy, plot); });
    if (!hit.series) {
        hideReadout();
        return;
    }
    // Shown until the mouse moves off the point (no time limit: a class reads it aloud), in the
    // charts' zoom (presentation mode's type on a projector).
    if (const QFont f = ChartStyle::widgetFont(); QToolTip::font() != f)
        QToolTip::setFont(f);
    QToolTip::showText(viewport()->mapToGlobal(at.toPoint()), readout(hit.series, hit.id, hit.value), this,
                       QRect(), std::numeric_limits<int>::max());
    m_readoutShown = true;
}

QString ChartView::xReadout(double x) const
{
    return tr("n = %1").arg(Format::n(x));
}

QStringList ChartView::readoutMore(const QString &, double) const
{
    return {};
}

QString ChartView::readout(const QXYSeries *s, const QString &id, const QPointF &at) const
{
    ChartReadout::Axes axes{m_ySymbol, m_ratioSuffix, xIsSize(), [this](double x) { return xReadout(x); },
                            [this](const QString &curve, double x) { return readoutMore(curve, x); }};
    return ChartReadout::text(s, id, at, axes, m_shown, m_model ? &m_model->resultSet() : nullptr);
}

void ChartView::setAxes(QAbstractAxis *x, QAbstractAxis *y)
{
    m_x = x;
    m_y = y;
    chart()->addAxis(x, Qt::AlignBottom);
    chart()->addAxis(y, Qt::AlignLeft);
}

void ChartView::setYUnit(const QString &title, const ChartStyle::Unit &unit)
{
    m_yScale = unit.scale;
    m_ySymbol = unit.symbol;
    const QString text = title.arg(unit.symbol);
    if (m_y->titleText() != text)
        m_y->setTitleText(text);
}

namespace {
}

void ChartView::updateNow()
{
    QElapsedTimer clock;
    clock.start();
    m_throttle.stop();
    m_dirty = false;
    m_touched.clear();
    clearLabels();

    static const ResultSet empty;
    const ResultSet &r = m_model ? m_model->resultSet() : empty;
    std::string workload = m_workload.toStdString();
    bool present = false;
    for (const auto &m : r.rows)
        if (m.workload == workload) {
            present = true;
            break;
        }
    if (!present)
        workload = r.rows.empty() ? std::string() : r.rows.front().workload;
    m_shown = Analysis::series(r, workload); // kept for the hover readouts: no copy

    if (!r.rows.empty()) {
        // The footer names the machine of the newest run shown (a sweep in progress, else the
        // latest time stamp: an example opened after a sweep is older than it), and how many runs
        // share the chart.
        const MachineInfo *newest = &r.machine;
        int shown = 0;
        if (m_model)
            for (int i = 0; i < m_model->runCount(); ++i) {
                const RunRecord &run = m_model->runs()[std::size_t(i)];
                if (!run.visible)
                    continue;
                const bool live = i == m_model->liveRun();
                if (shown++ == 0 || live ||
                    (m_model->liveRun() < 0 && run.results.machine.timestamp > newest->timestamp))
                    newest = &run.results.machine;
            }
        const MachineInfo &m = *newest;
        QStringList parts;

        if (!m.cpuModel.empty())
            parts << QString::fromStdString(m.cpuModel);
        if (m.logicalCores > 0)
            parts << tr("%1 hardware threads").arg(m.logicalCores);
        for (const auto &g : m.gpus)
            parts << QString::fromStdString(g.name);
        if (m.gpus.empty())
            parts << tr("no GPU");
        if (!m.timestamp.empty())
            parts << QString::fromStdString(m.timestamp);
        if (shown > 1 && !parts.isEmpty()) {
            parts.front() = tr("newest: %1").arg(parts.front());
            parts.prepend(tr("%1 runs").arg(shown));
        }
        setCaption(tr("SpeedupLab \u00b7 %1").arg(parts.join(QStringLiteral(" \u00b7 "))));
    }
    m_legendEntries = 0;
    rebuild(r, m_shown, workload);
    // A legend of hundreds of entries cannot be read and costs seconds to lay out: past the
    // limit it stays hidden (countLegendEntry hid it before the rest were added) and the note
    // says so, first, so that it is never cut.
    const bool legend = m_legendEntries <= legendLimit;
    if (chart()->legend()->isVisible() != legend)
        chart()->legend()->setVisible(legend);

    if (!legend) {
        const QString why =
            tr("%1 curves: the legend is hidden (more than %2); the table names each point's series.")
                .arg(m_legendEntries)
                .arg(legendLimit);
        auto note =
            std::find_if(m_labels.begin(), m_labels.end(), [](const Label &l) { return l.kind == 1; });
        if (note == m_labels.end()) {
            setNote(why);
        } else {
            note->full = why + QLatin1Char('\n') + note->full;
            note->text->setText(note->full);
        }
    }
    reserveMargins();
    m_points = 0;
    for (const auto &s : m_shown)
        m_points += s.points.size();
    applyAntialiasing();

    // Series not declared in this rebuild are gone (a new run, another file). One pass: erasing
    // from the list one by one would be quadratic in the number of series.
    QList<QString> kept;
    kept.reserve(m_order.size());
    for (const QString &id : std::as_const(m_order)) {
        if (m_touched.contains(id)) {
            kept << id;
            continue;
        }
        QAbstractSeries *s = m_series.take(id);
        chart()->removeSeries(s);
        delete s;
    }
    // The scene repaints only the bounding rectangles of the items it loses, and a series' markers
    // reach past its line's: repaint the whole view, or fragments of them stay on screen.
    if (kept.size() != m_order.size())
        viewport()->update();
    m_order = std::move(kept);
    layoutLabels();
    describeForScreenReaders();
    m_lastUpdateMs = double(clock.nsecsElapsed()) / 1e6;
    emit updated();
}

void ChartView::track(const QString &id, QAbstractSeries *s, Role role, bool legend)
{
    s->setObjectName(id);
    s->setProperty(kRoleProperty, int(role));
    chart()->addSeries(s);
    s->attachAxis(m_x);
    s->attachAxis(m_y);
    if (!legend)
        for (QLegendMarker *mk : chart()->legend()->markers(s))
            mk->setVisible(false);
    m_series.insert(id, s);
    m_order.append(id);
}

void ChartView::replaceIfChanged(QXYSeries *s, const QList<QPointF> &points)
{
    // Incremental: a live sweep adds one point to one curve at a time, and replace() makes
    // QtCharts lay the whole series out again (the largest part of a big chart's rebuild).
    if (s->count() != points.size() || s->points() != points)
        s->replace(points);
}

QLineSeries *ChartView::line(const QString &id, Role role, const QString &name, const QColor &color,
                             const QList<QPointF> &points, const LineStyle &style)
{
    m_touched.insert(id);
    countLegendEntry(style.legend);
    auto *s = qobject_cast<QLineSeries *>(m_series.value(id));
    // A new series is styled before it joins the chart: each change to a series in a chart
    // updates its legend marker, which QtCharts answers by invalidating every marker.
    const bool created = !s;
    if (created)
        s = new QLineSeries;
    // QtCharts draws a legend label as HTML: a name from a file (a run label, a variant) is data,
    // so it goes in escaped, and the readout takes it back as it is.
    s->setProperty(spareProperty, style.spare && style.legend);
    if (const QString shown = Format::display(name); s->property("plainName").toString() != shown) {
        s->setProperty("plainName", shown);
        s->setName(legendHtml(shown));
    }
    QPen pen(color);
    const bool dense = points.size() > 200;
    // A dense curve is drawn with a one-pixel cosmetic pen: the raster engine's fast path,
    // several times quicker than stroking a wide outline, and the density carries the colour.
    pen.setWidthF(dense ? 1.0 : style.width * ChartStyle::zoom());
    pen.setCosmetic(dense);
    pen.setStyle(style.pen);
    pen.setCapStyle(dense ? Qt::FlatCap : Qt::RoundCap);
    if (s->pen() != pen)
        s->setPen(pen);
    // Markers make single points visible; on dense curves they would only cost time.
    const bool markers = style.markers && points.size() <= 200;
    if (s->pointsVisible() != markers)
        s->setPointsVisible(markers);
    // A run's own shape (below) is drawn at the marker size: larger, to weigh what a circle does.
    if (const qreal size = (markers && style.shape % 4 ? 10 : 6) * ChartStyle::zoom();
        markers && s->markerSize() != size)
        s->setMarkerSize(size);
    if (s->color() != color)
        s->setColor(color);
    // Another run's shape: a small image of it, made once per shape, colour and size.
    const int shape = markers ? style.shape % 4 : 0;
    if (shape != s->property("markerShape").toInt() ||
        (shape > 0 && s->property("markerColor").value<QColor>() != color)) {
        s->setProperty("markerShape", shape);
        s->setProperty("markerColor", color);
        s->setLightMarker(ChartStyle::markerImage(shape, color)); // a null image: circles
    }
    replaceIfChanged(s, points);
    if (created)
        track(id, s, role, style.legend);
    return s;
}

QScatterSeries *ChartView::hollowMarkers(const QString &id, const QColor &color, const QList<QPointF> &points)
{
    m_touched.insert(id);
    auto *s = qobject_cast<QScatterSeries *>(m_series.value(id));
    const bool created = !s;
    if (created)
        s = new QScatterSeries;
    s->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    s->setMarkerSize(11 * ChartStyle::zoom());
    s->setBrush(chart()->backgroundBrush().color());
    QPen pen(color);
    pen.setWidthF(2 * ChartStyle::zoom());
    if (s->pen() != pen)
        s->setPen(pen);
    replaceIfChanged(s, points);
    if (created)
        track(id, s, Role::Marker, false);
    return s;
}

QAreaSeries *ChartView::area(const QString &id, Role role, const QString &name, const QColor &fill,
                             const QList<QPointF> &lower, const QList<QPointF> &upper, bool legend)
{
    m_touched.insert(id);
    countLegendEntry(legend);
    auto *s = qobject_cast<QAreaSeries *>(m_series.value(id));
    if (!s) {
        auto *up = new QLineSeries;
        auto *down = new QLineSeries;
        s = new QAreaSeries(up, down);
        up->setParent(s);
        down->setParent(s);
        s->setPen(Qt::NoPen);
        track(id, s, role, legend);
    }
    if (const QString shown = legendHtml(Format::display(name)); s->name() != shown)
        s->setName(shown);
    if (s->brush().color() != fill)
        s->setBrush(fill);
    replaceIfChanged(s->upperSeries(), upper);
    replaceIfChanged(s->lowerSeries(), lower);
    return s;
}

QList<QXYSeries *> ChartView::seriesWithRole(Role role) const
{
    QList<QXYSeries *> out;
    for (const QString &id : m_order) {
        QAbstractSeries *s = m_series.value(id);
        if (roleOf(s) != role)
            continue;
        if (auto *xy = qobject_cast<QXYSeries *>(s))
            out << xy;
    }
    return out;
}

int ChartView::countWithRole(Role role) const
{
    int n = 0;
    for (const QString &id : m_order)
        n += roleOf(m_series.value(id)) == role;
    return n;
}

ChartView::Role ChartView::roleOf(const QAbstractSeries *s)
{
    return s ? Role(s->property(kRoleProperty).toInt()) : Role::Guide;
}

void ChartView::thinBand(QList<QPointF> &lower, QList<QPointF> &upper, int maxPoints)
{
    const qsizetype n = std::min(lower.size(), upper.size());
    if (n <= maxPoints)
        return;
    const qsizetype run = (n + maxPoints - 1) / maxPoints;
    QList<QPointF> lo, hi;
    for (qsizetype i = 0; i < n; i += run) {
        const qsizetype end = std::min(n, i + run);
        double l = lower[i].y(), h = upper[i].y();
        for (qsizetype k = i + 1; k < end; ++k) {
            l = std::min(l, lower[k].y());
            h = std::max(h, upper[k].y());
        }
        // The run's ends keep the band's extent along x exact at the first and the last point.
        const double x = i == 0 ? lower[0].x() : end == n ? lower[n - 1].x() : lower[(i + end) / 2].x();
        lo << QPointF(x, l);
        hi << QPointF(x, h);
    }
    lower = lo;
    upper = hi;
}

void ChartView::decades(double lo, double hi, double &outLo, double &outHi)
{
    if (!(lo > 0) || !std::isfinite(lo))
        lo = 1;
    if (!(hi > 0) || !std::isfinite(hi) || hi < lo)
        hi = lo;
    // Within what a double's powers of ten reach: 10^floor(log10(5e-324)) is 0.
    lo = std::clamp(lo, 1e-300, 1e300);
    hi = std::clamp(hi, lo, 1e300);
    outLo = std::pow(10.0, std::floor(std::log10(lo) + 1e-9));
    outHi = std::pow(10.0, std::ceil(std::log10(hi) - 1e-9));
    if (outHi <= outLo)
        outHi = outLo * 10;
    // QLogValueAxis rounds log10 of its ends to find the labelled decades: nudge the ends
    // outwards so that 0.1 (log10 = -0.99999...) still gets its label.
    outLo *= 1 - 1e-9;
    outHi *= 1 + 1e-9;
}

double ChartView::niceStep(double v)
{
    const double decade = std::pow(10.0, std::floor(std::log10(std::clamp(v, 1.0, 1e300))));
    for (const double m : {1.0, 2.0, 5.0, 10.0})
        if (m * decade >= v)
            return m * decade;
    return 10 * decade;
}

namespace {

void setAxisRange(QAbstractAxis *axis, double lo, double hi)
{
    constexpr double huge = 1e300;
    if (auto *l = qobject_cast<QLogValueAxis *>(axis)) {
        constexpr double tiny = 1e-300, span = 1e40; // 40 decades
        lo = std::isfinite(lo) && lo > 0 ? std::clamp(lo, tiny, huge) : 1;
        hi = std::isfinite(hi) && hi > 0 ? std::clamp(hi, tiny, huge) : lo * 10;
        if (!(hi > lo * (1 + 1e-12)))
            hi = lo * 10;
        if (hi / lo > span)
            lo = hi / span;
        // QLogValueAxis rounds log10 of its ends to find the decades it labels: ends nudged
        // outwards keep the label of an end on a decade (0.1, whose log10 may round to -0.99…).
        l->setRange(lo * (1 - 1e-9), hi * (1 + 1e-9));
    } else if (auto *v = qobject_cast<QValueAxis *>(axis)) {
        lo = std::isfinite(lo) ? std::clamp(lo, -huge, huge) : 0;
        hi = std::isfinite(hi) ? std::clamp(hi, -huge, huge) : lo + 1;
        if (!(hi > lo))
            hi = lo + std::max(1.0, std::abs(lo) * 1e-6);
        if (v->tickType() == QValueAxis::TicksDynamic && (hi - lo) / v->tickInterval() > ChartView::maxTicks)
            v->setTickInterval(ChartView::niceStep((hi - lo) / 8));
        v->setRange(lo, hi);
    }
}

} // namespace

void ChartView::setRanges(double xMin, double xMax, double yMin, double yMax)
{
    setAxisRange(m_x, xMin, xMax);
    setAxisRange(m_y, yMin, yMax);
    // A log axis labels its decades with "%.10g", plain numbers from 0.0001 up; below that printf
    // writes "1e-05" (a ratio has no unit to change: a GPU 10^5 times slower than the CPU).
    // QtCharts formats every label of an axis with one format, and none writes both 0.00001 and
    // 1000 as they are: decimals enough for the lowest decade wrote "1000.00000" (Compare's ratio
    // axis). Such an axis keeps those labels for the room they take, drawn transparent, and
    // labelDecades writes each decade over them.
    for (QAbstractAxis *a : {m_x, m_y})
        if (auto *l = qobject_cast<QLogValueAxis *>(a)) {
            const int lowest = int(std::ceil(std::log10(l->min()) - 1e-6));
            // At most 12 decimals: a range reaching far below (a bug, a hostile file) must not
            // take the width of dozens of digits.
            const QString format =
                lowest < -4 ? QStringLiteral("%.%1f").arg(std::min(-lowest, 12)) : QStringLiteral("%.10g");
            if (l->labelFormat() != format)
                l->setLabelFormat(format);
            if (!m_axisLabelColor.isValid() && l->labelsColor().alpha() > 0)
                m_axisLabelColor = l->labelsColor();
            const QColor color = lowest < -4 ? QColor(Qt::transparent) : m_axisLabelColor;
            if (color.isValid() && l->labelsColor() != color)
                l->setLabelsColor(color);
        }
    labelDecades();
}

ChartView::AxisScale ChartView::AxisScale::of(const QAbstractAxis *axis)
{
    AxisScale s;
    if (auto *l = qobject_cast<const QLogValueAxis *>(axis)) {
        s.log = true;
        if (l->min() > 0 && l->max() > l->min()) {
            s.lo = std::log(l->min());
            s.span = std::log(l->max()) - s.lo;
        }
    } else if (auto *a = qobject_cast<const QValueAxis *>(axis)) {
        s.lo = a->min();
        s.span = std::max(0.0, a->max() - a->min());
    }
    return s;
}

double ChartView::AxisScale::fraction(double v) const
{
    if (!(span > 0) || (log && !(v > 0)))
        return 0;
    return ((log ? std::log(v) : v) - lo) / span;
}

QPointF ChartView::toChart(double x, double y, const AxisScale &sx, const AxisScale &sy, const QRectF &plot)
{
    return {plot.left() + sx.fraction(x) * plot.width(), plot.bottom() - sy.fraction(y) * plot.height()};
}

QPointF ChartView::toChart(double x, double y) const
{
    return toChart(x, y, AxisScale::of(m_x), AxisScale::of(m_y), chart()->plotArea());
}

QSizeF ChartView::layOutForExport(const QSizeF &logical)
{
    // An export is a figure, not a window: rebuilt for it, its notes leave out what to click
    // (exporting()); the window's own chart is rebuilt after it (restoreAfterExport).
    QChart *c = chart();
    const QSizeF old = c->size(); // before anything is laid out for the figure
    m_exporting = true;
    m_noteOverflow = 0;
    c->resize(logical);
    updateNow();
    c->layout()->activate(); // the plot area of this size now: the labels and titles fit to it
    reserveMargins();
    layoutLabels();
    return old;
}

QSize ChartView::figureSize(const QSize &pixels)
{
    qreal scale = 1;
    const QSizeF logical = FigureExport::layoutSize(pixels.expandedTo(QSize(16, 16)), &scale);
    m_noteRoom = 0;
    restoreAfterExport(layOutForExport(logical));
    if (!(m_noteOverflow > 0))
        return pixels;
    // Taller by the lines left out, which the export that follows gives room below the plot; at
    // most twice as tall as asked (a thumbnail stays one, and says that its notes were cut).
    const qreal grown = logical.height() + std::min(m_noteOverflow, logical.height());
    const int height = std::min(16384, int(std::ceil(grown * scale)));
    m_noteRoom = 0.25 * logical.height() + (height / scale - logical.height());
    return QSize(pixels.width(), height);
}

void ChartView::renderInto(QPainter &painter, const QSizeF &logical)
{
    const QSizeF old = layOutForExport(logical);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    scene()->render(&painter, QRectF(QPointF(0, 0), logical), QRectF(chart()->pos(), logical),
                    Qt::IgnoreAspectRatio);
    restoreAfterExport(old);
}

void ChartView::restoreAfterExport(const QSizeF &old)
{
    m_exporting = false;
    m_noteRoom = 0;
    // The export's margins first: a chart that kept room for all of its notes could not shrink
    // back to the window's size (its minimum is its margins).
    chart()->setMargins(QMargins(8, 8, 12, 4));
    if (old.isValid() && !old.isEmpty())
        chart()->resize(old);
    if (isVisible()) {
        updateNow();
    } else {
        m_dirty = true;
        reserveMargins();
        layoutLabels();
    }
}

QImage ChartView::toImage(const QSize &pixels)
{
    return FigureExport::image(pixels,
                               [this](QPainter &p, const QSizeF &logical) { renderInto(p, logical); });
}

bool ChartView::savePng(const QString &path, const QSize &pixels, QString *error)
{
    return FigureExport::png(
        path, figureSize(pixels), [this](QPainter &p, const QSizeF &logical) { renderInto(p, logical); },
        error);
}

QByteArray ChartView::toSvg(const QSize &pixels)
{
    return FigureExport::svgData(figureSize(pixels), logicalDpiX(), m_plainTitle,
                                 [this](QPainter &p, const QSizeF &logical) { renderInto(p, logical); });
}

bool ChartView::saveSvg(const QString &path, const QSize &pixels, QString *error)
{
    return FigureExport::svg(
        path, figureSize(pixels), logicalDpiX(), m_plainTitle,
        [this](QPainter &p, const QSizeF &logical) { renderInto(p, logical); }, error);
}

} // namespace speeduplab
