// SPDX-License-Identifier: MIT
// The window's result files: opening runs (files, drops, workspaces) and saving them.
#include "ui/mainwindow.h"

#include "core/results/resultio.h"
#include "core/results/runset.h"
#include "ui/charts/timechart.h"
#include "ui/devicemodel.h"
#include "ui/devicespanel.h"
#include "ui/examples.h"
#include "ui/htmlreport.h"
#include "ui/mainactions.h"
#include "ui/publishedtable.h"
#include "ui/runstore.h"
#include "words/format.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMimeData>
#include <QStatusBar>

#include <algorithm>
#include <iterator>
#include <optional>

namespace speeduplab {

namespace {

std::string toPath(const QString &path)
{
    return QFile::encodeName(path).toStdString();
}

} // namespace

bool MainWindow::load(const QString &path, const QString &title, const QString &unchanged,
                      std::vector<RunRecord> &out)
{
    try {
        out = RunSet::load(toPath(path));
        return true;
    } catch (const std::exception &e) {
        showError(title, tr("Could not open \u201c%1\u201d: %2 %3")
                             .arg(QFileInfo(path).fileName(),
                                  Format::sentence(QString::fromStdString(e.what())), unchanged));
        return false;
    }
}

bool MainWindow::refuseWhileRunning(const QString &title)
{
    if (!isRunning())
        return false;
    showError(title, isCalibrating() ? tr("A calibration is running. Cancel it (Esc) before opening a file.")
                                     : tr("A sweep is running. Cancel it (Esc) before opening a file."));
    return true;
}

bool MainWindow::openResults(const QString &path)
{
    return openResults(QStringList{path});
}

bool MainWindow::openResults(const QStringList &paths, bool asReference)
{
    const QString title = asReference ? tr("Add reference run") : tr("Open results");
    if (paths.isEmpty() || refuseWhileRunning(title))
        return false;
    // Every file is read before any run is added: one bad file adds nothing.
    std::vector<RunRecord> added;
    for (const QString &path : paths) {
        std::vector<RunRecord> runs;
        if (!load(path, title, tr("No file was added: the charts still show the previous results."), runs))
            return false;
        if (asReference && Analysis::series(runs.front().results).empty()) {
            showError(
                title,
                tr("\u201c%1\u201d has no successful measurement to draw.").arg(QFileInfo(path).fileName()));
            return false;
        }
        for (RunRecord &run : runs) {
            run.reference = run.reference || asReference;
            // A result file's one run is named by its file as well as its machine and day, so that
            // two recordings of one machine read apart (a runs file names its runs itself).
            if (!run.reference && run.source == toPath(path) &&
                run.label == RunSet::defaultLabel(run.results))
                run.label = QStringLiteral("%1 \u00b7 %2")
                                .arg(QFileInfo(path).completeBaseName(), QString::fromStdString(run.label))
                                .toStdString();
            added.push_back(std::move(run));
        }
    }
    const bool wasEmpty = m_store->resultSet().empty();
    const std::size_t rows = addRuns(added);
    for (const QString &path : paths)
        m_files.remember(path);
    // The title names the file opened last (the results before it, if any, are kept as they
    // were, saved or not).
    if (paths.size() == 1)
        m_currentFile = paths.front();
    if (wasEmpty && paths.size() == 1)
        m_unsaved = false;
    updateTitle();
    const QString files = paths.size() == 1 ? QFileInfo(paths.front()).fileName()
                                            : tr("%n file(s)", nullptr, int(paths.size()));
    statusBar()->showMessage(
        m_store->runCount() == int(added.size())
            ? tr("Opened %1: %2.").arg(files, tr("%n measurement(s)", nullptr, int(rows)))
            : tr("Added %1 from %2: %3 (%4 shown).")
                  .arg(tr("%n run(s)", nullptr, int(added.size())), files,
                       tr("%n measurement(s)", nullptr, int(rows)),
                       tr("%n run(s)", nullptr, int(m_store->runCount()))));
    updateActions();
    for (const QString &path : paths)
        emit resultsLoaded(path);
    return true;
}

std::size_t MainWindow::addRuns(std::vector<RunRecord> &added)
{
    // A file opened again replaces the runs it gave before (it was saved anew, or re-read);
    // runs left empty (a sweep cancelled before its first point) make way too.
    for (int i = m_store->runCount() - 1; i >= 0; --i) {
        const RunRecord &run = m_store->runs()[std::size_t(i)];
        const bool reopened =
            !run.source.empty() && std::any_of(added.begin(), added.end(),
                                               [&](const RunRecord &a) { return a.source == run.source; });
        if (run.results.empty() || (reopened && i != m_store->liveRun()))
            m_store->removeRun(i);
    }
    std::size_t rows = 0;
    for (RunRecord &run : added) {
        rows += run.results.size();
        m_store->addRun(std::move(run));
    }
    return rows;
}

bool MainWindow::openExample(int index)
{
    const QString title = tr("Open example");
    if (index < 0 || index >= Examples::all().size() || refuseWhileRunning(title))
        return false;
    const Examples::Example &example = Examples::all()[index];
    std::vector<RunRecord> added;
    try {
        added = Examples::load(example);
    } catch (const std::exception &e) {
        showError(title, Format::sentence(QString::fromStdString(e.what())));
        return false;
    }
    const std::size_t rows = addRuns(added);
    // An example is nothing to save: it neither marks the window modified nor becomes the file
    // that saving writes to.
    compareWithExample();
    updateTitle();
    statusBar()->showMessage(
        tr("Opened the example \u201c%1\u201d, recorded on %2: %3.")
            .arg(example.title, Examples::machine(), tr("%n measurement(s)", nullptr, int(rows))));
    updateActions();
    return true;
}

bool MainWindow::openPublishedTable()
{
    const QString title = tr("Open example");
    if (refuseWhileRunning(title))
        return false;
    // Open once: a second copy would repeat every note and sentence on the table.
    for (const RunRecord &r : m_store->runs())
        if (r.source == PublishedTable::path().toStdString()) {
            timeChart()->setWholeLoop(true);
            statusBar()->showMessage(tr("The original answer's published table is open already."));
            return true;
        }
    std::vector<RunRecord> added;
    try {
        added.push_back(PublishedTable::load());
    } catch (const std::exception &e) {
        showError(title, Format::sentence(QString::fromStdString(e.what())));
        return false;
    }
    addRuns(added);
    timeChart()->setWholeLoop(true); // its seconds are for the whole loop of 1000 iterations
    statusBar()->showMessage(tr("Opened the original answer's published table as a reference run (dashed): "
                                "another machine, its GPU column timed without synchronising the device."));
    updateActions();
    return true;
}

void MainWindow::compareWithExample()
{
    // A: the newest run of this machine (not an example, not a reference) with a CPU curve; B: the
    // newest example with a GPU curve. Set only when both exist and no pair was chosen yet.
    auto has = [](const RunRecord &r, bool gpu) {
        return std::any_of(r.results.rows.begin(), r.results.rows.end(),
                           [gpu](const Measurement &m) { return m.ok() && (gpu ? m.onGpu() : m.isCpu()); });
    };
    int a = -1, b = -1;
    for (int i = 0; i < m_store->runCount(); ++i) {
        const RunRecord &r = m_store->runs()[std::size_t(i)];
        if (Examples::isExample(r.source) && has(r, true))
            b = i;
        else if (!r.reference && !Examples::isExample(r.source) && has(r, false))
            a = i;
    }
    if (a >= 0 && b >= 0 && (m_store->runA() < 0 || m_store->runB() < 0))
        m_store->setComparedRuns(a, b);
}

int MainWindow::runWantingExample() const
{
    if (m_gpu.usable || isRunning())
        return -1;
    const auto &runs = m_store->runs();
    if (std::any_of(runs.begin(), runs.end(),
                    [](const RunRecord &r) { return Examples::isExample(r.source); }))
        return -1;
    for (int i = int(runs.size()) - 1; i >= 0; --i) {
        const RunRecord &r = runs[std::size_t(i)];
        if (!r.reference && Examples::besideSweep(r.results) >= 0)
            return i;
    }
    return -1;
}

void MainWindow::showExampleBeside()
{
    const int run = runWantingExample();
    if (run < 0)
        return;
    const Examples::Example &example =
        Examples::all()[Examples::besideSweep(m_store->runs()[std::size_t(run)].results)];
    std::vector<RunRecord> added;
    try {
        added.push_back(Examples::gpuCurves(example));
    } catch (const std::exception &e) {
        showError(tr("Open example"), Format::sentence(QString::fromStdString(e.what())));
        return;
    }
    const QString label = QString::fromStdString(added.front().label);
    addRuns(added);
    compareWithExample();
    updateActions();
    statusBar()->showMessage(
        tr("The GPU curves of \u201c%1\u201d, recorded on %2, are drawn beside this CPU.")
            .arg(label, Examples::machine()));
}

bool MainWindow::overlayReference(const QString &path)
{
    return openResults(QStringList{path}, true);
}

void MainWindow::removeReference()
{
    for (int i = m_store->runCount() - 1; i >= 0; --i)
        if (m_store->runs()[std::size_t(i)].reference)
            m_store->removeRun(i);
    updateActions();
}

bool MainWindow::openWorkspace(const QString &path)
{
    if (refuseWhileRunning(tr("Open workspace")))
        return false;
    std::vector<RunRecord> runs;
    if (!load(path, tr("Open workspace"), tr("The runs shown stay as they are."), runs))
        return false;
    m_store->setRuns(std::move(runs));
    m_files.remember(path);
    m_currentFile = path;
    m_unsaved = false;
    updateTitle();
    statusBar()->showMessage(
        tr("Opened the workspace %1: %2.")
            .arg(QFileInfo(path).fileName(), tr("%n run(s)", nullptr, int(m_store->runCount()))));
    updateActions();
    emit resultsLoaded(path);
    return true;
}

bool MainWindow::saveWorkspace(const QString &path)
{
    if (m_store->runCount() == 0) {
        showError(tr("Save workspace"),
                  tr("There are no runs to save yet. Run a sweep or open a file first."));
        return false;
    }
    try {
        RunSet::write(m_store->runsToKeep(), toPath(path)); // the pair compared across with them
    } catch (const std::exception &e) {
        showError(tr("Save workspace"), tr("Could not save the workspace: %1 Nothing was written; choose "
                                           "another file or folder.")
                                            .arg(Format::sentence(QString::fromStdString(e.what()))));
        return false;
    }
    m_files.remember(path);
    m_unsaved = false;
    m_currentFile = path;
    updateTitle();
    statusBar()->showMessage(
        tr("Saved the workspace (%1) to %2.").arg(tr("%n run(s)", nullptr, int(m_store->runCount())), path));
    return true;
}

bool MainWindow::exportReport(const QString &path)
{
    if (m_store->resultSet().empty()) {
        showError(tr("Export report"),
                  tr("There are no results to report yet. Run a sweep or open a file first."));
        return false;
    }
    try {
        QGuiApplication::setOverrideCursor(Qt::WaitCursor); // every chart is drawn: a second or so
        HtmlReport::write(*m_store, toPath(path), {timeChart()->wholeLoop()});
        QGuiApplication::restoreOverrideCursor();
    } catch (const std::exception &e) {
        QGuiApplication::restoreOverrideCursor();
        showError(tr("Export report"),
                  tr("Could not write the report: %1 Nothing was written; choose another "
                     "file or folder.")
                      .arg(Format::sentence(QString::fromStdString(e.what()))));
        return false;
    }
    m_files.remember(path);
    statusBar()->showMessage(
        tr("Exported the report to %1: open it in any browser, or here again.").arg(path));
    return true;
}

bool MainWindow::saveData(const QString &path)
{
    const ResultSet &r = m_store->resultSet();
    if (r.empty()) {
        showError(tr("Save data"), tr("There are no results to save yet. Run a sweep or open a file first."));
        return false;
    }
    const bool json = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
    const int shown = m_store->visibleRunCount();
    if (shown > 1 && !json) {
        showError(tr("Save data"),
                  tr("A CSV file holds one run, and %1 are shown. Save as .json to keep them "
                     "all (each with its label), or hide all runs but one.")
                      .arg(shown));
        return false;
    }
    try {
        if (shown > 1) {
            // Each run saved names this file as its source, so that opening it again replaces
            // these runs rather than adding copies of them.
            std::vector<RunRecord> visible;
            for (const RunRecord &run : m_store->runs())
                if (run.visible) {
                    visible.push_back(run);
                    visible.back().source = toPath(path);
                }
            RunSet::write(visible, toPath(path));
        } else if (json) {
            ResultIO::writeJson(r, toPath(path));
        } else {
            ResultIO::writeCsv(r, toPath(path));
        }
    } catch (const std::exception &e) {
        showError(tr("Save data"),
                  tr("Could not save the results: %1 Nothing was written; choose another file or "
                     "folder.")
                      .arg(Format::sentence(QString::fromStdString(e.what()))));
        return false;
    }
    for (int i = 0; i < m_store->runCount(); ++i)
        if (m_store->runs()[std::size_t(i)].visible)
            m_store->setRunSource(i, toPath(path));
    m_unsaved = false;
    m_currentFile = path;
    updateTitle();
    m_files.remember(path);
    const int hidden = m_store->runCount() - shown;
    statusBar()->showMessage(
        (shown > 1 ? tr("Saved %1 of %2 runs to %3.")
                         .arg(tr("%n measurement(s)", nullptr, int(r.size())))
                         .arg(shown)
                         .arg(path)
                   : tr("Saved %1 to %2.").arg(tr("%n measurement(s)", nullptr, int(r.size())), path)) +
        (hidden > 0 ? tr(" %n hidden run(s) not saved (show them to save them too).", nullptr, int(hidden))
                    : QString()));
    return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() &&
        std::all_of(urls.begin(), urls.end(), [](const QUrl &u) { return u.isLocalFile(); }))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    for (const QUrl &u : event->mimeData()->urls())
        paths << u.toLocalFile();
    event->acceptProposedAction();
    openResults(paths);
}

} // namespace speeduplab
