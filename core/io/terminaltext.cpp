// SPDX-License-Identifier: MIT
// TerminalText: the one escaping of text for a terminal, shared by every printer of the CLI.
#include "core/io/terminaltext.h"

#include "core/io/texts.h"

#include <iostream>
#include <mutex>
#include <streambuf>

namespace speeduplab {

std::string TerminalText::escaped(std::string_view s)
{
    // The loaders' own escaping, without its length cap, and leaving backslashes: the values in a
    // message were escaped by value() or by the loaders (detail::shown), backslashes included.
    return detail::escapedText(s, std::string::npos, false);
}

bool TerminalText::escapes(char32_t cp)
{
    return detail::isControl(cp);
}

std::string TerminalText::value(std::string_view s)
{
    return detail::escapedText(s, std::string::npos, true);
}

namespace {

// A stream buffer in front of another: each line escaped (TerminalText::escaped) when it ends,
// or when the stream is flushed (what a progress line printed without its newline has so far).
class EscapingBuffer : public std::streambuf {
public:
    explicit EscapingBuffer(std::streambuf *to) : m_to(to) {}

protected:
    int_type overflow(int_type c) override
    {
        if (traits_type::eq_int_type(c, traits_type::eof()))
            return traits_type::not_eof(c);
        std::lock_guard lock(m_mutex);
        put(char(c));
        return c;
    }
    std::streamsize xsputn(const char *s, std::streamsize n) override
    {
        std::lock_guard lock(m_mutex); // once for the whole piece, not a character
        for (std::streamsize i = 0; i < n; ++i)
            put(s[i]);
        return n;
    }
    int sync() override
    {
        std::lock_guard lock(m_mutex);
        emit(false);
        return m_to->pubsync();
    }

private:
    void put(char c)
    {
        if (c == '\n') {
            emit(true);
        } else {
            m_line.push_back(c);
            if (m_line.size() >= 1 << 16)
                emit(false);
        }
    }
    // A sequence cut by a flush mid-character would come out as \x escapes: its bytes wait.
    void emit(bool newline)
    {
        std::size_t keep = 0;
        if (!newline) {
            std::size_t i = m_line.size();
            while (i > 0 && m_line.size() - i < 3 &&
                   (static_cast<unsigned char>(m_line[i - 1]) & 0xc0) == 0x80)
                --i;
            if (i > 0 && static_cast<unsigned char>(m_line[i - 1]) >= 0xc0)
                keep = m_line.size() - (i - 1);
        }
        const std::string text =
            TerminalText::escaped(std::string_view(m_line).substr(0, m_line.size() - keep));
        m_to->sputn(text.data(), std::streamsize(text.size()));
        if (newline)
            m_to->sputc('\n');
        m_line.erase(0, m_line.size() - keep);
    }
    std::streambuf *m_to;
    std::string m_line;
    std::mutex m_mutex;
};

} // namespace

void TerminalText::guardStandardStreams()
{
    static std::once_flag once;
    std::call_once(once, [] {
        static EscapingBuffer out(std::cout.rdbuf()), err(std::cerr.rdbuf());
        std::cout.rdbuf(&out);
        std::cerr.rdbuf(&err);
    });
}

} // namespace speeduplab
