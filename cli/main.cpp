// SPDX-License-Identifier: MIT
// speeduplab-cli: the engine from the command line. This file declares the options of every
// subcommand (CLI11; run's sweep options come from one table, core/sweepoptions.h, through
// cli/sweepargs.cpp) and calls the subcommand's function (cli/commands.h: cmdinfo.cpp, cmdrun.cpp,
// cmdcalibrate.cpp, cmdverify.cpp, cmdfiles.cpp). Exit codes: 0 success, 1 a failure while
// running (a wrong result, a CUDA error), 2 bad usage, 128 + the signal when interrupted (130
// for SIGINT, 143 for SIGTERM). Text from files and from the machine is printed escaped
// (TerminalText).
#include "cli/clicommon.h"
#include "cli/commands.h"
#include "cli/sweepargs.h"
#include "core/devices/devicebackend.h"
#include "core/io/terminaltext.h"
#include "core/machine/sweepconditions.h"
#include "core/pipeline.h"
#include "core/version.h"

#include <CLI/CLI.hpp>

#include <csignal>
#include <exception>
#include <optional>
#include <string>
#include <vector>

using namespace speeduplab;

namespace {

/// The subcommands, and what their options fill in when the command line is parsed.
struct Commands {
    CLI::App *devices = nullptr, *workloads = nullptr, *run = nullptr, *verify = nullptr;
    CLI::App *calibrate = nullptr, *report = nullptr, *explain = nullptr, *compare = nullptr,
             *merge = nullptr;

    RunOptions runOptions;
    cli::Outputs runFiles;
    std::string ompWait; ///< run's and calibrate's --omp-wait
    int verifyDevice = 0;
    bool verifyCpuOnly = false;
    int calThreads = 0, calDevice = 0;
    bool calCpuOnly = false;
    cli::Outputs calFiles;
    std::vector<std::string> reportFiles;
    bool reportVerbose = false;
    std::vector<std::string> explainFiles;
    std::optional<std::string> explainWorkload;
    std::vector<std::string> compareFiles;
    std::optional<std::string> compareRunA, compareRunB;
    std::vector<std::string> mergeFiles;
    cli::Outputs mergeOut;
};

/// An output or a label as typed: absent is none, "" a usage error (an empty CLI11 string would be both).
CLI::Option *addText(CLI::App *cmd, const std::string &name, std::optional<std::string> &out,
                     const std::string &help, const std::string &typeName)
{
    return cmd
        ->add_option_function<std::string>(
            name, [&out](const std::string &v) { out = v; }, help)
        ->type_name(typeName);
}

void addOmpWait(CLI::App *cmd, std::string &ompWait)
{
    cmd->add_option("--omp-wait", ompWait,
                    "how OpenMP threads wait at a barrier: active (spin) or passive (sleep; on a machine "
                    "another busy program shares, it gives the core back); recorded in the results")
        ->check(CLI::IsMember({"active", "passive"}));
}

void declareRun(CLI::App &app, Commands &c)
{
    c.run = app.add_subcommand("run", "Sweep sizes and thread counts; print a table and the crossovers");
    cli::addSweepOptions(*c.run, c.runOptions);
    addOmpWait(c.run, c.ompWait);
    addText(c.run, "--csv", c.runFiles.csv,
            "write the results as CSV (atomically; - for stdout); an interrupted run keeps the old file "
            "and writes FILE.partial.csv",
            "FILE");
    addText(c.run, "--json", c.runFiles.json,
            "write the results and machine metadata as JSON (atomically; - for stdout); an interrupted "
            "run keeps the old file and writes FILE.partial.json",
            "FILE");
    cli::addForce(*c.run, c.runFiles.write.force);
}

/// verify and calibrate: the subcommands that measure the machine, besides run.
void declareChecks(CLI::App &app, Commands &c)
{
    c.verify =
        app.add_subcommand("verify", "Check every workload, variant and backend against the CPU reference");
    c.verify->add_option("--device", c.verifyDevice, "GPU index");
    c.verify->add_flag("--cpu-only", c.verifyCpuOnly, "check only the CPU kernels");

    c.calibrate = app.add_subcommand(
        "calibrate", "Measure the machine's ceilings: bandwidths, launch latency, GEMM FLOP/s");
    c.calibrate->add_option("--threads", c.calThreads, "CPU threads (default: all)");
    c.calibrate->add_option("--device", c.calDevice, "GPU index");
    c.calibrate->add_flag("--cpu-only", c.calCpuOnly, "calibrate only the CPU");
    addOmpWait(c.calibrate, c.ompWait);
    addText(c.calibrate, "--json", c.calFiles.json,
            "write the ceilings (as result-set metadata) to a JSON file (- for stdout); an interrupted "
            "calibration keeps the old file",
            "FILE");
    cli::addForce(*c.calibrate, c.calFiles.write.force);
}

/// report, explain, compare and merge: the subcommands that read result files.
void declareFiles(CLI::App &app, Commands &c)
{
    c.report = app.add_subcommand(
        "report", "Print each result file's machine, crossovers, ceilings and a table of its series");
    c.report
        ->add_option("files", c.reportFiles,
                     "result files (CSV or JSON) written by run, runs files written by merge, or HTML "
                     "reports of the app (each run is printed under its label)")
        ->type_name("FILE")
        ->required();
    c.report->add_flag("--verbose", c.reportVerbose,
                       "print every crossover, each CPU thread count against each GPU curve, not only the "
                       "best CPU's");

    c.explain = app.add_subcommand(
        "explain", "Print the sentences of the app's Explain tab for each run of result files, in the "
                   "language of LANGUAGE or LANG (English or Chinese)");
    c.explain->add_option("files", c.explainFiles, "result files (CSV or JSON), runs files or HTML reports")
        ->type_name("FILE")
        ->required();
    addText(c.explain, "--workload,-w", c.explainWorkload, "explain only this workload", "NAME");

    c.compare = app.add_subcommand(
        "compare",
        "Compare two runs point by point: the time ratio B/A, and whether B is faster, slower or the "
        "same within noise");
    // Any count is taken here, so that cmdCompare names the problem in one sentence.
    c.compare
        ->add_option("files", c.compareFiles,
                     "A and B: two result files (CSV or JSON) or runs files; one runs file to compare two of "
                     "its runs")
        ->type_name("FILE");
    addText(c.compare, "--run-a", c.compareRunA,
            "the run of A to compare, by its label (`report` prints them); needed when A holds several runs",
            "LABEL");
    addText(c.compare, "--run-b", c.compareRunB, "the run of B to compare, by its label", "LABEL");

    c.merge = app.add_subcommand(
        "merge", "Join the runs of result files and runs files (from many machines) into one runs file, "
                 "which the app opens as several runs; labels are made unique");
    c.merge
        ->add_option("files", c.mergeFiles, "result files (CSV or JSON) and runs files, in the order to keep")
        ->type_name("FILE")
        ->required();
    addText(c.merge, "-o,--output", c.mergeOut.json,
            "the runs file to write (atomically; FILE.json, none of the inputs, at most 1 GiB so that "
            "SpeedupLab opens it)",
            "FILE")
        ->required();
    cli::addForce(*c.merge, c.mergeOut.write.force);
}

/// Runs the subcommand given. Its exit status; a failure's message is printed.
int dispatch(const Commands &c)
{
    try {
        if (*c.devices)
            return cli::cmdDevices();
        if (*c.workloads)
            return cli::cmdWorkloads();
        if (*c.run)
            return cli::cmdRun(c.runOptions, c.runFiles);
        if (*c.calibrate)
            return cli::cmdCalibrate(c.calThreads, c.calDevice, c.calCpuOnly, c.calFiles);
        if (*c.verify)
            return cli::cmdVerify(c.verifyDevice, c.verifyCpuOnly);
        if (*c.report)
            return cli::cmdReport(c.reportFiles, c.reportVerbose);
        if (*c.explain)
            return cli::cmdExplain(c.explainFiles, c.explainWorkload);
        if (*c.compare)
            return cli::cmdCompare(c.compareFiles, c.compareRunA, c.compareRunB);
        if (*c.merge)
            return cli::cmdMerge(c.mergeFiles, c.mergeOut.json, c.mergeOut.write);
    } catch (const std::exception &e) {
        return cli::fail(e.what());
    }
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    // The OpenCL drivers are listed in a child process first (this program again): one that
    // crashes or hangs as it loads costs the run OpenCL, not the run.
    if (const std::optional<int> child = Devices::probeDriversInChild(argc, argv))
        return *child;
    TerminalText::guardStandardStreams(); // whatever a message forgot to escape
    // Without SA_RESTART: a call blocked when the signal comes (a library opening a FIFO it was
    // handed) returns, and the program stops instead of waiting on it.
    Pipeline::keepSignalHandler(cli::onSignal);

    CLI::App app{"SpeedupLab: when is the GPU faster than the CPU, and why?", "speeduplab-cli"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string(SPEEDUPLAB_VERSION));
    Commands c;
    c.devices = app.add_subcommand("devices", "Show the CPU and every GPU, or why there is no usable GPU");
    c.workloads = app.add_subcommand("workloads", "List the workloads, their variants and GPU modes");
    declareRun(app, c);
    declareChecks(app, c);
    declareFiles(app, c);

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
    if (const std::string why = SweepConditions::restartWithOmpWaitPolicy(c.ompWait, argv); !why.empty())
        return cli::fail(why);
    if (*c.run || *c.calibrate || *c.verify)
        cli::warnCoreType(); // devices says it in its "BLAS warning" line
    return dispatch(c);
}
