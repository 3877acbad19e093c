// SPDX-License-Identifier: MIT
// Stats: the summary of a point's repeated timings: median, spread, quartiles and outliers (no Qt).
#pragma once

#include <cstddef>
#include <cstdint>
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
    /// The quartiles (linear interpolation between order statistics, as numpy's default) of all
    /// the samples: the band of the time chart. Both 0 when unknown (a file written before they
    /// were kept, a summary from another tool): hasQuartiles() says which.
    double q1 = 0;
    double q3 = 0;
    /// Samples outside Tukey's fences [q1 - 1.5 IQR, q3 + 1.5 IQR]. They stay in the data (and
    /// in every statistic above): the count only flags a point whose repetitions were disturbed.
    int outliers = 0;
    /// The repetition times in seconds, as measured and in measurement order (each repetition
    /// is `iterations` operations), so that others can re-analyse them and Compare can run a
    /// rank test. Only the first maxSamples are kept; reps counts them all. Empty when unknown.
    std::vector<double> samples;
    /// Far off its series' trend (ResultSet::flagOffTrend): steady repetitions can all be slow
    /// when the machine was busy for the whole point, and the CV does not see that.
    bool offTrend = false;
    /// Marks the point noisy whatever its CV: offTrend is set only where the CV does not say so
    /// already, as a file keeps it (its `noisy` column), so that a point and its reloaded copy are equal.
    void markNoisy() { offTrend = !(cv > noisyCv); }

    /// The CV above which a point is flagged noisy.
    static constexpr double noisyCv = 0.05;
    bool noisy() const { return cv > noisyCv || offTrend; }

    /// The most samples a point keeps (80 kB of doubles; 10 times the default --max-reps).
    static constexpr std::size_t maxSamples = 10000;
    /// Whether q1 and q3 are known (Stats::of sets them; older files lack them).
    bool hasQuartiles() const { return q3 > 0 && q1 <= q3; }
    /// The interquartile range, q3 - q1; 0 when the quartiles are unknown.
    double iqr() const { return hasQuartiles() ? q3 - q1 : 0; }

    /// Summarises samples (kept as given, up to maxSamples); an empty vector gives reps = 0
    /// and zeros.
    static Stats of(std::vector<double> samples);

    bool operator==(const Stats &) const = default;
};

/// A point's repetition times in bounded memory, however many there are (--max-reps 2e9 at n = 1
/// kept every one: 500 MB, and then the point's buffers could not be allocated). Up to
/// Stats::maxSamples, stats() is Stats::of of them all, exactly. Past that it keeps the first
/// maxSamples as measured (Stats::samples), min, max, mean and deviation over all (Welford's
/// running sums), and a histogram of log-spaced bins 0.1 % wide from 1 ps to 10^6 s (330 kB),
/// from which the median, the quartiles and the outlier count come, within 0.05 % of a bin's
/// centre.
class SampleStream {
public:
    void add(double seconds);
    std::size_t count() const { return m_count; }
    /// The first Stats::maxSamples, as measured.
    const std::vector<double> &kept() const { return m_kept; }
    Stats stats() const;

    static constexpr double binWidth = 1e-3; ///< relative
    static constexpr double lowest = 1e-12;  ///< seconds: the first bin's start
    static constexpr double highest = 1e6;   ///< seconds: the last bin's end

private:
    void bin(double seconds);
    double quantile(double p) const;
    std::vector<double> m_kept;
    std::vector<std::uint64_t> m_bins; ///< allocated past maxSamples
    std::size_t m_count = 0;
    double m_min = 0, m_max = 0, m_mean = 0, m_m2 = 0;
};

/// The p-quantile (0 <= p <= 1) of sorted, non-empty values, interpolated linearly between order
/// statistics (Hyndman and Fan's type 7, numpy's default): its p = 0.5 is the median as Stats
/// reports it, and Stats::of takes the quartiles from it.
double quantile(const std::vector<double> &sorted, double p);

} // namespace speeduplab
