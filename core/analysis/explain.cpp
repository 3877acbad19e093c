// SPDX-License-Identifier: MIT
// The stories the cost models tell (no words: the narrator words them): each curve, where the GPU
// overtakes the best CPU and how the modes move it, the threads. The models themselves are fitted
// in costmodel.cpp, and moved by the what-if sliders in whatif.cpp.
#include "core/analysis/explain.h"

#include "core/analysis/curverows.h"
#include "core/machine/gpuspecs.h"
#include "core/measure/calibration.h"
#include "core/model/workload.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <iterator>
#include <map>
#include <memory>

namespace speeduplab {

using namespace curverows;

namespace {

// The size at which a curve's work per operation reaches `work`, from its own points: work
// grows as a power of n, and the curve's first and last points give that power.
double nAtWork(const Series &s, double work)
{
    const SeriesPoint &a = s.points.front(), &b = s.points.back();
    if (!(work > 0) || !(a.work > 0) || !(b.work > 0))
        return 0;
    if (a.n == b.n || a.work == b.work)
        return work <= a.work ? a.n : 0;
    const double power = std::log(b.work / a.work) / std::log(double(b.n) / a.n);
    return a.n * std::pow(work / a.work, 1.0 / power);
}

} // namespace

QuotedRate Explain::quote(double rate, const CostModel::Tier &level, const std::string &workload)
{
    const Workload *w = Workload::find(workload);
    QuotedRate q{rate, w && w->computeBound(), level.level};
    if (w && !q.flops && level.flops) {
        // Bytes per second of a kernel held against arithmetic: its FLOPs per second.
        const double bytes = w->bytes(1024, 1), flops = w->flops(1024, 1);
        if (bytes > 0 && flops > 0) {
            q.value = rate * flops / bytes;
            q.flops = true;
        }
    }
    return q;
}

CurveStory Explain::curve(const ResultSet &r, const Series &s)
{
    CurveStory c;
    c.id = s.id();
    c.label = s.label;
    c.model = model(r, s);
    c.points = int(std::count_if(s.points.begin(), s.points.end(),
                                 [](const SeriesPoint &p) { return p.t > 0 && p.work > 0; }));
    if (s.points.empty())
        return c;
    using Fixed = CurveStory::Fixed;
    c.fixed = s.cpu()                        ? (s.threads > 1 ? Fixed::ForkJoin : Fixed::Call)
              : Workload::isCopy(s.workload) ? Fixed::TransferSetup
              : s.mode == "graph"            ? Fixed::GraphLaunch
              : s.mode == "fused"            ? Fixed::FusedLaunch
                                             : Fixed::KernelLaunch;
    c.nMin = s.points.front().n;
    c.nMax = s.points.back().n;
    const SeriesPoint &last = s.points.back();
    const Workload *w = Workload::find(s.workload);
    c.flops = w && w->computeBound();
    c.rate = c.model.rate;
    const MachineInfo &machine = r.machineOf(s.run); // its run's, in a view of several
    if (const Measurement *m = rowOf(r, s, last.n)) {
        const Calibration::Level level = Calibration::levelFor(*m, machine, false);
        c.level = !c.model.tiers.empty() ? c.model.tiers.back().level : level.name;
        if (const DeviceDescription *d = machine.deviceOf(m->backend, m->device)) {
            c.device = d->type == "CPU" ? SeriesWords::current().onTheCpu(d->isPocl()) : d->name;
            c.sharesHostMemory = d->isIntegratedGpu();
            c.onTheCpu = d->type == "CPU";
        }
        if (const MachineInfo::Gpu *g = s.gpu() ? deviceOf(*m, machine) : nullptr) {
            c.theoretical = g->bandwidthGBs * 1e9;
            c.device = g->name;
            c.l2Bytes = GpuSpecs::l2Bytes(*g);
        }
        // The ceiling of the level the largest sizes' tier is in: the largest point's, unless the
        // model says its rate is another level's (an HBM point fitted above the spec sheet).
        c.ceiling = c.level == level.name ? level.value
                    : c.level == "GPU L2" ? Calibration::value(machine, Calibration::gpuL2)
                                          : 0;
        if (c.level == level.name && w && m->isCpu())
            for (const char *token : {"l1", "l2", "l3", "dram"})
                if (w->traffic != Workload::Traffic::TwoReadsOne &&
                    level.key == Calibration::cpuLevelKey(token, w->traffic))
                    c.ceilingMix = w->traffic;
        if (level.flops && !c.flops && last.bytes > 0 && last.flops > 0) {
            // A curve held against a compute roof (a fused kernel keeps its data in registers):
            // its rate in FLOP/s, converted with the workload's FLOPs per byte.
            c.rate *= last.flops / last.bytes;
            c.flops = true;
        }
    }
    using Regime = CurveStory::Regime;
    if (!(c.model.rate > 0)) {
        c.regime = Regime::Flat;
        return c;
    }
    const double knee = c.model.kneeWork();
    c.kneeN = nAtWork(s, knee);
    c.regime = c.kneeN > c.nMax   ? Regime::FixedThroughout
               : c.kneeN < c.nMin ? Regime::WorkThroughout
                                  : Regime::Knee;
    // The spans, in the curve's unit (a fused curve's bytes became FLOPs above).
    const double unit = c.rate / c.model.rate;
    if (c.model.tiers.empty())
        c.spans = {{c.level, c.rate, 0, true}};
    for (const CostModel::Tier &t : c.model.tiers)
        c.spans.push_back({t.level, t.rate * unit, t.fromWork > 0 ? nAtWork(s, t.fromWork) : 0, t.fitted});
    if (c.flops && !(w && w->computeBound()) && !c.spans.empty()) // arithmetic: no memory level
        c.spans = {{c.level, c.rate, 0, true}};
    c.kneeSpan = 0;
    if (const CostModel::Tier *t = c.model.tierAt(knee); t && c.spans.size() == c.model.tiers.size())
        c.kneeSpan = int(t - c.model.tiers.data());
    return c;
}

namespace {

// The fastest of some CPU models at each size of a grid, 100 steps a decade from n = 1 to 10^6,
// computed once and shared by every GPU model held against them.
class Envelope {
public:
    static constexpr int steps = 600;
    Envelope(const std::vector<CostModel> &cpus, const Workload &w) : m_cpus(cpus), m_w(w)
    {
        for (int i = 0; i <= steps; ++i) {
            m_work.push_back(w.workAt(gridN(i), 1));
            double t = 0;
            const int k = fastest(m_work.back(), t);
            m_index.push_back(k);
            m_time.push_back(t);
        }
    }
    static double gridN(int i) { return std::pow(10.0, 6.0 * i / steps); }
    // The fastest model at this work per operation (its index, -1 if none) and its time.
    int fastest(double work, double &t) const
    {
        int best = -1;
        for (std::size_t i = 0; i < m_cpus.size(); ++i)
            if (m_cpus[i].valid) {
                const double ti = m_cpus[i].time(work);
                if (best < 0 || ti < t) {
                    best = int(i);
                    t = ti;
                }
            }
        return best;
    }
    // Where gpu first becomes faster than the envelope: a grid step, then bisection in log n.
    // The bisection holds the GPU against the models fastest at the step's ends and next to them, not
    // against all of them at each of its 40 halvings: 4,000 CPU curves against 4,000 GPU curves
    // were 640 million model times (a chart of 8,000 variants took half a minute). The step is
    // found on the whole envelope, so the crossover stays within it (2.3 % of n).
    ModelCrossover cross(const CostModel &gpu) const
    {
        ModelCrossover out;
        auto winsAt = [&](int i) {
            return m_index[std::size_t(i)] >= 0 && gpu.time(m_work[std::size_t(i)]) < m_time[std::size_t(i)];
        };
        std::vector<int> candidates;
        auto wins = [&](double n, int *index = nullptr) {
            const double work = m_w.workAt(n, 1);
            double t = 0;
            int k = -1;
            for (const int c : candidates)
                if (const double tc = m_cpus[std::size_t(c)].time(work); k < 0 || tc < t) {
                    k = c;
                    t = tc;
                }
            if (index)
                *index = k;
            return k >= 0 && gpu.time(work) < t;
        };
        out.cpuIndex = m_index.front();
        if (!gpu.valid || out.cpuIndex < 0)
            return out;
        bool before = winsAt(0);
        const bool atStart = before;
        for (int i = 1; i <= steps; ++i) {
            const bool now = winsAt(i);
            if (now && !before) {
                double lo = std::log(gridN(i - 1)), hi = std::log(gridN(i));
                for (int k = std::max(0, i - 2); k <= std::min(steps, i + 1); ++k)
                    if (const int c = m_index[std::size_t(k)];
                        c >= 0 && std::find(candidates.begin(), candidates.end(), c) == candidates.end())
                        candidates.push_back(c);
                for (int k = 0; k < 40; ++k)
                    (wins(std::exp((lo + hi) / 2)) ? hi : lo) = (lo + hi) / 2;
                out.n = std::exp(hi);
                wins(out.n, &out.cpuIndex);
                // The sizes both models stand on: beyond them the crossover is an extrapolation.
                if (out.cpuIndex < 0)
                    return out;
                if (const CostModel &cpu = m_cpus[std::size_t(out.cpuIndex)]; gpu.nHi > 0 && cpu.nHi > 0) {
                    out.fittedLo = std::max(gpu.nLo, cpu.nLo);
                    out.fittedHi = std::min(gpu.nHi, cpu.nHi);
                }
                return out;
            }
            before = now;
        }
        out.gpuEverywhere = atStart && before;
        return out;
    }

private:
    const std::vector<CostModel> &m_cpus;
    const Workload &m_w;
    std::vector<double> m_work; ///< at each size of the grid
    std::vector<int> m_index;
    std::vector<double> m_time;
};

} // namespace

ModelCrossover Explain::cross(const std::vector<CostModel> &cpus, const CostModel &gpu,
                              const std::string &workload)
{
    const Workload *w = Workload::find(workload);
    if (!w || !gpu.valid)
        return {};
    return Envelope(cpus, *w).cross(gpu);
}

Analysis::Predictor Explain::predictor(const ResultSet &r)
{
    auto models = std::make_shared<std::map<std::pair<std::string, std::string>, CostModel>>();
    auto modelOf = [&r, models](const Series &s) -> const CostModel & {
        const auto [at, added] = models->try_emplace({s.run, s.key});
        if (added)
            at->second = model(r, s);
        return at->second;
    };
    // The CPU side's envelope once for each set of CPU curves: every GPU curve is held against the
    // same ones (a report pairs each CPU curve with each GPU curve: 300 x 300 took 22 s, not 2).
    // (An Envelope refers to its models: they live beside it, in the map's node, which never moves.)
    struct Held {
        std::vector<CostModel> models;
        std::unique_ptr<Envelope> envelope;
    };
    auto envelopes = std::make_shared<std::map<std::string, Held>>();
    // The last set asked for, by its curves' addresses: a chart asks with the same curves for each
    // of its GPU curves, and the key of 4,000 CPU curves is 80 KB to build and compare each time.
    struct Last {
        std::string workload;
        std::vector<const Series *> cpus;
        Held *held = nullptr;
    };
    auto last = std::make_shared<Last>();
    return [modelOf, envelopes, last](const std::vector<const Series *> &cpus, const Series &gpu) {
        const Workload *w = Workload::find(gpu.workload);
        if (!w)
            return 0.0;
        if (!last->held || last->cpus != cpus || last->workload != gpu.workload) {
            std::string key = gpu.workload;
            for (const Series *c : cpus) // appended in place: no temporary string per curve
                key.append(1, '\x1f').append(c->run).append(1, '\x1e').append(c->key);
            *last = {gpu.workload, cpus, &(*envelopes)[key]};
        }
        Held &held = *last->held;
        if (!held.envelope) {
            for (const Series *c : cpus)
                held.models.push_back(modelOf(*c));
            held.envelope = std::make_unique<Envelope>(held.models, *w);
        }
        const CostModel &g = modelOf(gpu);
        return g.valid ? held.envelope->cross(g).n : 0.0;
    };
}

std::vector<CrossoverReport> Explain::reports(const ResultSet &r, const std::string &workload)
{
    return Analysis::reports(r, workload, predictor(r));
}

std::vector<CrossoverReport> Explain::acrossRuns(const ResultSet &r, const std::string &workload,
                                                 const std::string &runA, const std::string &runB)
{
    std::vector<CrossoverReport> out;
    const std::vector<Series> all = Analysis::series(r, workload);
    std::vector<Series> cpus;
    std::copy_if(all.begin(), all.end(), std::back_inserter(cpus),
                 [&runA](const Series &s) { return s.cpu() && s.run == runA; });
    if (cpus.empty())
        return out;
    std::vector<const Series *> modelled;
    for (const Series &c : cpus)
        modelled.push_back(&c);
    const Analysis::Predictor predict = predictor(r);
    const Series best = Analysis::bestCpu(cpus);
    for (const Series &g : all)
        if (g.gpu() && !Workload::isQueueTime(g.mode) && g.run == runB)
            out.push_back(Analysis::report(best, g, predict, modelled));
    return out;
}

std::vector<CrossoverStory> Explain::crossovers(const ResultSet &r, const std::vector<Series> &run)
{
    std::vector<CrossoverStory> out;
    const Series best = Analysis::bestCpu(run);
    if (best.points.empty())
        return out;
    std::vector<CostModel> cpus;
    std::vector<int> threads;
    for (const Series &s : run)
        if (s.cpu()) {
            cpus.push_back(model(r, s));
            threads.push_back(s.threads);
        }
    const Workload *w = Workload::find(best.workload);
    if (!w)
        return out;
    const Envelope envelope(cpus, *w); // once: every GPU curve is held against the same CPU models
    for (const Series &g : run) {
        // A queue time is the host's queueing, not the work; OpenCL on the CPU is no GPU.
        if (!g.gpu() || Workload::isQueueTime(g.mode))
            continue;
        CrossoverStory st;
        st.workload = g.workload;
        st.gpuKey = g.key;
        st.gpuLabel = g.label;
        st.gpuMode = g.mode;
        st.gpu = model(r, g);
        st.model = envelope.cross(st.gpu);
        if (st.model.cpuIndex >= 0) {
            st.cpu = cpus[std::size_t(st.model.cpuIndex)];
            st.cpuThreads = threads[std::size_t(st.model.cpuIndex)];
        }
        const CrossoverReport measured = Analysis::report(best, g);
        st.gpuFasterMeasured = measured.gpuFasterEverywhere;
        st.cpuFasterMeasured = measured.cpuFasterEverywhere;
        st.nMin = measured.nMin;
        st.nMax = measured.nMax;
        for (const Crossing &x : measured.crossings)
            if (x.gpuBecomesFaster) {
                st.measuredN = x.n;
                st.measured = x;
                break;
            }
        if (st.model.n > 0) {
            const double work = w->workAt(st.model.n, 1);
            const auto at = [work](const CostModel &m, double &rate, std::string &level, bool &borrowed) {
                rate = m.rateAt(work);
                const CostModel::Tier *t = m.tierAt(work);
                level = t ? t->level : std::string();
                borrowed = t && !t->fitted;
            };
            at(st.gpu, st.gpuRate, st.gpuLevel, st.gpuRateBorrowed);
            if (st.cpu.valid)
                at(st.cpu, st.cpuRate, st.cpuLevel, st.cpuRateBorrowed);
            // A fused kernel keeps its data in registers: its rate is arithmetic, as its curve says.
            const CurveStory c = curve(r, g);
            if (c.flops && !w->computeBound() && c.model.rate > 0) {
                st.gpuRate *= c.rate / c.model.rate;
                st.gpuFlops = true;
                st.gpuLevel = c.level;
            }
        }
        out.push_back(st);
    }
    return out;
}

std::vector<CrossoverShift> Explain::shifts(const std::vector<CrossoverStory> &stories,
                                            const std::vector<Series> &run)
{
    std::vector<CrossoverShift> out;
    auto modeOf = [&run](const std::string &key) -> const Series * {
        const auto it =
            std::find_if(run.begin(), run.end(), [&key](const Series &s) { return s.key == key; });
        return it == run.end() ? nullptr : &*it;
    };
    for (const CrossoverStory &to : stories) {
        if (to.gpuMode == "launch" || !to.gpu.valid || !to.cpu.valid)
            continue;
        // The launch-mode curve of the same kind: the key with this mode's field replaced.
        const std::string field = '|' + to.gpuMode + '|';
        const auto at = to.gpuKey.find(field);
        if (at == std::string::npos || !modeOf(to.gpuKey))
            continue;
        const std::string launchKey =
            to.gpuKey.substr(0, at) + "|launch|" + to.gpuKey.substr(at + field.size());
        const auto from = std::find_if(stories.begin(), stories.end(), [&launchKey](const CrossoverStory &s) {
            return s.gpuKey == launchKey;
        });
        if (from == stories.end() || !from->gpu.valid)
            continue;
        CrossoverShift sh;
        sh.from = *from;
        sh.to = to;
        auto ratio = [](double a, double b) { return a > 0 && b > 0 ? std::fabs(std::log(a / b)) : 0.0; };
        sh.byFixedCost = ratio(to.gpu.fixed, from->gpu.fixed) >= ratio(to.gpu.rate, from->gpu.rate);
        out.push_back(sh);
    }
    return out;
}

double ThreadStory::bandwidthSpeedup(double p) const
{
    return oneThreadRate > 0 && saturation > 0 ? std::min(p, saturation / oneThreadRate) : p;
}

double ThreadStory::speedup(double p) const
{
    switch (kind) {
    case Kind::Bandwidth:
        return bandwidthSpeedup(p);
    case Kind::Overhead:
        return p > 1 ? t1 / (t1 / p + forkJoinAt(p)) : 1.0;
    case Kind::Amdahl:
        break;
    }
    return amdahl.valid ? t1 / (amdahl.t1 * (amdahl.serialFraction + (1 - amdahl.serialFraction) / p)) : 0;
}

namespace {

// ThreadStory's marks: from the rows of the curves, where their placement says efficiency cores
// join and SMT siblings start, and what a thread adds from there at this n.
void placementMarks(const ResultSet &r, const std::vector<Series> &cpu,
                    const std::vector<std::pair<int, double>> &times, ThreadStory &st)
{
    const auto fewest = [](int &at, int threads) { at = at == 0 ? threads : std::min(at, threads); };
    for (const Series &s : cpu)
        for (const SeriesPoint &p : s.points) {
            const Measurement *m = indexedRow(r, s, p);
            if (!m)
                continue; // the rows changed since the series were made
            const PointConditions &c = m->conditions;
            if (c.placement.empty() || c.placement == "none")
                continue;
            if (c.siblingsShared)
                fewest(st.siblingsFrom, s.threads);
            if (c.efficiencyCores > 0)
                fewest(st.efficiencyFrom, s.threads);
        }
    // The speedup per thread before a mark (from 1 thread to the most below it) and from it (to
    // the most before the next mark).
    const auto worth = [&](int from, int until) {
        double t1 = 0, before = 0, after = 0;
        int pb = 0, pa = 0;
        for (const auto &[p, t] : times) {
            if (p == 1)
                t1 = t;
            if (p < from && p > pb)
                pb = p, before = t;
            if (p >= from && p < until && p > pa)
                pa = p, after = t;
        }
        if (!(t1 > 0) || pb <= 1 || pa <= pb || !(before > 0) || !(after > 0))
            return 0.0;
        const double perBefore = (t1 / before - 1) / (pb - 1),
                     perAfter = (t1 / after - t1 / before) / (pa - pb);
        return perBefore > 0 ? std::max(0.0, perAfter / perBefore) : 0.0;
    };
    if (st.efficiencyFrom > 0)
        st.efficiencyWorth =
            worth(st.efficiencyFrom, st.siblingsFrom > st.efficiencyFrom ? st.siblingsFrom : INT_MAX);
    if (st.siblingsFrom > 0)
        st.siblingsWorth = worth(st.siblingsFrom, INT_MAX);
}

} // namespace

ThreadStory Explain::threads(const ResultSet &r, const std::vector<Series> &cpu, int n)
{
    ThreadStory st;
    st.n = n;
    const auto times = Analysis::threadTimes(cpu, n);
    placementMarks(r, cpu, times, st);
    st.amdahl = Analysis::fitAmdahl(times);
    if (!st.amdahl.valid)
        return st;
    for (const auto &[p, t] : times)
        if (p == 1)
            st.t1 = t;
    if (!(st.t1 > 0))
        st.t1 = st.amdahl.t1;
    st.valid = true;
    st.threadCounts = int(times.size());
    for (const Series &s : cpu)
        for (const SeriesPoint &p : s.points)
            if (p.n == n && p.t > 0) {
                st.noisyCounts += p.noisy || p.disturbed;
                st.disturbedCounts += p.disturbed;
            }
    for (const auto &[p, t] : times) {
        st.maxThreads = std::max(st.maxThreads, p);
        if (st.t1 / t > st.bestSpeedup) {
            st.bestSpeedup = st.t1 / t;
            st.bestThreads = p;
        }
    }
    // Where adding threads loses: the fewest from which every count is slower than one thread.
    for (auto it = times.rbegin(); it != times.rend() && it->first > 1 && it->second > st.t1; ++it)
        st.slowerFrom = it->first;
    st.errAmdahl = logError(times, [&st](int p) {
        return st.amdahl.t1 * (st.amdahl.serialFraction + (1 - st.amdahl.serialFraction) / p);
    });

    // More threads slower than one: the fork/join cost is larger than the work it shares. Its
    // model, a + b p (starting and joining more threads costs more), fitted to T(p) - T1/p with
    // relative weights; a constant when the cost does not grow, b p alone when a would be negative.
    double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const auto &[p, t] : times)
        if (p > 1) {
            const double w = 1 / (t * t), y = t - st.t1 / p;
            sw += w, sx += w * p, sy += w * y, sxx += w * p * p, sxy += w * p * y;
            if (t > st.t1 && t > st.slowTime) {
                st.slowThreads = p;
                st.slowTime = t;
            }
        }
    if (sw > 0) {
        const double det = sw * sxx - sx * sx;
        double a = sy / sw, b = 0;
        if (det > 0) {
            b = (sw * sxy - sx * sy) / det;
            a = (sy - b * sx) / sw;
        }
        if (b < 0) {
            b = 0;
            a = sy / sw;
        } else if (a < 0) {
            a = 0;
            b = sxx > 0 ? std::max(0.0, sxy / sxx) : 0;
        }
        st.forkJoin = std::max(0.0, a);
        st.forkJoinPerThread = b;
    }
    // The chosen model's largest miss over the thread counts.
    const auto worstMiss = [&times, &st] {
        double worst = 0;
        for (const auto &[p, t] : times)
            if (const double sp = st.speedup(p); sp > 0 && t > 0)
                worst = std::max(worst, std::fabs(t / (st.t1 / sp) - 1));
        return worst;
    };
    if (st.slowThreads > 0) {
        st.kind = ThreadStory::Kind::Overhead;
        st.parallelRegion = Calibration::value(r.machineOf(cpu.empty() ? std::string() : cpu.front().run),
                                               Calibration::cpuParallelRegion, st.slowThreads);
        st.worst = worstMiss();
        return st;
    }
    st.worst = worstMiss(); // Amdahl, unless the bandwidth bound below fits better

    // Memory-bound workloads: the bandwidth bound, with the ceiling of the level the largest
    // thread count's data live in (DRAM for a large n), else the best bandwidth measured.
    const Series *widest = nullptr;
    for (const Series &s : cpu)
        if (std::any_of(s.points.begin(), s.points.end(), [n](const SeriesPoint &p) { return p.n == n; }) &&
            (!widest || s.threads > widest->threads))
            widest = &s;
    const Workload *w = widest ? Workload::find(widest->workload) : nullptr;
    if (!widest || (w && w->computeBound()))
        return st;
    const auto point = std::find_if(widest->points.begin(), widest->points.end(),
                                    [n](const SeriesPoint &p) { return p.n == n; });
    const double bytes = point->bytes;
    if (!(bytes > 0))
        return st;
    st.oneThreadRate = bytes / st.t1;
    if (const Measurement *m = rowOf(r, *widest, n)) {
        const Calibration::Level level = Calibration::levelFor(*m, r.machineOf(widest->run));
        if (!level.flops && level.value > 0) {
            st.saturation = level.value;
            st.saturationCalibrated = true;
            st.level = level.name;
        }
    }
    if (!st.saturationCalibrated)
        for (const auto &[p, t] : times)
            st.saturation = std::max(st.saturation, bytes / t);
    st.bandwidthFitted = true;
    st.errBandwidth = logError(times, [&st](int p) { return st.t1 / st.bandwidthSpeedup(p); });
    if (st.errBandwidth < st.errAmdahl) {
        st.kind = ThreadStory::Kind::Bandwidth;
        st.worst = worstMiss();
    }
    return st;
}

} // namespace speeduplab
