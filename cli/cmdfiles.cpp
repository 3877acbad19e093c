// SPDX-License-Identifier: MIT
// speeduplab-cli's commands over saved files: `report` (each run's machine, crossovers, ceilings
// and series), `compare` (two runs point by point) and `merge` (runs of many files into one runs
// file).
#include "cli/clicommon.h"
#include "cli/clitable.h"
#include "cli/commands.h"
#include "core/analysis/compare.h"
#include "core/io/safefile.h"
#include "core/io/terminaltext.h"
#include "core/results/resultio.h"
#include "core/results/runset.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace speeduplab::cli {

namespace {

/// The labels of runs, quoted, for a message: "a", "b", "c".
std::string labelList(const std::vector<RunRecord> &runs)
{
    std::string s;
    for (const auto &r : runs)
        s += (s.empty() ? "\"" : ", \"") + r.label + "\"";
    return s;
}

/// The run of f that `compare` uses: the one labelled `label` (given with `option`), else the
/// only one. Empty (and the message printed) when there is no such single run.
const RunRecord *pickRun(const LoadedFile &f, const std::optional<std::string> &label, const char *option,
                         int &rc)
{
    if (label) {
        for (const auto &r : f.runs)
            if (r.label == *label)
                return &r;
        rc =
            usageError(f.path + " has no run labelled \"" + *label + "\"; its runs are " + labelList(f.runs));
        return nullptr;
    }
    if (f.runs.size() == 1)
        return &f.runs[0];
    if (f.runs.empty()) {
        rc = fail(f.path + " holds no runs: nothing to compare");
        return nullptr;
    }
    rc = usageError(f.path + " holds " + std::to_string(f.runs.size()) + " runs: pick one with " + option +
                    " LABEL, one of " + labelList(f.runs));
    return nullptr;
}

// A path's extension in lower case: ".csv" for "Results.CSV".
std::string lowerExtension(const std::string &path)
{
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

/// Why merge will not write `output`, or "" when it may: the runs file is JSON (it has no CSV
/// form: a CSV file holds one run), is a file (not stdout), and is none of the inputs, which
/// would be lost if the merge failed half-way (SafeFile::sameFile: the same path in other words,
/// a symbolic or hard link to it).
std::string mergeOutputProblem(const std::vector<std::string> &inputs, const std::string &output)
{
    if (output == "-")
        return "merge writes a runs file, which SpeedupLab opens whole, not a stream: name it with -o "
               "FILE.json";
    const std::string ext = lowerExtension(output);
    std::string file = std::filesystem::path(output).filename().string();
    std::transform(file.begin(), file.end(), file.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (file == ".json") // "-o .json": a name that is all extension
        return "-o " + output + ": give the runs file a name before .json, e.g. runs.json";
    if (ext != ".json")
        return "-o " + output + ": a runs file is JSON, so its name must end in .json (there is no CSV " +
               "form: a CSV file holds one run)";
    try { // every front end's rule: no output over an input
        SafeFile::checkNotAnInput(output, inputs);
    } catch (const WriteError &e) {
        return "-o " + std::string(e.what());
    }
    return {};
}

} // namespace

int cmdReport(const std::vector<std::string> &paths, bool verbose)
{
    std::vector<LoadedFile> files;
    if (const int rc = loadAll(paths, files))
        return rc;
    bool first = true;
    for (const auto &f : files)
        for (const auto &run : f.runs) {
            if (!first)
                std::cout << '\n';
            first = false;
            CliTable::report(std::cout, f.single() ? f.path : run.label + " (" + f.path + ")", run.results,
                             verbose);
            // A CSV copied without the metadata file beside it: say why its machine is unknown.
            if (const std::string meta = ResultIO::csvMetadataPath(f.path);
                f.single() && run.results.machine == MachineInfo() && lowerExtension(f.path) == ".csv" &&
                !std::filesystem::exists(meta))
                std::cout << "note: the machine is unknown: " << TerminalText::escaped(meta)
                          << ", the CSV's metadata file, is not beside it\n";
        }
    return 0;
}

int cmdCompare(std::vector<std::string> paths, const std::optional<std::string> &runA,
               const std::optional<std::string> &runB)
{
    if (paths.size() == 1 && runA && runB)
        paths.push_back(paths[0]); // two runs of one runs file
    if (paths.size() != 2)
        return usageError("compare needs exactly two files, A and B (got " + std::to_string(paths.size()) +
                          "), or one runs file with --run-a and --run-b (see speeduplab-cli compare --help)");
    std::vector<LoadedFile> files;
    if (const int status = loadAll(paths, files))
        return status;
    int rc = 0;
    const RunRecord *a = pickRun(files[0], runA, "--run-a", rc);
    if (!a)
        return rc;
    const RunRecord *b = pickRun(files[1], runB, "--run-b", rc);
    if (!b)
        return rc;
    const std::string nameA = files[0].name(*a), nameB = files[1].name(*b);
    const Comparison c = Compare::compare(a->results, b->results);
    if (c.empty())
        return fail(nameA + " and " + nameB +
                    " have no successful point in common (the same workload, variant, backend, threads, "
                    "mode, copies and n): nothing to compare");
    std::cout << "A: " << val(nameA) << '\n' << "B: " << val(nameB) << "\n\n";
    CliTable::comparison(std::cout, c);
    return 0;
}

int cmdMerge(const std::vector<std::string> &paths, const std::optional<std::string> &output,
             const WriteOptions &write)
{
    if (output && !output->empty())
        if (const std::string bad = mergeOutputProblem(paths, *output); !bad.empty())
            return usageError(bad);
    if (const std::string bad = checkOutputs({{"-o", &output}}, write); !bad.empty())
        return usageError(bad);
    std::vector<LoadedFile> files;
    if (const int rc = loadAll(paths, files))
        return rc;
    std::vector<RunRecord> joined;
    for (auto &f : files)
        for (auto &run : f.runs) {
            run.label = RunSet::uniqueLabel(joined, run.label);
            joined.push_back(std::move(run));
        }
    if (joined.size() > RunSet::maxRuns)
        return fail("the files hold " + std::to_string(joined.size()) + " runs, more than the " +
                    std::to_string(RunSet::maxRuns) + " a runs file may hold: merge them into several files");
    // Streamed, and stopped by a signal at the next row: no output and no temporary file left.
    WriteOptions options = write;
    options.stop = &g_stop;
    std::cout << "writing " << val(*output) << "..." << std::endl; // a large merge takes seconds
    try {
        RunSet::write(joined, *output, options);
    } catch (const WriteError &e) {
        if (e.kind() != WriteError::Kind::Stopped)
            throw;
        fail("interrupted: " + *output + " was not written (nothing was left behind)");
        return interruptedStatus();
    }
    std::cout << "wrote " << val(*output) << ": " << joined.size() << (joined.size() == 1 ? " run" : " runs")
              << " from " << files.size() << (files.size() == 1 ? " file" : " files") << '\n';
    for (const auto &r : joined)
        std::cout << "  " << val(r.label) << (r.reference ? " (reference)" : "")
                  << (r.source.empty() ? "" : ", from " + val(r.source)) << '\n';
    return 0;
}

} // namespace speeduplab::cli
