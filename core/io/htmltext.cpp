// SPDX-License-Identifier: MIT
// HtmlText: escaping for an HTML report, and its embedded results in and out.
#include "core/io/htmltext.h"

#include "core/io/terminaltext.h"

#include <algorithm>
#include <cctype>

namespace speeduplab {

namespace {

bool startsWithNoCase(std::string_view text, std::string_view prefix)
{
    return text.size() >= prefix.size() &&
           std::equal(prefix.begin(), prefix.end(), text.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) ==
                      std::tolower(static_cast<unsigned char>(b));
           });
}

} // namespace

std::string HtmlText::escaped(std::string_view s)
{
    // The terminal's rule line by line (it escapes a newline too, and a note's lines stay lines).
    std::string visible;
    visible.reserve(s.size());
    for (std::size_t from = 0; from <= s.size();) {
        const std::size_t end = std::min(s.find('\n', from), s.size());
        visible += TerminalText::escaped(s.substr(from, end - from));
        if (end < s.size())
            visible += '\n';
        from = end + 1;
    }
    std::string out;
    out.reserve(visible.size() + visible.size() / 8);
    for (const char c : visible) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string HtmlText::scriptData(std::string_view json)
{
    std::string out;
    out.reserve(json.size() + json.size() / 16);
    for (std::size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (c == '<')
            out += "\\u003c";
        else if (c == '>')
            out += "\\u003e";
        else if (c == '&')
            out += "\\u0026";
        else if ((static_cast<unsigned char>(c) & 0xf0) == 0xe0 && i + 2 < json.size()) {
            // A three-byte sequence: the BMP characters TerminalText escapes (U+2028, U+2029,
            // bidi overrides, invisible format characters) as \uXXXX, a view of the source too
            // shows them for what they are.
            const char32_t cp = char32_t(static_cast<unsigned char>(c) & 0x0f) << 12 |
                                char32_t(static_cast<unsigned char>(json[i + 1]) & 0x3f) << 6 |
                                char32_t(static_cast<unsigned char>(json[i + 2]) & 0x3f);
            if (TerminalText::escapes(cp) || cp == 0x2028 || cp == 0x2029) {
                static const char hex[] = "0123456789abcdef";
                out += "\\u";
                for (const int shift : {12, 8, 4, 0})
                    out += hex[(cp >> shift) & 0xf];
                i += 2;
            } else
                out += c;
        } else
            out += c;
    }
    return out;
}

std::string HtmlText::resultsOpening()
{
    return "<script type=\"application/json\" id=\"" + std::string(resultsId) + "\">";
}

bool HtmlText::isHtml(std::string_view text)
{
    if (text.substr(0, 3) == "\xef\xbb\xbf")
        text.remove_prefix(3);
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return false;
    text.remove_prefix(first);
    return startsWithNoCase(text, "<!doctype html") || startsWithNoCase(text, "<html");
}

std::optional<std::string> HtmlText::embeddedResults(std::string_view html)
{
    const std::string opening = resultsOpening();
    const std::size_t at = html.find(opening);
    if (at == std::string_view::npos)
        return std::nullopt;
    const std::size_t from = at + opening.size();
    // scriptData leaves no '<' in the block: the first "</script" ends it, in any case.
    std::size_t end = from;
    for (; end < html.size(); ++end)
        if (html[end] == '<' && startsWithNoCase(html.substr(end), "</script"))
            break;
    if (end >= html.size())
        return std::nullopt;
    return std::string(html.substr(from, end - from));
}

} // namespace speeduplab
