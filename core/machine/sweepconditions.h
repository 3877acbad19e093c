// SPDX-License-Identifier: MIT
// How a sweep ran, beyond its points (no Qt): part of a result's metadata.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace speeduplab {

/// Why --refine stopped narrowing one crossover (Refine::run): the words are the narrator's
/// (ExplainText::refineEnd) and the CLI's (Refine::why).
enum class RefineEnd {
    Within,     ///< its interval is within the precision asked for
    Tangled,    ///< the curves cross several times there, within their noise
    Noise,      ///< more points (or sizes) do not narrow it: the points' noise sets its width
    Adjacent,   ///< the sizes around it are whole numbers next to each other
    Gone,       ///< the new points leave the curves within each other's noise there
    Budget,     ///< the budget of points was spent first
    Stopped,    ///< the user stopped the sweep
    NotRefined, ///< no new point was measured for it
};
/// The name a results file gives it ("within", "tangled", ...), and back (false: none of them).
const char *refineEndName(RefineEnd e);
bool refineEndFromName(const std::string &name, RefineEnd &e);

/// How a sweep ran, beyond its points: its rounds and their shuffle seed, the cache mode and
/// what could be known of the GPU's clocks. Part of the result's metadata (MachineInfo::sweep),
/// written as the machine's "sweep" object; absent from older files, where the defaults hold.
struct SweepConditions {
    /// The most rounds a sweep runs (SweepPlan::maxRounds): a file saying more is refused.
    static constexpr int maxRounds = 100;
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
    /// How the CPU points' OpenMP threads waited at a barrier: "active" (they spin), "passive"
    /// (they sleep), from OMP_WAIT_POLICY (speeduplab-cli --omp-wait); "" for the runtime's
    /// default (libgomp: spin a while, then sleep). On a machine shared with another busy
    /// program, passive threads give their core back instead of spinning against it.
    std::string ompWaitPolicy;
    /// The energy counters the sweep read, by device: "the CPU: RAPL package-0 (package)"; ""
    /// when none (or a file from before energy was read).
    std::string energy;
    /// Why the plan's other devices read no energy, one sentence each joined by "; ": "no energy
    /// for the CPU: no energy counters on this machine (a virtual machine: the hypervisor shows
    /// none)". The CLI and the window say it once; "" when every device has counters.
    std::string energyMissing;
    /// --refine: the precision asked for (0.05: ±5 %; 0: the sweep was not refined), the budget
    /// of points, and what became of each crossover it pinned, in the order found. The crossover
    /// itself is the rows' (Analysis::crossings of the pair): it is not kept twice.
    double refine = 0;
    int refineBudget = 0;
    struct Refined {
        std::string pair; ///< Analysis::CrossingPair::name: which two curves, for a reader
        /// The two curves' series keys (Measurement::seriesKey of a row without its run; the best
        /// CPU is "best-cpu"): what finds the pair again, in any language and any view of runs.
        std::string first, second;
        int index = 0;  ///< which of the pair's crossings, in ascending n
        int points = 0; ///< new points measured for it
        RefineEnd ended = RefineEnd::NotRefined;
        bool operator==(const Refined &) const = default;
    };
    std::vector<Refined> refined;
    /// The most refined crossovers a file may list.
    static constexpr std::size_t maxRefined = 4096;
    /// The policy of this process, as OMP_WAIT_POLICY names it ("" when unset or not one of
    /// the two).
    static std::string currentOmpWaitPolicy();
    /// Starts this program again (execv of /proc/self/exe with argv) with OMP_WAIT_POLICY set to
    /// policy ("active" or "passive"), when it differs from currentOmpWaitPolicy(): the OpenMP
    /// runtime reads it once, when it loads. Returns only when nothing was to be done (empty) or
    /// the restart failed (why).
    static std::string restartWithOmpWaitPolicy(const std::string &policy, char *const argv[]);

    /// The first problem of the values, as "field: must be ..."; empty when they are sound.
    std::string problem() const;
    /// One line per fact for the metadata panel and the CLI: "Rounds" (several), "Cache" (cold),
    /// "GPU clocks" (when the sweep had GPU points); none for the defaults.
    std::vector<std::pair<std::string, std::string>> describe() const;

    bool operator==(const SweepConditions &) const = default;
};

namespace detail {
/// The result's SweepConditions as the machine's "sweep" object (sweepconditions.cpp).
nlohmann::json sweepToJson(const SweepConditions &s);
/// Reads machine.sweep into s. Throws ParseError naming the field.
void sweepFromJson(const nlohmann::json &j, SweepConditions &s);
} // namespace detail

} // namespace speeduplab
