// SPDX-License-Identifier: MIT
// speeduplab-cli: the engine from the command line. This file declares the options of every
// subcommand (CLI11) and calls the subcommand's function (cli/commands.h: cmdinfo.cpp, cmdrun.cpp,
// cmdcalibrate.cpp, cmdverify.cpp, cmdfiles.cpp). Exit codes: 0 success, 1 a failure while
// running (a wrong result, a CUDA error), 2 bad usage, 128 + the signal when interrupted (130
// for SIGINT, 143 for SIGTERM). Text from files and from the machine is printed escaped
// (TerminalText).
#include "cli/clicommon.h"
#include "cli/commands.h"
#include "core/pipeline.h"
#include "core/presets.h"
#include "core/sweepconditions.h"
#include "core/terminaltext.h"
#include "core/version.h"

#include <CLI/CLI.hpp>

#include <csignal>
#include <exception>
#include <optional>
#include <string>
#include <vector>

using namespace speeduplab;

int main(int argc, char **argv)
{
    TerminalText::guardStandardStreams(); // whatever a message forgot to escape
    std::signal(SIGINT, cli::onSignal);
    std::signal(SIGTERM, cli::onSignal);

    CLI::App app{"SpeedupLab: when is the GPU faster than the CPU, and why?", "speeduplab-cli"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string(SPEEDUPLAB_VERSION));

    auto *devices =
        app.add_subcommand("devices", "Show the CPU and every GPU, or why there is no usable GPU");
    auto *workloads = app.add_subcommand("workloads", "List the workloads, their variants and GPU modes");

    RunOptions o;
    cli::Outputs runFiles;
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
    text("--refine", o.refine,
         "after the sweep, find each crossover: new sizes around it until its 95 % interval is within "
         "this precision, e.g. 5% (each GPU curve against the best CPU; without a GPU, each thread "
         "count against 1 thread)");
    text("--refine-budget", o.refineBudget, "the most points --refine adds")->default_str("24");
    text("--placement", o.placement,
         "where the CPU threads run: cores-first (one thread a core, performance cores first, then SMT "
         "siblings), compact (a core's SMT siblings together) or none (the OS decides)")
        ->default_str("cores-first");
    text("--energy", o.energy,
         "on: each point's energy by its device's counters (RAPL, NVML), where the machine has them; "
         "a point too short for them runs longer. off: none read")
        ->default_str("on");
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
    cli::Outputs calFiles;
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
                     "result files (CSV or JSON) written by run, runs files written by merge, or HTML "
                     "reports of the app (each run is printed under its label)")
        ->type_name("FILE")
        ->required();

    std::vector<std::string> explainFiles;
    std::optional<std::string> explainWorkload;
    auto *explain = app.add_subcommand(
        "explain", "Print the sentences of the app's Explain tab for each run of result files, in the "
                   "language of LANGUAGE or LANG (English or Chinese)");
    explain->add_option("files", explainFiles, "result files (CSV or JSON), runs files or HTML reports")
        ->type_name("FILE")
        ->required();
    explain->add_option_function<std::string>(
        "--workload,-w", [&explainWorkload](const std::string &v) { explainWorkload = v; },
        "explain only this workload");

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
    cli::Outputs mergeOut;
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
        return cli::usageError(std::string(e.what()) + " (see speeduplab-cli --help)");
    }

    // The OpenMP runtime reads OMP_WAIT_POLICY once, when it loads: a policy asked for that the
    // environment does not hold yet is set there, and the command starts again with it.
    if (const std::string why = SweepConditions::restartWithOmpWaitPolicy(ompWait, argv); !why.empty())
        return cli::fail(why);
    if (*run || *calibrate || *verify)
        cli::warnCoreType(); // devices says it in its "BLAS warning" line
    try {
        if (*devices)
            return cli::cmdDevices();
        if (*workloads)
            return cli::cmdWorkloads();
        if (*run)
            return cli::cmdRun(o, runFiles);
        if (*calibrate)
            return cli::cmdCalibrate(calThreads, calDevice, calCpuOnly, calFiles);
        if (*verify)
            return cli::cmdVerify(verifyDevice, verifyCpuOnly);
        if (*report)
            return cli::cmdReport(reportFiles);
        if (*explain)
            return cli::cmdExplain(explainFiles, explainWorkload);
        if (*compare)
            return cli::cmdCompare(compareFiles, compareRunA, compareRunB);
        if (*merge)
            return cli::cmdMerge(mergeFiles, mergeOut.json, mergeOut.write);
    } catch (const std::exception &e) {
        return cli::fail(e.what());
    }
    return 2;
}
