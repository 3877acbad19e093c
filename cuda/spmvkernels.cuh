// SPDX-License-Identifier: MIT
// The spmv workload's hand-written kernel (spmvkernels.cu); cuSPARSE's is in cusparselibrary.cpp.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace speeduplab::gpu {

/// y = A x for a CSR matrix of `rows` rows: one thread per row (the "scalar CSR" kernel).
void launchSpmvCsr(const std::int32_t *rowPtr, const std::int32_t *colIdx, const float *values,
                   const float *x, float *y, std::int64_t rows, cudaStream_t stream);

} // namespace speeduplab::gpu
