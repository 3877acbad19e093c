#pragma once

#include "ui/metatypes.h"

#include <QObject>
#include <QString>

#include <atomic>

namespace speeduplab {

/// Runs sweeps on the thread it lives on (hotspot's worker pattern). The plan is captured by
/// value; measurements, progress and the final result set leave by queued signals. The only
/// thing another thread touches is the stop flag.
class SweepWorker : public QObject {
    Q_OBJECT
public:
    explicit SweepWorker(QObject *parent = nullptr);

    /// Asks the running sweep to stop at the next repetition or launch. Thread-safe.
    void requestStop() { m_stop.store(true); }
    /// Clears a previous stop. Call it before queueing startSweep, never while one runs.
    void resetStop() { m_stop.store(false); }
    bool stopRequested() const { return m_stop.load(); }

public slots:
    void startSweep(speeduplab::SweepPlan plan);

signals:
    void measurementAvailable(const speeduplab::Measurement &m);
    void progress(const speeduplab::SweepRunner::Progress &p);
    void finished(const speeduplab::ResultSet &r);
    void failed(const QString &message);

private:
    std::atomic<bool> m_stop{false};
};

} // namespace speeduplab
