// SPDX-License-Identifier: MIT
// CpuConditions: the CPU's governor, boost and clock during a sweep, from sysfs and /proc (no Qt).
#pragma once

#include <string>
#include <vector>

namespace speeduplab {

/// The CPU's frequency conditions during a sweep: the scaling governor, turbo/boost and the
/// clock at the start and end. A "powersave" or "schedutil" governor lets the clock ramp while a
/// point runs; a clock that falls during the sweep means throttling. The parsers are pure (they
/// take the files' texts, empty when a file is absent); read() reads the real files. Everything
/// is "not available" where the files are missing, as on most virtual machines.
struct CpuConditions {
    enum class Boost { Unknown, Off, On };

    std::string governor; ///< "performance", "mixed: performance, powersave"; "" when unknown
    Boost boost = Boost::Unknown;
    double startMHz = 0; ///< average CPU clock when the sweep started; 0 when unknown
    double endMHz = 0;   ///< average CPU clock when the sweep ended; 0 when unknown

    /// A clock at the end below this share of the start is noted: the CPU throttled, or its
    /// start clock was a boost that the loaded cores could not hold.
    static constexpr double throttleShare = 0.9;

    /// The governor from the texts of every CPU's cpufreq/scaling_governor: the common name,
    /// "mixed: a, b" when they differ, "" when none is given.
    static std::string parseGovernors(const std::vector<std::string> &texts);
    /// Boost from the text of cpufreq/boost ("1" on, "0" off) or, when that is empty, of
    /// intel_pstate/no_turbo (inverse); Unknown when neither holds 0 or 1.
    static Boost parseBoost(const std::string &boostText, const std::string &noTurboText);
    /// The average clock in MHz from every CPU's scaling_cur_freq (kHz) or, when none is given,
    /// the "cpu MHz" lines of /proc/cpuinfo; 0 when neither holds a positive number.
    static double parseFrequencyMHz(const std::vector<std::string> &curFreqKHz, const std::string &cpuinfo);

    /// The conditions of this machine now, startMHz set to the current clock. Never throws.
    static CpuConditions read();
    /// The current average clock in MHz; 0 when unknown. Never throws.
    static double currentMHz();

    /// The sentence that says why these conditions distort the timings; empty when they do not
    /// (or are unknown). Boost is informational and never warns.
    std::string warning() const;
    /// Whether the clock at the end fell below throttleShare of the start.
    bool throttled() const;
    /// The sentence about the throttling; empty when not throttled.
    std::string throttleNote() const;
    /// "on", "off" or "" (unknown): the metadata's spelling.
    static std::string boostName(Boost b);
    /// One line per fact for `speeduplab-cli devices` and the metadata panel.
    std::vector<std::pair<std::string, std::string>> describe() const;

    bool operator==(const CpuConditions &) const = default;
};

} // namespace speeduplab
