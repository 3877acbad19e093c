// SPDX-License-Identifier: MIT
// Calibration in the app: the throughput chart draws one line per ceiling that applies to the
// series shown, the table gives each point's share of its ceiling, and a real CPU calibration
// through the window fills the results, survives Save/Open and can be cancelled.
#include "fixtures.h"

#include "core/devices/devicebackend.h"
#include "core/kernels/cpukernels.h"
#include "core/measure/calibration.h"
#include "core/results/resultio.h"
#include "ui/app.h"
#include "ui/charts/throughputchart.h"
#include "ui/devicemodel.h"
#include "ui/mainwindow.h"
#include "ui/resulttablemodel.h"
#include "ui/runstore.h"
#include "ui/sweepcontroller.h"
#include "ui/sweeppanel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QChart>
#include <QElapsedTimer>
#include <QLogValueAxis>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QXYSeries>

#include <map>

using namespace speeduplab;

namespace {

using Lines = QMap<QString, double>; // label start -> GB/s or GFLOP/s

using fixtures::gemmPoint;

/// add on CPU (1 and 4 threads) and GPU (launch), and gemm on CPU and GPU.
ResultSet mixed(const std::map<std::string, double> &ceilings, bool withGpu = true)
{
    ResultSet r;
    r.machine = fixtures::machine();
    r.machine.ceilings = ceilings;
    for (int n : {64, 256, 1024, 4096}) {
        const double bytes = 8.0 * n * n;
        r.add(fixtures::point("cpu", 1, "", n, 1e-7 + bytes / 3e9));
        r.add(fixtures::point("cpu", 4, "", n, 1e-6 + bytes / 5e9));
        if (withGpu)
            r.add(fixtures::point("gpu", 0, "launch", n, 5e-6 + bytes / 2e12));
        r.add(gemmPoint("cpu", 4, "", n, 40));
        if (withGpu)
            r.add(gemmPoint("gpu", 0, "launch", n, 20000));
    }
    return r;
}

const std::map<std::string, double> kCeilings = {{Calibration::cpuTriad, 6.2e9},
                                                 {Calibration::gpuCopy, 4.23e12},
                                                 {Calibration::gpuCublas, 45e12},
                                                 {Calibration::gpuLaunch, 2.5e-6}};

Lines ceilingLines(ChartView *c)
{
    Lines out;
    const QStringList labels = c->labelTexts();
    for (QXYSeries *s : c->seriesWithRole(ChartView::Role::Guide)) {
        if (!s->objectName().startsWith(QLatin1String("ceiling:")))
            continue;
        const QString name = s->objectName().mid(8);
        // Horizontal: the same value at both ends.
        if (s->count() != 2 || s->at(0).y() != s->at(1).y())
            return {{QStringLiteral("not a horizontal line: ") + name, 0}};
        out.insert(name, s->at(0).y() / (1e9 * c->yScale())); // plotted in the axis' unit
    }
    return out;
}

} // namespace

class TestCalibration : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void throughputDrawsCeilings_data();
    void throughputDrawsCeilings();
    void throughputDrawsEachLevel();
    void percentOfCeiling_data();
    void percentOfCeiling();
    void percentColumnFollowsTheMachine();
    void workerCalibratesTheCpu();
    void calibrateActionFillsTheResults();
    void cancelLeavesTheAppUsable();

private:
    QTemporaryDir m_dir;
};

void TestCalibration::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
}

void TestCalibration::throughputDrawsCeilings_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<bool>("withCeilings");
    QTest::addColumn<bool>("withGpu");
    QTest::addColumn<Lines>("expected");
    QTest::addColumn<QStringList>("labels");
    QTest::newRow("add: CPU triad and GPU copy")
        << "add" << true << true
        << Lines{{QStringLiteral("CPU triad"), 6.2}, {QStringLiteral("GPU copy"), 4230}}
        << QStringList{QStringLiteral("CPU triad 6.2 GB/s"), QStringLiteral("GPU copy 4.23 TB/s")};
    QTest::newRow("add, CPU only: the GPU ceiling does not apply")
        << "add" << true << false << Lines{{QStringLiteral("CPU triad"), 6.2}}
        << QStringList{QStringLiteral("CPU triad 6.2 GB/s")};
    QTest::newRow("gemm: cuBLAS only, no CPU GEMM ceiling measured")
        << "gemm" << true << true << Lines{{QStringLiteral("GPU cuBLAS"), 45000}}
        << QStringList{QStringLiteral("GPU cuBLAS 45 TFLOP/s")};
    QTest::newRow("add without ceilings") << "add" << false << true << Lines{} << QStringList{};
    QTest::newRow("gemm without ceilings") << "gemm" << false << true << Lines{} << QStringList{};
}

void TestCalibration::throughputDrawsCeilings()
{
    QFETCH(QString, workload);
    QFETCH(bool, withCeilings);
    QFETCH(bool, withGpu);
    QFETCH(Lines, expected);
    QFETCH(QStringList, labels);
    RunStore store;
    store.setResultSet(mixed(withCeilings ? kCeilings : std::map<std::string, double>{}, withGpu));
    ThroughputChart chart;
    chart.setModel(&store);
    chart.setWorkload(workload);
    chart.updateNow();
    QVERIFY(chart.chart()->title().startsWith(workload));
    QCOMPARE(chart.seriesWithRole(ChartView::Role::Data).size(),
             withGpu ? (workload == QLatin1String("add") ? 3 : 2) : 2);

    const Lines got = ceilingLines(&chart);
    QCOMPARE(got.keys(), expected.keys());
    for (auto it = expected.begin(); it != expected.end(); ++it)
        QVERIFY2(qAbs(got.value(it.key()) / it.value() - 1) < 1e-9,
                 qPrintable(QStringLiteral("%1: %2").arg(it.key()).arg(got.value(it.key()))));
    QCOMPARE(chart.seriesWithRole(ChartView::Role::Guide).size(), int(expected.size()));
    for (const QString &l : labels)
        QVERIFY2(chart.labelTexts().contains(l), qPrintable(chart.labelTexts().join(QLatin1String(" | "))));

    // The y axis shows every line.
    auto *y = qobject_cast<QLogValueAxis *>(chart.chart()->axes(Qt::Vertical).value(0));
    QVERIFY(y);
    for (double v : expected) {
        v *= 1e9 * chart.yScale();
        QVERIFY2(y->min() <= v && v <= y->max(),
                 qPrintable(QStringLiteral("%1 outside %2..%3").arg(v).arg(y->min()).arg(y->max())));
    }

    // The lines go when the ceilings go (another file), and come back with them.
    store.setMachine(fixtures::machine());
    chart.updateNow();
    QVERIFY(ceilingLines(&chart).isEmpty());
    QVERIFY(chart.seriesWithRole(ChartView::Role::Guide).isEmpty());
}

void TestCalibration::throughputDrawsEachLevel()
{
    // add at 1 and 2 threads from L1-sized to DRAM-sized tensors, on a machine with caches and
    // per-thread ceilings: one line per level the points are held against, at 2 threads (the
    // most shown), never the 1-thread ones, and a point above its ceiling says why in the table.
    ResultSet r;
    r.machine = fixtures::machine();
    r.machine.caches = {{"L1d", "48K"}, {"L2", "1024K"}, {"L3", "32M"}};
    const std::pair<const char *, double> levels[] = {{Calibration::cpuL1, 400e9},
                                                      {Calibration::cpuL2, 200e9},
                                                      {Calibration::cpuL3, 80e9},
                                                      {Calibration::cpuTriad, 20e9}};
    for (const auto &[key, v] : levels) {
        r.machine.ceilings[Calibration::atThreads(key, 1)] = v / 2;
        r.machine.ceilings[Calibration::atThreads(key, 2)] = v;
        r.machine.ceilings[key] = v;
    }
    for (int threads : {1, 2})
        for (int n : {64, 256, 1024, 8192})
            r.add(fixtures::point("cpu", threads, "", n, 1e-6 * n * n / 1e4));
    RunStore store;
    ResultTableModel model(&store);
    store.setResultSet(r);
    ThroughputChart chart;
    chart.setModel(&store);
    chart.setWorkload(QStringLiteral("add"));
    chart.updateNow();
    const Lines got = ceilingLines(&chart);
    QCOMPARE(got.keys(), QStringList({"CPU L1, 2 threads", "CPU L2, 2 threads", "CPU L3, 2 threads",
                                      "CPU triad, 2 threads"}));
    QCOMPARE(got.value(QStringLiteral("CPU L2, 2 threads")), 200.0);

    // The table names the level of each point, and a point above 100 % has its reason there.
    for (int row = 0; row < model.rowCount(); ++row) {
        const Measurement &m = store.measurement(row);
        const QString shown = model.data(model.index(row, ResultTableModel::CeilingColumn)).toString();
        const QString level = QString::fromStdString(Calibration::levelFor(m, r.machine).name);
        QVERIFY2(shown.contains(QStringLiteral(" % ") + level), qPrintable(shown));
        const QString reason = model.data(model.index(row, ResultTableModel::ReasonColumn)).toString();
        if (Calibration::fractionOfCeiling(m, r.machine) > 1)
            QVERIFY2(reason.contains(QStringLiteral("Above the measured")), qPrintable(shown + " " + reason));
    }
}

void TestCalibration::percentOfCeiling_data()
{
    QTest::addColumn<QString>("backend");
    QTest::addColumn<QString>("workload");
    QTest::addColumn<double>("share"); // of the ceiling; 0: no ceiling known
    QTest::addColumn<QString>("shown");
    QTest::addColumn<QString>("tip");
    QTest::newRow("CPU add at half the triad") << "cpu"
                                               << "add" << 0.5 << "50 % DRAM"
                                               << "CPU triad";
    QTest::newRow("GPU add at a quarter of the copy") << "gpu"
                                                      << "add" << 0.25 << "25 % HBM"
                                                      << "GPU copy";
    QTest::newRow("GPU gemm at 80 % of cuBLAS") << "gpu"
                                                << "gemm" << 0.8 << "80 % cuBLAS SGEMM"
                                                << "GPU cuBLAS";
    QTest::newRow("small share, one decimal") << "cpu"
                                              << "add" << 0.042 << "4.2 % DRAM"
                                              << "CPU triad";
    QTest::newRow("CPU gemm: no GEMM ceiling") << "cpu"
                                               << "gemm" << 0.0 << ""
                                               << "No measured ceiling";
}

void TestCalibration::percentOfCeiling()
{
    QFETCH(QString, backend);
    QFETCH(QString, workload);
    QFETCH(double, share);
    QFETCH(QString, shown);
    QFETCH(QString, tip);
    const std::string b = backend.toStdString();
    const Measurement m =
        workload == QLatin1String("gemm")
            ? gemmPoint(b, b == "cpu" ? 4 : 0, b == "cpu" ? "" : "launch", 1024, 100)
            : fixtures::point(b, b == "cpu" ? 4 : 0, b == "cpu" ? "" : "launch", 1024, 1e-4);
    const double achieved = (workload == QLatin1String("gemm") ? m.flops : m.bytes) / m.stats.median;
    ResultSet r;
    r.machine = fixtures::machine();
    const bool gemm = workload == QLatin1String("gemm");
    const char *key = gemm ? (b == "gpu" ? Calibration::gpuCublas : Calibration::cpuGemm)
                           : (b == "gpu" ? Calibration::gpuCopy : Calibration::cpuTriad);
    r.machine.ceilings[Calibration::cpuTriad] = 7e9; // some ceiling is always known
    if (share > 0)
        r.machine.ceilings[key] = achieved / share;
    r.add(m);

    RunStore store;
    ResultTableModel model(&store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    store.setResultSet(r);
    const QModelIndex i = model.index(0, ResultTableModel::CeilingColumn);
    QCOMPARE(model.headerData(ResultTableModel::CeilingColumn, Qt::Horizontal).toString(),
             QStringLiteral("% of ceiling"));
    QCOMPARE(model.data(i).toString(), shown);
    QVERIFY2(model.data(i, Qt::ToolTipRole).toString().contains(tip),
             qPrintable(model.data(i, Qt::ToolTipRole).toString()));
    if (share > 0)
        QVERIFY(qAbs(model.data(i, ResultTableModel::SortRole).toDouble() - share) < 1e-9);
    else
        QCOMPARE(model.data(i, ResultTableModel::SortRole).toDouble(), -1.0);
}

void TestCalibration::percentColumnFollowsTheMachine()
{
    RunStore store;
    ResultTableModel model(&store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    store.setResultSet(mixed({}));
    const QModelIndex first = model.index(0, ResultTableModel::CeilingColumn);
    QVERIFY(model.data(first).toString().isEmpty());
    QVERIFY(model.data(first, Qt::ToolTipRole).toString().contains(QStringLiteral("Calibrate")));

    // A calibration arrives: the column changes, and the views hear of it.
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    MachineInfo calibrated = store.resultSet().machine;
    calibrated.ceilings = kCeilings;
    calibrated.ceilings[Calibration::cpuGemm] = 80e9;
    store.setMachine(calibrated);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.first().at(0).value<QModelIndex>().column(), int(ResultTableModel::CeilingColumn));
    for (int row = 0; row < model.rowCount(); ++row)
        QVERIFY2(model.data(model.index(row, ResultTableModel::CeilingColumn))
                     .toString()
                     .contains(QLatin1String(" % ")),
                 qPrintable(QString::number(row)));

    // It sorts by the number, not the text ("100 %" < "25 %" as text).
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(ResultTableModel::SortRole);
    proxy.sort(ResultTableModel::CeilingColumn);
    double last = -1e300;
    for (int row = 0; row < proxy.rowCount(); ++row) {
        const double v =
            proxy.data(proxy.index(row, ResultTableModel::CeilingColumn), ResultTableModel::SortRole)
                .toDouble();
        QVERIFY(v >= last);
        last = v;
    }
}

void TestCalibration::workerCalibratesTheCpu()
{
    // gpu = true on a machine without a usable GPU: a sentence, not a failure.
    SweepController c;
    QSignalSpy started(&c, &SweepController::calibrationStarted);
    QSignalSpy progress(&c, &SweepController::calibrationProgress);
    QSignalSpy done(&c, &SweepController::calibrationFinished);
    QSignalSpy failed(&c, &SweepController::calibrationFailed);
    QVERIFY(c.startCalibration(1, 0, true));
    QVERIFY(c.isCalibrating());
    QVERIFY(!c.start(SweepPlan())); // one job at a time
    QVERIFY(!c.startCalibration(1, 0, false));
    QVERIFY(done.wait(120000));
    QCOMPARE(started.size(), 1);
    QVERIFY(progress.size() >= 1);
    QVERIFY(failed.isEmpty());
    QVERIFY(!c.isRunning());
    const auto ceilings = done.first().at(0).value<CeilingMap>();
    const QString note = done.first().at(1).toString();
    QCOMPARE(done.first().at(2).toBool(), false);
    QVERIFY(ceilings.at(Calibration::cpuTriad) > 1e8);
    QVERIFY(ceilings.at(Calibration::cpuParallelRegion) > 0);
    // The CPU's own peaks, at every thread count measured (here: 1).
    QVERIFY(ceilings.at(Calibration::cpuFma) > 1e9);
    QVERIFY(ceilings.at(Calibration::atThreads(Calibration::cpuFma, 1)) > 1e9);
    QVERIFY(ceilings.at(Calibration::atThreads(Calibration::cpuTriad, 1)) > 1e8);
    QCOMPARE(ceilings.count(Calibration::cpuGemm), std::size_t(CpuKernels::haveBlas() ? 1 : 0));
    if (!MachineInfo::gpuState().usable) {
        QVERIFY2(note.startsWith(QStringLiteral("The GPU was not calibrated")), qPrintable(note));
        QVERIFY(note.endsWith(QLatin1Char('.')));
        QCOMPARE(ceilings.count(Calibration::gpuCopy), std::size_t(0));
    }
}

void TestCalibration::calibrateActionFillsTheResults()
{
    // A run recorded on this machine, opened in the window: the calibration applies to it.
    ResultSet here = fixtures::realistic();
    here.machine = Devices::probeMachine();
    const QString recorded = m_dir.filePath(QStringLiteral("here.json"));
    ResultIO::writeJson(here, recorded.toStdString());

    MainWindow w(m_dir.filePath(QStringLiteral("calibrate.ini")));
    QStringList errors;
    w.setErrorReporter([&errors](const QString &, const QString &text) { errors << text; });
    QVERIFY(w.openResults(recorded));
    auto *calibrate = w.findChild<QAction *>(QStringLiteral("calibrateAction"));
    QVERIFY(calibrate);
    QVERIFY(calibrate->isEnabled());
    QVERIFY(w.findChild<QToolBar *>(QStringLiteral("mainToolBar"))->actions().contains(calibrate));

    QSignalSpy done(&w, &MainWindow::calibrationDone);
    calibrate->trigger();
    QVERIFY(w.isCalibrating());
    QVERIFY(!calibrate->isEnabled());
    QVERIFY(!w.findChild<QAction *>(QStringLiteral("runAction"))->isEnabled());
    QVERIFY(w.findChild<QAction *>(QStringLiteral("cancelAction"))->isEnabled());
    QVERIFY(!w.runSweep());
    QVERIFY(done.wait(120000));
    QCOMPARE(done.first().first().toBool(), false);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    QVERIFY(calibrate->isEnabled());

    const MachineInfo &m = w.runStore()->resultSet().machine;
    QVERIFY(m.ceilings.count(Calibration::cpuTriad));
    QVERIFY(m.ceilings.at(Calibration::cpuTriad) > 1e8);
    QVERIFY(m.ceilings.count(Calibration::cpuParallelRegion));
    if (CpuKernels::haveBlas())
        QVERIFY(m.ceilings.at(Calibration::cpuGemm) > 1e8);
    // The table and the devices panel show them.
    QVERIFY(!w.resultTableModel()
                 ->data(w.resultTableModel()->index(0, ResultTableModel::CeilingColumn))
                 .toString()
                 .isEmpty());
    QStringList facts;
    for (int r = 0; r < w.deviceModel()->rowCount(); ++r)
        facts << w.deviceModel()->data(w.deviceModel()->index(r, 0)).toString();
    QVERIFY2(facts.contains(QStringLiteral("Ceiling ") + QLatin1String(Calibration::cpuTriad)),
             qPrintable(facts.join(QLatin1String(", "))));

    // Save and Open keep them, in both formats.
    for (const QString &name : {QStringLiteral("calibrated.csv"), QStringLiteral("calibrated.json")}) {
        const QString path = m_dir.filePath(name);
        QVERIFY(w.saveData(path));
        QVERIFY(ResultIO::load(path.toStdString()).machine.ceilings == m.ceilings);
        MainWindow other(m_dir.filePath(QStringLiteral("other.ini")));
        QVERIFY(other.openResults(path));
        QVERIFY(other.runStore()->resultSet().machine.ceilings == m.ceilings);
    }

    // A restart on this hardware keeps the calibration (its settings file holds it).
    {
        MainWindow again(m_dir.filePath(QStringLiteral("calibrate.ini")));
        const MachineInfo &kept = again.runStore()->resultSet().machine;
        QVERIFY(kept.ceilings.count(Calibration::cpuTriad));
        QCOMPARE(kept.ceilings.at(Calibration::cpuTriad), m.ceilings.at(Calibration::cpuTriad));
    }
    // Another settings file (another user) has none.
    {
        MainWindow fresh(m_dir.filePath(QStringLiteral("fresh.ini")));
        QVERIFY(!fresh.runStore()->resultSet().machine.ceilings.count(Calibration::cpuTriad));
    }

    // The next sweep's results carry them too.
    const auto ceilings = m.ceilings;
    SweepForm f = w.sweepPanel()->form();
    f.workload = QStringLiteral("add");
    f.sizesAsRange = false;
    f.sizeList = QStringLiteral("16,64");
    f.cpu = true;
    f.threads = {1};
    f.gpu = false;
    f.iterations = 10;
    f.minTime = 0;
    w.sweepPanel()->setForm(f);
    QSignalSpy finished(&w, &MainWindow::sweepFinished);
    QVERIFY(w.runSweep());
    QVERIFY(finished.wait(30000));
    // The sweep is a run of its own, next to the file's.
    QCOMPARE(w.runStore()->runCount(), 2);
    QCOMPARE(w.runStore()->runs().back().results.size(), std::size_t(2));
    QVERIFY(w.runStore()->runs().back().results.machine.ceilings == ceilings);
}

void TestCalibration::cancelLeavesTheAppUsable()
{
    MainWindow w(m_dir.filePath(QStringLiteral("cancel.ini")));
    QStringList errors;
    w.setErrorReporter([&errors](const QString &, const QString &text) { errors << text; });
    QSignalSpy done(&w, &MainWindow::calibrationDone);
    QVERIFY(w.calibrate());
    QTest::qWait(300);
    QVERIFY(w.isCalibrating());
    QElapsedTimer clock;
    clock.start();
    w.findChild<QAction *>(QStringLiteral("cancelAction"))->trigger();
    QVERIFY(done.wait(20000));
    QCOMPARE(done.first().first().toBool(), true);
    QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(errors.isEmpty());
    QVERIFY(!w.isRunning());
    QVERIFY(w.findChild<QAction *>(QStringLiteral("calibrateAction"))->isEnabled());
    QVERIFY(w.sweepPanel()->runButton()->isEnabled());
    QVERIFY(!w.sweepPanel()->cancelButton()->isEnabled());

    // A sweep runs to its end afterwards.
    SweepForm f = w.sweepPanel()->form();
    f.sizesAsRange = false;
    f.sizeList = QStringLiteral("4,16");
    f.threads = {1};
    f.gpu = false;
    f.iterations = 10;
    f.minTime = 0;
    w.sweepPanel()->setForm(f);
    QSignalSpy finished(&w, &MainWindow::sweepFinished);
    QVERIFY(w.runSweep());
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.first().first().toBool(), false);
    QCOMPARE(w.runStore()->rowCount(), 2);
}

QTEST_MAIN(TestCalibration)
#include "tst_calibration.moc"
