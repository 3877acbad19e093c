// SPDX-License-Identifier: MIT
// Plain C++ interface between the engine (core/) and the CUDA backend (cuda/).
// No CUDA or Qt type appears here, so core/ compiles without nvcc. When the project is
// built without CUDA, core/gpustub.cpp implements these functions and reports why.
// It also holds Run and Cancelled, the interface of one measurement point that the CPU kernels
// (core/cpukernels.h) share, so that the repeat loop (core/sweeprunner.cpp) drives both alike.
// They live here, at the bottom of the layers, because cuda/ may not include core/.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace speeduplab {

/// Thrown when a stop was requested: by Run::runOnce between iterations or launches, and by the
/// calibrations between their timed runs. The runner turns it into a cancelled point.
class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("cancelled") {}
};

/// One prepared point: buffers allocated and filled, kernels (or the thread team) warmed up, so
/// that runOnce times the operations and nothing else. Destroying it frees everything and never
/// throws.
class Run {
public:
    virtual ~Run() = default;
    /// Restores the inputs to their pristine state. Untimed; called before every repetition.
    virtual void reset() = 0;
    /// One repetition (the job's iterations), timed with steady_clock on the CPU and with events
    /// on the run's own stream on the GPU. Checks stop between iterations (between launches on
    /// the GPU) and throws Cancelled; a cancelled run stays usable. Returns seconds.
    virtual double runOnce(const std::atomic<bool> &stop) = 0;
    /// GPU mode "unsynced" only, where runOnce returns the host-clock time to queue the launches
    /// (the device not yet synchronised): the same launches of the last runOnce on the same
    /// clock, until the device had finished them. 0 for every other run.
    virtual double synchronisedSeconds() const { return 0; }
    /// The result, on the host: add: b; saxpy: y; reduce: 1 float; gemm: C; transfer: the copy
    /// that came back; scan: the running sums; spmv: y.
    virtual std::vector<float> output() = 0;
};

} // namespace speeduplab

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

/// What to run. Workload and variant names are those of core/workload.h:
/// add, saxpy, reduce, gemm (naive, tiled, cublas, cublas-tf32, cublas-fp16, cublas-bf16),
/// transfer (pageable, pinned),
/// scan (cub, rows), spmv (cusparse, scalar).
struct Job {
    std::string workload;
    std::string variant;     ///< "" for workloads without variants
    std::string mode;        ///< launch, graph, fused or unsynced (launch, timed as the answer did)
    int n = 0;               ///< edge of the n x n fp32 tensor
    int iterations = 1;      ///< operations per repetition
    bool transfers = false;  ///< put H2D of the inputs and D2H of the output in the timed region
    bool pinnedHost = false; ///< host memory for transfers (and the transfer workload)
    int device = 0;
    float alpha = 2.0f; ///< saxpy's a
    /// Cold cache: reset() overwrites a buffer of twice the L2 size (l2FlushBytes) after
    /// restoring the inputs, so that every repetition reads its tensors from HBM. Untimed.
    bool coldCache = false;
    /// Host inputs, n*n floats each, owned by the caller and alive for the Run's lifetime:
    /// add: {b}; saxpy: {x, y}; reduce: {x}; gemm: {A, B}; transfer: {x}; scan: {x}; spmv: {x} (the
    /// matrix is built from the job's n by cuda/sparsematrix.h and uploaded before the timing).
    std::vector<const float *> inputs;
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
