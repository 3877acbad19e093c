// SPDX-License-Identifier: MIT
// The sweep options of `speeduplab-cli run` in CLI11: sweepOptions() walked into add_option_function
// and add_flag, with each option's value name, help and default.
#include "cli/sweepargs.h"

#include "core/sweepoptions.h"

#include <string>

namespace speeduplab::cli {

namespace {

/// "--workload,-w"
std::string names(const SweepOption &opt)
{
    return "--" + opt.name + (opt.shortName.empty() ? "" : ",-" + opt.shortName);
}

} // namespace

void addSweepOptions(CLI::App &cmd, RunOptions &o)
{
    for (const SweepOption &opt : sweepOptions()) {
        if (opt.isFlag()) {
            cmd.add_flag(names(opt), o.*std::get<bool RunOptions::*>(opt.field), opt.help);
            continue;
        }
        // A value is kept as typed: absent is not given, "" is given (and refused by Pipeline::plan).
        CLI::Option *added = cmd.add_option_function<std::string>(
            names(opt), [&o, &opt](const std::string &v) { opt.set(o, v); }, opt.help);
        added->type_name(opt.valueName);
        if (!opt.defaultShown.empty())
            added->default_str(opt.defaultShown);
    }
}

void addForce(CLI::App &cmd, bool &force)
{
    cmd.add_flag(names(forceOption()), force, forceOption().help);
}

} // namespace speeduplab::cli
