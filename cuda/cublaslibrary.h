// SPDX-License-Identifier: MIT
// CublasLibrary: cuBLAS opened with dlopen on first use, rather than linked.
// Host-only: included by the .cpp glue, never by device code.
#pragma once

#include <cublas_v2.h>

namespace speeduplab::gpu {

/// cuBLAS, opened with dlopen on first use rather than linked. Loading libcublas and
/// libcublasLt at start-up costs about 170 MB of resident memory (their relocations touch
/// that much), which every process would pay even when it never multiplies a matrix.
class CublasLibrary {
public:
    decltype(&cublasCreate) create = nullptr;
    decltype(&cublasDestroy) destroy = nullptr;
    decltype(&cublasSetStream) setStream = nullptr;
    decltype(&cublasSetWorkspace) setWorkspace = nullptr;
    decltype(&cublasSetMathMode) setMathMode = nullptr;
    decltype(&cublasSgemm) sgemm = nullptr;
    /// cublasGemmEx with a cublasComputeType_t (C++ also sees a legacy overload taking a
    /// cudaDataType, so decltype cannot name it).
    using GemmEx = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                      const void *, const void *, cudaDataType, int, const void *,
                                      cudaDataType, int, const void *, void *, cudaDataType, int,
                                      cublasComputeType_t, cublasGemmAlgo_t);
    GemmEx gemmEx = nullptr;
    decltype(&cublasGetStatusName) statusName = nullptr;
    decltype(&cublasGetStatusString) statusString = nullptr;

    /// The loaded library. Throws CudaError (not sticky) with the loader's reason when
    /// libcublas cannot be opened.
    static const CublasLibrary &instance();
    /// The loaded library, or nullptr when it has not been (or cannot be) loaded. Never throws.
    static const CublasLibrary *loaded();
};

} // namespace speeduplab::gpu
