// SPDX-License-Identifier: MIT
// The table of the sweep options (sweepoptions.h): one declaration, one help text per option,
// read by speeduplab-cli run and by the app's --headless alike.
#include "core/sweepoptions.h"

#include "core/model/workload.h"
#include "core/plan/presets.h"

#include <algorithm>

namespace speeduplab {

namespace {

template <class... F> struct Overloaded : F... {
    using F::operator()...;
};

std::string presetHelp()
{
    std::string names;
    for (const auto &n : Presets::names())
        names += (names.empty() ? "" : ", ") + n;
    return "a named sweep: " + names + " (options given with it override it)";
}

// "add, saxpy, ... or spmv": the workloads, from their descriptors.
std::string workloadHelp()
{
    const std::vector<Workload> &all = Workload::all();
    std::string names;
    for (std::size_t i = 0; i < all.size(); ++i)
        names += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + all[i].name;
    return names;
}

// Each workload's named variants on every backend (gemm: naive, tiled, blas, ...), from their
// descriptors.
std::string variantHelp()
{
    std::string text;
    for (const Workload &w : Workload::all()) {
        std::vector<std::string> names;
        const auto add = [&names](const std::vector<std::string> &variants) {
            for (const std::string &v : variants)
                if (!v.empty() && std::find(names.begin(), names.end(), v) == names.end())
                    names.push_back(v);
        };
        add(w.cpuVariants);
        add(w.gpuVariants);
        for (const DescribedBackend &backend : describedBackends)
            add(w.variantsOn(backend.row));
        if (names.empty())
            continue;
        text += (text.empty() ? "" : "; ") + w.name + ":";
        for (std::size_t i = 0; i < names.size(); ++i)
            text += (i == 0 ? " " : ", ") + names[i];
    }
    return "variant(s), comma-separated (" + text + ")";
}

std::vector<SweepOption> makeTable()
{
    using O = RunOptions;
    return {
        {"preset", "", "NAME", presetHelp(), "", &O::preset},
        {"workload", "w", "NAME", workloadHelp(), "add", &O::workload},
        {"variant", "", "LIST", variantHelp(), "", &O::variants},
        {"sizes", "", "LIST", "tensor edges n, comma-separated, e.g. 4,40,400", "", &O::sizes},
        {"range", "", "RANGE", "MIN:MAX[:STEPS_PER_DECADE], log-spaced", "", &O::range},
        {"threads", "", "LIST", "CPU thread counts, e.g. 1,2,4, or all", "all", &O::threads},
        {"modes", "", "LIST",
         "GPU modes: launch, graph, fused (default: those of them the workload has), unsynced (add: the "
         "launches timed before the device is synchronised, as the original answer did; only when named)",
         "", &O::modes},
        {"transfers", "", "", "put host-to-device and device-to-host copies in the GPU's timed region", "",
         &O::transfers},
        {"host-memory", "", "KIND", "pageable or pinned host memory for copies", "pageable", &O::hostMemory},
        {"iterations", "", "N", "operations per repetition (default: the workload's; add: 1000)", "",
         &O::iterations},
        {"min-time", "", "S", "seconds of repetitions per point, at least", "0.1", &O::minTime},
        {"max-reps", "", "N", "repetitions per point, at most", "1000", &O::maxReps},
        {"budget", "", "S", "seconds for the whole sweep (0: no limit)", "0", &O::budget},
        {"refine", "", "PRECISION",
         "after the sweep, find each crossover: new sizes around it until its 95 % interval is within "
         "this precision, e.g. 5% (each GPU curve against the best CPU; without a GPU, each thread "
         "count against 1 thread)",
         "", &O::refine},
        {"refine-budget", "", "N", "the most points --refine adds", "24", &O::refineBudget},
        {"placement", "", "PLACEMENT",
         "where the CPU threads run: cores-first (one thread a core, performance cores first, then SMT "
         "siblings), compact (a core's SMT siblings together) or none (the OS decides)",
         "cores-first", &O::placement},
        {"energy", "", "on|off",
         "on: each point's energy by its device's counters (RAPL, NVML), where the machine has them; "
         "a point too short for them runs longer. off: none read",
         "on", &O::energy},
        {"device", "", "DEVICE",
         "cuda:N (or N), opencl:N, cuda, opencl, a list (cuda:0,opencl:0), or all: every device of every "
         "backend, in turn, its curves labelled by device",
         "0", &O::device},
        {"cache", "", "MODE",
         "warm, or cold: flush the GPU's L2 and the CPU's last-level cache before every repetition "
         "(outside the timed region)",
         "warm", &O::cache},
        {"rounds", "", "K",
         "run the whole sweep K times, each round in a shuffled order, and merge each point's rounds "
         "(a drift shows as spread, not as a trend in n)",
         "1", &O::rounds},
        {"seed", "", "S", "the seed of the rounds' shuffled orders (default: a random one, recorded)", "",
         &O::seed},
        {"cpu-only", "", "", "do not use the GPU", "", &O::cpuOnly},
        {"gpu-only", "", "", "do not measure the CPU", "", &O::gpuOnly},
        {"calibrate", "", "",
         "also measure the machine's ceilings (memory bandwidth, GEMM FLOP/s, GPU copies and launches) "
         "and store them with the results",
         "", &O::calibrate},
        {"verbose", "", "",
         "print every crossover found, each CPU thread count against each GPU curve, not only the best "
         "CPU's",
         "", &O::verbose},
    };
}

} // namespace

void SweepOption::set(RunOptions &o, const std::string &value) const
{
    std::visit(Overloaded{[](std::monostate) {},
                          [&](std::optional<std::string> RunOptions::*f) { o.*f = value; },
                          [&](std::string RunOptions::*f) { o.*f = value; },
                          [&](bool RunOptions::*f) { o.*f = true; }},
               field);
}

std::optional<std::string> SweepOption::value(const RunOptions &o) const
{
    using Value = std::optional<std::string>;
    return std::visit(
        Overloaded{[](std::monostate) { return Value(); }, [&](Value RunOptions::*f) { return o.*f; },
                   [&](std::string RunOptions::*f) { return (o.*f).empty() ? Value() : Value(o.*f); },
                   [&](bool RunOptions::*f) { return o.*f ? Value("true") : Value(); }},
        field);
}

const std::vector<SweepOption> &sweepOptions()
{
    static const std::vector<SweepOption> table = makeTable();
    return table;
}

const SweepOption &forceOption()
{
    static const SweepOption force{
        "force", "", "", "replace an output file even when it is read-only (its mode is kept)", "", {}};
    return force;
}

} // namespace speeduplab
