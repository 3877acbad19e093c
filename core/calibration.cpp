#include "core/calibration.h"

#include "core/cpukernels.h"
#include "core/reference.h"
#include "core/workload.h"
#include "cuda/gpubackend.h"

#include <omp.h>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace speeduplab {

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

void checkStop(const std::atomic<bool> &stop)
{
    if (stop.load())
        throw gpu::Cancelled();
}

// STREAM triad a = b + s*c with all of `threads`, arrays far larger than the caches.
double triad(int threads, const std::atomic<bool> &stop)
{
    const size_t n = size_t(32) << 20; // 32 Mi floats: 128 MiB per array
    std::unique_ptr<float, decltype(&std::free)> a(static_cast<float *>(std::aligned_alloc(64, n * 4)),
                                                   std::free),
        b(static_cast<float *>(std::aligned_alloc(64, n * 4)), std::free),
        c(static_cast<float *>(std::aligned_alloc(64, n * 4)), std::free);
    if (!a || !b || !c)
        throw std::bad_alloc();
    float *pa = a.get(), *pb = b.get(), *pc = c.get();
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < n; ++i) {
        pa[i] = 0;
        pb[i] = 1;
        pc[i] = 2;
    }
    double best = 1e30;
    for (int rep = 0; rep < 6; ++rep) {
        checkStop(stop);
        const auto t0 = Clock::now();
#if defined(__SSE__)
        // Streaming stores: without them the CPU reads every line of `a` before writing it
        // (write-allocate), so the triad would move 4 streams while counting 3, and an
        // in-place kernel such as saxpy would appear to beat its own ceiling.
        const __m128 s = _mm_set1_ps(3.0f);
#pragma omp parallel for num_threads(threads) schedule(static)
        for (size_t i = 0; i < n; i += 4)
            _mm_stream_ps(pa + i, _mm_add_ps(_mm_load_ps(pb + i), _mm_mul_ps(s, _mm_load_ps(pc + i))));
        _mm_sfence();
#else
#pragma omp parallel for simd num_threads(threads) schedule(static)
        for (size_t i = 0; i < n; ++i)
            pa[i] = pb[i] + 3.0f * pc[i];
#endif
        best = std::min(best, seconds(t0, Clock::now()));
    }
    return 3.0 * 4.0 * double(n) / best;
}

double parallelRegion(int threads)
{
    CpuKernels::warmUpThreads(threads);
    volatile int sink = 0;
    const int reps = 2000;
    const auto t0 = Clock::now();
    for (int r = 0; r < reps; ++r) {
#pragma omp parallel num_threads(threads)
        {
            if (omp_get_thread_num() == 0)
                sink = sink + 1;
        }
    }
    return seconds(t0, Clock::now()) / reps;
}

double cpuGemmFlops(int threads, const std::atomic<bool> &stop)
{
    if (!CpuKernels::haveBlas())
        return 0;
    const int n = threads >= 8 ? 4096 : 2048;
    const auto in = Reference::inputs("gemm", n);
    auto run = CpuKernels::create("gemm", "blas", n, 1, threads, 0, {in[0].data(), in[1].data()});
    run->reset();
    run->runOnce(stop);
    double best = 1e30;
    for (int r = 0; r < 3; ++r)
        best = std::min(best, run->runOnce(stop));
    return 2.0 * double(n) * n * n / best;
}

} // namespace

std::map<std::string, double> Calibration::cpu(int threads, const std::atomic<bool> &stop)
{
    std::map<std::string, double> c;
    c[cpuParallelRegion] = parallelRegion(threads);
    c[cpuTriad] = triad(threads, stop);
    const double g = cpuGemmFlops(threads, stop);
    if (g > 0)
        c[cpuGemm] = g;
    return c;
}

std::map<std::string, double> Calibration::gpu(int device, const std::atomic<bool> &stop)
{
    const gpu::Ceilings g = gpu::calibrate(device, stop);
    return {{gpuCopy, g.deviceCopyBytesPerS},      {gpuH2dPageable, g.h2dPageableBytesPerS},
            {gpuH2dPinned, g.h2dPinnedBytesPerS},  {gpuD2hPageable, g.d2hPageableBytesPerS},
            {gpuD2hPinned, g.d2hPinnedBytesPerS},  {gpuLaunch, g.launchLatencyS},
            {gpuSyncRoundTrip, g.syncRoundTripS},  {gpuCublas, g.cublasFlopsPerS},
            {gpuCublasTf32, g.cublasTf32FlopsPerS}};
}

std::pair<std::string, double> Calibration::ceilingFor(const Measurement &m, const MachineInfo &machine)
{
    auto get = [&](const char *k) -> std::pair<std::string, double> {
        auto it = machine.ceilings.find(k);
        if (it == machine.ceilings.end() || !(it->second > 0))
            return {"", 0};
        return {k, it->second};
    };
    if (m.isGpu()) {
        if (m.workload == "gemm")
            return get(m.variant == "cublas-tf32" ? gpuCublasTf32 : gpuCublas);
        if (m.workload == "transfer") {
            // A round trip: the harmonic mean of the two directions is the ceiling of the pair.
            const bool pinned = m.variant == "pinned";
            const auto h = get(pinned ? gpuH2dPinned : gpuH2dPageable),
                       d = get(pinned ? gpuD2hPinned : gpuD2hPageable);
            if (h.second > 0 && d.second > 0)
                return {h.first, 2.0 / (1.0 / h.second + 1.0 / d.second)};
            return {"", 0};
        }
        return get(gpuCopy);
    }
    if (m.workload == "gemm")
        return get(cpuGemm);
    return get(cpuTriad);
}

double Calibration::fractionOfCeiling(const Measurement &m, const MachineInfo &machine)
{
    if (!m.ok() || !(m.stats.median > 0))
        return 0;
    const auto [name, value] = ceilingFor(m, machine);
    if (!(value > 0))
        return 0;
    const double achieved = (m.workload == "gemm" ? m.flops : m.bytes) / m.stats.median;
    return achieved / value;
}

std::string Calibration::describe(const std::string &key, double v)
{
    char buf[128];
    auto ends = [&](const char *s) {
        const std::string e(s);
        return key.size() >= e.size() && key.compare(key.size() - e.size(), e.size(), e) == 0;
    };
    if (ends("_bytes_per_s"))
        std::snprintf(buf, sizeof buf, "%.1f GB/s", v / 1e9);
    else if (ends("_flops_per_s"))
        std::snprintf(buf, sizeof buf, "%.1f GFLOP/s", v / 1e9);
    else if (ends("_s"))
        std::snprintf(buf, sizeof buf, "%.2f us", v * 1e6);
    else
        std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

} // namespace speeduplab

// ---- per-thread ceilings, levels and roofs (being written) ----
namespace speeduplab {
std::string Calibration::atThreads(const std::string &key, int threads)
{
    return key + '@' + std::to_string(threads);
}
double Calibration::value(const MachineInfo &machine, const std::string &key, int threads)
{
    if (threads > 0) {
        auto it = machine.ceilings.find(atThreads(key, threads));
        if (it != machine.ceilings.end() && it->second > 0)
            return it->second;
    }
    auto it = machine.ceilings.find(key);
    return it != machine.ceilings.end() && it->second > 0 ? it->second : 0;
}
Calibration::Level Calibration::levelFor(const Measurement &, const MachineInfo &) { return {}; }
double Calibration::workingSetBytes(const Measurement &) { return 0; }
std::string Calibration::aboveCeilingReason(const Measurement &, const MachineInfo &) { return {}; }
std::vector<Calibration::Roof> Calibration::roofs(const MachineInfo &) { return {}; }
} // namespace speeduplab
