// SPDX-License-Identifier: MIT
// The GPU timed as the original answer timed it (mode unsynced), on the CPU side: the replay preset,
// the mode kept out of "every mode" and out of the crossovers, its points skipped without a GPU, the
// synchronised time in the result files (older files load without it), and the published table
// (resources/examples/original-answer) read back with its numbers (QueueTime).
#include "core/analysis/analysis.h"
#include "core/analysis/queuetime.h"
#include "core/measure/sweeprunner.h"
#include "core/model/workload.h"
#include "core/plan/presets.h"
#include "core/plan/sweepplan.h"
#include "core/results/resultio.h"
#include "core/results/runset.h"
#include "cuda/gpubackend.h"

#include <QTest>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace speeduplab;

namespace {

std::string readFile(const std::string &path)
{
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

ResultSet published()
{
    return ResultIO::fromCsv(
        readFile(SPEEDUPLAB_SOURCE_DIR "/resources/examples/original-answer/published-table.csv"));
}

Measurement point(const std::string &backend, const std::string &mode, int n, double seconds)
{
    Measurement m;
    m.workload = "add";
    m.backend = backend;
    m.threads = backend == "cpu" ? 4 : 0;
    m.mode = mode;
    m.device = backend == "gpu" ? 0 : -1;
    m.n = n;
    m.iterations = 1000;
    m.elements = Workload::elements(n);
    m.bytes = Workload::find("add")->bytes(n, 1000);
    m.flops = Workload::find("add")->flops(n, 1000);
    m.stats = Stats::of({seconds * 0.99, seconds, seconds * 1.01});
    m.verified = true;
    return m;
}

} // namespace

class TestQueueTime : public QObject {
    Q_OBJECT
private slots:
    void replayPresetIsTheAnswersExperiment();
    void unsyncedIsOptIn();
    void unsyncedIsLabelledPlainly();
    void unsyncedNeverCrosses();
    void unsyncedPointsSkipWithoutGpu();
    void syncedTimeRoundTrips_data();
    void syncedTimeRoundTrips();
    void olderFilesLoadWithoutIt();
    void syncedOutOfOrderIsRefused();
    void roundsMergeTheSyncedTime();
    void publishedTableIsAReference();
    void publishedTableImpliesItsBandwidth();
};

void TestQueueTime::replayPresetIsTheAnswersExperiment()
{
    const auto names = Presets::names();
    QVERIFY(std::find(names.begin(), names.end(), "replay") != names.end());
    QCOMPARE(Presets::title("replay"), std::string("Replay the original answer"));
    for (int hw : {1, 2, 16}) {
        const SweepPlan p = Presets::plan("replay", hw);
        QCOMPARE(p.workload, std::string("add"));
        QVERIFY(p.sizes == (std::vector<int>{4, 40, 400, 4000}));
        QCOMPARE(p.effectiveIterations(), 1000);
        QVERIFY(p.threads == std::vector<int>{hw}); // all threads in one team, as PyTorch runs
        QVERIFY(p.cpu && p.gpu);
        QVERIFY(p.modes == (std::vector<std::string>{"unsynced", "launch"}));
        int unsynced = 0, launch = 0;
        for (const PlanPoint &pt : p.points()) {
            unsynced += pt.mode == "unsynced";
            launch += pt.mode == "launch";
        }
        QCOMPARE(unsynced, 4);
        QCOMPARE(launch, 4);
    }
}

void TestQueueTime::unsyncedIsOptIn()
{
    const Workload *add = Workload::find("add");
    QVERIFY(add->hasGpuMode("unsynced"));
    QVERIFY(std::find(add->gpuModes.begin(), add->gpuModes.end(), "unsynced") == add->gpuModes.end());
    // "Every mode" (no modes named, the seed experiment) never includes it.
    for (const PlanPoint &pt : SweepPlan::seed(4).points())
        QVERIFY(pt.mode != "unsynced");
    QVERIFY(Workload::isQueueTime("unsynced"));
    QVERIFY(!Workload::isQueueTime("launch"));
    SweepPlan p;
    p.workload = "reduce";
    p.sizes = {4};
    p.threads = {1};
    p.modes = {"unsynced"};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, p.validate(4));
}

void TestQueueTime::unsyncedIsLabelledPlainly()
{
    QCOMPARE(point("gpu", "unsynced", 4, 1e-3).seriesLabel(), std::string("GPU launch, not synchronised"));
    QCOMPARE(point("gpu", "launch", 4, 1e-3).seriesLabel(), std::string("GPU launch"));
}

void TestQueueTime::unsyncedNeverCrosses()
{
    // The CPU grows with n; the unsynced GPU is flat far below it at every n (it would "win"
    // everywhere); the synchronised GPU crosses the CPU between 40 and 400.
    ResultSet r;
    for (int n : {4, 40, 400, 4000}) {
        r.add(point("cpu", "", n, 1e-9 * n * n * 1000));
        r.add(point("gpu", "unsynced", n, 1e-6));
        r.add(point("gpu", "launch", n, 1e-3 + 1e-11 * n * n * 1000));
    }
    const std::vector<CrossoverReport> reports = Analysis::reports(r, "add");
    QVERIFY(!reports.empty());
    for (const CrossoverReport &rep : reports)
        QCOMPARE(rep.gpuLabel, std::string("GPU launch"));
}

void TestQueueTime::unsyncedPointsSkipWithoutGpu()
{
    const gpu::Availability a = gpu::availability();
    if (a.usable)
        QSKIP("a GPU is usable here: this test is for machines without one");
    SweepPlan p;
    p.workload = "add";
    p.sizes = {4};
    p.threads = {1};
    p.modes = {"unsynced"};
    p.iterations = 5;
    p.minTime = 0;
    p.maxReps = 2;
    std::atomic<bool> stop{false};
    const ResultSet r = SweepRunner(p).run({}, stop);
    int gpuRows = 0;
    for (const Measurement &m : r.rows) {
        if (!m.onDevice())
            continue;
        ++gpuRows;
        QCOMPARE(m.mode, std::string("unsynced"));
        QCOMPARE(int(m.status), int(Measurement::Status::Skipped)); // unavailable, as every GPU mode
        QCOMPARE(m.reason, a.reason);
        QVERIFY(!m.conditions.hasSynced());
    }
    QCOMPARE(gpuRows, 1);
}

void TestQueueTime::syncedTimeRoundTrips_data()
{
    QTest::addColumn<bool>("json");
    QTest::newRow("csv") << false;
    QTest::newRow("json") << true;
}

void TestQueueTime::syncedTimeRoundTrips()
{
    QFETCH(bool, json);
    ResultSet r;
    Measurement q = point("gpu", "unsynced", 4000, 0.0031);
    q.conditions.syncedMedian = 0.033;
    q.conditions.syncedMin = 0.0329;
    q.conditions.syncedMax = 0.0335;
    r.add(q);
    r.add(point("gpu", "launch", 4000, 0.033));
    const ResultSet back = json ? ResultIO::fromJson(ResultIO::toJson(r))
                                : ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r));
    QCOMPARE(back.rows.size(), std::size_t(2));
    QCOMPARE(back.rows[0].conditions.syncedMedian, 0.033);
    QCOMPARE(back.rows[0].conditions.syncedMin, 0.0329);
    QCOMPARE(back.rows[0].conditions.syncedMax, 0.0335);
    QCOMPARE(back.rows[0].stats.median, q.stats.median);
    QVERIFY(!back.rows[1].conditions.hasSynced());
}

void TestQueueTime::olderFilesLoadWithoutIt()
{
    // A CSV written before the columns existed: its last columns stop at remeasured.
    const std::string csv =
        "workload,backend,variant,threads,mode,transfers,device,n,elements,bytes,flops,"
        "iterations,reps,median_s,min_s,max_s,mean_s,stddev_s,cv,noisy,verified,max_error,"
        "status,reason,remeasured\n"
        "add,gpu,,0,launch,none,0,4,16,128000,16000,1000,3,0.004,0.0039,0.0041,0.004,0.0001,"
        "0.025,false,true,0,ok,,0\n";
    const ResultSet r = ResultIO::fromCsv(csv);
    QCOMPARE(r.rows.size(), std::size_t(1));
    QVERIFY(!r.rows[0].conditions.hasSynced());
    // And the H200 recordings of 2026-11-30 load as they did.
    const ResultSet seed = ResultIO::fromCsv(
        readFile(SPEEDUPLAB_SOURCE_DIR "/resources/examples/h200-2026-11-30/seed-preset.csv"));
    QVERIFY(seed.rows.size() > 200);
    for (const Measurement &m : seed.rows)
        QVERIFY(!m.conditions.hasSynced());
}

void TestQueueTime::syncedOutOfOrderIsRefused()
{
    ResultSet r;
    Measurement q = point("gpu", "unsynced", 40, 0.003);
    q.conditions.syncedMedian = 0.004;
    q.conditions.syncedMin = 0.005; // above the median
    q.conditions.syncedMax = 0.006;
    r.add(q);
    QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                             ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r)));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, ResultIO::fromJson(ResultIO::toJson(r)));
}

void TestQueueTime::roundsMergeTheSyncedTime()
{
    std::vector<Measurement> rounds;
    for (double synced : {0.030, 0.034, 0.031}) {
        Measurement m = point("gpu", "unsynced", 4000, 0.003);
        m.conditions.syncedMedian = synced;
        m.conditions.syncedMin = synced * 0.99;
        m.conditions.syncedMax = synced * 1.02;
        rounds.push_back(m);
    }
    const Measurement m = SweepRunner::merge(rounds, 3);
    QCOMPARE(m.conditions.syncedMedian, 0.031); // the median of the rounds' medians
    QCOMPARE(m.conditions.syncedMin, 0.030 * 0.99);
    QCOMPARE(m.conditions.syncedMax, 0.034 * 1.02);
}

void TestQueueTime::publishedTableIsAReference()
{
    const ResultSet r = published();
    QVERIFY(RunSet::isReference(r));
    QCOMPARE(r.rows.size(), std::size_t(8));
    // Exactly the table: n, CPU s, GPU s (whole loop of 1000 iterations).
    const std::vector<std::tuple<int, double, double>> table = {
        {4, 0.0093, 0.0431}, {40, 0.0147, 0.0447}, {400, 0.970, 0.0442}, {4000, 38.1, 0.0446}};
    for (const auto &[n, cpu, gpu] : table) {
        int found = 0;
        for (const Measurement &m : r.rows) {
            if (m.n != n)
                continue;
            ++found;
            QCOMPARE(m.iterations, 1000);
            QCOMPARE(m.stats.median, m.onDevice() ? gpu : cpu);
            QCOMPARE(m.bytes, 2.0 * 4.0 * n * n * 1000);
            QCOMPARE(m.mode, std::string(m.onDevice() ? "unsynced" : ""));
            QCOMPARE(m.threads, 0); // not stated
            QVERIFY(!m.verified);
        }
        QCOMPARE(found, 2);
    }
    // Another machine, undescribed: no machine detail is invented.
    QVERIFY(r.machine.cpuModel.empty());
    QVERIFY(r.machine.gpus.empty());
    QVERIFY(r.machine.timestamp.empty());
    // Its GPU column never makes a crossover.
    QVERIFY(Analysis::reports(r, "add").empty());
}

void TestQueueTime::publishedTableImpliesItsBandwidth()
{
    const std::vector<QueueStory> stories = QueueTime::stories(published());
    QCOMPARE(stories.size(), std::size_t(1));
    const QueueStory &s = stories.front();
    QCOMPARE(s.nMin, 4);
    QCOMPARE(s.nMax, 4000);
    QCOMPARE(s.iterations, 1000);
    QCOMPARE(s.bytesMax, 128e9); // 2 x 4 B x 4000^2 x 1000, exactly
    QCOMPARE(s.queuedMax, 0.0446);
    // 128 GB / 0.0446 s = 2.8700 TB/s: 2.87 to 3 significant figures.
    QVERIFY(std::fabs(s.impliedBytesPerS() - 2.87e12) < 0.005e12);
    QCOMPARE(std::round(s.impliedBytesPerS() / 1e10) / 100, 2.87);
    QVERIFY(std::fabs(s.perLaunch() - 44.6e-6) < 1e-9);
    QVERIFY(s.spread() < 1.05); // flat: 43.1 ms to 44.7 ms
    QCOMPARE(s.lowest, 0.0431);
    QCOMPARE(s.highest, 0.0447);
    QCOMPARE(s.syncedMax, 0.0); // the answer never synchronised
}

QTEST_APPLESS_MAIN(TestQueueTime)
#include "tst_queuetime.moc"
