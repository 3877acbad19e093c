// SPDX-License-Identifier: MIT
#pragma once

#include "ui/chartview.h"

#include "core/compare.h"

namespace speeduplab {

/// Two runs compared point by point (Compare::compare): run B's time over run A's against n,
/// log-log, one curve per series both measured, with the band inside which the difference is
/// noise. Below 1, B is faster. A and B are the runs the model compares (the Runs panel).
class CompareChart : public ChartView {
    Q_OBJECT
public:
    explicit CompareChart(QWidget *parent = nullptr);
    QString name() const override { return QStringLiteral("compare"); }
    QString tabTitle() const override { return tr("Compare runs"); }
    /// The comparison the last rebuild drew (empty when no pair was chosen).
    const Comparison &comparison() const { return m_comparison; }

protected:
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;

private:
    Comparison m_comparison;
};

} // namespace speeduplab
