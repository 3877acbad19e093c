// SPDX-License-Identifier: MIT
// The unsynced curves' stories (QueueTime): queue times against synchronised ones, from the rows alone.
#include "core/analysis/queuetime.h"

#include "core/model/workload.h"

#include <algorithm>
#include <map>

namespace speeduplab {

std::vector<QueueStory> QueueTime::stories(const ResultSet &r, const std::string &workload)
{
    std::vector<QueueStory> out;
    std::map<std::string, std::vector<const Measurement *>> byKey;
    std::vector<std::string> order;
    for (const Measurement &m : r.rows) {
        if (!m.ok() || !m.onDevice() || !Workload::isQueueTime(m.mode) || !(m.stats.median > 0))
            continue;
        if (!workload.empty() && m.workload != workload)
            continue;
        auto &rows = byKey[m.seriesKey()];
        if (rows.empty())
            order.push_back(m.seriesKey());
        rows.push_back(&m);
    }
    for (const std::string &key : order) {
        std::vector<const Measurement *> rows = byKey[key];
        std::sort(rows.begin(), rows.end(), [](const auto *a, const auto *b) { return a->n < b->n; });
        if (rows.front()->n == rows.back()->n)
            continue;
        const Measurement &lo = *rows.front(), &hi = *rows.back();
        QueueStory s;
        s.key = key;
        s.run = hi.run;
        s.label = hi.seriesLabel();
        s.workload = hi.workload;
        s.iterations = hi.iterations;
        s.nMin = lo.n;
        s.nMax = hi.n;
        s.queuedMin = lo.stats.median;
        s.queuedMax = hi.stats.median;
        s.lowest = s.highest = lo.stats.median;
        for (const Measurement *m : rows) {
            s.lowest = std::min(s.lowest, m->stats.median);
            s.highest = std::max(s.highest, m->stats.median);
        }
        s.bytesMin = lo.bytes;
        s.bytesMax = hi.bytes;
        s.syncedMax = hi.conditions.syncedMedian;
        s.syncedMin = lo.conditions.syncedMedian;
        out.push_back(std::move(s));
    }
    return out;
}

const Measurement *QueueTime::launchAt(const ResultSet &r, const QueueStory &s, int n)
{
    const Measurement *other = nullptr;
    for (const Measurement &m : r.rows) {
        if (!m.ok() || m.n != n || !m.onDevice() || m.mode != "launch" || m.workload != s.workload ||
            m.transfers != "none" || m.iterations != s.iterations || m.conditions.cache != "warm")
            continue;
        if (m.run == s.run)
            return &m;
        if (!other)
            other = &m;
    }
    return other;
}

} // namespace speeduplab
