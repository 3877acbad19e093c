// SPDX-License-Identifier: MIT
// Chart behaviour beyond the data: what an empty chart says, the thread-scaling chart's size
// choice, its menu and Amdahl fit, results that mix workloads, thinned bands keeping their
// envelope, labels that never cover a point, axes in SI units, and a footer that describes
// the data shown.
#include "fixtures.h"

#include "core/analysis/explain.h"
#include "core/measure/calibration.h"
#include "core/model/workload.h"
#include "core/results/resultio.h"
#include "ui/app.h"
#include "ui/charts/charttabs.h"
#include "ui/charts/chartview.h"
#include "ui/charts/scalingchart.h"
#include "ui/charts/textwrap.h"
#include "ui/charts/timechart.h"
#include "ui/mainwindow.h"
#include "ui/resulttablemodel.h"
#include "ui/runstore.h"
#include "ui/sweeppanel.h"
#include "words/appsettings.h"
#include "words/explaintext.h"
#include "words/format.h"

#include <QAbstractAxis>
#include <QComboBox>
#include <QDateTime>
#include <QElapsedTimer>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLegendMarker>
#include <QLogValueAxis>
#include <QMenu>
#include <QRegularExpression>
#include <QScreen>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QValueAxis>
#include <QXYSeries>

#include <memory>

using namespace speeduplab;

namespace {

// Exposes the protected band thinning for a direct check.
class Probe : public TimeChart {
public:
    using ChartView::thinBand;
};

// The seed's sweep on a machine with a GPU (fixtures::realistic), calibrated: the CPU triad
// and GPU copy ceilings sit at the throughput of the largest n, where a label at the right end
// of their lines would cover those points; the compute peaks give the roofline its ridges.
ResultSet calibratedSeed()
{
    ResultSet r = fixtures::realistic();
    double cpu = 0, gpu = 0;
    for (const Measurement &m : r.rows)
        if (m.n == 4000)
            (m.onDevice() ? gpu : cpu) = std::max(m.onDevice() ? gpu : cpu, m.bytes / m.stats.median);
    r.machine.ceilings = {{Calibration::cpuTriad, cpu},
                          {Calibration::gpuCopy, gpu},
                          {Calibration::cpuFma, 200e9},
                          {Calibration::gpuFma, 60e12}};
    return r;
}

// Every time of a result set times factor (every rate divided by it), or only the GPU's.
ResultSet slower(ResultSet r, double factor, bool gpuOnly = false)
{
    for (Measurement &m : r.rows) {
        if (gpuOnly && !m.onDevice())
            continue;
        m.stats.median *= factor;
        m.stats.min *= factor;
        m.stats.max *= factor;
        m.stats.mean *= factor;
        m.stats.stddev *= factor;
    }
    return r;
}

// The texts drawn in a chart's scene: axis labels and titles, legend, labels.
// The chart `name` of store's results, shown at 1024x600 and drawn.
std::unique_ptr<ChartView> shownAt1024(const QString &name, const RunStore &store)
{
    std::unique_ptr<ChartView> c = ChartTabs::make(name);
    c->setModel(&store);
    c->resize(1024, 600);
    c->show();
    if (QTest::qWaitForWindowExposed(c.get())) {
        c->updateNow();
        QCoreApplication::processEvents();
    }
    return c;
}

QStringList sceneTexts(const ChartView *c)
{
    QStringList out;
    for (const QGraphicsItem *i : c->scene()->items()) {
        if (!i->isVisible())
            continue;
        if (auto *t = dynamic_cast<const QGraphicsTextItem *>(i))
            out << t->toPlainText();
        else if (auto *t = dynamic_cast<const QGraphicsSimpleTextItem *>(i))
            out << t->text();
    }
    return out;
}

} // namespace

class TestCharts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void modelsStayOverTheirPoints();
    void wrapKeepsNumbersWithTheirUnits();
    void wrapBreaksChineseBetweenCharacters();
    void placementMarksWhereEfficiencyCoresJoin();
    void markupInDataIsText();
    void emptyChartsSayWhatToDo_data();
    void emptyChartsSayWhatToDo();
    void scalingChartShowsChosenSizes();
    void mixedWorkloadsArePickedOneAtATime();
    void thinnedBandKeepsItsEnvelope();
    void leastCoveringPicksTheFirstFreePlace_data();
    void leastCoveringPicksTheFirstFreePlace();
    void labelsCoverNoPoint_data();
    void labelsCoverNoPoint();
    void scalingMenuChecksWhatIsPlotted();
    void footerDescribesTheDataShown();
    void axesUseSiUnits_data();
    void axesUseSiUnits();
    void logAxisLabelsEachDecadeAsItIs();
    void extremeSpeedupsAreDrawnAndSaid();
    void disturbedPointsAreRinged();

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

void TestCharts::leastCoveringPicksTheFirstFreePlace_data()
{
    QTest::addColumn<QList<QRectF>>("candidates");
    QTest::addColumn<QList<QRectF>>("obstacles");
    QTest::addColumn<int>("chosen");
    const QRectF a(0, 0, 10, 10), b(20, 0, 10, 10), c(40, 0, 10, 10);
    const QRectF point(4, 4, 2, 2);
    QTest::newRow("nothing in the way: the first") << QList<QRectF>{a, b} << QList<QRectF>{} << 0;
    QTest::newRow("the first covers a point: the next") << QList<QRectF>{a, b} << QList<QRectF>{point} << 1;
    QTest::newRow("touching is not covering")
        << QList<QRectF>{a, b} << QList<QRectF>{QRectF(10, 0, 5, 5), QRectF(0, 10, 5, 5)} << 0;
    QTest::newRow("a label placed before")
        << QList<QRectF>{a, b, c} << QList<QRectF>{QRectF(5, 0, 20, 10)} << 2;
    // Nothing free: a covered whole, b a quarter, c half.
    QTest::newRow("nothing free: the least covered")
        << QList<QRectF>{a, b, c}
        << QList<QRectF>{a, QRectF(25, 5, 10, 10), QRectF(40, 0, 5, 10), QRectF(45, 5, 1, 1)} << 1;
    QTest::newRow("no candidate") << QList<QRectF>{} << QList<QRectF>{point} << -1;
}

void TestCharts::leastCoveringPicksTheFirstFreePlace()
{
    QFETCH(QList<QRectF>, candidates);
    QFETCH(QList<QRectF>, obstacles);
    QFETCH(int, chosen);
    QCOMPARE(LabelPlacer::leastCovering(candidates, obstacles), qsizetype(chosen));
}

void TestCharts::labelsCoverNoPoint_data()
{
    QTest::addColumn<QString>("chart");
    QTest::addColumn<int>("labels");
    QTest::addColumn<int>("shown"); // at least; a label with no free place is left out
    QTest::newRow("time: crossovers") << "time" << 3 << 3;
    QTest::newRow("speedup: regions and crossovers") << "speedup" << 5 << 5;
    QTest::newRow("throughput: ceilings") << "throughput" << 2 << 2;
    QTest::newRow("roofline: peaks and ridges") << "roofline" << 4 << 2;
}

void TestCharts::labelsCoverNoPoint()
{
    // Issue 11: the "CPU triad" label hid the n = 4000 points, a crossover label half covered a
    // point, and in a 1024 x 700 window the speedup chart's crossover box covered n = 4.
    QFETCH(QString, chart);
    QFETCH(int, labels);
    QFETCH(int, shown);
    const QString path = m_dir.filePath(QStringLiteral("calibrated.json"));
    ResultIO::writeJson(calibratedSeed(), path.toStdString());
    MainWindow w(m_dir.filePath(QStringLiteral("labels.ini")));
    w.resize(1024, 700);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openResults(path));
    w.setCurrentChart(chart);
    ChartView *c = w.chart(chart);
    c->updateNow();
    QCoreApplication::processEvents();

    const QList<QRectF> boxes = c->labelRects();
    QCOMPARE(boxes.size(), labels);
    QVERIFY(std::count_if(boxes.begin(), boxes.end(), [](const QRectF &b) { return !b.isNull(); }) >= shown);
    const QRectF plot = c->chart()->plotArea();
    int points = 0;
    for (qsizetype i = 0; i < boxes.size(); ++i) {
        QVERIFY2(boxes[i].isNull() || plot.contains(boxes[i]), qPrintable(c->labelTexts()[i]));
        for (qsizetype j = i + 1; j < boxes.size(); ++j)
            QVERIFY2(!boxes[i].intersects(boxes[j]),
                     qPrintable(c->labelTexts()[i] + QStringLiteral(" / ") + c->labelTexts()[j]));
    }
    for (QXYSeries *s : c->seriesWithRole(ChartView::Role::Data))
        for (const QPointF &v : s->points()) {
            const QPointF at = c->chart()->mapToPosition(v, s);
            if (!plot.contains(at))
                continue;
            ++points;
            const QRectF marker(at - QPointF(3, 3), QSizeF(6, 6));
            for (qsizetype i = 0; i < boxes.size(); ++i)
                QVERIFY2(!boxes[i].intersects(marker), qPrintable(QStringLiteral("%1 covers %2 (n = %3)")
                                                                      .arg(c->labelTexts()[i], s->name())
                                                                      .arg(v.x())));
        }
    QVERIFY(points >= 13);
}

void TestCharts::scalingMenuChecksWhatIsPlotted()
{
    // Issue 11: "Sizes shown..." had nothing checked while three sizes were plotted, and the
    // markers of a size taken off stayed on screen until the tab changed.
    const QString path = m_dir.filePath(QStringLiteral("realistic.csv"));
    ResultIO::writeCsv(fixtures::realistic(), path.toStdString());
    MainWindow w(m_dir.filePath(QStringLiteral("menu.ini")));
    w.resize(1024, 700);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openResults(path));
    w.setCurrentChart(QStringLiteral("scaling"));
    ScalingChart *sc = w.scalingChart();
    sc->updateNow();
    auto *button = w.findChild<QToolButton *>(QStringLiteral("scalingSizesButton"));
    QVERIFY(button && button->isVisible());
    auto action = [&](int n) -> QAction * {
        for (QAction *a : button->menu()->actions())
            if (a->data().toInt() == n)
                return a;
        return nullptr;
    };
    auto checked = [&] {
        QList<int> out;
        for (QAction *a : button->menu()->actions())
            if (a->isChecked())
                out << a->data().toInt();
        return out;
    };
    auto plotted = [&] { // in the chart itself, not only in ChartView's bookkeeping
        QList<int> out;
        for (QAbstractSeries *s : sc->chart()->series())
            if (ChartView::roleOf(s) == ChartView::Role::Data)
                out << s->name().section(QLatin1Char(' '), 2).toInt(); // "n = 126"
        std::sort(out.begin(), out.end());
        return out;
    };
    QCOMPARE(button->menu()->actions().size(), sc->availableSizes().size());
    QCOMPARE(checked(), (QList<int>{4, 126, 4000})); // the default choice
    QCOMPARE(plotted(), checked());

    // Taking n = 4 off: its curve leaves the chart, and the screen shows the chart as it is now
    // (what the window last painted, in the plot, against a fresh rendering of the view).
    auto stale = [&] {
        const QRect plot = sc->mapFromScene(sc->chart()->mapToScene(sc->chart()->plotArea())).boundingRect();
        const QPoint origin = sc->viewport()->mapTo(&w, QPoint(0, 0));
        const QImage shown = w.screen()->grabWindow(w.winId()).toImage().copy(plot.translated(origin));
        const QImage fresh = sc->viewport()->grab(plot).toImage();
        return shown.convertToFormat(QImage::Format_RGB32) != fresh.convertToFormat(QImage::Format_RGB32);
    };
    QTRY_VERIFY(!stale());
    QVERIFY(action(4));
    action(4)->setChecked(false);
    sc->updateNow();
    QVERIFY(stale()); // not painted yet: the check sees the difference
    QCOMPARE(plotted(), (QList<int>{126, 4000}));
    QCOMPARE(checked(), plotted());
    QTRY_VERIFY(!stale());

    // Picking n = 400 adds it to what is shown.
    action(400)->setChecked(true);
    QTRY_COMPARE(plotted(), (QList<int>{126, 400, 4000}));
    QCOMPARE(checked(), plotted());
    // Nothing checked: the default choice again, and the menu says so.
    for (int n : {126, 400, 4000})
        action(n)->setChecked(false);
    QTRY_COMPARE(plotted(), (QList<int>{4, 126, 4000}));
    QCOMPARE(checked(), plotted());
}

void TestCharts::footerDescribesTheDataShown()
{
    // Issue 11: during a new sweep the footer kept a timestamp from before it (the time the
    // window probed the machine).
    const QString path = m_dir.filePath(QStringLiteral("old.csv"));
    ResultIO::writeCsv(fixtures::realistic(), path.toStdString()); // measured 2025-01-01
    // The window probes the machine (and stamps it) now.
    MainWindow w(m_dir.filePath(QStringLiteral("footer.ini")));
    QVERIFY(w.openResults(path));
    TimeChart *tc = w.timeChart();
    tc->updateNow();
    QVERIFY2(tc->captionText().contains(QStringLiteral("2025-01-01")), qPrintable(tc->captionText()));

    SweepForm f = w.sweepPanel()->form();
    f.workload = QStringLiteral("add");
    f.sizesAsRange = false;
    f.sizeList = QStringLiteral("4,8");
    f.threads = {1};
    f.gpu = false;
    f.iterations = 10;
    f.minTime = 0;
    w.sweepPanel()->setForm(f);
    QTest::qWait(1100); // the timestamps have whole seconds: the sweep starts in a later one
    QDateTime start = QDateTime::currentDateTimeUtc();
    start = start.addMSecs(-start.time().msec());
    QStringList during; // the footer as each new point arrives
    connect(w.resultTableModel(), &QAbstractItemModel::rowsInserted, this, [&] {
        tc->updateNow();
        during << tc->captionText();
    });
    QSignalSpy finished(&w, &MainWindow::sweepFinished);
    QVERIFY(w.runSweep());
    QVERIFY(finished.wait(60000));
    QVERIFY(!during.isEmpty());
    tc->updateNow();
    during << tc->captionText();
    for (const QString &caption : std::as_const(during)) {
        // "SpeedupLab · <CPU> · ... · <when>"
        const QDateTime at =
            QDateTime::fromString(caption.section(QStringLiteral(" \u00b7 "), -1), Qt::ISODate);
        QVERIFY2(at.isValid() && at >= start && at <= QDateTime::currentDateTimeUtc(), qPrintable(caption));
    }
}

void TestCharts::axesUseSiUnits_data()
{
    QTest::addColumn<QString>("chart");
    QTest::addColumn<double>("factor"); // every time of the seed-like run times this
    QTest::addColumn<QString>("unit");  // in the y axis' title; empty: a ratio
    QTest::addColumn<bool>("gpuOnly");  // only the GPU's times change
    // Issue 11: a "1e-05" tick. The seed-like times run from 30 ns to 11 ms.
    QTest::newRow("time, seed") << "time" << 1.0 << "(\u00b5s)" << false;
    QTest::newRow("time, 1000x faster") << "time" << 1e-3 << "(ns)" << false;
    QTest::newRow("time, 1000x slower") << "time" << 1e3 << "(ms)" << false;
    QTest::newRow("time, a million times slower") << "time" << 1e6 << "(s)" << false;
    QTest::newRow("speedup, seed") << "speedup" << 1.0 << "" << false;
    QTest::newRow("speedup, GPU 1000x slower") << "speedup" << 1e3 << "" << true;
    QTest::newRow("speedup, GPU 1000x faster") << "speedup" << 1e-3 << "" << true;
    QTest::newRow("scaling") << "scaling" << 1.0 << "" << false;
    QTest::newRow("throughput, seed") << "throughput" << 1.0 << "(GB/s" << false;
    QTest::newRow("throughput, 1000x faster") << "throughput" << 1e-3 << "(TB/s" << false;
    QTest::newRow("throughput, 1000x slower") << "throughput" << 1e3 << "(MB/s" << false;
    QTest::newRow("throughput, a million times slower") << "throughput" << 1e6 << "(kB/s" << false;
    QTest::newRow("roofline, seed") << "roofline" << 1.0 << "(GFLOP/s)" << false;
    QTest::newRow("roofline, 1000x faster") << "roofline" << 1e-3 << "(TFLOP/s)" << false;
    QTest::newRow("roofline, 1000x slower") << "roofline" << 1e3 << "(MFLOP/s)" << false;
}

void TestCharts::axesUseSiUnits()
{
    QFETCH(QString, chart);
    QFETCH(double, factor);
    QFETCH(QString, unit);
    QFETCH(bool, gpuOnly);
    RunStore store;
    const ResultSet r = slower(fixtures::realistic(), factor, gpuOnly);
    store.setResultSet(r);
    const std::unique_ptr<ChartView> c = shownAt1024(chart, store);
    QVERIFY(c->isVisible());

    const QString title = c->chart()->axes(Qt::Vertical).front()->titleText();
    if (!unit.isEmpty())
        QVERIFY2(title.contains(unit), qPrintable(title));
    const QStringList texts = sceneTexts(c.get());
    static const QRegularExpression exponent(QStringLiteral("\\d[eE][-+]?\\d"));
    static const QRegularExpression number(QStringLiteral("^[0-9.]+$"));
    QVERIFY2(texts.filter(exponent).isEmpty(), qPrintable(texts.filter(exponent).join(QLatin1String(" | "))));
    QVERIFY2(texts.filter(number).size() >= 6, qPrintable(texts.join(QLatin1String(" | "))));
    // What is plotted is the value in the axis' unit: divided by the scale, the time again.
    if (chart == QLatin1String("time")) {
        const QXYSeries *s = c->seriesWithRole(ChartView::Role::Data).front();
        const std::vector<Series> all = Analysis::series(r, "add");
        QVERIFY(qAbs(s->at(0).y() / c->yScale() / all.front().points.front().t - 1) < 1e-9);
    }
}

// Issue 59: an axis from 0.00001 up read "1000.00000" and "0.10000" (one printf format for every
// label). Each decade now reads as it is: no trailing zero, no e-notation, and no label that is
// drawn but cannot be seen among them.
void TestCharts::logAxisLabelsEachDecadeAsItIs()
{
    RunStore store;
    store.setResultSet(slower(fixtures::realistic(), 1e5, true)); // the GPU 10^5 times slower
    const std::unique_ptr<ChartView> c = shownAt1024(QStringLiteral("speedup"), store);
    QVERIFY(c->isVisible());
    const auto *y = qobject_cast<const QLogValueAxis *>(c->chart()->axes(Qt::Vertical).front());
    QVERIFY(y && y->min() < 1e-4);
    QStringList readable;
    for (const QGraphicsItem *i : c->scene()->items()) {
        if (!i->isVisible())
            continue;
        if (auto *t = dynamic_cast<const QGraphicsTextItem *>(i); t && t->defaultTextColor().alpha() > 0)
            readable << t->toPlainText();
        else if (auto *s = dynamic_cast<const QGraphicsSimpleTextItem *>(i);
                 s && s->brush().color().alpha() > 0)
            readable << s->text();
    }
    static const QRegularExpression decade(QStringLiteral("^(0\\.0*1|10*)$"));
    static const QRegularExpression padded(QStringLiteral("^[0-9]+\\.[0-9]*0$|\\d[eE][-+]?\\d"));
    QVERIFY2(readable.filter(decade).size() >= 5, qPrintable(readable.join(QLatin1String(" | "))));
    QVERIFY2(readable.contains(QStringLiteral("0.0001")) && readable.contains(QStringLiteral("1")),
             qPrintable(readable.join(QLatin1String(" | "))));
    QVERIFY2(readable.filter(padded).isEmpty(),
             qPrintable(readable.filter(padded).join(QLatin1String(" | "))));
}

// A note wrapped at any width never ends a line between a number and its unit ("1.66 / µs").
void TestCharts::wrapKeepsNumbersWithTheirUnits()
{
    const QFont f;
    for (qreal width : {40.0, 60.0, 90.0, 140.0})
        for (const QString &line :
             TextWrap::lines(QStringLiteral("costs the CPU's 1.66 µs and 4.47 TB/s, 93.1 % of it"), f, width))
            QVERIFY2(!line.endsWith(QStringLiteral("1.66")) && !line.endsWith(QStringLiteral("4.47")) &&
                         !line.endsWith(QStringLiteral("93.1")),
                     qPrintable(line));
}

// A Chinese note has no spaces: it breaks between characters, fits the width, loses nothing, and
// no line starts with a comma or a full stop (the 1024x700 window's note ran off the chart).
void TestCharts::wrapBreaksChineseBetweenCharacters()
{
    const QFont f;
    const QFontMetricsF fm(f);
    const QString text =
        QStringLiteral("色带：各次重复的四分位距；保存时未包含四分位距的点使用最小值-最大值（右键单击切换），"
                       "GPU 在 n ≈ 444 处超过 CPU。");
    for (qreal width : {120.0, 200.0, 320.0}) {
        const QStringList lines = TextWrap::lines(text, f, width, false);
        QVERIFY(lines.size() > 1);
        QString again;
        for (const QString &line : lines) {
            QVERIFY2(fm.horizontalAdvance(line) <= width + 1, qPrintable(line));
            QVERIFY2(!line.startsWith(QChar(0xff0c)) && !line.startsWith(QChar(0x3002)), qPrintable(line));
            again += line;
        }
        // Only the spaces the text had between Latin words can be where a line broke.
        QCOMPARE(QString(again).remove(QLatin1Char(' ')), QString(text).remove(QLatin1Char(' ')));
    }
}

// A variant or a run label from a file that holds HTML is data: the legend (which QtCharts draws
// as HTML) gets it escaped, so no <img> is fetched and no <h1> grows; the readout and the table's
// tooltips show it as it is.
void TestCharts::markupInDataIsText()
{
    const QString hostile = QStringLiteral("<img src=\"/nonexistent/x.png\"><h1>big</h1>");
    ResultSet r = fixtures::realistic();
    for (Measurement &m : r.rows)
        if (m.onDevice() && m.mode == "launch")
            m.variant = hostile.toStdString();
    RunStore store;
    store.setResultSet(r);
    TimeChart chart;
    chart.setModel(&store);
    chart.resize(1200, 700);
    chart.updateNow();
    bool found = false;
    for (QXYSeries *s : chart.seriesWithRole(ChartView::Role::Data)) {
        if (!s->property("plainName").toString().contains(hostile))
            continue;
        found = true;
        QVERIFY2(!s->name().contains(QStringLiteral("<img")), qPrintable(s->name()));
        QVERIFY(s->name().contains(QStringLiteral("&lt;img")));
        for (QLegendMarker *mk : chart.chart()->legend()->markers(s))
            QVERIFY2(!mk->label().contains(QStringLiteral("<img")), qPrintable(mk->label()));
        QVERIFY(chart.readout(s, QStringLiteral("x"), s->points().front())
                    .startsWith(s->property("plainName").toString()));
    }
    QVERIFY(found);
    // The table's tooltips too: a reason holding markup is shown escaped.
    const QString tip = Format::plainTip(QStringLiteral("failed: <b>bold</b>"));
    QVERIFY(tip.contains(QStringLiteral("&lt;b&gt;")));
    QCOMPARE(Format::plainTip(QStringLiteral("plain text")), QStringLiteral("plain text"));
}

// A file whose 2 threads are 10^15 times faster than 1 (each time within the loader's bounds)
// fits no thread model: the scaling chart drew nothing and said nothing, and its axis asked for
// a tick every 16 up to 10^15. The points are drawn as measured, the note says why there is no
// model, and the axis has a handful of ticks that print a power of ten.
void TestCharts::extremeSpeedupsAreDrawnAndSaid()
{
    ResultSet r;
    r.machine = fixtures::machine();
    for (int n : {4, 40, 400}) {
        r.add(fixtures::point("cpu", 1, "", n, 1e6, 0));
        r.add(fixtures::point("cpu", 2, "", n, 1e-9, 0));
    }
    RunStore store;
    store.setResultSet(r);
    ScalingChart chart;
    chart.setModel(&store);
    chart.resize(1280, 720);
    QElapsedTimer clock;
    clock.start();
    chart.updateNow();
    QVERIFY(!chart.toImage(QSize(1280, 720)).isNull());
    QVERIFY2(clock.elapsed() < 20000, "ticks every 16 up to 10^15");
    QVERIFY(chart.countWithRole(ChartView::Role::Data) >= 1);
    QVERIFY2(chart.noteText().contains(
                 QStringLiteral("no thread model fits these speedups (up to 1 \u00d7 10^15")),
             qPrintable(chart.noteText()));
    const auto *y = qobject_cast<const QValueAxis *>(chart.chart()->axes(Qt::Vertical).front());
    QVERIFY(y);
    QVERIFY(y->tickInterval() >= y->max() / 20);
    QCOMPARE(y->labelFormat(), QStringLiteral("%.3g"));
}

// Issue 39: a recording made cores first on a hybrid laptop (6 performance cores with SMT, 8
// efficiency cores): its rows say where the threads ran, and the scaling chart marks 7 (the
// efficiency cores join) and 15 (SMT siblings), with what each thread adds there.
void TestCharts::placementMarksWhereEfficiencyCoresJoin()
{
    ResultSet r;
    r.machine = fixtures::machine();
    for (int p = 1; p <= 16; ++p) {
        const double speedup = p <= 6 ? p : p <= 14 ? 6 + 0.5 * (p - 6) : 10 + 0.2 * (p - 14);
        Measurement m = fixtures::point("cpu", p, "", 2000, 1e-3 / speedup);
        m.conditions.placement = "cores-first";
        m.conditions.efficiencyCores = std::clamp(p - 6, 0, 8);
        m.conditions.siblingsShared = p > 14;
        r.add(m);
    }
    RunStore store;
    store.setResultSet(r);
    ScalingChart chart;
    chart.setModel(&store);
    chart.resize(1280, 720);
    chart.updateNow();
    QCOMPARE(chart.marks().efficiencyFrom, 7);
    QCOMPARE(chart.marks().siblingsFrom, 15);
    QCOMPARE(chart.countWithRole(ChartView::Role::Marker), 2);
    const QString note = chart.noteText();
    QVERIFY2(
        note.contains(QStringLiteral("From 7 threads the efficiency cores join: each adds about 0.5 of a "
                                     "performance core.")),
        qPrintable(note));
    QVERIFY2(note.contains(QStringLiteral("From 15 threads the threads share SMT siblings")),
             qPrintable(note));
    QVERIFY(chart.labelTexts().contains(QStringLiteral("efficiency cores from 7 threads")));
    // The Explain text says the same, over every thread count of the run.
    const QStringList said = ExplainText::placement(Explain::threads(r, Analysis::series(r, "add"), 2000));
    QCOMPARE(said.size(), 2);
    QVERIFY2(
        said[0].startsWith(QStringLiteral("From 7 threads the efficiency cores join: each adds about 0.5 ")),
        qPrintable(said[0]));
    // Placed by the OS: nothing is known of where the threads ran, nothing is marked.
    for (Measurement &m : r.rows)
        m.conditions.placement = "none";
    store.setResultSet(r);
    chart.updateNow();
    QCOMPARE(chart.marks().efficiencyFrom, 0);
    QCOMPARE(chart.countWithRole(ChartView::Role::Marker), 0);
}

// A point another program held a core from (disturbed_reps) is never drawn as a clean one: a
// grey ring over it, and the note says what the rings mean.
void TestCharts::disturbedPointsAreRinged()
{
    ResultSet r;
    r.machine = fixtures::machine();
    for (int n : {4, 40, 400}) {
        Measurement m = fixtures::point("cpu", 2, "", n, 1e-7 * n);
        m.conditions.disturbedReps = n == 40 ? m.stats.reps : 0;
        r.add(m);
    }
    RunStore store;
    store.setResultSet(r);
    TimeChart chart;
    chart.setModel(&store);
    chart.resize(1280, 720);
    chart.updateNow();
    QVERIFY2(chart.noteText().contains(
                 QStringLiteral("Grey rings: 1 point during which another program held a core")),
             qPrintable(chart.noteText()));
    int rings = 0;
    for (QAbstractSeries *s : chart.chart()->series())
        if (auto *x = qobject_cast<QXYSeries *>(s); x && x->pen().color() == QColor(0x55, 0x55, 0x55))
            rings += int(x->count());
    QCOMPARE(rings, 1);
}

QTEST_MAIN(TestCharts)
// A model stays over its points (issue 59): a CPU curve whose large sizes were all disturbed has
// its model drawn over its clean sizes only, and the Explain text says the models meet only by
// extrapolation, with the sizes each stands on.
void TestCharts::modelsStayOverTheirPoints()
{
    ResultSet r;
    for (int i = 0; i <= 12; ++i) {
        const int n = int(std::lround(4 * std::pow(10.0, i / 4.0))); // 4 to 4000
        const double bytes = Workload::find("add")->bytes(n, 1);
        r.rows.push_back(fixtures::point("gpu", 0, "launch", n, 3.4e-6 + bytes / 4e12));
        Measurement cpu = fixtures::point("cpu", 1, "", n, 0.05e-6 + bytes / (n > 100 ? 8e9 : 80e9));
        if (n > 100)
            cpu.conditions.disturbedReps = cpu.stats.reps; // another program held a core throughout
        r.rows.push_back(cpu);
    }
    RunStore store;
    store.setResultSet(r);
    // The models' switch is kept in the settings: a file of the test's, not the user's.
    QTemporaryDir dir;
    AppSettings::useFile(dir.filePath(QStringLiteral("models.ini")));
    TimeChart chart;
    chart.findChild<QAction *>(QStringLiteral("showModelsAction"))->setChecked(true);
    AppSettings::useFile(QString());
    chart.setModel(&store);
    chart.updateNow();
    const auto all = Analysis::series(r, "add");
    const auto cpu = std::find_if(all.begin(), all.end(), [](const Series &s) { return s.cpu(); });
    const CostModel model = Explain::model(r, *cpu);
    QVERIFY2(model.valid && model.leftOut == 7 && model.nHi <= 100,
             qPrintable(QStringLiteral("%1 %2").arg(model.leftOut).arg(model.nHi)));
    int fits = 0;
    for (QXYSeries *s : chart.seriesWithRole(ChartView::Role::Fit)) {
        ++fits;
        double xMax = 0;
        for (const QPointF &p : s->points())
            xMax = std::max(xMax, p.x());
        if (s->name().isEmpty() && xMax < 4000) // the CPU's: over its clean sizes only
            QVERIFY2(xMax <= model.nHi * 1.0001, qPrintable(QString::number(xMax)));
    }
    QVERIFY(fits >= 2);
    const auto stories = Explain::crossovers(r, all);
    QVERIFY(!stories.empty());
    const CrossoverStory &s = stories.front();
    QVERIFY2(s.model.extrapolated(), qPrintable(QString::number(s.model.n)));
    const QString said = ExplainText::crossover(s);
    QVERIFY2(said.contains(QStringLiteral("an extrapolation, not a finding")) &&
                 said.contains(QStringLiteral("the CPU model on n = 4\u2013%1").arg(model.nHi)),
             qPrintable(said));
    const CurveStory c = Explain::curve(r, *cpu);
    QVERIFY2(ExplainText::curve(c, true).contains(QStringLiteral("stands on 6 of the 13 points")),
             qPrintable(ExplainText::curve(c, true)));
}

#include "tst_charts.moc"
