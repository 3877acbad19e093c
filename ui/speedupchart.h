// SPDX-License-Identifier: MIT
#pragma once

#include "ui/chartview.h"

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

private:
    /// A curve's legend entry: "GPU launch vs best CPU"; with several runs "B's GPU launch vs A's
    /// best CPU" (the runs compared across called A and B, others by their labels).
    QString legendName(const Matchup &pair, const Series &gpu) const;
};

} // namespace speeduplab
