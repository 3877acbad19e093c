// SPDX-License-Identifier: MIT
// The Explain chart: the best CPU and one GPU curve with their cost models, and the what-if.
#pragma once

#include "ui/charts/chartview.h"

#include "core/explain.h"

#include <QStringList>

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
    struct Section {
        QString title;
        QStringList sentences;
    };
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
    void rebuildCpuOnly(const ResultSet &r, const std::vector<Series> &all, const Workload &wl);
    /// The sections on each curve and on the threads, after `crossovers`.
    void explainCurves(const ResultSet &r, const std::vector<Series> &group, const Section &crossovers);
    /// The section on the GPU curves timed before the device was synchronised (mode unsynced), first.
    void explainQueues(const ResultSet &r, const std::string &workload);

    WhatIf m_measured;
    WhatIf m_whatIf;
    bool m_custom = false;
    std::string m_gpuKey;
    std::vector<std::pair<std::string, std::string>> m_gpuCurves;
    QList<Section> m_explanations;
    QString m_verdict;
};

} // namespace speeduplab
