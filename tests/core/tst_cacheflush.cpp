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

QTEST_APPLESS_MAIN(TestCacheFlush)
#include "tst_cacheflush.moc"
