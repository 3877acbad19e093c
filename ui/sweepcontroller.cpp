// SPDX-License-Identifier: MIT
// SweepController: the worker thread (at nice +5 on Linux), the queued connections and the cancel.
#include "ui/sweepcontroller.h"

#include "ui/sweepworker.h"

#include <utility>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace speeduplab {

namespace {
#ifdef __linux__
constexpr int kWorkerNice = 5;
#endif
} // namespace

SweepController::SweepController(QObject *parent) : QObject(parent)
{
    registerMetaTypes();
    m_thread.setObjectName(QStringLiteral("SweepWorker"));
    m_worker = new SweepWorker;
    m_worker->moveToThread(&m_thread);
#ifdef __linux__
    // The measuring threads (this one and the OpenMP threads it starts, which inherit its nice
    // value) yield to the GUI thread: on a machine whose cores the sweep fills, a repaint then
    // runs at once instead of waiting for a time slice (tens of ms). The GUI thread's few ms
    // interrupt a measurement either way; other programs' load is measured and shown.
    connect(
        &m_thread, &QThread::started, this,
        [] { (void)setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), kWorkerNice); },
        Qt::DirectConnection);
#endif
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &SweepController::startRequested, m_worker, &SweepWorker::startSweep, Qt::QueuedConnection);
    connect(m_worker, &SweepWorker::measurementAvailable, this, &SweepController::measurementAvailable,
            Qt::QueuedConnection);
    connect(m_worker, &SweepWorker::progress, this, &SweepController::progress, Qt::QueuedConnection);
    connect(m_worker, &SweepWorker::finished, this, &SweepController::onFinished, Qt::QueuedConnection);
    connect(m_worker, &SweepWorker::failed, this, &SweepController::onFailed, Qt::QueuedConnection);
    connect(this, &SweepController::calibrationRequested, m_worker, &SweepWorker::startCalibration,
            Qt::QueuedConnection);
    connect(m_worker, &SweepWorker::calibrationProgress, this, &SweepController::calibrationProgress,
            Qt::QueuedConnection);
    connect(m_worker, &SweepWorker::calibrationAvailable, this, &SweepController::onCalibrationAvailable,
            Qt::QueuedConnection);
    m_thread.start();
}

SweepController::~SweepController()
{
    m_worker->requestStop();
    m_thread.quit();
    m_thread.wait();
}

bool SweepController::start(const SweepPlan &given, const CeilingMap &known)
{
    if (m_running)
        return false;
    SweepPlan plan = given;
    // The form has no seed field: each sweep of several rounds gets its own, recorded in the
    // result so that its orders can be replayed (speeduplab-cli run --seed).
    if (plan.rounds > 1 && plan.shuffleSeed == 0)
        plan.shuffleSeed = SweepPlan::randomSeed();
    m_running = true;
    m_calibrating = false;
    m_cancelRequested = false;
    m_cancelLatencyMs = -1;
    // Reset here, on the GUI thread, so that a cancel that arrives before the worker picks
    // the plan up is not lost.
    m_worker->resetStop();
    emit started(plan);
    emit startRequested(plan, known);
    return true;
}

bool SweepController::startCalibration(int threads, int device, bool gpu, const QStringList &described)
{
    if (m_running)
        return false;
    m_running = true;
    m_calibrating = true;
    m_cancelRequested = false;
    m_cancelLatencyMs = -1;
    m_worker->resetStop();
    emit calibrationStarted();
    emit calibrationRequested(threads, device, gpu, described);
    return true;
}

void SweepController::cancel()
{
    if (!m_running || m_cancelRequested)
        return;
    m_cancelRequested = true;
    m_cancelClock.start();
    m_worker->requestStop();
}

void SweepController::onFinished(const ResultSet &r)
{
    m_running = false;
    if (m_cancelRequested)
        m_cancelLatencyMs = m_cancelClock.elapsed();
    emit finished(r, m_cancelRequested);
}

void SweepController::onFailed(const QString &message)
{
    m_running = false;
    if (std::exchange(m_calibrating, false))
        emit calibrationFailed(message);
    else
        emit failed(message);
}

void SweepController::onCalibrationAvailable(const CeilingMap &ceilings, const QString &note)
{
    m_running = false;
    m_calibrating = false;
    if (m_cancelRequested)
        m_cancelLatencyMs = m_cancelClock.elapsed();
    emit calibrationFinished(ceilings, note, m_cancelRequested);
}

} // namespace speeduplab
