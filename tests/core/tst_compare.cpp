// SPDX-License-Identifier: MIT
// Compare: the per-point verdict of run B against run A on synthetic summaries whose answer is
// known (a 20 % gap is real, a 1 % gap under 5 % noise is not), the same on repetition samples
// through the Mann-Whitney U test, the matching of series and sizes, and the run summary that
// `speeduplab-cli report` prints.

#include "core/analysis/compare.h"
#include "core/model/workload.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace speeduplab;

namespace {

/// An ok point whose repetitions have the given median and relative spread (stddev / median).
Measurement point(const std::string &backend, int n, double median, double spread, int reps,
                  const std::string &workload = "add", int threads = 1, int iterations = 1)
{
    Measurement m;
    m.workload = workload;
    m.backend = backend;
    m.threads = backend == "cpu" ? threads : 0;
    m.mode = backend == "gpu" ? "launch" : "";
    m.device = backend == "gpu" ? 0 : -1;
    m.n = n;
    m.iterations = iterations;
    const Workload *w = Workload::find(workload);
    m.elements = Workload::elements(n);
    m.bytes = w->bytes(n, iterations);
    m.flops = w->flops(n, iterations);
    m.stats.reps = reps;
    m.stats.median = m.stats.mean = median;
    m.stats.stddev = reps > 1 ? spread * median : 0;
    m.stats.min = median * (1 - 2 * spread);
    m.stats.max = median * (1 + 2 * spread);
    m.stats.cv = m.stats.stddev / m.stats.mean;
    m.verified = true;
    return m;
}

/// An ok point whose repetitions are `reps` samples drawn around median with a relative normal
/// noise (seeded: the same seed gives the same draws), each repetition `iterations` operations.
Measurement sampled(double median, double noise, int reps, unsigned seed, int iterations = 1)
{
    std::mt19937 gen(seed);
    std::normal_distribution<double> z(0.0, 1.0);
    std::vector<double> times;
    for (int i = 0; i < reps; ++i)
        times.push_back(median * iterations * std::max(0.05, 1 + noise * z(gen)));
    Measurement m = point("cpu", 400, median, noise, reps, "add", 1, iterations);
    m.stats = Stats::of(times);
    return m;
}

ResultSet run(std::initializer_list<Measurement> rows)
{
    ResultSet r;
    for (const auto &m : rows)
        r.add(m);
    return r;
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT

private slots:
    void verdict_data();
    void verdict();
    void matchesSeriesAndSizes();
    void nothingInCommon();
    void perIterationTimes();
    void mannWhitneyKnownValues();
    void rankVerdict_data();
    void rankVerdict();
    void rankTestNeedsSamplesOnBothSides();
    void summarizeReusesAnalysis();
};

void TestCompare::verdict_data()
{
    QTest::addColumn<double>("factor"); ///< B's median over A's
    QTest::addColumn<double>("spread"); ///< both sides' stddev / median
    QTest::addColumn<int>("repsA");
    QTest::addColumn<int>("repsB");
    QTest::addColumn<QString>("expected");

    QTest::newRow("20 % slower, 5 % noise") << 1.20 << 0.05 << 20 << 20 << "slower";
    QTest::newRow("20 % faster, 5 % noise") << 1 / 1.20 << 0.05 << 20 << 20 << "faster";
    QTest::newRow("20 % slower, steady") << 1.20 << 0.0 << 50 << 50 << "slower";
    QTest::newRow("1 %, 5 % noise") << 1.01 << 0.05 << 20 << 20 << "same within noise";
    QTest::newRow("1 % faster, 5 % noise") << 0.99 << 0.05 << 20 << 20 << "same within noise";
    // So many repetitions that the medians' standard error is ~0.3 %: the floor decides.
    QTest::newRow("1 %, 5 % noise, 1000 reps") << 1.01 << 0.05 << 1000 << 1000 << "same within noise";
    // Repetitions that all took the same time (the timer's resolution): only the floor.
    QTest::newRow("1 %, zero spread") << 1.01 << 0.0 << 100 << 100 << "same within noise";
    QTest::newRow("3 %, zero spread") << 1.03 << 0.0 << 100 << 100 << "slower";
    // 5 % is real when the points are steady and many, not when they are noisy and few.
    QTest::newRow("5 %, 1 % noise, 100 reps") << 1.05 << 0.01 << 100 << 100 << "slower";
    QTest::newRow("5 %, 10 % noise, 5 reps") << 1.05 << 0.10 << 5 << 5 << "same within noise";
    // One repetition: its spread is unknown and taken as 5 %, never as zero.
    QTest::newRow("reps 1, 1 %") << 1.01 << 0.0 << 1 << 1 << "same within noise";
    QTest::newRow("reps 1, 10 %") << 1.10 << 0.0 << 1 << 1 << "same within noise";
    QTest::newRow("reps 1, 2x slower") << 2.0 << 0.0 << 1 << 1 << "slower";
    QTest::newRow("reps 1 against 100, 2x faster") << 0.5 << 0.01 << 1 << 100 << "faster";
}

void TestCompare::verdict()
{
    QFETCH(double, factor);
    QFETCH(double, spread);
    QFETCH(int, repsA);
    QFETCH(int, repsB);
    QFETCH(QString, expected);

    const Measurement a = point("cpu", 400, 1e-3, spread, repsA);
    const Measurement b = point("cpu", 400, 1e-3 * factor, spread, repsB);
    const PointComparison p = Compare::point(a, b);
    QCOMPARE(QString::fromStdString(Compare::verdictName(p.verdict)), expected);
    QVERIFY(qFuzzyCompare(p.ratio, factor));
    QVERIFY(std::isfinite(p.threshold));
    QVERIFY(p.threshold >= std::log1p(Compare::minDifference) - 1e-12);

    // The rule is symmetric: A against B gives the opposite verdict.
    const PointComparison back = Compare::point(b, a);
    const QString opposite = expected == "slower"   ? "faster"
                             : expected == "faster" ? "slower"
                                                    : "same within noise";
    QCOMPARE(QString::fromStdString(Compare::verdictName(back.verdict)), opposite);
}

void TestCompare::matchesSeriesAndSizes()
{
    // A: CPU at 40, 400, 4000 and a GPU series; B: CPU at 400 and 4000 (20 % slower), a failed
    // point at 40, the GPU series at 4000 only (same), and a series A lacks.
    Measurement failed = point("cpu", 40, 1e-6, 0.01, 10);
    failed.status = Measurement::Status::Failed;
    const ResultSet a = run({point("cpu", 40, 1e-6, 0.01, 10), point("cpu", 400, 1e-4, 0.01, 10),
                             point("cpu", 4000, 1e-2, 0.01, 10), point("gpu", 4000, 1e-3, 0.01, 10)});
    const ResultSet b =
        run({failed, point("cpu", 4000, 1.2e-2, 0.01, 10), point("cpu", 400, 1.2e-4, 0.01, 10),
             point("gpu", 4000, 1e-3, 0.01, 10), point("cpu", 400, 1e-4, 0.01, 10, "add", 2)});
    const Comparison c = Compare::compare(a, b);
    QCOMPARE(int(c.points.size()), 3);
    // A's series order, then n ascending.
    QCOMPARE(c.points[0].n, 400);
    QCOMPARE(c.points[1].n, 4000);
    QCOMPARE(c.points[2].label, std::string("GPU launch"));
    QCOMPARE(c.points[0].verdict, PointComparison::Verdict::Slower);
    QCOMPARE(c.points[1].verdict, PointComparison::Verdict::Slower);
    QCOMPARE(c.points[2].verdict, PointComparison::Verdict::Same);
    QCOMPARE(c.slower, 2);
    QCOMPARE(c.faster, 0);
    QCOMPARE(c.same, 1);

    // A rerun of a point in B: its latest row counts, as in Analysis::series.
    ResultSet b2 = b;
    b2.add(point("cpu", 400, 0.8e-4, 0.01, 10));
    const Comparison c2 = Compare::compare(a, b2);
    QCOMPARE(c2.points[0].verdict, PointComparison::Verdict::Faster);
}

void TestCompare::nothingInCommon()
{
    const ResultSet a = run({point("cpu", 400, 1e-4, 0.01, 10)});
    QVERIFY(Compare::compare(a, run({point("gpu", 400, 1e-4, 0.01, 10)})).empty()); // other series
    QVERIFY(Compare::compare(a, run({point("cpu", 500, 1e-4, 0.01, 10)})).empty()); // other n
    QVERIFY(Compare::compare(a, run({point("cpu", 400, 1e-4, 0.01, 10, "saxpy")})).empty());
    QVERIFY(Compare::compare(a, ResultSet{}).empty());
    QVERIFY(Compare::compare(ResultSet{}, ResultSet{}).empty());
    const Comparison c = Compare::compare(a, run({}));
    QCOMPARE(c.faster + c.slower + c.same, 0);
}

void TestCompare::perIterationTimes()
{
    // The same time per operation, measured with 10 and 1000 iterations per repetition.
    const Measurement a = point("cpu", 400, 1e-3, 0.01, 20, "add", 1, 10);
    const Measurement b = point("cpu", 400, 1e-1, 0.01, 20, "add", 1, 1000);
    const PointComparison p = Compare::point(a, b);
    QVERIFY(qFuzzyCompare(p.timeA, 1e-4));
    QVERIFY(qFuzzyCompare(p.ratio, 1.0));
    QCOMPARE(p.verdict, PointComparison::Verdict::Same);
}

void TestCompare::mannWhitneyKnownValues()
{
    // Against the normal approximation with tie and continuity corrections (as SciPy's
    // mannwhitneyu(method="asymptotic")): fully separated sets of 5, and a set with ties.
    QVERIFY(std::fabs(Compare::mannWhitneyP({1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}) - 0.0121857803553) < 1e-9);
    QVERIFY(std::fabs(Compare::mannWhitneyP({6, 7, 8, 9, 10}, {1, 2, 3, 4, 5}) - 0.0121857803553) < 1e-9);
    QVERIFY(std::fabs(Compare::mannWhitneyP({1, 2, 2, 3, 3, 3}, {2, 3, 4, 4, 5}) - 0.0887136919968) < 1e-9);
    QCOMPARE(Compare::mannWhitneyP({1, 2, 3}, {1, 2, 3}), 1.0);
    QCOMPARE(Compare::mannWhitneyP({4, 4, 4}, {4, 4}), 1.0); // all tied: no evidence
    QCOMPARE(Compare::mannWhitneyP({}, {1, 2}), 1.0);
}

void TestCompare::rankVerdict_data()
{
    QTest::addColumn<double>("factor"); ///< B's median over A's
    QTest::addColumn<double>("noise");  ///< both sides' relative noise
    QTest::addColumn<int>("reps");
    QTest::addColumn<bool>("sameSamples"); ///< B's samples are A's, scaled by factor
    QTest::addColumn<bool>("significant"); ///< the test alone would call it a difference
    QTest::addColumn<QString>("expected");

    QTest::newRow("20 % slower, 5 % noise") << 1.20 << 0.05 << 30 << false << true << "slower";
    QTest::newRow("20 % faster, 5 % noise") << 1 / 1.20 << 0.05 << 30 << false << true << "faster";
    QTest::newRow("20 % slower, 5 samples") << 1.20 << 0.05 << 5 << false << true << "slower";
    QTest::newRow("1 %, 5 % noise") << 1.01 << 0.05 << 30 << false << false << "same within noise";
    QTest::newRow("identical samples") << 1.0 << 0.05 << 30 << true << false << "same within noise";
    // 1 % on every repetition with 0.1 % noise: the test is sure, the floor says it is too small
    // to rely on between runs.
    QTest::newRow("1 % steady shift, below the floor")
        << 1.01 << 0.001 << 50 << true << true << "same within noise";
    QTest::newRow("3 % steady shift, above the floor") << 1.03 << 0.001 << 50 << true << true << "slower";
}

void TestCompare::rankVerdict()
{
    QFETCH(double, factor);
    QFETCH(double, noise);
    QFETCH(int, reps);
    QFETCH(bool, sameSamples);
    QFETCH(bool, significant);
    QFETCH(QString, expected);

    const Measurement a = sampled(1e-3, noise, reps, 1);
    Measurement b = sampled(1e-3 * factor, noise, reps, sameSamples ? 1 : 2);
    const PointComparison p = Compare::point(a, b);
    QVERIFY(p.rankTest);
    QCOMPARE(p.pValue < Compare::alpha, significant);
    QCOMPARE(QString::fromStdString(Compare::verdictName(p.verdict)), expected);
    // The rank rule is symmetric too.
    const PointComparison back = Compare::point(b, a);
    QVERIFY(back.rankTest);
    QVERIFY(std::fabs(back.pValue - p.pValue) < 1e-12);
    const QString opposite = expected == "slower"   ? "faster"
                             : expected == "faster" ? "slower"
                                                    : "same within noise";
    QCOMPARE(QString::fromStdString(Compare::verdictName(back.verdict)), opposite);
}

void TestCompare::rankTestNeedsSamplesOnBothSides()
{
    // Four samples on one side, or a side from a file without samples: the summary rule.
    const Measurement many = sampled(1e-3, 0.05, 30, 1);
    const Measurement four = sampled(1.2e-3, 0.05, 4, 2);
    Measurement summaryOnly = sampled(1.2e-3, 0.05, 30, 3);
    summaryOnly.stats.samples.clear();
    for (const Measurement &b : {four, summaryOnly}) {
        const PointComparison p = Compare::point(many, b);
        QVERIFY(!p.rankTest);
        QCOMPARE(p.pValue, 1.0);
    }
    QVERIFY(Compare::point(many, sampled(1.2e-3, 0.05, 5, 2)).rankTest);

    // Samples are repetitions: with other iteration counts they compare per operation.
    const Measurement tenfold = sampled(1e-3, 0.05, 30, 1, 10);
    const PointComparison p = Compare::point(many, tenfold);
    QVERIFY(p.rankTest);
    QVERIFY(qFuzzyCompare(p.ratio, 1.0));
    QCOMPARE(p.verdict, PointComparison::Verdict::Same);
}

void TestCompare::summarizeReusesAnalysis()
{
    // CPU t = 1e-9 n^2, GPU t = 1e-5 + 1e-11 n^2: they cross where the analysis says.
    ResultSet r;
    for (int n : {10, 100, 1000, 10000}) {
        r.add(point("cpu", n, 1e-9 * n * n, 0.01, 10));
        r.add(point("gpu", n, 1e-5 + 1e-11 * double(n) * n, 0.01, 10));
    }
    Measurement failed = point("cpu", 20000, 1, 0.01, 10);
    failed.status = Measurement::Status::Skipped;
    r.add(failed);
    r.machine.ceilings["cpu.dram.bandwidth"] = 20e9;

    const RunSummary s = Compare::summarize(r);
    QCOMPARE(int(s.crossovers.size()), 1);
    QCOMPARE(s.crossovers[0].workload, std::string("add"));
    const auto expected = Analysis::reports(r, "add");
    QCOMPARE(int(s.crossovers[0].reports.size()), int(expected.size()));
    QVERIFY(!expected.empty());
    QCOMPARE(s.crossovers[0].reports[0].summary(), expected[0].summary());
    QVERIFY(!s.crossovers[0].reports[0].crossings.empty());

    QCOMPARE(int(s.ceilings.size()), 1);
    QCOMPARE(s.ceilings[0].first, std::string("cpu.dram.bandwidth"));
    QCOMPARE(s.failedPoints, 1);

    QCOMPARE(int(s.series.size()), 2);
    const RunSummary::SeriesLine &cpu = s.series[0];
    QCOMPARE(cpu.points, 4);
    QCOMPARE(cpu.nMin, 10);
    QCOMPARE(cpu.nMax, 10000);
    // The GPU's fixed cost makes its rate grow with n: its peak is the largest n.
    QCOMPARE(s.series[1].peakN, 10000);
    QVERIFY(s.series[1].peakRate > 0);
    QVERIFY(!s.series[1].computeBound);
}

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
