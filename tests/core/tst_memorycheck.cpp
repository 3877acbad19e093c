// SPDX-License-Identifier: MIT
// MemoryCheck: the one rule a point is skipped by for want of memory, asked before the run
// (SweepRunner::memoryShortfalls, what the sweep panel shows) and by the runner, which must agree;
// and MachineInfo::meminfoBytes, where the available host memory comes from. An OpenCL device is
// checked against its size and its largest buffer (on PoCL in CI: 2 GiB a buffer here).

#include "core/devices/memorycheck.h"
#include "core/machine/machineinfo.h"
#include "core/measure/sweeprunner.h"
#include "core/model/workload.h"
#include "opencl/openclbackend.h"

#include <QtTest>

#include <atomic>

using namespace speeduplab;

namespace {

constexpr double GiB = 1024.0 * 1024 * 1024;

SweepPlan cpuPlan(std::vector<int> sizes, std::vector<int> threads)
{
    SweepPlan p;
    p.workload = "add";
    p.sizes = std::move(sizes);
    p.threads = std::move(threads);
    p.gpu = false;
    p.minTime = 0;
    p.maxReps = 3;
    p.iterations = 2;
    return p;
}

MemoryCheck check(bool gpu, int n, double need, double available)
{
    MemoryCheck c;
    c.gpu = gpu;
    c.n = n;
    c.need = need;
    c.available = available;
    return c;
}

} // namespace

class TestMemoryCheck : public QObject {
    Q_OBJECT

private slots:
    void fits_data();
    void fits();
    void hostNeed();
    void reason();
    void meminfo_data();
    void meminfo();
    void shortfallsBeforeTheRun();
    void runnerSkipsWhatThePreCheckNames();
    void openclDeviceLimits();
    void openclRunnerSkipsWhatThePreCheckNames();
};

void TestMemoryCheck::fits_data()
{
    QTest::addColumn<bool>("gpu");
    QTest::addColumn<double>("need");
    QTest::addColumn<double>("available");
    QTest::addColumn<bool>("fits");
    QTest::newRow("host, half") << false << 8 * GiB << 16 * GiB << true;
    QTest::newRow("host, at its share") << false << 0.9 * 10 * GiB << 10 * GiB << true;
    QTest::newRow("host, above its share") << false << 9.5 * GiB << 10 * GiB << false;
    QTest::newRow("host, 64 GiB of 22") << false << 64 * GiB << 22 * GiB << false;
    QTest::newRow("GPU, 9.5 of 10") << true << 9.5 * GiB << 10 * GiB << true;
    QTest::newRow("GPU, 9.6 of 10") << true << 9.6 * GiB << 10 * GiB << false;
    QTest::newRow("unknown: the allocation decides") << false << 64 * GiB << 0.0 << true;
}

void TestMemoryCheck::fits()
{
    QFETCH(bool, gpu);
    QFETCH(double, need);
    QFETCH(double, available);
    QFETCH(bool, fits);
    QCOMPARE(check(gpu, 1000, need, available).fits(), fits);
}

void TestMemoryCheck::hostNeed()
{
    // add: the input, its working copy, the output and the reference check's copy, 4 bytes each.
    const MemoryCheck c = MemoryCheck::host(*Workload::find("add"), 65536, 22 * GiB);
    QCOMPARE(c.gpu, false);
    QCOMPARE(c.n, 65536);
    QCOMPARE(c.need, 64 * GiB);
    QCOMPARE(c.available, 22 * GiB);
    QVERIFY(!c.fits());
    QCOMPARE(MemoryCheck::host(*Workload::find("saxpy"), 65536, 0).need, 96 * GiB);
}

void TestMemoryCheck::reason()
{
    QCOMPARE(QString::fromStdString(check(false, 65536, 64 * GiB, 22.1 * GiB).reason()),
             QStringLiteral("not enough host memory: n = 65536 needs 64.00 GiB, 22.10 GiB is available"));
    QCOMPARE(QString::fromStdString(check(true, 40000, 18 * GiB, 15.5 * GiB).reason()),
             QStringLiteral("not enough GPU memory: n = 40000 needs 18.00 GiB, 15.50 GiB is free"));
}

void TestMemoryCheck::meminfo_data()
{
    const QString text = QStringLiteral("MemTotal:       24683620 kB\n"
                                        "MemFree:         1000000 kB\n"
                                        "MemAvailable:   23701968 kB\n"
                                        "HugePages_Total:       0\n");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("bytes");
    QTest::newRow("MemAvailable") << text << "MemAvailable" << 23701968 * 1024.0;
    QTest::newRow("MemTotal") << text << "MemTotal" << 24683620 * 1024.0;
    QTest::newRow("no unit") << text << "HugePages_Total" << 0.0;
    QTest::newRow("a prefix is not the key") << text << "Mem" << 0.0;
    QTest::newRow("absent") << QStringLiteral("MemTotal: 1 kB\n") << "MemAvailable" << 0.0;
    QTest::newRow("malformed") << QStringLiteral("MemAvailable: lots kB\n") << "MemAvailable" << 0.0;
    QTest::newRow("unknown unit") << QStringLiteral("MemAvailable: 3 MB\n") << "MemAvailable" << 0.0;
    QTest::newRow("empty") << QString() << "MemAvailable" << 0.0;
}

void TestMemoryCheck::meminfo()
{
    QFETCH(QString, text);
    QFETCH(QString, key);
    QFETCH(double, bytes);
    QCOMPARE(MachineInfo::meminfoBytes(text.toStdString(), key.toStdString()), bytes);
}

void TestMemoryCheck::shortfallsBeforeTheRun()
{
    // 4 and 4096 fit in 1 GiB (4096: 256 MiB); 40000 and 65536 do not. Each size is named once,
    // however many thread counts measure it, in ascending n.
    const SweepRunner runner(cpuPlan({65536, 4, 4096, 40000}, {1, 2}));
    const std::vector<MemoryCheck> s = runner.memoryShortfalls(1 * GiB, 0);
    QCOMPARE(s.size(), size_t(2));
    QCOMPARE(s[0].n, 40000);
    QCOMPARE(s[1].n, 65536);
    for (const MemoryCheck &c : s) {
        QVERIFY(!c.gpu);
        QCOMPARE(c.need, Workload::find("add")->hostBytes(c.n));
        QCOMPARE(c.available, 1 * GiB);
    }
    QVERIFY(runner.memoryShortfalls(1024 * GiB, 0).empty());

    // GPU points are checked against the GPU's memory only when there is a figure for it.
    SweepPlan gpuPlan = cpuPlan({4}, {});
    gpuPlan.cpu = false;
    gpuPlan.gpu = true;
    QVERIFY(SweepRunner(gpuPlan).memoryShortfalls(1 * GiB, 0).empty());
}

void TestMemoryCheck::runnerSkipsWhatThePreCheckNames()
{
    SweepPlan p = cpuPlan({4, 65536}, {1});
    p.hostMemoryLimit = 2 * GiB;
    SweepRunner runner(p);
    const std::vector<MemoryCheck> predicted = runner.memoryShortfalls(runner.hostMemoryAvailable(), 0);
    QCOMPARE(predicted.size(), size_t(1));
    std::atomic<bool> stop{false};
    const ResultSet r = runner.run({}, stop);
    QCOMPARE(r.size(), size_t(2));
    QVERIFY2(r.rows[0].ok(), r.rows[0].reason.c_str());
    QCOMPARE(int(r.rows[1].status), int(Measurement::Status::Skipped));
    QCOMPARE(r.rows[1].reason, predicted[0].reason());
}

void TestMemoryCheck::openclDeviceLimits()
{
    DeviceDescription d;
    d.index = 1;
    d.globalMemoryBytes = 6 * GiB;
    d.maxAllocBytes = 2 * GiB;
    Job job;
    job.workload = "add";
    job.mode = "launch";
    job.device = 1;
    // add at n = 32768: one 4 GiB tensor, over the 2 GiB a buffer (though the device has 6).
    job.n = 32768;
    MemoryCheck c = MemoryCheck::opencl(job, d);
    if (c.largest == 0)
        QSKIP("built without OpenCL: the backend counts no buffer");
    QCOMPARE(c.largest, 4 * GiB);
    QCOMPARE(c.need, 4 * GiB);
    QVERIFY(c.bufferTooLarge() && !c.fits());
    QCOMPARE(QString::fromStdString(c.reason()),
             QStringLiteral("too large a buffer for opencl:1: n = 32768 needs one of 4.00 GiB, and opencl:1 "
                            "allows at most 2.00 GiB in one buffer"));
    // gemm at n = 16384: A, B and C of 1 GiB each, each under 2 GiB; 3 GiB in all, over 2.5.
    job.workload = "gemm";
    job.variant = "tiled";
    job.n = 16384;
    d.globalMemoryBytes = 2.5 * GiB;
    c = MemoryCheck::opencl(job, d);
    QCOMPARE(c.need, 3 * GiB);
    QVERIFY(!c.bufferTooLarge() && !c.fits());
    QCOMPARE(QString::fromStdString(c.reason()),
             QStringLiteral("not enough memory on opencl:1: n = 16384 needs 3.00 GiB, and it has 2.50 GiB"));
    d.globalMemoryBytes = 4 * GiB;
    QVERIFY(MemoryCheck::opencl(job, d).fits());
    // spmv's largest buffers are its values and column indices: 8 a row, 8 times the vector.
    job.workload = "spmv";
    job.variant = "scalar";
    job.n = 8192;
    c = MemoryCheck::opencl(job, d);
    QCOMPARE(c.largest, 8 * 8192.0 * 8192 * 4); // 2 GiB: as much as the device allows
    QVERIFY(!c.bufferTooLarge());
    d.maxAllocBytes = 1 * GiB;
    QVERIFY(MemoryCheck::opencl(job, d).bufferTooLarge());
    // zero-copy uses the host's own memory: no device memory, the mapped tensor its one buffer.
    job.workload = "transfer";
    job.variant = "zero-copy";
    job.n = 16384;
    c = MemoryCheck::opencl(job, d);
    QCOMPARE(c.need, 0.0);
    QCOMPARE(c.largest, 1 * GiB);
    // Unknown limits (0): the allocation decides.
    QVERIFY(MemoryCheck::opencl(job, DeviceDescription()).fits());
}

void TestMemoryCheck::openclRunnerSkipsWhatThePreCheckNames()
{
    const opencl::Availability a = opencl::availability();
    if (!a.usable || !(a.devices.at(0).maxAllocBytes > 0))
        QSKIP(qPrintable(QStringLiteral("no OpenCL device: ") + QString::fromStdString(a.reason)));
    // The smallest n whose tensor the device refuses in one buffer; the run never allocates it.
    const int n = int(std::sqrt(a.devices[0].maxAllocBytes / 4)) + 1;
    SweepPlan p = cpuPlan({4, n}, {});
    p.cpu = false;
    p.describedDevices = {{"opencl", 0}};
    p.modes = {"launch"};
    p.hostMemoryLimit = 1024 * GiB; // the host's check passes, whatever this machine has
    SweepRunner runner(p);
    const std::vector<MemoryCheck> predicted = runner.memoryShortfalls(runner.hostMemoryAvailable(), 0);
    QCOMPARE(predicted.size(), size_t(1));
    QVERIFY(predicted[0].bufferTooLarge());
    std::atomic<bool> stop{false};
    const ResultSet r = runner.run({}, stop);
    QCOMPARE(r.size(), size_t(2));
    QVERIFY2(r.rows[0].ok(), r.rows[0].reason.c_str());
    QCOMPARE(int(r.rows[1].status), int(Measurement::Status::Skipped));
    QCOMPARE(r.rows[1].reason, predicted[0].reason());
}

QTEST_APPLESS_MAIN(TestMemoryCheck)
#include "tst_memorycheck.moc"
