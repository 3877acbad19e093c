// SPDX-License-Identifier: MIT
// A crossing's 95 % interval (no Qt): a point's standard error from its repetitions, and the
// parametric bootstrap around a crossing that Analysis::crossings gives each one.
#pragma once

#include "core/model/series.h"

#include <vector>

namespace speeduplab::detail {

/// SeriesPoint::seLog of a point's repetitions.
double medianSpread(const Stats &s);

/// The sizes around a crossing, two measured either side of its bracket (at most 6): log n, log t
/// of each curve there, their standard errors.
struct CrossingWindow {
    std::vector<double> ln, c, g, seC, seG;
};

/// Sets x's interval (Crossing::lo, hi, openLow, openHigh) from the window; `before` is the sign
/// of log t_cpu - log t_gpu below the crossing. Nothing without a spread.
void crossingInterval(Crossing &x, const CrossingWindow &w, int before);

} // namespace speeduplab::detail
