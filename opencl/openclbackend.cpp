// SPDX-License-Identifier: MIT
// The OpenCL backend: the platforms' devices, one context and built program per device (cached for
// the process), and the runs of add, saxpy and reduce in launch, fused and unsynced modes, timed
// with the queue's profiling events and checked against the host's clock.
#define CL_TARGET_OPENCL_VERSION 120
#include "opencl/openclbackend.h"

#include <CL/cl.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace speeduplab::opencl {

namespace {

// The kernels: OpenCL C, built once a device. One work-item an element; the fused variants loop
// over the iterations in registers, as CUDA's fused mode does.
const char *const kSource = R"CL(
__kernel void add(__global float *b, ulong count)
{
    size_t i = get_global_id(0);
    if (i < count)
        b[i] += b[i];
}
__kernel void add_fused(__global float *b, ulong count, int iterations)
{
    size_t i = get_global_id(0);
    if (i >= count)
        return;
    float v = b[i];
    for (int k = 0; k < iterations; ++k)
        v += v;
    b[i] = v;
}
__kernel void saxpy(__global const float *x, __global float *y, float a, ulong count)
{
    size_t i = get_global_id(0);
    if (i < count)
        y[i] = a * x[i] + y[i];
}
__kernel void saxpy_fused(__global const float *x, __global float *y, float a, ulong count, int iterations)
{
    size_t i = get_global_id(0);
    if (i >= count)
        return;
    float xi = x[i], v = y[i];
    for (int k = 0; k < iterations; ++k)
        v = a * xi + v;
    y[i] = v;
}
// The work-group's sum of each work-item's s, in scratch (one float a work-item); every work-item
// of the group must call it. Each work-group of reduce_partial sums a grid-stride share into
// partials[group]; the same kernel run as one work-group over the partials sums them.
float groupSum(__local float *scratch, float s)
{
    size_t l = get_local_id(0);
    scratch[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t h = get_local_size(0) / 2; h > 0; h >>= 1) {
        if (l < h)
            scratch[l] += scratch[l + h];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    return scratch[0];
}
__kernel void reduce_partial(__global const float *x, ulong count, __global float *partials,
                             __local float *scratch)
{
    float s = 0.0f;
    for (size_t i = get_global_id(0); i < count; i += get_global_size(0))
        s += x[i];
    s = groupSum(scratch, s);
    if (get_local_id(0) == 0)
        partials[get_group_id(0)] = s;
}
)CL";

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
    if (e != CL_SUCCESS)
        throw OpenClError(std::string(call) + " failed: " + errorName(e));
}
#define SL_CL_CHECK(call) check((call), #call)

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

std::string deviceString(cl_device_id d, cl_device_info what)
{
    return infoString(d, what, clGetDeviceInfo);
}

std::string platformString(cl_platform_id p, cl_platform_info what)
{
    return infoString(p, what, clGetPlatformInfo);
}

template <typename T> T deviceValue(cl_device_id d, cl_device_info what)
{
    T v{};
    clGetDeviceInfo(d, what, sizeof v, &v, nullptr);
    return v;
}

// What to install when the loader finds no platform.
const char *const kInstall =
    "install the OpenCL driver of your GPU: intel-opencl-icd for an Intel GPU (and add yourself to the "
    "'render' group), mesa-opencl-icd for an AMD GPU, the NVIDIA driver's OpenCL (nvidia-opencl-icd) for an "
    "NVIDIA GPU, or pocl-opencl-icd to run OpenCL on the CPU";

struct Probe {
    Availability a;
    std::vector<cl_device_id> ids; ///< by DeviceInfo::index
};

const Probe &probe()
{
    static const Probe p = [] {
        Probe r;
        r.a.builtWithOpenCL = true;
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
            if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &count) != CL_SUCCESS || count == 0)
                continue;
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
                info.unifiedMemory = deviceValue<cl_bool>(d, CL_DEVICE_HOST_UNIFIED_MEMORY) == CL_TRUE;
                info.fp16 = deviceString(d, CL_DEVICE_EXTENSIONS).find("cl_khr_fp16") != std::string::npos;
                r.a.devices.push_back(info);
                r.ids.push_back(d);
            }
        }
        r.a.usable = !r.a.devices.empty();
        if (!r.a.usable)
            r.a.reason = "The OpenCL platforms report no device: " + std::string(kInstall) + ".";
        return r;
    }();
    return p;
}

// One device's context and program, made at its first run and kept for the process: building a
// program costs 36-660 ms on PoCL, which no timed repetition may contain.
struct DeviceState {
    cl_context context = nullptr;
    cl_program program = nullptr;
    double buildSeconds = 0;
};

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
    return s;
}

double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct MemRelease {
    void operator()(cl_mem m) const { clReleaseMemObject(m); }
};
struct KernelRelease {
    void operator()(cl_kernel k) const { clReleaseKernel(k); }
};
struct QueueRelease {
    void operator()(cl_command_queue q) const
    {
        clFinish(q);
        clReleaseCommandQueue(q);
    }
};
struct EventRelease {
    void operator()(cl_event e) const { clReleaseEvent(e); }
};
using Mem = std::unique_ptr<std::remove_pointer_t<cl_mem>, MemRelease>;
using Kernel = std::unique_ptr<std::remove_pointer_t<cl_kernel>, KernelRelease>;
using Queue = std::unique_ptr<std::remove_pointer_t<cl_command_queue>, QueueRelease>;
using Event = std::unique_ptr<std::remove_pointer_t<cl_event>, EventRelease>;

enum class Kind { Add, Saxpy, Reduce };

class OpenClRun final : public Run {
public:
    OpenClRun(const Job &job, Kind kind)
        : m_job(job), m_kind(kind), m_count(std::size_t(job.n) * std::size_t(job.n))
    {
        DeviceState &s = stateOf(job.device);
        cl_device_id id = probe().ids[std::size_t(job.device)];
        cl_int e = CL_SUCCESS;
        m_queue.reset(clCreateCommandQueue(s.context, id, CL_QUEUE_PROFILING_ENABLE, &e));
        check(e, "clCreateCommandQueue");
        const std::size_t maxGroup = deviceValue<std::size_t>(id, CL_DEVICE_MAX_WORK_GROUP_SIZE);
        m_local = 1;
        while (m_local * 2 <= std::min<std::size_t>(256, std::max<std::size_t>(1, maxGroup)))
            m_local *= 2;
        const std::size_t bytes = m_count * sizeof(float);
        const auto buffer = [&](std::size_t size, const char *what) {
            Mem m(clCreateBuffer(s.context, CL_MEM_READ_WRITE, std::max<std::size_t>(size, 4), nullptr, &e));
            if (e == CL_MEM_OBJECT_ALLOCATION_FAILURE || e == CL_OUT_OF_RESOURCES ||
                e == CL_INVALID_BUFFER_SIZE)
                throw Unsupported("not enough memory on opencl:" + std::to_string(job.device) + " for " +
                                  what + " (" + std::to_string(size >> 20) + " MiB): " + errorName(e));
            check(e, "clCreateBuffer");
            return m;
        };
        const auto kernel = [&](const char *name) {
            Kernel k(clCreateKernel(s.program, name, &e));
            check(e, "clCreateKernel");
            return k;
        };
        const bool fused = job.mode == "fused";
        const cl_ulong count = m_count;
        switch (kind) {
        case Kind::Add:
            m_a = buffer(bytes, "b");
            m_kernel = kernel(fused ? "add_fused" : "add");
            setMem(m_kernel.get(), 0, m_a);
            SL_CL_CHECK(clSetKernelArg(m_kernel.get(), 1, sizeof count, &count));
            break;
        case Kind::Saxpy: {
            m_a = buffer(bytes, "x");
            m_b = buffer(bytes, "y");
            m_kernel = kernel(fused ? "saxpy_fused" : "saxpy");
            const float alpha = job.alpha;
            setMem(m_kernel.get(), 0, m_a);
            setMem(m_kernel.get(), 1, m_b);
            SL_CL_CHECK(clSetKernelArg(m_kernel.get(), 2, sizeof alpha, &alpha));
            SL_CL_CHECK(clSetKernelArg(m_kernel.get(), 3, sizeof count, &count));
            SL_CL_CHECK(clEnqueueWriteBuffer(m_queue.get(), m_a.get(), CL_TRUE, 0, bytes, job.inputs.at(0), 0,
                                             nullptr, nullptr));
            break;
        }
        case Kind::Reduce: {
            const std::size_t units = std::max(1, probeInfo().computeUnits);
            m_groups = std::max<std::size_t>(1, std::min(units * 4, (m_count + m_local - 1) / m_local));
            m_a = buffer(bytes, "x");
            m_b = buffer(m_groups * sizeof(float), "the partial sums");
            m_out = buffer(sizeof(float), "the sum");
            m_kernel = kernel("reduce_partial");
            m_final = kernel("reduce_partial"); // one work-group, over the partial sums
            const cl_ulong groups = m_groups;
            setMem(m_kernel.get(), 0, m_a);
            SL_CL_CHECK(clSetKernelArg(m_kernel.get(), 1, sizeof count, &count));
            setMem(m_kernel.get(), 2, m_b);
            SL_CL_CHECK(clSetKernelArg(m_kernel.get(), 3, m_local * sizeof(float), nullptr));
            setMem(m_final.get(), 0, m_b);
            SL_CL_CHECK(clSetKernelArg(m_final.get(), 1, sizeof groups, &groups));
            setMem(m_final.get(), 2, m_out);
            SL_CL_CHECK(clSetKernelArg(m_final.get(), 3, m_local * sizeof(float), nullptr));
            SL_CL_CHECK(clEnqueueWriteBuffer(m_queue.get(), m_a.get(), CL_TRUE, 0, bytes, job.inputs.at(0), 0,
                                             nullptr, nullptr));
            break;
        }
        }
        if (fused) {
            const cl_int iterations = job.iterations;
            SL_CL_CHECK(
                clSetKernelArg(m_kernel.get(), kind == Kind::Add ? 2 : 4, sizeof iterations, &iterations));
        }
        reset();
    }

    void reset() override
    {
        // The input the workload overwrites, restored from the host: untimed.
        const std::size_t bytes = m_count * sizeof(float);
        if (m_kind == Kind::Add)
            SL_CL_CHECK(clEnqueueWriteBuffer(m_queue.get(), m_a.get(), CL_TRUE, 0, bytes, m_job.inputs.at(0),
                                             0, nullptr, nullptr));
        else if (m_kind == Kind::Saxpy)
            SL_CL_CHECK(clEnqueueWriteBuffer(m_queue.get(), m_b.get(), CL_TRUE, 0, bytes, m_job.inputs.at(1),
                                             0, nullptr, nullptr));
        SL_CL_CHECK(clFinish(m_queue.get()));
    }

    double runOnce(const std::atomic<bool> &stop) override
    {
        const bool fused = m_job.mode == "fused";
        const int operations = fused ? 1 : m_job.iterations;
        const std::size_t global =
            (m_kind == Kind::Reduce ? m_groups * m_local : (m_count + m_local - 1) / m_local * m_local);
        cl_event first = nullptr, last = nullptr;
        const double t0 = now();
        for (int k = 0; k < operations; ++k) {
            if (stop.load(std::memory_order_relaxed)) {
                clFinish(m_queue.get());
                release(first, last);
                throw Cancelled();
            }
            const bool lastOp = k + 1 == operations;
            cl_event *mark = k == 0 ? &first : nullptr;
            if (m_kind == Kind::Reduce) {
                SL_CL_CHECK(clEnqueueNDRangeKernel(m_queue.get(), m_kernel.get(), 1, nullptr, &global,
                                                   &m_local, 0, nullptr, mark));
                SL_CL_CHECK(clEnqueueNDRangeKernel(m_queue.get(), m_final.get(), 1, nullptr, &m_local,
                                                   &m_local, 0, nullptr, lastOp ? &last : nullptr));
            } else {
                cl_event one = nullptr;
                SL_CL_CHECK(clEnqueueNDRangeKernel(m_queue.get(), m_kernel.get(), 1, nullptr, &global,
                                                   &m_local, 0, nullptr, (mark || lastOp) ? &one : nullptr));
                if (mark)
                    first = one;
                if (lastOp) {
                    if (last != one && mark)
                        clRetainEvent(one); // the same event is the first and the last
                    last = one;
                }
            }
        }
        const double queued = now() - t0;
        SL_CL_CHECK(clFinish(m_queue.get()));
        const double wall = now() - t0;
        cl_ulong start = 0, end = 0;
        const cl_int es =
            clGetEventProfilingInfo(first, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr);
        const cl_int ee = clGetEventProfilingInfo(last, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr);
        release(first, last);
        check(es, "clGetEventProfilingInfo(START)");
        check(ee, "clGetEventProfilingInfo(END)");
        const double span = double(end - start) * 1e-9;
        // A driver's broken clock: an end before the start, or a span longer than the host saw.
        if (end < start || span > wall * 1.05 + 1e-4)
            throw OpenClError("the OpenCL driver's timestamps are impossible: the commands took " +
                              std::to_string(end < start ? -double(start - end) * 1e-9 : span) +
                              " s by its events, " + std::to_string(wall) + " s by the host's clock");
        if (m_job.mode == "unsynced") {
            m_synchronised = wall;
            return queued;
        }
        return span;
    }

    double synchronisedSeconds() const override { return m_synchronised; }

    std::vector<float> output() override
    {
        std::vector<float> out(m_kind == Kind::Reduce ? 1 : m_count);
        cl_mem from = m_kind == Kind::Add ? m_a.get() : m_kind == Kind::Saxpy ? m_b.get() : m_out.get();
        SL_CL_CHECK(clEnqueueReadBuffer(m_queue.get(), from, CL_TRUE, 0, out.size() * sizeof(float),
                                        out.data(), 0, nullptr, nullptr));
        return out;
    }

private:
    static void setMem(cl_kernel k, cl_uint index, const Mem &m)
    {
        cl_mem handle = m.get();
        SL_CL_CHECK(clSetKernelArg(k, index, sizeof handle, &handle));
    }
    const DeviceInfo &probeInfo() const { return probe().a.devices.at(std::size_t(m_job.device)); }
    static void release(cl_event first, cl_event last)
    {
        if (first)
            clReleaseEvent(first);
        if (last)
            clReleaseEvent(last);
    }

    Job m_job;
    Kind m_kind;
    std::size_t m_count;
    std::size_t m_local = 1;
    std::size_t m_groups = 1;
    Queue m_queue;
    Mem m_a, m_b, m_out;
    Kernel m_kernel, m_final;
    double m_synchronised = 0;
};

} // namespace

std::string DeviceInfo::describe() const
{
    const bool pocl = platform.find("Portable Computing Language") != std::string::npos ||
                      deviceVersion.find("PoCL") != std::string::npos;
    if (type == "CPU")
        return pocl ? "OpenCL on the CPU (PoCL)"
                    : "OpenCL on the CPU (" + (platform.empty() ? name : platform) + ")";
    if (isGpu())
        return name + (unifiedMemory ? " (integrated GPU, OpenCL)" : " (" + type + ", OpenCL)");
    return name + " (OpenCL device of type " + type + ")";
}

Availability availability()
{
    return probe().a;
}

double buildSeconds(int device)
{
    std::lock_guard lock(stateMutex());
    const auto it = states().find(device);
    return it == states().end() ? 0 : it->second.buildSeconds;
}

std::unique_ptr<Run> createRun(const Job &job)
{
    if (job.n < 1)
        throw std::invalid_argument("n must be at least 1");
    if (job.mode != "launch" && job.mode != "fused" && job.mode != "unsynced")
        throw Unsupported("OpenCL runs mode " + job.mode + " not yet: launch, fused and unsynced only");
    if (job.transfers)
        throw Unsupported("OpenCL does not time transfers yet");
    Kind kind;
    if (job.workload == "add")
        kind = Kind::Add;
    else if (job.workload == "saxpy")
        kind = Kind::Saxpy;
    else if (job.workload == "reduce")
        kind = Kind::Reduce;
    else
        throw Unsupported("the OpenCL backend has no " + job.workload + " yet (add, saxpy and reduce)");
    if (kind == Kind::Reduce && job.mode == "fused")
        throw std::invalid_argument("reduce has no fused mode");
    if (job.inputs.size() < (kind == Kind::Saxpy ? 2u : 1u))
        throw std::invalid_argument("the job's inputs are missing");
    return std::make_unique<OpenClRun>(job, kind);
}

} // namespace speeduplab::opencl
