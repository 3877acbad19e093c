// SPDX-License-Identifier: MIT
// The GPU's clocks through NVML (dlopen, no nvml.h), their samples around each point and the
// sweep's throttle rule.
#pragma once

#include <memory>
#include <string>

namespace speeduplab {

/// One reading of a GPU's clocks and conditions. available is false when NVML could not say.
struct GpuClockSample {
    bool available = false;                 ///< the device was found and its SM clock read
    double smMHz = 0;                       ///< SM (graphics) clock
    double memoryMHz = 0;                   ///< memory clock; 0 unknown
    double temperatureC = -1;               ///< -1 unknown
    double powerW = -1;                     ///< board power draw; -1 unknown
    unsigned long long throttleReasons = 0; ///< NVML clocks-event reason bits (GpuClocks::reason...)
    bool operator==(const GpuClockSample &) const = default;
};

/// The SM clock a sweep holds a GPU's points against: the highest of its first few loaded
/// samples. Not the first sample alone: taken after seconds of host-only work and a µs of GPU
/// work, it can catch a clock still ramping up, and a low reference switches the clock rule off
/// for the whole sweep. Not the highest of all: a clock that boosts for a moment and then
/// settles would flag every later point.
struct GpuClockReference {
    static constexpr int samplesTaken = 4;
    double smMHz = 0; ///< 0: no loaded sample yet (the clock rule is off)
    int samples = 0;  ///< the available samples counted so far, up to samplesTaken
    /// Counts s (when available, with a clock) while fewer than samplesTaken were.
    void add(const GpuClockSample &s)
    {
        if (samples >= samplesTaken || !s.available || !(s.smMHz > 0))
            return;
        ++samples;
        smMHz = s.smMHz > smMHz ? s.smMHz : smMHz;
    }
};

/// The GPU's clocks, temperature, power draw and throttle reasons, read through NVML
/// (libnvidia-ml, part of the NVIDIA driver). NVML is opened with dlopen, never linked, and no
/// nvml.h is needed: core builds and runs without the driver, and everything then reads as
/// "not available" with a reason. A missing optional function (an older driver) only makes its
/// field unknown. Reading is thread-safe (NVML is) and never throws.
class GpuClocks {
public:
    /// NVML's clocks-event (formerly clocks-throttle) reason bits, as in nvml.h.
    static constexpr unsigned long long reasonGpuIdle = 0x1;
    static constexpr unsigned long long reasonApplicationsClocksSetting = 0x2;
    static constexpr unsigned long long reasonSwPowerCap = 0x4;
    static constexpr unsigned long long reasonHwSlowdown = 0x8;
    static constexpr unsigned long long reasonSyncBoost = 0x10;
    static constexpr unsigned long long reasonSwThermalSlowdown = 0x20;
    static constexpr unsigned long long reasonHwThermalSlowdown = 0x40;
    static constexpr unsigned long long reasonHwPowerBrakeSlowdown = 0x80;
    static constexpr unsigned long long reasonDisplayClockSetting = 0x100;
    /// The bits throttleWhy() counts as throttling: the limits that lower the clock while a point
    /// runs. Idle is no limit; the applications and display clock settings are configuration
    /// (looksLocked() reports the former); bits newer than this list are not counted, as their
    /// meaning is unknown here. Sync boost is counted: it holds this GPU to the slowest of its
    /// group, which changes under the group's load.
    static constexpr unsigned long long throttlingReasons =
        reasonSwPowerCap | reasonHwSlowdown | reasonSyncBoost | reasonSwThermalSlowdown |
        reasonHwThermalSlowdown | reasonHwPowerBrakeSlowdown;

    /// Loads NVML once per process (thread-safe): the file named by the environment variable
    /// SPEEDUPLAB_NVML_LIBRARY when set (tests load a fake), else libnvidia-ml.so.1. nvmlInit_v2
    /// is called once. Never shut down or unloaded, so that nothing of NVML runs at exit, after
    /// the CUDA runtime's own teardown may have run.
    static const GpuClocks &instance();

    /// Loads the NVML library `library` (a path, or a name for the loader's search) and calls
    /// nvmlInit_v2; unavailable, with a reason, when either fails. instance() uses it; tests
    /// load a fake or a missing file with it. Never throws.
    explicit GpuClocks(const std::string &library);
    /// nvmlShutdown (NVML counts its inits) and dlclose.
    ~GpuClocks();
    GpuClocks(const GpuClocks &) = delete;
    GpuClocks &operator=(const GpuClocks &) = delete;

    bool available() const;
    /// Why clocks are not available, a sentence such as "clocks not available:
    /// libnvidia-ml.so.1 could not be loaded (…dlerror…)"; empty when available.
    const std::string &reason() const;

    /// Reads device `pciBusId` (the CUDA device's PCI bus id, e.g. "0000:19:00.0", via
    /// nvmlDeviceGetHandleByPciBusId_v2) or, when it is empty, NVML index `index`
    /// (nvmlDeviceGetHandleByIndex_v2). NVML's order can differ from CUDA's (CUDA puts the
    /// fastest first unless CUDA_DEVICE_ORDER=PCI_BUS_ID), hence the bus id. Never throws;
    /// unavailable sample on any error.
    GpuClockSample sample(int index, const std::string &pciBusId = {}) const;
    /// The GPU's total energy since the driver loaded, millijoules
    /// (nvmlDeviceGetTotalEnergyConsumption: Volta and newer, no root needed; it changes every 20 to
    /// 100 ms). False with `why` when it cannot be read: no NVML, a driver too old to have the
    /// call, or a GPU that does not report it, each said in one sentence. Never throws.
    bool energyMilliJoules(int index, const std::string &pciBusId, unsigned long long &mJ,
                           std::string &why) const;
    /// Max SM clock (nvmlDeviceGetMaxClockInfo), 0 unknown.
    double maxSmMHz(int index, const std::string &pciBusId = {}) const;

    /// Whether the SM clock looks locked (nvidia-smi -lgc, or application clocks): the
    /// applications-clocks reason is set, or the idle sample's SM clock is within 5 % of the max
    /// SM clock (an idle GPU normally drops far below it). A heuristic: a GPU sampled within a
    /// second or so of work may not have clocked down yet (a false "locked"), and a lock well
    /// below the max (e.g. at the base clock) is not seen. False for an unavailable sample.
    static bool looksLocked(const GpuClockSample &idle, double maxSmMHz);
    /// "sw power cap, hw thermal slowdown" for the set bits in bit order ("" for none); idle is
    /// named "idle", unknown bits "other (0x…)".
    static std::string reasonNames(unsigned long long reasons);

    /// A GPU point is throttled when its SM clock fell below this share of the sweep's first.
    static constexpr double throttleShare = 0.9;
    /// The throttle rule of the sweep: a GPU point is throttled when the SM clock at its start or
    /// end fell below throttleShare of the sweep's reference clock (GpuClockReference), or when a
    /// reason in throttlingReasons was set at its start or end. A start below the end is a clock
    /// ramping up, not one held down, and does not count. Returns the sentence saying why ("SM
    /// clock 1200 MHz, below 90 % of the sweep's 1980 MHz"; "throttle reason set: sw thermal
    /// slowdown"; both joined by "; "), empty when not throttled. Unavailable samples count for
    /// nothing; referenceSmMHz <= 0 disables the clock part.
    static std::string throttleWhy(double referenceSmMHz, const GpuClockSample &start,
                                   const GpuClockSample &end);

private:
    struct Nvml;
    std::unique_ptr<Nvml> m_nvml; ///< null when not available
    std::string m_reason;
};

} // namespace speeduplab
