// SPDX-License-Identifier: MIT
// The main window's sweeps and calibrations: starting and cancelling them through the controller,
// and what the window shows while they run and when they end (progress, results, errors).
#include "ui/mainwindow.h"

#include "ui/datatexts.h"
#include "ui/examples.h"
#include "words/appsettings.h"

#include "core/analysis/overlay.h"
#include "core/devices/devicebackend.h"
#include "core/machine/machineinfo.h"
#include "core/machine/sweepconditions.h"
#include "core/pipeline.h"
#include "core/plan/presets.h"
#include "core/results/resultio.h"
#include "core/results/runset.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/charttabs.h"
#include "ui/charts/scalingchart.h"
#include "ui/charts/timechart.h"
#include "ui/devicemodel.h"
#include "ui/devicespanel.h"
#include "ui/gpubanner.h"
#include "ui/loadbanner.h"
#include "ui/mainactions.h"
#include "ui/resulttable.h"
#include "ui/resulttablemodel.h"
#include "ui/runprogress.h"
#include "ui/runspanel.h"
#include "ui/runstore.h"
#include "ui/sourceview.h"
#include "ui/sweepcontroller.h"
#include "ui/sweeppanel.h"
#include "ui/tour.h"
#include "words/format.h"
#include "words/translations.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QShortcut>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace speeduplab {

bool MainWindow::isRunning() const
{
    return m_controller->isRunning();
}

bool MainWindow::isCalibrating() const
{
    return m_controller->isCalibrating();
}

void MainWindow::showError(const QString &title, const QString &text)
{
    m_lastError = text;
    statusBar()->showMessage(text, 10000);
    emit errorShown(text);
    if (m_reportError)
        m_reportError(title, text);
}

bool MainWindow::runSweep()
{
    if (isRunning())
        return false;
    QString why;
    const std::optional<SweepPlan> plan = m_panel->plan(&why);
    if (!plan) {
        showError(tr("The sweep cannot run"), why);
        return false;
    }
    saveSettings();
    m_energyNote = Pipeline::energyNote(*plan); // the Energy tab says it while the sweep runs
    return m_controller->start(*plan, m_machine.ceilings);
}

void MainWindow::cancelSweep()
{
    if (!isRunning())
        return;
    m_controller->cancel();
    m_progress->setText(isCalibrating()
                            ? tr("Cancelling the calibration: it stops at its next repetition\u2026")
                            : tr("Cancelling: the point being measured stops at its next repetition\u2026"));
}

bool MainWindow::calibrate()
{
    if (isRunning())
        return false;
    const bool gpu = MachineInfo::gpuState().usable;
    // The CUDA GPU chosen, or the first; the OpenCL device chosen, or every one with "All devices".
    const SweepForm f = m_panel->form();
    QStringList described; // their ids, "opencl:0"
    if (f.gpu && !f.described.isEmpty())
        described << QString::fromStdString(PlanDevice{f.described.toStdString(), f.device}.id());
    else if (f.gpu && f.allDevices)
        for (const PlanDevice &d : m_panel->describedDevices())
            described << QString::fromStdString(d.id());
    return m_controller->startCalibration(m_hw, f.described.isEmpty() ? f.device : 0, gpu, described);
}

void MainWindow::startRunning(const QString &activity, const QString &label)
{
    m_panel->setRunning(true);
    m_progress->start(label);
    m_activity = activity;
    updateTitle();
    for (ChartView *c : charts())
        c->setLive(true);
    statusBar()->clearMessage();
    // Measuring here: what distorts the timings matters again (not on a projector's screen, where
    // the chart alone is shown; the end of the sweep's note says what was noisy).
    m_banners->setVisible(!m_presenting);
    updateActions();
}

void MainWindow::onCalibrationStarted()
{
    startRunning(tr("Calibrating"), tr("Calibrating\u2026"));
}

void MainWindow::endRunning()
{
    m_liveCaption->clear();
    m_liveCaption->hide();
    // A sticky CUDA error during the run makes the GPU unusable for the rest of the process.
    setGpuState(MachineInfo::gpuState());
    m_panel->setRunning(false);
    m_progress->stop();
    for (ChartView *c : charts())
        c->setLive(false);
    m_banners->setVisible(!m_presenting);
    m_activity.clear();
    updateTitle();
    updateActions();
}

void MainWindow::updateTitle()
{
    // The platform appends the application's display name ("results.csv \u2014 SpeedupLab"),
    // and shows [*] as a mark while the results are not saved.
    QString subject = m_activity;
    if (subject.isEmpty())
        subject = !m_currentFile.isEmpty() ? QFileInfo(m_currentFile).fileName()
                  // "Unsaved" only for new measurements: an example or a file opened is kept where it was.
                  : m_store && unsavedMeasurements() > 0 ? tr("Unsaved results")
                  : m_store && m_store->runCount() > 0 ? QString::fromStdString(m_store->runs().front().label)
                                                       : QString();
    setWindowTitle(subject.isEmpty() ? QString() : subject + QStringLiteral("[*]"));
    // The platform adds the program's name to the title it shows; a screen reader reads the
    // widget's, which has none without a subject.
    setAccessibleName(subject.isEmpty() ? QGuiApplication::applicationDisplayName() : subject);
    setWindowModified(m_unsaved);
}

void MainWindow::onCalibrationFinished(const CeilingMap &ceilings, const QString &note, bool cancelled)
{
    endRunning();
    for (const auto &[k, v] : ceilings)
        m_machine.ceilings[k] = v;
    m_panel->setMachine(m_machine); // the speed check counts with the new ceilings
    if (!ceilings.empty())
        AppSettings::keepCalibration(m_machine);
    // The results shown get the ceilings when they were measured here; a run recorded on
    // another machine keeps its own.
    const bool applies = m_store->applyCeilings(m_machine, ceilings);
    m_devicesPanel->setHere(m_machine);
    const QStringList measured = Format::headlineCeilings(ceilings);
    QString text;
    if (cancelled)
        text = ceilings.empty() ? tr("Calibration cancelled: no ceiling was measured.")
                                : tr("Calibration cancelled: the ceilings measured before the stop are kept "
                                     "(%1).")
                                      .arg(measured.join(QStringLiteral(", ")));
    else
        text = tr("Calibrated: %1.").arg(measured.join(QStringLiteral(", ")));
    if (!note.isEmpty())
        text += QLatin1Char(' ') + note;
    if (!applies && !ceilings.empty())
        text += QLatin1Char(' ') + tr("The results shown were recorded on another machine and keep its "
                                      "ceilings; the next sweep carries these.");
    statusBar()->showMessage(text);
    emit calibrationDone(cancelled);
}

void MainWindow::onCalibrationFailed(const QString &message)
{
    endRunning();
    showError(tr("Calibration failed"), message);
    emit calibrationDone(false);
}

void MainWindow::onStarted()
{
    m_currentFile.clear();
    m_unsaved = false;
    // The rows to come are measured now: the charts' footer must not keep the time the window,
    // or the previous sweep, probed the machine (the sweep's own result replaces this at the end).
    MachineInfo now = m_machine;
    now.timestamp = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
    now.sweep.energyMissing = m_energyNote;
    // A sweep is a new run: the runs opened or measured before stay (the Runs panel hides or
    // removes them). A run left empty (a sweep cancelled before its first point) goes.
    for (int i = m_store->runCount() - 1; i >= 0; --i)
        if (m_store->runs()[std::size_t(i)].results.empty())
            m_store->removeRun(i);
    m_store->startRun(now);
    startRunning(tr("Measuring"), tr("Starting\u2026"));
}

void MainWindow::onMeasurement(const Measurement &m)
{
    m_store->append(m);
    m_unsaved = true;
    setWindowModified(true);
    m_table->followNewest(); // in measurement order: follow the newest row
}

void MainWindow::onProgress(const SweepRunner::Progress &p)
{
    m_lastProgress = p;
    if (m_controller->cancelRequested())
        return;
    m_progress->report(p);
    m_liveCaption->setText(p.done < p.total ? tr("Measuring %1").arg(RunProgress::point(p)) : QString());
    m_liveCaption->setVisible(m_presenting && !m_liveCaption->text().isEmpty());
}

void MainWindow::onFinished(const ResultSet &measured, bool cancelled)
{
    const ResultSet &r = measured; // complete: the worker's pipeline carried this session's ceilings
    m_store->finishRun(r);
    m_unsaved = m_unsaved || !r.empty();
    compareWithExample();      // a sweep beside an example: this CPU against the example's GPU
    m_devicesPanel->refresh(); // the run's machine is complete now
    endRunning();
    const ResultSet::StatusCounts counts = r.statusCounts();
    const int ok = counts.ok, failed = counts.failed, skipped = counts.skipped;
    QString text = cancelled ? tr("Sweep cancelled: %n point(s) measured before the stop kept.", nullptr, ok)
                             : tr("Sweep finished: %1 measured.").arg(tr("%n point(s)", nullptr, ok));
    if (failed)
        text += tr(" %1 failed (see the table).").arg(failed);
    if (skipped)
        text += tr(" %1 skipped (see the table).").arg(skipped);
    // The runner's last report carries the timings: coarse to fine, every curve spans the
    // whole range at the end of its first pass.
    if (m_lastProgress.firstPass >= 0)
        text += tr(" The sweep took %1; every curve spanned the whole range of sizes after %2.")
                    .arg(Format::seconds(m_lastProgress.elapsed), Format::seconds(m_lastProgress.firstPass));
    else if (!r.empty())
        text += tr(" The sweep took %1.").arg(Format::seconds(m_lastProgress.elapsed));
    // "Find the crossovers": each crossover as refinement left it, and why it stopped there.
    // "Find the crossovers": the time chart's notes say each one, where and why it ended.
    if (const SweepConditions &sweep = r.machine.sweep; sweep.refine > 0)
        text += sweep.refined.empty() ? tr(" Nothing to refine: no two curves cross.")
                                      : tr(" %1 refined: the time chart's notes say where and why it ended.")
                                            .arg(tr("%n crossover(s)", nullptr, int(sweep.refined.size())));
    // Points another program took a core from: measured again, and what came of it.
    if (const Pipeline::Disturbance d = Pipeline::disturbance(r); d.again > 0)
        text += tr(" %1 measured again: another program held a core; %2 came out clean, %3 still disturbed "
                   "(marked noisy).")
                    .arg(tr("%n point(s)", nullptr, int(d.again)))
                    .arg(d.clean)
                    .arg(d.still);
    else if (d.still > 0)
        text += tr(" %1 disturbed: another program held a core (marked noisy).")
                    .arg(tr("%n point(s)", nullptr, int(d.still)));
    statusBar()->showMessage(text);
    emit sweepFinished(cancelled);
}

void MainWindow::onFailed(const QString &message)
{
    endRunning();
    showError(tr("The sweep failed"), message);
}

} // namespace speeduplab
