// SPDX-License-Identifier: MIT
// The shipped data's texts (presets, workloads, the GPU's common reasons) in the user's language.
#pragma once

#include <QString>
#include <QStringList>

#include <string>

namespace speeduplab {

/// The shipped data's texts in the user's language: preset titles and descriptions, workload
/// descriptions (English when no translation is installed).
namespace DataTexts {
QString preset(const std::string &text);
QString workload(const std::string &text);
/// Why the GPU cannot be used (core's and cuda/'s sentences, MachineInfo::GpuState::reason), in
/// the user's language where it is one of the common ones: built without CUDA, no driver, no
/// device. The error codes in it stay as they are; any other reason stays English.
QString gpuReason(const std::string &text);
/// The English texts marked for translation, for the test that holds them to the data.
QStringList presetSources();
QStringList workloadSources();
} // namespace DataTexts

} // namespace speeduplab
