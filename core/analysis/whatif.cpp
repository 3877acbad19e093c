// SPDX-License-Identifier: MIT
// The what-if models (WhatIf): the measured cost models as the Explain tab's sliders move them (the
// launch, the GPU's and the CPU's rates, the thread counts allowed), the best CPU they make, and
// where the GPU overtakes it. Explain::whatIf makes them from a run's curves.
#include "core/analysis/explain.h"

#include <algorithm>
#include <iterator>
#include <map>

namespace speeduplab {

void WhatIf::setGpuBandwidth(double rate)
{
    if (gpu.rate > 0 && rate > 0)
        gpu = gpu.scaled(rate / gpu.rate);
}

double WhatIf::reach(int p, double cap) const
{
    const double k = cpuBandwidthMeasured > 0 && cap > 0 ? cap / cpuBandwidthMeasured : 1;
    const double scaled = cpuOneThreadRate * k * std::max(1, p);
    return cap > 0 ? std::min(scaled, cap) : scaled;
}

CostModel WhatIf::cpuAt(int threads) const
{
    if (cpuModels.empty() || !(cpuOneThreadRate > 0))
        return {};
    // The model of the measured thread count nearest p (below it on a tie), its rates scaled by
    // what p threads reach at this bandwidth over what that count reaches at the measured one.
    // Found by lookup, not by a walk: cpus() asks for every thread count (4000 of them: 16 M steps).
    auto nearest = cpuModels.lower_bound(threads);
    if (nearest == cpuModels.end() ||
        (nearest != cpuModels.begin() && threads - std::prev(nearest)->first <= nearest->first - threads))
        nearest = std::prev(nearest);
    const double was = reach(nearest->first, cpuBandwidthMeasured);
    return was > 0 ? nearest->second.scaled(reach(threads, cpuBandwidth) / was) : nearest->second;
}

std::vector<int> WhatIf::cpuThreads() const
{
    std::vector<int> out;
    for (const auto &[p, m] : cpuModels)
        if (p <= threads)
            out.push_back(p);
    if (!cpuModels.count(threads))
        out.push_back(threads);
    return out;
}

std::vector<CostModel> WhatIf::cpus() const
{
    std::vector<CostModel> out;
    for (int p : cpuThreads())
        out.push_back(cpuAt(p));
    return out;
}

CostModel WhatIf::cpuBest() const
{
    CostModel best;
    for (const CostModel &m : cpus())
        if (m.valid && (!best.valid || m.rate > best.rate))
            best = m;
    return best;
}

double WhatIf::cpuTime(double work) const
{
    double best = 0;
    for (const CostModel &m : cpus())
        if (m.valid && (best == 0 || m.time(work) < best))
            best = m.time(work);
    return best;
}

ModelCrossover WhatIf::crossover() const
{
    return Explain::cross(cpus(), gpu, workload);
}

WhatIf Explain::whatIf(const ResultSet &r, const std::vector<Series> &run, const std::string &gpuKey)
{
    WhatIf w;
    const Series *gpu = nullptr;
    for (const Series &s : run)
        if (s.gpu() && (s.key == gpuKey || (!gpu && s.mode == "launch")))
            gpu = &s;
    if (!gpu) // no launch-mode curve: the first GPU curve
        for (const Series &s : run)
            if (s.gpu() && !gpu)
                gpu = &s;
    if (gpu) {
        w.gpu = model(r, *gpu);
        w.gpuKey = gpu->key;
        w.workload = gpu->workload;
    }
    // Each CPU thread count's model; the one-thread rate from one thread, else the best per thread.
    double bestRate = 0, perThread = 0, oneThread = 0;
    for (const Series &s : run) {
        if (!s.cpu() || s.threads <= 0)
            continue;
        const CostModel m = model(r, s);
        if (!m.valid || !(m.rate > 0))
            continue;
        w.cpuModels[s.threads] = m;
        if (s.threads == 1)
            oneThread = m.rate;
        perThread = std::max(perThread, m.rate / s.threads);
        if (m.rate > bestRate)
            w.cpuBandwidthTier = m.topTier();
        bestRate = std::max(bestRate, m.rate);
        if (w.workload.empty())
            w.workload = s.workload;
    }
    w.cpuOneThreadRate = oneThread > 0 ? oneThread : perThread;
    w.cpuBandwidth = w.cpuBandwidthMeasured = bestRate;
    // Every thread count measured: the GPU is held against the best CPU at each n.
    w.threads = w.cpuModels.empty() ? 1 : w.cpuModels.rbegin()->first;
    return w;
}

} // namespace speeduplab
