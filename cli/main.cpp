// SPDX-License-Identifier: MIT
// speeduplab-cli: the engine from the command line. Exit codes: 0 success, 1 a failure while
// running (a wrong result, a CUDA error), 2 bad usage, 128 + the signal when interrupted (130
// for SIGINT, 143 for SIGTERM). Text from files and from the machine is printed escaped
// (TerminalText).
#include "cli/clitable.h"
#include "core/analysis.h"
#include "core/blaslibrary.h"
#include "core/calibration.h"
#include "core/compare.h"
#include "core/cpuconditions.h"
#include "core/explain.h"
#include "core/machineinfo.h"
#include "core/pipeline.h"
#include "core/presets.h"
#include "core/resultio.h"
#include "core/runset.h"
#include "core/sweepconditions.h"
#include "core/sweepplan.h"
#include "core/sweeprunner.h"
#include "core/terminaltext.h"
#include "core/version.h"
#include "core/workload.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

using namespace speeduplab;

namespace {

std::atomic<bool> g_stop{false};
/// The first signal that asked to stop (SIGINT or SIGTERM); 0 while none has.
volatile std::sig_atomic_t g_signal = 0;
/// Set while input files are read: the loaders have no stop flag, and nothing has been written
/// yet, so a signal ends the process at once instead of when the last file is parsed.
std::atomic<bool> g_exitAtOnce{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler needs a lock-free flag");

void onSignal(int sig)
{
    if (g_signal == 0)
        g_signal = sig;
    g_stop.store(true);
    if (g_exitAtOnce.load()) {
        // Only async-signal-safe calls here.
        static const char msg[] = "speeduplab-cli: interrupted while reading the input files; nothing was "
                                  "written\n";
        [[maybe_unused]] const ssize_t w = ::write(STDERR_FILENO, msg, sizeof msg - 1);
        ::_exit(128 + sig);
    }
}

/// The exit status of an interrupted command: 128 + the signal, as a shell reports it.
int interruptedStatus()
{
    return 128 + (g_signal ? int(g_signal) : SIGINT);
}

std::string esc(const std::string &s)
{
    return TerminalText::escaped(s);
}

/// Prints "speeduplab-cli: <msg>" on stderr, escaped (a message may name a file or echo a value).
int fail(const std::string &msg, int rc = 1)
{
    std::cerr << "speeduplab-cli: " << esc(msg) << '\n';
    return rc;
}

int usageError(const std::string &msg)
{
    return fail(msg, 2);
}

/// "-" as an output file: the text goes to stdout.
bool isStdout(const std::optional<std::string> &path)
{
    return path && *path == "-";
}

/// A warning, once, for an OPENBLAS_CORETYPE that OpenBLAS does not know (it ignores it without a
/// word that reaches the user).
void warnCoreType()
{
    if (const char *v = std::getenv("OPENBLAS_CORETYPE"); v && *v)
        if (const std::string why = BlasLibrary::coreTypeProblem(v); !why.empty())
            std::cerr << "warning: " << esc(why) << '\n';
}

int cmdDevices()
{
    const MachineInfo m = MachineInfo::probe();
    for (const auto &[k, v] : m.describe())
        std::cout << esc(k) << ": " << esc(v) << '\n';
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
                  << "  GPU modes:    " << join(w.gpuModes)
                  << (w.optInGpuModes.empty() ? std::string()
                                              : "; when named: " + join(w.optInGpuModes) +
                                                    " (launch timed before the device is synchronised)")
                  << '\n'
                  << "  default iterations: " << w.defaultIterations << '\n';
    }
    return 0;
}

void printStep(std::ostream &os, const CalibrationStep &s)
{
    switch (s.kind) {
    case CalibrationStep::Kind::Cpu:
        os << "Calibrating the CPU with " << s.threads << " threads...\n";
        break;
    case CalibrationStep::Kind::Gpu:
        os << "Calibrating GPU " << s.device << "...\n";
        break;
    case CalibrationStep::Kind::GpuSkipped:
    case CalibrationStep::Kind::GpuFailed:
        os << "GPU not calibrated: " << esc(s.reason) << '\n';
        break;
    case CalibrationStep::Kind::GpuPartial:
        os << "GPU " << s.device
           << " calibrated without its cuBLAS ceilings (its other ceilings are kept): " << esc(s.reason)
           << '\n';
        break;
    case CalibrationStep::Kind::OpenCl:
        os << "Calibrating opencl:" << s.device << "...\n";
        break;
    case CalibrationStep::Kind::OpenClFailed:
        os << "opencl:" << s.device << " not calibrated (the other ceilings are kept): " << esc(s.reason)
           << '\n';
        break;
    }
    os << std::flush;
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
    int toStdout = 0;
    for (const auto &[option, path] : outs) {
        if (!*path)
            continue;
        if ((*path)->empty())
            return std::string(option) + " needs a file name";
        if (isStdout(*path)) {
            if (++toStdout > 1)
                return "only one output may be stdout (-): give the others a file name";
            continue;
        }
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

/// One output of run or calibrate: text to path (Pipeline::writeOutput: an interrupted command
/// never replaces it), or to stdout for "-". Says what was done: "wrote" on `say` (the stream for
/// people), an interruption on stderr. Throws WriteError.
void writeOutput(const std::string &path, const std::string &text, bool interrupted, bool nothing,
                 const WriteOptions &write, std::ostream &say)
{
    if (path == "-") {
        if (interrupted)
            std::cerr << "interrupted: nothing was written to stdout (the results are incomplete)\n";
        else
            std::cout << text << std::flush;
        return;
    }
    (interrupted ? std::cerr : say) << Pipeline::writeOutput(path, text, interrupted, nothing, write) << '\n';
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
        std::cerr << "warning: " << esc(warning) << '\n';

    // With an output on stdout, what is said for people goes to stderr.
    std::ostream &say = isStdout(files.csv) || isStdout(files.json) ? std::cerr : std::cout;
    Pipeline::Events events;
    CliTable::header(say);
    // A point sent again (measured again because another program disturbed it, or its next
    // round) is a line of its own that says so: the table keeps a line per point first.
    std::set<std::string> printed;
    events.measured = [&say, &printed](const Measurement &m) {
        if (!printed.insert(m.seriesKey() + '@' + std::to_string(m.n)).second)
            say << "again: ";
        CliTable::row(say, m);
        say.flush();
    };
    events.calibration = [&say](const CalibrationStep &s) { printStep(say, s); };
    std::string lastRound;
    events.progress = [&plan, &lastRound, &say](const SweepRunner::Progress &p) {
        if (const std::string note = Pipeline::roundNote(plan, p); !note.empty() && note != lastRound) {
            say << note << '\n' << std::flush;
            lastRound = note;
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
    CliTable::crossovers(say, Explain::reports(r, plan.workload), Analysis::notGpus(r, plan.workload));
    say << "timing: " << Pipeline::timingNote(out.firstPass, out.elapsed) << '\n';
    if (const std::string note = Pipeline::disturbanceNote(out.result); !note.empty())
        say << "note: " << note << '\n';

    // A stop requested during the sweep, or a signal after its last point but before the files.
    const bool interrupted = out.stopped || g_signal != 0;
    int rc = interrupted ? interruptedStatus() : Pipeline::exitStatus(out);
    try {
        if (files.csv)
            writeOutput(*files.csv, ResultIO::toCsv(r), interrupted, r.rows.empty(), files.write, say);
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

int cmdCalibrate(int threads, int device, bool cpuOnly, const Outputs &files)
{
    const int hw = MachineInfo::hardwareThreads();
    if (threads < 0) // it ran with every thread, and exited 0
        return usageError("--threads must be 1 or more, not " + std::to_string(threads) +
                          " (leave it out for all " + std::to_string(hw) + ")");
    if (threads == 0)
        threads = hw;
    if (threads > hw)
        return usageError("thread count " + std::to_string(threads) + " is above this machine's " +
                          std::to_string(hw) + " hardware threads");
    if (const std::string bad = checkOutputs({{"--json", &files.json}}, files.write); !bad.empty())
        return usageError(bad);
    std::ostream &say = isStdout(files.json) ? std::cerr : std::cout;
    ResultSet r;
    r.machine = MachineInfo::probe();
    const Pipeline::Calibrated c = Pipeline::calibrate(
        threads, device, !cpuOnly, g_stop, [&say](const CalibrationStep &s) { printStep(say, s); });
    r.machine.ceilings = c.ceilings;
    for (const auto &[k, v] : r.machine.ceilings)
        say << "  " << esc(k) << ": " << Calibration::describe(k, v) << '\n';
    const bool interrupted = c.stopped || g_signal != 0;
    int rc = interrupted ? interruptedStatus() : 0;
    if (files.json) {
        try {
            writeOutput(*files.json, ResultIO::toJson(r), interrupted, r.machine.ceilings.empty(),
                        files.write, say);
        } catch (const std::exception &e) {
            fail(e.what());
            rc = interrupted ? rc : 1;
        }
    }
    if (interrupted)
        std::cerr << "stopped: " << r.machine.ceilings.size() << " ceilings were measured before the stop\n";
    return rc;
}

int cmdVerify(int device, bool cpuOnly)
{
    const int hw = MachineInfo::hardwareThreads();
    const MachineInfo::GpuState gpuState = MachineInfo::gpuState();
    const MachineInfo::OpenClState cl = MachineInfo::openclState();
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
        for (const auto &v : w.openclVariants) // SweepPlan::points lists each (series, n) once
            if (!v.empty())
                p.variants.push_back(v);
        // Sizes that are not multiples of any tile, block or vector width, and 1.
        p.sizes = w.name == "gemm" ? std::vector<int>{1, 3, 17, 33, 100, 257, 515}
                                   : std::vector<int>{1, 3, 17, 33, 100, 257, 1000, 1025};
        p.threads = hw > 1 ? std::vector<int>{1, hw} : std::vector<int>{1};
        p.iterations = w.name == "add" ? 7 : w.name == "saxpy" ? 5 : w.name == "gemm" ? 1 : 2;
        p.minTime = 0;
        p.maxReps = 1;
        p.remeasureDisturbed = false; // a check of the results, not of the timings
        p.device = device;
        p.gpu = !cpuOnly && gpuState.usable;
        if (!cpuOnly && cl.usable)
            for (const auto &d : cl.devices)
                p.openclDevices.push_back(d.index);
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
            std::cout << verdict << "  " << esc(m.workload) << "  " << esc(m.seriesLabel())
                      << "  n = " << m.n;
            if (!m.reason.empty())
                std::cout << "  " << esc(m.reason);
            std::cout << '\n';
        };
        runner.run(cb, g_stop);
    }
    if (!gpuState.usable && !cpuOnly)
        std::cout << "GPU not checked: " << esc(gpuState.reason) << '\n';
    if (!cl.usable && !cpuOnly)
        std::cout << "OpenCL not checked: " << esc(cl.reason) << '\n';
    std::cout << passed << " passed, " << wrong << " failed, " << skipped << " skipped\n";
    if (g_signal != 0) {
        std::cerr << "stopped: not every workload was checked\n";
        return interruptedStatus();
    }
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
/// report. 0, or the exit status (the message printed). A signal meanwhile ends the process at
/// once (onSignal): reading can take seconds, and there is nothing to clean up yet.
int loadAll(const std::vector<std::string> &paths, std::vector<LoadedFile> &out)
{
    struct ExitAtOnce {
        ExitAtOnce() { g_exitAtOnce.store(true); }
        ~ExitAtOnce() { g_exitAtOnce.store(false); }
    } scope;
    if (g_stop.load()) { // a signal came before the flag was set
        std::cerr << "speeduplab-cli: interrupted before the input files were read; nothing was written\n";
        return interruptedStatus();
    }
    for (const auto &path : paths) {
        try {
            out.push_back({path, RunSet::load(path)});
        } catch (const std::exception &e) {
            return fail(e.what());
        }
    }
    return 0;
}

int cmdReport(const std::vector<std::string> &paths)
{
    std::vector<LoadedFile> files;
    if (const int rc = loadAll(paths, files))
        return rc;
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
        rc = fail(f.path + " holds no runs: nothing to compare");
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
    if (const int status = loadAll(paths, files))
        return status;
    int rc = 0;
    const RunRecord *a = pickRun(files[0], runA, "--run-a", rc);
    if (!a)
        return rc;
    const RunRecord *b = pickRun(files[1], runB, "--run-b", rc);
    if (!b)
        return rc;
    const std::string nameA = files[0].name(*a), nameB = files[1].name(*b);
    const Comparison c = Compare::compare(a->results, b->results);
    if (c.empty())
        return fail(nameA + " and " + nameB +
                    " have no successful point in common (the same workload, variant, backend, threads, "
                    "mode, copies and n): nothing to compare");
    std::cout << "A: " << esc(nameA) << '\n' << "B: " << esc(nameB) << "\n\n";
    CliTable::comparison(std::cout, c);
    return 0;
}

/// Why merge will not write `output`, or "" when it may: the runs file is JSON (it has no CSV
/// form: a CSV file holds one run), is a file (not stdout), and is none of the inputs, which
/// would be lost if the merge failed half-way (SafeFile::sameFile: the same path in other words,
/// a symbolic or hard link to it).
std::string mergeOutputProblem(const std::vector<std::string> &inputs, const std::string &output)
{
    if (output == "-")
        return "merge writes a runs file, which SpeedupLab opens whole, not a stream: name it with -o "
               "FILE.json";
    std::string ext = std::filesystem::path(output).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    std::string file = std::filesystem::path(output).filename().string();
    std::transform(file.begin(), file.end(), file.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (file == ".json") // "-o .json": a name that is all extension
        return "-o " + output + ": give the runs file a name before .json, e.g. runs.json";
    if (ext != ".json")
        return "-o " + output + ": a runs file is JSON, so its name must end in .json (there is no CSV " +
               "form: a CSV file holds one run)";
    try { // every front end's rule: no output over an input
        SafeFile::checkNotAnInput(output, inputs);
    } catch (const WriteError &e) {
        return "-o " + std::string(e.what());
    }
    return {};
}

int cmdMerge(const std::vector<std::string> &paths, const std::optional<std::string> &output,
             const WriteOptions &write)
{
    if (output && !output->empty())
        if (const std::string bad = mergeOutputProblem(paths, *output); !bad.empty())
            return usageError(bad);
    if (const std::string bad = checkOutputs({{"-o", &output}}, write); !bad.empty())
        return usageError(bad);
    std::vector<LoadedFile> files;
    if (const int rc = loadAll(paths, files))
        return rc;
    std::vector<RunRecord> joined;
    for (auto &f : files)
        for (auto &run : f.runs) {
            run.label = RunSet::uniqueLabel(joined, run.label);
            joined.push_back(std::move(run));
        }
    if (joined.size() > RunSet::maxRuns)
        return fail("the files hold " + std::to_string(joined.size()) + " runs, more than the " +
                    std::to_string(RunSet::maxRuns) + " a runs file may hold: merge them into several files");
    // Streamed, and stopped by a signal at the next row: no output and no temporary file left.
    WriteOptions options = write;
    options.stop = &g_stop;
    std::cout << "writing " << esc(*output) << "..." << std::endl; // a large merge takes seconds
    try {
        RunSet::write(joined, *output, options);
    } catch (const WriteError &e) {
        if (e.kind() != WriteError::Kind::Stopped)
            throw;
        fail("interrupted: " + *output + " was not written (nothing was left behind)");
        return interruptedStatus();
    }
    std::cout << "wrote " << esc(*output) << ": " << joined.size() << (joined.size() == 1 ? " run" : " runs")
              << " from " << files.size() << (files.size() == 1 ? " file" : " files") << '\n';
    for (const auto &r : joined)
        std::cout << "  " << esc(r.label) << (r.reference ? " (reference)" : "")
                  << (r.source.empty() ? "" : ", from " + esc(r.source)) << '\n';
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    TerminalText::guardStandardStreams(); // whatever a message forgot to escape
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
    text("--modes", o.modes,
         "GPU modes: launch, graph, fused (default: those of them the workload has), unsynced (add: the "
         "launches "
         "timed before the device is synchronised, as the original answer did; only when named)");
    run->add_flag("--transfers", o.transfers,
                  "put host-to-device and device-to-host copies in the GPU's timed region");
    text("--host-memory", o.hostMemory, "pageable or pinned host memory for copies")->default_str("pageable");
    text("--iterations", o.iterations, "operations per repetition (default: the workload's; add: 1000)");
    text("--min-time", o.minTime, "seconds of repetitions per point, at least")->default_str("0.1");
    text("--max-reps", o.maxReps, "repetitions per point, at most")->default_str("1000");
    text("--budget", o.budget, "seconds for the whole sweep (0: no limit)")->default_str("0");
    text("--device", o.device,
         "cuda:N (or N), opencl:N, cuda, opencl, a list (cuda:0,opencl:0), or all: every device of every "
         "backend, in turn, its curves labelled by device")
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
    std::string ompWait;
    const char *ompWaitHelp =
        "how OpenMP threads wait at a barrier: active (spin) or passive (sleep; on a machine "
        "another busy program shares, it gives the core back); recorded in the results";
    run->add_option("--omp-wait", ompWait, ompWaitHelp)->check(CLI::IsMember({"active", "passive"}));
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
    output(run, "--csv", runFiles.csv,
           "write the results as CSV (atomically; - for stdout); an interrupted run keeps the old file "
           "and writes FILE.partial.csv");
    output(run, "--json", runFiles.json,
           "write the results and machine metadata as JSON (atomically; - for stdout); an interrupted "
           "run keeps the old file and writes FILE.partial.json");
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
    calibrate->add_option("--omp-wait", ompWait, ompWaitHelp)->check(CLI::IsMember({"active", "passive"}));
    output(calibrate, "--json", calFiles.json,
           "write the ceilings (as result-set metadata) to a JSON file (- for stdout); an interrupted "
           "calibration keeps the old file");
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
    output(merge, "-o,--output", mergeOut.json,
           "the runs file to write (atomically; FILE.json, none of the inputs, at most 1 GiB so that "
           "SpeedupLab opens it)")
        ->required();
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

    // The OpenMP runtime reads OMP_WAIT_POLICY once, when it loads: a policy asked for that the
    // environment does not hold yet is set there, and the command starts again with it.
    if (const std::string why = SweepConditions::restartWithOmpWaitPolicy(ompWait, argv); !why.empty())
        return fail(why);
    if (*run || *calibrate || *verify)
        warnCoreType(); // devices says it in its "BLAS warning" line
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
        return fail(e.what());
    }
    return 2;
}
