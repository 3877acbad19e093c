// SPDX-License-Identifier: MIT
// What teaches, held to the real recordings the app ships (resources/examples: an H200 with a
// 16-core Xeon, 2026-11-30): the examples open as read-only runs labelled by their machine; the
// classroom view's envelope and its note agree with the measured times; and every sentence of the
// Explain tab agrees with the chart it describes (the thread counts that win, the crossovers, the
// rates and their levels).
#include "ui/app.h"
#include "ui/charts/comparechart.h"
#include "ui/charts/explainchart.h"
#include "ui/charts/rooflinechart.h"
#include "ui/charts/scalingchart.h"
#include "ui/charts/speedupchart.h"
#include "ui/charts/throughputchart.h"
#include "ui/charts/timechart.h"
#include "ui/charts/whatifpanel.h"
#include "ui/examples.h"
#include "ui/mainwindow.h"
#include "ui/runspanel.h"
#include "ui/runstore.h"
#include "words/explaintext.h"
#include "words/format.h"
#include "words/translations.h"

#include "core/analysis/analysis.h"
#include "core/analysis/explain.h"
#include "core/model/workload.h"
#include "core/results/resultio.h"

#include <QComboBox>
#include <QGraphicsLayout>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QXYSeries>

using namespace speeduplab;

namespace {

const Examples::Example &example(const QString &file)
{
    for (const Examples::Example &e : Examples::all())
        if (e.file == file)
            return e;
    qFatal("no example %s", qPrintable(file));
}

ResultSet seed()
{
    return Examples::load(example(QStringLiteral("seed-preset.csv"))).front().results;
}

QString everything(const ExplainChart &c)
{
    QStringList all{c.noteText()};
    for (const auto &section : c.explanations())
        all << section.title << section.sentences;
    return all.join('\n');
}

// The measured time of the CPU curve with `threads` at n, in seconds per iteration.
double cpuTime(const ResultSet &r, int threads, int n)
{
    for (const Series &s : Analysis::series(r))
        if (s.cpu() && s.threads == threads)
            for (const SeriesPoint &p : s.points)
                if (p.n == n)
                    return p.t;
    return 0;
}

} // namespace

class TestRealData : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        App::initialise();
        QVERIFY(m_dir.isValid()); // the classroom view's choice is kept in the settings: not the user's
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
    }
    void examplesOpenAsLabelledRuns();
    void seedEnvelopeSaysWhoWins();
    void seedExplainAgreesWithTheChart();
    void shortExplainGivesThePlotItsLines();
    void laptopAgainstTheH200();
    void seedRatesNameTheirLevel();
    void seedThreadModels();
    void noHbmRateAboveTheSpecSheet();
    void oneCrossoverPredictionEverywhere();
    void noRateFromAHiddenTier();
    void everyLegendListsEveryGpuCurve();
    void explainFitsA1024x700Window();
    void finishedCurvesStaySolidWhileMeasuring();
    void throughputHoldsTheGpuAgainstItsSpecSheet();

private:
    QTemporaryDir m_dir;
};

void TestRealData::examplesOpenAsLabelledRuns()
{
    QVERIFY(!Examples::all().isEmpty());
    for (const Examples::Example &e : Examples::all()) {
        const std::vector<RunRecord> runs = Examples::load(e);
        QCOMPARE(runs.size(), std::size_t(1));
        const RunRecord &run = runs.front();
        QVERIFY2(!run.results.empty(), qPrintable(e.file));
        QVERIFY2(Examples::isExample(run.source), run.source.c_str());
        // Labelled by the machine and day it was measured on.
        QVERIFY2(QString::fromStdString(run.label).startsWith(QStringLiteral("example: ")),
                 run.label.c_str());
        QVERIFY2(QString::fromStdString(run.label).contains(QStringLiteral("30 Nov")), run.label.c_str());
        QVERIFY(!run.results.machine.gpus.empty());
    }
    QVERIFY(!Examples::isExample("/tmp/examples/seed.csv"));
}

void TestRealData::seedEnvelopeSaysWhoWins()
{
    const ResultSet r = seed();
    RunStore store;
    store.setResultSet(r);
    TimeChart chart;
    chart.setModel(&store);
    chart.resize(1280, 720);
    chart.updateNow();
    // The classroom view: 1 thread and the three GPU modes in full, the best CPU over them, the
    // other 15 thread counts faded and out of the legend.
    QCOMPARE(chart.countWithRole(ChartView::Role::Envelope), 1);
    QCOMPARE(chart.legendEntries(), 5);
    QVERIFY(chart.legendShown());
    const QString note = chart.noteText();
    QVERIFY2(note.contains(QStringLiteral("best CPU: 1 thread up to n = 71, 2 threads at n = 126, 12\u201316 "
                                          "threads from n = 225")),
             qPrintable(note));
    QVERIFY2(note.contains(QStringLiteral("Faded: 15 other thread counts")), qPrintable(note));
    // The envelope is the lowest measured CPU time at every n.
    const QXYSeries *best = chart.seriesWithRole(ChartView::Role::Envelope).front();
    QCOMPARE(best->count(), 13);
    for (const QPointF &p : best->points()) {
        double lowest = 1e30;
        for (int t = 1; t <= 16; ++t)
            if (const double x = cpuTime(r, t, qRound(p.x())); x > 0)
                lowest = std::min(lowest, x);
        QVERIFY(qAbs(p.y() / chart.yScale() - lowest) <= 1e-9 * lowest);
    }
    // The measured crossovers the lesson rests on.
    QStringList marks;
    for (const TimeChart::Marker &m : chart.markers())
        marks << QStringLiteral("%1 %2").arg(m.gpuLabel).arg(Format::n(m.n));
    QVERIFY2(marks.contains(QStringLiteral("GPU launch 515")), qPrintable(marks.join(", ")));
    QVERIFY2(marks.contains(QStringLiteral("GPU graph 124")), qPrintable(marks.join(", ")));
    // The readout on the best CPU names the thread count that wins there: 2 threads at n = 126.
    const QString readout = chart.readout(best, best->objectName(), QPointF(126, best->points()[6].y()));
    QVERIFY2(readout.contains(QStringLiteral("fastest here: 2 threads")), qPrintable(readout));
    // At the sizes around a crossover, the readout names it with its interval, on either curve.
    QVERIFY2(
        readout.contains(QStringLiteral("crossover: GPU graph faster above n \u2248 124 (123\u2013125)")),
        qPrintable(readout));
    const QString launch = QStringLiteral("crossover: GPU launch faster above n \u2248 515 (443\u2013587)");
    QVERIFY(chart.readout(best, best->objectName(), QPointF(400, 1)).contains(launch));
    QVERIFY(chart.readout(best, best->objectName(), QPointF(711, 1)).contains(launch));
    QVERIFY(!chart.readout(best, best->objectName(), QPointF(1265, 1)).contains(launch));
    for (const QXYSeries *s : chart.seriesWithRole(ChartView::Role::Data))
        if (s->name() == QStringLiteral("GPU launch"))
            QVERIFY2(chart.readout(s, s->objectName(), QPointF(711, 1)).contains(launch),
                     qPrintable(chart.readout(s, s->objectName(), QPointF(711, 1))));
        else if (s->name() == QStringLiteral("CPU 1 thread")) // not the crossing curves
            QVERIFY(
                !chart.readout(s, s->objectName(), QPointF(711, 1)).contains(QStringLiteral("crossover")));
    // Every thread count, on request: 16 CPU curves in the legend, no envelope.
    chart.setAllThreadCounts(true);
    QCOMPARE(chart.countWithRole(ChartView::Role::Envelope), 0);
    QCOMPARE(chart.legendEntries(), 19);
}

void TestRealData::seedExplainAgreesWithTheChart()
{
    const ResultSet r = seed();
    RunStore store;
    store.setResultSet(r);
    ExplainChart chart;
    chart.setModel(&store);
    chart.resize(1280, 720);
    chart.updateNow();
    const QString text = everything(chart);
    auto has = [&text](const QString &part) {
        if (!text.contains(part))
            qWarning().noquote() << "missing:" << part << "\nin:\n" << text;
        return text.contains(part);
    };
    // The threads, as the time chart shows them: 1 thread wins up to n = 71 (so at 4 and 40), the
    // best speedup at n = 126 comes with 2 threads, by the ratio of the two measured times.
    QVERIFY(has(QStringLiteral("best CPU: 1 thread up to n = 71, 2 threads at n = 126")));
    QVERIFY(
        has(QStringLiteral("n = 4: 1 thread is the fastest (%1)").arg(Format::seconds(cpuTime(r, 1, 4)))));
    QVERIFY(has(QStringLiteral("n = 126: 2 threads are the fastest, %1\u00d7 as fast as 1 thread")
                    .arg(Format::number(cpuTime(r, 1, 126) / cpuTime(r, 2, 126)))));
    QVERIFY(!text.contains(QStringLiteral("more threads are slower: 1 thread takes")));
    // The measured crossovers quoted are the time chart's.
    QVERIFY(has(QStringLiteral("GPU launch overtakes the CPU (12 threads) at n \u2248 444")));
    // Each with its 95 % interval, from the points' repetitions (Crossing::intervalText).
    QVERIFY(has(QStringLiteral("(measured: n \u2248 515 (443\u2013587))")));
    QVERIFY(has(QStringLiteral("(measured: n \u2248 124 (123\u2013125))")));
    // The what-if is held against the best CPU of every thread count, and its numbers are the
    // sliders': the launch latency, the GPU's rate, the CPU's bandwidth, the thread counts.
    const WhatIf &w = chart.measured();
    QCOMPARE(w.threads, 16);
    QVERIFY(
        has(QStringLiteral(
                "With the measured models (GPU fixed cost %1, %2 in HBM; the best CPU of 1 to 16 threads, "
                "%3 in %4 at the largest sizes)")
                .arg(Format::seconds(w.gpu.fixed), Format::rate(w.gpu.rate, false),
                     Format::rate(w.cpuRate(), false), QString::fromStdString(w.cpuBandwidthTier.level))));
    // No "up to" on a rate that is not the CPU's highest: its caches ran faster (issue 59).
    QVERIFY(!w.cpuBandwidthTier.level.empty());
    QVERIFY(!text.contains(QStringLiteral(", up to ")));
    // No CPU rate fitted where the fork/join hides it: 11 threads' "L1" read 2.45 TB/s beside
    // 12 threads' 708 GB/s, from work that was 0.17 of a 1.45 us iteration (issue 59). No CPU
    // curve's story quotes an L1 rate of 2 TB/s or more, unless it says the fixed cost hides it.
    for (const QString &line : text.split(QLatin1Char('\n')))
        if (line.trimmed().startsWith(QStringLiteral("CPU ")))
            QVERIFY2(
                !line.contains(QRegularExpression(QStringLiteral(
                    "(?<![\\d.])([2-9]|\\d{2,})(\\.\\d+)? TB/s in L1(?! \\(there the fixed cost hides)"))),
                qPrintable(line));
    // Issue 35, finding 5: with the CPU held to 1 thread, the rate quoted is 1 thread's, not the
    // 14-thread figure the bandwidth cap holds.
    WhatIf one = w;
    one.threads = 1;
    QVERIFY(one.cpuRate() < 0.2 * w.cpuBandwidth);
    const QString oneText = ExplainText::whatIf(one, w);
    QVERIFY2(oneText.contains(QStringLiteral("the CPU with 1 thread, %1 in %2 at the largest sizes")
                                  .arg(Format::rate(one.cpuRate(), false),
                                       QString::fromStdString(one.cpuRateTier().level))),
             qPrintable(oneText));
    QVERIFY2(!oneText.contains(Format::rate(w.cpuBandwidth, false)), qPrintable(oneText));
    // Free launches beat the 16-thread CPU at every size, not 1 thread's 5.8 ns at n = 4.
    WhatIf cheap = w;
    cheap.gpu.fixed = 400e-9;
    QVERIFY(!cheap.crossover().gpuEverywhere);
    QVERIFY(cheap.crossover().n > 4);
    // No rate above the H200's 4.81 TB/s spec sheet is called HBM: those sizes are the L2's, and
    // the model that knows it predicts n = 4000 (HBM) within 20 % (one rate for both missed it by 45 %).
    // The L2's size is the H200's spec sheet's (the recording does not state it): 50 MiB.
    QVERIFY(has(QStringLiteral("from the 52.4 MB L2 cache (above the NVIDIA H200's 4.81 TB/s spec-sheet "
                               "memory bandwidth)")));
    QVERIFY(!text.contains(QStringLiteral("8.81 TB/s")));
    for (const Series &s : Analysis::series(r))
        if (s.gpu() && s.mode != "fused") {
            const CostModel m = Explain::model(r, s);
            const SeriesPoint &last = s.points.back();
            QVERIFY2(qAbs(m.time(last.work) / last.t - 1) < 0.2,
                     qPrintable(QStringLiteral("%1 at n = %2: model %3, measured %4")
                                    .arg(QString::fromStdString(s.label))
                                    .arg(last.n)
                                    .arg(m.time(last.work))
                                    .arg(last.t)));
        }
    // A recording from another machine: no hint to calibrate this one.
    QVERIFY(!text.contains(QStringLiteral("Sweep \u25b8 Calibrate")));
}

// At 1024 x 700 Explain shares its page with the what-if panel, and its chart is about 230 pixels
// tall: its note (the verdict, which the panel beside the sliders starts with) and the footer are
// left out on screen, so that the plot is readable (an exported figure keeps both: it has no panel).
void TestRealData::shortExplainGivesThePlotItsLines()
{
    RunStore store;
    store.setResultSet(seed());
    ExplainChart chart;
    chart.setModel(&store);
    chart.resize(620, 230);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.updateNow();
    QVERIFY(!chart.verdict().isEmpty());
    QVERIFY(chart.noteText().startsWith(chart.verdict()));
    QVERIFY(!chart.noteShown());
    QVERIFY2(chart.chart()->plotArea().height() >= 90,
             qPrintable(QString::number(chart.chart()->plotArea().height())));
    chart.resize(1280, 720);
    QTRY_VERIFY(chart.noteShown());
    chart.resize(620, 230);
    QTRY_VERIFY(!chart.noteShown());
    QVERIFY(!chart.toImage(QSize(620, 230)).isNull());
    QVERIFY(!chart.noteShown()); // the window's own chart again, after the export
}

// "My laptop's CPU against the lab's GPU": a CPU-only run of another machine (made here, times of
// a small laptop) beside the H200 example. A and B are set to it; B offers only runs with a GPU;
// Compare runs holds B's GPU against A's best CPU with the size where it overtakes; a workspace
// keeps the pair.
void TestRealData::laptopAgainstTheH200()
{
    ResultSet laptop;
    laptop.machine.cpuModel = "Laptop CPU";
    laptop.machine.logicalCores = 2;
    laptop.machine.timestamp = "2026-12-01T10:00:00Z";
    const Workload *add = Workload::find("add");
    for (int n : {4, 40, 126, 400, 1265, 4000})
        for (int p : {1, 2}) {
            Measurement m;
            m.workload = "add";
            m.backend = "cpu";
            m.threads = p;
            m.n = n;
            m.iterations = 100;
            m.elements = Workload::elements(n);
            m.bytes = add->bytes(n, m.iterations);
            m.flops = add->flops(n, m.iterations);
            const double perIteration = (p == 1 ? 10e-9 : 600e-9) + add->bytes(n, 1) / (p * 12e9);
            m.stats.median = m.stats.min = m.stats.max = m.stats.mean = perIteration * m.iterations;
            m.stats.q1 = m.stats.q3 = m.stats.median;
            m.stats.reps = 5;
            m.verified = true;
            laptop.add(m);
        }
    const QString path = m_dir.filePath(QStringLiteral("laptop.json"));
    ResultIO::writeJson(laptop, path.toStdString());

    MainWindow w(m_dir.filePath(QStringLiteral("laptop.ini")));
    QVERIFY(w.openResults(path));
    // B offers no run yet: the laptop has no GPU.
    QCOMPARE(w.runsPanel()->runBChooser()->count(), 1);
    QVERIFY(w.openExample(0));
    const RunStore &store = *w.runStore();
    QCOMPARE(store.runCount(), 2);
    // Each run says where it came from: the file, or the example, beside its machine and day.
    QVERIFY2(QString::fromStdString(store.runs()[0].label).startsWith(QStringLiteral("laptop \u00b7 ")),
             store.runs()[0].label.c_str());
    QVERIFY2(QString::fromStdString(store.runs()[1].label).startsWith(QStringLiteral("example: ")),
             store.runs()[1].label.c_str());
    QCOMPARE(store.runA(), 0);                          // the laptop's CPU
    QCOMPARE(store.runB(), 1);                          // the H200's GPU
    QCOMPARE(w.runsPanel()->runBChooser()->count(), 2); // (none) and the example
    QCOMPARE(w.runsPanel()->runAChooser()->count(), 3); // (none), the laptop, the example's CPU
    QVERIFY(!w.hasUnsavedResults());                    // an opened file and an example: nothing new

    auto *compare = qobject_cast<CompareChart *>(w.chart(QStringLiteral("compare")));
    compare->resize(1280, 720);
    compare->updateNow();
    // The crossover of the H200's GPU launch mode over the laptop's best CPU, as the curves give it.
    std::vector<Series> cpus, gpus;
    for (const Series &x : Analysis::series(laptop))
        cpus.push_back(x);
    for (const Series &x : Analysis::series(store.runs()[1].results))
        if (x.gpu())
            gpus.push_back(x);
    double launchAt = 0;
    for (const Series &g : gpus)
        if (g.mode == "launch")
            for (const Crossing &c : Analysis::crossings(Analysis::bestCpu(cpus), g))
                if (c.gpuBecomesFaster && launchAt == 0)
                    launchAt = c.n;
    QVERIFY(launchAt > 40 && launchAt < 1265);
    bool found = false;
    for (const auto &[label, n] : compare->gpuOverCpu())
        if (label == "GPU launch") {
            found = true;
            QCOMPARE(n, launchAt);
        }
    QVERIFY(found);
    QVERIFY2(
        compare->noteText().contains(QStringLiteral("B's GPU launch overtakes A's best CPU above n \u2248 %1")
                                         .arg(Format::n(launchAt))),
        qPrintable(compare->noteText()));

    // Compare's legend says what its curves are: B's time over A's.
    QStringList ratios;
    for (const QXYSeries *x : compare->seriesWithRole(ChartView::Role::Data))
        ratios << x->property("plainName").toString();
    QVERIFY2(std::any_of(ratios.begin(), ratios.end(),
                         [](const QString &n) { return n.endsWith(QStringLiteral(": B \u00f7 A")); }),
             qPrintable(ratios.join(QStringLiteral(" | "))));

    // Two runs read apart by more than shade: the laptop's points are circles, the H200's squares.
    TimeChart *time = w.timeChart();
    time->resize(1280, 720);
    time->updateNow();
    int circles = 0, shapes = 0;
    for (const QXYSeries *x : time->seriesWithRole(ChartView::Role::Data)) {
        if (!x->pointsVisible())
            continue; // faded thread counts draw no markers
        (x->lightMarker().isNull() ? circles : shapes) += 1;
        QCOMPARE(x->lightMarker().isNull(), x->name().startsWith(QStringLiteral("laptop")));
    }
    QVERIFY(circles >= 2 && shapes >= 3);
    // A's best CPU is drawn (the crossovers across runs use it) beside the H200's, and the two runs
    // read apart by hue: the laptop's CPU curves green, the H200's blue and navy.
    const QList<QXYSeries *> envelopes = time->seriesWithRole(ChartView::Role::Envelope);
    QCOMPARE(envelopes.size(), 2);
    QVERIFY2(time->noteText().contains(QStringLiteral("A = laptop")) &&
                 time->noteText().contains(QStringLiteral(", B = example")),
             qPrintable(time->noteText()));
    QColor laptopBest, h200Best;
    for (const QXYSeries *e : envelopes)
        (e->name().startsWith(QStringLiteral("laptop")) ? laptopBest : h200Best) = e->pen().color();
    QVERIFY(laptopBest.isValid() && h200Best.isValid());
    const int apart = std::abs(laptopBest.hsvHue() - h200Best.hsvHue());
    QVERIFY2(std::min(apart, 360 - apart) >= 30,
             qPrintable(QStringLiteral("%1 and %2").arg(laptopBest.name(), h200Best.name())));

    // The workspace keeps the pair.
    const QString workspace = m_dir.filePath(QStringLiteral("lesson.json"));
    QVERIFY(w.saveWorkspace(workspace));
    MainWindow again(m_dir.filePath(QStringLiteral("again.ini")));
    QVERIFY(again.openWorkspace(workspace));
    QCOMPARE(again.runStore()->runA(), 0);
    QCOMPARE(again.runStore()->runB(), 1);
}

// Issue 35's findings 2 to 4 and 6 on the seed recording: every rate a sentence quotes names the
// level it was measured in; the crossover at n ≈ 444 (where the 16-thread CPU's data outgrow its
// 768 KiB of L1) quotes both sides' L2 rates; fused is arithmetic, in FLOP/s; and no threshold
// contradicts a measured point by more than 2x.
void TestRealData::seedRatesNameTheirLevel()
{
    const ResultSet r = seed();
    RunStore store;
    store.setResultSet(r);
    ExplainChart chart;
    chart.setModel(&store);
    chart.resize(1280, 720);
    chart.updateNow();
    // A rate ("13.9 TB/s", "397 GB/s") is followed by its level, "in L2", "in HBM", "from the L2
    // cache", or is a ceiling's or a spec sheet's ("... spec-sheet memory bandwidth").
    const QRegularExpression rate(
        QStringLiteral("\\d (?:[kMGTP]?B|[kMGTP]?FLOP)/s(?! in | from the | of arithmetic|"
                       "\\)| spec-sheet| ceiling)"));
    for (const ExplainChart::Section &section : chart.explanations()) {
        if (!section.title.contains(QStringLiteral("made of")) &&
            !section.title.contains(QStringLiteral("overtakes")))
            continue;
        for (const QString &sentence : section.sentences) {
            const QRegularExpressionMatch m = rate.match(sentence);
            QVERIFY2(!m.hasMatch(), qPrintable(QStringLiteral("a rate without its level at %1 in: %2")
                                                   .arg(m.capturedStart())
                                                   .arg(sentence)));
        }
    }
    const std::vector<Series> run = Analysis::series(r);
    for (const CrossoverStory &s : Explain::crossovers(r, run)) {
        const QString sentence = ExplainText::crossover(s);
        if (s.gpuMode == "launch") {
            QCOMPARE(s.gpuLevel, std::string("GPU L2"));
            QCOMPARE(s.cpuLevel, std::string("L2"));
            QVERIFY2(
                sentence.contains(QStringLiteral("its %1 in GPU L2 outruns the CPU's %2 in L2")
                                      .arg(Format::rate(s.gpuRate, false), Format::rate(s.cpuRate, false))),
                qPrintable(sentence));
            // The L2s', not HBM's 4.17 TB/s or L1's. Queued launches overlap the kernels, so launch
            // mode runs the same kernel at graph mode's L2 rate (6.23 TB/s), not the 13.9 TB/s that
            // adding the launch to the work made of it (issue 59).
            QVERIFY2(s.gpuRate > 5e12 && s.gpuRate < 8e12 && s.cpuRate < 1e12, qPrintable(sentence));
            bool graphSeen = false;
            for (const CrossoverStory &g : Explain::crossovers(r, run))
                if (g.gpuMode == "graph") {
                    graphSeen = true;
                    QVERIFY2(std::abs(g.gpuRate / s.gpuRate - 1) < 0.1,
                             qPrintable(ExplainText::crossover(g)));
                }
            QVERIFY(graphSeen);
        }
        if (s.gpuMode == "fused") {
            QVERIFY(s.gpuFlops);
            QVERIFY2(sentence.contains(QStringLiteral("TFLOP/s of arithmetic")), qPrintable(sentence));
            QVERIFY(!sentence.contains(QStringLiteral("TB/s")));
        }
    }
    // Up to a knee the fixed cost is most of the time: a point below it takes at most twice the
    // fixed cost by the model, and no measured one more than twice that.
    for (const Series &s : run) {
        const CurveStory c = Explain::curve(r, s);
        if (c.regime != CurveStory::Regime::Knee)
            continue;
        for (const SeriesPoint &p : s.points)
            if (p.n <= c.kneeN)
                QVERIFY2(p.t <= 4 * c.model.fixed,
                         qPrintable(QStringLiteral("%1 at n = %2: %3 s, the fixed cost %4 s (knee n = %5)")
                                        .arg(QString::fromStdString(s.label))
                                        .arg(p.n)
                                        .arg(p.t)
                                        .arg(c.model.fixed)
                                        .arg(c.kneeN)));
    }
}

// Issue 35, findings 1 and 8 on the seed: at n = 126 the fork/join model that grows with the team
// lies within 25 % of every thread count's point (the constant one rose while the points fell);
// at n = 4000 no model comes within 25 % of every point, and the text claims no law.
void TestRealData::seedThreadModels()
{
    const ResultSet r = seed();
    std::vector<Series> cpu;
    for (const Series &s : Analysis::series(r))
        if (s.cpu())
            cpu.push_back(s);
    const ThreadStory at126 = Explain::threads(r, cpu, 126);
    QCOMPARE(at126.kind, ThreadStory::Kind::Overhead);
    QVERIFY(at126.forkJoinPerThread > 0);
    QVERIFY2(at126.worst <= 0.25, qPrintable(QString::number(at126.worst)));
    for (const auto &[p, t] : Analysis::threadTimes(cpu, 126))
        QVERIFY2(qAbs(at126.t1 / at126.speedup(p) / t - 1) <= 0.25, qPrintable(QString::number(p)));
    QVERIFY(ExplainText::threads(at126).contains(QStringLiteral("within \u00b1")));
    const ThreadStory at4000 = Explain::threads(r, cpu, 4000);
    QVERIFY(!at4000.fits());
    const QString text = ExplainText::threads(at4000);
    QVERIFY2(text.contains(QStringLiteral("No thread model fits")) &&
                 !text.contains(QStringLiteral("Amdahl's law explains")),
             qPrintable(text));
}

// A rate fitted above the H200's 4.81 TB/s spec sheet is never called HBM's, in any shipped
// recording: add-calibrated (no L2 size in its metadata) fits 7.02 TB/s through its GPU launch
// points, which only the L2 can serve; nor is it held against the HBM ceiling.
void TestRealData::noHbmRateAboveTheSpecSheet()
{
    for (const Examples::Example &e : Examples::all()) {
        const ResultSet r = Examples::load(e).front().results;
        for (const Series &s : Analysis::series(r)) {
            if (s.cpu())
                continue;
            const CurveStory c = Explain::curve(r, s);
            for (const CurveStory::Span &span : c.spans)
                if (span.level == "HBM" && c.theoretical > 0 && !c.flops)
                    QVERIFY2(span.rate <= c.theoretical,
                             qPrintable(QStringLiteral("%1 in %2: %3")
                                            .arg(QString::fromStdString(s.label), e.file,
                                                 ExplainText::curve(c, false))));
        }
    }
}

// Issue 35: on the reduce recording the time chart said "the fit predicts the CPU faster below
// n ≈ 516" (one straight line a curve) while Explain said n ≈ 613 (its tiered models). The report,
// the chart's note and the Explain tab now predict one n: the Explain tab's.
void TestRealData::oneCrossoverPredictionEverywhere()
{
    int predicted = 0;
    for (const Examples::Example &e : Examples::all()) {
        const ResultSet r = Examples::load(e).front().results;
        const std::vector<Series> all = Analysis::series(r);
        std::map<std::string, double> byExplain; // GPU label -> the models' n
        for (const CrossoverStory &st : Explain::crossovers(r, all))
            byExplain[st.gpuLabel] = st.model.gpuEverywhere ? 0 : st.model.n;
        const std::vector<CrossoverReport> reports = Explain::reports(r, all.front().workload);
        for (const CrossoverReport &rep : reports)
            if (rep.cpuLabel == "best CPU" && byExplain.count(rep.gpuLabel)) {
                QVERIFY2(qFuzzyCompare(1 + rep.predictedN, 1 + byExplain[rep.gpuLabel]),
                         qPrintable(QStringLiteral("%1, %2: report %3, Explain %4")
                                        .arg(e.file, QString::fromStdString(rep.gpuLabel))
                                        .arg(rep.predictedN)
                                        .arg(byExplain[rep.gpuLabel])));
                ++predicted;
            }
        if (e.file.startsWith(QStringLiteral("reduce"))) {
            RunStore store;
            store.setResultSet(r);
            TimeChart chart;
            chart.setModel(&store);
            chart.resize(1280, 720);
            chart.updateNow();
            const double n = byExplain.begin()->second;
            QVERIFY(n > 1024 * 0.1 && n < 1024); // below the smallest size measured
            QVERIFY2(
                chart.noteText().contains(
                    QStringLiteral("the fit predicts the CPU faster below n \u2248 %1").arg(Format::n(n))),
                qPrintable(chart.noteText()));
        }
    }
    QVERIFY(predicted >= 8);
}

// A tier whose work is a small part of even its largest point's time has no rate of its own to
// quote: add-calibrated's launch curve gave its L2 "75.7 TB/s" from points that are all launch
// (2.9 us at n = 1024). Every fitted tier's rate explains a tenth of its largest point or more.
void TestRealData::noRateFromAHiddenTier()
{
    for (const Examples::Example &e : Examples::all()) {
        const ResultSet r = Examples::load(e).front().results;
        for (const Series &s : Analysis::series(r)) {
            const CostModel m = Explain::model(r, s);
            for (std::size_t k = 0; k < m.tiers.size(); ++k) {
                const CostModel::Tier &t = m.tiers[k];
                const double to = k + 1 < m.tiers.size() ? m.tiers[k + 1].fromWork : HUGE_VAL;
                const SeriesPoint *top = nullptr;
                for (const SeriesPoint &p : s.points)
                    if (!p.disturbed && p.work >= t.fromWork && p.work < to)
                        top = &p;
                if (!t.fitted || !top || m.tiers.size() < 2)
                    continue;
                QVERIFY2(top->work / t.rate >= 0.1 * top->t,
                         qPrintable(QStringLiteral("%1, %2, %3: %4 at n = %5")
                                        .arg(e.file, QString::fromStdString(s.label),
                                             QString::fromStdString(t.level))
                                        .arg(t.rate)
                                        .arg(top->n)));
            }
        }
    }
    const ResultSet calibrated =
        Examples::load(example(QStringLiteral("add-calibrated.csv"))).front().results;
    RunStore store;
    store.setResultSet(calibrated);
    ExplainChart chart;
    chart.setModel(&store);
    chart.resize(1280, 720);
    chart.updateNow();
    const QString text = everything(chart);
    QVERIFY2(!text.contains(QStringLiteral("75.7 TB/s")), qPrintable(text));
    // Launch mode's L2 rate is its kernel's, measured in graph mode where no launch hides it:
    // queued launches overlap the kernels, the time is the larger of the two.
    QVERIFY2(text.contains(QStringLiteral("the time is the larger of the two, not their sum")),
             qPrintable(text));
    QCOMPARE(text.count(QStringLiteral("7.41 TB/s from the 52.4 MB L2 cache")), 2);
    // A step is labelled where the line steps: launch mode's L2 rate is its own kernel's now (it
    // took HBM's while the launch was added to the work), here and on the seed recording.
    const QString step = QStringLiteral("GPU L2 \u2192 HBM");
    QVERIFY2(chart.labelTexts().contains(step), qPrintable(chart.labelTexts().join(QStringLiteral(" | "))));
    RunStore seedStore;
    seedStore.setResultSet(seed());
    ExplainChart seedChart;
    seedChart.setModel(&seedStore);
    seedChart.resize(1280, 720);
    seedChart.updateNow();
    QVERIFY2(seedChart.labelTexts().contains(step),
             qPrintable(seedChart.labelTexts().join(QStringLiteral(" | "))));
}

// QtCharts lays a side legend out in one column and cuts what runs past its height: the Chinese
// throughput legend ended at "CPU 16 线程", GPU launch cut in half and fused gone, and the roofline
// showed no GPU at all. In every chart of every example, in English and Chinese, at the size a
// 1024 x 700 window gives a chart and at a maximised 1920 x 1080 one: each legend entry is shown
// whole inside the legend, or is a CPU thread count the note says was left out; every GPU entry is
// shown, its name not cut.
void TestRealData::everyLegendListsEveryGpuCurve()
{
    const auto check = [](ChartView &chart, const QString &where, bool english) {
        QLegend *legend = chart.chart()->legend();
        if (!legend->isVisible())
            return; // past legendLimit: hidden, and the note says so
        int shown = 0, leftOut = 0;
        for (QLegendMarker *mk : legend->markers()) {
            const bool spare = mk->series()->property("speeduplabSpare").toBool();
            shown += mk->isVisible();
            leftOut += spare && !mk->isVisible();
        }
        QVERIFY2(shown + leftOut == chart.legendEntries(),
                 qPrintable(QStringLiteral("%1: %2 shown + %3 left out, %4 entries")
                                .arg(where)
                                .arg(shown)
                                .arg(leftOut)
                                .arg(chart.legendEntries())));
        QVERIFY2((leftOut > 0) == chart.noteText().contains(QStringLiteral(" entries, for want of room")) ||
                     !english,
                 qPrintable(where + QStringLiteral(": ") + chart.noteText()));
        const QRectF inside = legend->contentsRect().adjusted(-1, -1, 1, 1);
        for (const QGraphicsItem *group : legend->childItems())
            for (const QGraphicsItem *item : group->childItems()) {
                if (!item->isVisible())
                    continue;
                QString text;
                for (const QGraphicsItem *part : item->childItems())
                    if (const auto *t = dynamic_cast<const QGraphicsTextItem *>(part))
                        text = t->toPlainText();
                const QRectF at = item->mapRectToItem(legend, item->boundingRect());
                QVERIFY2(inside.contains(at), qPrintable(QStringLiteral("%1: \"%2\" at y %3-%4, legend %5-%6")
                                                             .arg(where, text)
                                                             .arg(at.top())
                                                             .arg(at.bottom())
                                                             .arg(inside.top())
                                                             .arg(inside.bottom())));
                if (text.contains(QStringLiteral("GPU"))) {
                    QVERIFY2(!text.endsWith(QStringLiteral("...")) && !text.endsWith(QChar(0x2026)),
                             qPrintable(where + QStringLiteral(": ") + text));
                }
            }
    };
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        QVERIFY(Translations::install(language));
        for (const Examples::Example &e : Examples::all()) {
            RunStore store;
            for (RunRecord &run : Examples::load(e))
                store.addRun(std::move(run));
            std::vector<std::unique_ptr<ChartView>> charts;
            charts.push_back(std::make_unique<TimeChart>());
            charts.push_back(std::make_unique<SpeedupChart>());
            charts.push_back(std::make_unique<ScalingChart>());
            charts.push_back(std::make_unique<ThroughputChart>());
            charts.push_back(std::make_unique<RooflineChart>());
            charts.push_back(std::make_unique<ExplainChart>());
            auto all = std::make_unique<TimeChart>();
            all->setAllThreadCounts(true);
            charts.push_back(std::move(all));
            for (auto &chart : charts) {
                chart->setModel(&store);
                for (const QSize size : {QSize(640, 420), QSize(1600, 860)}) {
                    const QString where = QStringLiteral("%1 %2 %3 %4x%5")
                                              .arg(language, e.file, chart->name())
                                              .arg(size.width())
                                              .arg(size.height());
                    chart->resize(size);
                    chart->show();
                    QVERIFY(QTest::qWaitForWindowExposed(chart.get()));
                    chart->updateNow();
                    QCOMPARE(chart->chart()->size().toSize(), size);
                    check(*chart, where, language == QStringLiteral("en"));
                    if (language != QStringLiteral("en")) // issue 35: "的OpenMP", "个线程 的"
                        QVERIFY2(Format::cjkSpacing(chart->noteText()) == chart->noteText(),
                                 qPrintable(where + QStringLiteral(": ") + chart->noteText()));
                    // An exported figure of a window's size, too.
                    QVERIFY(!chart->toImage(QSize(1024, 700)).isNull());
                }
            }
        }
    }
    QVERIFY(Translations::install(QStringLiteral("en")));
}

// At 1024 x 700 the Explain page squeezed the GPU curve selector to one pixel's height and left the
// sentences a 170 px column. The selector and the sliders keep their height (they scroll instead),
// the sentences keep a column a student can read, and the original answer's table, which has no
// model to move, shows its paragraph without four disabled sliders.
void TestRealData::explainFitsA1024x700Window()
{
    MainWindow w(m_dir.filePath(QStringLiteral("explain1024.ini")));
    w.resize(1024, 700);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openExample(Examples::find(QStringLiteral("seed-preset"))));
    // An unchanged example is nothing to save: the title names it, not "Unsaved results".
    QVERIFY2(!w.windowTitle().contains(QStringLiteral("Unsaved")) && !w.isWindowModified(),
             qPrintable(w.windowTitle()));
    QVERIFY2(w.windowTitle().startsWith(QStringLiteral("example")), qPrintable(w.windowTitle()));
    w.setCurrentChart(QStringLiteral("explain"));
    auto *combo = w.findChild<QComboBox *>(QStringLiteral("whatIfGpuCombo"));
    auto *text = w.findChild<QTextBrowser *>(QStringLiteral("explainText"));
    auto *controls = w.findChild<QScrollArea *>(QStringLiteral("whatIfControls"));
    QVERIFY(combo && text && controls);
    QTRY_VERIFY(combo->isVisible());
    QTRY_VERIFY(combo->count() >= 3);
    QVERIFY2(combo->height() >= combo->sizeHint().height(),
             qPrintable(QStringLiteral("%1 of %2").arg(combo->height()).arg(combo->sizeHint().height())));
    QVERIFY2(text->width() >= WhatIfPanel::minimumTextWidth, qPrintable(QString::number(text->width())));
    // Every control is inside the scrolled area's width, none cut at its right edge.
    QVERIFY2(
        controls->widget()->width() <= controls->viewport()->width(),
        qPrintable(
            QStringLiteral("%1 in %2").arg(controls->widget()->width()).arg(controls->viewport()->width())));
    QVERIFY(!text->toPlainText().isEmpty());
    // The page never widens the window past the projector's 1024 px.
    QVERIFY2(w.width() <= 1024 && w.minimumSizeHint().width() <= 1024 - 16,
             qPrintable(QString::number(w.width())));

    // The original answer's table: the paragraph, and no sliders.
    MainWindow o(m_dir.filePath(QStringLiteral("explainOriginal.ini")));
    o.resize(1024, 700);
    o.show();
    QVERIFY(QTest::qWaitForWindowExposed(&o));
    o.openPublishedTable();
    o.setCurrentChart(QStringLiteral("explain"));
    auto *c = o.findChild<QScrollArea *>(QStringLiteral("whatIfControls"));
    QTRY_VERIFY(c->isHidden());
    QTRY_VERIFY(!o.findChild<QTextBrowser *>(QStringLiteral("explainText"))->toPlainText().isEmpty());
}

// While a sweep runs beside the H200 example, only the curves being measured are dotted: the
// example's finished curves stay solid.
void TestRealData::finishedCurvesStaySolidWhileMeasuring()
{
    RunStore store;
    for (RunRecord &run : Examples::load(example(QStringLiteral("seed-preset.csv"))))
        store.addRun(std::move(run));
    MachineInfo here;
    here.cpuModel = "Test CPU";
    store.startRun(here);
    Measurement m = seed().rows.front();
    m.run.clear();
    store.append(m);
    TimeChart chart;
    chart.setModel(&store);
    chart.setLive(true);
    chart.resize(1280, 720);
    chart.updateNow();
    int solid = 0, dotted = 0;
    for (const QXYSeries *s : chart.seriesWithRole(ChartView::Role::Data)) {
        if (!s->pointsVisible())
            continue; // faded
        const bool live = s->property("plainName").toString().startsWith(QStringLiteral("this machine"));
        QCOMPARE(s->pen().style(), live ? Qt::DotLine : Qt::SolidLine);
        (live ? dotted : solid) += 1;
    }
    QVERIFY2(solid >= 4 && dotted == 1,
             qPrintable(QStringLiteral("%1 solid, %2 dotted").arg(solid).arg(dotted)));
}

// The H200 recording was never calibrated, but its file has the GPU's spec-sheet bandwidth: the
// throughput chart draws it (4.81 TB/s, dashed red), and says that graph's 5.5 TB/s above it came
// from the L2.
void TestRealData::throughputHoldsTheGpuAgainstItsSpecSheet()
{
    RunStore store;
    store.setResultSet(seed());
    ThroughputChart chart;
    chart.setModel(&store);
    chart.resize(1600, 860);
    chart.updateNow();
    const QList<QXYSeries *> guides = chart.seriesWithRole(ChartView::Role::Guide);
    QCOMPARE(guides.size(), 1);
    QCOMPARE(guides.front()->pen().style(), Qt::DashLine);
    const double drawn = guides.front()->points().front().y() / chart.yScale(); // B/s
    const double specSheet = seed().machine.gpus.front().bandwidthGBs * 1e9;
    QVERIFY2(std::abs(drawn - specSheet) <= 1e-9 * specSheet && drawn > 4.7e12 && drawn < 4.9e12,
             qPrintable(QString::number(drawn)));
    QVERIFY2(chart.noteText().contains(QStringLiteral("spec sheet")) &&
                 chart.noteText().contains(QStringLiteral("L2 cache")),
             qPrintable(chart.noteText()));
    // Issue 35: the classroom view, as on the time chart: 1 thread, the three GPU modes and the
    // best CPU in the legend, not 19 look-alike entries; the other 15 thread counts faded.
    QCOMPARE(chart.countWithRole(ChartView::Role::Envelope), 1);
    QCOMPARE(chart.legendEntries(), 5);
    QVERIFY2(chart.noteText().contains(QStringLiteral("Faded: 15 other thread counts")),
             qPrintable(chart.noteText()));
    QVERIFY2(chart.noteText().contains(QStringLiteral("Dark line, best CPU: 1 thread up to n = 71")),
             qPrintable(chart.noteText()));
    chart.setAllThreadCounts(true);
    QCOMPARE(chart.countWithRole(ChartView::Role::Envelope), 0);
    QCOMPARE(chart.legendEntries(), 19);
    chart.setAllThreadCounts(false);
}

QTEST_MAIN(TestRealData)
#include "tst_realdata.moc"
