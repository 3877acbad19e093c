// SPDX-License-Identifier: MIT
// A PyTorch reference run drawn over ours through the window: dashed, in the colour of the
// curve of ours it corresponds to, named after the tool, with the time ratios in the note;
// never in the table or the crossovers; removable; a bad file changes nothing.
#include "fixtures.h"

#include "core/results/resultio.h"
#include "ui/app.h"
#include "ui/charts/timechart.h"
#include "ui/mainwindow.h"
#include "ui/runstore.h"

#include <QAction>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QTest>

using namespace speeduplab;

class TestReferenceOverlay : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void referenceIsDrawnDashedOverOurCurves();
    void badReferenceFileChangesNothing();

private:
    QString write(const ResultSet &r, const QString &name);
    QLineSeries *dataSeries(TimeChart *chart, const QString &name);
    QTemporaryDir m_dir;
};

void TestReferenceOverlay::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
}

QString TestReferenceOverlay::write(const ResultSet &r, const QString &name)
{
    const QString path = m_dir.filePath(name);
    ResultIO::writeCsv(r, path.toStdString());
    return path;
}

void TestReferenceOverlay::referenceIsDrawnDashedOverOurCurves()
{
    const ResultSet ours = fixtures::knownCrossover({316});
    const QString oursPath = write(ours, QStringLiteral("ours.csv"));
    const QString refPath = write(fixtures::torchReference(ours, 2.0), QStringLiteral("torch.csv"));

    MainWindow w(m_dir.filePath(QStringLiteral("overlay.ini")));
    w.setErrorReporter([](const QString &, const QString &text) { QFAIL(qPrintable(text)); });
    QVERIFY(w.openResults(oursPath));
    auto *remove = w.findChild<QAction *>(QStringLiteral("removeOverlayAction"));
    QVERIFY(remove);
    QVERIFY(!remove->isEnabled());
    QVERIFY(w.overlayReference(refPath));
    QVERIFY(remove->isEnabled());
    TimeChart *chart = w.timeChart();
    chart->updateNow();

    // One dashed curve per reference series: CPU 1 thread and GPU eager.
    const QList<QXYSeries *> refs = chart->seriesWithRole(ChartView::Role::Reference);
    QCOMPARE(refs.size(), 2);
    const QList<QXYSeries *> data = chart->seriesWithRole(ChartView::Role::Data);
    for (QXYSeries *ref : refs) {
        // Named after the reference run: its program and device.
        QVERIFY2(ChartView::legendText(ref).startsWith(QStringLiteral("PyTorch 9.9 \u00b7 Test GPU: ")),
                 qPrintable(ChartView::legendText(ref)));
        QCOMPARE(ref->pen().style(), Qt::DashLine);
        // Same colour as the curve of ours it is compared with: CPU with CPU, eager with launch.
        const QString ourName = ChartView::legendText(ref).contains(QStringLiteral("eager"))
                                    ? QStringLiteral("GPU launch")
                                    : QStringLiteral("CPU 1 thread");
        const auto counterpart = std::find_if(data.begin(), data.end(), [&](QXYSeries *s) {
            return ChartView::legendText(s).endsWith(ourName);
        });
        QVERIFY2(counterpart != data.end(), qPrintable(ourName));
        QCOMPARE(ref->color(), (*counterpart)->color());
        // Twice our time at every n.
        QCOMPARE(ref->count(), (*counterpart)->count());
        for (int i = 0; i < ref->count(); ++i)
            QVERIFY(qAbs(ref->at(i).y() / (*counterpart)->at(i).y() - 2.0) < 1e-9);
    }
    // The note gives the ratios. The reference is a run like any other: its own crossover is
    // marked (twice our time on both sides: at the same n), and its rows are in the table.
    QVERIFY2(chart->noteText().contains(QStringLiteral("CPU 1 thread 0.50\u00d7")),
             qPrintable(chart->noteText()));
    QVERIFY2(chart->noteText().contains(QStringLiteral("GPU launch 0.50\u00d7")),
             qPrintable(chart->noteText()));
    QCOMPARE(chart->markers().size(), 2);
    QVERIFY(chart->markers()[0].cpuLabel.endsWith(QStringLiteral("best CPU")));
    QVERIFY(chart->markers()[1].cpuLabel.startsWith(QStringLiteral("PyTorch 9.9")));
    for (const TimeChart::Marker &m : chart->markers())
        QVERIFY(qAbs(m.n / 316 - 1) < 1e-6);
    QCOMPARE(w.runStore()->rowCount(), int(ours.size() + fixtures::torchReference(ours, 2.0).size()));
    QCOMPARE(w.runStore()->runCount(), 2);
    QVERIFY(w.runStore()->runs().back().reference);

    // It stays over a new set of results, and goes when removed.
    QVERIFY(w.openResults(oursPath));
    chart->updateNow();
    QCOMPARE(chart->countWithRole(ChartView::Role::Reference), 2);
    remove->trigger();
    chart->updateNow();
    QCOMPARE(chart->countWithRole(ChartView::Role::Reference), 0);
    QVERIFY(!chart->noteText().contains(QStringLiteral("PyTorch")));
    QVERIFY(!remove->isEnabled());
}

void TestReferenceOverlay::badReferenceFileChangesNothing()
{
    const ResultSet ours = fixtures::knownCrossover({100});
    MainWindow w(m_dir.filePath(QStringLiteral("bad.ini")));
    QStringList errors;
    w.setErrorReporter([&](const QString &, const QString &text) { errors << text; });
    QVERIFY(w.openResults(write(ours, QStringLiteral("ours2.csv"))));
    QVERIFY(w.overlayReference(write(fixtures::torchReference(ours, 1.0), QStringLiteral("ref.csv"))));

    QFile broken(m_dir.filePath(QStringLiteral("broken.csv")));
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("workload,backend\nadd\n");
    broken.close();
    QVERIFY(!w.overlayReference(broken.fileName()));
    QVERIFY(!w.overlayReference(write(ResultSet{}, QStringLiteral("empty.csv"))));
    QCOMPARE(errors.size(), 2);
    QVERIFY2(errors[1].contains(QStringLiteral("no successful measurement")), qPrintable(errors[1]));
    // The first reference is still drawn.
    w.timeChart()->updateNow();
    QCOMPARE(w.timeChart()->countWithRole(ChartView::Role::Reference), 2);
}

QTEST_MAIN(TestReferenceOverlay)
#include "tst_referenceoverlay.moc"
