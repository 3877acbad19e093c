#pragma once

#include "core/machineinfo.h"
#include "core/measurement.h"

#include <vector>

namespace speeduplab {

/// Every measurement of a run plus the machine it ran on. Charts, tables, the analysis and
/// the exporters only read it; a saved file loads back into an identical one.
class ResultSet {
public:
    MachineInfo machine;
    std::vector<Measurement> rows;

    void add(const Measurement &m) { rows.push_back(m); }
    bool empty() const { return rows.empty(); }
    std::size_t size() const { return rows.size(); }
    /// The distinct series keys, in order of first appearance.
    std::vector<std::string> seriesKeys() const;
    /// The rows of one series, sorted by n.
    std::vector<Measurement> series(const std::string &key) const;

    bool operator==(const ResultSet &) const = default;
};

} // namespace speeduplab
