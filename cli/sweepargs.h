// SPDX-License-Identifier: MIT
// The sweep options of `speeduplab-cli run` in CLI11, from the one table (core/sweepoptions.h).
#pragma once

#include "core/pipeline.h"

#include <CLI/CLI.hpp>

namespace speeduplab::cli {

/// Adds every sweep option (sweepOptions()) to cmd, each filling its field of o as typed:
/// Pipeline::plan checks them all, for the app too.
void addSweepOptions(CLI::App &cmd, RunOptions &o);

/// Adds --force (forceOption()) to cmd, filling force.
void addForce(CLI::App &cmd, bool &force);

} // namespace speeduplab::cli
