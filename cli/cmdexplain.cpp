// SPDX-License-Identifier: MIT
// speeduplab-cli explain: the sentences of the app's Explain tab for each run and workload of
// result files, in the user's language (LANGUAGE, LC_ALL, LANG: English or Chinese). Its words
// are the app's own (ui/narrator, QtCore only); a CLI built without Qt (the GPU machine) says
// that it cannot word them.
#include "cli/clicommon.h"
#include "cli/commands.h"

#include "core/analysis.h"

#ifdef SPEEDUPLAB_HAVE_NARRATOR
#include "ui/format.h"
#include "ui/narrator.h"
#include "ui/translations.h"

#include <QCoreApplication>
#endif

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace speeduplab::cli {

#ifdef SPEEDUPLAB_HAVE_NARRATOR

namespace {

// A sentence as the Explain tab shows it: the curves' names in the user's language.
std::string said(const QString &sentence)
{
    return esc(Format::labels(sentence).toStdString());
}

// A section as the panel shows it: its title, then a sentence a line.
void print(const Narrator::Section &s)
{
    std::cout << "  " << esc(s.title.toStdString()) << '\n';
    for (const QString &sentence : s.sentences)
        std::cout << "    " << said(sentence) << '\n';
}

// One run's Explain tab, workload by workload (or the one asked for).
void explainRun(const std::string &name, const ResultSet &r, const std::optional<std::string> &workload)
{
    for (const std::string &w : r.workloads()) {
        if (workload && *workload != w)
            continue;
        const std::vector<Series> every = Analysis::series(r, w);
        const std::vector<Series> group = Narrator::explained(every);
        const bool gpu = std::any_of(group.begin(), group.end(), [](const Series &s) { return s.gpu(); });
        std::cout << esc(name) << ": " << esc(w) << '\n';
        // As the Explain tab: a GPU curve without models says why, and nothing more.
        if (gpu && !Explain::usable(Explain::whatIf(r, group, {}))) {
            std::cout << "  " << said(Narrator::whyNoModels(r, group)) << '\n';
            continue;
        }
        if (gpu)
            std::cout << "  " << said(Narrator::verdict(r, group)) << '\n';
        const Narrator::Section crossovers = gpu ? Narrator::crossovers(r, group) : Narrator::Section{};
        // As the app: a hint to calibrate only for results measured on this machine.
        static const MachineInfo here = MachineInfo::probe();
        const bool thisMachine = r.machine.cpuModel.empty() || r.machine.sameHardware(here);
        const QList<Narrator::Section> sections =
            Narrator::sections(r, w, group, every, crossovers, Narrator::launchCostIn(r), thisMachine);
        if (sections.isEmpty() && !gpu)
            std::cout << "  (nothing to explain: no CPU or GPU curve with successful points)\n";
        for (const Narrator::Section &s : sections)
            print(s);
    }
}

} // namespace

int cmdExplain(const std::vector<std::string> &paths, const std::optional<std::string> &workload)
{
    std::vector<LoadedFile> files;
    if (const int rc = loadAll(paths, files))
        return rc;
    int argc = 1;
    char name[] = "speeduplab-cli";
    char *argv[] = {name, nullptr};
    const QCoreApplication app(argc, argv); // the translators are installed on it
    Translations::install(Translations::resolve(QStringLiteral("system")));
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
            explainRun(f.single() ? f.path : run.label + " (" + f.path + ")", run.results, workload);
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
