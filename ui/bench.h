// SPDX-License-Identifier: MIT
#pragma once

namespace speeduplab {

struct CommandLine;

/// The app's own benchmarks (hidden options), each printing its numbers and returning 0
/// when it meets its limit, 1 when not:
/// --bench-latency: the longest gap between 5 ms timer ticks on the GUI thread over a whole
///   real sweep in the window (limit 50 ms);
/// --bench-redraw: rebuilding and repainting a chart of 10,000 points (limit 50 ms), then every
///   chart of large files as --headless draws them (limit 1 s each): CPU and GPU curves that
///   swap places at 200 and 400 sizes, 200 curves of 50 points, 1000 CPU curves; with --open
///   FILE, only that file's charts;
/// --bench-startup: launch to visible window (limit 1 s) and idle resident memory (150 MB).
class Bench {
public:
    static int latency(const CommandLine &cl);
    static int redraw(const CommandLine &cl);
    static int startup(const CommandLine &cl);
};

} // namespace speeduplab
