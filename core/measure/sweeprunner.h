// SPDX-License-Identifier: MIT
// The measuring loop of a sweep (no Qt): one point at a time, on the calling thread.
#pragma once

#include "core/devices/memorycheck.h"
#include "core/machine/energy.h"
#include "core/machine/gpuclocks.h"
#include "core/measure/repeatloop.h"
#include "core/measure/stoppingrule.h"
#include "core/model/measurement.h"
#include "core/model/resultset.h"
#include "core/plan/sweepplan.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace speeduplab {

class CacheFlush;
class CacheProfile;
class DeviceBackend;

/// Turns a plan into measurements, one point at a time, on the calling thread.
/// Every point: memory pre-check, warm-up, repetitions until the minimum time (or the
/// maximum count, or the budget), verification against the CPU reference. A point that
/// cannot run is kept with its status and reason, and the sweep goes on. A GPU point records the
/// GPU's clocks after its first timed repetition and after its last (GpuClocks) and is flagged
/// throttled by GpuClocks::throttleWhy against the sweep's reference clock (GpuClockReference).
/// A cold-cache plan flushes the caches before every repetition, outside the timed region: the
/// GPU's L2 on GPU points (in the run's reset), the CPU's caches on CPU points and on GPU points
/// that time pageable host copies (flushesCpuCaches). With several rounds,
/// every round measures every point again, in its own shuffled order (SweepPlan::roundPoints),
/// and each point's rounds merge into one row (merge()).
class SweepRunner {
public:
    /// What points take beyond their repetition loop (making and checking their inputs), as a
    /// fixed part and a part per byte of their inputs, fitted by least squares over the points
    /// measured so far. Here 5 ms a point and about 7 ns a byte: 0.5 s at n = 4000 of add.
    struct SetupCost {
        void add(double bytes, double seconds);
        double seconds(double bytes) const; ///< 0 before the first point
        int points = 0;
        double sumBytes = 0, sumSeconds = 0, sumBytes2 = 0, sumBytesSeconds = 0, largest = 0;
    };

    struct Progress {
        int done = 0;
        int total = 0;
        std::string current; ///< the point being measured, e.g. "GPU graph, n = 400"
        /// Measured again because another program held a core: this point's number among the
        /// againOf points of the pass (1-based); 0 on a first measurement.
        int again = 0;
        int againOf = 0;
        double elapsed = 0;        ///< seconds since the sweep started
        double remaining = -1;     ///< estimated seconds left, this point included; -1 when unknown
        double pointEstimate = -1; ///< estimated seconds of the point being measured
        /// Seconds from the start to the end of the first pass (SweepPlan::firstPassPoints), when
        /// every curve spans the whole range; -1 until then (and for a sweep stopped before).
        double firstPass = -1;
        int round = 0;  ///< 0-based, of `rounds`
        int rounds = 1; ///< SweepPlan::rounds
        /// --refine's points after the sweep (Pipeline::run): total is then at most that many.
        bool refining = false;
    };
    struct Callbacks {
        /// A point was measured. With several rounds: the point's rounds so far, merged, so that
        /// a view shows one row per point that sharpens round by round.
        std::function<void(const Measurement &)> measured;
        std::function<void(const Progress &)> progress;
    };

    /// What a CPU point's `threads` were on, placed by `kind` on `t` (Placement::placed), into
    /// its conditions: placement, placedOn, siblingsShared, efficiencyCores.
    static void recordPlacement(PointConditions &c, const Topology &t, Placement::Kind kind, bool bound,
                                int threads);

    /// How often a disturbed CPU point is measured again at the end of a sweep.
    static constexpr int remeasurePasses = 2;

    explicit SweepRunner(SweepPlan plan);
    ~SweepRunner();

    /// Runs the plan. stop is checked between repetitions and launches; on a stop the rest
    /// of the points are not run and the result holds what was measured. Throws
    /// std::invalid_argument when the plan is invalid (before anything runs).
    ResultSet run(const Callbacks &callbacks, const std::atomic<bool> &stop);

    /// Measures one point (used by run, and by tests that need a single point).
    Measurement measure(const PlanPoint &point, const std::atomic<bool> &stop, double deadline);

    /// One row from the rounds of one point, in the order they ran: a failed round makes the
    /// row failed (a wrong answer is never shown as fast); without an ok round, the last round's
    /// row. Otherwise the statistics of every ok round's repetitions pooled (reps: all of them),
    /// conditions.rounds the ok rounds, roundMin/roundMax the lowest and highest of their
    /// medians, the clocks from the first round's start to the last one's end, throttled when
    /// any was. `planned`: the plan's rounds; fewer ok rounds are noted in the reason.
    static Measurement merge(const std::vector<Measurement> &rounds, int planned);

    /// The time estimate's seconds of one repetition of a size of `units` units of work (the
    /// work, weighted by what a byte costs in the cache it fits in), between two measured sizes
    /// of its series that took `below` and `above` seconds for their units. A repetition is the
    /// series' fixed cost (`shortest`, its shortest repetition) plus the units at a cost per unit
    /// on a straight line on log axes between the two sizes'. A size whose time is nearly all the
    /// fixed cost shows no cost per unit of its own: the other size's stands for both. So does
    /// the larger size's when `cachesWeighed` (the units carry the caches' steps).
    static double repBetween(double unitsBelow, double below, double unitsAbove, double above, double units,
                             double shortest, bool cachesWeighed = false);

    /// Whether a cold-cache plan flushes the CPU's caches before each of the point's repetitions:
    /// on CPU points, and on GPU points that time copies from pageable host memory, which the
    /// CPU reads through its caches. Other GPU points never read host memory while timed, and a
    /// flush of up to 2 GiB before each of their µs repetitions would only make them slow.
    static bool flushesCpuCaches(const SweepPlan &plan, const PlanPoint &p);

    /// The CPU's energy counters (Rapl, under SPEEDUPLAB_POWERCAP_ROOT when set, for tests) and
    /// each CUDA GPU's (NVML), made at their first use (run() then measures their update
    /// interval, before the points). Unavailable, with why, when the plan has energy off.
    const EnergyMeter &cpuEnergy();
    const EnergyMeter &gpuEnergy(int device);
    /// What the plan's devices read for energy, and the sentence for those that read none
    /// (SweepConditions::energy, energyMissing).
    void describeEnergy(SweepConditions &s);

    /// Bytes of host memory available for a point (MemAvailable), or the plan's limit.
    double hostMemoryAvailable() const;

    /// The memory checks of the plan's points that will not fit (MemoryCheck::fits, the rule
    /// measure() skips a point by), before the run: one per n and memory, the largest need, in
    /// ascending n (whatever order the points run in). gpuAvailable: bytes of the plan's CUDA GPU
    /// (0: unknown, no GPU check). An OpenCL device is checked against its size and its largest
    /// buffer, as the loader describes it.
    std::vector<MemoryCheck> memoryShortfalls(double hostAvailable, double gpuAvailable) const;

    /// A device too slow for the plan, by its calibrated ceilings: no point runs faster than its
    /// ceiling (the roofline), so every figure is a lower bound, said before the run.
    struct SlowDevice {
        std::string device; ///< "opencl:0", "cuda:0"
        int n = 0;          ///< its slowest point: size, variant and mode
        std::string variant, mode;
        double repSeconds = 0; ///< one repetition of that point takes at least this long there
        std::string level;     ///< the ceiling that bounds that point ("FMA peak")
        double ceiling = 0;    ///< its value: FLOP/s when flops, else bytes/s
        bool flops = false;
    };
    /// The plan's devices (CUDA or OpenCL) whose slowest point takes at least repLimit seconds a
    /// repetition by `machine`'s calibrated ceilings (the point then takes at least twice that:
    /// its warm-up and one repetition). A device without them is never named: nothing is known of
    /// its speed before it runs.
    std::vector<SlowDevice> slowDevices(const MachineInfo &machine, double repLimit = 10) const;

private:
    /// A point's repetitions, once its inputs are made: on the CPU kernels (its threads placed),
    /// or on a device (its energy and clocks watched, what it compiled noted).
    void runOnCpu(const DeviceBackend &backend, const Job &job, Measurement &m, const StoppingRule &rule,
                  const std::atomic<bool> &stop, const std::vector<std::vector<float>> &inputs,
                  RepeatLoop::Around &around);
    void runOnDevice(const DeviceBackend &backend, const Job &job, Measurement &m, const StoppingRule &rule,
                     const std::atomic<bool> &stop, const std::vector<std::vector<float>> &inputs,
                     RepeatLoop::Around &around);
    Measurement skeleton(const PlanPoint &p) const;
    /// Why the point cannot run here (no usable device of its backend, no kernel for its
    /// variant), or empty: measure skips it at once, and the time left counts it as nothing.
    std::string unrunnable(const PlanPoint &p) const;
    /// The GPU job of a GPU point, without its inputs.
    Job job(const PlanPoint &p) const;
    /// Forgets what the estimates learnt, and measures the caches (CacheProfile) when a point's
    /// data outgrow every L2, before a run.
    void startEstimates(const std::vector<PlanPoint> &points);
    /// Seconds the point will take, from the measured sizes of its series next to it and the
    /// stopping rule.
    double estimate(const PlanPoint &p, const StoppingRule &rule) const;
    /// One repetition of p between two measured sizes of its series, (n, seconds) each, whose
    /// shortest repetition took `shortest` seconds (repBetween, in the units of its work).
    double between(const PlanPoint &p, std::pair<int, double> below, std::pair<int, double> above,
                   double shortest) const;
    /// Seconds a point of repetitions of `rep` seconds takes by the stopping rule's closed form:
    /// its flushes, warm-up, repetitions and energy span, without its inputs and checks.
    double loopSeconds(const PlanPoint &p, double rep, const StoppingRule &rule) const;
    /// The bytes a point's inputs take on the host (what its setup and checks walk).
    double setupBytes(const PlanPoint &p) const;
    /// The shortest span the point's energy counters are read over (EnergyMeter::minimumSpan);
    /// 0 when its device has none, or they are not made yet.
    double energySpan(const PlanPoint &p) const;
    /// After the sweep: the CPU points another program disturbed (Preemption::disturbs) are
    /// measured again, up to remeasurePasses times, interleaved; what stays disturbed is marked
    /// noisy with the reason. `measured`: each point's rounds, by its index in `points`. Without
    /// tryAgain (a cancelled sweep) the points are only marked. Returns whether stop cancelled it.
    bool remeasureDisturbed(const std::vector<PlanPoint> &points,
                            std::vector<std::vector<Measurement>> &measured, int rounds, bool tryAgain,
                            double deadline, Progress &pr, const Callbacks &cb,
                            const std::atomic<bool> &stop);

    SweepPlan m_plan;
    int m_iterations;
    std::unique_ptr<CacheFlush> m_flush; ///< a cold-cache plan's, made at its first point
    /// Each GPU's reference clock of the sweep, loaded: what its points' clocks are held against
    /// (GPUs of different models boost to different clocks).
    std::map<int, GpuClockReference> m_clockReference;
    /// For the time estimates: series key -> n -> median of an ok point, in seconds.
    std::map<std::string, std::map<int, double>> m_medians;
    /// For the time estimates: series key -> the shortest of its medians (its fixed cost).
    std::map<std::string, double> m_shortest;
    /// For the time estimates: this CPU's caches measured on 1 thread and on the plan's most,
    /// when a point's data outgrow the L2 (CacheProfile::ofThisMachine); nullptr otherwise.
    const CacheProfile *m_oneThread = nullptr, *m_mostThreads = nullptr;
    /// What a byte of a working set of `bytes` costs `threads` threads in the host's caches, from
    /// the two profiles (on a straight line between them on log axes of the threads); 0 without.
    double cacheSecondsPerByte(double bytes, int threads) const;
    /// Whether the point's data sit in the host's caches: a CPU point, or one of a device inside
    /// the CPU's package.
    bool usesHostCaches(const PlanPoint &p) const;
    /// For the time estimates: what the points measured so far took beyond their loops.
    SetupCost m_setup;
    /// (device, "build" or "clblast"): what its first run compiled, already noted on a row.
    std::set<std::pair<std::string, std::string>> m_compiledNoted;
    double m_start = 0;
    std::optional<EnergyMeter> m_cpuEnergy;
    std::map<int, EnergyMeter> m_gpuEnergy;
};

} // namespace speeduplab
