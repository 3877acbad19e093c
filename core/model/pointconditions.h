// SPDX-License-Identifier: MIT
// What a point was measured under (no Qt): cold or warm cache, rounds, the GPU's clocks at its start
// and end, and whether it throttled.
#pragma once

#include "core/machine/energy.h"
#include "core/machine/gpuclocks.h"

#include <nlohmann/json_fwd.hpp>

#include <functional>
#include <string>
#include <vector>

namespace speeduplab {

/// How one point was measured, beyond its timings: the cache mode, the rounds merged into it
/// and the GPU's clocks around it. Part of a Measurement; written to and read from result files
/// (CSV columns and JSON fields), absent from older files, where the defaults hold.
struct PointConditions {
    /// "warm" (a repetition finds what the last one left in the caches) or "cold" (the GPU's L2
    /// and the CPU's last-level cache flushed before every repetition, outside the timed region).
    std::string cache = "warm";
    /// Rounds merged into the row (--rounds). With more than one, the statistics pool the
    /// repetitions of every round, and roundMin/roundMax are the lowest and the highest of the
    /// rounds' own medians: a drift during the sweep shows here, not as a trend in n.
    int rounds = 1;
    double roundMin = 0; ///< seconds per repetition; 0 with a single round
    double roundMax = 0;
    /// The GPU's clocks when the point's repetitions started and when they ended (NVML); not
    /// available on CPU rows and where NVML is missing.
    GpuClockSample clockStart, clockEnd;
    /// The GPU throttled during the point (GpuClocks::throttleWhy); the row's reason says why.
    bool throttled = false;
    /// CPU points: the repetitions during which a thread of this process lost its core to
    /// another program (an involuntary context switch, Preemption), or the machine's CPUs had
    /// time stolen by the hypervisor. An OpenMP barrier whose partner thread lost its core waits
    /// for the next scheduler slice: 4 ms on a 0.3 µs point.
    int disturbedReps = 0;
    /// How often the point was measured again at the end of the sweep because it was disturbed
    /// (SweepRunner); the row is its least disturbed measurement.
    int remeasured = 0;
    /// GPU mode "unsynced" only, whose row times the host's queueing of the launches: the same
    /// launches on the same host clock until the device was synchronised (Run::synchronisedSeconds),
    /// seconds per repetition: the median, lowest and highest of the repetitions (with several
    /// rounds, the median of the rounds' medians). All 0 elsewhere.
    double syncedMedian = 0, syncedMin = 0, syncedMax = 0;
    bool hasSynced() const { return syncedMedian > 0; }
    /// CPU points: where the threads ran (Placement). placement: "cores-first", "compact",
    /// "none", or "" (a device row, an older file); placedOn: Placement::Placed::text;
    /// siblingsShared: two threads on one core's SMT siblings; efficiencyCores: the efficiency
    /// cores among the cores used (0 on a machine of one kind).
    std::string placement;
    std::string placedOn;
    bool siblingsShared = false;
    int efficiencyCores = 0;
    /// What the point spent by its device's energy counters (RAPL, NVML); not measured where the
    /// device has none (a virtual machine's CPU, an OpenCL device) or the point was too short.
    PointEnergy energy;

    /// Records the GPU's clocks around a point (clockStart, clockEnd), counts them into the
    /// sweep's reference (GpuClockReference::add) and flags the point throttled by
    /// GpuClocks::throttleWhy against it. The why is appended to reason.
    void recordClocks(const GpuClockSample &start, const GpuClockSample &end, GpuClockReference &reference,
                      std::string &reason);

    /// The spread between rounds relative to the median: (roundMax - roundMin) / median; 0 with
    /// a single round or an unknown median.
    double roundSpread(double median) const;
    /// "3 rounds, spread 4.2 %" with several rounds; "" with one.
    std::string roundSummary(double median) const;

    /// The CSV columns, after ResultIO's own: cache, rounds, round_min_s, round_max_s,
    /// throttled, disturbed_reps, remeasured, then sm_mhz, memory_mhz, temperature_c, power_w and
    /// throttle_reasons at the start and at the end (an empty cell: unknown), then synced_median_s,
    /// synced_min_s and synced_max_s (0 on a row without them), then placement, placed_on,
    /// siblings_shared and efficiency_cores, then energy_j, energy_s, j_per_op (empty cells on a row
    /// without energy: never 0), energy_counters and energy_note.
    static const std::vector<std::string> &csvColumns();
    /// The cells of csvColumns(), in order.
    std::vector<std::string> csvCells() const;
    /// Reads the columns that `cell` finds (nullptr: the column is absent, the default holds).
    /// Throws std::invalid_argument("column X: ...") for a malformed cell.
    static PointConditions fromCsv(const std::function<const std::string *(const char *)> &cell);
    /// The first problem of the values (an unknown cache mode, rounds out of range, round medians
    /// out of order, a clock out of range), as "field: must be ..."; empty when they are sound.
    std::string problem() const;

    bool operator==(const PointConditions &) const = default;
};

namespace detail {
/// A row's PointConditions as ResultIO's JSON writes them (pointconditions.cpp): cache,
/// rounds, round_min_s, round_max_s, throttled and clocks {start, end}.
nlohmann::json conditionsToJson(const PointConditions &c);
/// Reads the fields of conditionsToJson that `row` holds into c (the others keep their
/// defaults). Throws ParseError naming `where` and the field for a value of the wrong type;
/// the ranges are PointConditions::problem's.
void conditionsFromJson(const nlohmann::json &row, PointConditions &c, const std::string &where);
} // namespace detail

} // namespace speeduplab
