// SPDX-License-Identifier: MIT
// The runs a chart shows (ChartView, chartview.h): each run's colour family, reference runs, and
// the CPU and GPU curves held against each other within and across runs.
#include "ui/charts/chartview.h"

#include "core/machine/machineinfo.h"
#include "core/model/workload.h"

#include "ui/charts/chartstyle.h"
#include "ui/runstore.h"
#include "words/format.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace speeduplab {

std::vector<QColor> ChartView::seriesColors(const std::vector<Series> &all) const
{
    std::vector<QColor> out(all.size());
    std::map<std::string, std::vector<std::size_t>> byRun;
    for (std::size_t i = 0; i < all.size(); ++i)
        byRun[all[i].run].push_back(i);
    for (const auto &[run, indices] : byRun) {
        const RunRecord *r = m_model ? m_model->runOf(all[indices.front()]) : nullptr;
        // A reference run takes the colours of the curves of ours it corresponds to (its "eager"
        // is our "launch"), drawn dashed; every other run its own colour family.
        const bool reference = r && r->reference;
        std::vector<Series> group;
        for (std::size_t i : indices) {
            // Only the curve's identity, what the colours depend on (a copy of the points would be wasted).
            Series s;
            s.id() = all[i].id();
            if (reference && s.mode == "eager")
                s.mode = "launch";
            group.push_back(std::move(s));
        }
        const std::vector<QColor> colors = ChartStyle::seriesColors(group);
        for (std::size_t k = 0; k < indices.size(); ++k)
            out[indices[k]] = inRunFamily(colors[k], all[indices[k]]);
    }
    return out;
}

QColor ChartView::inRunFamily(const QColor &color, const Series &s) const
{
    // Each run its own family of hues (its index among the runs); a reference run none: it takes
    // the colours of the curves of ours it corresponds to.
    const RunRecord *r = m_model ? m_model->runOf(s) : nullptr;
    const int family = r && !r->reference ? int(r - m_model->runs().data()) : 0;
    return ChartStyle::inFamily(color, family, s.onDevice());
}

namespace {

// The CPU curves of each run and variant, by thread count: what the thread-count cap works on.
std::map<std::pair<std::string, std::string>, std::vector<std::pair<int, std::size_t>>>
threadGroups(const std::vector<Series> &all)
{
    std::map<std::pair<std::string, std::string>, std::vector<std::pair<int, std::size_t>>> groups;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].cpu())
            groups[{all[i].run, all[i].variant}].emplace_back(all[i].threads, i);
    return groups;
}

// Of each run's and variant's CPU curves, at most curveLimit thread counts: log-spaced ranks from
// the first to the last (1, 2, 3, 5, 8, ... threads of 1 to 4,000), each rank distinct, so that a
// capped group draws exactly curveLimit of them.
std::vector<bool> threadsDrawn(const std::vector<Series> &all, int limit)
{
    std::vector<bool> drawn(all.size(), true);
    for (auto &[group, curves] : threadGroups(all)) {
        if (curves.size() <= std::size_t(limit))
            continue;
        std::sort(curves.begin(), curves.end());
        for (const auto &c : curves)
            drawn[c.second] = false;
        const long last = long(curves.size()) - 1;
        long previous = -1;
        for (int k = 0; k < limit; ++k) {
            const long rank = std::lround(std::expm1(std::log1p(double(last)) * k / (limit - 1)));
            // Above the last rank taken, and room left for the ranks still to come.
            previous = std::clamp(rank, previous + 1, last - (limit - 1 - k));
            drawn[curves[std::size_t(previous)].second] = true;
        }
    }
    return drawn;
}

} // namespace

std::vector<bool> ChartView::curvesDrawn(const std::vector<Series> &all)
{
    std::vector<bool> drawn = threadsDrawn(all, curveLimit);
    // Of each kind, CPU and GPU, at most kindLimit curves in all, spread evenly over the rest in
    // the order of `all`: 8,000 variants of one thread count each took minutes to chart.
    for (const bool gpu : {false, true}) {
        std::vector<std::size_t> kind;
        for (std::size_t i = 0; i < all.size(); ++i)
            if (all[i].onDevice() == gpu && drawn[i])
                kind.push_back(i);
        if (kind.size() <= std::size_t(kindLimit))
            continue;
        for (std::size_t i : kind)
            drawn[i] = false;
        const double last = double(kind.size() - 1);
        for (int k = 0; k < kindLimit; ++k)
            drawn[kind[std::size_t(std::lround(last * k / (kindLimit - 1)))]] = true;
    }
    return drawn;
}

QString ChartView::curvesNote(const std::vector<Series> &all, const std::vector<bool> &drawn)
{
    int cpu = 0, shownCpu = 0, gpu = 0, shownGpu = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
        (all[i].onDevice() ? gpu : cpu) += 1;
        (all[i].onDevice() ? shownGpu : shownCpu) += drawn[i] ? 1 : 0;
    }
    if (shownCpu == cpu && shownGpu == gpu)
        return {};
    // Only thread counts left out (no GPU curve, no more than the thread-count cap takes): the
    // thread-count note.
    const bool onlyThreads = shownGpu == gpu && drawn == threadsDrawn(all, curveLimit);
    if (onlyThreads)
        return tr("Drawn: %1 of the %2 CPU thread counts, log-spaced from the fewest to the most; the best "
                  "CPU and the table use every one.")
            .arg(shownCpu)
            .arg(cpu);
    return tr("Drawn: %1 of the %2 CPU curves and %3 of the %4 GPU curves, spread evenly over them; the "
              "best CPU and the table use every one.")
        .arg(shownCpu)
        .arg(cpu)
        .arg(shownGpu)
        .arg(gpu);
}

bool ChartView::measuredHere(const MachineInfo &machine)
{
    // Once, and only what sameHardware compares: the CPU and CUDA's GPUs (/proc and the CUDA
    // runtime). Devices::probeMachine also asks every described backend: where no start-up child
    // probe listed OpenCL's devices (a benchmark, a test), that loaded PoCL and its LLVM into the
    // process, 180 ms of the first roofline or Explain chart.
    static const MachineInfo here = MachineInfo::probeHost();
    return machine.cpuModel.empty() || machine.sameHardware(here);
}

QString ChartView::matchupName(const Matchup &pair, const Series &gpu) const
{
    // With several runs a curve's name held both runs' labels and was cut short: the runs compared
    // across are "A" and "B" (the Runs panel says which), and the GPU curve keeps its mode's name.
    auto runName = [this](const std::string &run) {
        const char as = comparedAs(run);
        return as ? QString(QLatin1Char(as)) : QString::fromStdString(run);
    };
    if (gpu.run.empty())
        return tr("%1 vs %2").arg(QString::fromStdString(gpu.label), pair.cpuNameInNote());
    QString mode = QString::fromStdString(gpu.label);
    if (const QString prefix = QString::fromStdString(gpu.run) + QStringLiteral(": ");
        mode.startsWith(prefix))
        mode = mode.mid(prefix.size());
    // "A's" for the runs compared as A and B; a run's own label is data, named as every curve names
    // its run ("<run>: ..."), never given an English possessive ("2 hardware threads's").
    const bool letters = comparedAs(gpu.run) && (!pair.acrossRuns || comparedAs(pair.best.run));
    if (!letters)
        return pair.acrossRuns
                   ? tr("%1: %2 vs %3: best CPU").arg(runName(gpu.run), mode, runName(pair.best.run))
                   : tr("%1: %2 vs its best CPU").arg(runName(gpu.run), mode);
    return pair.acrossRuns
               ? tr("%1's %2 vs %3's best CPU").arg(runName(gpu.run), mode, runName(pair.best.run))
               : tr("%1's %2 vs its best CPU").arg(runName(gpu.run), mode);
}

char ChartView::comparedAs(const std::string &run) const
{
    const RunStore *m = model();
    if (!m || m->runA() < 0 || m->runB() < 0 || m->runA() == m->runB() || m->runA() >= m->runCount() ||
        m->runB() >= m->runCount())
        return 0;
    if (m->runs()[std::size_t(m->runA())].label == run)
        return 'A';
    if (m->runs()[std::size_t(m->runB())].label == run)
        return 'B';
    return 0;
}

int ChartView::markerShape(const Series &s) const
{
    const RunRecord *r = m_model && !s.run.empty() ? m_model->runOf(s) : nullptr;
    return r && !r->reference ? int(r - m_model->runs().data()) % 4 : 0;
}

bool ChartView::isReference(const Series &s) const
{
    const RunRecord *r = m_model ? m_model->runOf(s) : nullptr;
    return r && r->reference;
}

bool ChartView::isMeasuring(const Series &s) const
{
    if (!m_live || !m_model || m_model->liveRun() < 0 || m_model->liveRun() >= m_model->runCount())
        return m_live;
    return m_model->runOf(s) == &m_model->runs()[std::size_t(m_model->liveRun())];
}

bool ChartView::severalRuns() const
{
    return m_model && m_model->visibleRunCount() > 1;
}

QString ChartView::Matchup::cpuNameInNote() const
{
    return acrossRuns || best.run.empty() ? cpuName : tr("its best CPU");
}

std::vector<ChartView::Matchup> ChartView::matchups(const std::vector<Series> &all) const
{
    std::vector<Matchup> out;
    auto add = [&](const std::string &cpuRun, const std::string &gpuRun) {
        Matchup m;
        std::vector<Series> cpus;
        for (const Series &s : all) {
            if (s.cpu() && s.run == cpuRun) {
                cpus.push_back(s);
                m.cpus.push_back(&s);
            }
            // Queueing is not work, and OpenCL on the CPU's own cores is no GPU to cross the CPU.
            else if (s.gpu() && s.run == gpuRun && !Workload::isQueueTime(s.mode))
                m.gpus.push_back(&s);
        }
        if (cpus.empty() || m.gpus.empty())
            return;
        m.best = Analysis::bestCpu(cpus);
        m.best.run = cpuRun;
        m.cpuName = cpuRun.empty() ? tr("best CPU") : tr("%1: best CPU").arg(QString::fromStdString(cpuRun));
        m.acrossRuns = cpuRun != gpuRun;
        if (!cpuRun.empty())
            m.best.key = cpuRun + '|' + m.best.key;
        out.push_back(std::move(m));
    };
    if (m_model && severalRuns() && m_model->runA() >= 0 && m_model->runB() >= 0 &&
        m_model->runA() != m_model->runB()) {
        const RunRecord &a = m_model->runs()[std::size_t(m_model->runA())];
        const RunRecord &b = m_model->runs()[std::size_t(m_model->runB())];
        if (a.visible && b.visible)
            add(a.label, b.label);
    }
    for (const auto &group : Analysis::byRun(all))
        add(group.front().run, group.front().run);
    return out;
}

std::vector<ChartView::Matchup> ChartView::threadMatchups(const std::vector<Series> &all) const
{
    std::vector<Matchup> out;
    std::vector<std::string> runs;
    for (const Series &s : all)
        if (std::find(runs.begin(), runs.end(), s.run) == runs.end())
            runs.push_back(s.run);
    for (const std::string &run : runs) {
        std::vector<const Series *> cpus;
        std::vector<Series> copies;
        bool gpu = false;
        for (const Series &s : all) {
            if (s.run != run)
                continue;
            if (s.cpu()) {
                cpus.push_back(&s);
                copies.push_back(s);
            }
            gpu = gpu || (s.gpu() && !Workload::isQueueTime(s.mode));
        }
        if (gpu)
            continue; // its GPU curves are its crossovers (matchups)
        Matchup m;
        for (const auto &[one, more] : Analysis::threadPairs(copies)) {
            if (m.cpus.empty()) {
                m.best = *cpus[one];
                m.cpus.push_back(cpus[one]);
                m.cpuName = QString::fromStdString(cpus[one]->label);
                m.threads = true;
            }
            m.gpus.push_back(cpus[more]);
        }
        if (!m.gpus.empty())
            out.push_back(std::move(m));
    }
    return out;
}

} // namespace speeduplab
