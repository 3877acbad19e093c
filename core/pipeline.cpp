// SPDX-License-Identifier: MIT
// One pipeline for the CLI and the headless app (no Qt): plan, run, calibration, notes, outputs, exit status.
#include "core/pipeline.h"

#include "core/devices/devicebackend.h"
#include "core/io/terminaltext.h"
#include "core/machine/gpuclocks.h"
#include "core/machine/machineinfo.h"
#include "core/measure/calibration.h"
#include "core/measure/preemption.h"
#include "core/plan/presets.h"
#include "core/results/resultio.h"
#include "cuda/gpubackend.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <stdexcept>

namespace speeduplab {

namespace {

long long wholeNumber64(const std::string &text, const char *option)
{
    errno = 0;
    char *end = nullptr;
    const long long v = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno == ERANGE)
        throw std::invalid_argument(std::string(option) + " must be a whole number, not \"" + text + "\"");
    return v;
}

int wholeNumber(const std::string &text, const char *option)
{
    const long long v = wholeNumber64(text, option);
    if (v < -2147483647LL || v > 2147483647LL)
        throw std::invalid_argument(std::string(option) + " must be a whole number, not \"" + text + "\"");
    return int(v);
}

double seconds(const std::string &text, const char *option)
{
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0')
        throw std::invalid_argument(std::string(option) + " must be a number of seconds, not \"" + text +
                                    "\"");
    if (std::isnan(v))
        throw std::invalid_argument(std::string(option) + " must be a number of seconds: \"" + text +
                                    "\" is not a number");
    if (!std::isfinite(v))
        throw std::invalid_argument(std::string(option) + " must be a finite number of seconds, not \"" +
                                    text + "\"");
    return v;
}

} // namespace

bool RunOptions::hasSweepOptions() const
{
    return workload || variants || sizes || range || threads || modes || hostMemory || iterations ||
           maxReps || device || minTime || budget || refine || refineBudget || placement || energy || cache ||
           rounds || seed || transfers || cpuOnly || gpuOnly;
}

SweepPlan Pipeline::plan(const RunOptions &o, int hw, int gpuCount)
{
    if (o.cpuOnly && o.gpuOnly)
        throw std::invalid_argument("--cpu-only and --gpu-only exclude each other");
    if (o.sizes && o.range)
        throw std::invalid_argument("give either --sizes or --range, not both");

    std::string preset = o.preset;
    if (preset.empty() && !o.sizes && !o.range && !o.defaultPreset.empty() &&
        (!o.workload || *o.workload == Presets::plan(o.defaultPreset, hw).workload))
        preset = o.defaultPreset;
    SweepPlan p;
    if (!preset.empty())
        p = Presets::plan(preset, hw);
    else if (!o.sizes && !o.range)
        throw std::invalid_argument(
            "no sizes: give --sizes 4,40,400, --range 4:4000[:STEPS_PER_DECADE] or --preset NAME");
    else
        p.threads = SweepPlan::parseThreads("all", hw);

    if (o.workload)
        p.workload = *o.workload;
    if (o.variants)
        p.variants = SweepPlan::parseList(*o.variants);
    if (o.sizes)
        p.sizes = SweepPlan::parseSizes(*o.sizes);
    if (o.range)
        p.sizes = SweepPlan::parseRange(*o.range);
    if (o.threads)
        p.threads = SweepPlan::parseThreads(*o.threads, hw);
    if (o.modes)
        p.modes = SweepPlan::parseList(*o.modes);
    if (o.transfers)
        p.transfers = true;
    if (o.hostMemory)
        p.pinned = SweepPlan::parsePinned(*o.hostMemory);
    if (o.iterations) {
        // SweepPlan's 0 means "the workload's default": an explicit 0 would silently be that.
        p.iterations = wholeNumber(*o.iterations, "--iterations");
        if (p.iterations < 1)
            throw std::invalid_argument("--iterations must be at least 1, not " + *o.iterations);
    }
    if (o.minTime)
        p.minTime = seconds(*o.minTime, "--min-time");
    if (o.maxReps)
        p.maxReps = wholeNumber(*o.maxReps, "--max-reps");
    if (o.budget)
        p.budget = seconds(*o.budget, "--budget");
    if (o.refine) {
        // "5%" or "0.05": the interval's half-width over n.
        std::string text = *o.refine;
        const bool percent = !text.empty() && text.back() == '%';
        if (percent)
            text.pop_back();
        char *end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v))
            throw std::invalid_argument("--refine takes a precision such as 5% or 0.05, not " + *o.refine);
        p.refine = percent ? v / 100 : v;
        if (!(p.refine > 0) || p.refine >= 1)
            throw std::invalid_argument("--refine must be above 0 % and below 100 %, not " + *o.refine);
    }
    if (o.placement) {
        const std::optional<Placement::Kind> k = Placement::parse(*o.placement);
        if (!k)
            throw std::invalid_argument("--placement takes cores-first, compact or none, not " +
                                        *o.placement);
        p.placement = *k;
    }
    if (o.energy) {
        if (*o.energy != "on" && *o.energy != "off")
            throw std::invalid_argument("--energy takes on or off, not " + *o.energy);
        p.energy = *o.energy == "on";
    }
    if (o.refineBudget) {
        if (!o.refine)
            throw std::invalid_argument("--refine-budget goes with --refine");
        p.refineBudget = wholeNumber(*o.refineBudget, "--refine-budget");
    }
    if (o.device) {
        if (gpuCount < 0) {
            const gpu::Availability &a = gpu::availability();
            gpuCount = a.usable ? int(a.devices.size()) : 0;
        }
        std::vector<SweepPlan::Offered> offered;
        for (const DescribedBackend &b : describedBackends) {
            const MachineInfo::DescribedState s = Devices::state(b.prefix);
            offered.push_back({b.prefix, s.usable ? int(s.devices.size()) : 0,
                               MachineInfo::alsoCuda(MachineInfo::gpuState().gpus, s.devices)});
        }
        SweepPlan::DeviceChoice chosen;
        try {
            chosen = SweepPlan::parseDeviceNames(*o.device, gpuCount, offered);
        } catch (const std::invalid_argument &e) {
            throw std::invalid_argument(std::string("--device: ") + e.what());
        }
        p.gpu = !chosen.cuda.empty();
        p.device = chosen.cuda.empty() ? 0 : chosen.cuda.front();
        p.devices = chosen.cuda.size() > 1 ? chosen.cuda : std::vector<int>{};
        p.describedDevices = chosen.described;
    }
    if (o.cache)
        p.coldCache = SweepPlan::parseCache(*o.cache);
    if (o.rounds)
        p.rounds = wholeNumber(*o.rounds, "--rounds");
    if (o.seed) {
        const long long s = wholeNumber64(*o.seed, "--seed");
        if (s < 0 || s > 4294967295LL)
            throw std::invalid_argument("--seed must be from 0 to 4294967295, not " + *o.seed);
        p.shuffleSeed = std::uint32_t(s);
    } else if (p.rounds > 1) {
        p.shuffleSeed = SweepPlan::randomSeed(); // recorded in the result, so the orders replay
    }
    if (o.cpuOnly) {
        p.cpu = true;
        p.gpu = false;
    }
    if (o.gpuOnly) {
        p.cpu = false;
        p.gpu = p.gpu || p.describedDevices.empty(); // --device opencl:0 --gpu-only: that device alone
    }
    p.validate(hw);
    if (const std::string why = gpuOnlyError(o, MachineInfo::gpuState()); !why.empty() && p.gpu)
        throw std::invalid_argument(why);
    return p;
}

std::string Pipeline::cacheNote(const SweepPlan &plan)
{
    const int iterations = plan.effectiveIterations();
    if (!plan.coldCache || iterations <= 1)
        return {};
    return "cold cache with " + std::to_string(iterations) +
           " iterations a repetition: the caches are flushed before each repetition, so only its first "
           "operation finds them cold; --iterations 1 makes every timed operation cold";
}

std::string Pipeline::clocksNote(const SweepPlan &plan)
{
    if (!plan.gpu || !gpu::availability().usable)
        return {};
    const GpuClocks &clocks = GpuClocks::instance();
    return clocks.available() ? std::string() : clocks.reason() + "; no point can be flagged as throttled";
}

std::string Pipeline::energyNote(const SweepPlan &plan)
{
    SweepRunner runner(plan);
    SweepConditions s;
    runner.describeEnergy(s);
    return plan.energy ? s.energyMissing : std::string();
}

std::string Pipeline::roundNote(const SweepPlan &plan, const SweepRunner::Progress &p)
{
    if (p.rounds <= 1 || p.total <= 0 || p.done != p.round * (p.total / p.rounds) || p.current == "done" ||
        p.current == "cancelled")
        return {};
    return "round " + std::to_string(p.round + 1) + " of " + std::to_string(p.rounds) +
           ", in a shuffled order (seed " + std::to_string(plan.shuffleSeed) + ")";
}

std::string Pipeline::gpuOnlyError(const RunOptions &o, const MachineInfo::GpuState &state)
{
    if (!o.gpuOnly || state.usable)
        return {};
    return "--gpu-only needs a usable GPU, and there is none: " +
           (state.reason.empty() ? std::string("no reason was given") : state.reason);
}

void Pipeline::keepSignalHandler(void (*handler)(int))
{
    if (!handler)
        return;
    struct sigaction sa {};
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    // No SA_RESTART: a blocking call the signal interrupts returns EINTR instead of waiting on.
    // The readers retry EINTR only where nothing can block (ReadFile: a regular file).
    sa.sa_flags = 0;
    for (const int sig : {SIGINT, SIGTERM})
        ::sigaction(sig, &sa, nullptr);
}

Pipeline::Outcome Pipeline::run(const SweepPlan &plan, bool calibrate, const Events &events,
                                const std::atomic<bool> &stop, const Ceilings &known)
{
    Outcome out;
    if (events.onSignal) {
        for (const DescribedBackend &b : describedBackends)
            (void)Devices::state(b.prefix); // loads their libraries, and whatever handlers they bring
        keepSignalHandler(events.onSignal);
    }
    SweepRunner runner(plan);
    SweepRunner::Progress last;
    // With --refine the time left counts the refinement too: at most its budget of points, each
    // as long as the sweep's have been on average (Refine::run measures them after the sweep).
    const int refineBudget = plan.refine > 0 ? plan.refineBudget : 0;
    auto progress = [&events, &last, refineBudget](SweepRunner::Progress p) {
        last = p;
        if (refineBudget > 0) {
            p.total += refineBudget;
            if (p.remaining >= 0 && p.done > 0)
                p.remaining += refineBudget * p.elapsed / p.done;
        }
        if (events.progress)
            events.progress(p);
    };
    auto measured = [&events](const Measurement &m) {
        keepSignalHandler(events.onSignal); // a kernel compiled by PoCL registers LLVM's again
        if (events.measured)
            events.measured(m);
    };
    out.result = runner.run({measured, progress}, stop);
    keepSignalHandler(events.onSignal);
    out.firstPass = last.firstPass;
    out.elapsed = last.elapsed;
    if (plan.refine > 0 && !stop.load()) {
        // New sizes around each crossover, their points reaching the front end as the sweep's do.
        const auto started = std::chrono::steady_clock::now();
        const SweepRunner::Progress sweep = last;
        const double perPoint = sweep.done > 0 ? sweep.elapsed / sweep.done : 0;
        int refinedPoints = 0;
        out.refined = Refine::run(
            plan, out.result,
            [&](const SweepPlan &mini) {
                SweepRunner more(mini);
                // The refinement's progress as the sweep's next points: done of the sweep and the
                // budget, the budget left at the sweep's pace.
                auto refining = [&](const SweepRunner::Progress &p) {
                    SweepRunner::Progress q = p;
                    q.done = sweep.total + refinedPoints + p.done;
                    q.total = sweep.total + plan.refineBudget;
                    q.elapsed =
                        sweep.elapsed +
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
                    q.remaining = std::max(0, plan.refineBudget - refinedPoints - p.done) * perPoint;
                    q.firstPass = sweep.firstPass;
                    q.refining = true;
                    if (events.progress)
                        events.progress(q);
                };
                std::vector<Measurement> rows = more.run({measured, refining}, stop).rows;
                refinedPoints += int(rows.size());
                return rows;
            },
            stop);
        Refine::keep(plan, out.refined, out.result.machine.sweep);
        out.elapsed += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        keepSignalHandler(events.onSignal);
    }
    out.result.addMissingCeilings(known);
    out.result.flagOffTrend();
    out.stopped = stop.load();
    if (calibrate && !out.stopped) {
        const int threads = calibrationThreads(plan, MachineInfo::hardwareThreads());
        try {
            const Calibrated c = Pipeline::calibrate(threads, plan.device, plan.gpu, stop, events.calibration,
                                                     plan.describedDevices);
            for (const auto &[k, v] : c.ceilings)
                out.result.machine.ceilings[k] = v;
            out.stopped = c.stopped;
            keepSignalHandler(events.onSignal);
            // A result holds one set of ceilings: with several GPUs, the first one's.
            if (plan.gpu && events.calibration)
                for (int d : plan.gpuDevices())
                    if (d != plan.device)
                        events.calibration({CalibrationStep::Kind::GpuSkipped, threads, d,
                                            "GPU " + std::to_string(d) + " is held against GPU " +
                                                std::to_string(plan.device) +
                                                "'s ceilings (a result holds one set; exact when the GPUs "
                                                "are the same model)"});
            out.calibrated = true;
        } catch (const std::exception &e) {
            // The sweep's points are kept and written; the run still counts as failed.
            out.calibrationError = std::string("the calibration failed: ") + e.what();
        }
    }
    return out;
}

Pipeline::Calibrated Pipeline::calibrate(int threads, int device, bool gpu, const std::atomic<bool> &stop,
                                         const std::function<void(const CalibrationStep &)> &step,
                                         const std::vector<PlanDevice> &described)
{
    auto report = [&step](CalibrationStep s) {
        if (step)
            step(s);
    };
    Calibrated c;
    try {
        report({CalibrationStep::Kind::Cpu, threads, device, {}});
        c.ceilings = Calibration::cpu(threads, stop);
        if (gpu) {
            const MachineInfo::GpuState state = MachineInfo::gpuState();
            if (!state.usable) {
                report({CalibrationStep::Kind::GpuSkipped, threads, device, state.reason});
            } else {
                report({CalibrationStep::Kind::Gpu, threads, device, {}});
                try {
                    std::string cublasMissing;
                    for (const auto &[k, v] : Calibration::gpu(device, stop, &cublasMissing))
                        c.ceilings[k] = v;
                    if (!cublasMissing.empty())
                        report({CalibrationStep::Kind::GpuPartial, threads, device, cublasMissing});
                } catch (const gpu::CudaError &e) {
                    report({CalibrationStep::Kind::GpuFailed, threads, device, e.what()});
                }
            }
        }
        for (const PlanDevice &d : described) {
            const DeviceBackend &backend = Devices::of(d.row);
            const std::string id = backend.deviceId(d.index);
            report({CalibrationStep::Kind::Device, threads, d.index, {}, id});
            try {
                const DescribedBackend *b = describedByRow(d.row);
                if (const std::optional<DeviceCeilings> measured = backend.calibrate(d.index, stop);
                    b && measured)
                    for (const auto &[k, v] : Calibration::ofDevice(b->prefix, d.index, *measured))
                        c.ceilings[k] = v;
            } catch (const Cancelled &) {
                throw;
            } catch (const std::exception &e) { // the other ceilings are kept
                report({CalibrationStep::Kind::DeviceFailed, threads, d.index, e.what(), id});
            }
        }
    } catch (const Cancelled &) {
        // What was measured before the stop (the CPU part when the GPU was running) is kept.
        c.stopped = true;
    }
    return c;
}

int Pipeline::calibrationThreads(const SweepPlan &plan, int hw)
{
    return plan.threads.empty() ? std::max(1, hw)
                                : *std::max_element(plan.threads.begin(), plan.threads.end());
}

std::string Pipeline::gpuNote(const SweepPlan &plan)
{
    std::string note;
    if (plan.gpu) {
        const MachineInfo::GpuState state = MachineInfo::gpuState();
        if (!state.usable)
            note = "no usable GPU, GPU points will be skipped: " + state.reason;
    }
    for (const DescribedBackend &b : describedBackends) {
        const bool asked = std::any_of(plan.describedDevices.begin(), plan.describedDevices.end(),
                                       [&b](const PlanDevice &d) { return d.row == b.row; });
        if (const MachineInfo::DescribedState s =
                asked ? Devices::state(b.prefix) : MachineInfo::DescribedState{};
            asked && !s.usable)
            note += std::string(note.empty() ? "" : "; ") + "no " + std::string(b.api) +
                    " device, its points will be skipped: " + s.reason;
    }
    return note;
}

std::string Pipeline::timingNote(double firstPass, double elapsed)
{
    auto seconds = [](double s) {
        char buf[32];
        std::snprintf(buf, sizeof buf, s < 100 ? "%.1f s" : "%.0f s", s);
        return std::string(buf);
    };
    const std::string total = "the sweep took " + seconds(elapsed);
    return firstPass >= 0
               ? total + "; every curve spanned the whole range of sizes after " + seconds(firstPass)
               : total;
}

std::string Pipeline::stopNote(const Outcome &o)
{
    if (!o.stopped)
        return {};
    return "stopped: " + std::to_string(o.result.size()) + " points were measured before the stop";
}

namespace {

// Where an interrupted command keeps what it had: "results.partial.json", then
// "results.partial-2.json" and on to 100; past them a random name ("results.partial-3f9c...json"),
// so that the names cannot run out.
std::string partialName(const std::string &path, int k)
{
    const std::filesystem::path p(path);
    std::string name = p.stem().string();
    name += ".partial";
    if (k > 100) {
        thread_local std::mt19937_64 random{std::random_device{}()};
        char hex[17];
        std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(random()));
        name += '-';
        name += hex;
    } else if (k > 1) {
        name += '-';
        name += std::to_string(k);
    }
    name += p.extension().string();
    return (p.parent_path() / name).string();
}

} // namespace

std::string Pipeline::writeOutput(const std::string &path, const std::string &text, bool interrupted,
                                  bool nothing, const WriteOptions &write, const ResultSet *csvOf)
{
    const std::string shown = TerminalText::escaped(path);
    // A CSV's machine, beside the file written (`name`).
    const auto metadata = [csvOf](const std::string &name, const WriteOptions &o) {
        if (csvOf)
            ResultIO::writeCsvMetadata(*csvOf, name, o);
    };
    if (!interrupted) {
        ResultIO::writeResultFile(
            path, [&text](const SafeFile::Append &out) { out(text); }, write, "write fewer points");
        metadata(path, write);
        return "wrote " + shown;
    }
    std::error_code ec;
    const std::string kept =
        shown + (std::filesystem::exists(std::filesystem::symlink_status(path, ec)) ? " is kept as it was"
                                                                                    : " was not written");
    if (nothing)
        return "interrupted before anything was measured: " + kept;
    WriteOptions o = write;
    o.force = false;
    o.createOnly = true;             // a new file, never over another
    for (int k = 1; k <= 200; ++k) { // 100 numbered names, then 100 random ones
        const std::string name = partialName(path, k);
        try {
            ResultIO::writeResultFile(
                name, [&text](const SafeFile::Append &out) { out(text); }, o, "write fewer points");
            metadata(name, o);
            return "interrupted: " + kept + "; what was measured before the stop is in " +
                   TerminalText::escaped(name);
        } catch (const WriteError &e) {
            if (e.kind() != WriteError::Kind::Exists)
                throw;
        }
    }
    throw WriteError("cannot keep the partial results of " + path + ": " + partialName(path, 1) +
                     ", the 99 names after it and 100 random ones are taken");
}

Pipeline::Disturbance Pipeline::disturbance(const ResultSet &result)
{
    Disturbance d;
    for (const Measurement &m : result.rows) {
        if (!m.ok() || m.onDevice())
            continue;
        const bool disturbed = Preemption::disturbed(m);
        if (m.conditions.remeasured > 0) {
            ++d.again;
            (disturbed ? d.still : d.clean) += 1;
        } else if (disturbed) {
            ++d.still;
        }
    }
    return d;
}

std::string Pipeline::disturbanceNote(const ResultSet &result)
{
    const auto [again, clean, still] = disturbance(result);
    if (again == 0 && still == 0)
        return {};
    const auto points = [](int k) { return std::to_string(k) + (k == 1 ? " point" : " points"); };
    std::string s;
    if (again > 0) {
        s = points(again) + " measured again: another program held a core (the threads waited for a CPU)";
        s += "; " + std::to_string(clean) + " came out clean";
        if (still > 0)
            s += ", " + std::to_string(still) + (still == 1 ? " is" : " are") +
                 " still disturbed and marked noisy";
    } else {
        s = points(still) +
            " disturbed: another program held a core (the threads waited for a CPU); marked noisy";
    }
    if (still > 0)
        s += " (the reasons say how; measure on a quieter machine)";
    return s;
}

int Pipeline::exitStatus(const Outcome &o)
{
    if (o.stopped || !o.calibrationError.empty())
        return 1;
    for (const auto &m : o.result.rows)
        if (m.status == Measurement::Status::Failed)
            return 1;
    return 0;
}

} // namespace speeduplab
