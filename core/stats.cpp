// SPDX-License-Identifier: MIT
#include "core/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace speeduplab {

Stats Stats::of(std::vector<double> s)
{
    Stats r;
    r.reps = int(s.size());
    if (s.empty())
        return r;
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
    return r;
}

} // namespace speeduplab
