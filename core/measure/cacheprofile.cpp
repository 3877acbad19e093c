// SPDX-License-Identifier: MIT
// CacheProfile: one thread's time per byte against working set, measured with the calibration's
// in-place update kernel.
#include "core/measure/cacheprofile.h"

#include "core/kernels/cpupeaks.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <new>

namespace speeduplab {

CacheProfile CacheProfile::measure(double largest, int threads, const std::atomic<bool> &stop)
{
    CacheProfile profile;
    profile.threads = std::max(1, threads);
    for (double bytes = 32 << 10; bytes <= largest; bytes *= bytes < (2 << 20) ? 4 : 2) {
        double rate = 0;
        try {
            rate = CpuPeaks::cacheBytesPerS(profile.threads, std::size_t(bytes / profile.threads), stop);
        } catch (const std::bad_alloc &) {
            break; // what was measured stands
        }
        if (rate > 0)
            profile.points.emplace_back(bytes, 1 / rate);
    }
    return profile;
}

const CacheProfile &CacheProfile::ofThisMachine(int threads)
{
    static std::mutex mutex;
    static std::map<int, CacheProfile> profiles; // never erased: references stay valid
    const std::lock_guard<std::mutex> lock(mutex);
    auto it = profiles.find(threads);
    if (it == profiles.end()) {
        const std::atomic<bool> never{false};
        it = profiles.emplace(threads, measure(128 << 20, threads, never)).first;
    }
    return it->second;
}

double CacheProfile::secondsPerByte(double bytes) const
{
    if (points.empty())
        return 0;
    if (bytes <= points.front().first)
        return points.front().second;
    if (bytes >= points.back().first)
        return points.back().second;
    const auto above =
        std::lower_bound(points.begin(), points.end(), bytes,
                         [](const std::pair<double, double> &p, double b) { return p.first < b; });
    const auto below = std::prev(above);
    const double f = std::log(bytes / below->first) / std::log(above->first / below->first);
    return below->second * std::pow(above->second / below->second, f);
}

} // namespace speeduplab
