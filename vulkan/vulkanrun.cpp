// SPDX-License-Identifier: MIT
// The runs of the Vulkan backend: add, saxpy, reduce, gemm (naive, tiled), scan (rows), spmv
// (scalar) and transfer (pinned) in launch, graph, fused (add, saxpy) and unsynced modes, timed with
// timestamp queries around the timed commands and held against the host's clock.
//
// Every tensor lives in a device buffer (device-local memory where the device has it) beside a
// host-visible staging buffer: reset() fills the staging buffer and copies it over, untimed, or,
// when transfers are timed, the copies are the first and last timed commands. A repetition is
// submitted as command buffers recorded once, the first timestamp (and the timed copies in) at the
// head of the first, the copy out and the last timestamp at the tail of the last, with a fence.
//   launch:   one command buffer an operation, one vkQueueSubmit each, at most two batches of them
//             queued (queue()), so that a stop is quick;
//   graph:    every iteration's dispatch and barrier recorded into one command buffer (at most
//             kGraphChunk of them), submitted once between `start` and `end`: Vulkan's
//             counterpart of a CUDA graph;
//   fused:    one dispatch that does every iteration;
//   unsynced: launch, timed by the host's clock until the last submit returned; the time until
//             the fence signalled is kept beside it (synchronisedSeconds).
#include "vulkan/vulkanresources.h"

#include "backend/sparsematrix.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>

namespace speeduplab::vulkan {

namespace {

double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// The element count a shader indexes with 32 bits, with room for a grid-stride step past the end.
constexpr std::uint64_t kMaxCount = std::uint64_t(1) << 31;

class VulkanRun final : public Run {
public:
    explicit VulkanRun(const Job &job)
        : m_job(job), m_r(deviceFor(job.device)), m_d(m_r.device()),
          m_count(std::uint64_t(job.n) * std::uint64_t(job.n))
    {
        // The transfer workload's copies are its work: there are no others to time.
        if (m_job.workload == "transfer")
            m_job.transfers = false;
        prepare();
    }

    void reset() override
    {
        for (const Input &in : m_inputs)
            std::memcpy(in.staging->mapped, in.host, std::size_t(in.staging->bytes));
        if (!m_job.transfers && !m_copies.empty())
            m_r.submitAndWait(m_upload);
    }

    double runOnce(const std::atomic<bool> &stop) override
    {
        const int operations = m_job.mode == "fused" ? 1 : m_job.iterations;
        const double t0 = now();
        double queued = 0;
        {
            std::lock_guard guard(m_d.queueMutex);
            if (m_job.mode == "graph") {
                m_r.submit(m_start);
                const int chunks = operations / kGraphChunk, rest = operations % kGraphChunk;
                for (int c = 0; c < chunks + (rest > 0 ? 1 : 0); ++c) {
                    stopIf(stop);
                    queue(c < chunks ? m_chunk : m_rest);
                }
                m_r.submit(m_end, m_fence);
            } else if (operations == 1) {
                m_r.submit(m_only, m_fence);
            } else {
                m_r.submit(m_first);
                for (int k = 1; k + 1 < operations; ++k) {
                    stopIf(stop);
                    queue(m_operation);
                }
                stopIf(stop);
                m_r.submit(m_last, m_fence);
            }
            queued = now() - t0;
        }
        m_r.wait(m_fence);
        settleBatches();
        const double wall = now() - t0;
        if (m_job.mode == "unsynced") {
            m_synchronised = wall;
            return queued;
        }
        return timed(wall);
    }

    double synchronisedSeconds() const override { return m_synchronised; }

    std::string note() const override
    {
        return m_hostClock.empty()
                   ? std::string()
                   : "timed by the host's clock around the fence, not by the timestamps: " + m_hostClock;
    }

    std::vector<float> output() override
    {
        if (!m_job.transfers && m_outputDevice)
            m_r.submitAndWait(m_download);
        const auto *p = static_cast<const float *>(m_outputStaging->mapped);
        return std::vector<float>(p, p + m_outputCount);
    }

private:
    struct Input {
        Buffer *staging;
        const void *host;
    };

    void prepare()
    {
        const std::string &w = m_job.workload;
        if (m_count >= kMaxCount)
            throw Unsupported("the Vulkan shaders index tensors with 32 bits: n up to 46340");
        const VkDeviceSize tensor = m_count * sizeof(float);
        std::vector<std::vector<const Buffer *>> bindings; // each set's bindings 0, 1 and 2
        if (w == "add") {
            m_a = m_r.deviceBuffer(tensor, "b");
            m_aStaging = m_r.stagingBuffer(tensor, "b");
            m_inputs = {{&m_aStaging, m_job.inputs.at(0)}};
            m_copies = {{&m_aStaging, &m_a}};
            m_outputStaging = &m_aStaging;
            m_outputDevice = &m_a;
            m_outputCount = m_count;
            bindings = {{&m_a, &m_a}};
        } else if (w == "saxpy") {
            m_a = m_r.deviceBuffer(tensor, "x");
            m_b = m_r.deviceBuffer(tensor, "y");
            m_aStaging = m_r.stagingBuffer(tensor, "x");
            m_bStaging = m_r.stagingBuffer(tensor, "y");
            m_inputs = {{&m_aStaging, m_job.inputs.at(0)}, {&m_bStaging, m_job.inputs.at(1)}};
            m_copies = {{&m_aStaging, &m_a}, {&m_bStaging, &m_b}};
            m_outputStaging = &m_bStaging;
            m_outputDevice = &m_b;
            m_outputCount = m_count;
            bindings = {{&m_a, &m_b}};
        } else if (w == "gemm") { // C = A * B
            const bool tiled = m_job.variant == "tiled";
            const std::uint64_t edge = tiled ? 64 : 16; // C's elements a work-group takes, each way
            m_groups = std::uint32_t((std::uint64_t(m_job.n) + edge - 1) / edge);
            if (m_groups > m_d.limits.maxComputeWorkGroupCount[0] ||
                m_groups > m_d.limits.maxComputeWorkGroupCount[1])
                throw Unsupported(
                    m_d.id + " dispatches at most " + std::to_string(m_d.limits.maxComputeWorkGroupCount[0]) +
                    " work-groups each way, and gemm at this n needs " + std::to_string(m_groups));
            if (m_d.limits.maxComputeWorkGroupInvocations < 256 ||
                m_d.limits.maxComputeWorkGroupSize[0] < 16 || m_d.limits.maxComputeWorkGroupSize[1] < 16)
                throw Unsupported(
                    m_d.id + " runs fewer than 16 x 16 invocations a work-group, which gemm's shaders need");
            m_a = m_r.deviceBuffer(tensor, "A");
            m_b = m_r.deviceBuffer(tensor, "B");
            m_c = m_r.deviceBuffer(tensor, "C");
            m_aStaging = m_r.stagingBuffer(tensor, "A");
            m_bStaging = m_r.stagingBuffer(tensor, "B");
            m_cStaging = m_r.stagingBuffer(tensor, "C");
            m_inputs = {{&m_aStaging, m_job.inputs.at(0)}, {&m_bStaging, m_job.inputs.at(1)}};
            m_copies = {{&m_aStaging, &m_a}, {&m_bStaging, &m_b}};
            m_outputStaging = &m_cStaging;
            m_outputDevice = &m_c;
            m_outputCount = m_count;
            bindings = {{&m_a, &m_b, &m_c}};
        } else if (w == "scan") { // x scanned row by row into y, with the rows' totals beside
            m_a = m_r.deviceBuffer(tensor, "x");
            m_b = m_r.deviceBuffer(tensor, "y");
            m_c = m_r.deviceBuffer(VkDeviceSize(m_job.n) * sizeof(float), "the row totals");
            m_aStaging = m_r.stagingBuffer(tensor, "x");
            m_bStaging = m_r.stagingBuffer(tensor, "y");
            m_inputs = {{&m_aStaging, m_job.inputs.at(0)}};
            m_copies = {{&m_aStaging, &m_a}};
            m_outputStaging = &m_bStaging;
            m_outputDevice = &m_b;
            m_outputCount = m_count;
            bindings = {{&m_a, &m_b, &m_c}};
        } else if (w == "spmv") { // y = A x: the CSR matrix is uploaded once, x each repetition
            const SparseMatrix a = SparseMatrix::make(m_job.n);
            m_matrix.resize(6); // row pointers, column indices, values: on the device, then staged
            const std::pair<const void *, std::size_t> parts[3] = {
                {a.rowPtr.data(), a.rowPtr.size() * sizeof(std::int32_t)},
                {a.colIdx.data(), a.colIdx.size() * sizeof(std::int32_t)},
                {a.values.data(), a.values.size() * sizeof(float)}};
            const char *names[3] = {"the row pointers", "the column indices", "the values"};
            for (int i = 0; i < 3; ++i) {
                m_matrix[std::size_t(i)] = m_r.deviceBuffer(parts[i].second, names[i]);
                m_matrix[std::size_t(i) + 3] = m_r.stagingBuffer(parts[i].second, names[i]);
                std::memcpy(m_matrix[std::size_t(i) + 3].mapped, parts[i].first, parts[i].second);
            }
            VkCommandBuffer once = m_r.begin();
            for (std::size_t i = 0; i < 3; ++i) {
                const VkBufferCopy region{0, 0, m_matrix[i].bytes};
                vkCmdCopyBuffer(once, m_matrix[i + 3].buffer, m_matrix[i].buffer, 1, &region);
            }
            Resources::end(once);
            m_r.submitAndWait(once);
            m_a = m_r.deviceBuffer(tensor, "x");
            m_b = m_r.deviceBuffer(tensor, "y");
            m_aStaging = m_r.stagingBuffer(tensor, "x");
            m_bStaging = m_r.stagingBuffer(tensor, "y");
            m_inputs = {{&m_aStaging, m_job.inputs.at(0)}};
            m_copies = {{&m_aStaging, &m_a}};
            m_outputStaging = &m_bStaging;
            m_outputDevice = &m_b;
            m_outputCount = m_count;
            bindings = {{&m_matrix[0], &m_matrix[1], &m_matrix[2], &m_a, &m_b}};
        } else if (w == "transfer") { // there and back, between host-visible memory and the device's
            m_a = m_r.deviceBuffer(tensor, "the device copy");
            m_aStaging = m_r.stagingBuffer(tensor, "the host input");
            m_cStaging = m_r.stagingBuffer(tensor, "the host output");
            m_inputs = {{&m_aStaging, m_job.inputs.at(0)}};
            m_outputStaging = &m_cStaging; // written by the operation itself: no download
            m_outputCount = m_count;
            bindings = {{&m_a}};
        } else { // reduce: x into the partial sums (set 0), those into the sum (set 1)
            m_groups = std::min<std::uint32_t>(m_r.groupsFor(m_count), 1024);
            m_a = m_r.deviceBuffer(tensor, "x");
            m_b = m_r.deviceBuffer(VkDeviceSize(m_groups) * sizeof(float), "the partial sums");
            m_c = m_r.deviceBuffer(sizeof(float), "the sum");
            m_aStaging = m_r.stagingBuffer(tensor, "x");
            m_cStaging = m_r.stagingBuffer(sizeof(float), "the sum");
            m_inputs = {{&m_aStaging, m_job.inputs.at(0)}};
            m_copies = {{&m_aStaging, &m_a}};
            m_outputStaging = &m_cStaging;
            m_outputDevice = &m_c;
            m_outputCount = 1;
            bindings = {{&m_a, &m_b}, {&m_b, &m_c}};
        }
        m_sets = m_r.sets(bindings);
        m_fence = m_r.newFence();
        m_batchFences[0] = m_r.newFence();
        m_batchFences[1] = m_r.newFence();
        makeCommands();
    }

    void copies(VkCommandBuffer cb, bool up)
    {
        if (up) {
            for (const auto &[from, to] : m_copies) {
                const VkBufferCopy region{0, 0, from->bytes};
                vkCmdCopyBuffer(cb, from->buffer, to->buffer, 1, &region);
            }
        } else {
            Resources::barrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
            const VkBufferCopy region{0, 0, m_outputStaging->bytes};
            vkCmdCopyBuffer(cb, m_outputDevice->buffer, m_outputStaging->buffer, 1, &region);
            Resources::barrier(cb, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
        }
    }

    /// One operation: the workload's dispatches, each after a barrier on what came before.
    void operation(VkCommandBuffer cb)
    {
        const bool fused = m_job.mode == "fused";
        Params p;
        p.count = std::uint32_t(m_count);
        p.iterations = std::uint32_t(fused ? m_job.iterations : 1);
        p.alpha = m_job.alpha;
        const std::string &w = m_job.workload;
        if (w == "add") {
            // add's shader takes 4 floats an invocation; the fused one, one.
            m_r.dispatch(cb, fused ? Shader::AddFused : Shader::Add, m_sets[0], p,
                         m_r.groupsFor(fused ? m_count : (m_count + 3) / 4));
        } else if (w == "saxpy") {
            m_r.dispatch(cb, fused ? Shader::SaxpyFused : Shader::Saxpy, m_sets[0], p,
                         m_r.groupsFor(m_count));
        } else if (w == "scan") { // the rows, their totals into offsets, the offsets along the rows
            const auto n = std::uint32_t(m_job.n);
            p.count = n;
            m_r.dispatch(cb, Shader::ScanRows, m_sets[0], p, m_r.groupsFor(n));
            m_r.dispatch(cb, Shader::ScanTotals, m_sets[0], p, 1);
            if (n > 1)
                m_r.dispatch(cb, Shader::ScanOffsets, m_sets[0], p,
                             std::min(n - 1, m_d.limits.maxComputeWorkGroupCount[0]));
        } else if (w == "spmv") {
            m_r.dispatch(cb, Shader::Spmv, m_sets[0], p, m_r.groupsFor(m_count));
        } else if (w == "transfer") {
            // After the last iteration's copies, before this one's: one copy on the device at a time.
            Resources::barrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                               VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
            const VkBufferCopy region{0, 0, m_a.bytes};
            vkCmdCopyBuffer(cb, m_aStaging.buffer, m_a.buffer, 1, &region);
            Resources::barrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
            vkCmdCopyBuffer(cb, m_a.buffer, m_cStaging.buffer, 1, &region);
            Resources::barrier(cb, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
        } else if (w == "gemm") {
            p.count = std::uint32_t(m_job.n);
            m_r.dispatch(cb, m_job.variant == "tiled" ? Shader::GemmTiled : Shader::GemmNaive, m_sets[0], p,
                         m_groups, m_groups);
        } else {
            m_r.dispatch(cb, Shader::Reduce, m_sets[0], p, m_groups);
            p.count = m_groups; // one work-group over the partial sums
            m_r.dispatch(cb, Shader::Reduce, m_sets[1], p, 1);
        }
    }

    void makeCommands()
    {
        m_upload = m_r.begin();
        copies(m_upload, true);
        Resources::end(m_upload);
        if (m_outputDevice) { // the transfer workload's operation writes the host's side itself
            m_download = m_r.begin();
            copies(m_download, false);
            Resources::end(m_download);
        }

        // Launch mode submits one command buffer an operation, the first with the first timestamp
        // (and the timed copies in), the last with the copy out and the last timestamp; one
        // operation alone is all of that in one. Graph mode's chunks come between `start` and
        // `end`, which hold only those.
        const auto head = [&](VkCommandBuffer cb) {
            m_r.stampStart(cb);
            if (m_job.transfers)
                copies(cb, true);
        };
        const auto tail = [&](VkCommandBuffer cb) {
            if (m_job.transfers)
                copies(cb, false);
            else
                Resources::barrier(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, 0);
            m_r.stampEnd(cb);
        };
        m_start = m_r.begin();
        head(m_start);
        Resources::end(m_start);
        m_end = m_r.begin();
        tail(m_end);
        Resources::end(m_end);
        m_only = m_r.begin();
        head(m_only);
        operation(m_only);
        tail(m_only);
        Resources::end(m_only);
        m_first = m_r.begin();
        head(m_first);
        operation(m_first);
        Resources::end(m_first);
        m_last = m_r.begin();
        operation(m_last);
        tail(m_last);
        Resources::end(m_last);
        // Submitted once an iteration, again before the last submit has run: simultaneous use.
        m_operation = m_r.begin(VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT);
        operation(m_operation);
        Resources::end(m_operation);
        if (m_job.mode == "graph") {
            const int chunk = std::min(m_job.iterations, kGraphChunk), rest = m_job.iterations % kGraphChunk;
            m_chunk = m_r.begin(VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT);
            for (int k = 0; k < chunk; ++k)
                operation(m_chunk);
            Resources::end(m_chunk);
            if (rest > 0 && m_job.iterations > kGraphChunk) {
                m_rest = m_r.begin();
                for (int k = 0; k < rest; ++k)
                    operation(m_rest);
                Resources::end(m_rest);
            } else {
                m_rest = m_chunk;
            }
        }
    }

    // Submits `cb`, keeping at most two batches of submits queued. Work queued on a device runs
    // to its end (Vulkan cannot take it back), so a stop waits for what is queued: the batches
    // keep that to tens of milliseconds. A batch grows (to kGraphChunk submits) while the device
    // has finished the one before last whenever the host comes back to it, and shrinks when the
    // host had to wait over 20 ms for it. The device is never left idle by it: one batch is always
    // queued behind the one waited for.
    void queue(VkCommandBuffer cb)
    {
        if (++m_inBatch < m_batch) {
            m_r.submit(cb);
            return;
        }
        const int slot = m_slot;
        if (m_pending[slot]) {
            const bool ready = vkGetFenceStatus(m_d.device, m_batchFences[slot]) == VK_SUCCESS;
            const double t0 = now();
            m_r.wait(m_batchFences[slot]);
            m_pending[slot] = false;
            if (ready)
                m_batch = std::min(m_batch * 2, kGraphChunk);
            else if (now() - t0 > 0.02)
                m_batch = std::max(m_batch / 2, 1);
        }
        m_r.submit(cb, m_batchFences[slot]);
        m_pending[slot] = true;
        m_slot ^= 1;
        m_inBatch = 0;
    }

    /// After the queue is idle: the batches' fences signalled, made ready for the next repetition.
    void settleBatches()
    {
        for (int s = 0; s < 2; ++s)
            if (m_pending[s]) {
                m_r.wait(m_batchFences[s]);
                m_pending[s] = false;
            }
        m_inBatch = 0;
    }

    // Called with the queue locked: what was submitted finishes before Cancelled leaves, so that
    // the run stays usable.
    void stopIf(const std::atomic<bool> &stop)
    {
        if (!stop.load(std::memory_order_relaxed))
            return;
        vkQueueWaitIdle(m_d.queue);
        settleBatches();
        throw Cancelled();
    }

    /// The span between the two timestamps, when the device's clock can be read and the span is a
    /// time by the host's clock (`wall`, around the same commands); else `wall`, and why.
    double timed(double wall)
    {
        const double span = m_r.stampedSeconds();
        if (span < 0) {
            m_hostClock = m_d.id + "'s compute queue has no timestamps (timestampValidBits is 0)";
            return wall;
        }
        // The host saw the same commands from before their submit to after their fence: a span
        // longer than that, or of a few ticks, is no time.
        const double tick = double(m_d.limits.timestampPeriod) * 1e-9;
        if (span > wall * 1.001 + 1e-6 || span < 10 * tick || !std::isfinite(span)) {
            m_hostClock = m_d.id + "'s timestamps gave " + std::to_string(span * 1e6) +
                          " us, and the host saw " + std::to_string(wall * 1e6) + " us";
            return wall;
        }
        return span;
    }

    Job m_job;
    Resources m_r; // first made, last freed: the device has finished with everything below
    Device &m_d;
    std::uint64_t m_count;
    std::uint32_t m_groups = 1;
    Buffer m_a, m_b, m_c, m_aStaging, m_bStaging, m_cStaging;
    std::vector<Buffer> m_matrix; ///< spmv's CSR arrays on the device, then their staging buffers
    Buffer *m_outputStaging = nullptr, *m_outputDevice = nullptr;
    std::size_t m_outputCount = 0;
    std::vector<Input> m_inputs;
    std::vector<std::pair<Buffer *, Buffer *>> m_copies; ///< staging -> device, the inputs
    std::vector<VkDescriptorSet> m_sets;
    VkCommandBuffer m_upload = VK_NULL_HANDLE, m_download = VK_NULL_HANDLE, m_start = VK_NULL_HANDLE,
                    m_operation = VK_NULL_HANDLE, m_chunk = VK_NULL_HANDLE, m_rest = VK_NULL_HANDLE,
                    m_end = VK_NULL_HANDLE, m_only = VK_NULL_HANDLE, m_first = VK_NULL_HANDLE,
                    m_last = VK_NULL_HANDLE;
    VkFence m_fence = VK_NULL_HANDLE;
    VkFence m_batchFences[2] = {};
    bool m_pending[2] = {false, false}; ///< a batch's fence is queued and not yet waited for
    int m_slot = 0, m_batch = 1, m_inBatch = 0;
    double m_synchronised = 0;
    std::string m_hostClock;
};

} // namespace

DeviceBytes deviceBytesNeeded(const Job &job)
{
    if (job.n < 1)
        return {};
    const double tensor = double(job.n) * double(job.n) * sizeof(float);
    DeviceBytes b;
    b.largest = tensor;
    if (job.workload == "add")
        b.device = tensor;
    else if (job.workload == "saxpy")
        b.device = 2 * tensor;
    else if (job.workload == "reduce")
        b.device = tensor + 4096 + sizeof(float);
    else if (job.workload == "gemm")
        b.device = 3 * tensor;
    else if (job.workload == "scan")
        b.device = 2 * tensor + double(job.n) * sizeof(float); // x, y and the row totals
    else if (job.workload == "spmv") {
        const double rows = double(job.n) * double(job.n), entries = rows * SparseMatrix::perRow(job.n);
        b.largest = entries * sizeof(float); // the values (the column indices are as big)
        b.device = (rows + 1 + 2 * entries) * 4 + 2 * tensor;
    } else if (job.workload == "transfer")
        b.device = tensor; // its host sides are host-visible memory, counted with the host's
    else
        return {};
    return b;
}

std::unique_ptr<Run> createRun(const Job &job)
{
    if (job.n < 1)
        throw std::invalid_argument("n must be at least 1");
    const std::string &w = job.workload;
    if (w != "add" && w != "saxpy" && w != "reduce" && w != "gemm" && w != "scan" && w != "spmv" &&
        w != "transfer")
        throw std::invalid_argument("the Vulkan backend has no workload " + w);
    const bool variantOk = w == "gemm"       ? job.variant == "tiled" || job.variant == "naive"
                           : w == "transfer" ? job.variant == "pinned"
                           : w == "scan"     ? job.variant == "rows"
                           : w == "spmv"     ? job.variant == "scalar"
                                             : job.variant.empty();
    if (!variantOk)
        throw Unsupported("the Vulkan backend has no " + w + " variant \"" + job.variant + "\"");
    if (job.mode == "fused" && w != "add" && w != "saxpy")
        throw std::invalid_argument(w + " has no fused mode");
    if (job.mode != "launch" && job.mode != "graph" && job.mode != "fused" && job.mode != "unsynced")
        throw std::invalid_argument("unknown mode " + job.mode);
    if (job.mode == "unsynced" && (job.transfers || w == "transfer"))
        throw std::invalid_argument(kUnsyncedWithCopies);
    if (job.coldCache)
        throw Unsupported("the Vulkan backend has no cold-cache mode yet (it cannot flush a device's cache)");
    if (w == "spmv" && job.n > SparseMatrix::maxN)
        throw Unsupported("spmv supports n up to " + std::to_string(SparseMatrix::maxN) +
                          ": its CSR indices are 32-bit");
    if (job.inputs.size() < (w == "saxpy" || w == "gemm" ? 2u : 1u))
        throw std::invalid_argument("the job's inputs are missing");
    if (job.device < 0 || job.device >= int(availability().devices.size()))
        throw std::invalid_argument("there is no Vulkan device vulkan:" + std::to_string(job.device));
    return std::make_unique<VulkanRun>(job);
}

} // namespace speeduplab::vulkan
