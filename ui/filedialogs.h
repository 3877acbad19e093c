// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QSize>
#include <QString>

#include <optional>

class QSettings;
class QWidget;

namespace speeduplab {

class ChartView;

/// The window's file dialogs and what they remember between uses and sessions: the folder
/// last used and the size of the last exported chart.
class FileDialogs {
    Q_DECLARE_TR_FUNCTIONS(FileDialogs)
public:
    explicit FileDialogs(QWidget *parent) : m_parent(parent) {}

    /// A result file to open; empty when the user cancels.
    QString openResults() const;
    /// A reference run to draw over the time chart; empty when the user cancels.
    QString overlayReference() const;
    /// Where to save the results, with .csv or .json added as the chosen type asks.
    QString saveData() const;
    struct Export {
        QString path;
        QSize pixels;
    };
    /// Where and how large to export `chart`, with .png or .svg added as the chosen type asks;
    /// nothing when the user cancels. The size is remembered.
    std::optional<Export> exportChart(const ChartView &chart);

    /// Remembers the folder of a file just opened or written.
    void remember(const QString &path);
    QString lastDir() const { return m_lastDir; }
    QSize exportSize() const { return m_exportSize; }

    void load(const QSettings &s);
    void save(QSettings &s) const;

private:
    QWidget *m_parent;
    QString m_lastDir;
    QSize m_exportSize{1920, 1080};
};

} // namespace speeduplab
