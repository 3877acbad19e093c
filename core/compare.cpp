// SPDX-License-Identifier: MIT
#include "core/compare.h"

#include "core/workload.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace speeduplab {

namespace {

bool usable(const Measurement &m)
{
    return m.ok() && m.stats.median > 0 && std::isfinite(m.stats.median);
}

// One repetition's spread relative to the median. A single repetition says nothing about its
// noise, so it is assumed as noisy as a point flagged noisy; a negative or non-finite stddev
// (never written by ResultIO, but a hand-made run may hold one) counts as unknown too.
double relativeSpread(const Stats &s)
{
    if (s.reps <= 1 || !std::isfinite(s.stddev) || s.stddev < 0)
        return Stats::noisyCv;
    return s.stddev / s.median;
}

// The standard error of a median, relative: sqrt(pi / 2) times that of a mean for normal data.
double medianError(const Stats &s)
{
    constexpr double medianEfficiency = 1.2533141373155;
    return medianEfficiency * relativeSpread(s) / std::sqrt(double(std::max(1, s.reps)));
}

} // namespace

PointComparison Compare::point(const Measurement &a, const Measurement &b)
{
    PointComparison p;
    p.key = a.seriesKey();
    p.workload = a.workload;
    p.label = a.seriesLabel();
    p.n = a.n;
    p.timeA = a.perIteration();
    p.timeB = b.perIteration();
    p.noisy = a.stats.noisy() || b.stats.noisy();
    if (!(p.timeA > 0) || !(p.timeB > 0)) {
        p.ratio = 0;
        p.threshold = 0;
        p.verdict = PointComparison::Verdict::Same;
        return p;
    }
    p.ratio = p.timeB / p.timeA;
    const double ea = medianError(a.stats), eb = medianError(b.stats);
    p.threshold = std::max(1.96 * std::sqrt(ea * ea + eb * eb), std::log1p(minDifference));
    const double d = std::log(p.ratio);
    p.verdict = std::abs(d) <= p.threshold ? PointComparison::Verdict::Same
                : d < 0                    ? PointComparison::Verdict::Faster
                                           : PointComparison::Verdict::Slower;
    return p;
}

Comparison Compare::compare(const ResultSet &a, const ResultSet &b)
{
    // B's usable rows by (series, n); a later row of the same point replaces an earlier one.
    std::map<std::pair<std::string, int>, const Measurement *> inB;
    for (const auto &m : b.rows)
        if (usable(m))
            inB[{m.seriesKey(), m.n}] = &m;

    // A's, the same way, keeping the series in their order of first appearance.
    std::vector<std::string> order;
    std::map<std::string, std::map<int, const Measurement *>> inA;
    for (const auto &m : a.rows) {
        if (!usable(m))
            continue;
        const std::string key = m.seriesKey();
        auto [it, added] = inA.try_emplace(key);
        if (added)
            order.push_back(key);
        it->second[m.n] = &m;
    }

    Comparison c;
    for (const auto &key : order)
        for (const auto &[n, ma] : inA[key]) {
            const auto it = inB.find({key, n});
            if (it == inB.end())
                continue;
            c.points.push_back(point(*ma, *it->second));
            switch (c.points.back().verdict) {
            case PointComparison::Verdict::Faster:
                ++c.faster;
                break;
            case PointComparison::Verdict::Slower:
                ++c.slower;
                break;
            case PointComparison::Verdict::Same:
                ++c.same;
                break;
            }
        }
    return c;
}

std::string Compare::verdictName(PointComparison::Verdict v)
{
    switch (v) {
    case PointComparison::Verdict::Faster:
        return "faster";
    case PointComparison::Verdict::Slower:
        return "slower";
    case PointComparison::Verdict::Same:
        break;
    }
    return "same within noise";
}

RunSummary Compare::summarize(const ResultSet &r)
{
    RunSummary s;
    for (const auto &w : r.workloads())
        s.crossovers.push_back({w, Analysis::reports(r, w)});
    for (const auto &[k, v] : r.machine.ceilings)
        s.ceilings.emplace_back(k, v);
    for (const auto &m : r.rows)
        if (!m.ok())
            ++s.failedPoints;
    for (const auto &series : Analysis::series(r)) {
        if (series.points.empty())
            continue;
        RunSummary::SeriesLine line;
        line.workload = series.workload;
        line.label = series.label;
        const Workload *w = Workload::find(series.workload);
        line.computeBound = w && w->computeBound();
        line.points = int(series.points.size());
        line.nMin = series.points.front().n;
        line.nMax = series.points.back().n;
        for (const auto &p : series.points) {
            const double rate = p.work / p.t;
            if (rate > line.peakRate) {
                line.peakRate = rate;
                line.peakN = p.n;
                line.peakTime = p.t;
            }
        }
        s.series.push_back(line);
    }
    return s;
}

} // namespace speeduplab
