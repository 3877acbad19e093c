// SPDX-License-Identifier: MIT
// The original answer, replayed and explained: its published table as a dashed reference run with its
// plain label, both GPU curves (not synchronised and synchronised) on the time chart with no crossover
// taken from the queue time, the Explain sentence and the tour page worded from the numbers shown
// (2.87 TB/s for the published table), in English and in Chinese.
#include "fixtures.h"

#include "core/analysis/queuetime.h"
#include "core/plan/presets.h"
#include "core/results/resultio.h"
#include "core/results/runset.h"
#include "ui/app.h"
#include "ui/charts/charttabs.h"
#include "ui/charts/explainchart.h"
#include "ui/charts/timechart.h"
#include "ui/examples.h"
#include "ui/mainwindow.h"
#include "ui/publishedtable.h"
#include "ui/runstore.h"
#include "ui/tour.h"
#include "words/explaintext.h"
#include "words/translations.h"

#include <QAbstractAxis>
#include <QAction>
#include <QLabel>
#include <QLineSeries>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace speeduplab;

namespace {

/// A replay on this kind of machine: the CPU (4 threads), the GPU's launches not synchronised (a flat
/// 3 µs a launch, the synchronised time kept beside it) and synchronised (launch mode), 1000 iterations.
ResultSet replay()
{
    ResultSet r;
    r.machine = fixtures::machine();
    for (int n : {4, 40, 400, 4000}) {
        const double bytes = 8.0 * n * n; // per iteration
        Measurement cpu = fixtures::point("cpu", 4, "", n, 2e-7 + bytes / 20e9);
        Measurement launch = fixtures::point("gpu", 0, "launch", n, 4e-6 + bytes / 4e12);
        Measurement queued = fixtures::point("gpu", 0, "unsynced", n, 3e-6, 0.02);
        for (Measurement *m : {&cpu, &launch, &queued}) {
            const double perIteration = m->stats.median / m->iterations;
            *m = [&] {
                Measurement x = *m;
                const Workload *w = Workload::find("add");
                x.iterations = 1000;
                x.bytes = w->bytes(n, 1000);
                x.flops = w->flops(n, 1000);
                x.stats.median = x.stats.mean = perIteration * 1000;
                x.stats.min = x.stats.median * 0.98;
                x.stats.max = x.stats.median * 1.02;
                x.stats.stddev = x.stats.median * 0.01;
                return x;
            }();
        }
        queued.conditions.syncedMedian = launch.stats.median * 1.01;
        queued.conditions.syncedMin = launch.stats.median;
        queued.conditions.syncedMax = launch.stats.median * 1.03;
        r.add(cpu);
        r.add(launch);
        r.add(queued);
    }
    return r;
}

QString everything(const ExplainChart &c)
{
    QStringList out;
    for (const auto &section : c.explanations())
        out << section.title << section.sentences;
    return out.join(QLatin1Char('\n'));
}

} // namespace

class TestReplay : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void publishedTableIsADashedReference();
    void sentenceImpliesTheBandwidth();
    void originalAnswerArguedFromItsFlatness();
    void timeChartDrawsBothGpuCurvesAndTheTable();
    void explainSaysWhy();
    void tourPageQuotesTheRunShown();
    void chineseSentence();
    void wholeLoopPlotsThePublishedSeconds();
    void differentIterationsStayPerIteration();

private:
    QString write(const ResultSet &r, const QString &name);
    QTemporaryDir m_dir;
};

void TestReplay::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
}

QString TestReplay::write(const ResultSet &r, const QString &name)
{
    const QString path = m_dir.filePath(name);
    ResultIO::writeCsv(r, path.toStdString());
    return path;
}

void TestReplay::publishedTableIsADashedReference()
{
    const RunRecord run = PublishedTable::load();
    QVERIFY(run.reference);
    QCOMPARE(QString::fromStdString(run.label),
             QStringLiteral("published with the original answer; another machine; GPU not synchronised"));
    QVERIFY(RunSet::isReference(run.results));
    QCOMPARE(run.results.rows.size(), std::size_t(8));

    MainWindow w(m_dir.filePath(QStringLiteral("table.ini")));
    w.setErrorReporter([](const QString &, const QString &text) { QFAIL(qPrintable(text)); });
    auto *action = w.findChild<QAction *>(QStringLiteral("publishedTableAction"));
    QVERIFY(action);
    action->trigger();
    QCOMPARE(w.runStore()->runCount(), 1);
    QVERIFY(w.runStore()->runs().front().reference);
    TimeChart *chart = w.timeChart();
    chart->updateNow();
    const QList<QXYSeries *> refs = chart->seriesWithRole(ChartView::Role::Reference);
    QCOMPARE(refs.size(), 2); // its CPU and GPU columns
    bool gpu = false;
    for (QXYSeries *s : refs) {
        QCOMPARE(s->pen().style(), Qt::DashLine);
        gpu = gpu || ChartView::legendText(s).contains(QStringLiteral("GPU launch, not synchronised"));
        QCOMPARE(s->count(), 4);
    }
    QVERIFY(gpu);
    // Shown alone, its curves carry no run's name; the note names it, dashed.
    QVERIFY2(chart->noteText().contains(QStringLiteral("Dashed: ") + PublishedTable::label()),
             qPrintable(chart->noteText()));
    QVERIFY(chart->markers().isEmpty()); // the unsynchronised column crosses nothing
    // The Explain panel tells its story, although it has no cost model.
    auto *explain = qobject_cast<ExplainChart *>(w.chartTabs()->chart(QStringLiteral("explain")));
    QVERIFY(explain);
    explain->updateNow();
    const QString text = everything(*explain);
    QVERIFY2(text.contains(QStringLiteral("2.87 TB/s")), qPrintable(text));
}

void TestReplay::sentenceImpliesTheBandwidth()
{
    const std::vector<QueueStory> stories = QueueTime::stories(PublishedTable::load().results);
    QCOMPARE(stories.size(), std::size_t(1));
    const QString text = ExplainText::queue(stories.front());
    // 2 x 4 B x 4000^2 x 1000 = 128 GB in 0.0446 s: 2.87 TB/s (3 significant figures).
    for (const QString &figure : {QStringLiteral("128 GB"), QStringLiteral("44.6 ms"),
                                  QStringLiteral("2.87 TB/s"), QStringLiteral("1000 launches"),
                                  QStringLiteral("44.6 \u00b5s each"), QStringLiteral("43.1 ms to 44.7 ms"),
                                  QStringLiteral("from n = 4 to 4000"), QStringLiteral("synchronised")})
        QVERIFY2(text.contains(figure), qPrintable(figure + QStringLiteral(" not in: ") + text));
    QVERIFY2(!text.contains(QStringLiteral("Synchronised, the same")), qPrintable(text)); // never measured
}

// The original answer argued from its strongest evidence: the flatness first (3.7 % over a
// millionfold of work), the time per launch against a launch measured synchronised (the shipped
// H200's 3.2 µs, the issue cost of its queued launches), then the implied 2.87 TB/s beside real GPUs' spec
// sheets, the ratio to a synchronised run explained, and, with no GPU timed both ways, a sentence saying none
// ships.
void TestReplay::originalAnswerArguedFromItsFlatness()
{
    const std::vector<QueueStory> stories = QueueTime::stories(PublishedTable::load().results);
    QCOMPARE(stories.size(), std::size_t(1));
    const QString text =
        ExplainText::queue(stories.front(), nullptr, {}, ExplainChart::launchCost(ResultSet{}));
    const auto at = [&text](const QString &figure) {
        const qsizetype i = text.indexOf(figure);
        if (i < 0)
            qWarning("%s not in: %s", qPrintable(figure), qPrintable(text));
        return i;
    };
    const qsizetype flat =
        at(QStringLiteral("moves 3.7 % (43.1 ms to 44.7 ms) while the work grows 1,000,000-fold"));
    const qsizetype perLaunch = at(QStringLiteral("44.6 \u00b5s a launch, 14 times the 3.2 \u00b5s"));
    const qsizetype implied = at(QStringLiteral("that would take 2.87 TB/s"));
    const qsizetype specs = at(QStringLiteral("NVIDIA A100 (80 GB SXM) 2.04 TB/s could not move that much; "
                                              "NVIDIA H100 (SXM) 3.35 TB/s, NVIDIA H200 4.8 TB/s could"));
    QVERIFY(flat >= 0 && perLaunch > flat && implied > perLaunch && specs > implied);
    QVERIFY2(text.contains(QStringLiteral("No recording here times one GPU both ways")), qPrintable(text));

    // Beside the H200 example: its synchronised time, and what the ratio means.
    MainWindow w(m_dir.filePath(QStringLiteral("flat.ini")));
    QVERIFY(w.openExample(Examples::find(QStringLiteral("seed-preset"))));
    QVERIFY(w.openPublishedTable());
    auto *explain = qobject_cast<ExplainChart *>(w.chartTabs()->chart(QStringLiteral("explain")));
    explain->updateNow();
    const QString both = everything(*explain);
    QVERIFY2(both.contains(QStringLiteral("0.712 times the 44.6 ms shown")), qPrintable(both));
    QVERIFY2(both.contains(QStringLiteral("less time than the queueing took")), qPrintable(both));
}

void TestReplay::timeChartDrawsBothGpuCurvesAndTheTable()
{
    MainWindow w(m_dir.filePath(QStringLiteral("both.ini")));
    w.setErrorReporter([](const QString &, const QString &text) { QFAIL(qPrintable(text)); });
    QVERIFY(w.openResults(write(replay(), QStringLiteral("replay.csv"))));
    QVERIFY(w.openPublishedTable());
    TimeChart *chart = w.timeChart();
    chart->updateNow();
    QStringList names;
    for (QXYSeries *s : chart->seriesWithRole(ChartView::Role::Data))
        names << ChartView::legendText(s);
    const auto has = [&](const QString &end) {
        return std::any_of(names.begin(), names.end(), [&](const QString &n) { return n.endsWith(end); });
    };
    QVERIFY2(has(QStringLiteral("GPU launch, not synchronised")), qPrintable(names.join(" | ")));
    QVERIFY2(has(QStringLiteral("GPU launch")), qPrintable(names.join(" | ")));
    const QList<QXYSeries *> refs = chart->seriesWithRole(ChartView::Role::Reference);
    QCOMPARE(refs.size(), 2);
    for (QXYSeries *s : refs) { // beside ours, each curve is named after it
        const QString plain = s->property("plainName").toString();
        QVERIFY2(plain.startsWith(PublishedTable::label() + QStringLiteral(": ")), qPrintable(plain));
        // The legend cuts the long run label, never the series: CPU and GPU still read apart.
        const QString series = plain.mid(plain.lastIndexOf(QLatin1String(": ")));
        QVERIFY2(ChartView::legendText(s).endsWith(series) && ChartView::legendText(s).size() < plain.size(),
                 qPrintable(ChartView::legendText(s)));
        QCOMPARE(s->pen().style(), Qt::DashLine);
    }
    // The crossovers are the synchronised launch curve's only.
    QVERIFY(!chart->markers().isEmpty());
    for (const TimeChart::Marker &m : chart->markers())
        QVERIFY2(!m.gpuLabel.contains(QStringLiteral("not synchronised")), qPrintable(m.gpuLabel));
    QVERIFY2(chart->noteText().contains(QStringLiteral("the time to queue the launches")),
             qPrintable(chart->noteText()));
    // Ours against the published table's: the ratio of the same way of timing.
    QVERIFY2(chart->noteText().contains(QStringLiteral("GPU launch, not synchronised")),
             qPrintable(chart->noteText()));
}

void TestReplay::explainSaysWhy()
{
    RunStore model;
    model.setResultSet(replay());
    ExplainChart chart;
    chart.resize(1200, 800);
    chart.setModel(&model);
    chart.updateNow();
    const QString text = everything(chart);
    QVERIFY2(text.contains(QStringLiteral("Timed as the original answer did")), qPrintable(text));
    // 3 µs a launch, 3 ms for 1000 at every n; synchronised, 1000 x (4 µs + 128 MB / 4 TB/s) = 36 ms.
    QVERIFY2(text.contains(QStringLiteral("GPU launch, not synchronised: from n = 4 to 4000")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("3 \u00b5s each")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("in 3 ms that would take 42.7 TB/s")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Synchronised, the same 1000 iterations take 36.4 ms at n = 4000")),
             qPrintable(text));
    // No cost model, no crossover from the queue time.
    for (const auto &[key, label] : chart.gpuCurves())
        QVERIFY2(label.find("not synchronised") == std::string::npos, label.c_str());
}

void TestReplay::tourPageQuotesTheRunShown()
{
    MainWindow w(m_dir.filePath(QStringLiteral("tour.ini")));
    QVERIFY(w.openPublishedTable());
    Tour tour(w.chartTabs(), &w);
    int page = -1;
    for (int i = 0; i < tour.pageCount(); ++i)
        if (tour.pageTitle(i) == QStringLiteral("Why the original answer's GPU times were flat"))
            page = i;
    QVERIFY(page >= 0);
    QVERIFY(tour.pageCharts(page).contains(QStringLiteral("time")));
    tour.setPage(page);
    auto *text = tour.findChild<QLabel *>(QStringLiteral("tourText"));
    QVERIFY(text);
    QVERIFY2(text->text().contains(QStringLiteral("2.87 TB/s")), qPrintable(text->text()));
    QVERIFY2(text->text().contains(QStringLiteral("In the results shown now")), qPrintable(text->text()));
}

void TestReplay::chineseSentence()
{
    Translations::install(QStringLiteral("zh_CN"));
    const std::vector<QueueStory> stories = QueueTime::stories(PublishedTable::load().results);
    const QString text = ExplainText::queue(stories.front());
    const QString label = PublishedTable::label();
    Translations::install(QStringLiteral("en"));
    QVERIFY2(text.contains(QStringLiteral("2.87 TB/s")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("128 GB")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("The clock was read")), qPrintable(text)); // translated
    QVERIFY2(label !=
                 QStringLiteral("published with the original answer; another machine; GPU not synchronised"),
             qPrintable(label));
}

void TestReplay::wholeLoopPlotsThePublishedSeconds()
{
    // The replay preset asks for whole loops, the others do not.
    QVERIFY(Presets::wholeLoop("replay"));
    QVERIFY(!Presets::wholeLoop("seed"));
    // Opening the table turns the view on: the GPU's 0.0446 s at n = 4000 is plotted as published,
    // the CPU's 38.1 s too, on an axis that names the 1000 iterations.
    MainWindow w(m_dir.filePath(QStringLiteral("loop.ini")));
    w.setErrorReporter([](const QString &, const QString &text) { QFAIL(qPrintable(text)); });
    auto *action = w.findChild<QAction *>(QStringLiteral("publishedTableAction"));
    QVERIFY(action);
    action->trigger();
    action->trigger(); // a second time: open once
    QCOMPARE(w.runStore()->runCount(), 1);
    TimeChart *chart = w.timeChart();
    QVERIFY(chart->wholeLoop());
    // Asked for by the table, not chosen: the next start (another chart) is per iteration again.
    QVERIFY(!TimeChart().wholeLoop());
    chart->updateNow();
    QVERIFY2(chart->chart()
                 ->axes(Qt::Vertical)
                 .constFirst()
                 ->titleText()
                 .contains(QStringLiteral("1000 iterations")),
             qPrintable(chart->chart()->axes(Qt::Vertical).constFirst()->titleText()));
    QMap<QString, double> at4000; // series name -> seconds plotted at n = 4000
    for (QXYSeries *s : chart->seriesWithRole(ChartView::Role::Reference))
        for (const QPointF &p : s->points())
            if (qRound(p.x()) == 4000)
                at4000[s->property("plainName").toString()] = p.y() / chart->yScale();
    QCOMPARE(at4000.size(), 2);
    for (auto it = at4000.cbegin(); it != at4000.cend(); ++it) {
        const double want = it.key().contains(QLatin1String("GPU")) ? 0.0446 : 38.1;
        QVERIFY2(std::abs(it.value() - want) < 1e-9 * want, qPrintable(QString::number(it.value())));
    }
    // Off, the same point is the time per iteration again.
    chart->setWholeLoop(false);
    QVERIFY(!chart->chart()
                 ->axes(Qt::Vertical)
                 .constFirst()
                 ->titleText()
                 .contains(QStringLiteral("1000 iterations")));
}

void TestReplay::differentIterationsStayPerIteration()
{
    ResultSet r = replay();
    r.rows.front().iterations = 10; // one point of another iteration count: no one whole loop
    QCOMPARE(TimeChart::commonIterations(r, "add"), 0);
    QCOMPARE(TimeChart::commonIterations(replay(), "add"), 1000);
    RunStore store;
    store.setResultSet(r);
    TimeChart chart;
    chart.setModel(&store);
    chart.setWholeLoop(true);
    chart.updateNow();
    QVERIFY(chart.chart()
                ->axes(Qt::Vertical)
                .constFirst()
                ->titleText()
                .startsWith(QStringLiteral("time per iteration")));
    QVERIFY2(chart.noteText().contains(QStringLiteral("ran different iteration counts")),
             qPrintable(chart.noteText()));
    chart.setWholeLoop(false); // the setting is the user's: leave it as it was
}

QTEST_MAIN(TestReplay)
#include "tst_replay.moc"
