// SPDX-License-Identifier: MIT
// Chart behaviour beyond the data: what an empty chart says, the thread-scaling chart's size
// choice and Amdahl fit, results that mix workloads, and thinned bands keeping their envelope.
#include "fixtures.h"

#include "core/resultio.h"
#include "ui/app.h"
#include "ui/chartview.h"
#include "ui/mainwindow.h"
#include "ui/resultmodel.h"
#include "ui/scalingchart.h"
#include "ui/timechart.h"

#include <QComboBox>
#include <QTemporaryDir>
#include <QTest>
#include <QXYSeries>

using namespace speeduplab;

namespace {

// Exposes the protected band thinning for a direct check.
class Probe : public TimeChart {
public:
    using ChartView::thinBand;
};

} // namespace

class TestCharts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void emptyChartsSayWhatToDo_data();
    void emptyChartsSayWhatToDo();
    void scalingChartShowsChosenSizes();
    void mixedWorkloadsArePickedOneAtATime();
    void thinnedBandKeepsItsEnvelope();

private:
    QTemporaryDir m_dir;
};

void TestCharts::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
}

void TestCharts::emptyChartsSayWhatToDo_data()
{
    QTest::addColumn<QString>("chart");
    QTest::newRow("time") << "time";
    QTest::newRow("speedup") << "speedup";
    QTest::newRow("scaling") << "scaling";
    QTest::newRow("throughput") << "throughput";
    QTest::newRow("roofline") << "roofline";
}

void TestCharts::emptyChartsSayWhatToDo()
{
    QFETCH(QString, chart);
    MainWindow w(m_dir.filePath(QStringLiteral("empty.ini")));
    ChartView *c = w.chart(chart);
    QVERIFY(c);
    c->updateNow();
    QVERIFY(c->seriesWithRole(ChartView::Role::Data).isEmpty());
    QVERIFY2(c->noteText().contains(QStringLiteral("Ctrl+R")), qPrintable(c->noteText()));
    // It still exports a proper image, not a blank one.
    const QImage image = c->toImage(QSize(640, 400));
    QCOMPARE(image.size(), QSize(640, 400));
}

void TestCharts::scalingChartShowsChosenSizes()
{
    const QString path = m_dir.filePath(QStringLiteral("realistic.csv"));
    ResultIO::writeCsv(fixtures::realistic(), path.toStdString());
    MainWindow w(m_dir.filePath(QStringLiteral("scaling.ini")));
    QVERIFY(w.openResults(path));
    ScalingChart *sc = w.scalingChart();
    sc->updateNow();
    QCOMPARE(sc->availableSizes().size(), 13);
    // By default: the smallest, a middle and the largest size.
    QCOMPARE(sc->shownSizes().size(), 3);
    QCOMPARE(sc->shownSizes().front(), 4);
    QCOMPARE(sc->shownSizes().back(), 4000);
    // At n = 4000 the fixture's bandwidth follows Amdahl with a 15 % serial part.
    QVERIFY(qAbs(sc->serialFraction(4000) - 0.15) < 0.02);
    QCOMPARE(sc->seriesWithRole(ChartView::Role::Fit).size(), 3);
    QCOMPARE(sc->seriesWithRole(ChartView::Role::Guide).size(), 1); // the ideal line
    sc->setSelectedSizes({400, 4000});
    sc->updateNow();
    QCOMPARE(sc->shownSizes(), (QList<int>{400, 4000}));
    QCOMPARE(sc->seriesWithRole(ChartView::Role::Data).size(), 2);
    // A size that is not in the results falls back to the default choice.
    sc->setSelectedSizes({12345});
    sc->updateNow();
    QCOMPARE(sc->shownSizes().size(), 3);
}

void TestCharts::mixedWorkloadsArePickedOneAtATime()
{
    ResultSet r = fixtures::knownCrossover({316});
    const std::size_t addRows = r.size();
    for (std::size_t i = 0; i < addRows; ++i) {
        Measurement m = r.rows[i];
        m.workload = "saxpy";
        m.stats.median *= 2; // a consistent point: every time doubles
        m.stats.min *= 2;
        m.stats.max *= 2;
        m.stats.mean *= 2;
        m.stats.stddev *= 2;
        r.add(m);
    }
    const QString path = m_dir.filePath(QStringLiteral("mixed.json"));
    ResultIO::writeJson(r, path.toStdString());
    MainWindow w(m_dir.filePath(QStringLiteral("mixed.ini")));
    w.show();
    QVERIFY(w.openResults(path));
    auto *picker = w.findChild<QComboBox *>(QStringLiteral("workloadShownCombo"));
    QVERIFY(picker);
    QVERIFY(picker->isVisibleTo(&w));
    QCOMPARE(picker->count(), 2);
    TimeChart *tc = w.timeChart();
    tc->updateNow();
    QVERIFY(tc->chart()->title().startsWith(QStringLiteral("add")));
    const double addFirst = tc->seriesWithRole(ChartView::Role::Data).first()->at(0).y();
    picker->setCurrentIndex(picker->findText(QStringLiteral("saxpy")));
    tc->updateNow();
    QVERIFY(tc->chart()->title().startsWith(QStringLiteral("saxpy")));
    QCOMPARE(tc->seriesWithRole(ChartView::Role::Data).first()->at(0).y(), 2 * addFirst);
}

void TestCharts::thinnedBandKeepsItsEnvelope()
{
    QList<QPointF> lo, hi;
    for (int i = 0; i < 1000; ++i) {
        lo << QPointF(i + 1, 1.0 + (i % 7 == 3 ? -0.5 : 0));
        hi << QPointF(i + 1, 2.0 + (i % 9 == 4 ? 1.0 : 0));
    }
    Probe::thinBand(lo, hi, 100);
    QVERIFY(lo.size() <= 100);
    QCOMPARE(lo.size(), hi.size());
    QCOMPARE(lo.front().x(), 1.0);
    QCOMPARE(lo.back().x(), 1000.0);
    for (int i = 0; i < lo.size(); ++i) {
        QCOMPARE(lo[i].y(), 0.5); // every run of 10 holds a dip and a peak
        QCOMPARE(hi[i].y(), 3.0);
    }
}

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
