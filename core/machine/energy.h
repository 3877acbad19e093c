// SPDX-License-Identifier: MIT
// Energy (no Qt): what a point spent by its device's own cumulative counters (RAPL for the CPU,
// NVML for a CUDA GPU), the rule a span must keep to be read, and the point's record of it.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace speeduplab {

class GpuClocks;

/// What a point spent, by its device's own counters, over its repetitions (the resets between
/// them included: the counters cannot leave them out). Not measured (measured() false) where the
/// device has no counters, and on a point too short for them; `note` then says why. Never a
/// made-up number: a result file holds no energy field for such a row.
struct PointEnergy {
    double joules = 0;       ///< over `seconds`; 0: not measured
    double seconds = 0;      ///< the span the counters were read over
    double perOperation = 0; ///< joules / the operations in the span (repetitions x iterations)
    /// What was read, and what it includes: "RAPL package-0 (package, includes the integrated
    /// GPU) + dram"; "NVML total energy (the GPU board)".
    std::string counters;
    /// Why a point that could have had energy has none: "too short to measure energy (…)", or a
    /// counter refused ("package-0 went backwards …"). Empty when measured or never tried.
    std::string note;

    bool measured() const { return joules > 0 && seconds > 0 && perOperation > 0; }
    /// The operations the span covered: joules / perOperation (0 when not measured).
    double operations() const { return measured() ? joules / perOperation : 0; }
    /// The first problem of the values, as "field: must be …"; empty when sound.
    std::string problem() const;
    /// The energy of several rounds of one point: the joules, seconds and operations summed over
    /// the rounds that have energy; not measured, with the first round's note, when none has.
    static PointEnergy pooled(const std::vector<PointEnergy> &rounds);

    bool operator==(const PointEnergy &) const = default;
};

/// The cumulative energy counters of one device, read together. Built by Rapl::meter (the CPU)
/// or EnergyMeter::nvml (a CUDA GPU); unavailable with a sentence saying why. Reading is
/// thread-compatible and never throws.
class EnergyMeter {
public:
    /// One counter: its name in refusals ("package-0") and the energy at which it wraps to 0
    /// (joules; 0: it never wraps within a sweep, as NVML's 64-bit mJ).
    struct Counter {
        std::string name;
        double wrapJoules = 0;
    };
    /// Reads each counter (joules, cumulative) into `joules`, in the order of counters; false with
    /// `problem` set when one cannot be read.
    using ReadFn = std::function<bool(std::vector<double> &joules, std::string &problem)>;
    /// The clock readings are taken by (seconds, monotonic); tests pass their own.
    using ClockFn = std::function<double()>;

    /// A meter that reads nothing, and why (one sentence: "no energy counters on this machine (…)").
    static EnergyMeter unavailable(std::string why);
    /// counters: each counter read (its name, its wrap); description: what they are and include
    /// (PointEnergy::counters); nominalUpdate: how often such counters change, seconds, until
    /// measureUpdate() measures it; read: the counters' values; clock: the readings' times.
    EnergyMeter(std::vector<Counter> counters, std::string description, double nominalUpdate, ReadFn read,
                ClockFn clock = {});

    /// A CUDA GPU's board energy through NVML (nvmlDeviceGetTotalEnergyConsumption, mJ, Volta and
    /// newer, no root needed): device `index` or `pciBusId` as GpuClocks::sample finds it.
    static EnergyMeter nvml(const GpuClocks &clocks, int index, const std::string &pciBusId);

    bool available() const { return m_why.empty(); }
    /// Why nothing is read: one sentence; empty when available.
    const std::string &why() const { return m_why; }
    const std::string &description() const { return m_description; }
    /// How often the counters change, seconds: measured by update(), else the nominal figure.
    double updateSeconds() const { return m_update; }
    /// The shortest span read: spanUpdates updates of the counters, so that the update at either
    /// end costs at most 2 / spanUpdates (10 %) of the span's energy.
    static constexpr double spanUpdates = 20;
    double minimumSpan() const { return spanUpdates * m_update; }

    /// Watches the first counter for up to `maxSeconds` and takes the time between two of its
    /// changes as updateSeconds() (a counter that does not change in that time keeps the nominal
    /// figure). Called once per sweep, before the points.
    void measureUpdate(double maxSeconds);

    struct Reading {
        std::vector<double> joules; ///< each counter, cumulative
        double at = 0;              ///< the clock, seconds
    };
    /// Every counter now; nullopt, with `problem`, when one cannot be read.
    std::optional<Reading> read(std::string &problem) const;

    /// The energy between two readings of this meter: each counter's rise, across a wrap where it
    /// has one, summed. A counter that reads 0 at both, did not change, or went backwards (without
    /// a wrap that the span's power can explain) is refused: `problem` says which and why, and
    /// joules is 0. Spans shorter than minimumSpan() are not refused here (the caller extends or
    /// marks them).
    struct Span {
        double joules = 0;
        double seconds = 0;
        std::string problem;
    };
    Span between(const Reading &a, const Reading &b) const;

    /// The mean power above which a counter's fall is not taken for a wrap, watts: beyond any CPU
    /// package or GPU board.
    static constexpr double maxPowerW = 5000;

private:
    EnergyMeter() = default;
    std::vector<Counter> m_counters;
    std::string m_description;
    std::string m_why;
    double m_update = 0;
    ReadFn m_read;
    ClockFn m_clock;
};

/// The words of energy shared by the CLI, the window and the report.
namespace EnergyText {
/// "too short to measure energy: the repetitions lasted 12 ms, and the counters need 100 ms (20
/// of their updates, every 5 ms)"
std::string tooShort(double seconds, const EnergyMeter &meter);
/// The one sentence a sweep says about its energy: "" when every device of the plan has
/// counters; else each device without them and why, e.g. "no energy for the CPU: no energy
/// counters on this machine (a virtual machine: the hypervisor shows none)".
std::string whyNone(const std::string &device, const std::string &why);
} // namespace EnergyText

} // namespace speeduplab
