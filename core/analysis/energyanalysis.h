// SPDX-License-Identifier: MIT
// The energy side of the analysis (no Qt): each curve's joules per operation as a curve of its own,
// and where a GPU starts to spend less energy than the CPU, which the energy chart, Explain and the
// report read.
#pragma once

#include "core/analysis/analysis.h"

#include <string>
#include <vector>

namespace speeduplab {

/// One GPU curve's energy against the CPU's: where it starts to spend less energy per operation.
struct EnergyCrossover {
    Series cpu; ///< at each n the CPU curve that spent the least energy: "best CPU (energy)"
    Series gpu;
    std::vector<Crossing> crossings; ///< gpuBecomesFaster: the GPU spends less above n
    bool gpuLessEverywhere = false;  ///< no crossing, and the GPU spent less at every shared n
    bool cpuLessEverywhere = false;
    double nMin = 0, nMax = 0; ///< the sizes both have energy at
    /// "GPU launch spends less energy than the CPU above n ≈ 700", "… at every size with energy
    /// (n 64–4096)", "the CPU spends less energy than GPU launch at every size with energy (…)";
    /// `gpu`: how to name the GPU curve ("GPU", or its label).
    std::string sentence(const std::string &gpu) const;
};

namespace EnergyAnalysis {

/// The curves of `all` (Analysis::series over `r`) made of their points' joules per operation:
/// each point's t (and its spread) is the J/op its row's counters measured
/// (PointConditions::energy); a point without energy is left out, never drawn as 0, and a curve
/// with none is not returned. The points keep their row.
std::vector<Series> series(const ResultSet &r, const std::vector<Series> &all);

/// Within each run, each GPU curve with energy (not queue time, not OpenCL on the CPU's own cores)
/// against the CPU curves with energy, at each n the one that spent least.
std::vector<EnergyCrossover> crossovers(const ResultSet &r, const std::vector<Series> &all);
/// The same over the result's own series of `workload`.
std::vector<EnergyCrossover> crossovers(const ResultSet &r, const std::string &workload);

/// Whether any ok row of the result has energy.
bool any(const ResultSet &r);

} // namespace EnergyAnalysis

} // namespace speeduplab
