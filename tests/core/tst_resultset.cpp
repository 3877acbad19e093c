// SPDX-License-Identifier: MIT
// ResultSet helpers: the workloads a run holds, its status counts and how ceilings measured in
// this session join a run.

#include "core/model/resultset.h"

#include <QtTest>

using namespace speeduplab;

namespace {

Measurement row(const std::string &workload, Measurement::Status status, int n = 64)
{
    Measurement m;
    m.workload = workload;
    m.backend = "cpu";
    m.variant = "omp";
    m.threads = 1;
    m.n = n;
    m.status = status;
    return m;
}

MachineInfo machine(const std::string &cpu, int cores, std::vector<std::string> gpuNames)
{
    MachineInfo m;
    m.cpuModel = cpu;
    m.logicalCores = cores;
    for (std::size_t i = 0; i < gpuNames.size(); ++i) {
        MachineInfo::Gpu g;
        g.index = int(i);
        g.name = gpuNames[i];
        m.gpus.push_back(g);
    }
    return m;
}

/// An ok CPU point of `threads` threads at n, `perIteration` seconds per iteration, steady (CV 1 %).
Measurement timed(int threads, int n, double perIteration)
{
    Measurement m = row("add", Measurement::Status::Ok, n);
    m.threads = threads;
    m.iterations = 1000;
    m.stats.reps = 10;
    m.stats.median = m.stats.min = m.stats.max = m.stats.mean = perIteration * 1000;
    m.stats.cv = 0.01;
    return m;
}

} // namespace

class TestResultSet : public QObject {
    Q_OBJECT

private slots:
    void workloads();
    void statusCounts();
    void addMissingCeilings();
    void applyCeilings();
    void flagOffTrend_data();
    void flagOffTrend();
};

void TestResultSet::workloads()
{
    ResultSet r;
    QVERIFY(r.workloads().empty());
    r.add(row("saxpy", Measurement::Status::Ok));
    r.add(row("gemm", Measurement::Status::Ok));
    r.add(row("saxpy", Measurement::Status::Failed, 128));
    r.add(row("add", Measurement::Status::Skipped));
    r.add(row("gemm", Measurement::Status::Ok, 128));
    QCOMPARE(r.workloads(), (std::vector<std::string>{"saxpy", "gemm", "add"}));
}

void TestResultSet::statusCounts()
{
    ResultSet r;
    QCOMPARE(r.statusCounts(), ResultSet::StatusCounts{});
    const Measurement::Status statuses[] = {Measurement::Status::Ok,       Measurement::Status::Ok,
                                            Measurement::Status::Ok,       Measurement::Status::Failed,
                                            Measurement::Status::Skipped,  Measurement::Status::Skipped,
                                            Measurement::Status::Cancelled};
    int n = 16;
    for (Measurement::Status s : statuses)
        r.add(row("saxpy", s, n *= 2));
    const ResultSet::StatusCounts c = r.statusCounts();
    QCOMPARE(c.ok, 3);
    QCOMPARE(c.failed, 1);
    QCOMPARE(c.skipped, 2);
    QCOMPARE(c.cancelled, 1);
}

void TestResultSet::addMissingCeilings()
{
    ResultSet r;
    r.machine.ceilings = {{"cpu_triad_bytes_per_s", 20e9}};
    r.addMissingCeilings({{"cpu_triad_bytes_per_s", 30e9}, {"cpu_fma_flops", 1e12}});
    // The run's own measurement stays; what it lacks is added.
    QCOMPARE(r.machine.ceilings.size(), std::size_t(2));
    QCOMPARE(r.machine.ceilings.at("cpu_triad_bytes_per_s"), 20e9);
    QCOMPARE(r.machine.ceilings.at("cpu_fma_flops"), 1e12);
}

void TestResultSet::applyCeilings()
{
    const MachineInfo here = machine("Xeon", 16, {"H200"});
    const std::map<std::string, double> measured = {{"cpu_triad_bytes_per_s", 30e9},
                                                    {"gpu_copy_bytes_per_s", 4e12}};

    // Recorded here (another session, other versions and timestamp): the calibration replaces
    // the run's ceilings and adds the new ones.
    ResultSet same;
    same.machine = here;
    same.machine.timestamp = "2024-01-01T00:00:00Z";
    same.machine.programVersion = "0.1";
    same.machine.ceilings = {{"cpu_triad_bytes_per_s", 20e9}, {"cpu_l1_bytes_per_s", 1e12}};
    QVERIFY(same.applyCeilings(here, measured));
    QCOMPARE(same.machine.ceilings.at("cpu_triad_bytes_per_s"), 30e9);
    QCOMPARE(same.machine.ceilings.at("gpu_copy_bytes_per_s"), 4e12);
    QCOMPARE(same.machine.ceilings.at("cpu_l1_bytes_per_s"), 1e12);

    // Recorded elsewhere: it keeps its own ceilings.
    ResultSet other;
    other.machine = machine("EPYC", 16, {"H200"});
    other.machine.ceilings = {{"cpu_triad_bytes_per_s", 20e9}};
    const MachineInfo before = other.machine;
    QVERIFY(!other.applyCeilings(here, measured));
    QCOMPARE(other.machine, before);
}

void TestResultSet::flagOffTrend_data()
{
    QTest::addColumn<QList<double>>("times"); ///< per iteration at n = 4, 7, 13, 22, 40 (s)
    QTest::addColumn<QList<int>>("flagged");  ///< indexes expected off the trend
    // The loaded-machine case: n = 4 took 1000x its neighbours, with a steady CV.
    QTest::newRow("1000x at the smallest n")
        << QList<double>{4e-3, 1.7e-6, 1.8e-6, 2e-6, 2.5e-6} << QList<int>{0};
    QTest::newRow("a disturbed middle point")
        << QList<double>{1.7e-6, 1.8e-6, 40e-6, 2e-6, 2.5e-6} << QList<int>{2};
    QTest::newRow("growing: nothing") << QList<double>{1e-6, 2e-6, 8e-6, 30e-6, 100e-6} << QList<int>{};
    // Flat and jittery (launch-bound GPU curves, parallel-region cost): below the factor.
    QTest::newRow("flat with 3x jitter") << QList<double>{3e-6, 1e-6, 2.9e-6, 1.1e-6, 1e-6} << QList<int>{};
    QTest::newRow("the largest n alone is never off")
        << QList<double>{1e-6, 1e-6, 1e-6, 1e-6, 1} << QList<int>{};
}

void TestResultSet::flagOffTrend()
{
    QFETCH(QList<double>, times);
    QFETCH(QList<int>, flagged);
    const int ns[] = {4, 7, 13, 22, 40};
    ResultSet r;
    for (int i = 0; i < times.size(); ++i) {
        r.add(timed(2, ns[i], times[i]));
        r.add(timed(1, ns[i], 1e-6 * (i + 1))); // another series, clean: never judged against the first
    }
    Measurement failed = timed(2, 7, 1e-9);
    failed.status = Measurement::Status::Failed; // not ok: no trend to hold others against
    r.add(failed);

    QCOMPARE(r.flagOffTrend(), int(flagged.size()));
    for (const Measurement &m : r.rows) {
        const bool expected =
            m.threads == 2 && m.ok() &&
            flagged.contains(int(std::find(std::begin(ns), std::end(ns), m.n) - std::begin(ns)));
        QCOMPARE(m.stats.offTrend, expected);
        QCOMPARE(m.stats.noisy(), expected); // CV 1 %: noisy only through the trend
        if (expected)
            QVERIFY2(QString::fromStdString(m.reason).contains("off its series' trend"), m.reason.c_str());
    }
    const Measurement first = r.series(r.rows.front().seriesKey()).front();
    if (flagged.contains(0))
        QVERIFY2(QString::fromStdString(first.reason).contains("2353x the time per iteration of n = 7"),
                 first.reason.c_str());
}

QTEST_APPLESS_MAIN(TestResultSet)
#include "tst_resultset.moc"
