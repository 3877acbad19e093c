// SPDX-License-Identifier: MIT
// The machine's measured ceilings (no Qt): their keys, the calibration that measures them, and the
// level and ceiling each point is held against.
#pragma once

#include "core/machine/machineinfo.h"
#include "core/model/measurement.h"
#include "core/model/workload.h"

#include "backend/deviceceilings.h"

#include <atomic>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace speeduplab {

/// Measures the machine's ceilings: what the hardware allows, so that every point can be
/// read as a fraction of it. Results go into MachineInfo::ceilings under the keys below.
class Calibration {
public:
    // CPU, with the given thread count
    static constexpr const char *cpuTriad = "cpu_triad_bytes_per_s";          ///< STREAM triad: DRAM
    static constexpr const char *cpuL1 = "cpu_l1_bytes_per_s";                ///< y = s*x + y held in L1
    static constexpr const char *cpuL2 = "cpu_l2_bytes_per_s";                ///< ... in L2
    static constexpr const char *cpuL3 = "cpu_l3_bytes_per_s";                ///< ... in L3
    static constexpr const char *cpuFma = "cpu_fma_flops_per_s";              ///< peak FMA, widest vector ISA
    static constexpr const char *cpuGemm = "cpu_gemm_flops_per_s";            ///< BLAS SGEMM
    static constexpr const char *cpuParallelRegion = "cpu_parallel_region_s"; ///< start + join
    static constexpr const char *cpuDram = "cpu_dram_bytes_per_s"; ///< y = s*x + y in place, far beyond L3
    /// "cpu_l3_reach_bytes": the largest working set (all threads' together) that CPU level
    /// ("l1", "l2", "l3") was measured to serve faster than the level after it; a point up to it
    /// is held against this level. The L3's may be less than its reported size (a virtual
    /// machine may report its host's whole L3, of which it reaches a tenth); without one, the
    /// reported sizes decide.
    static std::string cpuReachKey(std::string_view level);
    /// The key of CPU level `level` ("l1", "l2", "l3", "dram") for a mix of traffic: the update
    /// y = s*x + y under the plain keys (cpuL1, cpuL2, cpuL3, cpuDram), "cpu_l3_read_bytes_per_s"
    /// for reads only, "cpu_l3_rw_bytes_per_s" for reads written back in place.
    static std::string cpuLevelKey(std::string_view level, Workload::Traffic traffic);
    /// "cpu_l3_working_set_bytes": the working set (all threads' slices together) that level's
    /// ceilings were measured at.
    static std::string cpuWorkingSetKey(std::string_view level);
    // GPU
    static constexpr const char *gpuCopy = "gpu_copy_bytes_per_s"; ///< device to device, read + write: HBM
    static constexpr const char *gpuL2 = "gpu_l2_bytes_per_s";     ///< copy held in the L2 cache
    static constexpr const char *gpuFma = "gpu_fma_flops_per_s";   ///< fp32 FMA peak
    static constexpr const char *gpuH2dPageable = "gpu_h2d_pageable_bytes_per_s";
    static constexpr const char *gpuH2dPinned = "gpu_h2d_pinned_bytes_per_s";
    static constexpr const char *gpuD2hPageable = "gpu_d2h_pageable_bytes_per_s";
    static constexpr const char *gpuD2hPinned = "gpu_d2h_pinned_bytes_per_s";
    static constexpr const char *gpuLaunch = "gpu_launch_s";
    static constexpr const char *gpuSyncRoundTrip = "gpu_sync_round_trip_s";
    static constexpr const char *gpuCublas = "gpu_cublas_flops_per_s";
    static constexpr const char *gpuCublasTf32 = "gpu_cublas_tf32_flops_per_s";
    static constexpr const char *gpuCublasFp16 =
        "gpu_cublas_fp16_flops_per_s"; ///< tensor cores, fp32 accumulation
    static constexpr const char *gpuCublasBf16 =
        "gpu_cublas_bf16_flops_per_s"; ///< tensor cores, fp32 accumulation

    /// CPU ceilings with `threads` threads (a few seconds). Throws Cancelled on stop.
    static std::map<std::string, double> cpu(int threads, const std::atomic<bool> &stop);
    /// The ceilings `c` of a described backend's device (DeviceBackend::calibrate), under the
    /// device's own keys (deviceKey): copy, FMA, launch and round-trip latency, transfers.
    static std::map<std::string, double> ofDevice(std::string_view prefix, int device,
                                                  const DeviceCeilings &c);
    /// "opencl0_copy_bytes_per_s": the key of one described device's ceiling `what`
    /// (copy_bytes_per_s, fma_flops_per_s, launch_s, sync_round_trip_s, h2d_pageable_bytes_per_s,
    /// ...), its backend named by its prefix.
    static std::string deviceKey(std::string_view prefix, int device, const char *what);
    /// deviceKey read back: the device id ("opencl:0") and `what` of "opencl0_copy_bytes_per_s";
    /// false for a key that is not a described device's.
    static bool parseDeviceKey(const std::string &key, std::string &deviceId, std::string &what);
    /// GPU ceilings of one device. Throws gpu::CudaError when there is no usable GPU. When the
    /// cuBLAS ceilings could not be measured (cuBLAS did not load, or a call failed), every other
    /// one is still returned, and `cublasMissing` (when given) says why; else it is left empty.
    static std::map<std::string, double> gpu(int device, const std::atomic<bool> &stop,
                                             std::string *cublasMissing = nullptr);

    /// A CPU ceiling measured with `threads` threads is stored under "key@threads"
    /// ("cpu_fma_flops_per_s@4"). The key without a suffix holds the value at the calibration's
    /// thread count (all threads by default), as files from before per-thread ceilings do.
    static std::string atThreads(const std::string &key, int threads);
    /// The ceiling `key` for `threads` threads: the "@threads" entry, else the plain key
    /// (threads <= 0 asks for the plain key); 0 when the machine has neither.
    static double value(const MachineInfo &machine, const std::string &key, int threads = 0);

    /// The level of the memory hierarchy a point is held against, and that level's ceiling.
    struct Level {
        std::string name;   ///< "L1", "L2", "L3", "DRAM", "HBM", "GPU L2", "registers", "FMA peak"
        std::string key;    ///< the ceiling's key (without "@threads"); empty when unknown
        double value = 0;   ///< bytes/s or FLOP/s (see key); 0 when not calibrated
        bool flops = false; ///< the ceiling is in FLOP/s (compute), else bytes/s
    };

    /// The ceiling a measurement is compared with (its name and value), or {"", 0} when the
    /// machine has none for it: bandwidth for memory-bound workloads, FLOP/s for gemm.
    static std::pair<std::string, double> ceilingFor(const Measurement &m, const MachineInfo &machine);
    /// The measurement's throughput as a fraction of its ceiling; 0 when unknown.
    static double fractionOfCeiling(const Measurement &m, const MachineInfo &machine);
    /// The level a point's working set fits in (the bytes one repetition touches against the
    /// cache sizes; private caches count once per thread), with that level's ceiling. GPU
    /// `fused` points live in registers and are held against the fp32 FMA peak; gemm against
    /// the compute peak of its kind (BLAS SGEMM, cuBLAS).
    /// A cold-cache point (PointConditions::cache) is held against HBM or DRAM when each
    /// repetition is one operation; with more, the later operations of a repetition find the
    /// data the first one brought in, and the working set decides as for a warm point.
    /// calibratedOnly false: the level the working set fits in even when that level has no
    /// ceiling measured (its value is then 0), as a cost model's tiers need.
    static Level levelFor(const Measurement &m, const MachineInfo &machine, bool calibratedOnly = true);
    /// A cold-cache point whose every timed operation starts from flushed caches: one
    /// iteration a repetition.
    static bool coldEveryOperation(const Measurement &m);
    /// Distinct bytes a point touches in one repetition (Workload::footprintBytes), not the traffic.
    static double workingSetBytes(const Measurement &m);
    /// Why a point above 100 % of its ceiling can be there, as a sentence; empty at or below.
    static std::string aboveCeilingReason(const Measurement &m, const MachineInfo &machine);

    /// One roof of the roofline: a memory roof (bytes/s, a diagonal) or a compute roof
    /// (FLOP/s, a horizontal line).
    struct Roof {
        std::string key;   ///< ceiling key, without "@threads"
        std::string label; ///< "CPU L2", "CPU FMA peak", "GPU HBM", ...
        bool gpu = false;
        bool compute = false; ///< FLOP/s; else bytes/s
        double value = 0;
    };
    /// The measured roofs of the CPU (at all threads) and the GPU, fastest memory first.
    static std::vector<Roof> roofs(const MachineInfo &machine);
};

} // namespace speeduplab
