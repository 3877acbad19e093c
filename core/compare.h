// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis.h"
#include "core/resultset.h"

#include <string>
#include <utility>
#include <vector>

namespace speeduplab {

/// One point both runs measured: the same series (Measurement::seriesKey) at the same n, ok in
/// both. Times are seconds per operation (Measurement::perIteration), so runs made with
/// different iteration counts compare fairly.
struct PointComparison {
    /// How run B does against run A at this point.
    enum class Verdict { Faster, Slower, Same };

    std::string key;
    std::string workload;
    std::string label; ///< Measurement::seriesLabel
    int n = 0;
    double timeA = 0;
    double timeB = 0;
    double ratio = 0;     ///< timeB / timeA: below 1, B is faster
    double threshold = 0; ///< the |ln ratio| a real difference must exceed at this point
    bool noisy = false;   ///< either side is flagged noisy (Stats::noisy)
    Verdict verdict = Verdict::Same;
};

/// All the points two runs share, in A's series order and then by n, with the counts.
struct Comparison {
    std::vector<PointComparison> points;
    int faster = 0;
    int slower = 0;
    int same = 0;
    bool empty() const { return points.empty(); }
};

/// What `speeduplab-cli report` says about one run: its crossovers (as Analysis finds them),
/// its ceilings and one line per series.
struct RunSummary {
    struct WorkloadCrossovers {
        std::string workload;
        std::vector<CrossoverReport> reports; ///< Analysis::reports; empty: no CPU and GPU pair
    };
    /// One series: its successful points and its peak, the point with the highest throughput
    /// (work per second: bytes, or FLOPs for a compute-bound workload). Every point's time per
    /// operation grows with n, so "fastest" means the best rate, not the smallest time.
    struct SeriesLine {
        std::string workload;
        std::string label;
        bool computeBound = false; ///< the rate is FLOP/s, else bytes/s
        int points = 0;
        int nMin = 0, nMax = 0;
        int peakN = 0;
        double peakTime = 0; ///< seconds per operation at peakN
        double peakRate = 0; ///< work per second at peakN
    };
    std::vector<WorkloadCrossovers> crossovers;
    std::vector<std::pair<std::string, double>> ceilings; ///< MachineInfo::ceilings, by name
    std::vector<SeriesLine> series;
    int failedPoints = 0; ///< failed, skipped and cancelled rows (never in a series)
};

/// Compares two runs point by point and summarises one run. Pure functions on values.
///
/// The verdict rule. A difference is real when it stands out of both the statistical noise of
/// the two medians and the noise that separates two runs:
///
///     d   = ln(tB / tA)                       (log scale: 2x faster and 2x slower weigh the same)
///     s_X = stddev_X / median_X               (one repetition's relative spread, run X)
///     e_X = 1.2533 * s_X / sqrt(reps_X)       (standard error of a median; sqrt(pi/2) for normal data)
///     threshold = max(1.96 * sqrt(e_A^2 + e_B^2), minDifference)
///     |d| <= threshold: Same;  d < 0: Faster;  d > 0: Slower.
///
/// The first term is a Welch-style two-sided test at about 95 % on the medians. The floor
/// (minDifference, 2 %) is there because the repetitions of one run cannot see what changes
/// between runs (clock boost, thread placement, other programs' load): with 1000 repetitions
/// the standard error is a fraction of a percent, and a 1 % gap between two runs is not a
/// difference a user can rely on. When a side has a single repetition (reps <= 1) its spread
/// is unknown and taken as Stats::noisyCv (5 %), the CV at which a point counts as noisy; a
/// spread of zero (identical repetitions, the timer's resolution) leaves only the floor.
/// Summaries are all a result file holds, so a rank test on the samples is not possible.
class Compare {
public:
    /// The smallest relative difference ever called faster or slower (see the rule above).
    static constexpr double minDifference = 0.02;

    /// Every (series, n) that is ok with a positive median in both runs; a repeated n keeps its
    /// latest row, as Analysis::series does. Empty when the runs share no such point.
    static Comparison compare(const ResultSet &a, const ResultSet &b);
    /// The verdict on one pair of points (b against a), filling ratio, threshold and verdict.
    static PointComparison point(const Measurement &a, const Measurement &b);
    /// "faster", "slower" or "same within noise".
    static std::string verdictName(PointComparison::Verdict v);

    /// The run's crossovers per workload, its ceilings and its series lines.
    static RunSummary summarize(const ResultSet &r);
};

} // namespace speeduplab
