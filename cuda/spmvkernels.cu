// SPDX-License-Identifier: MIT
// The scalar CSR spmv kernel (device code) and its launcher, declared in spmvkernels.cuh.
#include "cuda/spmvkernels.cuh"

namespace speeduplab::gpu {

namespace {

// One thread per row: neighbouring threads read neighbouring rows' entries (strided by the
// row length, so the loads of a warp are not coalesced) and gather x at scattered columns.
// source-view: gpu-spmv-csr
__global__ void spmvCsrKernel(const std::int32_t *__restrict__ rowPtr,
                              const std::int32_t *__restrict__ colIdx, const float *__restrict__ values,
                              const float *__restrict__ x, float *__restrict__ y, std::int64_t rows)
{
    const std::int64_t r = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (r >= rows)
        return;
    float s = 0;
    for (std::int32_t i = rowPtr[r]; i < rowPtr[r + 1]; ++i)
        s += values[i] * __ldg(&x[colIdx[i]]);
    y[r] = s;
}
// source-view: end

} // namespace

void launchSpmvCsr(const std::int32_t *rowPtr, const std::int32_t *colIdx, const float *values,
                   const float *x, float *y, std::int64_t rows, cudaStream_t stream)
{
    constexpr int threads = 256;
    const std::int64_t blocks = (rows + threads - 1) / threads;
    spmvCsrKernel<<<unsigned(blocks), threads, 0, stream>>>(rowPtr, colIdx, values, x, y, rows);
}

} // namespace speeduplab::gpu
