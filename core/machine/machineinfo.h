// SPDX-License-Identifier: MIT
// MachineInfo: the machine a result set was measured on, probed here or loaded back: the CPU, the
// CUDA GPUs and the devices every described backend (OpenCL) lists, and the GPU state as the CUDA
// backend sees it (no Qt). The described devices are probed by the registry
// (Devices::probeMachine): this wing names no backend but CUDA.
#pragma once

#include "backend/devicedescription.h"
#include "backend/gpuunusable.h"
#include "core/machine/cpuconditions.h"
#include "core/machine/sweepconditions.h"
#include "core/machine/topology.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace speeduplab {

/// The machine a result set was measured on. Probed at the start of a run; loaded back
/// from JSON/CSV so that a recorded run replays with its own metadata.
struct MachineInfo {
    struct Gpu {
        int index = 0;
        std::string name;
        std::string computeCapability; ///< "9.0"
        int smCount = 0;
        double memoryBytes = 0;
        double smClockMHz = 0;
        double memoryClockMHz = 0;
        int memoryBusWidthBits = 0;
        double bandwidthGBs = 0; ///< theoretical
        double l2Bytes = 0;      ///< L2 cache size
        std::string pciBusId;    ///< "0000:3b:00.0" (cudaDeviceGetPCIBusId); empty where unknown
        bool operator==(const Gpu &) const = default;
    };

    std::string cpuModel;
    int logicalCores = 0;
    std::map<std::string, std::string> caches; ///< "L1d" -> "48K", ... (per core, L3 per socket)
    CpuTopology topology;    ///< cores, threads per core, core kinds, NUMA nodes (Topology::probe)
    std::string cpuKernels;  ///< the instruction-set level the CPU kernels ran with
    std::string blas;        ///< "OpenBLAS 0.3.21, kernel SkylakeX (chosen by ...)", "none: <why>"
    std::string blasWarning; ///< "" unless OpenBLAS runs slower than the CPU allows, or fell back
    /// Governor, boost and the clock at the start (probe) and end of the sweep (the runner).
    CpuConditions cpuConditions;
    /// Rounds, seed, cache mode and the GPU clocks' state of the sweep (the runner sets them).
    SweepConditions sweep;
    double ramBytes = 0;
    std::string os;
    std::vector<Gpu> gpus;
    std::string gpuStatus; ///< "" when usable, else why not ("no NVIDIA driver: ...")
    /// The devices of every described backend (opencl:0, ...: describedBackends), as their
    /// drivers describe them, each with its backend. Empty in files written before OpenCL.
    std::vector<DeviceDescription> described;
    /// Why a described backend has no usable device, by its prefix ("opencl"); only those that
    /// said why (statusOf).
    std::map<std::string, std::string> describedStatus;
    std::string driverVersion;
    std::string runtimeVersion;
    std::string buildType;
    std::string programVersion;
    std::string timestamp; ///< ISO 8601, UTC
    std::string host;      ///< the machine's short name (uname -n to the first dot); "" in older files
    /// The batch job that measured: Slurm's array job and task ("4711_3") or job id ("4711"),
    /// else SPEEDUPLAB_JOB (a JUBE task: "jube0_1"); "" outside one, and in older files.
    std::string job;
    /// Measured ceilings (calibrate): name -> value in SI units (bytes/s, FLOP/s, s).
    std::map<std::string, double> ceilings;

    /// The GPUs of this process as the CUDA backend sees them now. A sticky CUDA error (an
    /// illegal address, a launch failure) makes the GPU unusable for the rest of the process,
    /// so ask again after a run rather than keeping the first answer. Never throws.
    struct GpuState {
        bool usable = false;
        std::string reason; ///< why not usable, as a sentence; empty when usable
        GpuUnusable why;    ///< the same as typed data (DataTexts::gpuReason words it)
        std::vector<Gpu> gpus;
        std::string driverVersion;
        std::string runtimeVersion;
    };
    static GpuState gpuState();
    /// The devices of one described backend on this machine, as it found them (once a process:
    /// Devices::state asks it).
    struct DescribedState {
        bool usable = false;
        std::string reason; ///< why there is none, with what to install; empty when usable
        std::vector<DeviceDescription> devices;
        std::string note; ///< a driver installed that shows no device, and what to set; usually empty
    };
    /// The device `index` of the described backend whose rows are named `row` ("opencl"), or
    /// nullptr when this result does not describe one.
    const DeviceDescription *deviceOf(std::string_view row, int index) const;
    /// The devices of `described` whose ids start with `prefix`.
    std::vector<DeviceDescription> devicesOf(std::string_view prefix) const;
    /// Why the described backend `prefix` has no usable device; "" when it has one, or did not say.
    std::string statusOf(std::string_view prefix) const;
    /// A ceiling's value (of `ceilings`) with its unit, e.g. "123.4 GB/s"; "not measured (...)" for a
    /// value that is not finite (a file may hold "inf" or "nan").
    static std::string ceilingText(const std::string &key, double value);
    /// ", measured over 16 MiB": the working set a CPU level's ceiling `key` was measured at, when
    /// the calibration recorded it ("cpu_l3_working_set_bytes@2" for "cpu_l3_rw_bytes_per_s@2"); "" else.
    std::string measuredAt(const std::string &key) const;
    /// The CUDA GPU of `gpus` that OpenCL device `d` is (NVIDIA's OpenCL shows the same board):
    /// the same PCI address. nullptr when none is, or either does not say its address.
    static const Gpu *sameBoard(const std::vector<Gpu> &gpus, const DeviceDescription &d);
    /// The devices of `devices` that are one of `gpus` (sameBoard), by index.
    static std::vector<int> alsoCuda(const std::vector<Gpu> &gpus,
                                     const std::vector<DeviceDescription> &devices);
    /// The hardware threads of this machine (at least 1).
    static int hardwareThreads();
    /// Host memory available to a new allocation now (MemAvailable), in bytes; 0 when unknown.
    static double availableMemory();
    /// The value of `key` ("MemTotal", "MemAvailable") in the text of /proc/meminfo, in bytes;
    /// 0 when it is absent or malformed.
    static double meminfoBytes(const std::string &meminfo, const std::string &key);
    /// The whole text of a small system file (/proc, /sys); empty when it cannot be read.
    static std::string readText(const std::string &path);

    /// Reads the CPU, memory, OS and CUDA GPU facts of this machine, without the described
    /// backends' devices: Devices::probeMachine adds them (call that). Never throws.
    static MachineInfo probeHost();
    /// This machine's CPU caches as `caches` holds them: from sysfs, else from what the C
    /// library reads with CPUID (virtual machines often have no cache entries in sysfs).
    static std::map<std::string, std::string> probeCaches();
    /// The size in bytes of cache "L1d", "L2" or "L3" from `caches` ("48K", "32M"); 0 if unknown.
    double cacheBytes(const std::string &key) const;
    /// One line per fact, "key: value", for `speeduplab-cli devices` and the app's panel.
    std::vector<std::pair<std::string, std::string>> describe() const;
    /// Whether `other` describes the same hardware: the same CPU model and logical cores, and
    /// the same GPUs by name in the same order. Results measured on the same hardware share its
    /// ceilings; timestamps, versions and the GPU status may differ.
    bool sameHardware(const MachineInfo &other) const;

    bool operator==(const MachineInfo &) const = default;
};

} // namespace speeduplab
