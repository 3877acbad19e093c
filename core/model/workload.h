// SPDX-License-Identifier: MIT
// The workloads on an n x n fp32 tensor (no Qt): what each computes, moves and offers.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace speeduplab {

/// A workload on an n x n fp32 tensor: what it computes, what it moves and which
/// CPU variants, GPU variants and GPU modes it offers.
class Workload {
public:
    std::string name;
    std::string description;
    std::vector<std::string> cpuVariants; ///< first is the default (the fastest); "" = no variants
    std::vector<std::string> gpuVariants;
    std::vector<std::string> gpuModes; ///< launch, graph, fused: "every mode" of a plan
    int defaultIterations = 1;
    int inputCount = 1; ///< host buffers of n*n floats the workload reads
    /// CPU variants that are one dependent chain: they run on one thread whatever the thread
    /// count asked for, so a plan measures them once per n, at 1 thread (SweepPlan::points).
    std::vector<std::string> serialCpuVariants = {};
    /// GPU modes a plan runs only when it names them (never among "every mode"): "unsynced", the
    /// launches of "launch" timed as the original answer did, before the device is synchronised.
    /// Its time is how long the host took to queue the launches, not the work's (isQueueTime).
    std::vector<std::string> optInGpuModes = {};
    /// Each described backend's variants (describedBackends), by its rows' backend, first the
    /// default; a backend not listed has one, "" (no variants). Their modes are the GPU modes.
    std::map<std::string, std::vector<std::string>, std::less<>> describedVariants = {};
    /// Its time is its arithmetic: throughput is read in FLOP/s and held against FMA peaks (gemm).
    bool arithmetic = false;
    /// Its work is the copy itself, host to device and back (transfer): a GPU point's copies are
    /// not added to it, and its variants are the host memory (pageable, pinned).
    bool copies = false;
    /// How its traffic divides into reads and writes. A CPU cache serves reads and writes at the
    /// same time, so a kernel that reads and writes back as much as it reads moves about twice
    /// the bytes per second of one that only reads: each mix has its own ceiling per level
    /// (Calibration::cpuLevelKey), and a point is held against the ceiling of its own mix.
    enum class Traffic {
        ReadWrite,  ///< reads a tensor and writes it back in place (add; scan, transfer: 1:1)
        Read,       ///< only reads (reduce; spmv, which writes one float per row it reads)
        TwoReadsOne ///< reads two tensors and writes one of them back (saxpy)
    };
    Traffic traffic = Traffic::ReadWrite;

    /// All workloads, in display order.
    static const std::vector<Workload> &all();
    /// The workload called name, or nullptr.
    static const Workload *find(const std::string &name);

    bool hasCpuVariant(const std::string &v) const;
    bool hasGpuVariant(const std::string &v) const;
    /// The variants of the described backend whose rows are named `row` (describedVariants).
    const std::vector<std::string> &variantsOn(std::string_view row) const;
    bool hasVariantOn(std::string_view row, const std::string &v) const;
    /// A variant of any described backend.
    bool hasDescribedVariant(const std::string &v) const;
    /// One of gpuModes or optInGpuModes.
    bool hasGpuMode(const std::string &m) const;
    /// Whether a GPU mode's time is the host's time to queue the launches ("unsynced"), which no
    /// crossover, fit or speedup may take for the time of the work.
    static bool isQueueTime(const std::string &mode) { return mode == "unsynced"; }
    bool isSerialCpuVariant(const std::string &v) const;

    static double elements(int n) { return double(n) * double(n); }
    /// Bytes moved to and from memory by `iterations` operations (the tensor traffic). The
    /// variant matters only for the reduced-precision gemm variants (halfPrecision), whose
    /// operands are 2-byte elements.
    double bytes(int n, int iterations, const std::string &variant = {}) const;
    /// Variants that multiply fp16 or bf16 copies of the fp32 tensors (fp32 accumulation):
    /// cublas-fp16, cublas-bf16 and blas-bf16.
    static bool halfPrecision(const std::string &variant);
    /// Floating-point operations of `iterations` operations.
    double flops(int n, int iterations) const;
    /// True when throughput is best read in FLOP/s rather than bytes/s (arithmetic).
    bool computeBound() const { return arithmetic; }
    /// Whether the workload called `name` is a copy (copies); false for an unknown name.
    static bool isCopy(const std::string &name)
    {
        const Workload *w = find(name);
        return w && w->copies;
    }
    /// Whether the workload called `name` is arithmetic (computeBound); false for an unknown name.
    static bool isArithmetic(const std::string &name)
    {
        const Workload *w = find(name);
        return w && w->arithmetic;
    }
    /// Bytes one operation keeps live at size n: its working set, the distinct bytes it touches,
    /// held against the cache sizes (Calibration::levelFor). spmv counts its matrix (k values and
    /// k column indices a row, the row pointer), x and y: 8k + 12 bytes a row, 76 at k = 8.
    double footprintBytes(int n) const;
    /// Host bytes a CPU point allocates (inputs, outputs and the reference check).
    double hostBytes(int n) const;
    /// The smallest n whose work (bytes or FLOPs) reaches `work`: the inverse used to
    /// turn a predicted crossover in work units back into a tensor edge.
    double nForWork(double work, int iterations) const;
    /// work() at a real-valued n: the power law through n = 16 (n^3 for gemm, n^2 otherwise), exact
    /// for every workload from the size where spmv's rows reach their 8 nonzeros (n = 3).
    double workAt(double n, int iterations) const;
    /// The work unit of the time fits: FLOPs for gemm, bytes otherwise.
    double work(int n, int iterations) const
    {
        return computeBound() ? flops(n, iterations) : bytes(n, iterations);
    }
};

} // namespace speeduplab
