// SPDX-License-Identifier: MIT
// Refine (no Qt): --refine, the sweep that pins each crossover with new sizes around it until its
// 95 % interval is within the precision asked for, the budget is spent, or points cannot narrow it.
#pragma once

#include "core/analysis/analysis.h"
#include "core/model/resultset.h"
#include "core/plan/sweepplan.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace speeduplab {

/// After a sweep's coarse pass: every pair of curves that cross (each GPU curve against the best
/// CPU; on a run without GPU curves, each CPU thread count against 1 thread) gets new sizes at the
/// geometric middle of the two measured sizes around its crossing (bisection on log n), one per
/// crossing a round, the crossings taken in turn, so that all of them sharpen together. A crossing
/// is done when its interval (Crossing::lo, hi) is within plan.refine of n on either side; the
/// refinement ends when every one is done, the budget of points is spent, or more points cannot
/// narrow it: the sizes around it are whole numbers next to each other, or two more points in a
/// row left its interval no narrower (the noise of the points sets its width).
class Refine {
public:
    /// What became of each crossing.
    struct Outcome {
        std::string pair;
        std::string first, second; ///< the pair's series keys (CrossingPair::first, second)
        std::size_t index = 0;     ///< which of the pair's crossings, in ascending n
        Crossing crossing;         ///< as it stands now; n = 0 when noise took it away
        int points = 0;            ///< new points measured for it
        bool resolved = false;
        RefineEnd ended = RefineEnd::NotRefined; ///< why refinement ended for it
        /// "GPU launch vs best CPU: n ≈ 512 (497–530), within ±5 % (3 more points)", for the CLI
        /// (the window's words are ExplainText::refined).
        std::string summary(const SweepPlan &plan) const;
    };
    /// Why refinement ended, as the CLI says it: a clause ("within ±5 %", ...).
    static std::string why(RefineEnd ended, double precision, int budget, int times);
    /// The outcomes as a result keeps them (SweepConditions::refine, refined).
    static void keep(const SweepPlan &plan, const std::vector<Outcome> &outcomes, SweepConditions &into);
    /// A crossover the result's --refine pinned, read back with its pair and its crossing as
    /// the rows place it now (crossing.n = 0 when they no longer cross there).
    struct Kept {
        Analysis::CrossingPair pair;
        Crossing crossing;
        SweepConditions::Refined record;
        double precision = 0;
        int budget = 0;
        std::string run; ///< Measurement::run of its curves ("" in a single run)
        /// As Outcome::summary says it, for the CLI's `report`.
        std::string summary() const;
    };
    /// Every crossover a run of `r` refined, for `workload`, run by run (each run's own machine
    /// section keeps its records: ResultSet::machineOf).
    static std::vector<Kept> kept(const ResultSet &r, const std::string &workload);
    /// The new points of one round: `plan` with a few sizes and curves, measured by the caller (a
    /// SweepRunner, its points reaching the live view); returns its rows.
    using Measure = std::function<std::vector<Measurement>(const SweepPlan &plan)>;
    /// Refines `result` in place (its rows grow) and says what became of each crossing of the
    /// pairs. Nothing when plan.refine is 0 or no pair crosses.
    static std::vector<Outcome> run(const SweepPlan &plan, ResultSet &result, const Measure &measure,
                                    const std::atomic<bool> &stop);
    /// The size that bisects the measured sizes around n, as measured in `sizes` (sorted): their
    /// geometric middle, rounded; 0 when they are whole numbers next to each other (or n is not
    /// between two of them).
    static int bisect(const std::vector<int> &sizes, double n);
    /// Whether a crossing's interval is within `precision` of n on either side (never one without
    /// an interval, or one open at an end).
    static bool within(const Crossing &x, double precision);
};

} // namespace speeduplab
