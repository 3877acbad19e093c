// SPDX-License-Identifier: MIT
// CpuKernels: the workloads' CPU implementations (OpenMP, OpenBLAS for gemm) behind Run (no Qt).
#pragma once

#include "backend/run.h"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace speeduplab {

/// The CPU implementations of the workloads (OpenMP, exactly the thread count asked for).
class CpuKernels {
public:
    /// One prepared point (cuda/gpubackend.h): working buffers allocated (first touched by the threads
    /// that use them) and the thread team warmed up. runOnce times with steady_clock and checks
    /// stop between iterations.
    using Run = speeduplab::Run;

    /// Empty when workload/variant can run on this build, else why not.
    static std::string available(const std::string &workload, const std::string &variant);
    /// Throws std::invalid_argument for an unknown workload or variant, std::bad_alloc when
    /// memory runs out. inputs: as Job::inputs, alive for the Run's lifetime.
    static std::unique_ptr<Run> create(const std::string &workload, const std::string &variant, int n,
                                       int iterations, int threads, float alpha,
                                       const std::vector<const float *> &inputs);
    /// Starts the OpenMP team (and OpenBLAS's) of this size once, so that thread creation
    /// is not charged to the first timed point.
    static void warmUpThreads(int threads);
    /// OpenBLAS's thread count (a no-op without BLAS; loads it on first call).
    static void setBlasThreads(int threads);
    /// The instruction-set level of the kernel clones that run on this CPU, e.g.
    /// "x86-64-v3 (AVX2, FMA)".
    static std::string instructionSet();
    /// Whether OpenBLAS could be loaded (a run-time fact: see BlasLibrary).
    static bool haveBlas();
};

} // namespace speeduplab
