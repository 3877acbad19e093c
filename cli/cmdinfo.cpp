// SPDX-License-Identifier: MIT
// speeduplab-cli's `devices` (the CPU and every GPU, or why there is none) and `workloads` (each
// workload's variants, GPU modes and iterations).
#include "cli/clicommon.h"
#include "cli/commands.h"
#include "core/devices/devicebackend.h"
#include "core/machine/machineinfo.h"
#include "core/model/workload.h"

#include <iostream>
#include <string>
#include <vector>

namespace speeduplab::cli {

int cmdDevices()
{
    const MachineInfo m = Devices::probeMachine();
    for (const auto &[k, v] : m.describe())
        std::cout << esc(k) << ": " << esc(v) << '\n';
    for (const DescribedBackend &b : describedBackends) // without a device, the status says it
        if (const MachineInfo::DescribedState s = Devices::state(b.prefix); s.usable && !s.note.empty())
            std::cout << b.api << " note: " << esc(s.note) << '\n';
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

} // namespace speeduplab::cli
