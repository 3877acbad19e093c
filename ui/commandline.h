// SPDX-License-Identifier: MIT
// The app's command line, parsed into plain values.
#pragma once

#include "core/pipeline.h"
#include "core/plan/sweepplan.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

namespace speeduplab {

/// The app's command line: the window's options, --headless with the CLI's sweep options,
/// and the --screenshot mode.
struct CommandLine {
    bool help = false;
    bool version = false;
    QString helpText;

    bool headless = false;
    QString png, svg, csv, json; ///< the outputs (empty: not given; given empty is a usage error)
    QString report;              ///< --report: the HTML report (HtmlReport)
    bool force = false;          ///< --force: replace an output even when it is read-only
    QString open;
    /// More files named on the command line after the first (the desktop entry's %F): the window
    /// opens them all, as File ▸ Open results does with several chosen.
    QStringList openAlso;
    QString example; ///< --example: a shipped recording, by its name (Examples::all, without the extension)
    QString overlay; ///< a reference run (PyTorch, NumPy) drawn dashed over ours on the time chart
    bool besideExample = false; ///< --beside-example: a sweep without a GPU gets the H200's beside it
    QString runA, runB;         ///< --run-a, --run-b: the runs compared across (labels in --open's runs file)
    QString chart = QStringLiteral("time");
    bool explain = false;      ///< --explain: print the Explain tab's text (headless)
    bool presentation = false; ///< start in presentation mode (full screen, the chart only)
    QSize size{1920, 1080};
    bool sizeGiven = false; ///< --size was given: with --screenshot, the window's size too
    QString screenshot;     ///< grab the window after the sweep or the file, then quit
    QString settings;       ///< an INI file instead of the user's settings
    bool run = false;       ///< start the sweep as soon as the window is up

    /// The sweep options, as in speeduplab-cli run (--preset and --calibrate too), as typed:
    /// Pipeline::plan checks them. Without a preset or sizes the app sweeps the seed.
    RunOptions sweep;

    /// Parses args (argv as QStrings). Returns nothing and sets *error on a usage error.
    static std::optional<CommandLine> parse(const QStringList &args, QString *error);

    /// A preset or any sweep option was given.
    bool asksForSweep() const;
    /// Pipeline::plan of the sweep options. Throws std::invalid_argument with the reason.
    SweepPlan plan(int hardwareThreads) const;
};

} // namespace speeduplab
