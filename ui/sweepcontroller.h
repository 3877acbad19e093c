#pragma once

#include "ui/metatypes.h"

#include <QElapsedTimer>
#include <QObject>
#include <QThread>

namespace speeduplab {

class SweepWorker;

/// Owns the worker thread and its SweepWorker, and hands the worker's results to the GUI
/// thread. Lives on the GUI thread; every signal it emits arrives there.
class SweepController : public QObject {
    Q_OBJECT
public:
    explicit SweepController(QObject *parent = nullptr);
    ~SweepController() override;

    bool isRunning() const { return m_running; }
    /// Starts a sweep; ignored (returns false) while one is running.
    bool start(const SweepPlan &plan);
    /// Asks the running sweep to stop; the points measured so far are kept.
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

    /// Internal: queues the plan into the worker's thread.
    void startRequested(speeduplab::SweepPlan plan);

private:
    void onFinished(const ResultSet &r);
    void onFailed(const QString &message);

    QThread m_thread;
    SweepWorker *m_worker = nullptr;
    bool m_running = false;
    bool m_cancelRequested = false;
    QElapsedTimer m_cancelClock;
    qint64 m_cancelLatencyMs = -1;
};

} // namespace speeduplab
