// SPDX-License-Identifier: MIT
// The Vulkan backend's devices: the instance (with the Khronos validation layer's messages kept
// when it is on), each physical device with a compute queue described as DeviceDescription
// (vulkan:N; lavapipe is "Vulkan on the CPU (lavapipe)", never a GPU), and the logical device of
// one, with the pipelines of every shader, made at its first run.
#include "vulkan/vulkandevice.h"

#include "vulkan/vulkanspirv.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <memory>

namespace speeduplab::vulkan {

namespace {

// What to install when the loader finds no driver: a sentence's end.
const char *const kInstall =
    "install the Vulkan driver of your GPU: mesa-vulkan-drivers for an AMD GPU (RADV) or an Intel GPU (ANV), "
    "the NVIDIA driver's Vulkan (nvidia-vulkan-icd) for an NVIDIA GPU; mesa-vulkan-drivers also brings "
    "lavapipe, which runs Vulkan on the CPU";

std::mutex &lock()
{
    static std::mutex m;
    return m;
}

// The validation layer's messages, under a lock of their own: the layer speaks from inside calls
// made under lock() (vkCreateDevice).
std::mutex &messageLock()
{
    static std::mutex m;
    return m;
}

std::vector<std::string> &messages()
{
    static std::vector<std::string> m;
    return m;
}

std::map<int, std::unique_ptr<Device>> &devices()
{
    static std::map<int, std::unique_ptr<Device>> d;
    return d;
}

void record(const std::string &line)
{
    std::fprintf(stderr, "Vulkan validation %s\n", line.c_str());
    std::lock_guard guard(messageLock());
    messages().push_back(line);
}

VKAPI_ATTR VkBool32 VKAPI_CALL onMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                         VkDebugUtilsMessageTypeFlagsEXT,
                                         const VkDebugUtilsMessengerCallbackDataEXT *data, void *)
{
    record(std::string(severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT ? "error: " : "warning: ") +
           (data && data->pMessage ? data->pMessage : "(no message)"));
    return VK_FALSE;
}

bool envContains(const char *name, const char *what)
{
    const char *v = std::getenv(name);
    return v && std::strstr(v, what);
}

bool hasLayer(const char *name)
{
    std::uint32_t n = 0;
    vkEnumerateInstanceLayerProperties(&n, nullptr);
    std::vector<VkLayerProperties> layers(n);
    vkEnumerateInstanceLayerProperties(&n, layers.data());
    return std::any_of(layers.begin(), layers.end(),
                       [&](const VkLayerProperties &l) { return std::strcmp(l.layerName, name) == 0; });
}

bool hasInstanceExtension(const char *name)
{
    std::uint32_t n = 0;
    vkEnumerateInstanceExtensionProperties(nullptr, &n, nullptr);
    std::vector<VkExtensionProperties> ext(n);
    vkEnumerateInstanceExtensionProperties(nullptr, &n, ext.data());
    return std::any_of(ext.begin(), ext.end(), [&](const VkExtensionProperties &e) {
        return std::strcmp(e.extensionName, name) == 0;
    });
}

bool hasDeviceExtension(VkPhysicalDevice p, const char *name)
{
    std::uint32_t n = 0;
    vkEnumerateDeviceExtensionProperties(p, nullptr, &n, nullptr);
    std::vector<VkExtensionProperties> ext(n);
    vkEnumerateDeviceExtensionProperties(p, nullptr, &n, ext.data());
    return std::any_of(ext.begin(), ext.end(), [&](const VkExtensionProperties &e) {
        return std::strcmp(e.extensionName, name) == 0;
    });
}

/// The instance, once a process: VK_NULL_HANDLE and why when there is none.
struct Instance {
    VkInstance instance = VK_NULL_HANDLE;
    bool validation = false; ///< the layer is on, and its messages come to onMessage
    std::string reason;
    std::vector<VkPhysicalDevice> physical; ///< those with a compute queue, in the loader's order
};

const Instance &instance()
{
    static const Instance made = [] {
        Instance in;
        VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
        app.pApplicationName = "SpeedupLab";
        app.apiVersion = VK_API_VERSION_1_1;
        std::vector<const char *> layers, extensions;
        // SPEEDUPLAB_VULKAN_VALIDATION=1 turns the layer on here; VK_INSTANCE_LAYERS has the loader
        // do it. Either way its messages come to onMessage.
        const bool asked = envContains("SPEEDUPLAB_VULKAN_VALIDATION", "1");
        const bool validation = asked || envContains("VK_INSTANCE_LAYERS", "VK_LAYER_KHRONOS_validation");
        if (asked) {
            if (hasLayer("VK_LAYER_KHRONOS_validation"))
                layers.push_back("VK_LAYER_KHRONOS_validation");
            else
                record("error: SPEEDUPLAB_VULKAN_VALIDATION=1, but the validation layer is not installed "
                       "(vulkan-validationlayers)");
        }
        const bool debugUtils = validation && hasInstanceExtension(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
        if (debugUtils)
            extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
        VkDebugUtilsMessengerCreateInfoEXT messenger{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
        messenger.messageSeverity =
            VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
        messenger.messageType =
            VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
        messenger.pfnUserCallback = onMessage;
        VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
        info.pApplicationInfo = &app;
        info.enabledLayerCount = std::uint32_t(layers.size());
        info.ppEnabledLayerNames = layers.data();
        info.enabledExtensionCount = std::uint32_t(extensions.size());
        info.ppEnabledExtensionNames = extensions.data();
        if (debugUtils)
            info.pNext = &messenger; // the messages of vkCreateInstance itself
        const VkResult r = vkCreateInstance(&info, nullptr, &in.instance);
        if (r != VK_SUCCESS) {
            in.instance = VK_NULL_HANDLE;
            in.reason = r == VK_ERROR_INCOMPATIBLE_DRIVER
                            ? std::string("No Vulkan driver was found: ") + kInstall + "."
                            : "The Vulkan loader could not start (" + resultName(r) + "): " + kInstall + ".";
            return in;
        }
        if (debugUtils) {
            auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
                vkGetInstanceProcAddr(in.instance, "vkCreateDebugUtilsMessengerEXT"));
            VkDebugUtilsMessengerEXT handle = VK_NULL_HANDLE;
            if (create &&
                create(in.instance, &messenger, nullptr, &handle) == VK_SUCCESS) // kept for the process
                in.validation = asked ? !layers.empty() : true;
        }
        std::uint32_t n = 0;
        vkEnumeratePhysicalDevices(in.instance, &n, nullptr);
        std::vector<VkPhysicalDevice> all(n);
        if (n > 0)
            vkEnumeratePhysicalDevices(in.instance, &n, all.data());
        for (VkPhysicalDevice p : all) {
            std::uint32_t families = 0;
            vkGetPhysicalDeviceQueueFamilyProperties(p, &families, nullptr);
            std::vector<VkQueueFamilyProperties> props(families);
            vkGetPhysicalDeviceQueueFamilyProperties(p, &families, props.data());
            if (std::any_of(props.begin(), props.end(), [](const VkQueueFamilyProperties &f) {
                    return f.queueFlags & VK_QUEUE_COMPUTE_BIT;
                }))
                in.physical.push_back(p);
        }
        if (in.physical.empty())
            in.reason = n == 0 ? std::string("No Vulkan driver was found: ") + kInstall + "."
                               : "The Vulkan drivers show no device with a compute queue.";
        return in;
    }();
    return made;
}

std::string vendorName(std::uint32_t id)
{
    switch (id) {
    case 0x1002:
        return "AMD";
    case 0x8086:
        return "Intel";
    case 0x10de:
        return "NVIDIA";
    case 0x13b5:
        return "ARM";
    case 0x5143:
        return "Qualcomm";
    case 0x10005:
        return "Mesa";
    default: {
        char text[16];
        std::snprintf(text, sizeof text, "0x%x", id);
        return text;
    }
    }
}

std::string versionText(std::uint32_t v)
{
    return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) + "." +
           std::to_string(VK_API_VERSION_PATCH(v));
}

DeviceDescription describe(VkPhysicalDevice p, int index)
{
    VkPhysicalDeviceProperties props{};
    vkGetPhysicalDeviceProperties(p, &props);
    DeviceDescription d;
    d.backend = std::string(DeviceIdPrefix::vulkan);
    d.index = index;
    d.name = props.deviceName;
    d.vendor = vendorName(props.vendorID);
    d.deviceVersion = "Vulkan " + versionText(props.apiVersion);
    d.platformVersion = d.deviceVersion;
    d.driverVersion = std::to_string(props.driverVersion);
    d.timerResolutionS = props.limits.timestampPeriod * 1e-9;
    VkPhysicalDeviceMemoryProperties memory{};
    vkGetPhysicalDeviceMemoryProperties(p, &memory);
    for (std::uint32_t h = 0; h < memory.memoryHeapCount; ++h)
        if (memory.memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
            d.globalMemoryBytes = std::max(d.globalMemoryBytes, double(memory.memoryHeaps[h].size));
    d.maxAllocBytes = d.globalMemoryBytes;
    switch (props.deviceType) {
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
        d.type = "CPU";
        d.unifiedMemory = true;
        break;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
        d.type = "GPU";
        d.unifiedMemory = true;
        break;
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
        d.type = "GPU";
        break;
    default:
        d.type = "other";
    }
    if (props.apiVersion >= VK_API_VERSION_1_1) {
        VkPhysicalDeviceMaintenance3Properties m3{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES};
        VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
        VkPhysicalDevicePCIBusInfoPropertiesEXT pci{
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PCI_BUS_INFO_PROPERTIES_EXT};
        const bool hasDriver =
            props.apiVersion >= VK_API_VERSION_1_2 || hasDeviceExtension(p, "VK_KHR_driver_properties");
        const bool hasPci = hasDeviceExtension(p, VK_EXT_PCI_BUS_INFO_EXTENSION_NAME);
        m3.pNext = hasDriver ? static_cast<void *>(&driver) : nullptr;
        driver.pNext = hasPci ? &pci : nullptr;
        if (!hasDriver)
            m3.pNext = hasPci ? &pci : nullptr;
        VkPhysicalDeviceProperties2 p2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
        p2.pNext = &m3;
        vkGetPhysicalDeviceProperties2(p, &p2);
        d.maxAllocBytes = std::min(d.maxAllocBytes, double(m3.maxMemoryAllocationSize));
        if (hasDriver) {
            // lavapipe reports itself as llvmpipe: the name users know it by, as PoCL is for OpenCL.
            d.platform =
                driver.driverID == VK_DRIVER_ID_MESA_LLVMPIPE ? std::string("lavapipe") : driver.driverName;
            if (driver.driverInfo[0])
                d.driverVersion = driver.driverInfo;
        }
        if (hasPci) {
            char text[32];
            std::snprintf(text, sizeof text, "%04x:%02x:%02x.%x", pci.pciDomain & 0xffff, pci.pciBus & 0xff,
                          pci.pciDevice & 0x1f, pci.pciFunction & 0x7);
            d.pciBusId = text;
        }
    }
    return d;
}

std::map<int, std::string> &disabled()
{
    static std::map<int, std::string> m;
    return m;
}

void buildPipelines(Device &d)
{
    const auto t0 = std::chrono::steady_clock::now();
    VkDescriptorSetLayoutBinding bindings[kBindings]{};
    for (std::uint32_t b = 0; b < kBindings; ++b) {
        bindings[b].binding = b;
        bindings[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        bindings[b].descriptorCount = 1;
        bindings[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo set{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    set.bindingCount = kBindings;
    set.pBindings = bindings;
    check(vkCreateDescriptorSetLayout(d.device, &set, nullptr, &d.setLayout), "vkCreateDescriptorSetLayout");
    VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(Params)};
    VkPipelineLayoutCreateInfo layout{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layout.setLayoutCount = 1;
    layout.pSetLayouts = &d.setLayout;
    layout.pushConstantRangeCount = 1;
    layout.pPushConstantRanges = &push;
    check(vkCreatePipelineLayout(d.device, &layout, nullptr, &d.layout), "vkCreatePipelineLayout");
    VkPipelineCacheCreateInfo cache{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
    check(vkCreatePipelineCache(d.device, &cache, nullptr, &d.cache), "vkCreatePipelineCache");
    struct Code {
        const std::uint32_t *words;
        std::size_t size;
    };
    const Code code[int(Shader::Count)] = {
        {spirv::kSpirv_add, sizeof spirv::kSpirv_add},
        {spirv::kSpirv_add_fused, sizeof spirv::kSpirv_add_fused},
        {spirv::kSpirv_saxpy, sizeof spirv::kSpirv_saxpy},
        {spirv::kSpirv_saxpy_fused, sizeof spirv::kSpirv_saxpy_fused},
        {spirv::kSpirv_reduce, sizeof spirv::kSpirv_reduce},
        {spirv::kSpirv_fma, sizeof spirv::kSpirv_fma},
        {spirv::kSpirv_gemm_naive, sizeof spirv::kSpirv_gemm_naive},
        {spirv::kSpirv_gemm_tiled, sizeof spirv::kSpirv_gemm_tiled},
        {spirv::kSpirv_scan_rows, sizeof spirv::kSpirv_scan_rows},
        {spirv::kSpirv_scan_totals, sizeof spirv::kSpirv_scan_totals},
        {spirv::kSpirv_scan_offsets, sizeof spirv::kSpirv_scan_offsets},
        {spirv::kSpirv_spmv, sizeof spirv::kSpirv_spmv},
    };
    const VkSpecializationMapEntry entry{0, 0, sizeof(std::uint32_t)};
    VkSpecializationInfo spec{1, &entry, sizeof d.groupSize, &d.groupSize};
    for (int s = 0; s < int(Shader::Count); ++s) {
        VkShaderModuleCreateInfo module{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
        module.codeSize = code[s].size;
        module.pCode = code[s].words;
        VkShaderModule m = VK_NULL_HANDLE;
        check(vkCreateShaderModule(d.device, &module, nullptr, &m), "vkCreateShaderModule");
        VkComputePipelineCreateInfo pipeline{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
        pipeline.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
        pipeline.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
        pipeline.stage.module = m;
        pipeline.stage.pName = "main";
        pipeline.stage.pSpecializationInfo = &spec;
        pipeline.layout = d.layout;
        const VkResult r =
            vkCreateComputePipelines(d.device, d.cache, 1, &pipeline, nullptr, &d.pipelines[s]);
        vkDestroyShaderModule(d.device, m, nullptr);
        check(r, "vkCreateComputePipelines");
    }
    d.buildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::unique_ptr<Device> makeDevice(int index)
{
    const Instance &in = instance();
    if (index < 0 || index >= int(in.physical.size()))
        throw Unsupported("there is no Vulkan device vulkan:" + std::to_string(index));
    auto d = std::make_unique<Device>();
    d->index = index;
    d->id = std::string(DeviceIdPrefix::vulkan) + ":" + std::to_string(index);
    d->physical = in.physical[std::size_t(index)];
    VkPhysicalDeviceProperties props{};
    vkGetPhysicalDeviceProperties(d->physical, &props);
    d->limits = props.limits;
    vkGetPhysicalDeviceMemoryProperties(d->physical, &d->memory);
    const DeviceDescription desc = describe(d->physical, index);
    d->maxAllocBytes = desc.maxAllocBytes;
    d->heapBytes = desc.globalMemoryBytes;
    std::uint32_t families = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(d->physical, &families, nullptr);
    std::vector<VkQueueFamilyProperties> props2(families);
    vkGetPhysicalDeviceQueueFamilyProperties(d->physical, &families, props2.data());
    // A compute queue; one without graphics when the device has it (an AMD GPU's async compute).
    int family = -1;
    for (std::uint32_t f = 0; f < families; ++f)
        if ((props2[f].queueFlags & VK_QUEUE_COMPUTE_BIT) &&
            (family < 0 || !(props2[f].queueFlags & VK_QUEUE_GRAPHICS_BIT)))
            family = int(f);
    d->family = std::uint32_t(family);
    d->timestampValidBits = props2[std::size_t(family)].timestampValidBits;
    // A power of two (reduce's tree halves it) within the device's limits, at most 256.
    const std::uint32_t most =
        std::min({256u, d->limits.maxComputeWorkGroupSize[0], d->limits.maxComputeWorkGroupInvocations,
                  std::uint32_t(d->limits.maxComputeSharedMemorySize / sizeof(float))});
    d->groupSize = 1;
    while (d->groupSize * 2 <= most)
        d->groupSize *= 2;
    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queue{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queue.queueFamilyIndex = d->family;
    queue.queueCount = 1;
    queue.pQueuePriorities = &priority;
    VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queue;
    check(vkCreateDevice(d->physical, &info, nullptr, &d->device), "vkCreateDevice");
    vkGetDeviceQueue(d->device, d->family, 0, &d->queue);
    buildPipelines(*d);
    return d;
}

} // namespace

std::string resultName(VkResult r)
{
    switch (r) {
#define SL_VK_NAME(x)                                                                                        \
    case x:                                                                                                  \
        return #x;
        SL_VK_NAME(VK_SUCCESS)
        SL_VK_NAME(VK_NOT_READY)
        SL_VK_NAME(VK_TIMEOUT)
        SL_VK_NAME(VK_INCOMPLETE)
        SL_VK_NAME(VK_ERROR_OUT_OF_HOST_MEMORY)
        SL_VK_NAME(VK_ERROR_OUT_OF_DEVICE_MEMORY)
        SL_VK_NAME(VK_ERROR_INITIALIZATION_FAILED)
        SL_VK_NAME(VK_ERROR_DEVICE_LOST)
        SL_VK_NAME(VK_ERROR_MEMORY_MAP_FAILED)
        SL_VK_NAME(VK_ERROR_LAYER_NOT_PRESENT)
        SL_VK_NAME(VK_ERROR_EXTENSION_NOT_PRESENT)
        SL_VK_NAME(VK_ERROR_FEATURE_NOT_PRESENT)
        SL_VK_NAME(VK_ERROR_INCOMPATIBLE_DRIVER)
        SL_VK_NAME(VK_ERROR_TOO_MANY_OBJECTS)
        SL_VK_NAME(VK_ERROR_UNKNOWN)
#undef SL_VK_NAME
    default:
        return "VkResult " + std::to_string(int(r));
    }
}

void check(VkResult r, const char *call)
{
    if (r == VK_SUCCESS)
        return;
    if (r == VK_ERROR_OUT_OF_DEVICE_MEMORY || r == VK_ERROR_OUT_OF_HOST_MEMORY)
        throw Unsupported(std::string(call) + " ran out of memory (" + resultName(r) + ")");
    throw VulkanError(std::string(call) + ": " + resultName(r), int(r));
}

int memoryType(const Device &d, std::uint32_t typeBits, VkMemoryPropertyFlags wanted,
               VkMemoryPropertyFlags preferred)
{
    int found = -1;
    for (std::uint32_t t = 0; t < d.memory.memoryTypeCount; ++t) {
        const VkMemoryPropertyFlags f = d.memory.memoryTypes[t].propertyFlags;
        if (!(typeBits & (1u << t)) || (f & wanted) != wanted)
            continue;
        if ((f & preferred) == preferred)
            return int(t);
        if (found < 0)
            found = int(t);
    }
    return found;
}

Device &deviceFor(int index)
{
    std::lock_guard guard(lock());
    auto &slot = devices()[index];
    if (!slot)
        slot = makeDevice(index);
    return *slot;
}

Availability availability()
{
    static const Availability a = [] {
        Availability out;
        out.builtWithVulkan = true;
        const Instance &in = instance();
        for (std::size_t i = 0; i < in.physical.size(); ++i)
            out.devices.push_back(describe(in.physical[i], int(i)));
        out.usable = !out.devices.empty();
        out.reason = in.reason;
        return out;
    }();
    return a;
}

void disable(int device, const std::string &reason)
{
    std::lock_guard guard(lock());
    disabled()[device] = reason;
}

std::string disabledReason(int device)
{
    std::lock_guard guard(lock());
    const auto it = disabled().find(device);
    return it == disabled().end() ? std::string()
                                  : "vulkan:" + std::to_string(device) + " was disabled: " + it->second;
}

double buildSeconds(int device)
{
    std::lock_guard guard(lock());
    const auto it = devices().find(device);
    return it == devices().end() || !it->second ? 0 : it->second->buildSeconds;
}

bool validationOn()
{
    return instance().validation;
}

std::vector<std::string> validationMessages()
{
    std::lock_guard guard(messageLock());
    return messages();
}

} // namespace speeduplab::vulkan
