// SPDX-License-Identifier: MIT
// The OpenCL backend's own plumbing, shared by its runs (openclbackend.cpp) and its calibration
// (openclcalibration.cpp): the platforms' devices found once, each device's context and built
// program, error names and checks, and owners of OpenCL objects. Internal to opencl/.
#pragma once

#include "opencl/openclbackend.h"

#include <CL/cl.h>
#include <CL/cl_ext.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

namespace speeduplab::opencl::detail {

/// "CL_OUT_OF_RESOURCES", or "OpenCL error -N".
std::string errorName(cl_int e);
/// For an allocation or an enqueue: throws Unsupported when the device ran out of resources or
/// memory, else OpenClError.
void check(cl_int e, const char *call);
#define SL_CL_CHECK(call) ::speeduplab::opencl::detail::check((call), #call)
/// For what waits on the device's work (clFinish, a blocking read or write, a wait): any error is a
/// fault of the work already queued, thrown as OpenClError with fault() set, never Unsupported.
void checkDone(cl_int e, const char *call);
#define SL_CL_CHECK_DONE(call) ::speeduplab::opencl::detail::checkDone((call), #call)
/// clFinish(q), through the test seam: SPEEDUPLAB_TEST_OPENCL_FAULT=<error code> (e.g. -5,
/// CL_OUT_OF_RESOURCES) makes every clFinish after a timed repetition report that error, as a
/// driver does after a kernel faulted. Tests only; unset, it is clFinish.
cl_int finishAfterWork(cl_command_queue q);

std::string deviceString(cl_device_id d, cl_device_info what);
std::string platformString(cl_platform_id p, cl_platform_info what);
template <typename T> T deviceValue(cl_device_id d, cl_device_info what)
{
    T v{};
    clGetDeviceInfo(d, what, sizeof v, &v, nullptr);
    return v;
}

struct Probe {
    Availability a;
    std::vector<cl_device_id> ids;         ///< by DeviceInfo::index
    std::vector<cl_platform_id> platforms; ///< each device's platform, by DeviceInfo::index
};
/// The platforms' devices, asked of the loader once a process.
const Probe &probe();
/// What the ICD loader would read and not survive (a FIFO or a huge file in its driver list, a
/// topology a driver's hwloc would block on), checked by stat before it loads; empty when none.
std::string driverListProblem();
/// Why the child process that lists the devices kept OpenCL from this one (it crashed, hung or
/// failed); empty when it listed them, or when no child was asked for (probeInChild).
std::string childProblem();
/// The devices as the child process listed them (probeInChild), OpenCL not loaded here: the
/// window idles without the drivers (PoCL brings LLVM: 60 MB) until a point runs on one.
/// nullptr when no child listed them (none was asked for, or it failed: probe() says why).
const Availability *listedInChild();

// One device's context and program, made at its first run and kept for the process: building a
// program costs 36-660 ms on PoCL, which no timed repetition may contain.
struct DeviceState {
    cl_context context = nullptr;
    cl_program program = nullptr;
    double buildSeconds = 0;
    double clblastSeconds = 0; ///< CLBlast's first call (0 before it)
    /// Why the device's event timestamps do not follow time (checked once, at its first use:
    /// two commands some milliseconds apart by the host's clock); empty when they do.
    std::string clockProblem;
};

/// Guards states() and each DeviceState.
std::mutex &stateMutex();
std::map<int, DeviceState> &states();
/// opencl:device's context and program, made and built at its first use. Throws.
DeviceState &stateOf(int device);
/// The host's steady clock, in seconds.
double now();

/// cl_khr_command_buffer's entry points on one device's platform (the graph mode), in the
/// provisional version these headers declare (0.9.0 to 0.9.4; later ones changed the calls).
struct CommandBuffers {
    clCreateCommandBufferKHR_fn create = nullptr;
    clCommandNDRangeKernelKHR_fn kernel = nullptr;
    clFinalizeCommandBufferKHR_fn finalize = nullptr;
    clEnqueueCommandBufferKHR_fn enqueue = nullptr;
    clReleaseCommandBufferKHR_fn release = nullptr;
    std::string missing; ///< why the device has none usable; empty when it has
};
/// Asked once a device. Never throws.
const CommandBuffers &commandBuffers(int device);

struct MemRelease {
    void operator()(cl_mem m) const { clReleaseMemObject(m); }
};
struct KernelRelease {
    void operator()(cl_kernel k) const { clReleaseKernel(k); }
};
struct QueueRelease {
    void operator()(cl_command_queue q) const
    {
        clFinish(q);
        clReleaseCommandQueue(q);
    }
};
struct EventRelease {
    void operator()(cl_event e) const { clReleaseEvent(e); }
};
using Mem = std::unique_ptr<std::remove_pointer_t<cl_mem>, MemRelease>;
using Kernel = std::unique_ptr<std::remove_pointer_t<cl_kernel>, KernelRelease>;
using Queue = std::unique_ptr<std::remove_pointer_t<cl_command_queue>, QueueRelease>;
using Event = std::unique_ptr<std::remove_pointer_t<cl_event>, EventRelease>;

struct Free {
    void operator()(float *p) const { std::free(p); }
};

} // namespace speeduplab::opencl::detail
