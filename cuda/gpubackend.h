// SPDX-License-Identifier: MIT
// Plain C++ interface between the engine (core/) and the CUDA backend (cuda/).
// No CUDA or Qt type appears here, so core/ compiles without nvcc. When the project is
// built without CUDA, cuda/gpustub.cpp implements these functions and reports why.
// The contracts every backend shares (Run, Cancelled, Job) are in backend/, below both.
#pragma once

#include "backend/gpuunusable.h"
#include "backend/job.h"
#include "backend/run.h"

#include <atomic>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace speeduplab::gpu {

/// One GPU as the CUDA runtime describes it.
struct DeviceInfo {
    int index = 0;
    std::string name;
    int ccMajor = 0;
    int ccMinor = 0;
    int smCount = 0;
    double totalMemoryBytes = 0; ///< free memory needs a context: memoryInfo() at run time
    double smClockMHz = 0;
    double memoryClockMHz = 0;
    int memoryBusWidthBits = 0;
    double theoreticalBandwidthGBs = 0; ///< 2 * memory clock * bus width (DDR)
    double l2CacheBytes = 0;            ///< cudaDeviceProp::l2CacheSize
    std::string pciBusId;               ///< "0000:19:00.0": NVML finds the same device by it
};

/// What the CUDA runtime said about this process's GPUs.
struct Availability {
    bool builtWithCuda = false;
    bool usable = false;    ///< at least one device and no error
    std::string reason;     ///< why not usable, as a sentence; empty when usable
    GpuUnusable why;        ///< the same as typed data, which a view words in its language
    int driverVersion = 0;  ///< cudaDriverGetVersion, 0 if unknown
    int runtimeVersion = 0; ///< cudaRuntimeGetVersion
    std::vector<DeviceInfo> devices;
};

/// Probes the runtime once per process (later calls return the cached answer, updated with
/// the sticky-error state). Never throws.
Availability availability();

/// A CUDA error turned into an exception: the call, file, line and the error's name.
class CudaError : public std::runtime_error {
public:
    CudaError(const std::string &what, std::string errorName, bool sticky)
        : std::runtime_error(what), m_errorName(std::move(errorName)), m_sticky(sticky)
    {
    }
    const std::string &errorName() const { return m_errorName; }
    /// True for errors that corrupt the context (illegal address, launch failure...):
    /// after one, the backend disables itself for the rest of the process.
    bool sticky() const { return m_sticky; }

private:
    std::string m_errorName;
    bool m_sticky;
};

/// A point this GPU or one of its libraries cannot run as asked, although nothing failed: a
/// library call that cannot be captured into a CUDA graph. The runner keeps the point as
/// skipped, with what() as the reason, and the sweep goes on.
class Unsupported : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// One prepared point on the GPU (speeduplab::Run, above): buffers allocated and filled, kernels chosen,
/// a CUDA graph captured if asked. runOnce times with CUDA events on the run's own stream and
/// checks stop between launches. Every call makes the job's device current first (pool threads
/// are reused).
using Run = speeduplab::Run;

/// Bytes of device memory the job needs (for the pre-check against free memory), the cold
/// cache's flush buffer included.
std::size_t deviceBytesNeeded(const Job &job);
/// The flush buffer of a cold-cache job on `device`: twice its L2 cache (256 MiB when the L2
/// size is unknown).
std::size_t l2FlushBytes(int device);

/// Free and total memory of a device, in bytes. Throws CudaError.
void memoryInfo(int device, std::size_t &freeBytes, std::size_t &totalBytes);

/// Allocates and prepares a run on job.device, made current for the call (pool threads are
/// reused). Throws CudaError, std::invalid_argument for an unknown workload/variant/mode, or
/// Unsupported.
std::unique_ptr<Run> createRun(const Job &job);

/// The GPU's ceilings, measured (issue: calibration). Bandwidths in bytes/s, latency in s.
struct Ceilings {
    double deviceCopyBytesPerS = 0; ///< device-to-device copy, counting read + write
    /// A copy whose buffers stay in the L2 cache, counting read + write like deviceCopyBytesPerS
    double l2BytesPerS = 0;
    double fmaFlopsPerS = 0; ///< fp32 FMA peak, 2 FLOPs per FMA
    double h2dPageableBytesPerS = 0;
    double h2dPinnedBytesPerS = 0;
    double d2hPageableBytesPerS = 0;
    double d2hPinnedBytesPerS = 0;
    double launchLatencyS = 0;  ///< back-to-back empty-kernel launches, per launch
    double syncRoundTripS = 0;  ///< launch + cudaStreamSynchronize of an empty kernel
    double cublasFlopsPerS = 0; ///< SGEMM at n = 4096 (or less if memory is short)
    double cublasTf32FlopsPerS = 0;
    double cublasFp16FlopsPerS = 0; ///< cublasGemmEx, fp16 in and out, fp32 accumulation (tensor cores)
    double cublasBf16FlopsPerS = 0; ///< the same in bf16
    /// Why the cuBLAS ceilings (those still 0) were not measured: cuBLAS did not load, or one of
    /// its calls failed. Empty when they were (bf16 before Ampere is 0 with no reason: no such
    /// tensor cores). Every other ceiling is measured whatever cuBLAS does.
    std::string cublasMissing;
};

/// Measures the ceilings of one device (a second or two). Throws CudaError or Cancelled; a
/// cuBLAS failure only leaves the cuBLAS ceilings out (Ceilings::cublasMissing).
Ceilings calibrate(int device, const std::atomic<bool> &stop);

/// After a sticky error: the reason it is disabled, empty while the backend is usable.
std::string disabledReason();

} // namespace speeduplab::gpu
