// SPDX-License-Identifier: MIT
// Several runs side by side (no Qt): RunRecord, the label rules and the runs file.
#pragma once

#include "core/io/safefile.h"
#include "core/model/resultset.h"

#include <cstddef>
#include <string>
#include <vector>

namespace speeduplab {

/// One run shown in the app or joined by `speeduplab-cli merge`: the results of one sweep on
/// one machine (or of another tool, a reference), with the label it is shown under.
struct RunRecord {
    std::string label;      ///< shown in the runs list, the legend and the table; unique in a set
    ResultSet results;      ///< its rows have Measurement::run empty
    bool reference = false; ///< another tool's run (PyTorch, NumPy): drawn dashed
    bool visible = true;
    std::string source; ///< the file it was read from; empty for a sweep of this session
    /// "a" or "b": the run A or B of the pair compared across, as a workspace keeps it; empty
    /// otherwise (only the runs file holds it: the window keeps the pair itself)
    std::string compared;
    bool operator==(const RunRecord &) const = default;
};

/// Several runs: the label rules, the view that joins the visible ones, and the runs file (the
/// output of `merge` and the app's workspace: one JSON file holding any number of runs with
/// their labels and visibility).
class RunSet {
public:
    /// "<CPU or first GPU> · <time>": the machine and device a run was measured on and when,
    /// e.g. "NVIDIA H200 · 2026-11-30 21:40"; a reference: its program ("PyTorch 2.5.1 · ...").
    static std::string defaultLabel(const ResultSet &r);
    /// Whether a result set is a run of another tool in our format (bench/compare_torch.py,
    /// compare_numpy.py): build type "reference", or rows with their variants (torch, numpy) or
    /// mode (eager).
    static bool isReference(const ResultSet &r);
    /// label, or "label (2)", "label (3)", ... : the first not taken by a run of runs. Labels are
    /// trimmed, control characters dropped and capped at maxLabelLength; empty becomes "run".
    static std::string uniqueLabel(const std::vector<RunRecord> &runs, const std::string &label);
    /// The rows of the visible runs in one set, in run order, each row's Measurement::run set to
    /// its run's label (so that the series of different runs never mix); the machine is the first
    /// visible run's. With one visible run its rows keep run empty (a single run reads as before).
    static ResultSet combined(const std::vector<RunRecord> &runs);

    /// The runs file: {"format": "speeduplab-runs", "format_version": 1, "runs": [{"label",
    /// "visible", "reference", "source", ["compared": "a" or "b",] "results": <ResultIO's JSON
    /// object>}, ...]}, compact: each run starts a line, and each of its rows has one
    /// (ResultIO::streamJson).
    static std::string toJson(const std::vector<RunRecord> &runs);
    /// Throws ParseError naming the run (index and label) and the field at fault; never returns
    /// part of a file. Labels are made unique as they are read.
    static std::vector<RunRecord> fromJson(const std::string &text);
    /// Any result file as runs: a runs file gives its runs; a CSV or JSON result file gives one
    /// run, labelled defaultLabel, marked reference by isReference, source = path. Throws
    /// ParseError naming the file (same limits and checks as ResultIO::load).
    static std::vector<RunRecord> load(const std::string &path);
    /// Writes a runs file atomically (SafeFile), streamed: no copy of its whole text is made.
    /// Refuses (WriteError::Kind::TooLarge, no file left) a file that would be larger than
    /// ResultIO::maxFileBytes, which load() would refuse; options.stop stops it (Kind::Stopped).
    static void write(const std::vector<RunRecord> &runs, const std::string &path,
                      const WriteOptions &options = {});
    /// Whether text is a runs file: its top-level "format" is "speeduplab-runs", wherever it
    /// stands (read with SAX, stopping there; toJson writes it first).
    static bool isRunsFile(const std::string &text);

    static constexpr std::size_t maxLabelLength = 80;
    static constexpr std::size_t maxRuns = 1000;
    static constexpr int formatVersion = 1;
};

} // namespace speeduplab
