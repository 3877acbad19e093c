// SPDX-License-Identifier: MIT
// Host-callable launchers for the kernels in kernels.cu. Plain C++ on purpose: the host compiler builds
// gpurun.cpp and gpucalibration.cpp, which include it, so no device-only syntax may appear here.
// Launchers only enqueue on the given stream; the caller checks cudaGetLastError() once after
// a batch of launches, so that back-to-back launches cost no more than the launch itself.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace speeduplab::gpu {

/// Threads per block of the streaming and reduction kernels.
inline constexpr int kBlockThreads = 256;

/// Blocks for the streaming kernels (add, saxpy) over count floats on a GPU with smCount SMs.
int streamingBlocks(std::size_t count, int smCount);
/// Blocks for the reduction over count floats; also the number of partial sums it writes.
int reduceBlocks(std::size_t count, int smCount);

// `overlap`: launch with programmatic dependent launch, so that the kernel is scheduled while the
// previous one in the stream drains (it waits for that kernel's results before using them). It
// hides part of the gap between dependent kernels; pass true only on compute capability 9.0+.

/// b = b + b, elementwise.
void launchAdd(float *b, std::size_t count, int blocks, bool overlap, cudaStream_t stream);
/// b = b + b, `iterations` times per element in registers (one launch for all iterations).
void launchAddFused(float *b, std::size_t count, int iterations, int blocks, cudaStream_t stream);
/// y = fmaf(alpha, x, y), elementwise.
void launchSaxpy(float alpha, const float *x, float *y, std::size_t count, int blocks, bool overlap,
                 cudaStream_t stream);
/// y = fmaf(alpha, x, y), `iterations` times per element in registers, in the same order.
void launchSaxpyFused(float alpha, const float *x, float *y, std::size_t count, int iterations, int blocks,
                      cudaStream_t stream);
/// *result = sum of x[0..count). partials holds `blocks` floats; counter must be zero before the
/// first launch and is left at zero by every launch, so launches can follow each other (and be
/// captured into a graph) without a memset in between.
void launchReduce(const float *x, std::size_t count, float *partials, unsigned int *counter, float *result,
                  int blocks, bool overlap, cudaStream_t stream);
/// y = the running sum of the n*n floats of x as one sequence, naively: one thread per row scans
/// it serially, one thread turns the n row totals (in totals) into row offsets, and a third
/// kernel adds each row's offset to it. Three launches.
void launchScanRows(const float *x, float *y, float *totals, int n, cudaStream_t stream);
/// y = the running sum of x[0..count), by CUB's DeviceScan::InclusiveSum. With temp null it only
/// sets tempBytes, the temporary storage to allocate once (outside the timed region); otherwise
/// temp must hold tempBytes. Returns CUB's error code.
cudaError_t scanCub(void *temp, std::size_t &tempBytes, const float *x, float *y, std::size_t count,
                    cudaStream_t stream);
/// C = A*B, row-major n x n, one thread per element of C.
void launchGemmNaive(const float *a, const float *b, float *c, int n, cudaStream_t stream);
/// C = A*B, row-major n x n, shared-memory tiles with a register micro-tile per thread.
void launchGemmTiled(const float *a, const float *b, float *c, int n, cudaStream_t stream);
/// Reads bytes of p (a multiple of 16; cudaMalloc's alignment) through the L2, writing sink only
/// in a case that never arises in practice: the cold cache's read pass, which leaves the L2
/// holding clean lines of p.
void launchReadPass(const unsigned char *p, std::size_t bytes, unsigned int *sink, cudaStream_t stream);
/// A kernel that does nothing: measures the cost of a launch.
void launchEmpty(cudaStream_t stream);
/// Fills p with reproducible pseudo-random values in [-1, 1) (timing on zeros flatters kernels).
void launchFillRandom(float *p, std::size_t count, std::uint32_t seed, cudaStream_t stream);

// Conversions for the reduced-precision GEMM variants (halfkernels.cu). The half tensors are held
// as raw 16-bit words here, so that this header needs neither cuda_fp16.h nor cuda_bf16.h.

/// dst = src rounded to nearest even: bf16 when `bf16`, else fp16 (IEEE binary16).
void launchToHalf(const float *src, std::uint16_t *dst, std::size_t count, bool bf16, cudaStream_t stream);
/// dst = src widened to fp32 (exact).
void launchFromHalf(const std::uint16_t *src, float *dst, std::size_t count, bool bf16, cudaStream_t stream);

// Calibration kernels (calibrationkernels.cu, for gpucalibration.cpp). The *BlocksPerSm functions
// return the CUDA runtime's occupancy answer (resident blocks of kBlockThreads threads per SM) for
// the caller to check.

/// float4s each thread of the L2 copy moves per pass.
inline constexpr int kL2QuadsPerThread = 2;
/// Independent FMA chains per thread, and FMAs per chain per iteration, of the FMA peak kernel.
inline constexpr int kFmaChains = 16;
inline constexpr int kFmaSteps = 32;

cudaError_t l2CopyBlocksPerSm(int *blocks);
/// dst = src over blocks * kBlockThreads * kL2QuadsPerThread float4s, `passes` times in one launch,
/// through L2 only (not L1). Both buffers must hold that many float4s (cudaMalloc's alignment).
void launchL2Copy(const float *src, float *dst, int passes, int blocks, cudaStream_t stream);
cudaError_t fmaPeakBlocksPerSm(int *blocks);
/// iterations * kFmaSteps * kFmaChains fp32 FMAs per thread, in independent chains. out (one
/// float) is never written in practice; it only keeps the work alive.
void launchFmaPeak(float *out, int iterations, int blocks, cudaStream_t stream);

} // namespace speeduplab::gpu
