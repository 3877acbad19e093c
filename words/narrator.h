// SPDX-License-Identifier: MIT
// Narrator: the Explain tab's words, section by section, from core's findings (Explain's stories,
// the energy crossovers, the queue times), in the language installed. QtCore only: the window's
// Explain tab and `speeduplab-cli explain` print the same sentences from it.
#pragma once

#include "words/explaintext.h"

#include "core/analysis/analysis.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace speeduplab {

class Narrator {
    Q_DECLARE_TR_FUNCTIONS(Narrator)
public:
    struct Section {
        QString title;
        QStringList sentences;
    };

    /// Where the models of the CPU curves of `group` and each GPU curve of it cross, and how the
    /// GPU modes move that; `stories` gets the crossovers told (for a figure's note).
    static Section crossovers(const ResultSet &r, const std::vector<Series> &group,
                              std::vector<CrossoverStory> *stories = nullptr);
    /// Every section the Explain tab shows for `group` of `workload`, in its order: the GPU curves
    /// timed without synchronising, `crossovers` (crossovers() of the group, or none without a GPU curve),
    /// what each curve's time is made of, how the CPU threads scale, and the energy. `every` is the
    /// workload's every curve (the placement's marks are read over all thread counts); `cost` the
    /// launch a queue time is held against; thisMachine: the results were measured here (a hint
    /// to calibrate is given only then). Empty sections are left out.
    static QList<Section> sections(const ResultSet &r, const std::string &workload,
                                   const std::vector<Series> &group, const std::vector<Series> &every,
                                   const Section &crossovers, const LaunchCost &cost, bool thisMachine);

    /// What the Explain tab explains of one run, without a pair of runs chosen: its CPU curves
    /// (one variant) and the GPU curves held against them; without a GPU curve, at most eight of
    /// its CPU curves and the curves of a GPU API on the CPU (told, never held against it).
    static std::vector<Series> explained(const std::vector<Series> &all);
    /// The CPU curves of the first run, in one variant.
    static std::vector<Series> cpuCurves(const std::vector<Series> &all);
    /// At most eight curves, evenly spread from the fewest threads to the most.
    static void spreadCurves(std::vector<Series> &group);
    /// Why `group` has no models to explain, said of the curve that lacks one (the Explain tab's
    /// empty state).
    static QString whyNoModels(const ResultSet &r, const std::vector<Series> &group);
    /// A synchronised GPU launch curve's fixed cost in `r`, named by its run ("this run" for a
    /// single run); seconds 0 when `r` has none.
    static LaunchCost launchCostIn(const ResultSet &r);

private:
    static Section energy(const ResultSet &r, const std::vector<Series> &group);
    static Section queued(const ResultSet &r, const std::string &workload, const LaunchCost &cost);
};

} // namespace speeduplab
