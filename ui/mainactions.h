// SPDX-License-Identifier: MIT
// The window's actions and menus (MainActions).
#pragma once

#include <QList>
#include <QObject>
#include <QStringList>

class QAction;
class QMainWindow;

namespace speeduplab {

/// The window's actions with their shortcuts, its toolbar and its menus. The window connects
/// the actions to what they do and enables them; this class only builds them.
class MainActions : public QObject {
    Q_OBJECT
public:
    /// Creates the actions (owned by and added to `window`, so that their shortcuts work
    /// anywhere in it) and the main toolbar.
    explicit MainActions(QMainWindow *window);
    /// The File, Sweep, View and Help menus. Call once the docks exist: View lists them, and a
    /// Ctrl+1, Ctrl+2, ... action per chart (chartTitles, in tab order).
    void buildMenus(const QString &programVersion, const QStringList &chartTitles);

    QAction *run = nullptr;
    QAction *cancel = nullptr;
    QAction *calibrate = nullptr;
    /// Sweep ▸ OpenMP threads sleep at barriers: checkable, the passive OpenMP wait policy from
    /// the next start (AppSettings::ompWait).
    QAction *passiveWait = nullptr;
    QAction *open = nullptr;
    QAction *overlay = nullptr;
    QAction *removeOverlay = nullptr;
    QAction *save = nullptr;
    QAction *openWorkspace = nullptr;
    QAction *saveWorkspace = nullptr;
    QAction *exportChart = nullptr;
    QAction *exportReport = nullptr; ///< File ▸ Export report: one HTML page (HtmlReport)
    QAction *copy = nullptr;
    QAction *quit = nullptr;
    QAction *tour = nullptr;           ///< F1: Help ▸ Guided tour (ui/tour.h)
    QAction *shortcuts = nullptr;      ///< Help ▸ Keyboard shortcuts: shortcutsTable()
    QList<QAction *> presets;          ///< one per preset, in Presets::names() order; data: its name
    QList<QAction *> examples;         ///< File ▸ Open example: one per Examples::all(), in order
    QAction *publishedTable = nullptr; ///< File ▸ Open example ▸ the original answer's table (PublishedTable)
    QAction *presentation = nullptr; ///< F11: full screen, the chart only, zoomed for a projector
    QAction *zoomIn = nullptr;
    QAction *zoomOut = nullptr;
    QAction *zoomReset = nullptr;
    QList<QAction *> charts; ///< Ctrl+1... : show that chart
    /// View ▸ Language: the system's, then each of Translations::available(); checkable, one
    /// checked (setLanguageChoice); data: "system" or the code.
    QList<QAction *> languages;

    /// Every shortcut of the window's actions and what it does, as an HTML table (the page Help ▸
    /// Keyboard shortcuts shows).
    QString shortcutsTable() const;
    /// Checks the language action of `choice` ("system" or a code).
    void setLanguageChoice(const QString &choice);

signals:
    void presetChosen(const QString &name);
    /// File ▸ Open example: its index in Examples::all().
    void exampleChosen(int index);
    void chartChosen(int index);
    /// A language was chosen in View ▸ Language; it applies at the next start.
    void languageChosen(const QString &choice);

private:
    QMainWindow *m_window;
};

} // namespace speeduplab
