// SPDX-License-Identifier: MIT
// What several subcommands of speeduplab-cli share (clicommon.h): the signal handler and its stop
// flag, failing, escaping, the output files' preflight and writing, calibration steps in words,
// and loading the input files.
#include "cli/clicommon.h"

#include "core/io/terminaltext.h"
#include "core/kernels/blaslibrary.h"
#include "core/results/resultio.h"

#include <cstdlib>
#include <iostream>
#include <string_view>

#include <unistd.h>

namespace speeduplab::cli {

std::atomic<bool> g_stop{false};
volatile std::sig_atomic_t g_signal = 0;

namespace {

/// Set while input files are read: the loaders have no stop flag, and nothing has been written
/// yet, so a signal ends the process at once instead of when the last file is parsed.
std::atomic<bool> g_exitAtOnce{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler needs a lock-free flag");

} // namespace

void onSignal(int sig)
{
    // A second signal ends the program at once, whatever the first one is still waiting for.
    const bool again = g_signal != 0;
    if (g_signal == 0)
        g_signal = sig;
    g_stop.store(true);
    if (again) {
        static const char msg[] = "speeduplab-cli: stopped again; exiting now\n";
        [[maybe_unused]] const ssize_t w = ::write(STDERR_FILENO, msg, sizeof msg - 1);
        ::_exit(128 + sig);
    }
    if (g_exitAtOnce.load()) {
        // Only async-signal-safe calls here.
        static const char msg[] = "speeduplab-cli: interrupted while reading the input files; nothing was "
                                  "written\n";
        [[maybe_unused]] const ssize_t w = ::write(STDERR_FILENO, msg, sizeof msg - 1);
        ::_exit(128 + sig);
    }
}

int interruptedStatus()
{
    return 128 + (g_signal ? int(g_signal) : SIGINT);
}

std::string esc(const std::string &s)
{
    return TerminalText::escaped(s);
}

std::string val(const std::string &s)
{
    return TerminalText::value(s);
}

int fail(const std::string &msg, int rc)
{
    std::cerr << "speeduplab-cli: " << esc(msg) << '\n';
    return rc;
}

int usageError(const std::string &msg)
{
    return fail(msg, 2);
}

bool isStdout(const std::optional<std::string> &path)
{
    return path && *path == "-";
}

void warnCoreType()
{
    if (const char *v = std::getenv("OPENBLAS_CORETYPE"); v && *v)
        if (const std::string why = BlasLibrary::coreTypeProblem(v); !why.empty())
            std::cerr << "warning: " << esc(why) << '\n';
}

void printStep(std::ostream &os, const CalibrationStep &s)
{
    switch (s.kind) {
    case CalibrationStep::Kind::Cpu:
        os << "Calibrating the CPU with " << s.threads << " threads...\n";
        break;
    case CalibrationStep::Kind::Gpu:
        os << "Calibrating GPU " << s.device << "...\n";
        break;
    case CalibrationStep::Kind::GpuSkipped:
    case CalibrationStep::Kind::GpuFailed:
        os << "GPU not calibrated: " << esc(s.reason) << '\n';
        break;
    case CalibrationStep::Kind::GpuPartial:
        os << "GPU " << s.device
           << " calibrated without its cuBLAS ceilings (its other ceilings are kept): " << esc(s.reason)
           << '\n';
        break;
    case CalibrationStep::Kind::Device:
        os << "Calibrating " << s.deviceId << "...\n";
        break;
    case CalibrationStep::Kind::DeviceFailed:
        os << s.deviceId << " not calibrated (the other ceilings are kept): " << esc(s.reason) << '\n';
        break;
    }
    os << std::flush;
}

std::string checkOutputs(const std::vector<std::pair<const char *, const std::optional<std::string> *>> &outs,
                         const WriteOptions &write)
{
    std::vector<std::string> paths;
    int toStdout = 0;
    for (const auto &[option, path] : outs) {
        if (!*path)
            continue;
        if ((*path)->empty())
            return std::string(option) + " needs a file name";
        if (isStdout(*path)) {
            if (++toStdout > 1)
                return "only one output may be stdout (-): give the others a file name";
            continue;
        }
        paths.push_back(**path);
        if (std::string_view(option) == "--csv") // and its metadata file beside it
            paths.push_back(ResultIO::csvMetadataPath(**path));
    }
    try {
        SafeFile::checkAll(paths, write);
    } catch (const WriteError &e) {
        if (e.kind() == WriteError::Kind::ReadOnly)
            return std::string(e.what()) + " (give --force to replace it)";
        return e.what();
    }
    return {};
}

void writeOutput(const std::string &path, const std::string &text, bool interrupted, bool nothing,
                 const WriteOptions &write, std::ostream &say, const ResultSet *csvOf)
{
    if (path == "-") {
        if (interrupted)
            std::cerr << "interrupted: nothing was written to stdout (the results are incomplete)\n";
        else
            std::cout << text << std::flush;
        return;
    }
    (interrupted ? std::cerr : say) << Pipeline::writeOutput(path, text, interrupted, nothing, write, csvOf)
                                    << '\n';
}

int loadAll(const std::vector<std::string> &paths, std::vector<LoadedFile> &out)
{
    struct ExitAtOnce {
        ExitAtOnce() { g_exitAtOnce.store(true); }
        ~ExitAtOnce() { g_exitAtOnce.store(false); }
    } scope;
    if (g_stop.load()) { // a signal came before the flag was set
        std::cerr << "speeduplab-cli: interrupted before the input files were read; nothing was written\n";
        return interruptedStatus();
    }
    for (const auto &path : paths) {
        try {
            out.push_back({path, RunSet::load(path)});
        } catch (const std::exception &e) {
            return fail(e.what());
        }
    }
    return 0;
}

} // namespace speeduplab::cli
