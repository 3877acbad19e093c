// SPDX-License-Identifier: MIT
// The Vulkan backend of a build without Vulkan: no device, and the reason.
#include "vulkan/vulkanbackend.h"

namespace speeduplab::vulkan {

namespace {
const char *const kReason =
    "This build has no Vulkan backend (built without the Vulkan headers and loader, or "
    "glslc): install libvulkan-dev and glslc (scripts/setup.sh) and rebuild.";
}

Availability availability()
{
    Availability a;
    a.reason = kReason;
    return a;
}

std::unique_ptr<Run> createRun(const Job &)
{
    throw Unsupported(kReason);
}

DeviceCeilings calibrate(int, const std::atomic<bool> &)
{
    throw Unsupported(kReason);
}

void disable(int, const std::string &) {}

std::string disabledReason(int)
{
    return {};
}

DeviceBytes deviceBytesNeeded(const Job &)
{
    return {};
}

double buildSeconds(int)
{
    return 0;
}

std::vector<std::string> validationMessages()
{
    return {};
}

bool validationOn()
{
    return false;
}

} // namespace speeduplab::vulkan
