// SPDX-License-Identifier: MIT
// The backends' names, declared once (no Qt): as a result row and a plan point name them, and as
// --device and a device id name their devices. Everything that names a backend uses these;
// DeviceBackend (core/devices/devicebackend.h) says everything else about one.
#pragma once

#include <string_view>

namespace speeduplab {

/// A row's `backend` column, a PlanPoint's backend.
namespace RowName {
inline constexpr std::string_view cpu = "cpu";       ///< the CPU kernels
inline constexpr std::string_view cuda = "gpu";      ///< CUDA: every file written before OpenCL says gpu
inline constexpr std::string_view opencl = "opencl"; ///< any OpenCL device, a CPU one among them
} // namespace RowName

/// A device id's prefix, "cuda:0", "opencl:1"; alone, every device of the backend (--device cuda).
namespace DeviceIdPrefix {
inline constexpr std::string_view cuda = "cuda";
inline constexpr std::string_view opencl = "opencl";
} // namespace DeviceIdPrefix

} // namespace speeduplab
