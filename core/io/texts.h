// SPDX-License-Identifier: MIT
// Text as files hold it and messages show it (no Qt): UTF-8 sequences, a value escaped for a
// message, text cut to a length, numbers read from text, JSON written as every file writes it,
// and ParseError, the error of a file that cannot be read. Below the model and the result files:
// what a condition's reader and the writers share with the readers.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace speeduplab {

/// A file that cannot be read as a result set. The message names the line or field.
class ParseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

namespace detail {

/// A value echoed in an error message shows at most this many characters.
inline constexpr std::size_t kShownChars = 60;

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
/// s as a number (strtod); ok says whether all of s was one. An empty s is not.
double parseDouble(const std::string &s, bool &ok);
/// text without a leading UTF-8 byte-order mark.
std::string_view withoutBom(std::string_view text);
/// s with each byte that is not part of valid UTF-8 replaced by U+FFFD: what every text field
/// of a written result file holds (a CSV cell as a JSON string), so that the file reads back.
std::string asUtf8(std::string_view s);
/// j's text as every JSON the program writes is written (result files, a CSV's metadata cell,
/// runs files): a string that is not UTF-8 (an environment variable's bytes in the machine's
/// metadata) has its bad bytes replaced by U+FFFD instead of throwing, so that no write of a
/// sweep's results can fail on it. indent < 0: compact.
std::string jsonText(const nlohmann::json &j, int indent = -1);

} // namespace detail

} // namespace speeduplab
