// SPDX-License-Identifier: MIT
#include "ui/chartview.h"

#include "ui/chartstyle.h"
#include "ui/resultmodel.h"

#include <QAreaSeries>
#include <QBrush>
#include <QBuffer>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace speeduplab {

namespace {

const char *const kRoleProperty = "speeduplabRole";
constexpr int kThrottleMs = 100;
constexpr double kSlideWidth = 1280; // the logical width large exports are laid out at

QString writeFailure(const QString &path, const QString &why)
{
    return ChartView::tr("Could not write %1: %2. Choose another folder or file name.").arg(path, why);
}

} // namespace

ChartView::ChartView(QWidget *parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setRenderHint(QPainter::TextAntialiasing);
    setMinimumSize(480, 320);
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
    connect(c, &QChart::plotAreaChanged, this, [this] { layoutLabels(); });
}

ChartView::~ChartView() = default;

void ChartView::setModel(const ResultModel *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model)
        connect(m_model, &ResultModel::resultsChanged, this, &ChartView::scheduleUpdate);
    scheduleUpdate();
}

void ChartView::setWorkload(const QString &workload)
{
    if (workload == m_workload)
        return;
    m_workload = workload;
    scheduleUpdate();
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

void ChartView::setAxes(QAbstractAxis *x, QAbstractAxis *y)
{
    m_x = x;
    m_y = y;
    chart()->addAxis(x, Qt::AlignBottom);
    chart()->addAxis(y, Qt::AlignLeft);
}

namespace {
constexpr std::size_t kAntialiasedPoints = 2000;
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
    const std::vector<Series> all = Analysis::series(r, workload);

    if (!r.rows.empty()) {
        const MachineInfo &m = r.machine;
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
        setCaption(tr("SpeedupLab \u00b7 %1").arg(parts.join(QStringLiteral(" \u00b7 "))));
    }
    rebuild(r, all, workload);
    reserveMargins();
    // Antialiasing thousands of line segments is most of a dense chart's repaint in the raster
    // engine; at that density one-pixel aliased lines look the same. Exports keep antialiasing.
    std::size_t points = 0;
    for (const auto &s : all)
        points += s.points.size();
    setRenderHint(QPainter::Antialiasing, points <= kAntialiasedPoints);

    // Series not declared in this rebuild are gone (a new run, another file).
    for (auto it = m_order.begin(); it != m_order.end();) {
        if (!m_touched.contains(*it)) {
            QAbstractSeries *s = m_series.take(*it);
            chart()->removeSeries(s);
            delete s;
            it = m_order.erase(it);
        } else {
            ++it;
        }
    }
    layoutLabels();
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

QLineSeries *ChartView::line(const QString &id, Role role, const QString &name, const QColor &color,
                             const QList<QPointF> &points, const LineStyle &style)
{
    m_touched.insert(id);
    auto *s = qobject_cast<QLineSeries *>(m_series.value(id));
    if (!s) {
        s = new QLineSeries;
        track(id, s, role, style.legend);
    }
    if (s->name() != name)
        s->setName(name);
    QPen pen(color);
    const bool dense = points.size() > 200;
    // A dense curve is drawn with a one-pixel cosmetic pen: the raster engine's fast path,
    // several times quicker than stroking a wide outline, and the density carries the colour.
    pen.setWidthF(dense ? 1.0 : style.width);
    pen.setCosmetic(dense);
    pen.setStyle(style.pen);
    pen.setCapStyle(dense ? Qt::FlatCap : Qt::RoundCap);
    if (s->pen() != pen)
        s->setPen(pen);
    // Markers make single points visible; on dense curves they would only cost time.
    const bool markers = style.markers && points.size() <= 200;
    if (s->pointsVisible() != markers)
        s->setPointsVisible(markers);
    if (markers && s->markerSize() != 6)
        s->setMarkerSize(6);
    if (s->color() != color)
        s->setColor(color);
    s->replace(points);
    return s;
}

QAreaSeries *ChartView::area(const QString &id, Role role, const QString &name, const QColor &fill,
                             const QList<QPointF> &lower, const QList<QPointF> &upper, bool legend)
{
    m_touched.insert(id);
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
    if (s->name() != name)
        s->setName(name);
    if (s->brush().color() != fill)
        s->setBrush(fill);
    s->upperSeries()->replace(upper);
    s->lowerSeries()->replace(lower);
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
    outLo = std::pow(10.0, std::floor(std::log10(lo) + 1e-9));
    outHi = std::pow(10.0, std::ceil(std::log10(hi) - 1e-9));
    if (outHi <= outLo)
        outHi = outLo * 10;
    // QLogValueAxis rounds log10 of its ends to find the labelled decades: nudge the ends
    // outwards so that 0.1 (log10 = -0.99999...) still gets its label.
    outLo *= 1 - 1e-9;
    outHi *= 1 + 1e-9;
}

void ChartView::setRanges(double xMin, double xMax, double yMin, double yMax)
{
    m_x->setRange(xMin, xMax);
    m_y->setRange(yMin, yMax);
}

double ChartView::fraction(QAbstractAxis *axis, double v) const
{
    if (auto *l = qobject_cast<QLogValueAxis *>(axis)) {
        if (!(v > 0) || !(l->min() > 0) || !(l->max() > l->min()))
            return 0;
        return (std::log(v) - std::log(l->min())) / (std::log(l->max()) - std::log(l->min()));
    }
    if (auto *a = qobject_cast<QValueAxis *>(axis))
        return a->max() > a->min() ? (v - a->min()) / (a->max() - a->min()) : 0;
    return 0;
}

QPointF ChartView::toChart(double x, double y) const
{
    const QRectF pa = chart()->plotArea();
    return {pa.left() + fraction(m_x, x) * pa.width(), pa.bottom() - fraction(m_y, y) * pa.height()};
}

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

void ChartView::addLabel(const QString &text, double x, double y, const QColor &color, Qt::Alignment align,
                         int stack)
{
    QFont f = ChartStyle::noteFont();
    f.setBold(true);
    Label l = makeLabel(text, color, f, 0);
    l.x = x;
    l.y = y;
    l.align = align;
    l.stack = stack;
    m_labels << l;
}

void ChartView::setNote(const QString &text, bool centred)
{
    if (text.isEmpty())
        return;
    m_labels << makeLabel(text, QColor(0x22, 0x22, 0x22), ChartStyle::noteFont(), centred ? 2 : 1);
}

void ChartView::setCaption(const QString &text)
{
    if (text.isEmpty())
        return;
    m_labels << makeLabel(text, QColor(0x77, 0x77, 0x77), ChartStyle::captionFont(), 3);
}

void ChartView::setChartTitle(const std::string &workload, const QString &what)
{
    const QString t =
        workload.empty() ? what : QString::fromStdString(workload) + QStringLiteral(": ") + what;
    if (chart()->title() != t)
        chart()->setTitle(t);
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
}

QString ChartView::noteText() const
{
    QStringList out;
    for (const Label &l : m_labels)
        if (l.kind == 1 || l.kind == 2)
            out << l.full;
    return out.join(QLatin1Char('\n'));
}

QStringList ChartView::labelTexts() const
{
    QStringList out;
    for (const Label &l : m_labels)
        if (l.kind == 0)
            out << l.text->text();
    return out;
}

void ChartView::reserveMargins()
{
    // The note and the caption sit below the axis title, like a figure's caption, so that they
    // never cover a curve.
    qreal bottom = 4;
    const QRectF pa = chart()->plotArea();
    const qreal width = std::max<qreal>(240, chart()->size().width() - (pa.isValid() ? pa.left() : 60) - 16);
    for (Label &l : m_labels) {
        if (l.kind != 1)
            continue;
        // Long sentences wrap at the chart's width (after a semicolon when there is one).
        const QFontMetricsF fm(l.text->font());
        QStringList out;
        for (const QString &line : l.full.split(QLatin1Char('\n'))) {
            QString rest = line, indent;
            while (fm.horizontalAdvance(indent + rest) > width) {
                int cut = -1;
                for (int i = int(rest.size()) - 1; i > 0 && cut < 0; --i)
                    if (rest[i] == QLatin1Char(' ') && fm.horizontalAdvance(indent + rest.left(i)) <= width)
                        cut = i;
                if (cut <= 0)
                    break; // one word wider than the line: leave it
                const int semi = int(rest.lastIndexOf(QLatin1String("; "), cut - 1));
                if (semi > cut / 2)
                    cut = semi + 1;
                out << indent + rest.left(cut).trimmed();
                rest = rest.mid(cut).trimmed(); // strictly shorter: the loop ends
                indent = QStringLiteral("    ");
            }
            out << indent + rest;
        }
        l.text->setText(out.join(QLatin1Char('\n')));
    }
    for (const Label &l : std::as_const(m_labels))
        if (l.kind == 1 || l.kind == 3)
            bottom += l.text->boundingRect().height() + 10; // the labels' padding, 5 above and below
    const QMargins m(8, 8, 12, int(std::ceil(bottom)));
    if (chart()->margins() != m) {
        chart()->setMargins(m);
        chart()->layout()->activate(); // now, not at the next event: an export renders right after
    }
}

void ChartView::layoutLabels()
{
    const QRectF pa = chart()->plotArea();
    const QRectF all = chart()->rect();
    constexpr qreal pad = 5, gap = 8;
    qreal captionHeight = 0;
    for (const Label &l : std::as_const(m_labels))
        if (l.kind == 3)
            captionHeight = l.text->boundingRect().height() + 2 * pad;
    for (Label &l : m_labels) {
        const QRectF tr = l.text->boundingRect();
        const QSizeF size(tr.width() + 2 * pad, tr.height() + 2 * pad);
        l.text->setPos(pad, pad);
        l.box->setRect(QRectF(QPointF(0, 0), size));
        QPointF pos;
        switch (l.kind) {
        case 1:
            pos = QPointF(pa.left() - pad, all.bottom() - captionHeight - size.height());
            break;
        case 2:
            pos = pa.center() - QPointF(size.width() / 2, size.height() / 2);
            break;
        case 3:
            pos = QPointF(all.right() - size.width() - 12, all.bottom() - size.height());
            break;
        default: {
            const QPointF p = toChart(l.x, l.y);
            qreal x = l.align & Qt::AlignLeft    ? p.x() - gap - size.width()
                      : l.align & Qt::AlignRight ? p.x() + gap
                                                 : p.x() - size.width() / 2;
            // Keep the label inside the plot: flip to the other side of its line if needed.
            if (x + size.width() > pa.right() && (l.align & Qt::AlignRight))
                x = p.x() - gap - size.width();
            if (x < pa.left() && (l.align & Qt::AlignLeft))
                x = p.x() + gap;
            x = std::clamp(x, pa.left(), std::max(pa.left(), pa.right() - size.width()));
            const qreal step = size.height() + 4;
            qreal y = l.align & Qt::AlignTop      ? p.y() - gap - size.height() - l.stack * step
                      : l.align & Qt::AlignBottom ? p.y() + gap + l.stack * step
                                                  : p.y() - size.height() / 2 + l.stack * step;
            y = std::clamp(y, pa.top(), std::max(pa.top(), pa.bottom() - size.height()));
            pos = QPointF(x, y);
        }
        }
        l.box->setPos(pos);
    }
}

void ChartView::renderInto(QPainter &painter, const QSizeF &logical)
{
    if (m_dirty)
        updateNow();
    QChart *c = chart();
    const QSizeF old = c->size();
    c->resize(logical);
    reserveMargins();
    layoutLabels();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    scene()->render(&painter, QRectF(QPointF(0, 0), logical), QRectF(c->pos(), logical),
                    Qt::IgnoreAspectRatio);
    if (old.isValid() && !old.isEmpty())
        c->resize(old);
    reserveMargins();
    layoutLabels();
}

QImage ChartView::toImage(const QSize &pixels)
{
    const QSize px = pixels.expandedTo(QSize(1, 1));
    const qreal scale = std::max(1.0, px.width() / kSlideWidth);
    QImage image(px, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    QPainter painter(&image);
    renderInto(painter, QSizeF(px.width() / scale, px.height() / scale));
    painter.end();
    image.setDevicePixelRatio(1);
    return image;
}

bool ChartView::savePng(const QString &path, const QSize &pixels, QString *error)
{
    if (pixels.width() < 16 || pixels.height() < 16 || pixels.width() > 16384 || pixels.height() > 16384) {
        if (error)
            *error = tr("The image size %1 x %2 is not possible: choose 16 to 16384 pixels per side.")
                         .arg(pixels.width())
                         .arg(pixels.height());
        return false;
    }
    const QImage image = toImage(pixels);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = writeFailure(path, file.errorString());
        return false;
    }
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        if (error)
            *error = writeFailure(path, file.errorString().isEmpty() ? tr("the PNG encoder failed")
                                                                     : file.errorString());
        return false;
    }
    if (!file.commit()) {
        if (error)
            *error = writeFailure(path, file.errorString());
        return false;
    }
    return true;
}

bool ChartView::saveSvg(const QString &path, const QSize &pixels, QString *error)
{
    const QSize px = pixels.expandedTo(QSize(16, 16));
    const qreal scale = std::max(1.0, px.width() / kSlideWidth);
    const QSizeF logical(px.width() / scale, px.height() / scale);
    // Render into memory first: a failed render must not leave half an SVG behind.
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    // The chart laid its text out at the screen's DPI; the SVG must convert points the same way,
    // or every label comes out smaller than the box drawn around it.
    svg.setResolution(logicalDpiX());
    svg.setSize(logical.toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), logical));
    svg.setTitle(chart()->title());
    svg.setDescription(tr("SpeedupLab chart"));
    QPainter painter;
    if (!painter.begin(&svg)) {
        if (error)
            *error = writeFailure(path, tr("the SVG generator could not start"));
        return false;
    }
    painter.fillRect(QRectF(QPointF(0, 0), logical), Qt::white);
    renderInto(painter, logical);
    painter.end();

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = writeFailure(path, file.errorString());
        return false;
    }
    if (file.write(buffer.data()) != buffer.data().size()) {
        file.cancelWriting();
        if (error)
            *error = writeFailure(path, file.errorString());
        return false;
    }
    if (!file.commit()) {
        if (error)
            *error = writeFailure(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace speeduplab
