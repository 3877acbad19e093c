// SPDX-License-Identifier: MIT
// cuSPARSE opened at run time, its SpMV on a CSR matrix (handle, descriptors, buffer) and its checks.
#include "cuda/cusparselibrary.h"

#include "cuda/cudacheck.h"
#include "cuda/gpubackend.h"
#include "cuda/toolkitlibrary.h"

#include <string>

namespace speeduplab::gpu {

namespace {

bool load(CusparseLibrary &l, std::string &error)
{
    const std::string name = "libcusparse.so." + std::to_string(CUSPARSE_VER_MAJOR);
    const DynamicLibrary h = openToolkitLibrary(name, "cuSPARSE", error);
    if (!h.loaded())
        return false;
    bool ok = true;
    auto sym = [&](auto &fn, const char *symbol) {
        ok = resolveSymbol(h, fn, symbol, "cuSPARSE", name, error) && ok;
    };
    sym(l.create, "cusparseCreate");
    sym(l.destroy, "cusparseDestroy");
    sym(l.setStream, "cusparseSetStream");
    sym(l.createCsr, "cusparseCreateCsr");
    sym(l.destroySpMat, "cusparseDestroySpMat");
    sym(l.createDnVec, "cusparseCreateDnVec");
    sym(l.destroyDnVec, "cusparseDestroyDnVec");
    sym(l.spmvBufferSize, "cusparseSpMV_bufferSize");
    sym(l.spmv, "cusparseSpMV");
    sym(l.errorName, "cusparseGetErrorName");
    sym(l.errorString, "cusparseGetErrorString");
    return ok;
}

LoadOnce<CusparseLibrary> g_library(load);

} // namespace

const CusparseLibrary &CusparseLibrary::instance()
{
    if (const CusparseLibrary *l = g_library.get())
        return *l;
    throw CudaError(g_library.error(), "cusparse not loaded", false);
}

CusparseSpmv::CusparseSpmv(std::int64_t rows, std::int64_t nonzeros, std::int32_t *rowPtr,
                           std::int32_t *colIdx, float *values, float *x, float *y, cudaStream_t stream)
    : m_lib(CusparseLibrary::instance()), m_stream(stream)
{
    try {
        // source-view: gpu-spmv-cusparse-setup
        checkCusparse(m_lib.create(&m_handle), "cusparseCreate", m_stream);
        checkCusparse(m_lib.setStream(m_handle, stream), "cusparseSetStream", m_stream);
        checkCusparse(m_lib.createCsr(&m_a, rows, rows, nonzeros, rowPtr, colIdx, values, CUSPARSE_INDEX_32I,
                                      CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F),
                      "cusparseCreateCsr", m_stream);
        checkCusparse(m_lib.createDnVec(&m_x, rows, x, CUDA_R_32F), "cusparseCreateDnVec", m_stream);
        checkCusparse(m_lib.createDnVec(&m_y, rows, y, CUDA_R_32F), "cusparseCreateDnVec", m_stream);
        const float alpha = 1, beta = 0;
        checkCusparse(m_lib.spmvBufferSize(m_handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, m_a, m_x,
                                           &beta, m_y, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &m_bufferBytes),
                      "cusparseSpMV_bufferSize", m_stream);
        if (m_bufferBytes > 0)
            m_buffer = deviceAlloc<unsigned char>(m_bufferBytes); // out of memory: says so

        // source-view: end
    } catch (...) {
        release();
        throw;
    }
}

CusparseSpmv::~CusparseSpmv()
{
    release();
}

void CusparseSpmv::release() noexcept
{
    m_buffer.reset();
    if (m_y)
        m_lib.destroyDnVec(m_y);
    if (m_x)
        m_lib.destroyDnVec(m_x);
    if (m_a)
        m_lib.destroySpMat(m_a);
    if (m_handle)
        m_lib.destroy(m_handle);
    m_y = m_x = nullptr;
    m_a = nullptr;
    m_handle = nullptr;
}

// source-view: gpu-spmv-cusparse
void CusparseSpmv::enqueue()
{
    const float alpha = 1, beta = 0;
    checkCusparse(m_lib.spmv(m_handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, m_a, m_x, &beta, m_y,
                             CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, m_buffer.get()),
                  "cusparseSpMV", m_stream);
}
// source-view: end

void checkCusparse(cusparseStatus_t status, const char *call, cudaStream_t stream)
{
    if (status == CUSPARSE_STATUS_SUCCESS)
        return;
    // A kernel fault inside cuSPARSE: when the context died with it, the backend is disabled
    // as for any CUDA call.
    if (status == CUSPARSE_STATUS_EXECUTION_FAILED || status == CUSPARSE_STATUS_INTERNAL_ERROR)
        if (const cudaError_t behind = contextErrorBehind(stream); behind != cudaSuccess)
            throwOnError(behind, call, __FILE__, __LINE__);
    const CusparseLibrary &l = CusparseLibrary::instance();
    const std::string name = l.errorName ? l.errorName(status) : std::to_string(int(status));
    throw CudaError(std::string(call) + " failed: " + name + " (" +
                        (l.errorString ? l.errorString(status) : "") + ")",
                    name, false);
}

} // namespace speeduplab::gpu
