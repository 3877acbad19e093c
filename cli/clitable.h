// SPDX-License-Identifier: MIT
// CliTable: how speeduplab-cli prints rows, ceilings, crossovers, reports and comparisons.
#pragma once

#include "core/analysis/analysis.h"
#include "core/analysis/compare.h"
#include "core/model/measurement.h"
#include "core/model/resultset.h"

#include <ostream>
#include <string>

namespace speeduplab {

/// The CLI's text output: a row per measurement as it finishes, then the crossovers. Text from a
/// file or the machine is escaped (TerminalText), and a rate that is not finite prints as a dash.
class CliTable {
public:
    static void header(std::ostream &os);
    /// One measurement's line, without its newline; prefix ("again: ") stands inside the series
    /// column, so that the columns stay aligned.
    static std::string rowText(const Measurement &m, const std::string &prefix = {});
    /// The measured ceilings, and each measurement's share of its ceiling.
    static void ceilings(std::ostream &os, const ResultSet &r);
    /// notGpus: Analysis::notGpus, said first (why a device series has no crossover). The best
    /// CPU's crossovers, and with verbose every thread count's (Analysis::printed).
    static void crossovers(std::ostream &os, const std::vector<CrossoverReport> &reports,
                           const std::vector<std::string> &notGpus = {}, bool verbose = false);
    /// `report`: the run's machine, crossovers per workload (as crossovers() picks them), ceilings
    /// and one line per series.
    static void report(std::ostream &os, const std::string &name, const ResultSet &r, bool verbose = false);
    /// `compare`: one line per shared point (B against A), then the counts in one line.
    static void comparison(std::ostream &os, const Comparison &c);
};

} // namespace speeduplab
