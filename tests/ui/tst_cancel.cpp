// SPDX-License-Identifier: MIT
// Cancel in the middle of a sweep: it stops within about a second, every point measured so
// far stays, and the window goes on working.
#include "ui/app.h"
#include "ui/charts/timechart.h"
#include "ui/mainwindow.h"
#include "ui/runstore.h"
#include "ui/sweepcontroller.h"
#include "ui/sweeppanel.h"

#include <QAction>
#include <QElapsedTimer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QXYSeries>

using namespace speeduplab;

class TestCancel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cancelKeepsThePointsSoFar_data();
    void cancelKeepsThePointsSoFar();
    void closingDuringASweepStopsIt();

private:
    QTemporaryDir m_dir;
};

void TestCancel::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
}

void TestCancel::cancelKeepsThePointsSoFar_data()
{
    QTest::addColumn<bool>("byShortcut");
    QTest::newRow("Cancel button") << false;
    QTest::newRow("Esc action") << true;
}

void TestCancel::cancelKeepsThePointsSoFar()
{
    QFETCH(bool, byShortcut);
    MainWindow w(m_dir.filePath(QStringLiteral("cancel.ini")));
    QStringList errors;
    w.setErrorReporter([&errors](const QString &, const QString &text) { errors << text; });
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));

    // Long enough to be mid-sweep for seconds: every point repeats for at least 0.4 s.
    SweepForm f = w.sweepPanel()->form();
    f.workload = QStringLiteral("add");
    f.sizesAsRange = false;
    f.sizeList = QStringLiteral("64,128,256,512,1024,2048");
    f.cpu = true;
    f.threads = {1};
    f.gpu = false;
    f.iterations = 100;
    f.minTime = 0.4;
    w.sweepPanel()->setForm(f);
    QVERIFY2(w.sweepPanel()->problem().isEmpty(), qPrintable(w.sweepPanel()->problem()));

    QSignalSpy measured(w.controller(), &SweepController::measurementAvailable);
    QSignalSpy finished(&w, &MainWindow::sweepFinished);
    QVERIFY(w.runSweep());
    QVERIFY(measured.wait(20000)); // the first point is in
    QTest::qWait(150);             // and the next one is being measured
    const int before = w.runStore()->rowCount();
    QVERIFY(before >= 1);
    QVERIFY(w.isRunning());

    QElapsedTimer clock;
    clock.start();
    if (byShortcut)
        w.findChild<QAction *>(QStringLiteral("cancelAction"))->trigger();
    else
        QTest::mouseClick(w.sweepPanel()->cancelButton(), Qt::LeftButton);
    QVERIFY(finished.wait(5000));
    const qint64 stopMs = clock.elapsed();
    QVERIFY2(stopMs < 1500, qPrintable(QStringLiteral("took %1 ms to stop").arg(stopMs)));
    QCOMPARE(finished.first().first().toBool(), true);
    QVERIFY(!w.isRunning());
    QVERIFY(errors.isEmpty());

    // The points measured before the stop are all kept; the one in flight is marked cancelled.
    const ResultSet r = w.runStore()->resultSet();
    QVERIFY(int(r.size()) >= before);
    QVERIFY(int(r.size()) < 6);
    int ok = 0;
    for (const auto &m : r.rows) {
        if (m.ok())
            ++ok;
        else
            QCOMPARE(m.status, Measurement::Status::Cancelled);
    }
    QVERIFY(ok >= before);
    w.timeChart()->updateNow();
    const QList<QXYSeries *> data = w.timeChart()->seriesWithRole(ChartView::Role::Data);
    QCOMPARE(data.size(), 1);
    QCOMPARE(data[0]->count(), ok);

    // Still usable: the panel is editable again and a second sweep runs to its end.
    QVERIFY(w.sweepPanel()->runButton()->isEnabled());
    QVERIFY(!w.sweepPanel()->cancelButton()->isEnabled());
    f.sizeList = QStringLiteral("4,16");
    f.minTime = 0;
    f.iterations = 10;
    w.sweepPanel()->setForm(f);
    finished.clear();
    QVERIFY(w.runSweep());
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.first().first().toBool(), false);
    // The second sweep is a run of its own; the cancelled one keeps its points.
    QCOMPARE(w.runStore()->runCount(), 2);
    QCOMPARE(w.runStore()->runs().front().results.size(), r.size());
    QCOMPARE(w.runStore()->runs().back().results.size(), std::size_t(2));
}

void TestCancel::closingDuringASweepStopsIt()
{
    QElapsedTimer clock;
    {
        auto w = std::make_unique<MainWindow>(m_dir.filePath(QStringLiteral("close.ini")));
        SweepForm f = w->sweepPanel()->form();
        f.sizesAsRange = false;
        f.sizeList = QStringLiteral("256,512,1024");
        f.threads = {1};
        f.gpu = false;
        f.iterations = 100;
        f.minTime = 1;
        w->sweepPanel()->setForm(f);
        QSignalSpy started(w->controller(), &SweepController::progress);
        QVERIFY(w->runSweep());
        QVERIFY(started.wait(10000));
        QTest::qWait(100);
        w->close();
        clock.start();
    } // the window, its controller and the worker thread go away here
    QVERIFY2(clock.elapsed() < 2000, qPrintable(QString::number(clock.elapsed())));
}

QTEST_MAIN(TestCancel)
#include "tst_cancel.moc"
