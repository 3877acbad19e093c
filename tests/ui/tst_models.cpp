// SPDX-License-Identifier: MIT
// Every item model of the app under QAbstractItemModelTester, plus what the table shows:
// failed, skipped and noisy rows marked, with the reason as a tooltip, and natural sorting.
#include "fixtures.h"

#include "core/devices/devicebackend.h"
#include "core/machine/gpuclocks.h"
#include "core/machine/machineinfo.h"
#include "ui/app.h"
#include "ui/devicemodel.h"
#include "ui/resulttablemodel.h"
#include "ui/runstore.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QElapsedTimer>
#include <QSignalSpy>
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
    void unitsHaveSiPrefixes_data();
    void unitsHaveSiPrefixes();
    void conditionsColumn();
    void roundsUpdateRowsInPlace();
    void liveRowsAreLinear();
    void oneRunIsTheViewAndTwoAreLabelled();
};

void TestModels::initTestCase()
{
    App::initialise();
}

void TestModels::resultModelUnderTester()
{
    RunStore store;
    ResultTableModel model(&store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const ResultSet r = fixtures::knownCrossover({316});
    store.clear(r.machine);
    for (const auto &m : r.rows)
        store.append(m);
    QCOMPARE(model.rowCount(), int(r.size()));
    QVERIFY(store.resultSet() == r);
    store.setMachine(MachineInfo());
    store.setResultSet(fixtures::realistic());
    QCOMPARE(model.rowCount(), int(fixtures::realistic().size()));
    store.clear(MachineInfo());
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), int(ResultTableModel::ColumnCount));
    QVERIFY(!model.data(model.index(0, 0)).isValid());
}

void TestModels::proxyUnderTester()
{
    RunStore store;
    ResultTableModel model(&store);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(ResultTableModel::SortRole);
    proxy.sort(ResultTableModel::TimeColumn);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    for (const auto &m : fixtures::realistic().rows)
        store.append(m);
    proxy.sort(ResultTableModel::NColumn, Qt::DescendingOrder);
    proxy.sort(ResultTableModel::SeriesColumn);
    store.setResultSet(fixtures::knownCrossover({100, 1000}));
    QCOMPARE(proxy.rowCount(), model.rowCount());
}

void TestModels::deviceModelUnderTester()
{
    DeviceModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMachine(Devices::probeMachine());
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
    RunStore store;
    ResultTableModel model(&store);
    store.append(m);
    const QModelIndex status0 = model.index(0, ResultTableModel::StatusColumn);
    QCOMPARE(model.data(status0).toString(), statusText);
    const bool marked = model.data(status0, Qt::BackgroundRole).value<QBrush>().style() != Qt::NoBrush;
    QCOMPARE(marked, statusText != QLatin1String("ok"));
    const QString tip = model.data(model.index(0, ResultTableModel::NColumn), Qt::ToolTipRole).toString();
    if (reason.isEmpty())
        QVERIFY(tip.isEmpty());
    else
        QVERIFY2(tip.contains(reason), qPrintable(tip));
    QCOMPARE(model.data(status0, ResultTableModel::NoisyRole).toBool(), noisy);
    // Only successful points show a time.
    QCOMPARE(model.data(model.index(0, ResultTableModel::TimeColumn)).toString().isEmpty(), !m.ok());
}

void TestModels::sortsNumerically_data()
{
    QTest::addColumn<int>("column");
    QTest::newRow("n") << int(ResultTableModel::NColumn);
    QTest::newRow("time") << int(ResultTableModel::TimeColumn);
    QTest::newRow("GB/s") << int(ResultTableModel::BandwidthColumn);
}

void TestModels::sortsNumerically()
{
    QFETCH(int, column);
    RunStore store;
    ResultTableModel model(&store);
    store.setResultSet(fixtures::realistic());
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(ResultTableModel::SortRole);
    proxy.sort(column);
    double last = -1e300;
    for (int r = 0; r < proxy.rowCount(); ++r) {
        const double v = proxy.data(proxy.index(r, column), ResultTableModel::SortRole).toDouble();
        QVERIFY(v >= last);
        last = v;
    }
    // Display text of n sorts 4 < 40 < 400, not "4" < "400" < "40".
    if (column == ResultTableModel::NColumn)
        QCOMPARE(proxy.data(proxy.index(proxy.rowCount() - 1, column)).toInt(), 4000);
}

void TestModels::unitsHaveSiPrefixes_data()
{
    // Issue 11: a slow point showed "3.299e-05" under "GB/s". Each cell carries its unit with
    // an SI prefix and 3 significant digits, never an exponent.
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("flops");
    QTest::addColumn<double>("median"); // seconds for all 10 iterations
    QTest::addColumn<QString>("time");
    QTest::addColumn<QString>("bandwidth");
    QTest::addColumn<QString>("flopRate");
    auto row = [](const char *name, double bytes, double flops, double median, const char *time,
                  const char *bandwidth, const char *flopRate) {
        QTest::newRow(name) << bytes << flops << median << QString::fromUtf8(time)
                            << QString::fromUtf8(bandwidth) << QString::fromUtf8(flopRate);
    };
    row("slow: kB/s", 3299, 1000, 0.1, "10 ms", "33 kB/s", "10 kFLOP/s");
    row("HBM: TB/s", 4.23e12 * 1e-4, 1e8, 1e-4, "10 \u00b5s", "4.23 TB/s", "1 TFLOP/s");
    row("no prefix, no FLOPs", 500, 0, 2, "200 ms", "250 B/s", "0 FLOP/s");
}

void TestModels::unitsHaveSiPrefixes()
{
    QFETCH(double, bytes);
    QFETCH(double, flops);
    QFETCH(double, median);
    QFETCH(QString, time);
    QFETCH(QString, bandwidth);
    QFETCH(QString, flopRate);
    Measurement m = fixtures::point("cpu", 1, "", 64, 1e-6);
    m.bytes = bytes;
    m.flops = flops;
    m.stats.median = median;
    RunStore store;
    ResultTableModel model(&store);
    store.append(m);
    auto text = [&](int column) { return model.data(model.index(0, column)).toString(); };
    QCOMPARE(text(ResultTableModel::TimeColumn), time);
    QCOMPARE(text(ResultTableModel::BandwidthColumn), bandwidth);
    QCOMPARE(text(ResultTableModel::FlopsColumn), flopRate);
    // The unit is in the cell, so the header names the quantity without a prefix.
    QCOMPARE(model.headerData(ResultTableModel::BandwidthColumn, Qt::Horizontal).toString(),
             QStringLiteral("Bytes/s"));
    QCOMPARE(model.headerData(ResultTableModel::FlopsColumn, Qt::Horizontal).toString(),
             QStringLiteral("FLOP/s"));
    // Sorting still goes by the number.
    QCOMPARE(
        model.data(model.index(0, ResultTableModel::BandwidthColumn), ResultTableModel::SortRole).toDouble(),
        bytes / median);
}

// The Conditions column and the status of issue 14's rows: a throttled GPU point, a GPU point
// of a sweep without NVML ("clocks not available", the reason in the tooltip), a cold point of
// three rounds; a plain row shows nothing there.
void TestModels::conditionsColumn()
{
    ResultSet r;
    r.machine.sweep.gpuClocks = "clocks not available: libnvidia-ml.so.1 could not be loaded";
    Measurement plain;
    plain.workload = "add";
    plain.backend = "cpu";
    plain.threads = 1;
    plain.n = 64;
    plain.iterations = 10;
    plain.verified = true;
    plain.stats = Stats::of({1e-5, 1.1e-5, 1.2e-5});
    Measurement cold = plain;
    cold.n = 128;
    cold.conditions.cache = "cold";
    cold.conditions.rounds = 3;
    cold.conditions.roundMin = 1.0e-5;
    cold.conditions.roundMax = 1.2e-5;
    Measurement gpu = plain;
    gpu.backend = "gpu";
    gpu.threads = 0;
    gpu.mode = "graph";
    gpu.device = 0;
    Measurement hot = gpu;
    hot.n = 128;
    hot.conditions.clockStart = {true, 1980, 2619, 60, 400, 0};
    hot.conditions.clockEnd = {true, 1200, 2619, 90, 700, GpuClocks::reasonSwThermalSlowdown};
    hot.conditions.throttled = true;
    hot.reason = "throttled: SM clock 1200 MHz, below 90 % of the sweep's 1980 MHz";
    for (const Measurement &m : {plain, cold, gpu, hot})
        r.add(m);
    RunStore store;
    ResultTableModel model(&store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    store.setResultSet(r);
    auto text = [&](int row, int column, int role = Qt::DisplayRole) {
        return model.data(model.index(row, column), role).toString();
    };
    QCOMPARE(text(0, ResultTableModel::ConditionsColumn), QString());
    QCOMPARE(text(1, ResultTableModel::ConditionsColumn),
             QStringLiteral("cold \u00b7 3 rounds, spread 18.2 %"));
    QCOMPARE(text(2, ResultTableModel::ConditionsColumn), QStringLiteral("clocks not available"));
    QVERIFY(text(2, ResultTableModel::ConditionsColumn, Qt::ToolTipRole).contains("libnvidia-ml.so.1"));
    QCOMPARE(text(3, ResultTableModel::ConditionsColumn),
             QStringLiteral("1980\u21921200 MHz \u00b7 throttled"));
    QCOMPARE(text(3, ResultTableModel::StatusColumn), QStringLiteral("throttled"));
    const QString tip = text(3, ResultTableModel::ConditionsColumn, Qt::ToolTipRole);
    QVERIFY2(tip.contains("sw thermal") && tip.contains("90") && tip.contains("700 W"), qPrintable(tip));
    QVERIFY(model.data(model.index(3, 0), Qt::BackgroundRole).isValid()); // marked like a noisy row
}

// A sweep of several rounds sends each point again after every round: the row is updated in
// place, never doubled.
void TestModels::roundsUpdateRowsInPlace()
{
    RunStore store;
    ResultTableModel model(&store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    store.clear(MachineInfo());
    Measurement m;
    m.workload = "add";
    m.backend = "cpu";
    m.threads = 1;
    m.n = 64;
    m.iterations = 10;
    m.verified = true;
    m.stats = Stats::of({1e-5, 1.1e-5});
    store.append(m);
    Measurement other = m;
    other.n = 128;
    store.append(other);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    m.conditions.rounds = 2;
    m.conditions.roundMin = 1e-5;
    m.conditions.roundMax = 1.1e-5;
    store.append(m);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(store.measurement(0).conditions.rounds, 2);
    QCOMPARE(store.measurement(1).n, 128);
}

// A live sweep's rows arrive one by one; each was looked up in every row before it (to replace
// a point sent again after a round), so a sweep of 8,000 points did 32 million comparisons.
// Four times the rows may take four times as long; the test allows 10 (the square: 16), plus
// 50 ms for a busy machine.
void TestModels::liveRowsAreLinear()
{
    auto append = [](int count) {
        RunStore store;
        store.clear(MachineInfo());
        Measurement m;
        m.workload = "add";
        m.backend = "cpu";
        m.threads = 1;
        m.iterations = 10;
        m.stats = Stats::of({1e-5, 1.1e-5});
        QElapsedTimer clock;
        clock.start();
        for (int i = 0; i < count; ++i) {
            m.n = 4 + i;
            store.append(m);
        }
        m.n = 4; // a point sent again (its next round) replaces its row
        m.conditions.rounds = 2;
        store.append(m);
        const double s = double(clock.nsecsElapsed()) / 1e9;
        return store.rowCount() == count && store.measurement(0).conditions.rounds == 2 ? s : -1.0;
    };
    const double few = append(2000), many = append(8000);
    QVERIFY(few >= 0 && many >= 0);
    QVERIFY2(many < 10 * few + 0.05,
             qPrintable(QStringLiteral("2,000 rows: %1 s, 8,000: %2 s").arg(few).arg(many)));
}

// One visible run is the view itself (a million rows were held twice); with two, the view
// joins them, each row named by its run; hiding one makes the other the view again.
void TestModels::oneRunIsTheViewAndTwoAreLabelled()
{
    RunStore store;
    ResultTableModel model(&store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    RunRecord a, b;
    a.label = "a";
    b.label = "b";
    for (int n : {4, 40}) {
        a.results.add(fixtures::point("cpu", 1, "", n, 1e-6 * n));
        b.results.add(fixtures::point("cpu", 1, "", n, 2e-6 * n));
    }
    store.setRuns({a});
    QCOMPARE(&store.resultSet(), &store.runs()[0].results);
    store.addRun(b);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(store.measurement(2).run, std::string("b"));
    QVERIFY(&store.resultSet() != &store.runs()[0].results);
    store.setRunVisible(0, false);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(&store.resultSet(), &store.runs()[1].results);
    QCOMPARE(store.measurement(0).run, std::string());
}

QTEST_MAIN(TestModels)
#include "tst_models.moc"
