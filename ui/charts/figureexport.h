// SPDX-License-Identifier: MIT
// A chart written as a figure: PNG or SVG of an exact pixel size, laid out as a slide, and written
// by SafeFile's rules. It knows nothing of charts: it calls back to draw one.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QSizeF>
#include <QString>

#include <functional>

class QPainter;

namespace speeduplab {

class FigureExport {
    Q_DECLARE_TR_FUNCTIONS(FigureExport)

public:
    /// Draws the figure into painter, laid out at `logical` size (the painter is scaled to the
    /// pixels asked for).
    using Draw = std::function<void(QPainter &painter, const QSizeF &logical)>;

    /// The logical size a figure of `pixels` is laid out at: large sizes are a scaled-up layout
    /// (a 1920x1080 image is a 1280x720 chart at 1.5x), so that the text stays readable on a
    /// slide; `scale`, if given, gets the factor.
    static QSizeF layoutSize(const QSize &pixels, qreal *scale = nullptr);
    /// An image of exactly `pixels` (at least 1x1), on white.
    static QImage image(const QSize &pixels, const Draw &draw);
    /// Atomic writes (SafeFile): the target is checked before the figure is drawn, and on failure
    /// error says why and no file is left behind. PNG sides are 16 to 16384 pixels.
    static bool png(const QString &path, const QSize &pixels, const Draw &draw, QString *error);
    /// An image already drawn (the window's grab, --screenshot) as a PNG at path, by the same
    /// rules as png(): SafeFile's checks and atomic write, error saying why it failed.
    static bool png(const QString &path, const QImage &image, QString *error);
    /// The preflight of png() and svg(): whether path may be written (not a FIFO, a device, a
    /// folder or a read-only file; its folder writable), error saying why not. Before long work.
    static bool check(const QString &path, QString *error);
    /// An SVG whose width, height and viewBox are the pixels asked for; `dpi` is the resolution
    /// the text was laid out at (the screen's), `title` the document's title (plain text: escaped here).
    static bool svg(const QString &path, const QSize &pixels, qreal dpi, const QString &title,
                    const Draw &draw, QString *error);
    /// The SVG document svg() writes, in memory (an HTML report puts it inline); empty when the
    /// generator could not start.
    static QByteArray svgData(const QSize &pixels, qreal dpi, const QString &title, const Draw &draw);
};

} // namespace speeduplab
