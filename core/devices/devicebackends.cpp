// SPDX-License-Identifier: MIT
// The backends behind DeviceBackend: the CPU kernels, CUDA (cuda/gpubackend.h, or its stub in a
// build without CUDA) and OpenCL (opencl/openclbackend.h, or its stub), and the registry.
#include "core/devices/devicebackend.h"

#include "core/kernels/cpukernels.h"
#include "core/machine/topology.h"
#include "core/plan/sweepplan.h"
#include "cuda/gpubackend.h"
#include "opencl/openclbackend.h"
#include "vulkan/vulkanbackend.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stdexcept>

namespace speeduplab {

namespace {

// "0.66 s", "36 ms": a compile time for a note.
std::string secondsText(double s)
{
    char text[32];
    std::snprintf(text, sizeof text, s >= 1 ? "%.1f s" : "%.0f ms", s >= 1 ? s : s * 1e3);
    return text;
}

class CpuBackend final : public DeviceBackend {
public:
    std::string rowName() const override { return std::string(RowName::cpu); }
    bool onDevice() const override { return false; }
    std::string deviceId(int) const override { return {}; }
    SeriesName pointName(const PlanPoint &p) const override { return named(SeriesName::Device::Cpu, p); }
    std::string unrunnable(const Job &job) const override
    {
        return CpuKernels::available(job.workload, job.variant);
    }
    std::unique_ptr<Run> createRun(const Job &job) const override
    {
        return CpuKernels::create(job.workload, job.variant, job.n, job.iterations, job.threads, job.alpha,
                                  job.inputs);
    }
    bool insideCpuPackage(int) const override { return true; }
};

class CudaBackend final : public DeviceBackend {
public:
    std::string rowName() const override { return std::string(RowName::cuda); }
    std::string deviceId(int device) const override
    {
        return std::string(DeviceIdPrefix::cuda) + ":" + std::to_string(std::max(0, device));
    }
    SeriesName pointName(const PlanPoint &p) const override { return named(SeriesName::Device::Cuda, p); }
    std::string unrunnable(const Job &) const override
    {
        const gpu::Availability a = gpu::availability();
        const std::string disabled = a.builtWithCuda ? gpu::disabledReason() : "";
        return a.usable && disabled.empty() ? std::string() : disabled.empty() ? a.reason : disabled;
    }
    std::optional<MemoryCheck> memoryNow(const Job &job) const override
    {
        std::size_t freeBytes = 0, totalBytes = 0;
        gpu::memoryInfo(job.device, freeBytes, totalBytes);
        return MemoryCheck::device(job, double(freeBytes));
    }
    std::optional<MemoryCheck> memoryPlanned(const Job &job, double cudaFree) const override
    {
        if (!(cudaFree > 0))
            return std::nullopt;
        return MemoryCheck::device(job, cudaFree);
    }
    std::unique_ptr<Run> createRun(const Job &job) const override { return gpu::createRun(job); }
    bool insideCpuPackage(int) const override { return false; }
    bool watchedByNvml() const override { return true; }
    bool failed(const std::exception &error, int, Measurement &m) const override
    {
        if (const auto *e = dynamic_cast<const gpu::CudaError *>(&error)) {
            m.status = Measurement::Status::Failed;
            m.reason = std::string("CUDA error ") + e->errorName() + ": " + e->what();
            if (e->sticky())
                m.reason += " (the GPU backend is disabled for the rest of this run)";
            return true;
        }
        if (dynamic_cast<const gpu::Unsupported *>(&error)) {
            m.status = Measurement::Status::Skipped;
            m.reason = error.what();
            return true;
        }
        return false;
    }
};

// What every backend whose driver describes its devices (DeviceDescription) answers alike: its
// devices' ids (<prefix>:N), their kinds and names as the driver describes them, whether a device
// shares the CPU's package, and why a point cannot run (no driver, or the device disabled).
class DescribedDevicesBackend : public DeviceBackend {
public:
    explicit DescribedDevicesBackend(std::string_view prefix) : m_prefix(prefix) {}
    std::string deviceId(int device) const override
    {
        return std::string(m_prefix) + ":" + std::to_string(std::max(0, device));
    }
    SeriesName pointName(const PlanPoint &p) const override { return named(SeriesName::Device::Id, p); }
    std::optional<DeviceKind> describedKind(int device) const override
    {
        const DeviceDescription *d = description(device);
        return d ? d->kind() : DeviceKind::Unknown;
    }
    std::string unrunnable(const Job &job) const override
    {
        const std::string disabled = disabledReason(job.device);
        return usable() && disabled.empty() ? std::string() : disabled.empty() ? reason() : disabled;
    }
    // An integrated GPU (it shares the host's memory), or the CPU itself (PoCL, lavapipe).
    bool insideCpuPackage(int device) const override
    {
        const DeviceDescription *d = description(device);
        return d && (d->isIntegratedGpu() || d->type == "CPU");
    }

protected:
    /// What the driver listed, once a process (each backend caches it).
    virtual const std::vector<DeviceDescription> &devices() const = 0;
    virtual bool usable() const = 0;
    virtual std::string reason() const = 0;
    virtual std::string disabledReason(int device) const = 0;
    /// As the driver describes it; none when unknown.
    const DeviceDescription *description(int device) const
    {
        for (const DeviceDescription &d : devices())
            if (d.index == device)
                return &d;
        return nullptr;
    }

private:
    std::string_view m_prefix;
};

class OpenClBackend final : public DescribedDevicesBackend {
public:
    OpenClBackend() : DescribedDevicesBackend(DeviceIdPrefix::opencl) {}
    std::string rowName() const override { return std::string(RowName::opencl); }
    bool listed(double waitSeconds) const override { return opencl::devicesListed(waitSeconds); }
    std::optional<MachineInfo::DescribedState> state() const override
    {
        const opencl::Availability &a = found();
        return MachineInfo::DescribedState{a.usable, a.usable ? std::string() : a.reason, a.devices, a.note};
    }
    std::optional<DeviceCeilings> calibrate(int device, const std::atomic<bool> &stop) const override
    {
        return opencl::calibrate(device, stop);
    }
    // The check on its device, as the loader describes it; one that always fits when the device is
    // unknown (the point is skipped for that, with its own reason).
    std::optional<MemoryCheck> memoryNow(const Job &job) const override
    {
        const DeviceDescription *d = description(job.device);
        return d ? MemoryCheck::opencl(job, *d) : MemoryCheck();
    }
    std::optional<MemoryCheck> memoryPlanned(const Job &job, double) const override { return memoryNow(job); }
    std::unique_ptr<Run> createRun(const Job &job) const override { return opencl::createRun(job); }
    std::vector<std::pair<std::string, std::string>> compiled(int device) const override
    {
        std::vector<std::pair<std::string, std::string>> out;
        if (const double build = opencl::buildSeconds(device); build > 0)
            out.emplace_back("build", "the OpenCL program was built in " + secondsText(build));
        if (const double blas = opencl::clblastSeconds(device); blas > 0)
            out.emplace_back("clblast",
                             "CLBlast's first call (it compiles its kernels) took " + secondsText(blas));
        return out;
    }
    bool failed(const std::exception &error, int device, Measurement &m) const override
    {
        if (dynamic_cast<const opencl::Unsupported *>(&error)) {
            m.status = Measurement::Status::Skipped;
            m.reason = error.what();
            return true;
        }
        const auto *e = dynamic_cast<const opencl::OpenClError *>(&error);
        if (!e)
            return false;
        m.reason = std::string("OpenCL error: ") + e->what();
        // A fault (the work failed on the device) fails the point; a device gone before its work
        // ran skips it, as every later point of the device will be. Either disables the device.
        m.status =
            e->deviceLost() && !e->fault() ? Measurement::Status::Skipped : Measurement::Status::Failed;
        if (e->fault() || e->deviceLost()) {
            opencl::disable(device, e->what());
            m.reason += " (" + deviceId(device) + " is disabled for the rest of this run)";
        }
        return true;
    }

private:
    // What the loader found, once a process (opencl::availability caches it): kept here, so that
    // a point's many questions (its kind, memory, energy) copy no device list.
    static const opencl::Availability &found()
    {
        static const opencl::Availability a = opencl::availability();
        return a;
    }
    const std::vector<DeviceDescription> &devices() const override { return found().devices; }
    bool usable() const override { return found().usable; }
    std::string reason() const override { return found().reason; }
    std::string disabledReason(int device) const override { return opencl::disabledReason(device); }
};

} // namespace

SeriesName DeviceBackend::named(SeriesName::Device device, const PlanPoint &p) const
{
    SeriesName s;
    s.device = device;
    s.threads = p.threads;
    s.index = std::max(0, p.device);
    s.id = deviceId(p.device);
    s.numbered = device == SeriesName::Device::Cuda && p.device > 0;
    s.mode = p.mode;
    s.variant = p.variant;
    return s;
}

// Any Vulkan driver's devices (vulkan/): RADV and ANV, NVIDIA's, lavapipe on the CPU.
class VulkanBackend final : public DescribedDevicesBackend {
public:
    VulkanBackend() : DescribedDevicesBackend(DeviceIdPrefix::vulkan) {}
    std::string rowName() const override { return std::string(RowName::vulkan); }
    std::optional<MachineInfo::DescribedState> state() const override
    {
        const vulkan::Availability &a = found();
        return MachineInfo::DescribedState{a.usable, a.usable ? std::string() : a.reason, a.devices, {}};
    }
    // Its device memory, against the device's largest heap and single allocation.
    std::optional<MemoryCheck> memoryNow(const Job &job) const override
    {
        const DeviceDescription *d = description(job.device);
        if (!d)
            return MemoryCheck();
        const vulkan::DeviceBytes b = vulkan::deviceBytesNeeded(job);
        MemoryCheck c;
        c.gpu = true;
        c.n = job.n;
        c.need = b.device;
        c.available = d->globalMemoryBytes;
        c.deviceName = d->id();
        c.largest = b.largest;
        c.maxAlloc = d->maxAllocBytes;
        return c;
    }
    std::optional<MemoryCheck> memoryPlanned(const Job &job, double) const override { return memoryNow(job); }
    std::unique_ptr<Run> createRun(const Job &job) const override { return vulkan::createRun(job); }
    std::optional<DeviceCeilings> calibrate(int device, const std::atomic<bool> &stop) const override
    {
        return vulkan::calibrate(device, stop);
    }
    std::vector<std::pair<std::string, std::string>> compiled(int device) const override
    {
        std::vector<std::pair<std::string, std::string>> out;
        if (const double build = vulkan::buildSeconds(device); build > 0)
            out.emplace_back("build", "the Vulkan pipelines were built in " + secondsText(build));
        return out;
    }
    bool failed(const std::exception &error, int device, Measurement &m) const override
    {
        if (dynamic_cast<const vulkan::Unsupported *>(&error)) {
            m.status = Measurement::Status::Skipped;
            m.reason = error.what();
            return true;
        }
        const auto *e = dynamic_cast<const vulkan::VulkanError *>(&error);
        if (!e)
            return false;
        m.reason = std::string("Vulkan error: ") + e->what();
        m.status = Measurement::Status::Failed;
        if (e->deviceLost()) { // the device cannot be used again in this process
            vulkan::disable(device, e->what());
            m.reason += " (" + deviceId(device) + " is disabled for the rest of this run)";
        }
        return true;
    }

private:
    static const vulkan::Availability &found()
    {
        static const vulkan::Availability a = vulkan::availability();
        return a;
    }
    const std::vector<DeviceDescription> &devices() const override { return found().devices; }
    bool usable() const override { return found().usable; }
    std::string reason() const override { return found().reason; }
    std::string disabledReason(int device) const override { return vulkan::disabledReason(device); }
};

const std::vector<const DeviceBackend *> &Devices::all()
{
    static const CpuBackend cpu;
    static const CudaBackend cuda;
    static const OpenClBackend opencl;
    static const VulkanBackend vulkan;
    static const std::vector<const DeviceBackend *> backends{&cpu, &cuda, &opencl, &vulkan};
    return backends;
}

MachineInfo::DescribedState Devices::state(std::string_view prefix)
{
    const DescribedBackend *b = describedByPrefix(prefix);
    if (const DeviceBackend *backend = b ? find(b->row) : nullptr)
        if (std::optional<MachineInfo::DescribedState> s = backend->state()) {
            for (DeviceDescription &d : s->devices)
                d.backend = std::string(b->prefix);
            return *s;
        }
    return {};
}

std::vector<MachineInfo::DescribedState> Devices::states()
{
    std::vector<MachineInfo::DescribedState> out;
    for (const DescribedBackend &b : describedBackends)
        out.push_back(state(b.prefix));
    return out;
}

bool Devices::listed(double waitSeconds)
{
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(waitSeconds);
    for (const DescribedBackend &b : describedBackends)
        if (const DeviceBackend *backend = find(b.row);
            backend &&
            !backend->listed(std::chrono::duration<double>(until - std::chrono::steady_clock::now()).count()))
            return false;
    return true;
}

MachineInfo Devices::probeMachine()
{
    MachineInfo m = MachineInfo::probeHost();
    for (const DescribedBackend &b : describedBackends) {
        MachineInfo::DescribedState s = state(b.prefix);
        for (DeviceDescription &d : s.devices)
            m.described.push_back(std::move(d));
        if (!s.reason.empty())
            m.describedStatus[std::string(b.prefix)] = s.reason;
    }
    return m;
}

const DeviceBackend *Devices::find(std::string_view rowName)
{
    for (const DeviceBackend *b : all())
        if (b->rowName() == rowName)
            return b;
    return nullptr;
}

const DeviceBackend &Devices::of(std::string_view rowName)
{
    if (const DeviceBackend *b = find(rowName))
        return *b;
    throw std::invalid_argument("no backend is called \"" + std::string(rowName) + "\"");
}

std::optional<int> Devices::probeDriversInChild(int argc, char **argv)
{
    if (argc == 2 && std::string_view(argv[1]) == childProbeArgument)
        return opencl::childProbe();
    // The topology first: one it refuses is set aside before any driver could read it.
    (void)Topology::probe();
    opencl::probeInChild("/proc/self/exe", childProbeArgument);
    return std::nullopt;
}

} // namespace speeduplab
