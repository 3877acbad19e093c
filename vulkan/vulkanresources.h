// SPDX-License-Identifier: MIT
// Inside the Vulkan backend: what one run or one calibration owns on a device (buffers and their
// memory, a command pool, fences, two timestamp queries, descriptor sets) and the commands both
// record (a barrier, a dispatch of one of the device's pipelines). Freed together, after the
// device has finished with them.
#pragma once

#include "vulkan/vulkandevice.h"

#include <vector>

namespace speeduplab::vulkan {

/// A buffer and its memory; mapped when host-visible.
struct Buffer {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkDeviceSize bytes = 0;
    void *mapped = nullptr;
};

class Resources {
public:
    /// A command pool on the device's compute queue, a fence and a pool of two timestamps.
    explicit Resources(Device &d);
    ~Resources();
    Resources(const Resources &) = delete;
    Resources &operator=(const Resources &) = delete;

    Device &device() const { return m_d; }
    /// Device-local memory where the device has it; checked against maxMemoryAllocationSize first
    /// (Unsupported, naming `what`, when it is larger).
    Buffer deviceBuffer(VkDeviceSize bytes, const char *what);
    /// Host-visible, coherent memory, mapped.
    Buffer stagingBuffer(VkDeviceSize bytes, const char *what);
    VkFence newFence();
    /// Descriptor sets of the device's layout, each binding its list's buffers in order (bindings
    /// 0 to kBindings - 1; one the list does not name binds its first, so that every binding is
    /// valid).
    std::vector<VkDescriptorSet> sets(const std::vector<std::vector<const Buffer *>> &bindings);

    /// A primary command buffer, begun.
    VkCommandBuffer begin(VkCommandBufferUsageFlags usage = 0);
    static void end(VkCommandBuffer cb);
    /// Everything written before, by a shader, a copy or the host, is visible to what follows.
    static void barrier(VkCommandBuffer cb, VkPipelineStageFlags dstStage, VkAccessFlags dstAccess);
    /// A barrier on what came before, then one of the device's pipelines over `set`.
    void dispatch(VkCommandBuffer cb, Shader shader, VkDescriptorSet set, const Params &p,
                  std::uint32_t groups, std::uint32_t groupsY = 1) const;
    /// Work-groups for `count` elements, at most the device's maxComputeWorkGroupCount[0] (the
    /// shaders loop over the rest).
    std::uint32_t groupsFor(std::uint64_t count) const;
    /// The first (top of pipe) and the last (bottom of pipe) timestamp of what `cb` records
    /// between them; the first also resets both.
    void stampStart(VkCommandBuffer cb) const;
    void stampEnd(VkCommandBuffer cb) const;
    /// Seconds between the two timestamps, masked by the queue's valid bits; a negative value
    /// when the queue has no timestamps.
    double stampedSeconds() const;

    /// Called with the queue locked (Device::queueMutex).
    void submit(VkCommandBuffer cb, VkFence fence = VK_NULL_HANDLE) const;
    /// Waits for `fence` and resets it.
    void wait(VkFence fence) const;
    /// Submits `cb` with the queue locked and waits for it.
    void submitAndWait(VkCommandBuffer cb);

private:
    Buffer make(VkDeviceSize bytes, VkMemoryPropertyFlags wanted, VkMemoryPropertyFlags preferred,
                const char *what);

    Device &m_d;
    VkCommandPool m_commandPool = VK_NULL_HANDLE;
    VkQueryPool m_queries = VK_NULL_HANDLE;
    VkFence m_fence = VK_NULL_HANDLE;
    std::vector<VkFence> m_fences;
    std::vector<VkDescriptorPool> m_descriptorPools;
    std::vector<VkBuffer> m_buffers;
    std::vector<VkDeviceMemory> m_memories;
};

} // namespace speeduplab::vulkan
