// SPDX-License-Identifier: MIT
// Internal to core: what the result readers share. resultload.cpp (messages, row checks, the
// file-system side), resultjson.cpp and resultcsv.cpp use it among themselves, and the runs
// file (runset.cpp) reuses it, so that a run inside a runs file is read and checked exactly as
// a result file is. Not installed; only core's sources include it.
#pragma once

#include "core/io/texts.h"
#include "core/results/resultio.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace speeduplab::detail {

/// The machine's JSON (a result file's "machine", a CSV's metadata line) holds at most this
/// many values, so that memory stays proportional to what is kept.
inline constexpr std::size_t kMaxMachineValues = 100000;

/// cutText on every string of a row, and of the machine: a 10 MB variant kept a chart busy for a
/// minute and aborted QtCharts' legend; a 1 MB workload name took 23 GB.
void cutFields(Measurement &m);
void cutFields(MachineInfo &m);
/// The sentence for nlohmann's parse error at pos of text; `path` names the field being read.
std::string jsonErrorMessage(std::string_view text, std::size_t pos, const std::string &token,
                             const nlohmann::detail::exception &ex, const std::string &path);

/// Parses a small JSON document (the CSV's metadata) within a budget of values; refuses one
/// nested too deep or holding more. Throws ParseError, naming `label` for a limit.
nlohmann::json parseBounded(std::string_view text, std::size_t budget, const std::string &label);
/// The machine metadata from its JSON object. Throws ParseError naming the field.
MachineInfo machineFromJson(const nlohmann::json &j);
/// The machine of a CSV's metadata file (ResultIO::csvMetadata). Throws ParseError starting with
/// `name`.
MachineInfo machineOfCsvMetadata(const std::string &text, const std::string &name);
/// Checks what no well-formed row can have, so that a damaged file is refused, not half-used.
/// `where` starts each message ("line 7", "rows[3]"); `raw` gives a field's text as the file
/// has it. Throws ParseError.
void validate(const Measurement &m, const std::string &where,
              const std::function<std::string(const char *)> &raw);

/// Refuses two rows of one point (the same series and n): the chart drew one of them and the
/// report found crossovers between them. A recording holds each point once; repeated
/// measurements are merged as rounds when they are made (--rounds). where(i) names row i
/// ("line 7", "rows[3]"). Linear in the rows. Throws ParseError naming both.
void refuseDuplicates(const std::vector<Measurement> &rows,
                      const std::function<std::string(std::size_t)> &where);
/// The whole text of a result file, with ResultIO::load's checks: a regular file (refused from
/// stat, before it is opened) of at most ResultIO::maxFileBytes. Throws ParseError naming it.
std::string readResultFile(const std::string &path);
/// ResultIO::load on the text of `path`, already read: CSV or JSON by extension, else content.
ResultSet parseResultFile(const std::string &path, const std::string &text);
/// e, from reading the text of `path`, with the file named in front as ResultIO::load does:
/// "results.csv, line 7: ...", "results.json, rows[3]: ...", else "results.csv: ...".
ParseError inFile(const std::string &path, const ParseError &e);

/// Reads ResultIO's JSON object from SAX events: a whole result file (ResultIO::fromJson), or
/// one value of a larger document whose own reader forwards that value's events to it (the
/// "results" of a run in a runs file). Rows are converted as they close; no DOM of the rows.
class ResultJsonReader : public nlohmann::json_sax<nlohmann::json> {
public:
    /// text: the whole document, for the line of a syntax error.
    static std::unique_ptr<ResultJsonReader> create(std::string_view text);
    /// Whether the value has been read to its end.
    virtual bool done() const = 0;
    /// The field the next value is read into, e.g. "rows[3].median_s".
    virtual std::string path() const = 0;
    /// The result set, after ResultIO::fromJson's checks. Throws ParseError.
    virtual ResultSet take() = 0;
};

} // namespace speeduplab::detail
