// SPDX-License-Identifier: MIT
// The Vulkan backend on the machine's driver (lavapipe on the CPU here and in CI, scripts/setup.sh
// --tests installs it), under the Khronos validation layer (SPEEDUPLAB_VULKAN_VALIDATION=1, set by
// CMake), whose every message fails the suite: honest device names, every workload and mode the
// backend has against the CPU reference (timed copies too, and one size past the device's
// dispatch limit), timestamps inside the host's clock, the queue time below the synchronised time,
// the pipelines built outside the timed region, cancelling within 0.2 s, a sweep through the
// runner, `verify`, and a machine with no Vulkan driver.

#include "backend/sparsematrix.h"
#include "core/analysis/analysis.h"
#include "core/devices/devicebackend.h"
#include "core/machine/machineinfo.h"
#include "core/measure/calibration.h"
#include "core/measure/reference.h"
#include "core/measure/sweeprunner.h"
#include "core/pipeline.h"
#include "vulkan/vulkanbackend.h"

#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <thread>

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

class TestVulkanBackend : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void devicesAreNamedHonestly();
    void matchesTheReference_data();
    void matchesTheReference();
    void timestampsInsideTheWallClock();
    void unsyncedBelowSynchronised();
    void buildsOutsideTheTimedRegion();
    void stopCancelsWithinAFifthOfASecond();
    void unsupportedSaysWhy();
    void calibrates();
    void sweepsVulkanDevices();
    void sameBoardAsCudaByItsPciAddress();
    void verifyChecksVulkanOnce();
    void noDriverSaysWhatToInstall();
    void cleanupTestCase();
};

void TestVulkanBackend::initTestCase()
{
    const vulkan::Availability a = vulkan::availability();
    QVERIFY2(a.builtWithVulkan, a.reason.c_str());
    QVERIFY2(a.usable, ("no Vulkan device here (scripts/setup.sh --tests installs mesa-vulkan-drivers, "
                        "whose lavapipe runs on the CPU): " +
                        a.reason)
                           .c_str());
    QVERIFY2(vulkan::validationOn(), "the validation layer is off (scripts/setup.sh --tests installs "
                                     "vulkan-validationlayers; CMake sets SPEEDUPLAB_VULKAN_VALIDATION=1)");
}

void TestVulkanBackend::devicesAreNamedHonestly()
{
    for (const DeviceDescription &d : vulkan::availability().devices) {
        QCOMPARE(d.id(), "vulkan:" + std::to_string(d.index));
        QCOMPARE(d.api(), std::string("Vulkan"));
        QVERIFY(d.globalMemoryBytes > 0);
        QVERIFY(d.maxAllocBytes > 0 && d.maxAllocBytes <= d.globalMemoryBytes);
        if (d.type == "CPU") {
            // lavapipe is Vulkan on the CPU's own cores: never "a GPU", and never a crossover's.
            QVERIFY(!d.isGpu());
            QCOMPARE(d.kind(), DeviceKind::CpuApi);
            if (d.platform == "lavapipe")
                QCOMPARE(d.describe(), std::string("Vulkan on the CPU (lavapipe)"));
            QVERIFY(d.describe().find("GPU") == std::string::npos);
        } else if (d.type == "GPU") {
            QVERIFY(d.isGpu());
            QVERIFY2(d.describe().find("GPU") != std::string::npos, d.describe().c_str());
        }
    }
    const DeviceBackend &b = Devices::of("vulkan");
    QCOMPARE(b.deviceId(0), std::string("vulkan:0"));
    QVERIFY(b.unrunnable(job("add", "launch", 4, 1, {})).empty());
}

void TestVulkanBackend::matchesTheReference_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("iterations");
    QTest::addColumn<bool>("copies");
    struct Case {
        const char *workload;
        std::vector<const char *> modes;
    };
    const std::vector<Case> cases = {
        {"add", {"launch", "graph", "fused", "unsynced"}},
        {"saxpy", {"launch", "graph", "fused", "unsynced"}},
        {"reduce", {"launch", "graph", "unsynced"}},
    };
    // 4097: 16.8 million elements, past lavapipe's 65535 work-groups of 256 (the grid-stride loop).
    for (const Case &c : cases)
        for (const char *m : c.modes) {
            for (int n : {1, 7, 64, 257})
                for (int it : {1, 3})
                    QTest::addRow("%s %s n=%d it=%d", c.workload, m, n, it)
                        << c.workload << "" << m << n << it << false;
            QTest::addRow("%s %s n=4097 it=2", c.workload, m) << c.workload << "" << m << 4097 << 2 << false;
        }
    // gemm: edges that leave partial tiles (a tiled work-group computes 64 x 64 of C) and one element.
    for (const char *v : {"tiled", "naive"})
        for (const char *m : {"launch", "graph"})
            for (int n : {1, 17, 65, 130})
                QTest::addRow("gemm %s %s n=%d", v, m, n) << "gemm" << v << m << n << 2 << false;
    for (const char *m : {"launch", "graph"})
        for (int n : {1, 7, 64, 257})
            QTest::addRow("spmv scalar %s n=%d", m, n) << "spmv"
                                                       << "scalar" << m << n << 2 << false;
    for (const char *m : {"launch", "graph"})
        for (int n : {1, 7, 64, 257})
            for (int it : {1, 3})
                QTest::addRow("scan rows %s n=%d it=%d", m, n, it) << "scan"
                                                                   << "rows" << m << n << it << false;
    for (const char *m : {"launch", "graph"})
        for (int n : {1, 7, 64, 257})
            QTest::addRow("transfer pinned %s n=%d", m, n) << "transfer"
                                                           << "pinned" << m << n << 3 << false;
    // Graph mode past one command buffer (kGraphChunk operations): full buffers and the remainder.
    QTest::addRow("add graph n=7 it=2500") << "add"
                                           << ""
                                           << "graph" << 7 << 2500 << false;
    for (const char *w : {"add", "saxpy", "reduce", "gemm", "scan", "spmv"})
        for (const char *m : {"launch", "graph"})
            QTest::addRow("%s %s + copies", w, m) << w
                                                  << (QLatin1String(w) == QLatin1String("gemm")   ? "tiled"
                                                      : QLatin1String(w) == QLatin1String("scan") ? "rows"
                                                      : QLatin1String(w) == QLatin1String("spmv") ? "scalar"
                                                                                                  : "")
                                                  << m << 33 << 2 << true;
}

void TestVulkanBackend::matchesTheReference()
{
    QFETCH(QString, workload);
    QFETCH(QString, variant);
    QFETCH(QString, mode);
    QFETCH(int, n);
    QFETCH(int, iterations);
    QFETCH(bool, copies);
    const std::string w = workload.toStdString(), v = variant.toStdString();
    const auto inputs = Reference::inputs(w, n);
    Job j = job(w, mode.toStdString(), n, iterations, inputs, v);
    j.transfers = copies;
    auto run = vulkan::createRun(j);
    const std::atomic<bool> stop{false};
    // Twice, with a reset between, as the repeat loop does: the second must start from the inputs.
    for (int rep = 0; rep < 2; ++rep) {
        run->reset();
        QVERIFY(run->runOnce(stop) > 0);
        const Reference::Check c = Reference::verify(w, v, n, iterations, inputs, run->output());
        QVERIFY2(c.ok, c.message.c_str());
    }
    QVERIFY2(run->note().empty(), run->note().c_str()); // lavapipe's timestamps are times
}

void TestVulkanBackend::timestampsInsideTheWallClock()
{
    const int n = 256, iterations = 20;
    const auto inputs = Reference::inputs("add", n);
    auto run = vulkan::createRun(job("add", "launch", n, iterations, inputs));
    const std::atomic<bool> stop{false};
    for (int rep = 0; rep < 3; ++rep) {
        run->reset();
        const auto t0 = std::chrono::steady_clock::now();
        const double span = run->runOnce(stop);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QVERIFY2(span > 0 && span <= wall,
                 qPrintable(QStringLiteral("timestamps %1 s, wall %2 s").arg(span).arg(wall)));
        QVERIFY2(run->note().empty(), run->note().c_str());
    }
}

void TestVulkanBackend::unsyncedBelowSynchronised()
{
    const int n = 128, iterations = 200;
    const auto inputs = Reference::inputs("add", n);
    auto run = vulkan::createRun(job("add", "unsynced", n, iterations, inputs));
    const std::atomic<bool> stop{false};
    run->reset();
    const double queued = run->runOnce(stop);
    QVERIFY(queued > 0);
    QVERIFY2(
        queued <= run->synchronisedSeconds(),
        qPrintable(
            QStringLiteral("queued %1 s, synchronised %2 s").arg(queued).arg(run->synchronisedSeconds())));
    auto launch = vulkan::createRun(job("add", "launch", n, 1, inputs));
    launch->reset();
    launch->runOnce(stop);
    QCOMPARE(launch->synchronisedSeconds(), 0.0);
}

void TestVulkanBackend::buildsOutsideTheTimedRegion()
{
    const auto inputs = Reference::inputs("add", 4);
    auto run = vulkan::createRun(job("add", "launch", 4, 1, inputs));
    const double build = vulkan::buildSeconds(0);
    QVERIFY2(build > 0, "the pipelines' build time is reported");
    const std::atomic<bool> stop{false};
    run->reset();
    const double once = run->runOnce(stop);
    QVERIFY2(once < build,
             qPrintable(QStringLiteral("a repetition %1 s, the build %2 s").arg(once).arg(build)));
    // The runner says it once, before the timing.
    const auto compiled = Devices::of("vulkan").compiled(0);
    QCOMPARE(compiled.size(), std::size_t(1));
    QVERIFY2(compiled.front().second.find("Vulkan pipelines were built") != std::string::npos,
             compiled.front().second.c_str());
}

void TestVulkanBackend::stopCancelsWithinAFifthOfASecond()
{
    // 100,000 launches of saxpy at n = 512 take seconds on lavapipe: a stop a little after the
    // start ends the repetition within 0.2 s, and the run stays usable.
    const int n = 512;
    const auto inputs = Reference::inputs("saxpy", n);
    auto run = vulkan::createRun(job("saxpy", "launch", n, 100000, inputs));
    std::atomic<bool> stop{false};
    run->reset();
    std::chrono::steady_clock::time_point asked;
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        asked = std::chrono::steady_clock::now();
        stop = true;
    });
    bool cancelled = false;
    try {
        run->runOnce(stop);
    } catch (const Cancelled &) {
        cancelled = true;
    }
    const double after = std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
    stopper.join();
    QVERIFY(cancelled);
    QVERIFY2(after < 0.2, qPrintable(QStringLiteral("cancelled %1 s after the stop").arg(after)));
    auto small = vulkan::createRun(job("saxpy", "launch", n, 3, inputs));
    const std::atomic<bool> go{false};
    small->reset();
    QVERIFY(small->runOnce(go) > 0);
    QVERIFY(Reference::verify("saxpy", "", n, 3, inputs, small->output()).ok);
}

void TestVulkanBackend::unsupportedSaysWhy()
{
    const auto inputs = Reference::inputs("gemm", 8);
    try {
        vulkan::createRun(job("gemm", "launch", 8, 1, inputs, "cublas"));
        QFAIL("cuBLAS is CUDA's: the Vulkan backend must say it has no such variant");
    } catch (const vulkan::Unsupported &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String("cublas")), e.what());
    }
    // Past the 32-bit indices of spmv's CSR matrix: skipped with the reason, nothing allocated.
    try {
        vulkan::createRun(job("spmv", "launch", SparseMatrix::maxN + 1, 1, inputs, "scalar"));
        QFAIL("spmv past its indices was accepted");
    } catch (const vulkan::Unsupported &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String("32-bit")), e.what());
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             vulkan::createRun(job("gemm", "fused", 8, 1, inputs, "tiled")));
    Job unsynced = job("add", "unsynced", 8, 1, inputs);
    unsynced.transfers = true;
    try {
        vulkan::createRun(unsynced);
        QFAIL("unsynced mode with timed copies was accepted");
    } catch (const std::invalid_argument &e) {
        QCOMPARE(QString::fromUtf8(e.what()), QString::fromUtf8(kUnsyncedWithCopies));
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, vulkan::createRun(job("reduce", "fused", 8, 1, inputs)));
    // Past what 32-bit indices reach: skipped with the reason, nothing allocated.
    QVERIFY_THROWS_EXCEPTION(vulkan::Unsupported, vulkan::createRun(job("add", "launch", 46341, 1, inputs)));
}

// The device's ceilings, under its own keys; what Vulkan does not have (a pageable copy) is absent,
// never 0; a stop cancels.
void TestVulkanBackend::calibrates()
{
    const std::atomic<bool> go{false}, stopNow{true};
    QVERIFY_THROWS_EXCEPTION(Cancelled, vulkan::calibrate(0, stopNow));
    const std::map<std::string, double> c =
        Calibration::ofDevice("vulkan", 0, *Devices::of("vulkan").calibrate(0, go));
    for (const char *what : {"copy_bytes_per_s", "fma_flops_per_s", "launch_s", "sync_round_trip_s",
                             "h2d_pinned_bytes_per_s", "d2h_pinned_bytes_per_s"}) {
        const std::string key = Calibration::deviceKey("vulkan", 0, what);
        QVERIFY2(c.count(key) && c.at(key) > 0 && std::isfinite(c.at(key)), key.c_str());
    }
    for (const char *what : {"h2d_pageable_bytes_per_s", "d2h_pageable_bytes_per_s"})
        QVERIFY(!c.count(Calibration::deviceKey("vulkan", 0, what)));
    const double launch = c.at(Calibration::deviceKey("vulkan", 0, "launch_s"));
    const double trip = c.at(Calibration::deviceKey("vulkan", 0, "sync_round_trip_s"));
    QVERIFY2(launch > 1e-7 && launch < 1e-2, std::to_string(launch).c_str());
    QVERIFY2(trip > launch * 0.5, (std::to_string(trip) + " vs " + std::to_string(launch)).c_str());
    // A point of the device is held against its own copy ceiling.
    MachineInfo machine;
    machine.ceilings = c;
    Measurement m;
    m.workload = "add";
    m.backend = "vulkan";
    m.device = 0;
    m.mode = "launch";
    const Calibration::Level level = Calibration::levelFor(m, machine);
    QCOMPARE(level.key, Calibration::deviceKey("vulkan", 0, "copy_bytes_per_s"));
    QVERIFY(level.value > 0);
}

// A CPU + Vulkan sweep as `run --device vulkan:0` plans it: rows named vulkan:0, verified, and
// never taken for a GPU's on lavapipe: no crossover, and the sentence that says why.
void TestVulkanBackend::sweepsVulkanDevices()
{
    RunOptions o;
    o.sizes = "4,40,300";
    o.threads = "1";
    o.minTime = "0.005";
    o.iterations = "20";
    o.device = "vulkan:0";
    SweepPlan plan = Pipeline::plan(o, MachineInfo::hardwareThreads(), 0);
    QCOMPARE(plan.describedDevices, (std::vector<PlanDevice>{{"vulkan", 0}}));
    const std::atomic<bool> stop{false};
    ResultSet r = SweepRunner(plan).run({}, stop);
    r.machine = Devices::probeMachine();
    int ok = 0;
    for (const Measurement &m : r.rows) {
        if (m.isCpu())
            continue;
        QCOMPARE(m.backend, std::string("vulkan"));
        QCOMPARE(m.deviceId(), std::string("vulkan:0"));
        QVERIFY2(m.ok() && m.verified, (m.seriesLabel() + ": " + m.reason).c_str());
        ++ok;
    }
    QCOMPARE(ok, 9); // launch, graph and fused at three sizes
    const DeviceDescription *d = nullptr;
    for (const DeviceDescription &x : r.machine.described)
        if (x.id() == "vulkan:0")
            d = &x;
    QVERIFY(d);
    if (d->type == "CPU") {
        QVERIFY2(Analysis::reports(r, "add").empty(), "Vulkan on the CPU is no GPU to cross the CPU");
        const std::vector<std::string> notes = Analysis::notGpus(r, "add");
        QCOMPARE(notes.size(), std::size_t(1));
        QVERIFY2(notes.front().find("not a GPU") != std::string::npos, notes.front().c_str());
    }
}

// A GPU seen through CUDA and through Vulkan (and OpenCL) is one board, by its PCI address: the
// machine's lines say so, and `--device all` sweeps it once, through CUDA (lavapipe has no PCI
// address, so the board is described here as a driver would).
void TestVulkanBackend::sameBoardAsCudaByItsPciAddress()
{
    MachineInfo m;
    MachineInfo::Gpu g;
    g.index = 0;
    g.name = "NVIDIA H200";
    g.pciBusId = "0000:3b:00.0";
    m.gpus = {g};
    DeviceDescription vk;
    vk.backend = "vulkan";
    vk.index = 0;
    vk.name = "NVIDIA H200";
    vk.type = "GPU";
    vk.pciBusId = "0000:3B:00.0"; // the same address, written in capitals
    DeviceDescription other = vk;
    other.index = 1;
    other.pciBusId = "0000:5e:00.0";
    m.described = {vk, other};
    QVERIFY(MachineInfo::sameBoard(m.gpus, vk));
    QVERIFY(!MachineInfo::sameBoard(m.gpus, other));
    QCOMPARE(MachineInfo::alsoCuda(m.gpus, m.described), std::vector<int>{0});
    bool said = false;
    for (const auto &[key, text] : m.describe())
        if (key == "vulkan:0") {
            QVERIFY2(text.rfind("the same board as cuda:0", 0) == 0, text.c_str());
            said = true;
        } else if (key == "vulkan:1") {
            QVERIFY2(text.find("same board") == std::string::npos, text.c_str());
        }
    QVERIFY(said);
}

void TestVulkanBackend::verifyChecksVulkanOnce()
{
    QProcess cli;
    cli.start(QStringLiteral(SPEEDUPLAB_CLI_PATH), {QStringLiteral("verify")});
    QVERIFY(cli.waitForFinished(300000));
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QCOMPARE(cli.exitCode(), 0);
    QStringList lines;
    for (const QString &line : out.split(QLatin1Char('\n')))
        if (line.contains(QLatin1String("vulkan:0")))
            lines << line;
    QVERIFY2(!lines.isEmpty(), qPrintable(out.right(2000)));
    QCOMPARE(lines.filter(QRegularExpression(QStringLiteral("^FAIL"))).size(), 0);
    QCOMPARE(QSet<QString>(lines.begin(), lines.end()).size(), lines.size()); // no point twice
    for (const char *w : {"add", "saxpy", "reduce", "gemm", "scan", "spmv", "transfer"})
        QVERIFY2(
            !lines.filter(QRegularExpression(QStringLiteral("^PASS  %1  vulkan:0").arg(QLatin1String(w))))
                 .isEmpty(),
            qPrintable(lines.join(QLatin1Char('\n'))));
    for (const char *v : {"(tiled)", "(naive)", "(rows)", "(scalar)", "(pinned)"})
        QVERIFY2(
            !lines.filter(QLatin1String(v)).filter(QRegularExpression(QStringLiteral("^PASS"))).isEmpty(), v);
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QVERIFY2(!err.contains(QLatin1String("Vulkan validation")), qPrintable(err));
}

void TestVulkanBackend::noDriverSaysWhatToInstall()
{
    // The loader reads its drivers from VK_DRIVER_FILES (VK_ICD_FILENAMES before 1.3.207): a file
    // that is not there is a machine with none.
    QTemporaryDir empty;
    QVERIFY(empty.isValid());
    QProcess cli;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString none = empty.filePath(QStringLiteral("none.json"));
    env.insert(QStringLiteral("VK_DRIVER_FILES"), none);
    env.insert(QStringLiteral("VK_ICD_FILENAMES"), none);
    cli.setProcessEnvironment(env);
    cli.start(QStringLiteral(SPEEDUPLAB_CLI_PATH), {QStringLiteral("devices")});
    QVERIFY(cli.waitForFinished(60000));
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
    QCOMPARE(cli.exitCode(), 0);
    QVERIFY2(out.contains(QLatin1String("Vulkan: none usable: No Vulkan driver was found")), qPrintable(out));
    QVERIFY2(out.contains(QLatin1String("mesa-vulkan-drivers")), qPrintable(out));
    QVERIFY2(!out.contains(QLatin1String("vulkan:0")), qPrintable(out));
}

void TestVulkanBackend::cleanupTestCase()
{
    const std::vector<std::string> said = vulkan::validationMessages();
    std::string all;
    for (const std::string &m : said)
        all += m + "\n";
    QVERIFY2(said.empty(), all.c_str());
}

QTEST_MAIN(TestVulkanBackend)
#include "tst_vulkanbackend.moc"
