// SPDX-License-Identifier: MIT
// Text as files hold it and messages show it: UTF-8 sequences, a value escaped for a message,
// text cut to a length, numbers read from text, JSON written as every file writes it.
#include "core/io/texts.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace speeduplab {

double detail::parseDouble(const std::string &s, bool &ok)
{
    ok = false;
    if (s.empty())
        return 0;
    char *end = nullptr;
    errno = 0;
    const double v = std::strtod(s.c_str(), &end);
    ok = end == s.c_str() + s.size();
    return v;
}

std::size_t detail::utf8At(std::string_view s, std::size_t i, char32_t &cp)
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char c = b(0);
    std::size_t len = 0;
    char32_t lo = 0;
    if (c < 0x80) {
        cp = c;
        return 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
        len = 2;
        cp = c & 0x1f;
        lo = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        len = 3;
        cp = c & 0x0f;
        lo = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4;
        cp = c & 0x07;
        lo = 0x10000;
    } else {
        return 0;
    }
    if (i + len > s.size())
        return 0;
    for (std::size_t k = 1; k < len; ++k) {
        if ((b(k) & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (b(k) & 0x3f);
    }
    if (cp < lo || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return len;
}

bool detail::isControl(char32_t cp)
{
    return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029 ||
           (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || isInvisible(cp);
}

bool detail::isInvisible(char32_t cp)
{
    // Marks that change the order or hide a break without a glyph of their own (LRM, RLM, ALM,
    // ZWSP, WJ and the invisible operators, the BOM and the Mongolian vowel separator), and the
    // noncharacters U+FFFE and U+FFFF. ZWJ and ZWNJ stay: scripts and emoji need them.
    return cp == 0x061c || cp == 0x180e || cp == 0x200b || cp == 0x200e || cp == 0x200f ||
           (cp >= 0x2060 && cp <= 0x2064) || cp == 0xfeff || cp == 0xfffe || cp == 0xffff;
}

// Control characters (isControl) and bytes that are not UTF-8 become visible escapes (\n, \t,
// \x1b, \u202e), so that a crafted file cannot drive the terminal.
std::string detail::shown(std::string_view s, std::size_t limit)
{
    return escapedText(s, limit, true);
}

std::string detail::escapedText(std::string_view s, std::size_t limit, bool backslash)
{
    std::string out;
    std::size_t chars = 0;
    for (std::size_t i = 0; i < s.size();) {
        if (chars == limit) {
            out += "\u2026";
            break;
        }
        ++chars;
        char buf[16];
        char32_t cp = 0;
        const std::size_t len = utf8At(s, i, cp);
        if (len == 0) {
            std::snprintf(buf, sizeof buf, "\\x%02x", unsigned(static_cast<unsigned char>(s[i])));
            out += buf;
            ++i;
            continue;
        }
        if (cp == '\\' && backslash)
            out += "\\\\";
        else if (cp == '\n')
            out += "\\n";
        else if (cp == '\r')
            out += "\\r";
        else if (cp == '\t')
            out += "\\t";
        else if (isControl(cp)) {
            std::snprintf(buf, sizeof buf, cp < 0x80 ? "\\x%02x" : "\\u%04x", unsigned(cp));
            out += buf;
        } else {
            out.append(s.substr(i, len));
        }
        i += len;
    }
    return out;
}

bool detail::cutText(std::string &s, std::size_t limit)
{
    if (s.size() <= limit)
        return false; // fewer bytes than the limit: fewer characters too
    // The byte offset of each character up to limit, and the count of all of them.
    std::vector<std::size_t> starts;
    std::size_t chars = 0;
    for (std::size_t i = 0; i < s.size(); ++chars) {
        if (starts.size() <= limit)
            starts.push_back(i);
        char32_t cp = 0;
        const std::size_t len = utf8At(s, i, cp);
        i += len == 0 ? 1 : len;
    }
    if (chars <= limit)
        return false;
    const std::string mark = "\u2026 (cut from " + std::to_string(chars) + " characters)";
    const std::size_t markChars = mark.size() - 2; // the ellipsis is 3 bytes, 1 character
    const std::size_t keep = limit > markChars ? limit - markChars : 0;
    s.resize(starts[keep]);
    s += mark;
    return true;
}

std::string detail::inQuotes(std::string_view s)
{
    std::string out = "\"";
    out += shown(s);
    out += '"';
    return out;
}

std::string detail::asUtf8(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        char32_t cp = 0;
        if (const std::size_t len = utf8At(s, i, cp); len > 0) {
            out.append(s.substr(i, len));
            i += len;
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    return out;
}

std::string detail::jsonText(const nlohmann::json &j, int indent)
{
    return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string_view detail::withoutBom(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    return text;
}

} // namespace speeduplab
