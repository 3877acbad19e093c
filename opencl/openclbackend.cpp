// SPDX-License-Identifier: MIT
// The OpenCL backend: the platforms' devices, one context and built program per device (cached for
// the process), and the runs of every workload (add, saxpy, reduce, gemm naive and tiled, scan,
// spmv, transfer) in launch, fused and unsynced modes, timed with the queue's profiling events and
// checked against the host's clock. The kernels are in opencl/openclkernels.h.
#include "opencl/openclbackend.h"

#include "backend/sparsematrix.h"
#include "opencl/clblastlibrary.h"
#include "opencl/eventspan.h"
#include "opencl/opencldevices.h"
#include "opencl/openclkernels.h"

#include <CL/cl.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>
#include <new>
#include <string>
#include <vector>

namespace speeduplab::opencl {

namespace {

using namespace detail;

// One command of an operation, enqueued in order on the run's in-order profiling queue.
struct Command {
    enum class Type { Kernel, Write, Read, Unmap, Map, ClBlastGemm };
    Type type = Type::Kernel;
    cl_kernel kernel = nullptr;
    cl_uint dims = 1;
    std::size_t global[2] = {1, 1};
    std::size_t local[2] = {1, 1};
    cl_mem mem = nullptr;            ///< Write, Read, Unmap, Map: the device buffer; ClBlastGemm: C
    cl_mem a = nullptr, b = nullptr; ///< ClBlastGemm: A and B (n x n, row-major)
    void *host = nullptr;            ///< Write, Read: the host memory (Unmap and Map use the run's mapping)
    std::size_t bytes = 0;
};

std::size_t roundUp(std::size_t v, std::size_t to)
{
    return (v + to - 1) / to * to;
}

// Releases a command buffer (graph mode) with its platform's entry point.
struct GraphRelease {
    clReleaseCommandBufferKHR_fn release = nullptr;
    void operator()(cl_command_buffer_khr b) const
    {
        if (release)
            release(b);
    }
};
using Graph = std::unique_ptr<std::remove_pointer_t<cl_command_buffer_khr>, GraphRelease>;

// The host mappings of a run's buffers: pinned ones, mapped for its lifetime, and the zero-copy
// one, mapped between repetitions. Unmapped when it goes, on every path: a constructor that throws
// after mapping destroys it too, before the buffers and the queue.
struct Mappings {
    cl_command_queue queue = nullptr;
    std::vector<std::pair<cl_mem, void *>> pinned;
    std::pair<cl_mem, void *> shared{nullptr, nullptr};
    Mappings() = default;
    Mappings(const Mappings &) = delete;
    Mappings &operator=(const Mappings &) = delete;
    ~Mappings()
    {
        if (!queue)
            return;
        if (shared.second)
            clEnqueueUnmapMemObject(queue, shared.first, shared.second, 0, nullptr, nullptr);
        for (const auto &[mem, ptr] : pinned)
            clEnqueueUnmapMemObject(queue, mem, ptr, 0, nullptr, nullptr);
        clFinish(queue);
    }
};

// A prepared point: its buffers, kernels with their arguments set, and the commands of one
// operation (`operation`), of the copies before the first (`before`) and after the last (`after`)
// when transfers are timed. runOnce enqueues them without waiting and times them with the events
// of the first and the last command.
class OpenClRun final : public Run {
public:
    explicit OpenClRun(const Job &job)
        : m_job(job), m_id(probe().ids[std::size_t(job.device)]),
          m_count(std::size_t(job.n) * std::size_t(job.n))
    {
        DeviceState &s = stateOf(job.device);
        m_context = s.context;
        m_program = s.program;
        cl_int e = CL_SUCCESS;
        m_queue.reset(clCreateCommandQueue(m_context, m_id, CL_QUEUE_PROFILING_ENABLE, &e));
        check(e, "clCreateCommandQueue");
        m_maps.queue = m_queue.get();
        m_work.bytes = job.workload == "transfer" && job.variant == "zero-copy" ? 0 : job.bytes;
        m_work.flops = job.flops;
        m_clockProblem = s.clockProblem.empty() ? std::string() : id() + "'s " + s.clockProblem;
        const auto maxGroup = deviceValue<std::size_t>(m_id, CL_DEVICE_MAX_WORK_GROUP_SIZE);
        m_local = 1;
        while (m_local * 2 <= std::min<std::size_t>(256, std::max<std::size_t>(1, maxGroup)))
            m_local *= 2;
        const std::string &w = job.workload;
        if (w == "add" || w == "saxpy")
            prepareElementwise();
        else if (w == "reduce")
            prepareReduce();
        else if (w == "gemm")
            prepareGemm();
        else if (w == "scan")
            prepareScan();
        else if (w == "spmv")
            prepareSpmv();
        else if (w == "transfer")
            prepareTransfer();
        if (job.transfers && w != "transfer")
            prepareTimedCopies();
        if (job.mode == "graph")
            record();
        reset();
    }

    void reset() override
    {
        // The input the workload overwrites, restored from the host: untimed. Before the first
        // repetition nothing of the point has run, and a driver that allocates at first use may
        // still run out of memory here: that skips the point; after one, an error is a fault.
        const auto done = m_ran ? checkDone : check;
        if (m_restore)
            done(clEnqueueWriteBuffer(m_queue.get(), m_restore, CL_TRUE, 0, m_count * sizeof(float),
                                      m_restoreFrom, 0, nullptr, nullptr),
                 "clEnqueueWriteBuffer");
        done(clFinish(m_queue.get()), "clFinish");
    }

    double runOnce(const std::atomic<bool> &stop) override
    {
        m_ran = true;
        if (m_job.mode == "graph")
            return runGraphs(stop);
        const int operations = m_job.mode == "fused" ? 1 : m_job.iterations;
        // A library call's event is its last kernel's: a marker before it starts the span.
        const Command &head = m_before.empty() ? m_operation.front() : m_before.front();
        const bool marker = head.type == Command::Type::ClBlastGemm;
        const std::size_t total = (marker ? 1 : 0) + m_before.size() +
                                  std::size_t(operations) * m_operation.size() + m_after.size();
        std::size_t at = 0;
        cl_event first = nullptr, last = nullptr;
        // The events of the first and the last command only: an event on every command would
        // cost the host a little on each, which launch mode would count.
        const auto enqueue = [&](const Command &c) {
            cl_event one = nullptr;
            const bool mark = at == 0 || at + 1 == total;
            enqueueCommand(c, mark ? &one : nullptr);
            if (at == 0)
                first = one;
            if (at + 1 == total) {
                if (at == 0)
                    clRetainEvent(one); // the same event is the first and the last
                last = one;
            }
            ++at;
        };
        const double t0 = now();
        try {
            if (marker) {
                // Flushed, so that it starts now: a driver that submits lazily would otherwise
                // start it with CLBlast's first kernel, after the host work the call does first
                // (making kernels, allocating its temporaries), which CLBlast alone pays too.
                SL_CL_CHECK(clEnqueueMarkerWithWaitList(m_queue.get(), 0, nullptr, &first));
                SL_CL_CHECK(clFlush(m_queue.get()));
                ++at;
            }
            for (const Command &c : m_before)
                enqueue(c);
            // source-view: opencl-mode-launch
            for (int k = 0; k < operations; ++k) {
                if (stop.load(std::memory_order_relaxed))
                    throw Cancelled();
                for (const Command &c : m_operation)
                    enqueue(c);
            }
            // source-view: end
            for (const Command &c : m_after)
                enqueue(c);
        } catch (...) {
            clFinish(m_queue.get());
            release(first, last);
            throw;
        }
        // source-view: opencl-mode-unsynced
        const double queued = now() - t0; // unsynced: the host's time to queue the commands
        checkDone(finishAfterWork(m_queue.get()), "clFinish");
        const double wall = now() - t0;
        // source-view: end
        if (m_job.mode == "unsynced") { // the host's clock, both of its times: no event is read
            release(first, last);
            m_synchronised = wall;
            return queued;
        }
        return timed(first, CL_PROFILING_COMMAND_START, last, wall);
    }

    double synchronisedSeconds() const override { return m_synchronised; }

    std::string note() const override
    {
        std::string n;
        if (!m_hostClock.empty())
            n = "timed by the host's clock around clFinish, not by the events: " + m_hostClock;
        if (!m_copied.empty())
            n += (n.empty() ? "" : "; ") + m_copied;
        return n;
    }

    std::vector<float> output() override
    {
        SL_CL_CHECK_DONE(clFinish(m_queue.get()));
        if (m_zeroCopyOutput) { // mapped again after the last operation
            const float *p = static_cast<const float *>(m_maps.shared.second);
            return p ? std::vector<float>(p, p + m_outputCount) : std::vector<float>();
        }
        if (m_hostOutput)
            return std::vector<float>(m_hostOutput, m_hostOutput + m_outputCount);
        std::vector<float> out(m_outputCount);
        SL_CL_CHECK_DONE(clEnqueueReadBuffer(m_queue.get(), m_output, CL_TRUE, 0, out.size() * sizeof(float),
                                             out.data(), 0, nullptr, nullptr));
        return out;
    }

private:
    void enqueueCommand(const Command &c, cl_event *event)
    {
        cl_command_queue q = m_queue.get();
        switch (c.type) {
        case Command::Type::Kernel:
            SL_CL_CHECK(
                clEnqueueNDRangeKernel(q, c.kernel, c.dims, nullptr, c.global, c.local, 0, nullptr, event));
            break;
        case Command::Type::Write:
            SL_CL_CHECK(clEnqueueWriteBuffer(q, c.mem, CL_FALSE, 0, c.bytes, c.host, 0, nullptr, event));
            break;
        case Command::Type::Read:
            SL_CL_CHECK(clEnqueueReadBuffer(q, c.mem, CL_FALSE, 0, c.bytes, c.host, 0, nullptr, event));
            break;
        // source-view: opencl-zero-copy
        case Command::Type::Unmap: // the host's memory handed to the device: no copy
            SL_CL_CHECK(clEnqueueUnmapMemObject(q, c.mem, m_maps.shared.second, 0, nullptr, event));
            m_maps.shared.second = nullptr;
            break;
        case Command::Type::Map: { // and back to the host, to read: no copy either
            cl_int e = CL_SUCCESS;
            m_maps.shared.second =
                clEnqueueMapBuffer(q, c.mem, CL_FALSE, CL_MAP_READ, 0, c.bytes, 0, nullptr, event, &e);
            check(e, "clEnqueueMapBuffer");
            break;
        }
            // source-view: end
        // source-view: opencl-gemm-clblast
        case Command::Type::ClBlastGemm: {
            cl_command_queue queue = q;
            cl_event done = nullptr;
            const int status =
                ClBlastLibrary::instance().sgemm(queue, c.a, c.b, c.mem, std::size_t(m_job.n), &done);
            if (status != 0) {
                if (done)
                    clReleaseEvent(done);
                if (status < 0 && status > -1000) // an OpenCL error code
                    check(status, "CLBlastSgemm");
                throw OpenClError("CLBlastSgemm failed with CLBlast status " + std::to_string(status),
                                  status);
            }
            if (event)
                *event = done;
            else if (done)
                clReleaseEvent(done);
            break;
        }
            // source-view: end
        }
    }

    // source-view: opencl-mode-graph
    // Graph mode: the operations' kernels recorded once into command buffers (cl_khr_command_buffer)
    // of up to kGraphChunk operations (backend/job.h), which a repetition enqueues whole, as CUDA
    // graphs do.
    void record()
    {
        const CommandBuffers &api = commandBuffers(m_job.device);
        if (!api.missing.empty())
            throw Unsupported(api.missing);
        m_empty = kernel("empty_kernel");
        if (!m_before.empty() || !m_after.empty())
            throw Unsupported(
                "graph mode records kernels only: copies from host memory cannot be recorded in an "
                "OpenCL command buffer");
        for (const Command &c : m_operation)
            if (c.type != Command::Type::Kernel)
                throw Unsupported("graph mode records OpenCL kernels only, and " + m_job.workload +
                                  (m_job.variant.empty() ? "" : " (" + m_job.variant + ")") +
                                  " is not one: a library call or a copy");
        // A buffer enqueued again before its last run ended needs simultaneous use; without it,
        // each chunk of a repetition gets a buffer of its own.
        const auto caps = deviceValue<cl_bitfield>(m_id, CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR);
        const bool reuse = (caps & CL_COMMAND_BUFFER_CAPABILITY_SIMULTANEOUS_USE_KHR) != 0;
        const cl_command_buffer_properties_khr simultaneous[] = {CL_COMMAND_BUFFER_FLAGS_KHR,
                                                                 CL_COMMAND_BUFFER_SIMULTANEOUS_USE_KHR, 0};
        const auto make = [&](int operations) {
            cl_int e = CL_SUCCESS;
            cl_command_queue q = m_queue.get();
            Graph g(api.create(1, &q, reuse ? simultaneous : nullptr, &e), GraphRelease{api.release});
            check(e, "clCreateCommandBufferKHR");
            for (int k = 0; k < operations; ++k)
                for (const Command &c : m_operation)
                    SL_CL_CHECK(api.kernel(g.get(), nullptr, nullptr, c.kernel, c.dims, nullptr, c.global,
                                           c.local, 0, nullptr, nullptr, nullptr));
            SL_CL_CHECK(api.finalize(g.get()));
            return g;
        };
        const int chunk = std::min(m_job.iterations, kGraphChunk);
        const int full = m_job.iterations / chunk;
        for (int i = 0; i < (reuse ? 1 : full); ++i)
            m_graphs.push_back(make(chunk));
        for (int i = 0; i < full; ++i)
            m_order.push_back(m_graphs[reuse ? 0 : std::size_t(i)].get());
        if (const int rest = m_job.iterations % chunk; rest > 0) {
            m_graphs.push_back(make(rest));
            m_order.push_back(m_graphs.back().get());
        }
    }

    // Timed from the end of an empty kernel before the buffers to the end of one after them: real
    // commands, which end when the work before them has. Neither the buffers' own events (PoCL's
    // span only the enqueue of a buffer, 0.06 us for 1000 kernels) nor markers (Intel's driver
    // stamps a marker when it enters the pipeline, not when the work before it ends).
    double runGraphs(const std::atomic<bool> &stop)
    {
        const CommandBuffers &api = commandBuffers(m_job.device);
        cl_command_queue q = m_queue.get();
        const std::size_t one = 1;
        cl_event before = nullptr, after = nullptr;
        const double t0 = now();
        SL_CL_CHECK(clEnqueueNDRangeKernel(q, m_empty, 1, nullptr, &one, &one, 0, nullptr, &before));
        for (cl_command_buffer_khr b : m_order) {
            const cl_int e = stop.load(std::memory_order_relaxed)
                                 ? CL_SUCCESS
                                 : api.enqueue(1, &q, b, 0, nullptr, nullptr);
            if (stop.load(std::memory_order_relaxed) || e != CL_SUCCESS) {
                clFinish(q);
                release(before, nullptr);
                if (e != CL_SUCCESS)
                    check(e, "clEnqueueCommandBufferKHR");
                throw Cancelled();
            }
        }
        const cl_int e = clEnqueueNDRangeKernel(q, m_empty, 1, nullptr, &one, &one, 0, nullptr, &after);
        if (e != CL_SUCCESS) {
            clFinish(q);
            release(before, nullptr);
            check(e, "clEnqueueNDRangeKernel(empty_kernel)");
        }
        try {
            checkDone(finishAfterWork(q), "clFinish");
        } catch (...) {
            release(before, after);
            throw;
        }
        return timed(before, CL_PROFILING_COMMAND_END, after, now() - t0);
    }
    // source-view: end

    cl_mem buffer(std::size_t size, const char *what, cl_mem_flags flags = CL_MEM_READ_WRITE,
                  void *host = nullptr)
    {
        cl_int e = CL_SUCCESS;
        Mem m(clCreateBuffer(m_context, flags, std::max<std::size_t>(size, 4), host, &e));
        if (e == CL_MEM_OBJECT_ALLOCATION_FAILURE || e == CL_OUT_OF_RESOURCES ||
            e == CL_INVALID_BUFFER_SIZE || e == CL_OUT_OF_HOST_MEMORY)
            throw Unsupported("not enough memory on opencl:" + std::to_string(m_job.device) + " for " + what +
                              " (" + std::to_string(size >> 20) + " MiB): " + errorName(e));
        check(e, "clCreateBuffer");
        m_buffers.push_back(std::move(m));
        return m_buffers.back().get();
    }
    cl_mem upload(const void *from, std::size_t size, const char *what)
    {
        cl_mem m = buffer(size, what);
        SL_CL_CHECK(clEnqueueWriteBuffer(m_queue.get(), m, CL_TRUE, 0, size, from, 0, nullptr, nullptr));
        return m;
    }
    cl_kernel kernel(const char *name)
    {
        cl_int e = CL_SUCCESS;
        Kernel k(clCreateKernel(m_program, name, &e));
        check(e, "clCreateKernel");
        m_kernels.push_back(std::move(k));
        return m_kernels.back().get();
    }
    template <typename... Args> static void setArgs(cl_kernel k, const Args &...args)
    {
        cl_uint i = 0;
        (SL_CL_CHECK(clSetKernelArg(k, i++, sizeof args, &args)), ...);
    }
    void launch(cl_kernel k, std::size_t global, std::size_t local)
    {
        checkGroup(k, local);
        Command c;
        c.kernel = k;
        c.global[0] = roundUp(std::max<std::size_t>(global, 1), local);
        c.local[0] = local;
        m_operation.push_back(c);
    }
    std::size_t bytes() const { return m_count * sizeof(float); }

    // CL_KERNEL_WORK_GROUP_SIZE: the most work-items a group kernel k runs with on this device.
    std::size_t groupMost(cl_kernel k) const
    {
        std::size_t most = 0;
        SL_CL_CHECK(
            clGetKernelWorkGroupInfo(k, m_id, CL_KERNEL_WORK_GROUP_SIZE, sizeof most, &most, nullptr));
        return most;
    }

    // The work-group for kernel k: the largest power of two up to `cap`, the device's maximum (at
    // most 256) and the kernel's own (CL_KERNEL_WORK_GROUP_SIZE, which its registers and local
    // memory may hold below the device's: Mesa's llvmpipe allows an add 32 of its 1024). Every
    // kernel but the tiled gemm's works at any such size.
    std::size_t localFor(cl_kernel k, std::size_t cap = 256) const
    {
        const std::size_t limit = std::max<std::size_t>(1, std::min({cap, m_local, groupMost(k)}));
        std::size_t local = 1;
        while (local * 2 <= limit)
            local *= 2;
        return local;
    }

    // A kernel's registers and local memory may allow it fewer work-items a group than the
    // device's maximum (CL_KERNEL_WORK_GROUP_SIZE): a group of `items` it cannot run is skipped
    // with the reason, not failed at its first enqueue.
    void checkGroup(cl_kernel k, std::size_t items) const
    {
        const std::size_t most = groupMost(k);
        if (items <= most)
            return;
        char name[64] = {};
        clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name - 1, name, nullptr);
        throw Unsupported(id() + " runs its kernel " + name + " with at most " + std::to_string(most) +
                          " work-items a group (CL_KERNEL_WORK_GROUP_SIZE), and it needs " +
                          std::to_string(items));
    }

    void prepareElementwise()
    {
        const bool fused = m_job.mode == "fused", add = m_job.workload == "add";
        const cl_ulong count = m_count;
        const cl_int iterations = m_job.iterations;
        cl_kernel k = kernel(add ? (fused ? "add_fused" : "add") : (fused ? "saxpy_fused" : "saxpy"));
        if (add) {
            m_output = m_restore = buffer(bytes(), "b");
            m_restoreFrom = m_job.inputs.at(0);
            m_inputs = {{m_output, m_job.inputs.at(0)}};
            fused ? setArgs(k, m_output, count, iterations) : setArgs(k, m_output, count);
        } else {
            cl_mem x = upload(m_job.inputs.at(0), bytes(), "x");
            m_output = m_restore = buffer(bytes(), "y");
            m_restoreFrom = m_job.inputs.at(1);
            m_inputs = {{x, m_job.inputs.at(0)}, {m_output, m_job.inputs.at(1)}};
            const float a = m_job.alpha;
            fused ? setArgs(k, x, m_output, a, count, iterations) : setArgs(k, x, m_output, a, count);
        }
        m_outputCount = m_count;
        launch(k, fused ? m_count : (m_count + 3) / 4, localFor(k)); // launch mode: 4 floats a work-item
    }

    void prepareReduce()
    {
        cl_kernel partial = kernel("reduce_partial"), final = kernel("reduce_partial");
        const std::size_t local = localFor(partial);
        const std::size_t units = std::max(1, probe().a.devices.at(std::size_t(m_job.device)).computeUnits);
        const std::size_t groups =
            std::max<std::size_t>(1, std::min(units * 4, (m_count + local - 1) / local));
        cl_mem x = upload(m_job.inputs.at(0), bytes(), "x");
        cl_mem partials = buffer(groups * sizeof(float), "the partial sums");
        m_output = buffer(sizeof(float), "the sum");
        m_outputCount = 1;
        m_inputs = {{x, m_job.inputs.at(0)}};
        const cl_ulong count = m_count, groupCount = groups;
        setArgs(partial, x, count, partials);
        SL_CL_CHECK(clSetKernelArg(partial, 3, local * sizeof(float), nullptr));
        setArgs(final, partials, groupCount, m_output);
        SL_CL_CHECK(clSetKernelArg(final, 3, local * sizeof(float), nullptr));
        launch(partial, groups * local, local);
        launch(final, local, local); // one work-group, over the partial sums
    }

    void prepareGemm()
    {
        cl_mem a = upload(m_job.inputs.at(0), bytes(), "A");
        cl_mem b = upload(m_job.inputs.at(1), bytes(), "B");
        m_output = buffer(bytes(), "C");
        m_outputCount = m_count;
        m_inputs = {{a, m_job.inputs.at(0)}, {b, m_job.inputs.at(1)}};
        if (m_job.variant == "clblast") {
            if (!ClBlastLibrary::instance().loaded())
                throw Unsupported(ClBlastLibrary::instance().reason());
            Command c;
            c.type = Command::Type::ClBlastGemm;
            c.a = a;
            c.b = b;
            c.mem = m_output;
            m_operation.push_back(c);
            // Its first call on a device compiles and tunes its kernels (seconds): done here,
            // untimed, and reported on its own (clblastSeconds).
            DeviceState &s = stateOf(m_job.device);
            const double t0 = now();
            enqueueCommand(c, nullptr);
            SL_CL_CHECK_DONE(clFinish(m_queue.get()));
            std::lock_guard lock(stateMutex());
            if (!(s.clblastSeconds > 0))
                s.clblastSeconds = now() - t0;
            return;
        }
        const bool tiled = m_job.variant == "tiled";
        cl_kernel k = kernel(tiled ? "gemm_tiled" : "gemm_naive");
        // tiled: a work-group of exactly kGemmGroup x kGemmGroup for each kGemmTile x kGemmTile tile
        // of C, which a device that allows fewer cannot run; naive: one work-item an element, in
        // square groups of up to 16 x 16, as large as the kernel allows.
        std::size_t group = std::size_t(kGemmGroup);
        if (tiled) {
            checkGroup(k, group * group);
        } else {
            const std::size_t most = localFor(k);
            while (group > 1 && group * group > most)
                group /= 2;
        }
        const cl_int n = m_job.n;
        setArgs(k, a, b, m_output, n);
        Command c;
        c.kernel = k;
        c.dims = 2;
        const std::size_t edge = tiled ? roundUp(std::size_t(n), std::size_t(kGemmTile)) / kGemmTile * group
                                       : roundUp(std::size_t(n), group);
        c.global[0] = c.global[1] = edge;
        c.local[0] = c.local[1] = group;
        m_operation.push_back(c);
    }

    void prepareScan()
    {
        const cl_int n = m_job.n;
        cl_mem x = upload(m_job.inputs.at(0), bytes(), "x");
        m_output = buffer(bytes(), "y");
        cl_mem totals = buffer(std::size_t(n) * sizeof(float), "the row totals");
        m_outputCount = m_count;
        m_inputs = {{x, m_job.inputs.at(0)}};
        cl_kernel rows = kernel("scan_rows"), sums = kernel("scan_totals"),
                  offsets = kernel("add_row_offsets");
        setArgs(rows, x, m_output, totals, n);
        setArgs(sums, totals, n);
        setArgs(offsets, m_output, totals, n);
        launch(rows, std::size_t(n), localFor(rows, 64));
        launch(sums, 1, 1);
        if (n > 1)
            launch(offsets, std::size_t(n - 1) * localFor(offsets),
                   localFor(offsets)); // a group a row from row 1
    }

    void prepareSpmv()
    {
        const SparseMatrix a = SparseMatrix::make(m_job.n);
        cl_mem rowPtr = upload(a.rowPtr.data(), a.rowPtr.size() * sizeof(std::int32_t), "the row pointers");
        cl_mem colIdx = upload(a.colIdx.data(), a.colIdx.size() * sizeof(std::int32_t), "the column indices");
        cl_mem values = upload(a.values.data(), a.values.size() * sizeof(float), "the values");
        cl_mem x = upload(m_job.inputs.at(0), bytes(), "x");
        m_output = buffer(bytes(), "y");
        m_outputCount = m_count;
        m_inputs = {{x, m_job.inputs.at(0)}};
        cl_kernel k = kernel("spmv_scalar");
        const cl_ulong rows = cl_ulong(a.rows);
        setArgs(k, rowPtr, colIdx, values, x, m_output, rows);
        launch(k, std::size_t(a.rows), localFor(k));
    }

    // source-view: opencl-transfer
    // There and back, as CUDA's transfer workload: pageable copies from ordinary memory, pinned ones
    // from memory the driver allocated (CL_MEM_ALLOC_HOST_PTR, mapped), and zero-copy, where the
    // device works on the host's own memory (CL_MEM_USE_HOST_PTR): an unmap hands it over, a map
    // hands it back, and on a device that shares the host's memory neither copies anything.
    void prepareTransfer()
    {
        m_outputCount = m_count;
        if (m_job.variant == "zero-copy") {
            if (!probe().a.devices.at(std::size_t(m_job.device)).unifiedMemory)
                throw Unsupported("zero-copy needs a device that shares the host's memory, and opencl:" +
                                  std::to_string(m_job.device) + " has memory of its own");
            // A driver uses the host's memory in place only where its start and size are aligned as
            // it asks: CL_DEVICE_MEM_BASE_ADDR_ALIGN (bits), a page, and a size in whole cache lines
            // of 64 bytes (Intel's). Elsewhere it keeps a copy without saying so.
            const std::size_t align =
                std::max<std::size_t>(4096, deviceValue<cl_uint>(m_id, CL_DEVICE_MEM_BASE_ADDR_ALIGN) / 8);
            const std::size_t size = roundUp(bytes(), 64);
            m_aligned.reset(static_cast<float *>(std::aligned_alloc(align, roundUp(size, align))));
            if (!m_aligned)
                throw std::bad_alloc();
            std::copy(m_job.inputs.at(0), m_job.inputs.at(0) + m_count, m_aligned.get());
            cl_mem shared =
                buffer(size, "the shared tensor", CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, m_aligned.get());
            cl_int e = CL_SUCCESS;
            void *mapped = clEnqueueMapBuffer(m_queue.get(), shared, CL_TRUE, CL_MAP_READ, 0, size, 0,
                                              nullptr, nullptr, &e);
            check(e, "clEnqueueMapBuffer");
            m_maps.shared = {shared, mapped};
            // A map of a buffer over the host's memory returns that memory: other memory is the
            // driver's copy, which each map and unmap then moves.
            if (mapped != m_aligned.get())
                m_copied = id() + " kept a copy of the host's memory (its map returned memory of its own): "
                                  "the zero-copy times are copies";
            Command unmap, map;
            unmap.type = Command::Type::Unmap;
            map.type = Command::Type::Map;
            unmap.mem = map.mem = shared;
            unmap.bytes = map.bytes = bytes();
            m_operation = {unmap, map};
            m_zeroCopyOutput = true;
            return;
        }
        cl_mem device = buffer(bytes(), "the device copy");
        const float *from = m_job.inputs.at(0);
        float *to = nullptr;
        if (m_job.variant == "pinned") {
            float *in = pinned(bytes(), "the pinned input");
            std::copy(from, from + m_count, in);
            from = in;
            to = pinned(bytes(), "the pinned output");
        } else {
            m_pageableOutput.assign(m_count, 0.0f);
            to = m_pageableOutput.data();
        }
        Command write, read;
        write.type = Command::Type::Write;
        read.type = Command::Type::Read;
        write.mem = read.mem = device;
        write.host = const_cast<float *>(from);
        read.host = to;
        write.bytes = read.bytes = bytes();
        m_operation = {write, read};
        m_hostOutput = to;
    }
    // source-view: end

    // Host memory the driver allocated and pinned, mapped for the run's lifetime.
    float *pinned(std::size_t size, const char *what)
    {
        cl_mem m = buffer(size, what, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR);
        cl_int e = CL_SUCCESS;
        void *p = clEnqueueMapBuffer(m_queue.get(), m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, size, 0,
                                     nullptr, nullptr, &e);
        check(e, "clEnqueueMapBuffer");
        m_maps.pinned.emplace_back(m, p);
        return static_cast<float *>(p);
    }

    // With transfers timed: the inputs copied to the device before the first operation and the
    // result back after the last, from pageable or pinned host memory.
    void prepareTimedCopies()
    {
        for (const auto &[mem, host] : m_inputs) {
            Command c;
            c.type = Command::Type::Write;
            c.mem = mem;
            c.bytes = bytes();
            c.host = const_cast<float *>(host);
            if (m_job.pinnedHost) {
                float *p = pinned(bytes(), "a pinned input");
                std::copy(host, host + m_count, p);
                c.host = p;
            }
            m_before.push_back(c);
        }
        Command c;
        c.type = Command::Type::Read;
        c.mem = m_output;
        c.bytes = m_outputCount * sizeof(float);
        if (m_job.pinnedHost) {
            c.host = pinned(c.bytes, "the pinned output");
        } else {
            m_pageableOutput.assign(m_outputCount, 0.0f);
            c.host = m_pageableOutput.data();
        }
        m_hostOutput = static_cast<float *>(c.host);
        m_after.push_back(c);
    }

    // A repetition's seconds: by the events, from `first`'s `from` (its start, or its end) to the
    // end of `last` (both released), or, when that span cannot be trusted, `wall`, the host's clock
    // around the same commands and clFinish. The first refusal says why (note()), and the run stays
    // on the host's clock from then on, so that its repetitions are timed alike.
    double timed(cl_event first, cl_profiling_info from, cl_event last, double wall)
    {
        cl_ulong start = 0, end = 0;
        const cl_int es = clGetEventProfilingInfo(first, from, sizeof start, &start, nullptr);
        const cl_int ee = clGetEventProfilingInfo(last, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr);
        release(first, last);
        check(es, "clGetEventProfilingInfo(START)");
        check(ee, "clGetEventProfilingInfo(END)");
        if (m_hostClock.empty())
            m_hostClock = refusal(start, end, wall);
        return m_hostClock.empty() ? double(end - start) * 1e-9 : wall;
    }

    std::string refusal(cl_ulong start, cl_ulong end, double wall) const
    {
        return !m_clockProblem.empty()
                   ? m_clockProblem
                   : m_work.refusal(probe().a.devices.at(std::size_t(m_job.device)), start, end, wall);
    }

    std::string id() const { return "opencl:" + std::to_string(m_job.device); }

    static void release(cl_event first, cl_event last)
    {
        if (first)
            clReleaseEvent(first);
        if (last)
            clReleaseEvent(last);
    }

    Job m_job;
    cl_device_id m_id;
    std::size_t m_count;
    cl_context m_context = nullptr;
    cl_program m_program = nullptr;
    std::size_t m_local = 1;
    std::unique_ptr<float, Free> m_aligned; ///< zero-copy: the host memory the device uses, freed last
    Queue m_queue;
    std::vector<Mem> m_buffers;
    std::vector<Kernel> m_kernels;
    std::vector<Command> m_before, m_operation, m_after;
    std::vector<std::pair<cl_mem, const float *>> m_inputs; ///< device buffer, host tensor
    cl_mem m_restore = nullptr;                             ///< the buffer reset() restores
    const float *m_restoreFrom = nullptr;
    cl_mem m_output = nullptr;
    std::size_t m_outputCount = 0;
    float *m_hostOutput = nullptr; ///< where the timed copies leave the result
    std::vector<float> m_pageableOutput;
    Mappings m_maps;             ///< after the queue and the buffers: unmapped before they are released
    cl_kernel m_empty = nullptr; ///< graph mode: the empty kernels its span runs between
    EventSpan m_work; ///< one repetition's work, against which a span is held (zero-copy moves no bytes)
    std::string m_clockProblem; ///< the device's, from its first use: every span refused for it
    std::string m_hostClock;    ///< why this run is timed by the host's clock; empty while by events
    std::string m_copied;       ///< zero-copy: that the driver copied anyway, where it says so
    bool m_ran = false;         ///< a repetition was enqueued: a failed wait is a fault from then on
    bool m_zeroCopyOutput = false;
    double m_synchronised = 0;
    std::vector<Graph> m_graphs;                ///< graph mode: the command buffers recorded
    std::vector<cl_command_buffer_khr> m_order; ///< ... in the order a repetition enqueues them
};
} // namespace

Availability availability()
{
    // The child's listing when it gave one: the drivers load here only when a run needs them.
    if (const Availability *listed = listedInChild())
        return *listed;
    return probe().a;
}

static std::mutex &disabledMutex()
{
    static std::mutex m;
    return m;
}

static std::map<int, std::string> &disabledDevices()
{
    static std::map<int, std::string> d;
    return d;
}

void disable(int device, const std::string &reason)
{
    std::lock_guard lock(disabledMutex());
    disabledDevices().emplace(device, reason);
}

std::string disabledReason(int device)
{
    std::lock_guard lock(disabledMutex());
    const auto it = disabledDevices().find(device);
    return it == disabledDevices().end()
               ? std::string()
               : "opencl:" + std::to_string(device) + " was lost earlier in this run: " + it->second;
}

double buildSeconds(int device)
{
    std::lock_guard lock(stateMutex());
    const auto it = states().find(device);
    return it == states().end() ? 0 : it->second.buildSeconds;
}

double clblastSeconds(int device)
{
    std::lock_guard lock(stateMutex());
    const auto it = states().find(device);
    return it == states().end() ? 0 : it->second.clblastSeconds;
}

DeviceBytes deviceBytesNeeded(const Job &job)
{
    if (job.n < 1 || (job.workload == "spmv" && job.n > SparseMatrix::maxN))
        return {};
    // Pinned buffers (timed copies from pinned memory, the pinned transfer) are host memory, each
    // at most a tensor: they count only towards the largest.
    const double rows = double(job.n) * double(job.n), tensor = rows * sizeof(float);
    DeviceBytes b;
    b.largest = tensor;
    const std::string &w = job.workload;
    if (w == "add") {
        b.device = tensor;
    } else if (w == "saxpy" || w == "gemm") {
        b.device = (w == "saxpy" ? 2 : 3) * tensor;
    } else if (w == "reduce") {
        b.device = tensor + 4096; // x, and the partial sums (a few per compute unit) and the sum
    } else if (w == "scan") {
        b.device = 2 * tensor + double(job.n) * sizeof(float); // x, y and the row totals
    } else if (w == "spmv") {
        const double entries = rows * SparseMatrix::perRow(job.n);
        b.largest = entries * sizeof(float); // the values (the column indices are as big)
        b.device = (rows + 1 + 2 * entries) * 4 + 2 * tensor;
    } else if (w == "transfer") {
        b.device = job.variant == "zero-copy" ? 0 : tensor; // zero-copy: the host's own memory
    } else {
        return {};
    }
    return b;
}

std::unique_ptr<Run> createRun(const Job &job)
{
    if (job.n < 1)
        throw std::invalid_argument("n must be at least 1");
    static const std::map<std::string, std::vector<std::string>> variants = {
        {"add", {""}},
        {"saxpy", {""}},
        {"reduce", {""}},
        {"gemm", {"tiled", "naive", "clblast"}},
        {"scan", {"rows"}},
        {"spmv", {"scalar"}},
        {"transfer", {"pageable", "pinned", "zero-copy"}}};
    const auto w = variants.find(job.workload);
    if (w == variants.end())
        throw std::invalid_argument("the OpenCL backend has no workload " + job.workload);
    if (std::find(w->second.begin(), w->second.end(), job.variant) == w->second.end())
        throw Unsupported("the OpenCL backend has no " + job.workload + " variant \"" + job.variant + "\"");
    const bool elementwise = job.workload == "add" || job.workload == "saxpy";
    if (job.mode == "fused" && !elementwise)
        throw std::invalid_argument(job.workload + " has no fused mode");
    if (job.mode != "launch" && job.mode != "graph" && job.mode != "fused" && job.mode != "unsynced")
        throw std::invalid_argument("unknown mode " + job.mode);
    if (job.mode == "unsynced" && (job.transfers || job.workload == "transfer"))
        throw std::invalid_argument(kUnsyncedWithCopies);
    if (job.coldCache)
        throw Unsupported("the OpenCL backend has no cold-cache mode yet (it cannot flush a device's cache)");
    if (job.workload == "spmv" && job.n > SparseMatrix::maxN)
        throw Unsupported("spmv supports n up to " + std::to_string(SparseMatrix::maxN) +
                          ": its CSR indices are 32-bit");
    if (job.inputs.size() < (job.workload == "saxpy" || job.workload == "gemm" ? 2u : 1u))
        throw std::invalid_argument("the job's inputs are missing");
    if (job.device < 0 || job.device >= int(probe().ids.size()))
        throw std::invalid_argument("there is no OpenCL device opencl:" + std::to_string(job.device));
    return std::make_unique<OpenClRun>(job);
}

} // namespace speeduplab::opencl
