// SPDX-License-Identifier: MIT
#include "cli/clitable.h"

#include "core/calibration.h"
#include "core/workload.h"

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

} // namespace

void CliTable::header(std::ostream &os)
{
    char buf[256];
    std::snprintf(buf, sizeof buf, "%-34s %7s %14s %14s %7s %5s %12s  %s", "series", "n", "per iter",
                  "whole rep", "cv", "reps", "throughput", "status");
    os << buf << '\n';
}

void CliTable::row(std::ostream &os, const Measurement &m)
{
    char buf[512];
    std::string status = Measurement::statusName(m.status);
    if (m.ok() && m.stats.noisy())
        status += " (noisy)";
    if (!m.reason.empty())
        status += ": " + m.reason;
    std::string thr = "-";
    if (m.ok() && m.stats.median > 0) {
        const Workload *w = Workload::find(m.workload);
        char t[32];
        if (w && w->computeBound())
            std::snprintf(t, sizeof t, "%.1f GFLOP/s", m.flops / m.stats.median / 1e9);
        else
            std::snprintf(t, sizeof t, "%.2f GB/s", m.bytes / m.stats.median / 1e9);
        thr = t;
    }
    const bool timed = m.stats.reps > 0;
    char cv[16];
    std::snprintf(cv, sizeof cv, "%.1f%%", m.stats.cv * 100);
    std::snprintf(buf, sizeof buf, "%-34s %7d %14s %14s %7s %5d %12s  %s", m.seriesLabel().c_str(), m.n,
                  timed ? formatTime(m.perIteration()).c_str() : "-",
                  timed ? formatTime(m.stats.median).c_str() : "-", timed ? cv : "-", m.stats.reps,
                  thr.c_str(), status.c_str());
    os << buf << '\n';
}

void CliTable::ceilings(std::ostream &os, const ResultSet &r)
{
    os << "\nCeilings:\n";
    for (const auto &[k, v] : r.machine.ceilings)
        os << "  " << k << ": " << Calibration::describe(k, v) << '\n';
    os << "\nShare of the ceiling:\n";
    for (const auto &m : r.rows) {
        const Calibration::Level level = Calibration::levelFor(m, r.machine);
        const double f = Calibration::fractionOfCeiling(m, r.machine);
        if (f > 0) {
            char buf[200];
            std::snprintf(buf, sizeof buf, "  %-34s n = %-6d %6.1f %% of %s (%s)\n", m.seriesLabel().c_str(),
                          m.n, f * 100, level.name.c_str(),
                          Calibration::describe(level.key, level.value).c_str());
            os << buf;
            const std::string why = Calibration::aboveCeilingReason(m, r.machine);
            if (!why.empty())
                os << "      " << why << '\n';
        }
    }
}

void CliTable::crossovers(std::ostream &os, const std::vector<CrossoverReport> &reports)
{
    os << "\nCrossovers (where the GPU overtakes the CPU):\n";
    if (reports.empty()) {
        os << "  none to report: the run needs at least one CPU and one GPU series with successful points\n";
        return;
    }
    for (const auto &r : reports)
        os << "  " << r.cpuLabel << " vs " << r.gpuLabel << ": " << r.summary() << '\n';
}

} // namespace speeduplab
