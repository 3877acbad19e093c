// speeduplab-cli: the engine from the command line. Exit codes: 0 success, 1 a failure while
// running (a wrong result, a CUDA error), 2 bad usage.
#include "cli/clitable.h"
#include "core/analysis.h"
#include "core/calibration.h"
#include "core/machineinfo.h"
#include "core/resultio.h"
#include "core/sweepplan.h"
#include "core/sweeprunner.h"
#include "core/version.h"
#include "core/workload.h"
#include "cuda/gpubackend.h"

#include <CLI/CLI.hpp>

#include <atomic>
#include <csignal>
#include <iostream>
#include <thread>

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

int hardwareThreads()
{
    return int(std::max(1u, std::thread::hardware_concurrency()));
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

struct RunOptions {
    std::string workload = "add";
    std::string variants;
    std::string sizes;
    std::string range;
    std::string threads = "all";
    std::string modes;
    bool transfers = false;
    std::string hostMemory = "pageable";
    int iterations = 0;
    double minTime = 0.1;
    int maxReps = 1000;
    double budget = 0;
    int device = 0;
    bool cpuOnly = false;
    bool gpuOnly = false;
    bool calibrate = false;
    std::string csv;
    std::string json;
};

// Measures the ceilings into machine.ceilings. A GPU that cannot be calibrated is reported,
// not fatal: the CPU ceilings still count.
void calibrateInto(MachineInfo &machine, int threads, bool useGpu, int device)
{
    std::cout << "Calibrating the CPU with " << threads << " threads...\n";
    for (const auto &[k, v] : Calibration::cpu(threads, g_stop))
        machine.ceilings[k] = v;
    if (useGpu) {
        if (!gpu::availability().usable) {
            std::cout << "GPU not calibrated: " << gpu::availability().reason << '\n';
        } else {
            std::cout << "Calibrating GPU " << device << "...\n";
            try {
                for (const auto &[k, v] : Calibration::gpu(device, g_stop))
                    machine.ceilings[k] = v;
            } catch (const gpu::CudaError &e) {
                std::cout << "GPU not calibrated: " << e.what() << '\n';
            }
        }
    }
}

SweepPlan planFrom(const RunOptions &o)
{
    SweepPlan p;
    p.workload = o.workload;
    p.variants = SweepPlan::parseList(o.variants);
    if (!o.sizes.empty() && !o.range.empty())
        throw std::invalid_argument("give either --sizes or --range, not both");
    if (!o.sizes.empty())
        p.sizes = SweepPlan::parseSizes(o.sizes);
    else if (!o.range.empty())
        p.sizes = SweepPlan::parseRange(o.range);
    else
        throw std::invalid_argument("no sizes: give --sizes 4,40,400 or --range 4:4000[:STEPS_PER_DECADE]");
    p.threads = SweepPlan::parseThreads(o.threads, hardwareThreads());
    p.modes = SweepPlan::parseList(o.modes);
    p.transfers = o.transfers;
    p.pinned = SweepPlan::parsePinned(o.hostMemory);
    p.iterations = o.iterations;
    p.minTime = o.minTime;
    p.maxReps = o.maxReps;
    p.budget = o.budget;
    p.device = o.device;
    if (o.cpuOnly && o.gpuOnly)
        throw std::invalid_argument("--cpu-only and --gpu-only exclude each other");
    p.cpu = !o.gpuOnly;
    p.gpu = !o.cpuOnly;
    if (o.iterations < 0)
        throw std::invalid_argument("--iterations must be positive");
    p.validate(hardwareThreads());
    return p;
}

int cmdRun(const RunOptions &o)
{
    SweepPlan plan;
    try {
        plan = planFrom(o);
        if (!o.csv.empty())
            ResultIO::checkWritable(o.csv);
        if (!o.json.empty())
            ResultIO::checkWritable(o.json);
    } catch (const std::exception &e) {
        return usageError(e.what());
    }
    const gpu::Availability a = gpu::availability();
    if (plan.gpu && !a.usable)
        std::cerr << "note: no usable GPU, GPU points will be skipped: " << a.reason << '\n';

    SweepRunner runner(plan);
    SweepRunner::Callbacks cb;
    CliTable::header(std::cout);
    cb.measured = [](const Measurement &m) {
        CliTable::row(std::cout, m);
        std::cout.flush();
    };
    ResultSet r = runner.run(cb, g_stop);
    if (o.calibrate && !g_stop.load()) {
        const int maxThreads = plan.threads.empty() ? hardwareThreads() : plan.threads.back();
        calibrateInto(r.machine, maxThreads, plan.gpu, plan.device);
        CliTable::ceilings(std::cout, r);
    }
    CliTable::crossovers(std::cout, Analysis::reports(r, plan.workload));

    int rc = 0;
    try {
        if (!o.csv.empty()) {
            ResultIO::writeCsv(r, o.csv);
            std::cout << "wrote " << o.csv << '\n';
        }
        if (!o.json.empty()) {
            ResultIO::writeJson(r, o.json);
            std::cout << "wrote " << o.json << '\n';
        }
    } catch (const std::exception &e) {
        std::cerr << "speeduplab-cli: " << e.what() << '\n';
        rc = 1;
    }
    for (const auto &m : r.rows)
        if (m.status == Measurement::Status::Failed)
            rc = 1;
    if (g_stop.load()) {
        std::cerr << "stopped: " << r.size() << " points were measured before the stop\n";
        rc = rc ? rc : 1;
    }
    return rc;
}

int cmdCalibrate(int threads, int device, bool cpuOnly, const std::string &json)
{
    if (threads <= 0)
        threads = hardwareThreads();
    if (threads > hardwareThreads())
        return usageError("thread count " + std::to_string(threads) + " is above this machine's " +
                          std::to_string(hardwareThreads()) + " hardware threads");
    try {
        if (!json.empty())
            ResultIO::checkWritable(json);
    } catch (const std::exception &e) {
        return usageError(e.what());
    }
    ResultSet r;
    r.machine = MachineInfo::probe();
    calibrateInto(r.machine, threads, !cpuOnly, device);
    for (const auto &[k, v] : r.machine.ceilings)
        std::cout << "  " << k << ": " << Calibration::describe(k, v) << '\n';
    if (!json.empty()) {
        ResultIO::writeJson(r, json);
        std::cout << "wrote " << json << '\n';
    }
    return 0;
}

int cmdVerify(int device, bool cpuOnly)
{
    const int hw = hardwareThreads();
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
        p.gpu = !cpuOnly;
        if (!gpu::availability().usable)
            p.gpu = false;
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
    if (!gpu::availability().usable && !cpuOnly)
        std::cout << "GPU not checked: " << gpu::availability().reason << '\n';
    std::cout << passed << " passed, " << wrong << " failed, " << skipped << " skipped\n";
    return wrong ? 1 : 0;
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
    auto *run = app.add_subcommand("run", "Sweep sizes and thread counts; print a table and the crossovers");
    run->add_option("--workload,-w", o.workload, "add, saxpy, reduce, gemm or transfer")
        ->capture_default_str();
    run->add_option("--variant", o.variants,
                    "variant(s), comma-separated (gemm: naive, tiled, blas, cublas, cublas-tf32)");
    run->add_option("--sizes", o.sizes, "tensor edges n, comma-separated, e.g. 4,40,400");
    run->add_option("--range", o.range, "MIN:MAX[:STEPS_PER_DECADE], log-spaced");
    run->add_option("--threads", o.threads, "CPU thread counts, e.g. 1,2,4, or all")->capture_default_str();
    run->add_option("--modes", o.modes, "GPU modes: launch, graph, fused (default: all the workload has)");
    run->add_flag("--transfers", o.transfers,
                  "put host-to-device and device-to-host copies in the GPU's timed region");
    run->add_option("--host-memory", o.hostMemory, "pageable or pinned host memory for copies")
        ->capture_default_str();
    run->add_option("--iterations", o.iterations,
                    "operations per repetition (default: the workload's; add: 1000)");
    run->add_option("--min-time", o.minTime, "seconds of repetitions per point, at least")
        ->capture_default_str();
    run->add_option("--max-reps", o.maxReps, "repetitions per point, at most")->capture_default_str();
    run->add_option("--budget", o.budget, "seconds for the whole sweep (0: no limit)")->capture_default_str();
    run->add_option("--device", o.device, "GPU index")->capture_default_str();
    run->add_flag("--cpu-only", o.cpuOnly, "do not use the GPU");
    run->add_flag("--gpu-only", o.gpuOnly, "do not measure the CPU");
    run->add_flag("--calibrate", o.calibrate,
                  "also measure the machine's ceilings and store them with the results");
    run->add_option("--csv", o.csv, "write the results as CSV (atomically)");
    run->add_option("--json", o.json, "write the results and machine metadata as JSON (atomically)");

    int verifyDevice = 0;
    bool verifyCpuOnly = false;
    auto *verify =
        app.add_subcommand("verify", "Check every workload, variant and backend against the CPU reference");
    verify->add_option("--device", verifyDevice, "GPU index");
    verify->add_flag("--cpu-only", verifyCpuOnly, "check only the CPU kernels");

    int calThreads = 0, calDevice = 0;
    bool calCpuOnly = false;
    std::string calJson;
    auto *calibrate = app.add_subcommand(
        "calibrate", "Measure the machine's ceilings: bandwidths, launch latency, GEMM FLOP/s");
    calibrate->add_option("--threads", calThreads, "CPU threads (default: all)");
    calibrate->add_option("--device", calDevice, "GPU index");
    calibrate->add_flag("--cpu-only", calCpuOnly, "calibrate only the CPU");
    calibrate->add_option("--json", calJson, "write the ceilings (as result-set metadata) to a JSON file");

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
            return cmdRun(o);
        if (*calibrate)
            return cmdCalibrate(calThreads, calDevice, calCpuOnly, calJson);
        if (*verify)
            return cmdVerify(verifyDevice, verifyCpuOnly);
    } catch (const std::exception &e) {
        std::cerr << "speeduplab-cli: " << e.what() << '\n';
        return 1;
    }
    return 2;
}
