// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace speeduplab {

/// How a sweep ran, beyond its points: its rounds and their shuffle seed, the cache mode and
/// what could be known of the GPU's clocks. Part of the result's metadata (MachineInfo::sweep),
/// written as the machine's "sweep" object; absent from older files, where the defaults hold.
struct SweepConditions {
    int rounds = 1;
    std::uint32_t shuffleSeed = 0; ///< SweepPlan::shuffleSeed; 0 with a single round
    std::string cache = "warm";    ///< "warm" or "cold" (SweepPlan::coldCache)
    /// "" when NVML read the GPU's clocks (or no GPU was asked for); else why not, e.g. "clocks
    /// not available: libnvidia-ml.so.1 could not be loaded (...)".
    std::string gpuClocks;
    /// The SM clock looked locked when the sweep started (GpuClocks::looksLocked): nvidia-smi
    /// -lgc, or application clocks.
    bool gpuClocksLocked = false;
    double gpuIdleSmMHz = 0; ///< the SM clock when the sweep started, before any work; 0 unknown
    double gpuMaxSmMHz = 0;  ///< the SM clock's maximum; 0 unknown

    /// The first problem of the values, as "field: must be ..."; empty when they are sound.
    std::string problem() const;
    /// One line per fact for the metadata panel and the CLI: "Rounds" (several), "Cache" (cold),
    /// "GPU clocks" (when the sweep had GPU points); none for the defaults.
    std::vector<std::pair<std::string, std::string>> describe() const;

    bool operator==(const SweepConditions &) const = default;
};

} // namespace speeduplab
