// SPDX-License-Identifier: MIT
// One pipeline for the CLI and the headless app (no Qt): plan, run, calibration, notes, outputs, exit status.
#pragma once

#include "core/analysis/refine.h"
#include "core/io/safefile.h"
#include "core/machine/machineinfo.h"
#include "core/measure/sweeprunner.h"
#include "core/model/resultset.h"
#include "core/plan/sweepplan.h"

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace speeduplab {

/// The sweep options of one run as the user typed them: speeduplab-cli run's and
/// speeduplab --headless's. Plain strings (absent: not given), so that both front ends fill
/// it from their own parsers and every check and error message lives in Pipeline::plan.
struct RunOptions {
    std::string preset; ///< "": none
    std::optional<std::string> workload, variants, sizes, range, threads, modes, hostMemory;
    std::optional<std::string> iterations, minTime, maxReps, budget, device;
    std::optional<std::string> refine, refineBudget; ///< --refine 5%, --refine-budget N
    std::optional<std::string> placement;            ///< --placement cores-first|compact|none
    std::optional<std::string> energy;               ///< --energy on|off
    std::optional<std::string> cache, rounds, seed;  ///< --cache warm|cold, --rounds K, --seed S
    bool transfers = false, cpuOnly = false, gpuOnly = false;
    bool calibrate = false; ///< measure the machine's ceilings after the sweep
    bool verbose = false;   ///< print every crossover, not only the best CPU's (no sweep option)
    /// The preset a run without --preset, --sizes and --range uses when the workload is the
    /// preset's: the app's "seed". The CLI has none, so it asks for sizes.
    std::string defaultPreset;

    /// Any sweep option is given (not counting the preset and --calibrate).
    bool hasSweepOptions() const;
};

/// One step of a calibration, for a front end to print or show in its own words.
struct CalibrationStep {
    enum class Kind {
        Cpu,        ///< the CPU is being calibrated with `threads` threads
        Gpu,        ///< GPU `device` is being calibrated
        GpuSkipped, ///< no usable GPU: `reason`
        GpuFailed,  ///< GPU `device` could not be calibrated: `reason`; the CPU ceilings are kept
        GpuPartial, ///< GPU `device` was calibrated without its cuBLAS ceilings: `reason`; the rest are kept
        Device,     ///< a described device, `deviceId` ("opencl:0"), is being calibrated
        DeviceFailed, ///< `deviceId` could not be calibrated: `reason`; the other ceilings are kept
    };
    Kind kind = Kind::Cpu;
    int threads = 0;
    int device = 0;
    std::string reason;
    std::string deviceId = {}; ///< a described device's id ("opencl:0"); empty for the CPU and CUDA
};

/// One run from the options to a complete ResultSet, shared by speeduplab-cli and the app:
/// options -> plan -> sweep -> ceilings (when asked) -> exit status. Front ends only parse
/// options and print; the window uses the same calibration (Pipeline::calibrate).
class Pipeline {
public:
    using Ceilings = std::map<std::string, double>;

    /// The preset (or the default preset when neither it nor sizes are given), then every
    /// option given on top; validated. Throws std::invalid_argument with one sentence.
    /// --gpu-only without a usable GPU (MachineInfo::gpuState()) is refused here too, naming
    /// the reason: such a run would measure nothing. (SweepPlan::validate does not ask for a
    /// GPU: the window builds GPU plans on machines without one.)
    /// gpuCount: the usable GPUs, for --device all; -1 asks the GPU backend.
    static SweepPlan plan(const RunOptions &options, int hardwareThreads, int gpuCount = -1);
    /// "--gpu-only needs a usable GPU, and there is none: <why>" when options ask for the GPU
    /// only and state is not usable; empty otherwise.
    static std::string gpuOnlyError(const RunOptions &options, const MachineInfo::GpuState &state);

    struct Events {
        std::function<void(const Measurement &)> measured;
        std::function<void(const SweepRunner::Progress &)> progress;
        std::function<void(const CalibrationStep &)> calibration;
        /// The front end's handler of SIGINT and SIGTERM (it sets the stop flag), kept in force for
        /// the whole run: loading OpenCL's PoCL installs LLVM's own handlers, which reset to the
        /// default on the first signal, so that a second Ctrl+C killed the program mid-write. It
        /// is installed after OpenCL is loaded, and again after each point and at the end.
        void (*onSignal)(int) = nullptr;
    };
    /// Installs handler for SIGINT and SIGTERM (sigaction, restarting system calls).
    static void keepSignalHandler(void (*handler)(int));
    struct Outcome {
        ResultSet result;     ///< every point measured, with the ceilings when calibrated
        bool stopped = false; ///< stop was requested: the result holds what came before
        bool calibrated = false;
        std::string calibrationError; ///< the calibration failed (not a GPU that cannot be used)
        /// Seconds until every curve spanned the whole range (SweepRunner::Progress::firstPass);
        /// -1 when the sweep stopped before.
        double firstPass = -1;
        double elapsed = 0; ///< seconds the sweep took (not the calibration)
        /// With plan.refine: what became of each crossover (Refine::run), in the order found.
        std::vector<Refine::Outcome> refined;
    };
    /// Runs the plan on the calling thread (with plan.refine, then the refinement: Refine::run,
    /// its points reported as the sweep's, the time left counting its budget), then (calibrate)
    /// measures the ceilings with the
    /// sweep's largest thread count and the plan's GPU, into result.machine.ceilings. `known`:
    /// ceilings of this machine measured earlier (the window's Calibrate), carried into the
    /// result where the run measured none, so that the result set leaves complete. Throws
    /// std::invalid_argument for an invalid plan, before anything runs.
    static Outcome run(const SweepPlan &plan, bool calibrate, const Events &events,
                       const std::atomic<bool> &stop, const Ceilings &known = {});

    struct Calibrated {
        Ceilings ceilings; ///< what was measured (before the stop, when stopped)
        bool stopped = false;
    };
    /// The machine's ceilings: the CPU with `threads` threads, then GPU `device` when `gpu`
    /// and a GPU is usable. A GPU that cannot be calibrated is a GpuFailed step, not an error:
    /// the CPU ceilings still count; one whose cuBLAS failed is a GpuPartial step after its other
    /// ceilings. Then each described device of `described` (one that fails is a DeviceFailed
    /// step). Other failures throw.
    static Calibrated calibrate(int threads, int device, bool gpu, const std::atomic<bool> &stop,
                                const std::function<void(const CalibrationStep &)> &step,
                                const std::vector<PlanDevice> &described = {});

    /// The thread count a calibration after this plan uses: its largest CPU thread count, so
    /// that the ceiling is what the best CPU curve could reach (all threads without CPU points).
    static int calibrationThreads(const SweepPlan &plan, int hardwareThreads);
    /// "no usable GPU, GPU points will be skipped: <why>" when the plan wants a GPU that is not
    /// usable, and the same for OpenCL devices without an OpenCL driver; empty otherwise.
    static std::string gpuNote(const SweepPlan &plan);
    /// "the sweep took 14.3 s; every curve spanned the whole range of sizes after 2.1 s" (firstPass and
    /// elapsed as in Outcome and SweepRunner::Progress); "the sweep took 14.3 s" without a first pass.
    static std::string timingNote(double firstPass, double elapsed);
    /// "cold cache with 1000 iterations a repetition: only the first operation of each
    /// repetition finds the caches flushed; --iterations 1 makes every timed operation cold" for
    /// a cold plan of more than one iteration; empty otherwise.
    static std::string cacheNote(const SweepPlan &plan);
    /// Why the GPU's clocks will not be read (GpuClocks::reason) when the plan measures a usable
    /// GPU and NVML is missing; empty otherwise.
    static std::string clocksNote(const SweepPlan &plan);
    /// Why some of the plan's devices will read no energy, one sentence each (SweepConditions::
    /// energyMissing): "no energy for the CPU: no energy counters on this machine (a virtual
    /// machine: the hypervisor shows none)"; empty when every device has counters or with
    /// --energy off (the user asked for none).
    static std::string energyNote(const SweepPlan &plan);
    /// "round 2 of 3, in a shuffled order (seed 1234)" when progress starts a round of a sweep
    /// of several (its first point); empty otherwise.
    static std::string roundNote(const SweepPlan &plan, const SweepRunner::Progress &progress);
    /// What preemption did to a result's ok CPU points: how many were measured again at the end
    /// of the sweep, how many of those came out clean, and how many are still disturbed.
    struct Disturbance {
        int again = 0, clean = 0, still = 0;
    };
    static Disturbance disturbance(const ResultSet &result);
    /// The same in a sentence: "4 points measured again: another program
    /// held a core (the threads waited for a CPU); 3 came out clean, 1 is still disturbed and
    /// marked noisy (the reasons say how; measure on a quieter machine)"; empty when no point
    /// was disturbed.
    static std::string disturbanceNote(const ResultSet &result);
    /// "stopped: N points were measured before the stop" when stopped; empty otherwise.
    static std::string stopNote(const Outcome &outcome);
    /// Writes one output of a run or a calibration (text) to path, and returns what to say. An
    /// interrupted command never replaces path, so that a complete file of an earlier run stays
    /// as it was: what it has, unless `nothing`, goes to a new file beside it,
    /// "results.partial.json" (or "results.partial-2.json" and on: never over another file).
    /// The sentence: "wrote results.json", or "interrupted: results.json is kept as it was; what
    /// was measured before the stop is in results.partial.json" (paths escaped for a terminal).
    /// Throws WriteError.
    /// csvOf: the text is that result set's CSV, and its metadata file (ResultIO::csvMetadata) is
    /// written beside the file written.
    static std::string writeOutput(const std::string &path, const std::string &text, bool interrupted,
                                   bool nothing, const WriteOptions &write, const ResultSet *csvOf = nullptr);
    /// 0 when every point ran and the run was not stopped, 1 otherwise (a wrong result, a CUDA
    /// error, a failed calibration, a stop). Front ends add their own (a file that could not be written).
    static int exitStatus(const Outcome &outcome);
};

} // namespace speeduplab
