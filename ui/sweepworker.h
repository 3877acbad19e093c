// SPDX-License-Identifier: MIT
// SweepWorker: sweeps and calibrations on the worker's thread; only its stop flag is shared.
#pragma once

#include "ui/metatypes.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>

namespace speeduplab {

/// Runs sweeps and calibrations on the thread it lives on (hotspot's worker pattern). The plan
/// is captured by value; measurements, progress and the final result set leave by queued
/// signals. The only thing another thread touches is the stop flag.
class SweepWorker : public QObject {
    Q_OBJECT
public:
    explicit SweepWorker(QObject *parent = nullptr);

    /// Asks the running sweep to stop at the next repetition or launch. Thread-safe.
    void requestStop() { m_stop.store(true); }
    /// Clears a previous stop. Call it before queueing a start, never while one runs.
    void resetStop() { m_stop.store(false); }
    bool stopRequested() const { return m_stop.load(); }

public slots:
    /// Runs the plan (Pipeline::run); `known`: ceilings measured earlier on this machine, which
    /// the result carries.
    void startSweep(speeduplab::SweepPlan plan, speeduplab::CeilingMap known = {});
    /// Measures the CPU ceilings with `threads` threads, then (gpu) those of GPU `device`.
    /// Always ends in calibrationAvailable, with what was measured before a stop, unless
    /// something unexpected throws (failed).
    void startCalibration(int threads, int device, bool gpu, const QStringList &described = {});

signals:
    void measurementAvailable(const speeduplab::Measurement &m);
    void progress(const speeduplab::SweepRunner::Progress &p);
    void finished(const speeduplab::ResultSet &r);
    void failed(const QString &message);
    /// What the calibration measures now, as a sentence for the status bar.
    void calibrationProgress(const QString &step);
    /// note: a sentence about what was not measured (a GPU that cannot be calibrated), or empty.
    void calibrationAvailable(const speeduplab::CeilingMap &ceilings, const QString &note);

private:
    std::atomic<bool> m_stop{false};
};

} // namespace speeduplab
