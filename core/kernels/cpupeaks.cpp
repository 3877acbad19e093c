// SPDX-License-Identifier: MIT
// Small kernels that find the CPU's own limits (FMA peak, cache and DRAM bandwidth), each in
// the widest vector ISA the CPU has, chosen at run time.
#include "core/kernels/cpupeaks.h"

#include "backend/run.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <new>
#include <sys/mman.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define SPEEDUPLAB_X86 1
#endif

namespace speeduplab {

namespace {

using Clock = std::chrono::steady_clock;

void checkStop(const std::atomic<bool> &stop)
{
    if (stop.load())
        throw Cancelled();
}

enum class Isa { Avx512, Avx2, Sse, Generic };

Isa widestIsa()
{
#ifdef SPEEDUPLAB_X86
    __builtin_cpu_init();
    // __builtin_cpu_supports also requires the OS to save the wider registers (XCR0).
    if (__builtin_cpu_supports("avx512f"))
        return Isa::Avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return Isa::Avx2;
    return Isa::Sse;
#else
    return Isa::Generic;
#endif
}

// ---- FMA peak: independent chains, acc = acc * x + y, which converges (to 0.1) and never
// reaches denormals or infinities. Enough chains to cover the FMA latency on every port
// (2 ports x 4-5 cycles on current x86 cores). Returns FLOPs done; `sink` keeps the result.

#ifdef SPEEDUPLAB_X86
__attribute__((target("avx512f"), noinline)) double fmaAvx512(long iters, float &sink)
{
    constexpr int k = 16;
    __m512 acc[k];
    for (int j = 0; j < k; ++j)
        acc[j] = _mm512_set1_ps(0.01f * float(j + 1));
    const __m512 x = _mm512_set1_ps(0.999f), y = _mm512_set1_ps(1e-4f);
    for (long i = 0; i < iters; ++i) {
#pragma GCC unroll 16
        for (int j = 0; j < k; ++j)
            acc[j] = _mm512_fmadd_ps(acc[j], x, y);
    }
    for (int j = 1; j < k; ++j)
        acc[0] = _mm512_add_ps(acc[0], acc[j]);
    // Summed by hand: GCC 12's _mm512_reduce_add_ps trips -Wuninitialized inside its own header.
    alignas(64) float lanes[16];
    _mm512_store_ps(lanes, acc[0]);
    sink = 0;
    for (float v : lanes)
        sink += v;
    return double(iters) * k * 16 * 2;
}

__attribute__((target("avx2,fma"), noinline)) double fmaAvx2(long iters, float &sink)
{
    constexpr int k = 12; // 16 ymm registers: 12 chains, x, y and room to spare
    __m256 acc[k];
    for (int j = 0; j < k; ++j)
        acc[j] = _mm256_set1_ps(0.01f * float(j + 1));
    const __m256 x = _mm256_set1_ps(0.999f), y = _mm256_set1_ps(1e-4f);
    for (long i = 0; i < iters; ++i) {
#pragma GCC unroll 12
        for (int j = 0; j < k; ++j)
            acc[j] = _mm256_fmadd_ps(acc[j], x, y);
    }
    for (int j = 1; j < k; ++j)
        acc[0] = _mm256_add_ps(acc[0], acc[j]);
    alignas(32) float v[8];
    _mm256_store_ps(v, acc[0]);
    sink = v[0] + v[7];
    return double(iters) * k * 8 * 2;
}

__attribute__((noinline)) double fmaSse(long iters, float &sink)
{
    constexpr int k = 12; // no FMA unit: a multiply and an add, 2 FLOPs as well
    __m128 acc[k];
    for (int j = 0; j < k; ++j)
        acc[j] = _mm_set1_ps(0.01f * float(j + 1));
    const __m128 x = _mm_set1_ps(0.999f), y = _mm_set1_ps(1e-4f);
    for (long i = 0; i < iters; ++i) {
#pragma GCC unroll 12
        for (int j = 0; j < k; ++j)
            acc[j] = _mm_add_ps(_mm_mul_ps(acc[j], x), y);
    }
    for (int j = 1; j < k; ++j)
        acc[0] = _mm_add_ps(acc[0], acc[j]);
    sink = _mm_cvtss_f32(acc[0]);
    return double(iters) * k * 4 * 2;
}
#endif

__attribute__((noinline)) double fmaGeneric(long iters, float &sink)
{
    constexpr int k = 32;
    float acc[k];
    for (int j = 0; j < k; ++j)
        acc[j] = 0.01f * float(j + 1);
    for (long i = 0; i < iters; ++i)
        for (int j = 0; j < k; ++j)
            acc[j] = acc[j] * 0.999f + 1e-4f;
    float s = 0;
    for (float a : acc)
        s += a;
    sink = s;
    return double(iters) * k * 2;
}

double fmaChains(Isa isa, long iters, float &sink)
{
    switch (isa) {
#ifdef SPEEDUPLAB_X86
    case Isa::Avx512:
        return fmaAvx512(iters, sink);
    case Isa::Avx2:
        return fmaAvx2(iters, sink);
    case Isa::Sse:
        return fmaSse(iters, sink);
#endif
    default:
        return fmaGeneric(iters, sink);
    }
}

// ---- y = s * x + y over one thread's slice, vectorised in the widest ISA. In place, like the
// workloads: each line of y is read and written back, so that no store fetches a line it does
// not count. (A triad a = b + s*c in cache reads every line of `a` before writing it, moving a
// third more than it counts: in-place kernels then measured 130 % of an L2 "ceiling".)

#ifdef SPEEDUPLAB_X86
__attribute__((target("avx512f"), noinline)) void updateAvx512(float *y, const float *x, std::size_t n)
{
    const __m512 s = _mm512_set1_ps(0.5f);
#pragma GCC unroll 4
    for (std::size_t i = 0; i < n; i += 16)
        _mm512_store_ps(y + i, _mm512_fmadd_ps(s, _mm512_load_ps(x + i), _mm512_load_ps(y + i)));
}

__attribute__((target("avx2,fma"), noinline)) void updateAvx2(float *y, const float *x, std::size_t n)
{
    const __m256 s = _mm256_set1_ps(0.5f);
#pragma GCC unroll 4
    for (std::size_t i = 0; i < n; i += 8)
        _mm256_store_ps(y + i, _mm256_fmadd_ps(s, _mm256_load_ps(x + i), _mm256_load_ps(y + i)));
}
#endif

__attribute__((noinline)) void updatePlain(float *y, const float *x, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = 0.5f * x[i] + y[i];
}

using UpdateFn = void (*)(float *, const float *, std::size_t);

UpdateFn updateFor(Isa isa)
{
#ifdef SPEEDUPLAB_X86
    if (isa == Isa::Avx512)
        return updateAvx512;
    if (isa == Isa::Avx2)
        return updateAvx2;
#endif
    (void)isa;
    return updatePlain;
}

// Large arrays are 2 MiB aligned and asked for transparent huge pages: faulting in a GiB of
// 4 KiB pages costs seconds of kernel time, and TLB misses would lower the bandwidth measured.
struct AlignedFloats {
    std::unique_ptr<float, decltype(&std::free)> p{nullptr, std::free};
    explicit AlignedFloats(std::size_t count)
    {
        constexpr std::size_t huge = std::size_t(2) << 20;
        const std::size_t raw = std::max<std::size_t>(count, 16) * sizeof(float);
        const std::size_t align = raw >= 2 * huge ? huge : 64;
        const std::size_t bytes = (raw + align - 1) / align * align;
        p.reset(static_cast<float *>(std::aligned_alloc(align, bytes)));
        if (!p)
            throw std::bad_alloc();
        if (align == huge)
            madvise(p.get(), bytes, MADV_HUGEPAGE);
    }
    float *get() const { return p.get(); }
};

} // namespace

std::string CpuPeaks::isa()
{
    switch (widestIsa()) {
    case Isa::Avx512:
        return "AVX-512";
    case Isa::Avx2:
        return "AVX2 + FMA";
    case Isa::Sse:
        return "SSE (no FMA)";
    default:
        return "scalar";
    }
}

double CpuPeaks::fmaFlopsPerS(int threads, const std::atomic<bool> &stop)
{
    const Isa isa = widestIsa();
    constexpr long iters = 400000; // about 10 ms per thread at 3 GHz with AVX-512
    double best = 0;
    for (int rep = 0; rep < 4; ++rep) { // the first also wakes the cores to full clock
        checkStop(stop);
        double flops = 0;
        float sink = 0;
        Clock::time_point t0, t1;
#pragma omp parallel num_threads(threads) reduction(+ : flops)
        {
#pragma omp barrier
#pragma omp master
            t0 = Clock::now();
            float s = 0;
            flops += fmaChains(isa, iters, s);
#pragma omp barrier
#pragma omp master
            {
                t1 = Clock::now();
                sink = s;
            }
        }
        volatile float keep = sink;
        (void)keep;
        best = std::max(best, flops / std::chrono::duration<double>(t1 - t0).count());
    }
    return best;
}

double CpuPeaks::cacheBytesPerS(int threads, std::size_t bytesPerThread, const std::atomic<bool> &stop)
{
    checkStop(stop);
    const UpdateFn update = updateFor(widestIsa());
    // Two arrays per thread, a whole number of 64-byte lines each.
    const std::size_t n = std::max<std::size_t>(64, bytesPerThread / 8 / 64 * 64);
    // Enough sweeps for about 128 MiB per thread per timing: long enough to time, short
    // enough that even a slice of hundreds of MiB takes only a few sweeps. y grows by x/2 a
    // sweep, 1 at most, so it stays finite and normal however many sweeps run.
    const int passes = int(std::max<std::size_t>(2, (std::size_t(128) << 20) / (12 * n)));
    constexpr int reps = 4;
    double seconds[reps] = {};
    bool failed = false, stopped = false;
#pragma omp parallel num_threads(threads)
    {
        // Each thread allocates and first-touches its own slice: it lives in its own caches.
        std::unique_ptr<AlignedFloats> x, y;
        try {
            x = std::make_unique<AlignedFloats>(n);
            y = std::make_unique<AlignedFloats>(n);
            std::fill_n(x->get(), n, 1e-6f);
            std::fill_n(y->get(), n, 1.0f);
            update(y->get(), x->get(), n); // warm: the slice is now in cache
        } catch (const std::bad_alloc &) {
#pragma omp atomic write
            failed = true;
        }
        Clock::time_point t0;
        for (int r = 0; r < reps; ++r) {
#pragma omp barrier
#pragma omp master
            {
                stopped = stopped || stop.load();
                t0 = Clock::now();
            }
#pragma omp barrier
            if (stopped || failed)
                break;
            for (int p = 0; p < passes; ++p)
                update(y->get(), x->get(), n);
#pragma omp barrier
#pragma omp master
            seconds[r] = std::chrono::duration<double>(Clock::now() - t0).count();
        }
    }
    if (failed)
        throw std::bad_alloc();
    checkStop(stop);
    const double best = *std::min_element(seconds, seconds + reps);
    return 12.0 * double(n) * passes * threads / best;
}

std::vector<double> CpuPeaks::dramTriadBytesPerS(const std::vector<int> &threadCounts,
                                                 std::size_t bytesPerArray, const std::atomic<bool> &stop)
{
    const std::size_t n = std::max<std::size_t>(1 << 20, bytesPerArray / 4 / 64 * 64);
    AlignedFloats a(n), b(n), c(n);
    float *pa = a.get(), *pb = b.get(), *pc = c.get();
    const int most = threadCounts.empty() ? 1 : *std::max_element(threadCounts.begin(), threadCounts.end());
#pragma omp parallel for num_threads(most) schedule(static)
    for (std::size_t i = 0; i < n; ++i) {
        pa[i] = 0;
        pb[i] = 1;
        pc[i] = 2;
    }
    std::vector<double> result;
    for (int threads : threadCounts) {
        double best = 0;
        for (int rep = 0; rep < 4; ++rep) {
            checkStop(stop);
            const auto t0 = Clock::now();
#ifdef SPEEDUPLAB_X86
            // Streaming stores: without them the CPU reads every line of `a` before writing it
            // (write-allocate), so the triad would move 4 streams while counting 3, and an
            // in-place kernel such as saxpy would appear to beat its own ceiling.
            const __m128 s = _mm_set1_ps(3.0f);
#pragma omp parallel for num_threads(threads) schedule(static)
            for (std::size_t i = 0; i < n; i += 4)
                _mm_stream_ps(pa + i, _mm_add_ps(_mm_load_ps(pb + i), _mm_mul_ps(s, _mm_load_ps(pc + i))));
            _mm_sfence();
#else
#pragma omp parallel for simd num_threads(threads) schedule(static)
            for (std::size_t i = 0; i < n; ++i)
                pa[i] = pb[i] + 3.0f * pc[i];
#endif
            best =
                std::max(best, 12.0 * double(n) / std::chrono::duration<double>(Clock::now() - t0).count());
        }
        result.push_back(best);
    }
    return result;
}

} // namespace speeduplab
