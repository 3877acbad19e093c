// SPDX-License-Identifier: MIT
// Refine: new sizes around each crossover until its interval is as narrow as asked.
#include "core/analysis/refine.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace speeduplab {

namespace {

std::string percent(double f)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", f * 100);
    return buf;
}

// The sizes both curves of a pair measured, sorted.
std::vector<int> commonSizes(const Analysis::CrossingPair &p)
{
    std::set<int> a, both;
    for (const SeriesPoint &s : p.first.points)
        a.insert(s.n);
    for (const SeriesPoint &s : p.second.points)
        if (a.count(s.n))
            both.insert(s.n);
    return {both.begin(), both.end()};
}

// The thread counts of `cpus` fastest at n0 or n1: those the best CPU is made of around a crossing.
std::set<int> fastestAround(const std::vector<Series> &cpus, int n0, int n1)
{
    std::set<int> out;
    for (const int n : {n0, n1}) {
        const Series *best = nullptr;
        double t = 0;
        for (const Series &c : cpus)
            for (const SeriesPoint &p : c.points)
                if (p.n == n && (!best || p.t < t)) {
                    best = &c;
                    t = p.t;
                }
        if (best)
            out.insert(best->threads);
    }
    return out;
}

} // namespace

int Refine::bisect(const std::vector<int> &sizes, double n)
{
    const auto above = std::upper_bound(sizes.begin(), sizes.end(), n);
    if (above == sizes.begin() || above == sizes.end())
        return 0;
    const int lo = *(above - 1), hi = *above;
    const int mid = int(std::lround(std::sqrt(double(lo) * double(hi))));
    return mid > lo && mid < hi ? mid : 0;
}

bool Refine::within(const Crossing &x, double precision)
{
    return x.resolved() && x.hasInterval() && !x.openLow && !x.openHigh && x.lo >= x.n * (1 - precision) &&
           x.hi <= x.n * (1 + precision);
}

std::string Refine::Outcome::summary() const
{
    std::string s = pair + ": ";
    s += crossing.n > 0 ? crossing.text() : "no crossover resolved";
    s += ", " + why;
    s += points == 1 ? " (1 more point)" : " (" + std::to_string(points) + " more points)";
    return s;
}

std::vector<Refine::Outcome> Refine::run(const SweepPlan &plan, ResultSet &result, const Measure &measure,
                                         const std::atomic<bool> &stop)
{
    std::vector<Outcome> out;
    if (!(plan.refine > 0))
        return out;
    // Each crossing is followed by its pair and its place among the pair's crossings.
    struct Track {
        Outcome outcome;
        double lastWidth = 0;
        int flat = 0; ///< points in a row that left the interval no narrower
        bool done = false;
    };
    std::map<std::pair<std::string, std::size_t>, Track> tracks;
    const auto widthOf = [](const Crossing &x) { return x.hasInterval() ? std::log(x.hi / x.lo) : HUGE_VAL; };
    int spent = 0;
    bool first = true;
    std::string budgetNote;
    for (;;) {
        // The crossings as the points now place them.
        const std::vector<Analysis::CrossingPair> pairs = Analysis::crossingPairs(result, plan.workload);
        std::vector<Series> cpus;
        for (Series &s : Analysis::series(result, plan.workload))
            if (s.cpu())
                cpus.push_back(std::move(s));
        std::vector<std::pair<std::pair<std::string, std::size_t>, SweepPlan>> round;
        std::set<std::pair<std::string, std::size_t>> seen;
        for (const Analysis::CrossingPair &p : pairs) {
            const std::vector<Crossing> xs = Analysis::crossings(p.first, p.second);
            for (std::size_t i = 0; i < xs.size(); ++i) {
                const auto key = std::make_pair(p.name, i);
                if (!first && !tracks.count(key))
                    continue; // a crossing noise made after the coarse pass: not refined
                seen.insert(key);
                Track &t = tracks[key];
                t.outcome.pair = p.name;
                t.outcome.crossing = xs[i];
                if (t.done)
                    continue;
                if (within(xs[i], plan.refine)) {
                    t.outcome.resolved = t.done = true;
                    t.outcome.why = "within \u00b1" + percent(plan.refine) + " %";
                    continue;
                }
                if (!xs[i].resolved()) {
                    t.done = true;
                    t.outcome.why = "the curves cross " + std::to_string(xs[i].times) +
                                    " times there, within their noise (more repetitions would tell them "
                                    "apart: --min-time)";
                    continue;
                }
                const double width = widthOf(xs[i]);
                if (t.outcome.points > 0 && !(width < t.lastWidth * 0.98) && ++t.flat >= 2) {
                    t.done = true;
                    t.outcome.why =
                        "more points do not narrow it: the noise of the points sets its width (more "
                        "repetitions would: --min-time)";
                    continue;
                }
                if (width < t.lastWidth * 0.98)
                    t.flat = 0;
                t.lastWidth = width;
                const std::vector<int> sizes = commonSizes(p);
                // An interval three times as wide as the sizes around it is the points' noise, not
                // the gap between them: another size there would not narrow it, more repetitions would.
                if (const auto above = std::upper_bound(sizes.begin(), sizes.end(), xs[i].n);
                    xs[i].hasInterval() && above != sizes.begin() && above != sizes.end() &&
                    width > 3 * std::log(double(*above) / double(*(above - 1)))) {
                    t.done = true;
                    t.outcome.why =
                        "more sizes would not narrow it: the noise of the points sets its width (more "
                        "repetitions would: --min-time)";
                    continue;
                }
                const int m = bisect(sizes, xs[i].n);
                if (m == 0) {
                    t.done = true;
                    t.outcome.why = "the sizes around it are whole numbers next to each other";
                    continue;
                }
                SweepPlan mini = plan;
                mini.sizes = {m};
                mini.rounds = 1;
                mini.refine = 0;
                mini.budget = 0;
                if (p.threadPair) {
                    mini.gpu = false;
                    mini.threads = {p.first.threads, p.second.threads};
                } else {
                    const auto below = std::upper_bound(sizes.begin(), sizes.end(), xs[i].n);
                    const std::set<int> fastest = fastestAround(cpus, *(below - 1), *below);
                    mini.threads.assign(fastest.begin(), fastest.end());
                    mini.modes = {p.second.mode};
                }
                round.emplace_back(key, mini);
            }
        }
        // A crossing the new points took away: noise, not a crossover.
        for (auto &[key, t] : tracks)
            if (!seen.count(key) && !t.done) {
                t.done = true;
                t.outcome.crossing = Crossing{};
                t.outcome.why = "the new points leave the curves within each other's noise there";
            }
        first = false;
        if (round.empty())
            break;
        bool measuredAny = false;
        for (auto &[key, mini] : round) {
            if (stop.load())
                break;
            const int cost = int(mini.points().size());
            if (spent + cost > plan.refineBudget) {
                budgetNote = "the budget of " + std::to_string(plan.refineBudget) + " points is spent";
                break;
            }
            std::vector<Measurement> rows = measure(mini);
            spent += int(rows.size());
            tracks[key].outcome.points += int(rows.size());
            measuredAny = measuredAny || !rows.empty();
            result.rows.insert(result.rows.end(), std::make_move_iterator(rows.begin()),
                               std::make_move_iterator(rows.end()));
        }
        if (stop.load() || !budgetNote.empty() || !measuredAny)
            break;
    }
    for (auto &[key, t] : tracks) {
        if (!t.done)
            t.outcome.why = stop.load() ? "stopped" : budgetNote.empty() ? "not refined" : budgetNote;
        out.push_back(t.outcome);
    }
    return out;
}

} // namespace speeduplab
