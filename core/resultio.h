// SPDX-License-Identifier: MIT
#pragma once

#include "core/resultset.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace speeduplab {

/// A file that cannot be read as a result set. The message names the line or field.
class ParseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A file that cannot be written. The message says which file and why.
class WriteError : public std::runtime_error {
public:
    enum class Kind {
        Other,
        ReadOnly, ///< an existing read-only file, which WriteOptions::force would replace
    };
    explicit WriteError(const std::string &what, Kind kind = Kind::Other)
        : std::runtime_error(what), m_kind(kind)
    {
    }
    Kind kind() const { return m_kind; }

private:
    Kind m_kind;
};

/// How ResultIO writes a file.
struct WriteOptions {
    /// Replace an existing file even when it is read-only (it keeps its mode).
    bool force = false;
};

/// Reads and writes result sets as CSV (tidy: one header row, one measurement per row, the
/// metadata as one leading "# metadata: {json}" comment line) and JSON (metadata + rows).
/// Writes are atomic: a temporary file beside the target, renamed over it when complete.
class ResultIO {
public:
    static std::string toCsv(const ResultSet &r);
    static std::string toJson(const ResultSet &r);
    /// Throws ParseError naming the line (CSV) or field (JSON) at fault. Never returns a
    /// partial result.
    static ResultSet fromCsv(const std::string &text);
    static ResultSet fromJson(const std::string &text);

    static void writeCsv(const ResultSet &r, const std::string &path, const WriteOptions &options = {});
    static void writeJson(const ResultSet &r, const std::string &path, const WriteOptions &options = {});
    /// Loads a .csv or .json file (by extension, else by content; a UTF-8 byte-order mark is
    /// skipped). Throws ParseError naming the file and the line (CSV) or row (JSON) and field.
    /// Refuses, before opening it, anything but a regular file (a FIFO, a device, a folder) and
    /// a file larger than maxFileBytes. Every row is checked: numbers finite, sizes and times
    /// not negative, an ok row's median_s from 1e-12 to 1e7 s, min_s <= median_s <= max_s,
    /// threads >= 1 on a CPU row, reps >= 1 on an ok row. Values echoed in a message are capped
    /// at 60 characters, with control characters escaped.
    static ResultSet load(const std::string &path);
    /// The largest result file load() reads: 256 MiB (a million CSV rows take about 210 MiB).
    static constexpr std::uintmax_t maxFileBytes = std::uintmax_t(256) << 20;

    /// Writes text to path atomically: a temporary file "<name>.tmp-<12 hex digits>" in the
    /// target's folder, synced, then renamed over it. A symlink is followed and its target
    /// replaced (the link stays a link). An existing file keeps its mode; a new one gets
    /// 0666 & ~umask. Refuses anything but a regular file or a new path (a device, a FIFO, a
    /// socket, a folder), and a read-only file unless options.force. Throws WriteError; leaves
    /// no partial or temporary file behind, and removes the temporaries of this target that an
    /// earlier, killed write left (regular files of ours, older than this process).
    static void writeFileAtomically(const std::string &path, const std::string &text,
                                    const WriteOptions &options = {});
    /// The preflight, before a run, so that a long sweep does not end in an unwritable file:
    /// every check of writeFileAtomically, then a file is created in the target's folder and
    /// renamed over a second one (both removed), as the write will. Throws WriteError.
    static void checkWritable(const std::string &path, const WriteOptions &options = {});
    /// checkWritable for each output of one command, then refuses the same file given twice
    /// (./a.csv and a.csv, a symlink and its target, two hard links). Throws WriteError.
    static void checkOutputs(const std::vector<std::string> &paths, const WriteOptions &options = {});

    /// The CSV header, as a comma-separated list.
    static const char *csvHeader();
};

} // namespace speeduplab
