#pragma once

#include "core/analysis.h"
#include "core/measurement.h"

#include <ostream>

namespace speeduplab {

/// The CLI's text output: a row per measurement as it finishes, then the crossovers.
class CliTable {
public:
    static void header(std::ostream &os);
    static void row(std::ostream &os, const Measurement &m);
    static void crossovers(std::ostream &os, const std::vector<CrossoverReport> &reports);
};

} // namespace speeduplab
