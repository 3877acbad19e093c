// SPDX-License-Identifier: MIT
// The runs of the Vulkan backend: add, saxpy and reduce in launch, graph, fused and unsynced modes,
// timed with timestamp queries around the timed commands and held against the host's clock.
//
// Every tensor lives in a device buffer (device-local memory where the device has it) beside a
// host-visible staging buffer: reset() fills the staging buffer and copies it over, untimed, or,
// when transfers are timed, the copies are the first and last timed commands. A repetition is
// submitted as command buffers recorded once: `start` (the first timestamp, the timed copies),
// then the operations, then `end` (the copy back, the last timestamp) with a fence.
//   launch:   the operation's command buffer submitted once an iteration (one vkQueueSubmit each),
//             at most two batches of them queued (queue()), so that a stop is quick;
//   graph:    every iteration's dispatch and barrier recorded into one command buffer (at most
//             kGraphChunk of them), submitted once: Vulkan's counterpart of a CUDA graph;
//   fused:    one dispatch that does every iteration;
//   unsynced: launch, timed by the host's clock until the last submit returned; the time until
//             the fence signalled is kept beside it (synchronisedSeconds).
#include "vulkan/vulkandevice.h"

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

/// A buffer and its memory; mapped when host-visible.
struct Buffer {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkDeviceSize bytes = 0;
    void *mapped = nullptr;
};

/// The element count a shader indexes with 32 bits, with room for a grid-stride step past the end.
constexpr std::uint64_t kMaxCount = std::uint64_t(1) << 31;

class VulkanRun final : public Run {
public:
    explicit VulkanRun(const Job &job)
        : m_job(job), m_d(deviceFor(job.device)), m_count(std::uint64_t(job.n) * std::uint64_t(job.n))
    {
        try {
            prepare();
        } catch (...) {
            release();
            throw;
        }
    }
    ~VulkanRun() override { release(); }

    void reset() override
    {
        for (const Input &in : m_inputs)
            std::memcpy(in.staging->mapped, in.host, std::size_t(in.staging->bytes));
        if (!m_job.transfers)
            submitAndWait(m_upload);
    }

    double runOnce(const std::atomic<bool> &stop) override
    {
        const int operations = m_job.mode == "fused" ? 1 : m_job.iterations;
        const double t0 = now();
        double queued = 0;
        {
            std::lock_guard guard(m_d.queueMutex);
            submit(m_start, VK_NULL_HANDLE);
            if (m_job.mode == "graph") {
                const int chunks = operations / kGraphChunk, rest = operations % kGraphChunk;
                for (int c = 0; c < chunks + (rest > 0 ? 1 : 0); ++c) {
                    stopIf(stop);
                    queue(c < chunks ? m_chunk : m_rest);
                }
            } else {
                for (int k = 0; k < operations; ++k) {
                    stopIf(stop);
                    queue(m_operation);
                }
            }
            submit(m_end, m_fence);
            queued = now() - t0;
        }
        waitFence();
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
        if (!m_job.transfers)
            submitAndWait(m_download);
        const auto *p = static_cast<const float *>(m_outputStaging->mapped);
        return std::vector<float>(p, p + m_outputCount);
    }

private:
    struct Input {
        Buffer *staging;
        const float *host;
    };

    void prepare()
    {
        const std::string &w = m_job.workload;
        if (m_count >= kMaxCount)
            throw Unsupported("the Vulkan shaders index tensors with 32 bits: n up to 46340");
        const VkDeviceSize tensor = m_count * sizeof(float);
        std::vector<Buffer *> device; // the buffers of the descriptor set, bindings 0 and 1
        if (w == "add") {
            m_a = deviceBuffer(tensor, "b");
            m_aStaging = stagingBuffer(tensor, "b");
            m_inputs = {{&m_aStaging, m_job.inputs.at(0)}};
            m_copies = {{&m_aStaging, &m_a}};
            m_outputStaging = &m_aStaging;
            m_outputDevice = &m_a;
            m_outputCount = m_count;
            device = {&m_a, &m_a};
        } else if (w == "saxpy") {
            m_a = deviceBuffer(tensor, "x");
            m_b = deviceBuffer(tensor, "y");
            m_aStaging = stagingBuffer(tensor, "x");
            m_bStaging = stagingBuffer(tensor, "y");
            m_inputs = {{&m_aStaging, m_job.inputs.at(0)}, {&m_bStaging, m_job.inputs.at(1)}};
            m_copies = {{&m_aStaging, &m_a}, {&m_bStaging, &m_b}};
            m_outputStaging = &m_bStaging;
            m_outputDevice = &m_b;
            m_outputCount = m_count;
            device = {&m_a, &m_b};
        } else { // reduce
            m_groups = std::uint32_t(std::min<std::uint64_t>({(m_count + m_d.groupSize - 1) / m_d.groupSize,
                                                              1024, m_d.limits.maxComputeWorkGroupCount[0]}));
            m_a = deviceBuffer(tensor, "x");
            m_b = deviceBuffer(VkDeviceSize(m_groups) * sizeof(float), "the partial sums");
            m_c = deviceBuffer(sizeof(float), "the sum");
            m_aStaging = stagingBuffer(tensor, "x");
            m_cStaging = stagingBuffer(sizeof(float), "the sum");
            m_inputs = {{&m_aStaging, m_job.inputs.at(0)}};
            m_copies = {{&m_aStaging, &m_a}};
            m_outputStaging = &m_cStaging;
            m_outputDevice = &m_c;
            m_outputCount = 1;
            device = {&m_a, &m_b};
        }
        makeDescriptors(device);
        makeCommands();
    }

    Buffer make(VkDeviceSize bytes, VkMemoryPropertyFlags wanted, VkMemoryPropertyFlags preferred,
                const char *what)
    {
        // Checked before the device is asked, as OpenCL's are: a buffer larger than one allocation
        // may be, or than the heap, is a skipped point with the reason, not a driver's error.
        if (double(bytes) > m_d.maxAllocBytes)
            throw Unsupported(m_d.id + " allocates at most " +
                              std::to_string(std::llround(m_d.maxAllocBytes / 1048576)) +
                              " MiB at once (maxMemoryAllocationSize), and " + what + " needs " +
                              std::to_string(std::llround(double(bytes) / 1048576)) + " MiB");
        Buffer b;
        b.bytes = bytes;
        VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
        info.size = bytes;
        info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
        check(vkCreateBuffer(m_d.device, &info, nullptr, &b.buffer), "vkCreateBuffer");
        m_buffers.push_back(b.buffer);
        VkMemoryRequirements need{};
        vkGetBufferMemoryRequirements(m_d.device, b.buffer, &need);
        const int type = memoryType(m_d, need.memoryTypeBits, wanted, preferred);
        if (type < 0)
            throw Unsupported(m_d.id + " has no memory type for " + what);
        VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
        alloc.allocationSize = need.size;
        alloc.memoryTypeIndex = std::uint32_t(type);
        check(vkAllocateMemory(m_d.device, &alloc, nullptr, &b.memory), "vkAllocateMemory");
        m_memories.push_back(b.memory);
        check(vkBindBufferMemory(m_d.device, b.buffer, b.memory, 0), "vkBindBufferMemory");
        if (wanted & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)
            check(vkMapMemory(m_d.device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped), "vkMapMemory");
        return b;
    }
    Buffer deviceBuffer(VkDeviceSize bytes, const char *what)
    {
        return make(bytes, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, what);
    }
    Buffer stagingBuffer(VkDeviceSize bytes, const char *what)
    {
        return make(bytes, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0,
                    what);
    }

    // Set 0 binds the workload's two buffers; reduce's second dispatch (set 1) sums the partial
    // sums into the sum.
    void makeDescriptors(const std::vector<Buffer *> &bindings)
    {
        VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4};
        VkDescriptorPoolCreateInfo pool{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
        pool.maxSets = 2;
        pool.poolSizeCount = 1;
        pool.pPoolSizes = &size;
        check(vkCreateDescriptorPool(m_d.device, &pool, nullptr, &m_pool), "vkCreateDescriptorPool");
        const VkDescriptorSetLayout layouts[2] = {m_d.setLayout, m_d.setLayout};
        VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
        alloc.descriptorPool = m_pool;
        alloc.descriptorSetCount = 2;
        alloc.pSetLayouts = layouts;
        check(vkAllocateDescriptorSets(m_d.device, &alloc, m_sets), "vkAllocateDescriptorSets");
        const auto write = [&](VkDescriptorSet set, Buffer *b0, Buffer *b1) {
            VkDescriptorBufferInfo infos[2] = {{b0->buffer, 0, VK_WHOLE_SIZE},
                                               {b1->buffer, 0, VK_WHOLE_SIZE}};
            VkWriteDescriptorSet writes[2]{};
            for (std::uint32_t i = 0; i < 2; ++i) {
                writes[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
                writes[i].dstSet = set;
                writes[i].dstBinding = i;
                writes[i].descriptorCount = 1;
                writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
                writes[i].pBufferInfo = &infos[i];
            }
            vkUpdateDescriptorSets(m_d.device, 2, writes, 0, nullptr);
        };
        write(m_sets[0], bindings.at(0), bindings.at(1));
        write(m_sets[1], m_job.workload == "reduce" ? &m_b : bindings.at(0),
              m_job.workload == "reduce" ? &m_c : bindings.at(1));
    }

    VkCommandBuffer begin(VkCommandBufferUsageFlags usage = 0)
    {
        VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        alloc.commandPool = m_commandPool;
        alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        alloc.commandBufferCount = 1;
        VkCommandBuffer cb = VK_NULL_HANDLE;
        check(vkAllocateCommandBuffers(m_d.device, &alloc, &cb), "vkAllocateCommandBuffers");
        VkCommandBufferBeginInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        info.flags = usage;
        check(vkBeginCommandBuffer(cb, &info), "vkBeginCommandBuffer");
        return cb;
    }
    VkCommandBuffer end(VkCommandBuffer cb)
    {
        check(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
        return cb;
    }

    /// Everything written before, by a shader, a copy or the host, is visible to what follows.
    static void barrier(VkCommandBuffer cb, VkPipelineStageFlags dstStage, VkAccessFlags dstAccess)
    {
        VkMemoryBarrier b{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        b.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
        b.dstAccessMask = dstAccess;
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                             dstStage, 0, 1, &b, 0, nullptr, 0, nullptr);
    }

    void copies(VkCommandBuffer cb, bool up)
    {
        if (up) {
            for (const auto &[from, to] : m_copies) {
                const VkBufferCopy region{0, 0, from->bytes};
                vkCmdCopyBuffer(cb, from->buffer, to->buffer, 1, &region);
            }
        } else {
            barrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
            const VkBufferCopy region{0, 0, m_outputStaging->bytes};
            vkCmdCopyBuffer(cb, m_outputDevice->buffer, m_outputStaging->buffer, 1, &region);
            barrier(cb, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
        }
    }

    std::uint32_t groupsFor(std::uint64_t count) const
    {
        return std::uint32_t(
            std::max<std::uint64_t>(1, std::min<std::uint64_t>((count + m_d.groupSize - 1) / m_d.groupSize,
                                                               m_d.limits.maxComputeWorkGroupCount[0])));
    }

    void dispatch(VkCommandBuffer cb, Shader shader, VkDescriptorSet set, const Params &p,
                  std::uint32_t groups)
    {
        barrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
        vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, m_d.pipelines[int(shader)]);
        vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, m_d.layout, 0, 1, &set, 0, nullptr);
        vkCmdPushConstants(cb, m_d.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof p, &p);
        vkCmdDispatch(cb, groups, 1, 1);
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
            dispatch(cb, fused ? Shader::AddFused : Shader::Add, m_sets[0], p, groupsFor(m_count));
        } else if (w == "saxpy") {
            dispatch(cb, fused ? Shader::SaxpyFused : Shader::Saxpy, m_sets[0], p, groupsFor(m_count));
        } else {
            dispatch(cb, Shader::Reduce, m_sets[0], p, m_groups);
            p.count = m_groups; // one work-group over the partial sums
            dispatch(cb, Shader::Reduce, m_sets[1], p, 1);
        }
    }

    void makeCommands()
    {
        VkCommandPoolCreateInfo pool{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
        pool.queueFamilyIndex = m_d.family;
        check(vkCreateCommandPool(m_d.device, &pool, nullptr, &m_commandPool), "vkCreateCommandPool");
        VkQueryPoolCreateInfo query{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
        query.queryType = VK_QUERY_TYPE_TIMESTAMP;
        query.queryCount = 2;
        check(vkCreateQueryPool(m_d.device, &query, nullptr, &m_queries), "vkCreateQueryPool");
        VkFenceCreateInfo fence{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        check(vkCreateFence(m_d.device, &fence, nullptr, &m_fence), "vkCreateFence");
        for (VkFence &f : m_batchFences)
            check(vkCreateFence(m_d.device, &fence, nullptr, &f), "vkCreateFence");

        m_upload = begin();
        copies(m_upload, true);
        end(m_upload);
        m_download = begin();
        copies(m_download, false);
        end(m_download);

        m_start = begin();
        vkCmdResetQueryPool(m_start, m_queries, 0, 2);
        vkCmdWriteTimestamp(m_start, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, m_queries, 0);
        if (m_job.transfers)
            copies(m_start, true);
        end(m_start);
        // Submitted once an iteration, again before the last submit has run: simultaneous use.
        m_operation = begin(VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT);
        operation(m_operation);
        end(m_operation);
        if (m_job.mode == "graph") {
            const int chunk = std::min(m_job.iterations, kGraphChunk), rest = m_job.iterations % kGraphChunk;
            m_chunk = begin(VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT);
            for (int k = 0; k < chunk; ++k)
                operation(m_chunk);
            end(m_chunk);
            if (rest > 0 && m_job.iterations > kGraphChunk) {
                m_rest = begin();
                for (int k = 0; k < rest; ++k)
                    operation(m_rest);
                end(m_rest);
            } else {
                m_rest = m_chunk;
            }
        }
        m_end = begin();
        if (m_job.transfers)
            copies(m_end, false);
        else
            barrier(m_end, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, 0);
        vkCmdWriteTimestamp(m_end, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, m_queries, 1);
        end(m_end);
    }

    void submit(VkCommandBuffer cb, VkFence fence)
    {
        VkSubmitInfo info{VK_STRUCTURE_TYPE_SUBMIT_INFO};
        info.commandBufferCount = 1;
        info.pCommandBuffers = &cb;
        check(vkQueueSubmit(m_d.queue, 1, &info, fence), "vkQueueSubmit");
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
            submit(cb, VK_NULL_HANDLE);
            return;
        }
        const int slot = m_slot;
        if (m_pending[slot]) {
            const bool ready = vkGetFenceStatus(m_d.device, m_batchFences[slot]) == VK_SUCCESS;
            const double t0 = now();
            check(vkWaitForFences(m_d.device, 1, &m_batchFences[slot], VK_TRUE,
                                  std::numeric_limits<std::uint64_t>::max()),
                  "vkWaitForFences");
            check(vkResetFences(m_d.device, 1, &m_batchFences[slot]), "vkResetFences");
            m_pending[slot] = false;
            if (ready)
                m_batch = std::min(m_batch * 2, kGraphChunk);
            else if (now() - t0 > 0.02)
                m_batch = std::max(m_batch / 2, 1);
        }
        submit(cb, m_batchFences[slot]);
        m_pending[slot] = true;
        m_slot ^= 1;
        m_inBatch = 0;
    }

    /// After the queue is idle: the batches' fences signalled, made ready for the next repetition.
    void settleBatches()
    {
        for (int s = 0; s < 2; ++s)
            if (m_pending[s]) {
                check(vkWaitForFences(m_d.device, 1, &m_batchFences[s], VK_TRUE,
                                      std::numeric_limits<std::uint64_t>::max()),
                      "vkWaitForFences");
                check(vkResetFences(m_d.device, 1, &m_batchFences[s]), "vkResetFences");
                m_pending[s] = false;
            }
        m_inBatch = 0;
    }

    void waitFence()
    {
        check(vkWaitForFences(m_d.device, 1, &m_fence, VK_TRUE, std::numeric_limits<std::uint64_t>::max()),
              "vkWaitForFences");
        check(vkResetFences(m_d.device, 1, &m_fence), "vkResetFences");
        settleBatches();
    }

    void submitAndWait(VkCommandBuffer cb)
    {
        {
            std::lock_guard guard(m_d.queueMutex);
            submit(cb, m_fence);
        }
        waitFence();
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
        if (m_d.timestampValidBits == 0) {
            m_hostClock = m_d.id + "'s compute queue has no timestamps (timestampValidBits is 0)";
            return wall;
        }
        std::uint64_t stamps[2] = {};
        check(vkGetQueryPoolResults(m_d.device, m_queries, 0, 2, sizeof stamps, stamps, sizeof(std::uint64_t),
                                    VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
              "vkGetQueryPoolResults");
        const std::uint64_t mask = m_d.timestampValidBits >= 64
                                       ? ~std::uint64_t(0)
                                       : (std::uint64_t(1) << m_d.timestampValidBits) - 1;
        const double tick = double(m_d.limits.timestampPeriod) * 1e-9;
        const double span = double((stamps[1] - stamps[0]) & mask) * tick;
        // The host saw the same commands from before their submit to after their fence: a span
        // longer than that, or of a few ticks, is no time.
        if (span > wall * 1.001 + 1e-6 || span < 10 * tick || !std::isfinite(span)) {
            m_hostClock = m_d.id + "'s timestamps gave " + std::to_string(span * 1e6) +
                          " us, and the host saw " + std::to_string(wall * 1e6) + " us";
            return wall;
        }
        return span;
    }

    void release()
    {
        if (m_d.device == VK_NULL_HANDLE)
            return;
        vkDeviceWaitIdle(m_d.device);
        if (m_commandPool)
            vkDestroyCommandPool(m_d.device, m_commandPool, nullptr); // frees its command buffers
        if (m_pool)
            vkDestroyDescriptorPool(m_d.device, m_pool, nullptr);
        if (m_queries)
            vkDestroyQueryPool(m_d.device, m_queries, nullptr);
        for (VkFence f : {m_fence, m_batchFences[0], m_batchFences[1]})
            if (f)
                vkDestroyFence(m_d.device, f, nullptr);
        for (VkBuffer b : m_buffers)
            vkDestroyBuffer(m_d.device, b, nullptr);
        for (VkDeviceMemory m : m_memories)
            vkFreeMemory(m_d.device, m, nullptr); // unmapped with it
        m_commandPool = VK_NULL_HANDLE;
        m_pool = VK_NULL_HANDLE;
        m_queries = VK_NULL_HANDLE;
        m_fence = m_batchFences[0] = m_batchFences[1] = VK_NULL_HANDLE;
        m_buffers.clear();
        m_memories.clear();
    }

    Job m_job;
    Device &m_d;
    std::uint64_t m_count;
    std::uint32_t m_groups = 1;
    Buffer m_a, m_b, m_c, m_aStaging, m_bStaging, m_cStaging;
    Buffer *m_outputStaging = nullptr, *m_outputDevice = nullptr;
    std::size_t m_outputCount = 0;
    std::vector<Input> m_inputs;
    std::vector<std::pair<Buffer *, Buffer *>> m_copies; ///< staging -> device, the inputs
    std::vector<VkBuffer> m_buffers;
    std::vector<VkDeviceMemory> m_memories;
    VkDescriptorPool m_pool = VK_NULL_HANDLE;
    VkDescriptorSet m_sets[2] = {};
    VkCommandPool m_commandPool = VK_NULL_HANDLE;
    VkCommandBuffer m_upload = VK_NULL_HANDLE, m_download = VK_NULL_HANDLE, m_start = VK_NULL_HANDLE,
                    m_operation = VK_NULL_HANDLE, m_chunk = VK_NULL_HANDLE, m_rest = VK_NULL_HANDLE,
                    m_end = VK_NULL_HANDLE;
    VkQueryPool m_queries = VK_NULL_HANDLE;
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
    else
        return {};
    return b;
}

std::unique_ptr<Run> createRun(const Job &job)
{
    if (job.n < 1)
        throw std::invalid_argument("n must be at least 1");
    const std::string &w = job.workload;
    if (w != "add" && w != "saxpy" && w != "reduce")
        throw Unsupported("the Vulkan backend has no " + w + " yet (it runs add, saxpy and reduce)");
    if (!job.variant.empty())
        throw Unsupported("the Vulkan backend has no " + w + " variant \"" + job.variant + "\"");
    if (job.mode == "fused" && w == "reduce")
        throw std::invalid_argument(w + " has no fused mode");
    if (job.mode != "launch" && job.mode != "graph" && job.mode != "fused" && job.mode != "unsynced")
        throw std::invalid_argument("unknown mode " + job.mode);
    if (job.mode == "unsynced" && job.transfers)
        throw std::invalid_argument(kUnsyncedWithCopies);
    if (job.coldCache)
        throw Unsupported("the Vulkan backend has no cold-cache mode yet (it cannot flush a device's cache)");
    if (job.inputs.size() < (w == "saxpy" ? 2u : 1u))
        throw std::invalid_argument("the job's inputs are missing");
    if (job.device < 0 || job.device >= int(availability().devices.size()))
        throw std::invalid_argument("there is no Vulkan device vulkan:" + std::to_string(job.device));
    return std::make_unique<VulkanRun>(job);
}

} // namespace speeduplab::vulkan
