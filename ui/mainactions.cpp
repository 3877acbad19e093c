// SPDX-License-Identifier: MIT
// The window's actions, toolbar and menus: files, examples, sweeps, presets, charts, zoom, language.
#include "ui/mainactions.h"

#include "ui/datatexts.h"
#include "ui/examples.h"
#include "ui/publishedtable.h"

#include "core/plan/presets.h"
#include "words/translations.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QIcon>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QRegularExpression>
#include <QToolBar>

namespace speeduplab {

MainActions::MainActions(QMainWindow *window) : QObject(window), m_window(window)
{
    auto make = [window](const QString &text, const QString &icon, const QKeySequence &key,
                         const QString &tip) {
        auto *a = new QAction(icon.isEmpty() ? QIcon() : QIcon(icon), text, window);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WindowShortcut);
        a->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
        a->setStatusTip(tip);
        window->addAction(a);
        return a;
    };
    run = make(tr("&Run sweep"), QStringLiteral(":/icons/run.svg"), QKeySequence(Qt::CTRL | Qt::Key_R),
               tr("Run the sweep set up in the sweep panel"));
    run->setObjectName(QStringLiteral("runAction"));
    cancel = make(tr("&Cancel"), QStringLiteral(":/icons/stop.svg"), QKeySequence(Qt::Key_Escape),
                  tr("Stop the sweep or the calibration; what was measured so far is kept"));
    cancel->setObjectName(QStringLiteral("cancelAction"));
    calibrate = make(tr("Ca&librate machine"), QStringLiteral(":/icons/calibrate.svg"),
                     QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L),
                     tr("Measure this machine's ceilings (memory bandwidth, GEMM FLOP/s, GPU copies and "
                        "launches) to compare every point with"));
    calibrate->setObjectName(QStringLiteral("calibrateAction"));
    passiveWait = new QAction(tr("OpenMP threads &sleep at barriers (passive)"), window);
    passiveWait->setObjectName(QStringLiteral("passiveWaitAction"));
    passiveWait->setCheckable(true);
    passiveWait->setStatusTip(
        tr("From the next start, the CPU threads sleep while they wait at a barrier instead "
           "of spinning: they give a busy machine's cores back, but every barrier costs a "
           "wake-up (30 times slower at small sizes on a loaded 2-core machine)"));
    calibrate->setIconText(tr("Calibrate"));
    open = make(tr("&Open results\u2026"), QStringLiteral(":/icons/open.svg"),
                QKeySequence(Qt::CTRL | Qt::Key_O),
                tr("Add the runs of CSV or JSON result files, from this machine or others, to those "
                   "shown (several files at once; dropping files on the window does the same)"));
    open->setObjectName(QStringLiteral("openAction"));
    overlay =
        make(tr("O&verlay reference run\u2026"), QString(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O),
             tr("Draw a PyTorch or NumPy run (bench/compare_torch.py, compare_numpy.py) dashed over "
                "our curves on the time chart"));
    overlay->setObjectName(QStringLiteral("overlayAction"));
    removeOverlay = make(tr("&Remove reference runs"), QString(), QKeySequence(),
                         tr("Remove the reference runs (PyTorch, NumPy) from the runs shown"));
    removeOverlay->setObjectName(QStringLiteral("removeOverlayAction"));
    save = make(tr("&Save data\u2026"), QStringLiteral(":/icons/save.svg"),
                QKeySequence(Qt::CTRL | Qt::Key_S), tr("Save the results as CSV or JSON"));
    save->setObjectName(QStringLiteral("saveAction"));
    openWorkspace = make(tr("Open &workspace…"), QString(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_O),
                         tr("Replace the runs shown with those of a workspace file (labels and visibility "
                            "included)"));
    openWorkspace->setObjectName(QStringLiteral("openWorkspaceAction"));
    saveWorkspace = make(tr("Save wor&kspace…"), QString(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S),
                         tr("Save every run, with its label and visibility, in one file to open later"));
    saveWorkspace->setObjectName(QStringLiteral("saveWorkspaceAction"));
    exportChart = make(tr("&Export chart\u2026"), QStringLiteral(":/icons/export.svg"),
                       QKeySequence(Qt::CTRL | Qt::Key_E), tr("Export the chart shown as PNG or SVG"));
    exportChart->setObjectName(QStringLiteral("exportAction"));
    exportReport = make(tr("Export re&port\u2026"), QString(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
                        tr("Write one HTML page to post or print: every chart, the one-slide summary, the "
                           "explanations, the crossovers and the data (it opens again as these runs)"));
    exportReport->setObjectName(QStringLiteral("exportReportAction"));
    copy = make(tr("&Copy chart"), QStringLiteral(":/icons/copy.svg"),
                QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), tr("Copy the chart shown to the clipboard"));
    copy->setObjectName(QStringLiteral("copyAction"));
    quit = make(tr("&Quit"), QString(), QKeySequence(Qt::CTRL | Qt::Key_Q), tr("Quit SpeedupLab"));
    tour = make(tr("Guided &tour"), QString(), QKeySequence(QKeySequence::HelpContents),
                tr("A short tour of the seed experiment (b += b) and of how to read each chart"));
    tour->setObjectName(QStringLiteral("tourAction"));

    for (const std::string &preset : Presets::names()) {
        const QString name = QString::fromStdString(preset);
        auto *a = new QAction(DataTexts::preset(Presets::title(preset)), window);
        a->setStatusTip(DataTexts::preset(Presets::description(preset)));
        a->setToolTip(a->statusTip());
        a->setData(name);
        connect(a, &QAction::triggered, this, [this, name] { emit presetChosen(name); });
        presets << a;
    }

    for (const Examples::Example &e : Examples::all()) {
        auto *a = new QAction(e.title, window);
        a->setStatusTip(tr("Recorded on %1: %2").arg(Examples::machine(), e.description));
        a->setToolTip(a->statusTip());
        const int index = int(examples.size());
        connect(a, &QAction::triggered, this, [this, index] { emit exampleChosen(index); });
        examples << a;
    }
    publishedTable = new QAction(PublishedTable::title(), window);
    publishedTable->setObjectName(QStringLiteral("publishedTableAction"));
    publishedTable->setStatusTip(PublishedTable::description());
    publishedTable->setToolTip(publishedTable->statusTip());

    presentation = make(tr("&Presentation"), QString(), QKeySequence(Qt::Key_F11),
                        tr("Full screen, the chart only, fonts and lines zoomed for a projector"));
    presentation->setObjectName(QStringLiteral("presentationAction"));
    presentation->setCheckable(true);
    zoomIn = make(tr("Zoom &in"), QString(), QKeySequence(QKeySequence::ZoomIn),
                  tr("Larger fonts and lines on every chart, and in exports"));
    zoomIn->setObjectName(QStringLiteral("zoomInAction"));
    zoomIn->setShortcuts({QKeySequence(QKeySequence::ZoomIn), QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    zoomOut = make(tr("Zoom &out"), QString(), QKeySequence(QKeySequence::ZoomOut),
                   tr("Smaller fonts and lines on every chart"));
    zoomOut->setObjectName(QStringLiteral("zoomOutAction"));
    zoomReset = make(tr("&Normal size"), QString(), QKeySequence(Qt::CTRL | Qt::Key_0),
                     tr("Fonts and lines at their normal size"));
    zoomReset->setObjectName(QStringLiteral("zoomResetAction"));

    auto *languageGroup = new QActionGroup(this);
    QStringList choices{QStringLiteral("system")};
    choices << Translations::available();
    for (const QString &code : std::as_const(choices)) {
        auto *a = new QAction(code == QLatin1String("system") ? tr("&System language")
                                                              : Translations::nativeName(code),
                              window);
        a->setCheckable(true);
        a->setData(code);
        a->setStatusTip(tr("Show SpeedupLab in this language from the next start"));
        languageGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] { emit languageChosen(code); });
        languages << a;
    }
    setLanguageChoice(QStringLiteral("system"));

    auto *tb = window->addToolBar(tr("Main"));
    tb->setObjectName(QStringLiteral("mainToolBar"));
    tb->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tb->setIconSize(QSize(20, 20));
    tb->addAction(run);
    tb->addAction(cancel);
    tb->addAction(calibrate);
    tb->addSeparator();
    tb->addAction(open);
    tb->addAction(save);
    tb->addAction(exportChart);
    tb->addAction(copy);
}

void MainActions::buildMenus(const QString &programVersion, const QStringList &chartTitles)
{
    QMenuBar *bar = m_window->menuBar();
    QMenu *file = bar->addMenu(tr("&File"));
    file->addAction(open);
    file->addAction(overlay);
    file->addAction(removeOverlay);
    QMenu *exampleMenu = file->addMenu(tr("Open e&xample"));
    exampleMenu->setObjectName(QStringLiteral("exampleMenu"));
    exampleMenu->setToolTipsVisible(true);
    exampleMenu->addActions(examples);
    exampleMenu->addSeparator();
    exampleMenu->addAction(publishedTable);
    file->addAction(save);
    file->addSeparator();
    file->addAction(openWorkspace);
    file->addAction(saveWorkspace);
    file->addSeparator();
    file->addAction(exportChart);
    file->addAction(exportReport);
    file->addAction(copy);
    file->addSeparator();
    file->addAction(quit);
    QMenu *sweep = bar->addMenu(tr("&Sweep"));
    sweep->addAction(run);
    sweep->addAction(cancel);
    sweep->addSeparator();
    sweep->addAction(calibrate);
    sweep->addAction(passiveWait);
    sweep->addSeparator();
    QMenu *presetMenu = sweep->addMenu(tr("&Presets"));
    presetMenu->setToolTipsVisible(true);
    presetMenu->addActions(presets);
    QMenu *view = bar->addMenu(tr("&View"));
    for (QDockWidget *d : m_window->findChildren<QDockWidget *>())
        view->addAction(d->toggleViewAction());
    view->addSeparator();
    for (int i = 0; i < chartTitles.size(); ++i) {
        auto *a = new QAction(chartTitles[i], m_window);
        if (i < 9)
            a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        m_window->addAction(a);
        connect(a, &QAction::triggered, this, [this, i] { emit chartChosen(i); });
        charts << a;
        view->addAction(a);
    }
    view->addSeparator();
    view->addAction(presentation);
    view->addAction(zoomIn);
    view->addAction(zoomOut);
    view->addAction(zoomReset);
    view->addSeparator();
    QMenu *language = view->addMenu(tr("&Language"));
    language->setObjectName(QStringLiteral("languageMenu"));
    QAction *note = language->addAction(tr("Applies at the next start"));
    note->setEnabled(false);
    language->addSeparator();
    language->addActions(languages);
    QMenu *help = bar->addMenu(tr("&Help"));
    help->addAction(tour);
    shortcuts = help->addAction(tr("&Keyboard shortcuts"), this, [this] {
        QMessageBox box(QMessageBox::NoIcon, tr("Keyboard shortcuts"), shortcutsTable(), QMessageBox::Close,
                        m_window);
        box.setTextFormat(Qt::RichText);
        box.exec();
    });
    shortcuts->setObjectName(QStringLiteral("shortcutsAction"));
    help->addSeparator();
    help->addAction(tr("&About SpeedupLab"), this, [this, programVersion] {
        QMessageBox::about(
            m_window, tr("About SpeedupLab"),
            tr("<b>SpeedupLab %1</b><p>When is the GPU faster than the CPU, and why?</p><p>Sweeps "
               "tensor sizes and thread counts, times real workloads on the CPU and on CUDA GPUs, "
               "and marks where the curves cross.</p>")
                .arg(programVersion));
    });
}

QString MainActions::shortcutsTable() const
{
    // From the window's actions themselves, so that the page lists every shortcut there is.
    QString rows;
    for (const QAction *a : m_window->findChildren<QAction *>()) { // the menus' too (Ctrl+1...)
        QStringList keys;
        for (const QKeySequence &k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        if (keys.isEmpty())
            continue;
        QString name = a->text();
        name.remove(QRegularExpression(QStringLiteral("&(?!&)")));
        name.remove(QChar(0x2026));
        rows += QStringLiteral("<tr><td><b>%1</b>&nbsp;&nbsp;</td><td>%2</td></tr>")
                    .arg(keys.join(QStringLiteral(", ")).toHtmlEscaped(), name.trimmed().toHtmlEscaped());
    }
    return QStringLiteral("<table>%1</table>").arg(rows);
}

void MainActions::setLanguageChoice(const QString &choice)
{
    for (QAction *a : std::as_const(languages))
        a->setChecked(a->data().toString() == choice);
}

} // namespace speeduplab
