// SPDX-License-Identifier: MIT
// Workload: the catalogue, the bytes and FLOPs of a point, and nForWork (the inverse the
// crossover prediction uses to turn work back into a tensor edge).

#include "core/model/measurement.h"
#include "core/model/workload.h"

#include <QtTest>

#include <cmath>

using namespace speeduplab;

class TestWorkload : public QObject {
    Q_OBJECT

private slots:
    void catalogue();
    void work_data();
    void work();
    void nForWorkInverts_data();
    void nForWorkInverts();
    void nForWorkRejectsNonPositive();
    void statusNames_data();
    void statusNames();
    void seriesKeyAndLabel();
};

void TestWorkload::catalogue()
{
    const auto &all = Workload::all();
    QStringList names;
    for (const auto &w : all)
        names << QString::fromStdString(w.name);
    QCOMPARE(names, QStringList({"add", "saxpy", "reduce", "gemm", "transfer", "scan", "spmv"}));
    for (const auto &w : all) {
        QCOMPARE(Workload::find(w.name), &w);
        QVERIFY(!w.cpuVariants.empty());
        QVERIFY(!w.gpuModes.empty());
        QVERIFY(w.defaultIterations >= 1);
        QVERIFY(w.hasGpuMode("launch"));
    }
    QCOMPARE(Workload::find("nope"), nullptr);
    QCOMPARE(Workload::find("add")->defaultIterations, 1000); // the seed experiment
    const Workload *gemm = Workload::find("gemm");
    QVERIFY(gemm->hasCpuVariant("naive") && gemm->hasCpuVariant("tiled") && gemm->hasCpuVariant("blas"));
    QVERIFY(!gemm->hasCpuVariant("cublas"));
    QVERIFY(gemm->hasGpuVariant("cublas"));
    QVERIFY(gemm->computeBound());
    QVERIFY(!Workload::find("add")->computeBound());
    QVERIFY(!Workload::find("reduce")->hasGpuMode("fused"));
    // scan: serial on the CPU (one chain: threads cannot help), the naive and the CUB scan on the GPU.
    const Workload *scan = Workload::find("scan");
    QVERIFY(scan->cpuVariants == std::vector<std::string>{"serial"});
    QVERIFY(scan->gpuVariants == (std::vector<std::string>{"cub", "rows"}));
    QVERIFY(scan->gpuModes == (std::vector<std::string>{"launch", "graph"}));
    QVERIFY(scan->isSerialCpuVariant("serial"));
    QVERIFY(!scan->isSerialCpuVariant("cub"));
    QVERIFY(!scan->computeBound());
    QVERIFY(QString::fromStdString(scan->description).contains("cannot help"));
    for (const auto &w : all)
        if (w.name != "scan")
            QVERIFY(w.serialCpuVariants.empty());
}

void TestWorkload::work_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("iterations");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("flops");

    // add: b += b reads and writes 4 bytes per element and does one add.
    QTest::newRow("add") << "add" << 10 << 3 << 2.0 * 100 * 4 * 3 << 100.0 * 3;
    QTest::newRow("saxpy") << "saxpy" << 10 << 2 << 3.0 * 100 * 4 * 2 << 2.0 * 100 * 2;
    QTest::newRow("reduce") << "reduce" << 8 << 1 << 64.0 * 4 << 64.0;
    QTest::newRow("gemm") << "gemm" << 100 << 1 << 3.0 * 1e4 * 4 << 2.0 * 1e6;
    QTest::newRow("transfer") << "transfer" << 16 << 5 << 2.0 * 256 * 4 * 5 << 0.0;
    // scan: read every element, write its running sum, one add each.
    QTest::newRow("scan") << "scan" << 4096 << 10 << 2.0 * 4096 * 4096 * 4 * 10 << 4096.0 * 4096 * 10;
}

void TestWorkload::work()
{
    QFETCH(QString, workload);
    QFETCH(int, n);
    QFETCH(int, iterations);
    QFETCH(double, bytes);
    QFETCH(double, flops);
    const Workload *w = Workload::find(workload.toStdString());
    QVERIFY(w);
    QCOMPARE(Workload::elements(n), double(n) * n);
    QCOMPARE(w->bytes(n, iterations), bytes);
    QCOMPARE(w->flops(n, iterations), flops);
    QCOMPARE(w->work(n, iterations), w->computeBound() ? flops : bytes);
    QVERIFY(w->hostBytes(n) >= Workload::elements(n) * 4.0 * w->inputCount);
}

void TestWorkload::nForWorkInverts_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("iterations");
    for (const auto &w : Workload::all())
        for (int n : {1, 7, 310, 4000})
            for (int it : {1, 1000})
                QTest::addRow("%s n=%d it=%d", w.name.c_str(), n, it)
                    << QString::fromStdString(w.name) << n << it;
}

void TestWorkload::nForWorkInverts()
{
    QFETCH(QString, workload);
    QFETCH(int, n);
    QFETCH(int, iterations);
    const Workload *w = Workload::find(workload.toStdString());
    if (w->name == "spmv" && n < 3)
        QSKIP("spmv's rows have fewer than 8 nonzeros below n = 3: its work is no power law there");
    const double back = w->nForWork(w->work(n, iterations), iterations);
    QVERIFY2(std::fabs(back - n) <= 1e-9 * n,
             qPrintable(QString("nForWork gave %1 for n = %2").arg(back).arg(n)));
}

void TestWorkload::nForWorkRejectsNonPositive()
{
    const Workload *w = Workload::find("add");
    QVERIFY(std::isnan(w->nForWork(0, 1)));
    QVERIFY(std::isnan(w->nForWork(-5, 1)));
    QVERIFY(std::isnan(w->nForWork(INFINITY, 1)));
    QVERIFY(std::isnan(w->nForWork(NAN, 1)));
}

void TestWorkload::statusNames_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("name");
    QTest::newRow("ok") << int(Measurement::Status::Ok) << "ok";
    QTest::newRow("failed") << int(Measurement::Status::Failed) << "failed";
    QTest::newRow("skipped") << int(Measurement::Status::Skipped) << "skipped";
    QTest::newRow("cancelled") << int(Measurement::Status::Cancelled) << "cancelled";
}

void TestWorkload::statusNames()
{
    QFETCH(int, status);
    QFETCH(QString, name);
    const auto s = Measurement::Status(status);
    QCOMPARE(QString::fromStdString(Measurement::statusName(s)), name);
    Measurement::Status back = Measurement::Status::Ok;
    QVERIFY(Measurement::parseStatus(name.toStdString(), back));
    QCOMPARE(int(back), status);
    Measurement::Status untouched = s;
    QVERIFY(!Measurement::parseStatus(name.toUpper().toStdString() + "x", untouched));
    QCOMPARE(int(untouched), status);
}

void TestWorkload::seriesKeyAndLabel()
{
    Measurement cpu;
    cpu.workload = "add";
    cpu.backend = "cpu";
    cpu.threads = 1;
    cpu.n = 4;
    Measurement cpuBig = cpu;
    cpuBig.n = 4000;
    cpuBig.stats.median = 1;
    QCOMPARE(cpu.seriesKey(), cpuBig.seriesKey()); // everything but n
    QCOMPARE(QString::fromStdString(cpu.seriesLabel()), QString("CPU 1 thread"));
    Measurement cpu8 = cpu;
    cpu8.threads = 8;
    QVERIFY(cpu8.seriesKey() != cpu.seriesKey());
    QCOMPARE(QString::fromStdString(cpu8.seriesLabel()), QString("CPU 8 threads"));

    Measurement gpu;
    gpu.workload = "add";
    gpu.backend = "gpu";
    gpu.mode = "graph";
    gpu.device = 0;
    gpu.transfers = "pinned";
    QVERIFY(gpu.onDevice());
    QCOMPARE(QString::fromStdString(gpu.seriesLabel()), QString("GPU graph + pinned copies"));
    Measurement gpuNone = gpu;
    gpuNone.transfers = "none";
    QVERIFY(gpuNone.seriesKey() != gpu.seriesKey());

    Measurement m;
    m.iterations = 1000;
    m.stats.median = 2e-3;
    QCOMPARE(m.perIteration(), 2e-6);
}

QTEST_APPLESS_MAIN(TestWorkload)
#include "tst_workload.moc"
