// SPDX-License-Identifier: MIT
// SweepController: the window's sweeps and calibrations, run by a SweepWorker on the thread it owns.
#pragma once

#include "ui/metatypes.h"

#include <QElapsedTimer>
#include <QObject>
#include <QStringList>
#include <QThread>

namespace speeduplab {

class SweepWorker;

/// Owns the worker thread and its SweepWorker, and hands the worker's results to the GUI
/// thread. Lives on the GUI thread; every signal it emits arrives there. The worker does one
/// job at a time: a sweep or a calibration.
class SweepController : public QObject {
    Q_OBJECT
public:
    explicit SweepController(QObject *parent = nullptr);
    ~SweepController() override;

    /// A sweep or a calibration is running.
    bool isRunning() const { return m_running; }
    bool isCalibrating() const { return m_running && m_calibrating; }
    /// Starts a sweep; ignored (returns false) while a sweep or a calibration runs.
    /// known: ceilings measured earlier on this machine, carried into the result.
    bool start(const SweepPlan &plan, const CeilingMap &known = {});
    /// Measures the machine's ceilings (Calibration::cpu, then Calibration::gpu when gpu);
    /// ignored (returns false) while a sweep or a calibration runs.
    /// opencl: the OpenCL devices calibrated after the CPU and the GPU.
    bool startCalibration(int threads, int device, bool gpu, const QStringList &described = {});
    /// Asks the running sweep or calibration to stop; what was measured so far is kept.
    void cancel();
    bool cancelRequested() const { return m_cancelRequested; }
    /// Milliseconds from cancel() to the worker's finished signal of the last sweep; -1 if none.
    qint64 lastCancelLatencyMs() const { return m_cancelLatencyMs; }

signals:
    void started(const speeduplab::SweepPlan &plan);
    void measurementAvailable(const speeduplab::Measurement &m);
    void progress(const speeduplab::SweepRunner::Progress &p);
    /// cancelled: the user stopped it; r holds every point measured until then.
    void finished(const speeduplab::ResultSet &r, bool cancelled);
    void failed(const QString &message);

    void calibrationStarted();
    void calibrationProgress(const QString &step);
    /// ceilings: what was measured (before the stop, when cancelled); note: what was not
    /// (a GPU that cannot be calibrated) as a sentence, or empty.
    void calibrationFinished(const speeduplab::CeilingMap &ceilings, const QString &note, bool cancelled);
    void calibrationFailed(const QString &message);

    /// Internal: queues the plan into the worker's thread.
    void startRequested(speeduplab::SweepPlan plan, speeduplab::CeilingMap known);
    /// Internal: queues a calibration into the worker's thread.
    void calibrationRequested(int threads, int device, bool gpu, const QStringList &described);

private:
    void onFinished(const ResultSet &r);
    void onFailed(const QString &message);
    void onCalibrationAvailable(const CeilingMap &ceilings, const QString &note);

    QThread m_thread;
    SweepWorker *m_worker = nullptr;
    bool m_running = false;
    bool m_calibrating = false;
    bool m_cancelRequested = false;
    QElapsedTimer m_cancelClock;
    qint64 m_cancelLatencyMs = -1;
};

} // namespace speeduplab
