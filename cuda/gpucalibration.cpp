// SPDX-License-Identifier: MIT
// The GPU's ceilings (gpu::calibrate): device copy (HBM), L2, fp32 FMA peak, host transfers,
// launch latency and cuBLAS (fp32, TF32, fp16, bf16), each timed with CUDA events on its own stream.

#include "cuda/gpubackend.h"

#include "cuda/calibrationpart.h"
#include "cuda/cublaslibrary.h"
#include "cuda/cudacheck.h"
#include "cuda/cudaowners.h"
#include "cuda/kernels.cuh"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <vector>

namespace speeduplab::gpu {

namespace {

void checkStop(const std::atomic<bool> &stop, cudaStream_t stream)
{
    if (stop.load(std::memory_order_relaxed)) {
        SL_CUDA_CHECK(cudaStreamSynchronize(stream));
        throw Cancelled();
    }
}

/// Best (shortest) event-timed duration of `enqueue` over `repeats` runs, after one warm-up.
/// With `cancel`, checks it before every timed run and throws Cancelled.
template <typename Enqueue>
double bestSeconds(cudaStream_t stream, cudaEvent_t start, cudaEvent_t stop, int repeats, Enqueue enqueue,
                   const std::atomic<bool> *cancel = nullptr)
{
    enqueue();
    SL_CUDA_CHECK(cudaStreamSynchronize(stream));
    double best = 0.0;
    for (int r = 0; r < repeats; ++r) {
        if (cancel)
            checkStop(*cancel, stream);
        SL_CUDA_CHECK(cudaEventRecord(start, stream));
        enqueue();
        SL_CUDA_CHECK(cudaEventRecord(stop, stream));
        const double s = elapsedSeconds(start, stop);
        if (r == 0 || s < best)
            best = s;
    }
    return best;
}

double rate(double amount, double seconds)
{
    return seconds > 0 ? amount / seconds : 0.0;
}

// The L2 and FMA kernels repeat their work inside one launch. A short probe says how long a
// repetition takes; the count is then scaled so one timed launch lasts about this long: long
// enough to dwarf the launch and the ramp-up of the first and last blocks, short enough that
// warm-up and five runs of each stay well under 0.1 s.
constexpr double kCalibrationKernelSeconds = 5e-3;

int repeatsFor(int probeRepeats, double probeSeconds)
{
    const double scaled =
        probeSeconds > 0 ? probeRepeats * kCalibrationKernelSeconds / probeSeconds : double(probeRepeats);
    // At most 1000 probes' worth: a probe timed absurdly short must not start a run of minutes.
    return int(std::clamp(scaled, double(probeRepeats), 1000.0 * probeRepeats));
}

// L2 cache: a copy-like kernel (every byte read once and written once per pass, counted as
// read + write like the device copy) over two buffers that together fill at most half of L2,
// so the other half absorbs what the replacement policy does not keep. Fills c.l2BytesPerS.
void measureL2(Ceilings &c, int device, cudaStream_t stream, cudaEvent_t start, cudaEvent_t end,
               const std::atomic<bool> &stop)
{
    int l2Bytes = 0;
    SL_CUDA_CHECK(cudaDeviceGetAttribute(&l2Bytes, cudaDevAttrL2CacheSize, device));
    int blocksPerSm = 0;
    SL_CUDA_CHECK(l2CopyBlocksPerSm(&blocksPerSm));
    const int sms = smCountOf(device);
    // Every thread moves the same number of float4s, so no SM waits for another: the buffer is
    // exactly the grid's share. Fewer blocks per SM when a full grid's buffer would not fit.
    const std::size_t budget = std::min(std::size_t(std::max(l2Bytes, 0)) / 4, 8 * kMiB);
    const auto bufferBytes = [&](int perSm) {
        return std::size_t(sms) * std::size_t(perSm) * kBlockThreads * kL2QuadsPerThread * 4 * sizeof(float);
    };
    blocksPerSm = std::max(1, blocksPerSm);
    while (blocksPerSm > 1 && bufferBytes(blocksPerSm) > budget)
        --blocksPerSm;
    // A GPU whose L2 is too small for even one block per SM keeps 0: that would not be L2.
    if (bufferBytes(blocksPerSm) <= budget) {
        const int blocks = sms * blocksPerSm;
        const std::size_t bytes = bufferBytes(blocksPerSm);
        DevicePtr<float> src = deviceAlloc<float>(bytes / sizeof(float));
        DevicePtr<float> dst = deviceAlloc<float>(bytes / sizeof(float));
        SL_CUDA_CHECK(cudaMemsetAsync(src.get(), 0, bytes, stream));
        SL_CUDA_CHECK(cudaMemsetAsync(dst.get(), 0, bytes, stream));
        const auto copy = [&](int passes) {
            return [&, passes] {
                launchL2Copy(src.get(), dst.get(), passes, blocks, stream);
                SL_CUDA_CHECK(cudaGetLastError());
            };
        };
        constexpr int kProbePasses = 50;
        const int passes = repeatsFor(kProbePasses, bestSeconds(stream, start, end, 1, copy(kProbePasses)));
        checkStop(stop, stream);
        const double s = bestSeconds(stream, start, end, 5, copy(passes), &stop);
        c.l2BytesPerS = rate(2.0 * double(bytes) * passes, s);
    }
}

// cuBLAS SGEMM, fp32 and TF32, then cublasGemmEx on fp16 and bf16 copies (tensor cores, fp32
// accumulation, C in the inputs' type, no reduction in the half type: as the cublas-fp16/bf16
// variants run it), on random data (zeros run faster than real data). Fills c's cuBLAS fields.
void measureCublas(Ceilings &c, int device, std::size_t freeBytes, cudaStream_t stream, cudaEvent_t start,
                   cudaEvent_t end, const std::atomic<bool> &stop)
{
    int n = 4096;
    const std::size_t perElement = 3 * (sizeof(float) + sizeof(std::uint16_t)); // A, B, C in both
    while (n > 256 && perElement * std::size_t(n) * n + kCublasWorkspaceBytes > freeBytes / 2)
        n /= 2;
    const std::size_t count = std::size_t(n) * n;
    DevicePtr<float> a = deviceAlloc<float>(count);
    DevicePtr<float> b = deviceAlloc<float>(count);
    DevicePtr<float> cm = deviceAlloc<float>(count);
    DevicePtr<unsigned char> workspace = deviceAlloc<unsigned char>(kCublasWorkspaceBytes);
    launchFillRandom(a.get(), count, 1u, stream);
    launchFillRandom(b.get(), count, 2u, stream);
    SL_CUDA_CHECK(cudaGetLastError());
    CublasPtr handle = makeCublas(stream, workspace.get(), kCublasWorkspaceBytes, CUBLAS_DEFAULT_MATH);
    const double flops = 2.0 * double(n) * double(n) * double(n);
    const auto gemm = [&] {
        const float one = 1.0f;
        const float zero = 0.0f;
        SL_CUBLAS_CHECK(CublasLibrary::instance().sgemm(handle.get(), CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one,
                                                        b.get(), n, a.get(), n, &zero, cm.get(), n),
                        stream);
    };
    c.cublasFlopsPerS = rate(flops, bestSeconds(stream, start, end, 5, gemm));
    checkStop(stop, stream);
    SL_CUDA_CHECK(CublasLibrary::instance().setMathMode(handle.get(), CUBLAS_TF32_TENSOR_OP_MATH));
    c.cublasTf32FlopsPerS = rate(flops, bestSeconds(stream, start, end, 5, gemm));
    checkStop(stop, stream);

    SL_CUDA_CHECK(CublasLibrary::instance().setMathMode(handle.get(), kHalfGemmMath));
    DevicePtr<std::uint16_t> a16 = deviceAlloc<std::uint16_t>(count);
    DevicePtr<std::uint16_t> b16 = deviceAlloc<std::uint16_t>(count);
    DevicePtr<std::uint16_t> c16 = deviceAlloc<std::uint16_t>(count);
    const auto halfRate = [&](bool bf16) {
        launchToHalf(a.get(), a16.get(), count, bf16, stream);
        launchToHalf(b.get(), b16.get(), count, bf16, stream);
        SL_CUDA_CHECK(cudaGetLastError());
        const cudaDataType type = bf16 ? CUDA_R_16BF : CUDA_R_16F;
        return rate(flops, bestSeconds(stream, start, end, 5, [&] {
                        const float one = 1.0f;
                        const float zero = 0.0f;
                        SL_CUBLAS_CHECK(CublasLibrary::instance().gemmEx(
                                            handle.get(), CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b16.get(),
                                            type, n, a16.get(), type, n, &zero, c16.get(), type, n,
                                            CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                                        stream);
                    }));
    };
    c.cublasFp16FlopsPerS = halfRate(false);
    checkStop(stop, stream);
    int ccMajor = 0;
    SL_CUDA_CHECK(cudaDeviceGetAttribute(&ccMajor, cudaDevAttrComputeCapabilityMajor, device));
    if (ccMajor >= 8) // bf16 tensor cores came with Ampere; before, 0: not measured
        c.cublasBf16FlopsPerS = halfRate(true);
}

} // namespace

Ceilings calibrate(int device, const std::atomic<bool> &stop)
{
    throwIfDisabled();
    // First, so that the device is given back only after the owners below have freed everything.
    const DeviceScope scope(device);
    Ceilings c;
    StreamPtr streamOwner = makeStream();
    EventPtr startOwner = makeEvent();
    EventPtr stopOwner = makeEvent();
    cudaStream_t stream = streamOwner.get();
    cudaEvent_t start = startOwner.get();
    cudaEvent_t end = stopOwner.get();

    std::size_t freeBytes = 0;
    std::size_t totalBytes = 0;
    SL_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    // Leave room for other programs and for cuBLAS: take at most 40% of free memory per buffer pair.
    const auto fitting = [&](std::size_t want) {
        const std::size_t room = freeBytes / 5 * 2 / 2;
        return std::max<std::size_t>(kMiB, std::min(want, room) / kMiB * kMiB);
    };

    // Device-to-device copy: large enough to dwarf L2 (tens of MB) and launch overhead.
    {
        const std::size_t bytes = fitting(kGiB);
        DevicePtr<unsigned char> src = deviceAlloc<unsigned char>(bytes);
        DevicePtr<unsigned char> dst = deviceAlloc<unsigned char>(bytes);
        SL_CUDA_CHECK(cudaMemsetAsync(src.get(), 1, bytes, stream));
        const double s = bestSeconds(stream, start, end, 5, [&] {
            SL_CUDA_CHECK(cudaMemcpyAsync(dst.get(), src.get(), bytes, cudaMemcpyDeviceToDevice, stream));
        });
        c.deviceCopyBytesPerS = rate(2.0 * double(bytes), s);
    }
    checkStop(stop, stream);

    measureL2(c, device, stream, start, end, stop);
    checkStop(stop, stream);

    // fp32 FMA peak: whole waves of blocks (several per SM), so that no SM idles at the end.
    {
        int blocksPerSm = 0;
        SL_CUDA_CHECK(fmaPeakBlocksPerSm(&blocksPerSm));
        constexpr int kWaves = 4;
        const int blocks = smCountOf(device) * std::max(1, blocksPerSm) * kWaves;
        DevicePtr<float> out = deviceAlloc<float>(1);
        const auto fma = [&](int iterations) {
            return [&, iterations] {
                launchFmaPeak(out.get(), iterations, blocks, stream);
                SL_CUDA_CHECK(cudaGetLastError());
            };
        };
        constexpr int kProbeIterations = 8;
        const int iterations =
            repeatsFor(kProbeIterations, bestSeconds(stream, start, end, 1, fma(kProbeIterations)));
        checkStop(stop, stream);
        const double s = bestSeconds(stream, start, end, 5, fma(iterations), &stop);
        const double fmas = double(blocks) * kBlockThreads * double(iterations) * kFmaSteps * kFmaChains;
        c.fmaFlopsPerS = rate(2.0 * fmas, s);
    }
    checkStop(stop, stream);

    // Host <-> device, pageable and pinned.
    {
        const std::size_t bytes = fitting(256 * kMiB);
        DevicePtr<unsigned char> dev = deviceAlloc<unsigned char>(bytes);
        // Touch every page, so first-touch page faults are not timed as transfer.
        std::vector<unsigned char> pageable(bytes, 1);
        PinnedPtr<unsigned char> pinned = pinnedAlloc<unsigned char>(bytes);
        std::memset(pinned.get(), 1, bytes);
        const auto copy = [&](void *to, const void *from, cudaMemcpyKind kind) {
            return bestSeconds(stream, start, end, 3,
                               [&] { SL_CUDA_CHECK(cudaMemcpyAsync(to, from, bytes, kind, stream)); });
        };
        c.h2dPageableBytesPerS =
            rate(double(bytes), copy(dev.get(), pageable.data(), cudaMemcpyHostToDevice));
        checkStop(stop, stream);
        c.d2hPageableBytesPerS =
            rate(double(bytes), copy(pageable.data(), dev.get(), cudaMemcpyDeviceToHost));
        checkStop(stop, stream);
        c.h2dPinnedBytesPerS = rate(double(bytes), copy(dev.get(), pinned.get(), cudaMemcpyHostToDevice));
        c.d2hPinnedBytesPerS = rate(double(bytes), copy(pinned.get(), dev.get(), cudaMemcpyDeviceToHost));
    }
    checkStop(stop, stream);

    // Launch latency (back to back, the launch-mode cost) and the synchronous round trip.
    {
        constexpr int kLaunches = 1000;
        const double s = bestSeconds(stream, start, end, 3, [&] {
            for (int i = 0; i < kLaunches; ++i)
                launchEmpty(stream);
        });
        SL_CUDA_CHECK(cudaGetLastError());
        c.launchLatencyS = s / kLaunches;
        checkStop(stop, stream);

        std::vector<double> trips(kLaunches);
        for (double &trip : trips) {
            const auto t0 = std::chrono::steady_clock::now();
            launchEmpty(stream);
            SL_CUDA_CHECK(cudaStreamSynchronize(stream));
            trip = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        }
        SL_CUDA_CHECK(cudaGetLastError());
        std::nth_element(trips.begin(), trips.begin() + kLaunches / 2, trips.end());
        c.syncRoundTripS = trips[kLaunches / 2];
    }
    checkStop(stop, stream);

    // Last, and on its own: cuBLAS is a library loaded at run time, and when it is missing or
    // one of its calls fails, only its ceilings are lost (Ceilings::cublasMissing says why).
    c.cublasMissing = measurePart([&] { measureCublas(c, device, freeBytes, stream, start, end, stop); });
    if (c.cublasMissing.empty()) // after a failure its buffers are freed already (cudaFree waits)
        SL_CUDA_CHECK(cudaStreamSynchronize(stream));
    return c;
}

} // namespace speeduplab::gpu
