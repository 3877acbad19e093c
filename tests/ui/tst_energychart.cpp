// SPDX-License-Identifier: MIT
// The energy chart, Explain's energy section and the cost chart's price per kWh, on a synthetic run
// with known energy (fixtures::withEnergy: the CPU at 50 W, the GPU at 200 W on curves that cross
// in time at n = 316, so that the GPU spends less energy above n = 632); rows without energy are
// never drawn as 0; results without any say why, in the sweep's own sentence.
#include "fixtures.h"

#include "core/analysis/energyanalysis.h"
#include "ui/app.h"
#include "ui/charts/costchart.h"
#include "ui/charts/energychart.h"
#include "ui/charts/explainchart.h"
#include "ui/htmlreport.h"
#include "ui/runstore.h"

#include <QLineSeries>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace speeduplab;

class TestEnergyChart : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        App::initialise();
        QVERIFY(m_dir.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
    }

    void theEnergyCrossoverIsWhereThePowersSayItIs()
    {
        const ResultSet r = fixtures::withEnergy(fixtures::knownCrossover({316}), 50, 200);
        const std::vector<EnergyCrossover> x = EnergyAnalysis::crossovers(r, "add");
        QCOMPARE(int(x.size()), 1);
        QCOMPARE(int(x.front().crossings.size()), 1);
        QVERIFY(x.front().crossings.front().gpuBecomesFaster);
        QVERIFY2(std::abs(x.front().crossings.front().n - 632) / 632 < 0.03,
                 qPrintable(QString::number(x.front().crossings.front().n)));
        QVERIFY(x.front().sentence("the GPU").rfind("the GPU spends less energy than the CPU above n ≈ 6",
                                                    0) == 0);

        RunStore store;
        store.setResultSet(r);
        EnergyChart chart;
        chart.resize(1000, 700);
        chart.setModel(&store);
        chart.updateNow();
        QCOMPARE(chart.seriesWithRole(ChartView::Role::Data).size(), 2);
        QCOMPARE(chart.countWithRole(ChartView::Role::Marker), 1);
        const QString labels = chart.labelTexts().join(' ');
        QVERIFY2(labels.contains(QRegularExpression(
                     QStringLiteral("spends less energy than the CPU above n \u2248 6[23]\\d"))),
                 qPrintable(labels));
        QVERIFY2(chart.noteText().contains(QStringLiteral("Lower is better")), qPrintable(chart.noteText()));
        // The J per operation drawn are the rows' own (in the axis's unit).
        const QXYSeries *cpu = chart.seriesWithRole(ChartView::Role::Data).front();
        QVERIFY(cpu->count() > 5);
    }

    // A point without energy is left out of its curve and counted in the note: no 0 on a log axis,
    // and no made-up value.
    void pointsWithoutEnergyAreNotDrawn()
    {
        const ResultSet r = fixtures::withEnergy(fixtures::knownCrossover({316}), 50, 200, {40, 400});
        RunStore store;
        store.setResultSet(r);
        EnergyChart chart;
        chart.setModel(&store);
        chart.updateNow();
        for (const QXYSeries *s : chart.seriesWithRole(ChartView::Role::Data))
            for (const QPointF &p : s->points()) {
                QVERIFY(p.y() > 0);
                QVERIFY(p.x() != 40 && p.x() != 400);
            }
        QVERIFY2(chart.noteText().contains(QStringLiteral("have no energy and are not drawn")),
                 qPrintable(chart.noteText()));
    }

    void withoutEnergyTheChartSaysWhy()
    {
        ResultSet r = fixtures::knownCrossover({316});
        r.machine.sweep.energyMissing = "no energy for the CPU: no energy counters on this machine (a "
                                        "virtual machine: the hypervisor shows none)";
        RunStore store;
        store.setResultSet(r);
        EnergyChart chart;
        chart.setModel(&store);
        chart.updateNow();
        QVERIFY(chart.seriesWithRole(ChartView::Role::Data).isEmpty());
        QVERIFY2(
            chart.noteText().contains(QStringLiteral("No point has energy")) &&
                chart.noteText().contains(QStringLiteral("a virtual machine: the hypervisor shows none")),
            qPrintable(chart.noteText()));
        r.machine.sweep.energyMissing.clear(); // an older file
        store.setResultSet(r);
        chart.updateNow();
        QVERIFY2(chart.noteText().contains(QStringLiteral("measured before it read them")),
                 qPrintable(chart.noteText()));
    }

    void explainNamesTheEnergyCrossover()
    {
        RunStore store;
        store.setResultSet(fixtures::withEnergy(fixtures::knownCrossover({316}), 50, 200));
        ExplainChart chart;
        chart.setModel(&store);
        chart.updateNow();
        QString all;
        for (const auto &section : chart.explanations())
            all += section.title + QLatin1Char('\n') + section.sentences.join(QLatin1Char('\n')) +
                   QLatin1Char('\n');
        QVERIFY2(all.contains(QStringLiteral("Where the GPU spends less energy")), qPrintable(all));
        QVERIFY2(all.contains(QRegularExpression(
                     QStringLiteral("spends less energy than the CPU above n \u2248 6[23]\\d"))),
                 qPrintable(all));
    }

    // The report names the energy crossover and draws the energy chart; without energy it has
    // neither.
    void theReportNamesIt()
    {
        RunStore store;
        store.setResultSet(fixtures::withEnergy(fixtures::knownCrossover({316}), 50, 200));
        const QString page = QString::fromStdString(HtmlReport::build(store, {}));
        QVERIFY(page.contains(QStringLiteral("Where the GPU spends less energy")));
        QVERIFY(page.contains(
            QRegularExpression(QStringLiteral("spends less energy than the CPU above n ≈ 6[23]\\d"))));
        QVERIFY(page.contains(QStringLiteral("energy per operation vs n")));
        store.setResultSet(fixtures::knownCrossover({316}));
        const QString bare = QString::fromStdString(HtmlReport::build(store, {}));
        QVERIFY(!bare.contains(QStringLiteral("spends less energy")));
        QVERIFY(!bare.contains(QStringLiteral("energy per operation vs n")));
    }

    // The cost chart with a price per kWh: each point's energy priced on top of its time. At 1 per
    // hour for both and a price per kWh high enough that energy decides, the cost crossover moves
    // to the energy crossover; without energy the price is not counted, and says so.
    void costCountsEnergyAtAPricePerKWh()
    {
        RunStore store;
        store.setResultSet(fixtures::withEnergy(fixtures::knownCrossover({316}), 50, 200));
        CostChart chart;
        chart.setModel(&store);
        chart.setPrices(0.0001, 0.0001);
        chart.setEnergyPrice(1000);
        chart.updateNow();
        const QRegularExpression cheaper(QStringLiteral("cheaper from n \u2248 (\\d+)"));
        const auto match = cheaper.match(chart.noteText());
        QVERIFY2(match.hasMatch(), qPrintable(chart.noteText()));
        QVERIFY2(std::abs(match.captured(1).toDouble() - 632) / 632 < 0.05, qPrintable(chart.noteText()));
        QVERIFY2(chart.noteText().contains(QStringLiteral("Electricity at 1000 per kWh")),
                 qPrintable(chart.noteText()));

        store.setResultSet(fixtures::knownCrossover({316}));
        chart.updateNow();
        QVERIFY2(chart.noteText().contains(
                     QStringLiteral("The price per kWh is not counted: these results hold no energy")),
                 qPrintable(chart.noteText()));
        QVERIFY(!chart.seriesWithRole(ChartView::Role::Data).isEmpty()); // priced by time alone
        chart.setEnergyPrice(0);
        QCOMPARE(CostChart().perKWh(), 0.0);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestEnergyChart)
#include "tst_energychart.moc"
