// SPDX-License-Identifier: MIT
// Preemption: whether another program took a core from the sweep during a repetition (no Qt).
#pragma once

#include "core/model/measurement.h"

#include <string>
#include <vector>

namespace speeduplab {

/// A CPU point's repetitions are timed on the cores the sweep's threads hold. When another
/// program (or the hypervisor) takes one, the repetition waits: an OpenMP barrier whose partner
/// lost its core waits a scheduler slice, 4 ms on a 0.3 µs point, and the timings alone look
/// steady. The kernel counts what a thread lost: involuntary context switches (getrusage), and
/// the time a hypervisor stole from the machine's CPUs (/proc/stat). Read around each repetition
/// and each point, outside the timed region.
class Preemption {
public:
    /// The time an OpenMP team of `threads` threads waited for a CPU while runnable (each
    /// thread's run-queue wait, /proc/thread-self/schedstat): what a core taken by another
    /// program costs, spinning or sleeping at a barrier alike. Each team thread opens its own
    /// file once, in a parallel region of that size (the kernels' team); waitedSeconds() then
    /// reads them all. Where the kernel reports no schedstat, available() is false.
    class Team {
    public:
        explicit Team(int threads);
        ~Team();
        Team(const Team &) = delete;
        Team &operator=(const Team &) = delete;
        bool available() const { return !m_fds.empty(); }
        /// The seconds the team's threads have waited so far, summed.
        double waitedSeconds() const;

    private:
        std::vector<int> m_fds;
    };

    /// The involuntary context switches of every thread of this process so far.
    static long involuntarySwitches();
    /// The seconds the hypervisor has stolen from all CPUs so far (/proc/stat's steal); 0 where
    /// the kernel reports none.
    static double stolenSeconds();
    /// How many of a point's repetitions (their times, and whether a thread of the process was
    /// switched out during each) another program cost time. A switch alone says little: a kernel
    /// thread's brief turn preempts a second-long repetition too. With 3 or more repetitions
    /// without a switch, a switched one counts when it took over 1.25 times their median; with
    /// fewer, the switched ones count when the point lost cores (`othersBusy`, lostCores).
    static int disturbedReps(const std::vector<double> &times, const std::vector<bool> &switched,
                             bool othersBusy);
    /// Whether a point's threads lost cores: they waited `seconds` for a CPU (Team, and time
    /// stolen), `share` of their time. 5 % of it, and at least a millisecond: waking a sleeping
    /// team costs tens of microseconds on a quiet machine too, a lost scheduler slice 4 ms.
    static bool lostCores(double seconds, double share);
    /// Whether a point with `disturbed` of its `reps` repetitions disturbed counts as disturbed:
    /// a tenth of them or more (a few among many leave its median as it was).
    static bool disturbs(int disturbed, int reps);
    /// Whether m is an ok CPU row whose disturbed repetitions make it disturbed (disturbs).
    static bool disturbed(const Measurement &m);
    /// "another program held a core during 12 of 20 repetitions (its threads waited for a CPU);
    /// measured again 2 times, still disturbed", for a row's reason.
    static std::string reason(int disturbed, int reps, int remeasured);
};

} // namespace speeduplab
