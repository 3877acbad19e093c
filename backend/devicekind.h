// SPDX-License-Identifier: MIT
// DeviceKind: what a device of a measurement is: the CPU kernels, a discrete GPU, an integrated
// GPU, a GPU API that runs on the CPU (PoCL, later lavapipe) or a device of unknown type. The one
// home of "is this a GPU?": a device is described once (DeviceDescription::kind, CUDA's boards),
// each row keeps its kind, and every view asks it (deviceKindIsGpu) instead of a backend's name.
// Plain C++ in backend/, below core/ and the backends.
#pragma once

#include <string>

namespace speeduplab {

enum class DeviceKind {
    Cpu,           ///< the CPU kernels (backend "cpu")
    DiscreteGpu,   ///< a GPU with its own memory (every CUDA device; an OpenCL GPU that says so)
    IntegratedGpu, ///< a GPU that shares the host's memory (an Intel or AMD laptop's, by OpenCL)
    CpuApi,        ///< a GPU API running on the CPU's own cores (PoCL): a device, never a GPU
    Unknown,       ///< a device the result does not describe, or of another type: never a GPU
};

/// Only a GPU is held against the CPU: it alone gets crossovers, bands, speedups, cost and
/// "GPU" in a sentence.
constexpr bool deviceKindIsGpu(DeviceKind k)
{
    return k == DeviceKind::DiscreteGpu || k == DeviceKind::IntegratedGpu;
}

/// "cpu", "discrete-gpu", "integrated-gpu", "cpu-api", "unknown": the kind as `devices` and a
/// test name it (words for people come from the narrator).
inline std::string deviceKindName(DeviceKind k)
{
    switch (k) {
    case DeviceKind::Cpu:
        return "cpu";
    case DeviceKind::DiscreteGpu:
        return "discrete-gpu";
    case DeviceKind::IntegratedGpu:
        return "integrated-gpu";
    case DeviceKind::CpuApi:
        return "cpu-api";
    case DeviceKind::Unknown:
        break;
    }
    return "unknown";
}

} // namespace speeduplab
