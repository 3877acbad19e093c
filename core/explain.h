// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis.h"
#include "core/resultset.h"

#include <map>
#include <string>
#include <vector>

namespace speeduplab {

/// What one operation of a curve costs: t(work) = fixed + work / rate. fixed is the cost paid
/// whatever the size (a kernel launch, an OpenMP fork/join, a call); rate the work units
/// (bytes, or FLOPs for gemm) done per second once the size is large enough.
struct CostModel {
    bool valid = false;
    double fixed = 0; ///< seconds per operation
    double rate = 0;  ///< work per second; 0: no work term was measurable (a flat curve)
    double time(double work) const { return fixed + (rate > 0 ? work / rate : 0); }
    /// The work at which the work term equals the fixed cost; 0 when there is no work term.
    double kneeWork() const { return rate > 0 ? fixed * rate : 0; }
    static CostModel from(const LinearFit &fit);
    LinearFit fit() const;
};

/// The facts behind the sentence that explains one curve: its model, where the fixed cost
/// gives way to the work, and the rate against the ceiling of the level its largest point is
/// held against (Calibration::levelFor). The front end words it; the numbers are all here.
struct CurveStory {
    /// What the fixed cost of an operation is, for this kind of curve.
    enum class Fixed { KernelLaunch, GraphLaunch, FusedLaunch, TransferSetup, ForkJoin, Call };
    /// Which term shapes the curve over the measured sizes.
    enum class Regime {
        Knee,            ///< fixed cost below kneeN, work above: both are seen
        FixedThroughout, ///< the knee lies above the largest size
        WorkThroughout,  ///< the knee lies below the smallest size
        Flat             ///< no work term: the time does not grow with n
    };
    std::string key;
    std::string label;
    bool gpu = false;
    int threads = 0;
    std::string mode;
    CostModel model;
    Fixed fixed = Fixed::Call;
    Regime regime = Regime::Flat;
    double kneeN = 0; ///< the size where fixed == work / rate; 0 without a work term
    double nMin = 0, nMax = 0;
    bool flops = false; ///< rate (and ceiling) in FLOP/s, else bytes/s
    double rate = 0;    ///< model.rate in the unit above (a fused curve's bytes become FLOPs)
    std::string level;  ///< "HBM", "DRAM", "L2", ...: where the largest point's data live
    double ceiling = 0; ///< that level's calibrated ceiling; 0 when not calibrated
    double fraction() const { return ceiling > 0 ? rate / ceiling : 0; }
};

/// Where a GPU model overtakes the fastest of some CPU models, searched over n = 1 to 10^6.
struct ModelCrossover {
    double n = 0;               ///< the first size above which the GPU model is faster; 0 if none
    bool gpuEverywhere = false; ///< the GPU model is faster at every size searched
    int cpuIndex = -1;          ///< the CPU model that is fastest at n (or at n = 1 without a crossing)
};

/// Where the models of the CPU curves (the fastest at each n) and one GPU curve cross, beside
/// the measured crossover of the best CPU and that curve.
struct CrossoverStory {
    std::string gpuKey;
    std::string gpuLabel;
    std::string gpuMode;
    CostModel cpu;      ///< the CPU model the GPU model overtakes (the fastest there)
    int cpuThreads = 0; ///< its thread count
    CostModel gpu;
    ModelCrossover model; ///< where the models cross
    double measuredN = 0; ///< the first measured crossing where the GPU becomes faster; 0 if none
};

/// How a GPU curve of another mode moves the crossover, against the launch-mode curve of the
/// same kind: "graph mode cuts the fixed cost from 3.4 us to 1.1 us, so the crossover moves
/// from n ~ 430 to n ~ 140".
struct CrossoverShift {
    CrossoverStory from, to;
    bool byFixedCost = true; ///< the fixed cost changed more than the rate (in ratio)
};

/// Why a thread sweep at one size scales as it does: Amdahl's law, memory bandwidth running
/// out, or a fork/join cost larger than the work (more threads are slower).
struct ThreadStory {
    enum class Kind { Amdahl, Bandwidth, Overhead };
    bool valid = false;
    int n = 0;
    Kind kind = Kind::Amdahl;
    double t1 = 0; ///< one thread's time (measured; the Amdahl fit's when 1 was not measured)
    AmdahlFit amdahl;
    double errAmdahl = 0, errBandwidth = 0; ///< RMS of ln(measured / model) over the thread counts
    bool bandwidthFitted = false;           ///< a memory-bound workload: the bandwidth bound was tried
    double oneThreadRate = 0;               ///< bytes/s of one thread
    double saturation = 0;                  ///< bytes/s all threads together can reach
    bool saturationCalibrated = false;      ///< saturation is the calibrated ceiling, else the best measured
    std::string level;                      ///< the level saturation belongs to ("DRAM", "L3", ...)
    int maxThreads = 0;
    double bestSpeedup = 0;
    int bestThreads = 1;
    // Overhead: the slowest thread count and the fork/join cost the points imply.
    int slowThreads = 0;
    double slowTime = 0;
    double forkJoin = 0;       ///< fitted: mean of T(p) - T1/p over p > 1
    double parallelRegion = 0; ///< the calibrated start + join of a parallel region; 0 unknown
    /// The chosen model's speedup over one thread at p threads.
    double speedup(double p) const;
    /// The bandwidth bound alone: min(p, saturation / oneThreadRate).
    double bandwidthSpeedup(double p) const;
};

/// What-if: the best CPU and one GPU curve as models whose parameters a user moves. The CPU
/// at p threads: its fixed cost (the fit of the measured thread count nearest p) plus the work
/// at min(p x the one-thread rate, the CPU bandwidth).
struct WhatIf {
    std::string workload;
    CostModel gpu;               ///< launch latency = fixed, GPU bandwidth = rate
    double cpuOneThreadRate = 0; ///< per thread, before saturation
    double cpuBandwidth = 0;     ///< what all threads together can reach
    /// cpuBandwidth as measured: moving cpuBandwidth scales the per-thread rate with it (a
    /// faster memory system serves each thread faster too).
    double cpuBandwidthMeasured = 0;
    std::map<int, double> cpuFixed; ///< fitted fixed cost per measured thread count
    int threads = 1;
    CostModel cpu() const;
    /// Where the two models cross.
    ModelCrossover crossover() const;
};

/// Cost models and the stories they tell, from measured curves. Pure functions on values.
class Explain {
public:
    static CostModel model(const Series &s) { return CostModel::from(Analysis::fitLinear(s)); }
    /// Where gpu overtakes the fastest of cpus (work per operation from the workload).
    static ModelCrossover cross(const std::vector<CostModel> &cpus, const CostModel &gpu,
                                const std::string &workload);
    /// The story of one curve; r supplies the machine's ceilings and the measurement rows.
    static CurveStory curve(const ResultSet &r, const Series &s);
    /// The best CPU of one run against each of its GPU curves (give it one run's series).
    static std::vector<CrossoverStory> crossovers(const std::vector<Series> &run);
    /// For each GPU curve in a mode other than launch, the shift against the launch curve of the
    /// same variant, transfers and cache (stories from crossovers()).
    static std::vector<CrossoverShift> shifts(const std::vector<CrossoverStory> &stories,
                                              const std::vector<Series> &run);
    /// The thread story at size n from the CPU curves of one run and one variant.
    static ThreadStory threads(const ResultSet &r, const std::vector<Series> &cpu, int n);
    /// The what-if models at their measured values: the GPU curve gpuKey (the first launch-mode
    /// one when empty or unknown) and the CPU curves of the run, with the thread count that the
    /// GPU model overtakes (the one with the highest rate when it overtakes none). usable() is
    /// false when either side is missing.
    static WhatIf whatIf(const std::vector<Series> &run, const std::string &gpuKey = {});
    static bool usable(const WhatIf &w)
    {
        return w.gpu.valid && w.cpuOneThreadRate > 0 && !w.cpuFixed.empty();
    }
};

} // namespace speeduplab
