// SPDX-License-Identifier: MIT
// The analysis of measured curves (no Qt): series, the best CPU, crossovers, speedups and fits, which
// every chart, the CLI's report and the Explain models read.
#pragma once

#include "core/model/resultset.h"
#include "core/model/series.h"

#include <functional>
#include <string>
#include <vector>

namespace speeduplab {

/// t = a + b * work, fitted with relative (1/t^2) weights: a is the fixed cost of one
/// operation (launch, latency, thread start), 1/b the throughput.
struct LinearFit {
    bool valid = false;
    double a = 0;
    double b = 0;
    double at(double work) const { return a + b * work; }
};

/// Amdahl's law fitted to a thread sweep: T(p) = T1 * (s + (1 - s) / p).
struct AmdahlFit {
    bool valid = false;
    double serialFraction = 0;
    double t1 = 0; ///< fitted one-thread time
    double speedup(double p) const { return 1.0 / (serialFraction + (1.0 - serialFraction) / p); }
};

/// The crossover story of one CPU series against one GPU series.
struct CrossoverReport {
    std::string cpuLabel;
    std::string gpuLabel;
    std::vector<Crossing> crossings;
    bool gpuFasterEverywhere = false; ///< no crossing in range and the GPU wins at every common n
    bool cpuFasterEverywhere = false;
    /// Without a crossing, the sizes both measured, by who is faster beyond both points' noise
    /// (their interquartile ranges apart); tied: within it. Never an absolute epsilon: a near tie
    /// of huge times is a tie only if the noise says so, and 1e-15 s slower is slower.
    int sizesGpuFaster = 0, sizesCpuFaster = 0, sizesTied = 0;
    /// On a run's last best-CPU report: how many pairs of one CPU curve with one GPU curve
    /// Analysis::reports left out (more than maxPairs), which summary() says; 0 when none.
    std::size_t pairsLeftOut = 0;
    /// The CPU side is the run's best CPU (the fastest thread count at each size), not one thread
    /// count: what a terminal prints without --verbose (Analysis::printed).
    bool bestCpu = false;
    double nMin = 0, nMax = 0; ///< the range both series cover
    /// Where the models cross (Analysis::Predictor, the Explain tab's cost models where a caller
    /// gives them; else one straight-line fit a curve); 0 if they never do.
    double predictedN = 0;
    /// One sentence: "GPU faster above n ≈ 310", "no crossover in range (n 4–4000): the CPU wins
    /// everywhere; the fit predicts the GPU faster above n ≈ 9000" (a prediction only beyond the
    /// range, never one the points contradict), ...
    std::string summary() const;
    /// summary() without the note on pairs left out.
    std::string verdict() const;
    /// Neither faster everywhere: "the GPU is faster at 3 of the 4 sizes compared, the CPU at 0,
    /// and at 1 they are within each other's noise", or all within it.
    std::string mixedVerdict() const;
};

/// Speedups, crossovers and fits derived from a result set. Pure functions on values.
class Analysis {
public:
    /// The series of one workload (all workloads when empty), in first-appearance order.
    static std::vector<Series> series(const ResultSet &r, const std::string &workload = {});
    /// The curve m belongs to (key, label, backend, threads, mode), without points.
    static Series curveOf(const Measurement &m);
    /// The series grouped by run (Series::run), runs in order of first appearance.
    static std::vector<std::vector<Series>> byRun(const std::vector<Series> &all);
    /// At each n, the fastest of the CPU series: "best CPU". Give it the series of one run.
    static Series bestCpu(const std::vector<Series> &all);
    /// One pair of curves whose crossings are a crossover: `first` faster below, `second` above
    /// (a GPU curve, or more threads).
    struct CrossingPair {
        std::string name; ///< "GPU launch vs best CPU", "CPU 2 threads vs CPU 1 thread"
        Series first, second;
        bool threadPair = false; ///< more threads against one, not a GPU against the CPU
    };
    /// The pairs whose crossings are the crossovers of a result set (one run), crossing or not:
    /// each GPU curve (no queue time, no OpenCL on the CPU's own cores) against the best CPU; on a
    /// run without GPU curves, each CPU thread count against 1 thread, where more threads overtake
    /// one. --refine refines them and the JSON results list their crossings.
    static std::vector<CrossingPair> crossingPairs(const ResultSet &r, const std::string &workload);
    /// Of one run's CPU curves: the 1-thread curve against each curve of more threads of the same
    /// variant, as indices into `cpus` (first: 1 thread); the pairs crossingPairs takes when a
    /// run has no GPU curve, and the time chart marks.
    static std::vector<std::pair<std::size_t, std::size_t>> threadPairs(const std::vector<Series> &cpus);
    /// Which CPU series is the best CPU where: the sizes it wins, consecutive ones taken together
    /// (nFrom to nTo, both measured sizes), in ascending n. Give it the series of one run.
    struct CpuWin {
        const Series *series = nullptr; ///< into `all`
        int nFrom = 0;
        int nTo = 0;
    };
    static std::vector<CpuWin> cpuWins(const std::vector<Series> &all);
    /// Where cpu and gpu cross, both interpolated in log-log over their common n range: where
    /// the faster side changes, by the medians and their noise (interquartile ranges), so curves
    /// that meet inside each other's noise do not cross; the crossing is where the medians cross.
    /// Crossings with only sizes within the noise between them are one, unresolved (Crossing::times > 1).
    static std::vector<Crossing> crossings(const Series &cpu, const Series &gpu);
    /// tCpu / tGpu at each n the two series share.
    static std::vector<std::pair<int, double>> speedup(const Series &cpu, const Series &gpu);
    /// Parallel efficiency of a CPU series against the one-thread series: T1 / (p * Tp) at shared n.
    static std::vector<std::pair<int, double>> efficiency(const Series &oneThread, const Series &cpu);
    static LinearFit fitLinear(const Series &s);
    /// n at which two fits predict equal times, or 0 if they never cross for n > 0.
    static double predictCrossoverN(const LinearFit &cpu, const LinearFit &gpu, const std::string &workload);
    /// Fits Amdahl's law to (threads, time) pairs; needs at least two distinct thread counts.
    static AmdahlFit fitAmdahl(const std::vector<std::pair<int, double>> &threadTimes);
    /// The time of each CPU thread count at n (for the thread-scaling chart and the Amdahl fit).
    static std::vector<std::pair<int, double>> threadTimes(const std::vector<Series> &all, int n);
    /// Where a GPU curve's model overtakes the fastest of some CPU curves' models; 0 if never.
    using Predictor = std::function<double(const std::vector<const Series *> &cpus, const Series &gpu)>;
    /// cpu against gpu. predictedN is predict's over cpus (the curves cpu is the best of; cpu
    /// itself when empty), or without predict where the two curves' straight-line fits cross.
    static CrossoverReport report(const Series &cpu, const Series &gpu, const Predictor &predict = {},
                                  const std::vector<const Series *> &cpus = {});
    /// Best CPU against every GPU series, then every CPU series against every GPU series.
    /// predictedN as report() gives it, with predict.
    static std::vector<CrossoverReport> reports(const ResultSet &r, const std::string &workload,
                                                const Predictor &predict = {});
    /// What a terminal prints of reports: those of the best CPU, and with verbose every pair of one
    /// thread count with one GPU curve too. *leftOut gets how many it leaves out, which
    /// leftOutNote() says.
    static std::vector<const CrossoverReport *> printed(const std::vector<CrossoverReport> &reports,
                                                        bool verbose, std::size_t *leftOut);
    /// "12 more, each CPU thread count against each GPU curve: --verbose prints them".
    static std::string leftOutNote(std::size_t leftOut);
    /// The most pairs of one CPU curve with one GPU curve reports() lists for a run: past it only
    /// the best CPU against each GPU curve (8000 variants paired every one with every one: 34 s).
    static constexpr std::size_t maxPairs = 256;
    /// One sentence for each OpenCL device of the result that is the CPU itself (DeviceKind::CpuApi) and has
    /// ok points of `workload`: why no crossover is reported against it, and what the gap between
    /// it and the CPU kernels is.
    static std::vector<std::string> notGpus(const ResultSet &r, const std::string &workload);
};

} // namespace speeduplab
