// SPDX-License-Identifier: MIT
// ResultSet: every measurement of a run and the machine it ran on, as charts and files read it (no Qt).
#pragma once

#include "core/machine/machineinfo.h"
#include "core/model/measurement.h"

#include <map>
#include <string>
#include <vector>

namespace speeduplab {

/// Every measurement of a run plus the machine it ran on. Charts, tables, the analysis and
/// the exporters only read it; a saved file loads back into an identical one.
class ResultSet {
public:
    MachineInfo machine;
    std::vector<Measurement> rows;
    /// In a view of several runs (RunSet::combined): each run's machine, by its label
    /// (Measurement::run); `machine` is then the first run's. Empty otherwise.
    std::map<std::string, MachineInfo> runMachines;
    /// The machine the rows of `run` were measured on: its own in a view of several runs, else
    /// `machine`. A level, a ceiling or a spec sheet is always this machine's, never another run's.
    const MachineInfo &machineOf(const std::string &run) const
    {
        const auto it = run.empty() ? runMachines.end() : runMachines.find(run);
        return it == runMachines.end() ? machine : it->second;
    }

    void add(const Measurement &m) { rows.push_back(m); }
    bool empty() const { return rows.empty(); }
    std::size_t size() const { return rows.size(); }
    /// The distinct series keys, in order of first appearance.
    std::vector<std::string> seriesKeys() const;
    /// The rows of one series, sorted by n.
    std::vector<Measurement> series(const std::string &key) const;
    /// The distinct workloads of the rows, in order of first appearance.
    std::vector<std::string> workloads() const;

    /// How many rows ended in each status.
    struct StatusCounts {
        int ok = 0;
        int failed = 0;
        int skipped = 0;
        int cancelled = 0;
        bool operator==(const StatusCounts &) const = default;
    };
    StatusCounts statusCounts() const;

    /// Ceilings measured on this machine in the same session: the ones the run lacks are added,
    /// the ones it measured itself are kept. For a run just measured here.
    void addMissingCeilings(const std::map<std::string, double> &ceilings);
    /// A calibration's ceilings, measured on `here`: they replace the run's own when the run
    /// was measured on the same hardware (MachineInfo::sameHardware), and a run recorded on
    /// other hardware keeps its own. Returns whether they applied (also when `ceilings` is empty).
    bool applyCeilings(const MachineInfo &here, const std::map<std::string, double> &ceilings);

    /// A point more work cannot explain: within a series, a larger n does more work per
    /// iteration, so an ok point whose time per iteration is over `factor` times that of a
    /// larger n of the same series was disturbed (a busy machine, a migration), however steady
    /// its repetitions. Such points get Stats::offTrend (so they count as noisy) and a reason
    /// naming the comparison. Returns how many were flagged.
    int flagOffTrend(double factor = offTrendFactor);
    static constexpr double offTrendFactor = 5;

    /// Sets each OpenCL row's Measurement::describedKind from the machine's description of its
    /// device (Unknown where there is none): called where rows are read or measured, so that a
    /// row keeps what its device is when it joins other runs' rows.
    void describeDevices();

    bool operator==(const ResultSet &) const = default;
};

} // namespace speeduplab
