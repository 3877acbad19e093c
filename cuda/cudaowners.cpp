// SPDX-License-Identifier: MIT
#include "cuda/cudaowners.h"

#include "cuda/cublaslibrary.h"
#include "cuda/gpubackend.h"

#include <sstream>

namespace speeduplab::gpu {

void CublasDestroy::operator()(cublasHandle_t h) const noexcept
{
    SL_CUDA_CHECK_NOTHROW(CublasLibrary::instance().destroy(h));
}

DeviceScope::DeviceScope(int device) : m_device(device)
{
    // Not checked: when the runtime cannot say, cudaSetDevice below reports the same failure
    // with the call that matters, and there is simply nothing to restore.
    if (cudaGetDevice(&m_previous) != cudaSuccess) {
        (void)cudaGetLastError();
        m_previous = -1;
    }
    SL_CUDA_CHECK(cudaSetDevice(device));
}

DeviceScope::~DeviceScope()
{
    // Only on a change: with one GPU (or a thread that stays on one) this costs no CUDA call.
    // Restoring creates no new context: the probe (availability()) has made one on every device.
    if (m_previous >= 0 && m_previous != m_device)
        SL_CUDA_CHECK_NOTHROW(cudaSetDevice(m_previous));
}

void throwOutOfMemory(const char *what, std::size_t bytes, cudaError_t error)
{
    (void)cudaGetLastError(); // out-of-memory is not sticky: clear it so later calls start clean
    std::ostringstream out;
    out << "Not enough " << what << " memory: allocating " << (bytes + kMiB - 1) / kMiB << " MiB failed ("
        << cudaGetErrorName(error) << "). Choose a smaller n or close other programs that use the GPU.";
    throw CudaError(out.str(), cudaGetErrorName(error), false);
}

StreamPtr makeStream()
{
    // Non-blocking: the legacy default stream, which other code in the process may use, must not
    // serialise with the benchmark.
    cudaStream_t stream = nullptr;
    SL_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    return StreamPtr(stream);
}

EventPtr makeEvent()
{
    cudaEvent_t event = nullptr;
    SL_CUDA_CHECK(cudaEventCreate(&event));
    return EventPtr(event);
}

CublasPtr makeCublas(cudaStream_t stream, void *workspace, std::size_t workspaceBytes, cublasMath_t math)
{
    cublasHandle_t handle = nullptr;
    SL_CUDA_CHECK(CublasLibrary::instance().create(&handle));
    CublasPtr owner(handle);
    SL_CUDA_CHECK(CublasLibrary::instance().setStream(handle, stream));
    // After cublasSetStream, which resets the workspace to cuBLAS's own pool.
    SL_CUDA_CHECK(CublasLibrary::instance().setWorkspace(handle, workspace, workspaceBytes));
    SL_CUDA_CHECK(CublasLibrary::instance().setMathMode(handle, math));
    return owner;
}

int smCountOf(int device)
{
    int sms = 0;
    SL_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    return sms;
}

double elapsedSeconds(cudaEvent_t start, cudaEvent_t stop)
{
    SL_CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    SL_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    return double(ms) * 1e-3;
}

} // namespace speeduplab::gpu
