// SPDX-License-Identifier: MIT
// Stats::of: the quantiles (numpy's default interpolation), the spread and Tukey's outlier count.
#include "core/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace speeduplab {

double quantile(const std::vector<double> &sorted, double p)
{
    const double h = p * double(sorted.size() - 1);
    const std::size_t lo = std::size_t(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - double(lo)) * (sorted[hi] - sorted[lo]);
}

Stats Stats::of(std::vector<double> s)
{
    Stats r;
    r.reps = int(s.size());
    if (s.empty())
        return r;
    r.samples.assign(s.begin(), s.begin() + std::ptrdiff_t(std::min(s.size(), maxSamples)));
    std::sort(s.begin(), s.end());
    const size_t n = s.size();
    r.median = n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    r.min = s.front();
    r.max = s.back();
    r.mean = std::accumulate(s.begin(), s.end(), 0.0) / double(n);
    if (n > 1) {
        double ss = 0;
        for (double v : s)
            ss += (v - r.mean) * (v - r.mean);
        r.stddev = std::sqrt(ss / double(n - 1));
    }
    r.cv = r.mean > 0 ? r.stddev / r.mean : 0;
    r.q1 = quantile(s, 0.25);
    r.q3 = quantile(s, 0.75);
    const double fence = 1.5 * (r.q3 - r.q1);
    r.outliers = int(
        std::count_if(s.begin(), s.end(), [&](double v) { return v < r.q1 - fence || v > r.q3 + fence; }));
    return r;
}

} // namespace speeduplab
