// SPDX-License-Identifier: MIT
// SeriesId: which curve a measurement or a series is (no Qt). Series is one (analysis.h); what
// copies or compares a curve's identity uses it instead of its fields one by one.
#pragma once

#include "core/model/measurement.h"

#include <string>

namespace speeduplab {

/// The identity of one curve: everything but n of its points' measurements, within its run.
/// A Series is one (it adds its label and points); SeriesId::of gives a Measurement's.
struct SeriesId {
    std::string key;      ///< Measurement::seriesKey(): all of the below and the backend, transfers, cache
    std::string workload; ///< Measurement::workload
    /// Measurement::kind(): what the curve's device is. Ask gpu(), cpu() or onDevice(), never the
    /// backend's name.
    DeviceKind kind = DeviceKind::Cpu;
    std::string backend; ///< Measurement::backend: cpu, gpu (CUDA) or opencl
    int threads = 0;     ///< Measurement::threads: CPU threads; 0 on the GPU
    std::string variant; ///< Measurement::variant: "blas", "cublas", "" (workloads without variants)
    int device = -1;     ///< Measurement::device: the device's index in its backend, -1 on the CPU
    std::string mode;    ///< Measurement::mode: the GPU mode; empty on the CPU
    std::string run;     ///< Measurement::run: the run the curve belongs to (empty: the only one)

    /// A GPU's curve: the only curves held against the CPU's (crossovers, speedup, cost, "GPU").
    bool gpu() const { return deviceKindIsGpu(kind); }
    /// The CPU kernels' curve: the only curves the best CPU and the thread story are made of.
    bool cpu() const { return kind == DeviceKind::Cpu; }
    /// A device backend's curve (CUDA, OpenCL), GPU or not: modes, copies and devices apply.
    bool onDevice() const { return kind != DeviceKind::Cpu; }
    /// A GPU API on the CPU's own cores (PoCL): neither a GPU nor the CPU kernels.
    bool onCpuCores() const { return kind == DeviceKind::CpuApi; }

    /// The curve m is a point of.
    static SeriesId of(const Measurement &m);
    /// This identity itself, as a Series (which is one) calls it: `copy.id() = series.id()`.
    SeriesId &id() { return *this; }
    const SeriesId &id() const { return *this; }
    /// Whether m is a point of this curve (any n, any status): of(m) == *this, with the cheap
    /// fields compared first and m's key built only when they all match.
    bool matches(const Measurement &m) const;

    bool operator==(const SeriesId &) const = default;
};

} // namespace speeduplab
