// SPDX-License-Identifier: MIT
// StoppingRule: when a point has been measured enough, and the closed form the time estimate uses (no Qt).
#pragma once

namespace speeduplab {

/// When a point has been measured enough (nvbench's stopping criteria as an object): at least
/// 3 repetitions and minTime of measured time, but a single repetition of a second or more is
/// enough on its own; maxReps caps the count and the sweep's deadline cuts it short. The loop's
/// wall time is capped too (wallLimit): resets, cold-cache flushes and bookkeeping are not
/// measured time, and at n = 1 they cost 1000 times the repetitions themselves. The repeat loop
/// asks it, and the time estimate uses its closed form, so the two cannot drift apart.
class StoppingRule {
public:
    /// maxReps >= 1 (SweepPlan::validate); deadline: steady-clock seconds at which the sweep's
    /// budget runs out, 0 for no budget.
    StoppingRule(double minTime, int maxReps, double deadline = 0)
        : m_minTime(minTime), m_maxReps(maxReps), m_deadline(deadline)
    {
    }

    /// Whether a warm-up that took `seconds` counts as the first sample: one of a second or more
    /// (and at least minTime) has amortised caches, clocks and lazy loading over its own length.
    bool warmUpCounts(double seconds) const;
    /// Whether `reps` samples that took `measured` seconds in all are enough, when the loop has
    /// run for `wall` seconds of wall time since its warm-up began (whatever it spent them on).
    bool enough(int reps, double measured, double wall = 0) const;
    /// The wall time after which 3 samples or more are enough, however little of it was
    /// measured: twice minTime plus a second.
    double wallLimit() const { return 2 * m_minTime + 1; }
    /// Whether the budget ran out at `now` (steady-clock seconds). Never before the first
    /// sample: a point that started gets at least one.
    bool outOfTime(int reps, double now) const;

    /// The repetitions enough() asks for when each takes `seconds` (> 0) and costs `overhead`
    /// more outside the timed region (a reset, a flush), in closed form: a loop could run maxReps
    /// times. The warm-up is not counted, unless warmUpCounts().
    double repetitions(double seconds, double overhead = 0) const;
    /// The wall time the loop takes for them, warm-up included.
    double pointSeconds(double seconds, double overhead = 0) const;
    /// `seconds` of work still to do, capped by what is left of the budget at `now`.
    double capToBudget(double seconds, double now) const;

    /// Steady-clock seconds: the clock of the deadline, of outOfTime and of capToBudget.
    static double now();

    double minTime() const { return m_minTime; }
    int maxReps() const { return m_maxReps; }
    double deadline() const { return m_deadline; }

private:
    double m_minTime;
    int m_maxReps;
    double m_deadline;
};

} // namespace speeduplab
