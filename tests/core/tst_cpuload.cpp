// SPDX-License-Identifier: MIT
// CpuLoad: the parsing of /proc/stat and /proc/self/stat, the load of other programs between two
// samples (this process's own threads excluded), the threshold at which it distorts a sweep's
// timings, and a sample of this machine.

#include "core/machine/cpuload.h"
#include "core/measure/preemption.h"

#include <QtTest>

#include <cctype>
#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

using namespace speeduplab;

namespace {

const char *const kProcStat = "cpu  1000 50 300 8000 100 10 20 5 40 0\n"
                              "cpu0 500 25 150 4000 50 5 10 3 20 0\n"
                              "cpu1 500 25 150 4000 50 5 10 2 20 0\n"
                              "intr 7306838 0 0 0\n"
                              "ctxt 7354193\n";
// utime 120 and stime 30 are fields 14 and 15; the command holds spaces and parentheses.
const char *const kSelfStat = "4242 (speed up (lab)) S 1 4242 4242 0 -1 4194304 99 0 0 0 120 30 0 0 20 0 "
                              "3 0 1572900 3133440 394\n";

} // namespace

class TestCpuLoad : public QObject {
    Q_OBJECT

private slots:
    void parse();
    void parseRefuses_data();
    void parseRefuses();
    void between();
    void distorts_data();
    void distorts();
    void sampleThisMachine();
    void disturbedRepetitions_data();
    void disturbedRepetitions();
    void disturbedPoint();
};

void TestCpuLoad::parse()
{
    const auto c = CpuLoad::parse(kProcStat, kSelfStat);
    QVERIFY(c);
    QCOMPARE(c->cores, 2);
    QCOMPARE(c->busy, 1000.0 + 50 + 300 + 10 + 20 + 5); // guest time is already in user
    QCOMPARE(c->total, c->busy + 8000 + 100);
    QCOMPARE(c->self, 150.0);
}

void TestCpuLoad::parseRefuses_data()
{
    QTest::addColumn<QString>("procStat");
    QTest::addColumn<QString>("selfStat");
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("no self") << QString::fromLatin1(kProcStat) << QString();
    QTest::newRow("no total line") << QStringLiteral("cpu0 1 2 3 4\n") << QString::fromLatin1(kSelfStat);
    QTest::newRow("no per-CPU lines") << QStringLiteral("cpu  1 2 3 4\n") << QString::fromLatin1(kSelfStat);
    QTest::newRow("short total line")
        << QStringLiteral("cpu  1 2 3\ncpu0 1 2 3\n") << QString::fromLatin1(kSelfStat);
    QTest::newRow("short self line") << QString::fromLatin1(kProcStat) << QStringLiteral("1 (x) S 1 2 3");
    QTest::newRow("no command") << QString::fromLatin1(kProcStat)
                                << QStringLiteral("1 x S 1 2 3 4 5 6 7 8 9 10 11");
}

void TestCpuLoad::parseRefuses()
{
    QFETCH(QString, procStat);
    QFETCH(QString, selfStat);
    QVERIFY(!CpuLoad::parse(procStat.toStdString(), selfStat.toStdString()));
}

void TestCpuLoad::between()
{
    // One second on 2 cores (200 ticks): 180 busy, of which 20 this process's: others kept
    // 160 / 200 of the machine busy, 1.6 cores.
    const CpuLoad::Counters before{1000, 2000, 100, 2};
    const CpuLoad::Counters after{1180, 2200, 120, 2};
    const auto load = CpuLoad::between(before, after);
    QVERIFY(load);
    QCOMPARE(load->cores, 2);
    QCOMPARE(load->others, 1.6);
    QCOMPARE(load->share(), 0.8);
    // This process alone busy: nobody else.
    const auto alone = CpuLoad::between(before, {1180, 2200, 280, 2});
    QVERIFY(alone);
    QCOMPARE(alone->others, 0.0);
    // No time passed: no figure.
    QVERIFY(!CpuLoad::between(before, before));
}

void TestCpuLoad::distorts_data()
{
    QTest::addColumn<double>("others");
    QTest::addColumn<int>("cores");
    QTest::addColumn<int>("sweepThreads");
    QTest::addColumn<bool>("distorts");
    QTest::newRow("2 cores, 1.6 busy") << 1.6 << 2 << 2 << true;
    QTest::newRow("2 cores, idle") << 0.1 << 2 << 2 << false;
    QTest::newRow("2 cores, above 15 %") << 0.4 << 2 << 1 << true;
    QTest::newRow("16 cores, 2 busy, sweep on 1") << 2.0 << 16 << 1 << false;
    QTest::newRow("16 cores, 3 busy, sweep on 1") << 3.0 << 16 << 1 << true;
    QTest::newRow("16 cores, 0.6 busy, sweep on all") << 0.6 << 16 << 16 << true;
    QTest::newRow("16 cores, 0.4 busy, sweep on all") << 0.4 << 16 << 16 << false;
    QTest::newRow("16 cores, 2 busy, sweep on 15") << 2.0 << 16 << 15 << true;
}

void TestCpuLoad::distorts()
{
    QFETCH(double, others);
    QFETCH(int, cores);
    QFETCH(int, sweepThreads);
    QFETCH(bool, distorts);
    QCOMPARE(CpuLoad::distorts({others, cores}, sweepThreads), distorts);
}

void TestCpuLoad::sampleThisMachine()
{
    std::ifstream f("/proc/stat");
    if (!f)
        QSKIP("this system has no /proc/stat");
    int cores = 0;
    for (std::string line; std::getline(f, line);)
        cores +=
            line.size() > 3 && line.rfind("cpu", 0) == 0 && std::isdigit(static_cast<unsigned char>(line[3]));
    CpuLoad load;
    QVERIFY(!load.sample()); // the first sample is the baseline
    // A figure once the clock ticked (every 10 ms on Linux).
    std::optional<CpuLoad::Load> l;
    for (int i = 0; i < 100 && !l; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        l = load.sample();
    }
    QVERIFY(l);
    QCOMPARE(l->cores, cores);
    QVERIFY2(l->others >= 0 && l->others <= cores, qPrintable(QString::number(l->others)));
}

// Which repetitions another program cost time (Preemption): a switched-out thread counts when
// its repetition took over 1.25 times the median of those without a switch; with fewer than 3 of
// those, when other programs kept the CPUs busy. A kernel thread's brief turn in a second-long
// repetition is not a lost core.
void TestCpuLoad::disturbedRepetitions_data()
{
    QTest::addColumn<QList<double>>("times");
    QTest::addColumn<QList<bool>>("switched");
    QTest::addColumn<bool>("busy");
    QTest::addColumn<int>("disturbed");
    QTest::newRow("no switch") << QList<double>{1, 1, 1} << QList<bool>{false, false, false} << true << 0;
    // The 4 ms plateau: a barrier waiting a slice, beside quick repetitions.
    QTest::newRow("a lost slice") << QList<double>{3e-7, 3e-7, 4e-3, 3e-7, 3.1e-7}
                                  << QList<bool>{false, false, true, false, false} << false << 1;
    QTest::newRow("a brief switch") << QList<double>{3e-7, 3e-7, 3.1e-7, 3e-7}
                                    << QList<bool>{false, true, false, false} << true << 0;
    QTest::newRow("long, quiet") << QList<double>{0.8, 0.81} << QList<bool>{true, true} << false << 0;
    QTest::newRow("long, others busy") << QList<double>{0.8, 1.6} << QList<bool>{true, true} << true << 2;
    QTest::newRow("one repetition, busy") << QList<double>{4e-3} << QList<bool>{true} << true << 1;
}

void TestCpuLoad::disturbedRepetitions()
{
    QFETCH(QList<double>, times);
    QFETCH(QList<bool>, switched);
    QFETCH(bool, busy);
    QFETCH(int, disturbed);
    const std::vector<double> t(times.begin(), times.end());
    const std::vector<bool> sw(switched.begin(), switched.end());
    QCOMPARE(Preemption::disturbedReps(t, sw, busy), disturbed);
}

// A point is disturbed when a tenth of its repetitions or more were; its reason says how much,
// and how often it was measured again.
void TestCpuLoad::disturbedPoint()
{
    QVERIFY(!Preemption::disturbs(0, 10));
    QVERIFY(!Preemption::disturbs(9, 100));
    QVERIFY(Preemption::disturbs(10, 100));
    QVERIFY(Preemption::disturbs(1, 1));
    QCOMPARE(QString::fromStdString(Preemption::reason(3, 20, 2)),
             QStringLiteral(
                 "another program held a core during 3 of 20 repetitions (its threads waited for a CPU); "
                 "measured again 2 times, still disturbed"));
    QVERIFY(Preemption::involuntarySwitches() >= 0);
    QVERIFY(Preemption::stolenSeconds() >= 0);
}

QTEST_APPLESS_MAIN(TestCpuLoad)
#include "tst_cpuload.moc"
