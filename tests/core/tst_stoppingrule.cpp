// SPDX-License-Identifier: MIT
// StoppingRule: when a point has been measured enough, and the closed form the time estimate
// uses, which must agree with what the repeat loop does.

#include "core/measure/stoppingrule.h"

#include <QtTest>

using namespace speeduplab;

namespace {

struct Simulated {
    int reps = 0;       ///< samples kept
    double seconds = 0; ///< time spent, warm-up included
};

/// The repeat loop of core/measure/repeatloop.cpp, with every repetition taking `rep` seconds and
/// `overhead` more around it (tst_repeatloop drives the loop itself with fake Runs).
Simulated simulate(const StoppingRule &rule, double rep, double overhead)
{
    Simulated s;
    s.seconds = rep; // the warm-up
    double measured = 0;
    if (rule.warmUpCounts(rep)) {
        s.reps = 1;
        measured = rep;
    }
    while (!rule.enough(s.reps, measured, s.seconds)) {
        ++s.reps;
        measured += rep;
        s.seconds += rep + overhead;
    }
    return s;
}

} // namespace

class TestStoppingRule : public QObject {
    Q_OBJECT

private slots:
    void enough_data();
    void enough();
    void wallLimit();
    void warmUpCounts();
    void budget();
    void closedFormMatchesLoop_data();
    void closedFormMatchesLoop();
};

void TestStoppingRule::enough_data()
{
    QTest::addColumn<double>("minTime");
    QTest::addColumn<int>("maxReps");
    QTest::addColumn<int>("reps");
    QTest::addColumn<double>("measured");
    QTest::addColumn<bool>("expected");

    QTest::newRow("nothing yet") << 0.1 << 1000 << 0 << 0.0 << false;
    // minTime reached, but fewer than 3 samples say nothing about the spread.
    QTest::newRow("minTime, 2 reps") << 0.1 << 1000 << 2 << 0.5 << false;
    QTest::newRow("minTime, 3 reps") << 0.1 << 1000 << 3 << 0.1 << true;
    QTest::newRow("3 reps, short") << 0.1 << 1000 << 3 << 0.09 << false;
    // One repetition of a second or more is a measurement on its own.
    QTest::newRow("one long rep") << 0.1 << 1000 << 1 << 1.0 << true;
    QTest::newRow("one long rep, minTime 2") << 2.0 << 1000 << 1 << 1.5 << false;
    QTest::newRow("one rep of minTime 2") << 2.0 << 1000 << 1 << 2.0 << true;
    QTest::newRow("maxReps") << 10.0 << 5 << 5 << 0.001 << true;
    QTest::newRow("below maxReps") << 10.0 << 5 << 4 << 0.001 << false;
    QTest::newRow("minTime 0") << 0.0 << 1000 << 3 << 0.0 << true;
}

void TestStoppingRule::wallLimit()
{
    // n = 1: the repetitions take nanoseconds, the loop around them microseconds. Three samples
    // or more are enough once the loop's wall time reaches 2 * minTime + 1 s.
    const StoppingRule rule(0.5, 2000000000);
    QCOMPARE(rule.wallLimit(), 2.0);
    QVERIFY(!rule.enough(1000000, 0.004, 1.9));
    QVERIFY(rule.enough(1000000, 0.004, 2.0));
    QVERIFY(!rule.enough(2, 0.0, 10.0)); // never fewer than 3
    // The estimate agrees: 5 ns repetitions in 4 µs of loop stop after about 2 s.
    QVERIFY(std::abs(rule.pointSeconds(5e-9, 4e-6) - 2.0) < 1e-5);
}

void TestStoppingRule::enough()
{
    QFETCH(double, minTime);
    QFETCH(int, maxReps);
    QFETCH(int, reps);
    QFETCH(double, measured);
    QFETCH(bool, expected);
    QCOMPARE(StoppingRule(minTime, maxReps).enough(reps, measured), expected);
}

void TestStoppingRule::warmUpCounts()
{
    // A warm-up of a second or more (and at least minTime) is the first sample.
    QVERIFY(StoppingRule(0.1, 1000).warmUpCounts(1.0));
    QVERIFY(!StoppingRule(0.1, 1000).warmUpCounts(0.99));
    QVERIFY(!StoppingRule(3.0, 1000).warmUpCounts(2.0));
    QVERIFY(StoppingRule(3.0, 1000).warmUpCounts(3.0));
}

void TestStoppingRule::budget()
{
    const StoppingRule none(0.1, 1000);
    QVERIFY(!none.outOfTime(5, 1e9));
    QCOMPARE(none.capToBudget(42.0, 1e9), 42.0);

    const StoppingRule rule(0.1, 1000, 100.0);
    QVERIFY(!rule.outOfTime(0, 200.0)); // a point that started gets one sample
    QVERIFY(rule.outOfTime(1, 100.5));
    QVERIFY(!rule.outOfTime(1, 100.0));
    QCOMPARE(rule.capToBudget(42.0, 90.0), 10.0);
    QCOMPARE(rule.capToBudget(5.0, 90.0), 5.0);
    QCOMPARE(rule.capToBudget(5.0, 120.0), 0.0);
}

void TestStoppingRule::closedFormMatchesLoop_data()
{
    QTest::addColumn<double>("minTime");
    QTest::addColumn<int>("maxReps");
    QTest::addColumn<double>("rep");
    QTest::addColumn<double>("overhead");

    // Powers of two, so that the loop's running sum is exact and ceil() agrees with it.
    for (double minTime : {0.0, 0.125, 0.5, 2.0})
        for (int maxReps : {1, 3, 10, 1000}) // SweepPlan::validate asks for at least 1
            for (double rep : {1.0 / 1024, 1.0 / 64, 0.25, 1.0, 4.0})
                for (double overhead : {0.0, 1.0 / 256, 1.0 / 16}) // a cold-cache flush, say
                    QTest::addRow("minTime %g, maxReps %d, rep %g, overhead %g", minTime, maxReps, rep,
                                  overhead)
                        << minTime << maxReps << rep << overhead;
}

void TestStoppingRule::closedFormMatchesLoop()
{
    QFETCH(double, minTime);
    QFETCH(int, maxReps);
    QFETCH(double, rep);
    QFETCH(double, overhead);
    const StoppingRule rule(minTime, maxReps);
    const Simulated s = simulate(rule, rep, overhead);
    QCOMPARE(rule.repetitions(rep, overhead), double(s.reps));
    QCOMPARE(rule.pointSeconds(rep, overhead), s.seconds);
}

QTEST_GUILESS_MAIN(TestStoppingRule)
#include "tst_stoppingrule.moc"
