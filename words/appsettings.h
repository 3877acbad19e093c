// SPDX-License-Identifier: MIT
// Where the window's settings live, and the calibration kept across restarts on the same hardware.
#pragma once

#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <string>

class QSettings;

namespace speeduplab {

struct MachineInfo;

/// Where the app keeps its settings: the user's (QSettings' default place) or, with
/// `--settings FILE`, that INI file. Every part of the window reads and writes through here (the
/// panel, the layout, the language, the charts' prices and options), so that a settings file
/// holds all of them and the user's own settings are left alone.
namespace AppSettings {
/// Why `file` cannot be a settings file, or empty when it can: the file is read at start and
/// rewritten at close, so, as for every file the app writes (core/safefile), it must be a
/// regular file or a new path, not a FIFO (it blocked start-up), a device or a folder; a
/// symlink must lead to one; and a file that is there must read as INI settings (sections,
/// key=value lines, comments) of at most a MiB: --settings /etc/passwd, or a results file,
/// would have been replaced by INI text. Empty `file` (the user's settings) is always fine.
QString refusal(const QString &file);
/// The file for this process: empty for the user's settings. Set before the window is built.
void useFile(const QString &file);
QString file();
/// The settings of `file` (empty: the user's), opened now; QSettings is not shared between
/// threads, so each caller opens its own. Written back, when it is destroyed, into the file's
/// text as the user wrote it, and only where a value changed (KeptSettings).
std::unique_ptr<QSettings> open(const QString &file);
/// The settings of this process's file.
std::unique_ptr<QSettings> open();
/// A number kept under key, when it is one within [lo, hi] (NaN and infinities are not):
/// zoom=nan blanked every chart and was written back; a price of 1e308 cost the cost chart its
/// axis. A hand-edited or damaged file keeps only what makes sense.
std::optional<double> number(const QSettings &s, const QString &key, double lo, double hi);
/// The OpenMP wait policy chosen for the CPU threads (Sweep ▸ OpenMP threads sleep at
/// barriers): "passive", "active" or "" for the runtime's default. The runtime reads it once, at
/// start (OMP_WAIT_POLICY), so App::main restarts the program with it when it differs.
QString ompWait();
void setOmpWait(const QString &policy);
/// The last calibration's ceilings on this hardware (same CPU model, thread count and GPUs), kept
/// so that a restart does not lose them; empty when none was kept or the hardware differs.
std::map<std::string, double> calibratedCeilings(const MachineInfo &machine);
/// Keeps machine's ceilings as this hardware's calibration, replacing any kept before.
void keepCalibration(const MachineInfo &machine);
} // namespace AppSettings

} // namespace speeduplab
