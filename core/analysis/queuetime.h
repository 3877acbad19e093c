// SPDX-License-Identifier: MIT
// The curves timed as the original answer timed them (GPU mode unsynced, no Qt): the host's time to
// queue the launches held against the time of the work, and the bandwidth the queue time would imply.
#pragma once

#include "core/model/resultset.h"

#include <string>
#include <vector>

namespace speeduplab {

/// One curve whose GPU time was read before the device was synchronised (Workload::isQueueTime):
/// ours, or another's such as the original answer's published table. Every figure is a row's.
struct QueueStory {
    std::string key;   ///< Measurement::seriesKey of the curve
    std::string run;   ///< Measurement::run (empty: the only one)
    std::string label; ///< Measurement::seriesLabel
    std::string workload;
    int iterations = 0;
    int nMin = 0, nMax = 0;         ///< its smallest and largest n
    double queuedMin = 0;           ///< seconds per repetition, as timed, at nMin (the median)
    double queuedMax = 0;           ///< at nMax
    double lowest = 0, highest = 0; ///< the lowest and highest of its times over every n
    double bytesMin = 0;            ///< bytes one repetition moves at nMin (Workload::bytes, exact)
    double bytesMax = 0;            ///< at nMax
    /// The same launches at nMax once the device was synchronised (PointConditions::syncedMedian);
    /// 0 when the curve has none (the published table).
    double syncedMax = 0;
    /// The synchronised time at nMin; 0 when unknown.
    double syncedMin = 0;

    /// What the queue time at nMax would mean read as the time of the work: bytesMax / queuedMax.
    double impliedBytesPerS() const { return queuedMax > 0 ? bytesMax / queuedMax : 0; }
    /// The time to queue one launch at nMax: queuedMax / iterations.
    double perLaunch() const { return iterations > 0 ? queuedMax / iterations : 0; }
    /// Highest over lowest time: near 1 for a flat curve, whatever n did.
    double spread() const { return lowest > 0 ? highest / lowest : 0; }
};

class QueueTime {
public:
    /// The unsynced curves of `r` (every run, the rows' run names kept apart) with points at two
    /// sizes or more, in first-appearance order; workload empty: every workload.
    static std::vector<QueueStory> stories(const ResultSet &r, const std::string &workload = {});
    /// The launch mode's row at n of the same workload and iterations (synchronised: timed with
    /// events): of the story's own run first, else of another run (another machine's, for the
    /// published table); nullptr when there is none.
    static const Measurement *launchAt(const ResultSet &r, const QueueStory &s, int n);
};

} // namespace speeduplab
