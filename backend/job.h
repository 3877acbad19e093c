// SPDX-License-Identifier: MIT
// Job: what a device backend is asked to run for one point (the workload, its variant, mode and
// size, the host inputs), the same for CUDA and OpenCL. Plain C++ in backend/, below core/ and the
// backends.
#pragma once

#include <string>
#include <vector>

namespace speeduplab {

/// Graph mode (CUDA graphs, OpenCL command buffers) records at most this many operations into
/// one graph and launches it repeatedly: instantiating a graph costs time per node, and stop is
/// checked between graph launches. One number for every backend, and for the Source view.
constexpr int kGraphChunk = 1000;

/// What to run on a device. Workload and variant names are those of core/model/workload.h:
/// add, saxpy, reduce, gemm (naive, tiled, cublas, cublas-tf32, cublas-fp16, cublas-bf16),
/// transfer (pageable, pinned),
/// scan (cub, rows), spmv (cusparse, scalar).
struct Job {
    std::string workload;
    std::string variant;     ///< "" for workloads without variants
    std::string mode;        ///< launch, graph, fused or unsynced (launch, timed as the answer did)
    int n = 0;               ///< edge of the n x n fp32 tensor
    int iterations = 1;      ///< operations per repetition
    bool transfers = false;  ///< put H2D of the inputs and D2H of the output in the timed region
    bool pinnedHost = false; ///< host memory for transfers (and the transfer workload)
    int device = 0;
    int threads = 0;    ///< the CPU kernels' team; 0 on a device
    float alpha = 2.0f; ///< saxpy's a
    /// Cold cache: reset() overwrites a buffer of twice the L2 size (l2FlushBytes) after
    /// restoring the inputs, so that every repetition reads its tensors from HBM. Untimed.
    bool coldCache = false;
    /// Host inputs, n*n floats each, owned by the caller and alive for the Run's lifetime:
    /// add: {b}; saxpy: {x, y}; reduce: {x}; gemm: {A, B}; transfer: {x}; scan: {x}; spmv: {x} (the
    /// matrix is built from the job's n by backend/sparsematrix.h and uploaded before the timing).
    std::vector<const float *> inputs;
    /// One repetition's work, as the row reports it (core/model/workload.h): bytes moved and FLOPs. A
    /// backend holds its device's timestamps against them (a span that implies more than any
    /// device could do is refused); 0 where unknown.
    double bytes = 0;
    double flops = 0;
};

/// Why no backend runs unsynced mode with timed copies, CUDA's and OpenCL's one sentence.
inline constexpr const char *kUnsyncedWithCopies =
    "Unsynced mode times how long the host takes to queue the launches, and a copy from the host waits for "
    "the device: time transfers in launch mode.";

} // namespace speeduplab
