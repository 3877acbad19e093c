// The kernels and their launchers. Memory-bound kernels use 16-byte (float4) loads and stores with
// a scalar tail, because that is what it takes to approach a device-to-device copy's bandwidth;
// every kernel handles any element count, including counts that are not a multiple of 4 or of
// the block size.

#include "cuda/kernels.cuh"

#include <algorithm>

namespace speeduplab::gpu {

namespace {

// Quads (float4) loaded per thread before any is stored, in the grid-stride streaming loops.
// Two independent 16-byte loads in flight per thread keep enough bytes moving to cover HBM
// latency with a grid of a few blocks per SM (measured on the H200: see docs in gpubackend.cpp).
constexpr int kStreamUnroll = 2;
constexpr int kReduceUnroll = 4;
// Blocks per SM for the grid-stride kernels: 2048 resident threads / 256 per block.
constexpr int kBlocksPerSm = 8;

__device__ __forceinline__ std::size_t globalThread()
{
    return std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
}

__device__ __forceinline__ std::size_t gridThreads()
{
    return std::size_t(gridDim.x) * blockDim.x;
}

__device__ __forceinline__ float4 doubled(float4 v)
{
    return make_float4(v.x + v.x, v.y + v.y, v.z + v.z, v.w + v.w);
}

__device__ __forceinline__ float4 saxpy4(float alpha, float4 x, float4 y)
{
    return make_float4(fmaf(alpha, x.x, y.x), fmaf(alpha, x.y, y.y), fmaf(alpha, x.z, y.z),
                       fmaf(alpha, x.w, y.w));
}

// cudaMalloc returns 256-byte aligned memory, so a buffer's start is always float4 aligned;
// elements past the last full quad are the scalar tail, one per thread of the first threads.
template <int Unroll>
__global__ void __launch_bounds__(kBlockThreads) addKernel(float *__restrict__ b, std::size_t count)
{
    float4 *b4 = reinterpret_cast<float4 *>(b);
    const std::size_t quads = count / 4;
    const std::size_t stride = gridThreads();
    std::size_t i = globalThread();
    // All loads of a step are issued before any store, so the compiler need not fear aliasing
    // and several loads are in flight per thread.
    for (; i + (Unroll - 1) * stride < quads; i += Unroll * stride) {
        float4 v[Unroll];
#pragma unroll
        for (int u = 0; u < Unroll; ++u)
            v[u] = b4[i + u * stride];
#pragma unroll
        for (int u = 0; u < Unroll; ++u)
            b4[i + u * stride] = doubled(v[u]);
    }
    for (; i < quads; i += stride)
        b4[i] = doubled(b4[i]);
    const std::size_t tail = quads * 4 + globalThread();
    if (tail < count)
        b[tail] = b[tail] + b[tail];
}

__global__ void __launch_bounds__(kBlockThreads)
    addFusedKernel(float *__restrict__ b, std::size_t count, int iterations)
{
    float4 *b4 = reinterpret_cast<float4 *>(b);
    const std::size_t quads = count / 4;
    const std::size_t stride = gridThreads();
    // Four independent dependency chains per thread hide the add latency.
    for (std::size_t i = globalThread(); i < quads; i += stride) {
        float4 v = b4[i];
        for (int k = 0; k < iterations; ++k)
            v = doubled(v);
        b4[i] = v;
    }
    const std::size_t tail = quads * 4 + globalThread();
    if (tail < count) {
        float v = b[tail];
        for (int k = 0; k < iterations; ++k)
            v = v + v;
        b[tail] = v;
    }
}

template <int Unroll>
__global__ void __launch_bounds__(kBlockThreads)
    saxpyKernel(float alpha, const float *__restrict__ x, float *__restrict__ y, std::size_t count)
{
    const float4 *x4 = reinterpret_cast<const float4 *>(x);
    float4 *y4 = reinterpret_cast<float4 *>(y);
    const std::size_t quads = count / 4;
    const std::size_t stride = gridThreads();
    std::size_t i = globalThread();
    for (; i + (Unroll - 1) * stride < quads; i += Unroll * stride) {
        float4 xv[Unroll], yv[Unroll];
#pragma unroll
        for (int u = 0; u < Unroll; ++u) {
            xv[u] = x4[i + u * stride];
            yv[u] = y4[i + u * stride];
        }
#pragma unroll
        for (int u = 0; u < Unroll; ++u)
            y4[i + u * stride] = saxpy4(alpha, xv[u], yv[u]);
    }
    for (; i < quads; i += stride)
        y4[i] = saxpy4(alpha, x4[i], y4[i]);
    const std::size_t tail = quads * 4 + globalThread();
    if (tail < count)
        y[tail] = fmaf(alpha, x[tail], y[tail]);
}

__global__ void __launch_bounds__(kBlockThreads)
    saxpyFusedKernel(float alpha, const float *__restrict__ x, float *__restrict__ y, std::size_t count,
                     int iterations)
{
    const float4 *x4 = reinterpret_cast<const float4 *>(x);
    float4 *y4 = reinterpret_cast<float4 *>(y);
    const std::size_t quads = count / 4;
    const std::size_t stride = gridThreads();
    for (std::size_t i = globalThread(); i < quads; i += stride) {
        const float4 xv = x4[i];
        float4 yv = y4[i];
        for (int k = 0; k < iterations; ++k)
            yv = saxpy4(alpha, xv, yv);
        y4[i] = yv;
    }
    const std::size_t tail = quads * 4 + globalThread();
    if (tail < count) {
        const float xv = x[tail];
        float yv = y[tail];
        for (int k = 0; k < iterations; ++k)
            yv = fmaf(alpha, xv, yv);
        y[tail] = yv;
    }
}

__device__ __forceinline__ float warpSum(float v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

// The block's sum, valid in thread 0. Starts with a barrier so it can be called twice in a row.
__device__ float blockSum(float v)
{
    __shared__ float warpSums[kBlockThreads / 32];
    __syncthreads();
    v = warpSum(v);
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    if (lane == 0)
        warpSums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < kBlockThreads / 32 ? warpSums[lane] : 0.0f;
        v = warpSum(v);
    }
    return v;
}

// One pass: each block writes its partial sum, and the last block to finish (found with an
// atomic ticket) adds the partials in a fixed order. One launch per sum, deterministic result,
// and no memset between launches because the last block resets the ticket counter.
template <int Unroll>
__global__ void __launch_bounds__(kBlockThreads)
    reduceKernel(const float *__restrict__ x, std::size_t count, float *__restrict__ partials,
                 unsigned int *__restrict__ counter, float *__restrict__ result)
{
    const float4 *x4 = reinterpret_cast<const float4 *>(x);
    const std::size_t quads = count / 4;
    const std::size_t stride = gridThreads();
    std::size_t i = globalThread();
    float acc[Unroll] = {};
    for (; i + (Unroll - 1) * stride < quads; i += Unroll * stride) {
        float4 v[Unroll];
#pragma unroll
        for (int u = 0; u < Unroll; ++u)
            v[u] = x4[i + u * stride];
#pragma unroll
        for (int u = 0; u < Unroll; ++u)
            acc[u] += (v[u].x + v[u].y) + (v[u].z + v[u].w);
    }
    for (; i < quads; i += stride) {
        const float4 v = x4[i];
        acc[0] += (v.x + v.y) + (v.z + v.w);
    }
    const std::size_t tail = quads * 4 + globalThread();
    if (tail < count)
        acc[0] += x[tail];
    float sum = 0.0f;
#pragma unroll
    for (int u = 0; u < Unroll; ++u)
        sum += acc[u];
    sum = blockSum(sum);

    __shared__ bool isLast;
    if (threadIdx.x == 0) {
        partials[blockIdx.x] = sum;
        // Publish the partial before taking a ticket, so the last block sees every partial.
        __threadfence();
        const unsigned int ticket = atomicAdd(counter, 1u);
        isLast = ticket == gridDim.x - 1;
    }
    __syncthreads();
    if (!isLast)
        return;
    __threadfence();
    float total = 0.0f;
    // __ldcg reads from L2: the partials were written by other SMs, whose writes L1 never saw.
    for (unsigned int j = threadIdx.x; j < gridDim.x; j += blockDim.x)
        total += __ldcg(partials + j);
    total = blockSum(total);
    if (threadIdx.x == 0) {
        *result = total;
        *counter = 0;
    }
}

constexpr int kNaiveTile = 16;

__global__ void gemmNaiveKernel(const float *__restrict__ a, const float *__restrict__ b,
                                float *__restrict__ c, int n)
{
    // threadIdx.x runs along a row of C, so a warp reads consecutive elements of B.
    const int col = blockIdx.x * kNaiveTile + threadIdx.x;
    const int row = blockIdx.y * kNaiveTile + threadIdx.y;
    if (row >= n || col >= n)
        return;
    const float *aRow = a + std::size_t(row) * n;
    float acc = 0.0f;
    for (int k = 0; k < n; ++k)
        acc = fmaf(aRow[k], b[std::size_t(k) * n + col], acc);
    c[std::size_t(row) * n + col] = acc;
}

// Tiled GEMM: a 128 x 128 tile of C per block of 256 threads, 8 x 8 outputs per thread held in
// registers, K walked in steps of 8 through double-buffered shared memory. Each thread's 8 rows
// and 8 columns are two groups of 4 that are 64 apart, so its shared-memory reads are float4
// and a warp's reads are broadcast or conflict-free. A is stored transposed (k-major) with 4
// floats of padding so that the transposing stores do not collide on banks.
constexpr int kTileM = 128;
constexpr int kTileN = 128;
constexpr int kTileK = 8;
constexpr int kTileThreads = 256;
constexpr int kTilePad = 4;

__global__ void __launch_bounds__(kTileThreads, 2)
    gemmTiledKernel(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c, int n)
{
    __shared__ __align__(16) float as[2][kTileK][kTileM + kTilePad];
    __shared__ __align__(16) float bs[2][kTileK][kTileN];

    const int tid = threadIdx.x;
    const int tx = tid % 16;
    const int ty = tid / 16;
    const int blockRow = blockIdx.y * kTileM;
    const int blockCol = blockIdx.x * kTileN;

    // Global-to-shared mapping: each thread moves 4 elements of the A tile (rows 32 apart, one k)
    // and 4 of the B tile (k rows 2 apart, one column). Out-of-range elements become zeros, which
    // is what makes any n work.
    const int aK = tid % kTileK;
    const int aRow = tid / kTileK;
    const int bCol = tid % kTileN;
    const int bK = tid / kTileN;

    float aNext[4];
    float bNext[4];
    auto loadTile = [&](int k0) {
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            const int row = blockRow + aRow + 32 * i;
            const int k = k0 + aK;
            aNext[i] = (row < n && k < n) ? a[std::size_t(row) * n + k] : 0.0f;
        }
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            const int k = k0 + bK + 2 * i;
            const int col = blockCol + bCol;
            bNext[i] = (k < n && col < n) ? b[std::size_t(k) * n + col] : 0.0f;
        }
    };
    auto storeTile = [&](int buf) {
#pragma unroll
        for (int i = 0; i < 4; ++i)
            as[buf][aK][aRow + 32 * i] = aNext[i];
#pragma unroll
        for (int i = 0; i < 4; ++i)
            bs[buf][bK + 2 * i][bCol] = bNext[i];
    };

    float acc[8][8] = {};
    const int tiles = (n + kTileK - 1) / kTileK;
    loadTile(0);
    storeTile(0);
    __syncthreads();
    for (int t = 0; t < tiles; ++t) {
        const int buf = t & 1;
        // Fetch the next tile into registers while this one is multiplied.
        if (t + 1 < tiles)
            loadTile((t + 1) * kTileK);
#pragma unroll
        for (int k = 0; k < kTileK; ++k) {
            const float4 a0 = *reinterpret_cast<const float4 *>(&as[buf][k][ty * 4]);
            const float4 a1 = *reinterpret_cast<const float4 *>(&as[buf][k][64 + ty * 4]);
            const float4 b0 = *reinterpret_cast<const float4 *>(&bs[buf][k][tx * 4]);
            const float4 b1 = *reinterpret_cast<const float4 *>(&bs[buf][k][64 + tx * 4]);
            const float ar[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
            const float br[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j)
                    acc[i][j] = fmaf(ar[i], br[j], acc[i][j]);
        }
        // The other buffer was last read before the previous barrier, so it is free to fill.
        if (t + 1 < tiles)
            storeTile(buf ^ 1);
        __syncthreads();
    }

    const bool vectorStores = n % 4 == 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        const int row = blockRow + (i < 4 ? ty * 4 + i : 64 + ty * 4 + i - 4);
        if (row >= n)
            continue;
        float *cRow = c + std::size_t(row) * n;
#pragma unroll
        for (int half = 0; half < 2; ++half) {
            const int col = blockCol + half * 64 + tx * 4;
            const float *v = &acc[i][half * 4];
            if (vectorStores && col + 3 < n) {
                *reinterpret_cast<float4 *>(cRow + col) = make_float4(v[0], v[1], v[2], v[3]);
            } else {
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    if (col + j < n)
                        cRow[col + j] = v[j];
            }
        }
    }
}

__global__ void emptyKernel() {}

__device__ __forceinline__ std::uint32_t hash32(std::uint32_t x)
{
    // A well-mixed integer hash (lowbias32): cheap, and no state to carry between launches.
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

__global__ void fillRandomKernel(float *__restrict__ p, std::size_t count, std::uint32_t seed)
{
    for (std::size_t i = globalThread(); i < count; i += gridThreads()) {
        const std::uint32_t h = hash32(std::uint32_t(i) ^ hash32(seed + std::uint32_t(i >> 32)));
        p[i] = float(h >> 8) * (2.0f / 16777216.0f) - 1.0f;
    }
}

int blocksFor(std::size_t threads)
{
    return int(std::max<std::size_t>(1, (threads + kBlockThreads - 1) / kBlockThreads));
}

} // namespace

int streamingBlocks(std::size_t count, int smCount)
{
    // Enough blocks to fill every SM, each thread looping over several quads; never more blocks
    // than there are quad groups, so small tensors launch small grids.
    const std::size_t perThread = std::size_t(kStreamUnroll) * 4;
    const int wanted = blocksFor((count + perThread - 1) / perThread);
    return std::min(wanted, std::max(1, smCount) * kBlocksPerSm);
}

int reduceBlocks(std::size_t count, int smCount)
{
    const std::size_t perThread = std::size_t(kReduceUnroll) * 4;
    const int wanted = blocksFor((count + perThread - 1) / perThread);
    return std::min(wanted, std::max(1, smCount) * kBlocksPerSm);
}

void launchAdd(float *b, std::size_t count, int blocks, cudaStream_t stream)
{
    addKernel<kStreamUnroll><<<blocks, kBlockThreads, 0, stream>>>(b, count);
}

void launchAddFused(float *b, std::size_t count, int iterations, int blocks, cudaStream_t stream)
{
    addFusedKernel<<<blocks, kBlockThreads, 0, stream>>>(b, count, iterations);
}

void launchSaxpy(float alpha, const float *x, float *y, std::size_t count, int blocks, cudaStream_t stream)
{
    saxpyKernel<kStreamUnroll><<<blocks, kBlockThreads, 0, stream>>>(alpha, x, y, count);
}

void launchSaxpyFused(float alpha, const float *x, float *y, std::size_t count, int iterations, int blocks,
                      cudaStream_t stream)
{
    saxpyFusedKernel<<<blocks, kBlockThreads, 0, stream>>>(alpha, x, y, count, iterations);
}

void launchReduce(const float *x, std::size_t count, float *partials, unsigned int *counter, float *result,
                  int blocks, cudaStream_t stream)
{
    reduceKernel<kReduceUnroll><<<blocks, kBlockThreads, 0, stream>>>(x, count, partials, counter, result);
}

void launchGemmNaive(const float *a, const float *b, float *c, int n, cudaStream_t stream)
{
    const dim3 block(kNaiveTile, kNaiveTile);
    const dim3 grid((n + kNaiveTile - 1) / kNaiveTile, (n + kNaiveTile - 1) / kNaiveTile);
    gemmNaiveKernel<<<grid, block, 0, stream>>>(a, b, c, n);
}

void launchGemmTiled(const float *a, const float *b, float *c, int n, cudaStream_t stream)
{
    const dim3 grid((n + kTileN - 1) / kTileN, (n + kTileM - 1) / kTileM);
    gemmTiledKernel<<<grid, kTileThreads, 0, stream>>>(a, b, c, n);
}

void launchEmpty(cudaStream_t stream)
{
    emptyKernel<<<1, 1, 0, stream>>>();
}

void launchFillRandom(float *p, std::size_t count, std::uint32_t seed, cudaStream_t stream)
{
    const int blocks = std::min(blocksFor(count), 4096);
    fillRandomKernel<<<blocks, kBlockThreads, 0, stream>>>(p, count, seed);
}

} // namespace speeduplab::gpu
