// SPDX-License-Identifier: MIT
// What a run or a calibration owns on a Vulkan device, and the commands both record
// (vulkanresources.h).
#include "vulkan/vulkanresources.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>

namespace speeduplab::vulkan {

Resources::Resources(Device &d) : m_d(d)
{
    VkCommandPoolCreateInfo pool{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool.queueFamilyIndex = m_d.family;
    check(vkCreateCommandPool(m_d.device, &pool, nullptr, &m_commandPool), "vkCreateCommandPool");
    VkQueryPoolCreateInfo query{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    query.queryType = VK_QUERY_TYPE_TIMESTAMP;
    query.queryCount = 2;
    const VkResult q = vkCreateQueryPool(m_d.device, &query, nullptr, &m_queries);
    if (q != VK_SUCCESS) {
        vkDestroyCommandPool(m_d.device, m_commandPool, nullptr);
        check(q, "vkCreateQueryPool");
    }
    try {
        m_fence = newFence();
    } catch (...) {
        vkDestroyQueryPool(m_d.device, m_queries, nullptr);
        vkDestroyCommandPool(m_d.device, m_commandPool, nullptr);
        throw;
    }
}

Resources::~Resources()
{
    vkDeviceWaitIdle(m_d.device);
    vkDestroyCommandPool(m_d.device, m_commandPool, nullptr); // frees its command buffers
    for (VkDescriptorPool p : m_descriptorPools)
        vkDestroyDescriptorPool(m_d.device, p, nullptr);
    vkDestroyQueryPool(m_d.device, m_queries, nullptr);
    for (VkFence f : m_fences)
        vkDestroyFence(m_d.device, f, nullptr);
    for (VkBuffer b : m_buffers)
        vkDestroyBuffer(m_d.device, b, nullptr);
    for (VkDeviceMemory m : m_memories)
        vkFreeMemory(m_d.device, m, nullptr); // unmapped with it
}

Buffer Resources::make(VkDeviceSize bytes, VkMemoryPropertyFlags wanted, VkMemoryPropertyFlags preferred,
                       const char *what)
{
    // Checked before the device is asked, as OpenCL's are: a buffer larger than one allocation may
    // be is a skipped point with the reason, not a driver's error.
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

Buffer Resources::deviceBuffer(VkDeviceSize bytes, const char *what)
{
    return make(bytes, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, what);
}

Buffer Resources::stagingBuffer(VkDeviceSize bytes, const char *what)
{
    return make(bytes, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0, what);
}

VkFence Resources::newFence()
{
    VkFenceCreateInfo info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence f = VK_NULL_HANDLE;
    check(vkCreateFence(m_d.device, &info, nullptr, &f), "vkCreateFence");
    m_fences.push_back(f);
    return f;
}

std::vector<VkDescriptorSet> Resources::sets(const std::vector<std::vector<const Buffer *>> &bindings)
{
    const auto count = std::uint32_t(bindings.size());
    VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kBindings * count};
    VkDescriptorPoolCreateInfo pool{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    pool.maxSets = count;
    pool.poolSizeCount = 1;
    pool.pPoolSizes = &size;
    VkDescriptorPool p = VK_NULL_HANDLE;
    check(vkCreateDescriptorPool(m_d.device, &pool, nullptr, &p), "vkCreateDescriptorPool");
    m_descriptorPools.push_back(p);
    const std::vector<VkDescriptorSetLayout> layouts(count, m_d.setLayout);
    VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    alloc.descriptorPool = p;
    alloc.descriptorSetCount = count;
    alloc.pSetLayouts = layouts.data();
    std::vector<VkDescriptorSet> out(count);
    check(vkAllocateDescriptorSets(m_d.device, &alloc, out.data()), "vkAllocateDescriptorSets");
    for (std::uint32_t s = 0; s < count; ++s) {
        VkDescriptorBufferInfo infos[kBindings]{};
        for (std::uint32_t i = 0; i < kBindings; ++i)
            infos[i] = {(i < bindings[s].size() ? bindings[s][i] : bindings[s].at(0))->buffer, 0,
                        VK_WHOLE_SIZE};
        VkWriteDescriptorSet writes[kBindings]{};
        for (std::uint32_t i = 0; i < kBindings; ++i) {
            writes[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
            writes[i].dstSet = out[s];
            writes[i].dstBinding = i;
            writes[i].descriptorCount = 1;
            writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            writes[i].pBufferInfo = &infos[i];
        }
        vkUpdateDescriptorSets(m_d.device, kBindings, writes, 0, nullptr);
    }
    return out;
}

VkCommandBuffer Resources::begin(VkCommandBufferUsageFlags usage)
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

void Resources::end(VkCommandBuffer cb)
{
    check(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
}

void Resources::barrier(VkCommandBuffer cb, VkPipelineStageFlags dstStage, VkAccessFlags dstAccess)
{
    VkMemoryBarrier b{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    b.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    b.dstAccessMask = dstAccess;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, dstStage,
                         0, 1, &b, 0, nullptr, 0, nullptr);
}

void Resources::dispatch(VkCommandBuffer cb, Shader shader, VkDescriptorSet set, const Params &p,
                         std::uint32_t groups, std::uint32_t groupsY) const
{
    barrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, m_d.pipelines[int(shader)]);
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, m_d.layout, 0, 1, &set, 0, nullptr);
    vkCmdPushConstants(cb, m_d.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof p, &p);
    vkCmdDispatch(cb, groups, groupsY, 1);
}

std::uint32_t Resources::groupsFor(std::uint64_t count) const
{
    return std::uint32_t(
        std::max<std::uint64_t>(1, std::min<std::uint64_t>((count + m_d.groupSize - 1) / m_d.groupSize,
                                                           m_d.limits.maxComputeWorkGroupCount[0])));
}

void Resources::stampStart(VkCommandBuffer cb) const
{
    vkCmdResetQueryPool(cb, m_queries, 0, 2);
    vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, m_queries, 0);
}

void Resources::stampEnd(VkCommandBuffer cb) const
{
    vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, m_queries, 1);
}

double Resources::stampedSeconds() const
{
    if (m_d.timestampValidBits == 0)
        return -1;
    std::uint64_t stamps[2] = {};
    check(vkGetQueryPoolResults(m_d.device, m_queries, 0, 2, sizeof stamps, stamps, sizeof(std::uint64_t),
                                VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
          "vkGetQueryPoolResults");
    const std::uint64_t mask =
        m_d.timestampValidBits >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << m_d.timestampValidBits) - 1;
    return double((stamps[1] - stamps[0]) & mask) * double(m_d.limits.timestampPeriod) * 1e-9;
}

void Resources::submit(VkCommandBuffer cb, VkFence fence) const
{
    VkSubmitInfo info{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    info.commandBufferCount = 1;
    info.pCommandBuffers = &cb;
    check(vkQueueSubmit(m_d.queue, 1, &info, fence), "vkQueueSubmit");
}

void Resources::wait(VkFence fence) const
{
    check(vkWaitForFences(m_d.device, 1, &fence, VK_TRUE, std::numeric_limits<std::uint64_t>::max()),
          "vkWaitForFences");
    check(vkResetFences(m_d.device, 1, &fence), "vkResetFences");
}

void Resources::submitAndWait(VkCommandBuffer cb)
{
    {
        std::lock_guard guard(m_d.queueMutex);
        submit(cb, m_fence);
    }
    wait(m_fence);
}

} // namespace speeduplab::vulkan
