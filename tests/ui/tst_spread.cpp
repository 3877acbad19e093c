// SPDX-License-Identifier: MIT
// The spread of a point as the window shows it: the time chart's band is the interquartile
// range by default and min-max on request (its context menu), a point saved without quartiles
// falls back to min-max, the note names the band; the table's time tooltip gives the IQR and
// the Tukey outliers, and a point with outliers says so in its reason.
#include "fixtures.h"

#include "ui/app.h"
#include "ui/charts/timechart.h"
#include "ui/resulttablemodel.h"
#include "ui/runstore.h"

#include <QAction>
#include <QAreaSeries>
#include <QLineSeries>
#include <QTest>

using namespace speeduplab;

namespace {

// A CPU point of 20 repetitions around t (seconds per iteration): steady, with one repetition
// 3x slower (a Tukey outlier that widens min-max but not the IQR).
Measurement sampledPoint(int n, double t)
{
    Measurement m = fixtures::point("cpu", 1, "", n, t);
    std::vector<double> reps;
    for (int i = 0; i < 20; ++i)
        reps.push_back(t * m.iterations * (1 + 0.01 * (i % 5)));
    reps.push_back(3 * t * m.iterations);
    m.stats = Stats::of(reps);
    return m;
}

// The band's upper edge at each point, in the chart's y unit.
QList<QPointF> bandTop(const TimeChart &chart)
{
    for (QAbstractSeries *s : chart.chart()->series())
        if (ChartView::roleOf(s) == ChartView::Role::Band)
            if (auto *area = qobject_cast<QAreaSeries *>(s))
                return area->upperSeries()->points();
    return {};
}

} // namespace

class TestSpread : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { App::initialise(); }
    void bandIsInterquartileByDefault();
    void oldPointsFallBackToMinMax();
    void tableShowsIqrAndOutliers();
};

void TestSpread::bandIsInterquartileByDefault()
{
    RunStore store;
    ResultSet r;
    r.machine = fixtures::machine();
    for (int n : {64, 128, 256})
        r.add(sampledPoint(n, 1e-6 * n));
    store.setResultSet(r);
    TimeChart chart;
    chart.setModel(&store);
    chart.resize(900, 600);
    chart.updateNow();

    QCOMPARE(chart.band(), TimeChart::Band::Interquartile);
    QVERIFY(chart.bandActions().at(0)->isChecked());
    const double scale = chart.yScale();
    QList<QPointF> top = bandTop(chart);
    QCOMPARE(top.size(), 3);
    const Measurement &m0 = r.rows[0];
    QVERIFY(qFuzzyCompare(top[0].y(), m0.stats.q3 / m0.iterations * scale));
    QVERIFY(m0.stats.q3 < m0.stats.max); // the slow repetition does not widen the band
    QVERIFY2(chart.noteText().contains("interquartile range"), qPrintable(chart.noteText()));
    QVERIFY(chart.actions().contains(chart.bandActions().at(1))); // on the context menu
    QCOMPARE(chart.contextMenuPolicy(), Qt::ActionsContextMenu);

    // Min-max on request, from the context menu.
    chart.bandActions().at(1)->trigger();
    QCOMPARE(chart.band(), TimeChart::Band::MinMax);
    top = bandTop(chart);
    QCOMPARE(top.size(), 3);
    QVERIFY(qFuzzyCompare(top[0].y(), m0.stats.max / m0.iterations * scale));
    QVERIFY2(chart.noteText().contains(QStringLiteral("min\u2013max of the repetitions")),
             qPrintable(chart.noteText()));

    chart.setBand(TimeChart::Band::Interquartile);
    QVERIFY(chart.bandActions().at(0)->isChecked());
    QVERIFY(qFuzzyCompare(bandTop(chart)[0].y(), m0.stats.q3 / m0.iterations * scale));
}

void TestSpread::oldPointsFallBackToMinMax()
{
    // fixtures::point has min and max but no quartiles, as a file written before them.
    RunStore store;
    ResultSet r;
    r.machine = fixtures::machine();
    for (int n : {64, 128, 256})
        r.add(fixtures::point("cpu", 1, "", n, 1e-6 * n));
    store.setResultSet(r);
    TimeChart chart;
    chart.setModel(&store);
    chart.resize(900, 600);
    chart.updateNow();
    const QList<QPointF> top = bandTop(chart);
    QCOMPARE(top.size(), 3);
    const Measurement &m0 = r.rows[0];
    QVERIFY(qFuzzyCompare(top[0].y(), m0.stats.max / m0.iterations * chart.yScale()));
    QVERIFY2(chart.noteText().contains("min\u2013max for points saved without it"),
             qPrintable(chart.noteText()));
}

void TestSpread::tableShowsIqrAndOutliers()
{
    RunStore store;
    ResultTableModel model(&store);
    store.append(sampledPoint(64, 1e-6));
    store.append(fixtures::point("cpu", 1, "", 128, 1e-6, 0.01)); // no quartiles, steady
    const QString tip = model.data(model.index(0, ResultTableModel::TimeColumn), Qt::ToolTipRole).toString();
    for (const char *s : {"Median of 21 repetitions", "Interquartile range", "1 Tukey outlier"})
        QVERIFY2(tip.contains(s), qPrintable(tip));
    const QString reason = model.data(model.index(0, ResultTableModel::ReasonColumn)).toString();
    QVERIFY2(reason.contains("1 of 21 repetitions lie outside Tukey's fences"), qPrintable(reason));
    QVERIFY2(tip.contains(reason), qPrintable(tip)); // the tooltip carries the reason too

    const QString oldTip =
        model.data(model.index(1, ResultTableModel::TimeColumn), Qt::ToolTipRole).toString();
    QVERIFY2(oldTip.contains("No quartiles"), qPrintable(oldTip));
    QVERIFY(model.data(model.index(1, ResultTableModel::ReasonColumn)).toString().isEmpty());
}

QTEST_MAIN(TestSpread)
#include "tst_spread.moc"
