// SPDX-License-Identifier: MIT
// Plain C++ interface between the engine (core/) and the OpenCL backend (opencl/): the devices of
// every OpenCL platform, named opencl:0, opencl:1, ..., and the runs of a Job on one of them. No
// OpenCL or Qt type appears here. When the project is built without OpenCL, core/openclstub.cpp
// implements it and says why. The contracts it shares with cuda/ (Run, Job) are in backend/.
#pragma once

#include "backend/job.h"
#include "backend/run.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace speeduplab::opencl {

/// One OpenCL device as its platform describes it.
struct DeviceInfo {
    int index = 0;        ///< opencl:index, counted over the platforms in the loader's order
    std::string name;     ///< CL_DEVICE_NAME
    std::string vendor;   ///< CL_DEVICE_VENDOR
    std::string platform; ///< CL_PLATFORM_NAME ("Portable Computing Language" for PoCL)
    std::string platformVersion;
    std::string driverVersion; ///< CL_DRIVER_VERSION
    std::string deviceVersion; ///< CL_DEVICE_VERSION ("OpenCL 3.0 PoCL ...")
    std::string type;          ///< "GPU", "CPU", "accelerator" or "other" (CL_DEVICE_TYPE)
    int computeUnits = 0;
    double globalMemoryBytes = 0;
    bool unifiedMemory = false; ///< CL_DEVICE_HOST_UNIFIED_MEMORY: it shares the host's memory
    bool fp16 = false;          ///< cl_khr_fp16

    /// "opencl:0": the name --device and the results use.
    std::string id() const { return "opencl:" + std::to_string(index); }
    /// Whether the device reports itself as a GPU or an accelerator. Only those can be "the GPU"
    /// of a crossover; a CPU device (PoCL) is OpenCL on the same cores.
    bool isGpu() const { return type == "GPU" || type == "accelerator"; }
    /// What to call it, honestly: "OpenCL on the CPU (PoCL)" for PoCL, "<name> (integrated GPU,
    /// OpenCL)" for a GPU that shares the host's memory, "<name> (GPU, OpenCL)" otherwise.
    std::string describe() const;
};

/// What the OpenCL loader said about this machine's platforms.
struct Availability {
    bool builtWithOpenCL = false;
    bool usable = false; ///< at least one device
    std::string reason;  ///< why not usable, as a sentence with what to install; empty when usable
    std::vector<DeviceInfo> devices;
};

/// Asks the loader once per process (later calls return the cached answer). Never throws.
Availability availability();

/// A point OpenCL cannot run as asked (a workload this backend does not have yet, a mode the
/// driver lacks): kept as skipped with what() as the reason.
class Unsupported : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// An OpenCL error: the call and the error's name ("CL_OUT_OF_RESOURCES"), or a program's build log.
class OpenClError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Prepares a run of `job` on device opencl:job.device: its program built (once a process, outside
/// any timed region), buffers made and filled. Workloads: add, saxpy, reduce; modes: launch (one
/// enqueue an iteration), fused (every iteration in one kernel) and unsynced (launch, timed on the
/// host before clFinish, the synchronised time kept beside it). runOnce times with the queue's
/// profiling events, from the first command's start to the last one's end, checked against the
/// host's wall clock. Throws OpenClError, Unsupported or std::invalid_argument.
std::unique_ptr<Run> createRun(const Job &job);

/// Seconds the device's programs took to build in this process (0 before the first run): reported
/// on their own, never inside a timed repetition.
double buildSeconds(int device);

} // namespace speeduplab::opencl
