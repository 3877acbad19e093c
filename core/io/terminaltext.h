// SPDX-License-Identifier: MIT
// TerminalText: text from a file or from the machine made safe to print on a terminal (no Qt).
#pragma once

#include <string>
#include <string_view>

namespace speeduplab {

/// What a terminal is shown of text it must not obey. A result file's machine and series fields
/// (cpu_model, os, a GPU's name, gpu_status, variant, reason, source) and what the machine reports
/// reach stdout and stderr through escaped(), so that a crafted file cannot clear the screen, set
/// the window's title or reverse the text that follows.
class TerminalText {
public:
    /// s with C0 and C1 control characters, DEL, line and paragraph separators, bidirectional
    /// overrides and isolates, invisible format characters (LRM, ZWSP, the BOM...) and bytes that
    /// are not UTF-8 as visible escapes ("\x1b", "\u202e", "\n"); anything else as is. Escaping
    /// escaped text changes nothing, so a whole message, which may hold values escaped by value(),
    /// may pass again. Never cut.
    static std::string escaped(std::string_view s);
    /// One value in a message (a name from a file or an argument): escaped(), and a backslash
    /// doubled, so that a name holding the text "\x1b[31m" prints as "\\x1b[31m", not like
    /// one holding a real ESC. Escape each value once; the message around it with escaped().
    static std::string value(std::string_view s);
    /// Whether escaped() shows cp as an escape (a control, bidi or invisible format character):
    /// the one list, which the charts' Format::visible uses too.
    static bool escapes(char32_t cp);
    /// From now on everything written to std::cout and std::cerr passes escaped() line by line
    /// (a line's newline kept), so that no message of the program, whatever it forgot to escape,
    /// drives the terminal. The program's one guard; call it first thing in main. Idempotent.
    static void guardStandardStreams();
};

} // namespace speeduplab
