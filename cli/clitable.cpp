// SPDX-License-Identifier: MIT
// CliTable: the CLI's tables and reports. Every text that comes from a file or from the machine
// is printed through esc() (TerminalText::escaped), every name or value from a file through val()
// (TerminalText::value), and every rate through rateText().
#include "cli/clitable.h"

#include "core/analysis/energyanalysis.h"
#include "core/analysis/refine.h"

#include "core/io/terminaltext.h"
#include "core/measure/calibration.h"
#include "core/model/workload.h"

#include <cmath>
#include <cstdio>

namespace speeduplab {

namespace {

std::string formatTime(double s)
{
    char buf[32];
    if (s < 1e-3)
        std::snprintf(buf, sizeof buf, "%.3f us", s * 1e6);
    else if (s < 1)
        std::snprintf(buf, sizeof buf, "%.3f ms", s * 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.3f s", s);
    return buf;
}

std::string esc(const std::string &s)
{
    return TerminalText::escaped(s);
}

// A name or a value from a file (a label, a workload, a machine's field), its backslashes
// doubled: a name's own "\x1b" is told apart from the escape of a control character.
std::string val(const std::string &s)
{
    return TerminalText::value(s);
}

// A rate with its unit; for one that is not a positive finite number (a file's bytes or FLOPs
// of 0, or numbers so far out that the rate overflows) a dash and why, never "inf" or "nan".
std::string rateText(double rate, bool computeBound)
{
    char buf[48];
    if (std::isfinite(rate) && rate > 0) {
        if (computeBound)
            std::snprintf(buf, sizeof buf, "%.1f GFLOP/s", rate / 1e9);
        else
            std::snprintf(buf, sizeof buf, "%.2f GB/s", rate / 1e9);
        return buf;
    }
    if (std::isinf(rate))
        return "\u2014 (out of range)";
    return computeBound ? "\u2014 (no FLOPs)" : "\u2014 (no bytes)";
}

} // namespace

void CliTable::header(std::ostream &os)
{
    char buf[256];
    std::snprintf(buf, sizeof buf, "%-34s %7s %14s %14s %7s %5s %12s  %s", "series", "n", "per iter",
                  "whole rep", "cv", "reps", "throughput", "status");
    os << buf << '\n';
}

std::string CliTable::rowText(const Measurement &m, const std::string &prefix)
{
    char buf[2048];
    std::string status = Measurement::statusName(m.status);
    if (m.ok() && m.stats.noisy())
        status += " (noisy)";
    if (const std::string rounds = m.conditions.roundSummary(m.stats.median); !rounds.empty())
        status += " (" + rounds + ")";
    if (!m.reason.empty())
        status += ": " + m.reason;
    std::string thr = "-";
    if (m.ok() && m.stats.median > 0) {
        const Workload *w = Workload::find(m.workload);
        const bool compute = w && w->computeBound();
        thr = rateText((compute ? m.flops : m.bytes) / m.stats.median, compute);
    }
    const bool timed = m.stats.reps > 0;
    char cv[16];
    std::snprintf(cv, sizeof cv, "%.1f%%", m.stats.cv * 100);
    std::snprintf(
        buf, sizeof buf, "%-34s %7d %14s %14s %7s %5d %12s  %s", (prefix + val(m.seriesLabel())).c_str(), m.n,
        timed ? formatTime(m.perIteration()).c_str() : "-", timed ? formatTime(m.stats.median).c_str() : "-",
        timed ? cv : "-", m.stats.reps, thr.c_str(), esc(status).c_str());
    return buf;
}

void CliTable::ceilings(std::ostream &os, const ResultSet &r)
{
    os << "\nCeilings:\n";
    for (const auto &[k, v] : r.machine.ceilings)
        os << "  " << esc(k) << ": " << MachineInfo::ceilingText(k, v) << r.machine.measuredAt(k) << '\n';
    os << "\nShare of the ceiling:\n";
    for (const auto &m : r.rows) {
        const Calibration::Level level = Calibration::levelFor(m, r.machine);
        const double f = Calibration::fractionOfCeiling(m, r.machine);
        if (f > 0 && std::isfinite(f)) {
            char buf[400];
            const std::string key = Calibration::atThreads(level.key, m.threads);
            std::snprintf(buf, sizeof buf, "  %-34s n = %-6d %6.1f %% of %s (%s: %s%s)\n",
                          val(m.seriesLabel()).c_str(), m.n, f * 100, esc(level.name).c_str(),
                          esc(level.key).c_str(), MachineInfo::ceilingText(level.key, level.value).c_str(),
                          r.machine.measuredAt(r.machine.ceilings.count(key) ? key : level.key).c_str());
            os << buf;
            const std::string why = Calibration::aboveCeilingReason(m, r.machine);
            if (!why.empty())
                os << "      " << esc(why) << '\n';
        }
    }
}

void CliTable::crossovers(std::ostream &os, const std::vector<CrossoverReport> &reports,
                          const std::vector<std::string> &notGpus, bool verbose)
{
    os << "\nCrossovers (where the GPU overtakes the CPU):\n";
    for (const std::string &note : notGpus)
        os << "  " << esc(note) << '\n';
    if (reports.empty()) {
        os << "  none to report: the run needs at least one CPU and one GPU series with successful points\n";
        return;
    }
    std::size_t leftOut = 0;
    for (const CrossoverReport *r : Analysis::printed(reports, verbose, &leftOut))
        os << "  " << val(r->cpuLabel) << " vs " << val(r->gpuLabel) << ": " << esc(r->summary()) << '\n';
    if (leftOut > 0)
        os << "  (" << Analysis::leftOutNote(leftOut) << ")\n";
}

void CliTable::report(std::ostream &os, const std::string &name, const ResultSet &r, bool verbose)
{
    const RunSummary s = Compare::summarize(r);
    os << "== " << val(name) << " ==\n";
    os << "Machine:\n";
    for (const auto &[k, v] : r.machine.describe())
        if (k.rfind("Ceiling ", 0) != 0) // the ceilings have their own section below
            os << "  " << esc(k) << ": " << val(v) << '\n';

    os << "\nCrossovers (where the GPU overtakes the CPU):\n";
    if (s.crossovers.empty())
        os << "  none to report: the run has no measurements\n";
    for (const auto &w : s.crossovers) {
        if (w.reports.empty()) {
            os << "  " << val(w.workload)
               << ": none to report (needs a CPU and a GPU series with successful points)\n";
            continue;
        }
        std::size_t leftOut = 0;
        for (const CrossoverReport *c : Analysis::printed(w.reports, verbose, &leftOut))
            os << "  " << val(w.workload) << ": " << val(c->cpuLabel) << " vs " << val(c->gpuLabel) << ": "
               << esc(c->summary()) << '\n';
        if (leftOut > 0)
            os << "  " << val(w.workload) << ": (" << Analysis::leftOutNote(leftOut) << ")\n";
    }
    // What --refine pinned, as `run` said it when it measured them.
    if (r.machine.sweep.refine > 0) {
        os << "refined (--refine " << r.machine.sweep.refine * 100 << "%):\n";
        if (r.machine.sweep.refined.empty())
            os << "  no pair of curves crossed: nothing was refined\n";
        for (const auto &w : s.crossovers)
            for (const Refine::Kept &k : Refine::kept(r, w.workload))
                os << "  " << val(w.workload) << ": " << esc(k.summary()) << '\n';
    }

    // Where energy was counted: where each GPU curve starts to spend less than the CPU.
    if (EnergyAnalysis::any(r)) {
        os << "\nEnergy (where the GPU spends less energy than the CPU):\n";
        for (const auto &w : s.crossovers)
            for (const EnergyCrossover &x : EnergyAnalysis::crossovers(r, w.workload))
                os << "  " << val(w.workload) << ": " << esc(x.sentence(x.gpu.label)) << '\n';
    }

    os << "\nCeilings:\n";
    if (s.ceilings.empty())
        os << "  none measured (run with --calibrate, or `speeduplab-cli calibrate`)\n";
    for (const auto &[k, v] : s.ceilings)
        os << "  " << esc(k) << ": " << MachineInfo::ceilingText(k, v) << r.machine.measuredAt(k) << '\n';

    os << "\nSeries (peak: the point with the highest throughput):\n";
    char buf[1024];
    std::snprintf(buf, sizeof buf, "  %-10s %-34s %6s %15s %8s %14s  %s", "workload", "series", "points",
                  "sizes", "peak n", "per iter", "peak rate, in its level");
    os << buf << '\n';
    for (const auto &l : s.series) {
        char sizes[48];
        std::snprintf(sizes, sizeof sizes, "%d-%d", l.nMin, l.nMax);
        // No peak: no point of the series had a positive finite rate (Compare::summarize).
        const bool peak = l.peakN > 0 && std::isfinite(l.peakRate) && l.peakRate > 0;
        const std::string peakN = peak ? std::to_string(l.peakN) : "\u2014";
        const std::string time = peak ? formatTime(l.peakTime) : "\u2014";
        // The rate with its level, as every view quotes it: a fused kernel's in FLOP/s in registers.
        std::string rate = peak ? rateText(l.peak.value, l.peak.flops) : "\u2014";
        if (peak && !l.peak.level.empty())
            rate += " in " + val(l.peak.level);
        std::snprintf(buf, sizeof buf, "  %-10s %-34s %6d %15s %8s %14s  %s", val(l.workload).c_str(),
                      val(l.label).c_str(), l.points, sizes, peakN.c_str(), time.c_str(), rate.c_str());
        os << buf << '\n';
    }
    if (s.series.empty())
        os << "  no successful points\n";
    if (s.failedPoints > 0)
        os << "  (" << s.failedPoints << " points failed, were skipped or cancelled; not counted)\n";
}

void CliTable::comparison(std::ostream &os, const Comparison &c)
{
    char buf[1024];
    std::snprintf(buf, sizeof buf, "%-10s %-34s %7s %14s %14s %8s  %s", "workload", "series", "n", "time A",
                  "time B", "B/A", "verdict (B against A)");
    os << buf << '\n';
    for (const auto &p : c.points) {
        std::string verdict = Compare::verdictName(p.verdict);
        if (p.noisy)
            verdict += " (noisy)";
        char ratio[32] = "\u2014";
        if (std::isfinite(p.ratio))
            std::snprintf(ratio, sizeof ratio, "%.3f", p.ratio);
        std::snprintf(buf, sizeof buf, "%-10s %-34s %7d %14s %14s %8s  %s", val(p.workload).c_str(),
                      val(p.label).c_str(), p.n, formatTime(p.timeA).c_str(), formatTime(p.timeB).c_str(),
                      ratio, verdict.c_str());
        os << buf << '\n';
    }
    os << "\n"
       << c.points.size() << " points in common: B is faster at " << c.faster << ", slower at " << c.slower
       << ", the same within noise at " << c.same << '\n';
}

} // namespace speeduplab
