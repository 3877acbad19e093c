// SPDX-License-Identifier: MIT
// TerminalText: the one escaping of text for a terminal, shared by every printer of the CLI.
#include "core/terminaltext.h"

#include "core/resultload.h"

namespace speeduplab {

std::string TerminalText::escaped(std::string_view s)
{
    // The loaders' own escaping, which their messages already use, without its length cap.
    return detail::shown(s, std::string::npos);
}

} // namespace speeduplab
