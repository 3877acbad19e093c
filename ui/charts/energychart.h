// SPDX-License-Identifier: MIT
// The energy chart (EnergyChart): joules per operation against n, for every curve with energy, and
// where a GPU starts to spend less energy than the CPU.
#pragma once

#include "ui/charts/chartview.h"

namespace speeduplab {

/// Joules per operation against n, log-log: what each point's device counters measured over its
/// repetitions (PointConditions::energy), for every curve that has energy. A point without energy
/// is not drawn (never as 0). Each GPU curve's energy crossover against the CPU curve that spent
/// least (EnergyAnalysis::crossovers) is marked as the time chart marks a crossover. Without any
/// energy the chart says why: the sweep's own sentence (SweepConditions::energyMissing).
class EnergyChart : public ChartView {
    Q_OBJECT
public:
    explicit EnergyChart(QWidget *parent = nullptr);
    QString name() const override { return QStringLiteral("energy"); }
    QString tabTitle() const override { return tr("Energy"); }

    /// Why results hold no energy, in one sentence: the sweep's, a point's note, or an older file.
    static QString whyNone(const ResultSet &r);

protected:
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;

private:
    struct Frame {
        double k = 1; ///< a value in J times k is plotted
        double yLo = 0, yHi = 0;
    };
    Frame fitAxes(const std::vector<Series> &energy);
    void drawCurves(const std::vector<Series> &all, const std::vector<Series> &energy, double k);
    QStringList markCrossovers(const ResultSet &r, const std::vector<Series> &all, const Frame &frame);
    void writeNote(const ResultSet &r, const std::vector<Series> &all, const std::vector<Series> &energy,
                   const QStringList &crossovers);
};

} // namespace speeduplab
