// SPDX-License-Identifier: MIT
// ResultSet: the series and workloads of the rows, status counts, ceilings joined, off-trend points.
#include "core/model/resultset.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace speeduplab {

std::vector<std::string> ResultSet::seriesKeys() const
{
    std::vector<std::string> keys;
    for (const auto &m : rows) {
        const std::string k = m.seriesKey();
        if (std::find(keys.begin(), keys.end(), k) == keys.end())
            keys.push_back(k);
    }
    return keys;
}

std::vector<Measurement> ResultSet::series(const std::string &key) const
{
    std::vector<Measurement> s;
    for (const auto &m : rows)
        if (m.seriesKey() == key)
            s.push_back(m);
    std::stable_sort(s.begin(), s.end(),
                     [](const Measurement &a, const Measurement &b) { return a.n < b.n; });
    return s;
}

std::vector<std::string> ResultSet::workloads() const
{
    std::vector<std::string> names;
    for (const auto &m : rows)
        if (std::find(names.begin(), names.end(), m.workload) == names.end())
            names.push_back(m.workload);
    return names;
}

void ResultSet::describeDevices()
{
    for (Measurement &m : rows)
        if (m.isDescribed()) {
            const DeviceDescription *d = machine.deviceOf(m.backend, m.device);
            m.describedKind = d ? d->kind() : DeviceKind::Unknown;
        }
}

ResultSet::StatusCounts ResultSet::statusCounts() const
{
    StatusCounts c;
    for (const auto &m : rows) {
        switch (m.status) {
        case Measurement::Status::Ok:
            ++c.ok;
            break;
        case Measurement::Status::Failed:
            ++c.failed;
            break;
        case Measurement::Status::Skipped:
            ++c.skipped;
            break;
        case Measurement::Status::Cancelled:
            ++c.cancelled;
            break;
        }
    }
    return c;
}

void ResultSet::addMissingCeilings(const std::map<std::string, double> &ceilings)
{
    for (const auto &[k, v] : ceilings)
        machine.ceilings.try_emplace(k, v);
}

bool ResultSet::applyCeilings(const MachineInfo &here, const std::map<std::string, double> &ceilings)
{
    if (!machine.sameHardware(here))
        return false;
    for (const auto &[k, v] : ceilings)
        machine.ceilings[k] = v;
    return true;
}

int ResultSet::flagOffTrend(double factor)
{
    std::map<std::string, std::vector<Measurement *>> bySeries;
    for (auto &m : rows)
        if (m.ok() && m.perIteration() > 0)
            bySeries[m.seriesKey()].push_back(&m);
    int flagged = 0;
    for (auto &[key, points] : bySeries) {
        std::stable_sort(points.begin(), points.end(),
                         [](const Measurement *a, const Measurement *b) { return a->n < b->n; });
        // From the largest n down: the fastest point among the larger sizes seen so far.
        const Measurement *fastestLarger = nullptr;
        for (auto it = points.rbegin(); it != points.rend();) {
            const int n = (*it)->n;
            auto sameN = it;
            for (; it != points.rend() && (*it)->n == n; ++it) {
                Measurement &m = **it;
                if (fastestLarger && m.perIteration() > factor * fastestLarger->perIteration()) {
                    m.stats.markNoisy();
                    char ratio[32];
                    std::snprintf(ratio, sizeof ratio, "%.0f",
                                  m.perIteration() / fastestLarger->perIteration());
                    m.reason = std::string("off its series' trend: ") + ratio +
                               "x the time per iteration of n = " + std::to_string(fastestLarger->n) +
                               ", which does more work; the machine was likely busy";
                    ++flagged;
                }
            }
            for (; sameN != it; ++sameN)
                if (!fastestLarger || (*sameN)->perIteration() < fastestLarger->perIteration())
                    fastestLarger = *sameN;
        }
    }
    return flagged;
}

} // namespace speeduplab
