// SPDX-License-Identifier: MIT
// Every CPU kernel against the reference, at sizes that are not multiples of any tile, vector
// width or cache line (1, 3, 17, 33, 257, 515, 1025) and at 1, 2 and all hardware threads; and
// the reference check itself: a corrupted output must be rejected with the element named.

#include "core/kernels/cpukernels.h"
#include "core/measure/reference.h"
#include "core/model/workload.h"
#include "cuda/gpubackend.h"

#include <QtTest>

#include <atomic>
#include <cmath>
#include <map>
#include <set>
#include <thread>

using namespace speeduplab;

namespace {

int hardwareThreads()
{
    return int(std::max(1u, std::thread::hardware_concurrency()));
}

std::vector<const float *> pointers(const std::vector<std::vector<float>> &inputs)
{
    std::vector<const float *> p;
    for (const auto &v : inputs)
        p.push_back(v.data());
    return p;
}

/// The iteration count a check uses: enough to catch a kernel that runs one step too few.
int iterationsFor(const std::string &workload)
{
    if (workload == "add")
        return 5;
    if (workload == "saxpy")
        return 3;
    if (workload == "gemm")
        return 1;
    return 2;
}

/// The correct output of a workload at n, computed by the 1-thread kernel.
std::vector<float> goodOutput(const std::string &workload, const std::string &variant, int n,
                              const std::vector<std::vector<float>> &inputs)
{
    std::atomic<bool> stop{false};
    auto run = CpuKernels::create(workload, variant, n, iterationsFor(workload), 1, Reference::saxpyAlpha,
                                  pointers(inputs));
    run->reset();
    run->runOnce(stop);
    return run->output();
}

} // namespace

class TestCpuKernels : public QObject {
    Q_OBJECT

private slots:
    void matchesReference_data();
    void matchesReference();
    void corruptedOutputIsRejected_data();
    void corruptedOutputIsRejected();
    void wrongSizeIsRejected();
    void sampledGemmCheckCoversTheLastRowAndColumn_data();
    void sampledGemmCheckCoversTheLastRowAndColumn();
    void inputsAreDeterministic();
    void scanIsExact_data();
    void scanIsExact();
    void scanInputsKeepPartialSumsExact();
    void stopThrowsCancelled_data();
    void stopThrowsCancelled();
    void createRejectsBadArguments_data();
    void createRejectsBadArguments();
    void vectorClonesMatchTheCpu();
};

void TestCpuKernels::matchesReference_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("threads");

    std::set<int> threadCounts{1, 2, hardwareThreads()};
    for (const auto &w : Workload::all()) {
        for (const auto &v : w.cpuVariants) {
            // gemm is O(n^3) and its reference too: 515 already crosses the tiled kernel's
            // 512-wide j panel and 128-deep k panel with a ragged tail; naive stays smaller.
            std::vector<int> sizes{1, 3, 17, 33, 257, 1025};
            if (w.name == "gemm")
                sizes = v == "naive" ? std::vector<int>{1, 3, 17, 33, 257}
                                     : std::vector<int>{1, 3, 17, 33, 257, 515};
            for (int n : sizes)
                for (int t : threadCounts)
                    QTest::addRow("%s%s%s n=%d threads=%d", w.name.c_str(), v.empty() ? "" : " ", v.c_str(),
                                  n, t)
                        << QString::fromStdString(w.name) << QString::fromStdString(v) << n << t;
            // One large gemm per fast variant: 1025 = 2 * 512 + 1 panels, and an output big
            // enough that the reference check samples it instead of checking every element.
            if (w.name == "gemm" && v != "naive")
                QTest::addRow("gemm %s n=1025 threads=%d", v.c_str(), hardwareThreads())
                    << "gemm" << QString::fromStdString(v) << 1025 << hardwareThreads();
        }
    }
}

void TestCpuKernels::matchesReference()
{
    QFETCH(QString, workload);
    QFETCH(QString, variant);
    QFETCH(int, n);
    QFETCH(int, threads);
    const std::string w = workload.toStdString(), v = variant.toStdString();
    const std::string why = CpuKernels::available(w, v);
    if (!why.empty())
        QSKIP(why.c_str());

    const auto inputs = Reference::inputs(w, n);
    const auto pristine = inputs;
    const int iterations = iterationsFor(w);
    std::atomic<bool> stop{false};
    auto run = CpuKernels::create(w, v, n, iterations, threads, Reference::saxpyAlpha, pointers(inputs));
    QVERIFY(run);
    // As the runner does it: a warm-up, then reset and a measured repetition. A reset that does
    // not restore the working buffers shows up as twice the iterations (add: 2^10 instead of 2^5).
    run->reset();
    if (w != "gemm") // gemm overwrites C whole: the second run proves nothing more and costs the most
        run->runOnce(stop);
    run->reset();
    const double seconds = run->runOnce(stop);
    QVERIFY(seconds >= 0 && std::isfinite(seconds));

    const std::vector<float> out = run->output();
    QCOMPARE(out.size(), w == "reduce" ? size_t(1) : size_t(n) * size_t(n));
    const Reference::Check c = Reference::verify(w, v, n, iterations, inputs, out);
    QVERIFY2(c.ok, c.message.c_str());
    QVERIFY(c.message.empty());
    QVERIFY(c.maxError <= c.tolerance);
    QVERIFY(inputs == pristine); // the caller's inputs are read, never written
}

void TestCpuKernels::corruptedOutputIsRejected_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("col");
    QTest::addColumn<bool>("nan");

    QTest::newRow("add, interior") << "add"
                                   << "" << 17 << 3 << 5 << false;
    QTest::newRow("add, NaN in the last element") << "add"
                                                  << "" << 17 << 16 << 16 << true;
    QTest::newRow("add, n = 1") << "add"
                                << "" << 1 << 0 << 0 << false;
    QTest::newRow("saxpy, first row, last column") << "saxpy"
                                                   << "" << 33 << 0 << 32 << false;
    QTest::newRow("saxpy, NaN") << "saxpy"
                                << "" << 33 << 20 << 7 << true;
    QTest::newRow("gemm tiled, last row") << "gemm"
                                          << "tiled" << 33 << 32 << 0 << false;
    QTest::newRow("gemm naive, middle") << "gemm"
                                        << "naive" << 3 << 1 << 1 << false;
    QTest::newRow("gemm tiled, NaN") << "gemm"
                                     << "tiled" << 65 << 64 << 63 << true;
    QTest::newRow("transfer, last element") << "transfer"
                                            << "memcpy" << 17 << 16 << 16 << false;
    QTest::newRow("transfer, NaN") << "transfer"
                                   << "memcpy" << 17 << 2 << 9 << true;
    QTest::newRow("reduce") << "reduce"
                            << "" << 17 << 0 << 0 << false;
    QTest::newRow("reduce, NaN") << "reduce"
                                 << "" << 17 << 0 << 0 << true;
    QTest::newRow("scan, first element") << "scan"
                                         << "serial" << 17 << 0 << 0 << false;
    QTest::newRow("scan, last element") << "scan"
                                        << "serial" << 17 << 16 << 16 << false;
    QTest::newRow("scan, NaN") << "scan"
                               << "serial" << 33 << 5 << 31 << true;
}

void TestCpuKernels::corruptedOutputIsRejected()
{
    QFETCH(QString, workload);
    QFETCH(QString, variant);
    QFETCH(int, n);
    QFETCH(int, row);
    QFETCH(int, col);
    QFETCH(bool, nan);
    const std::string w = workload.toStdString(), v = variant.toStdString();
    const auto inputs = Reference::inputs(w, n);
    std::vector<float> out = goodOutput(w, v, n, inputs);
    const int iterations = iterationsFor(w);
    QVERIFY2(Reference::verify(w, v, n, iterations, inputs, out).ok, "the uncorrupted output must pass");

    float &x = out[w == "reduce" ? 0 : size_t(row) * n + col];
    x = nan ? NAN : x + 0.25f + 0.5f * std::fabs(x);
    const Reference::Check c = Reference::verify(w, v, n, iterations, inputs, out);
    QVERIFY(!c.ok);
    QVERIFY(c.maxError > c.tolerance);
    const QString msg = QString::fromStdString(c.message);
    if (w == "reduce")
        QVERIFY2(msg.contains("the sum is"), qPrintable(msg));
    else
        QVERIFY2(msg.contains(QString("element (%1, %2)").arg(row).arg(col)), qPrintable(msg));
}

void TestCpuKernels::wrongSizeIsRejected()
{
    const auto inputs = Reference::inputs("add", 4);
    std::vector<float> out(15, 0.0f);
    const Reference::Check c = Reference::verify("add", "", 4, 1, inputs, out);
    QVERIFY(!c.ok);
    QVERIFY2(QString::fromStdString(c.message).contains("15 elements, expected 16"), c.message.c_str());
    const Reference::Check r = Reference::verify("reduce", "", 4, 1, Reference::inputs("reduce", 4), {});
    QVERIFY(!r.ok);
    const Reference::Check u = Reference::verify("nope", "", 4, 1, inputs, std::vector<float>(16));
    QVERIFY(!u.ok);
    QVERIFY(!u.message.empty());
}

void TestCpuKernels::sampledGemmCheckCoversTheLastRowAndColumn_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("col");
    // Above n ~ 3500 the gemm check samples; reference.h promises the sample includes the first
    // and last rows and columns, where tile and tail bugs live. One row: each costs seconds.
    const int n = 4096;
    QTest::newRow("last row, last column") << n << n - 1 << n - 1;
}

void TestCpuKernels::sampledGemmCheckCoversTheLastRowAndColumn()
{
    QFETCH(int, n);
    QFETCH(int, row);
    QFETCH(int, col);
    // A = I, so the right answer is B itself: no O(n^3) product needed to build a correct output.
    const size_t count = size_t(n) * n;
    std::vector<std::vector<float>> in(2, std::vector<float>(count, 0.0f));
    for (int i = 0; i < n; ++i)
        in[0][size_t(i) * n + i] = 1.0f;
    for (size_t i = 0; i < count; ++i)
        in[1][i] = 1.0f + float(i % 7) / 8.0f;
    std::vector<float> out = in[1];
    out[size_t(row) * n + col] += 1.0f;
    const Reference::Check c = Reference::verify("gemm", "tiled", n, 1, in, out);
    QVERIFY2(!c.ok, "a wrong element on the edge of a large gemm output passed the check");
    QVERIFY2(QString::fromStdString(c.message).contains(QString("element (%1, %2)").arg(row).arg(col)),
             c.message.c_str());
}

void TestCpuKernels::inputsAreDeterministic()
{
    for (const auto &w : Workload::all()) {
        const auto a = Reference::inputs(w.name, 33), b = Reference::inputs(w.name, 33);
        QCOMPARE(int(a.size()), w.inputCount);
        QVERIFY(a == b);
        for (const auto &v : a) {
            QCOMPARE(v.size(), size_t(33 * 33));
            if (w.name == "scan") { // integers, so that every partial sum is exact (scanInputs...)
                QCOMPARE(std::set<float>(v.begin(), v.end()), (std::set<float>{-1.0f, 0.0f, 1.0f}));
                continue;
            }
            if (w.name == "spmv") { // integers, so that every row sum is exact (tst_spmv)
                QCOMPARE(std::set<float>(v.begin(), v.end()),
                         (std::set<float>{-2.0f, -1.0f, 0.0f, 1.0f, 2.0f}));
                continue;
            }
            // Not a constant: a kernel that writes one value everywhere must not pass.
            QVERIFY(std::set<float>(v.begin(), v.end()).size() > 100);
        }
    }
    // add gets signed values, so that doubling is not the same as taking an absolute value.
    const auto add = Reference::inputs("add", 33)[0];
    QVERIFY(*std::min_element(add.begin(), add.end()) < 0);
    QVERIFY(*std::max_element(add.begin(), add.end()) > 0);
}

void TestCpuKernels::scanIsExact_data()
{
    QTest::addColumn<int>("threads");
    QTest::newRow("1 thread") << 1;
    QTest::newRow("all threads") << hardwareThreads(); // the same chain, on the calling thread
}

// A small known input and its running sums written out by hand, through every row boundary.
void TestCpuKernels::scanIsExact()
{
    QFETCH(int, threads);
    const std::vector<std::vector<float>> in = {{1, -1, 1, 1, 0, -1, 1, 1, 1}};
    const std::vector<float> expected = {1, 0, 1, 2, 2, 1, 2, 3, 4};
    std::atomic<bool> stop{false};
    auto run = CpuKernels::create("scan", "serial", 3, 3, threads, 0, pointers(in));
    run->reset();
    QVERIFY(run->runOnce(stop) >= 0);
    QCOMPARE(run->output(), expected);
    QVERIFY(Reference::verify("scan", "serial", 3, 3, in, expected).ok);
    // Every GPU variant's output is checked by the same exact comparison (a CPU output stands
    // in for theirs here).
    for (const std::string &v : Workload::find("scan")->gpuVariants) {
        const Reference::Check c = Reference::verify("scan", v, 3, 3, in, expected);
        QVERIFY2(c.ok, c.message.c_str());
        QCOMPARE(c.tolerance, 0.0);
    }
    // The rows variant without its row offsets (each row scanned alone) must fail; the message
    // names the worst element, relative to its sum: (1, 2), 0 instead of 1.
    const std::vector<float> rowsOnly = {1, 0, 1, 1, 1, 0, 1, 2, 3};
    const Reference::Check c = Reference::verify("scan", "rows", 3, 1, in, rowsOnly);
    QVERIFY(!c.ok);
    QVERIFY2(QString::fromStdString(c.message).contains("element (1, 2) is 0, expected 1"),
             c.message.c_str());
    // At a size with millions of elements, the kernel agrees with the exact check too.
    const auto big = Reference::inputs("scan", 2049);
    auto bigRun = CpuKernels::create("scan", "serial", 2049, 1, threads, 0, pointers(big));
    bigRun->reset();
    bigRun->runOnce(stop);
    const Reference::Check b = Reference::verify("scan", "serial", 2049, 1, big, bigRun->output());
    QVERIFY2(b.ok, b.message.c_str());
}

// scan's inputs are integers in {-1, 0, 1} with mean zero whose running sums stay within
// +-2^20 (below 2^24, so exact in fp32 in any order): the check can demand equal bits.
void TestCpuKernels::scanInputsKeepPartialSumsExact()
{
    const int n = 2049;
    const std::vector<float> x = Reference::inputs("scan", n)[0];
    double sum = 0, largest = 0;
    std::map<float, size_t> counts;
    for (float v : x) {
        ++counts[v];
        sum += v;
        largest = std::max(largest, std::fabs(sum));
    }
    QCOMPARE(counts.size(), size_t(3));
    for (const auto &[v, k] : counts) // each value about a third of the time
        QVERIFY2(std::fabs(double(k) / x.size() - 1.0 / 3) < 0.01, qPrintable(QString::number(v)));
    QVERIFY(largest <= double(1 << 20));
    QVERIFY(largest > 10); // a walk, not a sequence that cancels at once
}

void TestCpuKernels::stopThrowsCancelled_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("variant");
    for (const auto &w : Workload::all())
        for (const auto &v : w.cpuVariants)
            QTest::addRow("%s%s%s", w.name.c_str(), v.empty() ? "" : " ", v.c_str())
                << QString::fromStdString(w.name) << QString::fromStdString(v);
}

void TestCpuKernels::stopThrowsCancelled()
{
    QFETCH(QString, workload);
    QFETCH(QString, variant);
    const std::string w = workload.toStdString(), v = variant.toStdString();
    const std::string why = CpuKernels::available(w, v);
    if (!why.empty())
        QSKIP(why.c_str());
    const auto inputs = Reference::inputs(w, 64);
    auto run = CpuKernels::create(w, v, 64, 20, 1, Reference::saxpyAlpha, pointers(inputs));
    run->reset();
    std::atomic<bool> stop{true};
    bool cancelled = false;
    try {
        run->runOnce(stop);
    } catch (const Cancelled &) {
        cancelled = true;
    }
    QVERIFY2(cancelled, "runOnce with the stop flag set must throw Cancelled");
    // The run is still usable after a stop.
    run->reset();
    stop = false;
    QVERIFY(run->runOnce(stop) >= 0);
}

void TestCpuKernels::createRejectsBadArguments_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("iterations");
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("inputs");

    QTest::newRow("unknown workload") << "nope"
                                      << "" << 4 << 1 << 1 << 2;
    QTest::newRow("GPU-only variant") << "gemm"
                                      << "cublas" << 4 << 1 << 1 << 2;
    QTest::newRow("variant on a workload without") << "add"
                                                   << "tiled" << 4 << 1 << 1 << 1;
    QTest::newRow("n = 0") << "add"
                           << "" << 0 << 1 << 1 << 1;
    QTest::newRow("negative n") << "add"
                                << "" << -3 << 1 << 1 << 1;
    QTest::newRow("no iterations") << "add"
                                   << "" << 4 << 0 << 1 << 1;
    QTest::newRow("no threads") << "add"
                                << "" << 4 << 1 << 0 << 1;
    QTest::newRow("saxpy with one input") << "saxpy"
                                          << "" << 4 << 1 << 1 << 1;
    QTest::newRow("gemm with one input") << "gemm"
                                         << "naive" << 4 << 1 << 1 << 1;
}

void TestCpuKernels::createRejectsBadArguments()
{
    QFETCH(QString, workload);
    QFETCH(QString, variant);
    QFETCH(int, n);
    QFETCH(int, iterations);
    QFETCH(int, threads);
    QFETCH(int, inputs);
    const std::vector<float> buffer(16, 1.0f);
    const std::vector<const float *> in(size_t(inputs), buffer.data());
    bool threw = false;
    try {
        CpuKernels::create(workload.toStdString(), variant.toStdString(), n, iterations, threads, 0.5f, in);
    } catch (const std::invalid_argument &e) {
        threw = true;
        QVERIFY(std::string(e.what()).size() > 10);
    }
    QVERIFY(threw);
}

// The kernels are compiled for several instruction-set levels and the loader picks one. The
// pick must follow the CPU's features: clones named after processors ("arch=haswell") were
// dispatched on the CPU model, so an AMD CPU with AVX2 silently ran the SSE2 baseline.
void TestCpuKernels::vectorClonesMatchTheCpu()
{
    const std::string isa = CpuKernels::instructionSet();
    if (isa.rfind("as compiled", 0) == 0)
        QSKIP("this build has no run-time dispatch (not GCC on x86-64, or a sanitizer build)");
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
    __builtin_cpu_init();
    const char *expected = __builtin_cpu_supports("x86-64-v4")   ? "x86-64-v4"
                           : __builtin_cpu_supports("x86-64-v3") ? "x86-64-v3"
                                                                 : "x86-64 (SSE2)";
    QVERIFY2(isa.rfind(expected, 0) == 0, ("runs " + isa + ", the CPU supports " + expected).c_str());
#endif
}

QTEST_APPLESS_MAIN(TestCpuKernels)
#include "tst_cpukernels.moc"
