// SPDX-License-Identifier: MIT
// The OpenCL backend, on the machine's platform (PoCL on the CPU in CI): honest device names, every
// workload, variant and mode against the CPU reference (timed copies too), events against the host's clock,
// the queue time below the synchronised time, program builds outside the timed region, cancelling, and a
// machine with no OpenCL driver (the CLI says what to install, and nothing crashes).

#include "core/analysis/analysis.h"
#include "core/devices/devicebackend.h"
#include "core/machine/machineinfo.h"
#include "core/measure/calibration.h"
#include "core/measure/reference.h"
#include "core/measure/sweeprunner.h"
#include "core/pipeline.h"
#include "core/results/resultio.h"
#include "opencl/eventspan.h"
#include "opencl/openclbackend.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <cmath>

using namespace speeduplab;

namespace {

Job job(const std::string &workload, const std::string &mode, int n, int iterations,
        const std::vector<std::vector<float>> &inputs, const std::string &variant = {})
{
    Job j;
    j.workload = workload;
    j.variant = variant;
    j.mode = mode;
    j.n = n;
    j.iterations = iterations;
    j.alpha = Reference::saxpyAlpha;
    j.device = 0;
    for (const auto &v : inputs)
        j.inputs.push_back(v.data());
    return j;
}

} // namespace

class TestOpenClBackend : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void devicesAreNamedHonestly();
    void matchesTheReference_data();
    void matchesTheReference();
    void eventsAgainstTheWallClock();
    void unsyncedBelowSynchronised();
    void buildsOutsideTheTimedRegion();
    void stopCancels();
    void unsupportedSaysWhy();
    void sweepsOpenClDevices();
    void theChildListsWhatTheDriverSays();
    void calibrates();
    void verifyChecksOpenCl();
    void noDriverSaysWhatToInstall();
    void spansRefusedByTheDevicesNumbers_data();
    void spansRefusedByTheDevicesNumbers();
    void clockThatStandsStill();
    void pocLsEventsAreTimes();
    void zeroCopyUsesTheHostsMemory();
    void faultFailsThePointAndDisablesTheDevice();
};

void TestOpenClBackend::initTestCase()
{
    const opencl::Availability a = opencl::availability();
    QVERIFY2(a.builtWithOpenCL, a.reason.c_str());
    // scripts/setup.sh installs PoCL for the tests: without a device this suite cannot test anything.
    QVERIFY2(a.usable,
             ("no OpenCL device here (scripts/setup.sh installs pocl-opencl-icd): " + a.reason).c_str());
}

void TestOpenClBackend::devicesAreNamedHonestly()
{
    const opencl::Availability a = opencl::availability();
    for (const opencl::DeviceInfo &d : a.devices) {
        QCOMPARE(d.id(), "opencl:" + std::to_string(d.index));
        QVERIFY(d.computeUnits > 0);
        QVERIFY(d.globalMemoryBytes > 0);
        if (d.type == "CPU") {
            // PoCL is OpenCL on the CPU's own cores: never "a GPU".
            QVERIFY(!d.isGpu());
            QVERIFY2(d.describe().rfind("OpenCL on the CPU", 0) == 0, d.describe().c_str());
            QVERIFY(d.describe().find("GPU") == std::string::npos);
            if (d.platform == "Portable Computing Language")
                QCOMPARE(d.describe(), std::string("OpenCL on the CPU (PoCL)"));
        } else if (d.type == "GPU") {
            QVERIFY(d.isGpu());
            QVERIFY2(d.describe().find("GPU") != std::string::npos, d.describe().c_str());
        }
    }
}

void TestOpenClBackend::matchesTheReference_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("iterations");
    QTest::addColumn<QString>("copies"); // timed copies of the inputs and the result: none, pageable, pinned
    // Every workload and variant of the backend (Workload::describedVariants) in every mode it has.
    struct Case {
        const char *workload;
        std::vector<const char *> variants, modes;
        std::vector<int> sizes;
    };
    const std::vector<Case> cases = {
        {"add", {""}, {"launch", "graph", "fused", "unsynced"}, {1, 7, 64, 257}},
        {"saxpy", {""}, {"launch", "graph", "fused", "unsynced"}, {1, 7, 64, 257}},
        {"reduce", {""}, {"launch", "graph", "unsynced"}, {1, 7, 64, 257}},
        // Edges that leave partial tiles (a tiled work-group computes 64 x 64 of C) and one element.
        {"gemm", {"clblast", "tiled", "naive"}, {"launch"}, {1, 17, 65, 130}},
        {"gemm", {"tiled", "naive"}, {"graph"}, {17, 130}},
        {"scan", {"rows"}, {"launch", "graph"}, {1, 7, 64, 257}},
        {"spmv", {"scalar"}, {"launch", "graph"}, {1, 7, 64, 257}},
        {"transfer", {"pageable", "pinned", "zero-copy"}, {"launch"}, {1, 7, 64, 257}},
    };
    for (const Case &c : cases)
        for (const char *v : c.variants)
            for (const char *m : c.modes)
                for (int n : c.sizes)
                    for (int it : {1, 3})
                        QTest::addRow("%s %s %s n=%d it=%d", c.workload, v, m, n, it)
                            << c.workload << v << m << n << it << "none";
    // Graph mode past one command buffer (1000 operations): full buffers and the remainder.
    QTest::addRow("add graph n=7 it=2500") << "add"
                                           << ""
                                           << "graph" << 7 << 2500 << "none";
    // Copies of the inputs and the result in the timed region, from either kind of host memory.
    for (const char *w : {"add", "saxpy", "reduce", "gemm", "scan", "spmv"})
        for (const char *copies : {"pageable", "pinned"}) {
            const QString v = QLatin1String(w) == QLatin1String("gemm")   ? QStringLiteral("tiled")
                              : QLatin1String(w) == QLatin1String("scan") ? QStringLiteral("rows")
                              : QLatin1String(w) == QLatin1String("spmv") ? QStringLiteral("scalar")
                                                                          : QString();
            QTest::addRow("%s %s + %s copies", w, qPrintable(v), copies)
                << w << v << "launch" << 33 << 2 << copies;
        }
}

void TestOpenClBackend::matchesTheReference()
{
    QFETCH(QString, workload);
    QFETCH(QString, variant);
    QFETCH(QString, mode);
    QFETCH(int, n);
    QFETCH(int, iterations);
    QFETCH(QString, copies);
    const std::string w = workload.toStdString(), v = variant.toStdString();
    const auto inputs = Reference::inputs(w, n);
    Job j = job(w, mode.toStdString(), n, iterations, inputs, v);
    j.transfers = copies != QLatin1String("none");
    j.pinnedHost = copies == QLatin1String("pinned");
    auto run = opencl::createRun(j);
    const std::atomic<bool> stop{false};
    // Twice, with a reset between, as the repeat loop does: the second must start from the inputs.
    for (int rep = 0; rep < 2; ++rep) {
        run->reset();
        QVERIFY(run->runOnce(stop) > 0);
        const Reference::Check c = Reference::verify(w, v, n, iterations, inputs, run->output());
        QVERIFY2(c.ok, c.message.c_str());
    }
}

void TestOpenClBackend::eventsAgainstTheWallClock()
{
    const int n = 512, iterations = 20;
    const auto inputs = Reference::inputs("add", n);
    auto run = opencl::createRun(job("add", "launch", n, iterations, inputs));
    const std::atomic<bool> stop{false};
    for (int rep = 0; rep < 3; ++rep) {
        run->reset();
        const auto t0 = std::chrono::steady_clock::now();
        const double events = run->runOnce(stop);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        // The events' span lies inside the host's view of the same commands.
        QVERIFY2(events > 0 && events <= wall * 1.05 + 1e-4,
                 qPrintable(QStringLiteral("events %1 s, wall %2 s").arg(events).arg(wall)));
    }
}

void TestOpenClBackend::unsyncedBelowSynchronised()
{
    const int n = 256, iterations = 200;
    const auto inputs = Reference::inputs("add", n);
    auto run = opencl::createRun(job("add", "unsynced", n, iterations, inputs));
    const std::atomic<bool> stop{false};
    run->reset();
    const double queued = run->runOnce(stop);
    QVERIFY(queued > 0);
    QVERIFY2(
        queued <= run->synchronisedSeconds(),
        qPrintable(
            QStringLiteral("queued %1 s, synchronised %2 s").arg(queued).arg(run->synchronisedSeconds())));
    // A run of any other mode has no synchronised time of its own.
    auto launch = opencl::createRun(job("add", "launch", n, 1, inputs));
    launch->runOnce(stop);
    QCOMPARE(launch->synchronisedSeconds(), 0.0);
}

void TestOpenClBackend::buildsOutsideTheTimedRegion()
{
    const auto inputs = Reference::inputs("add", 4);
    auto run = opencl::createRun(job("add", "launch", 4, 1, inputs));
    const double build = opencl::buildSeconds(0);
    QVERIFY2(build > 0, "the program's build time is reported");
    const std::atomic<bool> stop{false};
    run->reset();
    const double once = run->runOnce(stop);
    // One add of 16 floats takes microseconds; building the program took milliseconds.
    QVERIFY2(once < build,
             qPrintable(QStringLiteral("a repetition %1 s, the build %2 s").arg(once).arg(build)));
}

void TestOpenClBackend::stopCancels()
{
    const auto inputs = Reference::inputs("saxpy", 64);
    auto run = opencl::createRun(job("saxpy", "launch", 64, 1000, inputs));
    const std::atomic<bool> stopNow{true};
    QVERIFY_THROWS_EXCEPTION(Cancelled, run->runOnce(stopNow));
    // A cancelled run stays usable.
    const std::atomic<bool> go{false};
    run->reset();
    QVERIFY(run->runOnce(go) > 0);
    QVERIFY(Reference::verify("saxpy", "", 64, 1000, inputs, run->output()).ok);
}

void TestOpenClBackend::unsupportedSaysWhy()
{
    const auto inputs = Reference::inputs("gemm", 8);
    try {
        opencl::createRun(job("gemm", "launch", 8, 1, inputs, "cublas"));
        QFAIL("cuBLAS is CUDA's: the OpenCL backend must say it has no such variant");
    } catch (const opencl::Unsupported &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String("cublas")), e.what());
    }
    // Graph mode records kernels: a library call or a timed copy cannot be recorded.
    try {
        opencl::createRun(job("gemm", "graph", 8, 1, inputs, "clblast"));
        QFAIL("CLBlast cannot be recorded in a command buffer: it must say so");
    } catch (const opencl::Unsupported &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String("graph mode")), e.what());
    }
    Job copies = job("add", "graph", 8, 1, inputs);
    copies.transfers = true;
    QVERIFY_THROWS_EXCEPTION(opencl::Unsupported, opencl::createRun(copies));
    // Unsynced times the host's queueing; a copy from the host waits for the device: CUDA's reason.
    Job unsynced = job("add", "unsynced", 8, 1, inputs);
    unsynced.transfers = true;
    try {
        opencl::createRun(unsynced);
        QFAIL("unsynced mode with timed copies was accepted");
    } catch (const std::invalid_argument &e) {
        QCOMPARE(QString::fromUtf8(e.what()), QString::fromUtf8(kUnsyncedWithCopies));
    }
    Job cold = job("add", "launch", 8, 1, inputs);
    cold.coldCache = true;
    QVERIFY_THROWS_EXCEPTION(opencl::Unsupported, opencl::createRun(cold));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             opencl::createRun(job("gemm", "fused", 8, 1, inputs, "tiled")));
}

// A CPU + OpenCL sweep as `run --device opencl:0` plans it: device rows named opencl:0, verified,
// kept through a file with the device's description, and never taken for a GPU's when the device
// is the CPU (PoCL): no crossover, and the sentence that says why.
void TestOpenClBackend::sweepsOpenClDevices()
{
    RunOptions o;
    o.sizes = "4,40,300";
    o.threads = "1";
    o.minTime = "0.01";
    o.device = "opencl:0";
    SweepPlan plan = Pipeline::plan(o, MachineInfo::hardwareThreads(), 0);
    QVERIFY(!plan.gpu);
    QCOMPARE(plan.describedDevices, (std::vector<PlanDevice>{{"opencl", 0}}));
    const std::atomic<bool> stop{false};
    ResultSet r = SweepRunner(plan).run({}, stop);
    r.machine = Devices::probeMachine();
    int ok = 0, graphSkipped = 0;
    for (const Measurement &m : r.rows) {
        if (m.isCpu())
            continue;
        QCOMPARE(m.backend, std::string("opencl"));
        QCOMPARE(m.deviceId(), std::string("opencl:0"));
        QVERIFY2(m.seriesLabel().rfind("opencl:0 ", 0) == 0, m.seriesLabel().c_str());
        if (m.mode == "graph" && !m.ok()) { // a driver without command buffers says so
            QCOMPARE(m.status, Measurement::Status::Skipped);
            QVERIFY2(m.reason.find("cl_khr_command_buffer") != std::string::npos, m.reason.c_str());
            ++graphSkipped;
            continue;
        }
        QVERIFY2(m.ok() && m.verified, (m.seriesLabel() + ": " + m.reason).c_str());
        ++ok;
    }
    QCOMPARE(ok + graphSkipped, 9); // launch, graph and fused at three sizes
    QVERIFY(graphSkipped == 0 || graphSkipped == 3);
    // Graph mode's time is its kernels', not the enqueue of its command buffers (PoCL's own events
    // of a buffer span 0.06 us for 1000 kernels): at each size within a factor of 5 of launch mode's.
    for (const Measurement &g : r.rows)
        if (g.isDescribed() && g.mode == "graph" && g.ok())
            for (const Measurement &l : r.rows)
                if (l.isDescribed() && l.mode == "launch" && l.n == g.n && l.ok())
                    QVERIFY2(g.stats.median > l.stats.median / 5,
                             (std::to_string(g.n) + ": graph " + std::to_string(g.stats.median) +
                              " s, launch " + std::to_string(l.stats.median) + " s")
                                 .c_str());

    // Through a file: the rows and the device's description come back.
    const ResultSet back = ResultIO::fromJson(ResultIO::toJson(r));
    QCOMPARE(back.rows, r.rows); // a disturbed CPU row too (Stats::markNoisy)
    QCOMPARE(back.machine.described, r.machine.described);
    const ResultSet csv = ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r));
    QCOMPARE(csv.machine.described, r.machine.described);

    const DeviceDescription &d = r.machine.described.at(0);
    const std::vector<CrossoverReport> reports = Analysis::reports(back, "add");
    const std::vector<std::string> notes = Analysis::notGpus(back, "add");
    if (d.type == "CPU") {
        QVERIFY2(reports.empty(), "OpenCL on the CPU is no GPU to cross the CPU");
        QCOMPARE(notes.size(), std::size_t(1));
        QVERIFY2(notes[0].find("not a GPU") != std::string::npos, notes[0].c_str());
        for (const Series &s : Analysis::series(back, "add"))
            if (s.onDevice()) {
                QVERIFY(s.onCpuCores() && !s.gpu());
                QVERIFY2(s.label.find("GPU") == std::string::npos, s.label.c_str());
            }
    } else {
        QVERIFY(!reports.empty());
        QVERIFY(notes.empty());
    }
}

// The device's ceilings, measured and held in a result under its own keys; a stop cancels.
void TestOpenClBackend::calibrates()
{
    const std::atomic<bool> go{false}, stopNow{true};
    QVERIFY_THROWS_EXCEPTION(Cancelled, opencl::calibrate(0, stopNow));
    const std::map<std::string, double> c =
        Calibration::ofDevice("opencl", 0, *Devices::of("opencl").calibrate(0, go));
    for (const char *what : {"copy_bytes_per_s", "fma_flops_per_s", "launch_s", "sync_round_trip_s",
                             "dispatch_s", "h2d_pageable_bytes_per_s", "h2d_pinned_bytes_per_s",
                             "d2h_pageable_bytes_per_s", "d2h_pinned_bytes_per_s"}) {
        const std::string key = Calibration::deviceKey("opencl", 0, what);
        QVERIFY2(c.count(key) && c.at(key) > 0 && std::isfinite(c.at(key)), key.c_str());
    }
    // Plausible on any machine: a launch between 100 ns and 10 ms, and waiting for one costs more
    // than queueing one behind others.
    const double launch = c.at(Calibration::deviceKey("opencl", 0, "launch_s"));
    const double trip = c.at(Calibration::deviceKey("opencl", 0, "sync_round_trip_s"));
    QVERIFY2(launch > 1e-7 && launch < 1e-2, std::to_string(launch).c_str());
    QVERIFY2(trip > launch, (std::to_string(trip) + " <= " + std::to_string(launch)).c_str());
    // PoCL keeps time: its dispatch is measured (a kernel of clpeak's shape, not the round trip's
    // empty one: on a loaded machine it may take longer than that round trip).
    const double dispatch = c.at(Calibration::deviceKey("opencl", 0, "dispatch_s"));
    QVERIFY2(dispatch < 1e-2, std::to_string(dispatch).c_str());
    // A point is held against its device's ceiling.
    MachineInfo machine;
    machine.ceilings = c;
    Measurement m;
    m.workload = "add";
    m.backend = "opencl";
    m.mode = "launch";
    m.device = 0;
    const Calibration::Level level = Calibration::levelFor(m, machine);
    QCOMPARE(level.key, Calibration::deviceKey("opencl", 0, "copy_bytes_per_s"));
    QVERIFY(level.value > 0);
}

// `speeduplab-cli verify` checks every OpenCL point, each series at each size once.
// The CLI and the window list the devices in a child process, and take its listing without
// loading the drivers themselves (the window idles at 51 MB instead of 111 with PoCL): each
// device reads as this process's own probe of the driver describes it.
void TestOpenClBackend::theChildListsWhatTheDriverSays()
{
    const opencl::Availability here = opencl::availability(); // this test probes in its own process
    QProcess cli;
    cli.start(QStringLiteral(SPEEDUPLAB_CLI_PATH), {QStringLiteral("devices")});
    QVERIFY(cli.waitForFinished(60000));
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QCOMPARE(cli.exitCode(), 0);
    if (!here.usable) {
        QVERIFY2(out.contains(QString::fromStdString(here.reason)), qPrintable(out));
        return;
    }
    for (const opencl::DeviceInfo &d : here.devices) {
        const QString line = QString::fromStdString(d.id() + ": " + d.describe() + ": " + d.name + ", " +
                                                    std::to_string(d.computeUnits) + " compute units");
        QVERIFY2(out.contains(line), qPrintable(line + QStringLiteral("\n") + out));
        QVERIFY2(out.contains(QString::fromStdString("driver " + d.driverVersion)), qPrintable(out));
    }
}

void TestOpenClBackend::verifyChecksOpenCl()
{
    QProcess cli;
    cli.start(QStringLiteral(SPEEDUPLAB_CLI_PATH), {QStringLiteral("verify")});
    QVERIFY(cli.waitForFinished(300000));
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QCOMPARE(cli.exitCode(), 0);
    QStringList lines;
    for (const QString &line : out.split(QLatin1Char('\n')))
        if (line.contains(QLatin1String("opencl:0")))
            lines << line;
    QVERIFY2(lines.size() > 50, qPrintable(out.right(2000)));
    QCOMPARE(lines.filter(QRegularExpression(QStringLiteral("^FAIL"))).size(), 0);
    QCOMPARE(QSet<QString>(lines.begin(), lines.end()).size(), lines.size()); // no point twice
    for (const char *w : {"add", "saxpy", "reduce", "gemm", "scan", "spmv", "transfer"})
        QVERIFY2(
            !lines.filter(QRegularExpression(QStringLiteral("^PASS  %1  opencl:0").arg(QLatin1String(w))))
                 .isEmpty(),
            w);
    for (const char *v :
         {"(tiled)", "(naive)", "(rows)", "(scalar)", "(pageable)", "(pinned)", "(zero-copy)"})
        QVERIFY2(
            !lines.filter(QLatin1String(v)).filter(QRegularExpression(QStringLiteral("^PASS"))).isEmpty(), v);
}

void TestOpenClBackend::noDriverSaysWhatToInstall()
{
    // The ICD loader reads its drivers from OCL_ICD_VENDORS: an empty folder is a machine with none.
    QTemporaryDir empty;
    QVERIFY(empty.isValid());
    QProcess cli;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("OCL_ICD_VENDORS"), empty.path());
    cli.setProcessEnvironment(env);
    cli.start(QStringLiteral(SPEEDUPLAB_CLI_PATH), {QStringLiteral("devices")});
    QVERIFY(cli.waitForFinished(60000));
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
    QCOMPARE(cli.exitCode(), 0);
    QVERIFY2(out.contains(QLatin1String("OpenCL: none usable: No OpenCL driver is installed")),
             qPrintable(out));
    QVERIFY2(out.contains(QLatin1String("intel-opencl-icd")) &&
                 out.contains(QLatin1String("pocl-opencl-icd")),
             qPrintable(out));
}

// Stand-in timestamps against a device's own numbers: Mesa's rusticl gives 0, 1, 2, 3 ns (a span of
// 2 ns for a whole repetition); a coarse timer ticks every microsecond; a span that would mean more
// bytes a second than the device's compute units could move.
void TestOpenClBackend::spansRefusedByTheDevicesNumbers_data()
{
    QTest::addColumn<double>("tick");
    QTest::addColumn<int>("clockMHz");
    QTest::addColumn<qulonglong>("start");
    QTest::addColumn<qulonglong>("end");
    QTest::addColumn<double>("wall");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<QString>("refused"); // a part of the reason; empty: taken as a time
    // add at n = 64 over 100 iterations: 3.3 MB; rusticl printed 32,768,000 GB/s for it.
    QTest::newRow("placeholders 1 to 3 ns")
        << 1e-9 << 2000 << 1ull << 3ull << 5e-4 << 3.3e6 << "under ten ticks";
    QTest::newRow("placeholders 1000 commands")
        << 1e-9 << 2000 << 0ull << 1000ull << 5e-3 << 3.3e8 << "more than the";
    QTest::newRow("coarse timer") << 1e-6 << 2000 << 1'000'000ull << 1'005'000ull << 2e-5 << 1e3
                                  << "under ten ticks of its timer (1.000 us a tick)";
    QTest::newRow("end before start")
        << 1e-9 << 2000 << 5000ull << 4000ull << 1e-3 << 0.0 << "before they start";
    QTest::newRow("longer than the host saw")
        << 1e-9 << 2000 << 0ull << 10'000'000ull << 1e-3 << 0.0 << "longer than the";
    QTest::newRow("no clock: 1 PB/s")
        << 1e-9 << 0 << 0ull << 1000ull << 1e-3 << 1e10 << "more than the 1e+15 B/s";
    QTest::newRow("a real span") << 1e-9 << 2000 << 10'000'000ull << 11'000'000ull << 1.2e-3 << 8e6 << "";
    QTest::newRow("a real span, coarse timer") << 1e-6 << 1500 << 0ull << 50'000ull << 6e-5 << 1e6 << "";
}

void TestOpenClBackend::spansRefusedByTheDevicesNumbers()
{
    QFETCH(double, tick);
    QFETCH(int, clockMHz);
    QFETCH(qulonglong, start);
    QFETCH(qulonglong, end);
    QFETCH(double, wall);
    QFETCH(double, bytes);
    QFETCH(QString, refused);
    DeviceDescription d;
    d.index = 3;
    d.type = "GPU";
    d.computeUnits = 2;
    d.clockMHz = clockMHz;
    d.timerResolutionS = tick;
    opencl::EventSpan work;
    work.bytes = bytes;
    const QString why = QString::fromStdString(work.refusal(d, start, end, wall));
    if (refused.isEmpty()) {
        QVERIFY2(why.isEmpty(), qPrintable(why));
    } else {
        QVERIFY2(why.startsWith(QLatin1String("opencl:3's events")) && why.contains(refused),
                 qPrintable(why));
    }
}

// A device whose timestamps do not move with the host's clock is timed by the host's clock.
void TestOpenClBackend::clockThatStandsStill()
{
    // 5 ms of sleep between the first's wait and the second's enqueue; on a loaded machine the
    // first waited 6 ms more (its start lies anywhere in that), which is no fault of the clock.
    QCOMPARE(opencl::EventSpan::clockProblem(0.0051, 0.0053, 0.0052), std::string());
    QCOMPARE(opencl::EventSpan::clockProblem(0.0051, 0.0113, 0.0053), std::string());
    QCOMPARE(opencl::EventSpan::clockProblem(0.0051, 0.0113, 0.0109), std::string());
    for (double deviceApart : {1e-9, 0.0, -1e-9, 1.0})
        QVERIFY2(!opencl::EventSpan::clockProblem(0.0051, 0.0053, deviceApart).empty(),
                 qPrintable(QString::number(deviceApart)));
    QVERIFY(QString::fromStdString(opencl::EventSpan::clockProblem(0.0051, 0.0053, 2e-9))
                .contains(QLatin1String("do not follow time")));
}

// PoCL keeps time: its spans are taken, and a point says nothing of the host's clock; its timer's
// tick is recorded with the device.
void TestOpenClBackend::pocLsEventsAreTimes()
{
    const opencl::Availability a = opencl::availability();
    QVERIFY(a.devices.at(0).timerResolutionS > 0);
    const int n = 512, iterations = 20;
    const auto inputs = Reference::inputs("add", n);
    Job j = job("add", "launch", n, iterations, inputs);
    j.bytes = 2.0 * 4 * n * n * iterations;
    auto run = opencl::createRun(j);
    const std::atomic<bool> stop{false};
    for (int rep = 0; rep < 3; ++rep) {
        run->reset();
        QVERIFY(run->runOnce(stop) > 0);
    }
    QVERIFY2(run->note().empty(), run->note().c_str());
}

// The zero-copy tensor at a size that is no multiple of 64 bytes (n = 3: 36 bytes) is still the
// host's memory, aligned and sized as the device asks: no copy is made, none is said.
void TestOpenClBackend::zeroCopyUsesTheHostsMemory()
{
    if (!opencl::availability().devices.at(0).unifiedMemory)
        QSKIP("opencl:0 has memory of its own: zero-copy is skipped there");
    for (int n : {3, 100}) {
        const auto inputs = Reference::inputs("transfer", n);
        auto run = opencl::createRun(job("transfer", "launch", n, 1, inputs, "zero-copy"));
        const std::atomic<bool> stop{false};
        run->reset();
        QVERIFY(run->runOnce(stop) > 0);
        QVERIFY(Reference::verify("transfer", "zero-copy", n, 1, inputs, run->output()).ok);
        QVERIFY2(run->note().find("copy") == std::string::npos, run->note().c_str());
    }
}

// A fault after a launch (the driver's CL_OUT_OF_RESOURCES from clFinish, injected through the
// seam): the point fails, the device is disabled with the reason, its later points are skipped
// (none runs on a dead context), and verify exits non-zero.
void TestOpenClBackend::faultFailsThePointAndDisablesTheDevice()
{
    QProcess cli;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SPEEDUPLAB_TEST_OPENCL_FAULT"), QStringLiteral("-5"));
    cli.setProcessEnvironment(env);
    cli.start(QStringLiteral(SPEEDUPLAB_CLI_PATH), {QStringLiteral("verify")});
    QVERIFY(cli.waitForFinished(300000));
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
    QCOMPARE(cli.exitCode(), 1);
    QStringList lines;
    for (const QString &line : out.split(QLatin1Char('\n')))
        if (line.contains(QLatin1String("opencl:0")))
            lines << line;
    QVERIFY2(lines.size() > 10, qPrintable(out.right(2000)));
    // The first point that ran failed (those before it were skipped for reasons of their own: a
    // mode the device lacks); none passed.
    const qsizetype failed = lines.indexOf(QRegularExpression(QStringLiteral("^FAIL.*")));
    QVERIFY2(failed >= 0, qPrintable(lines.join(QLatin1Char('\n')).left(3000)));
    QVERIFY2(lines[failed].contains(QLatin1String("CL_OUT_OF_RESOURCES")) &&
                 lines[failed].contains(QLatin1String("disabled")),
             qPrintable(lines[failed]));
    for (const QString &line : lines.mid(0, failed))
        QVERIFY2(line.startsWith(QLatin1String("SKIP")), qPrintable(line));
    for (const QString &line : lines.mid(failed + 1))
        QVERIFY2(line.startsWith(QLatin1String("SKIP")) && line.contains(QLatin1String("lost earlier")),
                 qPrintable(line));
}

QTEST_GUILESS_MAIN(TestOpenClBackend)
#include "tst_openclbackend.moc"
