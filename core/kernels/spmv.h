// SPDX-License-Identifier: MIT
// Spmv: the spmv workload on the CPU (the OpenMP CSR run) and its reference product (no Qt).
#pragma once

#include "backend/run.h"
#include "backend/sparsematrix.h"

#include <memory>
#include <vector>

namespace speeduplab {

/// The spmv workload on the CPU: y = A x with A the SparseMatrix of n (N = n*n rows, CSR) and x
/// the n x n tensor read as a vector of N floats.
class Spmv {
public:
    /// The OpenMP run (variant "csr"): rows split statically over `threads`, one parallel
    /// region per operation, as a library call would make. The matrix is built outside the
    /// timed region. inputs: {x}.
    static std::unique_ptr<Run> cpuRun(int n, int iterations, int threads, const float *x);
    /// y = A x on the calling thread, in double: the reference.
    static std::vector<double> multiply(const SparseMatrix &a, const float *x);
};

} // namespace speeduplab
