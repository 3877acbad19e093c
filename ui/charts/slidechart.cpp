// SPDX-License-Identifier: MIT
// SlideChart: the time chart with the lesson's three sentences in place of its note.
#include "ui/charts/slidechart.h"

#include "core/analysis/explain.h"
#include "ui/charts/chartstyle.h"
#include "ui/runstore.h"
#include "words/explaintext.h"
#include "words/format.h"

#include <algorithm>

namespace speeduplab {

namespace {

// The crossover a slide tells: the first launch-mode GPU curve that crosses the CPU (measured,
// else by the models), else the first that crosses, else the first story; nullptr without one.
const CrossoverStory *lead(const std::vector<CrossoverStory> &stories)
{
    const auto crosses = [](const CrossoverStory &s) {
        return s.measuredN > 0 || (s.model.n > 0 && !s.model.extrapolated());
    };
    for (const CrossoverStory &s : stories)
        if (s.gpuMode == "launch" && crosses(s))
            return &s;
    for (const CrossoverStory &s : stories)
        if (crosses(s))
            return &s;
    return stories.empty() ? nullptr : &stories.front();
}

QString runName(const std::string &run)
{
    return Format::visible(QString::fromStdString(run));
}

} // namespace

SlideChart::SlideChart(QWidget *parent) : TimeChart(QStringLiteral("summary"), parent) {}

QFont SlideChart::noteFont() const
{
    // 1.4 times a note's size on a slide (an export, a chart on a large screen); a chart in a
    // small window, or zoomed (presentation mode zooms every font already), keeps a note's size,
    // or the sentences would leave no room for the curves.
    QFont f = ChartStyle::noteFont();
    const double room = height() / (560.0 * std::max(1.0, ChartStyle::zoom()));
    f.setPointSizeF(f.pointSizeF() * (exporting() ? 1.4 : std::clamp(room, 1.0, 1.4)));
    return f;
}

void SlideChart::setNotes(const ResultSet &r, const std::vector<Series> &all, const QStringList &notes)
{
    m_sentences.clear();
    // The runs told: A and B when compared, else the first run of ours (not a reference) that has
    // a GPU curve.
    const bool pair =
        model() && model()->runA() >= 0 && model()->runB() >= 0 && model()->runA() != model()->runB();
    struct Told {
        char as = 0;     ///< 'A', 'B' or 0
        std::string run; ///< its label (empty: the only run)
        const CrossoverStory *story = nullptr;
    };
    std::vector<Told> told;
    std::vector<std::vector<CrossoverStory>> stories;
    const std::vector<std::vector<Series>> runs = Analysis::byRun(all);
    stories.reserve(runs.size()); // the stories told point into it
    for (const std::vector<Series> &run : runs) {
        const char as = run.empty() ? 0 : comparedAs(run.front().run);
        if (run.empty() || isReference(run.front()) || (pair ? as == 0 : !told.empty()))
            continue;
        stories.push_back(Explain::crossovers(r, run));
        if (const CrossoverStory *s = lead(stories.back()))
            told.push_back({as, run.front().run, s});
    }
    std::sort(told.begin(), told.end(), [](const Told &a, const Told &b) { return a.as < b.as; });
    const bool compared = pair && told.size() == 2;
    if (!told.empty()) {
        // Each line starts with the run it tells, so the curve is named without it again
        // (Measurement::seriesLabel put "<run>: " before the label of a run's curve).
        CrossoverStory first = *told.front().story;
        const QString prefix = told.front().as ? tr("%1: ").arg(QLatin1Char(told.front().as))
                               : severalRuns() ? tr("%1: ").arg(runName(told.front().run))
                                               : QString();
        if (const std::string ofRun = told.front().run + ": ";
            !prefix.isEmpty() && !told.front().run.empty() && first.gpuLabel.rfind(ofRun, 0) == 0)
            first.gpuLabel.erase(0, ofRun.size());
        for (const QString &sentence : ExplainText::slide(first))
            m_sentences << prefix + sentence;
    }
    if (compared) {
        const auto where = [](const CrossoverStory &s) {
            return s.measuredN > 0
                       ? tr("n \u2248 %1").arg(Format::n(s.measuredN) + Format::interval(s.measured))
                   : s.model.n > 0 && !s.model.extrapolated()
                       ? tr("n \u2248 %1 by the models").arg(Format::n(s.model.n))
                       : tr("no crossover");
        };
        m_sentences << tr("A against B: the GPU overtakes the CPU at %1 in A (%2), at %3 in B (%4).")
                           .arg(where(*told[0].story),
                                Format::display(QString::fromStdString(told[0].story->gpuLabel)),
                                where(*told[1].story),
                                Format::display(QString::fromStdString(told[1].story->gpuLabel)));
    }
    if (m_sentences.isEmpty()) {
        // No GPU curve to tell: the time chart's own note says why.
        TimeChart::setNotes(r, all, notes);
        return;
    }
    setNote(m_sentences.join(QLatin1Char('\n')));
}

} // namespace speeduplab
