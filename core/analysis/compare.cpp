// SPDX-License-Identifier: MIT
// Compare: the summary and rank verdict rules, the Mann-Whitney U test, and a run's summary lines.
#include "core/analysis/compare.h"

#include "core/analysis/explain.h"
#include "core/measure/calibration.h"
#include "core/model/workload.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

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

// The repetition times of m, per operation, as its ratio is.
std::vector<double> perOperation(const Measurement &m)
{
    std::vector<double> out = m.stats.samples;
    const double it = std::max(1, m.iterations);
    for (double &v : out)
        v /= it;
    return out;
}

} // namespace

double Compare::mannWhitneyP(const std::vector<double> &a, const std::vector<double> &b)
{
    const std::size_t n1 = a.size(), n2 = b.size(), n = n1 + n2;
    if (n1 == 0 || n2 == 0)
        return 1;
    // Ranks over both sets together, ties sharing their average rank.
    std::vector<std::pair<double, bool>> all; // value, from a
    all.reserve(n);
    for (double v : a)
        all.emplace_back(v, true);
    for (double v : b)
        all.emplace_back(v, false);
    std::sort(all.begin(), all.end(), [](const auto &x, const auto &y) { return x.first < y.first; });
    double rankSumA = 0, tieTerm = 0;
    for (std::size_t i = 0; i < n;) {
        std::size_t j = i;
        while (j < n && all[j].first == all[i].first)
            ++j;
        const double t = double(j - i), rank = 0.5 * double(i + 1 + j); // ranks i+1 .. j
        for (std::size_t k = i; k < j; ++k)
            if (all[k].second)
                rankSumA += rank;
        tieTerm += t * t * t - t;
        i = j;
    }
    const double u = rankSumA - double(n1) * double(n1 + 1) / 2;
    const double mean = double(n1) * double(n2) / 2;
    const double var = double(n1) * double(n2) / 12 * (double(n + 1) - tieTerm / (double(n) * double(n - 1)));
    if (!(var > 0))
        return 1;
    const double z = std::max(0.0, std::abs(u - mean) - 0.5) / std::sqrt(var);
    return std::min(1.0, std::erfc(z / std::sqrt(2.0)));
}

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
    if (a.stats.samples.size() >= minSamples && b.stats.samples.size() >= minSamples) {
        p.rankTest = true;
        p.pValue = mannWhitneyP(perOperation(a), perOperation(b));
        const bool real = p.pValue < alpha && std::abs(d) > std::log1p(minDifference);
        p.verdict = !real   ? PointComparison::Verdict::Same
                    : d < 0 ? PointComparison::Verdict::Faster
                            : PointComparison::Verdict::Slower;
        return p;
    }
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
        s.crossovers.push_back({w, Explain::reports(r, w)});
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
                CostModel::Tier level{"", 0, rate};
                if (p.row < r.rows.size()) {
                    const Calibration::Level l =
                        Calibration::levelFor(r.rows[p.row], r.machineOf(series.run), false);
                    level.level = l.name;
                    level.flops = l.flops;
                }
                line.peak = Explain::quote(rate, level, series.workload);
            }
        }
        s.series.push_back(line);
    }
    return s;
}

} // namespace speeduplab
