// SPDX-License-Identifier: MIT
// The charts' look: fonts at the zoom, colours of series and run families, markers, axes and units.
#include "ui/charts/chartstyle.h"

#include "words/format.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QCoreApplication>
#include <QLogValueAxis>
#include <QPainter>
#include <QPen>
#include <QPolygonF>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace speeduplab {

namespace {

double g_zoom = 1;

QFont sized(qreal points, bool bold = false)
{
    QFont f = QApplication::font();
    f.setPointSizeF(points * g_zoom);
    f.setBold(bold);
    return f;
}

} // namespace

double ChartStyle::zoom()
{
    return g_zoom;
}

void ChartStyle::setZoom(double zoom)
{
    g_zoom = std::clamp(zoom, minZoom, maxZoom);
}

QFont ChartStyle::widgetFont()
{
    QFont f = QApplication::font();
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * g_zoom);
    return f;
}

QFont ChartStyle::titleFont()
{
    return sized(15, true);
}
QFont ChartStyle::axisTitleFont()
{
    return sized(12);
}
QFont ChartStyle::labelFont()
{
    return sized(11);
}
QFont ChartStyle::legendFont()
{
    return sized(11);
}
QFont ChartStyle::noteFont()
{
    return sized(11);
}
QFont ChartStyle::captionFont()
{
    return sized(8.5);
}

namespace {

// Blues, greens and greys for the CPU; reds, oranges and purples for the GPU.
const QColor kCpuColors[] = {QColor(0x1f, 0x77, 0xb4), QColor(0x2c, 0xa0, 0x2c), QColor(0x17, 0xbe, 0xcf),
                             QColor(0x39, 0x3b, 0x79), QColor(0x8c, 0x56, 0x4b), QColor(0x7f, 0x7f, 0x7f),
                             QColor(0xbc, 0xbd, 0x22), QColor(0x6b, 0xae, 0xd6), QColor(0x31, 0x82, 0x3c),
                             QColor(0x52, 0x54, 0xa3), QColor(0x9e, 0xda, 0xe5), QColor(0x3d, 0x3d, 0x3d)};
const QColor kGpuColors[] = {QColor(0xd6, 0x27, 0x28), QColor(0xff, 0x7f, 0x0e), QColor(0x94, 0x67, 0xbd),
                             QColor(0xe3, 0x77, 0xc2), QColor(0xad, 0x49, 0x4a), QColor(0xe6, 0x55, 0x0d)};

// Modes keep their colour whatever else is present: launch red, graph orange, fused purple;
// extra counts the earlier GPU series of the same mode (another variant, or transfers).
QColor gpuColor(const std::string &mode, int extra)
{
    const int base = mode == "graph" ? 1 : mode == "fused" ? 2 : 0;
    return kGpuColors[std::size_t(base + 3 * extra) % std::size(kGpuColors)];
}

} // namespace

QColor ChartStyle::seriesColor(const Series &s, const std::vector<Series> &all)
{
    if (s.onDevice()) {
        std::vector<std::string> keys;
        for (const auto &x : all)
            if (x.onDevice() && std::find(keys.begin(), keys.end(), x.key) == keys.end())
                keys.push_back(x.key);
        int extra = 0;
        for (const auto &k : keys) {
            if (k == s.key)
                break;
            for (const auto &x : all)
                if (x.key == k && x.mode == s.mode)
                    ++extra;
        }
        return gpuColor(s.mode, extra);
    }
    std::set<std::pair<int, std::string>> ranks;
    for (const auto &x : all)
        if (!x.onDevice())
            ranks.insert({x.threads, x.key});
    const auto it = ranks.find({s.threads, s.key});
    const auto index = it == ranks.end() ? 0 : std::size_t(std::distance(ranks.begin(), it));
    return kCpuColors[index % std::size(kCpuColors)];
}

std::vector<QColor> ChartStyle::seriesColors(const std::vector<Series> &all)
{
    // The same rules as seriesColor, each counted once. CPU: the rank of (threads, key).
    std::vector<std::pair<int, std::string>> ranks;
    // GPU: how many series of each (key, mode) there are, and, for each GPU key in order of
    // first appearance, how many series of the same mode came with the keys before it.
    std::map<std::pair<std::string, std::string>, int> perKeyMode;
    for (const auto &x : all) {
        if (x.onDevice())
            ++perKeyMode[{x.key, x.mode}];
        else
            ranks.emplace_back(x.threads, x.key);
    }
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    std::map<std::pair<std::string, std::string>, int> extraAt;
    std::map<std::string, int> before; // by mode
    std::set<std::string> seen;
    for (const auto &x : all) {
        if (!x.onDevice() || !seen.insert(x.key).second)
            continue;
        const auto first = perKeyMode.lower_bound({x.key, std::string()});
        auto it = first;
        for (; it != perKeyMode.end() && it->first.first == x.key; ++it)
            extraAt[it->first] = before[it->first.second];
        for (it = first; it != perKeyMode.end() && it->first.first == x.key; ++it)
            before[it->first.second] += it->second;
    }
    std::vector<QColor> out;
    out.reserve(all.size());
    for (const auto &x : all) {
        if (x.onDevice()) {
            out.push_back(gpuColor(x.mode, extraAt[{x.key, x.mode}]));
        } else {
            const auto it = std::lower_bound(ranks.begin(), ranks.end(), std::make_pair(x.threads, x.key));
            out.push_back(kCpuColors[std::size_t(it - ranks.begin()) % std::size(kCpuColors)]);
        }
    }
    return out;
}

QImage ChartStyle::markerImage(int shape, const QColor &color)
{
    if (shape <= 0)
        return {};
    const int px = std::max(8, int(std::lround(20 * zoom())));
    QImage img(px, px, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::transparent);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    const QRectF r(0.5, 0.5, px - 1.0, px - 1.0);
    if (shape == 1)
        p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
    else if (shape == 2)
        p.drawPolygon(QPolygonF{QPointF(r.center().x(), r.top()), r.bottomRight(), r.bottomLeft()});
    else
        p.drawPolygon(QPolygonF{QPointF(r.center().x(), r.top()), QPointF(r.right(), r.center().y()),
                                QPointF(r.center().x(), r.bottom()), QPointF(r.left(), r.center().y())});
    return img;
}

QColor ChartStyle::inFamily(const QColor &color, int family, bool gpu)
{
    if (family <= 0)
        return color;
    static constexpr int cpuHue[] = {150, 275, 80}, gpuHue[] = {30, 322, 48};
    const int k = (family - 1) % 3;
    int h, sat, v;
    color.getHsv(&h, &sat, &v);
    // The source colour's hue (one per thread count or GPU mode) becomes a lightness, so that the
    // run's curves stay apart inside its hue.
    const int shade = 105 + (std::max(h, 0) * 7 % 360) * 120 / 360;
    const int darker = family > 3 ? 70 : 100; // the hues again, darker
    return QColor::fromHsv(gpu ? gpuHue[k] : cpuHue[k], std::clamp(sat, 170, 255), shade * darker / 100);
}

QColor ChartStyle::cpuWinsColor()
{
    return QColor(0x1f, 0x77, 0xb4);
}
QColor ChartStyle::gpuWinsColor()
{
    return QColor(0xd6, 0x27, 0x28);
}
QColor ChartStyle::guideColor()
{
    return QColor(0x55, 0x55, 0x55);
}

namespace {

// The prefix (a power of 1000, from 10^minExp to 10^maxExp) that puts the middle of [lo, hi],
// in decades, nearest 10^1.5: the decades labelled then run from about 0.01 to 10^5 for the
// widest ranges measured, which "%.10g" prints without an exponent.
ChartStyle::Unit prefixed(double lo, double hi, const QString &base, int minExp, int maxExp)
{
    const double mid = lo > 0 && hi >= lo && std::isfinite(hi) ? (std::log10(lo) + std::log10(hi)) / 2 : 0;
    const int exp = std::clamp(3 * int(std::lround((mid - 1.5) / 3)), minExp, maxExp);
    // Format::si names the unit as "1 <prefix><base>": the app's one list of prefixes.
    return {std::pow(10.0, -exp), Format::si(std::pow(10.0, exp), base).section(QLatin1Char(' '), 1)};
}

} // namespace

ChartStyle::Unit ChartStyle::timeUnit(double lo, double hi)
{
    return prefixed(lo, hi, QStringLiteral("s"), -9, 0);
}

ChartStyle::Unit ChartStyle::energyUnit(double lo, double hi)
{
    return prefixed(lo, hi, QStringLiteral("J"), -12, 0);
}

ChartStyle::Unit ChartStyle::rateUnit(double lo, double hi, bool flops)
{
    return prefixed(lo, hi, flops ? QStringLiteral("FLOP/s") : QStringLiteral("B/s"), 0, 15);
}

void ChartStyle::styleAxis(QAbstractAxis *axis, const QString &title)
{
    axis->setTitleText(title);
    axis->setTitleFont(axisTitleFont());
    axis->setLabelsFont(labelFont());
    // A number cut to "…" cannot be read: in a small chart QtCharts would elide the tick labels.
    axis->setTruncateLabels(false);
    // Solid one-pixel cosmetic pens: the raster engine's fast path. Qt's default minor grid pen
    // costs about 10 ms a repaint on a log-log chart, a fifth of the redraw budget.
    QPen grid(QColor(0xdd, 0xdd, 0xdd));
    grid.setWidth(1);
    grid.setCosmetic(true);
    axis->setGridLinePen(grid);
    QPen minor(QColor(0xef, 0xef, 0xef));
    minor.setWidth(1);
    minor.setCosmetic(true);
    axis->setMinorGridLinePen(minor);
    QPen line(QColor(0x88, 0x88, 0x88));
    line.setWidthF(1);
    axis->setLinePen(line);
}

QLogValueAxis *ChartStyle::logAxis(const QString &title)
{
    auto *axis = new QLogValueAxis;
    axis->setBase(10);
    axis->setLabelFormat(QStringLiteral("%.10g"));
    axis->setMinorTickCount(8);
    styleAxis(axis, title);
    return axis;
}

QLogValueAxis *ChartStyle::sizeAxis()
{
    return logAxis(QCoreApplication::translate("ChartStyle", "n (tensor edge; n \u00d7 n fp32 elements)"));
}

} // namespace speeduplab
