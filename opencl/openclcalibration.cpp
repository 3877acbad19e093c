// SPDX-License-Identifier: MIT
// The calibration of an OpenCL device: copy bandwidth, FMA peak, launch latency (back to back and
// waited for), and host transfers from pageable and pinned memory, each timed with the queue's
// events (the latencies with the host's clock) and taken as the best of a few tries.
#include "opencl/opencldevices.h"
#include "opencl/openclkernels.h"

#include <algorithm>
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
        c.fmaFlopsPerS = fma();
        latencies(c);
        transfers(c);
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
    // The best of `tries` runs of enqueue(first, last), by the events.
    template <typename Enqueue> double best(int tries, Enqueue enqueue)
    {
        double out = 0;
        for (int t = 0; t < tries; ++t) {
            poll();
            cl_event first = nullptr, last = nullptr;
            enqueue(&first, &last);
            SL_CL_CHECK(clFinish(m_queue.get()));
            const Event a(first), b(last); // one command: its event is the first and the last
            if (!last)
                last = first;
            const double s = span(first, last);
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

    void latencies(Ceilings &c)
    {
        cl_kernel k = kernel("empty_kernel");
        const std::size_t one = 1;
        SL_CL_CHECK(clEnqueueNDRangeKernel(m_queue.get(), k, 1, nullptr, &one, &one, 0, nullptr, nullptr));
        SL_CL_CHECK(clFinish(m_queue.get()));
        // Back to back: the host's time per launch of 1000 queued, waited for once.
        const int launches = 1000;
        for (int t = 0; t < 3; ++t) {
            poll();
            const double t0 = now();
            for (int i = 0; i < launches; ++i)
                SL_CL_CHECK(
                    clEnqueueNDRangeKernel(m_queue.get(), k, 1, nullptr, &one, &one, 0, nullptr, nullptr));
            SL_CL_CHECK(clFinish(m_queue.get()));
            const double per = (now() - t0) / launches;
            c.launchLatencyS = t == 0 ? per : std::min(c.launchLatencyS, per);
        }
        // Waited for: one launch and clFinish, the median of 200 (a round trip's tail is the OS's).
        std::vector<double> trips;
        for (int i = 0; i < 200; ++i) {
            if (i % 20 == 0)
                poll();
            const double t0 = now();
            SL_CL_CHECK(
                clEnqueueNDRangeKernel(m_queue.get(), k, 1, nullptr, &one, &one, 0, nullptr, nullptr));
            SL_CL_CHECK(clFinish(m_queue.get()));
            trips.push_back(now() - t0);
        }
        std::nth_element(trips.begin(), trips.begin() + trips.size() / 2, trips.end());
        c.syncRoundTripS = trips[trips.size() / 2];
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
        SL_CL_CHECK(clFinish(m_queue.get()));
    }

    const std::atomic<bool> &m_stop;
    int m_device;
    cl_device_id m_id;
    DeviceState &m_state;
    std::size_t m_bytes = 0;
    Queue m_queue;
    std::vector<Mem> m_buffers;
    std::vector<Kernel> m_kernels;
};

} // namespace

Ceilings calibrate(int device, const std::atomic<bool> &stop)
{
    if (device < 0 || device >= int(probe().ids.size()))
        throw std::invalid_argument("there is no OpenCL device opencl:" + std::to_string(device));
    return Calibrator(device, stop).run();
}

} // namespace speeduplab::opencl
