// SPDX-License-Identifier: MIT
// The subcommands of speeduplab-cli, one function each, which main.cpp calls once CLI11 has parsed
// the options: each returns the exit status (cli/main.cpp says what the codes mean).
#pragma once

#include "core/io/safefile.h"
#include "core/pipeline.h"

#include <optional>
#include <string>
#include <vector>

namespace speeduplab::cli {

/// The files a command writes, as given (an option not given is absent, "" is an error).
struct Outputs {
    std::optional<std::string> csv, json;
    WriteOptions write; ///< --force
};

/// `devices` and `workloads` (cmdinfo.cpp).
int cmdDevices();
int cmdWorkloads();

/// `run` (cmdrun.cpp): the sweep, its table and crossovers, and its --csv and --json files.
int cmdRun(const RunOptions &o, const Outputs &files);

/// `calibrate` (cmdcalibrate.cpp): the machine's ceilings, and their --json file.
int cmdCalibrate(int threads, int device, bool cpuOnly, const Outputs &files);

/// `verify` (cmdverify.cpp): every workload, variant and backend against the CPU reference.
int cmdVerify(int device, bool cpuOnly);

/// `report`, `compare` and `merge` (cmdfiles.cpp): the commands that read saved result files
/// and runs files.
int cmdReport(const std::vector<std::string> &paths, bool verbose);
int cmdCompare(std::vector<std::string> paths, const std::optional<std::string> &runA,
               const std::optional<std::string> &runB);
int cmdMerge(const std::vector<std::string> &paths, const std::optional<std::string> &output,
             const WriteOptions &write);

/// `explain` (cmdexplain.cpp): the sentences of the app's Explain tab for each run and workload,
/// in the user's language; a build without Qt says why it has none.
int cmdExplain(const std::vector<std::string> &paths, const std::optional<std::string> &workload);

} // namespace speeduplab::cli
