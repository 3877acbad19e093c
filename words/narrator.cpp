// SPDX-License-Identifier: MIT
// Narrator: the Explain tab's sections, worded by ExplainText from Explain's stories; the curves
// it explains by default (one run, no pair chosen).
#include "words/narrator.h"

#include "words/format.h"

#include "core/analysis/energyanalysis.h"
#include "core/analysis/queuetime.h"
#include "core/model/workload.h"

#include <algorithm>
#include <map>
#include <set>

namespace speeduplab {

Narrator::Section Narrator::crossovers(const ResultSet &r, const std::vector<Series> &group,
                                       std::vector<CrossoverStory> *stories)
{
    const std::vector<CrossoverStory> told = Explain::crossovers(r, group);
    Section out{tr("Where the GPU overtakes the CPU, by the models"), {}};
    for (const CrossoverStory &s : told)
        out.sentences << ExplainText::crossover(s);
    for (const CrossoverShift &s : Explain::shifts(told, group))
        out.sentences << ExplainText::shift(s);
    if (stories)
        *stories = told;
    return out;
}

QList<Narrator::Section> Narrator::sections(const ResultSet &r, const std::string &workload,
                                            const std::vector<Series> &group,
                                            const std::vector<Series> &every, const Section &crossovers,
                                            const LaunchCost &cost, bool thisMachine)
{
    // Every curve, then the threads at the smallest and the largest size measured with two
    // thread counts or more.
    Section curves{tr("What each curve's time is made of"), {}};
    std::vector<Series> cpus;
    std::map<int, std::set<int>> threadsAt;
    for (const Series &s : group) {
        curves.sentences << ExplainText::curve(Explain::curve(r, s), thisMachine);
        if (s.cpu()) {
            cpus.push_back(s);
            for (const SeriesPoint &p : s.points)
                threadsAt[p.n].insert(s.threads);
        }
    }
    // Which count wins where (as the time chart's note says it), then the threads at the smallest
    // size, at the first size where more than one thread wins, and at the largest.
    Section scaling{tr("How the CPU threads scale"), {}};
    std::vector<int> scaled;
    for (const auto &[n, ts] : threadsAt)
        if (ts.size() >= 2)
            scaled.push_back(n);
    if (!scaled.empty()) {
        const std::vector<Analysis::CpuWin> wins = Analysis::cpuWins(cpus);
        if (cpus.size() >= 2)
            scaling.sentences << tr("At each n, the %1.").arg(ExplainText::winners(wins));
        std::set<int> sizes{scaled.front(), scaled.back()};
        for (const Analysis::CpuWin &w : wins)
            if (w.series->threads > 1) {
                sizes.insert(w.nFrom);
                break;
            }
        for (int n : sizes)
            if (threadsAt[n].size() >= 2)
                scaling.sentences << ExplainText::threads(Explain::threads(r, cpus, n));
        // Where efficiency cores join and SMT siblings start, at the largest size, over every
        // thread count of the run (the ones explained may skip the first to share a core).
        std::vector<Series> runCpus;
        for (const Series &s : every)
            if (s.cpu() && s.run == cpus.front().run && s.variant == cpus.front().variant)
                runCpus.push_back(s);
        scaling.sentences << ExplainText::placement(Explain::threads(r, runCpus, *sizes.rbegin()));
    }
    QList<Section> out;
    for (const Section &x : {queued(r, workload, cost), crossovers, curves, scaling,
                             group.empty() ? Section{} : energy(r, group)})
        if (!x.sentences.isEmpty())
            out << x;
    return out;
}

Narrator::Section Narrator::energy(const ResultSet &r, const std::vector<Series> &group)
{
    Section energy{tr("Where the GPU spends less energy"), {}};
    const std::vector<EnergyCrossover> crossovers = EnergyAnalysis::crossovers(r, group);
    for (const EnergyCrossover &x : crossovers)
        energy.sentences << Format::sentence(ExplainText::energyCrossover(
            x, crossovers.size() == 1 ? tr("the GPU") : QString::fromStdString(x.gpu.label)));
    if (!crossovers.empty())
        energy.sentences << tr(
            "Each device's own counters, over its points' repetitions: the CPU package (RAPL), "
            "the GPU board (NVML). The GPU spends less only where its speedup is larger than its board's "
            "power over the CPU package's: a GPU that finishes first can still spend more.");
    else if (!EnergyAnalysis::any(r) && !r.machine.sweep.energyMissing.empty())
        energy.sentences
            << tr("No energy was measured: %1.").arg(QString::fromStdString(r.machine.sweep.energyMissing));
    return energy;
}

Narrator::Section Narrator::queued(const ResultSet &r, const std::string &workload, const LaunchCost &cost)
{
    // The GPU curves timed as the original answer timed them: no cost model, since their time is
    // the host's queueing; what they would imply, and why, from their own numbers.
    Section queued{tr("Timed as the original answer did: the GPU not synchronised"), {}};
    for (const QueueStory &q : QueueTime::stories(r, workload)) {
        const Measurement *launch = QueueTime::launchAt(r, q, q.nMax);
        queued.sentences << ExplainText::queue(
            q, launch, launch && launch->run != q.run ? QString::fromStdString(launch->run) : QString(),
            cost);
    }
    return queued;
}

LaunchCost Narrator::launchCostIn(const ResultSet &r)
{
    for (const Series &s : Analysis::series(r))
        if (s.gpu() && s.mode == "launch")
            if (const CostModel m = Explain::model(r, s); m.valid && m.fixed > 0)
                return {m.fixed, s.run.empty() ? tr("this run") : QString::fromStdString(s.run)};
    return {};
}

std::vector<Series> Narrator::cpuCurves(const std::vector<Series> &all)
{
    std::vector<Series> group;
    for (const Series &s : all)
        if (s.cpu() && s.threads > 0 &&
            (group.empty() || (s.run == group.front().run && s.variant == group.front().variant)))
            group.push_back(s);
    return group;
}

void Narrator::spreadCurves(std::vector<Series> &group)
{
    // A readable chart, and a fast one on a file of hundreds of thread counts.
    constexpr std::size_t most = 8;
    const std::size_t measured = group.size();
    if (measured > most) {
        std::sort(group.begin(), group.end(),
                  [](const Series &a, const Series &b) { return a.threads < b.threads; });
        std::vector<Series> spread;
        for (std::size_t i = 0; i < most; ++i)
            spread.push_back(group[i * (measured - 1) / (most - 1)]);
        group = std::move(spread);
    }
}

std::vector<Series> Narrator::explained(const std::vector<Series> &all)
{
    std::vector<Series> group = cpuCurves(all);
    const std::string run = group.empty() ? std::string() : group.front().run;
    bool gpu = false;
    for (const Series &s : all)
        if (s.gpu() && s.run == run && !Workload::isQueueTime(s.mode)) {
            group.push_back(s);
            gpu = true;
        }
    if (gpu || group.empty())
        return group;
    spreadCurves(group);
    for (const Series &s : all) // told, never held against the CPU
        if (s.onCpuCores() && s.run == run && !Workload::isQueueTime(s.mode))
            group.push_back(s);
    return group;
}

// Why the curves have no models to explain, said of the curve that lacks one: "each curve needs
// two sizes or more" was said of four-size curves whose bytes were 0 or whose times were flat.
QString Narrator::whyNoModels(const ResultSet &r, const std::vector<Series> &group)
{
    const auto gpu = std::find_if(group.begin(), group.end(), [](const Series &s) { return s.gpu(); });
    if (gpu == group.end())
        return tr("No cost models: they hold a GPU curve against the CPU's, and this run has no GPU curve.");
    for (const Series &s : group) {
        if (Explain::model(r, s).valid && (s.onDevice() || Explain::model(r, s).rate > 0))
            continue;
        const QString name = Format::display(QString::fromStdString(s.label));
        std::set<int> sizes;
        int withWork = 0;
        for (const SeriesPoint &p : s.points) {
            sizes.insert(p.n);
            withWork += p.t > 0 && p.work > 0;
        }
        if (sizes.size() < 2)
            return tr("Too few points for cost models: %1 was measured at one size, and a model needs two or "
                      "more.")
                .arg(name);
        if (withWork < 2)
            return tr("No cost model for %1: its points state no work (bytes or FLOPs per operation), so no "
                      "rate can be fitted to them.")
                .arg(name);
        return tr("No cost model for %1: over its %2 sizes its times do not grow with the work (a fixed cost "
                  "alone, or noise), so there is no rate to fit.")
            .arg(name)
            .arg(sizes.size());
    }
    return tr("Too few points for cost models.");
}

} // namespace speeduplab
