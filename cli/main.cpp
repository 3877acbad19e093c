// SPDX-License-Identifier: MIT
// speeduplab-cli: the engine from the command line. Exit codes: 0 success, 1 a failure while
// running (a wrong result, a CUDA error), 2 bad usage.
#include "cli/clitable.h"
#include "core/analysis.h"
#include "core/calibration.h"
#include "core/compare.h"
#include "core/cpuconditions.h"
#include "core/machineinfo.h"
#include "core/pipeline.h"
#include "core/presets.h"
#include "core/resultio.h"
#include "core/runset.h"
#include "core/sweepplan.h"
#include "core/sweeprunner.h"
#include "core/version.h"
#include "core/workload.h"

#include <CLI/CLI.hpp>

#include <atomic>
#include <csignal>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

using namespace speeduplab;

namespace {

std::atomic<bool> g_stop{false};

void onSignal(int)
{
    g_stop.store(true);
}

int usageError(const std::string &msg)
{
    std::cerr << "speeduplab-cli: " << msg << '\n';
    return 2;
}

int cmdDevices()
{
    const MachineInfo m = MachineInfo::probe();
    for (const auto &[k, v] : m.describe())
        std::cout << k << ": " << v << '\n';
    return 0;
}

int cmdWorkloads()
{
    for (const auto &w : Workload::all()) {
        auto join = [](const std::vector<std::string> &v) {
            std::string s;
            for (const auto &x : v)
                s += (s.empty() ? "" : ", ") + (x.empty() ? std::string("(none)") : x);
            return s;
        };
        std::cout << w.name << ": " << w.description << '\n'
                  << "  CPU variants: " << join(w.cpuVariants) << '\n'
                  << "  GPU variants: " << join(w.gpuVariants) << '\n'
                  << "  GPU modes:    " << join(w.gpuModes) << '\n'
                  << "  default iterations: " << w.defaultIterations << '\n';
    }
    return 0;
}

void printStep(const CalibrationStep &s)
{
    switch (s.kind) {
    case CalibrationStep::Kind::Cpu:
        std::cout << "Calibrating the CPU with " << s.threads << " threads...\n";
        break;
    case CalibrationStep::Kind::Gpu:
        std::cout << "Calibrating GPU " << s.device << "...\n";
        break;
    case CalibrationStep::Kind::GpuSkipped:
    case CalibrationStep::Kind::GpuFailed:
        std::cout << "GPU not calibrated: " << s.reason << '\n';
        break;
    }
}

/// The files a command writes, as given (an option not given is absent, "" is an error).
struct Outputs {
    std::optional<std::string> csv, json;
    WriteOptions write; ///< --force
};

/// The preflight of every output, before anything runs: a name for each, each writable (its
/// folder lets a file be created and renamed into place), no file twice. Empty when all is well.
std::string checkOutputs(const std::vector<std::pair<const char *, const std::optional<std::string> *>> &outs,
                         const WriteOptions &write)
{
    std::vector<std::string> paths;
    for (const auto &[option, path] : outs) {
        if (!*path)
            continue;
        if ((*path)->empty())
            return std::string(option) + " needs a file name";
        paths.push_back(**path);
    }
    try {
        SafeFile::checkAll(paths, write);
    } catch (const WriteError &e) {
        if (e.kind() == WriteError::Kind::ReadOnly)
            return std::string(e.what()) + " (give --force to replace it)";
        return e.what();
    }
    return {};
}

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
    if (const std::string warning = CpuConditions::read().warning(); !warning.empty())
        std::cerr << "warning: " << warning << '\n';

    Pipeline::Events events;
    CliTable::header(std::cout);
    events.measured = [](const Measurement &m) {
        CliTable::row(std::cout, m);
        std::cout.flush();
    };
    events.calibration = printStep;
    std::string lastRound;
    events.progress = [&plan, &lastRound](const SweepRunner::Progress &p) {
        if (const std::string note = Pipeline::roundNote(plan, p); !note.empty() && note != lastRound) {
            std::cout << note << '\n' << std::flush;
            lastRound = note;
        }
    };
    for (const std::string &note : {Pipeline::cacheNote(plan), Pipeline::clocksNote(plan)})
        if (!note.empty())
            std::cerr << "note: " << note << '\n';
    const Pipeline::Outcome out = Pipeline::run(plan, o.calibrate, events, g_stop);
    const ResultSet &r = out.result;
    if (out.calibrated)
        CliTable::ceilings(std::cout, r);
    if (!out.calibrationError.empty())
        std::cerr << "speeduplab-cli: " << out.calibrationError << '\n';
    CliTable::crossovers(std::cout, Analysis::reports(r, plan.workload));
    std::cout << "timing: " << Pipeline::timingNote(out.firstPass, out.elapsed) << '\n';

    int rc = Pipeline::exitStatus(out);
    try {
        if (files.csv) {
            ResultIO::writeCsv(r, *files.csv, files.write);
            std::cout << "wrote " << *files.csv << '\n';
        }
        if (files.json) {
            ResultIO::writeJson(r, *files.json, files.write);
            std::cout << "wrote " << *files.json << '\n';
        }
    } catch (const std::exception &e) {
        std::cerr << "speeduplab-cli: " << e.what() << '\n';
        rc = 1;
    }
    if (const std::string note = r.machine.cpuConditions.throttleNote(); !note.empty())
        std::cerr << "note: " << note << '\n';
    if (out.stopped)
        std::cerr << Pipeline::stopNote(out) << '\n';
    return rc;
}

int cmdCalibrate(int threads, int device, bool cpuOnly, const Outputs &files)
{
    const int hw = MachineInfo::hardwareThreads();
    if (threads <= 0)
        threads = hw;
    if (threads > hw)
        return usageError("thread count " + std::to_string(threads) + " is above this machine's " +
                          std::to_string(hw) + " hardware threads");
    if (const std::string bad = checkOutputs({{"--json", &files.json}}, files.write); !bad.empty())
        return usageError(bad);
    ResultSet r;
    r.machine = MachineInfo::probe();
    const Pipeline::Calibrated c = Pipeline::calibrate(threads, device, !cpuOnly, g_stop, printStep);
    r.machine.ceilings = c.ceilings;
    for (const auto &[k, v] : r.machine.ceilings)
        std::cout << "  " << k << ": " << Calibration::describe(k, v) << '\n';
    if (files.json) {
        ResultIO::writeJson(r, *files.json, files.write);
        std::cout << "wrote " << *files.json << '\n';
    }
    return 0;
}

int cmdVerify(int device, bool cpuOnly)
{
    const int hw = MachineInfo::hardwareThreads();
    const MachineInfo::GpuState gpuState = MachineInfo::gpuState();
    int wrong = 0, passed = 0, skipped = 0;
    std::cout << "Checking every workload, variant and mode against the CPU reference\n";
    for (const auto &w : Workload::all()) {
        SweepPlan p;
        p.workload = w.name;
        for (const auto &v : w.cpuVariants)
            if (!v.empty())
                p.variants.push_back(v);
        for (const auto &v : w.gpuVariants)
            if (!v.empty())
                p.variants.push_back(v);
        // Sizes that are not multiples of any tile, block or vector width, and 1.
        p.sizes = w.name == "gemm" ? std::vector<int>{1, 3, 17, 33, 100, 257, 515}
                                   : std::vector<int>{1, 3, 17, 33, 100, 257, 1000, 1025};
        p.threads = hw > 1 ? std::vector<int>{1, hw} : std::vector<int>{1};
        p.iterations = w.name == "add" ? 7 : w.name == "saxpy" ? 5 : w.name == "gemm" ? 1 : 2;
        p.minTime = 0;
        p.maxReps = 1;
        p.device = device;
        p.gpu = !cpuOnly && gpuState.usable;
        SweepRunner runner(p);
        SweepRunner::Callbacks cb;
        cb.measured = [&](const Measurement &m) {
            const char *verdict = m.ok()                                     ? "PASS"
                                  : m.status == Measurement::Status::Skipped ? "SKIP"
                                                                             : "FAIL";
            if (m.ok())
                ++passed;
            else if (m.status == Measurement::Status::Skipped)
                ++skipped;
            else
                ++wrong;
            std::cout << verdict << "  " << m.workload << "  " << m.seriesLabel() << "  n = " << m.n;
            if (!m.reason.empty())
                std::cout << "  " << m.reason;
            std::cout << '\n';
        };
        runner.run(cb, g_stop);
    }
    if (!gpuState.usable && !cpuOnly)
        std::cout << "GPU not checked: " << gpuState.reason << '\n';
    std::cout << passed << " passed, " << wrong << " failed, " << skipped << " skipped\n";
    return wrong ? 1 : 0;
}

/// The runs of one file, as given on the command line.
struct LoadedFile {
    std::string path;
    std::vector<RunRecord> runs;
    /// A result file of one run (not a runs file): it is named by its path, as before runs files.
    bool single() const { return runs.size() == 1 && runs[0].source == path; }
    /// How a run of this file is named in the output: the path, or the path and the run's label.
    std::string name(const RunRecord &r) const
    {
        return single() ? path : path + ", run \"" + r.label + "\"";
    }
};

/// Loads every file before anything is printed or written, so that a bad one stops the command
/// with its name (RunSet::load's message names the file and the line or field) and no half
/// report.
bool loadAll(const std::vector<std::string> &paths, std::vector<LoadedFile> &out)
{
    for (const auto &path : paths) {
        try {
            out.push_back({path, RunSet::load(path)});
        } catch (const std::exception &e) {
            std::cerr << "speeduplab-cli: " << e.what() << '\n';
            return false;
        }
    }
    return true;
}

int cmdReport(const std::vector<std::string> &paths)
{
    std::vector<LoadedFile> files;
    if (!loadAll(paths, files))
        return 1;
    bool first = true;
    for (const auto &f : files)
        for (const auto &run : f.runs) {
            if (!first)
                std::cout << '\n';
            first = false;
            CliTable::report(std::cout, f.single() ? f.path : run.label + " (" + f.path + ")", run.results);
        }
    return 0;
}

/// The labels of runs, quoted, for a message: "a", "b", "c".
std::string labelList(const std::vector<RunRecord> &runs)
{
    std::string s;
    for (const auto &r : runs)
        s += (s.empty() ? "\"" : ", \"") + r.label + "\"";
    return s;
}

/// The run of f that `compare` uses: the one labelled `label` (given with `option`), else the
/// only one. Empty (and the message printed) when there is no such single run.
const RunRecord *pickRun(const LoadedFile &f, const std::optional<std::string> &label, const char *option,
                         int &rc)
{
    if (label) {
        for (const auto &r : f.runs)
            if (r.label == *label)
                return &r;
        rc =
            usageError(f.path + " has no run labelled \"" + *label + "\"; its runs are " + labelList(f.runs));
        return nullptr;
    }
    if (f.runs.size() == 1)
        return &f.runs[0];
    if (f.runs.empty()) {
        std::cerr << "speeduplab-cli: " << f.path << " holds no runs: nothing to compare\n";
        rc = 1;
        return nullptr;
    }
    rc = usageError(f.path + " holds " + std::to_string(f.runs.size()) + " runs: pick one with " + option +
                    " LABEL, one of " + labelList(f.runs));
    return nullptr;
}

int cmdCompare(std::vector<std::string> paths, const std::optional<std::string> &runA,
               const std::optional<std::string> &runB)
{
    if (paths.size() == 1 && runA && runB)
        paths.push_back(paths[0]); // two runs of one runs file
    if (paths.size() != 2)
        return usageError("compare needs exactly two files, A and B (got " + std::to_string(paths.size()) +
                          "), or one runs file with --run-a and --run-b (see speeduplab-cli compare --help)");
    std::vector<LoadedFile> files;
    if (!loadAll(paths, files))
        return 1;
    int rc = 0;
    const RunRecord *a = pickRun(files[0], runA, "--run-a", rc);
    if (!a)
        return rc;
    const RunRecord *b = pickRun(files[1], runB, "--run-b", rc);
    if (!b)
        return rc;
    const std::string nameA = files[0].name(*a), nameB = files[1].name(*b);
    const Comparison c = Compare::compare(a->results, b->results);
    if (c.empty()) {
        std::cerr << "speeduplab-cli: " << nameA << " and " << nameB
                  << " have no successful point in common (the same workload, variant, backend, threads, "
                     "mode, copies and n): nothing to compare\n";
        return 1;
    }
    std::cout << "A: " << nameA << '\n' << "B: " << nameB << "\n\n";
    CliTable::comparison(std::cout, c);
    return 0;
}

int cmdMerge(const std::vector<std::string> &paths, const std::optional<std::string> &output,
             const WriteOptions &write)
{
    if (const std::string bad = checkOutputs({{"-o", &output}}, write); !bad.empty())
        return usageError(bad);
    std::vector<LoadedFile> files;
    if (!loadAll(paths, files))
        return 1;
    std::vector<RunRecord> joined;
    for (auto &f : files)
        for (auto &run : f.runs) {
            run.label = RunSet::uniqueLabel(joined, run.label);
            joined.push_back(std::move(run));
        }
    if (joined.size() > RunSet::maxRuns) {
        std::cerr << "speeduplab-cli: the files hold " << joined.size() << " runs, more than the "
                  << RunSet::maxRuns << " a runs file may hold: merge them into several files\n";
        return 1;
    }
    RunSet::write(joined, *output, write);
    std::cout << "wrote " << *output << ": " << joined.size() << (joined.size() == 1 ? " run" : " runs")
              << " from " << files.size() << (files.size() == 1 ? " file" : " files") << '\n';
    for (const auto &r : joined)
        std::cout << "  " << r.label << (r.reference ? " (reference)" : "")
                  << (r.source.empty() ? "" : ", from " + r.source) << '\n';
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);

    CLI::App app{"SpeedupLab: when is the GPU faster than the CPU, and why?", "speeduplab-cli"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string(SPEEDUPLAB_VERSION));

    auto *devices =
        app.add_subcommand("devices", "Show the CPU and every GPU, or why there is no usable GPU");
    auto *workloads = app.add_subcommand("workloads", "List the workloads, their variants and GPU modes");

    RunOptions o;
    Outputs runFiles;
    auto *run = app.add_subcommand("run", "Sweep sizes and thread counts; print a table and the crossovers");
    // Every sweep option is kept as typed: Pipeline::plan checks them all, for the app too.
    auto text = [run](const std::string &name, std::optional<std::string> &out, const std::string &help) {
        return run->add_option_function<std::string>(
            name, [&out](const std::string &v) { out = v; }, help);
    };
    std::string presetNames;
    for (const auto &n : Presets::names())
        presetNames += (presetNames.empty() ? "" : ", ") + n;
    run->add_option("--preset", o.preset,
                    "a named sweep: " + presetNames + " (options given with it override it)");
    text("--workload,-w", o.workload, "add, saxpy, reduce, gemm, transfer, scan or spmv")->default_str("add");
    text(
        "--variant", o.variants,
        "variant(s), comma-separated (gemm: naive, tiled, blas, blas-bf16, cublas, cublas-tf32, cublas-fp16, "
        "cublas-bf16; scan: serial, rows, cub; spmv: csr, cusparse, scalar)");
    text("--sizes", o.sizes, "tensor edges n, comma-separated, e.g. 4,40,400");
    text("--range", o.range, "MIN:MAX[:STEPS_PER_DECADE], log-spaced");
    text("--threads", o.threads, "CPU thread counts, e.g. 1,2,4, or all")->default_str("all");
    text("--modes", o.modes, "GPU modes: launch, graph, fused (default: all the workload has)");
    run->add_flag("--transfers", o.transfers,
                  "put host-to-device and device-to-host copies in the GPU's timed region");
    text("--host-memory", o.hostMemory, "pageable or pinned host memory for copies")->default_str("pageable");
    text("--iterations", o.iterations, "operations per repetition (default: the workload's; add: 1000)");
    text("--min-time", o.minTime, "seconds of repetitions per point, at least")->default_str("0.1");
    text("--max-reps", o.maxReps, "repetitions per point, at most")->default_str("1000");
    text("--budget", o.budget, "seconds for the whole sweep (0: no limit)")->default_str("0");
    text("--device", o.device,
         "GPU index, a list (0,1), or all: each GPU in turn, its curves labelled by device")
        ->default_str("0");
    text("--cache", o.cache,
         "warm, or cold: flush the GPU's L2 and the CPU's last-level cache before every repetition "
         "(outside the timed region)")
        ->default_str("warm");
    text("--rounds", o.rounds,
         "run the whole sweep K times, each round in a shuffled order, and merge each point's rounds "
         "(a drift shows as spread, not as a trend in n)")
        ->default_str("1");
    text("--seed", o.seed, "the seed of the rounds' shuffled orders (default: a random one, recorded)");
    run->add_flag("--cpu-only", o.cpuOnly, "do not use the GPU");
    run->add_flag("--gpu-only", o.gpuOnly, "do not measure the CPU");
    run->add_flag("--calibrate", o.calibrate,
                  "also measure the machine's ceilings and store them with the results");
    // An output as typed: absent is none, "" a usage error (an empty CLI11 string would be both).
    auto output = [](CLI::App *cmd, const std::string &name, std::optional<std::string> &out,
                     const std::string &help) {
        return cmd
            ->add_option_function<std::string>(
                name, [&out](const std::string &v) { out = v; }, help)
            ->type_name("FILE");
    };
    const char *forceHelp = "replace an output file even when it is read-only (its mode is kept)";
    output(run, "--csv", runFiles.csv, "write the results as CSV (atomically)");
    output(run, "--json", runFiles.json, "write the results and machine metadata as JSON (atomically)");
    run->add_flag("--force", runFiles.write.force, forceHelp);

    int verifyDevice = 0;
    bool verifyCpuOnly = false;
    auto *verify =
        app.add_subcommand("verify", "Check every workload, variant and backend against the CPU reference");
    verify->add_option("--device", verifyDevice, "GPU index");
    verify->add_flag("--cpu-only", verifyCpuOnly, "check only the CPU kernels");

    int calThreads = 0, calDevice = 0;
    bool calCpuOnly = false;
    Outputs calFiles;
    auto *calibrate = app.add_subcommand(
        "calibrate", "Measure the machine's ceilings: bandwidths, launch latency, GEMM FLOP/s");
    calibrate->add_option("--threads", calThreads, "CPU threads (default: all)");
    calibrate->add_option("--device", calDevice, "GPU index");
    calibrate->add_flag("--cpu-only", calCpuOnly, "calibrate only the CPU");
    output(calibrate, "--json", calFiles.json, "write the ceilings (as result-set metadata) to a JSON file");
    calibrate->add_flag("--force", calFiles.write.force, forceHelp);

    std::vector<std::string> reportFiles;
    auto *report = app.add_subcommand(
        "report", "Print each result file's machine, crossovers, ceilings and a table of its series");
    report
        ->add_option("files", reportFiles,
                     "result files (CSV or JSON) written by run, or runs files written by merge (each run "
                     "is printed under its label)")
        ->type_name("FILE")
        ->required();

    std::vector<std::string> compareFiles;
    std::optional<std::string> compareRunA, compareRunB;
    auto *compare = app.add_subcommand(
        "compare",
        "Compare two runs point by point: the time ratio B/A, and whether B is faster, slower or the "
        "same within noise");
    // Any count is taken here, so that cmdCompare names the problem in one sentence.
    compare
        ->add_option("files", compareFiles,
                     "A and B: two result files (CSV or JSON) or runs files; one runs file to compare two of "
                     "its runs")
        ->type_name("FILE");
    auto label = [](CLI::App *cmd, const std::string &name, std::optional<std::string> &out,
                    const std::string &help) {
        cmd->add_option_function<std::string>(
               name, [&out](const std::string &v) { out = v; }, help)
            ->type_name("LABEL");
    };
    label(compare, "--run-a", compareRunA,
          "the run of A to compare, by its label (`report` prints them); needed when A holds several runs");
    label(compare, "--run-b", compareRunB, "the run of B to compare, by its label");

    std::vector<std::string> mergeFiles;
    Outputs mergeOut;
    auto *merge = app.add_subcommand(
        "merge", "Join the runs of result files and runs files (from many machines) into one runs file, "
                 "which the app opens as several runs; labels are made unique");
    merge->add_option("files", mergeFiles, "result files (CSV or JSON) and runs files, in the order to keep")
        ->type_name("FILE")
        ->required();
    output(merge, "-o,--output", mergeOut.json, "the runs file to write (atomically)")->required();
    merge->add_flag("--force", mergeOut.write.force, forceHelp);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp &e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp &e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion &e) {
        return app.exit(e);
    } catch (const CLI::ParseError &e) {
        return usageError(std::string(e.what()) + " (see speeduplab-cli --help)");
    }

    try {
        if (*devices)
            return cmdDevices();
        if (*workloads)
            return cmdWorkloads();
        if (*run)
            return cmdRun(o, runFiles);
        if (*calibrate)
            return cmdCalibrate(calThreads, calDevice, calCpuOnly, calFiles);
        if (*verify)
            return cmdVerify(verifyDevice, verifyCpuOnly);
        if (*report)
            return cmdReport(reportFiles);
        if (*compare)
            return cmdCompare(compareFiles, compareRunA, compareRunB);
        if (*merge)
            return cmdMerge(mergeFiles, mergeOut.json, mergeOut.write);
    } catch (const std::exception &e) {
        std::cerr << "speeduplab-cli: " << e.what() << '\n';
        return 1;
    }
    return 2;
}
