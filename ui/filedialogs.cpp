// SPDX-License-Identifier: MIT
// FileDialogs: each dialog's filters, proposed name and start folder, and the settings they keep.
#include "ui/filedialogs.h"

#include "ui/charts/chartview.h"
#include "ui/exportdialog.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>

namespace speeduplab {

FileDialogs::FileDialogs(QWidget *parent) : m_parent(parent)
{
    m_askSave = [this](const QString &caption, const QString &path, const QString &filters, QString *filter) {
        return QFileDialog::getSaveFileName(m_parent, caption, path, filters, filter);
    };
    m_askSize = [this](const QSize &initial, const QSize &window) {
        return ExportDialog::ask(m_parent, initial, window);
    };
}

QString FileDialogs::startDir(QStandardPaths::StandardLocation fallback) const
{
    if (!m_lastDir.isEmpty() && QFileInfo(m_lastDir).isDir())
        return m_lastDir;
    const QString dir = QStandardPaths::writableLocation(fallback);
    return !dir.isEmpty() && QFileInfo(dir).isDir() ? dir : QDir::homePath();
}

QStringList FileDialogs::openResults() const
{
    return QFileDialog::getOpenFileNames(m_parent, tr("Open results"),
                                         startDir(QStandardPaths::DocumentsLocation),
                                         tr("Results (*.csv *.json *.html);;CSV (*.csv);;JSON (*.json);;"
                                            "Reports (*.html);;All files (*)"));
}

QString FileDialogs::openWorkspace() const
{
    return QFileDialog::getOpenFileName(m_parent, tr("Open workspace"),
                                        startDir(QStandardPaths::DocumentsLocation),
                                        tr("Workspaces and runs files (*.json);;All files (*)"));
}

QString FileDialogs::saveWorkspace() const
{
    QString filter;
    QString path = m_askSave(tr("Save workspace"),
                             startDir(QStandardPaths::DocumentsLocation) + QStringLiteral("/workspace.json"),
                             tr("Workspace (*.json)"), &filter);
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    return path;
}

QString FileDialogs::overlayReference() const
{
    return QFileDialog::getOpenFileName(
        m_parent, tr("Overlay reference run"), startDir(QStandardPaths::DocumentsLocation),
        tr("Results (*.csv *.json);;CSV (*.csv);;JSON (*.json);;All files (*)"));
}

QString FileDialogs::saveData(bool severalRuns) const
{
    const QString csv = tr("CSV (*.csv)"), json = tr("JSON (*.json)");
    QString filter = severalRuns ? json : csv;
    QString path =
        m_askSave(tr("Save data"),
                  startDir(QStandardPaths::DocumentsLocation) +
                      (severalRuns ? QStringLiteral("/runs.json") : QStringLiteral("/results.csv")),
                  severalRuns ? json : csv + QStringLiteral(";;") + json, &filter);
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty())
        path += filter.contains(QLatin1String("json")) ? QStringLiteral(".json") : QStringLiteral(".csv");
    return path;
}

QString FileDialogs::exportReport(const QString &workload) const
{
    // A workload read from a file may hold anything, a file name may not.
    QString name = QStringLiteral("report");
    if (!workload.isEmpty())
        name =
            QString(workload).replace(QRegularExpression(QStringLiteral("[^\\w.-]+")), QStringLiteral("_")) +
            QStringLiteral("-report");
    QString filter = tr("HTML report (*.html)");
    QString path = m_askSave(
        tr("Export report"),
        QStringLiteral("%1/%2.html").arg(startDir(QStandardPaths::DocumentsLocation), name), filter, &filter);
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".html");
    return path;
}

std::optional<FileDialogs::Export> FileDialogs::exportChart(const ChartView &chart)
{
    const QString png = tr("PNG image (*.png)");
    const QString svg = tr("SVG image (*.svg)");
    // "add-time": a workload read from a file may hold anything, a file name may not.
    QString name = chart.name();
    if (!chart.workload().isEmpty())
        name =
            chart.workload().replace(QRegularExpression(QStringLiteral("[^\\w.-]+")), QStringLiteral("_")) +
            QLatin1Char('-') + name;
    QString filter = m_exportType == QLatin1String("svg") ? svg : png;
    QString path = m_askSave(
        tr("Export chart"),
        QStringLiteral("%1/%2.%3").arg(startDir(QStandardPaths::PicturesLocation), name, m_exportType),
        png + QStringLiteral(";;") + svg, &filter);
    if (path.isEmpty())
        return std::nullopt;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter.contains(QLatin1String("svg")) ? QStringLiteral(".svg") : QStringLiteral(".png");
    const std::optional<QSize> size =
        m_askSize(m_exportSize, (QSizeF(chart.size()) * chart.devicePixelRatioF()).toSize());
    if (!size)
        return std::nullopt;
    m_exportSize = *size;
    return Export{path, *size};
}

void FileDialogs::remember(const QString &path)
{
    const QFileInfo file(path);
    m_lastDir = file.absolutePath();
    const QString suffix = file.suffix().toLower();
    if (suffix == QLatin1String("png") || suffix == QLatin1String("svg"))
        m_exportType = suffix;
}

void FileDialogs::load(const QSettings &s)
{
    const QSize size = s.value(QStringLiteral("export/size")).toSize();
    if (size.width() >= 16 && size.height() >= 16 && size.width() <= 16384 && size.height() <= 16384)
        m_exportSize = size;
    const QString type = s.value(QStringLiteral("export/type")).toString();
    if (type == QLatin1String("png") || type == QLatin1String("svg"))
        m_exportType = type;
    const QString dir = s.value(QStringLiteral("files/lastDir")).toString();
    if (!dir.isEmpty() && QFileInfo(dir).isDir())
        m_lastDir = dir;
}

void FileDialogs::save(QSettings &s) const
{
    s.setValue(QStringLiteral("export/size"), m_exportSize);
    s.setValue(QStringLiteral("export/type"), m_exportType);
    s.setValue(QStringLiteral("files/lastDir"), m_lastDir);
}

} // namespace speeduplab
