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

// ---- The other two mixes of traffic, over the same slices: x only read (a sum in independent
// vector chains, 64 floats a step, as reduce's), and y read and
// written back in place (y = y + 1, as add's b += b: an add's latency, not an FMA's, between a
// sweep's store and the next sweep's load of the same line; y stays finite and normal).

#ifdef SPEEDUPLAB_X86
__attribute__((target("avx512f"), noinline)) float readAvx512(const float *x, std::size_t n)
{
    __m512 a0 = _mm512_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
    for (std::size_t i = 0; i + 64 <= n; i += 64) { // n is a multiple of 64
        a0 = _mm512_add_ps(a0, _mm512_load_ps(x + i));
        a1 = _mm512_add_ps(a1, _mm512_load_ps(x + i + 16));
        a2 = _mm512_add_ps(a2, _mm512_load_ps(x + i + 32));
        a3 = _mm512_add_ps(a3, _mm512_load_ps(x + i + 48));
    }
    alignas(64) float lanes[16];
    _mm512_store_ps(lanes, _mm512_add_ps(_mm512_add_ps(a0, a1), _mm512_add_ps(a2, a3)));
    float s = 0;
    for (float v : lanes)
        s += v;
    return s;
}

__attribute__((target("avx2"), noinline)) float readAvx2(const float *x, std::size_t n)
{
    __m256 a[8];
    for (__m256 &v : a)
        v = _mm256_setzero_ps();
    for (std::size_t i = 0; i + 64 <= n; i += 64) { // n is a multiple of 64
#pragma GCC unroll 8
        for (int k = 0; k < 8; ++k)
            a[k] = _mm256_add_ps(a[k], _mm256_load_ps(x + i + 8 * k));
    }
    for (int k = 1; k < 8; ++k)
        a[0] = _mm256_add_ps(a[0], a[k]);
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, a[0]);
    float s = 0;
    for (float v : lanes)
        s += v;
    return s;
}

__attribute__((target("avx512f"), noinline)) void inPlaceAvx512(float *y, std::size_t n)
{
    const __m512 one = _mm512_set1_ps(1.0f);
#pragma GCC unroll 4
    for (std::size_t i = 0; i < n; i += 16)
        _mm512_store_ps(y + i, _mm512_add_ps(_mm512_load_ps(y + i), one));
}

__attribute__((target("avx2"), noinline)) void inPlaceAvx2(float *y, std::size_t n)
{
    const __m256 one = _mm256_set1_ps(1.0f);
#pragma GCC unroll 4
    for (std::size_t i = 0; i < n; i += 8)
        _mm256_store_ps(y + i, _mm256_add_ps(_mm256_load_ps(y + i), one));
}
#endif

__attribute__((noinline)) float readPlain(const float *x, std::size_t n)
{
    float a[16] = {};
    for (std::size_t i = 0; i + 16 <= n; i += 16)
        for (int k = 0; k < 16; ++k)
            a[k] += x[i + k];
    float s = 0;
    for (float v : a)
        s += v;
    return s;
}

__attribute__((noinline)) void inPlacePlain(float *y, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] += 1.0f;
}

using UpdateFn = void (*)(float *, const float *, std::size_t);
using ReadFn = float (*)(const float *, std::size_t);
using InPlaceFn = void (*)(float *, std::size_t);

// One sweep of a slice in one mix, over x and y (n floats each, 64-byte aligned, n a multiple
// of 64): every mix touches the same 8n bytes. Returns the bytes it counts: 8n read; 16n read
// and written; 12n for the update, which reads x and y and writes y.
struct Kernels {
    UpdateFn update;
    ReadFn read;
    InPlaceFn inPlace;
    double sweep(CpuPeaks::Mix mix, float *x, float *y, std::size_t n, float &sink) const
    {
        switch (mix) {
        case CpuPeaks::Mix::Read:
            sink += read(x, n) + read(y, n);
            return 8.0 * double(n);
        case CpuPeaks::Mix::ReadWrite:
            inPlace(x, n);
            inPlace(y, n);
            return 16.0 * double(n);
        case CpuPeaks::Mix::Update:
            break;
        }
        update(y, x, n);
        return 12.0 * double(n);
    }
};

Kernels kernelsFor(Isa isa)
{
#ifdef SPEEDUPLAB_X86
    if (isa == Isa::Avx512)
        return {updateAvx512, readAvx512, inPlaceAvx512};
    if (isa == Isa::Avx2)
        return {updateAvx2, readAvx2, inPlaceAvx2};
#endif
    (void)isa;
    return {updatePlain, readPlain, inPlacePlain};
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
    return mixBytesPerS(threads, bytesPerThread, {Mix::Update}, stop).at(0);
}

std::vector<double> CpuPeaks::mixBytesPerS(int threads, std::size_t bytesPerThread,
                                           const std::vector<Mix> &mixes, const std::atomic<bool> &stop)
{
    checkStop(stop);
    const Kernels kernels = kernelsFor(widestIsa());
    // Two arrays per thread, a whole number of 64-byte lines each.
    const std::size_t n = std::max<std::size_t>(64, bytesPerThread / 8 / 64 * 64);
    // Enough sweeps for about 128 MiB per thread per timing: long enough to time, short
    // enough that even a slice of hundreds of MiB takes only a few sweeps. The update's y grows
    // by x/2 a sweep and the in-place mix's by 1, so both stay finite and normal however many
    // sweeps run.
    const int passes = int(std::max<std::size_t>(2, (std::size_t(128) << 20) / (12 * n)));
    // The best of at least 4 timings, and of more until 30 ms were spent (64 at most): a slice
    // in L1 is swept in a fraction of a millisecond, and a hypervisor's or a neighbour's pause
    // must not be what it measures.
    constexpr int fewest = 4, most = 64;
    constexpr double enough = 0.03;
    std::vector<double> rates(mixes.size(), 0.0);
    double best = 0, spent = 0, counted = 0;
    bool failed = false, stopped = false, more = false;
#pragma omp parallel num_threads(threads)
    {
        // Each thread allocates and first-touches its own slice: it lives in its own caches.
        std::unique_ptr<AlignedFloats> x, y;
        float sink = 0;
        try {
            x = std::make_unique<AlignedFloats>(n);
            y = std::make_unique<AlignedFloats>(n);
            std::fill_n(x->get(), n, 1e-6f);
            std::fill_n(y->get(), n, 1.0f);
        } catch (const std::bad_alloc &) {
#pragma omp atomic write
            failed = true;
        }
        for (std::size_t k = 0; k < mixes.size(); ++k) {
            if (!failed)
                kernels.sweep(mixes[k], x->get(), y->get(), n, sink); // warm: the slice is now in cache
            Clock::time_point t0;
            for (int r = 0;; ++r) {
#pragma omp barrier
#pragma omp master
                {
                    if (r == 0)
                        best = 1e300, spent = 0;
                    stopped = stopped || stop.load();
                    more = !stopped && !failed && (r < fewest || (spent < enough && r < most));
                    t0 = Clock::now();
                }
#pragma omp barrier
                if (!more)
                    break;
                double bytes = 0;
                for (int p = 0; p < passes; ++p)
                    bytes += kernels.sweep(mixes[k], x->get(), y->get(), n, sink);
#pragma omp barrier
#pragma omp master
                {
                    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
                    best = std::min(best, seconds);
                    spent += seconds;
                    counted = bytes;
                }
            }
#pragma omp master
            if (!stopped && !failed)
                rates[k] = counted * threads / best;
#pragma omp barrier
        }
        volatile float keep = sink;
        (void)keep;
    }
    if (failed)
        throw std::bad_alloc();
    checkStop(stop);
    return rates;
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
