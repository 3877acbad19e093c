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
    /// overrides and isolates, and bytes that are not UTF-8 as visible escapes ("\x1b", "\u202e",
    /// "\n"); anything else as is. Escaping escaped text changes nothing, so a message may pass
    /// twice. Never cut.
    static std::string escaped(std::string_view s);
};

} // namespace speeduplab
