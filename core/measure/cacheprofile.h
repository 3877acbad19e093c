// SPDX-License-Identifier: MIT
// CacheProfile: what this CPU's caches do for some threads, measured rather than read from the
// topology (a virtual machine reports its host's whole L3): time per byte against working set.
#pragma once

#include <atomic>
#include <utility>
#include <vector>

namespace speeduplab {

/// The time per byte of an in-place update (CpuPeaks::cacheBytesPerS) on some threads, their
/// working set shared out among them, from 32 KiB up: its steps are where the caches really end. The sweep's
/// time estimate takes its shape, so that a size between two measured ones runs at the speed of the cache it
/// fits in. On this 2-core virtual machine, which reports a 508 MB L3, the profile shows the L3 ending
/// between 32 and 64 MiB: n = 2249 of add (20 MB) then runs twice as fast a byte as n = 4000.
class CacheProfile {
public:
    /// Measures working sets of 32 KiB, 4 times larger up to 2 MiB, then twice larger up to
    /// `largest` bytes (about 30 ms each), on `threads` threads. Throws Cancelled on stop.
    static CacheProfile measure(double largest, int threads, const std::atomic<bool> &stop);
    /// This process's profile on `threads` threads up to 128 MiB, measured at the first call for
    /// that count (about 0.3 s) and kept.
    static const CacheProfile &ofThisMachine(int threads);

    /// Seconds per byte of a working set of `bytes`, on a straight line between the two measured
    /// sizes on log axes; the smallest's and the largest's beyond them. 0 when empty.
    double secondsPerByte(double bytes) const;
    bool empty() const { return points.empty(); }

    int threads = 1;
    std::vector<std::pair<double, double>> points; ///< (bytes, seconds per byte), bytes ascending
};

} // namespace speeduplab
