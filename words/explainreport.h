// SPDX-License-Identifier: MIT
// ExplainReport: the Explain tab's sentences as terminal text, behind a plain C++ interface (no Qt
// type in it), so that speeduplab-cli's `explain` prints the narrator's words without Qt in
// cli/. Its words are Narrator's, in the user's language (LANGUAGE, LC_ALL, LANG).
#pragma once

#include "core/model/resultset.h"

#include <optional>
#include <string>

namespace speeduplab::ExplainReport {

/// One run's Explain tab, workload by workload (or only `workload`): a heading "name: workload",
/// then the verdict, each section's title and its sentences, as the tab shows them (the curves'
/// names in the user's language), every text from the file escaped for a terminal. Installs the
/// user's language the first time (a QCoreApplication is made when the program has none).
std::string text(const std::string &name, const ResultSet &r,
                 const std::optional<std::string> &workload = {});

} // namespace speeduplab::ExplainReport
