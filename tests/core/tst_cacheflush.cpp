// SPDX-License-Identifier: MIT
// Cold cache (--cache cold): the buffer that evicts the CPU's caches, and the flush kept out of
// the timed region: a point whose repetitions take microseconds stays that fast when a flush of
// tens of milliseconds precedes each of them.

#include "core/cacheflush.h"
#include "core/machineinfo.h"
#include "core/sweeprunner.h"

#include <QtTest>

#include <atomic>
#include <chrono>

using namespace speeduplab;

class TestCacheFlush : public QObject {
    Q_OBJECT

private slots:
    void bufferSize_data();
    void bufferSize();
    void flushIsOutsideTheTimedRegion();
    void coldIsRecordedPerPoint();
    void whoFlushesTheCpu_data();
    void whoFlushesTheCpu();
};

void TestCacheFlush::bufferSize_data()
{
    QTest::addColumn<QString>("l2");
    QTest::addColumn<QString>("l3");
    QTest::addColumn<int>("cores");
    QTest::addColumn<qulonglong>("bytes");
    const qulonglong MiB = 1 << 20;
    QTest::newRow("unknown caches: the floor") << QString() << QString() << 4 << 64 * MiB;
    QTest::newRow("small: below the floor") << "1280K"
                                            << "12M" << 8 << 64 * MiB;
    QTest::newRow("desktop: 2 x (32M + 16 x 2M)") << "2M"
                                                  << "32M" << 16 << 2 * (32 * MiB + 16 * 2 * MiB);
    QTest::newRow("server: 2 x (96M + 64 x 2M)") << "2M"
                                                 << "96M" << 64 << 2 * (96 * MiB + 64 * 2 * MiB);
    QTest::newRow("huge: capped at 2 GiB") << "2M"
                                           << "1024M" << 1024 << 2048 * MiB;
}

void TestCacheFlush::bufferSize()
{
    QFETCH(QString, l2);
    QFETCH(QString, l3);
    QFETCH(int, cores);
    QFETCH(qulonglong, bytes);
    std::map<std::string, std::string> caches;
    if (!l2.isEmpty())
        caches["L2"] = l2.toStdString();
    if (!l3.isEmpty())
        caches["L3"] = l3.toStdString();
    QCOMPARE(qulonglong(CacheFlush::bytesFor(caches, cores)), bytes);
}

void TestCacheFlush::flushIsOutsideTheTimedRegion()
{
    // How long one flush takes here.
    const int hw = MachineInfo::hardwareThreads();
    CacheFlush flush(CacheFlush::bytesFor(MachineInfo::probeCaches(), hw), hw);
    double flushSeconds = 1e9;
    for (int i = 0; i < 3; ++i) {
        const auto t = std::chrono::steady_clock::now();
        flush.flush();
        flushSeconds = std::min(flushSeconds,
                                std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count());
    }
    QVERIFY(flushSeconds > 0);

    // A point of one add on a 4 x 4 tensor: well under a microsecond of work per repetition.
    SweepPlan p;
    p.workload = "add";
    p.sizes = {4};
    p.threads = {1};
    p.gpu = false;
    p.iterations = 1;
    p.minTime = 1; // never reached: maxReps stops it
    p.maxReps = 10;
    p.coldCache = true;
    SweepRunner runner(p);
    std::atomic<bool> stop{false};
    const Measurement m = runner.measure(p.points().front(), stop, 0);
    QVERIFY2(m.ok(), m.reason.c_str());
    QCOMPARE(m.stats.reps, 10);
    qInfo("flush %.3f ms (%zu MiB); cold repetition median %.3f us, max %.3f us", flushSeconds * 1e3,
          flush.bytes() >> 20, m.stats.median * 1e6, m.stats.max * 1e6);
    // Had the flush been timed, every repetition would take at least flushSeconds.
    QVERIFY2(
        m.stats.median < flushSeconds / 10,
        qPrintable(QString("median %1 s against a flush of %2 s").arg(m.stats.median).arg(flushSeconds)));
}

void TestCacheFlush::coldIsRecordedPerPoint()
{
    SweepPlan p;
    p.workload = "add";
    p.sizes = {4, 8};
    p.threads = {1};
    p.gpu = false;
    p.iterations = 1;
    p.minTime = 0;
    p.maxReps = 2;
    p.coldCache = true;
    SweepRunner runner(p);
    std::atomic<bool> stop{false};
    const ResultSet r = runner.run({}, stop);
    QCOMPARE(r.size(), std::size_t(2));
    for (const Measurement &m : r.rows) {
        QCOMPARE(m.conditions.cache, std::string("cold"));
        QVERIFY(m.seriesLabel().find("cold cache") != std::string::npos);
    }
    QCOMPARE(r.machine.sweep.cache, std::string("cold"));
    // A cold point is its own curve: it never joins a warm one of the same series.
    Measurement warm = r.rows.front();
    warm.conditions.cache = "warm";
    QVERIFY(warm.seriesKey() != r.rows.front().seriesKey());
}

// The CPU's caches are flushed for the points that read host memory while timed: CPU points and
// GPU points whose copies come from pageable memory. A GPU kernel's µs repetitions never touch
// the host, and a flush of up to 2 GiB before each kept a GPU point busy for tens of seconds.
void TestCacheFlush::whoFlushesTheCpu_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("backend");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<bool>("transfers");
    QTest::addColumn<bool>("pinned");
    QTest::addColumn<bool>("flushes");
    QTest::newRow("CPU add") << "add"
                             << "cpu"
                             << "" << false << false << true;
    QTest::newRow("GPU add") << "add"
                             << "gpu"
                             << "" << false << false << false;
    QTest::newRow("GPU add, pageable copies timed") << "add"
                                                    << "gpu"
                                                    << "" << true << false << true;
    QTest::newRow("GPU add, pinned copies timed") << "add"
                                                  << "gpu"
                                                  << "" << true << true << false;
    QTest::newRow("GPU gemm") << "gemm"
                              << "gpu"
                              << "cublas" << false << false << false;
    QTest::newRow("transfer, pageable") << "transfer"
                                        << "gpu"
                                        << "pageable" << false << false << true;
    QTest::newRow("transfer, pinned") << "transfer"
                                      << "gpu"
                                      << "pinned" << false << false << false;
    QTest::newRow("CPU memcpy") << "transfer"
                                << "cpu"
                                << "memcpy" << false << false << true;
}

void TestCacheFlush::whoFlushesTheCpu()
{
    QFETCH(QString, workload);
    QFETCH(QString, backend);
    QFETCH(QString, variant);
    QFETCH(bool, transfers);
    QFETCH(bool, pinned);
    QFETCH(bool, flushes);
    SweepPlan plan;
    plan.workload = workload.toStdString();
    plan.coldCache = true;
    plan.transfers = transfers;
    plan.pinned = pinned;
    PlanPoint p;
    p.backend = backend.toStdString();
    p.variant = variant.toStdString();
    p.mode = p.backend == "gpu" ? "launch" : "";
    p.threads = p.backend == "gpu" ? 0 : 1;
    p.n = 64;
    QCOMPARE(SweepRunner::flushesCpuCaches(plan, p), flushes);
}

QTEST_APPLESS_MAIN(TestCacheFlush)
#include "tst_cacheflush.moc"
