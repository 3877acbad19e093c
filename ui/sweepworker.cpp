// SPDX-License-Identifier: MIT
// SweepWorker: the sweep through Pipeline::run and the calibration, results sent by queued signals.
#include "ui/sweepworker.h"

#include "core/pipeline.h"
#include "words/format.h"

#include <exception>

namespace speeduplab {

SweepWorker::SweepWorker(QObject *parent) : QObject(parent) {}

void SweepWorker::startSweep(SweepPlan plan, CeilingMap known)
{
    try {
        Pipeline::Events events;
        events.measured = [this](const Measurement &m) { emit measurementAvailable(m); };
        events.progress = [this](const SweepRunner::Progress &p) { emit progress(p); };
        const Pipeline::Outcome out = Pipeline::run(plan, false, events, m_stop, known);
        emit finished(out.result);
    } catch (const std::exception &e) {
        emit failed(
            Format::sentence(tr("The sweep could not start: %1").arg(QString::fromStdString(e.what()))));
    }
}

void SweepWorker::startCalibration(int threads, int device, bool gpu, const QStringList &described)
{
    QString note;
    std::vector<PlanDevice> devices;
    for (const QString &id : described)
        if (const std::optional<PlanDevice> d = PlanDevice::of(id.toStdString()))
            devices.push_back(*d);
    Pipeline::Calibrated c;
    try {
        c = Pipeline::calibrate(
            threads, device, gpu, m_stop,
            [this, &note](const CalibrationStep &step) {
                const QString text = Format::calibrationStep(step);
                if (step.kind == CalibrationStep::Kind::GpuSkipped ||
                    step.kind == CalibrationStep::Kind::GpuFailed ||
                    step.kind == CalibrationStep::Kind::GpuPartial ||
                    step.kind == CalibrationStep::Kind::DeviceFailed)
                    note = text; // what was not measured, shown with the result
                else
                    emit calibrationProgress(text);
            },
            devices);
    } catch (const std::exception &e) {
        emit failed(Format::sentence(tr("The calibration failed: %1").arg(QString::fromStdString(e.what()))));
        return;
    }
    emit calibrationAvailable(c.ceilings, note);
}

} // namespace speeduplab
