// SPDX-License-Identifier: MIT
// Result files (no Qt): CSV and JSON, written and read back into the same ResultSet.
#pragma once

#include "core/io/safefile.h"
#include "core/io/texts.h"
#include "core/model/resultset.h"

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace speeduplab {

/// Reads and writes result sets as CSV (tidy: one header row, one measurement per row, nothing
/// else, so that pandas and spreadsheets read it with their defaults; the machine in a metadata
/// file beside it, csvMetadataPath; older files' "# metadata: {json}" line or cell reads too) and
/// JSON (metadata + rows).
/// Both carry each point's quartiles and Tukey outlier count (q1_s, q3_s, outliers); only JSON
/// carries its repetition times (samples, at most Stats::maxSamples). Files without them load,
/// with the quartiles unknown and no samples. Files are written through SafeFile (atomic, never over a
/// device, a FIFO or a read-only file).
class ResultIO {
public:
    /// The CSV's rows; the machine they ran on is csvMetadata's (writeCsv writes both).
    static std::string toCsv(const ResultSet &r);
    /// The metadata file of a CSV: {"format": "speeduplab-csv-metadata", "version", "csv": its
    /// CSV's file name, "machine"}, one line. fromCsv reads it back.
    static std::string csvMetadata(const ResultSet &r, const std::string &csvName = {});
    static constexpr const char *csvMetadataFormat = "speeduplab-csv-metadata";
    static constexpr const char *csvMetadataSuffix = ".meta.json";
    /// Where the metadata of the CSV at `csvPath` lies: beside it (beside a link's target),
    /// "results.csv.meta.json".
    static std::string csvMetadataPath(const std::string &csvPath);
    /// The content of toCsv, handed to `out` in pieces of about 1 MiB (writeCsv writes so).
    static void streamCsv(const ResultSet &r, const std::function<void(std::string_view)> &out);
    /// The JSON of a result set, compact: a line for the format and machine, then one row a line
    /// (streamJson's text, with a final newline). writeJson writes the same text.
    static std::string toJson(const ResultSet &r);
    /// The content of toJson, each row handed to `out` as it is made, so that a large result
    /// set is written without its whole text, or a JSON tree of it, in memory. fromJson reads it;
    /// the runs file writes its runs so.
    static void streamJson(const ResultSet &r, const std::function<void(std::string_view)> &out);
    /// Throws ParseError naming the line (CSV) or field (JSON) at fault. Never returns a
    /// partial result.
    /// `metadata`: the text of the CSV's metadata file (csvMetadata), or empty; a metadata line
    /// in the CSV itself (older files) comes first. Its errors start with `metadataName`.
    static ResultSet fromCsv(const std::string &text, const std::string &metadata = {},
                             const std::string &metadataName = "its metadata file");
    static ResultSet fromJson(const std::string &text);

    /// The CSV at `path`, then its metadata file (writeCsvMetadata).
    static void writeCsv(const ResultSet &r, const std::string &path, const WriteOptions &options = {});
    /// The metadata file of r's CSV written at `csvPath` (csvMetadataPath), under options' rules
    /// (never createOnly: a metadata file without its CSV is no one's) and with the CSV's mode.
    static void writeCsvMetadata(const ResultSet &r, const std::string &csvPath, WriteOptions options);
    static void writeJson(const ResultSet &r, const std::string &path, const WriteOptions &options = {});
    /// Every result file the programs write goes through here (writeCsv, writeJson, the CLI's
    /// outputs, RunSet::write): SafeFile's rules, and never a file larger than maxFileBytes, which
    /// SpeedupLab would then refuse to open (a 273 MiB JSON of a big CSV was written): the write
    /// stops and leaves nothing, WriteError::Kind::TooLarge saying so and what to do (advice).
    static void writeResultFile(const std::string &path,
                                const std::function<void(const SafeFile::Append &)> &produce,
                                const WriteOptions &options, const std::string &advice);
    /// Loads a .csv or .json file (by extension, else by content; a UTF-8 byte-order mark is
    /// skipped), a CSV with its metadata file where there is one (else its machine is unknown). Throws
    /// ParseError naming the file and the line (CSV) or row (JSON) and field. Refuses, before opening it,
    /// anything but a regular file (a FIFO, a device, a folder) and a file larger than maxFileBytes. Every
    /// row is checked: numbers finite, sizes and times not negative, an ok row's median_s from 1e-12 to 1e7
    /// s, min_s <= median_s <= max_s, threads >= 1 on a CPU row, reps >= 1 on an ok row; when present, min_s
    /// <= q1_s <= median_s
    /// <= q3_s <= max_s, outliers from 0 to reps, and at most reps (and Stats::maxSamples) samples,
    /// each a finite time from 0 to 1e7 s. Values echoed in a message are capped
    /// at 60 characters, with control characters escaped.
    static ResultSet load(const std::string &path);
    /// The largest result file load() reads and the writers write: 1 GiB (a million rows take
    /// about 210 MiB as CSV and 640 MiB as JSON, which loads back in about 1.5 GB of memory).
    static constexpr std::uintmax_t maxFileBytes = std::uintmax_t(1) << 30;

    /// The "version" written in JSON results (docs/results-format.md). load() and fromJson()
    /// read files of this version and older (a file without "version" reads as version 1) and
    /// refuse a newer one: "written by a newer SpeedupLab (version N); update SpeedupLab to read it".
    static constexpr int formatVersion = 1;

    /// The CSV header, as a comma-separated list.
    static const char *csvHeader();
};

} // namespace speeduplab
