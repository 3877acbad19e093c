// SPDX-License-Identifier: MIT
// The rows behind a curve, and how far a model misses its points: what the cost-model fit
// (costmodel.cpp) and the stories told from it (explain.cpp) share. Internal to core/analysis/.
#pragma once

#include "core/machine/machineinfo.h"
#include "core/model/resultset.h"
#include "core/model/series.h"

#include <cmath>
#include <map>
#include <utility>
#include <vector>

namespace speeduplab::curverows {

/// The row a point names (SeriesPoint::row), when the series was built from r; else null.
const Measurement *indexedRow(const ResultSet &r, const Series &s, const SeriesPoint &p);
/// A curve's rows by n, ascending, one a size.
using Rows = std::vector<std::pair<int, const Measurement *>>;
/// The measurements behind a curve's points, by n (the last one, when a size was rerun).
Rows rowsOf(const ResultSet &r, const Series &s);
/// The index of size n in rows; rows.size() when it has none.
std::size_t indexOf(const Rows &rows, int n);
/// The measurement behind the curve's point at n; null when none.
const Measurement *rowOf(const ResultSet &r, const Series &s, int n);
/// The CUDA GPU of a GPU point, from the result's metadata; null when unknown.
const MachineInfo::Gpu *deviceOf(const Measurement &m, const MachineInfo &machine);

// RMS of ln(measured / model) over (p, time) pairs.
template <class Model> double logError(const std::vector<std::pair<int, double>> &times, Model model)
{
    double sum = 0;
    int count = 0;
    for (const auto &[p, t] : times) {
        const double m = model(p);
        if (t > 0 && m > 0) {
            const double e = std::log(t / m);
            sum += e * e;
            ++count;
        }
    }
    return count > 0 ? std::sqrt(sum / count) : 0;
}

} // namespace speeduplab::curverows
