// SPDX-License-Identifier: MIT
// The machine a run was measured on (no Qt): probing the CPU, caches, memory, OS, GPUs and BLAS.
#include "core/machine/machineinfo.h"

#include "core/io/readfile.h"
#include "core/kernels/blaslibrary.h"
#include "core/kernels/cpukernels.h"
#include "core/version.h"
#include "cuda/gpubackend.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <sstream>
#include <sys/utsname.h>
#include <thread>
#include <unistd.h>

namespace speeduplab {

std::string MachineInfo::readText(const std::string &path)
{
    // Through the one reader: never blocked by a FIFO, never unbounded (/proc/cpuinfo of a
    // 256-core machine is under 1 MiB).
    return ReadFile::read(path, 4u << 20, ReadFile::Over::Cut).text;
}

static std::string readFirstLine(const std::string &path)
{
    const std::string text = MachineInfo::readText(path);
    return text.substr(0, text.find('\n'));
}

static std::string versionString(int v)
{
    if (v <= 0)
        return "";
    return std::to_string(v / 1000) + '.' + std::to_string((v % 1000) / 10);
}

MachineInfo::GpuState MachineInfo::gpuState()
{
    const gpu::Availability a = gpu::availability();
    GpuState s;
    s.usable = a.usable;
    s.reason = a.usable ? "" : a.reason;
    s.why = a.why;
    s.driverVersion = versionString(a.driverVersion);
    s.runtimeVersion = versionString(a.runtimeVersion);
    for (const auto &d : a.devices) {
        Gpu g;
        g.index = d.index;
        g.name = d.name;
        g.computeCapability = std::to_string(d.ccMajor) + '.' + std::to_string(d.ccMinor);
        g.smCount = d.smCount;
        g.memoryBytes = d.totalMemoryBytes;
        g.smClockMHz = d.smClockMHz;
        g.memoryClockMHz = d.memoryClockMHz;
        g.memoryBusWidthBits = d.memoryBusWidthBits;
        g.bandwidthGBs = d.theoreticalBandwidthGBs;
        g.l2Bytes = d.l2CacheBytes;
        g.pciBusId = DeviceDescription::pciKey(d.pciBusId);
        s.gpus.push_back(g);
    }
    return s;
}

int MachineInfo::hardwareThreads()
{
    return int(std::max(1u, std::thread::hardware_concurrency()));
}

double MachineInfo::availableMemory()
{
    return meminfoBytes(readText("/proc/meminfo"), "MemAvailable");
}

double MachineInfo::meminfoBytes(const std::string &meminfo, const std::string &key)
{
    std::istringstream lines(meminfo);
    std::string line;
    while (std::getline(lines, line)) {
        // "MemAvailable:   23701968 kB"
        if (line.size() <= key.size() || line.compare(0, key.size(), key) != 0 || line[key.size()] != ':')
            continue;
        std::istringstream fields(line.substr(key.size() + 1));
        double value = 0;
        std::string unit;
        if (!(fields >> value) || !(value >= 0) || !std::isfinite(value))
            return 0;
        fields >> unit;
        return unit == "kB" ? value * 1024.0 : unit.empty() ? value : 0;
    }
    return 0;
}

const DeviceDescription *MachineInfo::deviceOf(std::string_view row, int index) const
{
    const DescribedBackend *b = describedByRow(row);
    for (const DeviceDescription &d : described)
        if (b && d.backend == b->prefix && d.index == index)
            return &d;
    return nullptr;
}

std::vector<DeviceDescription> MachineInfo::devicesOf(std::string_view prefix) const
{
    std::vector<DeviceDescription> out;
    for (const DeviceDescription &d : described)
        if (d.backend == prefix)
            out.push_back(d);
    return out;
}

std::string MachineInfo::statusOf(std::string_view prefix) const
{
    const auto it = describedStatus.find(std::string(prefix));
    return it == describedStatus.end() ? std::string() : it->second;
}

const MachineInfo::Gpu *MachineInfo::sameBoard(const std::vector<Gpu> &gpus, const DeviceDescription &d)
{
    for (const Gpu &g : gpus)
        if (d.samePciBoard(g.pciBusId))
            return &g;
    return nullptr;
}

std::vector<int> MachineInfo::alsoCuda(const std::vector<Gpu> &gpus,
                                       const std::vector<DeviceDescription> &devices)
{
    std::vector<int> out;
    for (const DeviceDescription &d : devices)
        if (sameBoard(gpus, d))
            out.push_back(d.index);
    return out;
}

bool MachineInfo::sameHardware(const MachineInfo &other) const
{
    if (cpuModel != other.cpuModel || logicalCores != other.logicalCores || gpus.size() != other.gpus.size())
        return false;
    for (std::size_t i = 0; i < gpus.size(); ++i)
        if (gpus[i].name != other.gpus[i].name)
            return false;
    return true;
}

namespace {

// A name from the environment or the kernel, kept only when it is a plain one: letters, digits,
// '_', '-' and '.', 64 at most. Anything else is data of unknown origin, and is dropped.
std::string plainName(const char *text)
{
    const std::string s = text ? text : "";
    if (s.empty() || s.size() > 64)
        return "";
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.')
            return "";
    return s;
}

std::string hostName()
{
    utsname u{};
    if (uname(&u) != 0)
        return "";
    const std::string name = plainName(u.nodename);
    return name.substr(0, name.find('.'));
}

// The batch job of this process: Slurm's array job and task when it is one, else its job id;
// outside Slurm, SPEEDUPLAB_JOB (scripts/jube-sweep.yaml sets it to its benchmark and task).
std::string batchJob()
{
    const std::string array = plainName(std::getenv("SLURM_ARRAY_JOB_ID")),
                      task = plainName(std::getenv("SLURM_ARRAY_TASK_ID"));
    if (!array.empty() && !task.empty())
        return array + '_' + task;
    if (const std::string job = plainName(std::getenv("SLURM_JOB_ID")); !job.empty())
        return job;
    return plainName(std::getenv("SPEEDUPLAB_JOB"));
}

} // namespace

MachineInfo MachineInfo::probeHost()
{
    MachineInfo m;
    m.cpuConditions = CpuConditions::read();
    {
        std::istringstream f(readText("/proc/cpuinfo"));
        std::string line;
        while (std::getline(f, line)) {
            if (line.rfind("model name", 0) == 0) {
                auto p = line.find(':');
                if (p != std::string::npos)
                    m.cpuModel = line.substr(p + 2);
                break;
            }
        }
    }
    m.logicalCores = int(std::thread::hardware_concurrency());
    m.cpuKernels = CpuKernels::instructionSet();
    {
        const BlasLibrary::Report &blas = BlasLibrary::report(); // loads OpenBLAS on first use
        m.blas = blas.summary();
        m.blasWarning = blas.warning;
    }
    m.caches = probeCaches();
    m.topology = CpuTopology::of(Topology::probe());
    m.ramBytes = meminfoBytes(readText("/proc/meminfo"), "MemTotal");
    {
        std::istringstream f(readText("/etc/os-release"));
        std::string line;
        while (std::getline(f, line))
            if (line.rfind("PRETTY_NAME=", 0) == 0) {
                m.os = line.substr(12);
                if (m.os.size() >= 2 && m.os.front() == '"')
                    m.os = m.os.substr(1, m.os.size() - 2);
            }
        utsname u{};
        if (uname(&u) == 0)
            m.os += std::string(m.os.empty() ? "" : ", ") + u.sysname + ' ' + u.release + ' ' + u.machine;
    }

    GpuState g = gpuState();
    m.gpuStatus = g.usable ? "" : g.reason;
    m.driverVersion = g.driverVersion;
    m.runtimeVersion = g.runtimeVersion;
    m.gpus = std::move(g.gpus);

    m.buildType = SPEEDUPLAB_BUILD_TYPE;
    m.programVersion = SPEEDUPLAB_VERSION;
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    m.timestamp = buf;
    m.host = hostName();
    m.job = batchJob();
    return m;
}

std::map<std::string, std::string> MachineInfo::probeCaches()
{
    std::map<std::string, std::string> caches;
    // hwloc's view of this machine first: of each level and type, the most private cache (a
    // performance core's, on a hybrid CPU), the largest of those.
    if (const Topology &t = Topology::probe(); t.problem.empty() && t.thisSystem && !t.caches.empty()) {
        std::map<std::string, const Topology::Cache *> best;
        for (const Topology::Cache &c : t.caches) {
            const std::string key = "L" + std::to_string(c.level) +
                                    (c.type == "data"          ? "d"
                                     : c.type == "instruction" ? "i"
                                                               : "");
            const Topology::Cache *&b = best[key];
            if (!b || c.sharedBy < b->sharedBy || (c.sharedBy == b->sharedBy && c.bytes > b->bytes))
                b = &c;
        }
        for (const auto &[key, c] : best)
            if (c->bytes >= 1024)
                caches[key] = std::to_string(std::llround(c->bytes / 1024)) + "K";
        if (!caches.empty())
            return caches;
    }
    for (int i = 0; i < 8; ++i) {
        const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
        const std::string level = readFirstLine(dir + "level");
        if (level.empty())
            break;
        const std::string type = readFirstLine(dir + "type");
        std::string key = "L" + level;
        if (type == "Data")
            key += "d";
        else if (type == "Instruction")
            key += "i";
        caches[key] = readFirstLine(dir + "size");
    }
    if (!caches.empty())
        return caches;
    auto add = [&](const char *key, int name) {
        const long bytes = sysconf(name);
        if (bytes > 0)
            caches[key] = std::to_string(bytes / 1024) + "K";
    };
#ifdef _SC_LEVEL1_DCACHE_SIZE
    add("L1d", _SC_LEVEL1_DCACHE_SIZE);
    add("L1i", _SC_LEVEL1_ICACHE_SIZE);
    add("L2", _SC_LEVEL2_CACHE_SIZE);
    add("L3", _SC_LEVEL3_CACHE_SIZE);
#endif
    return caches;
}

double MachineInfo::cacheBytes(const std::string &key) const
{
    auto it = caches.find(key);
    if (it == caches.end())
        return 0;
    const std::string &s = it->second;
    char *end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end == s.c_str() || !(v > 0) || !std::isfinite(v)) // from a file: "inf" is no cache size
        return 0;
    switch (*end) {
    case 'K':
    case 'k':
        return v * 1024;
    case 'M':
    case 'm':
        return v * 1024 * 1024;
    case 'G':
    case 'g':
        return v * 1024 * 1024 * 1024;
    default:
        return v;
    }
}

static std::string fmt(double v, const char *unit, double scale)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f %s", v / scale, unit);
    return buf;
}

std::vector<std::pair<std::string, std::string>> MachineInfo::describe() const
{
    std::vector<std::pair<std::string, std::string>> r;
    r.emplace_back("CPU", cpuModel.empty() ? "unknown" : cpuModel);
    r.emplace_back("Logical cores", std::to_string(logicalCores));
    std::string caches_;
    for (const auto &[k, v] : caches)
        caches_ += (caches_.empty() ? "" : ", ") + k + ' ' + v;
    r.emplace_back("Caches", caches_.empty() ? "unknown" : caches_);
    for (const auto &line : topology.describe())
        r.push_back(line);
    if (!cpuKernels.empty())
        r.emplace_back("CPU kernels", cpuKernels);
    if (!blas.empty())
        r.emplace_back("BLAS", blas);
    if (!blasWarning.empty())
        r.emplace_back("BLAS warning", blasWarning);
    for (const auto &line : cpuConditions.describe())
        r.push_back(line);
    for (const auto &line : sweep.describe())
        r.push_back(line);
    r.emplace_back("RAM", fmt(ramBytes, "GiB", 1024.0 * 1024 * 1024));
    r.emplace_back("OS", os);
    if (gpus.empty()) // a file may hold no GPU and no status: say so, not "none usable: "
        r.emplace_back("GPU", gpuStatus.empty() ? std::string("none recorded") : "none usable: " + gpuStatus);
    for (const auto &g : gpus) {
        const std::string p = "GPU " + std::to_string(g.index);
        std::string also, apis; // the same board through OpenCL: both of its names on its line
        for (const DeviceDescription &d : described)
            if (sameBoard({g}, d)) {
                also += " and " + d.id();
                if (apis.find(d.api()) == std::string::npos)
                    apis += " and " + d.api();
            }
        r.emplace_back(p, g.name + " (compute " + g.computeCapability + ", " + std::to_string(g.smCount) +
                              " SMs" + (g.pciBusId.empty() ? "" : ", PCI " + g.pciBusId) + ")" +
                              (also.empty() ? ""
                                            : "; cuda:" + std::to_string(g.index) + also +
                                                  " are this one board, seen through CUDA" + apis +
                                                  ": --device all sweeps it once, through CUDA"));
        r.emplace_back(p + " memory",
                       fmt(g.memoryBytes, "GiB", 1024.0 * 1024 * 1024) + ", " +
                           std::to_string(g.memoryBusWidthBits) + "-bit, " +
                           fmt(g.bandwidthGBs, "GB/s theoretical", 1.0) +
                           (g.l2Bytes > 0 ? ", L2 " + fmt(g.l2Bytes, "MiB", 1024.0 * 1024) : ""));
        r.emplace_back(p + " clocks",
                       fmt(g.smClockMHz, "MHz SM", 1.0) + ", " + fmt(g.memoryClockMHz, "MHz memory", 1.0));
    }
    if (!gpus.empty() && !gpuStatus.empty())
        r.emplace_back("GPU status", gpuStatus);
    for (const DescribedBackend &b : describedBackends)
        if (devicesOf(b.prefix).empty() && !statusOf(b.prefix).empty())
            r.emplace_back(std::string(b.api), "none usable: " + statusOf(b.prefix));
    for (const DeviceDescription &d : described) {
        // A count the API does not give (Vulkan has none) is left out, never said as 0.
        std::string text =
            d.describe() + ": " + d.name + ", " +
            (d.computeUnits > 0 ? std::to_string(d.computeUnits) + " compute units, " : std::string()) +
            fmt(d.globalMemoryBytes, "GiB", 1024.0 * 1024 * 1024) +
            (d.unifiedMemory ? ", memory shared with the host" : "") + "; " + d.deviceVersion + ", driver " +
            d.driverVersion + ", platform " + d.platform;
        if (d.timerResolutionS > 0)
            text += ", timer tick " + fmt(d.timerResolutionS * 1e9, "ns", 1.0);
        if (!d.pciBusId.empty())
            text += ", PCI " + d.pciBusId;
        if (!d.isGpu())
            text += " (not a GPU: no crossover is marked against it; its curves show what " + d.api() +
                    " costs on the same cores)";
        if (const Gpu *g = sameBoard(gpus, d))
            text = "the same board as cuda:" + std::to_string(g->index) +
                   " (--device all sweeps it through CUDA; name " + d.id() + " to sweep it through " +
                   d.api() + " too): " + text;
        r.emplace_back(d.id(), text);
    }
    if (!driverVersion.empty())
        r.emplace_back("CUDA driver", driverVersion);
    if (!runtimeVersion.empty())
        r.emplace_back("CUDA runtime", runtimeVersion);
    r.emplace_back("Build", buildType + ", SpeedupLab " + programVersion);
    r.emplace_back("Measured", timestamp);
    if (!host.empty())
        r.emplace_back("Host", host);
    if (!job.empty())
        r.emplace_back("Batch job", job);
    for (const auto &[k, v] : ceilings)
        r.emplace_back("Ceiling " + k, ceilingText(k, v) + measuredAt(k));
    return r;
}

std::string MachineInfo::measuredAt(const std::string &key) const
{
    // "cpu_l3_rw_bytes_per_s@2" was measured at "cpu_l3_working_set_bytes@2"
    // (Calibration::cpuWorkingSetKey).
    const std::size_t at = std::min(key.find('@'), key.size()), level = key.find('_', 4);
    if (key.rfind("cpu_", 0) != 0 || level >= at ||
        key.compare(level, std::string::npos, "_working_set_bytes") == 0 || at < 12 ||
        key.compare(at - 12, 12, "_bytes_per_s") != 0)
        return "";
    const std::string size = key.substr(0, level) + "_working_set_bytes" + key.substr(at);
    const auto it = ceilings.find(size);
    if (it == ceilings.end() || !(it->second > 0) || !std::isfinite(it->second))
        return "";
    return ", measured over " + ceilingText(size, it->second);
}

std::string MachineInfo::ceilingText(const std::string &key, double v)
{
    // A ceiling read from a file may be "inf" or "nan" (ResultIO writes non-finite numbers so):
    // it is no rate, and "inf GB/s" would read as one.
    if (!std::isfinite(v))
        return "not measured (the value is not a finite number)";
    char buf[128];
    const std::string base = key.substr(0, key.find('@'));
    auto ends = [&](const char *s) {
        const std::string e(s);
        return base.size() >= e.size() && base.compare(base.size() - e.size(), e.size(), e) == 0;
    };
    if (ends("_bytes_per_s"))
        std::snprintf(buf, sizeof buf, "%.1f GB/s", v / 1e9);
    else if (ends("_bytes") && v >= 1 << 20)
        std::snprintf(buf, sizeof buf, "%.4g MiB", v / (1 << 20));
    else if (ends("_bytes"))
        std::snprintf(buf, sizeof buf, "%.3g KiB", v / 1024);
    else if (ends("_flops_per_s"))
        std::snprintf(buf, sizeof buf, "%.1f GFLOP/s", v / 1e9);
    else if (ends("_s"))
        std::snprintf(buf, sizeof buf, "%.2f us", v * 1e6);
    else
        std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

} // namespace speeduplab
