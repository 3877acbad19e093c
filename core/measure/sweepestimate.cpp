// SPDX-License-Identifier: MIT
// SweepRunner's time estimates: the seconds a point will take, from the medians of its series at
// the sizes next to it weighted by what the caches they fit in cost (CacheProfile), the stopping
// rule's closed form, and the setup cost the points so far paid beyond their loops
// (SweepRunner::SetupCost). What the progress's time left is made of.
#include "core/measure/sweeprunner.h"

#include "core/devices/devicebackend.h"
#include "core/machine/machineinfo.h"
#include "core/measure/cacheflush.h"
#include "core/measure/cacheprofile.h"
#include "core/measure/stoppingrule.h"
#include "core/model/workload.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>

namespace speeduplab {

void SweepRunner::startEstimates(const std::vector<PlanPoint> &points)
{
    m_medians.clear();
    m_shortest.clear();
    m_setup = {};
    m_oneThread = m_mostThreads = nullptr;
    // The caches measured, for the estimates of the sizes between two measured ones, when a
    // point's data outgrow every L2 (4 MiB): about 0.3 s a thread count, once a process.
    const Workload *workload = Workload::find(m_plan.workload);
    for (const PlanPoint &p : points)
        if (workload && !workload->computeBound() && setupBytes(p) >= (4 << 20) && usesHostCaches(p)) {
            const int most = std::max(
                1, m_plan.threads.empty() ? MachineInfo::hardwareThreads()
                                          : *std::max_element(m_plan.threads.begin(), m_plan.threads.end()));
            m_oneThread = &CacheProfile::ofThisMachine(1);
            m_mostThreads = &CacheProfile::ofThisMachine(most);
            return;
        }
}

double SweepRunner::estimate(const PlanPoint &p, const StoppingRule &rule) const
{
    if (!unrunnable(p).empty()) // skipped at once: no device, or no kernel for it here
        return 0;
    const auto series = m_medians.find(skeleton(p).seriesKey());
    if (series == m_medians.end() || series->second.empty()) // no history: assume a short point
        return std::max(0.02, m_plan.minTime);
    const std::map<int, double> &medians = series->second;
    const Workload *w = Workload::find(m_plan.workload);
    auto work = [w](int n) { return w ? std::max(1e-300, w->work(n, 1)) : double(n) * n; };
    // Beyond the largest size measured: its time plus the extra work at a rate, the one the two
    // largest sizes show or, when it is faster (a fixed cost hides the work at small sizes), a
    // modest prior one. Scaling the whole time with the work made a 2-thread point's 0.3 µs of
    // fork/join at n = 4 into minutes at n = 4000, and the first estimate of a 10 s sweep
    // "about 13 min".
    auto beyond = [&](std::map<int, double>::const_iterator largest) {
        const bool gpu = Devices::of(p.backend).onDevice();
        const int threads = std::max(1, p.threads);
        const double prior = w && w->computeBound() ? (gpu ? 2e13 : 2e10 * std::min(threads, 16))
                                                    : (gpu ? 2e12 : 3e10 * std::min(threads, 16));
        double perWork = 1.0 / prior; // seconds per unit of work (a byte or a FLOP)
        if (largest != medians.begin()) {
            const auto before = std::prev(largest);
            const double dw = (work(largest->first) - work(before->first)) * m_iterations;
            if (dw > 0)
                perWork = std::max(perWork, (largest->second - before->second) / dw);
        }
        return largest->second + (work(p.n) - work(largest->first)) * m_iterations * perWork;
    };
    // The points run coarse to fine, so the nearest measured sizes may lie on either side.
    const auto above = medians.lower_bound(p.n);
    double rep = 0;
    if (above != medians.end() && above->first == p.n) {
        rep = above->second;
    } else if (above == medians.begin()) { // only larger sizes: at most as long as the nearest
        rep = above->second;
    } else {
        const auto below = std::prev(above);
        if (above == medians.end())
            rep = beyond(below);
        else
            rep = between(p, *below, *above, m_shortest.at(series->first));
    }
    // Making and checking the inputs at the rate the points so far took for theirs.
    return loopSeconds(p, std::max(rep, 1e-9), rule) + m_setup.seconds(setupBytes(p));
}

double SweepRunner::between(const PlanPoint &p, std::pair<int, double> below, std::pair<int, double> above,
                            double shortest) const
{
    // A repetition is the fixed cost every size of the series pays (its shortest time: fork/join,
    // or a launch) plus the work at a cost per unit. The work is weighted by what a byte costs in
    // the cache its working set fits in, where the series' data sit in the host's caches
    // (CacheProfile). Without that, the line from n = 126 (L2) to n = 4000 (DRAM) put n = 2249,
    // still in L3, at 1.5 times its time.
    const Workload *w = Workload::find(m_plan.workload);
    const bool hostCaches = m_oneThread && w && !w->computeBound() && usesHostCaches(p);
    // A device in the CPU's package (PoCL, an integrated GPU) runs on all of it.
    const int threads = !Devices::of(p.backend).onDevice() ? std::max(1, p.threads)
                        : m_mostThreads                    ? m_mostThreads->threads
                                                           : 1;
    auto units = [&](int n) {
        const double work = w ? std::max(1e-300, w->work(n, 1)) : double(n) * n;
        return hostCaches ? work * cacheSecondsPerByte(double(w->footprintBytes(n)), threads) : work;
    };
    return repBetween(units(below.first), below.second, units(above.first), above.second, units(p.n),
                      shortest, hostCaches);
}

double SweepRunner::repBetween(double unitsBelow, double below, double unitsAbove, double above, double units,
                               double shortest, bool cachesWeighed)
{
    const double fixed = std::min({shortest, below, above});
    double cb = (below - fixed) / unitsBelow, ca = (above - fixed) / unitsAbove;
    // Where the fixed cost is nearly all of a size's time, that size shows no cost of its own: the
    // other size's stands for both. Taking it from the little left over made the launches of
    // OpenCL's graph mode at n = 4 price n = 400 at 4 times its time.
    const bool hiddenBelow = below - fixed < 0.25 * below, hiddenAbove = above - fixed < 0.25 * above;
    // Units that carry the caches' steps cost the same at both sizes; the larger size's cost, where
    // the work is most of the time, stands for both. From the smaller one's too, n = 1265 of add
    // came out 1.6 times its time here: the work of n = 126 is a sliver of its fork/join.
    if ((hiddenBelow || cachesWeighed) && !hiddenAbove)
        cb = ca;
    else if (hiddenAbove && !hiddenBelow)
        ca = cb;
    else if (hiddenAbove && hiddenBelow)
        ca = cb = std::max(ca, cb);
    if (ca <= 0 || cb <= 0) // a flat series
        return std::max(below, above);
    // In between: the cost per unit on a straight line on log axes.
    const double span = std::log(unitsAbove / unitsBelow);
    const double f = span > 0 ? std::clamp(std::log(units / unitsBelow) / span, 0.0, 1.0) : 1.0;
    return fixed + units * cb * std::pow(ca / cb, f);
}

bool SweepRunner::usesHostCaches(const PlanPoint &p) const
{
    const DeviceBackend &backend = Devices::of(p.backend);
    return !backend.onDevice() || backend.insideCpuPackage(p.device);
}

double SweepRunner::cacheSecondsPerByte(double bytes, int threads) const
{
    if (!m_oneThread)
        return 0;
    const double one = m_oneThread->secondsPerByte(bytes), most = m_mostThreads->secondsPerByte(bytes);
    if (threads <= 1 || m_mostThreads->threads <= 1 || one <= 0 || most <= 0)
        return threads <= 1 ? one : most;
    const double g = std::min(1.0, std::log(double(threads)) / std::log(double(m_mostThreads->threads)));
    return one * std::pow(most / one, g);
}

void SweepRunner::SetupCost::add(double bytes, double seconds)
{
    seconds = std::max(0.0, seconds);
    ++points;
    sumBytes += bytes;
    sumSeconds += seconds;
    sumBytes2 += bytes * bytes;
    sumBytesSeconds += bytes * seconds;
    largest = std::max(largest, bytes);
}

double SweepRunner::SetupCost::seconds(double bytes) const
{
    if (points == 0)
        return 0;
    const double meanBytes = sumBytes / points, meanSeconds = sumSeconds / points;
    const double spread = sumBytes2 / points - meanBytes * meanBytes;
    // Per byte only once a point was large enough for its inputs to take measurable time (1 MiB),
    // and at most 100 ns a byte: a few bytes' noise must not price n = 4000 in minutes.
    double perByte = 0;
    if (largest >= 1 << 20 && spread > 0)
        perByte = std::clamp((sumBytesSeconds / points - meanBytes * meanSeconds) / spread, 0.0, 100e-9);
    return std::max(0.0, meanSeconds - perByte * meanBytes) + perByte * bytes;
}

double SweepRunner::loopSeconds(const PlanPoint &p, double rep, const StoppingRule &rule) const
{
    // A cold cache adds a flush before the warm-up and before every repetition.
    const double flush = !m_flush || !flushesCpuCaches(m_plan, p) ? 0
                         : !Devices::of(p.backend).onDevice()     ? m_flush->secondsFor(setupBytes(p))
                                                                  : m_flush->secondsFor(0);
    // A point whose device counts energy lasts at least the counters' span after its warm-up
    // (RepeatLoop runs more repetitions for it): 2 s of a GPU point at NVML's 100 ms updates.
    return flush + std::max(rule.pointSeconds(rep, flush), rep + energySpan(p));
}

double SweepRunner::setupBytes(const PlanPoint &p) const
{
    const Workload *w = Workload::find(m_plan.workload);
    return w ? double(w->footprintBytes(p.n)) : 0;
}

double SweepRunner::energySpan(const PlanPoint &p) const
{
    const EnergyMeter *meter = nullptr;
    const DeviceBackend &backend = Devices::of(p.backend);
    if (backend.watchedByNvml()) {
        const auto it = m_gpuEnergy.find(p.device);
        meter = it == m_gpuEnergy.end() ? nullptr : &it->second;
    } else if (m_cpuEnergy && backend.insideCpuPackage(p.device)) {
        meter = &*m_cpuEnergy;
    }
    return meter && meter->available() ? meter->minimumSpan() : 0;
}

} // namespace speeduplab
