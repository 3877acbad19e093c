// SPDX-License-Identifier: MIT
// Plain C++ interface between the engine (core/) and the OpenCL backend (opencl/): the devices of
// every OpenCL platform, named opencl:0, opencl:1, ..., and the runs of a Job on one of them. No
// OpenCL or Qt type appears here. When the project is built without OpenCL, opencl/openclstub.cpp
// implements it and says why. The contracts it shares with cuda/ (Run, Job) are in backend/.
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

namespace speeduplab::opencl {

/// One OpenCL device as its platform describes it (backend/devicedescription.h).
using DeviceInfo = DeviceDescription;

/// What the OpenCL loader said about this machine's platforms.
struct Availability {
    bool builtWithOpenCL = false;
    bool usable = false; ///< at least one device
    std::string reason;  ///< why not usable, as a sentence with what to install; empty when usable
    std::vector<DeviceInfo> devices;
    /// A driver that is installed but shows no device, and what to set (Mesa's rusticl without
    /// RUSTICL_ENABLE), as a sentence; empty when there is none. Said whether or not another
    /// platform has devices.
    std::string note;
};

/// Asks the loader once per process (later calls return the cached answer). Never throws.
Availability availability();

/// From now on, the first availability() lists the devices in a child process first (`program`
/// run with the single argument `argument`, which must answer with childProbe()), so that a
/// driver that crashes or hangs while it is probed costs this process nothing: OpenCL is then not
/// loaded here, and availability() says why. The child starts at once, on a thread of its own.
/// Off unless a front end turns it on (its tests probe in process).
void probeInChild(const std::string &program, const std::string &argument);
/// The child's side of probeInChild: loads the drivers, lists the devices and returns 0, the
/// exit status to give back.
int childProbe();
/// Whether the child has listed the devices (or failed, or none was asked for), waiting at most
/// `waitSeconds` for it: until then, availability() would wait. The child starts with
/// probeInChild, and runs while the program goes on.
bool devicesListed(double waitSeconds);
/// How long the child may take before it is taken for hung.
constexpr int kChildProbeSeconds = 10;

/// A point OpenCL cannot run as asked (a workload this backend does not have yet, a mode the
/// driver lacks): kept as skipped with what() as the reason.
class Unsupported : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// An OpenCL error: the call and the error's name ("CL_INVALID_VALUE"), or a program's build log.
/// Out of resources or memory from an allocation or an enqueue is Unsupported instead (the point
/// is skipped with the reason); from clFinish, a blocking read or a wait it is a fault.
class OpenClError : public std::runtime_error {
public:
    explicit OpenClError(const std::string &what, int code = 0, bool fault = false)
        : std::runtime_error(what), m_code(code), m_fault(fault)
    {
    }
    int code() const { return m_code; }
    /// The device is gone (CL_DEVICE_NOT_AVAILABLE, or NVIDIA's -9999 after a fault): the runner
    /// disables it (disable()) and skips its other points with the reason.
    bool deviceLost() const { return m_code == -2 || m_code == -9999; }
    /// The device failed while it ran the work (any error from clFinish, a blocking read or a
    /// wait: NVIDIA's CL_OUT_OF_RESOURCES after an out-of-bounds access among them). Its context
    /// cannot be trusted again: the point failed, and the runner disables the device.
    bool fault() const { return m_fault; }

private:
    int m_code;
    bool m_fault;
};

/// Disables opencl:device for the rest of the process, with the reason every later point of it
/// is skipped with.
void disable(int device, const std::string &reason);
/// Why opencl:device is disabled; empty while it is usable.
std::string disabledReason(int device);

/// Prepares a run of `job` on device opencl:job.device: its program built (once a process, outside
/// any timed region), buffers made and filled. Workloads and variants: add, saxpy, reduce, gemm
/// (tiled, naive, clblast: CLBlast's SGEMM, loaded at run time), scan (rows), spmv (scalar), transfer
/// (pageable, pinned, zero-copy: the last only on a device that shares the host's memory); timed copies of
/// the inputs and the result (job.transfers) from pageable or pinned memory. Modes: launch (one enqueue an
/// operation), fused (add and saxpy: every iteration in one kernel) and unsynced (launch, timed on the host
/// before clFinish, the synchronised time kept beside it), and graph (the kernels recorded once into
/// cl_khr_command_buffer command buffers where the device has the extension; Unsupported elsewhere,
/// and for CLBlast and timed copies). runOnce times with the
/// queue's profiling events, from the first command's start to the last one's end, checked against
/// the host's wall clock. Throws OpenClError, Unsupported (out of resources among them) or
/// std::invalid_argument.
std::unique_ptr<Run> createRun(const Job &job);

/// The buffers a run of `job` makes on its device (what createRun allocates): `device`, the bytes
/// of those the device's own memory holds (CL_DEVICE_GLOBAL_MEM_SIZE bounds their sum), and
/// `largest`, the biggest single buffer, pinned and shared ones included
/// (CL_DEVICE_MAX_MEM_ALLOC_SIZE bounds each). CLBlast's own temporaries are not counted. Plain
/// arithmetic: no device is asked, and a job createRun would refuse counts 0.
struct DeviceBytes {
    double device = 0;
    double largest = 0;
};
DeviceBytes deviceBytesNeeded(const Job &job);

/// An OpenCL device's ceilings, measured (backend/deviceceilings.h).
using Ceilings = DeviceCeilings;

/// Measures the ceilings of opencl:device (a second or two), checking stop between its parts.
/// Throws OpenClError, Unsupported or Cancelled.
Ceilings calibrate(int device, const std::atomic<bool> &stop);

/// Seconds the device's programs took to build in this process (0 before the first run): reported
/// on their own, never inside a timed repetition.
double buildSeconds(int device);
/// Seconds CLBlast's first call on the device took (it compiles and tunes its kernels), untimed and
/// reported on its own; 0 before a clblast run.
double clblastSeconds(int device);

} // namespace speeduplab::opencl
