// SPDX-License-Identifier: MIT
// The owners' out-of-line parts: DeviceScope, the stream, event and cuBLAS makers, and the
// out-of-memory sentence (host-only).
#include "cuda/cudaowners.h"

#include "cuda/cublaslibrary.h"
#include "cuda/gpubackend.h"

#include <sstream>

namespace speeduplab::gpu {

void CublasDestroy::operator()(cublasHandle_t h) const noexcept
{
    SL_CUDA_CHECK_NOTHROW(CublasLibrary::instance().destroy(h));
}

namespace {
// The device a DeviceScope last made current on this thread; -1 before the first. Not
// cudaGetDevice: on a fresh thread it answers 0, and making device 0 current again would create
// its context (cudaSetDevice initialises the primary context), a few hundred MB on a GPU that
// `--device 1` never uses.
thread_local int t_selected = -1;
} // namespace

DeviceScope::DeviceScope(int device) : m_device(device), m_previous(t_selected)
{
    SL_CUDA_CHECK(cudaSetDevice(device));
    t_selected = device;
}

DeviceScope::~DeviceScope()
{
    // Only on a change: with one GPU (or a thread that stays on one) this costs no CUDA call.
    if (m_previous >= 0 && m_previous != m_device) {
        SL_CUDA_CHECK_NOTHROW(cudaSetDevice(m_previous));
        t_selected = m_previous;
    }
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
