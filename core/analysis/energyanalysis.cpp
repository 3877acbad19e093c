// SPDX-License-Identifier: MIT
// Joules per operation as curves, and the energy crossover of each GPU curve against the CPU's.
#include "core/analysis/energyanalysis.h"

#include "core/model/workload.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace speeduplab {

namespace {

std::string nText(double n)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", n);
    return buf;
}

} // namespace

std::string EnergyCrossover::sentence(const std::string &gpuName) const
{
    const std::string range = " (n " + nText(nMin) + "–" + nText(nMax) + ")";
    if (gpuLessEverywhere)
        return gpuName + " spends less energy than the CPU at every size with energy" + range;
    if (cpuLessEverywhere)
        return "the CPU spends less energy than " + gpuName + " at every size with energy" + range;
    if (crossings.empty())
        return gpuName + " and the CPU spend the same energy within the counters' reach" + range;
    std::string s;
    for (const Crossing &c : crossings) {
        s += s.empty() ? "" : "; ";
        if (!c.resolved())
            s += gpuName + " and the CPU spend about the same energy near " + c.text();
        else
            s += gpuName + " spends less energy than the CPU " + (c.gpuBecomesFaster ? "above " : "below ") +
                 c.text();
    }
    return s;
}

std::vector<Series> EnergyAnalysis::series(const ResultSet &r, const std::vector<Series> &all)
{
    std::vector<Series> out;
    for (const Series &s : all) {
        Series e = s;
        e.points.clear();
        for (SeriesPoint p : s.points) {
            if (p.row >= r.rows.size())
                continue;
            const PointEnergy &energy = r.rows[p.row].conditions.energy;
            if (!energy.measured())
                continue;
            // One span per point: no spread of its own, and no interval drawn from one.
            p.t = p.tMin = p.tMax = p.tQ1 = p.tQ3 = energy.perOperation;
            p.quartiles = false;
            p.seLog = 0;
            p.outliers = 0;
            e.points.push_back(p);
        }
        if (!e.points.empty())
            out.push_back(std::move(e));
    }
    return out;
}

std::vector<EnergyCrossover> EnergyAnalysis::crossovers(const ResultSet &r, const std::vector<Series> &all)
{
    std::vector<EnergyCrossover> out;
    for (const std::vector<Series> &run : Analysis::byRun(series(r, all))) {
        std::vector<Series> cpus;
        std::vector<const Series *> gpus;
        for (const Series &s : run) {
            if (s.cpu())
                cpus.push_back(s);
            else if (s.gpu() && !Workload::isQueueTime(s.mode))
                gpus.push_back(&s);
        }
        if (cpus.empty() || gpus.empty())
            continue;
        const Series best = Analysis::bestCpu(cpus);
        for (const Series *g : gpus) {
            EnergyCrossover x;
            x.cpu = best;
            x.gpu = *g;
            x.crossings = Analysis::crossings(best, *g);
            int less = 0, more = 0;
            for (const SeriesPoint &p : g->points)
                for (const SeriesPoint &c : best.points)
                    if (c.n == p.n) {
                        x.nMin = x.nMin == 0 ? p.n : std::min(x.nMin, double(p.n));
                        x.nMax = std::max(x.nMax, double(p.n));
                        (p.t < c.t ? less : more) += 1;
                    }
            if (x.nMax == 0)
                continue; // no size where both have energy
            x.gpuLessEverywhere = x.crossings.empty() && more == 0;
            x.cpuLessEverywhere = x.crossings.empty() && less == 0;
            out.push_back(std::move(x));
        }
    }
    return out;
}

std::vector<EnergyCrossover> EnergyAnalysis::crossovers(const ResultSet &r, const std::string &workload)
{
    return crossovers(r, Analysis::series(r, workload));
}

bool EnergyAnalysis::any(const ResultSet &r)
{
    return std::any_of(r.rows.begin(), r.rows.end(),
                       [](const Measurement &m) { return m.ok() && m.conditions.energy.measured(); });
}

} // namespace speeduplab
