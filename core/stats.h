// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

namespace speeduplab {

/// Summary statistics of repeated timings, in seconds.
struct Stats {
    int reps = 0;
    double median = 0;
    double min = 0;
    double max = 0;
    double mean = 0;
    double stddev = 0; ///< sample standard deviation (n - 1); 0 for a single sample
    double cv = 0;     ///< stddev / mean
    /// Far off its series' trend (ResultSet::flagOffTrend): steady repetitions can all be slow
    /// when the machine was busy for the whole point, and the CV does not see that.
    bool offTrend = false;

    /// The CV above which a point is flagged noisy.
    static constexpr double noisyCv = 0.05;
    bool noisy() const { return cv > noisyCv || offTrend; }

    /// Summarises samples; an empty vector gives reps = 0 and zeros.
    static Stats of(std::vector<double> samples);

    bool operator==(const Stats &) const = default;
};

} // namespace speeduplab
