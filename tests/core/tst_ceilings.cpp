// SPDX-License-Identifier: MIT
// Which ceiling a point is held against: the cache level its working set fits in (private
// caches once per thread), registers for fused GPU kernels, the FMA peak for gemm; per-thread
// ceilings; the reason next to a point above 100 %; and the roofs of the roofline.

#include "core/kernels/cpupeaks.h"
#include "core/measure/calibration.h"
#include "core/model/workload.h"

#include <QtTest>

#include <atomic>

using namespace speeduplab;

namespace {

// A machine with 48 KiB L1d and 1 MiB L2 per core, a 32 MiB L3, one GPU with a 50 MiB L2,
// and every ceiling calibrated at 1 and 4 threads (plain keys: 4 threads).
MachineInfo machine()
{
    MachineInfo m;
    m.caches = {{"L1d", "48K"}, {"L1i", "32K"}, {"L2", "1024K"}, {"L3", "32M"}};
    MachineInfo::Gpu g;
    g.index = 0;
    g.l2Bytes = 50.0 * (1 << 20);
    m.gpus.push_back(g);
    const std::pair<const char *, double> perThread[] = {{Calibration::cpuL1, 500e9},
                                                         {Calibration::cpuL2, 200e9},
                                                         {Calibration::cpuL3, 60e9},
                                                         {Calibration::cpuTriad, 20e9},
                                                         {Calibration::cpuFma, 100e9}};
    for (const auto &[key, one] : perThread) {
        m.ceilings[Calibration::atThreads(key, 1)] = one;
        m.ceilings[Calibration::atThreads(key, 4)] = 4 * one;
        m.ceilings[key] = 4 * one;
    }
    m.ceilings[Calibration::cpuGemm] = 300e9;
    m.ceilings[Calibration::gpuL2] = 10e12;
    m.ceilings[Calibration::gpuCopy] = 4e12;
    m.ceilings[Calibration::gpuFma] = 60e12;
    m.ceilings[Calibration::gpuCublas] = 50e12;
    m.ceilings[Calibration::gpuCublasTf32] = 400e12;
    m.ceilings[Calibration::gpuCublasFp16] = 700e12;
    m.ceilings[Calibration::gpuCublasBf16] = 690e12;
    return m;
}

Measurement point(const std::string &workload, const std::string &backend, int threads,
                  const std::string &mode, int n, double seconds, const std::string &variant = "")
{
    const Workload *w = Workload::find(workload);
    Measurement m;
    m.workload = workload;
    m.backend = backend;
    m.variant = variant;
    m.threads = threads;
    m.mode = mode;
    m.device = backend == "gpu" ? 0 : -1;
    m.n = n;
    m.elements = Workload::elements(n);
    m.iterations = 10;
    m.bytes = w->bytes(n, m.iterations);
    m.flops = w->flops(n, m.iterations);
    m.stats.median = seconds;
    m.stats.reps = 5;
    return m;
}

} // namespace

class TestCeilings : public QObject {
    Q_OBJECT

private slots:
    void cacheSizes();
    void level_data();
    void level();
    void missingLevelFallsThrough();
    void perThreadValues();
    void fractionUsesTheLevelsUnit();
    void aboveHundredHasAReason();
    void roofs();
    void peaksMeasured();
    void eachMixHasItsCeiling();
    void measuredReachBoundsTheL3();
    void mixKernelsMeasured();
    void ceilingsSayWhereMeasured();
};

void TestCeilings::cacheSizes()
{
    const MachineInfo m = machine();
    QCOMPARE(m.cacheBytes("L1d"), 48.0 * 1024);
    QCOMPARE(m.cacheBytes("L3"), 32.0 * 1024 * 1024);
    QCOMPARE(m.cacheBytes("L4"), 0.0);
    MachineInfo odd;
    odd.caches = {{"L2", "junk"}, {"L3", "2G"}, {"L1d", "32768"}};
    QCOMPARE(odd.cacheBytes("L2"), 0.0);
    QCOMPARE(odd.cacheBytes("L3"), 2.0 * 1024 * 1024 * 1024);
    QCOMPARE(odd.cacheBytes("L1d"), 32768.0);
    odd.caches = {{"L2", "infK"}, {"L3", "nan"}};
    QCOMPARE(odd.cacheBytes("L2"), 0.0);
    QCOMPARE(odd.cacheBytes("L3"), 0.0);
    // This machine's caches are known, from sysfs or CPUID.
    MachineInfo here;
    here.caches = MachineInfo::probeCaches();
    QVERIFY2(here.cacheBytes("L1d") > 0 && here.cacheBytes("L2") > 0, "no L1d/L2 size detected");
}

void TestCeilings::level_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("backend");
    QTest::addColumn<int>("threads");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("n");
    QTest::addColumn<QString>("level");
    QTest::addColumn<double>("value");

    // add touches 4 n^2 bytes: 110^2 * 4 = 48400 <= 48 KiB < 111^2 * 4.
    QTest::newRow("add in L1") << "add"
                               << "cpu" << 1 << ""
                               << "" << 110 << "L1" << 500e9;
    QTest::newRow("add just past L1") << "add"
                                      << "cpu" << 1 << ""
                                      << "" << 111 << "L2" << 200e9;
    QTest::newRow("add exactly L2") << "add"
                                    << "cpu" << 1 << ""
                                    << "" << 512 << "L2" << 200e9;
    QTest::newRow("add just past L2") << "add"
                                      << "cpu" << 1 << ""
                                      << "" << 513 << "L3" << 60e9;
    QTest::newRow("add at the L3 size") << "add"
                                        << "cpu" << 1 << ""
                                        << "" << 2896 << "L3" << 60e9;
    QTest::newRow("add past L3") << "add"
                                 << "cpu" << 1 << ""
                                 << "" << 2897 << "DRAM" << 20e9;
    // Four threads hold four private L2s: 4 MiB of working set still fits.
    QTest::newRow("add, 4 threads, 4 L2s") << "add"
                                           << "cpu" << 4 << ""
                                           << "" << 1024 << "L2" << 800e9;
    QTest::newRow("add, 4 threads, past them") << "add"
                                               << "cpu" << 4 << ""
                                               << "" << 1025 << "L3" << 240e9;
    // saxpy touches two tensors: 78^2 * 8 = 48672 fits, 79^2 * 8 does not.
    QTest::newRow("saxpy in L1") << "saxpy"
                                 << "cpu" << 1 << ""
                                 << "" << 78 << "L1" << 500e9;
    QTest::newRow("saxpy past L1") << "saxpy"
                                   << "cpu" << 1 << ""
                                   << "" << 79 << "L2" << 200e9;
    // scan reads x and writes its running sums: two tensors, as saxpy.
    QTest::newRow("scan in L1") << "scan"
                                << "cpu" << 1 << ""
                                << "serial" << 78 << "L1" << 500e9;
    QTest::newRow("scan past L1") << "scan"
                                  << "cpu" << 1 << ""
                                  << "serial" << 79 << "L2" << 200e9;
    // spmv holds its matrix beside x and y: 8 values and 8 column indices a row, the row pointer,
    // x and y, 76 bytes a row (not x's 4). 25^2 * 76 = 47500 <= 48 KiB < 26^2 * 76; 117^2 * 76 fits
    // 1 MiB, 118^2 * 76 does not; 664^2 * 76 fits the 32 MiB L3, 665^2 * 76 does not.
    QTest::newRow("spmv in L1") << "spmv"
                                << "cpu" << 1 << ""
                                << "csr" << 25 << "L1" << 500e9;
    QTest::newRow("spmv past L1") << "spmv"
                                  << "cpu" << 1 << ""
                                  << "csr" << 26 << "L2" << 200e9;
    QTest::newRow("spmv past L2") << "spmv"
                                  << "cpu" << 1 << ""
                                  << "csr" << 118 << "L3" << 60e9;
    QTest::newRow("spmv at the L3 size") << "spmv"
                                         << "cpu" << 1 << ""
                                         << "csr" << 664 << "L3" << 60e9;
    // n = 256 is 5 MB (was called 11.5 % of L2), n = 1024 is 80 MB: DRAM, past the 32 MiB L3.
    QTest::newRow("spmv n = 256 in L3") << "spmv"
                                        << "cpu" << 1 << ""
                                        << "csr" << 256 << "L3" << 60e9;
    QTest::newRow("spmv n = 1024 in DRAM") << "spmv"
                                           << "cpu" << 1 << ""
                                           << "csr" << 1024 << "DRAM" << 20e9;
    // The GPU's 50 MiB L2: 830^2 * 76 fits, 831^2 * 76 does not; n = 1024 is served from HBM.
    QTest::newRow("GPU spmv at the L2 size") << "spmv"
                                             << "gpu" << 0 << "launch"
                                             << "cusparse" << 830 << "GPU L2" << 10e12;
    QTest::newRow("GPU spmv past L2") << "spmv"
                                      << "gpu" << 0 << "graph"
                                      << "scalar" << 831 << "HBM" << 4e12;
    QTest::newRow("GPU spmv n = 1024 in HBM") << "spmv"
                                              << "gpu" << 0 << "launch"
                                              << "cusparse" << 1024 << "HBM" << 4e12;
    QTest::newRow("reduce in DRAM") << "reduce"
                                    << "cpu" << 1 << ""
                                    << "" << 8192 << "DRAM" << 20e9;
    QTest::newRow("CPU gemm: FMA peak") << "gemm"
                                        << "cpu" << 4 << ""
                                        << "blas" << 2048 << "FMA peak" << 400e9;
    QTest::newRow("GPU add in L2") << "add"
                                   << "gpu" << 0 << "launch"
                                   << "" << 1024 << "GPU L2" << 10e12;
    // 50 MiB of L2: 3620^2 * 4 = 52.4e6 <= 52428800 < 3621^2 * 4.
    QTest::newRow("GPU add at the L2 size") << "add"
                                            << "gpu" << 0 << "graph"
                                            << "" << 3620 << "GPU L2" << 10e12;
    QTest::newRow("GPU add past L2") << "add"
                                     << "gpu" << 0 << "launch"
                                     << "" << 3621 << "HBM" << 4e12;
    // 2560^2 * 8 = 52428800: x and y of a scan fill the 50 MiB exactly.
    QTest::newRow("GPU scan at the L2 size") << "scan"
                                             << "gpu" << 0 << "launch"
                                             << "cub" << 2560 << "GPU L2" << 10e12;
    QTest::newRow("GPU scan past L2") << "scan"
                                      << "gpu" << 0 << "graph"
                                      << "cub" << 2561 << "HBM" << 4e12;
    QTest::newRow("GPU fused: registers") << "add"
                                          << "gpu" << 0 << "fused"
                                          << "" << 4000 << "registers" << 60e12;
    QTest::newRow("GPU cuBLAS: FMA peak") << "gemm"
                                          << "gpu" << 0 << "launch"
                                          << "cublas" << 4096 << "FMA peak" << 60e12;
    QTest::newRow("GPU TF32: tensor cores")
        << "gemm"
        << "gpu" << 0 << "launch"
        << "cublas-tf32" << 4096 << "tensor cores (cuBLAS TF32)" << 400e12;
    // Reduced precision: each against its own tensor-core peak, not the fp32 or TF32 one.
    QTest::newRow("GPU FP16: tensor cores")
        << "gemm"
        << "gpu" << 0 << "graph"
        << "cublas-fp16" << 4096 << "tensor cores (cuBLAS FP16)" << 700e12;
    QTest::newRow("GPU BF16: tensor cores")
        << "gemm"
        << "gpu" << 0 << "launch"
        << "cublas-bf16" << 1024 << "tensor cores (cuBLAS BF16)" << 690e12;
    // No bf16 peak is calibrated on the CPU, and the fp32 FMA peak would read up to 200 %.
    QTest::newRow("CPU BF16: no ceiling") << "gemm"
                                          << "cpu" << 4 << ""
                                          << "blas-bf16" << 1024 << "bf16 dot-product peak" << 0.0;
}

void TestCeilings::level()
{
    QFETCH(QString, workload);
    QFETCH(QString, backend);
    QFETCH(int, threads);
    QFETCH(QString, mode);
    QFETCH(QString, variant);
    QFETCH(int, n);
    QFETCH(QString, level);
    QFETCH(double, value);
    const Measurement m = point(workload.toStdString(), backend.toStdString(), threads, mode.toStdString(), n,
                                1e-3, variant.toStdString());
    const Calibration::Level l = Calibration::levelFor(m, machine());
    QCOMPARE(QString::fromStdString(l.name), level);
    QCOMPARE(l.value, value);
    QCOMPARE(l.flops, workload == QLatin1String("gemm") || mode == QLatin1String("fused"));
}

void TestCeilings::missingLevelFallsThrough()
{
    // A working set in L1 on a machine whose L1 was not calibrated: the next level that was.
    MachineInfo m = machine();
    m.ceilings.erase(Calibration::cpuL1);
    m.ceilings.erase(Calibration::atThreads(Calibration::cpuL1, 1));
    m.ceilings.erase(Calibration::atThreads(Calibration::cpuL1, 4));
    const Measurement p = point("add", "cpu", 1, "", 64, 1e-3);
    QCOMPARE(QString::fromStdString(Calibration::levelFor(p, m).name), QStringLiteral("L2"));
    // A file from before cache levels (no cache sizes): DRAM, as it always was.
    m.caches.clear();
    QCOMPARE(QString::fromStdString(Calibration::levelFor(p, m).name), QStringLiteral("DRAM"));
    // No FMA peak: gemm falls back to the BLAS SGEMM ceiling.
    m.ceilings.erase(Calibration::cpuFma);
    m.ceilings.erase(Calibration::atThreads(Calibration::cpuFma, 1));
    m.ceilings.erase(Calibration::atThreads(Calibration::cpuFma, 4));
    const Calibration::Level g = Calibration::levelFor(point("gemm", "cpu", 4, "", 1024, 1e-3, "blas"), m);
    QCOMPARE(QString::fromStdString(g.key), QString::fromLatin1(Calibration::cpuGemm));
    QCOMPARE(g.value, 300e9);
}

void TestCeilings::perThreadValues()
{
    const MachineInfo m = machine();
    QCOMPARE(Calibration::value(m, Calibration::cpuFma, 1), 100e9);
    QCOMPARE(Calibration::value(m, Calibration::cpuFma, 4), 400e9);
    QCOMPARE(Calibration::value(m, Calibration::cpuFma, 2), 200e9); // between 1 and 4, linearly
    QCOMPARE(Calibration::value(m, Calibration::cpuFma, 8), 400e9); // above: the most measured
    QCOMPARE(Calibration::value(m, Calibration::cpuFma), 400e9);    // the plain key
    QCOMPARE(Calibration::value(m, Calibration::gpuCopy, 3), 4e12); // no per-thread entries
    QCOMPARE(Calibration::value(m, "no_such_key", 1), 0.0);
    // Hostile suffixes and values from a file are ignored, never parsed into nonsense.
    MachineInfo odd;
    odd.ceilings = {{"cpu_l1_bytes_per_s@-3", 1e9},
                    {"cpu_l1_bytes_per_s@2x", 2e9},
                    {"cpu_l1_bytes_per_s@99999999999999999999", 3e9},
                    {"cpu_l1_bytes_per_s@4", INFINITY},
                    {"cpu_l1_bytes_per_s", 5e9}};
    QCOMPARE(Calibration::value(odd, Calibration::cpuL1, 4), 5e9);
    odd.ceilings[Calibration::cpuL1] = NAN;
    QCOMPARE(Calibration::value(odd, Calibration::cpuL1, 4), 0.0);
    QCOMPARE(Calibration::atThreads(Calibration::cpuL2, 16), std::string("cpu_l2_bytes_per_s@16"));
    QCOMPARE(QString::fromStdString(MachineInfo::ceilingText("cpu_l2_bytes_per_s@16", 123.4e9)),
             QStringLiteral("123.4 GB/s"));
    // A ceiling a file holds as "inf" or "nan" is no rate: never "inf GB/s".
    for (const double bad : {double(INFINITY), double(NAN), -double(INFINITY)})
        QCOMPARE(QString::fromStdString(MachineInfo::ceilingText("cpu_l2_bytes_per_s", bad)),
                 QStringLiteral("not measured (the value is not a finite number)"));
}

void TestCeilings::fractionUsesTheLevelsUnit()
{
    const MachineInfo m = machine();
    // add in L1 at 250 GB/s: half the 500 GB/s L1 ceiling.
    Measurement add = point("add", "cpu", 1, "", 64, 1e-3);
    add.stats.median = add.bytes / 250e9;
    QVERIFY(qAbs(Calibration::fractionOfCeiling(add, m) - 0.5) < 1e-12);
    // gemm at 300 GFLOP/s on 4 threads: 75 % of the 400 GFLOP/s FMA peak (FLOP/s, not bytes).
    Measurement gemm = point("gemm", "cpu", 4, "", 1024, 1e-3, "blas");
    gemm.stats.median = gemm.flops / 300e9;
    QVERIFY(qAbs(Calibration::fractionOfCeiling(gemm, m) - 0.75) < 1e-12);
    // A fused GPU add at 15 TFLOP/s: a quarter of the FMA peak, never thousands of % of HBM.
    Measurement fused = point("add", "gpu", 0, "fused", 4000, 1e-3);
    fused.stats.median = fused.flops / 15e12;
    QVERIFY(qAbs(Calibration::fractionOfCeiling(fused, m) - 0.25) < 1e-12);
}

void TestCeilings::aboveHundredHasAReason()
{
    const MachineInfo m = machine();
    Measurement below = point("add", "cpu", 1, "", 2000, 1e-3);
    below.stats.median = below.bytes / 30e9; // L3 (60 GB/s): 50 %
    QVERIFY(Calibration::aboveCeilingReason(below, m).empty());
    // Just past L2 (1.03 MiB against 1 MiB): much of it is still served by L2.
    Measurement nearL2 = point("add", "cpu", 1, "", 520, 1e-3);
    nearL2.stats.median = nearL2.bytes / 90e9; // 150 % of L3
    const QString why = QString::fromStdString(Calibration::aboveCeilingReason(nearL2, m));
    QVERIFY2(why.contains(QStringLiteral("L2")) && why.contains(QStringLiteral("L3")), qPrintable(why));
    Measurement fast = point("gemm", "cpu", 1, "", 1024, 1e-3, "blas");
    fast.stats.median = fast.flops / 120e9; // 120 % of the 1-thread FMA peak
    QVERIFY(!Calibration::aboveCeilingReason(fast, m).empty());

    // An OpenCL device on the host's memory (PoCL) at n = 4096: 64 MiB, under twice the 32 MiB
    // L3, so above its copy ceiling because of the host's L3. A device with memory of its own
    // gets the generic reason, never the host's L3.
    MachineInfo shared = m;
    DeviceDescription pocl;
    pocl.index = 0;
    pocl.unifiedMemory = true;
    shared.described = {pocl};
    shared.ceilings[Calibration::deviceKey("opencl", 0, "copy_bytes_per_s")] = 40e9;
    Measurement onPocl = point("add", "opencl", 0, "", 4096, 1e-3);
    onPocl.device = 0;
    onPocl.stats.median = onPocl.bytes / 70e9; // 175 %
    const QString l3 = QString::fromStdString(Calibration::aboveCeilingReason(onPocl, shared));
    QVERIFY2(l3.contains(QStringLiteral("host's L3 (32 MiB)")), qPrintable(l3));
    shared.described[0].unifiedMemory = false;
    const QString own = QString::fromStdString(Calibration::aboveCeilingReason(onPocl, shared));
    QVERIFY2(!own.isEmpty() && !own.contains(QStringLiteral("L3")), qPrintable(own));
}

void TestCeilings::roofs()
{
    const auto r = Calibration::roofs(machine());
    QStringList labels;
    for (const auto &roof : r)
        labels << QString::fromStdString(roof.label);
    QCOMPARE(labels, QStringList({"CPU L1", "CPU L2", "CPU L3", "CPU DRAM", "CPU FMA peak", "GPU L2",
                                  "GPU HBM", "GPU FMA peak"}));
    QCOMPARE(r[3].value, 80e9); // CPU roofs at all threads
    QVERIFY(r[4].compute && !r[3].compute && r[7].gpu && !r[0].gpu);
    QVERIFY(Calibration::roofs(MachineInfo()).empty());
}

void TestCeilings::peaksMeasured()
{
    // The peak kernels run here and give physically sensible figures: one thread's FMA peak
    // is at least a few GFLOP/s, and L1 is faster than DRAM.
    std::atomic<bool> stop = false;
    const double fma = CpuPeaks::fmaFlopsPerS(1, stop);
    QVERIFY2(fma > 4e9, qPrintable(QString::number(fma)));
    MachineInfo here;
    here.caches = MachineInfo::probeCaches();
    const double l1 = CpuPeaks::cacheBytesPerS(1, std::size_t(here.cacheBytes("L1d") / 2), stop);
    const double dram = CpuPeaks::dramTriadBytesPerS({1}, std::size_t(64) << 20, stop).at(0);
    QVERIFY2(l1 > dram, qPrintable(QStringLiteral("L1 %1, DRAM %2").arg(l1).arg(dram)));
    stop = true;
    QVERIFY_THROWS_EXCEPTION(std::exception, CpuPeaks::fmaFlopsPerS(1, stop));
}

void TestCeilings::eachMixHasItsCeiling()
{
    // A cache serves reads and writes at once: reduce (reads only), add (read and written back)
    // and saxpy (two reads, one write) each held against their own mix's ceiling at the level.
    MachineInfo m = machine();
    for (int t : {1, 4}) {
        m.ceilings[Calibration::atThreads(Calibration::cpuLevelKey("l2", Workload::Traffic::Read), t)] =
            100e9 * t;
        m.ceilings[Calibration::atThreads(Calibration::cpuLevelKey("l2", Workload::Traffic::ReadWrite), t)] =
            300e9 * t;
        m.ceilings[Calibration::atThreads(Calibration::cpuLevelKey("dram", Workload::Traffic::ReadWrite),
                                          t)] = 30e9 * t;
    }
    QCOMPARE(Calibration::cpuLevelKey("l3", Workload::Traffic::TwoReadsOne), std::string(Calibration::cpuL3));
    QCOMPARE(Calibration::cpuLevelKey("dram", Workload::Traffic::TwoReadsOne),
             std::string(Calibration::cpuDram));
    const auto at = [&](const char *workload, int n, int threads) {
        return Calibration::levelFor(point(workload, "cpu", threads, "", n, 1e-3), m);
    };
    // 256 KiB: in L2.
    QCOMPARE(at("reduce", 256, 1).key, std::string("cpu_l2_read_bytes_per_s"));
    QCOMPARE(at("reduce", 256, 1).value, 100e9);
    QCOMPARE(at("add", 256, 4).key, std::string("cpu_l2_rw_bytes_per_s"));
    QCOMPARE(at("add", 256, 4).value, 1200e9);
    QCOMPARE(at("scan", 256, 1).value, 300e9); // x read, its running sums written: 1:1
    // saxpy's mix is the update the plain keys hold (as files before the mixes did).
    QCOMPARE(at("saxpy", 256, 1).key, std::string(Calibration::cpuL2));
    QCOMPARE(at("saxpy", 256, 1).value, 200e9);
    // A level without the mix measured (an older file): the update's; DRAM: the triad's.
    QCOMPARE(at("reduce", 64, 1).key, std::string(Calibration::cpuL1));
    QCOMPARE(at("add", 4096, 1).value, 30e9);
    QCOMPARE(at("reduce", 4096, 1).key, std::string(Calibration::cpuTriad));
    QCOMPARE(at("reduce", 4096, 1).name, std::string("DRAM"));
    // A cold point, one operation a repetition, is DRAM's for its mix too.
    Measurement cold = point("add", "cpu", 1, "", 64, 1e-3);
    cold.conditions.cache = "cold";
    cold.iterations = 1;
    QCOMPARE(Calibration::levelFor(cold, m).key, std::string("cpu_dram_rw_bytes_per_s"));
}

void TestCeilings::measuredReachBoundsTheL3()
{
    // The topology says 32 MiB of L3; the calibration measured it faster than DRAM only up to
    // 8 MiB on one thread (a virtual machine reports its host's L3) and 24 MiB on four.
    MachineInfo m = machine();
    m.ceilings[Calibration::atThreads(Calibration::cpuReachKey("l3"), 1)] = 8.0 * (1 << 20);
    m.ceilings[Calibration::atThreads(Calibration::cpuReachKey("l3"), 4)] = 24.0 * (1 << 20);
    const auto at = [&](int n, int threads) {
        return Calibration::levelFor(point("add", "cpu", threads, "", n, 1e-3), m).name;
    };
    QCOMPARE(at(1400, 1), std::string("L3"));   // 7.5 MiB
    QCOMPARE(at(1500, 1), std::string("DRAM")); // 8.6 MiB: past the reach, in the topology's L3
    QCOMPARE(at(2400, 4), std::string("L3"));   // 22 MiB
    QCOMPARE(at(2600, 4), std::string("DRAM"));
    // Past the reach, the reason for a point above DRAM's ceiling names the reach, not 32 MiB.
    const Measurement fast = point("add", "cpu", 1, "", 1500, 1e-9);
    QVERIFY(Calibration::fractionOfCeiling(fast, m) > 1);
    const std::string why = Calibration::aboveCeilingReason(fast, m);
    QVERIFY2(why.find("L3 (8 MiB)") != std::string::npos, why.c_str());
}

void TestCeilings::mixKernelsMeasured()
{
    // The three mixes run here over one allocation, in the order asked, and a reads-only sweep
    // of L1 and one written back both beat the same kernels far beyond the last cache.
    std::atomic<bool> stop = false;
    MachineInfo here;
    here.caches = MachineInfo::probeCaches();
    const std::vector<CpuPeaks::Mix> mixes = {CpuPeaks::Mix::Read, CpuPeaks::Mix::ReadWrite,
                                              CpuPeaks::Mix::Update};
    const std::vector<double> l1 =
        CpuPeaks::mixBytesPerS(1, std::size_t(here.cacheBytes("L1d") / 2), mixes, stop);
    const std::vector<double> dram = CpuPeaks::mixBytesPerS(1, std::size_t(256) << 20, mixes, stop);
    QCOMPARE(l1.size(), std::size_t(3));
    for (std::size_t k = 0; k < 3; ++k)
        QVERIFY2(l1[k] > dram[k] && dram[k] > 1e8,
                 qPrintable(QStringLiteral("mix %1: L1 %2, DRAM %3").arg(k).arg(l1[k]).arg(dram[k])));
    stop = true;
    QVERIFY_THROWS_EXCEPTION(std::exception, CpuPeaks::mixBytesPerS(1, 1 << 20, mixes, stop));
}

void TestCeilings::ceilingsSayWhereMeasured()
{
    MachineInfo m;
    m.ceilings = {{"cpu_l3_rw_bytes_per_s@2", 221.8e9},
                  {"cpu_l3_working_set_bytes@2", 16.0 * (1 << 20)},
                  {"cpu_l3_reach_bytes@2", 128.0 * (1 << 20)},
                  {"cpu_l2_bytes_per_s", 300e9},
                  {"cpu_l1_working_set_bytes", 49152}};
    QCOMPARE(MachineInfo::ceilingText("cpu_l3_working_set_bytes@2", 16.0 * (1 << 20)), std::string("16 MiB"));
    QCOMPARE(MachineInfo::ceilingText("cpu_l1_working_set_bytes", 24576), std::string("24 KiB"));
    QCOMPARE(m.measuredAt("cpu_l3_rw_bytes_per_s@2"), std::string(", measured over 16 MiB"));
    QCOMPARE(m.measuredAt("cpu_l2_bytes_per_s"), std::string()); // not recorded: says nothing
    QCOMPARE(m.measuredAt("cpu_l3_working_set_bytes@2"), std::string());
    QCOMPARE(m.measuredAt("cpu_l3_reach_bytes@2"), std::string());
    QCOMPARE(m.measuredAt("gpu_copy_bytes_per_s"), std::string());
    QCOMPARE(m.measuredAt("cpu_"), std::string()); // hostile keys from a file: nothing, no crash
    QCOMPARE(m.measuredAt("cpu_@2"), std::string());
    bool shown = false;
    for (const auto &[k, v] : m.describe())
        shown = shown || (k == "Ceiling cpu_l3_rw_bytes_per_s@2" && v == "221.8 GB/s, measured over 16 MiB");
    QVERIFY(shown);
}

QTEST_APPLESS_MAIN(TestCeilings)
#include "tst_ceilings.moc"
