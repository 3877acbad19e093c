// SPDX-License-Identifier: MIT
// The plan of a sweep (no Qt): workload, variants, sizes, thread counts, GPU modes, timing rules.
#pragma once

#include "core/machine/placement.h"
#include "core/machine/sweepconditions.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace speeduplab {

/// One point of a plan: what to measure at one n.
struct PlanPoint {
    std::string backend; ///< cpu, gpu (CUDA) or a described backend's (RowName)
    std::string variant;
    int threads = 0;  ///< CPU threads; 0 on the GPU
    std::string mode; ///< GPU mode; empty on the CPU
    int n = 0;
    int device = -1; ///< the device's index in its backend; -1 on the CPU

    bool operator==(const PlanPoint &) const = default;
};

/// A device of a described backend (describedBackends) that a plan sweeps.
struct PlanDevice {
    std::string row; ///< its rows' backend: RowName::opencl
    int index = 0;   ///< its index in that backend

    /// "opencl:0": the device's id.
    std::string id() const;
    /// The device an id names ("opencl:0"), or none when it names no described backend's device.
    static std::optional<PlanDevice> of(std::string_view id);
    bool operator==(const PlanDevice &) const = default;
};

/// A sweep as the user asked for it: validated before it runs, expanded into points.
struct SweepPlan {
    /// The limits of a plan, checked by validate() and nowhere else (the forms read them).
    static constexpr int maxSize = 65536;            ///< largest tensor edge n
    static constexpr double maxBudget = 7 * 86400.0; ///< longest time budget: a week, in s
    std::string workload = "add";
    std::vector<std::string> variants; ///< empty: each backend's default (fastest) variant
    std::vector<int> sizes;
    std::vector<int> threads;       ///< CPU thread counts; empty: no CPU points
    std::vector<std::string> modes; ///< GPU modes; empty: every mode the workload offers
    bool cpu = true;
    bool gpu = true;        ///< false for --cpu-only (and when no GPU is usable)
    bool transfers = false; ///< copies in the GPU's timed region
    bool pinned = false;    ///< pinned host memory for copies
    int iterations = 0;     ///< 0: the workload's default
    double minTime = 0.1;   ///< seconds of repetitions per point, at least
    int maxReps = 1000;
    double budget = 0; ///< seconds for the whole sweep; 0: no limit
    /// --refine: after the sweep, new sizes between the points around each crossover until its
    /// 95 % interval is within this fraction of n either side (0.05: ±5 %); 0: off (Refine).
    double refine = 0;
    int refineBudget = 24; ///< --refine-budget: the most points the refinement adds
    /// --placement: where the CPU threads go (Placement): cores first (the default), compact, or
    /// as the OS decides.
    Placement::Kind placement = Placement::defaultKind;
    int device = 0; ///< the GPU swept (the first of `devices` when there are several)
    /// Several GPUs swept in turn (--device all, or 0,1): each GPU series once per device, the
    /// devices in this order at every n. Empty: `device` alone.
    std::vector<int> devices;
    /// The described backends' devices swept after the CUDA GPUs, at every n, in the order named
    /// (opencl:N in --device). Empty: none. Their points use their backend's variants of the
    /// workload (Workload::describedVariants) and the plan's GPU modes.
    std::vector<PlanDevice> describedDevices;
    double hostMemoryLimit = 0; ///< bytes; 0: what the OS reports as available
    /// --cache cold: the GPU's L2 and the CPU's last-level cache are flushed before every
    /// repetition, outside the timed region. false (warm): a repetition finds what the previous
    /// one left in the caches, as a loop in a program would.
    bool coldCache = false;
    /// --rounds K: the whole sweep K times, each round in its own shuffled point order, merged
    /// into one row per point (SweepRunner). 1: one pass in sizeOrder(), not shuffled.
    int rounds = 1;
    /// --energy off: no energy counter is read (EnergyMeter). On (the default), a point whose
    /// device has counters records what it spent, and may run longer for them (at least
    /// EnergyMeter::minimumSpan: about 20 ms for RAPL, 2 s for NVML at 100 ms updates).
    bool energy = true;
    /// CPU points another program disturbed are measured again at the end of the sweep and,
    /// if still disturbed, marked noisy (SweepRunner). Off for a check of results only (verify).
    bool remeasureDisturbed = true;
    static constexpr int maxRounds = SweepConditions::maxRounds;
    /// The shuffle's seed (--seed), recorded in the result so that the orders can be replayed.
    std::uint32_t shuffleSeed = 0;

    /// The effective iteration count.
    int effectiveIterations() const;
    /// Throws std::invalid_argument with one sentence naming the problem.
    void validate(int hardwareThreads) const;
    /// The one sentence for a size above maxSize, shared by validate() and the forms.
    static std::string sizeTooLarge(int n);
    /// Every point, grouped by n in sizeOrder() (coarse to fine) so that all curves grow
    /// together: at each n every series, the CPU first (variant, then thread count), then the
    /// GPU (device, then variant, then mode), then the described devices (the same). Every (series, n)
    /// appears exactly once. A serial CPU variant (Workload::serialCpuVariants) is one series at 1 thread,
    /// whatever the thread counts.
    std::vector<PlanPoint> points() const;
    /// The distinct sizes in the order they are measured, coarse to fine, so that every curve
    /// spans the whole range early and then sharpens. With the distinct sizes sorted as
    /// s[0] < ... < s[N-1]: the first pass is every other size (s[0], s[2], s[4], ...) plus the
    /// largest, s[N-1]; the second pass is the gaps (s[1], s[3], ...). Each pass runs in
    /// bisection order: its smallest and its largest size, then the middle one, then the middles
    /// of the two halves, and so on (breadth first, the lower middle when a half is even). For
    /// the seed's 13 sizes (indices 0..12): 0 12 6 2 8 4 10, then 1 11 5 3 7 9. Deterministic.
    std::vector<int> sizeOrder() const;
    /// The points of round `round` (0-based): points() when rounds is 1; otherwise points()
    /// shuffled by a Fisher-Yates shuffle driven by splitmix64 of (shuffleSeed, round), so that every
    /// round has its own order, and the same seed gives the same orders on every platform.
    std::vector<PlanPoint> roundPoints(int round) const;
    /// A seed for a plan whose user gave none (std::random_device).
    static std::uint32_t randomSeed();
    /// "warm" -> false, "cold" -> true. Throws std::invalid_argument for anything else.
    static bool parseCache(const std::string &cache);
    /// How many of sizeOrder()'s first sizes make the first pass: ceil(N/2) for an odd N,
    /// N/2 + 1 for an even one (N: distinct sizes; 1 and 2 sizes are all first pass).
    static int firstPassSizes(int distinctSizes);
    /// How many of points()'s first points make the first pass: every series at every
    /// first-pass size. After them every curve has its smallest and its largest n.
    std::size_t firstPassPoints() const;
    /// The GPUs the plan sweeps: `devices`, or `device` alone.
    std::vector<int> gpuDevices() const;
    /// "all" -> 0..deviceCount-1 (throws when there is none); "0,2" -> {0, 2}: whole numbers, no
    /// repeats, below deviceCount when there is a GPU. Throws std::invalid_argument naming the
    /// problem.
    static std::vector<int> parseDevices(const std::string &text, int deviceCount);
    /// The devices of --device, named as PyTorch users name them, for every backend.
    struct DeviceChoice {
        std::vector<int> cuda;             ///< CUDA GPUs, in the order named
        std::vector<PlanDevice> described; ///< the described backends' devices, in the order named
    };
    /// What a described backend offers --device: its prefix ("opencl"), how many usable devices
    /// it has, and which of them are a CUDA GPU seen through it (MachineInfo::alsoCuda).
    struct Offered {
        std::string_view prefix;
        int count = 0;
        std::vector<int> alsoCuda;
    };
    /// "cuda:0", "0" (CUDA, as before), "opencl:1", "cuda" or "opencl" (every device of that
    /// backend), "all" (every device of every backend, each board once: a described device of
    /// `alsoCuda`, a CUDA GPU seen through it, is swept through CUDA only, unless named as
    /// opencl:N too), or a list of them ("cuda:0,opencl:0"). Indices below the backend's count
    /// when it has devices; none named twice. `described` holds what each described backend
    /// offers (one not given offers none). Throws std::invalid_argument naming the problem (and,
    /// for "all" on a machine with none, why).
    static DeviceChoice parseDeviceNames(const std::string &text, int cudaCount,
                                         const std::vector<Offered> &described = {});
    /// The CPU and GPU variants a backend will run.
    std::vector<std::string> cpuVariants() const;
    std::vector<std::string> gpuVariants() const;
    /// A described backend's variants (by its rows' backend): those of `variants` it has, else
    /// its default.
    std::vector<std::string> variantsOn(std::string_view row) const;

    /// "4,40,400" -> {4, 40, 400}. Throws std::invalid_argument.
    static std::vector<int> parseSizes(const std::string &text);
    /// "MIN:MAX[:STEPS_PER_DECADE]" -> log-spaced sizes including both ends. Throws.
    static std::vector<int> parseRange(const std::string &text);
    static std::vector<int> logRange(int min, int max, int stepsPerDecade);
    /// "1,2,4", "all" (1..hardwareThreads) or "max" (hardwareThreads alone: one team of every
    /// thread, as PyTorch runs by default). Throws std::invalid_argument.
    static std::vector<int> parseThreads(const std::string &text, int hardwareThreads);
    /// "launch, graph" -> {"launch", "graph"}: trimmed names, empty entries dropped.
    static std::vector<std::string> parseList(const std::string &text);
    /// "pageable" -> false, "pinned" -> true. Throws std::invalid_argument for anything else.
    static bool parsePinned(const std::string &hostMemory);
    /// 1, 2, 4, ... up to and including hardwareThreads.
    static std::vector<int> powersOfTwo(int hardwareThreads);
    /// The seed experiment: add, n = 4..4000 at 4 steps per decade, 1000 iterations,
    /// every thread count, every GPU mode.
    static SweepPlan seed(int hardwareThreads);
    /// A plan from a preset's JSON object (resources/presets/*.json): workload, variants,
    /// range or sizes, threads ("all", "pow2" or a list), modes, transfers, pinned, iterations,
    /// minTime, maxReps, budget; what is absent keeps its default. Validated. Throws
    /// std::invalid_argument naming the problem.
    static SweepPlan fromJson(const std::string &json, int hardwareThreads);
};

} // namespace speeduplab
