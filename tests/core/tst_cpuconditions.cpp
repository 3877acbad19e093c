// SPDX-License-Identifier: MIT
// CpuConditions: the governor, boost and clock parsers on fixture texts (absent files included),
// the warning and throttling logic, and a read of this machine that never fails.

#include "core/machine/cpuconditions.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace speeduplab;

class TestCpuConditions : public QObject {
    Q_OBJECT

private slots:
    void governors();
    void boost();
    void frequency();
    void warning();
    void throttled();
    void describe();
    void readHere();
};

void TestCpuConditions::governors()
{
    using V = std::vector<std::string>;
    QCOMPARE(CpuConditions::parseGovernors(V{"performance\n", "performance\n"}), std::string("performance"));
    QCOMPARE(CpuConditions::parseGovernors(V{"powersave\n"}), std::string("powersave"));
    QCOMPARE(CpuConditions::parseGovernors(V{"powersave\n", "performance\n", "powersave"}),
             std::string("mixed: performance, powersave"));
    // Absent files read as empty texts: not available.
    QCOMPARE(CpuConditions::parseGovernors(V{}), std::string());
    QCOMPARE(CpuConditions::parseGovernors(V{"", " \n"}), std::string());
    // A CPU without the file does not make the others "mixed".
    QCOMPARE(CpuConditions::parseGovernors(V{"schedutil\n", ""}), std::string("schedutil"));
}

void TestCpuConditions::boost()
{
    using B = CpuConditions::Boost;
    QVERIFY(CpuConditions::parseBoost("1\n", "") == B::On);
    QVERIFY(CpuConditions::parseBoost("0\n", "") == B::Off);
    // intel_pstate/no_turbo is the inverse.
    QVERIFY(CpuConditions::parseBoost("", "0\n") == B::On);
    QVERIFY(CpuConditions::parseBoost("", "1\n") == B::Off);
    // cpufreq/boost wins when both exist.
    QVERIFY(CpuConditions::parseBoost("1", "1") == B::On);
    QVERIFY(CpuConditions::parseBoost("", "") == B::Unknown);
    QVERIFY(CpuConditions::parseBoost("yes", "2") == B::Unknown);
    QCOMPARE(CpuConditions::boostName(B::On), std::string("on"));
    QCOMPARE(CpuConditions::boostName(B::Off), std::string("off"));
    QCOMPARE(CpuConditions::boostName(B::Unknown), std::string());
}

void TestCpuConditions::frequency()
{
    using V = std::vector<std::string>;
    // scaling_cur_freq is in kHz; the average over CPUs, in MHz.
    QCOMPARE(CpuConditions::parseFrequencyMHz(V{"3000000\n", "2000000\n"}, ""), 2500.0);
    QCOMPARE(CpuConditions::parseFrequencyMHz(V{"1200000\n"}, "cpu MHz\t\t: 9999.0\n"), 1200.0);
    // Unreadable or malformed entries are left out of the average.
    QCOMPARE(CpuConditions::parseFrequencyMHz(V{"3000000", "", "fast", "-5"}, ""), 3000.0);
    // Fallback: "cpu MHz" of /proc/cpuinfo.
    const std::string cpuinfo = "processor\t: 0\nmodel name\t: Some CPU @ 2.00GHz\ncpu MHz\t\t: 2000.000\n\n"
                                "processor\t: 1\ncpu MHz\t\t: 3000.500\ncache size\t: 512 KB\n";
    QCOMPARE(CpuConditions::parseFrequencyMHz(V{}, cpuinfo), 2500.25);
    QCOMPARE(CpuConditions::parseFrequencyMHz(V{"", ""}, cpuinfo), 2500.25);
    // Nothing anywhere: not available.
    QCOMPARE(CpuConditions::parseFrequencyMHz(V{}, ""), 0.0);
    QCOMPARE(CpuConditions::parseFrequencyMHz(V{}, "processor\t: 0\nmodel name\t: x\n"), 0.0);
    QCOMPARE(CpuConditions::parseFrequencyMHz(V{}, "cpu MHz\t: n/a\n"), 0.0);
}

void TestCpuConditions::warning()
{
    CpuConditions c;
    QVERIFY(c.warning().empty()); // unknown: nothing to warn about
    c.governor = "performance";
    QVERIFY(c.warning().empty());
    c.boost = CpuConditions::Boost::On; // informational only
    QVERIFY(c.warning().empty());
    c.governor = "powersave";
    const std::string w = c.warning();
    QVERIFY(!w.empty());
    QVERIFY(w.find("\"powersave\"") != std::string::npos);
    QVERIFY(w.find("ramp") != std::string::npos);
    c.governor = "mixed: performance, powersave";
    QVERIFY(c.warning().find("mixed: performance, powersave") != std::string::npos);
}

void TestCpuConditions::throttled()
{
    CpuConditions c;
    QVERIFY(!c.throttled());
    QVERIFY(c.throttleNote().empty());
    c.startMHz = 3000;
    QVERIFY(!c.throttled()); // end unknown
    c.endMHz = 2800;         // 93 %: not throttled
    QVERIFY(!c.throttled());
    c.endMHz = 2700; // exactly 90 %: not below
    QVERIFY(!c.throttled());
    c.endMHz = 2000;
    QVERIFY(c.throttled());
    const std::string note = c.throttleNote();
    QVERIFY(note.find("3000 MHz") != std::string::npos);
    QVERIFY(note.find("2000 MHz") != std::string::npos);
    QVERIFY(note.find("below 90 %") != std::string::npos);
    c.startMHz = 0; // start unknown
    QVERIFY(!c.throttled());
}

void TestCpuConditions::describe()
{
    CpuConditions c;
    auto lines = c.describe();
    QCOMPARE(lines.size(), size_t(3));
    for (const auto &[k, v] : lines)
        QCOMPARE(v, std::string("not available"));
    c.governor = "performance";
    c.boost = CpuConditions::Boost::Off;
    c.startMHz = 3000;
    c.endMHz = 2000;
    lines = c.describe();
    QCOMPARE(lines[0].second, std::string("performance"));
    QCOMPARE(lines[1].second, std::string("off"));
    QVERIFY(lines[2].second.find("fell below 90 %") != std::string::npos);
}

void TestCpuConditions::readHere()
{
    // Whatever this machine has (often nothing on a virtual machine), reading never throws and
    // yields values in range.
    const CpuConditions c = CpuConditions::read();
    QVERIFY(c.startMHz >= 0 && c.startMHz < 1e5);
    QCOMPARE(c.endMHz, 0.0);
    QVERIFY(CpuConditions::currentMHz() >= 0);
}

QTEST_APPLESS_MAIN(TestCpuConditions)
#include "tst_cpuconditions.moc"
