// SPDX-License-Identifier: MIT
// Owners of CUDA handles, of the allocations the backend makes and of the current device
// (nvbench's detail/ idiom), shared by the probe (gpuprobe.cpp), the prepared runs (gpurun.cpp)
// and the calibration (gpucalibration.cpp). Host-only and internal to cuda/: core/ never sees
// this header.
#pragma once

#include "cuda/cudacheck.h"

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <type_traits>

namespace speeduplab::gpu {

// Constructors of a run can throw halfway through, so every resource is owned by a smart
// pointer from the moment it exists; the deleters use the non-throwing check.

struct DeviceFree {
    void operator()(void *p) const noexcept { SL_CUDA_CHECK_NOTHROW(cudaFree(p)); }
};
struct PinnedFree {
    void operator()(void *p) const noexcept { SL_CUDA_CHECK_NOTHROW(cudaFreeHost(p)); }
};
struct StreamDestroy {
    void operator()(cudaStream_t s) const noexcept { SL_CUDA_CHECK_NOTHROW(cudaStreamDestroy(s)); }
};
struct EventDestroy {
    void operator()(cudaEvent_t e) const noexcept { SL_CUDA_CHECK_NOTHROW(cudaEventDestroy(e)); }
};
struct GraphDestroy {
    void operator()(cudaGraph_t g) const noexcept { SL_CUDA_CHECK_NOTHROW(cudaGraphDestroy(g)); }
};
struct GraphExecDestroy {
    void operator()(cudaGraphExec_t g) const noexcept { SL_CUDA_CHECK_NOTHROW(cudaGraphExecDestroy(g)); }
};
struct CublasDestroy {
    void operator()(cublasHandle_t h) const noexcept;
};

/// Makes a device current on this thread for one job and gives the thread back the device that
/// an enclosing scope had made current (nvbench's device_scope). Every entry point that touches
/// a device opens one: pool threads are reused and a fresh thread starts on device 0, so every job
/// sets its device first. A thread no scope had set is left on the new device: switching it "back"
/// to device 0 would create a context there.
class DeviceScope {
public:
    /// Throws CudaError when the device cannot be made current.
    explicit DeviceScope(int device);
    /// Restores the previous device when it differs; never throws (logs a failure).
    ~DeviceScope();
    DeviceScope(const DeviceScope &) = delete;
    DeviceScope &operator=(const DeviceScope &) = delete;

    /// The device this scope made current.
    int device() const { return m_device; }
    /// The device an enclosing (or earlier) scope made current on this thread, or -1: none did.
    int previous() const { return m_previous; }

private:
    int m_device;
    int m_previous = -1;
};

template <typename T> using DevicePtr = std::unique_ptr<T, DeviceFree>;
template <typename T> using PinnedPtr = std::unique_ptr<T, PinnedFree>;
using StreamPtr = std::unique_ptr<std::remove_pointer_t<cudaStream_t>, StreamDestroy>;
using EventPtr = std::unique_ptr<std::remove_pointer_t<cudaEvent_t>, EventDestroy>;
using GraphPtr = std::unique_ptr<std::remove_pointer_t<cudaGraph_t>, GraphDestroy>;
using GraphExecPtr = std::unique_ptr<std::remove_pointer_t<cudaGraphExec_t>, GraphExecDestroy>;
using CublasPtr = std::unique_ptr<std::remove_pointer_t<cublasHandle_t>, CublasDestroy>;

constexpr std::size_t kMiB = std::size_t(1) << 20;
constexpr std::size_t kGiB = std::size_t(1) << 30;
// cuBLAS asks for 32 MiB of workspace on Hopper (4 MiB before); a user workspace is what makes
// cuBLAS calls capturable into a graph.
constexpr std::size_t kCublasWorkspaceBytes = 32 * kMiB;
// The math mode of the fp16 and bf16 GEMMs (the cublas-fp16/bf16 variants and their ceiling):
// tensor cores, and every reduction in the fp32 compute type. By default cuBLAS may split K and
// add the partial sums in the output's half type, which at n = 1000 gave 8.6-9.7 units of
// roundoff in a simulation: beyond Reference::gemmTolerance's 8, for a result that is right.
constexpr cublasMath_t kHalfGemmMath =
    cublasMath_t(CUBLAS_DEFAULT_MATH | CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION);

/// Throws a CudaError that says which memory ran out and what to do; clears the (non-sticky) error.
[[noreturn]] void throwOutOfMemory(const char *what, std::size_t bytes, cudaError_t error);

/// count elements of device memory (at least one), owned.
template <typename T> DevicePtr<T> deviceAlloc(std::size_t count)
{
    const std::size_t bytes = std::max<std::size_t>(1, count) * sizeof(T);
    void *p = nullptr;
    const cudaError_t error = cudaMalloc(&p, bytes);
    if (error == cudaErrorMemoryAllocation)
        throwOutOfMemory("GPU", bytes, error);
    SL_CUDA_CHECK(error);
    return DevicePtr<T>(static_cast<T *>(p));
}

/// count elements of pinned host memory (at least one), owned.
template <typename T> PinnedPtr<T> pinnedAlloc(std::size_t count)
{
    const std::size_t bytes = std::max<std::size_t>(1, count) * sizeof(T);
    void *p = nullptr;
    const cudaError_t error = cudaMallocHost(&p, bytes);
    if (error == cudaErrorMemoryAllocation)
        throwOutOfMemory("pinned host", bytes, error);
    SL_CUDA_CHECK(error);
    return PinnedPtr<T>(static_cast<T *>(p));
}

/// A non-blocking stream: it never serialises with the legacy default stream.
StreamPtr makeStream();
EventPtr makeEvent();
/// A cuBLAS handle on `stream` with a user workspace (capturable into graphs) and math mode.
CublasPtr makeCublas(cudaStream_t stream, void *workspace, std::size_t workspaceBytes, cublasMath_t math);
int smCountOf(int device);
/// Waits for `stop` and returns the seconds between the two events.
double elapsedSeconds(cudaEvent_t start, cudaEvent_t stop);

} // namespace speeduplab::gpu
