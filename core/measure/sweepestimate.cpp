// SPDX-License-Identifier: MIT
// SweepRunner's time estimates: the seconds a point will take, from the medians of its series at
// the sizes next to it, the stopping rule's closed form, and the setup cost the points so far
// paid beyond their loops (SweepRunner::SetupCost). What the progress's time left is made of.
#include "core/measure/sweeprunner.h"

#include "core/devices/devicebackend.h"
#include "core/measure/cacheflush.h"
#include "core/measure/stoppingrule.h"
#include "core/model/workload.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>

namespace speeduplab {

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
        if (above == medians.end()) {
            rep = beyond(below);
        } else {
            // Between two measured sizes: the fixed cost that every size pays (the series' shortest
            // time, its fork/join or launch) and the rest on a straight line on log-log axes.
            // The whole time on that line bent above the points where the fixed cost still
            // counted: 2 threads at n = 1265 estimated 0.54 s for 0.24 s here.
            const double fixed =
                std::min(m_shortest.at(series->first), 0.9 * std::min(below->second, above->second));
            const double f =
                std::log(work(p.n) / work(below->first)) / std::log(work(above->first) / work(below->first));
            rep =
                fixed + (below->second - fixed) * std::pow((above->second - fixed) / (below->second - fixed),
                                                           std::clamp(f, 0.0, 1.0));
        }
    }
    // Making and checking the inputs at the rate the points so far took for theirs.
    return loopSeconds(p, std::max(rep, 1e-9), rule) + m_setup.seconds(setupBytes(p));
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
