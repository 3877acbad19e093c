// SPDX-License-Identifier: MIT
// speeduplab-cli explain: the sentences of the app's Explain tab for each run and workload of
// result files, in the user's language (LANGUAGE, LC_ALL, LANG: English or Chinese). Its words
// are the app's own (words/explainreport.h: Narrator's, behind an interface with no Qt in it); a CLI
// built without Qt (the GPU machine) says that it cannot word them.
#include "cli/clicommon.h"
#include "cli/commands.h"

#ifdef SPEEDUPLAB_HAVE_NARRATOR
#include "words/explainreport.h"
#endif

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace speeduplab::cli {

#ifdef SPEEDUPLAB_HAVE_NARRATOR

int cmdExplain(const std::vector<std::string> &paths, const std::optional<std::string> &workload)
{
    std::vector<LoadedFile> files;
    if (const int rc = loadAll(paths, files))
        return rc;
    bool any = false, first = true;
    for (const LoadedFile &f : files)
        for (const RunRecord &run : f.runs) {
            const std::vector<std::string> measured = run.results.workloads();
            if (workload && std::find(measured.begin(), measured.end(), *workload) == measured.end())
                continue;
            if (!first)
                std::cout << '\n';
            first = false;
            any = true;
            std::cout << ExplainReport::text(f.single() ? f.path : run.label + " (" + f.path + ")",
                                             run.results, workload);
        }
    if (!any && workload)
        return usageError("no run of the files measured workload " + *workload);
    return 0;
}

#else

int cmdExplain(const std::vector<std::string> &, const std::optional<std::string> &)
{
    return fail("this speeduplab-cli was built without Qt, so it has no words for `explain` (the app's "
                "narrator needs Qt 6 Core): run `speeduplab-cli explain` where SpeedupLab's app is "
                "built, or open the file in the app's Explain tab");
}

#endif

} // namespace speeduplab::cli
