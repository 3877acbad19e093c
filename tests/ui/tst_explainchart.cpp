// SPDX-License-Identifier: MIT
// The Explain tab: the cost models drawn through the measured curves, the sentences worded
// from the fitted numbers, the what-if sliders moving the predicted crossover the right way
// (the measured points staying put), the thread chart naming the model that explains its
// points, and the time chart's optional model lines.
#include "fixtures.h"

#include "ui/app.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/charttabs.h"
#include "ui/charts/explainchart.h"
#include "ui/charts/scalingchart.h"
#include "ui/charts/timechart.h"
#include "ui/charts/whatifpanel.h"
#include "ui/runstore.h"
#include "words/format.h"

#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QXYSeries>

using namespace speeduplab;

namespace {

QString everything(const ExplainChart &c)
{
    QStringList all;
    for (const auto &section : c.explanations())
        all << section.title << section.sentences;
    return all.join('\n');
}

// The measured points of every Data series in seconds (the plotted unit may change), to check
// that the sliders leave them alone.
QList<QList<QPointF>> measured(const ChartView &c)
{
    QList<QList<QPointF>> out;
    for (const QXYSeries *s : c.seriesWithRole(ChartView::Role::Data)) {
        QList<QPointF> pts;
        for (const QPointF &p : s->points())
            pts << QPointF(p.x(), qRound64(p.y() / c.yScale() * 1e12) / 1e12);
        out << pts;
    }
    return out;
}

} // namespace

class TestExplainChart : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        App::initialise();
        QVERIFY(m_dir.isValid()); // Show cost models is kept in the settings: not the user's
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
    }

    // A model is drawn over the sizes it was fitted on, not across the whole axis (issue 59): the
    // seed's models ran on to n = 10,000 and down to 1, where no point holds them.
    void modelsStayOverTheirPoints()
    {
        RunStore store;
        store.setResultSet(fixtures::realistic());
        ExplainChart chart;
        chart.resize(1200, 800);
        chart.setModel(&store);
        chart.updateNow();
        QVERIFY2(!chart.verdict().contains(QStringLiteral("extrapolation")), qPrintable(chart.verdict()));
        double lo = 1e300, hi = 0;
        for (const QXYSeries *s : chart.seriesWithRole(ChartView::Role::Data))
            for (const QPointF &p : s->points()) {
                lo = std::min(lo, p.x());
                hi = std::max(hi, p.x());
            }
        QVERIFY(hi > lo);
        int models = 0;
        for (const QXYSeries *s : chart.seriesWithRole(ChartView::Role::Fit)) {
            ++models;
            for (const QPointF &p : s->points())
                QVERIFY2(p.x() >= lo * (1 - 1e-6) && p.x() <= hi * (1 + 1e-6),
                         qPrintable(QStringLiteral("%1 at n = %2, the points span %3-%4")
                                        .arg(s->name())
                                        .arg(p.x())
                                        .arg(lo)
                                        .arg(hi)));
        }
        QVERIFY(models >= 2);
    }

    // The same curves measured through OpenCL: on an integrated GPU Explain says that it shares the
    // CPU's memory; on PoCL, that it is the CPU's own cores, and no GPU crossover is told.
    void openclDevicesAreExplained()
    {
        for (const char *type : {"GPU", "CPU"}) {
            ResultSet r = fixtures::realistic();
            for (Measurement &m : r.rows)
                if (m.onDevice()) {
                    m.backend = "opencl";
                    m.device = 0;
                }
            DeviceDescription d;
            d.type = type;
            d.unifiedMemory = true;
            d.name = d.type == "GPU" ? "Intel(R) UHD Graphics 620" : "cpu-haswell";
            d.platform = d.type == "GPU" ? "Intel(R) OpenCL HD Graphics" : "Portable Computing Language";
            r.machine.described = {d};
            r.describeDevices(); // what a reader does once the machine is read
            RunStore store;
            store.setResultSet(r);
            ExplainChart chart;
            chart.resize(1200, 800);
            chart.setModel(&store);
            chart.updateNow();
            const QString text = everything(chart);
            if (d.type == "GPU") {
                QVERIFY2(
                    text.contains(QStringLiteral("Intel(R) UHD Graphics 620 is an integrated GPU: it shares "
                                                 "the CPU's memory")),
                    qPrintable(text));
                QVERIFY2(text.contains(QStringLiteral("overtakes the CPU")), qPrintable(text));
            } else {
                QVERIFY2(text.contains(QStringLiteral("PoCL on the CPU runs on the CPU's own cores")),
                         qPrintable(text));
                QVERIFY2(!text.contains(QStringLiteral("overtakes the CPU")), qPrintable(text));
            }
        }
    }

    void sentencesCarryTheFittedNumbers()
    {
        RunStore store;
        const ResultSet r = fixtures::realistic();
        store.setResultSet(r);
        ExplainChart chart;
        chart.resize(1200, 800);
        chart.setModel(&store);
        chart.updateNow();
        QVERIFY(chart.hasModels());
        // Two measured curves (the CPU thread count the GPU overtakes, GPU launch) and their models.
        QCOMPARE(chart.seriesWithRole(ChartView::Role::Data).size(), 2);
        QCOMPARE(chart.seriesWithRole(ChartView::Role::Fit).size(), 2);
        QCOMPARE(chart.explanations().size(), 3); // crossovers, curves, threads

        const auto all = Analysis::series(store.resultSet());
        for (const Series &s : all) {
            const CostModel m = Explain::model(store.resultSet(), s);
            QVERIFY(m.valid);
            const QString text = everything(chart);
            QVERIFY2(text.contains(QString::fromStdString(s.label) + ':'), qPrintable(text));
            if (m.fixed > 0)
                QVERIFY2(text.contains(Format::seconds(m.fixed)),
                         qPrintable(Format::seconds(m.fixed) + '\n' + text));
        }
        // The launch curve: 4.5 us fixed, 3.2 TB/s.
        const QString text = everything(chart);
        QVERIFY2(text.contains(QStringLiteral("4.5 \u00b5s kernel launch")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("3.2 TB/s")), qPrintable(text));
        // Graph mode's shift, with both crossovers.
        QVERIFY2(
            text.contains(QStringLiteral("GPU graph (a CUDA graph submits the launches together) changes the "
                                         "fixed cost from 4.5 \u00b5s to 1.6 \u00b5s")),
            qPrintable(text));
        QVERIFY2(chart.noteText().contains(QStringLiteral("the GPU overtakes the CPU at n \u2248")),
                 qPrintable(chart.noteText()));
        QVERIFY(chart.labelTexts().join(' ').contains(QStringLiteral("models: GPU faster above n \u2248")));
    }

    void slidersMoveTheCrossover()
    {
        RunStore store;
        store.setResultSet(fixtures::realistic());
        ExplainChart chart;
        chart.resize(1200, 700);
        chart.setModel(&store);
        WhatIfPanel panel(&chart);
        chart.updateNow();
        QVERIFY(chart.hasModels());
        const double n0 = chart.measured().crossover().n;
        QVERIFY(n0 > 0);
        const auto points = measured(chart);
        auto crossover = [&] { return chart.whatIf().crossover(); };

        // Free launches: the GPU model wins at every size.
        panel.launchSlider()->setValue(0);
        QCOMPARE(chart.whatIf().gpu.fixed, 0.0);
        QVERIFY(crossover().gpuEverywhere);
        QVERIFY2(chart.noteText().contains(QStringLiteral("What if (GPU fixed cost 0 s")) &&
                     chart.noteText().contains(QStringLiteral("): the GPU is faster at every size")),
                 qPrintable(chart.noteText()));
        QCOMPARE(measured(chart), points);

        QTest::mouseClick(panel.findChild<QPushButton *>(QStringLiteral("whatIfResetButton")),
                          Qt::LeftButton);
        QCOMPARE(crossover().n, n0);

        // Dearer launches: later.
        panel.launchSlider()->setValue(WhatIfPanel::steps);
        QVERIFY(crossover().n > n0);
        chart.resetWhatIf();

        // A faster GPU memory: earlier; a faster CPU memory: later.
        panel.gpuBandwidthSlider()->setValue(WhatIfPanel::steps);
        QVERIFY(crossover().gpuEverywhere || crossover().n < n0);
        chart.resetWhatIf();
        panel.cpuBandwidthSlider()->setValue(WhatIfPanel::steps);
        QVERIFY2(crossover().n > n0, qPrintable(QString::number(crossover().n)));
        // A moved model is never called "the measured models", whether or not the verdict moved.
        QVERIFY2(!chart.noteText().contains(QStringLiteral("With the measured models")),
                 qPrintable(chart.noteText()));
        QCOMPARE(measured(chart), points);
        chart.resetWhatIf();
        QCOMPARE(panel.cpuBandwidthSlider()->value(), WhatIfPanel::steps / 2); // back where the measured sits

        // The thread count changes the CPU model's rate (and the curve it stands for).
        const int p0 = chart.whatIf().threads;
        panel.threadsSlider()->setValue(p0 == 1 ? 8 : 1);
        QCOMPARE(chart.whatIf().threads, p0 == 1 ? 8 : 1);
        QVERIFY(chart.whatIf().cpu().rate != chart.measured().cpu().rate);
        QVERIFY(!panel.findChild<QTextBrowser *>()->toPlainText().isEmpty());

        // The charts' zoom (presentation mode) scales the panel's text as well.
        const qreal before = panel.font().pointSizeF();
        ChartStyle::setZoom(2.0);
        chart.applyStyle();
        QVERIFY2(panel.font().pointSizeF() > 1.9 * before,
                 qPrintable(QString::number(panel.font().pointSizeF())));
        ChartStyle::setZoom(1.0);
        chart.applyStyle();
        QCOMPARE(panel.font().pointSizeF(), before);
    }

    // Without a GPU curve the CPU curves are still explained: each with its model drawn, its
    // sentence and the threads'; the note says what a GPU curve would add, and the what-if
    // sliders (which move the crossover) stay off.
    void withoutGpuExplainsTheCpu()
    {
        RunStore store;
        ResultSet cpuOnly;
        for (const Measurement &m : fixtures::realistic().rows)
            if (!m.onDevice())
                cpuOnly.rows.push_back(m);
        store.setResultSet(cpuOnly);
        ExplainChart chart;
        chart.setModel(&store);
        WhatIfPanel panel(&chart);
        chart.updateNow();
        QVERIFY(!chart.hasModels());
        QVERIFY2(chart.noteText().contains(QStringLiteral("No GPU curve here")),
                 qPrintable(chart.noteText()));
        QVERIFY(!panel.launchSlider()->isEnabled());
        QVERIFY(!panel.launchSlider()->isVisibleTo(&panel)); // no empty sliders: the text takes the width
        int cpuCurves = 0;
        for (const Series &s : Analysis::series(cpuOnly, "add"))
            cpuCurves += s.cpu();
        QVERIFY(cpuCurves >= 2);
        QCOMPARE(chart.seriesWithRole(ChartView::Role::Data).size(), cpuCurves);
        QCOMPARE(chart.seriesWithRole(ChartView::Role::Fit).size(), cpuCurves);
        QStringList titles, sentences;
        for (const ExplainChart::Section &x : chart.explanations()) {
            titles << x.title;
            sentences << x.sentences;
        }
        QCOMPARE(titles, (QStringList{QStringLiteral("What each curve's time is made of"),
                                      QStringLiteral("How the CPU threads scale")}));
        QVERIFY2(sentences.join(QLatin1Char(' ')).contains(QStringLiteral("CPU 1 thread")),
                 qPrintable(sentences.join(QLatin1Char('\n'))));
    }

    void threadChartNamesItsModel()
    {
        RunStore store;
        store.setResultSet(fixtures::realistic());
        ScalingChart chart;
        chart.resize(1200, 800);
        chart.setModel(&store);
        chart.setSelectedSizes({4, 4000});
        chart.updateNow();
        const QString note = chart.noteText();
        // n = 4: 2 threads pay 0.6 us of fork/join for 20 ns of work: 1 thread is the fastest.
        QVERIFY2(note.contains(QStringLiteral("n = 4: 1 thread is the fastest")), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("more than the work itself")), qPrintable(note));
        // n = 4000 was made with Amdahl's law (serial 0.15) and no calibrated ceiling.
        QVERIFY2(note.contains(QStringLiteral("n = 4000: 8 threads are the fastest")), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("Amdahl's law explains the points: a serial fraction of 15")),
                 qPrintable(note));
        QCOMPARE(chart.seriesWithRole(ChartView::Role::Fit).size(), 2);
        // Its hover readout names the thread count, not an "n" (its x is threads).
        QXYSeries *s = chart.seriesWithRole(ChartView::Role::Data).front();
        const QString text = chart.readout(s, s->objectName(), s->points().back());
        QVERIFY2(text.contains(QStringLiteral("%1 threads").arg(qRound(s->points().back().x()))),
                 qPrintable(text));
        QVERIFY2(text.split(QLatin1Char('\n')).value(1) !=
                     QStringLiteral("n = %1").arg(qRound(s->points().back().x())),
                 qPrintable(text));
    }

    // Two thread counts: any one-parameter model passes through both points, so the note says
    // what they cannot tell instead of "fits within 0.0 %".
    void twoThreadCountsProveNoModel()
    {
        ResultSet two;
        for (const Measurement &m : fixtures::realistic().rows)
            if (m.threads <= 2)
                two.rows.push_back(m);
        RunStore store;
        store.setResultSet(two);
        ScalingChart chart;
        chart.resize(1200, 800);
        chart.setModel(&store);
        chart.setSelectedSizes({4000});
        chart.updateNow();
        const QString note = chart.noteText();
        QVERIFY2(note.contains(QStringLiteral("n = 4000: 2 threads run ")), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("Two thread counts cannot say why")), qPrintable(note));
        QVERIFY2(!note.contains(QStringLiteral("fits within")) &&
                     !note.contains(QStringLiteral("explains the points")),
                 qPrintable(note));
    }

    void timeChartDrawsModelsOnRequest()
    {
        RunStore store;
        store.setResultSet(fixtures::realistic());
        TimeChart chart;
        chart.setModel(&store);
        chart.updateNow();
        QCOMPARE(chart.seriesWithRole(ChartView::Role::Fit).size(), 0);
        chart.setModelsShown(true);
        // The classroom view: the faded thread counts (2, 4 and 8) get no model.
        QCOMPARE(chart.seriesWithRole(ChartView::Role::Fit).size(), 4); // CPU 1 thread + 3 GPU curves
        chart.setAllThreadCounts(true);
        QCOMPARE(chart.seriesWithRole(ChartView::Role::Fit).size(), 7); // 4 CPU + 3 GPU curves
        chart.setAllThreadCounts(false);
        QVERIFY(chart.noteText().contains(QStringLiteral("Dotted: each curve's cost model")));
        {
            TimeChart again; // the choice is kept for the next start
            QVERIFY(again.modelsShown());
        }
        chart.setModelsShown(false);
        QCOMPARE(chart.seriesWithRole(ChartView::Role::Fit).size(), 0);
    }

    void tabHasThePanel()
    {
        RunStore store;
        ChartTabs tabs(&store);
        QVERIFY(ChartTabs::names().contains(QStringLiteral("explain")));
        tabs.setCurrent(QStringLiteral("explain"));
        QVERIFY(qobject_cast<ExplainChart *>(tabs.current()));
        QVERIFY(tabs.currentWidget()->findChild<WhatIfPanel *>());
        tabs.setCurrent(QStringLiteral("time"));
        QCOMPARE(tabs.current(), tabs.chart(QStringLiteral("time")));
    }

    // Issue 36: on curves of four sizes each, Explain said "each curve needs two sizes or more".
    // It names the curve that has no model, and why: here, times that do not grow with the work.
    void saysWhyACurveHasNoModel()
    {
        const auto chartOf = [](const ResultSet &r) {
            auto store = std::make_unique<RunStore>();
            store->setResultSet(r);
            auto chart = std::make_unique<ExplainChart>();
            chart->setModel(store.get());
            chart->resize(1280, 720);
            chart->updateNow();
            return std::pair{std::move(store), std::move(chart)};
        };
        ResultSet flat;
        flat.machine = fixtures::machine();
        for (int n : {4, 40, 400, 4000}) {
            flat.add(fixtures::point("cpu", 1, "", n, 2e-6));
            flat.add(fixtures::point("gpu", 0, "launch", n, 4e-6 + 1e-12 * n * n));
        }
        auto [s2, c2] = chartOf(flat);
        const QString said = c2->noteText() + c2->labelTexts().join(' ');
        QVERIFY2(said.contains(QStringLiteral("over its 4 sizes its times do not grow with the work")),
                 qPrintable(said));
        QVERIFY(!said.contains(QStringLiteral("two sizes or more")));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestExplainChart)
#include "tst_explainchart.moc"
