// SPDX-License-Identifier: MIT
// Inside the Vulkan backend: one device as the runs use it (its logical device and compute queue,
// its limits, the pipelines of every shader), made at its first run and kept for the process, and
// the checks that turn a VkResult into the backend's errors. vulkandevices.cpp implements it;
// vulkanrun.cpp uses it.
#pragma once

#include "vulkan/vulkanbackend.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <mutex>
#include <string>

namespace speeduplab::vulkan {

/// "VK_ERROR_DEVICE_LOST" for a result.
std::string resultName(VkResult r);
/// Throws VulkanError naming `call` unless r is VK_SUCCESS.
void check(VkResult r, const char *call);

/// The shaders of vulkan/shaders/, each a pipeline of the one layout (kBindings storage buffers,
/// the push constants of common.glsl).
enum class Shader {
    Add,
    AddFused,
    Saxpy,
    SaxpyFused,
    Reduce,
    Fma,
    GemmNaive,
    GemmTiled,
    ScanRows,
    ScanTotals,
    ScanOffsets,
    Spmv,
    Count
};

/// Storage buffers in the one descriptor set layout (spmv's CSR matrix, x and y need five).
constexpr std::uint32_t kBindings = 5;

/// The push constants of every shader (common.glsl's Params).
struct Params {
    std::uint32_t count = 0;
    std::uint32_t iterations = 1;
    float alpha = 0;
};

struct Device {
    int index = 0;
    std::string id; ///< "vulkan:0"
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    std::uint32_t family = 0;
    VkPhysicalDeviceLimits limits{};
    VkPhysicalDeviceMemoryProperties memory{};
    std::uint32_t timestampValidBits = 0; ///< of the compute queue's family; 0: no timestamps
    double maxAllocBytes = 0;             ///< maxMemoryAllocationSize (Vulkan 1.1), else the heap's
    double heapBytes = 0;                 ///< the largest device-local heap
    std::uint32_t groupSize = 64;         ///< invocations a work-group: a power of two the device allows
    VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
    VkPipelineLayout layout = VK_NULL_HANDLE;
    VkPipelineCache cache = VK_NULL_HANDLE;
    VkPipeline pipelines[int(Shader::Count)] = {};
    double buildSeconds = 0; ///< the shader modules and pipelines, built once, untimed
    std::mutex queueMutex;   ///< vkQueueSubmit needs the queue to itself
};

/// The device vulkan:index, made and its pipelines built at its first call. Throws VulkanError or
/// Unsupported (no such device).
Device &deviceFor(int index);

/// A memory type of `d` among `typeBits` with every flag of `wanted`; with `preferred` too when
/// one has them. -1 when none has `wanted`.
int memoryType(const Device &d, std::uint32_t typeBits, VkMemoryPropertyFlags wanted,
               VkMemoryPropertyFlags preferred = 0);

} // namespace speeduplab::vulkan
