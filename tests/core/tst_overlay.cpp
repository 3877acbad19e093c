// SPDX-License-Identifier: MIT
// A reference tool's run (bench/compare_torch.py, compare_numpy.py) drawn over ours: its
// series are matched with ours by meaning (PyTorch's "eager" is our "launch", its "torch"
// GEMM our cuBLAS or BLAS), and the time ratios are taken over the sizes both have. The last
// test runs the real NumPy script and loads what it wrote.

#include "core/analysis/overlay.h"
#include "core/results/resultio.h"

#include <QtTest>

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cmath>

using namespace speeduplab;

namespace {

Measurement point(const std::string &workload, const std::string &backend, const std::string &variant,
                  int threads, const std::string &mode, int n, double seconds)
{
    Measurement m;
    m.workload = workload;
    m.backend = backend;
    m.variant = variant;
    m.threads = threads;
    m.mode = mode;
    m.device = backend == "gpu" ? 0 : -1;
    m.n = n;
    m.iterations = 1;
    m.status = Measurement::Status::Ok;
    m.stats.median = m.stats.min = m.stats.max = m.stats.mean = seconds;
    m.stats.reps = 3;
    return m;
}

} // namespace

class TestOverlay : public QObject {
    Q_OBJECT
private slots:
    void referenceSeriesMapOntoOurs_data();
    void referenceSeriesMapOntoOurs();
    void ratiosUseTheSizesBothHave();
    void nameComesFromTheFile();
    void numpyScriptOutputLoadsAndMatches();
};

void TestOverlay::referenceSeriesMapOntoOurs_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("backend");
    QTest::addColumn<QString>("theirVariant");
    QTest::addColumn<QString>("theirMode");
    QTest::addColumn<QString>("ourVariant");
    QTest::addColumn<QString>("ourMode");
    QTest::newRow("add cpu") << "add"
                             << "cpu"
                             << "torch"
                             << ""
                             << ""
                             << "";
    QTest::newRow("add gpu eager") << "add"
                                   << "gpu"
                                   << "torch"
                                   << "eager"
                                   << ""
                                   << "launch";
    QTest::newRow("add gpu graph") << "add"
                                   << "gpu"
                                   << "torch"
                                   << "graph"
                                   << ""
                                   << "graph";
    QTest::newRow("gemm cpu numpy") << "gemm"
                                    << "cpu"
                                    << "numpy"
                                    << ""
                                    << "blas"
                                    << "";
    QTest::newRow("gemm cpu torch") << "gemm"
                                    << "cpu"
                                    << "torch"
                                    << ""
                                    << "blas"
                                    << "";
    QTest::newRow("gemm gpu fp32") << "gemm"
                                   << "gpu"
                                   << "torch"
                                   << "eager"
                                   << "cublas"
                                   << "launch";
    QTest::newRow("gemm gpu tf32") << "gemm"
                                   << "gpu"
                                   << "torch-tf32"
                                   << "eager"
                                   << "cublas-tf32"
                                   << "launch";
    QTest::newRow("gemm gpu fp16") << "gemm"
                                   << "gpu"
                                   << "torch-fp16"
                                   << "graph"
                                   << "cublas-fp16"
                                   << "graph";
    QTest::newRow("gemm gpu bf16") << "gemm"
                                   << "gpu"
                                   << "torch-bf16"
                                   << "eager"
                                   << "cublas-bf16"
                                   << "launch";
    QTest::newRow("transfer cpu") << "transfer"
                                  << "cpu"
                                  << "torch"
                                  << ""
                                  << "memcpy"
                                  << "";
    QTest::newRow("transfer pinned") << "transfer"
                                     << "gpu"
                                     << "pinned"
                                     << "eager"
                                     << "pinned"
                                     << "launch";
}

void TestOverlay::referenceSeriesMapOntoOurs()
{
    QFETCH(QString, workload);
    QFETCH(QString, backend);
    QFETCH(QString, theirVariant);
    QFETCH(QString, theirMode);
    QFETCH(QString, ourVariant);
    QFETCH(QString, ourMode);
    const int threads = backend == "cpu" ? 4 : 0;
    const Measurement theirs = point(workload.toStdString(), backend.toStdString(),
                                     theirVariant.toStdString(), threads, theirMode.toStdString(), 100, 1e-3);
    const Measurement ours = point(workload.toStdString(), backend.toStdString(), ourVariant.toStdString(),
                                   threads, ourMode.toStdString(), 100, 1e-3);
    QCOMPARE(Overlay::asOurs(theirs).seriesKey(), ours.seriesKey());
}

void TestOverlay::ratiosUseTheSizesBothHave()
{
    ResultSet ours, ref;
    ours.rows = {point("add", "cpu", "", 2, "", 10, 2e-6), point("add", "cpu", "", 2, "", 100, 4e-6),
                 point("add", "cpu", "", 2, "", 400, 9e-6), point("add", "gpu", "", 0, "launch", 100, 3e-6)};
    ref.rows = {
        point("add", "cpu", "torch", 2, "", 10, 1e-6),       point("add", "cpu", "torch", 2, "", 100, 4e-6),
        point("add", "cpu", "torch", 2, "", 1000, 1e-3),     point("add", "cpu", "torch", 1, "", 10, 1e-6),
        point("add", "gpu", "torch", 0, "graph", 100, 1e-6), point("saxpy", "cpu", "torch", 2, "", 10, 1e-6)};
    const auto curves = Overlay::curves(ref, "add");
    QCOMPARE(curves.size(), std::size_t(3)); // saxpy is another workload
    QCOMPARE(curves[0].series.label, std::string("CPU 2 threads (torch)"));
    QCOMPARE(curves[0].series.points.size(), std::size_t(3));

    const auto ratios = Overlay::ratios(Analysis::series(ours, "add"), curves);
    // Only CPU 2 threads has a counterpart with common sizes: we have no graph curve and no
    // 1-thread curve.
    QCOMPARE(ratios.size(), std::size_t(1));
    QCOMPARE(ratios[0].label, std::string("CPU 2 threads"));
    QCOMPARE(ratios[0].count, 2);
    QCOMPARE(ratios[0].nMin, 10);
    QCOMPARE(ratios[0].nMax, 100);
    QVERIFY(std::fabs(ratios[0].ratio - std::sqrt(2.0 * 1.0)) < 1e-12); // 2x at n=10, 1x at n=100
}

void TestOverlay::nameComesFromTheFile()
{
    ResultSet r;
    QCOMPARE(Overlay::name(r), std::string("reference"));
    r.machine.programVersion = "PyTorch 2.5.1";
    QCOMPARE(Overlay::name(r), std::string("PyTorch 2.5.1"));
}

void TestOverlay::numpyScriptOutputLoadsAndMatches()
{
    // Debian's python3-numpy (scripts/setup.sh) lives in /usr/bin/python3.
    QString python;
    for (const QString &candidate : {QStringLiteral("/usr/bin/python3"), QStringLiteral("python3")}) {
        QProcess probe;
        probe.start(candidate, {QStringLiteral("-c"), QStringLiteral("import numpy")});
        if (probe.waitForFinished(30000) && probe.exitStatus() == QProcess::NormalExit &&
            probe.exitCode() == 0) {
            python = candidate;
            break;
        }
    }
    if (python.isEmpty())
        QSKIP("no python3 with NumPy here (scripts/setup.sh installs python3-numpy)");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString csv = dir.filePath(QStringLiteral("numpy.csv"));
    QProcess p;
    p.start(python, {QStringLiteral(SPEEDUPLAB_SOURCE_DIR "/bench/compare_numpy.py"),
                     QStringLiteral("--workload"), QStringLiteral("gemm"), QStringLiteral("--sizes"),
                     QStringLiteral("8,16"), QStringLiteral("--threads"), QStringLiteral("1"),
                     QStringLiteral("--min-time"), QStringLiteral("0.001"), QStringLiteral("--csv"), csv});
    QVERIFY2(p.waitForFinished(120000), "compare_numpy.py did not finish");
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());

    const ResultSet ref = ResultIO::load(csv.toStdString());
    QVERIFY(Overlay::name(ref).rfind("NumPy ", 0) == 0);
    const auto curves = Overlay::curves(ref, "gemm");
    QCOMPARE(curves.size(), std::size_t(1));
    QCOMPARE(curves[0].series.points.size(), std::size_t(2));
    QVERIFY(curves[0].series.points[0].t > 0);
    QCOMPARE(curves[0].ours.key, point("gemm", "cpu", "blas", 1, "", 8, 1).seriesKey());
}

QTEST_APPLESS_MAIN(TestOverlay)
#include "tst_overlay.moc"
