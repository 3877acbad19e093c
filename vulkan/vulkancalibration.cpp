// SPDX-License-Identifier: MIT
// The calibration of a Vulkan device: a copy between device buffers by the driver's own
// vkCmdCopyBuffer, the FMA peak of our fma shader, the copies between host-visible and device
// memory, each timed by timestamps (the host's clock where the queue has none) and the best of a
// few tries; the launch latency by the host's clock, back to back and waited for.
#include "vulkan/vulkanresources.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <vector>

namespace speeduplab::vulkan {

namespace {

double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

class Calibrator {
public:
    Calibrator(int device, const std::atomic<bool> &stop)
        : m_stop(stop), m_r(deviceFor(device)), m_d(m_r.device())
    {
        // 64 MiB, or less on a device that allocates less at once: far beyond any cache of interest.
        m_bytes =
            VkDeviceSize(std::min({64.0 * (1 << 20), m_d.maxAllocBytes / 2, m_d.heapBytes / 8})) / 16 * 16;
        m_a = m_r.deviceBuffer(m_bytes, "the calibration's copy");
        m_b = m_r.deviceBuffer(m_bytes, "the calibration's copy");
        m_staging = m_r.stagingBuffer(m_bytes, "the calibration's host copy");
        m_sets = m_r.sets({{&m_a, &m_b}});
    }

    DeviceCeilings run()
    {
        DeviceCeilings c;
        const double bytes = double(m_bytes);
        c.copyBytesPerS = 2 * bytes / best([&](VkCommandBuffer cb) { copy(cb, m_a, m_b); });
        c.h2dPinnedBytesPerS = bytes / best([&](VkCommandBuffer cb) { copy(cb, m_staging, m_a); });
        c.d2hPinnedBytesPerS = bytes / best([&](VkCommandBuffer cb) { copy(cb, m_a, m_staging); });
        c.fmaFlopsPerS = fma();
        latencies(c);
        return c;
    }

private:
    void check() const
    {
        if (m_stop.load(std::memory_order_relaxed))
            throw Cancelled();
    }

    static void copy(VkCommandBuffer cb, const Buffer &from, const Buffer &to)
    {
        const VkBufferCopy region{0, 0, from.bytes};
        vkCmdCopyBuffer(cb, from.buffer, to.buffer, 1, &region);
    }

    /// The shortest of 5 runs of what `record` records, between the two timestamps (the host's
    /// clock around the submit where the queue has none).
    template <class Record> double best(Record record)
    {
        VkCommandBuffer cb = m_r.begin();
        m_r.stampStart(cb);
        record(cb);
        Resources::barrier(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, 0);
        m_r.stampEnd(cb);
        Resources::end(cb);
        double shortest = 0;
        for (int t = 0; t < 5; ++t) {
            check();
            const double t0 = now();
            m_r.submitAndWait(cb);
            const double wall = now() - t0, span = m_r.stampedSeconds();
            const double s = span > 0 && span <= wall ? span : wall;
            shortest = t == 0 ? s : std::min(shortest, s);
        }
        return shortest;
    }

    double fma()
    {
        const std::uint32_t groups = std::min<std::uint32_t>(1024, m_d.limits.maxComputeWorkGroupCount[0]);
        Params p;
        p.count = 0; // nothing stored: the sums only keep the chains alive
        p.iterations = 4096;
        p.alpha = 0.999f;
        const double flops = double(groups) * m_d.groupSize * p.iterations * 16;
        return flops / best([&](VkCommandBuffer cb) { m_r.dispatch(cb, Shader::Fma, m_sets[0], p, groups); });
    }

    // An empty dispatch (add over no element): 200 submitted back to back and one fence, per
    // launch; and one submitted and waited for, the median of 50.
    void latencies(DeviceCeilings &c)
    {
        VkCommandBuffer empty = m_r.begin(VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT);
        Params p;
        p.count = 0;
        m_r.dispatch(empty, Shader::Add, m_sets[0], p, 1);
        Resources::end(empty);
        VkFence fence = m_r.newFence();
        check();
        const int launches = 200;
        double t0 = now();
        {
            std::lock_guard guard(m_d.queueMutex);
            for (int k = 0; k < launches; ++k)
                m_r.submit(empty, k + 1 == launches ? fence : VK_NULL_HANDLE);
        }
        m_r.wait(fence);
        c.launchLatencyS = (now() - t0) / launches;
        std::vector<double> trips;
        for (int k = 0; k < 50; ++k) {
            check();
            t0 = now();
            m_r.submitAndWait(empty);
            trips.push_back(now() - t0);
        }
        std::nth_element(trips.begin(), trips.begin() + std::ptrdiff_t(trips.size() / 2), trips.end());
        c.syncRoundTripS = trips[trips.size() / 2];
    }

    const std::atomic<bool> &m_stop;
    Resources m_r;
    Device &m_d;
    VkDeviceSize m_bytes = 0;
    Buffer m_a, m_b, m_staging;
    std::vector<VkDescriptorSet> m_sets;
};

} // namespace

DeviceCeilings calibrate(int device, const std::atomic<bool> &stop)
{
    if (device < 0 || device >= int(availability().devices.size()))
        throw std::invalid_argument("there is no Vulkan device vulkan:" + std::to_string(device));
    return Calibrator(device, stop).run();
}

} // namespace speeduplab::vulkan
