// SPDX-License-Identifier: MIT
// The machine's ceilings: measuring them (CPU here, GPU through cuda/), and which ceiling a point is
// held against (the level its working set lives in).
#include "core/measure/calibration.h"

#include "core/kernels/cpukernels.h"
#include "core/kernels/cpupeaks.h"
#include "core/machine/gpuspecs.h"
#include "core/measure/reference.h"
#include "core/model/workload.h"
#include "cuda/gpubackend.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
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

// The thread counts the per-thread ceilings are measured at: powers of two up to `threads`,
// and `threads` itself (the counts a sweep over "all" threads uses).
std::vector<int> threadCounts(int threads)
{
    std::vector<int> counts;
    for (int t = 1; t < threads; t *= 2)
        counts.push_back(t);
    counts.push_back(threads);
    return counts;
}

std::string mib(double bytes)
{
    char buf[32];
    if (bytes >= 1 << 20)
        std::snprintf(buf, sizeof buf, "%.3g MiB", bytes / (1 << 20));
    else
        std::snprintf(buf, sizeof buf, "%.3g KiB", bytes / 1024);
    return buf;
}

// A cache level of the CPU: its name, its key in cpuLevelKey and how many bytes of a point's
// working set it holds with `threads` threads: as far as it was measured to reach (cpuReachKey),
// else as the topology reports it (the private L1 and L2 once per thread, the L3 once). A private
// level reaches at least its size.
struct CacheLevel {
    const char *name;
    const char *level;
    double capacity;
};

std::vector<CacheLevel> cpuCaches(const MachineInfo &machine, int threads)
{
    const double t = std::max(1, threads);
    const auto reach = [&](const char *level) {
        return Calibration::value(machine, Calibration::cpuReachKey(level), threads);
    };
    const double l3 = reach("l3");
    return {{"L1", "l1", std::max(machine.cacheBytes("L1d") * t, reach("l1"))},
            {"L2", "l2", std::max(machine.cacheBytes("L2") * t, reach("l2"))},
            {"L3", "l3", l3 > 0 ? l3 : machine.cacheBytes("L3")}};
}

// The three mixes in the order CpuPeaks::mixBytesPerS measures them, and the traffic of the
// workloads each stands for.
const std::vector<CpuPeaks::Mix> kMixes = {CpuPeaks::Mix::Update, CpuPeaks::Mix::Read,
                                           CpuPeaks::Mix::ReadWrite};
const Workload::Traffic kTraffic[] = {Workload::Traffic::TwoReadsOne, Workload::Traffic::Read,
                                      Workload::Traffic::ReadWrite};

// How far a cache level reaches for `threads` threads, measured: each mix over working sets
// doubling from `first` (all threads' slices together) up to `largest`, until two in a row have no
// mix 5 % above the next level's ceiling of that mix (`next`, in kMixes' order). A mix may reach
// further than another (reads alone find more of their data in a victim L3), and a shared cache
// serves more or less as the machine's other programs use it: the reach is the last working set
// where any mix was above, so that a point short of it is held against this level, which bounds
// it, and a point past it runs at the next level's speed. Each mix's best up to there is kept
// (the L3's ceilings: they are measured here). No reach (0) when none was above.
struct Reach {
    double bytes = 0;
    std::vector<double> best; ///< per mix, in kMixes' order
    double at = 0;            ///< the working set of the update's best
};

Reach reachOf(int threads, double first, double largest, const std::vector<double> &next,
              const std::atomic<bool> &stop)
{
    Reach reach;
    reach.best.assign(kMixes.size(), 0.0);
    int below = 0;
    for (double ws = first; ws <= largest && below < 2; ws *= 2) {
        const std::vector<double> r =
            CpuPeaks::mixBytesPerS(threads, std::size_t(ws / threads), kMixes, stop);
        bool above = false;
        for (std::size_t k = 0; k < r.size(); ++k)
            above = above || r[k] > 1.05 * next[k];
        if (!above) {
            ++below;
            continue;
        }
        below = 0;
        reach.bytes = ws;
        if (r[0] > reach.best[0])
            reach.at = std::floor(ws / threads / 8 / 64) * 64 * 8 * threads; // as the kernels round it
        for (std::size_t k = 0; k < r.size(); ++k)
            reach.best[k] = std::max(reach.best[k], r[k]);
    }
    return reach;
}

} // namespace

std::string Calibration::cpuLevelKey(std::string_view level, Workload::Traffic traffic)
{
    const char *mix = traffic == Workload::Traffic::Read        ? "_read"
                      : traffic == Workload::Traffic::ReadWrite ? "_rw"
                                                                : "";
    return "cpu_" + std::string(level) + mix + "_bytes_per_s";
}

std::string Calibration::cpuReachKey(std::string_view level)
{
    return "cpu_" + std::string(level) + "_reach_bytes";
}

std::string Calibration::cpuWorkingSetKey(std::string_view level)
{
    return "cpu_" + std::string(level) + "_working_set_bytes";
}

std::map<std::string, double> Calibration::cpu(int threads, const std::atomic<bool> &stop)
{
    threads = std::max(1, threads);
    MachineInfo caches;
    caches.caches = MachineInfo::probeCaches();
    const double l1 = caches.cacheBytes("L1d"), l2 = caches.cacheBytes("L2"), l3 = caches.cacheBytes("L3");
    // DRAM: three arrays together at least twice the last cache (and 128 MiB each), so that
    // almost nothing of them is in any cache; at most 512 MiB each, whatever L3 a virtual
    // machine reports. The mixes sweep the same bytes in two arrays.
    const std::size_t dramArray = std::size_t(std::clamp(l3 * 2 / 3, 128.0 * (1 << 20), 512.0 * (1 << 20)));
    const double dramBytes = 3.0 * double(dramArray);

    std::map<std::string, double> c;
    c[cpuParallelRegion] = parallelRegion(threads);
    const std::vector<int> counts = threadCounts(threads);
    const std::vector<double> dram = CpuPeaks::dramTriadBytesPerS(counts, dramArray, stop);
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const int t = counts[i];
        auto put = [&](const std::string &key, double v) {
            if (v > 0)
                c[atThreads(key, t)] = v;
        };
        // A level's three mixes, measured at a working set of `bytes` (all threads' slices
        // together), which is recorded with them.
        auto record = [&](const char *name, const std::vector<double> &rates, double bytes) {
            for (std::size_t k = 0; k < rates.size(); ++k)
                put(cpuLevelKey(name, kTraffic[k]), rates[k]);
            put(cpuWorkingSetKey(name), bytes);
        };
        auto level = [&](const char *name, double bytes) {
            const std::vector<double> r = CpuPeaks::mixBytesPerS(t, std::size_t(bytes / t), kMixes, stop);
            record(name, r, std::floor(bytes / t / 8 / 64) * 64 * 8 * t); // as the kernels round it
            return r;
        };
        put(cpuFma, CpuPeaks::fmaFlopsPerS(t, stop));
        put(cpuTriad, dram[i]);
        // DRAM first, then the L3 as far as it was measured to reach DRAM's speed: the L3 a CPU
        // reports may be the whole socket's (virtual machines report the host's), of which these
        // threads reach only their own complex's share. Its profile starts at four times the
        // threads' L2s together (little of it left in them), or half the reported L3 when that
        // is less: many cores' L2s together may outgrow a shared L3.
        const std::vector<double> dramRates = level("dram", dramBytes);
        const double l3First = std::max(std::min(4 * l2 * t, l3 > 0 ? l3 / 2 : 1e300), double(1 << 20));
        const Reach l3Reach = reachOf(t, l3First, dramBytes / 2, dramRates, stop);
        if (l3Reach.bytes > 0) {
            put(cpuReachKey("l3"), l3Reach.bytes);
            record("l3", l3Reach.best, l3Reach.at);
        }
        // Each private level with a slice of half its size per thread, and only where the level
        // is larger than the one before it, so that it is that level which serves the slice; then
        // how far past its size it still beats the level after it.
        const std::vector<double> &afterL2 = l3Reach.bytes > 0 ? l3Reach.best : dramRates;
        if (l1 > 0 && l2 >= 4 * l1) {
            const std::vector<double> l2Rates = level("l2", l2 / 2 * t);
            put(cpuReachKey("l2"), reachOf(t, l2 * t, 4 * l2 * t, afterL2, stop).bytes);
            level("l1", l1 / 2 * t);
            put(cpuReachKey("l1"), reachOf(t, l1 * t, l2 / 2 * t, l2Rates, stop).bytes);
        } else if (l1 > 0) {
            level("l1", l1 / 2 * t);
        }
        // DRAM once more, seconds later, keeping the better of the two: on a shared machine a
        // neighbour's burst of memory traffic can halve what one pass sees.
        std::vector<double> again = CpuPeaks::mixBytesPerS(t, std::size_t(dramBytes / t), kMixes, stop);
        for (std::size_t k = 0; k < again.size(); ++k)
            again[k] = std::max(again[k], dramRates[k]);
        record("dram", again, std::floor(dramBytes / t / 8 / 64) * 64 * 8 * t);
    }
    // The plain keys: the values at the calibration's thread count, as before per-thread
    // ceilings existed (older readers, and the roofline's roofs, use them).
    for (auto it = c.begin(); it != c.end(); ++it) {
        const std::string suffix = '@' + std::to_string(threads);
        if (it->first.size() > suffix.size() &&
            it->first.compare(it->first.size() - suffix.size(), suffix.size(), suffix) == 0)
            c[it->first.substr(0, it->first.size() - suffix.size())] = it->second;
    }
    const double g = cpuGemmFlops(threads, stop);
    if (g > 0)
        c[cpuGemm] = g;
    return c;
}

std::map<std::string, double> Calibration::gpu(int device, const std::atomic<bool> &stop,
                                               std::string *cublasMissing)
{
    const gpu::Ceilings g = gpu::calibrate(device, stop);
    if (cublasMissing)
        *cublasMissing = g.cublasMissing;
    return {{gpuCopy, g.deviceCopyBytesPerS},
            {gpuH2dPageable, g.h2dPageableBytesPerS},
            {gpuH2dPinned, g.h2dPinnedBytesPerS},
            {gpuD2hPageable, g.d2hPageableBytesPerS},
            {gpuD2hPinned, g.d2hPinnedBytesPerS},
            {gpuLaunch, g.launchLatencyS},
            {gpuSyncRoundTrip, g.syncRoundTripS},
            {gpuCublas, g.cublasFlopsPerS},
            {gpuCublasTf32, g.cublasTf32FlopsPerS},
            {gpuCublasFp16, g.cublasFp16FlopsPerS},
            {gpuCublasBf16, g.cublasBf16FlopsPerS},
            {gpuL2, g.l2BytesPerS},
            {gpuFma, g.fmaFlopsPerS}};
}

std::string Calibration::deviceKey(std::string_view prefix, int device, const char *what)
{
    return std::string(prefix) + std::to_string(std::max(0, device)) + '_' + what;
}

bool Calibration::parseDeviceKey(const std::string &key, std::string &deviceId, std::string &what)
{
    for (const DescribedBackend &b : describedBackends) {
        if (key.rfind(b.prefix, 0) != 0)
            continue;
        std::size_t at = b.prefix.size(), digits = 0;
        int index = 0;
        while (at < key.size() && digits < 4 && key[at] >= '0' && key[at] <= '9') {
            index = index * 10 + (key[at++] - '0');
            ++digits;
        }
        if (digits == 0 || at + 1 >= key.size() || key[at] != '_')
            continue;
        deviceId = std::string(b.prefix) + ':' + std::to_string(index);
        what = key.substr(at + 1);
        return true;
    }
    return false;
}

std::map<std::string, double> Calibration::ofDevice(std::string_view prefix, int device,
                                                    const DeviceCeilings &c)
{
    const auto key = [&](const char *what) { return deviceKey(prefix, device, what); };
    // A ceiling the backend did not measure (0: Vulkan has no pageable copy; a dispatch where the
    // device's timestamps do not follow time) is absent, never 0.
    std::map<std::string, double> out;
    for (const auto &[what, v] : {std::pair{"copy_bytes_per_s", c.copyBytesPerS},
                                  {"fma_flops_per_s", c.fmaFlopsPerS},
                                  {"launch_s", c.launchLatencyS},
                                  {"sync_round_trip_s", c.syncRoundTripS},
                                  {"h2d_pageable_bytes_per_s", c.h2dPageableBytesPerS},
                                  {"h2d_pinned_bytes_per_s", c.h2dPinnedBytesPerS},
                                  {"d2h_pageable_bytes_per_s", c.d2hPageableBytesPerS},
                                  {"d2h_pinned_bytes_per_s", c.d2hPinnedBytesPerS},
                                  {"dispatch_s", c.dispatchLatencyS}})
        if (v > 0)
            out[key(what)] = v;
    return out;
}

std::string Calibration::atThreads(const std::string &key, int threads)
{
    return key + '@' + std::to_string(threads);
}

double Calibration::value(const MachineInfo &machine, const std::string &key, int threads)
{
    auto it = machine.ceilings.find(key);
    const double plain =
        it != machine.ceilings.end() && it->second > 0 && std::isfinite(it->second) ? it->second : 0;
    if (threads <= 0)
        return plain;
    // The measured thread counts bracketing `threads`: exact, else interpolated linearly
    // (a sweep may use counts the calibration did not), else the nearest one measured.
    const std::string prefix = key + '@';
    int lo = 0, hi = 0;
    double vlo = 0, vhi = 0;
    for (auto c = machine.ceilings.lower_bound(prefix);
         c != machine.ceilings.end() && c->first.compare(0, prefix.size(), prefix) == 0; ++c) {
        // From a file, the suffix may be anything: only a plain positive count is a thread count.
        char *end = nullptr;
        const long parsed = std::strtol(c->first.c_str() + prefix.size(), &end, 10);
        if (*end != '\0' || parsed <= 0 || parsed > 1 << 20 || !(c->second > 0) || !std::isfinite(c->second))
            continue;
        const int t = int(parsed);
        if (t == threads)
            return c->second;
        if (t < threads && t > lo)
            lo = t, vlo = c->second;
        if (t > threads && (hi == 0 || t < hi))
            hi = t, vhi = c->second;
    }
    if (lo && hi)
        return vlo + (vhi - vlo) * double(threads - lo) / double(hi - lo);
    if (lo || hi)
        return lo ? vlo : vhi;
    return plain;
}

double Calibration::workingSetBytes(const Measurement &m)
{
    if (const Workload *w = Workload::find(m.workload))
        return w->footprintBytes(m.n);
    return 4.0 * (m.elements > 0 ? m.elements : double(m.n) * double(m.n));
}

bool Calibration::coldEveryOperation(const Measurement &m)
{
    return m.conditions.cache == "cold" && m.iterations == 1;
}

Calibration::Level Calibration::levelFor(const Measurement &m, const MachineInfo &machine,
                                         bool calibratedOnly)
{
    auto known = [&](const char *key) { return !calibratedOnly || value(machine, key) > 0; };
    auto level = [&](const char *name, const char *key, bool flops, int threads = 0) {
        return Level{name, key, value(machine, key, threads), flops};
    };
    if (const DescribedBackend *described = describedByRow(m.backend)) {
        // The device's own ceilings (Calibration::ofDevice), under its own keys.
        const auto ownKey = [&](const char *what) { return deviceKey(described->prefix, m.device, what); };
        const auto own = [&](const char *name, const char *what, bool flops) {
            const std::string key = ownKey(what);
            return Level{name, key, value(machine, key), flops};
        };
        if (Workload::isArithmetic(m.workload))
            return own("FMA peak", "fma_flops_per_s", true);
        if (Workload::isCopy(m.workload)) {
            if (m.variant == "zero-copy") // nothing is copied: no link to hold it against
                return {"shared memory (no copy)", "", 0, false};
            const bool pinned = m.variant == "pinned";
            const Level h =
                own("host link", pinned ? "h2d_pinned_bytes_per_s" : "h2d_pageable_bytes_per_s", false);
            const double d =
                value(machine, ownKey(pinned ? "d2h_pinned_bytes_per_s" : "d2h_pageable_bytes_per_s"));
            return {"host link", h.key, h.value > 0 && d > 0 ? 2.0 / (1.0 / h.value + 1.0 / d) : 0, false};
        }
        if (m.mode == "fused")
            return own("registers", "fma_flops_per_s", true);
        return own("device memory", "copy_bytes_per_s", false);
    }
    if (m.isCuda()) {
        if (Workload::isArithmetic(m.workload)) {
            if (m.variant == "cublas-tf32")
                return level("tensor cores (cuBLAS TF32)", gpuCublasTf32, true);
            if (m.variant == "cublas-fp16")
                return level("tensor cores (cuBLAS FP16)", gpuCublasFp16, true);
            if (m.variant == "cublas-bf16")
                return level("tensor cores (cuBLAS BF16)", gpuCublasBf16, true);
            return value(machine, gpuFma) > 0 ? level("FMA peak", gpuFma, true)
                                              : level("cuBLAS SGEMM", gpuCublas, true);
        }
        if (Workload::isCopy(m.workload)) {
            // A round trip: the harmonic mean of the two directions is the ceiling of the pair.
            const bool pinned = m.variant == "pinned";
            const char *h2d = pinned ? gpuH2dPinned : gpuH2dPageable;
            const double h = value(machine, h2d), d = value(machine, pinned ? gpuD2hPinned : gpuD2hPageable);
            return {"host link", h2d, h > 0 && d > 0 ? 2.0 / (1.0 / h + 1.0 / d) : 0, false};
        }
        // All iterations in one kernel: the data stay in registers, and only arithmetic limits.
        if (m.mode == "fused" && known(gpuFma))
            return level("registers", gpuFma, true);
        // Cold, one operation a repetition: its data come from HBM, whatever the L2 could hold.
        if (coldEveryOperation(m))
            return level("HBM", gpuCopy, false);
        double l2 = 0;
        for (const auto &g : machine.gpus)
            if (g.index == std::max(0, m.device))
                l2 = GpuSpecs::l2Bytes(g); // the spec sheet's when the recording does not say
        if (l2 > 0 && workingSetBytes(m) <= l2 && known(gpuL2))
            return level("GPU L2", gpuL2, false);
        return level("HBM", gpuCopy, false);
    }
    // VDPBF16PS does two bf16 products per fp32 lane: against the fp32 FMA peak a good bf16 GEMM
    // would read up to 200 %, and no bf16 peak is calibrated, so it is held against none.
    if (Workload::isArithmetic(m.workload) && m.variant == "blas-bf16")
        return {"bf16 dot-product peak", "", 0, true};
    if (Workload::isArithmetic(m.workload))
        return value(machine, cpuFma, m.threads) > 0 ? level("FMA peak", cpuFma, true, m.threads)
                                                     : level("BLAS SGEMM", cpuGemm, true);
    // A level's ceiling for the point's mix of reads and writes; a file from before the mixes
    // were measured has the update's (and for DRAM the triad's) only.
    const Workload *w = Workload::find(m.workload);
    const Workload::Traffic traffic = w ? w->traffic : Workload::Traffic::ReadWrite;
    const auto cpuLevel = [&](const char *name, const char *token) -> Level {
        const std::string own = cpuLevelKey(token, traffic),
                          plain = cpuLevelKey(token, Workload::Traffic::TwoReadsOne);
        for (const std::string &key : {own, plain})
            if (const double v = value(machine, key, m.threads); v > 0)
                return {name, key, v, false};
        if (std::string_view(token) == "dram")
            return {name, cpuTriad, value(machine, cpuTriad, m.threads), false};
        return {name, own, 0, false};
    };
    if (coldEveryOperation(m))
        return cpuLevel("DRAM", "dram");
    // The fastest calibrated level the working set fits in; DRAM when none.
    const double ws = workingSetBytes(m);
    for (const CacheLevel &c : cpuCaches(machine, m.threads))
        if (c.capacity > 0 && ws <= c.capacity)
            if (Level l = cpuLevel(c.name, c.level); !calibratedOnly || l.value > 0)
                return l;
    return cpuLevel("DRAM", "dram");
}

std::pair<std::string, double> Calibration::ceilingFor(const Measurement &m, const MachineInfo &machine)
{
    const Level l = levelFor(m, machine);
    if (!(l.value > 0))
        return {"", 0};
    return {l.key, l.value};
}

double Calibration::fractionOfCeiling(const Measurement &m, const MachineInfo &machine)
{
    if (!m.ok() || !(m.stats.median > 0) || Workload::isQueueTime(m.mode)) // a queue time moves nothing
        return 0;
    const Level l = levelFor(m, machine);
    if (!(l.value > 0))
        return 0;
    return (l.flops ? m.flops : m.bytes) / m.stats.median / l.value;
}

std::string Calibration::aboveCeilingReason(const Measurement &m, const MachineInfo &machine)
{
    const double f = fractionOfCeiling(m, machine);
    if (!(f > 1.0))
        return "";
    const Level l = levelFor(m, machine);
    const std::string head = "Above the measured " + l.name + " ceiling: ";
    if (l.flops)
        return head +
               "the cores ran at a higher clock during this point than during the calibration "
               "(short bursts run faster), or the timing is noisy. Calibrate again on an idle machine.";
    const double ws = workingSetBytes(m);
    if (m.isCpu()) {
        // A faster level that holds the working set but has no ceiling, or one it nearly fits in.
        for (const CacheLevel &c : cpuCaches(machine, m.threads)) {
            if (c.name == l.name)
                break;
            if (c.capacity > 0 && ws <= c.capacity)
                return head + "the working set (" + mib(ws) + ") fits in " + c.name +
                       ", whose bandwidth was not calibrated. Calibrate again to measure it.";
            if (c.capacity > 0 && ws <= 2 * c.capacity)
                return head + "the working set (" + mib(ws) + ") is less than twice the size of " + c.name +
                       " (" + mib(c.capacity) +
                       (m.threads > 1 && c.name != std::string("L3") ? " over the threads" : "") +
                       "), so much of it is still served from " + c.name + ", which is faster.";
        }
    } else if (const DeviceDescription *d = machine.deviceOf(m.backend, m.device); d && d->unifiedMemory) {
        // A device on the host's memory (PoCL, an integrated GPU) reads through the host's L3
        // (an integrated GPU's last-level cache is shared with the cores, too).
        const double l3 = machine.cacheBytes("L3");
        if (l3 > 0 && ws <= 2 * l3)
            return head + "the device shares the host's memory, and the working set (" + mib(ws) +
                   ") is less than twice the size of the host's L3 (" + mib(l3) +
                   "), so much of it is still served from L3, which is faster.";
    } else if (l.name == "HBM") {
        for (const auto &g : machine.gpus)
            if (const double l2 = GpuSpecs::l2Bytes(g);
                g.index == std::max(0, m.device) && l2 > 0 && ws <= 2 * l2)
                return head + "the working set (" + mib(ws) + ") is close to the L2 size (" + mib(l2) +
                       "), so part of it is served from the L2 cache, which is faster.";
    }
    return head + "the ceiling was measured while the machine was busier, or the timing is noisy. "
                  "Calibrate again on an idle machine.";
}

std::vector<Calibration::Roof> Calibration::roofs(const MachineInfo &machine)
{
    struct Def {
        const char *key;
        const char *label;
        bool gpu, compute;
    };
    static const Def defs[] = {
        {cpuL1, "CPU L1", false, false},      {cpuL2, "CPU L2", false, false},
        {cpuL3, "CPU L3", false, false},      {cpuDram, "CPU DRAM", false, false},
        {cpuTriad, "CPU DRAM", false, false}, {cpuFma, "CPU FMA peak", false, true},
        {gpuL2, "GPU L2", true, false},       {gpuCopy, "GPU HBM", true, false},
        {gpuFma, "GPU FMA peak", true, true},
    };
    std::vector<Roof> r;
    for (const Def &d : defs)
        if (const double v = value(machine, d.key); v > 0) {
            // DRAM's roof is the in-place update's, as the caches' are; the triad's in a file
            // from before it was measured.
            if (d.key == cpuTriad && value(machine, cpuDram) > 0)
                continue;
            r.push_back({d.key, d.label, d.gpu, d.compute, v});
        }
    return r;
}

} // namespace speeduplab
