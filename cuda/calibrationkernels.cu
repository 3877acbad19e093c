// SPDX-License-Identifier: MIT
// The calibration kernels (gpucalibration.cpp): the L2 copy and the fp32 FMA peak, declared in
// kernels.cuh. Kept apart from the workloads' kernels (kernels.cu, which the Source view embeds).

#include "cuda/kernels.cuh"

namespace speeduplab::gpu {

namespace {

__device__ __forceinline__ std::size_t globalThread()
{
    return std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
}

__device__ __forceinline__ std::size_t gridThreads()
{
    return std::size_t(gridDim.x) * blockDim.x;
}

// L2 bandwidth: every thread copies the same kL2QuadsPerThread float4s of src to dst in each of
// `passes` passes, so the buffers (sized by the host to a fraction of L2) stay resident in L2 after
// the first pass. Loads and stores are .cg (cached in L2, not L1): a thread rereads the same lines
// every pass, which L1 would otherwise serve. Both are asm statements the compiler may neither
// drop nor merge across passes, so every pass really moves its bytes. A thread's loads are all
// issued before its stores, so that kL2QuadsPerThread loads per thread are in flight.
__global__ void __launch_bounds__(kBlockThreads)
    l2CopyKernel(const float4 *__restrict__ src, float4 *__restrict__ dst, int passes)
{
    const std::size_t stride = gridThreads();
    const std::size_t first = globalThread();
    for (int p = 0; p < passes; ++p) {
        float4 v[kL2QuadsPerThread];
#pragma unroll
        for (int u = 0; u < kL2QuadsPerThread; ++u)
            v[u] = __ldcg(src + first + u * stride);
#pragma unroll
        for (int u = 0; u < kL2QuadsPerThread; ++u)
            __stcg(dst + first + u * stride, v[u]);
    }
}

// fp32 FMA peak: kFmaChains independent chains per thread, interleaved so that consecutive FMAs
// never depend on each other, kFmaSteps FMAs per chain per iteration in a fully unrolled body (the
// loop's own instructions are under 1 % of the issue slots). x = x * mul + add with mul < 1 and
// add = 1 - mul converges to 1, so no value overflows or turns denormal. mul and add are kernel
// arguments, so the compiler cannot fold the chains; the result is stored only when it equals an
// impossible sentinel, so it cannot drop them either, and the store never happens.
__global__ void __launch_bounds__(kBlockThreads)
    fmaPeakKernel(float *__restrict__ out, int iterations, float mul, float add, float sentinel)
{
    float x[kFmaChains];
#pragma unroll
    for (int c = 0; c < kFmaChains; ++c)
        x[c] = float((threadIdx.x + c) % 16) * 0.125f; // in [0, 2)
    for (int i = 0; i < iterations; ++i) {
#pragma unroll
        for (int s = 0; s < kFmaSteps; ++s)
#pragma unroll
            for (int c = 0; c < kFmaChains; ++c)
                x[c] = fmaf(x[c], mul, add);
    }
    float sum = 0.0f;
#pragma unroll
    for (int c = 0; c < kFmaChains; ++c)
        sum += x[c];
    if (sum == sentinel)
        *out = sum;
}

} // namespace

cudaError_t l2CopyBlocksPerSm(int *blocks)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, l2CopyKernel, kBlockThreads, 0);
}

void launchL2Copy(const float *src, float *dst, int passes, int blocks, cudaStream_t stream)
{
    l2CopyKernel<<<blocks, kBlockThreads, 0, stream>>>(reinterpret_cast<const float4 *>(src),
                                                       reinterpret_cast<float4 *>(dst), passes);
}

cudaError_t fmaPeakBlocksPerSm(int *blocks)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, fmaPeakKernel, kBlockThreads, 0);
}

void launchFmaPeak(float *out, int iterations, int blocks, cudaStream_t stream)
{
    constexpr float mul = 1.0f - 1.0f / 1024.0f;
    // All chains sum to at most 2 * kFmaChains, never to a negative number.
    constexpr float sentinel = -1.0f;
    fmaPeakKernel<<<blocks, kBlockThreads, 0, stream>>>(out, iterations, mul, 1.0f - mul, sentinel);
}

} // namespace speeduplab::gpu
