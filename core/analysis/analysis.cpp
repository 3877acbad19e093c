// SPDX-License-Identifier: MIT
// The analysis of measured curves: series from rows, the best CPU and who wins where, crossovers,
// speedups, linear and Amdahl fits.
#include "core/analysis/analysis.h"

#include "core/analysis/crossinginterval.h"

#include "core/measure/preemption.h"

#include "core/model/workload.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

namespace speeduplab {

namespace {

std::string formatN(double n)
{
    char buf[32];
    if (n >= 100)
        std::snprintf(buf, sizeof buf, "%.0f", n);
    else
        std::snprintf(buf, sizeof buf, "%.3g", n);
    return buf;
}

// A point's noise: its interquartile range; a point without quartiles (an older file: min and
// max stand in for them, and one slow repetition would make a tie of a 2x gap) is its median alone.
double noiseLow(const SeriesPoint &p)
{
    return p.quartiles && p.tQ1 > 0 && p.tQ1 <= p.t ? p.tQ1 : p.t;
}
double noiseHigh(const SeriesPoint &p)
{
    return p.quartiles && p.tQ3 >= p.t ? p.tQ3 : p.t;
}

// Which side is faster, by the measured values and their noise: +1 the GPU (its whole range
// below the CPU's), -1 the CPU, 0 within each other's noise. The one rule of the verdicts and
// the crossings.
int fasterSide(double cpuLow, double cpuHigh, double gpuLow, double gpuHigh)
{
    return gpuHigh < cpuLow ? 1 : cpuHigh < gpuLow ? -1 : 0;
}

// A series in log-log coordinates, its logarithms taken once: crossings() interpolates both
// series at every n of either, and taking logs per look-up made a 10,000-point chart's live
// update cost a million logs. Points are sorted by n (Analysis::series).
struct LogCurve {
    std::vector<double> ln, lt, se; // se: SeriesPoint::seLog
    explicit LogCurve(const Series &s, double (*time)(const SeriesPoint &) = nullptr)
    {
        ln.reserve(s.points.size());
        lt.reserve(s.points.size());
        se.reserve(s.points.size());
        for (const SeriesPoint &p : s.points) {
            ln.push_back(std::log(double(p.n)));
            lt.push_back(std::log(time ? time(p) : p.t));
            se.push_back(p.seLog);
        }
    }
    // seLog interpolated at log n as at() interpolates log t: a size only the other curve measured
    // is as uncertain as the points around it.
    double seAt(double logN) const
    {
        std::size_t j = 1;
        while (j < ln.size() && ln[j] < logN)
            ++j;
        if (ln.size() < 2 || j >= ln.size())
            return se.empty() ? 0 : se.back();
        const double f =
            ln[j] == ln[j - 1] ? 0 : std::clamp((logN - ln[j - 1]) / (ln[j] - ln[j - 1]), 0.0, 1.0);
        return se[j - 1] * (1 - f) + se[j] * f;
    }
    // Linear interpolation of log t at log n; the caller keeps n inside the series' range. *from
    // is where the last search ended: calls in increasing log n walk the points once in all.
    double at(double logN, std::size_t *from = nullptr) const
    {
        std::size_t j = std::max<std::size_t>(1, from ? *from : 1);
        while (j < ln.size() && ln[j] < logN)
            ++j;
        if (from)
            *from = j;
        if (ln.size() >= 2 && j < ln.size()) {
            const std::size_t i = j - 1;
            if (logN >= ln[i]) {
                if (ln[i + 1] == ln[i])
                    return lt[i];
                const double f = (logN - ln[i]) / (ln[i + 1] - ln[i]);
                return lt[i] * (1 - f) + lt[i + 1] * f;
            }
        }
        return lt.back();
    }
};

} // namespace

Series Analysis::curveOf(const Measurement &m)
{
    Series s;
    s.id() = SeriesId::of(m);
    s.label = m.seriesLabel();
    return s;
}

std::vector<std::vector<Series>> Analysis::byRun(const std::vector<Series> &all)
{
    std::vector<std::vector<Series>> out;
    std::map<std::string, std::size_t> index;
    for (const auto &s : all) {
        const auto [it, added] = index.emplace(s.run, out.size());
        if (added)
            out.emplace_back();
        out[it->second].push_back(s);
    }
    return out;
}

std::vector<Series> Analysis::series(const ResultSet &r, const std::string &workload)
{
    std::vector<Series> out;
    std::map<std::string, size_t> index;
    // A result with several devices of one backend names each device curve's device; an OpenCL
    // curve is named by its device whenever the result describes it ("opencl:0 (OpenCL on the
    // CPU (PoCL)) launch").
    std::set<std::tuple<std::string, std::string, int>> devices; // (run, backend, device)
    for (const auto &m : r.rows)
        if (m.onDevice())
            devices.emplace(m.run, m.backend, m.device);
    // What names a device curve's device: an OpenCL device by its description, a CUDA device by
    // its name where the result has several.
    auto named = [&](const Measurement &m) {
        SeriesName name = m.seriesName();
        if (m.isDescribed()) {
            if (const DeviceDescription *d = r.machine.deviceOf(m.backend, m.device)) {
                name.host = d->type == "CPU"
                                ? (d->isPocl() ? SeriesName::Host::Pocl : SeriesName::Host::OtherCpuPlatform)
                                : SeriesName::Host::Named;
                name.hostName = d->name;
            }
            return name;
        }
        const auto first = devices.lower_bound({m.run, m.backend, INT_MIN});
        const auto last = devices.upper_bound({m.run, m.backend, INT_MAX});
        if (!m.isCuda() || std::distance(first, last) < 2)
            return name;
        name.numbered = true;
        name.host = SeriesName::Host::Unnamed;
        for (const auto &g : r.machine.gpus)
            if (g.index == m.device && !g.name.empty()) {
                name.host = SeriesName::Host::Named;
                name.hostName = g.name;
                break;
            }
        return name;
    };
    for (std::size_t row = 0; row < r.rows.size(); ++row) {
        const Measurement &m = r.rows[row];
        if (!m.ok() || !(m.stats.median > 0) || (!workload.empty() && m.workload != workload))
            continue;
        const std::string key = m.seriesKey();
        auto it = index.find(key);
        if (it == index.end()) {
            it = index.emplace(key, out.size()).first;
            out.push_back(curveOf(m));
            out.back().label = SeriesWords::current().name(named(m));
        }
        const double it_ = std::max(1, m.iterations);
        SeriesPoint p;
        p.n = m.n;
        p.row = row;
        p.t = m.stats.median / it_;
        p.tMin = m.stats.min / it_;
        p.tMax = m.stats.max / it_;
        p.quartiles = m.stats.hasQuartiles();
        p.tQ1 = (p.quartiles ? m.stats.q1 : m.stats.min) / it_;
        p.tQ3 = (p.quartiles ? m.stats.q3 : m.stats.max) / it_;
        p.outliers = m.stats.outliers;
        p.throttled = m.conditions.throttled;
        p.disturbed = Preemption::disturbed(m);
        p.noisy = m.stats.noisy();
        p.seLog = detail::medianSpread(m.stats);
        const Workload *w = Workload::find(m.workload);
        p.bytes = m.bytes > 0 ? m.bytes / it_ : (w ? w->bytes(m.n, 1, m.variant) : 0);
        p.flops = m.flops > 0 ? m.flops / it_ : (w ? w->flops(m.n, 1) : 0);
        p.work = (w && w->computeBound()) ? p.flops : p.bytes;
        if (!(p.work > 0))
            p.work = Workload::elements(m.n);
        out[it->second].points.push_back(p);
    }
    for (auto &s : out) {
        std::stable_sort(s.points.begin(), s.points.end(),
                         [](const SeriesPoint &a, const SeriesPoint &b) { return a.n < b.n; });
        // A repeated n (a rerun) keeps its latest point.
        std::vector<SeriesPoint> unique;
        for (const auto &p : s.points) {
            if (!unique.empty() && unique.back().n == p.n)
                unique.back() = p;
            else
                unique.push_back(p);
        }
        s.points = unique;
    }
    return out;
}

Series Analysis::bestCpu(const std::vector<Series> &all)
{
    Series best;
    best.key = "best-cpu";
    best.label = "best CPU";
    std::map<int, SeriesPoint> at;
    for (const auto &s : all) {
        if (!s.cpu())
            continue;
        best.workload = s.workload;
        for (const auto &p : s.points) {
            auto it = at.find(p.n);
            if (it == at.end() || p.t < it->second.t)
                at[p.n] = p;
        }
    }
    for (const auto &[n, p] : at)
        best.points.push_back(p);
    return best;
}

std::vector<Analysis::CpuWin> Analysis::cpuWins(const std::vector<Series> &all)
{
    // The same choice as bestCpu: the lowest time at each n, the first series on a tie.
    std::map<int, std::pair<double, const Series *>> at;
    for (const Series &s : all) {
        if (!s.cpu())
            continue;
        for (const SeriesPoint &p : s.points) {
            auto it = at.find(p.n);
            if (it == at.end() || p.t < it->second.first)
                at[p.n] = {p.t, &s};
        }
    }
    std::vector<CpuWin> out;
    for (const auto &[n, best] : at) {
        if (!out.empty() && out.back().series == best.second)
            out.back().nTo = n;
        else
            out.push_back({best.second, n, n});
    }
    return out;
}

std::vector<Analysis::CrossingPair> Analysis::crossingPairs(const ResultSet &r, const std::string &workload)
{
    std::vector<CrossingPair> out;
    std::vector<Series> cpus, gpus;
    // Only a GPU's curves cross the CPU's: not the time to queue launches, and not a GPU API on
    // the CPU's own cores (DeviceKind).
    for (Series &s : series(r, workload))
        if (s.cpu())
            cpus.push_back(std::move(s));
        else if (s.gpu() && !Workload::isQueueTime(s.mode))
            gpus.push_back(std::move(s));
    if (!cpus.empty() && !gpus.empty()) {
        const Series best = bestCpu(cpus);
        for (const Series &g : gpus)
            out.push_back({g.label + " vs best CPU", best, g, false});
        return out;
    }
    // No GPU curve: where more threads overtake one, a crossover of the same kind.
    for (const auto &[one, more] : threadPairs(cpus))
        out.push_back({cpus[more].label + " vs " + cpus[one].label, cpus[one], cpus[more], true});
    return out;
}

std::vector<std::pair<std::size_t, std::size_t>> Analysis::threadPairs(const std::vector<Series> &cpus)
{
    std::vector<std::pair<std::size_t, std::size_t>> out;
    const auto one = std::find_if(cpus.begin(), cpus.end(), [](const Series &s) { return s.threads == 1; });
    if (one == cpus.end())
        return out;
    for (std::size_t i = 0; i < cpus.size(); ++i)
        if (cpus[i].threads > 1 && cpus[i].variant == one->variant)
            out.emplace_back(std::size_t(one - cpus.begin()), i);
    return out;
}

std::vector<Crossing> Analysis::crossings(const Series &cpu, const Series &gpu)
{
    std::vector<Crossing> out;
    if (cpu.points.empty() || gpu.points.empty())
        return out;
    const double lo = std::max(cpu.points.front().n, gpu.points.front().n);
    const double hi = std::min(cpu.points.back().n, gpu.points.back().n);
    if (lo > hi)
        return out;
    const LogCurve c(cpu), g(gpu);
    const LogCurve cLow(cpu, noiseLow), cHigh(cpu, noiseHigh), gLow(gpu, noiseLow), gHigh(gpu, noiseHigh);
    const double logLo = std::log(lo), logHi = std::log(hi);
    std::vector<double> ns;
    for (const LogCurve *s : {&c, &g})
        for (double l : s->ln)
            if (l >= logLo && l <= logHi)
                ns.push_back(l);
    std::sort(ns.begin(), ns.end());
    ns.erase(std::unique(ns.begin(), ns.end()), ns.end());
    // d > 0: the CPU's median is slower. side: who is faster beyond the noise (fasterSide), the
    // noise interpolated between points as the medians are.
    std::vector<double> d;
    std::vector<int> side;
    d.reserve(ns.size());
    side.reserve(ns.size());
    std::size_t at[6] = {1, 1, 1, 1, 1, 1};
    for (double l : ns) {
        d.push_back(c.at(l, &at[0]) - g.at(l, &at[1]));
        side.push_back(
            fasterSide(cLow.at(l, &at[2]), cHigh.at(l, &at[3]), gLow.at(l, &at[4]), gHigh.at(l, &at[5])));
    }
    // A crossing is a change of the faster side; sizes within the noise belong to neither, so
    // curves that meet inside each other's noise do not cross. It lies where the medians cross,
    // the first time between the two sides' points (a median on the other side's is there).
    int lastSign = 0;
    std::size_t lastIdx = 0, prevUpper = 0; // prevUpper: the size just above the previous crossing
    for (std::size_t i = 0; i < d.size(); ++i) {
        const int sign = side[i];
        if (sign == 0)
            continue;
        if (lastSign != 0 && sign != lastSign) {
            std::size_t j = lastIdx;
            while (j + 1 < i && d[j + 1] * lastSign > 0)
                ++j;
            const double l0 = ns[j], l1 = ns[j + 1];
            const double l = d[j + 1] == 0 ? l1 : l0 + (0 - d[j]) * (l1 - l0) / (d[j + 1] - d[j]);
            Crossing x{std::exp(l), sign > 0};
            detail::CrossingWindow w;
            for (std::size_t k = j >= 2 ? j - 2 : 0; k < std::min(ns.size(), j + 4); ++k) {
                w.ln.push_back(ns[k]);
                w.c.push_back(c.at(ns[k]));
                w.g.push_back(g.at(ns[k]));
                w.seC.push_back(c.seAt(ns[k]));
                w.seG.push_back(g.seAt(ns[k]));
            }
            detail::crossingInterval(x, w, lastSign);
            // Crossed back and forth: when the medians of every size between the previous
            // crossing and this one might lie on either side (within 1.96 standard errors of their
            // difference), the two are one region where no single crossover is resolved.
            bool again = !out.empty() && out.back().hasInterval() && x.hasInterval();
            for (std::size_t k = prevUpper; again && k <= j; ++k)
                again = std::abs(d[k]) < 1.96 * std::hypot(c.seAt(ns[k]), g.seAt(ns[k]));
            prevUpper = j + 1;
            if (again) {
                Crossing &p = out.back();
                p.times += x.times;
                p.lo = std::min(p.lo, x.lo);
                p.hi = std::max(p.hi, x.hi);
                p.openHigh = x.openHigh;
                p.gpuBecomesFaster = x.gpuBecomesFaster;
                p.n = std::sqrt(p.lo * p.hi);
            } else
                out.push_back(x);
        }
        lastSign = sign;
        lastIdx = i;
    }
    return out;
}

namespace {

// Calls f(a, b) for every pair of points of x and y at the same n, in the order of x. Series
// points are sorted by n (Analysis::series), so a merge finds them in linear time; unsorted
// input falls back to comparing every pair.
template <class F> void sameN(const Series &x, const Series &y, F f)
{
    auto byN = [](const SeriesPoint &a, const SeriesPoint &b) { return a.n < b.n; };
    if (!std::is_sorted(x.points.begin(), x.points.end(), byN) ||
        !std::is_sorted(y.points.begin(), y.points.end(), byN)) {
        for (const auto &a : x.points)
            for (const auto &b : y.points)
                if (a.n == b.n)
                    f(a, b);
        return;
    }
    auto from = y.points.begin();
    for (const auto &a : x.points) {
        from = std::lower_bound(from, y.points.end(), a, byN);
        for (auto b = from; b != y.points.end() && b->n == a.n; ++b)
            f(a, *b);
    }
}

} // namespace

std::vector<std::pair<int, double>> Analysis::speedup(const Series &cpu, const Series &gpu)
{
    std::vector<std::pair<int, double>> out;
    sameN(cpu, gpu, [&](const SeriesPoint &c, const SeriesPoint &g) {
        if (g.t > 0)
            out.emplace_back(c.n, c.t / g.t);
    });
    return out;
}

std::vector<std::pair<int, double>> Analysis::efficiency(const Series &oneThread, const Series &cpu)
{
    std::vector<std::pair<int, double>> out;
    if (cpu.threads <= 0)
        return out;
    sameN(oneThread, cpu, [&](const SeriesPoint &a, const SeriesPoint &b) {
        if (b.t > 0)
            out.emplace_back(a.n, a.t / (double(cpu.threads) * b.t));
    });
    return out;
}

LinearFit Analysis::fitLinear(const Series &s)
{
    // Weighted least squares of t = a + b w with weights 1/t^2, so that a microsecond point
    // counts as much as a second point (times span decades). Two passes about the weighted
    // means: the one-pass sums cancelled when the times spanned many decades (weights from 1e24
    // to 1e-14), and four good points read "too few points for a model".
    LinearFit f;
    double sw = 0, swx = 0, swy = 0;
    int count = 0;
    for (const auto &p : s.points) {
        if (!(p.t > 0) || !(p.work > 0))
            continue;
        const double w = 1.0 / (p.t * p.t);
        sw += w;
        swx += w * p.work;
        swy += w * p.t;
        ++count;
    }
    if (count < 2 || !(sw > 0) || !std::isfinite(sw))
        return f;
    const double mx = swx / sw, my = swy / sw;
    double sxx = 0, sxy = 0;
    for (const auto &p : s.points) {
        if (!(p.t > 0) || !(p.work > 0))
            continue;
        const double w = 1.0 / (p.t * p.t), dx = p.work - mx;
        sxx += w * dx * dx;
        sxy += w * dx * (p.t - my);
    }
    if (!(sxx > 0))
        return f;
    f.b = sxy / sxx;
    f.a = my - f.b * mx;
    if (f.a < 0) { // a fixed cost cannot be negative: refit through the origin
        double swxx = 0, swxy = 0;
        for (const auto &p : s.points)
            if (p.t > 0 && p.work > 0) {
                const double w = 1.0 / (p.t * p.t);
                swxx += w * p.work * p.work;
                swxy += w * p.work * p.t;
            }
        f.a = 0;
        f.b = swxx > 0 ? swxy / swxx : 0;
    }
    if (f.b < 0) { // nor can a cost per byte: the series is flat
        f.b = 0;
        f.a = my;
    }
    f.valid = std::isfinite(f.a) && std::isfinite(f.b);
    return f;
}

double Analysis::predictCrossoverN(const LinearFit &cpu, const LinearFit &gpu, const std::string &workload)
{
    if (!cpu.valid || !gpu.valid)
        return 0;
    const double db = cpu.b - gpu.b;
    const double da = gpu.a - cpu.a;
    if (!(std::fabs(db) > 0))
        return 0;
    const double w = da / db;
    if (!(w > 0))
        return 0;
    const Workload *wl = Workload::find(workload);
    if (!wl)
        return 0;
    const double n = wl->nForWork(w, 1);
    return std::isfinite(n) ? n : 0;
}

AmdahlFit Analysis::fitAmdahl(const std::vector<std::pair<int, double>> &threadTimes)
{
    // T(p) = A + B / p is linear in 1/p; s = A / (A + B). Relative weights as in fitLinear.
    AmdahlFit f;
    double sw = 0, swx = 0, swy = 0, swxx = 0, swxy = 0;
    std::vector<int> distinct;
    for (const auto &[p, t] : threadTimes) {
        if (p <= 0 || !(t > 0))
            continue;
        const double x = 1.0 / p, w = 1.0 / (t * t);
        sw += w;
        swx += w * x;
        swy += w * t;
        swxx += w * x * x;
        swxy += w * x * t;
        if (std::find(distinct.begin(), distinct.end(), p) == distinct.end())
            distinct.push_back(p);
    }
    if (distinct.size() < 2)
        return f;
    const double det = sw * swxx - swx * swx;
    if (!(std::fabs(det) > 0))
        return f;
    double a = (swxx * swy - swx * swxy) / det;
    double b = (sw * swxy - swx * swy) / det;
    if (b <= 0) { // more threads never helped: all serial
        a = swy / sw;
        b = 0;
    } else if (a < 0) { // better than linear scaling (caches): no serial part
        a = 0;
        b = swxy / swxx;
    }
    f.t1 = a + b;
    f.serialFraction = f.t1 > 0 ? std::clamp(a / f.t1, 0.0, 1.0) : 1.0;
    f.valid = std::isfinite(f.t1) && f.t1 > 0;
    return f;
}

std::vector<std::pair<int, double>> Analysis::threadTimes(const std::vector<Series> &all, int n)
{
    std::vector<std::pair<int, double>> out;
    for (const auto &s : all)
        if (s.cpu() && s.threads > 0)
            for (const auto &p : s.points)
                if (p.n == n)
                    out.emplace_back(s.threads, p.t);
    std::sort(out.begin(), out.end());
    return out;
}

CrossoverReport Analysis::report(const Series &cpu, const Series &gpu, const Predictor &predict,
                                 const std::vector<const Series *> &cpus)
{
    CrossoverReport r;
    r.cpuLabel = cpu.label;
    r.gpuLabel = gpu.label;
    r.crossings = crossings(cpu, gpu);
    if (!cpu.points.empty() && !gpu.points.empty()) {
        r.nMin = std::max(cpu.points.front().n, gpu.points.front().n);
        r.nMax = std::min(cpu.points.back().n, gpu.points.back().n);
    }
    if (r.crossings.empty() && r.nMin > 0 && r.nMin <= r.nMax) {
        // Each size both measured, by its measured values and their noise (the quartiles).
        sameN(cpu, gpu, [&r](const SeriesPoint &c, const SeriesPoint &g) {
            const int side = fasterSide(noiseLow(c), noiseHigh(c), noiseLow(g), noiseHigh(g));
            ++(side > 0 ? r.sizesGpuFaster : side < 0 ? r.sizesCpuFaster : r.sizesTied);
        });
        if (r.sizesGpuFaster + r.sizesCpuFaster + r.sizesTied == 0) { // no size in common: interpolated
            const double d = LogCurve(cpu).at(std::log(r.nMin)) - LogCurve(gpu).at(std::log(r.nMin));
            r.gpuFasterEverywhere = d > 0;
            r.cpuFasterEverywhere = d < 0;
        } else {
            r.gpuFasterEverywhere = r.sizesGpuFaster > 0 && r.sizesCpuFaster == 0 && r.sizesTied == 0;
            r.cpuFasterEverywhere = r.sizesCpuFaster > 0 && r.sizesGpuFaster == 0 && r.sizesTied == 0;
        }
    }
    r.predictedN = predict ? predict(cpus.empty() ? std::vector<const Series *>{&cpu} : cpus, gpu)
                           : predictCrossoverN(fitLinear(cpu), fitLinear(gpu),
                                               cpu.workload.empty() ? gpu.workload : cpu.workload);
    return r;
}

std::string CrossoverReport::mixedVerdict() const
{
    const int compared = sizesGpuFaster + sizesCpuFaster + sizesTied;
    if (compared == 0 || sizesTied == compared)
        return "the CPU and the GPU are within each other's noise at every size compared";
    return "the GPU is faster at " + std::to_string(sizesGpuFaster) + " of the " + std::to_string(compared) +
           " sizes compared, the CPU at " + std::to_string(sizesCpuFaster) + ", and at " +
           std::to_string(sizesTied) + " they are within each other's noise";
}

std::string CrossoverReport::summary() const
{
    std::string s = verdict();
    if (pairsLeftOut > 0)
        s += "; the " + std::to_string(pairsLeftOut) +
             " pairs of one CPU curve with one GPU curve are not listed (more than " +
             std::to_string(Analysis::maxPairs) + "): the best CPU above stands for them";
    return s;
}

std::string Crossing::text() const
{
    return "n \u2248 " + formatN(n) + intervalText();
}

std::string Crossing::intervalText() const
{
    if (!hasInterval())
        return {};
    if (!resolved())
        return " (no crossover resolved: the curves cross " + std::to_string(times) + " times in n " +
               formatN(lo) + "\u2013" + formatN(hi) + ", within their noise)";
    // Each end as n is said (formatN: 3 significant digits, whole from 100), with a digit more
    // while both would read the same ("124 (124–124)"), up to three more.
    const auto said = [](double v, int digits) {
        char buf[48];
        const int decimals = std::max(0, digits - 1 - int(std::floor(std::log10(std::max(v, 1e-300)))));
        std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
        return std::string(buf);
    };
    std::string from = formatN(lo), to = formatN(hi);
    for (int digits = 4; from == to && digits <= 6; ++digits) {
        from = said(lo, digits);
        to = said(hi, digits);
    }
    return " (" + std::string(openLow ? "\u2264 " : "") + from + "\u2013" + (openHigh ? "\u2265 " : "") + to +
           ")";
}

std::string CrossoverReport::verdict() const
{
    std::string s;
    if (nMin <= 0 || nMin > nMax)
        return "no common sizes to compare";
    if (!crossings.empty()) {
        for (const auto &c : crossings) {
            s += s.empty() ? "" : "; ";
            // An even count of crossings within the noise leaves the faster side as it was.
            s += (c.times % 2 == 0     ? "the curves meet at "
                  : c.gpuBecomesFaster ? "GPU faster above "
                                       : "CPU faster again above ") +
                 c.text();
        }
        return s;
    }
    s = "no crossover in range (n " +
        (nMin == nMax ? formatN(nMin) : formatN(nMin) + "\u2013" + formatN(nMax)) + "): " +
        (gpuFasterEverywhere   ? "the GPU wins everywhere"
         : cpuFasterEverywhere ? "the CPU wins everywhere"
                               : mixedVerdict());
    // What the fits predict, only beyond the range, where it cannot contradict the points: a
    // crossing of the fits inside it ("the GPU wins everywhere; the fit predicts the CPU
    // faster below n = 2708") would be the fits' error, not a prediction.
    if (gpuFasterEverywhere && predictedN > 0 && predictedN < nMin)
        s += "; the fit predicts the CPU faster below n \u2248 " + formatN(predictedN);
    else if (cpuFasterEverywhere && predictedN > nMax)
        s += "; the fit predicts the GPU faster above n \u2248 " + formatN(predictedN);
    else if ((gpuFasterEverywhere || cpuFasterEverywhere) && predictedN <= 0)
        s += "; the fits do not cross";
    return s;
}

std::vector<CrossoverReport> Analysis::reports(const ResultSet &r, const std::string &workload,
                                               const Predictor &predict)
{
    std::vector<CrossoverReport> out;
    for (const auto &all : byRun(series(r, workload))) { // the crossovers of each run, within it
        std::vector<const Series *> cpus, gpus;
        for (const auto &s : all)
            // The time to queue launches never crosses the CPU's, and a device that is no GPU
            // (OpenCL on the CPU's own cores) is no GPU to cross it.
            if (s.cpu())
                cpus.push_back(&s);
            else if (s.gpu() && !Workload::isQueueTime(s.mode))
                gpus.push_back(&s);
        if (cpus.empty() || gpus.empty())
            continue;
        const Series best = bestCpu(all);
        for (const auto *g : gpus) {
            out.push_back(report(best, *g, predict, cpus));
            out.back().bestCpu = true;
            if (!g->run.empty())
                out.back().cpuLabel = g->run + ": " + out.back().cpuLabel;
        }
        if (cpus.size() > 1 && cpus.size() * gpus.size() > maxPairs)
            out.back().pairsLeftOut = cpus.size() * gpus.size();
        else if (cpus.size() > 1)
            for (const auto *c : cpus)
                for (const auto *g : gpus)
                    out.push_back(report(*c, *g, predict));
    }
    return out;
}

std::vector<const CrossoverReport *> Analysis::printed(const std::vector<CrossoverReport> &reports,
                                                       bool verbose, std::size_t *leftOut)
{
    std::vector<const CrossoverReport *> out;
    for (const CrossoverReport &r : reports)
        if (verbose || r.bestCpu)
            out.push_back(&r);
    *leftOut = reports.size() - out.size();
    return out;
}

std::string Analysis::leftOutNote(std::size_t leftOut)
{
    return std::to_string(leftOut) + (leftOut == 1 ? " more crossover" : " more crossovers") +
           ", each CPU thread count against each GPU curve: --verbose prints them";
}

std::vector<std::string> Analysis::notGpus(const ResultSet &r, const std::string &workload)
{
    std::vector<std::string> out;
    std::set<std::pair<std::string, int>> said; // (run, device)
    for (const Measurement &m : r.rows)
        if (m.ok() && m.workload == workload && m.kind() == DeviceKind::CpuApi &&
            said.emplace(m.run, m.device).second) {
            // The description, where this machine has it (several runs keep the first's machine).
            const DeviceDescription *d = r.machine.deviceOf(m.backend, m.device);
            const DescribedBackend *b = describedByRow(m.backend);
            const std::string api = b ? std::string(b->api) : m.backend;
            out.push_back((m.run.empty() ? std::string() : m.run + ": ") + m.deviceId() + " is " +
                          (d && d->kind() == DeviceKind::CpuApi ? d->describe() : api + " on the CPU") +
                          ", not a GPU: it runs on the same cores as the CPU series, so no crossover is "
                          "reported against it; the gap between its curves and the CPU's is what " +
                          api + "'s launches and runtime cost");
        }
    return out;
}

} // namespace speeduplab
