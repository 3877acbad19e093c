// Tests of the CUDA backend through its plain C++ interface. Tests that need a GPU skip with the
// backend's own reason when none is usable; the rest run everywhere.

#include "cuda/cublaslibrary.h"
#include "cuda/gpubackend.h"

#include <QtTest>

#include <atomic>
#include <cmath>
#include <cstring>
#include <map>
#include <random>

using namespace speeduplab::gpu;

namespace {

#define REQUIRE_GPU()                                                                                        \
    do {                                                                                                     \
        const Availability availability_ = availability();                                                   \
        if (!availability_.usable)                                                                           \
            QSKIP(availability_.reason.c_str());                                                             \
    } while (false)

std::vector<float> randomVector(std::size_t count, unsigned seed, float low, float high)
{
    std::mt19937 engine(seed);
    std::uniform_real_distribution<float> dist(low, high);
    std::vector<float> v(count);
    for (float &x : v)
        x = dist(engine);
    return v;
}

/// Host references for gemm are the slow part of the suite, so each n is computed once.
struct GemmReference {
    std::vector<float> a;
    std::vector<float> b;
    std::vector<double> c;
    std::vector<double> absBound; ///< sum over k of |a_ik| |b_kj|: the scale of rounding errors
};

const GemmReference &gemmReference(int n)
{
    static std::map<int, GemmReference> cache;
    auto it = cache.find(n);
    if (it != cache.end())
        return it->second;
    const std::size_t count = std::size_t(n) * n;
    GemmReference ref;
    ref.a = randomVector(count, 11u + n, -1.0f, 1.0f);
    ref.b = randomVector(count, 23u + n, -1.0f, 1.0f);
    ref.c.assign(count, 0.0);
    ref.absBound.assign(count, 0.0);
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < n; ++k) {
            const double aik = ref.a[std::size_t(i) * n + k];
            const float *bRow = &ref.b[std::size_t(k) * n];
            double *cRow = &ref.c[std::size_t(i) * n];
            double *boundRow = &ref.absBound[std::size_t(i) * n];
            for (int j = 0; j < n; ++j) {
                cRow[j] += aik * bRow[j];
                boundRow[j] += std::abs(aik) * std::abs(double(bRow[j]));
            }
        }
    return cache.emplace(n, std::move(ref)).first->second;
}

Job makeJob(const QString &workload, const QString &variant, const QString &mode, int n, int iterations)
{
    Job job;
    job.workload = workload.toStdString();
    job.variant = variant.toStdString();
    job.mode = mode.toStdString();
    job.n = n;
    job.iterations = iterations;
    job.alpha = 0.75f;
    return job;
}

} // namespace

class TestGpuBackend : public QObject {
    Q_OBJECT

private slots:
    void availabilityIsConsistent();
    void invalidJobsThrow_data();
    void invalidJobsThrow();
    void bytesNeededCoversBuffers();
    void outputsMatchHost_data();
    void outputsMatchHost();
    void presetStopCancels_data();
    void presetStopCancels();
    void calibrationMeasuresCeilings();
    void cublasLoadsOnDemand();
};

void TestGpuBackend::availabilityIsConsistent()
{
    const Availability a = availability();
    QVERIFY(a.builtWithCuda);
    if (!a.usable) {
        // Without a GPU the user must be told why, in words.
        QVERIFY(!a.reason.empty());
        qInfo("No usable GPU: %s", a.reason.c_str());
        return;
    }
    QVERIFY(a.reason.empty());
    QVERIFY(!a.devices.empty());
    QVERIFY(a.runtimeVersion > 0);
    for (const DeviceInfo &d : a.devices) {
        QVERIFY(!d.name.empty());
        QVERIFY(d.ccMajor > 0);
        QVERIFY(d.smCount > 0);
        QVERIFY(d.totalMemoryBytes > 0);
        QVERIFY(d.freeMemoryBytes > 0);
        QVERIFY(d.theoreticalBandwidthGBs > 0);
        QVERIFY(d.l2CacheBytes > 0);
    }
    QCOMPARE(availability().devices.size(), a.devices.size()); // cached, stable
}

void TestGpuBackend::invalidJobsThrow_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("inputs");

    QTest::newRow("unknown workload") << "nope"
                                      << ""
                                      << "launch" << 4 << 1;
    QTest::newRow("unknown gemm variant") << "gemm"
                                          << "fast"
                                          << "launch" << 4 << 2;
    QTest::newRow("variant on add") << "add"
                                    << "tiled"
                                    << "launch" << 4 << 1;
    QTest::newRow("unknown mode") << "add"
                                  << ""
                                  << "eager" << 4 << 1;
    QTest::newRow("fused reduce") << "reduce"
                                  << ""
                                  << "fused" << 4 << 1;
    QTest::newRow("fused gemm") << "gemm"
                                << "cublas"
                                << "fused" << 4 << 2;
    QTest::newRow("graph transfer") << "transfer"
                                    << "pinned"
                                    << "graph" << 4 << 1;
    QTest::newRow("n = 0") << "add"
                           << ""
                           << "launch" << 0 << 1;
    QTest::newRow("missing input") << "saxpy"
                                   << ""
                                   << "launch" << 4 << 1;
}

void TestGpuBackend::invalidJobsThrow()
{
    // The job is validated before any CUDA call, so this runs without a GPU too.
    QFETCH(QString, workload);
    QFETCH(QString, variant);
    QFETCH(QString, mode);
    QFETCH(int, n);
    QFETCH(int, inputs);
    const std::vector<float> data(16, 1.0f);
    Job job = makeJob(workload, variant, mode, n, 1);
    job.inputs.assign(std::size_t(inputs), data.data());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, createRun(job));
    QCOMPARE(deviceBytesNeeded(job), std::size_t(0));
}

void TestGpuBackend::bytesNeededCoversBuffers()
{
    const std::vector<float> data(1, 1.0f);
    const std::size_t tensor = std::size_t(1000) * 1000 * sizeof(float);
    Job add = makeJob("add", "", "launch", 1000, 10);
    add.inputs = {data.data()};
    QVERIFY(deviceBytesNeeded(add) >= 2 * tensor); // b and its pristine copy
    Job saxpy = makeJob("saxpy", "", "graph", 1000, 10);
    saxpy.inputs = {data.data(), data.data()};
    QVERIFY(deviceBytesNeeded(saxpy) >= 3 * tensor);
    Job gemm = makeJob("gemm", "tiled", "launch", 1000, 1);
    gemm.inputs = {data.data(), data.data()};
    Job cublas = gemm;
    cublas.variant = "cublas";
    QVERIFY(deviceBytesNeeded(gemm) >= 3 * tensor);
    QVERIFY(deviceBytesNeeded(cublas) > deviceBytesNeeded(gemm)); // plus the cuBLAS workspace
}

void TestGpuBackend::outputsMatchHost_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("iterations");
    QTest::addColumn<bool>("transfers");
    QTest::addColumn<bool>("pinned");

    const auto row = [](const QString &w, const QString &v, const QString &m, int n, int iterations,
                        bool transfers = false, bool pinned = false) {
        const QString name =
            QStringLiteral("%1/%2/%3/n=%4/it=%5%6")
                .arg(w, v.isEmpty() ? QStringLiteral("-") : v, m)
                .arg(n)
                .arg(iterations)
                .arg(transfers ? (pinned ? QStringLiteral("/pinned") : QStringLiteral("/pageable"))
                               : QString());
        QTest::newRow(qPrintable(name)) << w << v << m << n << iterations << transfers << pinned;
    };
    // Sizes that are not multiples of 4 (the float4 tail), of the block size, or of the gemm tile.
    for (int n : {1, 3, 33, 257, 1000}) {
        for (const char *mode : {"launch", "graph", "fused"}) {
            row("add", "", mode, n, 5);
            row("saxpy", "", mode, n, 4);
        }
        for (const char *mode : {"launch", "graph"}) {
            row("reduce", "", mode, n, 3);
            for (const char *variant : {"naive", "tiled", "cublas", "cublas-tf32"})
                row("gemm", variant, mode, n, 2);
        }
        row("transfer", "pageable", "launch", n, 3);
        row("transfer", "pinned", "launch", n, 3);
    }
    // Many iterations: the chunked graphs (full chunks plus a remainder) and overflow to inf.
    row("add", "", "graph", 33, 2500);
    row("add", "", "launch", 33, 200);
    row("add", "", "fused", 33, 200);
    row("saxpy", "", "graph", 257, 1001);
    // Transfers inside the timed region.
    for (bool pinned : {false, true}) {
        row("add", "", "launch", 257, 3, true, pinned);
        row("saxpy", "", "fused", 33, 3, true, pinned);
        row("reduce", "", "graph", 257, 2, true, pinned);
        row("gemm", "tiled", "graph", 33, 1, true, pinned);
    }
}

void TestGpuBackend::outputsMatchHost()
{
    REQUIRE_GPU();
    QFETCH(QString, workload);
    QFETCH(QString, variant);
    QFETCH(QString, mode);
    QFETCH(int, n);
    QFETCH(int, iterations);
    QFETCH(bool, transfers);
    QFETCH(bool, pinned);

    const std::size_t count = std::size_t(n) * n;
    Job job = makeJob(workload, variant, mode, n, iterations);
    job.transfers = transfers;
    job.pinnedHost = pinned;

    // The inputs must outlive the run; the gemm ones come from the cache.
    std::vector<float> x = randomVector(count, 1u + n, -1.0f, 1.0f);
    std::vector<float> y = randomVector(count, 2u + n, -1.0f, 1.0f);
    if (workload == "reduce")
        x = randomVector(count, 3u + n, 0.5f, 1.5f); // positive: the relative error is meaningful
    if (workload == "saxpy")
        job.inputs = {x.data(), y.data()};
    else if (workload == "gemm")
        job.inputs = {gemmReference(n).a.data(), gemmReference(n).b.data()};
    else
        job.inputs = {x.data()};

    QVERIFY(deviceBytesNeeded(job) > 0);
    std::unique_ptr<Run> run = createRun(job);
    QVERIFY(run);
    const std::atomic<bool> stop{false};
    // Two repetitions: the second proves reset() restores the inputs.
    for (int repetition = 0; repetition < 2; ++repetition) {
        run->reset();
        const double seconds = run->runOnce(stop);
        QVERIFY2(seconds > 0, qPrintable(QStringLiteral("runOnce returned %1 s").arg(seconds)));
    }
    const std::vector<float> out = run->output();

    if (workload == "add") {
        QCOMPARE(out.size(), count);
        for (std::size_t i = 0; i < count; ++i) {
            float expected = x[i];
            for (int k = 0; k < iterations; ++k)
                expected = expected + expected; // exact doubling; overflow gives inf
            if (out[i] != expected)
                QFAIL(qPrintable(
                    QStringLiteral("add[%1]: got %2, expected %3").arg(i).arg(out[i]).arg(expected)));
        }
    } else if (workload == "saxpy") {
        QCOMPARE(out.size(), count);
        for (std::size_t i = 0; i < count; ++i) {
            float expected = y[i];
            for (int k = 0; k < iterations; ++k)
                expected = std::fma(job.alpha, x[i], expected);
            if (out[i] != expected)
                QFAIL(qPrintable(
                    QStringLiteral("saxpy[%1]: got %2, expected %3").arg(i).arg(out[i]).arg(expected)));
        }
    } else if (workload == "reduce") {
        QCOMPARE(out.size(), std::size_t(1));
        double expected = 0.0;
        for (float v : x)
            expected += v;
        const double error = std::abs(double(out[0]) - expected) / expected;
        QVERIFY2(error <= 1e-4,
                 qPrintable(QStringLiteral("sum %1, expected %2").arg(out[0]).arg(expected, 0, 'g', 10)));
    } else if (workload == "gemm") {
        QCOMPARE(out.size(), count);
        const GemmReference &ref = gemmReference(n);
        const double tolerance = variant == "cublas-tf32" ? 5e-3 : 1e-4;
        for (std::size_t i = 0; i < count; ++i) {
            const double error = std::abs(double(out[i]) - ref.c[i]);
            if (!(error <= tolerance * ref.absBound[i] + 1e-30))
                QFAIL(qPrintable(QStringLiteral("C[%1][%2]: got %3, expected %4")
                                     .arg(i / n)
                                     .arg(i % n)
                                     .arg(out[i])
                                     .arg(ref.c[i])));
        }
    } else if (workload == "transfer") {
        QCOMPARE(out.size(), count);
        QVERIFY(std::memcmp(out.data(), x.data(), count * sizeof(float)) == 0);
    }
}

void TestGpuBackend::presetStopCancels_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("mode");

    QTest::newRow("add launch") << "add"
                                << ""
                                << "launch";
    QTest::newRow("add graph") << "add"
                               << ""
                               << "graph";
    QTest::newRow("add fused") << "add"
                               << ""
                               << "fused";
    QTest::newRow("gemm cublas graph") << "gemm"
                                       << "cublas"
                                       << "graph";
    QTest::newRow("transfer pinned") << "transfer"
                                     << "pinned"
                                     << "launch";
}

void TestGpuBackend::presetStopCancels()
{
    REQUIRE_GPU();
    QFETCH(QString, workload);
    QFETCH(QString, variant);
    QFETCH(QString, mode);
    const int n = 64;
    const std::vector<float> a = randomVector(std::size_t(n) * n, 5u, -1.0f, 1.0f);
    Job job = makeJob(workload, variant, mode, n, 10);
    job.inputs = workload == "gemm" ? std::vector<const float *>{a.data(), a.data()}
                                    : std::vector<const float *>{a.data()};
    std::unique_ptr<Run> run = createRun(job);
    run->reset();
    const std::atomic<bool> stop{true};
    QVERIFY_THROWS_EXCEPTION(Cancelled, run->runOnce(stop));
    // A cancelled run stays usable: the stream was drained, not left in a broken state.
    const std::atomic<bool> go{false};
    run->reset();
    QVERIFY(run->runOnce(go) > 0);
}

void TestGpuBackend::calibrationMeasuresCeilings()
{
    REQUIRE_GPU();
    const std::atomic<bool> stopNow{true};
    QVERIFY_THROWS_EXCEPTION(Cancelled, calibrate(0, stopNow));

    const std::atomic<bool> stop{false};
    const Ceilings c = calibrate(0, stop);
    QVERIFY(c.deviceCopyBytesPerS > 0);
    QVERIFY(c.h2dPageableBytesPerS > 0);
    QVERIFY(c.h2dPinnedBytesPerS > 0);
    QVERIFY(c.d2hPageableBytesPerS > 0);
    QVERIFY(c.d2hPinnedBytesPerS > 0);
    QVERIFY(c.launchLatencyS > 0);
    QVERIFY(c.syncRoundTripS > 0);
    QVERIFY(c.cublasFlopsPerS > 0);
    QVERIFY(c.cublasTf32FlopsPerS > 0);
    // L2 must beat HBM, and every GPU CUDA 13 supports (Turing and newer) exceeds 1 TFLOP/s fp32.
    const QString l2VsCopy = QStringLiteral("L2 %1 GB/s, HBM copy %2 GB/s")
                                 .arg(c.l2BytesPerS / 1e9)
                                 .arg(c.deviceCopyBytesPerS / 1e9);
    QVERIFY2(c.l2BytesPerS > c.deviceCopyBytesPerS, qPrintable(l2VsCopy));
    QVERIFY2(c.fmaFlopsPerS > 1e12, qPrintable(QStringLiteral("FMA %1 TFLOP/s").arg(c.fmaFlopsPerS / 1e12)));
    qInfo("copy %.0f GB/s, L2 %.0f GB/s, FMA %.1f TFLOP/s, H2D pageable %.1f / pinned %.1f GB/s, "
          "D2H pageable %.1f / pinned %.1f GB/s, launch %.2f us, round trip %.2f us, SGEMM %.1f TFLOP/s, "
          "TF32 %.1f TFLOP/s",
          c.deviceCopyBytesPerS / 1e9, c.l2BytesPerS / 1e9, c.fmaFlopsPerS / 1e12,
          c.h2dPageableBytesPerS / 1e9, c.h2dPinnedBytesPerS / 1e9, c.d2hPageableBytesPerS / 1e9,
          c.d2hPinnedBytesPerS / 1e9, c.launchLatencyS * 1e6, c.syncRoundTripS * 1e6,
          c.cublasFlopsPerS / 1e12, c.cublasTf32FlopsPerS / 1e12);
}

// cuBLAS is opened on first use, not linked: loading needs no GPU, only the library, and a
// missing library is a sentence, not a crash.
void TestGpuBackend::cublasLoadsOnDemand()
{
    try {
        const CublasLibrary &lib = CublasLibrary::instance();
        QVERIFY(lib.create && lib.destroy && lib.sgemm && lib.setMathMode && lib.statusName);
        QCOMPARE(QString::fromLatin1(lib.statusName(CUBLAS_STATUS_NOT_INITIALIZED)),
                 QStringLiteral("CUBLAS_STATUS_NOT_INITIALIZED"));
        QVERIFY(CublasLibrary::loaded() == &lib);
    } catch (const CudaError &e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("cuBLAS could not be loaded")),
                 e.what());
        QVERIFY(CublasLibrary::loaded() == nullptr);
    }
}

QTEST_GUILESS_MAIN(TestGpuBackend)
#include "tst_gpubackend.moc"
