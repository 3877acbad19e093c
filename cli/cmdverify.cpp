// SPDX-License-Identifier: MIT
// speeduplab-cli's `verify`: every workload, variant and backend run at odd sizes and checked
// against the CPU reference, a PASS, FAIL or SKIP line per point.
#include "cli/clicommon.h"
#include "cli/commands.h"
#include "core/devices/devicebackend.h"
#include "core/machine/machineinfo.h"
#include "core/measure/sweeprunner.h"
#include "core/model/measurement.h"
#include "core/model/workload.h"
#include "core/plan/sweepplan.h"

#include <iostream>
#include <string>
#include <vector>

namespace speeduplab::cli {

int cmdVerify(int device, bool cpuOnly)
{
    const int hw = MachineInfo::hardwareThreads();
    const MachineInfo::GpuState gpuState = MachineInfo::gpuState();
    std::vector<std::pair<const DescribedBackend *, MachineInfo::DescribedState>> described;
    for (const DescribedBackend &b : describedBackends)
        described.emplace_back(&b, Devices::state(b.prefix));
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
        for (const DescribedBackend &b : describedBackends) // SweepPlan::points lists each (series, n) once
            for (const auto &v : w.variantsOn(b.row))
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
        for (const auto &[b, state] : described)
            if (!cpuOnly && state.usable)
                for (const auto &d : state.devices)
                    p.describedDevices.push_back({std::string(b->row), d.index});
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
            std::cout << verdict << "  " << val(m.workload) << "  " << val(m.seriesLabel())
                      << "  n = " << m.n;
            if (!m.reason.empty())
                std::cout << "  " << esc(m.reason);
            std::cout << '\n';
        };
        runner.run(cb, g_stop);
    }
    if (!gpuState.usable && !cpuOnly)
        std::cout << "GPU not checked: " << esc(gpuState.reason) << '\n';
    for (const auto &[b, state] : described)
        if (!state.usable && !cpuOnly)
            std::cout << b->api << " not checked: " << esc(state.reason) << '\n';
    std::cout << passed << " passed, " << wrong << " failed, " << skipped << " skipped\n";
    if (g_signal != 0) {
        std::cerr << "stopped: not every workload was checked\n";
        return interruptedStatus();
    }
    return wrong ? 1 : 0;
}

} // namespace speeduplab::cli
