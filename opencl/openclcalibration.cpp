// SPDX-License-Identifier: MIT
// The calibration of an OpenCL device: copy bandwidth, FMA peak, launch latency (back to back and
// waited for), and host transfers from pageable and pinned memory, each timed with the queue's
// events and taken as the best of a few tries; the latencies with the host's clock (back to back,
// and an empty kernel's round trip), and the dispatch of a launch of clpeak's shape, waited for,
// with its event (QUEUED to START, as clpeak measures its kernel launch latency).
#include "opencl/opencldevices.h"
#include "opencl/openclkernels.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace speeduplab::opencl {

using namespace detail;

namespace {

// Seconds from the start of `first` to the end of `last` (the same event for one command).
double span(cl_event first, cl_event last)
{
    cl_ulong start = 0, end = 0;
    SL_CL_CHECK(clGetEventProfilingInfo(first, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr));
    SL_CL_CHECK(clGetEventProfilingInfo(last, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr));
    if (end <= start)
        throw OpenClError(
            "the OpenCL driver's timestamps are impossible during the calibration (end before start)");
    return double(end - start) * 1e-9;
}

// The median of v (reordered).
double median(std::vector<double> &v)
{
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
    return v[v.size() / 2];
}

class Calibrator {
public:
    Calibrator(int device, const std::atomic<bool> &stop)
        : m_stop(stop), m_device(device), m_id(probe().ids.at(std::size_t(device))), m_state(stateOf(device))
    {
        cl_int e = CL_SUCCESS;
        m_queue.reset(clCreateCommandQueue(m_state.context, m_id, CL_QUEUE_PROFILING_ENABLE, &e));
        check(e, "clCreateCommandQueue");
        const double memory = probe().a.devices.at(std::size_t(device)).globalMemoryBytes;
        // 64 MiB, or an eighth of a small device's memory: far beyond any cache of interest.
        m_bytes = std::size_t(std::min(64.0 * (1 << 20), std::max(1.0 * (1 << 20), memory / 8))) / 16 * 16;
    }

    Ceilings run()
    {
        Ceilings c;
        c.copyBytesPerS = copy();
        // The launch latencies (back to back, and a first try of the waited-for launch), then the
        // waited-for launch twice more, spread through the calibration (0.8 s on PoCL): each of its
        // figures is the best of the three, as the other ceilings are the best of a few tries (a
        // moment when another program holds the CPUs is no part of a launch's cost).
        latencies(c);
        c.fmaFlopsPerS = fma();
        waited(c);
        transfers(c);
        waited(c);
        if (m_clockKept && m_dispatches > 0)
            c.dispatchLatencyS = m_dispatchS;
        return c;
    }

private:
    void poll() const
    {
        if (m_stop.load(std::memory_order_relaxed))
            throw Cancelled();
    }
    cl_mem buffer(cl_mem_flags flags = CL_MEM_READ_WRITE)
    {
        cl_int e = CL_SUCCESS;
        Mem m(clCreateBuffer(m_state.context, flags, m_bytes, nullptr, &e));
        check(e, "clCreateBuffer");
        m_buffers.push_back(std::move(m));
        return m_buffers.back().get();
    }
    cl_kernel kernel(const char *name)
    {
        cl_int e = CL_SUCCESS;
        Kernel k(clCreateKernel(m_state.program, name, &e));
        check(e, "clCreateKernel");
        m_kernels.push_back(std::move(k));
        return m_kernels.back().get();
    }
    // The best of `tries` runs of enqueue(first, last), by the events; by the host's clock around
    // the enqueue and clFinish on a device whose timestamps do not follow time (its first use
    // checked them: DeviceState::clockProblem), such as Mesa's rusticl, whose placeholders would
    // read as 1e17 B/s.
    template <typename Enqueue> double best(int tries, Enqueue enqueue)
    {
        double out = 0;
        for (int t = 0; t < tries; ++t) {
            poll();
            cl_event first = nullptr, last = nullptr;
            const double t0 = now();
            enqueue(&first, &last);
            SL_CL_CHECK_DONE(clFinish(m_queue.get()));
            const double wall = now() - t0;
            const Event a(first), b(last); // one command: its event is the first and the last
            if (!last)
                last = first;
            const double s = m_state.clockProblem.empty() ? span(first, last) : wall;
            out = t == 0 ? s : std::min(out, s);
        }
        return out;
    }

    double copy()
    {
        cl_mem x = buffer(), y = buffer();
        cl_kernel k = kernel("copy4");
        const cl_ulong count = m_bytes / 16;
        SL_CL_CHECK(clSetKernelArg(k, 0, sizeof x, &x));
        SL_CL_CHECK(clSetKernelArg(k, 1, sizeof y, &y));
        SL_CL_CHECK(clSetKernelArg(k, 2, sizeof count, &count));
        const std::size_t local = 64, global = (count + local - 1) / local * local;
        const float zero = 0;
        SL_CL_CHECK(
            clEnqueueFillBuffer(m_queue.get(), x, &zero, sizeof zero, 0, m_bytes, 0, nullptr, nullptr));
        const int copies = 5;
        const double s = best(4, [&](cl_event *first, cl_event *last) {
            for (int i = 0; i < copies; ++i)
                SL_CL_CHECK(clEnqueueNDRangeKernel(m_queue.get(), k, 1, nullptr, &global, &local, 0, nullptr,
                                                   i == 0            ? first
                                                   : i + 1 == copies ? last
                                                                     : nullptr));
        });
        return 2.0 * double(m_bytes) * copies / s;
    }

    double fma()
    {
        const DeviceInfo &d = probe().a.devices.at(std::size_t(m_device));
        const std::size_t local = 64, global = std::size_t(std::max(1, d.computeUnits)) * 64 * local;
        cl_int e = CL_SUCCESS;
        Mem out(clCreateBuffer(m_state.context, CL_MEM_WRITE_ONLY, global * sizeof(float), nullptr, &e));
        check(e, "clCreateBuffer");
        cl_mem o = out.get();
        cl_kernel k = kernel("fma_peak");
        const cl_int iterations = 1024;
        SL_CL_CHECK(clSetKernelArg(k, 0, sizeof o, &o));
        SL_CL_CHECK(clSetKernelArg(k, 1, sizeof iterations, &iterations));
        const double s = best(4, [&](cl_event *first, cl_event *) {
            SL_CL_CHECK(
                clEnqueueNDRangeKernel(m_queue.get(), k, 1, nullptr, &global, &local, 0, nullptr, first));
        });
        return 2.0 * double(global) * iterations * kFmaChains / s;
    }

    // An empty kernel of one work-item, without an event.
    void launchEmpty()
    {
        const std::size_t one = 1;
        SL_CL_CHECK(
            clEnqueueNDRangeKernel(m_queue.get(), m_empty, 1, nullptr, &one, &one, 0, nullptr, nullptr));
    }

    void latencies(Ceilings &c)
    {
        m_empty = kernel("empty_kernel");
        // Two launches untimed, as clpeak's: the first pays the kernel's one-off setup.
        launchEmpty();
        launchEmpty();
        SL_CL_CHECK_DONE(clFinish(m_queue.get()));
        // Back to back: the host's time per launch of 1000 queued, waited for once.
        const int launches = 1000;
        for (int t = 0; t < 3; ++t) {
            poll();
            const double t0 = now();
            for (int i = 0; i < launches; ++i)
                launchEmpty();
            SL_CL_CHECK_DONE(clFinish(m_queue.get()));
            const double per = (now() - t0) / launches;
            c.launchLatencyS = t == 0 ? per : std::min(c.launchLatencyS, per);
        }
        // The dispatch's kernel, in clpeak's shape: one work-group of the largest size a work-group
        // of it may have on each compute unit, each work-item copying 16 bytes.
        m_shaped = kernel("copy4");
        std::size_t local = 0;
        SL_CL_CHECK(clGetKernelWorkGroupInfo(m_shaped, m_id, CL_KERNEL_WORK_GROUP_SIZE, sizeof local, &local,
                                             nullptr));
        std::size_t items[3] = {0, 0, 0}; // CL_DEVICE_MAX_WORK_ITEM_SIZES: dimension 0's bounds it too
        clGetDeviceInfo(m_id, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, nullptr);
        local = std::min(local, deviceValue<std::size_t>(m_id, CL_DEVICE_MAX_WORK_GROUP_SIZE));
        if (items[0] > 0)
            local = std::min(local, items[0]);
        local = std::max<std::size_t>(1, local);
        const int units = std::max(1, probe().a.devices.at(std::size_t(m_device)).computeUnits);
        m_shapedLocal = std::min(local, m_bytes / 16 / std::size_t(units)); // within the calibration's memory
        m_shapedGlobal = m_shapedLocal * std::size_t(units);
        cl_int e = CL_SUCCESS;
        for (Mem &m : m_shapedBuffers) {
            m.reset(clCreateBuffer(m_state.context, CL_MEM_READ_WRITE, m_shapedGlobal * 16, nullptr, &e));
            check(e, "clCreateBuffer");
        }
        cl_mem x = m_shapedBuffers[0].get(), y = m_shapedBuffers[1].get();
        const cl_ulong count = m_shapedGlobal;
        const float zero = 0;
        SL_CL_CHECK(clEnqueueFillBuffer(m_queue.get(), x, &zero, sizeof zero, 0, m_shapedGlobal * 16, 0,
                                        nullptr, nullptr));
        SL_CL_CHECK(clSetKernelArg(m_shaped, 0, sizeof x, &x));
        SL_CL_CHECK(clSetKernelArg(m_shaped, 1, sizeof y, &y));
        SL_CL_CHECK(clSetKernelArg(m_shaped, 2, sizeof count, &count));
        for (int i = 0; i < 2; ++i) // untimed, as the empty kernel's
            SL_CL_CHECK(clEnqueueNDRangeKernel(m_queue.get(), m_shaped, 1, nullptr, &m_shapedGlobal,
                                               &m_shapedLocal, 0, nullptr, nullptr));
        SL_CL_CHECK_DONE(clFinish(m_queue.get()));
        waited(c);
    }

    // Waited for, one try of each figure; each is kept where it is the best of the tries so far.
    // The round trip: an empty kernel enqueued and clFinish, the host's clock around both, the
    // median of 200 (a round trip's tail is the OS's). It holds the dispatch, the kernel and the
    // host's return from clFinish: on PoCL the dispatch wakes a worker thread, the return the
    // host's. The dispatch, as clpeak measures its kernel launch latency: a kernel of clpeak's
    // shape (one full work-group a compute unit) enqueued with an event and clFinish, the event's
    // QUEUED to START, the median of 200. Not the empty kernel's: on PoCL, launches that leave all
    // worker threads but one idle let the scheduler settle a worker on the host thread's CPU in
    // about one process of three, and there the dispatch doubles (on 2 CPUs 24 us against 12, the
    // round trip 42 against 23); launches that keep every worker busy, as clpeak's, keep them
    // apart (no process of 12 doubled).
    void waited(Ceilings &c)
    {
        const int trips = 200;
        std::vector<double> wall;
        for (int i = 0; i < trips; ++i) {
            if (i % 20 == 0)
                poll();
            const double t0 = now();
            launchEmpty();
            SL_CL_CHECK_DONE(clFinish(m_queue.get()));
            wall.push_back(now() - t0);
        }
        const double roundTrip = median(wall);
        c.syncRoundTripS = c.syncRoundTripS > 0 ? std::min(c.syncRoundTripS, roundTrip) : roundTrip;

        std::vector<double> evented, dispatch, spans;
        bool ordered = true;
        for (int i = 0; i < trips; ++i) {
            if (i % 20 == 0)
                poll();
            cl_event e = nullptr;
            const double t0 = now();
            SL_CL_CHECK(clEnqueueNDRangeKernel(m_queue.get(), m_shaped, 1, nullptr, &m_shapedGlobal,
                                               &m_shapedLocal, 0, nullptr, &e));
            const Event event(e);
            SL_CL_CHECK_DONE(clFinish(m_queue.get()));
            evented.push_back(now() - t0);
            cl_ulong q = 0, start = 0, end = 0;
            SL_CL_CHECK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_QUEUED, sizeof q, &q, nullptr));
            SL_CL_CHECK(
                clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr));
            SL_CL_CHECK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr));
            ordered = ordered && q <= start && start <= end;
            dispatch.push_back(ordered ? double(start - q) * 1e-9 : 0);
            spans.push_back(ordered ? double(end - q) * 1e-9 : 0);
        }
        // The dispatch only where the events' clock is one to trust: the device's clock keeps time
        // (checked at its first use, DeviceState::clockProblem: Mesa's rusticl's placeholders 0, 1,
        // 2, 3 ns fail it), QUEUED, START and END come in that order, and QUEUED to END lies within
        // the host's time around the enqueue and the wait. One try that fails leaves the dispatch
        // unmeasured (0).
        m_clockKept =
            m_clockKept && m_state.clockProblem.empty() && ordered && median(spans) <= median(evented);
        if (m_clockKept) {
            const double d = median(dispatch);
            m_dispatchS = m_dispatches++ == 0 ? d : std::min(m_dispatchS, d);
        }
    }

    void transfers(Ceilings &c)
    {
        cl_mem device = buffer();
        std::vector<float> pageable(m_bytes / sizeof(float), 1.0f);
        cl_mem pinnedBuffer = buffer(CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR);
        cl_int e = CL_SUCCESS;
        void *pinned = clEnqueueMapBuffer(m_queue.get(), pinnedBuffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                          m_bytes, 0, nullptr, nullptr, &e);
        check(e, "clEnqueueMapBuffer");
        const auto rate = [&](void *host, bool toDevice) {
            const double s = best(3, [&](cl_event *first, cl_event *) {
                if (toDevice)
                    SL_CL_CHECK(clEnqueueWriteBuffer(m_queue.get(), device, CL_FALSE, 0, m_bytes, host, 0,
                                                     nullptr, first));
                else
                    SL_CL_CHECK(clEnqueueReadBuffer(m_queue.get(), device, CL_FALSE, 0, m_bytes, host, 0,
                                                    nullptr, first));
            });
            return double(m_bytes) / s;
        };
        c.h2dPageableBytesPerS = rate(pageable.data(), true);
        c.d2hPageableBytesPerS = rate(pageable.data(), false);
        c.h2dPinnedBytesPerS = rate(pinned, true);
        c.d2hPinnedBytesPerS = rate(pinned, false);
        SL_CL_CHECK(clEnqueueUnmapMemObject(m_queue.get(), pinnedBuffer, pinned, 0, nullptr, nullptr));
        SL_CL_CHECK_DONE(clFinish(m_queue.get()));
    }

    const std::atomic<bool> &m_stop;
    int m_device;
    cl_device_id m_id;
    DeviceState &m_state;
    std::size_t m_bytes = 0;
    Queue m_queue;
    std::vector<Mem> m_buffers;
    std::vector<Kernel> m_kernels;
    cl_kernel m_empty = nullptr;
    cl_kernel m_shaped = nullptr; ///< copy4 in clpeak's shape, for the dispatch
    std::size_t m_shapedGlobal = 0, m_shapedLocal = 0;
    Mem m_shapedBuffers[2];
    bool m_clockKept = true; ///< the events' timestamps passed every try's checks
    int m_dispatches = 0;    ///< tries that measured the dispatch
    double m_dispatchS = 0;  ///< the best of their medians
};

} // namespace

Ceilings calibrate(int device, const std::atomic<bool> &stop)
{
    if (device < 0 || device >= int(probe().ids.size()))
        throw std::invalid_argument("there is no OpenCL device opencl:" + std::to_string(device));
    return Calibrator(device, stop).run();
}

} // namespace speeduplab::opencl
