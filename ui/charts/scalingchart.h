// SPDX-License-Identifier: MIT
// The thread-scaling chart (ScalingChart).
#pragma once

#include "ui/charts/chartview.h"

#include "core/analysis/explain.h"

#include <map>
#include <set>

namespace speeduplab {

/// Speedup over one thread against the thread count, for a few chosen n: the measured
/// points, the ideal (linear) line and the model that explains them (Explain::threads): Amdahl's
/// law, the memory-bandwidth bound, or a fork/join cost larger than the work, said in the note.
class ScalingChart : public ChartView {
    Q_OBJECT
public:
    explicit ScalingChart(QWidget *parent = nullptr);
    QString name() const override { return QStringLiteral("scaling"); }
    QString tabTitle() const override { return tr("Thread scaling"); }

    /// Sizes measured with at least two thread counts (what can be shown).
    const QList<int> &availableSizes() const { return m_available; }
    /// The sizes the user chose; empty: the smallest, a middle and the largest available.
    void setSelectedSizes(const QList<int> &sizes);
    const QList<int> &selectedSizes() const { return m_selected; }
    /// What the last rebuild showed.
    const QList<int> &shownSizes() const { return m_shown; }
    /// Serial fraction of the Amdahl fit at n, or -1 when none was fitted.
    double serialFraction(int n) const { return m_serial.value(n, -1); }

signals:
    /// The sizes available or shown changed (a rebuild after new results or a new choice).
    void sizesChanged();

protected:
    bool xIsSize() const override { return false; }
    QString xReadout(double x) const override;
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;

private:
    // The steps of rebuild(), in the order it takes them.
    /// The CPU curves scaled (one run, one variant), the thread counts measured at each n, and
    /// the most threads.
    struct CpuCurves {
        std::vector<Series> cpu;
        std::map<int, std::set<int>> threadsAt;
        int maxThreads = 1;
    };
    /// One size's measured speedups, its thread model's and what explains them.
    struct Curve {
        int n;
        QList<QPointF> measured, fitted;
        ThreadStory story;
    };
    /// The curves of the sizes shown, and the highest speedup (at least the most threads).
    struct Speedups {
        QList<Curve> curves;
        double yMax = 0;
    };
    CpuCurves chooseCpuCurves(const std::vector<Series> &all) const;
    void chooseSizes(const std::map<int, std::set<int>> &threadsAt);
    Speedups speedupCurves(const ResultSet &r, const CpuCurves &chosen);
    void fitAxes(int maxThreads, double yMax);
    void drawIdeal(int maxThreads);
    QStringList drawCurves(const QList<Curve> &curves, int maxThreads);
    /// Where the rows' placement says SMT siblings start and efficiency cores join (the largest
    /// size's ThreadStory), each as a dotted vertical line with its label; returns the note's lines.
    QStringList drawPlacementMarks(const QList<Curve> &curves, double yTop);

public:
    /// Where SMT siblings start and efficiency cores join (ThreadStory's marks); 0: never.
    struct PlacementMarks {
        int siblingsFrom = 0;
        int efficiencyFrom = 0;
    };
    /// The marks of the last rebuild (tests, the Explain text).
    PlacementMarks marks() const { return m_marks; }

private:
    PlacementMarks m_marks;

    QList<int> m_available;
    QList<int> m_selected;
    QList<int> m_shown;
    QHash<int, double> m_serial;
};

} // namespace speeduplab
