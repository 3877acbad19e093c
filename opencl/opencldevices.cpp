// SPDX-License-Identifier: MIT
// The OpenCL backend's plumbing: error names, the loader's platforms and devices, and each device's
// context and program, built once a process.
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

// Where probeInChild asks first: the program and its one argument; empty: in this process.
struct ChildProbe {
    std::mutex mutex;
    std::string program, argument;
};
ChildProbe &childProbeSetting()
{
    static ChildProbe c;
    return c;
}

// The child's listing comes back on this descriptor (the drivers may print on 1 and 2).
constexpr int kListingFd = 3;
// The most a listing may be: a few hundred bytes a device.
constexpr std::size_t kMaxListing = 1 << 20;

// Runs the child probe: empty when it listed the devices and exited 0 (their listing in
// *listing, as serializeListing wrote it), else why OpenCL is not loaded here. Between fork and
// exec only async-signal-safe calls: the arguments are made before.
std::string childProbeProblem(std::string *listing)
{
    std::string program, argument;
    {
        std::lock_guard lock(childProbeSetting().mutex);
        program = childProbeSetting().program;
        argument = childProbeSetting().argument;
    }
    if (program.empty())
        return {};
    std::vector<char *> argv{program.data(), argument.data(), nullptr};
    int pipeFds[2] = {-1, -1};
    if (::pipe2(pipeFds, O_CLOEXEC) != 0)
        pipeFds[0] = pipeFds[1] = -1;
    const pid_t child = ::fork();
    if (child < 0) {
        for (const int fd : pipeFds)
            if (fd >= 0)
                ::close(fd);
        return {}; // no child to be had: probe here, as without the setting
    }
    if (child == 0) {
        const int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
        if (null >= 0) { // the drivers' chatter is not ours to print
            ::dup2(null, STDOUT_FILENO);
            ::dup2(null, STDERR_FILENO);
        }
        if (pipeFds[1] >= 0)
            ::dup2(pipeFds[1], kListingFd); // dup2 clears O_CLOEXEC on the copy: it survives exec
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    if (pipeFds[1] >= 0)
        ::close(pipeFds[1]);
    if (pipeFds[0] >= 0)
        ::fcntl(pipeFds[0], F_SETFL, O_NONBLOCK);
    std::string text;
    const auto drain = [&] { // read what the child wrote so far: it must never block on a full pipe
        char buf[4096];
        for (ssize_t got; pipeFds[0] >= 0 && (got = ::read(pipeFds[0], buf, sizeof buf)) > 0;)
            if (text.size() < kMaxListing)
                text.append(buf, std::size_t(got));
    };
    struct Closer {
        int fd;
        ~Closer()
        {
            if (fd >= 0)
                ::close(fd);
        }
    } closer{pipeFds[0]};
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(kChildProbeSeconds);
    int status = 0;
    for (;;) {
        drain();
        const pid_t done = ::waitpid(child, &status, WNOHANG);
        if (done == child) {
            drain();
            break;
        }
        if (done < 0 && errno != EINTR)
            return {};
        if (std::chrono::steady_clock::now() > until) {
            ::kill(child, SIGKILL);
            ::waitpid(child, &status, 0);
            return "OpenCL was not loaded: listing its devices did not finish in " +
                   std::to_string(kChildProbeSeconds) +
                   " s (in a child process, which was stopped): a driver hangs; OCL_ICD_VENDORS picks "
                   "the drivers the loader tries";
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (WIFSIGNALED(status)) {
        const char *name = ::sigdescr_np(WTERMSIG(status));
        return "OpenCL was not loaded: a driver crashed while its devices were listed (in a child "
               "process: " +
               std::string(name ? name : "signal " + std::to_string(WTERMSIG(status))) +
               "); OCL_ICD_VENDORS picks the drivers the loader tries";
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
        return "OpenCL was not loaded: listing its devices in a child process ended with status " +
               std::to_string(WEXITSTATUS(status)) + "; OCL_ICD_VENDORS picks the drivers the loader tries";
    if (listing)
        *listing = std::move(text);
    return {};
}

// One line a field, "key<TAB>value", a value's backslashes, tabs and newlines escaped; "device"
// starts each device. What the child writes on kListingFd and the parent reads back.
std::string escapeField(const std::string &s)
{
    std::string out;
    for (const char c : s)
        out += c == '\\'   ? std::string("\\\\")
               : c == '\t' ? std::string("\\t")
               : c == '\n' ? std::string("\\n")
                           : std::string(1, c);
    return out;
}

std::string unescapeField(const std::string &s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || i + 1 == s.size()) {
            out += s[i];
            continue;
        }
        const char c = s[++i];
        out += c == 't' ? '\t' : c == 'n' ? '\n' : c;
    }
    return out;
}

std::string serializeListing(const Availability &a)
{
    std::string out = "usable\t" + std::to_string(a.usable) + "\nreason\t" + escapeField(a.reason) +
                      "\nnote\t" + escapeField(a.note) + "\n";
    char buf[64];
    const auto number = [&buf](double v) {
        std::snprintf(buf, sizeof buf, "%.17g", v);
        return std::string(buf);
    };
    for (const DeviceInfo &d : a.devices) {
        out += "device\n";
        for (const auto &[key, value] : std::vector<std::pair<const char *, std::string>>{
                 {"name", d.name},
                 {"vendor", d.vendor},
                 {"platform", d.platform},
                 {"platform_version", d.platformVersion},
                 {"driver_version", d.driverVersion},
                 {"device_version", d.deviceVersion},
                 {"type", d.type},
                 {"pci_bus_id", d.pciBusId},
                 {"compute_units", std::to_string(d.computeUnits)},
                 {"global_memory", number(d.globalMemoryBytes)},
                 {"max_alloc", number(d.maxAllocBytes)},
                 {"unified_memory", std::to_string(d.unifiedMemory)},
                 {"fp16", std::to_string(d.fp16)},
                 {"clock_mhz", std::to_string(d.clockMHz)},
                 {"timer_resolution", number(d.timerResolutionS)}})
            out += std::string(key) + '\t' + escapeField(value) + '\n';
    }
    return out + "end\n";
}

// The listing back; false when it is not one whole (a child that died as it wrote it).
bool parseListing(const std::string &text, Availability &a)
{
    a = {};
    a.builtWithOpenCL = true;
    bool ended = false;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t eol = text.find('\n', at);
        if (eol == std::string::npos)
            return false;
        const std::string line = text.substr(at, eol - at);
        at = eol + 1;
        if (line == "end") {
            ended = true;
            break;
        }
        if (line == "device") {
            DeviceInfo d;
            d.index = int(a.devices.size());
            a.devices.push_back(d);
            continue;
        }
        const std::size_t tab = line.find('\t');
        if (tab == std::string::npos)
            return false;
        const std::string key = line.substr(0, tab), value = unescapeField(line.substr(tab + 1));
        const auto whole = [&value] { return int(std::strtol(value.c_str(), nullptr, 10)); };
        const auto real = [&value] { return std::strtod(value.c_str(), nullptr); };
        if (key == "usable")
            a.usable = value == "1";
        else if (key == "reason")
            a.reason = value;
        else if (key == "note")
            a.note = value;
        else if (a.devices.empty())
            return false;
        else {
            DeviceInfo &d = a.devices.back();
            if (key == "name")
                d.name = value;
            else if (key == "vendor")
                d.vendor = value;
            else if (key == "platform")
                d.platform = value;
            else if (key == "platform_version")
                d.platformVersion = value;
            else if (key == "driver_version")
                d.driverVersion = value;
            else if (key == "device_version")
                d.deviceVersion = value;
            else if (key == "type")
                d.type = value;
            else if (key == "pci_bus_id")
                d.pciBusId = value;
            else if (key == "compute_units")
                d.computeUnits = whole();
            else if (key == "global_memory")
                d.globalMemoryBytes = real();
            else if (key == "max_alloc")
                d.maxAllocBytes = real();
            else if (key == "unified_memory")
                d.unifiedMemory = value == "1";
            else if (key == "fp16")
                d.fp16 = value == "1";
            else if (key == "clock_mhz")
                d.clockMHz = whole();
            else if (key == "timer_resolution")
                d.timerResolutionS = real();
        }
    }
    return ended && a.usable == !a.devices.empty();
}

// What the child probe said: why OpenCL is not loaded here, or the devices it listed (none when
// no child ran, or its listing did not come back whole: probe() then lists them here).
struct ChildListing {
    std::string problem;
    std::optional<Availability> listed;
};

const ChildListing &childListing()
{
    static const ChildListing c = [] {
        ChildListing out;
        std::string text;
        out.problem = childProbeProblem(&text);
        Availability a;
        if (out.problem.empty() && !text.empty() && parseListing(text, a))
            out.listed = std::move(a);
        return out;
    }();
    return c;
}

// The ICD loader reads the driver list as it is given (OCL_ICD_VENDORS, else /etc/OpenCL/vendors,
// and the libraries of OCL_ICD_FILENAMES), and a driver may read HWLOC_XMLFILE: a FIFO named x.icd
// blocks it beyond any signal, a huge .icd crashes it. Each entry is held first to a regular file (an .icd of
// at most 64 KiB) by stat, which neither opens nor reads it. The reason, or empty when the loader may go
// ahead.
std::string driverListProblem()
{
    constexpr off_t kMaxIcd = 64 * 1024;
    const auto refused = [](const std::string &path, const struct stat &st, bool icd) -> std::string {
        const std::string kind = notRegularFile(st.st_mode);
        const std::string why = !kind.empty() ? "is " + kind + ", not a regular file"
                                : icd && st.st_size > kMaxIcd
                                    ? "is " + std::to_string(st.st_size / 1024) +
                                          " KiB, larger than an .icd entry may be (64 KiB)"
                                    : std::string();
        return why.empty() ? why
                           : "OpenCL was not loaded: the OpenCL loader's driver list names " + path +
                                 ", which " + why +
                                 " (the loader would wait on it or crash): remove it, or point "
                                 "OCL_ICD_VENDORS at a folder of .icd files";
    };
    const auto endsIcd = [](const std::string &name) {
        return name.size() > 4 && name.compare(name.size() - 4, 4, ".icd") == 0;
    };
    struct stat st {};
    // A driver may read a topology through hwloc (PoCL does, as it loads): hwloc would wait on a
    // FIFO there too, or read /dev/zero without end.
    for (const char *variable : {"HWLOC_XMLFILE", "HWLOC_FORCE_XMLFILE"})
        if (const char *xml = std::getenv(variable); xml && *xml && ::stat(xml, &st) == 0) {
            const std::string kind = notRegularFile(st.st_mode);
            const std::string why = !kind.empty() ? "is " + kind + ", not a regular file"
                                    : st.st_size > (off_t(64) << 20)
                                        ? "is larger than the 64 MiB a topology may be"
                                        : std::string();
            if (!why.empty())
                return std::string("OpenCL was not loaded: its driver may read the topology ") + variable +
                       "=" + xml + " through hwloc, and it " + why +
                       " (hwloc would wait on it or read it without end)";
        }
    if (const char *files = std::getenv("OCL_ICD_FILENAMES"); files && *files) {
        std::string list = files;
        for (std::size_t at = 0; at <= list.size();) {
            const std::size_t end = std::min(list.find(':', at), list.size());
            const std::string lib = list.substr(at, end - at);
            if (!lib.empty() && ::stat(lib.c_str(), &st) == 0)
                if (std::string why = refused(lib, st, false); !why.empty())
                    return why;
            at = end + 1;
        }
    }
    const char *env = std::getenv("OCL_ICD_VENDORS");
    const std::string where = env && *env ? env : "/etc/OpenCL/vendors";
    if (::stat(where.c_str(), &st) != 0) // none: the loader finds no driver, and says so
        return {};
    if (!S_ISDIR(st.st_mode)) // one .icd file, or a library's name the loader opens
        return endsIcd(where) || where.find('/') != std::string::npos ? refused(where, st, endsIcd(where))
                                                                      : std::string();
    DIR *dir = ::opendir(where.c_str());
    if (!dir)
        return {};
    std::string why;
    while (const dirent *e = ::readdir(dir)) {
        const std::string name = e->d_name;
        if (!endsIcd(name))
            continue;
        const std::string path = where + "/" + name;
        if (::stat(path.c_str(), &st) == 0 && !(why = refused(path, st, true)).empty())
            break;
    }
    ::closedir(dir);
    return why;
}

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
        if (const ChildListing &c = childListing(); !c.problem.empty()) {
            r.a.reason = c.problem;
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

const Availability *listedInChild()
{
    const ChildListing &c = childListing();
    return c.problem.empty() && c.listed ? &*c.listed : nullptr;
}

} // namespace speeduplab::opencl::detail

namespace speeduplab::opencl {

void probeInChild(const std::string &program, const std::string &argument)
{
    detail::ChildProbe &c = detail::childProbeSetting();
    std::lock_guard lock(c.mutex);
    c.program = program;
    c.argument = argument;
}

int childProbe()
{
    // In this process (the child's own setting is empty); the listing to the parent, on the
    // descriptor it gave (none when run by hand).
    const std::string listing = detail::serializeListing(detail::probe().a);
    if (::fcntl(detail::kListingFd, F_GETFD) != -1)
        for (std::size_t at = 0; at < listing.size();) {
            const ssize_t put = ::write(detail::kListingFd, listing.data() + at, listing.size() - at);
            if (put <= 0 && errno != EINTR)
                break;
            at += put > 0 ? std::size_t(put) : 0;
        }
    return 0;
}

} // namespace speeduplab::opencl
