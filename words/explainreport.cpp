// SPDX-License-Identifier: MIT
// ExplainReport: the Explain tab's sentences for a terminal, worded by Narrator (QtCore only).
#include "words/explainreport.h"

#include "words/format.h"
#include "words/narrator.h"
#include "words/translations.h"

#include "core/analysis/analysis.h"
#include "core/devices/devicebackend.h"
#include "core/io/terminaltext.h"

#include <QCoreApplication>

#include <algorithm>
#include <memory>
#include <ostream>
#include <sstream>

namespace speeduplab::ExplainReport {

namespace {

// The translators live on an application: the CLI has none, so one is made, once, for the
// program's life; in the app its own is used.
void installLanguage()
{
    static const bool installed = [] {
        if (!QCoreApplication::instance()) {
            static int argc = 1;
            static char name[] = "speeduplab-cli";
            static char *argv[] = {name, nullptr};
            static QCoreApplication app(argc, argv);
        }
        Translations::install(Translations::resolve(QStringLiteral("system")));
        return true;
    }();
    (void)installed;
}

// A sentence as the Explain tab shows it: the curves' names in the user's language.
std::string said(const QString &sentence)
{
    return TerminalText::escaped(Format::display(sentence).toStdString());
}

// A section as the panel shows it: its title, then a sentence a line.
void print(std::ostream &out, const Narrator::Section &s)
{
    out << "  " << TerminalText::escaped(s.title.toStdString()) << '\n';
    for (const QString &sentence : s.sentences)
        out << "    " << said(sentence) << '\n';
}

// One run's Explain tab, workload by workload (or the one asked for).
void explainRun(std::ostream &out, const std::string &name, const ResultSet &r,
                const std::optional<std::string> &workload)
{
    for (const std::string &w : r.workloads()) {
        if (workload && *workload != w)
            continue;
        const std::vector<Series> every = Analysis::series(r, w);
        const std::vector<Series> group = Narrator::explained(every);
        const bool gpu = std::any_of(group.begin(), group.end(), [](const Series &s) { return s.gpu(); });
        out << TerminalText::escaped(name) << ": " << TerminalText::escaped(w) << '\n';
        // As the Explain tab: a GPU curve without models says why, and nothing more.
        const WhatIf measured = gpu ? Explain::whatIf(r, group, {}) : WhatIf();
        if (gpu && !Explain::usable(measured)) {
            out << "  " << said(Narrator::whyNoModels(r, group)) << '\n';
            continue;
        }
        if (gpu) // the verdict of the measured models, the panel's first line
            out << "  " << said(ExplainText::whatIf(measured, measured)) << '\n';
        const Narrator::Section crossovers = gpu ? Narrator::crossovers(r, group) : Narrator::Section{};
        // As the app: a hint to calibrate only for results measured on this machine.
        static const MachineInfo here = Devices::probeMachine();
        const bool thisMachine = r.machine.cpuModel.empty() || r.machine.sameHardware(here);
        const QList<Narrator::Section> sections =
            Narrator::sections(r, w, group, every, crossovers, Narrator::launchCostIn(r), thisMachine);
        if (sections.isEmpty() && !gpu)
            out << "  (nothing to explain: no CPU or GPU curve with successful points)\n";
        for (const Narrator::Section &s : sections)
            print(out, s);
    }
}

} // namespace

std::string text(const std::string &name, const ResultSet &r, const std::optional<std::string> &workload)
{
    installLanguage();
    std::ostringstream out;
    explainRun(out, name, r, workload);
    return out.str();
}

} // namespace speeduplab::ExplainReport
