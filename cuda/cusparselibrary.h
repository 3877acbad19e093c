// SPDX-License-Identifier: MIT
// CusparseLibrary: cuSPARSE opened with dlopen on first use, and its SpMV on a CSR matrix.
// Host-only: included by the .cpp glue, never by device code.
#pragma once

#include "cuda/cudaowners.h"

#include <cusparse.h>

#include <cstddef>
#include <cstdint>

namespace speeduplab::gpu {

/// cuSPARSE, opened with dlopen on first use rather than linked, as cuBLAS is (CublasLibrary):
/// only a sweep of spmv pays for loading it. The generic SpMV API on a CSR matrix.
class CusparseLibrary {
public:
    decltype(&cusparseCreate) create = nullptr;
    decltype(&cusparseDestroy) destroy = nullptr;
    decltype(&cusparseSetStream) setStream = nullptr;
    decltype(&cusparseCreateCsr) createCsr = nullptr;
    decltype(&cusparseDestroySpMat) destroySpMat = nullptr;
    decltype(&cusparseCreateDnVec) createDnVec = nullptr;
    decltype(&cusparseDestroyDnVec) destroyDnVec = nullptr;
    decltype(&cusparseSpMV_bufferSize) spmvBufferSize = nullptr;
    decltype(&cusparseSpMV) spmv = nullptr;
    decltype(&cusparseGetErrorName) errorName = nullptr;
    decltype(&cusparseGetErrorString) errorString = nullptr;

    /// The loaded library. Throws CudaError (not sticky) with the loader's reason when
    /// libcusparse cannot be opened.
    static const CusparseLibrary &instance();
};

/// y = A x with cuSPARSE's generic SpMV on a CSR matrix already on the device: the handle, the
/// descriptors and the work buffer made once (outside the timed region), enqueue() the product
/// on the stream. Freed by the destructor, which never throws.
class CusparseSpmv {
public:
    /// Throws CudaError.
    CusparseSpmv(std::int64_t rows, std::int64_t nonzeros, std::int32_t *rowPtr, std::int32_t *colIdx,
                 float *values, float *x, float *y, cudaStream_t stream);
    ~CusparseSpmv();
    CusparseSpmv(const CusparseSpmv &) = delete;
    CusparseSpmv &operator=(const CusparseSpmv &) = delete;
    /// Enqueues y = A x (capturable in a CUDA graph). Throws CudaError.
    void enqueue();

private:
    void release() noexcept;

    const CusparseLibrary &m_lib;
    cudaStream_t m_stream;
    cusparseHandle_t m_handle = nullptr;
    cusparseSpMatDescr_t m_a = nullptr;
    cusparseDnVecDescr_t m_x = nullptr, m_y = nullptr;
    DevicePtr<unsigned char> m_buffer; ///< SpMV's work space, allocated once
    std::size_t m_bufferBytes = 0;
};

/// Throws CudaError naming the call when status is not CUSPARSE_STATUS_SUCCESS. After an
/// execution failure, a context that died with it (contextErrorBehind, asked of `stream`)
/// disables the backend as any sticky CUDA error does.
void checkCusparse(cusparseStatus_t status, const char *call, cudaStream_t stream);

} // namespace speeduplab::gpu
