#include "ui/sweepworker.h"

#include "core/calibration.h"
#include "cuda/gpubackend.h"
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

void SweepWorker::startCalibration(int threads, int device, bool gpu)
{
    CeilingMap ceilings;
    QString note;
    try {
        emit calibrationProgress(
            (threads == 1 ? tr("Calibrating the CPU with 1 thread")
                          : tr("Calibrating the CPU with %1 threads").arg(threads)) +
            tr(": parallel-region cost, FMA peak and the bandwidth of each cache level and DRAM per "
               "thread count, GEMM FLOP/s\u2026"));
        ceilings = Calibration::cpu(threads, m_stop);
        if (gpu) {
            if (!gpu::availability().usable) {
                note = tr("The GPU was not calibrated: %1")
                           .arg(App::sentence(QString::fromStdString(gpu::availability().reason)));
            } else {
                emit calibrationProgress(tr("Calibrating GPU %1: copy and transfer bandwidth, launch "
                                            "latency, L2 bandwidth, FMA peak, cuBLAS GEMM FLOP/s\u2026")
                                             .arg(device));
                try {
                    for (const auto &[k, v] : Calibration::gpu(device, m_stop))
                        ceilings[k] = v;
                } catch (const gpu::CudaError &e) {
                    // The CPU ceilings still count: a GPU that cannot be calibrated is a note.
                    note = tr("GPU %1 could not be calibrated: %2 The CPU ceilings are kept.")
                               .arg(device)
                               .arg(App::sentence(QString::fromStdString(e.what())));
                }
            }
        }
    } catch (const gpu::Cancelled &) {
        // What was measured before the stop (the CPU part when the GPU was running) is kept.
    } catch (const std::exception &e) {
        emit failed(
            App::sentence(QStringLiteral("The calibration failed: ") + QString::fromStdString(e.what())));
        return;
    }
    emit calibrationAvailable(ceilings, note);
}

} // namespace speeduplab
