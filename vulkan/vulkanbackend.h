// SPDX-License-Identifier: MIT
// Plain C++ interface between the engine (core/) and the Vulkan backend (vulkan/): the devices of
// every Vulkan driver, named vulkan:0, vulkan:1, ..., and the runs of a Job on one of them. No
// Vulkan or Qt type appears here. When the project is built without Vulkan, vulkan/vulkanstub.cpp
// implements it and says why. The contracts it shares with cuda/ and opencl/ (Run, Job) are in
// backend/.
#pragma once

#include "backend/deviceceilings.h"
#include "backend/devicedescription.h"
#include "backend/job.h"
#include "backend/run.h"

#include <atomic>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace speeduplab::vulkan {

/// What the Vulkan loader said about this machine's drivers.
struct Availability {
    bool builtWithVulkan = false;
    bool usable = false; ///< at least one device with a compute queue
    std::string reason;  ///< why not usable, as a sentence with what to install; empty when usable
    std::vector<DeviceDescription> devices;
};

/// Asks the loader once per process (later calls return the cached answer). Never throws.
Availability availability();

/// A point Vulkan cannot run as asked (a workload this backend does not have yet, a size its
/// 32-bit indices cannot reach, an allocation the device refuses): kept as skipped with what() as
/// the reason.
class Unsupported : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A Vulkan error: the call and the result's name ("VK_ERROR_DEVICE_LOST").
class VulkanError : public std::runtime_error {
public:
    explicit VulkanError(const std::string &what, int code = 0) : std::runtime_error(what), m_code(code) {}
    int code() const { return m_code; }
    /// VK_ERROR_DEVICE_LOST: the device cannot be used again in this process. The point failed,
    /// and the runner disables the device (disable()).
    bool deviceLost() const { return m_code == -4; }

private:
    int m_code;
};

/// The point's Run: its buffers allocated and filled, its pipelines built, its commands recorded.
/// Throws Unsupported (skip) or VulkanError.
std::unique_ptr<Run> createRun(const Job &job);

/// The device's ceilings: a copy between two device buffers by the driver's own vkCmdCopyBuffer,
/// the FMA peak of a shader of ours, the launch latency back to back and waited for, and the
/// copies between host-visible and device memory (as "pinned"), each the best of a few tries,
/// timed by timestamps. Checks `stop` between its parts (Cancelled). Throws VulkanError or
/// Unsupported.
DeviceCeilings calibrate(int device, const std::atomic<bool> &stop);

/// After a device was lost: its later points are skipped with this reason.
void disable(int device, const std::string &reason);
/// Why the device was disabled; "" when it was not.
std::string disabledReason(int device);

/// The device memory a job needs: its largest buffer and all of them together.
struct DeviceBytes {
    double largest = 0;
    double device = 0;
};
DeviceBytes deviceBytesNeeded(const Job &job);

/// Seconds the device's shader modules and pipelines took to build (once a device, outside every
/// timed repetition); 0 before its first run.
double buildSeconds(int device);

/// What the Khronos validation layer said since the process started (VK_INSTANCE_LAYERS=
/// VK_LAYER_KHRONOS_validation, or SPEEDUPLAB_VULKAN_VALIDATION=1, which enables it here): each
/// warning or error as one line. Empty without the layer. The tests fail on any.
std::vector<std::string> validationMessages();
/// Whether the validation layer is on in this process and its messages reach validationMessages.
bool validationOn();

} // namespace speeduplab::vulkan
