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

std::string Refine::why(RefineEnd ended, double precision, int budget, int times)
{
    switch (ended) {
    case RefineEnd::Within:
        return "within \u00b1" + percent(precision) + " %";
    case RefineEnd::Tangled:
        return "the curves cross " +
               (times > 1 ? std::to_string(times) + " times" : std::string("several times")) +
               " there, within their noise (more repetitions would tell them apart: --min-time)";
    case RefineEnd::Noise:
        return "more points do not narrow it: the noise of the points sets its width (more repetitions "
               "would: --min-time)";
    case RefineEnd::Adjacent:
        return "the sizes around it are whole numbers next to each other";
    case RefineEnd::Gone:
        return "the new points leave the curves within each other's noise there";
    case RefineEnd::Budget:
        return "the budget of " + std::to_string(budget) + " points is spent";
    case RefineEnd::Stopped:
        return "stopped";
    case RefineEnd::NotRefined:
        break;
    }
    return "not refined";
}

namespace {
// "<pair>: n ≈ 512 (497–530), within ±5 % (3 more points)".
std::string line(const std::string &pair, const Crossing &c, RefineEnd ended, double precision, int budget,
                 int points)
{
    std::string s = pair + ": ";
    s += c.n > 0 ? c.text() : "no crossover resolved";
    s += ", " + Refine::why(ended, precision, budget, c.times);
    s += points == 1 ? " (1 more point)" : " (" + std::to_string(points) + " more points)";
    return s;
}
} // namespace

std::string Refine::Outcome::summary(const SweepPlan &plan) const
{
    return line(pair, crossing, ended, plan.refine, plan.refineBudget, points);
}

std::string Refine::Kept::summary() const
{
    return line(pair.name, crossing, record.ended, precision, budget, record.points);
}

void Refine::keep(const SweepPlan &plan, const std::vector<Outcome> &outcomes, SweepConditions &into)
{
    into.refine = plan.refine;
    into.refineBudget = plan.refineBudget;
    into.refined.clear();
    for (const Outcome &x : outcomes)
        into.refined.push_back({x.pair, x.first, x.second, int(x.index), x.points, x.ended});
}

std::vector<Refine::Kept> Refine::kept(const ResultSet &r, const std::string &workload)
{
    std::vector<Kept> out;
    // Run by run: each keeps its own records, and its curves cross only each other.
    std::vector<std::string> runs;
    for (const Measurement &m : r.rows)
        if (std::find(runs.begin(), runs.end(), m.run) == runs.end())
            runs.push_back(m.run);
    for (const std::string &run : runs) {
        const SweepConditions &sweep = r.machineOf(run).sweep;
        if (!(sweep.refine > 0) || sweep.refined.empty())
            continue;
        // The run's rows as they were refined: without the run's label, their series keys are
        // the ones the records name.
        ResultSet one;
        one.machine = r.machineOf(run);
        for (const Measurement &m : r.rows)
            if (m.run == run) {
                one.rows.push_back(m);
                one.rows.back().run.clear();
            }
        const std::vector<Analysis::CrossingPair> pairs = Analysis::crossingPairs(one, workload);
        for (const SweepConditions::Refined &x : sweep.refined) {
            const auto p = std::find_if(pairs.begin(), pairs.end(), [&x](const Analysis::CrossingPair &c) {
                return c.first.key == x.first && c.second.key == x.second;
            });
            if (p == pairs.end())
                continue; // a pair of another workload, or curves the file no longer has
            const std::vector<Crossing> xs = Analysis::crossings(p->first, p->second);
            Kept k{*p,
                   std::size_t(x.index) < xs.size() ? xs[std::size_t(x.index)] : Crossing{},
                   x,
                   sweep.refine,
                   sweep.refineBudget,
                   run};
            out.push_back(std::move(k));
        }
    }
    return out;
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
    bool budgetSpent = false;
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
                t.outcome.first = p.first.key;
                t.outcome.second = p.second.key;
                t.outcome.index = i;
                t.outcome.crossing = xs[i];
                if (t.done)
                    continue;
                if (within(xs[i], plan.refine)) {
                    t.outcome.resolved = t.done = true;
                    t.outcome.ended = RefineEnd::Within;
                    continue;
                }
                if (!xs[i].resolved()) {
                    t.done = true;
                    t.outcome.ended = RefineEnd::Tangled;
                    continue;
                }
                const double width = widthOf(xs[i]);
                if (t.outcome.points > 0 && !(width < t.lastWidth * 0.98) && ++t.flat >= 2) {
                    t.done = true;
                    t.outcome.ended = RefineEnd::Noise;
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
                    t.outcome.ended = RefineEnd::Noise;
                    continue;
                }
                const int m = bisect(sizes, xs[i].n);
                if (m == 0) {
                    t.done = true;
                    t.outcome.ended = RefineEnd::Adjacent;
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
                t.outcome.ended = RefineEnd::Gone;
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
                budgetSpent = true;
                break;
            }
            std::vector<Measurement> rows = measure(mini);
            spent += int(rows.size());
            tracks[key].outcome.points += int(rows.size());
            measuredAny = measuredAny || !rows.empty();
            result.rows.insert(result.rows.end(), std::make_move_iterator(rows.begin()),
                               std::make_move_iterator(rows.end()));
        }
        if (stop.load() || budgetSpent || !measuredAny)
            break;
    }
    for (auto &[key, t] : tracks) {
        if (!t.done)
            t.outcome.ended = stop.load()   ? RefineEnd::Stopped
                              : budgetSpent ? RefineEnd::Budget
                                            : RefineEnd::NotRefined;
        out.push_back(t.outcome);
    }
    return out;
}

} // namespace speeduplab
