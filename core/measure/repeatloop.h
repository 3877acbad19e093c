// SPDX-License-Identifier: MIT
// RepeatLoop: the warm-up, repetitions and verification of one prepared point, the same for a CPU
// and a GPU Run (no Qt). SweepRunner calls it for every point; tests drive it with a fake Run.
#pragma once

#include "core/machine/energy.h"
#include "core/measure/stoppingrule.h"
#include "core/model/measurement.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <vector>

namespace speeduplab {

class CacheFlush;
class Run;

/// The repeat loop of a point: a warm-up, then repetitions until the StoppingRule says enough,
/// then the output checked against the CPU reference (a wrong answer makes the point failed).
class RepeatLoop {
public:
    /// What the loop does around the Run's own work, all of it outside the timed region.
    struct Around {
        CacheFlush *flush = nullptr; ///< cold cache: the run's tensors flushed after every reset()
        std::function<void()>
            firstRepDone;                  ///< after the first timed repetition (the GPU clocks at the start)
        std::function<void()> lastRepDone; ///< after the last repetition (the clocks at the end)
        /// CPU points: count the repetitions during which a thread lost its core (Preemption)
        /// into the row's conditions.disturbedReps.
        bool countPreemption = false;
        /// The device's energy counters, read before the first timed repetition and after the
        /// last into the row's conditions.energy. A span shorter than the counters need
        /// (EnergyMeter::minimumSpan) is extended by more repetitions, kept out of the
        /// statistics; one the budget or a stop cuts short is marked "too short to measure
        /// energy". Null or unavailable: no energy is read.
        const EnergyMeter *energy = nullptr;
    };

    /// How long one repetition really lasted: the longer of the time runOnce returned and the
    /// same launches' synchronised time (Run::synchronisedSeconds, GPU mode unsynced). An unsynced
    /// row's time is the host's time to queue the launches, which may be a tenth of the work:
    /// the stopping rule, the warm-up and the time estimates count what the point costs.
    static double lasted(double returned, double synchronised) { return std::max(returned, synchronised); }
    /// The same for a measured row: its median, or its synchronised median when that is longer.
    static double lasted(const Measurement &m) { return lasted(m.stats.median, m.conditions.syncedMedian); }

    /// Runs the point: reset, warm-up, repetitions until `rule` is satisfied (or `stop`), the
    /// statistics of the times runOnce returned into m.stats (and the synchronised ones into
    /// m.conditions), then verification of run.output() against `inputs`. Throws what the Run
    /// throws (Cancelled on stop).
    static void run(Run &run, Measurement &m, const StoppingRule &rule, const std::atomic<bool> &stop,
                    const std::vector<std::vector<float>> &inputs, const Around &around);

    /// A point's energy from `from` (read before its first counted repetition; nullopt with
    /// `problem` when it could not be) to now, over `reps` repetitions of `iterations`
    /// operations. While the span is shorter than meter.minimumSpan(), oneMore() runs another
    /// repetition (false: no more may run, the budget is spent), counted. Too short in the end:
    /// not measured, noted "too short to measure energy: …"; a refused counter: noted why.
    static PointEnergy readEnergy(const EnergyMeter &meter, const std::optional<EnergyMeter::Reading> &from,
                                  const std::string &problem, long reps, int iterations,
                                  const std::function<bool()> &oneMore);
};

} // namespace speeduplab
