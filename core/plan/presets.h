// SPDX-License-Identifier: MIT
// Presets: the named sweeps shipped in resources/presets/, compiled into core (no Qt).
#pragma once

#include "core/plan/sweepplan.h"

#include <string>
#include <vector>

namespace speeduplab {

/// Named sweeps shipped with the program: resources/presets/*.json, compiled into core (see
/// core/CMakeLists.txt) so that the CLI, the headless app and the window offer the same ones.
/// "seed" is the experiment the project started from (SweepPlan::seed).
class Presets {
public:
    /// Preset names in menu order, "seed" first.
    static std::vector<std::string> names();
    /// The preset's title and one-sentence description; empty for an unknown name.
    static std::string title(const std::string &name);
    static std::string description(const std::string &name);
    /// Whether the preset's times read best as whole loops ("time": "whole loop"; the replay of
    /// the original answer, whose table gave seconds for all 1000 iterations).
    static bool wholeLoop(const std::string &name);
    /// The plan of a preset on this machine. Throws std::invalid_argument for an unknown name
    /// (the message lists the known ones) or a broken preset.
    static SweepPlan plan(const std::string &name, int hardwareThreads);
};

} // namespace speeduplab
