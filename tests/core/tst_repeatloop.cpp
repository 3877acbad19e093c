// SPDX-License-Identifier: MIT
// RepeatLoop with fake Runs: an unsynced run's repetitions are counted at their synchronised
// length (the stopping rule, the warm-up and the estimates' median), a plain run's at its own,
// the closed form of StoppingRule agrees with the loop, and a wrong output fails the point.

#include "backend/run.h"
#include "core/measure/reference.h"
#include "core/measure/repeatloop.h"

#include <QtTest>

#include <cmath>

using namespace speeduplab;

namespace {

/// A Run that takes no time at all but reports `queue` seconds from runOnce and `synced` as its
/// synchronised time (0: a run of any mode but unsynced). Its output is add's right answer
/// (b doubled `iterations` times), unless `wrong`.
class FakeRun : public Run {
public:
    FakeRun(std::vector<float> b, int iterations, double queue, double synced, bool wrong = false)
        : m_b(std::move(b)), m_iterations(iterations), m_queue(queue), m_synced(synced), m_wrong(wrong)
    {
    }
    void reset() override { ++resets; }
    double runOnce(const std::atomic<bool> &) override
    {
        ++runs;
        return m_queue;
    }
    double synchronisedSeconds() const override { return m_synced; }
    std::vector<float> output() override
    {
        std::vector<float> out(m_b);
        for (float &v : out)
            v = std::ldexp(v, m_iterations) + (m_wrong ? 1.0f : 0.0f);
        return out;
    }
    int runs = 0; ///< runOnce calls, the warm-up included
    int resets = 0;

private:
    std::vector<float> m_b;
    int m_iterations;
    double m_queue;
    double m_synced;
    bool m_wrong;
};

Measurement addPoint(int n, int iterations)
{
    Measurement m;
    m.workload = "add";
    m.backend = "gpu";
    m.mode = "unsynced";
    m.n = n;
    m.iterations = iterations;
    return m;
}

struct Outcome {
    Measurement m;
    int runs = 0;
};

Outcome loop(double queue, double synced, double minTime, int maxReps = 1000, bool wrong = false)
{
    const int n = 8, iterations = 3;
    const auto inputs = Reference::inputs("add", n);
    FakeRun run(inputs[0], iterations, queue, synced, wrong);
    Outcome o;
    o.m = addPoint(n, iterations);
    const std::atomic<bool> stop{false};
    RepeatLoop::run(run, o.m, StoppingRule(minTime, maxReps), stop, inputs, {});
    o.runs = run.runs;
    return o;
}

} // namespace

class TestRepeatLoop : public QObject {
    Q_OBJECT

private slots:
    void unsyncedCountsTheSynchronisedTime_data();
    void unsyncedCountsTheSynchronisedTime();
    void unsyncedWarmUpCountsWhenTheWorkIsLong();
    void closedFormAgreesWithTheLoop_data();
    void closedFormAgreesWithTheLoop();
    void lastedOfARow();
    void wrongOutputFails();
};

void TestRepeatLoop::unsyncedCountsTheSynchronisedTime_data()
{
    QTest::addColumn<double>("queue");
    QTest::addColumn<double>("synced");
    QTest::addColumn<double>("minTime");
    QTest::addColumn<int>("reps");
    // The case: 1 ms to queue, 30 ms of work, --min-time 0.1: four repetitions of 30 ms
    // (0.12 s), not the 100 that 1 ms each would take (which ran 3 s of GPU work).
    QTest::newRow("queue 1 ms, work 30 ms") << 1e-3 << 30e-3 << 0.1 << 4;
    // Queue 3 ms, work 30 ms: 4, not 34.
    QTest::newRow("queue 3 ms, work 30 ms") << 3e-3 << 30e-3 << 0.1 << 4;
    // A queue longer than the work (a slow host): the queue is what a repetition lasts.
    QTest::newRow("queue 40 ms, work 10 ms") << 40e-3 << 10e-3 << 0.1 << 3;
    // Not unsynced: synchronisedSeconds() is 0 and the returned time counts, as before.
    QTest::newRow("synchronised run of 30 ms") << 30e-3 << 0.0 << 0.1 << 4;
    QTest::newRow("synchronised run of 1/64 s") << 0.015625 << 0.0 << 0.1 << 7;
}

void TestRepeatLoop::unsyncedCountsTheSynchronisedTime()
{
    QFETCH(double, queue);
    QFETCH(double, synced);
    QFETCH(double, minTime);
    QFETCH(int, reps);
    const Outcome o = loop(queue, synced, minTime);
    QCOMPARE(o.m.stats.reps, reps);
    QCOMPARE(o.runs, reps + 1); // and the warm-up, which did not count
    QVERIFY2(o.runs <= 5 || synced == 0, "the issue's target: at most 5 repetitions");
    // The row keeps both: the queue time as its time, the synchronised time beside it.
    QCOMPARE(o.m.stats.median, queue);
    QCOMPARE(o.m.conditions.syncedMedian, synced);
    QVERIFY(o.m.ok());
    QVERIFY(o.m.verified);
}

void TestRepeatLoop::unsyncedWarmUpCountsWhenTheWorkIsLong()
{
    // 2 ms to queue 1.5 s of work: the warm-up is a long repetition and counts as the only sample,
    // as a synchronised 1.5 s one does. Before, the 2 ms queue time made it run 4 times (6 s).
    const Outcome o = loop(2e-3, 1.5, 0.1);
    QCOMPARE(o.runs, 1);
    QCOMPARE(o.m.stats.reps, 1);
    QCOMPARE(o.m.conditions.syncedMedian, 1.5);
}

void TestRepeatLoop::closedFormAgreesWithTheLoop_data()
{
    QTest::addColumn<double>("queue");
    QTest::addColumn<double>("synced");
    QTest::addColumn<double>("minTime");
    QTest::addColumn<int>("maxReps");
    // Powers of two, so that the loop's sums and the closed form's quotient are exact.
    QTest::newRow("unsynced, short") << 1.0 / 8192 << 1.0 / 512 << 0.0625 << 1000;
    QTest::newRow("unsynced, capped") << 1e-5 << 1e-4 << 0.5 << 20;
    QTest::newRow("unsynced, long") << 1e-3 << 0.7 << 0.1 << 1000;
    QTest::newRow("synchronised") << 1.0 / 256 << 0.0 << 0.125 << 1000;
}

void TestRepeatLoop::closedFormAgreesWithTheLoop()
{
    QFETCH(double, queue);
    QFETCH(double, synced);
    QFETCH(double, minTime);
    QFETCH(int, maxReps);
    // The time estimates use StoppingRule::repetitions with what a repetition lasted: the loop
    // must run exactly that many.
    const StoppingRule rule(minTime, maxReps);
    const Outcome o = loop(queue, synced, minTime, maxReps);
    QCOMPARE(double(o.m.stats.reps), rule.repetitions(RepeatLoop::lasted(queue, synced)));
}

void TestRepeatLoop::lastedOfARow()
{
    Measurement m;
    m.stats.median = 1e-3;
    QCOMPARE(RepeatLoop::lasted(m), 1e-3); // not unsynced: no synchronised time
    m.conditions.syncedMedian = 30e-3;
    QCOMPARE(RepeatLoop::lasted(m), 30e-3); // what SweepRunner's estimates use
}

void TestRepeatLoop::wrongOutputFails()
{
    const Outcome o = loop(1e-3, 30e-3, 0.01, 1000, true);
    QCOMPARE(o.m.status, Measurement::Status::Failed);
    QVERIFY(!o.m.verified);
    QVERIFY2(o.m.reason.find("wrong result") != std::string::npos, o.m.reason.c_str());
}

QTEST_GUILESS_MAIN(TestRepeatLoop)
#include "tst_repeatloop.moc"
