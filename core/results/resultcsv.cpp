// SPDX-License-Identifier: MIT
// Reading ResultIO's CSV: RFC 4180 records, the "# metadata: {json}" line (the machine; one
// quoted cell after the rows, or a comment line anywhere in older files), and each row's
// columns checked as the JSON reader checks its fields (ResultIO::fromCsv).
#include "core/results/resultio.h"
#include "core/results/resultload.h"
#include "core/results/rowfields.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace speeduplab {

using nlohmann::json;
using namespace detail;

namespace {
bool validUtf8(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        char32_t cp = 0;
        const std::size_t len = utf8At(s, i, cp);
        if (len == 0)
            return false;
        i += len;
    }
    return true;
}

// One cell of a row into m, as its column's type reads it; `w` names the line.
void readCell(const RowField &f, const std::string &cell, Measurement &m, const std::string &w)
{
    const std::string at = w + ", column " + f.name + ": " + inQuotes(cell);
    switch (f.type) {
    case RowField::Type::Text:
        if (!validUtf8(cell))
            throw ParseError(at + " is not UTF-8 text");
        try {
            f.setText(m, cell);
        } catch (const std::invalid_argument &e) {
            throw ParseError(w + ", column " + f.name + ": " + e.what() + " " + inQuotes(cell));
        }
        return;
    case RowField::Type::Boolean:
        if (cell != "true" && cell != "1" && cell != "false" && cell != "0")
            throw ParseError(at + " is not true or false");
        f.setNumber(m, cell == "true" || cell == "1" ? 1 : 0);
        return;
    case RowField::Type::Integer:
    case RowField::Type::Number:
        break;
    }
    bool ok = false;
    const double d = parseDouble(cell, ok);
    if (!ok)
        throw ParseError(at + " is not a number");
    if (f.type == RowField::Type::Integer && (d != std::floor(d) || std::fabs(d) > 2e9))
        throw ParseError(at + " is not an integer");
    f.setNumber(m, d);
}

// Splits one CSV record starting at pos (RFC 4180 quoting, embedded newlines allowed).
// Advances pos and line past it. Throws on an unterminated quote.
std::vector<std::string> csvRecord(const std::string &t, size_t &pos, int &line)
{
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    const int startLine = line;
    while (pos < t.size()) {
        const char c = t[pos++];
        if (quoted) {
            if (c == '"') {
                if (pos < t.size() && t[pos] == '"') {
                    cell += '"';
                    ++pos;
                } else {
                    quoted = false;
                }
            } else {
                if (c == '\n')
                    ++line;
                cell += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            cells.push_back(std::move(cell));
            cell.clear();
        } else if (c == '\n') {
            ++line;
            break;
        } else if (c != '\r') {
            cell += c;
        }
    }
    if (quoted)
        throw ParseError("line " + std::to_string(startLine) + ": unterminated quoted field");
    cells.push_back(std::move(cell));
    return cells;
}

} // namespace

ResultSet ResultIO::fromCsv(const std::string &text, const std::string &metadata,
                            const std::string &metadataName)
{
    ResultSet r;
    // At most a row a line: reserved, so that the rows are not held twice while they grow. Only
    // lines that can be one: a row has 24 fields or more, so 48 bytes at the least (50 MB of
    // empty lines reserved 50 million rows, and ended in std::bad_alloc).
    std::size_t lines = 0, length = 0;
    for (const char c : text) {
        if (c != '\n') {
            ++length;
            continue;
        }
        lines += length >= 47;
        length = 0;
    }
    r.rows.reserve(lines + 1);
    std::vector<int> rowLines; // the line each row began on, for the messages
    rowLines.reserve(r.rows.capacity());
    size_t pos = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0; // a UTF-8 byte-order mark
    int line = 1;
    std::vector<std::string> header;
    // The metadata ("# metadata: {json}"), into r.machine; `at` names the line it came from.
    const std::string_view tag = "# metadata: ";
    bool machineRead = false; // from a metadata line: the CSV's own comes before its metadata file's
    const auto metadataLine = [&r, &tag, &machineRead](std::string_view comment, const std::string &at) {
        machineRead = true;
        json meta;
        try {
            meta = parseBounded(comment.substr(tag.size()), kMaxMachineValues, "the metadata");
        } catch (const ParseError &e) {
            // The metadata is one line: the CSV's line number says where.
            std::string what = e.what();
            if (what.rfind("line 1: ", 0) == 0)
                what = "the metadata: " + what.substr(8);
            else if (what.rfind("not valid JSON", 0) == 0)
                what = "the metadata is " + what;
            throw ParseError(at + what);
        }
        try {
            r.machine = machineFromJson(meta);
        } catch (const ParseError &e) {
            throw ParseError(at + e.what());
        }
    };
    // A comment line ("# ..."): the metadata, where it says so; others skipped. Older files have
    // it before the header; the writer puts it after the rows, as one quoted cell (below).
    const auto comment = [&text, &pos, &line, &tag, &metadataLine] {
        const size_t eol = text.find('\n', pos);
        std::string_view comment =
            std::string_view(text).substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
        if (!comment.empty() && comment.back() == '\r')
            comment.remove_suffix(1);
        if (comment.substr(0, tag.size()) == tag)
            metadataLine(comment, "line " + std::to_string(line) + ": ");
        pos = eol == std::string::npos ? text.size() : eol + 1;
        ++line;
    };
    while (pos < text.size() && header.empty()) {
        if (text[pos] == '#') {
            comment();
            continue;
        }
        header = csvRecord(text, pos, line);
        if (header.size() == 1 && header[0].empty()) {
            header.clear();
            continue;
        }
    }
    if (header.empty())
        throw ParseError("line " + std::to_string(line) +
                         ": no header row: this is not a SpeedupLab CSV file");
    std::map<std::string, size_t> col;
    for (size_t i = 0; i < header.size(); ++i)
        col[header[i]] = i;
    for (const RowField &f : RowFields::all())
        if (f.required && !col.count(f.name))
            throw ParseError("line " + std::to_string(line - 1) + ": the header has no column \"" + f.name +
                             "\": this is not a SpeedupLab CSV file");

    while (pos < text.size()) {
        if (text[pos] == '#') { // no row starts with '#': its first cell is a workload's name
            comment();
            continue;
        }
        const int rowLine = line;
        const auto cells = csvRecord(text, pos, line);
        if (cells.size() == 1 && cells[0].empty())
            continue; // blank line
        const std::string w = "line " + std::to_string(rowLine);
        if (cells.size() == 1 && std::string_view(cells[0]).substr(0, tag.size()) == tag) {
            metadataLine(cells[0], w + ": "); // as older writers put it: one quoted cell after the rows
            continue;
        }
        if (cells.size() != header.size())
            throw ParseError(w + ": expected " + std::to_string(header.size()) + " fields, found " +
                             std::to_string(cells.size()));
        auto get = [&](const char *name) -> const std::string * {
            auto it = col.find(name);
            return it == col.end() ? nullptr : &cells[it->second];
        };
        Measurement m;
        for (const RowField &f : RowFields::all())
            if (const std::string *cell = get(f.name); cell && !(f.isSet && cell->empty()))
                readCell(f, *cell, m, w); // absent (or a blank quartile): the default
        try {
            m.conditions = PointConditions::fromCsv(get);
        } catch (const std::invalid_argument &e) {
            throw ParseError(w + ", " + e.what());
        }
        cutFields(m);
        validate(m, w, [&](const char *name) {
            const std::string *s = get(name);
            return s ? *s : std::string("absent");
        });
        r.add(m);
        rowLines.push_back(rowLine);
    }
    refuseDuplicates(r.rows, [&](std::size_t i) { return "line " + std::to_string(rowLines[i]); });
    if (!machineRead && !metadata.empty())
        r.machine = machineOfCsvMetadata(metadata, metadataName);
    r.describeDevices();
    return r;
}

MachineInfo detail::machineOfCsvMetadata(const std::string &text, const std::string &name)
{
    json meta;
    try {
        meta = parseBounded(text, kMaxMachineValues + 16, "the metadata");
    } catch (const ParseError &e) {
        throw ParseError(name + ": " + e.what());
    }
    if (!meta.is_object() || !meta.contains("format") || meta["format"] != ResultIO::csvMetadataFormat)
        throw ParseError(name + ": it is not a SpeedupLab CSV's metadata (its \"format\" is not \"" +
                         ResultIO::csvMetadataFormat + "\")");
    if (const auto v = meta.find("version"); v != meta.end() && !v->is_number_integer())
        throw ParseError(name + ": its \"version\" is not a whole number");
    else if (v != meta.end() && v->get<long long>() > ResultIO::formatVersion)
        throw ParseError(name + ": written by a newer SpeedupLab (version " +
                         std::to_string(v->get<long long>()) + "); update SpeedupLab to read it");
    const auto machine = meta.find("machine");
    if (machine == meta.end() || !machine->is_object())
        throw ParseError(name + ": it has no \"machine\" object");
    try {
        return machineFromJson(*machine);
    } catch (const ParseError &e) {
        throw ParseError(name + ": " + e.what());
    }
}

} // namespace speeduplab
