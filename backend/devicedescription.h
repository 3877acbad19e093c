// SPDX-License-Identifier: MIT
// DeviceDescription: one compute device as its driver describes it (name, platform, versions,
// type, compute units, memory, whether it shares the host's memory), with the name --device and
// the results use, what to call it honestly, and the one table of the fields it is written with.
// A described backend (OpenCL) fills it; core keeps it in a result's machine
// (MachineInfo::described) so that a file names its devices. Plain C++ in backend/, below core/
// and the backends.
#pragma once

#include "backend/backendnames.h"
#include "backend/devicekind.h"

#include <cstdio>
#include <string>
#include <variant>
#include <vector>

namespace speeduplab {

struct DeviceDescription {
    /// The described backend (describedBackends) whose device this is: its id's prefix.
    std::string backend = std::string(DeviceIdPrefix::opencl);
    int index = 0;        ///< opencl:index, counted over the platforms in the loader's order
    std::string name;     ///< CL_DEVICE_NAME
    std::string vendor;   ///< CL_DEVICE_VENDOR
    std::string platform; ///< CL_PLATFORM_NAME ("Portable Computing Language" for PoCL)
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
    /// Its API's name in a sentence: "OpenCL".
    std::string api() const
    {
        const DescribedBackend *b = describedByPrefix(backend);
        return b ? std::string(b->api) : backend;
    }
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
            return api() + " on the CPU (" +
                   (isPocl()           ? std::string("PoCL")
                    : platform.empty() ? name
                                       : platform) +
                   ")";
        if (isGpu())
            return name +
                   (unifiedMemory ? " (integrated GPU, " + api() + ")" : " (" + type + ", " + api() + ")");
        return name + " (" + api() + " device of type " + (type.empty() ? std::string("unknown") : type) +
               ")";
    }

    /// One field a device is written with and read back by (a result's machine section, the
    /// OpenCL child's listing), declared once: its key and its member. Every number is finite and
    /// 0 or more. `index` and `backend` are not among them: where a device is listed says both.
    struct Field {
        const char *key;
        std::variant<std::string DeviceDescription::*, int DeviceDescription::*, double DeviceDescription::*,
                     bool DeviceDescription::*>
            member;
    };
    static const std::vector<Field> &fields()
    {
        using D = DeviceDescription;
        static const std::vector<Field> all{
            {"name", &D::name},
            {"vendor", &D::vendor},
            {"platform", &D::platform},
            {"platform_version", &D::platformVersion},
            {"driver_version", &D::driverVersion},
            {"device_version", &D::deviceVersion},
            {"type", &D::type},
            {"compute_units", &D::computeUnits},
            {"memory_bytes", &D::globalMemoryBytes},
            {"max_alloc_bytes", &D::maxAllocBytes},
            {"unified_memory", &D::unifiedMemory},
            {"fp16", &D::fp16},
            {"clock_mhz", &D::clockMHz},
            {"timer_resolution_s", &D::timerResolutionS},
            {"pci_bus_id", &D::pciBusId},
        };
        return all;
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
