// SPDX-License-Identifier: MIT
// What a Job asks for, validated once, and what it needs on the device: shared by the probe
// (gpuprobe.cpp: availability, memory pre-check) and the runs (gpurun.cpp). Host-only and
// internal to cuda/: core/ never sees this header.
#pragma once

#include "cuda/gpubackend.h"

#include <cstddef>

namespace speeduplab::gpu {

enum class WorkloadKind { Add, Saxpy, Reduce, Gemm, Transfer, Scan, Spmv };
/// Unsynced: the launches of Launch, timed on the host clock until the last one is queued (the
/// original answer's time.time() without torch.cuda.synchronize()), and again once the stream
/// has drained (Run::synchronisedSeconds).
enum class ModeKind { Launch, Graph, Fused, Unsynced };
enum class GemmKind { None, Naive, Tiled, Cublas, CublasTf32, CublasFp16, CublasBf16 };

/// cuBLAS variants (a handle and a workspace), and those on fp16/bf16 copies of the tensors.
inline bool usesCublas(GemmKind g)
{
    return g == GemmKind::Cublas || g == GemmKind::CublasTf32 || g == GemmKind::CublasFp16 ||
           g == GemmKind::CublasBf16;
}
inline bool halfGemm(GemmKind g)
{
    return g == GemmKind::CublasFp16 || g == GemmKind::CublasBf16;
}
enum class ScanKind { None, Rows, Cub };
enum class SpmvKind { None, Cusparse, Scalar };

/// A Job parsed into what the backend switches on.
struct JobPlan {
    WorkloadKind workload = WorkloadKind::Add;
    ModeKind mode = ModeKind::Launch;
    GemmKind gemm = GemmKind::None;
    ScanKind scan = ScanKind::None;
    SpmvKind spmv = SpmvKind::None;
    bool pinned = false;       ///< host staging in pinned memory
    int inputCount = 1;        ///< device input buffers
    bool pristineCopy = false; ///< the workload overwrites its input, so reset() needs a copy
    int n = 0;                 ///< the tensor edge
    std::size_t count = 0;     ///< n * n
    std::size_t outputCount = 0;
};

/// Validates a job before any CUDA call. Throws std::invalid_argument with a sentence that
/// says what is wrong and what is allowed, or Unsupported for a workload with no CUDA kernel.
JobPlan parseJob(const Job &job);

/// Device bytes a run of this plan allocates, erring on the safe side.
std::size_t bytesNeeded(const JobPlan &plan);

} // namespace speeduplab::gpu
