// SPDX-License-Identifier: MIT
#pragma once

#include "ui/chartview.h"

namespace speeduplab {

/// Time per iteration against n, log-log: one curve per CPU thread count and per GPU mode,
/// each with its min-max band, and the crossover of the best CPU against every GPU curve, within
/// each run shown (a reference run dashed), and across the runs A and B the model compares.
/// Times are plotted in the unit that suits their range (ns to s, see yScale()).
class TimeChart : public ChartView {
    Q_OBJECT
public:
    /// Crossovers drawn as a dashed line with a label, over all GPU curves (the first ones).
    static constexpr int markedCrossings = 6;
    /// Crossovers of one GPU curve listed in the note before "... and N more".
    static constexpr int listedCrossings = 4;
    /// GPU curves with a line of their own in the note.
    static constexpr std::size_t notedGpus = 6;

    struct Marker {
        QString cpuLabel; ///< "best CPU", "<run>: best CPU" (several runs shown)
        QString gpuLabel;
        double n = 0;
        bool gpuBecomesFaster = true;
    };

    explicit TimeChart(QWidget *parent = nullptr);
    QString name() const override { return QStringLiteral("time"); }
    QString tabTitle() const override { return tr("Time vs n"); }

    /// The crossover lines drawn by the last rebuild (at most markedCrossings).
    const QList<Marker> &markers() const { return m_markers; }

    /// A crossover line's label: "<gpu> faster above n ≈ 316", or "CPU faster again above...".
    static QString crossingText(const Crossing &c, const QString &gpu);
    /// Its short form, for a plot short of room: "n ≈ 316".
    static QString crossingBrief(const Crossing &c);

protected:
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;

private:
    /// "Dashed: <reference>, ... our time ÷ theirs" for each reference run shown.
    QStringList referenceNotes(const std::string &workload) const;
    QList<Marker> m_markers;
};

} // namespace speeduplab
