// SPDX-License-Identifier: MIT
// The classroom view of the time and throughput charts (ChartView, chartview.h): each run's fewest
// threads in full, its other thread counts faded, its best CPU drawn over them, and the "All thread
// counts" action that turns it off.
#include "ui/charts/chartview.h"

#include "words/appsettings.h"
#include "words/explaintext.h"
#include "words/format.h"

#include <QAction>
#include <QSettings>

#include <map>
#include <string>
#include <vector>

namespace speeduplab {

void ChartView::addAllThreadCountsAction(const QString &settingsKey)
{
    m_allThreadsAction = new QAction(tr("All thread counts"), this);
    m_allThreadsAction->setObjectName(QStringLiteral("allThreadCountsAction"));
    m_allThreadsAction->setCheckable(true);
    m_allThreadsAction->setToolTip(
        tr("Every CPU thread count in full. Off (the classroom view): the best CPU at each n, the "
           "fewest threads and the GPU curves, the other thread counts faded"));
    m_allThreadsAction->setChecked(AppSettings::open()->value(settingsKey, false).toBool());
    connect(m_allThreadsAction, &QAction::toggled, this, [this, settingsKey](bool on) {
        AppSettings::open()->setValue(settingsKey, on);
        updateNow();
    });
    addAction(m_allThreadsAction);
}

void ChartView::setAllThreadCounts(bool all)
{
    if (m_allThreadsAction)
        m_allThreadsAction->setChecked(all);
}

ChartView::Classroom ChartView::classroom(const std::vector<Series> &all,
                                          const std::vector<QColor> &colors) const
{
    // In each run with more than two CPU curves, the best CPU's envelope is drawn over them, its
    // fewest threads (of each variant) stay in full, and the rest fade.
    Classroom view;
    view.faded.assign(all.size(), false);
    if (allThreadCounts())
        return view;
    for (const auto &group : Analysis::byRun(all)) {
        std::vector<const Series *> cpus;
        for (const Series &s : all)
            if (s.cpu() && s.run == group.front().run && !isReference(s))
                cpus.push_back(&s);
        // Run A's best CPU is drawn whenever A and B are compared, from two thread counts: the
        // crossovers across runs use it.
        if (cpus.size() < (isRunA(group.front().run) ? 2u : 3u))
            continue;
        std::map<std::string, int> fewest; // variant -> its lowest thread count
        for (const Series *c : cpus)
            if (auto it = fewest.find(c->variant); it == fewest.end() || c->threads < it->second)
                fewest[c->variant] = c->threads;
        for (const Series *c : cpus) // two thread counts (run A's) both stay in full
            view.faded[std::size_t(c - all.data())] = cpus.size() >= 3 && c->threads != fewest[c->variant];
        std::vector<Series> theirs;
        for (const Series *c : cpus)
            theirs.push_back(*c);
        Series best = Analysis::bestCpu(theirs);
        const QString wins = ExplainText::winners(Analysis::cpuWins(theirs));
        view.winners << (severalRuns() ? tr("%1: %2").arg(QString::fromStdString(group.front().run), wins)
                                       : wins);
        best.label = severalRuns() ? group.front().run + ": " + tr("best CPU").toStdString()
                                   : tr("best CPU").toStdString();
        best.run = group.front().run;
        best.key = envelopeKey(best.run);
        // The colour of the run's first CPU curve, much darker: it stands out from every thread
        // count's own colour, and from another run's envelope.
        view.envelopes.push_back(
            {std::move(best), colors[std::size_t(cpus.front() - all.data())].darker(230)});
    }
    return view;
}

QStringList ChartView::classroomNotes(const Classroom &view, const std::vector<bool> &drawn) const
{
    QStringList notes;
    std::ptrdiff_t fadedCount = 0; // of the curves drawn
    for (std::size_t i = 0; i < view.faded.size() && i < drawn.size(); ++i)
        fadedCount += view.faded[i] && drawn[i];
    for (const QString &w : view.winners)
        notes << tr("Dark line, %1.").arg(w);
    if (fadedCount > 0) {
        const QString others = tr("%n other thread count(s)", nullptr, int(fadedCount));
        notes << (exporting()
                      ? tr("Faded: %1.").arg(others)
                      : tr("Faded: %1 (right-click ▸ All thread counts shows each in full).").arg(others));
    }
    return notes;
}

} // namespace speeduplab
