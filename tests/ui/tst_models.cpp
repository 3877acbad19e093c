// SPDX-License-Identifier: MIT
// Every item model of the app under QAbstractItemModelTester, plus what the table shows:
// failed, skipped and noisy rows marked, with the reason as a tooltip, and natural sorting.
#include "fixtures.h"

#include "core/machineinfo.h"
#include "ui/app.h"
#include "ui/devicemodel.h"
#include "ui/resultmodel.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace speeduplab;

class TestModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void resultModelUnderTester();
    void proxyUnderTester();
    void deviceModelUnderTester();
    void rowsAreMarked_data();
    void rowsAreMarked();
    void sortsNumerically_data();
    void sortsNumerically();
};

void TestModels::initTestCase()
{
    App::initialise();
}

void TestModels::resultModelUnderTester()
{
    ResultModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const ResultSet r = fixtures::knownCrossover({316});
    model.clear(r.machine);
    for (const auto &m : r.rows)
        model.append(m);
    QCOMPARE(model.rowCount(), int(r.size()));
    QVERIFY(model.resultSet() == r);
    model.setMachine(MachineInfo());
    model.setResultSet(fixtures::realistic());
    QCOMPARE(model.rowCount(), int(fixtures::realistic().size()));
    model.clear(MachineInfo());
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), int(ResultModel::ColumnCount));
    QVERIFY(!model.data(model.index(0, 0)).isValid());
}

void TestModels::proxyUnderTester()
{
    ResultModel model;
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(ResultModel::SortRole);
    proxy.sort(ResultModel::TimeColumn);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    for (const auto &m : fixtures::realistic().rows)
        model.append(m);
    proxy.sort(ResultModel::NColumn, Qt::DescendingOrder);
    proxy.sort(ResultModel::SeriesColumn);
    model.setResultSet(fixtures::knownCrossover({100, 1000}));
    QCOMPARE(proxy.rowCount(), model.rowCount());
}

void TestModels::deviceModelUnderTester()
{
    DeviceModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMachine(MachineInfo::probe());
    QVERIFY(model.rowCount() > 3);
    QCOMPARE(model.data(model.index(0, 0)).toString(), QStringLiteral("CPU"));
    model.setMachine(fixtures::machine());
    bool sawGpu = false;
    for (int r = 0; r < model.rowCount(); ++r)
        sawGpu = sawGpu || model.data(model.index(r, 1)).toString().contains(QStringLiteral("Test GPU"));
    QVERIFY(sawGpu);
    model.setMachine(MachineInfo());
}

void TestModels::rowsAreMarked_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("noisy");
    QTest::addColumn<QString>("statusText");
    QTest::addColumn<QString>("reason");
    QTest::newRow("ok") << int(Measurement::Status::Ok) << false << "ok"
                        << "";
    QTest::newRow("noisy") << int(Measurement::Status::Ok) << true << "noisy"
                           << "timings vary";
    QTest::newRow("failed") << int(Measurement::Status::Failed) << false << "failed"
                            << "wrong result";
    QTest::newRow("skipped") << int(Measurement::Status::Skipped) << false << "skipped"
                             << "no GPU";
    QTest::newRow("cancelled") << int(Measurement::Status::Cancelled) << false << "cancelled"
                               << "cancelled while";
}

void TestModels::rowsAreMarked()
{
    QFETCH(int, status);
    QFETCH(bool, noisy);
    QFETCH(QString, statusText);
    QFETCH(QString, reason);
    Measurement m = fixtures::point("cpu", 1, "", 64, 1e-6, noisy ? 0.3 : 0.01);
    m.stats.cv = noisy ? 0.2 : 0.01;
    m.status = Measurement::Status(status);
    if (m.status == Measurement::Status::Failed)
        m.reason = "wrong result: element 0 is 1, expected 2";
    if (m.status == Measurement::Status::Skipped)
        m.reason = "no GPU: built without CUDA";
    if (m.status == Measurement::Status::Cancelled)
        m.reason = "cancelled while it was being measured";
    ResultModel model;
    model.append(m);
    const QModelIndex status0 = model.index(0, ResultModel::StatusColumn);
    QCOMPARE(model.data(status0).toString(), statusText);
    const bool marked = model.data(status0, Qt::BackgroundRole).value<QBrush>().style() != Qt::NoBrush;
    QCOMPARE(marked, statusText != QLatin1String("ok"));
    const QString tip = model.data(model.index(0, ResultModel::NColumn), Qt::ToolTipRole).toString();
    if (reason.isEmpty())
        QVERIFY(tip.isEmpty());
    else
        QVERIFY2(tip.contains(reason), qPrintable(tip));
    QCOMPARE(model.data(status0, ResultModel::NoisyRole).toBool(), noisy);
    // Only successful points show a time.
    QCOMPARE(model.data(model.index(0, ResultModel::TimeColumn)).toString().isEmpty(), !m.ok());
}

void TestModels::sortsNumerically_data()
{
    QTest::addColumn<int>("column");
    QTest::newRow("n") << int(ResultModel::NColumn);
    QTest::newRow("time") << int(ResultModel::TimeColumn);
    QTest::newRow("GB/s") << int(ResultModel::BandwidthColumn);
}

void TestModels::sortsNumerically()
{
    QFETCH(int, column);
    ResultModel model;
    model.setResultSet(fixtures::realistic());
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(ResultModel::SortRole);
    proxy.sort(column);
    double last = -1e300;
    for (int r = 0; r < proxy.rowCount(); ++r) {
        const double v = proxy.data(proxy.index(r, column), ResultModel::SortRole).toDouble();
        QVERIFY(v >= last);
        last = v;
    }
    // Display text of n sorts 4 < 40 < 400, not "4" < "400" < "40".
    if (column == ResultModel::NColumn)
        QCOMPARE(proxy.data(proxy.index(proxy.rowCount() - 1, column)).toInt(), 4000);
}

QTEST_MAIN(TestModels)
#include "tst_models.moc"
