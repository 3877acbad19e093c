// SPDX-License-Identifier: MIT
#include "core/explain.h"

#include "core/calibration.h"
#include "core/workload.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace speeduplab {

namespace {

// The measurement behind a curve's point at n (the last one, when a size was rerun).
const Measurement *rowOf(const ResultSet &r, const std::string &key, int n)
{
    const Measurement *found = nullptr;
    for (const Measurement &m : r.rows)
        if (m.ok() && m.n == n && m.seriesKey() == key)
            found = &m;
    return found;
}

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

// RMS of ln(measured / model) over (p, time) pairs.
template <class Model> double logError(const std::vector<std::pair<int, double>> &times, Model model)
{
    double sum = 0;
    int count = 0;
    for (const auto &[p, t] : times) {
        const double m = model(p);
        if (t > 0 && m > 0) {
            const double e = std::log(t / m);
            sum += e * e;
            ++count;
        }
    }
    return count > 0 ? std::sqrt(sum / count) : 0;
}

} // namespace

CostModel CostModel::from(const LinearFit &fit)
{
    CostModel m;
    if (!fit.valid)
        return m;
    m.valid = true;
    m.fixed = fit.a;
    m.rate = fit.b > 0 ? 1.0 / fit.b : 0;
    return m;
}

LinearFit CostModel::fit() const
{
    LinearFit f;
    f.valid = valid;
    f.a = fixed;
    f.b = rate > 0 ? 1.0 / rate : 0;
    return f;
}

CurveStory Explain::curve(const ResultSet &r, const Series &s)
{
    CurveStory c;
    c.key = s.key;
    c.label = s.label;
    c.gpu = s.gpu;
    c.threads = s.threads;
    c.mode = s.mode;
    c.model = model(s);
    if (s.points.empty())
        return c;
    using Fixed = CurveStory::Fixed;
    c.fixed = !s.gpu                     ? (s.threads > 1 ? Fixed::ForkJoin : Fixed::Call)
              : s.workload == "transfer" ? Fixed::TransferSetup
              : s.mode == "graph"        ? Fixed::GraphLaunch
              : s.mode == "fused"        ? Fixed::FusedLaunch
                                         : Fixed::KernelLaunch;
    c.nMin = s.points.front().n;
    c.nMax = s.points.back().n;
    const SeriesPoint &last = s.points.back();
    const Workload *w = Workload::find(s.workload);
    c.flops = w && w->computeBound();
    c.rate = c.model.rate;
    if (const Measurement *m = rowOf(r, s.key, last.n)) {
        const Calibration::Level level = Calibration::levelFor(*m, r.machine);
        c.level = level.name;
        c.ceiling = level.value;
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
    c.kneeN = nAtWork(s, c.model.kneeWork());
    c.regime = c.kneeN > c.nMax   ? Regime::FixedThroughout
               : c.kneeN < c.nMin ? Regime::WorkThroughout
                                  : Regime::Knee;
    return c;
}

ModelCrossover Explain::cross(const std::vector<CostModel> &cpus, const CostModel &gpu,
                              const std::string &workload)
{
    ModelCrossover out;
    const Workload *w = Workload::find(workload);
    if (!w || !gpu.valid)
        return out;
    // The fastest CPU model at n (its index), and the sign of the CPU's lead there.
    auto fastest = [&](double n, double &t) {
        int best = -1;
        for (std::size_t i = 0; i < cpus.size(); ++i)
            if (cpus[i].valid) {
                const double ti = cpus[i].time(w->work(1, 1) * std::pow(n, w->computeBound() ? 3 : 2));
                if (best < 0 || ti < t) {
                    best = int(i);
                    t = ti;
                }
            }
        return best;
    };
    auto gpuWins = [&](double n, int *index = nullptr) {
        double t = 0;
        const int i = fastest(n, t);
        if (index)
            *index = i;
        return i >= 0 && gpu.time(w->work(1, 1) * std::pow(n, w->computeBound() ? 3 : 2)) < t;
    };
    // 100 steps a decade from 1 to 10^6, then bisection in log n at the first change.
    constexpr int steps = 600;
    bool before = gpuWins(1, &out.cpuIndex);
    if (out.cpuIndex < 0)
        return out;
    const bool atStart = before;
    for (int i = 1; i <= steps; ++i) {
        const double lo = std::pow(10.0, 6.0 * (i - 1) / steps), hi = std::pow(10.0, 6.0 * i / steps);
        const bool now = gpuWins(hi);
        if (now && !before) {
            double a = std::log(lo), b = std::log(hi);
            for (int k = 0; k < 40; ++k)
                (gpuWins(std::exp((a + b) / 2)) ? b : a) = (a + b) / 2;
            out.n = std::exp(b);
            gpuWins(out.n, &out.cpuIndex);
            return out;
        }
        before = now;
    }
    out.gpuEverywhere = atStart && before;
    return out;
}

std::vector<CrossoverStory> Explain::crossovers(const std::vector<Series> &run)
{
    std::vector<CrossoverStory> out;
    const Series best = Analysis::bestCpu(run);
    if (best.points.empty())
        return out;
    std::vector<CostModel> cpus;
    std::vector<int> threads;
    for (const Series &s : run)
        if (!s.gpu) {
            cpus.push_back(model(s));
            threads.push_back(s.threads);
        }
    for (const Series &g : run) {
        if (!g.gpu)
            continue;
        CrossoverStory st;
        st.gpuKey = g.key;
        st.gpuLabel = g.label;
        st.gpuMode = g.mode;
        st.gpu = model(g);
        st.model = cross(cpus, st.gpu, g.workload);
        if (st.model.cpuIndex >= 0) {
            st.cpu = cpus[std::size_t(st.model.cpuIndex)];
            st.cpuThreads = threads[std::size_t(st.model.cpuIndex)];
        }
        for (const Crossing &x : Analysis::crossings(best, g))
            if (x.gpuBecomesFaster) {
                st.measuredN = x.n;
                break;
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
        return p > 1 ? t1 / (t1 / p + forkJoin) : 1.0;
    case Kind::Amdahl:
        break;
    }
    return amdahl.valid ? t1 / (amdahl.t1 * (amdahl.serialFraction + (1 - amdahl.serialFraction) / p)) : 0;
}

ThreadStory Explain::threads(const ResultSet &r, const std::vector<Series> &cpu, int n)
{
    ThreadStory st;
    st.n = n;
    const auto times = Analysis::threadTimes(cpu, n);
    st.amdahl = Analysis::fitAmdahl(times);
    if (!st.amdahl.valid)
        return st;
    for (const auto &[p, t] : times)
        if (p == 1)
            st.t1 = t;
    if (!(st.t1 > 0))
        st.t1 = st.amdahl.t1;
    st.valid = true;
    for (const auto &[p, t] : times) {
        st.maxThreads = std::max(st.maxThreads, p);
        if (st.t1 / t > st.bestSpeedup) {
            st.bestSpeedup = st.t1 / t;
            st.bestThreads = p;
        }
    }
    st.errAmdahl = logError(times, [&st](int p) {
        return st.amdahl.t1 * (st.amdahl.serialFraction + (1 - st.amdahl.serialFraction) / p);
    });

    // More threads slower than one: the fork/join cost is larger than the work it shares.
    double forkJoin = 0;
    int over = 0;
    for (const auto &[p, t] : times)
        if (p > 1) {
            forkJoin += std::max(0.0, t - st.t1 / p);
            ++over;
            if (t > st.t1 && t > st.slowTime) {
                st.slowThreads = p;
                st.slowTime = t;
            }
        }
    st.forkJoin = over > 0 ? forkJoin / over : 0;
    if (st.slowThreads > 0) {
        st.kind = ThreadStory::Kind::Overhead;
        st.parallelRegion = Calibration::value(r.machine, Calibration::cpuParallelRegion, st.slowThreads);
        return st;
    }

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
    if (const Measurement *m = rowOf(r, widest->key, n)) {
        const Calibration::Level level = Calibration::levelFor(*m, r.machine);
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
    if (st.errBandwidth < st.errAmdahl)
        st.kind = ThreadStory::Kind::Bandwidth;
    return st;
}

CostModel WhatIf::cpu() const
{
    CostModel m;
    if (cpuFixed.empty() || !(cpuOneThreadRate > 0))
        return m;
    // The fixed cost of the measured thread count nearest p (below it on a tie).
    auto nearest = cpuFixed.begin();
    for (auto it = cpuFixed.begin(); it != cpuFixed.end(); ++it)
        if (std::abs(it->first - threads) < std::abs(nearest->first - threads))
            nearest = it;
    m.valid = true;
    m.fixed = nearest->second;
    const double k = cpuBandwidthMeasured > 0 && cpuBandwidth > 0 ? cpuBandwidth / cpuBandwidthMeasured : 1;
    const double scaled = cpuOneThreadRate * k * std::max(1, threads);
    m.rate = cpuBandwidth > 0 ? std::min(scaled, cpuBandwidth) : scaled;
    return m;
}

ModelCrossover WhatIf::crossover() const
{
    return Explain::cross({cpu()}, gpu, workload);
}

WhatIf Explain::whatIf(const std::vector<Series> &run, const std::string &gpuKey)
{
    WhatIf w;
    const Series *gpu = nullptr;
    for (const Series &s : run)
        if (s.gpu && (s.key == gpuKey || (!gpu && s.mode == "launch")))
            gpu = &s;
    if (!gpu) // no launch-mode curve: the first GPU curve
        for (const Series &s : run)
            if (s.gpu && !gpu)
                gpu = &s;
    if (gpu) {
        w.gpu = model(*gpu);
        w.workload = gpu->workload;
    }
    // Each CPU thread count's fit; the one-thread rate from one thread, else the best per thread.
    double bestRate = 0, perThread = 0, oneThread = 0;
    int bestThreads = 1;
    for (const Series &s : run) {
        if (s.gpu || s.threads <= 0)
            continue;
        const CostModel m = model(s);
        if (!m.valid || !(m.rate > 0))
            continue;
        w.cpuFixed[s.threads] = m.fixed;
        if (s.threads == 1)
            oneThread = m.rate;
        perThread = std::max(perThread, m.rate / s.threads);
        if (m.rate > bestRate) {
            bestRate = m.rate;
            bestThreads = s.threads;
        }
        if (w.workload.empty())
            w.workload = s.workload;
    }
    w.cpuOneThreadRate = oneThread > 0 ? oneThread : perThread;
    w.cpuBandwidth = w.cpuBandwidthMeasured = bestRate;
    w.threads = bestThreads;
    // The thread count the GPU overtakes: the one the class is watching at the crossover.
    std::vector<CostModel> cpus;
    for (const auto &[p, fixed] : w.cpuFixed) {
        WhatIf at = w;
        at.threads = p;
        cpus.push_back(at.cpu());
    }
    const ModelCrossover x = cross(cpus, w.gpu, w.workload);
    if (x.n > 0 && x.cpuIndex >= 0)
        w.threads = std::next(w.cpuFixed.begin(), x.cpuIndex)->first;
    return w;
}

} // namespace speeduplab
