// SPDX-License-Identifier: MIT
// Cost models and the stories they tell (no Qt): the numbers every Explain sentence is worded from.
#pragma once

#include "core/analysis/analysis.h"
#include "core/model/resultset.h"
#include "core/model/workload.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace speeduplab {

/// What one operation of a curve costs: t(work) = fixed + work / rate. fixed is the cost paid
/// whatever the size (a kernel launch, an OpenMP fork/join, a call); rate the work units
/// (bytes, or FLOPs for gemm) done per second. The rate depends on where the data live: a
/// curve whose sizes span memory levels (L2, then DRAM) gets one tier per level, each with its
/// own rate; `rate` is the last tier's, the one the largest sizes run at.
struct CostModel {
    struct Tier {
        std::string level;   ///< Calibration::Level::name: "L2", "DRAM", "GPU L2", "HBM"; empty: unknown
        double fromWork = 0; ///< the tier starts at this work per operation
        double rate = 0;
        bool fitted = true; ///< false: its points showed no work term, and it took a neighbour's rate
        /// The level is held against arithmetic, in FLOP/s (Calibration::Level::flops: a fused
        /// kernel's registers, an FMA peak), whatever the workload's own unit.
        bool flops = false;
        bool operator==(const Tier &) const = default;
    };
    bool valid = false;
    /// The points it was fitted on. With fewer than three, a fixed cost and a rate pass through
    /// any two: the model says nothing the points do not, and predicts nothing beyond them.
    int points = 0;
    bool fewPoints() const { return points < 3; }
    /// The sizes of the points it was fitted on (0: not fitted on points, a what-if model), and how
    /// many of its curve's points were left out as disturbed. Outside nLo..nHi nothing holds it to
    /// account: it is drawn only between them, and a crossover beyond them is an extrapolation.
    int nLo = 0, nHi = 0;
    int leftOut = 0;
    /// Whether n lies within the sizes it was fitted on (always, without them).
    bool covers(double n) const { return nHi <= 0 || (n >= nLo * (1 - 1e-9) && n <= nHi * (1 + 1e-9)); }
    double fixed = 0; ///< seconds per operation (queued(): the host's cost to issue one)
    /// Queued launches (a GPU's launch mode): the host issues the next launch while the kernel
    /// before it runs, so an operation costs the larger of `fixed`, the issue cost, and the
    /// kernel's own time, kernelFixed + work / rate, not their sum. The kernel's terms are its
    /// graph mode's (one kernel, its rates level by level). -1: not queued.
    double kernelFixed = -1;
    bool queued() const { return kernelFixed >= 0; }
    double rate = 0;         ///< work per second at the largest sizes; 0: no work term (a flat curve)
    std::vector<Tier> tiers; ///< by fromWork; empty: `rate` at every size
    /// The rate of the tier `work` falls in.
    double rateAt(double work) const;
    /// The memory level of its largest sizes' tier (the one `rate` is); empty without tiers.
    std::string topLevel() const { return tiers.empty() ? std::string() : tiers.back().level; }
    /// Its largest sizes' tier with `rate`; without tiers, `rate` in an unnamed level.
    Tier topTier() const
    {
        Tier t = tiers.empty() ? Tier{} : tiers.back();
        t.rate = rate;
        return t;
    }
    /// The tier `work` falls in; nullptr without tiers (one rate at every size).
    const Tier *tierAt(double work) const;
    double time(double work) const
    {
        const double r = rateAt(work);
        const double w = r > 0 ? work / r : 0;
        return queued() ? std::max(fixed, kernelFixed + w) : fixed + w;
    }
    /// The smallest work whose work term reaches the fixed cost (queued: where the kernel's time
    /// outgrows the issue cost); 0 when there is no work term.
    double kneeWork() const;
    /// The same model with every rate multiplied by k.
    CostModel scaled(double k) const;
    static CostModel from(const LinearFit &fit);
    bool operator==(const CostModel &) const = default;
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
    SeriesId id; ///< the curve's (Series::id)
    std::string label;
    CostModel model;
    Fixed fixed = Fixed::Call;
    Regime regime = Regime::Flat;
    double kneeN = 0; ///< the size where fixed == work / rate; 0 without a work term
    /// The model's tiers as the sentences quote them: each one's level, its rate in the unit
    /// below (flops), the size it starts at (0: the first) and whether its points fitted it.
    struct Span {
        std::string level;
        double rate = 0;
        double fromN = 0;
        bool fitted = true;
    };
    std::vector<Span> spans; ///< one per tier; one span of `rate` without tiers
    int kneeSpan = -1;       ///< the span the knee falls in (its rate is the one the work grows at there)
    double nMin = 0, nMax = 0;
    int points = 0;     ///< the curve's points with a time and work: what a model is fitted to
    bool flops = false; ///< rate (and ceiling) in FLOP/s, else bytes/s
    double rate = 0;    ///< model.rate in the unit above (a fused curve's bytes become FLOPs)
    std::string level;  ///< "HBM", "DRAM", "L2", ...: where the largest point's data live
    double ceiling = 0; ///< that level's calibrated ceiling; 0 when not calibrated
    /// Its traffic when the ceiling is one mix's (Calibration::cpuLevelKey: a CPU level measured
    /// with reads only, or read and written back); unset for the update's, a GPU's and older files'.
    std::optional<Workload::Traffic> ceilingMix;
    double fraction() const { return ceiling > 0 ? rate / ceiling : 0; }
    /// A GPU curve's device, from the result's metadata: its spec-sheet memory bandwidth
    /// (bytes/s; 0 unknown), its name and its L2 size (0 unknown). A rate above the spec sheet's
    /// cannot come from HBM: those sizes are served from the L2.
    double theoretical = 0;
    std::string device;
    double l2Bytes = 0;
    /// An OpenCL curve's device is an integrated GPU, sharing the host's memory: its bandwidth is the
    /// CPU's, its copies cost little.
    bool sharesHostMemory = false;
    bool onTheCpu = false; ///< an OpenCL device that reports itself as a CPU (PoCL)
};

/// Where a GPU model overtakes the fastest of some CPU models, searched over n = 1 to 10^6.
struct ModelCrossover {
    double n = 0;               ///< the first size above which the GPU model is faster; 0 if none
    bool gpuEverywhere = false; ///< the GPU model is faster at every size searched
    int cpuIndex = -1;          ///< the CPU model that is fastest at n (or at n = 1 without a crossing)
    /// The sizes both models were fitted on (CostModel::nLo/nHi of the GPU model and of the CPU
    /// model at n); 0 when either was fitted on none.
    double fittedLo = 0, fittedHi = 0;
    /// n lies outside those sizes: the models were carried beyond their points to meet there.
    bool extrapolated() const
    {
        return n > 0 && fittedHi > 0 && (n < fittedLo * (1 - 1e-9) || n > fittedHi * (1 + 1e-9));
    }
};

/// Where the models of the CPU curves (the fastest at each n) and one GPU curve cross, beside
/// the measured crossover of the best CPU and that curve.
struct CrossoverStory {
    std::string workload;
    std::string gpuKey;
    std::string gpuLabel;
    std::string gpuMode;
    CostModel cpu;      ///< the CPU model the GPU model overtakes (the fastest there)
    int cpuThreads = 0; ///< its thread count
    CostModel gpu;
    ModelCrossover model; ///< where the models cross
    double measuredN = 0; ///< the first measured crossing where the GPU becomes faster; 0 if none
    Crossing measured;    ///< that crossing, with its 95 % interval (Analysis::crossings)
    /// Who was faster at the sizes both curves measured (nMin to nMax), without a crossing there.
    bool gpuFasterMeasured = false, cpuFasterMeasured = false;
    double nMin = 0, nMax = 0;
    /// Just above the crossing (model.n): each model's rate there and the memory level of its tier
    /// ("GPU L2", "L2"; empty when its model has one rate for every size). The rates are in the
    /// workload's unit, except a fused GPU curve's: FLOP/s (gpuFlops), as CurveStory words it.
    double gpuRate = 0, cpuRate = 0;
    std::string gpuLevel, cpuLevel;
    /// The tier's points showed no rate of their own (the fixed cost hides it), and it took a
    /// neighbouring level's (CostModel::Tier::fitted).
    bool gpuRateBorrowed = false, cpuRateBorrowed = false;
    bool gpuFlops = false;
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
    int threadCounts = 0; ///< how many thread counts were measured at n (two fit Amdahl exactly)
    /// How many of them are marked noisy or disturbed (SeriesPoint::noisy, disturbed), and how
    /// many disturbed: another program held a core while they ran.
    int noisyCounts = 0;
    int disturbedCounts = 0;
    /// Nothing is concluded from the points: most were disturbed, or most are noisy and the effect
    /// is not larger than noise makes (only more threads taking over twice one thread's time is).
    bool tooNoisy() const
    {
        if (disturbedCounts * 2 > threadCounts)
            return true;
        return noisyCounts * 2 > threadCounts && !(kind == Kind::Overhead && slowTime > 2 * t1);
    }
    double bestSpeedup = 0;
    int bestThreads = 1;
    /// Where the rows' placement (PointConditions, --placement) says efficiency cores join and
    /// SMT siblings start: the fewest threads of the curves with each, at any n; 0: never (or
    /// placed by the OS, or not recorded). Each one's worth at n: what one thread from the mark
    /// (up to the next) adds to the speedup, over what one added on average before it; 0 where
    /// the thread counts measured do not say.
    int efficiencyFrom = 0, siblingsFrom = 0;
    double efficiencyWorth = 0, siblingsWorth = 0;
    /// The fewest threads from which every count measured is slower than one thread (0: none):
    /// where adding threads loses.
    int slowerFrom = 0;
    // Overhead: the slowest thread count and the fork/join cost the points imply.
    int slowThreads = 0;
    double slowTime = 0;
    /// The fork/join cost of p threads, fitted to T(p) - T1/p over p > 1 with relative weights:
    /// forkJoin + forkJoinPerThread * p, a cost that grows with the team (both 0 or more).
    double forkJoin = 0;
    double forkJoinPerThread = 0;
    double forkJoinAt(double p) const { return p > 1 ? forkJoin + forkJoinPerThread * p : 0; }
    double parallelRegion = 0; ///< the calibrated start + join of a parallel region; 0 unknown
    /// The chosen model's largest miss: max over the thread counts of |measured / model - 1|.
    double worst = 0;
    /// The bound a model must keep to every point to be said to explain them.
    static constexpr double fitBound = 0.25;
    bool fits() const { return worst <= fitBound; }
    /// The chosen model's speedup over one thread at p threads.
    double speedup(double p) const;
    /// The bandwidth bound alone: min(p, saturation / oneThreadRate).
    double bandwidthSpeedup(double p) const;
};

/// What-if: the CPU and one GPU curve as models whose parameters a user moves. The GPU: its
/// launch latency (fixed) and bandwidth (every tier's rate scaled with the last one). The CPU:
/// the best, at each n, of its thread counts up to `threads` (as the best CPU of the charts is),
/// each count p the model of the measured thread count nearest p, its rates scaled by
/// min(p x the one-thread rate, the CPU bandwidth) over what that thread count measured.
struct WhatIf {
    std::string workload;
    std::string gpuKey;                 ///< the GPU curve modelled
    CostModel gpu;                      ///< launch latency = fixed, GPU bandwidth = rate
    double cpuOneThreadRate = 0;        ///< per thread, before saturation
    double cpuBandwidth = 0;            ///< what all threads together can reach
    double cpuBandwidthMeasured = 0;    ///< cpuBandwidth as measured
    CostModel::Tier cpuBandwidthTier;   ///< the level it was measured in (its model's largest sizes')
    std::map<int, CostModel> cpuModels; ///< each measured thread count's model
    int threads = 1;                    ///< the most threads the CPU may use (all measured, at first)
    /// The GPU model with its bandwidth set to `rate` (every tier scaled alike).
    void setGpuBandwidth(double rate);
    /// What p threads reach with all threads capped at `cap` (bytes/s, or FLOP/s): p times the
    /// one-thread rate (scaled as the cap moved from cpuBandwidthMeasured), at most the cap.
    double reach(int p, double cap) const;
    /// The rate the best CPU of up to `threads` reaches at its largest sizes: the highest of
    /// cpus()' rates, the one the text, the CPU slider and the crossover speak of. A measured
    /// thread count at the measured bandwidth runs at its own model's rate, never the idealised
    /// p times one thread's (8 threads read 354 GB/s "in L3" on the seed; their model ran at 175).
    double cpuRate() const { return cpuBest().rate; }
    /// The level cpuRate() is in, with cpuRate(): that model's largest sizes' tier.
    CostModel::Tier cpuRateTier() const { return cpuBest().topTier(); }
    /// Of cpus(), the model with the highest rate at the largest sizes.
    CostModel cpuBest() const;
    /// The CPU model at p threads, and at `threads`.
    CostModel cpuAt(int p) const;
    CostModel cpu() const { return cpuAt(threads); }
    /// The CPU models the GPU is held against: every measured thread count up to `threads`, and
    /// `threads` itself when it was not measured.
    std::vector<int> cpuThreads() const;
    std::vector<CostModel> cpus() const;
    /// The best CPU's time at `work` per operation: the fastest of cpus().
    double cpuTime(double work) const;
    /// Where the GPU model overtakes the best CPU; cpuIndex indexes cpuThreads().
    ModelCrossover crossover() const;
};

/// A rate as every view quotes it (legend, slider, text, slide, report): in the unit of its
/// level, FLOP/s where the level is arithmetic (a fused kernel's registers) else the workload's,
/// and with that level named. Explain::quote makes it.
struct QuotedRate {
    double value = 0;
    bool flops = false;
    std::string level; ///< Calibration::Level::name; empty when unknown
};

/// Cost models and the stories they tell, from measured curves. Pure functions on values.
class Explain {
public:
    /// The model of a curve: the fixed cost and one rate per memory level its points span (the
    /// level of each point from Calibration::levelFor on its row of r), fitted with relative
    /// weights. Without rows in r (a derived curve such as the best CPU): one rate.
    static CostModel model(const ResultSet &r, const Series &s);
    /// A rate (in the workload's unit) at `level`'s level, as quoted: converted to FLOP/s with the
    /// workload's FLOPs per byte where the level is arithmetic (CostModel::Tier::flops).
    static QuotedRate quote(double rate, const CostModel::Tier &level, const std::string &workload);
    /// Where gpu overtakes the fastest of cpus (work per operation from the workload).
    static ModelCrossover cross(const std::vector<CostModel> &cpus, const CostModel &gpu,
                                const std::string &workload);
    /// The story of one curve; r supplies the machine's ceilings and the measurement rows.
    static CurveStory curve(const ResultSet &r, const Series &s);
    /// The CPU curves of one run (the fastest model at each n) against each of its GPU curves.
    static std::vector<CrossoverStory> crossovers(const ResultSet &r, const std::vector<Series> &run);
    /// For Analysis::report: where gpu's model overtakes the fastest of cpus' models, as
    /// crossovers() finds it, so that the time chart's and the report's predicted n is the
    /// Explain tab's. Each curve's model is fitted once; r must outlive the predictor.
    static Analysis::Predictor predictor(const ResultSet &r);
    /// Analysis::reports with predictor(r): what the headless report and the CLI print.
    static std::vector<CrossoverReport> reports(const ResultSet &r, const std::string &workload);
    /// Across two runs: the best CPU of run runA against each GPU curve of run runB (labels as in
    /// Measurement::run), with predictor(r): what the headless report and the HTML report list
    /// for the runs compared as A and B. Empty when A has no CPU curve.
    static std::vector<CrossoverReport> acrossRuns(const ResultSet &r, const std::string &workload,
                                                   const std::string &runA, const std::string &runB);
    /// For each GPU curve in a mode other than launch, the shift against the launch curve of the
    /// same variant, transfers and cache (stories from crossovers()).
    static std::vector<CrossoverShift> shifts(const std::vector<CrossoverStory> &stories,
                                              const std::vector<Series> &run);
    /// The thread story at size n from the CPU curves of one run and one variant.
    static ThreadStory threads(const ResultSet &r, const std::vector<Series> &cpu, int n);
    /// The what-if models at their measured values: the GPU curve gpuKey (the first launch-mode
    /// one when empty or unknown) and the CPU curves of the run, every thread count allowed.
    /// usable() is false when either side is missing.
    static WhatIf whatIf(const ResultSet &r, const std::vector<Series> &run, const std::string &gpuKey = {});
    static bool usable(const WhatIf &w)
    {
        return w.gpu.valid && w.cpuOneThreadRate > 0 && !w.cpuModels.empty();
    }
};

} // namespace speeduplab
