// SPDX-License-Identifier: MIT
// HtmlText: escaping for an HTML report, and its embedded results in and out.
#include "core/io/htmltext.h"

#include "core/io/texts.h"

#include "core/io/terminaltext.h"

#include <algorithm>
#include <cctype>
#include <vector>

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

namespace {

// Where a closing tag </name starts, in any case, from `from`; npos when there is none.
std::size_t closingTag(std::string_view html, std::size_t from, std::string_view name)
{
    for (std::size_t at = html.find("</", from); at != std::string_view::npos; at = html.find("</", at + 2))
        if (startsWithNoCase(html.substr(at + 2), name)) {
            const std::size_t after = at + 2 + name.size();
            if (after >= html.size() || !std::isalnum(static_cast<unsigned char>(html[after])))
                return at;
        }
    return std::string_view::npos;
}

// The '>' that ends the tag opened at `at`, past quoted attribute values; npos when none does.
std::size_t tagEnd(std::string_view html, std::size_t at)
{
    for (std::size_t i = at + 1; i < html.size(); ++i) {
        const char c = html[i];
        if (c == '>')
            return i;
        if ((c == '"' || c == '\'') && html[i - 1] == '=') {
            const std::size_t close = html.find(c, i + 1);
            if (close == std::string_view::npos)
                return close;
            i = close;
        }
    }
    return std::string_view::npos;
}

// The value of attribute `name` in a start tag's text (after its name, before '>'); none when the
// tag has no such attribute. Names in any case; values quoted or not.
std::optional<std::string> attribute(std::string_view tag, std::string_view name)
{
    std::size_t i = 0;
    const auto space = [&] {
        while (i < tag.size() && (std::isspace(static_cast<unsigned char>(tag[i])) || tag[i] == '/'))
            ++i;
    };
    while (space(), i < tag.size()) {
        const std::size_t from = i;
        while (i < tag.size() && tag[i] != '=' && tag[i] != '/' &&
               !std::isspace(static_cast<unsigned char>(tag[i])))
            ++i;
        const std::string_view key = tag.substr(from, i - from);
        std::string value;
        space();
        if (i < tag.size() && tag[i] == '=') {
            ++i;
            while (i < tag.size() && std::isspace(static_cast<unsigned char>(tag[i])))
                ++i;
            if (i < tag.size() && (tag[i] == '"' || tag[i] == '\'')) {
                const std::size_t close = tag.find(tag[i], i + 1);
                value = std::string(tag.substr(i + 1, close - i - 1));
                i = close == std::string_view::npos ? tag.size() : close + 1;
            } else {
                const std::size_t v = i;
                while (i < tag.size() && !std::isspace(static_cast<unsigned char>(tag[i])))
                    ++i;
                value = std::string(tag.substr(v, i - v));
            }
        }
        if (key.size() == name.size() && startsWithNoCase(key, name))
            return value;
    }
    return std::nullopt;
}

int lineOf(std::string_view text, std::size_t at)
{
    return 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(std::min(at, text.size())), '\n'));
}

} // namespace

bool HtmlText::isWideText(std::string_view text)
{
    // UTF-16 and UTF-32, by their byte-order marks or by a '<' with a zero byte beside it.
    return text.substr(0, 4) == std::string_view("\x00\x00\xfe\xff", 4) || text.substr(0, 2) == "\xfe\xff" ||
           text.substr(0, 2) == "\xff\xfe" ||
           (text.size() >= 2 && ((text[0] == '<' && text[1] == '\0') || (text[0] == '\0' && text[1] == '<')));
}

bool HtmlText::isHtml(std::string_view text)
{
    if (isWideText(text)) {
        // Its first characters, the zero bytes dropped: enough to see "<html" or "<!doctype html".
        std::string narrow;
        for (std::size_t i = 0; i < text.size() && narrow.size() < 64; ++i)
            if (text[i] != '\0' && static_cast<unsigned char>(text[i]) < 0x80)
                narrow += text[i];
        return !isWideText(narrow) && isHtml(narrow);
    }
    if (text.substr(0, 3) == "\xef\xbb\xbf")
        text.remove_prefix(3);
    // White space, comments and an XML declaration may come before the document's first tag.
    for (;;) {
        const std::size_t first = text.find_first_not_of(" \t\r\n\f");
        if (first == std::string_view::npos)
            return false;
        text.remove_prefix(first);
        if (text.substr(0, 4) == "<!--") {
            const std::size_t end = text.find("-->", 4);
            if (end == std::string_view::npos)
                return false;
            text.remove_prefix(end + 3);
        } else if (startsWithNoCase(text, "<?xml")) {
            const std::size_t end = text.find("?>");
            if (end == std::string_view::npos)
                return false;
            text.remove_prefix(end + 2);
        } else {
            break;
        }
    }
    return startsWithNoCase(text, "<!doctype html") || startsWithNoCase(text, "<html");
}

bool HtmlText::namedHtml(std::string_view path)
{
    const std::size_t dot = path.rfind('.');
    if (dot == std::string_view::npos || path.find('/', dot) != std::string_view::npos)
        return false;
    const std::string_view ext = path.substr(dot + 1);
    return (ext.size() == 4 && startsWithNoCase(ext, "html")) ||
           (ext.size() == 3 && startsWithNoCase(ext, "htm")) ||
           (ext.size() == 5 && startsWithNoCase(ext, "xhtml"));
}

std::optional<std::string> HtmlText::embeddedResults(std::string_view html)
{
    // As a browser builds the page: a results block counts where it is an element of the page,
    // not inside a comment or an element whose content is text or inert (a <textarea>, a <title>,
    // a <style>, a <template>, a <noscript>) nor in the <head>, nor in an attribute's value.
    struct Block {
        std::size_t from, to;
    };
    std::vector<Block> found;
    for (std::size_t at = html.find('<'); at != std::string_view::npos; at = html.find('<', at)) {
        if (html.substr(at, 4) == "<!--") {
            const std::size_t end = html.find("-->", at + 4);
            if (end == std::string_view::npos)
                break; // the rest of the page is a comment
            at = end + 3;
            continue;
        }
        const bool closing = at + 1 < html.size() && html[at + 1] == '/';
        std::size_t name = at + 1 + (closing ? 1 : 0), nameEnd = name;
        while (nameEnd < html.size() &&
               (std::isalnum(static_cast<unsigned char>(html[nameEnd])) || html[nameEnd] == '-'))
            ++nameEnd;
        if (nameEnd == name && !(at + 1 < html.size() && (html[at + 1] == '!' || html[at + 1] == '?'))) {
            ++at; // a '<' that opens no tag is text
            continue;
        }
        const std::size_t end = tagEnd(html, at);
        if (end == std::string_view::npos)
            break;
        std::string tag(html.substr(name, nameEnd - name));
        std::transform(tag.begin(), tag.end(), tag.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        at = end + 1;
        if (closing || tag.empty()) // an end tag, a doctype, a bogus comment
            continue;
        if (tag == "plaintext")
            break;
        std::size_t close = std::string_view::npos;
        if (tag == "head") { // up to its end, or the body's start where it has no end tag
            close = std::min(closingTag(html, at, "head"), closingTag(html, at, "body"));
            const std::size_t body = html.find("<body", at);
            close = std::min(close, body);
        } else if (tag == "template") { // templates nest
            int depth = 1;
            for (std::size_t p = at; depth > 0;) {
                const std::size_t open = html.find("<template", p), shut = closingTag(html, p, "template");
                if (shut == std::string_view::npos) {
                    close = shut;
                    break;
                }
                if (open != std::string_view::npos && open < shut) {
                    ++depth;
                    p = open + 9;
                } else {
                    --depth;
                    p = shut + 2;
                    close = shut;
                }
            }
        } else if (tag == "script" || tag == "style" || tag == "textarea" || tag == "title" ||
                   tag == "noscript" || tag == "xmp" || tag == "iframe" || tag == "noembed" ||
                   tag == "noframes") {
            close = closingTag(html, at, tag);
            if (tag == "script" &&
                attribute(html.substr(nameEnd, end - nameEnd), "id") == std::string(resultsId) &&
                close != std::string_view::npos)
                found.push_back({at, close});
        } else {
            continue;
        }
        if (close == std::string_view::npos)
            break; // the rest of the page is that element's
        at = close;
    }
    if (found.empty())
        return std::nullopt;
    if (found.size() > 1)
        throw ParseError("the page holds " + std::to_string(found.size()) + " results blocks (<script id=\"" +
                         std::string(resultsId) + "\">), at lines " +
                         std::to_string(lineOf(html, found[0].from)) + " and " +
                         std::to_string(lineOf(html, found[1].from)) +
                         ": a report holds one, and which is meant cannot be told");
    return std::string(html.substr(found[0].from, found[0].to - found[0].from));
}

} // namespace speeduplab
