// SPDX-License-Identifier: MIT
// The shipped data's texts (presets, workloads, the GPU's common reasons) in the user's language.
#pragma once

#include "core/machine/machineinfo.h"
#include "core/model/measurement.h"

#include <QString>
#include <QStringList>

#include <string>

namespace speeduplab {

/// The shipped data's texts in the user's language: preset titles and descriptions, workload
/// descriptions (English when no translation is installed).
namespace DataTexts {
QString preset(const std::string &text);
QString workload(const std::string &text);
/// Why the GPU cannot be used, in the user's language, from the probe's typed answer
/// (MachineInfo::GpuState::why): built without CUDA, no driver, an old driver, no device, the
/// devices not listed. The CUDA error codes stay as they are; a reason that only a sentence gives
/// (a device disabled after a fault) stays as it is.
QString gpuReason(const MachineInfo::GpuState &state);
/// A row's status as the window and the report show it: "throttled" or "noisy" on an ok row whose
/// clocks dropped or whose repetitions spread (Stats::noisy), else its status's name.
QString status(const Measurement &m);
/// The English texts marked for translation, for the test that holds them to the data.
QStringList presetSources();
QStringList workloadSources();
} // namespace DataTexts

} // namespace speeduplab
