// SPDX-License-Identifier: MIT
// The one place where CUDA and cuBLAS return codes become exceptions carrying the call, file and line
// (destructors use the variant that never throws), and where a sticky error switches the whole backend off.
// Host-only: included by the .cpp glue, never by device code.
#pragma once

#include "cuda/gpubackend.h"

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <string>

namespace speeduplab::gpu {

/// True for errors after which the CUDA context of this process is unusable: every later call
/// returns the same error, so the only honest reaction is to stop using the GPU.
bool isStickyError(cudaError_t error);

/// Throws CudaError carrying the call text, file, line and the error's name. A sticky error
/// first disables the backend for the rest of the process. Clears a non-sticky error from the
/// runtime's last-error slot so a later cudaGetLastError() does not report it twice.
void throwOnError(cudaError_t error, const char *call, const char *file, int line);
/// A cuBLAS status. After an execution failure, whether the context died with it is asked of
/// `stream` (contextErrorBehind); without a stream, of the legacy default stream (setup calls,
/// never inside a capture).
void throwOnError(cublasStatus_t status, const char *call, const char *file, int line);
void throwOnError(cublasStatus_t status, cudaStream_t stream, const char *call, const char *file, int line);

/// After a library (cuBLAS, cuSPARSE) reported an execution failure: the sticky error of the
/// context behind it, or cudaSuccess. The libraries link a static CUDA runtime of their own, whose
/// last-error slot ours never sees (cudaPeekAtLastError answers cudaSuccess), so the context is
/// asked directly, with cudaStreamQuery on `stream`. While `stream` is being captured nothing has
/// run (and a query would invalidate the capture), so the answer is cudaSuccess.
cudaError_t contextErrorBehind(cudaStream_t stream) noexcept;

/// For destructors and cleanup paths: logs the failure to stderr and never throws.
/// Returns true when the call succeeded.
bool logOnError(cudaError_t error, const char *call, const char *file, int line) noexcept;
bool logOnError(cublasStatus_t status, const char *call, const char *file, int line) noexcept;

/// Throws CudaError when a sticky error has disabled the backend; called at every entry point
/// that would start new GPU work.
void throwIfDisabled();

} // namespace speeduplab::gpu

/// Routes a CUDA runtime or cuBLAS call through the checker; throws CudaError on failure.
#define SL_CUDA_CHECK(call) ::speeduplab::gpu::throwOnError((call), #call, __FILE__, __LINE__)
/// A cuBLAS call that enqueues work on `stream` (possibly inside a graph capture).
#define SL_CUBLAS_CHECK(call, stream)                                                                        \
    ::speeduplab::gpu::throwOnError((call), (stream), #call, __FILE__, __LINE__)
/// The non-throwing variant for destructors: logs to stderr, evaluates to true on success.
#define SL_CUDA_CHECK_NOTHROW(call) ::speeduplab::gpu::logOnError((call), #call, __FILE__, __LINE__)
