#include "ui/sweepworker.h"

#include "ui/app.h"

#include <exception>

namespace speeduplab {

SweepWorker::SweepWorker(QObject *parent) : QObject(parent) {}

void SweepWorker::startSweep(SweepPlan plan)
{
    try {
        SweepRunner runner(std::move(plan));
        SweepRunner::Callbacks cb;
        cb.measured = [this](const Measurement &m) { emit measurementAvailable(m); };
        cb.progress = [this](const SweepRunner::Progress &p) { emit progress(p); };
        const ResultSet r = runner.run(cb, m_stop);
        emit finished(r);
    } catch (const std::exception &e) {
        emit failed(
            App::sentence(QStringLiteral("The sweep could not start: ") + QString::fromStdString(e.what())));
    }
}

} // namespace speeduplab
