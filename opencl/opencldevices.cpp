// SPDX-License-Identifier: MIT
// The OpenCL backend's plumbing: error names, the loader's platforms and devices, and each device's
// context and program, built once a process. The child probe and the loader's checks are in
// openclchild.cpp.
#include "opencl/opencldevices.h"

#include "backend/filekind.h"

#include "opencl/eventspan.h"
#include "opencl/openclkernels.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace speeduplab::opencl::detail {

namespace {

// A string property of a device or a platform (clGetDeviceInfo, clGetPlatformInfo), "" when unknown.
template <typename Object, typename Info, typename Get> std::string infoString(Object o, Info what, Get get)
{
    std::size_t size = 0;
    if (get(o, what, 0, nullptr, &size) != CL_SUCCESS || size == 0)
        return {};
    std::string s(size, '\0');
    get(o, what, size, s.data(), nullptr);
    s.resize(std::min(s.find('\0'), s.size()));
    return s;
}

// What to install when the loader finds no platform.
const char *const kInstall =
    "install the OpenCL driver of your GPU: intel-opencl-icd for an Intel GPU (and add yourself to the "
    "'render' group), mesa-opencl-icd for an AMD GPU, the NVIDIA driver's OpenCL (nvidia-opencl-icd) for an "
    "NVIDIA GPU, or pocl-opencl-icd to run OpenCL on the CPU";

// NVIDIA's PCI attributes (cl_nv_device_attribute_query), which its headers may not declare.
constexpr cl_device_info kPciBusIdNv = 0x4008, kPciSlotIdNv = 0x4009, kPciDomainIdNv = 0x400A;

// "0000:3b:00.0", as the board's PCI address is written (cudaDeviceGetPCIBusId's form, lower case).
std::string pciAddress(cl_uint domain, cl_uint bus, cl_uint device, cl_uint function)
{
    char text[32];
    std::snprintf(text, sizeof text, "%04x:%02x:%02x.%x", domain & 0xffff, bus & 0xff, device & 0x1f,
                  function & 0x7);
    return text;
}

// The board's PCI address, where the driver says it; "" elsewhere (PoCL, llvmpipe).
std::string pciBusId(cl_device_id d, const std::string &extensions)
{
    if (extensions.find("cl_khr_pci_bus_info") != std::string::npos) {
        cl_device_pci_bus_info_khr info{};
        if (clGetDeviceInfo(d, CL_DEVICE_PCI_BUS_INFO_KHR, sizeof info, &info, nullptr) == CL_SUCCESS)
            return pciAddress(info.pci_domain, info.pci_bus, info.pci_device, info.pci_function);
    }
    if (extensions.find("cl_nv_device_attribute_query") != std::string::npos) {
        cl_uint bus = 0, slot = 0, domain = 0;
        if (clGetDeviceInfo(d, kPciBusIdNv, sizeof bus, &bus, nullptr) == CL_SUCCESS &&
            clGetDeviceInfo(d, kPciSlotIdNv, sizeof slot, &slot, nullptr) == CL_SUCCESS) {
            if (clGetDeviceInfo(d, kPciDomainIdNv, sizeof domain, &domain, nullptr) != CL_SUCCESS)
                domain = 0;                                      // older drivers: the first domain
            return pciAddress(domain, bus, slot >> 3, slot & 7); // the slot id holds device and function
        }
    }
    return {};
}

// Mesa's OpenCL (mesa-opencl-icd) lists its rusticl platform with no device until RUSTICL_ENABLE
// names the Gallium drivers it may use.
const char *const kRusticlIdle =
    "Mesa's OpenCL (rusticl) is installed but shows no device, because RUSTICL_ENABLE is not set: for an "
    "Intel GPU run with RUSTICL_ENABLE=iris (radeonsi for an AMD GPU), or install Intel's own driver, "
    "intel-opencl-icd.";

} // namespace

std::string errorName(cl_int e)
{
    switch (e) {
    case CL_DEVICE_NOT_FOUND:
        return "CL_DEVICE_NOT_FOUND";
    case CL_DEVICE_NOT_AVAILABLE:
        return "CL_DEVICE_NOT_AVAILABLE";
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
        return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
    case CL_OUT_OF_RESOURCES:
        return "CL_OUT_OF_RESOURCES";
    case CL_OUT_OF_HOST_MEMORY:
        return "CL_OUT_OF_HOST_MEMORY";
    case CL_BUILD_PROGRAM_FAILURE:
        return "CL_BUILD_PROGRAM_FAILURE";
    case CL_INVALID_VALUE:
        return "CL_INVALID_VALUE";
    case CL_INVALID_BUFFER_SIZE:
        return "CL_INVALID_BUFFER_SIZE";
    case CL_INVALID_WORK_GROUP_SIZE:
        return "CL_INVALID_WORK_GROUP_SIZE";
    case CL_INVALID_KERNEL_ARGS:
        return "CL_INVALID_KERNEL_ARGS";
    case -1001:
        return "CL_PLATFORM_NOT_FOUND_KHR";
    default:
        return "OpenCL error " + std::to_string(e);
    }
}

void check(cl_int e, const char *call)
{
    if (e == CL_SUCCESS)
        return;
    const std::string what = std::string(call) + " failed: " + errorName(e);
    if (e == CL_OUT_OF_RESOURCES || e == CL_MEM_OBJECT_ALLOCATION_FAILURE || e == CL_OUT_OF_HOST_MEMORY)
        throw Unsupported("the OpenCL device ran out of resources: " + what);
    throw OpenClError(what, e);
}

void checkDone(cl_int e, const char *call)
{
    if (e != CL_SUCCESS)
        throw OpenClError(std::string(call) + " failed: " + errorName(e) +
                              " (the device failed while it ran the queued work)",
                          e, true);
}

cl_int finishAfterWork(cl_command_queue q)
{
    static const cl_int injected = [] {
        const char *v = std::getenv("SPEEDUPLAB_TEST_OPENCL_FAULT");
        return v && *v ? cl_int(std::strtol(v, nullptr, 10)) : CL_SUCCESS;
    }();
    const cl_int e = clFinish(q);
    return e != CL_SUCCESS ? e : injected;
}

std::string deviceString(cl_device_id d, cl_device_info what)
{
    return infoString(d, what, clGetDeviceInfo);
}

std::string platformString(cl_platform_id p, cl_platform_info what)
{
    return infoString(p, what, clGetPlatformInfo);
}

namespace {

// Whether the device's timestamps follow time: two empty kernels, each waited for, some
// milliseconds apart by the host's clock, must start about as far apart by their events. A driver
// that gives placeholders (Mesa's rusticl gives 0, 1, 2, 3 ns) or a clock that stands still fails;
// its points are then timed by the host's clock. Returns why not, or "" when they do.
std::string clockProblem(const DeviceState &s, cl_device_id id)
{
    cl_int e = CL_SUCCESS;
    cl_command_queue q = clCreateCommandQueue(s.context, id, CL_QUEUE_PROFILING_ENABLE, &e);
    if (e != CL_SUCCESS)
        return {}; // no queue: the first run will say why
    cl_kernel k = clCreateKernel(s.program, "empty_kernel", &e);
    std::string problem;
    if (e == CL_SUCCESS) {
        cl_ulong starts[2] = {0, 0};
        double enqueued[2] = {0, 0}, waited[2] = {0, 0}; // by the host's clock
        bool ok = true;
        for (int i = 0; i < 2 && ok; ++i) {
            if (i == 1)
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            const std::size_t one = 1;
            cl_event ev = nullptr;
            enqueued[i] = now();
            ok = clEnqueueNDRangeKernel(q, k, 1, nullptr, &one, &one, 0, nullptr, &ev) == CL_SUCCESS &&
                 clFinish(q) == CL_SUCCESS;
            waited[i] = now();
            ok = ok && clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof starts[i], &starts[i],
                                               nullptr) == CL_SUCCESS;
            if (ev)
                clReleaseEvent(ev);
        }
        // Each kernel started between its enqueue and the end of its wait.
        if (ok)
            problem = EventSpan::clockProblem(enqueued[1] - waited[0], waited[1] - enqueued[0],
                                              starts[1] >= starts[0] ? double(starts[1] - starts[0]) * 1e-9
                                                                     : -double(starts[0] - starts[1]) * 1e-9);
        clReleaseKernel(k);
    }
    clReleaseCommandQueue(q);
    return problem;
}

} // namespace

const Probe &probe()
{
    static const Probe p = [] {
        Probe r;
        r.a.builtWithOpenCL = true;
        if (const std::string why = driverListProblem(); !why.empty()) {
            r.a.reason = why;
            return r;
        }
        if (const std::string why = childProblem(); !why.empty()) {
            r.a.reason = why;
            return r;
        }
        cl_uint platforms = 0;
        const cl_int e = clGetPlatformIDs(0, nullptr, &platforms);
        if (e != CL_SUCCESS || platforms == 0) {
            r.a.reason = "No OpenCL driver is installed (clGetPlatformIDs: " +
                         (e != CL_SUCCESS ? errorName(e) : std::string("no platform")) + "): " + kInstall +
                         ".";
            return r;
        }
        std::vector<cl_platform_id> ps(platforms);
        clGetPlatformIDs(platforms, ps.data(), nullptr);
        for (cl_platform_id p : ps) {
            cl_uint count = 0;
            if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &count) != CL_SUCCESS || count == 0) {
                if (platformString(p, CL_PLATFORM_NAME) == "rusticl")
                    r.a.note = kRusticlIdle;
                continue;
            }
            std::vector<cl_device_id> ds(count);
            clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, count, ds.data(), nullptr);
            for (cl_device_id d : ds) {
                DeviceInfo info;
                info.index = int(r.ids.size());
                info.name = deviceString(d, CL_DEVICE_NAME);
                info.vendor = deviceString(d, CL_DEVICE_VENDOR);
                info.platform = platformString(p, CL_PLATFORM_NAME);
                info.platformVersion = platformString(p, CL_PLATFORM_VERSION);
                info.driverVersion = deviceString(d, CL_DRIVER_VERSION);
                info.deviceVersion = deviceString(d, CL_DEVICE_VERSION);
                const auto type = deviceValue<cl_device_type>(d, CL_DEVICE_TYPE);
                info.type = (type & CL_DEVICE_TYPE_GPU)           ? "GPU"
                            : (type & CL_DEVICE_TYPE_ACCELERATOR) ? "accelerator"
                            : (type & CL_DEVICE_TYPE_CPU)         ? "CPU"
                                                                  : "other";
                info.computeUnits = int(deviceValue<cl_uint>(d, CL_DEVICE_MAX_COMPUTE_UNITS));
                info.globalMemoryBytes = double(deviceValue<cl_ulong>(d, CL_DEVICE_GLOBAL_MEM_SIZE));
                info.maxAllocBytes = double(deviceValue<cl_ulong>(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE));
                info.unifiedMemory = deviceValue<cl_bool>(d, CL_DEVICE_HOST_UNIFIED_MEMORY) == CL_TRUE;
                const std::string extensions = deviceString(d, CL_DEVICE_EXTENSIONS);
                info.fp16 = extensions.find("cl_khr_fp16") != std::string::npos;
                info.clockMHz = int(deviceValue<cl_uint>(d, CL_DEVICE_MAX_CLOCK_FREQUENCY));
                info.timerResolutionS =
                    double(deviceValue<std::size_t>(d, CL_DEVICE_PROFILING_TIMER_RESOLUTION)) * 1e-9;
                info.pciBusId = pciBusId(d, extensions);
                r.a.devices.push_back(info);
                r.ids.push_back(d);
                r.platforms.push_back(p);
            }
        }
        r.a.usable = !r.a.devices.empty();
        if (!r.a.usable)
            r.a.reason = "The OpenCL platforms report no device: " +
                         (r.a.note.empty() ? std::string(kInstall) + "." : r.a.note);
        return r;
    }();
    return p;
}

std::mutex &stateMutex()
{
    static std::mutex m;
    return m;
}

std::map<int, DeviceState> &states()
{
    static std::map<int, DeviceState> s;
    return s;
}

DeviceState &stateOf(int device)
{
    const Probe &p = probe();
    if (device < 0 || device >= int(p.ids.size()))
        throw std::invalid_argument("there is no OpenCL device opencl:" + std::to_string(device) + " (" +
                                    std::to_string(p.ids.size()) + " found)");
    std::lock_guard lock(stateMutex());
    DeviceState &s = states()[device];
    if (s.program)
        return s;
    cl_device_id id = p.ids[std::size_t(device)];
    cl_int e = CL_SUCCESS;
    if (!s.context) {
        s.context = clCreateContext(nullptr, 1, &id, nullptr, nullptr, &e);
        check(e, "clCreateContext");
    }
    const auto t0 = std::chrono::steady_clock::now();
    const char *source = kSource;
    cl_program program = clCreateProgramWithSource(s.context, 1, &source, nullptr, &e);
    check(e, "clCreateProgramWithSource");
    e = clBuildProgram(program, 1, &id, "", nullptr, nullptr);
    if (e != CL_SUCCESS) {
        std::size_t size = 0;
        clGetProgramBuildInfo(program, id, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
        std::string buildLog(size, '\0');
        clGetProgramBuildInfo(program, id, CL_PROGRAM_BUILD_LOG, size, buildLog.data(), nullptr);
        clReleaseProgram(program);
        throw OpenClError("the OpenCL program did not build on opencl:" + std::to_string(device) + " (" +
                          errorName(e) + "): " + buildLog.substr(0, 2000));
    }
    s.buildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    s.program = program;
    s.clockProblem = clockProblem(s, id);
    return s;
}

double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

const CommandBuffers &commandBuffers(int device)
{
    static std::mutex m;
    static std::map<int, CommandBuffers> found;
    std::lock_guard lock(m);
    if (const auto it = found.find(device); it != found.end())
        return it->second;
    CommandBuffers &c = found[device];
    const Probe &p = probe();
    const std::string id = "opencl:" + std::to_string(device);
    if (device < 0 || device >= int(p.ids.size())) {
        c.missing = "there is no " + id;
        return c;
    }
    cl_device_id d = p.ids[std::size_t(device)];
    if (deviceString(d, CL_DEVICE_EXTENSIONS).find("cl_khr_command_buffer") == std::string::npos) {
        c.missing = id + " has no cl_khr_command_buffer, which graph mode records its kernels with";
        return c;
    }
    // The extension is provisional: its calls changed after 0.9.4. Its version, where the device
    // says it (OpenCL 3.0's CL_DEVICE_EXTENSIONS_WITH_VERSION).
    struct NameVersion { // OpenCL 3.0's cl_name_version: this build targets OpenCL 1.2's API
        cl_uint version;
        char name[64];
    };
    constexpr cl_device_info extensionsWithVersion = 0x1060; // CL_DEVICE_EXTENSIONS_WITH_VERSION
    std::size_t size = 0;
    if (clGetDeviceInfo(d, extensionsWithVersion, 0, nullptr, &size) == CL_SUCCESS && size > 0) {
        std::vector<NameVersion> all(size / sizeof(NameVersion));
        clGetDeviceInfo(d, extensionsWithVersion, all.size() * sizeof(NameVersion), all.data(), nullptr);
        for (const NameVersion &v : all) {
            const cl_uint major = v.version >> 22, minor = (v.version >> 12) & 0x3ff,
                          patch = v.version & 0xfff;
            if (std::string(v.name, strnlen(v.name, sizeof v.name)) == "cl_khr_command_buffer" &&
                (major != 0 || minor != 9 || patch > 4)) {
                c.missing = id + "'s cl_khr_command_buffer is version " + std::to_string(major) + '.' +
                            std::to_string(minor) + '.' + std::to_string(patch) +
                            ", whose calls differ from the 0.9.0-0.9.4 this build knows";
                return c;
            }
        }
    }
    cl_platform_id platform = p.platforms[std::size_t(device)];
    const auto get = [&](auto &fn, const char *name) {
        fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(
            clGetExtensionFunctionAddressForPlatform(platform, name));
        return fn != nullptr;
    };
    if (!get(c.create, "clCreateCommandBufferKHR") || !get(c.kernel, "clCommandNDRangeKernelKHR") ||
        !get(c.finalize, "clFinalizeCommandBufferKHR") || !get(c.enqueue, "clEnqueueCommandBufferKHR") ||
        !get(c.release, "clReleaseCommandBufferKHR"))
        c = {nullptr, nullptr,
             nullptr, nullptr,
             nullptr, id + "'s platform lists cl_khr_command_buffer but does not give its functions"};
    return c;
}

} // namespace speeduplab::opencl::detail
