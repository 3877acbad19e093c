// SPDX-License-Identifier: MIT
// CpuLoad: how much of the CPUs other programs use, /proc/stat minus this process's own (no Qt).
#pragma once

#include <optional>
#include <string>

namespace speeduplab {

/// How much of this machine's CPUs other programs use: the busy time of all CPUs (/proc/stat)
/// minus this process's own (/proc/self/stat: every thread, the sweep's included), between two
/// samples. On a busy machine every point is slower and noisier than the hardware allows, and
/// the timings alone cannot tell why. The parsing and the threshold are pure functions; an
/// object keeps the previous sample.
class CpuLoad {
public:
    /// Cumulative CPU time at one moment, in clock ticks.
    struct Counters {
        double busy = 0;  ///< all CPUs: user, nice, system, irq, softirq, steal
        double total = 0; ///< all CPUs: busy, idle and iowait
        double self = 0;  ///< this process: user and system time of every thread
        int cores = 0;    ///< the CPUs /proc/stat lists
    };
    /// What other programs used between two samples.
    struct Load {
        double others = 0; ///< cores kept busy on average, 0..cores
        int cores = 0;
        double share() const { return cores > 0 ? others / cores : 0; }
    };

    /// Other programs distort the timings when they use more than this share of the cores...
    static constexpr double busyShare = 0.15;
    /// ...or more cores than a sweep leaves free, by more than this many.
    static constexpr double freeSlack = 0.5;

    /// The counters in the texts of /proc/stat and /proc/self/stat; nothing when either is
    /// malformed.
    static std::optional<Counters> parse(const std::string &procStat, const std::string &selfStat);
    /// What other programs used between `before` and `after`; nothing when no time passed.
    static std::optional<Load> between(const Counters &before, const Counters &after);
    /// Whether `load` distorts the timings of a sweep that keeps `sweepThreads` threads busy.
    static bool distorts(const Load &load, int sweepThreads);

    /// What other programs used since the previous call, read from /proc now (a few small
    /// reads, no waiting); nothing on the first call or where /proc cannot be read.
    std::optional<Load> sample();

private:
    std::optional<Counters> m_last;
};

} // namespace speeduplab
