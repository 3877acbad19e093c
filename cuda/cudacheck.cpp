// SPDX-License-Identifier: MIT
// CUDA and cuBLAS return codes turned into exceptions, the sticky-error switch and the context check
// after a library's execution failure.
#include "cuda/cudacheck.h"

#include "cuda/cublaslibrary.h"

#include <cstdio>
#include <mutex>
#include <sstream>

namespace speeduplab::gpu {

namespace {

// The disabled state is process-wide because a sticky error poisons the CUDA context of the
// whole process, whichever thread hit it.
std::mutex &disabledMutex()
{
    static std::mutex mutex;
    return mutex;
}

struct DisabledState {
    std::string reason;
    std::string errorName;
};

DisabledState &disabledState()
{
    static DisabledState state;
    return state;
}

const char *baseName(const char *path)
{
    // Absolute build paths make messages long and differ between machines.
    const char *base = path;
    for (const char *p = path; *p; ++p)
        if (*p == '/' || *p == '\\')
            base = p + 1;
    return base;
}

std::string location(const char *call, const char *file, int line)
{
    std::ostringstream out;
    out << call << " at " << baseName(file) << ':' << line;
    return out.str();
}

void disable(const std::string &errorName, const std::string &where)
{
    std::lock_guard lock(disabledMutex());
    DisabledState &state = disabledState();
    if (!state.reason.empty())
        return; // keep the first cause: later failures are its echoes
    state.errorName = errorName;
    state.reason = "The GPU hit an unrecoverable error (" + errorName + " in " + where +
                   "), so CUDA cannot be used again in this process: restart SpeedupLab to use the GPU.";
}

bool isDisabled()
{
    std::lock_guard lock(disabledMutex());
    return !disabledState().reason.empty();
}

} // namespace

cudaError_t contextErrorBehind(cudaStream_t stream) noexcept
{
    cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    cudaError_t error = cudaStreamIsCapturing(stream, &capture);
    if (error == cudaSuccess && capture != cudaStreamCaptureStatusNone)
        return cudaSuccess;
    if (error == cudaSuccess)
        error = cudaStreamQuery(stream); // cudaErrorNotReady: work still queued, the context alive
    if (isStickyError(error))
        return error;
    if (error != cudaSuccess && error != cudaErrorNotReady)
        (void)cudaGetLastError(); // not the context's: leave no trace for the next check
    return cudaSuccess;
}

bool isStickyError(cudaError_t error)
{
    switch (error) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorECCUncorrectable:
    case cudaErrorNvlinkUncorrectable:
    case cudaErrorLaunchTimeout:
    case cudaErrorAssert:
    case cudaErrorContextIsDestroyed:
    case cudaErrorTensorMemoryLeak:
    case cudaErrorExternalDevice:
    case cudaErrorUnknown:
        return true;
    default:
        return false;
    }
}

void throwOnError(cudaError_t error, const char *call, const char *file, int line)
{
    if (error == cudaSuccess)
        return;
    const std::string name = cudaGetErrorName(error);
    const std::string where = location(call, file, line);
    const bool sticky = isStickyError(error);
    if (sticky)
        disable(name, where);
    else
        (void)cudaGetLastError();
    std::string what = "CUDA call " + where + " failed: " + name + " (" + cudaGetErrorString(error) + ").";
    if (sticky)
        what += " The GPU backend is now disabled; restart SpeedupLab to use the GPU again.";
    throw CudaError(what, name, sticky);
}

void throwOnError(cublasStatus_t status, const char *call, const char *file, int line)
{
    throwOnError(status, cudaStreamLegacy, call, file, line);
}

void throwOnError(cublasStatus_t status, cudaStream_t stream, const char *call, const char *file, int line)
{
    if (status == CUBLAS_STATUS_SUCCESS)
        return;
    const std::string where = location(call, file, line);
    // A kernel fault inside cuBLAS comes back as EXECUTION_FAILED (or INTERNAL_ERROR).
    const cudaError_t behind =
        status == CUBLAS_STATUS_EXECUTION_FAILED || status == CUBLAS_STATUS_INTERNAL_ERROR
            ? contextErrorBehind(stream)
            : cudaSuccess;
    if (behind != cudaSuccess) {
        const std::string name = cudaGetErrorName(behind);
        disable(name, where);
        throw CudaError("cuBLAS call " + where + " failed: " + name + " (" + cudaGetErrorString(behind) +
                            "). The GPU backend is now disabled; restart SpeedupLab to use the GPU again.",
                        name, true);
    }
    const CublasLibrary *lib = CublasLibrary::loaded(); // a cuBLAS status implies it was loaded
    const std::string name = lib ? lib->statusName(status) : "cuBLAS status " + std::to_string(int(status));
    const std::string text = lib ? lib->statusString(status) : "unknown";
    throw CudaError("cuBLAS call " + where + " failed: " + name + " (" + text + ").", name, false);
}

bool logOnError(cudaError_t error, const char *call, const char *file, int line) noexcept
{
    if (error == cudaSuccess)
        return true;
    try {
        // Once disabled, every cleanup call fails with the same sticky error: say it once.
        const bool alreadyDisabled = isDisabled();
        if (isStickyError(error))
            disable(cudaGetErrorName(error), location(call, file, line));
        else
            (void)cudaGetLastError();
        if (!alreadyDisabled)
            std::fprintf(stderr, "speeduplab: CUDA call %s at %s:%d failed during cleanup: %s (%s)\n", call,
                         baseName(file), line, cudaGetErrorName(error), cudaGetErrorString(error));
    } catch (...) {
        // Cleanup must not throw, even if a string allocation does.
    }
    return false;
}

bool logOnError(cublasStatus_t status, const char *call, const char *file, int line) noexcept
{
    if (status == CUBLAS_STATUS_SUCCESS)
        return true;
    try {
        const CublasLibrary *lib = CublasLibrary::loaded();
        if (!isDisabled())
            std::fprintf(stderr, "speeduplab: cuBLAS call %s at %s:%d failed during cleanup: %s\n", call,
                         baseName(file), line, lib ? lib->statusName(status) : "unknown cuBLAS status");
    } catch (...) {
    }
    return false;
}

void throwIfDisabled()
{
    std::lock_guard lock(disabledMutex());
    const DisabledState &state = disabledState();
    if (!state.reason.empty())
        throw CudaError("The GPU backend is disabled. " + state.reason, state.errorName, true);
}

std::string disabledReason()
{
    std::lock_guard lock(disabledMutex());
    return disabledState().reason;
}

} // namespace speeduplab::gpu
