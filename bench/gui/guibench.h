// SPDX-License-Identifier: MIT
// The desktop app's benchmarks (speeduplab-bench-gui; bench/gui.sh runs them): each prints its
// figures and returns 0 when it meets its targets, 1 when not, 2 when it could not run.
#pragma once

#include "core/model/stats.h"

#include <algorithm>
#include <vector>

class QApplication;

namespace speeduplab {

struct CommandLine;

namespace GuiBench {

/// The longest gap between 5 ms timer ticks on the GUI thread over a whole real sweep in the
/// window (target 17 ms: one frame at 60 Hz; 99th percentile 10 ms). cl: the app's sweep
/// options (default: the seed with 100 iterations, 0.05 s per point) and --settings.
int latency(const CommandLine &cl);
/// Rebuilding and repainting a chart of 10,000 points (a live update held to 17 ms), then every
/// chart of large files as --headless draws them (1 s each): CPU and GPU curves that swap places
/// at 200 and 400 sizes, 200 curves of 50 points, 1000 CPU curves; with --open FILE, only that
/// file's charts.
int redraw(const CommandLine &cl);
/// Launch to visible window (target 1 s) and idle resident memory (100 MB) of the app: runs
/// App::main on app, whose arguments are the app's command line.
int startup(QApplication &app);

/// The p-quantile of values in any order (core/stats' quantile); 0 when there are none.
inline double quantileOf(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return quantile(values, p);
}

} // namespace GuiBench

} // namespace speeduplab
