// SPDX-License-Identifier: MIT
// Conversions between the fp32 tensors and the fp16/bf16 copies that the reduced-precision GEMM
// variants multiply (gpurun.cpp, gpucalibration.cpp), declared in kernels.cuh. They run outside
// the timed region, except when the job times its transfers: then the host's fp32 tensors go in
// and come back as a program with fp32 data on the host would have them.

#include "cuda/kernels.cuh"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>

namespace speeduplab::gpu {

namespace {

// Round to nearest even, as torch's .half() and .bfloat16() do.
template <typename Half> __device__ __forceinline__ Half fromFloat(float v);
template <> __device__ __forceinline__ __half fromFloat<__half>(float v)
{
    return __float2half_rn(v);
}
template <> __device__ __forceinline__ __nv_bfloat16 fromFloat<__nv_bfloat16>(float v)
{
    return __float2bfloat16_rn(v);
}

__device__ __forceinline__ float toFloat(__half v)
{
    return __half2float(v);
}
__device__ __forceinline__ float toFloat(__nv_bfloat16 v)
{
    return __bfloat162float(v);
}

template <typename Half>
__global__ void __launch_bounds__(kBlockThreads) toHalfKernel(const float *src, Half *dst, std::size_t count)
{
    const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride)
        dst[i] = fromFloat<Half>(src[i]);
}

template <typename Half>
__global__ void __launch_bounds__(kBlockThreads)
    fromHalfKernel(const Half *src, float *dst, std::size_t count)
{
    const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride)
        dst[i] = toFloat(src[i]);
}

int blocksFor(std::size_t count)
{
    // Grid-stride loops: a few thousand blocks fill any GPU, and a conversion is not timed.
    return int(std::clamp<std::size_t>((count + kBlockThreads - 1) / kBlockThreads, 1, 8192));
}

} // namespace

void launchToHalf(const float *src, std::uint16_t *dst, std::size_t count, bool bf16, cudaStream_t stream)
{
    if (bf16)
        toHalfKernel<<<blocksFor(count), kBlockThreads, 0, stream>>>(
            src, reinterpret_cast<__nv_bfloat16 *>(dst), count);
    else
        toHalfKernel<<<blocksFor(count), kBlockThreads, 0, stream>>>(src, reinterpret_cast<__half *>(dst),
                                                                     count);
}

void launchFromHalf(const std::uint16_t *src, float *dst, std::size_t count, bool bf16, cudaStream_t stream)
{
    if (bf16)
        fromHalfKernel<<<blocksFor(count), kBlockThreads, 0, stream>>>(
            reinterpret_cast<const __nv_bfloat16 *>(src), dst, count);
    else
        fromHalfKernel<<<blocksFor(count), kBlockThreads, 0, stream>>>(reinterpret_cast<const __half *>(src),
                                                                       dst, count);
}

} // namespace speeduplab::gpu
