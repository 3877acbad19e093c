// SPDX-License-Identifier: MIT
// Compare: two runs point by point (faster, slower or same within noise) and one run's report (no Qt).
#pragma once

#include "core/analysis/analysis.h"
#include "core/analysis/explain.h"
#include "core/model/resultset.h"

#include <cstddef>
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
    double ratio = 0; ///< timeB / timeA: below 1, B is faster
    /// The |ln ratio| the summary rule asks a real difference to exceed at this point: the band
    /// the noise of both runs can explain. With the rank test (rankTest) the verdict comes from
    /// pValue and the floor instead; the band is still this one.
    double threshold = 0;
    bool noisy = false;    ///< either side is flagged noisy (Stats::noisy)
    bool rankTest = false; ///< decided by the Mann-Whitney U test on the repetition samples
    double pValue = 1;     ///< that test's two-sided p-value; 1 when it did not run
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
        /// peakRate as every view quotes a rate (Explain::quote): with the level its working set
        /// sat in, and in FLOP/s where that level is arithmetic (a fused kernel's registers).
        QuotedRate peak;
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
///
/// The rank rule, used instead when both points carry at least minSamples repetition times
/// (Stats::samples; a JSON file written since they are kept, or a live run): a two-sided
/// Mann-Whitney U test on the two sets of times per operation (each repetition divided by its
/// iterations), in its normal approximation with the tie correction and a continuity
/// correction, AND the same floor on the ratio of the medians:
///
///     p < alpha (0.05)  and  |d| > ln(1 + minDifference):  d < 0: Faster;  d > 0: Slower
///     otherwise Same.
///
/// The test makes no assumption on the shape of the times (they are skewed, with a long tail
/// of slow repetitions, and a few outliers do not move it); the floor keeps a tiny but steady
/// shift, which any test finds with enough repetitions, from being called a difference.
/// Summaries alone (CSV files, older JSON files, other tools) keep the summary rule.
class Compare {
public:
    /// The smallest relative difference ever called faster or slower (see the rule above).
    static constexpr double minDifference = 0.02;
    /// The repetition samples each side needs for the rank rule.
    static constexpr std::size_t minSamples = 5;
    /// The rank test's significance level (two-sided).
    static constexpr double alpha = 0.05;

    /// Every (series, n) that is ok with a positive median in both runs; a repeated n keeps its
    /// latest row, as Analysis::series does. Empty when the runs share no such point.
    static Comparison compare(const ResultSet &a, const ResultSet &b);
    /// The verdict on one pair of points (b against a), filling ratio, threshold and verdict.
    static PointComparison point(const Measurement &a, const Measurement &b);
    /// The two-sided p-value of the Mann-Whitney U test of a against b (normal approximation,
    /// tie and continuity corrections); 1 when either is empty or all values are tied.
    static double mannWhitneyP(const std::vector<double> &a, const std::vector<double> &b);
    /// "faster", "slower" or "same within noise".
    static std::string verdictName(PointComparison::Verdict v);

    /// The run's crossovers per workload, its ceilings and its series lines.
    static RunSummary summarize(const ResultSet &r);
};

} // namespace speeduplab
