// SPDX-License-Identifier: MIT
// FigureExport: the slide layout, the PNG encoder and the SVG generator, written through SafeFile.
#include "ui/charts/figureexport.h"

#include "core/io/safefile.h"

#include <QBuffer>
#include <QFile>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgGenerator>

#include <algorithm>
#include <string>

namespace speeduplab {

namespace {

constexpr double kSlideWidth = 1280; // the logical width large figures are laid out at

QString writeFailure(const QString &path, const QString &why)
{
    return FigureExport::tr("Could not write %1: %2. Choose another folder or file name.").arg(path, why);
}

// SafeFile's refusal ("cannot write PATH: why") as a sentence with the same advice.
QString writeFailure(const std::exception &e)
{
    QString text = QString::fromStdString(e.what());
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return FigureExport::tr("%1. Choose another folder or file name.").arg(text);
}

// An SVG as XML 1.0 allows it: a character XML has no place for (C0 controls but tab, newline and
// carriage return; U+FFFE, U+FFFF; bytes that are not UTF-8) becomes U+FFFD. The charts draw text
// from files visibly (Format::visible), so this is the last guard, for whatever else is drawn.
QByteArray wellFormed(const QByteArray &svg)
{
    const auto bad = [](char32_t c) {
        return (c < 0x20 && c != 0x09 && c != 0x0a && c != 0x0d) || c == 0xfffe || c == 0xffff;
    };
    QString text = QString::fromUtf8(svg); // invalid UTF-8 is U+FFFD already
    bool changed = false;
    for (QChar &c : text)
        if (bad(c.unicode())) {
            c = QChar(0xfffd);
            changed = true;
        }
    return changed || text.contains(QChar(0xfffd)) ? text.toUtf8() : svg;
}

// The preflight: SafeFile::check's checks, before the figure is drawn.
bool checkTarget(const QString &path, QString *error)
{
    try {
        SafeFile::check(QFile::encodeName(path).toStdString());
    } catch (const std::exception &e) {
        if (error)
            *error = writeFailure(e);
        return false;
    }
    return true;
}

// Figures are written like results (SafeFile::write): no partial file, no temporary left behind,
// a symlink's target replaced, an existing file's mode kept.
bool writeFile(const QString &path, const QByteArray &bytes, QString *error)
{
    try {
        SafeFile::write(QFile::encodeName(path).toStdString(),
                        std::string(bytes.constData(), size_t(bytes.size())));
    } catch (const std::exception &e) {
        if (error)
            *error = writeFailure(e);
        return false;
    }
    return true;
}

} // namespace

QSizeF FigureExport::layoutSize(const QSize &pixels, qreal *scale)
{
    const qreal s = std::max(1.0, pixels.width() / kSlideWidth);
    if (scale)
        *scale = s;
    return QSizeF(pixels.width() / s, pixels.height() / s);
}

QImage FigureExport::image(const QSize &pixels, const Draw &draw)
{
    const QSize px = pixels.expandedTo(QSize(1, 1));
    qreal scale = 1;
    const QSizeF logical = layoutSize(px, &scale);
    QImage image(px, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    QPainter painter(&image);
    draw(painter, logical);
    painter.end();
    image.setDevicePixelRatio(1);
    return image;
}

bool FigureExport::png(const QString &path, const QSize &pixels, const Draw &draw, QString *error)
{
    if (pixels.width() < 16 || pixels.height() < 16 || pixels.width() > 16384 || pixels.height() > 16384) {
        if (error)
            *error = tr("The image size %1 x %2 is not possible: choose 16 to 16384 pixels per side.")
                         .arg(pixels.width())
                         .arg(pixels.height());
        return false;
    }
    // Refuse what ResultIO refuses (a device, a FIFO, a folder, a read-only file) before the
    // render, then write by its rules: a symlink's target replaced, the old file's mode kept.
    if (!checkTarget(path, error))
        return false;
    const QImage figure = image(pixels, draw);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (!figure.save(&buffer, "PNG")) {
        if (error)
            *error = writeFailure(path, tr("the PNG encoder failed"));
        return false;
    }
    return writeFile(path, buffer.data(), error);
}

bool FigureExport::png(const QString &path, const QImage &image, QString *error)
{
    if (!checkTarget(path, error))
        return false;
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (image.isNull() || !image.save(&buffer, "PNG")) {
        if (error)
            *error = writeFailure(path, tr("the PNG encoder failed"));
        return false;
    }
    return writeFile(path, buffer.data(), error);
}

bool FigureExport::check(const QString &path, QString *error)
{
    return checkTarget(path, error);
}

QByteArray FigureExport::svgData(const QSize &pixels, qreal dpi, const QString &title, const Draw &draw)
{
    const QSize px = pixels.expandedTo(QSize(16, 16));
    qreal scale = 1;
    const QSizeF logical = layoutSize(px, &scale);
    // Render into memory first: a failed render must not leave half an SVG behind.
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    // The chart laid its text out at the screen's DPI; the SVG must convert points the same way,
    // or every label comes out smaller than the box drawn around it.
    svg.setResolution(int(dpi));
    // The size asked for, as in a PNG: the layout of `logical` scaled up (see layoutSize()).
    svg.setSize(px);
    svg.setViewBox(QRect(QPoint(0, 0), px));
    // Qt 6.4's generator writes the title as it is: a workload's name from a file ("</title><script>")
    // would be markup in the figure. Escaped here.
    svg.setTitle(title.toHtmlEscaped());
    svg.setDescription(tr("SpeedupLab chart"));
    QPainter painter;
    if (!painter.begin(&svg))
        return {};
    painter.scale(scale, scale);
    painter.fillRect(QRectF(QPointF(0, 0), logical), Qt::white);
    draw(painter, logical);
    painter.end();
    // QSvgGenerator states the size in millimetres at that DPI, rounded; the size asked for is
    // in pixels, as the viewBox is.
    QByteArray data = buffer.data();
    if (const qsizetype head = data.indexOf('>', data.indexOf("<svg")); head > 0) {
        static const QRegularExpression mm(QStringLiteral("width=\"[^\"]*\" height=\"[^\"]*\""));
        const QString size = QStringLiteral("width=\"%1\" height=\"%2\"").arg(px.width()).arg(px.height());
        data.replace(0, head, QString::fromUtf8(data.left(head)).replace(mm, size).toUtf8());
    }
    return wellFormed(data);
}

bool FigureExport::svg(const QString &path, const QSize &pixels, qreal dpi, const QString &title,
                       const Draw &draw, QString *error)
{
    if (!checkTarget(path, error))
        return false;
    const QByteArray data = svgData(pixels, dpi, title, draw);
    if (data.isEmpty()) {
        if (error)
            *error = writeFailure(path, tr("the SVG generator could not start"));
        return false;
    }
    return writeFile(path, data, error);
}

} // namespace speeduplab
