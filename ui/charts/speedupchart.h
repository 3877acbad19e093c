// SPDX-License-Identifier: MIT
// The speedup chart (SpeedupChart): best CPU time over each GPU curve's, one of ChartTabs' charts.
#pragma once

#include "ui/charts/chartview.h"

namespace speeduplab {

/// CPU time / GPU time against n (best CPU against every GPU curve): above the line at 1.0
/// the GPU wins, below it the CPU does; both regions are shaded and labelled.
class SpeedupChart : public ChartView {
    Q_OBJECT
public:
    explicit SpeedupChart(QWidget *parent = nullptr);
    QString name() const override { return QStringLiteral("speedup"); }
    QString tabTitle() const override { return tr("Speedup"); }

protected:
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;
};

} // namespace speeduplab
