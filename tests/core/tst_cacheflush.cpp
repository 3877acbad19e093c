// SPDX-License-Identifier: MIT
// Cold cache (--cache cold): the fallback buffer's size, the tensors' cache lines flushed so
// that the next read comes from DRAM, and who flushes.

#include "core/machine/machineinfo.h"
#include "core/measure/cacheflush.h"
#include "core/measure/sweeprunner.h"

#include <QtTest>

#include <atomic>
#include <chrono>

using namespace speeduplab;

class TestCacheFlush : public QObject {
    Q_OBJECT

private slots:
    void bufferSize_data();
    void bufferSize();
    void tensorsComeFromDram();
    void coldPointsReadFromDram();
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

namespace {

// The fastest of `tries` reads of `v` (a sum, so that no load can be skipped), each after `before`.
template <typename Before> double fastestRead(const std::vector<float> &v, int tries, Before before)
{
    double best = 1e9;
    volatile float sink = 0;
    for (int i = 0; i < tries; ++i) {
        before();
        const auto t = std::chrono::steady_clock::now();
        float s = 0;
        for (std::size_t k = 0; k < v.size(); k += 16) // one load a cache line
            s += v[k];
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count());
        sink = sink + s;
    }
    return best;
}

} // namespace

void TestCacheFlush::tensorsComeFromDram()
{
    if (!CacheFlush::flushesLines())
        QSKIP("this CPU has no cache-line flush: cold points write the fallback buffer");
    // 1 MiB: in every level of this machine's caches once read. Flushed, the next read must come
    // from DRAM, a load every line with nothing cached; read again, from the caches.
    std::vector<float> tensor(std::size_t(1) << 18, 1.0f);
    CacheFlush flush(std::size_t(64) << 20, 1);
    const std::vector<HostSpan> spans{{tensor.data(), tensor.size() * sizeof(float)}};
    const double warm = fastestRead(tensor, 15, [&] { fastestRead(tensor, 1, [] {}); });
    const double cold = fastestRead(tensor, 15, [&] { flush.flush(spans); });
    qInfo("1 MiB read: %.1f us warm, %.1f us after the flush (%.1fx); the flush %.1f us", warm * 1e6,
          cold * 1e6, cold / warm, flush.secondsFor(double(spans[0].bytes)) * 1e6);
    QVERIFY2(cold > 1.5 * warm, qPrintable(QString("cold %1 s, warm %2 s").arg(cold).arg(warm)));
    // The fallback buffer is not even allocated when the tensors are named.
    QCOMPARE(flush.secondsFor(0), 0.0);
}

void TestCacheFlush::coldPointsReadFromDram()
{
    if (!CacheFlush::flushesLines())
        QSKIP("this CPU has no cache-line flush");
    // add at n = 256: 256 KiB, in the caches between warm repetitions. Cold, every repetition
    // reads it from DRAM, and the flush of its 4096 lines costs microseconds, not the
    // milliseconds of writing twice the last-level cache.
    auto median = [](bool cold) {
        SweepPlan p;
        p.workload = "add";
        p.sizes = {256};
        p.threads = {1};
        p.gpu = false;
        p.iterations = 1;
        p.minTime = 10; // never reached: maxReps stops it
        p.maxReps = 301;
        p.coldCache = cold;
        SweepRunner runner(p);
        std::atomic<bool> stop{false};
        const auto t = std::chrono::steady_clock::now();
        const Measurement m = runner.measure(p.points().front(), stop, 0);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
        if (!m.ok())
            qFatal("%s", m.reason.c_str());
        return std::pair{m.stats.median, wall};
    };
    const auto [warm, warmWall] = median(false);
    const auto [cold, coldWall] = median(true);
    qInfo(
        "add n = 256, 301 repetitions: median %.1f us warm, %.1f us cold (%.1fx); the points took %.3f s and "
        "%.3f s",
        warm * 1e6, cold * 1e6, cold / warm, warmWall, coldWall);
    QVERIFY2(cold > 1.3 * warm, qPrintable(QString("cold %1 s, warm %2 s").arg(cold).arg(warm)));
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
