// SPDX-License-Identifier: MIT
#pragma once

#include "core/resultset.h"

#include <stdexcept>
#include <string>

namespace speeduplab {

/// A file that cannot be read as a result set. The message names the line or field.
class ParseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A file that cannot be written. The message says which file and why.
class WriteError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
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

    static void writeCsv(const ResultSet &r, const std::string &path);
    static void writeJson(const ResultSet &r, const std::string &path);
    /// Loads a .csv or .json file (by extension, else by content). Throws ParseError.
    static ResultSet load(const std::string &path);

    /// Writes text to path atomically. Throws WriteError; leaves no partial file behind.
    static void writeFileAtomically(const std::string &path, const std::string &text);
    /// Throws WriteError when path's folder does not exist or is not writable (checked
    /// before a run, so that a long sweep does not end in an unwritable file).
    static void checkWritable(const std::string &path);

    /// The CSV header, as a comma-separated list.
    static const char *csvHeader();
};

} // namespace speeduplab
