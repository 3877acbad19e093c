// SPDX-License-Identifier: MIT
// The GPU's clocks, temperature, power and throttle reasons through NVML opened at run time, and the
// rule that flags a point as throttled.
#include "core/machine/gpuclocks.h"

#include "backend/dynamiclibrary.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace speeduplab {

namespace {

// The little of nvml.h used here, with its values: core builds without the driver's headers.
// Its enums are passed as int, as the C ABI does.
using nvmlReturn_t = int;
using nvmlDevice_t = struct nvmlDevice_st *;
constexpr nvmlReturn_t NVML_SUCCESS = 0;
constexpr int NVML_CLOCK_SM = 1;
constexpr int NVML_CLOCK_MEM = 2;
constexpr int NVML_TEMPERATURE_GPU = 0;

std::string mhz(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f MHz", v);
    return buf;
}

} // namespace

struct GpuClocks::Nvml {
    DynamicLibrary library;
    // Required: without them there is nothing to read.
    nvmlReturn_t (*init)() = nullptr;
    nvmlReturn_t (*shutdown)() = nullptr;
    nvmlReturn_t (*byIndex)(unsigned int, nvmlDevice_t *) = nullptr;
    nvmlReturn_t (*byPciBusId)(const char *, nvmlDevice_t *) = nullptr;
    nvmlReturn_t (*clockInfo)(nvmlDevice_t, int, unsigned int *) = nullptr;
    // Optional: each one missing only leaves its field unknown.
    const char *(*errorString)(nvmlReturn_t) = nullptr;
    nvmlReturn_t (*maxClockInfo)(nvmlDevice_t, int, unsigned int *) = nullptr;
    nvmlReturn_t (*temperature)(nvmlDevice_t, int, unsigned int *) = nullptr;
    nvmlReturn_t (*powerUsage)(nvmlDevice_t, unsigned int *) = nullptr;
    nvmlReturn_t (*reasons)(nvmlDevice_t, unsigned long long *) = nullptr;
    nvmlReturn_t (*totalEnergy)(nvmlDevice_t, unsigned long long *) = nullptr;

    // The device, or nullptr when NVML cannot find it.
    nvmlDevice_t device(int index, const std::string &pciBusId) const
    {
        nvmlDevice_t d = nullptr;
        const nvmlReturn_t r = pciBusId.empty() ? (index < 0 ? -1 : byIndex(unsigned(index), &d))
                                                : byPciBusId(pciBusId.c_str(), &d);
        return r == NVML_SUCCESS ? d : nullptr;
    }
};

GpuClocks::GpuClocks(const std::string &library)
{
    const std::string prefix = "clocks not available: ";
    auto n = std::make_unique<Nvml>();
    n->library = DynamicLibrary::open(library);
    if (!n->library.loaded()) {
        m_reason = prefix + library + " could not be loaded (" + n->library.error() + // names the file
                   "): GPU clocks, temperature and power are read through the NVIDIA driver's NVML library";
        return;
    }
    std::string missing;
    auto sym = [&](auto &fn, const char *symbol, bool required) {
        if (!n->library.resolve(fn, symbol) && required && missing.empty())
            missing = symbol;
    };
    sym(n->init, "nvmlInit_v2", true);
    sym(n->shutdown, "nvmlShutdown", true);
    sym(n->byIndex, "nvmlDeviceGetHandleByIndex_v2", true);
    sym(n->byPciBusId, "nvmlDeviceGetHandleByPciBusId_v2", true);
    sym(n->clockInfo, "nvmlDeviceGetClockInfo", true);
    sym(n->errorString, "nvmlErrorString", false);
    sym(n->maxClockInfo, "nvmlDeviceGetMaxClockInfo", false);
    sym(n->temperature, "nvmlDeviceGetTemperature", false);
    sym(n->powerUsage, "nvmlDeviceGetPowerUsage", false);
    sym(n->totalEnergy, "nvmlDeviceGetTotalEnergyConsumption", false);
    // The newer name (drivers 535 and later) first; older drivers have only the throttle one.
    sym(n->reasons, "nvmlDeviceGetCurrentClocksEventReasons", false);
    if (!n->reasons)
        sym(n->reasons, "nvmlDeviceGetCurrentClocksThrottleReasons", false);
    if (!missing.empty()) {
        m_reason = prefix + library + " has no " + missing + ": it is not NVML, or its driver is too old";
        n->library.close();
        return;
    }
    if (const nvmlReturn_t r = n->init(); r != NVML_SUCCESS) {
        const char *text = n->errorString ? n->errorString(r) : nullptr;
        m_reason = prefix + "nvmlInit_v2 failed (" +
                   (text ? std::string(text) : "error " + std::to_string(r)) +
                   "): is the NVIDIA driver loaded, and does nvidia-smi work?";
        n->library.close();
        return;
    }
    m_nvml = std::move(n);
}

GpuClocks::~GpuClocks()
{
    if (m_nvml) {
        m_nvml->shutdown();
        m_nvml->library.close();
    }
}

const GpuClocks &GpuClocks::instance()
{
    // Leaked on purpose: no nvmlShutdown or dlclose at exit, after the CUDA runtime's own
    // teardown may have run.
    static const GpuClocks *const clocks = [] {
        const char *env = std::getenv("SPEEDUPLAB_NVML_LIBRARY");
        return new GpuClocks(env && *env ? env : "libnvidia-ml.so.1");
    }();
    return *clocks;
}

bool GpuClocks::available() const
{
    return m_nvml != nullptr;
}

const std::string &GpuClocks::reason() const
{
    return m_reason;
}

GpuClockSample GpuClocks::sample(int index, const std::string &pciBusId) const
{
    GpuClockSample s;
    if (!m_nvml)
        return s;
    const Nvml &n = *m_nvml;
    const nvmlDevice_t d = n.device(index, pciBusId);
    unsigned int v = 0;
    if (!d || n.clockInfo(d, NVML_CLOCK_SM, &v) != NVML_SUCCESS)
        return s;
    s.smMHz = v;
    if (n.clockInfo(d, NVML_CLOCK_MEM, &v) == NVML_SUCCESS)
        s.memoryMHz = v;
    if (n.temperature && n.temperature(d, NVML_TEMPERATURE_GPU, &v) == NVML_SUCCESS)
        s.temperatureC = v;
    if (n.powerUsage && n.powerUsage(d, &v) == NVML_SUCCESS)
        s.powerW = v / 1000.0; // milliwatts
    if (unsigned long long r = 0; n.reasons && n.reasons(d, &r) == NVML_SUCCESS)
        s.throttleReasons = r;
    s.available = true;
    return s;
}

bool GpuClocks::energyMilliJoules(int index, const std::string &pciBusId, unsigned long long &mJ,
                                  std::string &why) const
{
    if (!m_nvml) {
        const std::string prefix = "clocks not available: ";
        why = "no NVML: " + (m_reason.rfind(prefix, 0) == 0 ? m_reason.substr(prefix.size()) : m_reason);
        return false;
    }
    const Nvml &n = *m_nvml;
    if (!n.totalEnergy) {
        why = "the NVIDIA driver's NVML has no nvmlDeviceGetTotalEnergyConsumption: the driver is too old to "
              "report energy";
        return false;
    }
    const nvmlDevice_t d = n.device(index, pciBusId);
    if (!d) {
        why =
            "NVML does not find this GPU" + (pciBusId.empty() ? std::string() : " (bus id " + pciBusId + ")");
        return false;
    }
    if (const nvmlReturn_t r = n.totalEnergy(d, &mJ); r != NVML_SUCCESS) {
        const char *text = n.errorString ? n.errorString(r) : nullptr;
        why = "this GPU does not report its energy through NVML (" +
              (text ? std::string(text) : "error " + std::to_string(r)) +
              "): NVIDIA GPUs report it from Volta (2017) on";
        return false;
    }
    return true;
}

double GpuClocks::maxSmMHz(int index, const std::string &pciBusId) const
{
    if (!m_nvml || !m_nvml->maxClockInfo)
        return 0;
    const nvmlDevice_t d = m_nvml->device(index, pciBusId);
    unsigned int v = 0;
    return d && m_nvml->maxClockInfo(d, NVML_CLOCK_SM, &v) == NVML_SUCCESS ? double(v) : 0.0;
}

bool GpuClocks::looksLocked(const GpuClockSample &idle, double maxSmMHz)
{
    if (!idle.available)
        return false;
    if (idle.throttleReasons & reasonApplicationsClocksSetting)
        return true;
    return maxSmMHz > 0 && idle.smMHz >= 0.95 * maxSmMHz;
}

std::string GpuClocks::reasonNames(unsigned long long reasons)
{
    static const struct {
        unsigned long long bit;
        const char *name;
    } names[] = {
        {reasonGpuIdle, "idle"},
        {reasonApplicationsClocksSetting, "applications clocks setting"},
        {reasonSwPowerCap, "sw power cap"},
        {reasonHwSlowdown, "hw slowdown"},
        {reasonSyncBoost, "sync boost"},
        {reasonSwThermalSlowdown, "sw thermal slowdown"},
        {reasonHwThermalSlowdown, "hw thermal slowdown"},
        {reasonHwPowerBrakeSlowdown, "hw power brake slowdown"},
        {reasonDisplayClockSetting, "display clock setting"},
    };
    std::string s;
    for (const auto &n : names)
        if (reasons & n.bit) {
            s += (s.empty() ? "" : ", ") + std::string(n.name);
            reasons &= ~n.bit;
        }
    if (reasons) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "other (0x%llx)", reasons);
        s += (s.empty() ? "" : ", ") + std::string(buf);
    }
    return s;
}

std::string GpuClocks::throttleWhy(double referenceSmMHz, const GpuClockSample &start,
                                   const GpuClockSample &end)
{
    std::string why;
    const bool rampingUp = start.available && end.available && start.smMHz > 0 && end.smMHz > start.smMHz;
    // The lower of the two clocks that fell, so that the sentence names the worst.
    double low = 0;
    unsigned long long reasons = 0;
    for (const GpuClockSample *s : {&start, &end}) {
        if (!s->available)
            continue;
        const bool counts = !(rampingUp && s == &start);
        if (counts && referenceSmMHz > 0 && s->smMHz > 0 && s->smMHz < throttleShare * referenceSmMHz &&
            (low == 0 || s->smMHz < low))
            low = s->smMHz;
        reasons |= s->throttleReasons & throttlingReasons;
    }
    if (low > 0)
        why = "SM clock " + mhz(low) + ", below " + std::to_string(std::lround(throttleShare * 100)) +
              " % of the sweep's " + mhz(referenceSmMHz);
    if (reasons) {
        const bool several = (reasons & (reasons - 1)) != 0;
        why += (why.empty() ? "" : "; ") +
               std::string(several ? "throttle reasons set: " : "throttle reason set: ") +
               reasonNames(reasons);
    }
    return why;
}

} // namespace speeduplab
