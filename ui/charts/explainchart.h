// SPDX-License-Identifier: MIT
// The Explain chart: the best CPU and one GPU curve with their cost models, and the what-if.
#pragma once

#include "ui/charts/chartview.h"
#include "words/explaintext.h"
#include "words/narrator.h"

#include "core/analysis/explain.h"

#include <QStringList>

#include <limits>

namespace speeduplab {

class Workload;

/// Why the curves look the way they do: the measured CPU and GPU curves with their cost models
/// (t = fixed + work / rate) drawn through them, the crossover the models predict, and the
/// sentences that say what dominates where (ExplainText), all from the measured numbers. The
/// models can be moved (setWhatIf: the what-if sliders of WhatIfPanel); the measured points
/// stay as they are.
class ExplainChart : public ChartView {
    Q_OBJECT
public:
    /// The measured launch cost a queue time is held against (ExplainText::queue): a synchronised
    /// GPU launch curve's in `r`, else the shipped H200 example's.
    static ExplainText::LaunchCost launchCost(const ResultSet &r);
    explicit ExplainChart(QWidget *parent = nullptr);
    QString name() const override { return QStringLiteral("explain"); }
    QString tabTitle() const override { return tr("Explain"); }

    /// The models as measured, and as the user moved them (the same until setWhatIf).
    const WhatIf &measured() const { return m_measured; }
    const WhatIf &whatIf() const { return m_whatIf; }
    /// Whether there is something to explain: a CPU and a GPU curve with models.
    bool hasModels() const { return Explain::usable(m_measured); }
    /// Moves the models (the points stay); rebuilds now.
    void setWhatIf(const WhatIf &w);
    /// Back to the measured models.
    void resetWhatIf();
    /// The GPU curves that can be explained (key, label), and the one chosen.
    const std::vector<std::pair<std::string, std::string>> &gpuCurves() const { return m_gpuCurves; }
    std::string gpuKey() const { return m_gpuKey; }
    void setGpuKey(const std::string &key);
    /// What the text panel below the chart shows, in sections (a title and its sentences): the
    /// crossovers by the models and how the GPU modes move them, each curve, the threads.
    using Section = Narrator::Section; ///< a title and its sentences (Narrator words them)
    const QList<Section> &explanations() const { return m_explanations; }
    /// The what-if's verdict (where the models, as the sliders set them, cross), or empty with
    /// no models: the chart's note, and the first line of the panel beside the sliders.
    const QString &verdict() const { return m_verdict; }
    /// The largest thread count the what-if may ask for.
    int maxThreads() const;

protected:
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;

private:
    /// The y axis for times tLo..tHi (seconds) in whole decades, and the x range.
    struct TimeAxis {
        ChartStyle::Unit unit;
        double lo, hi; ///< in unit
    };
    TimeAxis setTimeAxis(double xLo, double xHi, double tLo, double tHi);
    /// A measured curve, its points marked.
    void measuredLine(const Series &s, const QColor &color, double scale);

    // The steps of rebuild(), in the order it takes them.
    /// What the steps that draw the models share: the curves the models are held against, where
    /// they cross, the x range and the models' lines.
    struct Drawing {
        const Series *gpu = nullptr;                             ///< the GPU curve chosen, in the group
        std::vector<Series> allowed;                             ///< the CPU curves the what-if allows
        Series bestCpu;                                          ///< their best at each n
        std::vector<int> counts;                                 ///< their thread counts
        ModelCrossover cross;                                    ///< where the models cross
        double xLo = 0, xHi = 0;                                 ///< the x range
        std::vector<std::pair<double, double>> cpuLine, gpuLine; ///< the models: (n, seconds)
        /// The best CPU, or none when the what-if allows no CPU curve.
        const Series *cpu() const { return allowed.empty() ? nullptr : &bestCpu; }
    };
    void forgetModels();
    std::vector<Series> explainedCurves(const std::vector<Series> &all, const Matchup &m);
    bool fitModels(const ResultSet &r, const std::vector<Series> &group, const WhatIf &before);
    Drawing heldAgainst(const std::vector<Series> &group, const std::string &run) const;
    void fitSizes(const std::vector<Series> &group, Drawing &d) const;
    void traceModels(const Workload &wl, Drawing &d) const;
    TimeAxis fitTimes(const Drawing &d);
    void drawModels(const std::vector<Series> &all, const Workload &wl, const Drawing &d, const TimeAxis &y);
    Section writeVerdict(const ResultSet &r, const std::vector<Series> &group);

    /// rebuild() without a GPU curve: the CPU curves' own models.
    void rebuildCpuOnly(const ResultSet &r, const std::vector<Series> &all, const Workload &wl);
    // Its steps, in order.
    /// The CPU curves' models (into the group) and the sizes and times they span.
    struct CpuModels {
        std::vector<std::pair<const Series *, CostModel>> models;
        double nLo = std::numeric_limits<double>::max(), nHi = 0;
        double tLo = std::numeric_limits<double>::max(), tHi = 0;
    };
    static CpuModels fitCpuModels(const ResultSet &r, const std::vector<Series> &group);
    void drawCpuModels(const std::vector<Series> &all, const Workload &wl, const CpuModels &fitted);
    void writeCpuOnlyNote(std::size_t measured, std::size_t shown, bool sameCores);

    /// The panel's sections (Narrator::sections), with `crossovers`.
    /// `every`: all curves shown of the run (the threads' placement is read over every thread
    /// count, not only the ones explained).
    void explainCurves(const ResultSet &r, const std::vector<Series> &group, const Section &crossovers,
                       const std::vector<Series> &every);

    WhatIf m_measured;
    WhatIf m_whatIf;
    bool m_custom = false;
    std::string m_gpuKey;
    std::vector<std::pair<std::string, std::string>> m_gpuCurves;
    QList<Section> m_explanations;
    QString m_verdict;
};

} // namespace speeduplab
