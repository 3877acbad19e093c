// SPDX-License-Identifier: MIT
// HTML text (no Qt): the one escaping rule for text from a file put into an HTML report, and the
// results a report embeds, written into it and read back out.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace speeduplab {

/// What an HTML report needs of its text. Every string from a file (a run label, a variant, a
/// reason, a machine's name) is data: it goes into the page through escaped(), in text and in
/// attribute values alike, and the results go into their JSON block through scriptData().
class HtmlText {
public:
    /// s as HTML text or as an attribute value (quoted with " or '): & < > " ' as character
    /// references, and what a terminal would not show as it is (controls but the newline,
    /// bidirectional overrides, invisible format characters: TerminalText's rule) as visible
    /// escapes ("\u202e"), so that a name cannot reorder or hide the text around it.
    static std::string escaped(std::string_view s);
    /// JSON text as the content of <script type="application/json">: every <, > and & (which
    /// JSON has only inside strings) as \u003c, \u003e, \u0026, so that no "</script>" or "<!--"
    /// can end or change the block, and U+2028, U+2029 and what escaped() shows as an escape
    /// (bidi overrides, invisible format characters) as \uXXXX too. It is still the same JSON:
    /// a parser reads the same values.
    static std::string scriptData(std::string_view json);

    /// The id of the block in which a report embeds its runs (RunSet's runs file).
    static constexpr std::string_view resultsId = "speeduplab-results";
    /// How that block opens, exactly as a report writes it.
    static std::string resultsOpening();
    /// Whether text is an HTML document: after a byte-order mark, white space, comments and an
    /// XML declaration (XHTML), "<!DOCTYPE html" or "<html", in any case; in UTF-8, UTF-16 or
    /// UTF-32 (isWideText).
    static bool isHtml(std::string_view text);
    /// Whether a path is named as a web page (.html, .htm, .xhtml, in any case).
    static bool namedHtml(std::string_view path);
    /// Whether text is UTF-16 or UTF-32 (a byte-order mark, or a '<' beside a zero byte).
    static bool isWideText(std::string_view text);
    /// The content of the one results block of an HTML report, as a browser would see the page:
    /// the <script id="speeduplab-results"> element that is part of it. A block in a comment, an
    /// attribute's value, a <textarea>, <title>, <style>, <template>, <noscript> or the <head> is
    /// not one, nor one never closed. None when there is no such block (an HTML file that is not a
    /// report of ours); ParseError naming both lines when there are two or more.
    static std::optional<std::string> embeddedResults(std::string_view html);
};

} // namespace speeduplab
