// SPDX-License-Identifier: MIT
// DeviceList: the OpenCL devices' lines, from the backend's own description of each.
#include "core/devicelist.h"

#include "opencl/openclbackend.h"

#include <cstdio>

namespace speeduplab {

std::vector<std::pair<std::string, std::string>> DeviceList::opencl()
{
    std::vector<std::pair<std::string, std::string>> lines;
    const opencl::Availability a = opencl::availability();
    if (!a.usable) {
        lines.emplace_back("OpenCL", "none usable: " + a.reason);
        return lines;
    }
    for (const opencl::DeviceInfo &d : a.devices) {
        char memory[48];
        std::snprintf(memory, sizeof memory, "%.1f GiB", d.globalMemoryBytes / (1024.0 * 1024 * 1024));
        std::string text = d.describe() + ": " + d.name + ", " + std::to_string(d.computeUnits) +
                           " compute units, " + memory +
                           (d.unifiedMemory ? ", memory shared with the host" : "") + "; " + d.deviceVersion +
                           ", driver " + d.driverVersion + ", platform " + d.platform;
        if (!d.isGpu())
            text += " (not a GPU: a crossover against it is the cost of OpenCL on the same cores)";
        lines.emplace_back(d.id(), text);
    }
    return lines;
}

} // namespace speeduplab
