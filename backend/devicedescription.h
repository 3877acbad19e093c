// SPDX-License-Identifier: MIT
// DeviceDescription: one compute device as its driver describes it (name, platform, versions,
// type, compute units, memory, whether it shares the host's memory), with the name --device and
// the results use and what to call it honestly. The OpenCL backend fills it; core keeps it in a
// result's machine (MachineInfo::openclDevices) so that a file names its devices. Plain C++ in
// backend/, below core/ and the backends.
#pragma once

#include <string>

namespace speeduplab {

struct DeviceDescription {
    std::string backend = "opencl"; ///< the backend of id(): only OpenCL describes its devices so
    int index = 0;                  ///< opencl:index, counted over the platforms in the loader's order
    std::string name;               ///< CL_DEVICE_NAME
    std::string vendor;             ///< CL_DEVICE_VENDOR
    std::string platform;           ///< CL_PLATFORM_NAME ("Portable Computing Language" for PoCL)
    std::string platformVersion;
    std::string driverVersion; ///< CL_DRIVER_VERSION
    std::string deviceVersion; ///< CL_DEVICE_VERSION ("OpenCL 3.0 PoCL ...")
    std::string type;          ///< "GPU", "CPU", "accelerator" or "other" (CL_DEVICE_TYPE)
    int computeUnits = 0;
    double globalMemoryBytes = 0;
    double maxAllocBytes = 0;   ///< CL_DEVICE_MAX_MEM_ALLOC_SIZE: the largest single buffer
    bool unifiedMemory = false; ///< CL_DEVICE_HOST_UNIFIED_MEMORY: it shares the host's memory
    bool fp16 = false;          ///< cl_khr_fp16

    /// "opencl:0": the name --device and the results use.
    std::string id() const { return backend + ':' + std::to_string(index); }
    /// PoCL, the portable OpenCL that runs on the CPU (Debian's pocl-opencl-icd).
    bool isPocl() const
    {
        return platform.find("Portable Computing Language") != std::string::npos ||
               deviceVersion.find("PoCL") != std::string::npos;
    }
    /// Whether the device reports itself as a GPU or an accelerator. Only those can be "the GPU"
    /// of a crossover; a CPU device (PoCL) is OpenCL on the same cores.
    bool isGpu() const { return type == "GPU" || type == "accelerator"; }
    /// A GPU that shares the host's memory: its copies cost little, and its bandwidth is the CPU's.
    bool isIntegratedGpu() const { return isGpu() && unifiedMemory; }
    /// What to call it, honestly: "OpenCL on the CPU (PoCL)" for PoCL, "<name> (integrated GPU,
    /// OpenCL)" for a GPU that shares the host's memory, "<name> (GPU, OpenCL)" otherwise.
    std::string describe() const
    {
        if (type == "CPU")
            return isPocl() ? "OpenCL on the CPU (PoCL)"
                            : "OpenCL on the CPU (" + (platform.empty() ? name : platform) + ")";
        if (isGpu())
            return name + (unifiedMemory ? " (integrated GPU, OpenCL)" : " (" + type + ", OpenCL)");
        return name + " (OpenCL device of type " + (type.empty() ? std::string("unknown") : type) + ")";
    }

    /// The device in a curve's label, short: "PoCL on the CPU", "OpenCL on the CPU" (another CPU
    /// platform), or its name ("Intel(R) UHD Graphics 620").
    std::string shortName() const
    {
        if (type == "CPU")
            return isPocl() ? "PoCL on the CPU" : "OpenCL on the CPU";
        return name;
    }

    bool operator==(const DeviceDescription &) const = default;
};

} // namespace speeduplab
