// SPDX-License-Identifier: MIT
// speeduplab-cli's `run`: a sweep through Pipeline, printed a row per point as it is measured,
// then the ceilings, crossovers and notes, and written to its --csv and --json files.
#include "cli/clicommon.h"
#include "cli/clitable.h"
#include "cli/commands.h"
#include "core/analysis/analysis.h"
#include "core/analysis/energyanalysis.h"
#include "core/analysis/explain.h"
#include "core/machine/cpuconditions.h"
#include "core/machine/machineinfo.h"
#include "core/measure/sweeprunner.h"
#include "core/pipeline.h"
#include "core/plan/sweepplan.h"
#include "core/results/resultio.h"

#include <cstdio>
#include <exception>
#include <iostream>
#include <map>
#include <string>

namespace speeduplab::cli {

int cmdRun(const RunOptions &o, const Outputs &files)
{
    if (const std::string bad = checkOutputs({{"--csv", &files.csv}, {"--json", &files.json}}, files.write);
        !bad.empty())
        return usageError(bad);
    SweepPlan plan;
    try {
        plan = Pipeline::plan(o, MachineInfo::hardwareThreads());
    } catch (const std::exception &e) {
        return usageError(e.what());
    }
    if (const std::string note = Pipeline::gpuNote(plan); !note.empty())
        std::cerr << "note: " << note << '\n';
    if (const std::string note = Pipeline::energyNote(plan); !note.empty()) // once, before the table
        std::cerr << "note: " << esc(note) << '\n';
    if (const std::string warning = CpuConditions::read().warning(); !warning.empty())
        std::cerr << "warning: " << esc(warning) << '\n';

    // With an output on stdout, what is said for people goes to stderr.
    std::ostream &say = isStdout(files.csv) || isStdout(files.json) ? std::cerr : std::cout;
    Pipeline::Events events;
    CliTable::header(say);
    // A point sent again (measured again because another program disturbed it, or its next
    // round) is a line of its own that says so: the table keeps a line per point first. A line
    // the same as the point's last (a try that kept the earlier measurement) is not repeated.
    std::map<std::string, std::string> printed; // each point's last line
    events.measured = [&say, &printed](const Measurement &m) {
        const std::string key = m.seriesKey() + '@' + std::to_string(m.n);
        const auto last = printed.find(key);
        std::string line = CliTable::rowText(m, last == printed.end() ? std::string() : "again: ");
        if (last != printed.end() && last->second == line)
            return;
        say << line << '\n' << std::flush;
        printed[key] = std::move(line);
    };
    events.calibration = [&say](const CalibrationStep &s) { printStep(say, s); };
    std::string lastRound;
    bool refining = false;
    events.progress = [&plan, &lastRound, &say, &refining](const SweepRunner::Progress &p) {
        if (const std::string note = Pipeline::roundNote(plan, p); !note.empty() && note != lastRound) {
            say << note << '\n' << std::flush;
            lastRound = note;
        }
        // --refine: as its first point starts, what the refinement may add, at the sweep's pace.
        if (p.refining && !refining && p.remaining >= 0) {
            refining = true;
            char left[64];
            std::snprintf(left, sizeof left, p.remaining < 10 ? "%.1f s" : "%.0f s", p.remaining);
            say << "refining the crossovers: at most " << plan.refineBudget << " more points, about " << left
                << " left\n"
                << std::flush;
        }
    };
    for (const std::string &note : {Pipeline::cacheNote(plan), Pipeline::clocksNote(plan)})
        if (!note.empty())
            std::cerr << "note: " << esc(note) << '\n';
    events.onSignal = onSignal;
    const Pipeline::Outcome out = Pipeline::run(plan, o.calibrate, events, g_stop);
    const ResultSet &r = out.result;
    if (out.calibrated)
        CliTable::ceilings(say, r);
    if (!out.calibrationError.empty())
        fail(out.calibrationError);
    CliTable::crossovers(say, Explain::reports(r, plan.workload), Analysis::notGpus(r, plan.workload),
                         o.verbose);
    for (const EnergyCrossover &x : EnergyAnalysis::crossovers(r, plan.workload)) // where energy was counted
        say << "energy: " << esc(x.sentence(x.gpu.label)) << '\n';
    if (plan.refine > 0) {
        say << "refined (--refine " << plan.refine * 100 << "%):\n";
        if (out.refined.empty())
            say << "  no pair of curves crosses: nothing to refine\n";
        for (const Refine::Outcome &x : out.refined)
            say << "  " << esc(x.summary(plan)) << '\n';
    }
    say << "timing: " << Pipeline::timingNote(out.firstPass, out.elapsed) << '\n';
    if (const std::string note = Pipeline::disturbanceNote(out.result); !note.empty())
        say << "note: " << note << '\n';

    // A stop requested during the sweep, or a signal after its last point but before the files.
    const bool interrupted = out.stopped || g_signal != 0;
    int rc = interrupted ? interruptedStatus() : Pipeline::exitStatus(out);
    try {
        if (files.csv)
            writeOutput(*files.csv, ResultIO::toCsv(r), interrupted, r.rows.empty(), files.write, say, &r);
        if (files.json)
            writeOutput(*files.json, ResultIO::toJson(r), interrupted, r.rows.empty(), files.write, say);
    } catch (const std::exception &e) {
        fail(e.what());
        rc = interrupted ? rc : 1;
    }
    if (const std::string note = r.machine.cpuConditions.throttleNote(); !note.empty())
        std::cerr << "note: " << esc(note) << '\n';
    if (interrupted)
        std::cerr << (out.stopped ? Pipeline::stopNote(out)
                                  : "stopped after the sweep: " + std::to_string(r.size()) + " points")
                  << '\n';
    return rc;
}

} // namespace speeduplab::cli
