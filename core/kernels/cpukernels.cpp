// SPDX-License-Identifier: MIT
// CpuKernels: the OpenMP kernels (cloned per ISA level), their buffers, the prepared runs and the BLAS
// calls; the source-view regions the Source tab shows are marked here.
#include "core/kernels/cpukernels.h"

#include "core/kernels/spmv.h"

#include "core/kernels/blaslibrary.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <sys/mman.h>

// The hot loops are compiled for AVX-512, AVX2+FMA and baseline x86-64, and the loader picks
// the best one for the CPU at hand (as NumPy and PyTorch dispatch), so the default build stays
// portable without leaving the CPU's vector units idle. The clones name feature levels, not
// processors: GCC dispatches "arch=haswell" on the CPU *model* (__builtin_cpu_is), so every
// AMD and every newer Intel CPU ran the SSE2 baseline; "arch=x86-64-v3" is dispatched on the
// AVX2/FMA/BMI features themselves (tst_cpukernels checks which clone runs).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
#define SPEEDUPLAB_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#define SPEEDUPLAB_DISPATCH 1
#else
#define SPEEDUPLAB_CLONES
#endif

namespace speeduplab {

namespace {

using Clock = std::chrono::steady_clock;

#ifdef SPEEDUPLAB_DISPATCH
// Dispatched exactly like the kernels' clones, so it names the clone that runs here.
__attribute__((target("default"))) const char *cloneLevel()
{
    return "x86-64 (SSE2)";
}
__attribute__((target("arch=x86-64-v3"))) const char *cloneLevel()
{
    return "x86-64-v3 (AVX2, FMA)";
}
__attribute__((target("arch=x86-64-v4"))) const char *cloneLevel()
{
    return "x86-64-v4 (AVX-512)";
}
#endif

// source-view: cpu-add
SPEEDUPLAB_CLONES void addSpan(float *__restrict b, size_t lo, size_t hi)
{
#pragma GCC unroll 8
    for (size_t i = lo; i < hi; ++i)
        b[i] += b[i];
}
// source-view: end

// source-view: cpu-saxpy
SPEEDUPLAB_CLONES void saxpySpan(float a, const float *__restrict x, float *__restrict y, size_t lo,
                                 size_t hi)
{
#pragma GCC unroll 8
    for (size_t i = lo; i < hi; ++i)
        y[i] = a * x[i] + y[i];
}
// source-view: end

// Blocks of 4096 floats are summed in 64 float lanes held in four 16-float vectors (GCC vector
// extensions: four zmm registers in the AVX-512 clone, eight ymm in the AVX2 one), and each
// block's lanes are added in double. The error stays that of summing a few dozen floats. Four
// independent vector adds per 64 floats keep up with two loads a cycle from L1 and L2: 32
// lanes in a float array (two dependent add chains) summed at half the speed of the in-cache
// bandwidth, and a single double accumulator ran 3x slower than PyTorch's sum.
// source-view: cpu-reduce
SPEEDUPLAB_CLONES double sumSpan(const float *__restrict x, size_t lo, size_t hi)
{
    typedef float V16 __attribute__((vector_size(64)));
    constexpr size_t width = 16, vectors = 4, lanes = width * vectors, block = 4096;
    auto add = [](V16 &acc, const float *p) {
        V16 v;
        std::memcpy(&v, p, sizeof v); // unaligned: a span starts anywhere on a 64-byte line
        acc += v;
    };
    double total = 0;
    size_t i = lo;
    while (i + lanes <= hi) {
        const size_t end = i + std::min(block, (hi - i) / lanes * lanes); // whole groups of lanes
        V16 a0 = {}, a1 = {}, a2 = {}, a3 = {};
        for (size_t j = i; j < end; j += lanes) {
            add(a0, x + j);
            add(a1, x + j + width);
            add(a2, x + j + 2 * width);
            add(a3, x + j + 3 * width);
        }
        const V16 acc = (a0 + a1) + (a2 + a3);
        for (size_t k = 0; k < width; ++k)
            total += double(acc[k]);
        i = end;
    }
    for (; i < hi; ++i)
        total += double(x[i]);
    return total;
}
// source-view: end

// y[lo..hi) = s + the running sum of x[lo..hi); returns the last sum. One dependent chain: every
// sum waits for the one before it, and the compiler may not reorder float additions, so neither
// threads nor vector units can help.
// source-view: cpu-scan
float scanSpan(const float *__restrict x, float *__restrict y, size_t lo, size_t hi, float s)
{
    for (size_t i = lo; i < hi; ++i) {
        s += x[i];
        y[i] = s;
    }
    return s;
}
// source-view: end

// c[j0..j1) += a * b[j0..j1): the inner loop of the tiled GEMM.
// source-view: cpu-gemm-axpy
SPEEDUPLAB_CLONES void axpyRow(float a, const float *__restrict b, float *__restrict c, int j0, int j1)
{
#pragma GCC unroll 4
    for (int j = j0; j < j1; ++j)
        c[j] += a * b[j];
}
// source-view: end

// Uninitialised, so that the first write (reset, in parallel) decides page placement. Large
// buffers are 2 MiB aligned and asked for transparent huge pages, as NumPy does: streaming
// through a tensor of many MiB otherwise spends much of its time on TLB misses.
struct Buffer {
    float *p = nullptr;
    explicit Buffer(size_t count)
    {
        constexpr size_t huge = size_t(2) << 20;
        const size_t raw = std::max<size_t>(count, 1) * sizeof(float);
        const size_t align = raw >= 2 * huge ? huge : 64;
        const size_t bytes = (raw + align - 1) / align * align;
        p = static_cast<float *>(std::aligned_alloc(align, bytes));
        if (!p)
            throw std::bad_alloc();
        if (align == huge)
            madvise(p, bytes, MADV_HUGEPAGE);
    }
    ~Buffer() { std::free(p); }
    HostSpan span(size_t count) const { return {p, count * sizeof(float)}; }
    Buffer(const Buffer &) = delete;
    Buffer &operator=(const Buffer &) = delete;
};

// The static partition every kernel of a run uses, so that a thread touches the same pages
// in reset() as in runOnce(). Chunk edges fall on cache lines (16 floats).
void range(size_t count, int tid, int threads, size_t &lo, size_t &hi)
{
    auto edge = [&](int t) {
        const size_t e = count * size_t(t) / size_t(threads);
        return t == threads ? count : std::min(count, e & ~size_t(15));
    };
    lo = edge(tid);
    hi = edge(tid + 1);
}

// Runs body(lo, hi, iteration) on `threads` threads for `iterations` iterations inside one
// parallel region, with a barrier between iterations. The stop flag is sampled by thread 0
// into a double-buffered shared slot, so every thread reads the same decision after the barrier.
// source-view: cpu-parallel
template <typename Body>
bool parallelIterations(int threads, size_t count, int iterations, const std::atomic<bool> &stop, Body body)
{
    if (threads == 1) {
        // One thread needs no team and no barriers: run on the calling thread, as a serial
        // program would (it is still exactly the one thread asked for).
        for (int it = 0; it < iterations; ++it) {
            body(size_t(0), count, it);
            if (stop.load(std::memory_order_relaxed))
                return false;
        }
        return true;
    }
    bool stopAt[2] = {false, false};
    bool stopped = false;
#pragma omp parallel num_threads(threads)
    {
        const int tid = omp_get_thread_num();
        const int nt = omp_get_num_threads();
        size_t lo, hi;
        range(count, tid, nt, lo, hi);
        for (int it = 0; it < iterations; ++it) {
            body(lo, hi, it);
            if (tid == 0)
                stopAt[it & 1] = stop.load(std::memory_order_relaxed);
#pragma omp barrier
            if (stopAt[it & 1]) {
                if (tid == 0)
                    stopped = true;
                break;
            }
        }
    }
    return !stopped;
}
// source-view: end

void parallelCopy(float *dst, const float *src, size_t count, int threads)
{
#pragma omp parallel num_threads(threads)
    {
        size_t lo, hi;
        range(count, omp_get_thread_num(), omp_get_num_threads(), lo, hi);
        if (hi > lo)
            std::memcpy(dst + lo, src + lo, (hi - lo) * sizeof(float));
    }
}

class RunBase : public CpuKernels::Run {
protected:
    RunBase(int n, int iterations, int threads)
        : m_n(n), m_count(size_t(n) * size_t(n)), m_iterations(iterations), m_threads(threads)
    {
    }
    template <typename F> double timed(F f)
    {
        const auto t0 = Clock::now();
        const bool finished = f();
        const auto t1 = Clock::now();
        if (!finished)
            throw Cancelled();
        return std::chrono::duration<double>(t1 - t0).count();
    }
    int m_n;
    size_t m_count;
    int m_iterations;
    int m_threads;
};

class AddRun final : public RunBase {
public:
    AddRun(int n, int it, int th, const float *b) : RunBase(n, it, th), m_src(b), m_b(m_count) {}
    void reset() override { parallelCopy(m_b.p, m_src, m_count, m_threads); }
    double runOnce(const std::atomic<bool> &stop) override
    {
        float *b = m_b.p;
        return timed([&] {
            return parallelIterations(m_threads, m_count, m_iterations, stop,
                                      [b](size_t lo, size_t hi, int) { addSpan(b, lo, hi); });
        });
    }
    std::vector<float> output() override { return {m_b.p, m_b.p + m_count}; }
    std::vector<HostSpan> hostTensors() const override { return {m_b.span(m_count)}; }

private:
    const float *m_src;
    Buffer m_b;
};

class SaxpyRun final : public RunBase {
public:
    SaxpyRun(int n, int it, int th, float a, const float *x, const float *y)
        : RunBase(n, it, th), m_a(a), m_srcX(x), m_srcY(y), m_x(m_count), m_y(m_count)
    {
    }
    void reset() override
    {
        parallelCopy(m_x.p, m_srcX, m_count, m_threads);
        parallelCopy(m_y.p, m_srcY, m_count, m_threads);
    }
    double runOnce(const std::atomic<bool> &stop) override
    {
        const float *x = m_x.p;
        float *y = m_y.p;
        const float a = m_a;
        return timed([&] {
            return parallelIterations(m_threads, m_count, m_iterations, stop,
                                      [=](size_t lo, size_t hi, int) { saxpySpan(a, x, y, lo, hi); });
        });
    }
    std::vector<float> output() override { return {m_y.p, m_y.p + m_count}; }
    std::vector<HostSpan> hostTensors() const override { return {m_x.span(m_count), m_y.span(m_count)}; }

private:
    float m_a;
    const float *m_srcX, *m_srcY;
    Buffer m_x, m_y;
};

class ReduceRun final : public RunBase {
public:
    ReduceRun(int n, int it, int th, const float *x)
        : RunBase(n, it, th), m_src(x), m_x(m_count), m_partial(size_t(th) * 8)
    {
    }
    void reset() override { parallelCopy(m_x.p, m_src, m_count, m_threads); }
    // source-view: cpu-reduce-run
    double runOnce(const std::atomic<bool> &stop) override
    {
        const float *x = m_x.p;
        double *partial = m_partial.data();
        const int nt = m_threads;
        double total = 0;
        const double t = timed([&] {
            return parallelIterations(m_threads, m_count, m_iterations, stop,
                                      [&, x, partial](size_t lo, size_t hi, int) {
                                          const double s = sumSpan(x, lo, hi);
                                          const int tid = omp_get_thread_num();
                                          partial[size_t(tid) * 8] = s; // one cache line per thread
#pragma omp barrier
                                          if (tid == 0) {
                                              double sum = 0;
                                              for (int k = 0; k < nt; ++k)
                                                  sum += partial[size_t(k) * 8];
                                              total = sum;
                                          }
                                      });
        });
        m_result = float(total);
        return t;
    }
    // source-view: end
    std::vector<float> output() override
    {
        return {m_result};
    }
    std::vector<HostSpan> hostTensors() const override
    {
        return {m_x.span(m_count)};
    }

private:
    const float *m_src;
    Buffer m_x;
    std::vector<double> m_partial;
    float m_result = 0;
};

// The serial scan runs on the calling thread, whatever the thread count (one chain cannot be
// shared). x is only read and y is overwritten, so the buffers need filling once.
class ScanRun final : public RunBase {
public:
    ScanRun(int n, int it, int th, const float *x) : RunBase(n, it, th), m_src(x), m_x(m_count), m_y(m_count)
    {
    }
    void reset() override
    {
        if (m_filled)
            return;
        std::memcpy(m_x.p, m_src, m_count * sizeof(float));
        std::memset(m_y.p, 0, m_count * sizeof(float)); // first touch outside the timed region
        m_filled = true;
    }
    // source-view: cpu-scan-run
    double runOnce(const std::atomic<bool> &stop) override
    {
        // Chunks only so that a stop is seen within tens of milliseconds at the largest n; the
        // chain runs on through them.
        constexpr size_t chunk = size_t(1) << 24;
        const float *x = m_x.p;
        float *y = m_y.p;
        return timed([&] {
            for (int it = 0; it < m_iterations; ++it) {
                float s = 0;
                for (size_t lo = 0; lo < m_count; lo += chunk) {
                    s = scanSpan(x, y, lo, std::min(m_count, lo + chunk), s);
                    if (stop.load(std::memory_order_relaxed))
                        return false;
                }
            }
            return true;
        });
    }
    // source-view: end
    std::vector<float> output() override { return {m_y.p, m_y.p + m_count}; }
    std::vector<HostSpan> hostTensors() const override { return {m_x.span(m_count), m_y.span(m_count)}; }

private:
    const float *m_src;
    Buffer m_x, m_y;
    bool m_filled = false;
};

class TransferRun final : public RunBase {
public:
    TransferRun(int n, int it, int th, const float *x)
        : RunBase(n, it, th), m_src(x), m_a(m_count), m_b(m_count)
    {
    }
    void reset() override
    {
        parallelCopy(m_a.p, m_src, m_count, m_threads);
        parallelCopy(m_b.p, m_src, m_count, m_threads);
    }
    // source-view: cpu-transfer
    double runOnce(const std::atomic<bool> &stop) override
    {
        float *a = m_a.p, *b = m_b.p;
        return timed([&] {
            return parallelIterations(m_threads, m_count, m_iterations, stop, [=](size_t lo, size_t hi, int) {
                // There and back, as the GPU's host-to-device plus device-to-host round trip.
                std::memcpy(b + lo, a + lo, (hi - lo) * sizeof(float));
                std::memcpy(a + lo, b + lo, (hi - lo) * sizeof(float));
            });
        });
    }
    // source-view: end
    std::vector<float> output() override { return {m_a.p, m_a.p + m_count}; }
    std::vector<HostSpan> hostTensors() const override { return {m_a.span(m_count), m_b.span(m_count)}; }

private:
    const float *m_src;
    Buffer m_a, m_b;
};

class GemmRun final : public RunBase {
public:
    GemmRun(int n, int it, int th, std::string variant, const float *a, const float *b)
        : RunBase(n, it, th), m_variant(std::move(variant)), m_srcA(a), m_srcB(b), m_a(m_count), m_b(m_count),
          m_c(m_count)
    {
    }
    // A and B are only read and C is overwritten, so the buffers need filling once. Filling
    // them again before every repetition would also leave the OpenMP team spinning for the
    // first milliseconds of the product, fighting OpenBLAS's own threads for the cores.
    void reset() override
    {
        if (m_filled)
            return;
        if (m_variant == "blas-bf16") {
            // source-view: cpu-gemm-bf16
            // The fp32 inputs rounded to bf16 once, here, outside the timed region (as a program
            // that keeps its tensors in bf16 would). sbgemm accumulates in fp32 and writes C in fp32.
            m_a16.resize(m_count);
            m_b16.resize(m_count);
            for (size_t i = 0; i < m_count; ++i) {
                m_a16[i] = BlasLibrary::toBf16(m_srcA[i]);
                m_b16[i] = BlasLibrary::toBf16(m_srcB[i]);
            }
            // source-view: end
            std::memset(m_c.p, 0, m_count * sizeof(float));
        } else if (m_variant == "blas") { // OpenBLAS's threads are not OpenMP's: first touch does not matter
            std::memcpy(m_a.p, m_srcA, m_count * sizeof(float));
            std::memcpy(m_b.p, m_srcB, m_count * sizeof(float));
            std::memset(m_c.p, 0, m_count * sizeof(float));
        } else {
            parallelCopy(m_a.p, m_srcA, m_count, m_threads);
            parallelCopy(m_b.p, m_srcB, m_count, m_threads);
            parallelCopy(m_c.p, m_srcA, m_count, m_threads); // first touch of C by its owners
        }
        m_filled = true;
    }
    double runOnce(const std::atomic<bool> &stop) override
    {
        return timed([&] {
            for (int it = 0; it < m_iterations; ++it) {
                if (stop.load(std::memory_order_relaxed))
                    return false;
                bool done = true;
                if (m_variant == "naive")
                    done = naive(stop);
                else if (m_variant == "tiled")
                    done = tiled(stop);
                else
                    done = blas(stop);
                if (!done)
                    return false;
            }
            return true;
        });
    }
    std::vector<float> output() override { return {m_c.p, m_c.p + m_count}; }
    std::vector<HostSpan> hostTensors() const override
    {
        if (m_variant == "blas-bf16") // the inputs sbgemm reads are the bf16 copies
            return {{m_a16.data(), m_a16.size() * sizeof(m_a16[0])},
                    {m_b16.data(), m_b16.size() * sizeof(m_b16[0])},
                    m_c.span(m_count)};
        return {m_a.span(m_count), m_b.span(m_count), m_c.span(m_count)};
    }

private:
    // source-view: cpu-gemm-naive
    bool naive(const std::atomic<bool> &stop)
    {
        const int n = m_n;
        const float *A = m_a.p, *B = m_b.p;
        float *C = m_c.p;
        std::atomic<bool> stopped = false;
#pragma omp parallel for num_threads(m_threads) schedule(static)
        for (int i = 0; i < n; ++i) {
            if (stopped.load(std::memory_order_relaxed) || stop.load(std::memory_order_relaxed)) {
                stopped = true;
                continue;
            }
            for (int j = 0; j < n; ++j) {
                float s = 0;
                for (int k = 0; k < n; ++k)
                    s += A[size_t(i) * n + k] * B[size_t(k) * n + j];
                C[size_t(i) * n + j] = s;
            }
        }
        return !stopped;
    }
    // source-view: end

    // source-view: cpu-gemm-tiled
    bool tiled(const std::atomic<bool> &stop)
    {
        // Cache blocking: a block of rows of C, a panel of k, a vectorised j loop over a row
        // of B (i-k-j order keeps the inner loop unit-stride for both B and C).
        constexpr int TI = 32, TK = 128, TJ = 512;
        const int n = m_n;
        const float *A = m_a.p, *B = m_b.p;
        float *C = m_c.p;
        std::atomic<bool> stopped = false;
        const int rowBlocks = (n + TI - 1) / TI;
#pragma omp parallel for num_threads(m_threads) schedule(static)
        for (int ib = 0; ib < rowBlocks; ++ib) {
            if (stopped.load(std::memory_order_relaxed) || stop.load(std::memory_order_relaxed)) {
                stopped = true;
                continue;
            }
            const int i0 = ib * TI, i1 = std::min(n, i0 + TI);
            for (int i = i0; i < i1; ++i)
                std::memset(C + size_t(i) * n, 0, sizeof(float) * size_t(n));
            for (int j0 = 0; j0 < n; j0 += TJ) {
                const int j1 = std::min(n, j0 + TJ);
                for (int k0 = 0; k0 < n; k0 += TK) {
                    const int k1 = std::min(n, k0 + TK);
                    for (int i = i0; i < i1; ++i) {
                        float *c = C + size_t(i) * n;
                        for (int k = k0; k < k1; ++k)
                            axpyRow(A[size_t(i) * n + k], B + size_t(k) * n, c, j0, j1);
                    }
                }
            }
        }
        return !stopped;
    }
    // source-view: end

    bool blas(const std::atomic<bool> &stop)
    {
        const BlasLibrary *lib = BlasLibrary::loaded();
        if (!lib)
            throw std::invalid_argument(BlasLibrary::report().error);
        const int n = m_n;
        lib->setNumThreads(m_threads);
        // One BLAS call cannot be interrupted, and its speed varies 5x with the kernel OpenBLAS
        // picked (a generic SSE kernel took 1.9 s for a fixed 2e10-FLOP panel): big products
        // are split into slices sized by time at the rate measured on this run, so that a stop
        // is seen within about panelSeconds. The first slice is small, to measure that rate.
        // The split is along k: C = sum of A[:, k0:k1] * B[k0:k1, :], the first slice with
        // beta = 0 and the rest accumulating with beta = 1. OpenBLAS walks k in blocks itself
        // and updates all of C once per block, so slices of whole blocks add no packing and no
        // traffic; row panels re-packed all of B for every panel (a fifth of the time at n = 4096).
        constexpr double panelSeconds = 0.05, firstPanelFlops = 1e9;
        constexpr int kBlock = 64, kMin = 16;
        const double kFlops = 2.0 * double(n) * n; // per unit of k
        // source-view: cpu-gemm-blas
        auto gemmK = [&](int k0, int kb) {
            const auto t0 = Clock::now();
            const float beta = k0 == 0 ? 0.0f : 1.0f;
            if (m_variant == "blas-bf16") // bf16 products, fp32 accumulation (AVX-512 BF16)
                lib->sbgemm(BlasLibrary::rowMajor, BlasLibrary::noTrans, BlasLibrary::noTrans, n, n, kb, 1.0f,
                            m_a16.data() + k0, n, m_b16.data() + size_t(k0) * n, n, beta, m_c.p, n);
            else
                lib->sgemm(BlasLibrary::rowMajor, BlasLibrary::noTrans, BlasLibrary::noTrans, n, n, kb, 1.0f,
                           m_a.p + k0, n, m_b.p + size_t(k0) * n, n, beta, m_c.p, n);
            const double s = std::chrono::duration<double>(Clock::now() - t0).count();
            if (s > 1e-4) // shorter is mostly timer and call overhead
                m_blasFlopsPerS = kb * kFlops / s;
        };
        // source-view: end
        const double total = kFlops * n;
        if (m_blasFlopsPerS > 0 ? total <= panelSeconds * m_blasFlopsPerS : total <= firstPanelFlops) {
            gemmK(0, n); // short enough to wait for: one call, as a user would make it
            return true;
        }
        for (int k = 0; k < n;) {
            if (stop.load(std::memory_order_relaxed))
                return false;
            const double flops = m_blasFlopsPerS > 0 ? panelSeconds * m_blasFlopsPerS : firstPanelFlops;
            int kb = int(std::min(flops / kFlops, double(n)));
            kb = kb >= kBlock ? kb / kBlock * kBlock : std::max(kMin, kb);
            if (n - k - kb < kb / 2) // no sliver at the end: it would cost a pass over C for little
                kb = n - k;
            gemmK(k, std::min(kb, n - k));
            k += kb;
        }
        return true;
    }

    std::string m_variant;
    const float *m_srcA, *m_srcB;
    Buffer m_a, m_b, m_c;
    std::vector<std::uint16_t> m_a16, m_b16; ///< blas-bf16: the inputs in bf16
    bool m_filled = false;
    double m_blasFlopsPerS = 0; ///< measured on this run's last panel; 0 before the first
};

} // namespace

std::string CpuKernels::instructionSet()
{
#ifdef SPEEDUPLAB_DISPATCH
    return cloneLevel();
#else
    return "as compiled (this build does not dispatch at run time)";
#endif
}

bool CpuKernels::haveBlas()
{
    return BlasLibrary::loaded() != nullptr;
}

std::string CpuKernels::available(const std::string &workload, const std::string &variant)
{
    if (workload == "gemm" && (variant == "blas" || variant == "blas-bf16") && !haveBlas())
        return BlasLibrary::report().error;
    if (workload == "gemm" && variant == "blas-bf16") {
        // The symbol first: without it nothing can run, whatever the CPU.
        const BlasLibrary::Report &r = BlasLibrary::report();
        if (!BlasLibrary::loaded()->sbgemm)
            return "OpenBLAS " + r.version + " (" + r.path +
                   ") has no cblas_sbgemm: it was built without bfloat16 support (BUILD_BFLOAT16), so there "
                   "is no CPU bf16 GEMM to run. Name a build that has it in SPEEDUPLAB_OPENBLAS.";
        if (!BlasLibrary::cpuFeatures().avx512bf16)
            return "This CPU has no AVX-512 BF16 instructions (avx512_bf16), so OpenBLAS's sbgemm would "
                   "convert every bf16 product in software: a CPU bf16 GEMM needs them to be meaningful.";
    }
    return "";
}

std::unique_ptr<CpuKernels::Run> CpuKernels::create(const std::string &workload, const std::string &variant,
                                                    int n, int iterations, int threads, float alpha,
                                                    const std::vector<const float *> &in)
{
    if (n <= 0 || iterations <= 0 || threads <= 0)
        throw std::invalid_argument("n, iterations and threads must be positive");
    omp_set_dynamic(0); // exactly the thread count asked for
    auto need = [&](size_t k) {
        if (in.size() < k)
            throw std::invalid_argument("workload " + workload + " needs " + std::to_string(k) + " inputs");
    };
    std::unique_ptr<Run> r;
    if (workload == "add" && variant.empty()) {
        need(1);
        r = std::make_unique<AddRun>(n, iterations, threads, in[0]);
    } else if (workload == "saxpy" && variant.empty()) {
        need(2);
        r = std::make_unique<SaxpyRun>(n, iterations, threads, alpha, in[0], in[1]);
    } else if (workload == "reduce" && variant.empty()) {
        need(1);
        r = std::make_unique<ReduceRun>(n, iterations, threads, in[0]);
    } else if (workload == "scan" && variant == "serial") {
        need(1);
        r = std::make_unique<ScanRun>(n, iterations, threads, in[0]);
    } else if (workload == "spmv" && variant == "csr") {
        need(1);
        r = Spmv::cpuRun(n, iterations, threads, in[0]);
    } else if (workload == "transfer" && variant == "memcpy") {
        need(1);
        r = std::make_unique<TransferRun>(n, iterations, threads, in[0]);
    } else if (workload == "gemm" &&
               (variant == "naive" || variant == "tiled" || variant == "blas" || variant == "blas-bf16")) {
        const std::string why = available(workload, variant);
        if (!why.empty())
            throw std::invalid_argument(why);
        need(2);
        r = std::make_unique<GemmRun>(n, iterations, threads, variant, in[0], in[1]);
    } else {
        throw std::invalid_argument("the CPU has no workload \"" + workload + "\" with variant \"" + variant +
                                    "\"");
    }
    if (!(workload == "gemm" && (variant == "blas" || variant == "blas-bf16")))
        warmUpThreads(threads);
    else
        setBlasThreads(threads);
    return r;
}

void CpuKernels::setBlasThreads(int threads)
{
    if (const BlasLibrary *lib = BlasLibrary::loaded())
        lib->setNumThreads(threads);
}

void CpuKernels::warmUpThreads(int threads)
{
    omp_set_dynamic(0);
    volatile int sink = 0;
    for (int k = 0; k < 3; ++k) {
#pragma omp parallel num_threads(threads)
        {
            if (omp_get_thread_num() == 0)
                sink = sink + 1;
        }
    }
    setBlasThreads(threads);
}

} // namespace speeduplab
