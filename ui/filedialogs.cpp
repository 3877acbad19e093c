// SPDX-License-Identifier: MIT
#include "ui/filedialogs.h"

#include "ui/chartview.h"
#include "ui/exportdialog.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>

namespace speeduplab {

QString FileDialogs::openResults() const
{
    return QFileDialog::getOpenFileName(m_parent, tr("Open results"), m_lastDir,
                                        tr("Results (*.csv *.json);;CSV (*.csv);;JSON (*.json);;All "
                                           "files (*)"));
}

QString FileDialogs::overlayReference() const
{
    return QFileDialog::getOpenFileName(
        m_parent, tr("Overlay reference run"), m_lastDir,
        tr("Results (*.csv *.json);;CSV (*.csv);;JSON (*.json);;All files (*)"));
}

QString FileDialogs::saveData() const
{
    QString filter;
    QString path =
        QFileDialog::getSaveFileName(m_parent, tr("Save data"), m_lastDir + QStringLiteral("/results.csv"),
                                     tr("CSV (*.csv);;JSON (*.json)"), &filter);
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty())
        path += filter.contains(QLatin1String("json")) ? QStringLiteral(".json") : QStringLiteral(".csv");
    return path;
}

std::optional<FileDialogs::Export> FileDialogs::exportChart(const ChartView &chart)
{
    QString filter;
    QString path = QFileDialog::getSaveFileName(m_parent, tr("Export chart"),
                                                m_lastDir + QStringLiteral("/%1.png").arg(chart.name()),
                                                tr("PNG image (*.png);;SVG image (*.svg)"), &filter);
    if (path.isEmpty())
        return std::nullopt;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter.contains(QLatin1String("svg")) ? QStringLiteral(".svg") : QStringLiteral(".png");
    const std::optional<QSize> size = ExportDialog::ask(
        m_parent, m_exportSize, (QSizeF(chart.size()) * chart.devicePixelRatioF()).toSize());
    if (!size)
        return std::nullopt;
    m_exportSize = *size;
    return Export{path, *size};
}

void FileDialogs::remember(const QString &path)
{
    m_lastDir = QFileInfo(path).absolutePath();
}

void FileDialogs::load(const QSettings &s)
{
    const QSize size = s.value(QStringLiteral("export/size")).toSize();
    if (size.width() >= 16 && size.height() >= 16 && size.width() <= 16384 && size.height() <= 16384)
        m_exportSize = size;
    const QString dir = s.value(QStringLiteral("files/lastDir")).toString();
    if (!dir.isEmpty() && QFileInfo(dir).isDir())
        m_lastDir = dir;
}

void FileDialogs::save(QSettings &s) const
{
    s.setValue(QStringLiteral("export/size"), m_exportSize);
    s.setValue(QStringLiteral("files/lastDir"), m_lastDir);
}

} // namespace speeduplab
