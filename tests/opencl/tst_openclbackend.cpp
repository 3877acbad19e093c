// SPDX-License-Identifier: MIT
// The OpenCL backend, on the machine's platform (PoCL on the CPU in CI): honest device names, every
// workload and mode against the CPU reference, events against the host's clock, the queue time
// below the synchronised time, program builds outside the timed region, cancelling, and a machine
// with no OpenCL driver (the CLI says what to install, and nothing crashes).

#include "core/reference.h"
#include "opencl/openclbackend.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>

using namespace speeduplab;

namespace {

Job job(const std::string &workload, const std::string &mode, int n, int iterations,
        const std::vector<std::vector<float>> &inputs)
{
    Job j;
    j.workload = workload;
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
    void noDriverSaysWhatToInstall();
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
    QTest::addColumn<QString>("mode");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("iterations");
    for (const char *w : {"add", "saxpy", "reduce"})
        for (const char *m : {"launch", "fused", "unsynced"}) {
            if (QLatin1String(w) == QLatin1String("reduce") && QLatin1String(m) == QLatin1String("fused"))
                continue; // reduce has no fused mode (Workload::all)
            // Odd sizes (a partial work-group), one element, and several iterations.
            for (int n : {1, 7, 64, 257})
                for (int it : {1, 5})
                    QTest::addRow("%s %s n=%d it=%d", w, m, n, it) << w << m << n << it;
        }
}

void TestOpenClBackend::matchesTheReference()
{
    QFETCH(QString, workload);
    QFETCH(QString, mode);
    QFETCH(int, n);
    QFETCH(int, iterations);
    const std::string w = workload.toStdString();
    const auto inputs = Reference::inputs(w, n);
    auto run = opencl::createRun(job(w, mode.toStdString(), n, iterations, inputs));
    const std::atomic<bool> stop{false};
    // Twice, with a reset between, as the repeat loop does: the second must start from the inputs.
    for (int rep = 0; rep < 2; ++rep) {
        run->reset();
        QVERIFY(run->runOnce(stop) > 0);
        const Reference::Check c = Reference::verify(w, "", n, iterations, inputs, run->output());
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
        opencl::createRun(job("gemm", "launch", 8, 1, inputs));
        QFAIL("gemm is not in the OpenCL backend yet: it must say so");
    } catch (const opencl::Unsupported &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String("gemm")), e.what());
    }
    QVERIFY_THROWS_EXCEPTION(opencl::Unsupported, opencl::createRun(job("add", "graph", 8, 1, inputs)));
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

QTEST_GUILESS_MAIN(TestOpenClBackend)
#include "tst_openclbackend.moc"
