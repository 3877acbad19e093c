// SPDX-License-Identifier: MIT
// Large result files open and render without hanging the app: CPU and GPU curves that swap
// places at 200 sizes (about 200 crossovers), and 200 curves of 50 points (10,000 points).
// Every chart renders each within a generous limit (the benchmark, speeduplab-bench-gui redraw
// and bench/render.sh, measures the speed); the crossovers beyond the first few are counted in
// the note instead of drawn, and past ChartView::legendLimit curves the legend is hidden and
// the note says so. The files (tests/support/resultsets.h, shared with the benchmark) are
// written here.
#include "fixtures.h"

#include "core/results/resultio.h"
#include "ui/app.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/charttabs.h"
#include "ui/charts/chartview.h"
#include "ui/charts/textwrap.h"
#include "ui/charts/timechart.h"
#include "ui/mainwindow.h"
#include "ui/runstore.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QImage>
#include <QLogValueAxis>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>
#include <QXYSeries>

#include <cmath>

using namespace speeduplab;

namespace {

// Whole seconds for everything a test renders: far above the benchmark's 1 s per chart, so
// that a loaded machine does not fail it, far below the minutes the quadratic paths took.
constexpr double kLimitS = 20;

using fixtures::alternating;
using fixtures::manySeries;

} // namespace

class TestBigFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void wrapIsGreedyAndLinear();
    void alternatingCurvesRenderWithCappedNotes();
    void manySeriesRenderWithoutTheLegend();
    void aSmallFileAfterwardsGetsItsLegendBack();
    void thousandsOfThreadCountsChartLinearly();
    void axesStayDrawableWhateverTheData();

private:
    QString write(const ResultSet &r, const QString &name);
    // Opens path in w and renders every chart as an export does; returns the seconds it took.
    double openAndRenderAll(MainWindow &w, const QString &path);

    QTemporaryDir m_dir;
    double m_spent = 0; // seconds spent rendering, over all tests
};

void TestBigFiles::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
}

QString TestBigFiles::write(const ResultSet &r, const QString &name)
{
    const QString path = m_dir.filePath(name);
    ResultIO::writeCsv(r, path.toStdString());
    return path;
}

double TestBigFiles::openAndRenderAll(MainWindow &w, const QString &path)
{
    w.setErrorReporter([](const QString &, const QString &text) { QFAIL(qPrintable(text)); });
    QElapsedTimer clock;
    clock.start();
    if (!w.openResults(path))
        return -1;
    for (ChartView *c : w.charts()) {
        QElapsedTimer one;
        one.start();
        c->resize(1280, 720);
        c->updateNow();
        const QImage image = c->toImage(QSize(1280, 720));
        if (image.isNull() || image.size() != QSize(1280, 720))
            return -1;
        qInfo("%s: %s rendered in %.0f ms", qPrintable(QFileInfo(path).fileName()), qPrintable(c->name()),
              double(one.nsecsElapsed()) / 1e6);
    }
    const double s = double(clock.nsecsElapsed()) / 1e9;
    m_spent += s;
    return s;
}

void TestBigFiles::wrapIsGreedyAndLinear()
{
    const QFont font = ChartStyle::noteFont();
    const QFontMetricsF fm(font);
    const qreal width = 500;
    QStringList words;
    for (int i = 0; i < 20000; ++i)
        words << (i % 7 == 6 ? QStringLiteral("n\u00a0\u2248\u00a0%1;").arg(i)
                             : QStringLiteral("word%1").arg(i));
    const QString text = words.join(QLatin1Char(' '));
    QElapsedTimer clock;
    clock.start();
    const QStringList lines = TextWrap::lines(text, font, width);
    // Measuring every prefix, as the old wrapping did, takes minutes for 20,000 words.
    QVERIFY2(clock.elapsed() < kLimitS * 1000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(lines.size() > 100);
    QStringList again;
    for (const QString &l : lines) {
        QVERIFY2(fm.horizontalAdvance(l) <= width + 1, qPrintable(l));
        again << l.trimmed();
    }
    // Nothing lost, nothing reordered.
    QCOMPARE(again.join(QLatin1Char(' ')), text);
    // Greedy: no line could have taken the next line's first word (unless it broke at a
    // semicolon, by choice).
    for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
        if (lines[i].endsWith(QLatin1Char(';')))
            continue;
        const QString next = lines[i + 1].trimmed().section(QLatin1Char(' '), 0, 0);
        QVERIFY2(fm.horizontalAdvance(lines[i] + QLatin1Char(' ') + next) > width - 1, qPrintable(lines[i]));
    }
    // Continuation lines are indented, and one over-long word stands on its own line.
    QVERIFY(lines[1].startsWith(QStringLiteral("    ")));
    const QStringList wide =
        TextWrap::lines(QStringLiteral("a %1 b").arg(QString(200, QLatin1Char('x'))), font, 100);
    QCOMPARE(wide.size(), 3);
    QCOMPARE(wide[0], QStringLiteral("a"));
    QCOMPARE(wide[2], QStringLiteral("    b"));
    QCOMPARE(TextWrap::lines(QStringLiteral("short\n\nlines"), font, width),
             QStringList({QStringLiteral("short"), QString(), QStringLiteral("lines")}));
}

void TestBigFiles::alternatingCurvesRenderWithCappedNotes()
{
    const ResultSet r = alternating(200);
    const QString path = write(r, QStringLiteral("alternating.csv"));
    MainWindow w(m_dir.filePath(QStringLiteral("alternating.ini")));
    const double s = openAndRenderAll(w, path);
    QVERIFY2(s >= 0, "the file did not open or a chart did not render");
    QCOMPARE(w.runStore()->rowCount(), int(r.size()));
    QVERIFY2(m_spent < kLimitS, qPrintable(QStringLiteral("%1 s").arg(m_spent)));

    // The curves swap places between every two sizes.
    const std::vector<Series> all = Analysis::series(r, "add");
    const std::size_t crossings = Analysis::crossings(Analysis::bestCpu(all), all[1]).size();
    QCOMPARE(crossings, std::size_t(199));

    TimeChart *time = w.timeChart();
    QCOMPARE(time->markers().size(), TimeChart::markedCrossings);
    QCOMPARE(time->seriesWithRole(ChartView::Role::Marker).size(), TimeChart::markedCrossings);
    QCOMPARE(time->labelTexts().size(), TimeChart::markedCrossings);
    const QString note = time->noteText();
    QVERIFY2(note.contains(QStringLiteral("199 crossovers: GPU faster above n")), qPrintable(note));
    QVERIFY2(note.contains(QStringLiteral("\u2026 and 195 more, up to n \u2248")), qPrintable(note));
    QVERIFY2(note.contains(
                 QStringLiteral("Dashed lines mark the first 6 of the 199 crossovers, on the curves drawn.")),
             qPrintable(note));
    QVERIFY2(note.size() < 600, qPrintable(note)); // not a list of 199
    // The note leaves the plot most of the chart.
    time->chart()->resize(QSizeF(1280, 720)); // the chart itself: a hidden tab's view does not resize it
    time->updateNow();
    QVERIFY2(time->chart()->plotArea().height() > 720 * 0.4,
             qPrintable(QString::number(time->chart()->plotArea().height())));
    QVERIFY(time->legendShown());

    ChartView *speedup = w.chart(QStringLiteral("speedup"));
    QCOMPARE(speedup->countWithRole(ChartView::Role::Marker), 6);
    QVERIFY2(speedup->noteText().contains(QStringLiteral("first 6 of the 199 crossovers")),
             qPrintable(speedup->noteText()));
    // The speedup curve itself has every size.
    QCOMPARE(speedup->seriesWithRole(ChartView::Role::Data).front()->count(), 200);
}

void TestBigFiles::manySeriesRenderWithoutTheLegend()
{
    const ResultSet r = manySeries(150, 50, 50);
    QCOMPARE(r.size(), std::size_t(10000));
    const QString path = write(r, QStringLiteral("many.csv"));
    MainWindow w(m_dir.filePath(QStringLiteral("many.ini")));
    const double s = openAndRenderAll(w, path);
    QVERIFY2(s >= 0, "the file did not open or a chart did not render");
    QVERIFY2(m_spent < kLimitS, qPrintable(QStringLiteral("%1 s").arg(m_spent)));

    struct Expect {
        const char *chart;
        int curves;
    };
    // The classroom view fades the thread counts and keeps them out of the legend (50 GPU curves
    // still fill it); with every thread count in full, the legend holds them all.
    w.timeChart()->setAllThreadCounts(true);
    w.chart(QStringLiteral("throughput"))->setAllThreadCounts(true);
    // time, throughput and roofline: every GPU curve and at most curveLimit of the 150 thread
    // counts (the note says how many); speedup: the GPU curves.
    for (const Expect &e :
         {Expect{"time", 200}, Expect{"speedup", 50}, Expect{"throughput", 200}, Expect{"roofline", 200}}) {
        ChartView *c = w.chart(QString::fromLatin1(e.chart));
        QVERIFY2(!c->legendShown(), e.chart);
        if (e.curves == 50) {
            QCOMPARE(c->countWithRole(ChartView::Role::Data), e.curves);
        } else {
            const int cpu = c->countWithRole(ChartView::Role::Data) - 50;
            QVERIFY2(cpu >= ChartView::curveLimit / 2 && cpu <= ChartView::curveLimit, e.chart);
            QVERIFY2(
                c->noteText().contains(QStringLiteral("Drawn: %1 of the 150 CPU thread counts").arg(cpu)),
                qPrintable(c->noteText()));
        }
        const QString expected =
            QStringLiteral(
                "%1 curves: the legend is hidden (more than %2); the table names each point's series.")
                .arg(c->legendEntries())
                .arg(ChartView::legendLimit);
        QVERIFY2(c->legendEntries() >= c->countWithRole(ChartView::Role::Data), e.chart);
        QVERIFY2(c->noteText().startsWith(expected), qPrintable(c->noteText()));
    }
    // The thread-scaling chart shows three sizes: its legend stays.
    ChartView *scaling = w.chart(QStringLiteral("scaling"));
    QVERIFY(scaling->legendShown());
    QVERIFY(!scaling->noteText().contains(QStringLiteral("legend is hidden")));
    // 50 GPU curves: the time chart's note lists a few, counts the rest, and stays short.
    const QString note = w.timeChart()->noteText();
    QVERIFY2(note.contains(QStringLiteral("\u2026 and 44 more GPU curves against the best CPU")),
             qPrintable(note));
    QVERIFY2(note.count(QLatin1Char('\n')) < 12, qPrintable(note));
}

// 500 to 4,000 thread counts took 0.6 to 22.7 s to chart, 10,000 over a minute (QtCharts' cost
// grows with the square of its series). Each chart draws at most curveLimit CPU curves a run:
// 4 times the thread counts may take 4 times as long; the test allows 10 (the square: 16), plus
// half a second for a busy machine.
void TestBigFiles::thousandsOfThreadCountsChartLinearly()
{
    auto render = [this](int threads) {
        const QString path = write(manySeries(threads, 0, 4), QStringLiteral("threads%1.csv").arg(threads));
        MainWindow w(m_dir.filePath(QStringLiteral("threads%1.ini").arg(threads)));
        w.setErrorReporter([](const QString &, const QString &text) { QFAIL(qPrintable(text)); });
        if (!w.openResults(path))
            return -1.0;
        QElapsedTimer clock;
        clock.start();
        for (const char *name : {"time", "throughput", "roofline"}) {
            ChartView *c = w.chart(QString::fromLatin1(name));
            c->resize(1280, 720);
            c->updateNow();
            if (c->toImage(QSize(1280, 720)).isNull() ||
                c->countWithRole(ChartView::Role::Data) > ChartView::curveLimit)
                return -1.0;
        }
        return double(clock.nsecsElapsed()) / 1e9;
    };
    const double few = render(500), many = render(2000);
    QVERIFY(few >= 0 && many >= 0);
    qInfo("500 thread counts: %.2f s, 2,000: %.2f s (time, throughput and roofline)", few, many);
    QVERIFY2(many < 10 * few + 0.5, qPrintable(QStringLiteral("500: %1 s, 2,000: %2 s").arg(few).arg(many)));
}

void TestBigFiles::aSmallFileAfterwardsGetsItsLegendBack()
{
    MainWindow w(m_dir.filePath(QStringLiteral("both.ini")));
    QVERIFY(openAndRenderAll(w, write(manySeries(30, 0, 5), QStringLiteral("thirty.csv"))) >= 0);
    // The classroom view: 30 thread counts faded, the fewest threads and the best CPU in the legend.
    QVERIFY(w.timeChart()->legendShown());
    QCOMPARE(w.timeChart()->legendEntries(), 2);
    w.timeChart()->setAllThreadCounts(true);
    QVERIFY(!w.timeChart()->legendShown());
    // Opening adds a run: the big one is removed (the Runs panel's Remove), then the small opened.
    w.runStore()->removeRun(0);
    QVERIFY(openAndRenderAll(w, write(fixtures::realistic(), QStringLiteral("small.csv"))) >= 0);
    QCOMPARE(w.runStore()->runCount(), 1);
    for (ChartView *c : w.charts()) {
        QVERIFY2(c->legendShown(), qPrintable(c->name()));
        QVERIFY2(!c->noteText().contains(QStringLiteral("legend is hidden")), qPrintable(c->noteText()));
        QVERIFY(c->legendEntries() <= ChartView::legendLimit);
    }
    QVERIFY2(m_spent < kLimitS, qPrintable(QStringLiteral("%1 s").arg(m_spent)));
}

// Issue 36: subnormal byte counts (5e-324, which the loader accepts) made QLogValueAxis::setRange
// recurse on the throughput chart; CPU rows at 1 and 10^6 threads (or 2^31 - 1) kept the scaling
// chart busy for ever, a tick every 16 threads. Every chart draws such a file at once, its axes
// finite, positive where logarithmic, and with a bounded number of ticks.
void TestBigFiles::axesStayDrawableWhateverTheData()
{
    for (const int threads : {1000000, 100000000, 2147483647}) {
        ResultSet r;
        r.machine = fixtures::machine();
        for (int n : {4, 40, 400}) {
            Measurement one = fixtures::point("cpu", 1, "", n, 1e-6 * n);
            one.bytes = 5e-324;
            r.add(one);
            Measurement many = fixtures::point("cpu", threads, "", n, 2e-6 * n);
            many.bytes = 1e-310;
            r.add(many);
            Measurement gpu = fixtures::point("gpu", 0, "launch", n, 4e-6);
            gpu.bytes = 4.9e-324;
            r.add(gpu);
        }
        RunStore store;
        store.setResultSet(r);
        for (const QString &name : ChartTabs::names()) {
            std::unique_ptr<ChartView> chart = ChartTabs::make(name);
            chart->setModel(&store);
            chart->resize(1024, 700);
            QElapsedTimer t;
            t.start();
            chart->updateNow();
            QVERIFY(!chart->toImage(QSize(640, 400)).isNull());
            QVERIFY2(t.elapsed() < 5000, qPrintable(QStringLiteral("%1: %2 ms").arg(name).arg(t.elapsed())));
            for (QAbstractAxis *axis : chart->chart()->axes()) {
                if (auto *l = qobject_cast<QLogValueAxis *>(axis)) {
                    QVERIFY2(l->min() > 0 && std::isfinite(l->max()) && l->max() > l->min(),
                             qPrintable(name));
                    QVERIFY2(std::log10(l->max() / l->min()) <= 41, qPrintable(name));
                } else if (auto *v = qobject_cast<QValueAxis *>(axis)) {
                    QVERIFY2(std::isfinite(v->min()) && std::isfinite(v->max()) && v->max() > v->min(),
                             qPrintable(name));
                    if (v->tickType() == QValueAxis::TicksDynamic)
                        QVERIFY2((v->max() - v->min()) / v->tickInterval() <= ChartView::maxTicks,
                                 qPrintable(QStringLiteral("%1: %2 ticks")
                                                .arg(name)
                                                .arg((v->max() - v->min()) / v->tickInterval())));
                }
            }
        }
    }
}

QTEST_MAIN(TestBigFiles)
#include "tst_bigfiles.moc"
