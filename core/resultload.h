// SPDX-License-Identifier: MIT
// Internal to core: what the result readers share. resultload.cpp (messages, row checks, the
// file-system side), resultjson.cpp and resultcsv.cpp use it among themselves, and the runs
// file (runset.cpp) reuses it, so that a run inside a runs file is read and checked exactly as
// a result file is. Not installed; only core's sources include it.
#pragma once

#include "core/resultio.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace speeduplab::detail {

/// A value echoed in an error message shows at most this many characters.
inline constexpr std::size_t kShownChars = 60;

/// The machine's JSON (a result file's "machine", a CSV's metadata line) holds at most this
/// many values, so that memory stays proportional to what is kept.
inline constexpr std::size_t kMaxMachineValues = 100000;

/// The length of the UTF-8 sequence at s[i] and its code point; 0 when it is not valid UTF-8.
std::size_t utf8At(std::string_view s, std::size_t i, char32_t &cp);
/// Whether cp is a character a message or a label must not carry as is: C0 and C1 controls,
/// DEL, line and paragraph separators, bidirectional overrides.
bool isControl(char32_t cp);
/// The invisible format characters isControl counts: LRM, RLM, ALM, ZWSP, WJ, the BOM, U+FFFE...
bool isInvisible(char32_t cp);
/// s as a message may show a value of it: control characters and bytes that are not UTF-8 as
/// visible escapes, a backslash doubled (so that the text "\x1b" is told from an escaped ESC),
/// and past `limit` characters "…".
std::string shown(std::string_view s, std::size_t limit = kShownChars);
/// shown's escaping, the backslash doubled or not (a whole message, which may hold values
/// shown() escaped already, is escaped again without it: TerminalText::escaped).
std::string escapedText(std::string_view s, std::size_t limit, bool backslash);
/// shown(s) in double quotes.
std::string inQuotes(std::string_view s);
/// The most characters a name field (workload, backend, variant, mode, transfers, a ceiling's
/// key) keeps at load, and a text field (a reason, the machine's descriptions).
inline constexpr std::size_t kMaxNameChars = 100;
inline constexpr std::size_t kMaxTextChars = 2000;
/// Cuts s to at most `limit` characters (code points; a byte that is not UTF-8 counts as one),
/// its end replaced by the cut's name: "… (cut from 100000 characters)". A cut text loads back
/// unchanged. Returns whether it cut.
bool cutText(std::string &s, std::size_t limit);
/// cutText on every string of a row, and of the machine: a 10 MB variant kept a chart busy for a
/// minute and aborted QtCharts' legend; a 1 MB workload name took 23 GB.
void cutFields(Measurement &m);
void cutFields(MachineInfo &m);
/// s as a number (strtod); ok says whether all of s was one. An empty s is not.
double parseDouble(const std::string &s, bool &ok);
/// text without a leading UTF-8 byte-order mark.
std::string_view withoutBom(std::string_view text);
/// The sentence for nlohmann's parse error at pos of text; `path` names the field being read.
std::string jsonErrorMessage(std::string_view text, std::size_t pos, const std::string &token,
                             const nlohmann::detail::exception &ex, const std::string &path);

/// s with each byte that is not part of valid UTF-8 replaced by U+FFFD: what every text field
/// of a written result file holds (a CSV cell as a JSON string), so that the file reads back.
std::string asUtf8(std::string_view s);
/// j's text as every JSON the program writes is written (result files, a CSV's metadata cell,
/// runs files): a string that is not UTF-8 (an environment variable's bytes in the machine's
/// metadata) has its bad bytes replaced by U+FFFD instead of throwing, so that no write of a
/// sweep's results can fail on it. indent < 0: compact.
std::string jsonText(const nlohmann::json &j, int indent = -1);

/// Parses a small JSON document (the CSV's metadata) within a budget of values; refuses one
/// nested too deep or holding more. Throws ParseError, naming `label` for a limit.
nlohmann::json parseBounded(std::string_view text, std::size_t budget, const std::string &label);
/// The machine metadata from its JSON object. Throws ParseError naming the field.
MachineInfo machineFromJson(const nlohmann::json &j);
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

/// A row's PointConditions as ResultIO's JSON writes them (pointconditions.cpp): cache,
/// rounds, round_min_s, round_max_s, throttled and clocks {start, end}.
nlohmann::json conditionsToJson(const PointConditions &c);
/// Reads the fields of conditionsToJson that `row` holds into c (the others keep their
/// defaults). Throws ParseError naming `where` and the field for a value of the wrong type;
/// the ranges are PointConditions::problem's.
void conditionsFromJson(const nlohmann::json &row, PointConditions &c, const std::string &where);

/// The result's SweepConditions as the machine's "sweep" object (sweepconditions.cpp).
nlohmann::json sweepToJson(const SweepConditions &s);
/// Reads machine.sweep into s. Throws ParseError naming the field.
void sweepFromJson(const nlohmann::json &j, SweepConditions &s);

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
