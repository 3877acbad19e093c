// SPDX-License-Identifier: MIT
// GpuClocks: NVML opened at run time, here a fake library (fakenvml.c) whose values come from
// the environment; a missing library, a library that is not NVML and a failing nvmlInit_v2 read
// as "not available" with a reason; an older driver only loses its optional fields. The pure
// rules (reason names, throttling, locked clocks) on hand-made samples.

#include "core/machine/gpuclocks.h"
#include "core/model/pointconditions.h"

#include <QtTest>

#include <string>

using namespace speeduplab;

Q_DECLARE_METATYPE(speeduplab::GpuClockSample)

namespace {

using G = GpuClocks;

GpuClockSample loaded(double smMHz, unsigned long long reasons = 0)
{
    GpuClockSample s;
    s.available = true;
    s.smMHz = smMHz;
    s.memoryMHz = 1593;
    s.temperatureC = 60;
    s.powerW = 300;
    s.throttleReasons = reasons;
    return s;
}

// Sets the fake's value, or unsets it when `value` is empty (the fake then answers "not supported").
void setFake(const char *name, const QByteArray &value)
{
    value.isEmpty() ? qunsetenv(name) : qputenv(name, value);
}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestGpuClocks : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void instanceLoadsTheFake();
    void sample_data();
    void sample();
    void selectsTheDevice();
    void maxSmMHz();
    void olderDriver();
    void missingLibrary();
    void notNvml();
    void initFails();
    void thisMachine();
    void reasonNames_data();
    void reasonNames();
    void throttleWhy_data();
    void throttleWhy();
    void looksLocked_data();
    void looksLocked();
    void fakeDrivesThrottledFlag();
};

void TestGpuClocks::initTestCase()
{
    // instance() loads once per process: the fake must be named before anything asks for it.
    qputenv("SPEEDUPLAB_NVML_LIBRARY", FAKENVML_PATH);
    qunsetenv("FAKE_NVML_FAIL");
    qunsetenv("FAKE_NVML_PCI_BUS_ID");
    qputenv("FAKE_NVML_SM_MHZ", "1980");
    qputenv("FAKE_NVML_MEM_MHZ", "2619");
    qputenv("FAKE_NVML_MAX_SM_MHZ", "1980");
    qputenv("FAKE_NVML_TEMP_C", "45");
    qputenv("FAKE_NVML_POWER_MW", "120500");
    qputenv("FAKE_NVML_REASONS", "0x1");
}

void TestGpuClocks::instanceLoadsTheFake()
{
    const GpuClocks &c = GpuClocks::instance();
    QVERIFY2(c.available(), c.reason().c_str());
    QCOMPARE(c.reason(), std::string());
    QCOMPARE(&GpuClocks::instance(), &c);
}

void TestGpuClocks::sample_data()
{
    QTest::addColumn<QByteArray>("sm");
    QTest::addColumn<QByteArray>("memory");
    QTest::addColumn<QByteArray>("temperature");
    QTest::addColumn<QByteArray>("powerMilliwatts");
    QTest::addColumn<QByteArray>("reasons");
    QTest::addColumn<GpuClockSample>("expected");

    auto s = [](double sm, double mem, double temp, double power, unsigned long long reasons) {
        GpuClockSample x;
        x.available = true;
        x.smMHz = sm;
        x.memoryMHz = mem;
        x.temperatureC = temp;
        x.powerW = power;
        x.throttleReasons = reasons;
        return x;
    };
    QTest::newRow("idle") << QByteArray("210") << QByteArray("405") << QByteArray("31") << QByteArray("61250")
                          << QByteArray("0x1") << s(210, 405, 31, 61.25, G::reasonGpuIdle);
    QTest::newRow("loaded") << QByteArray("1980") << QByteArray("2619") << QByteArray("67")
                            << QByteArray("450000") << QByteArray("0") << s(1980, 2619, 67, 450, 0);
    QTest::newRow("hot") << QByteArray("1410") << QByteArray("2619") << QByteArray("88")
                         << QByteArray("349999") << QByteArray("0x64")
                         << s(1410, 2619, 88, 349.999,
                              G::reasonSwPowerCap | G::reasonSwThermalSlowdown | G::reasonHwThermalSlowdown);
    // A GPU without the sensors: those fields are unknown, the sample still is available.
    QTest::newRow("no sensors") << QByteArray("1500") << QByteArray() << QByteArray() << QByteArray()
                                << QByteArray() << s(1500, 0, -1, -1, 0);
    // No SM clock: nothing useful to say.
    QTest::newRow("no SM clock") << QByteArray() << QByteArray("2619") << QByteArray("40")
                                 << QByteArray("100000") << QByteArray("0") << GpuClockSample{};
}

void TestGpuClocks::sample()
{
    QFETCH(QByteArray, sm);
    QFETCH(QByteArray, memory);
    QFETCH(QByteArray, temperature);
    QFETCH(QByteArray, powerMilliwatts);
    QFETCH(QByteArray, reasons);
    QFETCH(GpuClockSample, expected);
    setFake("FAKE_NVML_SM_MHZ", sm);
    setFake("FAKE_NVML_MEM_MHZ", memory);
    setFake("FAKE_NVML_TEMP_C", temperature);
    setFake("FAKE_NVML_POWER_MW", powerMilliwatts);
    setFake("FAKE_NVML_REASONS", reasons);
    const GpuClockSample got = GpuClocks::instance().sample(0);
    QCOMPARE(got.available, expected.available);
    QCOMPARE(got.smMHz, expected.smMHz);
    QCOMPARE(got.memoryMHz, expected.memoryMHz);
    QCOMPARE(got.temperatureC, expected.temperatureC);
    QCOMPARE(got.powerW, expected.powerW);
    QCOMPARE(got.throttleReasons, expected.throttleReasons);
    QVERIFY(got == expected);
}

void TestGpuClocks::selectsTheDevice()
{
    qputenv("FAKE_NVML_SM_MHZ", "1755");
    qputenv("FAKE_NVML_PCI_BUS_ID", "0000:19:00.0");
    const GpuClocks &c = GpuClocks::instance();
    QCOMPARE(c.sample(0).smMHz, 1755.0);
    // The bus id wins over the index, in either case of hex digits.
    QCOMPARE(c.sample(7, "0000:19:00.0").smMHz, 1755.0);
    qputenv("FAKE_NVML_PCI_BUS_ID", "0000:AB:00.0");
    QVERIFY(c.sample(0, "0000:ab:00.0").available);
    // Unknown bus id, index out of range, negative index: an unavailable sample, no throw.
    QCOMPARE(c.sample(0, "0000:19:00.0"), GpuClockSample{});
    QCOMPARE(c.sample(1), GpuClockSample{});
    QCOMPARE(c.sample(-1), GpuClockSample{});
    qunsetenv("FAKE_NVML_PCI_BUS_ID");
}

void TestGpuClocks::maxSmMHz()
{
    const GpuClocks &c = GpuClocks::instance();
    qputenv("FAKE_NVML_MAX_SM_MHZ", "1980");
    QCOMPARE(c.maxSmMHz(0), 1980.0);
    QCOMPARE(c.maxSmMHz(0, "0000:19:00.0"), 1980.0);
    QCOMPARE(c.maxSmMHz(3), 0.0);
    qunsetenv("FAKE_NVML_MAX_SM_MHZ");
    QCOMPARE(c.maxSmMHz(0), 0.0);
    qputenv("FAKE_NVML_MAX_SM_MHZ", "1980");
}

void TestGpuClocks::olderDriver()
{
    // Only nvmlDeviceGetCurrentClocksThrottleReasons, no temperature, no power: those fields are
    // unknown, the reasons still come through the older name.
    qputenv("FAKE_NVML_SM_MHZ", "1380");
    qputenv("FAKE_NVML_MEM_MHZ", "877");
    qputenv("FAKE_NVML_TEMP_C", "50");
    qputenv("FAKE_NVML_POWER_MW", "200000");
    qputenv("FAKE_NVML_REASONS", "0x4");
    GpuClocks old(FAKENVML_OLD_PATH);
    QVERIFY2(old.available(), old.reason().c_str());
    const GpuClockSample s = old.sample(0);
    QVERIFY(s.available);
    QCOMPARE(s.smMHz, 1380.0);
    QCOMPARE(s.memoryMHz, 877.0);
    QCOMPARE(s.temperatureC, -1.0);
    QCOMPARE(s.powerW, -1.0);
    QCOMPARE(s.throttleReasons, G::reasonSwPowerCap);
    // The full fake fails the older name: the newer one is used where both exist.
    QCOMPARE(GpuClocks::instance().sample(0).throttleReasons, G::reasonSwPowerCap);
}

void TestGpuClocks::missingLibrary()
{
    const std::string path = "/nonexistent/speeduplab/libnvidia-ml.so.1";
    GpuClocks c(path);
    QVERIFY(!c.available());
    QVERIFY2(c.reason().rfind("clocks not available: ", 0) == 0, c.reason().c_str());
    QVERIFY2(contains(c.reason(), path + " could not be loaded"), c.reason().c_str());
    QCOMPARE(c.sample(0), GpuClockSample{});
    QCOMPARE(c.sample(0, "0000:19:00.0"), GpuClockSample{});
    QCOMPARE(c.maxSmMHz(0), 0.0);
    // The singleton is not touched by another instance.
    QVERIFY(GpuClocks::instance().available());
}

void TestGpuClocks::notNvml()
{
    // A library that loads but is not NVML.
    GpuClocks c("libc.so.6");
    QVERIFY(!c.available());
    QVERIFY2(contains(c.reason(), "libc.so.6 has no nvmlInit_v2"), c.reason().c_str());
}

void TestGpuClocks::initFails()
{
    qputenv("FAKE_NVML_FAIL", "1");
    {
        GpuClocks c(FAKENVML_PATH);
        QVERIFY(!c.available());
        QVERIFY2(contains(c.reason(), "nvmlInit_v2 failed (Driver Not Loaded)"), c.reason().c_str());
        QCOMPARE(c.sample(0), GpuClockSample{});
    }
    qunsetenv("FAKE_NVML_FAIL");
    // The same fake, loaded again by a second instance and dropped, leaves the singleton working
    // (NVML counts its inits; dlopen counts its loads).
    {
        GpuClocks again(FAKENVML_PATH);
        QVERIFY(again.available());
    }
    qputenv("FAKE_NVML_SM_MHZ", "1600");
    QCOMPARE(GpuClocks::instance().sample(0).smMHz, 1600.0);
}

void TestGpuClocks::thisMachine()
{
    // The real library: here (no driver) not available with a reason; on a GPU machine, read.
    GpuClocks c("libnvidia-ml.so.1");
    if (!c.available()) {
        QVERIFY2(contains(c.reason(), "clocks not available: "), c.reason().c_str());
        QVERIFY2(contains(c.reason(), "libnvidia-ml.so.1") || contains(c.reason(), "nvmlInit_v2"),
                 c.reason().c_str());
        qInfo("%s", c.reason().c_str());
        return;
    }
    QCOMPARE(c.reason(), std::string());
    const GpuClockSample s = c.sample(0);
    qInfo("GPU 0: SM %.0f MHz (max %.0f), memory %.0f MHz, %.0f C, %.1f W, reasons \"%s\"", s.smMHz,
          c.maxSmMHz(0), s.memoryMHz, s.temperatureC, s.powerW,
          GpuClocks::reasonNames(s.throttleReasons).c_str());
    if (!s.available)
        QSKIP("NVML loaded but device 0 could not be read (no device, or no permission)");
    QVERIFY(s.smMHz > 0);
}

void TestGpuClocks::reasonNames_data()
{
    QTest::addColumn<unsigned long long>("reasons");
    QTest::addColumn<QString>("names");
    QTest::newRow("none") << 0ull << "";
    QTest::newRow("idle") << G::reasonGpuIdle << "idle";
    QTest::newRow("power and thermal")
        << (G::reasonHwThermalSlowdown | G::reasonSwPowerCap) << "sw power cap, hw thermal slowdown";
    QTest::newRow("all known") << 0x1ffull
                               << "idle, applications clocks setting, sw power cap, hw slowdown, sync boost, "
                                  "sw thermal slowdown, hw thermal slowdown, hw power brake slowdown, "
                                  "display clock setting";
    QTest::newRow("unknown bits") << (0x600ull | G::reasonHwSlowdown) << "hw slowdown, other (0x600)";
}

void TestGpuClocks::reasonNames()
{
    QFETCH(unsigned long long, reasons);
    QFETCH(QString, names);
    QCOMPARE(QString::fromStdString(GpuClocks::reasonNames(reasons)), names);
}

void TestGpuClocks::throttleWhy_data()
{
    QTest::addColumn<double>("first");
    QTest::addColumn<GpuClockSample>("start");
    QTest::addColumn<GpuClockSample>("end");
    QTest::addColumn<QString>("why");

    QTest::newRow("steady") << 1980.0 << loaded(1980) << loaded(1965) << "";
    QTest::newRow("at 90 %") << 1980.0 << loaded(1980) << loaded(1782) << "";
    QTest::newRow("clock fell at the end")
        << 1980.0 << loaded(1980) << loaded(1200) << "SM clock 1200 MHz, below 90 % of the sweep's 1980 MHz";
    // A clock that rose during the point was ramping up (a short point after host-only work),
    // not held down: its start does not count. One that stayed low does.
    QTest::newRow("clock ramping up") << 1980.0 << loaded(1500) << loaded(1900) << "";
    QTest::newRow("ramping up, still low at the end")
        << 1980.0 << loaded(1100) << loaded(1500) << "SM clock 1500 MHz, below 90 % of the sweep's 1980 MHz";
    QTest::newRow("clock low at the start, held there")
        << 1980.0 << loaded(1500) << loaded(1500) << "SM clock 1500 MHz, below 90 % of the sweep's 1980 MHz";
    QTest::newRow("both low: the lower named")
        << 1980.0 << loaded(1600) << loaded(1410) << "SM clock 1410 MHz, below 90 % of the sweep's 1980 MHz";
    QTest::newRow("thermal reason") << 1980.0 << loaded(1980) << loaded(1950, G::reasonSwThermalSlowdown)
                                    << "throttle reason set: sw thermal slowdown";
    QTest::newRow("reasons at start and end")
        << 1980.0 << loaded(1980, G::reasonSwPowerCap) << loaded(1950, G::reasonHwSlowdown | G::reasonGpuIdle)
        << "throttle reasons set: sw power cap, hw slowdown";
    QTest::newRow("clock and reason")
        << 1980.0 << loaded(1980) << loaded(1000, G::reasonHwThermalSlowdown)
        << "SM clock 1000 MHz, below 90 % of the sweep's 1980 MHz; throttle reason set: hw "
           "thermal slowdown";
    QTest::newRow("idle alone") << 1980.0 << loaded(1980, G::reasonGpuIdle) << loaded(1980, G::reasonGpuIdle)
                                << "";
    QTest::newRow("settings are not throttling") << 1980.0 << loaded(1980, G::reasonApplicationsClocksSetting)
                                                 << loaded(1980, G::reasonDisplayClockSetting) << "";
    QTest::newRow("unavailable samples") << 1980.0 << GpuClockSample{} << GpuClockSample{} << "";
    GpuClockSample gone = loaded(500, G::reasonHwThermalSlowdown);
    gone.available = false; // what an unavailable sample holds does not count
    QTest::newRow("unavailable sample with values") << 1980.0 << loaded(1980) << gone << "";
    QTest::newRow("no first clock") << 0.0 << loaded(1980) << loaded(200) << "";
    QTest::newRow("no first clock, reason still counts")
        << 0.0 << loaded(1980) << loaded(200, G::reasonHwPowerBrakeSlowdown)
        << "throttle reason set: hw power brake slowdown";
}

void TestGpuClocks::throttleWhy()
{
    QFETCH(double, first);
    QFETCH(GpuClockSample, start);
    QFETCH(GpuClockSample, end);
    QFETCH(QString, why);
    QCOMPARE(QString::fromStdString(GpuClocks::throttleWhy(first, start, end)), why);
}

void TestGpuClocks::looksLocked_data()
{
    QTest::addColumn<GpuClockSample>("idle");
    QTest::addColumn<double>("maxSmMHz");
    QTest::addColumn<bool>("locked");
    QTest::newRow("idle, clocked down") << loaded(210, G::reasonGpuIdle) << 1980.0 << false;
    QTest::newRow("idle at max (-lgc)") << loaded(1980, G::reasonGpuIdle) << 1980.0 << true;
    QTest::newRow("idle within 5 %") << loaded(1890, G::reasonGpuIdle) << 1980.0 << true;
    QTest::newRow("idle just below 95 %") << loaded(1870, G::reasonGpuIdle) << 1980.0 << false;
    QTest::newRow("applications clocks")
        << loaded(1410, G::reasonApplicationsClocksSetting) << 1980.0 << true;
    QTest::newRow("max unknown") << loaded(1980) << 0.0 << false;
    QTest::newRow("unavailable") << GpuClockSample{} << 1980.0 << false;
}

void TestGpuClocks::looksLocked()
{
    QFETCH(GpuClockSample, idle);
    QFETCH(double, maxSmMHz);
    QFETCH(bool, locked);
    QCOMPARE(GpuClocks::looksLocked(idle, maxSmMHz), locked);
}

// What the sweep does with each GPU point (SweepRunner::measure): the clocks read after the
// first timed repetition and after the last, judged against the sweep's reference clock (the
// highest of its first loaded samples). The fake plays a GPU that ramps up to 1980 MHz over its
// first point, holds it, then drops to 1200 MHz, then hits its thermal limit.
void TestGpuClocks::fakeDrivesThrottledFlag()
{
    const GpuClocks &nvml = GpuClocks::instance();
    QVERIFY2(nvml.available(), nvml.reason().c_str());
    setFake("FAKE_NVML_REASONS", "0");
    GpuClockReference first;
    auto point = [&](const QByteArray &startMHz, const QByteArray &endMHz, PointConditions &c,
                     std::string &reason) {
        setFake("FAKE_NVML_SM_MHZ", startMHz);
        const GpuClockSample start = nvml.sample(0);
        setFake("FAKE_NVML_SM_MHZ", endMHz);
        const GpuClockSample end = nvml.sample(0);
        c.recordClocks(start, end, first, reason);
    };

    // The first point catches the clock ramping up: it is not throttled, and the reference is
    // the clock it reached, not the one it started at (which would switch the rule off).
    PointConditions ramp;
    std::string reason;
    point("1100", "1980", ramp, reason);
    QVERIFY(!ramp.throttled);
    QVERIFY(reason.empty());
    QCOMPARE(first.smMHz, 1980.0);

    PointConditions steady;
    point("1980", "1965", steady, reason);
    QCOMPARE(first.smMHz, 1980.0); // the highest of the first loaded samples
    QVERIFY(!steady.throttled);
    QVERIFY(reason.empty());
    QCOMPARE(steady.clockStart.smMHz, 1980.0);
    QCOMPARE(steady.clockEnd.smMHz, 1965.0);

    PointConditions slowed;
    reason = "a note";
    point("1950", "1200", slowed, reason);
    QVERIFY(slowed.throttled);
    QCOMPARE(first.smMHz, 1980.0); // kept: a lower clock never lowers the reference
    QCOMPARE(first.samples, GpuClockReference::samplesTaken); // and no later sample raises it
    PointConditions boost;
    point("2100", "2100", boost, reason);
    QCOMPARE(first.smMHz, 1980.0);
    QVERIFY2(contains(reason, "a note; throttled: ") && contains(reason, "1200") && contains(reason, "1980"),
             reason.c_str());

    PointConditions hot;
    reason.clear();
    setFake("FAKE_NVML_REASONS", QByteArray::number(GpuClocks::reasonHwThermalSlowdown));
    point("1980", "1980", hot, reason);
    setFake("FAKE_NVML_REASONS", "0");
    QVERIFY(hot.throttled);
    QVERIFY2(contains(reason, "thermal"), reason.c_str());

    // Without NVML: nothing is known and nothing is flagged.
    PointConditions unknown;
    reason.clear();
    GpuClockReference none;
    unknown.recordClocks(GpuClockSample(), GpuClockSample(), none, reason);
    QVERIFY(!unknown.throttled);
    QCOMPARE(none.smMHz, 0.0);
    QCOMPARE(none.samples, 0);
    QVERIFY(reason.empty());
}

QTEST_GUILESS_MAIN(TestGpuClocks)
#include "tst_gpuclocks.moc"
