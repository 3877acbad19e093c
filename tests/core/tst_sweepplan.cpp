// SPDX-License-Identifier: MIT
// SweepPlan: parsing the user's sizes, ranges and thread counts, validating a plan (one sentence
// naming the problem), and expanding it into points.

#include "core/analysis/analysis.h"
#include "core/kernels/cpukernels.h"
#include "core/machine/machineinfo.h"
#include "core/measure/sweeprunner.h"
#include "core/plan/sweepplan.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

using namespace speeduplab;

namespace {

QList<int> toList(const std::vector<int> &v)
{
    return QList<int>(v.begin(), v.end());
}

/// The message of the std::invalid_argument f throws; null when it throws none.
template <typename F> std::optional<QString> invalid(F f)
{
    try {
        f();
    } catch (const std::invalid_argument &e) {
        return QString::fromUtf8(e.what());
    }
    return std::nullopt;
}

SweepPlan validPlan()
{
    SweepPlan p;
    p.workload = "add";
    p.sizes = {4, 40};
    p.threads = {1, 2};
    return p;
}

} // namespace

class TestSweepPlan : public QObject {
    Q_OBJECT

private slots:
    void parseSizes_data();
    void parseSizes();
    void parseRange_data();
    void parseRange();
    void parseThreads_data();
    void parseThreads();
    void powersOfTwo_data();
    void powersOfTwo();
    void validate_data();
    void validate();
    void points_data();
    void points();
    void coarseToFine_data();
    void coarseToFine();
    void firstPassSpansEverySeries_data();
    void firstPassSpansEverySeries();
    void variantsAndIterations();
    void serialVariantOncePerSize();
    void noPointTwice();
    void everyGpuInTurn();
    void oneBoardSweptOnce();
    void seed();
};

void TestSweepPlan::parseSizes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<int>>("sizes"); ///< empty: must throw
    QTest::addColumn<QString>("mentions");

    QTest::newRow("list") << "4,40,400" << QList<int>{4, 40, 400} << "";
    QTest::newRow("one") << "1" << QList<int>{1} << "";
    QTest::newRow("spaces") << " 4 , 40 " << QList<int>{4, 40} << "";
    QTest::newRow("order kept") << "400,4" << QList<int>{400, 4} << "";
    QTest::newRow("not a number") << "4,abc" << QList<int>{} << "\"abc\" is not a whole number";
    QTest::newRow("decimal") << "4.5" << QList<int>{} << "\"4.5\" is not a whole number";
    QTest::newRow("trailing junk") << "40x" << QList<int>{} << "40x";
    QTest::newRow("zero") << "0" << QList<int>{} << "size 0 must be positive";
    QTest::newRow("negative") << "4,-40" << QList<int>{} << "size -40 must be positive";
    QTest::newRow("empty") << "" << QList<int>{} << "no sizes";
    QTest::newRow("empty entry") << "4,,40" << QList<int>{} << "empty size";
    QTest::newRow("trailing comma") << "4," << QList<int>{} << "empty size";
    QTest::newRow("overflow") << "99999999999999999999" << QList<int>{} << "out of range";
}

void TestSweepPlan::parseSizes()
{
    QFETCH(QString, text);
    QFETCH(QList<int>, sizes);
    QFETCH(QString, mentions);
    if (!sizes.isEmpty()) {
        QCOMPARE(toList(SweepPlan::parseSizes(text.toStdString())), sizes);
        return;
    }
    const auto msg = invalid([&] { SweepPlan::parseSizes(text.toStdString()); });
    QVERIFY2(msg, "no std::invalid_argument");
    QVERIFY2(msg->contains(mentions), qPrintable(*msg));
}

void TestSweepPlan::parseRange_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<int>>("sizes"); ///< empty: must throw; one element -1: check the shape only
    QTest::addColumn<QString>("mentions");

    QTest::newRow("decades") << "1:1000:1" << QList<int>{1, 10, 100, 1000} << "";
    QTest::newRow("two per decade") << "1:100:2" << QList<int>{1, 3, 10, 32, 100} << "";
    // The seed's range: 10^(0.602 + k/4), rounded, ending exactly on 4000.
    QTest::newRow("seed, default 4 per decade")
        << "4:4000" << QList<int>{4, 7, 13, 22, 40, 71, 126, 225, 400, 711, 1265, 2249, 4000} << "";
    // The last step is short: the maximum is still included, once.
    QTest::newRow("ragged end") << "10:500:1" << QList<int>{10, 100, 500} << "";
    QTest::newRow("a single size") << "64:64" << QList<int>{64} << "";
    // Rounding makes neighbours equal at small n: they appear once.
    QTest::newRow("dense at small n") << "1:4:20" << QList<int>{1, 2, 3, 4} << "";
    QTest::newRow("min above max") << "100:10" << QList<int>{} << "minimum above its maximum";
    QTest::newRow("zero") << "0:10" << QList<int>{} << "positive";
    QTest::newRow("no maximum") << "4" << QList<int>{} << "MIN:MAX";
    QTest::newRow("too many parts") << "1:2:3:4" << QList<int>{} << "MIN:MAX";
    QTest::newRow("zero steps") << "4:40:0" << QList<int>{} << "steps per decade";
    QTest::newRow("too many steps") << "4:40:1000" << QList<int>{} << "steps per decade";
    QTest::newRow("not a number") << "4:abc" << QList<int>{} << "\"abc\" is not a whole number";
    QTest::newRow("empty steps") << "4:40:" << QList<int>{} << "empty steps";
}

void TestSweepPlan::parseRange()
{
    QFETCH(QString, text);
    QFETCH(QList<int>, sizes);
    QFETCH(QString, mentions);
    if (sizes.isEmpty()) {
        const auto msg = invalid([&] { SweepPlan::parseRange(text.toStdString()); });
        QVERIFY2(msg, "no std::invalid_argument");
        QVERIFY2(msg->contains(mentions), qPrintable(*msg));
        return;
    }
    const QList<int> got = toList(SweepPlan::parseRange(text.toStdString()));
    QCOMPARE(got, sizes);
    for (int i = 1; i < got.size(); ++i)
        QVERIFY(got[i] > got[i - 1]);
}

void TestSweepPlan::parseThreads_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("hardware");
    QTest::addColumn<QList<int>>("threads"); ///< empty: must throw
    QTest::addColumn<QString>("mentions");

    QTest::newRow("all") << "all" << 4 << QList<int>{1, 2, 3, 4} << "";
    QTest::newRow("all, spaced") << " all " << 2 << QList<int>{1, 2} << "";
    QTest::newRow("all on one core") << "all" << 1 << QList<int>{1} << "";
    QTest::newRow("list") << "1,2,4" << 8 << QList<int>{1, 2, 4} << "";
    QTest::newRow("sorted, duplicates dropped") << "4,1,2,2" << 8 << QList<int>{1, 2, 4} << "";
    QTest::newRow("exactly the hardware") << "8" << 8 << QList<int>{8} << "";
    QTest::newRow("above the hardware")
        << "1,9" << 8 << QList<int>{} << "thread count 9 is above this machine's 8";
    QTest::newRow("zero") << "0" << 8 << QList<int>{} << "must be positive";
    QTest::newRow("negative") << "-2" << 8 << QList<int>{} << "must be positive";
    QTest::newRow("not a number") << "two" << 8 << QList<int>{} << "\"two\" is not a whole number";
    QTest::newRow("ALL is not all") << "ALL" << 8 << QList<int>{} << "ALL";
}

void TestSweepPlan::parseThreads()
{
    QFETCH(QString, text);
    QFETCH(int, hardware);
    QFETCH(QList<int>, threads);
    QFETCH(QString, mentions);
    if (!threads.isEmpty()) {
        QCOMPARE(toList(SweepPlan::parseThreads(text.toStdString(), hardware)), threads);
        return;
    }
    const auto msg = invalid([&] { SweepPlan::parseThreads(text.toStdString(), hardware); });
    QVERIFY2(msg, "no std::invalid_argument");
    QVERIFY2(msg->contains(mentions), qPrintable(*msg));
}

void TestSweepPlan::powersOfTwo_data()
{
    QTest::addColumn<int>("hardware");
    QTest::addColumn<QList<int>>("threads");
    QTest::newRow("1") << 1 << QList<int>{1};
    QTest::newRow("2") << 2 << QList<int>{1, 2};
    QTest::newRow("6") << 6 << QList<int>{1, 2, 4, 6};
    QTest::newRow("8") << 8 << QList<int>{1, 2, 4, 8};
    QTest::newRow("0 (unknown)") << 0 << QList<int>{1};
}

void TestSweepPlan::powersOfTwo()
{
    QFETCH(int, hardware);
    QFETCH(QList<int>, threads);
    QCOMPARE(toList(SweepPlan::powersOfTwo(hardware)), threads);
}

void TestSweepPlan::validate_data()
{
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QString>("mentions"); ///< empty: valid

    QTest::newRow("valid") << ""
                           << "";
    QTest::newRow("valid, GPU only, no threads") << "gpuOnly"
                                                 << "";
    QTest::newRow("valid gemm variant") << "gemmTiled"
                                        << "";
    QTest::newRow("valid GPU variant") << "gemmCublas"
                                       << "";
    QTest::newRow("unknown workload") << "workload=nope"
                                      << "unknown workload \"nope\"";
    QTest::newRow("unknown variant") << "variant=fast"
                                     << "no variant \"fast\"";
    QTest::newRow("variant of another workload") << "variant=tiled"
                                                 << "no variant \"tiled\"";
    QTest::newRow("unknown mode") << "mode=turbo"
                                  << "no GPU mode \"turbo\"";
    QTest::newRow("mode the workload lacks") << "reduceFused"
                                             << "no GPU mode \"fused\"";
    QTest::newRow("n = 0") << "n=0"
                           << "n = 0 must be positive";
    QTest::newRow("n < 0") << "n=-4"
                           << "n = -4 must be positive";
    QTest::newRow("n too large") << "n=70000"
                                 << "n = 70000 is larger than 65536, the largest size allowed";
    QTest::newRow("no sizes") << "noSizes"
                              << "no tensor sizes";
    QTest::newRow("threads above hardware") << "threads=9"
                                            << "above this machine's 8 hardware threads";
    QTest::newRow("zero threads") << "threads=0"
                                  << "must be positive";
    QTest::newRow("CPU only without threads") << "cpuNoThreads"
                                              << "no CPU thread counts";
    QTest::newRow("neither backend") << "neither"
                                     << "neither the CPU nor the GPU";
    QTest::newRow("negative iterations") << "iterations=-1"
                                         << "iterations";
    QTest::newRow("negative minimum time") << "minTime=-1"
                                           << "minimum time";
    QTest::newRow("NaN minimum time") << "minTime=nan"
                                      << "minimum time";
    QTest::newRow("no repetitions") << "maxReps=0"
                                    << "repetitions";
    QTest::newRow("negative budget") << "budget=-1"
                                     << "budget";
    QTest::newRow("negative device") << "device=-1"
                                     << "GPU index";
}

void TestSweepPlan::validate()
{
    QFETCH(QString, edit);
    QFETCH(QString, mentions);
    SweepPlan p = validPlan();
    const QString value = edit.section('=', 1);
    if (edit.startsWith("workload="))
        p.workload = value.toStdString();
    else if (edit.startsWith("variant="))
        p.variants = {value.toStdString()};
    else if (edit.startsWith("mode="))
        p.modes = {value.toStdString()};
    else if (edit.startsWith("n="))
        p.sizes = {4, value.toInt()};
    else if (edit.startsWith("threads="))
        p.threads = {1, value.toInt()};
    else if (edit.startsWith("iterations="))
        p.iterations = value.toInt();
    else if (edit.startsWith("minTime="))
        p.minTime = value == "nan" ? NAN : value.toDouble();
    else if (edit.startsWith("maxReps="))
        p.maxReps = value.toInt();
    else if (edit.startsWith("budget="))
        p.budget = value.toDouble();
    else if (edit.startsWith("device="))
        p.device = value.toInt();
    else if (edit == "gpuOnly") {
        p.cpu = false;
        p.threads.clear();
    } else if (edit == "gemmTiled") {
        p.workload = "gemm";
        p.variants = {"tiled", "naive"};
    } else if (edit == "gemmCublas") {
        p.workload = "gemm";
        p.variants = {"cublas-tf32"};
    } else if (edit == "reduceFused") {
        p.workload = "reduce";
        p.modes = {"launch", "fused"};
    } else if (edit == "noSizes")
        p.sizes.clear();
    else if (edit == "cpuNoThreads") {
        p.gpu = false;
        p.threads.clear();
    } else if (edit == "neither") {
        p.cpu = p.gpu = false;
    } else
        QVERIFY2(edit.isEmpty(), qPrintable("unknown edit " + edit));

    const auto msg = invalid([&] { p.validate(8); });
    if (mentions.isEmpty()) {
        QVERIFY2(!msg, qPrintable(msg.value_or(QString())));
        return;
    }
    QVERIFY2(msg, "no std::invalid_argument");
    QVERIFY2(msg->contains(mentions), qPrintable(*msg));
    QVERIFY(!msg->contains('\n')); // one sentence
}

void TestSweepPlan::points_data()
{
    QTest::addColumn<bool>("cpu");
    QTest::addColumn<bool>("gpu");
    QTest::addColumn<QStringList>("modes");
    QTest::addColumn<int>("perN");

    QTest::newRow("CPU and GPU, every mode") << true << true << QStringList{} << 2 + 3;
    QTest::newRow("CPU and GPU, one mode") << true << true << QStringList{"graph"} << 2 + 1;
    QTest::newRow("CPU only") << true << false << QStringList{} << 2;
    QTest::newRow("GPU only") << false << true << QStringList{} << 3;
}

void TestSweepPlan::points()
{
    QFETCH(bool, cpu);
    QFETCH(bool, gpu);
    QFETCH(QStringList, modes);
    QFETCH(int, perN);
    SweepPlan p = validPlan();
    p.sizes = {400, 4, 40, 4}; // unsorted, with a duplicate
    p.cpu = cpu;
    p.gpu = gpu;
    for (const QString &m : modes)
        p.modes.push_back(m.toStdString());
    const auto pts = p.points();
    QCOMPARE(int(pts.size()), 3 * perN);
    // Grouped by n, coarse to fine (the ends first, then the gap), so that every curve grows
    // together; the CPU first at each n.
    for (size_t i = 0; i < pts.size(); ++i) {
        QCOMPARE(pts[i].n, (QList<int>{4, 400, 40})[int(i) / perN]);
        const PlanPoint &pt = pts[i];
        if (pt.backend == "cpu") {
            QVERIFY(pt.threads == 1 || pt.threads == 2);
            QVERIFY(pt.mode.empty());
            QVERIFY(i % perN < 2);
        } else {
            QCOMPARE(pt.backend, std::string("gpu"));
            QCOMPARE(pt.threads, 0);
            QVERIFY(!pt.mode.empty());
            if (!modes.isEmpty())
                QCOMPARE(QString::fromStdString(pt.mode), modes[0]);
        }
    }
}

void TestSweepPlan::coarseToFine_data()
{
    QTest::addColumn<QList<int>>("sizes");
    QTest::addColumn<QList<int>>("order");
    QTest::addColumn<int>("firstPass"); ///< how many of order make the first pass

    QTest::newRow("one size") << QList<int>{64} << QList<int>{64} << 1;
    QTest::newRow("two sizes") << QList<int>{40, 4} << QList<int>{4, 40} << 2;
    QTest::newRow("three") << QList<int>{1, 2, 3} << QList<int>{1, 3, 2} << 2;
    // An even count: every other size misses the largest, which the first pass adds.
    QTest::newRow("four") << QList<int>{1, 2, 3, 4} << QList<int>{1, 4, 3, 2} << 3;
    QTest::newRow("duplicates, unsorted")
        << QList<int>{5, 1, 3, 1, 5, 2, 4} << QList<int>{1, 5, 3, 2, 4} << 3;
    // The seed's 13 sizes (indices 0..12): 0 12 6 2 8 4 10, then 1 11 5 3 7 9.
    QTest::newRow("seed") << QList<int>{4, 7, 13, 22, 40, 71, 126, 225, 400, 711, 1265, 2249, 4000}
                          << QList<int>{4, 4000, 126, 13, 400, 40, 1265, 7, 2249, 71, 22, 225, 711} << 7;
}

void TestSweepPlan::coarseToFine()
{
    QFETCH(QList<int>, sizes);
    QFETCH(QList<int>, order);
    QFETCH(int, firstPass);
    SweepPlan p = validPlan();
    p.sizes.assign(sizes.begin(), sizes.end());
    QCOMPARE(toList(p.sizeOrder()), order);
    QCOMPARE(SweepPlan::firstPassSizes(int(order.size())), firstPass);
    // The first pass holds the smallest and the largest size.
    const QList<int> first = order.first(firstPass);
    QVERIFY(first.contains(*std::min_element(order.begin(), order.end())));
    QVERIFY(first.contains(*std::max_element(order.begin(), order.end())));
    // Between two neighbouring first-pass sizes lies at most one size of the second pass.
    QList<int> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (qsizetype i = 0; i + 1 < sorted.size(); ++i)
        QVERIFY2(
            first.contains(sorted[i]) || first.contains(sorted[i + 1]),
            qPrintable(QString("%1 and %2 both wait for the second pass").arg(sorted[i]).arg(sorted[i + 1])));
}

void TestSweepPlan::firstPassSpansEverySeries_data()
{
    QTest::addColumn<QList<int>>("sizes");
    QTest::addColumn<bool>("gpu");

    const QList<int> seed{4, 7, 13, 22, 40, 71, 126, 225, 400, 711, 1265, 2249, 4000};
    QTest::newRow("seed sizes, CPU and GPU") << seed << true;
    QTest::newRow("seed sizes, CPU only") << seed << false;
    QTest::newRow("even count") << QList<int>{4, 8, 16, 32, 64, 128} << true;
    QTest::newRow("one size") << QList<int>{100} << true;
    QTest::newRow("two sizes") << QList<int>{100, 10} << true;
}

void TestSweepPlan::firstPassSpansEverySeries()
{
    QFETCH(QList<int>, sizes);
    QFETCH(bool, gpu);
    SweepPlan p;
    p.workload = "add";
    p.sizes.assign(sizes.begin(), sizes.end());
    p.threads = {1, 2, 4};
    p.gpu = gpu; // every mode the workload offers
    const auto pts = p.points();
    QCOMPARE(p.points(), pts); // deterministic
    const int lo = *std::min_element(sizes.begin(), sizes.end());
    const int hi = *std::max_element(sizes.begin(), sizes.end());
    auto key = [](const PlanPoint &pt) {
        return pt.backend + "|" + pt.variant + "|" + std::to_string(pt.threads) + "|" + pt.mode;
    };

    // The full order covers every (series, n) exactly once.
    std::map<std::string, std::vector<int>> all;
    for (const PlanPoint &pt : pts)
        all[key(pt)].push_back(pt.n);
    const std::size_t series = std::size_t(p.threads.size()) + (gpu ? 3 : 0); // add: launch, graph, fused
    QCOMPARE(all.size(), series);
    const std::vector<int> distinct = p.sizeOrder();
    std::vector<int> expected = distinct;
    std::sort(expected.begin(), expected.end());
    for (auto &[k, ns] : all) {
        std::sort(ns.begin(), ns.end());
        QVERIFY2(ns == expected, k.c_str());
    }

    // After the first pass every series has its smallest and largest size, and the same sizes
    // as every other series: they advance together.
    const std::size_t firstPass = p.firstPassPoints();
    QCOMPARE(firstPass, series * std::size_t(SweepPlan::firstPassSizes(int(distinct.size()))));
    QVERIFY(firstPass <= pts.size());
    std::map<std::string, std::set<int>> early;
    for (std::size_t i = 0; i < firstPass; ++i)
        early[key(pts[i])].insert(pts[i].n);
    QCOMPARE(early.size(), series);
    for (const auto &[k, ns] : early) {
        QVERIFY2(ns.count(lo) && ns.count(hi), k.c_str());
        QVERIFY2(ns == early.begin()->second, k.c_str());
    }
    // With one or two sizes the first pass is the whole sweep.
    if (distinct.size() <= 2)
        QCOMPARE(firstPass, pts.size());
}

void TestSweepPlan::variantsAndIterations()
{
    SweepPlan p;
    p.workload = "gemm";
    // Nothing asked for: the fastest variant this build has on each side.
    const std::string cpuDefault = CpuKernels::haveBlas() ? "blas" : "tiled";
    QCOMPARE(p.cpuVariants(), std::vector<std::string>{cpuDefault});
    QCOMPARE(p.gpuVariants(), std::vector<std::string>{"cublas"});
    // Variants go to the side(s) that have them: naive and tiled exist on both.
    p.variants = {"naive", "cublas-tf32", "tiled"};
    QCOMPARE(p.cpuVariants(), (std::vector<std::string>{"naive", "tiled"}));
    QCOMPARE(p.gpuVariants(), (std::vector<std::string>{"naive", "cublas-tf32", "tiled"}));
    // A variant named twice (verify names naive and tiled once for each side) is measured once
    // a side: merge() would pool two copies of a point as two rounds.
    p.variants = {"naive", "tiled", "blas", "naive", "tiled", "cublas", "naive"};
    QCOMPARE(p.cpuVariants(), (std::vector<std::string>{"naive", "tiled", "blas"}));
    QCOMPARE(p.gpuVariants(), (std::vector<std::string>{"naive", "tiled", "cublas"}));
    // A CPU-only variant leaves the GPU its default, and the other way round.
    p.variants = {"blas"};
    QCOMPARE(p.cpuVariants(), std::vector<std::string>{"blas"});
    QCOMPARE(p.gpuVariants(), std::vector<std::string>{"cublas"});
    p.variants = {"cublas"};
    QCOMPARE(p.cpuVariants(), std::vector<std::string>{cpuDefault});

    SweepPlan t;
    t.workload = "transfer";
    QCOMPARE(t.gpuVariants(), std::vector<std::string>{"pageable"});
    t.pinned = true;
    QCOMPARE(t.gpuVariants(), std::vector<std::string>{"pinned"});
    QCOMPARE(t.cpuVariants(), std::vector<std::string>{"memcpy"});

    SweepPlan a;
    a.workload = "add";
    QCOMPARE(a.effectiveIterations(), 1000);
    a.iterations = 7;
    QCOMPARE(a.effectiveIterations(), 7);
    a.workload = "nope";
    a.iterations = 0;
    QCOMPARE(a.effectiveIterations(), 1);
    QVERIFY(a.cpuVariants().empty());
}

// A board seen through CUDA and NVIDIA's OpenCL (opencl:1 of 3 is cuda:0): --device all sweeps it
// once, through CUDA, unless opencl:1 is named too; "opencl" (that backend's devices) keeps it, and
// without a usable CUDA GPU it is swept through OpenCL.
void TestSweepPlan::oneBoardSweptOnce()
{
    const std::vector<int> alsoCuda{1};
    const std::vector<SweepPlan::Offered> three{{"opencl", 3, alsoCuda}};
    SweepPlan::DeviceChoice c = SweepPlan::parseDeviceNames("all", 1, three);
    QCOMPARE(c.cuda, (std::vector<int>{0}));
    QCOMPARE(c.described, (std::vector<PlanDevice>{{"opencl", 0}, {"opencl", 2}}));
    c = SweepPlan::parseDeviceNames("all,opencl:1", 1, three);
    QCOMPARE(c.cuda, (std::vector<int>{0}));
    QCOMPARE(c.described, (std::vector<PlanDevice>{{"opencl", 0}, {"opencl", 2}, {"opencl", 1}}));
    c = SweepPlan::parseDeviceNames("opencl", 1, three);
    QCOMPARE(c.described, (std::vector<PlanDevice>{{"opencl", 0}, {"opencl", 1}, {"opencl", 2}}));
    c = SweepPlan::parseDeviceNames("all", 0, three);
    QCOMPARE(c.described, (std::vector<PlanDevice>{{"opencl", 0}, {"opencl", 1}, {"opencl", 2}}));

    // Which OpenCL device is which CUDA GPU: the PCI address, however each driver writes it.
    MachineInfo::Gpu h200;
    h200.index = 0;
    h200.name = "NVIDIA H200";
    h200.pciBusId = DeviceDescription::pciKey("00000000:3B:00.0");
    QCOMPARE(h200.pciBusId, std::string("0000:3b:00.0"));
    DeviceDescription pocl, nvidia, other;
    pocl.index = 0;
    pocl.type = "CPU";
    nvidia.index = 1;
    nvidia.type = "GPU";
    nvidia.name = "NVIDIA H200";
    nvidia.pciBusId = "0000:3b:00.0";
    other = nvidia;
    other.index = 2;
    other.pciBusId = "0000:5d:00.0";
    QCOMPARE(MachineInfo::alsoCuda({h200}, {pocl, nvidia, other}), alsoCuda);
    QCOMPARE(DeviceDescription::pciKey("not an address"), std::string());
    QCOMPARE(DeviceDescription::pciKey("0000:3b:00.9"), std::string()); // no function 9

    // `devices` names both on the GPU's line, and the OpenCL line says which CUDA GPU it is.
    MachineInfo m;
    m.gpus = {h200};
    m.described = {pocl, nvidia, other};
    std::map<std::string, std::string> lines;
    for (const auto &[k, v] : m.describe())
        lines[k] = v;
    QVERIFY2(lines["GPU 0"].find("cuda:0 and opencl:1 are this one board") != std::string::npos,
             lines["GPU 0"].c_str());
    QVERIFY2(lines["opencl:1"].rfind("the same board as cuda:0", 0) == 0, lines["opencl:1"].c_str());
    QVERIFY2(lines["opencl:2"].find("cuda:") == std::string::npos, lines["opencl:2"].c_str());
}

// scan's CPU variant is one dependent chain: more threads cannot shorten it, so the plan measures
// it once per n, on 1 thread, whatever thread counts were chosen; the GPU points are unchanged.
// --device all on a machine with three GPUs (a fake device count): at each n every GPU series
// once per device, the devices in order; labels name each device when a result holds several.
void TestSweepPlan::everyGpuInTurn()
{
    QCOMPARE(SweepPlan::parseDevices("all", 3), (std::vector<int>{0, 1, 2}));
    QCOMPARE(SweepPlan::parseDevices("2, 0", 3), (std::vector<int>{2, 0}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SweepPlan::parseDevices("all", 0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SweepPlan::parseDevices("1,1", 3));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SweepPlan::parseDevices("-1", 3));
    // An index past the last GPU is refused before the run, not point by point; with no usable
    // GPU the run itself says why.
    try {
        SweepPlan::parseDevices("0,3", 3);
        QFAIL("GPU 3 of 3 was accepted");
    } catch (const std::invalid_argument &e) {
        QCOMPARE(QString::fromStdString(e.what()),
                 QStringLiteral("there is no GPU 3: this machine has 3 GPUs, 0 to 2"));
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SweepPlan::parseDevices("1", 1));
    QCOMPARE(SweepPlan::parseDevices("1", 0), (std::vector<int>{1}));
    SweepPlan p;
    p.sizes = {4, 40};
    p.threads = {1};
    p.modes = {"launch", "graph"};
    p.devices = {0, 1, 2};
    p.validate(8);
    QCOMPARE(p.gpuDevices(), (std::vector<int>{0, 1, 2}));
    const auto pts = p.points();
    QCOMPARE(int(pts.size()), 2 * (1 + 3 * 2));
    std::vector<int> order;
    for (const PlanPoint &pt : pts)
        if (pt.n == 4 && pt.backend == "gpu")
            order.push_back(pt.device);
        else if (pt.backend == "cpu")
            QCOMPARE(pt.device, -1);
    QCOMPARE(order, (std::vector<int>{0, 0, 1, 1, 2, 2}));
    p.devices = {1, 1};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, p.validate(8));
    p.devices.clear();
    p.device = 1;
    QCOMPARE(p.gpuDevices(), std::vector<int>{1});
    for (const PlanPoint &pt : p.points())
        QVERIFY(pt.backend == "cpu" || pt.device == 1);

    // The runner records each point's device; the series of two devices are told apart by name.
    p.devices = {0, 1};
    p.cpu = false;
    p.minTime = 0.001;
    SweepRunner runner(p);
    std::atomic<bool> stop{false};
    ResultSet r = runner.run({}, stop);
    QCOMPARE(int(r.rows.size()), 2 * 2 * 2);
    std::set<int> seen;
    for (Measurement &m : r.rows) {
        seen.insert(m.device);
        m.status = Measurement::Status::Ok; // as if a GPU had measured it (none is usable here)
        m.stats = Stats::of({1e-3, 1e-3});
    }
    QCOMPARE(seen, (std::set<int>{0, 1}));
    r.machine.gpus.resize(2);
    r.machine.gpus[0].index = 0;
    r.machine.gpus[0].name = "NVIDIA H200";
    r.machine.gpus[1].index = 1;
    r.machine.gpus[1].name = "NVIDIA L4";
    std::set<std::string> labels;
    for (const Series &s : Analysis::series(r))
        labels.insert(s.label);
    QCOMPARE(labels, (std::set<std::string>{"GPU0 (NVIDIA H200) launch", "GPU0 (NVIDIA H200) graph",
                                            "GPU1 (NVIDIA L4) launch", "GPU1 (NVIDIA L4) graph"}));
    // One device: the labels stay as they were.
    r.rows.erase(
        std::remove_if(r.rows.begin(), r.rows.end(), [](const Measurement &m) { return m.device == 1; }),
        r.rows.end());
    for (const Series &s : Analysis::series(r))
        QVERIFY2(s.label == "GPU launch" || s.label == "GPU graph", s.label.c_str());
}

// Repeats in any list (variants, thread counts, modes, sizes) give no point twice: the plan's
// points are all different, as a sweep and merge() expect.
void TestSweepPlan::noPointTwice()
{
    SweepPlan p;
    p.workload = "gemm";
    p.sizes = {64, 16, 64};
    p.threads = {1, 2, 1};
    p.modes = {"launch", "graph", "launch"};
    p.variants = {"naive", "tiled", "naive", "cublas", "tiled"};
    p.validate(2);
    const auto pts = p.points();
    std::set<std::tuple<std::string, std::string, int, std::string, int, int>> seen;
    for (const PlanPoint &pt : pts)
        QVERIFY2(seen.insert({pt.backend, pt.variant, pt.threads, pt.mode, pt.n, pt.device}).second,
                 (pt.backend + " " + pt.variant + " " + std::to_string(pt.threads) + " " + pt.mode +
                  " n = " + std::to_string(pt.n))
                     .c_str());
    // Per n: CPU naive and tiled at 1 and 2 threads; GPU naive, tiled and cublas in 2 modes.
    QCOMPARE(int(pts.size()), 2 * (2 * 2 + 3 * 2));
}

void TestSweepPlan::serialVariantOncePerSize()
{
    SweepPlan p;
    p.workload = "scan";
    p.sizes = {16, 256, 4096};
    p.threads = {2, 4, 8};
    p.variants = {"serial", "rows", "cub"};
    p.validate(8);
    QCOMPARE(p.cpuVariants(), std::vector<std::string>{"serial"});
    QCOMPARE(p.gpuVariants(), (std::vector<std::string>{"rows", "cub"}));
    const auto pts = p.points();
    QCOMPARE(int(pts.size()), 3 * (1 + 2 * 2)); // per n: serial once, 2 GPU variants x 2 modes
    std::map<int, int> cpuPerN;
    for (const PlanPoint &pt : pts)
        if (pt.backend == "cpu") {
            QCOMPARE(pt.variant, std::string("serial"));
            QCOMPARE(pt.threads, 1);
            ++cpuPerN[pt.n];
        }
    QCOMPARE(cpuPerN, (std::map<int, int>{{16, 1}, {256, 1}, {4096, 1}}));
    QCOMPARE(p.firstPassPoints(), std::size_t(5) * 2); // every series at the first pass's 2 sizes
    // No CPU thread counts: still no CPU points.
    p.threads.clear();
    for (const PlanPoint &pt : p.points())
        QCOMPARE(pt.backend, std::string("gpu"));
    // Other workloads keep one series per thread count.
    p.workload = "reduce";
    p.variants.clear();
    p.threads = {2, 4};
    QCOMPARE(int(p.points().size()), 3 * (2 + 2));
}

void TestSweepPlan::seed()
{
    const SweepPlan s = SweepPlan::seed(4);
    QCOMPARE(s.workload, std::string("add"));
    QCOMPARE(s.effectiveIterations(), 1000);
    QCOMPARE(s.sizes.front(), 4);
    QCOMPARE(s.sizes.back(), 4000);
    QCOMPARE(toList(s.threads), (QList<int>{1, 2, 3, 4}));
    QVERIFY(s.cpu && s.gpu);
    QVERIFY(s.modes.empty()); // every mode the workload offers
    const auto msg = invalid([&] { s.validate(4); });
    QVERIFY2(!msg, qPrintable(msg.value_or(QString())));
}

QTEST_APPLESS_MAIN(TestSweepPlan)
#include "tst_sweepplan.moc"
