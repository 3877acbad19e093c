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
inline constexpr std::string_view vulkan = "vulkan"; ///< any Vulkan device, lavapipe (the CPU) among them
} // namespace RowName

/// A device id's prefix, "cuda:0", "opencl:1"; alone, every device of the backend (--device cuda).
namespace DeviceIdPrefix {
inline constexpr std::string_view cuda = "cuda";
inline constexpr std::string_view opencl = "opencl";
inline constexpr std::string_view vulkan = "vulkan";
} // namespace DeviceIdPrefix

/// A backend whose driver describes its devices (DeviceDescription): OpenCL, and the next one
/// beside it. The machine's device lists, the result files' machine section, --device and the
/// calibration's keys walk describedBackends instead of naming one; a new backend adds its line.
struct DescribedBackend {
    std::string_view row;    ///< its rows' backend (RowName)
    std::string_view prefix; ///< its devices' ids and its keys in a file ("opencl_devices")
    std::string_view api;    ///< its name in a sentence: "OpenCL"
};
inline constexpr DescribedBackend describedBackends[] = {
    {RowName::opencl, DeviceIdPrefix::opencl, "OpenCL"},
    {RowName::vulkan, DeviceIdPrefix::vulkan, "Vulkan"},
};
/// The described backend whose devices' ids start with `prefix`, or nullptr.
constexpr const DescribedBackend *describedByPrefix(std::string_view prefix)
{
    for (const DescribedBackend &b : describedBackends)
        if (b.prefix == prefix)
            return &b;
    return nullptr;
}
/// The described backend whose rows are named `row`, or nullptr.
constexpr const DescribedBackend *describedByRow(std::string_view row)
{
    for (const DescribedBackend &b : describedBackends)
        if (b.row == row)
            return &b;
    return nullptr;
}

} // namespace speeduplab
