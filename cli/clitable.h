// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis.h"
#include "core/measurement.h"
#include "core/resultset.h"

#include <ostream>

namespace speeduplab {

/// The CLI's text output: a row per measurement as it finishes, then the crossovers.
class CliTable {
public:
    static void header(std::ostream &os);
    static void row(std::ostream &os, const Measurement &m);
    /// The measured ceilings, and each measurement's share of its ceiling.
    static void ceilings(std::ostream &os, const ResultSet &r);
    static void crossovers(std::ostream &os, const std::vector<CrossoverReport> &reports);
};

} // namespace speeduplab
