// SPDX-License-Identifier: MIT
// DeviceDescription: one compute device as its driver describes it (name, platform, versions,
// type, compute units, memory, whether it shares the host's memory), with the name --device and
// the results use and what to call it honestly. The OpenCL backend fills it; core keeps it in a
// result's machine (MachineInfo::openclDevices) so that a file names its devices. Plain C++ in
// backend/, below core/ and the backends.
#pragma once

#include "backend/devicekind.h"

#include <cstdio>
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
    int clockMHz = 0;           ///< CL_DEVICE_MAX_CLOCK_FREQUENCY; 0 where unknown
    /// CL_DEVICE_PROFILING_TIMER_RESOLUTION in seconds: the tick of its events' timestamps (0
    /// where unknown). A span of a few ticks is not measured by them.
    double timerResolutionS = 0;
    /// The board's PCI address, "0000:3b:00.0" (cl_khr_pci_bus_info, or NVIDIA's attributes);
    /// empty where the driver does not say. The same board seen through CUDA has the same one.
    std::string pciBusId;

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
    /// What the device is (the one place an OpenCL device's type becomes a kind): a CPU device
    /// (PoCL) is a GPU API on the CPU's cores; a GPU or accelerator is integrated when it shares
    /// the host's memory, discrete otherwise; any other type is unknown.
    DeviceKind kind() const
    {
        if (type == "CPU")
            return DeviceKind::CpuApi;
        if (isGpu())
            return unifiedMemory ? DeviceKind::IntegratedGpu : DeviceKind::DiscreteGpu;
        return DeviceKind::Unknown;
    }
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

    /// A PCI address as one form, "0000:3b:00.0", whichever way a driver wrote it (CUDA's
    /// "00000000:3B:00.0" among them); "" when `address` is not one.
    static std::string pciKey(const std::string &address)
    {
        unsigned domain = 0, bus = 0, device = 0, function = 0;
        char end = 0;
        if (std::sscanf(address.c_str(), "%x:%x:%x.%x%c", &domain, &bus, &device, &function, &end) != 4 ||
            domain > 0xffff || bus > 0xff || device > 0x1f || function > 7)
            return {};
        char text[16];
        std::snprintf(text, sizeof text, "%04x:%02x:%02x.%x", domain, bus, device, function);
        return text;
    }
    /// Whether this device is the board at PCI address `address` (another backend's view of it).
    bool samePciBoard(const std::string &address) const
    {
        const std::string mine = pciKey(pciBusId);
        return !mine.empty() && mine == pciKey(address);
    }

    bool operator==(const DeviceDescription &) const = default;
};

} // namespace speeduplab
