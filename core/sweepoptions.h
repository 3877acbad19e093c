// SPDX-License-Identifier: MIT
// The sweep options of `speeduplab-cli run` and `speeduplab --headless`, declared once as data
// (no Qt): names, value name, help text, default shown, and the RunOptions field each fills.
// Both parsers walk the table: cli/sweepargs.cpp (CLI11) and ui/commandline.cpp (Qt).
#pragma once

#include "core/pipeline.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace speeduplab {

/// One option as both front ends offer it. The help is a lower-case fragment, as
/// speeduplab-cli prints it; the app shows it as a sentence.
struct SweepOption {
    /// What the option fills: a value as typed (absent: not given), the preset's name, a flag
    /// of RunOptions, or nothing in RunOptions (--force: each front end keeps it).
    using Field = std::variant<std::monostate, std::optional<std::string> RunOptions::*,
                               std::string RunOptions::*, bool RunOptions::*>;

    std::string name;         ///< the long name without its dashes: "workload"
    std::string shortName;    ///< "w"; "" for none
    std::string valueName;    ///< "NAME"; "" for a flag
    std::string help;         ///< "add, saxpy, reduce, gemm, transfer, scan or spmv"
    std::string defaultShown; ///< the default the help shows ("add"); "" for none
    Field field;

    bool isFlag() const { return valueName.empty(); }
    /// Sets the option's field in o: to value, or true for a flag.
    void set(RunOptions &o, const std::string &value) const;
    /// What o holds for it, as typed: nothing when not given (an empty preset, a false flag),
    /// "true" for a flag that is.
    std::optional<std::string> value(const RunOptions &o) const;
};

/// Every sweep option (RunOptions: --preset, --workload ... --calibrate), in the order of the help.
const std::vector<SweepOption> &sweepOptions();

/// --force: replace an output even when it is read-only. Both front ends take it, outside RunOptions.
const SweepOption &forceOption();

} // namespace speeduplab
