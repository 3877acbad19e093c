// SPDX-License-Identifier: MIT
// speeduplab-bench-timeleft: runs a preset's sweep and holds the time-left estimate the window and
// the CLI show (SweepRunner::Progress::remaining, as Pipeline::run reports it) against the time
// that was really left, at a tenth, a fifth, three tenths and half of the sweep's points.
//   speeduplab-bench-timeleft [PRESET] [--points] [any option of speeduplab-cli run]
// Prints one line a fraction: "20 %  estimated 41.2 s  real 35.0 s  ratio 1.18". Target: each
// ratio from a fifth on within 0.7-1.3 (issue 59).
#include "core/machine/machineinfo.h"
#include "core/measure/cacheprofile.h"
#include "core/pipeline.h"
#include "core/sweepoptions.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

using namespace speeduplab;

int main(int argc, char **argv)
{
    // Any sweep option of `speeduplab-cli run` (the one table, sweepOptions()), a preset's name
    // on its own, and --points.
    RunOptions options;
    options.preset = "seed";
    bool points = false; // --points: each point's estimate against its time
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--points") {
            points = true;
            continue;
        }
        if (arg.rfind("--", 0) != 0) {
            options.preset = arg;
            continue;
        }
        const std::string name = arg.substr(2);
        const auto &table = sweepOptions();
        const auto opt =
            std::find_if(table.begin(), table.end(), [&](const SweepOption &o) { return o.name == name; });
        if (opt == table.end() || (!opt->isFlag() && i + 1 >= argc)) {
            std::fprintf(stderr, "usage: speeduplab-bench-timeleft [PRESET] [--points] [any option of "
                                 "speeduplab-cli run, e.g. --device opencl:0 --rounds 2]\n");
            return 2;
        }
        opt->set(options, opt->isFlag() ? std::string() : std::string(argv[++i]));
    }
    SweepPlan plan;
    try {
        plan = Pipeline::plan(options, MachineInfo::hardwareThreads());
    } catch (const std::exception &e) {
        std::fprintf(stderr, "speeduplab-bench-timeleft: %s\n", e.what());
        return 2;
    }
    // Each point's start: its index, the seconds since the sweep began, and the estimate then.
    struct Seen {
        int done;
        double at, remaining, estimate;
        std::string point;
    };
    std::vector<Seen> seen;
    const auto start = std::chrono::steady_clock::now();
    const auto now = [&start] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    Pipeline::Events events;
    events.progress = [&](const SweepRunner::Progress &p) {
        if (p.remaining >= 0 && (seen.empty() || seen.back().done != p.done))
            seen.push_back({p.done, now(), p.remaining, p.pointEstimate, p.current});
    };
    const std::atomic<bool> stop{false};
    const Pipeline::Outcome out = Pipeline::run(plan, false, events, stop);
    const double end = now();
    if (seen.empty()) {
        std::fprintf(stderr, "speeduplab-bench-timeleft: the sweep reported no estimate\n");
        return 1;
    }
    const int total = int(plan.points().size()) * plan.rounds;
    if (points)
        for (std::size_t i = 0; i < seen.size(); ++i) {
            const double took = (i + 1 < seen.size() ? seen[i + 1].at : end) - seen[i].at;
            std::printf("%-40s estimated %8.3f s  took %8.3f s\n", seen[i].point.c_str(), seen[i].estimate,
                        took);
        }
    std::printf("%s: %d points, %zu rows, %.1f s\n", options.preset.c_str(), total, out.result.rows.size(),
                end);
    // The caches as the estimates saw them (measured once a process; here after the sweep when
    // its data never outgrew the L2).
    for (const int threads : {1, MachineInfo::hardwareThreads()}) {
        std::printf("cache profile, %d thread%s:", threads, threads == 1 ? "" : "s");
        for (const auto &[bytes, perByte] : CacheProfile::ofThisMachine(threads).points)
            std::printf(" %.0f KiB %.4f", bytes / 1024, perByte * 1e9);
        std::printf(" (KiB, ns a byte)\n");
    }
    std::printf("%6s %12s %12s %8s\n", "done", "estimated", "real", "ratio");
    for (const double f : {0.1, 0.2, 0.3, 0.5, 0.7}) {
        const int at = int(f * total);
        const Seen *s = nullptr;
        for (const Seen &x : seen)
            if (x.done >= at) {
                s = &x;
                break;
            }
        if (!s)
            continue;
        const double real = end - s->at;
        std::printf("%5.0f %% %10.1f s %10.1f s %8.2f\n", f * 100, s->remaining, real,
                    real > 0 ? s->remaining / real : 0.0);
    }
    return 0;
}
