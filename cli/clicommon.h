// SPDX-License-Identifier: MIT
// What several subcommands of speeduplab-cli share: the stop flag its signal handler sets,
// failing with a message and an exit status, escaping, checking and writing the output files,
// printing calibration steps, and loading the input files.
#pragma once

#include "core/io/safefile.h"
#include "core/pipeline.h"
#include "core/results/runset.h"

#include <atomic>
#include <csignal>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace speeduplab::cli {

/// Set by onSignal: a running command stops at its next step.
extern std::atomic<bool> g_stop;
/// The first signal that asked to stop (SIGINT or SIGTERM); 0 while none has.
extern volatile std::sig_atomic_t g_signal;

/// The handler of SIGINT and SIGTERM: sets g_stop (and g_signal), or, while loadAll reads the
/// input files, ends the process at once.
void onSignal(int sig);

/// The exit status of an interrupted command: 128 + the signal, as a shell reports it.
int interruptedStatus();

std::string esc(const std::string &s);
/// A name or a value from a file or an argument (a path, a run's label), its backslashes doubled
/// so that a name's own backslash is told apart from an escape (TerminalText::value).
std::string val(const std::string &s);

/// Prints "speeduplab-cli: <msg>" on stderr, escaped (a message may name a file or echo a value).
int fail(const std::string &msg, int rc = 1);

int usageError(const std::string &msg);

/// "-" as an output file: the text goes to stdout.
bool isStdout(const std::optional<std::string> &path);

/// A warning, once, for an OPENBLAS_CORETYPE that OpenBLAS does not know (it ignores it without a
/// word that reaches the user).
void warnCoreType();

/// One step of a calibration (run --calibrate, calibrate), in words.
void printStep(std::ostream &os, const CalibrationStep &s);

/// The preflight of every output, before anything runs: a name for each, each writable (its
/// folder lets a file be created and renamed into place), no file twice. Empty when all is well.
std::string checkOutputs(const std::vector<std::pair<const char *, const std::optional<std::string> *>> &outs,
                         const WriteOptions &write);

/// One output of run or calibrate: text to path (Pipeline::writeOutput: an interrupted command
/// never replaces it), or to stdout for "-". Says what was done: "wrote" on `say` (the stream for
/// people), an interruption on stderr. csvOf: the text is its CSV, whose metadata file goes
/// beside a file (stdout gets the rows alone). Throws WriteError.
void writeOutput(const std::string &path, const std::string &text, bool interrupted, bool nothing,
                 const WriteOptions &write, std::ostream &say, const ResultSet *csvOf = nullptr);

/// The runs of one file, as given on the command line.
struct LoadedFile {
    std::string path;
    std::vector<RunRecord> runs;
    /// A result file of one run (not a runs file): it is named by its path, as before runs files.
    bool single() const { return runs.size() == 1 && runs[0].source == path; }
    /// How a run of this file is named in the output: the path, or the path and the run's label.
    std::string name(const RunRecord &r) const
    {
        return single() ? path : path + ", run \"" + r.label + "\"";
    }
};

/// Loads every file before anything is printed or written, so that a bad one stops the command
/// with its name (RunSet::load's message names the file and the line or field) and no half
/// report. 0, or the exit status (the message printed). A signal meanwhile ends the process at
/// once (onSignal): reading can take seconds, and there is nothing to clean up yet.
int loadAll(const std::vector<std::string> &paths, std::vector<LoadedFile> &out);

} // namespace speeduplab::cli
