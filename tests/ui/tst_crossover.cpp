// SPDX-License-Identifier: MIT
// A recorded run with a known crossover, opened through the window: the marker and its
// label must sit at that n, and failed or skipped points must never be plotted.
#include "fixtures.h"

#include "core/results/resultio.h"
#include "ui/app.h"
#include "ui/charts/scalingchart.h"
#include "ui/charts/timechart.h"
#include "ui/htmlreport.h"
#include "ui/mainwindow.h"
#include "ui/runstore.h"
#include "words/format.h"
#include "words/translations.h"

#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QXYSeries>

using namespace speeduplab;

class TestCrossover : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void markerAtTheKnownN_data();
    void markerAtTheKnownN();
    void briefLabelsNameTheirMode();
    void noCrossoverInRangeSaysWhatTheFitPredicts();
    void speedupChartShowsRegionsAndTheLineAtOne();
    void refinedThreadCrossoverIsShownEverywhere_data();
    void refinedThreadCrossoverIsShownEverywhere();
    void threadNoteNamesItsRunOnce();

private:
    QString write(const ResultSet &r, const QString &name);
    QTemporaryDir m_dir;
};

void TestCrossover::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
}

QString TestCrossover::write(const ResultSet &r, const QString &name)
{
    const QString path = m_dir.filePath(name);
    ResultIO::writeCsv(r, path.toStdString());
    return path;
}

void TestCrossover::markerAtTheKnownN_data()
{
    QTest::addColumn<QList<double>>("crossovers");
    QTest::newRow("one GPU curve, n = 100") << QList<double>{100};
    QTest::newRow("one GPU curve, n = 316") << QList<double>{316};
    QTest::newRow("one GPU curve, n = 2000") << QList<double>{2000};
    QTest::newRow("two GPU curves, n = 50 and 800") << QList<double>{50, 800};
}

void TestCrossover::markerAtTheKnownN()
{
    QFETCH(QList<double>, crossovers);
    const ResultSet r = fixtures::knownCrossover(std::vector<double>(crossovers.begin(), crossovers.end()));
    const QString path = write(r, QStringLiteral("cross.csv"));

    MainWindow w(m_dir.filePath(QStringLiteral("cross.ini")));
    w.setErrorReporter([](const QString &, const QString &text) { QFAIL(qPrintable(text)); });
    QSignalSpy loaded(&w, &MainWindow::resultsLoaded);
    QVERIFY(w.openResults(path));
    QCOMPARE(loaded.size(), 1);
    TimeChart *chart = w.timeChart();
    chart->updateNow();

    QCOMPARE(chart->markers().size(), crossovers.size());
    for (int i = 0; i < crossovers.size(); ++i) {
        QVERIFY(chart->markers()[i].gpuBecomesFaster);
        QVERIFY2(
            qAbs(chart->markers()[i].n / crossovers[i] - 1) < 1e-6,
            qPrintable(
                QStringLiteral("marker at %1, expected %2").arg(chart->markers()[i].n).arg(crossovers[i])));
    }
    // The vertical lines are where the markers say.
    const QList<QXYSeries *> lines = chart->seriesWithRole(ChartView::Role::Marker);
    QCOMPARE(lines.size(), crossovers.size());
    for (int i = 0; i < lines.size(); ++i) {
        QCOMPARE(lines[i]->count(), 2);
        QVERIFY(qAbs(lines[i]->at(0).x() / crossovers[i] - 1) < 1e-6);
        QCOMPARE(lines[i]->at(0).x(), lines[i]->at(1).x());
    }
    // And labelled.
    const QStringList labels = chart->labelTexts();
    for (double n : crossovers) {
        const QString text = QStringLiteral("faster above n \u2248 %1").arg(Format::n(n));
        QVERIFY2(
            std::any_of(labels.begin(), labels.end(), [&](const QString &l) { return l.contains(text); }),
            qPrintable(labels.join(QLatin1Char('|'))));
    }
    if (crossovers.size() == 1) { // the label says the crossing and its interval (Crossing::intervalText)
        const QString said = QStringLiteral("GPU faster above n \u2248 %1").arg(Format::n(crossovers[0]));
        QVERIFY2(std::any_of(labels.begin(), labels.end(),
                             [&](const QString &l) {
                                 return l == said || l.startsWith(said + QStringLiteral(" ("));
                             }),
                 qPrintable(labels.join(QLatin1Char('|'))));
    }

    // The failed (n = 5000) and skipped (n = 6000) points are in the table, not on the chart.
    QCOMPARE(w.runStore()->rowCount(), int(r.size()));
    for (QXYSeries *s : chart->seriesWithRole(ChartView::Role::Data))
        for (int i = 0; i < s->count(); ++i)
            QVERIFY(s->at(i).x() <= 4000);
}

// Short of room, a crossover label shows its brief form. With several GPU curves marked, six marks
// in three colours all read "n ≈ ...": the brief names the mode, and across runs the CPU of run A.
void TestCrossover::briefLabelsNameTheirMode()
{
    Crossing c;
    c.n = 515;
    c.gpuBecomesFaster = true;
    QCOMPARE(TimeChart::crossingBrief(c), QStringLiteral("n \u2248 515"));
    QCOMPARE(TimeChart::crossingBrief(c, QStringLiteral("launch")), QStringLiteral("launch: n \u2248 515"));
    QCOMPARE(TimeChart::crossingBrief(c, QStringLiteral("graph"), true),
             QStringLiteral("graph vs A: n \u2248 515"));
    c.gpuBecomesFaster = false;
    QCOMPARE(TimeChart::crossingBrief(c, QStringLiteral("fused")),
             QStringLiteral("fused: CPU again, n \u2248 515"));
}

void TestCrossover::noCrossoverInRangeSaysWhatTheFitPredicts()
{
    // The GPU's constant time equals the CPU's at n = 10000: beyond the measured 4..4000.
    const QString path = write(fixtures::knownCrossover({10000}), QStringLiteral("none.csv"));
    MainWindow w(m_dir.filePath(QStringLiteral("none.ini")));
    QVERIFY(w.openResults(path));
    TimeChart *chart = w.timeChart();
    chart->updateNow();
    QVERIFY(chart->markers().isEmpty());
    QVERIFY(chart->seriesWithRole(ChartView::Role::Marker).isEmpty());
    const QString note = chart->noteText();
    QVERIFY2(note.contains(QStringLiteral("no crossover: the CPU is faster at every size (n = 4\u20134000)")),
             qPrintable(note));
    QVERIFY2(note.contains(QStringLiteral("the fit predicts the GPU faster above n \u2248 10000")),
             qPrintable(note));
}

void TestCrossover::speedupChartShowsRegionsAndTheLineAtOne()
{
    const QString path = write(fixtures::knownCrossover({316}), QStringLiteral("speedup.csv"));
    MainWindow w(m_dir.filePath(QStringLiteral("speedup.ini")));
    QVERIFY(w.openResults(path));
    ChartView *chart = w.chart(QStringLiteral("speedup"));
    chart->updateNow();
    const QList<QXYSeries *> data = chart->seriesWithRole(ChartView::Role::Data);
    QCOMPARE(data.size(), 1);
    for (int i = 0; i < data[0]->count(); ++i) {
        const double n = data[0]->at(i).x();
        QVERIFY(qAbs(data[0]->at(i).y() / (n * n / (316.0 * 316.0)) - 1) < 1e-9); // t_cpu / t_gpu
    }
    const QList<QXYSeries *> guides = chart->seriesWithRole(ChartView::Role::Guide);
    QCOMPARE(guides.size(), 1);
    QCOMPARE(guides[0]->at(0).y(), 1.0);
    QCOMPARE(guides[0]->at(1).y(), 1.0);
    const QStringList labels = chart->labelTexts();
    QVERIFY(labels.filter(QStringLiteral("GPU wins")).size() == 1);
    QVERIFY(labels.filter(QStringLiteral("CPU wins")).size() == 1);
    QVERIFY(labels.filter(QStringLiteral("faster above n \u2248 316")).size() == 1);
    QCOMPARE(chart->seriesWithRole(ChartView::Role::Marker).size(), 1);
    QCOMPARE(chart->countWithRole(ChartView::Role::Region), 2); // CPU wins, GPU wins
}

// Beside another run, every curve is named with its run ("EPYC · 6 Dec 00:47: CPU 2 threads"). The
// note of where 2 threads overtake 1 read "EPYC …: CPU 2 threads vs EPYC …: CPU 1 thread: EPYC …:
// CPU 2 threads faster above n ≈ 438": it names the run once, then the curves within it.
void TestCrossover::threadNoteNamesItsRunOnce()
{
    RunStore store;
    for (const char *label : {"alpha", "beta"}) {
        RunRecord run;
        run.label = label;
        run.results.machine = fixtures::machine();
        for (const int n : SweepPlan::logRange(4, 4000, 4)) {
            const double one = 1e-9 * double(n) * n;
            run.results.add(fixtures::point("cpu", 1, "", n, one));
            run.results.add(fixtures::point("cpu", 2, "", n, 45e-6 + one / 2));
        }
        store.addRun(std::move(run));
    }
    TimeChart chart;
    chart.setModel(&store);
    chart.resize(1600, 900);
    chart.updateNow();
    int pairs = 0;
    for (const QString &line : chart.noteText().split(QLatin1Char('\n')))
        if (line.contains(QStringLiteral(" vs "))) {
            ++pairs;
            QVERIFY2(line.count(QStringLiteral("alpha: ")) + line.count(QStringLiteral("beta: ")) == 1,
                     qPrintable(line));
            QVERIFY2(
                line.contains(QStringLiteral("CPU 2 threads vs CPU 1 thread: CPU 2 threads faster above n")),
                qPrintable(line));
        }
    QCOMPARE(pairs, 2);
}

QTEST_MAIN(TestCrossover)
void TestCrossover::refinedThreadCrossoverIsShownEverywhere_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("language");
    QTest::newRow("JSON") << QStringLiteral("refined.json") << QStringLiteral("en");
    QTest::newRow("CSV") << QStringLiteral("refined.csv") << QStringLiteral("en");
    // In Chinese the curves' names are Chinese: the pair is found by its series keys.
    QTest::newRow("JSON, in Chinese") << QStringLiteral("refined.json") << QStringLiteral("zh_CN");
}

void TestCrossover::refinedThreadCrossoverIsShownEverywhere()
{
    // A run of this kind of machine: no GPU, 2 threads overtaking 1 at n = 300 (1 thread
    // t = 1e-9 n^2; 2 threads half of that plus a 45 µs fork/join, meeting at n = 300), pinned
    // by --refine. Read back from its file, the crossover is marked on the time chart with its
    // band, and every view says who wins on each side and why the refinement ended there.
    QFETCH(QString, file);
    QFETCH(QString, language);
    QVERIFY(Translations::install(language));
    const auto english = qScopeGuard([] { Translations::install(QStringLiteral("en")); });
    ResultSet r;
    r.machine = fixtures::machine();
    std::vector<int> sizes = SweepPlan::logRange(4, 4000, 4);
    sizes.insert(sizes.end(), {260, 290, 310, 340}); // what the refinement added
    std::sort(sizes.begin(), sizes.end());
    for (const int n : sizes) {
        const double one = 1e-9 * double(n) * n;
        r.add(fixtures::point("cpu", 1, "", n, one));
        r.add(fixtures::point("cpu", 2, "", n, 45e-6 + one / 2));
    }
    r.machine.sweep.refine = 0.05;
    r.machine.sweep.refineBudget = 24;
    r.machine.sweep.refined = {{"CPU 2 threads vs CPU 1 thread", r.rows.front().seriesKey(),
                                r.rows[1].seriesKey(), 0, 8, RefineEnd::Within}};
    const QString path = m_dir.filePath(file);
    if (file.endsWith(QStringLiteral(".json")))
        ResultIO::writeJson(r, path.toStdString());
    else
        ResultIO::writeCsv(r, path.toStdString());

    MainWindow w(m_dir.filePath(QStringLiteral("refined.ini")));
    w.setErrorReporter([](const QString &, const QString &text) { QFAIL(qPrintable(text)); });
    QVERIFY(w.openResults(path));
    TimeChart *time = w.timeChart();
    time->updateNow();
    QCOMPARE(time->markers().size(), 1);
    if (language != QStringLiteral("en")) {
        QVERIFY2(time->noteText().contains(QStringLiteral("\u7ec6\u5316\u5230 \u00b15 %")), // 细化到 ±5 %
                 qPrintable(time->noteText()));
        return;
    }
    const TimeChart::Marker &m = time->markers().front();
    QVERIFY2(qAbs(m.n / 300 - 1) < 0.02, qPrintable(QString::number(m.n)));
    QVERIFY(m.gpuBecomesFaster);
    QVERIFY2(m.text.startsWith(QStringLiteral("CPU 2 threads faster above n \u2248 300")),
             qPrintable(m.text));
    QVERIFY(!time->seriesWithRole(ChartView::Role::Marker).isEmpty());
    const QString notes = time->noteText();
    QVERIFY2(
        notes.contains(QStringLiteral("Refined to \u00b15 %: CPU 2 threads faster than CPU 1 thread above "
                                      "n \u2248 300")),
        qPrintable(notes));
    QVERIFY2(
        notes.contains(QStringLiteral("CPU 1 thread faster below; as precise as asked (8 points added).")),
        qPrintable(notes));
    QVERIFY2(notes.contains(QStringLiteral("CPU only: no GPU curve to compare with.")), qPrintable(notes));

    ScalingChart *scaling = w.scalingChart();
    scaling->updateNow();
    QVERIFY2(scaling->noteText().contains(QStringLiteral("Refined to \u00b15 %")),
             qPrintable(scaling->noteText()));

    const std::string page = HtmlReport::build(*w.runStore(), {});
    QVERIFY(page.find("Refined crossovers") != std::string::npos);
    QVERIFY(page.find("Where more threads overtake 1 thread") != std::string::npos);
    QVERIFY(page.find("as precise as asked (8 points added)") != std::string::npos);
}

#include "tst_crossover.moc"
