// SPDX-License-Identifier: MIT
// The worker on its own thread: every point arrives by a queued signal on the GUI thread,
// progress is reported, and a plan that cannot run fails with a sentence.
#include "core/plan/sweepplan.h"
#include "ui/app.h"
#include "ui/sweepcontroller.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace speeduplab;

class TestSweepWorker : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void pointsArriveOnTheGuiThread_data();
    void pointsArriveOnTheGuiThread();
    void invalidPlanFails();
    void secondStartWhileRunningIsRefused();
};

void TestSweepWorker::initTestCase()
{
    App::initialise();
}

void TestSweepWorker::pointsArriveOnTheGuiThread_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("sizes");
    QTest::addColumn<bool>("gpu");
    QTest::newRow("add, CPU") << "add"
                              << "4,16,64" << false;
    QTest::newRow("saxpy, CPU") << "saxpy"
                                << "8,32" << false;
    QTest::newRow("add, CPU and GPU modes") << "add"
                                            << "4,16" << true; // skipped without a GPU
}

void TestSweepWorker::pointsArriveOnTheGuiThread()
{
    QFETCH(QString, workload);
    QFETCH(QString, sizes);
    QFETCH(bool, gpu);
    SweepPlan plan;
    plan.workload = workload.toStdString();
    plan.sizes = SweepPlan::parseSizes(sizes.toStdString());
    plan.threads = {1};
    plan.iterations = 5;
    plan.minTime = 0;
    plan.gpu = gpu;
    // One delivery a point: on a busy machine (CI builds beside the tests) a disturbed point was
    // measured again and delivered twice, which is the runner's business, not this test's.
    plan.remeasureDisturbed = false;

    SweepController c;
    QList<Measurement> got;
    bool offThread = false;
    connect(&c, &SweepController::measurementAvailable, this, [&](const Measurement &m) {
        offThread = offThread || QThread::currentThread() != QCoreApplication::instance()->thread();
        got << m;
    });
    QSignalSpy progress(&c, &SweepController::progress);
    QSignalSpy finished(&c, &SweepController::finished);
    QVERIFY(c.start(plan));
    QVERIFY(c.isRunning());
    QVERIFY(finished.wait(30000));
    QVERIFY(!c.isRunning());
    QVERIFY(!offThread);
    QCOMPARE(got.size(), int(plan.points().size()));
    const auto r = finished.first().first().value<ResultSet>();
    QCOMPARE(r.size(), plan.points().size());
    QCOMPARE(finished.first().at(1).toBool(), false);
    for (int i = 0; i < got.size(); ++i)
        QVERIFY(got[i] == r.rows[std::size_t(i)]);
    QVERIFY(progress.size() >= got.size());
    const auto last = progress.last().first().value<SweepRunner::Progress>();
    QCOMPARE(last.done, last.total);
}

void TestSweepWorker::invalidPlanFails()
{
    SweepPlan plan;
    plan.workload = "frobnicate";
    plan.sizes = {4};
    plan.threads = {1};
    SweepController c;
    QSignalSpy failed(&c, &SweepController::failed);
    QVERIFY(c.start(plan));
    QVERIFY(failed.wait(10000));
    const QString msg = failed.first().first().toString();
    QVERIFY2(msg.contains(QStringLiteral("unknown workload")), qPrintable(msg));
    QVERIFY(msg.at(0).isUpper() && msg.endsWith(QLatin1Char('.')));
    QVERIFY(!c.isRunning());
}

void TestSweepWorker::secondStartWhileRunningIsRefused()
{
    SweepPlan plan;
    plan.sizes = {256, 512};
    plan.threads = {1};
    plan.iterations = 100;
    plan.minTime = 0.3;
    plan.gpu = false;
    SweepController c;
    QSignalSpy finished(&c, &SweepController::finished);
    QVERIFY(c.start(plan));
    QVERIFY(!c.start(plan));
    c.cancel();
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.first().at(1).toBool(), true);
    QVERIFY(c.lastCancelLatencyMs() >= 0);
}

QTEST_MAIN(TestSweepWorker)
#include "tst_sweepworker.moc"
