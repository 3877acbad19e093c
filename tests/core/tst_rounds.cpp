// SPDX-License-Identifier: MIT
// Interleaved rounds (--rounds K): each round runs every point in its own shuffled order,
// reproducible from the seed, and each point's rounds merge into one row with the spread
// between the rounds' medians.

#include "core/measure/sweeprunner.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <map>

using namespace speeduplab;

namespace {

SweepPlan plan(int rounds, std::uint32_t seed)
{
    SweepPlan p;
    p.workload = "add";
    p.sizes = {4, 8, 16, 32, 64};
    p.threads = {1, 2};
    p.gpu = false;
    p.iterations = 5;
    p.minTime = 0;
    p.maxReps = 3;
    p.rounds = rounds;
    p.shuffleSeed = seed;
    return p;
}

std::vector<PlanPoint> sorted(std::vector<PlanPoint> v)
{
    auto key = [](const PlanPoint &p) { return std::tie(p.backend, p.variant, p.threads, p.mode, p.n); };
    std::sort(v.begin(), v.end(), [&](const PlanPoint &a, const PlanPoint &b) { return key(a) < key(b); });
    return v;
}

Measurement okRound(double median, int reps = 3)
{
    Measurement m;
    m.workload = "add";
    m.backend = "cpu";
    m.threads = 1;
    m.n = 64;
    m.verified = true;
    std::vector<double> s(std::size_t(reps), median);
    s.front() = median * 0.9;
    s.back() = median * 1.1;
    m.stats = Stats::of(s);
    return m;
}

} // namespace

class TestRounds : public QObject {
    Q_OBJECT

private slots:
    void oneRoundKeepsCoarseToFine();
    void roundsAreShuffledPermutations();
    void orderIsReproducibleFromTheSeed();
    void mergePoolsRounds();
    void mergeFailedWins();
    void mergeNotesMissingRounds();
    void runMergesOneRowPerPoint();
    void roundsAreValidated();
};

void TestRounds::oneRoundKeepsCoarseToFine()
{
    const SweepPlan p = plan(1, 7);
    QCOMPARE(p.roundPoints(0), p.points());
}

void TestRounds::roundsAreShuffledPermutations()
{
    const SweepPlan p = plan(3, 12345);
    const auto canonical = sorted(p.points());
    std::vector<std::vector<PlanPoint>> orders;
    for (int r = 0; r < 3; ++r) {
        orders.push_back(p.roundPoints(r));
        QCOMPARE(sorted(orders.back()), canonical); // every point exactly once
    }
    QVERIFY(orders[0] != orders[1]);
    QVERIFY(orders[1] != orders[2]);
    QVERIFY(orders[0] != p.points()); // shuffled, not the coarse-to-fine order
}

void TestRounds::orderIsReproducibleFromTheSeed()
{
    const SweepPlan a = plan(4, 42), b = plan(4, 42), c = plan(4, 43);
    for (int r = 0; r < 4; ++r)
        QCOMPARE(a.roundPoints(r), b.roundPoints(r));
    QVERIFY(a.roundPoints(0) != c.roundPoints(0));
    QCOMPARE(a.roundPoints(0).size(), std::size_t(10)); // 2 series x 5 sizes
}

void TestRounds::mergePoolsRounds()
{
    const Measurement m = SweepRunner::merge({okRound(1.0), okRound(1.2), okRound(0.9)}, 3);
    QVERIFY(m.ok());
    QCOMPARE(m.conditions.rounds, 3);
    QCOMPARE(m.conditions.roundMin, 0.9);
    QCOMPARE(m.conditions.roundMax, 1.2);
    QCOMPARE(m.stats.reps, 9);
    QCOMPARE(m.stats.samples.size(), std::size_t(9));
    QCOMPARE(m.stats.median, 1.0); // of all nine repetitions
    QVERIFY(m.reason.empty());
    QVERIFY(qFuzzyCompare(m.conditions.roundSpread(m.stats.median), 0.3));
    QCOMPARE(QString::fromStdString(m.conditions.roundSummary(m.stats.median)),
             QStringLiteral("3 rounds, spread 30.0 %"));
    // One round: the row as measured, no spread.
    const Measurement single = SweepRunner::merge({okRound(2.0)}, 1);
    QCOMPARE(single, okRound(2.0));
    QCOMPARE(single.conditions.roundSummary(single.stats.median), std::string());
}

void TestRounds::mergeFailedWins()
{
    Measurement wrong = okRound(0.1);
    wrong.status = Measurement::Status::Failed;
    wrong.reason = "wrong result: b[0] = 3";
    const Measurement m = SweepRunner::merge({okRound(1.0), wrong, okRound(1.0)}, 3);
    QCOMPARE(m.status, Measurement::Status::Failed); // a wrong answer is never shown as fast
    QCOMPARE(m.reason, wrong.reason);
}

void TestRounds::mergeNotesMissingRounds()
{
    Measurement skipped = okRound(1.0);
    skipped.status = Measurement::Status::Skipped;
    skipped.reason = "the time budget of 5 s ran out before this point";
    const Measurement m = SweepRunner::merge({okRound(1.0), okRound(1.1), skipped}, 3);
    QVERIFY(m.ok());
    QCOMPARE(m.conditions.rounds, 2);
    QVERIFY2(m.reason.find("measured in 2 of 3 rounds (the time budget") == 0, m.reason.c_str());
    const Measurement none = SweepRunner::merge({skipped}, 3);
    QCOMPARE(none.status, Measurement::Status::Skipped);
}

void TestRounds::runMergesOneRowPerPoint()
{
    const SweepPlan p = plan(3, 99);
    SweepRunner runner(p);
    std::atomic<bool> stop{false};
    std::vector<std::string> order; // the points in the order measured
    std::map<std::string, int> sent;
    std::vector<int> roundsSeen;
    SweepRunner::Callbacks cb;
    cb.measured = [&](const Measurement &m) {
        const std::string key = m.seriesKey() + '@' + std::to_string(m.n);
        order.push_back(key);
        ++sent[key];
        QCOMPARE(m.conditions.rounds, sent[key]); // the rounds so far, merged
    };
    cb.progress = [&](const SweepRunner::Progress &pr) {
        QCOMPARE(pr.rounds, 3);
        roundsSeen.push_back(pr.round);
    };
    const ResultSet r = runner.run(cb, stop);
    QCOMPARE(r.size(), p.points().size()); // one row per point
    QCOMPARE(order.size(), 3 * p.points().size());
    for (const Measurement &m : r.rows) {
        QVERIFY2(m.ok(), m.reason.c_str());
        QCOMPARE(m.conditions.rounds, 3);
        QVERIFY(m.conditions.roundMin > 0);
        QVERIFY(m.conditions.roundMin <= m.conditions.roundMax);
        QCOMPARE(m.stats.reps, 9);
    }
    // The rows keep the plan's order; the measurements followed each round's own order.
    for (std::size_t i = 0; i < r.size(); ++i)
        QCOMPARE(r.rows[i].n, p.points()[i].n);
    const std::size_t n = p.points().size();
    const std::vector<std::string> round0(order.begin(), order.begin() + std::ptrdiff_t(n));
    const std::vector<std::string> round1(order.begin() + std::ptrdiff_t(n),
                                          order.begin() + std::ptrdiff_t(2 * n));
    QVERIFY(round0 != round1);
    QVERIFY(std::find(roundsSeen.begin(), roundsSeen.end(), 2) != roundsSeen.end());
    QCOMPARE(r.machine.sweep.rounds, 3);
    QCOMPARE(r.machine.sweep.shuffleSeed, 99u);
}

void TestRounds::roundsAreValidated()
{
    SweepPlan p = plan(0, 1);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, p.validate(2));
    p.rounds = SweepPlan::maxRounds + 1;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, p.validate(2));
    p.rounds = SweepPlan::maxRounds;
    p.validate(2);
}

QTEST_APPLESS_MAIN(TestRounds)
#include "tst_rounds.moc"
