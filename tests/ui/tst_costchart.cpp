// SPDX-License-Identifier: MIT
// The cost chart: each curve's time priced at its machine's rate per hour. On known curves
// (CPU 1e-9 n^2 s, GPU flat at 1e-9 X^2 s: the GPU is faster above n = X), equal prices put the
// cost crossover at X, and a GPU machine four times dearer moves it to 2X (it must be four times
// faster, and the CPU's time grows with n^2). The prices persist in the settings.
#include "fixtures.h"

#include "ui/app.h"
#include "ui/charts/costchart.h"
#include "ui/runstore.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QXYSeries>

#include <QRegularExpression>

using namespace speeduplab;

class TestCostChart : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void crossoverMovesWithPrices_data();
    void crossoverMovesWithPrices();
    void noCrossingSaysWhoIsCheaper();
    void pricesPersist();
    void withoutGpuSaysWhatToDo();
    void eachRunKeepsItsColours();

private:
    QTemporaryDir m_dir;
};

void TestCostChart::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
}

void TestCostChart::crossoverMovesWithPrices_data()
{
    QTest::addColumn<double>("cpuPrice");
    QTest::addColumn<double>("gpuPrice");
    QTest::addColumn<double>("expected");
    QTest::addColumn<bool>("quartiles");
    QTest::newRow("equal prices: the time crossover") << 1.0 << 1.0 << 316.0 << false;
    QTest::newRow("GPU 4x dearer: 2x further") << 1.0 << 4.0 << 632.0 << false;
    QTest::newRow("GPU 4x cheaper: 2x earlier") << 4.0 << 1.0 << 158.0 << false;
    QTest::newRow("with quartiles") << 1.0 << 4.0 << 632.0 << true;
    // Prices so low that the axis counts per billion iterations: the costs and their quartiles
    // are scaled together (the medians alone were, off their own noise, and nothing crossed).
    QTest::newRow("per billion iterations") << 1e-3 << 4e-3 << 632.0 << true;
}

void TestCostChart::crossoverMovesWithPrices()
{
    QFETCH(double, cpuPrice);
    QFETCH(double, gpuPrice);
    QFETCH(double, expected);
    QFETCH(bool, quartiles);
    ResultSet r = fixtures::knownCrossover({316});
    if (quartiles)
        for (Measurement &m : r.rows) {
            m.stats.q1 = 0.99 * m.stats.median;
            m.stats.q3 = 1.01 * m.stats.median;
        }
    RunStore store;
    store.setResultSet(r);
    CostChart chart;
    chart.resize(1000, 700);
    chart.setModel(&store);
    chart.setPrices(cpuPrice, gpuPrice);
    chart.updateNow();
    QCOMPARE(chart.seriesWithRole(ChartView::Role::Data).size(), 2); // best CPU, GPU
    const QRegularExpression cheaper(QStringLiteral("cheaper from n \u2248 (\\d+)"));
    const auto match = cheaper.match(chart.noteText());
    QVERIFY2(match.hasMatch(), qPrintable(chart.noteText()));
    const double n = match.captured(1).toDouble();
    QVERIFY2(std::abs(n - expected) / expected < 0.03, qPrintable(chart.noteText()));
    QVERIFY2(chart.noteText().contains(QStringLiteral("faster from n \u2248 316")),
             qPrintable(chart.noteText()));
    QVERIFY(chart.labelTexts().join(' ').contains(QStringLiteral("GPU cheaper above")));
}

// Without a crossing of the costs, the note says who is cheaper at every size the chart draws,
// never "cheaper from none" over a GPU that is cheaper everywhere (issue 59).
void TestCostChart::noCrossingSaysWhoIsCheaper()
{
    RunStore store;
    store.setResultSet(fixtures::knownCrossover({316}));
    CostChart chart;
    chart.resize(1000, 700);
    chart.setModel(&store);
    chart.setPrices(10000, 1); // the GPU's hour 10,000 times cheaper: cheaper even at n = 4
    chart.updateNow();
    QVERIFY2(
        chart.noteText().contains(QStringLiteral("cheaper at every size measured; faster from n \u2248 316")),
        qPrintable(chart.noteText()));
    chart.setPrices(1, 1000); // 1,000 times dearer: dearer even at n = 4000
    chart.updateNow();
    QVERIFY2(chart.noteText().contains(QStringLiteral("cheaper at no size measured")),
             qPrintable(chart.noteText()));
    chart.setPrices(CostChart::defaultCpuPerHour, CostChart::defaultGpuPerHour);
}

void TestCostChart::pricesPersist()
{
    {
        CostChart chart;
        chart.setPrices(2.5, 12);
        chart.setPrices(-1, 3); // refused: a price is positive
    }
    CostChart again;
    QCOMPARE(again.cpuPerHour(), 2.5);
    QCOMPARE(again.gpuPerHour(), 12.0);
    RunStore store;
    store.setResultSet(fixtures::knownCrossover({316}));
    again.setModel(&store);
    again.updateNow();
    QVERIFY2(!again.noteText().contains(QStringLiteral("examples")), qPrintable(again.noteText()));
    again.setPrices(CostChart::defaultCpuPerHour, CostChart::defaultGpuPerHour);
    QVERIFY2(again.noteText().contains(QStringLiteral("examples")), qPrintable(again.noteText()));
}

void TestCostChart::withoutGpuSaysWhatToDo()
{
    RunStore store;
    store.setResultSet(fixtures::knownCrossover({}));
    CostChart chart;
    chart.setModel(&store);
    chart.updateNow();
    QVERIFY(chart.seriesWithRole(ChartView::Role::Data).isEmpty());
    QVERIFY2(chart.noteText().contains(QStringLiteral("Ctrl+O")), qPrintable(chart.noteText()));
}

QTEST_MAIN(TestCostChart)
// Issue 59: two runs' best CPUs were drawn in the same blue. Each run's CPU cost is in its own
// run's hue family, as its curves are on every chart.
void TestCostChart::eachRunKeepsItsColours()
{
    RunStore store;
    for (const char *label : {"run one", "run two"}) {
        RunRecord run;
        run.label = label;
        run.results = fixtures::knownCrossover({316});
        store.addRun(run);
    }
    CostChart chart;
    chart.resize(1000, 700);
    chart.setModel(&store);
    chart.updateNow();
    QSet<QRgb> cpuColours;
    for (QXYSeries *s : chart.seriesWithRole(ChartView::Role::Data))
        if (s->name().contains(QStringLiteral("best CPU")))
            cpuColours.insert(s->color().rgb());
    QCOMPARE(cpuColours.size(), 2);
}

#include "tst_costchart.moc"
