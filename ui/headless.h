// SPDX-License-Identifier: MIT
// Headless: speeduplab --headless, a sweep or a recorded file written to image and data files, no window.
#pragma once

namespace speeduplab {

struct CommandLine;

/// --headless: runs a sweep (or loads --open FILE) without a window and writes the chart the
/// window shows (PNG, SVG) and the data (CSV, JSON). Exit codes as speeduplab-cli: 0 success,
/// 1 a failure while running or writing, 2 bad usage.
class Headless {
public:
    static int run(const CommandLine &cl);
};

} // namespace speeduplab
