// SPDX-License-Identifier: MIT
// The one-slide summary (SlideChart): the time chart with the lesson in three sentences.
#pragma once

#include "ui/charts/timechart.h"

#include <QStringList>

namespace speeduplab {

/// The lesson on one slide: the time chart in the classroom view (its choices kept apart from the
/// time chart's), the crossovers marked, and in place of the note three sentences
/// (ExplainText::slide): where the GPU overtakes the best CPU, the fixed costs that decide below
/// it, and the rates, each at its memory level, that decide above it; with runs A and B compared,
/// one sentence for each run's crossover. Exported at 1920x1080 like every chart.
class SlideChart : public TimeChart {
    Q_OBJECT
public:
    explicit SlideChart(QWidget *parent = nullptr);
    QString name() const override { return QStringLiteral("summary"); }
    QString tabTitle() const override { return tr("Summary"); }
    /// The sentences the last rebuild wrote under the chart.
    const QStringList &sentences() const { return m_sentences; }

protected:
    void setNotes(const ResultSet &r, const std::vector<Series> &all, const QStringList &notes) override;
    /// The sentences are the slide's message: larger than a note, where there is room.
    QFont noteFont() const override;

private:
    QStringList m_sentences;
};

} // namespace speeduplab
