// SPDX-License-Identifier: MIT
// The chart tabs (ChartTabs): the one list of charts, their tabs and the workload they plot.
#pragma once

#include <QList>
#include <QStringList>
#include <QTabWidget>

#include <memory>

class QComboBox;
class QToolButton;

namespace speeduplab {

class ChartView;
class RunStore;
class ScalingChart;
class TimeChart;

/// Every chart names() lists, one tab each (Explain's with its what-if panel below it), with
/// the pickers in the tab bar's corner: the workload shown when the results mix workloads,
/// and the sizes the thread-scaling chart shows.
class ChartTabs : public QTabWidget {
    Q_OBJECT
public:
    explicit ChartTabs(RunStore *store, QWidget *parent = nullptr);

    /// Every chart's name (ChartView::name), in tab order: "time", "speedup", "scaling",
    /// "throughput", "roofline", "compare", "cost", "explain" (with the what-if panel below it), "summary"
    /// (the one slide). The one list of charts: the tabs, --chart and --headless use it.
    static QStringList names();
    /// A new chart of this name; nullptr for an unknown name.
    static std::unique_ptr<ChartView> make(const QString &name);

    const QList<ChartView *> &charts() const { return m_charts; }
    /// The chart with this name (ChartView::name), or nullptr.
    ChartView *chart(const QString &name) const;
    TimeChart *timeChart() const;
    ScalingChart *scalingChart() const;
    /// The chart shown.
    ChartView *current() const;
    /// Shows the chart with this name; an unknown name changes nothing.
    void setCurrent(const QString &name);

signals:
    /// The charts now plot this workload (the results mix several, or new results came).
    void workloadShown(const QString &workload);

private:
    void updateWorkloads();
    void updateSizesMenu();
    void updateSizesButton();

    RunStore *m_store = nullptr;
    QList<ChartView *> m_charts;
    QComboBox *m_workloadShown = nullptr;
    QToolButton *m_sizesButton = nullptr;
};

} // namespace speeduplab
