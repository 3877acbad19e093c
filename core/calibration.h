#pragma once

#include "core/machineinfo.h"
#include "core/measurement.h"

#include <atomic>
#include <map>
#include <string>

namespace speeduplab {

/// Measures the machine's ceilings: what the hardware allows, so that every point can be
/// read as a fraction of it. Results go into MachineInfo::ceilings under the keys below.
class Calibration {
public:
    // CPU, with the given thread count
    static constexpr const char *cpuTriad = "cpu_triad_bytes_per_s";          ///< STREAM triad
    static constexpr const char *cpuGemm = "cpu_gemm_flops_per_s";            ///< BLAS SGEMM
    static constexpr const char *cpuParallelRegion = "cpu_parallel_region_s"; ///< start + join
    // GPU
    static constexpr const char *gpuCopy = "gpu_copy_bytes_per_s"; ///< device to device, read + write
    static constexpr const char *gpuH2dPageable = "gpu_h2d_pageable_bytes_per_s";
    static constexpr const char *gpuH2dPinned = "gpu_h2d_pinned_bytes_per_s";
    static constexpr const char *gpuD2hPageable = "gpu_d2h_pageable_bytes_per_s";
    static constexpr const char *gpuD2hPinned = "gpu_d2h_pinned_bytes_per_s";
    static constexpr const char *gpuLaunch = "gpu_launch_s";
    static constexpr const char *gpuSyncRoundTrip = "gpu_sync_round_trip_s";
    static constexpr const char *gpuCublas = "gpu_cublas_flops_per_s";
    static constexpr const char *gpuCublasTf32 = "gpu_cublas_tf32_flops_per_s";

    /// CPU ceilings with `threads` threads (a few seconds). Throws gpu::Cancelled on stop.
    static std::map<std::string, double> cpu(int threads, const std::atomic<bool> &stop);
    /// GPU ceilings of one device. Throws gpu::CudaError when there is no usable GPU.
    static std::map<std::string, double> gpu(int device, const std::atomic<bool> &stop);

    /// The ceiling a measurement is compared with (its name and value), or {"", 0} when the
    /// machine has none for it: bandwidth for memory-bound workloads, FLOP/s for gemm.
    static std::pair<std::string, double> ceilingFor(const Measurement &m, const MachineInfo &machine);
    /// The measurement's throughput as a fraction of its ceiling; 0 when unknown.
    static double fractionOfCeiling(const Measurement &m, const MachineInfo &machine);
    /// A human name for a ceiling key, with its unit, e.g. "GPU device copy (GB/s)".
    static std::string describe(const std::string &key, double value);
};

} // namespace speeduplab
