// SPDX-License-Identifier: MIT
// FileDialogs: the window's open, save and export dialogs, and the folders and export size they remember.
#pragma once

#include <QCoreApplication>
#include <QSize>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QSettings;
class QWidget;

namespace speeduplab {

class ChartView;

/// The window's file dialogs and what they remember between uses and sessions: the folder
/// last used, and the size and type (PNG or SVG) of the last exported chart. Before any folder
/// was used, exports start in the user's Pictures folder and data in Documents (home when
/// these do not exist).
class FileDialogs {
    Q_DECLARE_TR_FUNCTIONS(FileDialogs)
public:
    explicit FileDialogs(QWidget *parent);

    /// How a file name to save to is asked, with QFileDialog::getSaveFileName's arguments:
    /// `filter` comes in preselected and goes out chosen; empty cancels. The default is the file
    /// dialog; tests set a function that answers at once.
    using SaveAsker = std::function<QString(const QString &caption, const QString &path,
                                            const QString &filters, QString *filter)>;
    void setSaveAsker(SaveAsker asker) { m_askSave = std::move(asker); }
    /// How the pixel size of an export is asked (the default: ExportDialog::ask); nothing cancels.
    using SizeAsker = std::function<std::optional<QSize>(const QSize &initial, const QSize &window)>;
    void setSizeAsker(SizeAsker asker) { m_askSize = std::move(asker); }

    /// Where to write an HTML report ("<workload>-report.html" in the folder last used); empty
    /// when the user cancels.
    QString exportReport(const QString &workload) const;
    /// Result files to open (several may be chosen); empty when the user cancels.
    QStringList openResults() const;
    /// A reference run to draw over the time chart; empty when the user cancels.
    QString overlayReference() const;
    /// Where to save the results, with .csv or .json added as the chosen type asks. severalRuns:
    /// JSON is proposed (a CSV file holds one run).
    QString saveData(bool severalRuns = false) const;
    /// A workspace (every run, with its label and visibility) to open, or where to save one
    /// (.json added); empty when the user cancels.
    QString openWorkspace() const;
    QString saveWorkspace() const;
    struct Export {
        QString path;
        QSize pixels;
    };
    /// Where and how large to export `chart`, with .png or .svg added as the chosen type asks;
    /// nothing when the user cancels. It proposes "<workload>-<chart>" in the type exported last;
    /// the size is remembered.
    std::optional<Export> exportChart(const ChartView &chart);

    /// Remembers the folder of a file just opened or written and, for a chart exported as PNG or
    /// SVG, its type.
    void remember(const QString &path);
    QString lastDir() const { return m_lastDir; }
    QSize exportSize() const { return m_exportSize; }

    void load(const QSettings &s);
    void save(QSettings &s) const;

private:
    /// The last folder used if it still exists, else `fallback` if it exists, else home.
    QString startDir(QStandardPaths::StandardLocation fallback) const;

    QWidget *m_parent;
    SaveAsker m_askSave;
    SizeAsker m_askSize;
    QString m_lastDir;
    QSize m_exportSize{1920, 1080};
    QString m_exportType = QStringLiteral("png"); ///< "png" or "svg"
};

} // namespace speeduplab
