// SPDX-License-Identifier: MIT
// The Source dock (issue 13): for every series the engine can measure it shows the code that ran,
// taken from the sources embedded at build time, under a heading that names the series.
#include "core/model/workload.h"
#include "fixtures.h"

#include "core/results/resultio.h"
#include "ui/mainwindow.h"
#include "ui/resulttable.h"
#include "ui/resulttablemodel.h"
#include "ui/runstore.h"
#include "ui/sourcesnippets.h"
#include "ui/sourceview.h"

#include <QDockWidget>
#include <QFile>
#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>

using namespace speeduplab;

class TestSourceView : public QObject {
    Q_OBJECT
private slots:
    void showsTheKernelOfEverySeries_data();
    void showsTheKernelOfEverySeries();
    void regionsMatchTheSourceTree_data();
    void regionsMatchTheSourceTree();
    void followsTheSelection();
    void windowHasASourceTab();
};

namespace {

// What each series runs, written out independently of the view's own table.
QString expectedFunction(const Measurement &m)
{
    const std::string &w = m.workload, &v = m.variant;
    if (m.onDevice()) {
        if (w == "add")
            return m.mode == "fused" ? "addFusedKernel" : "addKernel";
        if (w == "saxpy")
            return m.mode == "fused" ? "saxpyFusedKernel" : "saxpyKernel";
        if (w == "reduce")
            return "reduceKernel";
        if (w == "gemm")
            return v == "naive"                               ? "gemmNaiveKernel"
                   : v == "tiled"                             ? "gemmTiledKernel"
                   : v == "cublas-fp16" || v == "cublas-bf16" ? "gemmEx"
                                                              : "sgemm";
        if (w == "transfer")
            return "cudaMemcpyAsync";
        if (w == "scan")
            return v == "rows" ? "scanRowsKernel" : "InclusiveSum";
        if (w == "spmv")
            return v == "scalar" ? "spmvCsrKernel" : "enqueue";
    } else {
        if (w == "add")
            return "addSpan";
        if (w == "saxpy")
            return "saxpySpan";
        if (w == "reduce")
            return "sumSpan";
        if (w == "gemm")
            return v == "naive" ? "naive" : v == "tiled" ? "axpyRow" : v == "blas-bf16" ? "sbgemm" : "sgemm";
        if (w == "transfer")
            return "memcpy";
        if (w == "scan")
            return "scanSpan";
        if (w == "spmv")
            return "spmvRows";
    }
    return {};
}

Measurement series(const Workload &w, const std::string &backend, const std::string &variant,
                   const std::string &mode)
{
    Measurement m;
    m.workload = w.name;
    m.backend = backend;
    m.variant = variant;
    m.mode = mode;
    m.threads = backend == "cpu" ? 4 : 0;
    m.device = backend == "gpu" ? 0 : -1;
    m.n = 1024;
    m.iterations = w.defaultIterations;
    return m;
}

} // namespace

void TestSourceView::showsTheKernelOfEverySeries_data()
{
    QTest::addColumn<Measurement>("m");
    int rows = 0;
    for (const Workload &w : Workload::all()) {
        for (const std::string &v : w.cpuVariants) {
            const Measurement m = series(w, "cpu", v, "");
            QTest::addRow("cpu %s %s", w.name.c_str(), v.c_str()) << m;
            ++rows;
        }
        for (const std::string &v : w.gpuVariants)
            for (const std::string &mode : w.gpuModes) {
                QTest::addRow("gpu %s %s %s", w.name.c_str(), v.c_str(), mode.c_str())
                    << series(w, "gpu", v, mode);
                ++rows;
            }
    }
    QVERIFY(rows >= 20);
}

void TestSourceView::showsTheKernelOfEverySeries()
{
    QFETCH(Measurement, m);
    SourceView view(nullptr);
    view.showSeries(m);
    QVERIFY2(view.missing().isEmpty(), qPrintable(view.missing().join(", ")));
    const QString function = expectedFunction(m);
    QVERIFY(!function.isEmpty());
    QCOMPARE(SourceView::describe(m).function, function);
    const QString code = view.code();
    QVERIFY(!code.trimmed().isEmpty());
    // The definition or the call itself, not just a mention in a comment.
    QVERIFY2(code.contains(function + '('), qPrintable(function + " not in:\n" + code));

    // The heading names the series.
    const QString heading = view.heading();
    QVERIFY2(heading.contains(m.onDevice() ? "GPU" : "CPU"), qPrintable(heading));
    QVERIFY2(heading.contains(QString::fromStdString(m.workload)), qPrintable(heading));
    QVERIFY2(heading.contains(QString::fromStdString(m.variant)), qPrintable(heading));
    QVERIFY2(heading.contains(QString::number(m.iterations)), qPrintable(heading));
    if (m.onDevice())
        QVERIFY2(heading.contains(QString::fromStdString(m.mode) + " mode"), qPrintable(heading));
    else
        QVERIFY2(heading.contains("4 threads"), qPrintable(heading));
    QVERIFY2(view.location().contains(m.onDevice()           ? "cuda/"
                                      : m.workload == "spmv" ? "core/kernels/spmv.cpp"
                                                             : "core/kernels/cpukernels.cpp"),
             qPrintable(view.location()));

    // How the GPU modes issue the work, and the sentence for closed-source libraries.
    if (m.mode == "graph")
        QVERIFY(code.contains("cudaGraphLaunch(") && code.contains("cudaStreamBeginCapture("));
    if (m.mode == "launch")
        QVERIFY(code.contains("enqueueOperation()"));
    if (m.variant == "cublas-tf32")
        QVERIFY(code.contains("CUBLAS_TF32_TENSOR_OP_MATH"));
    if (m.variant.rfind("cublas", 0) == 0)
        QVERIFY2(view.note().contains("cuBLAS") && view.note().contains("closed source"),
                 qPrintable(view.note()));
    if (m.variant == "blas")
        QVERIFY2(view.note().contains("OpenBLAS"), qPrintable(view.note()));
    // Reduced precision: the cublasGemmEx call site and the sentence on tensor cores; sbgemm with
    // the bf16 conversion before it.
    if (m.variant == "cublas-fp16" || m.variant == "cublas-bf16")
        QVERIFY2(code.contains("gemmEx(") && code.contains("CUBLAS_COMPUTE_32F") &&
                     view.note().contains("tensor cores") && view.note().contains("fp32 accumulation"),
                 qPrintable(view.note()));
    if (m.variant == "blas-bf16")
        QVERIFY2(code.contains("sbgemm(") && code.contains("toBf16(") && view.note().contains("OpenBLAS"),
                 qPrintable(view.note()));
    if (!m.onDevice() && m.workload != "gemm" && m.workload != "scan")
        QVERIFY(code.contains("#pragma omp parallel"));
    // scan: the serial chain says why threads cannot help; rows shows all three kernels; CUB's
    // temporary storage is allocated outside the timed region.
    if (m.workload == "scan" && !m.onDevice())
        QVERIFY2(heading.contains("one thread") && !code.contains("#pragma omp"), qPrintable(heading));
    if (m.workload == "scan" && m.variant == "rows")
        QVERIFY(code.contains("scanTotalsKernel(") && code.contains("addRowOffsetsKernel(") &&
                code.contains("launchScanRows("));
    if (m.variant == "cub")
        QVERIFY2(code.contains("scanCub(nullptr") && view.note().contains("CUB"), qPrintable(view.note()));
    // spmv: the gather through the column indices; cuSPARSE's set-up made outside the timed region.
    if (m.workload == "spmv")
        QVERIFY(code.contains("colIdx[i]") || code.contains("col[i]") || code.contains("cusparseSpMV"));
    if (m.variant == "cusparse")
        QVERIFY(code.contains("createCsr(") && code.contains("m_lib.spmv("));
}

void TestSourceView::regionsMatchTheSourceTree_data()
{
    QTest::addColumn<QString>("id");
    QVERIFY2(SourceSnippets::errors().isEmpty(), qPrintable(SourceSnippets::errors().join('\n')));
    QVERIFY(SourceSnippets::all().size() >= 20);
    for (const SourceSnippets::Snippet &s : SourceSnippets::all())
        QTest::newRow(qPrintable(s.id)) << s.id;
}

void TestSourceView::regionsMatchTheSourceTree()
{
    // The embedded copy is the checked-out file: the lines shown are the lines compiled.
    QFETCH(QString, id);
    const SourceSnippets::Snippet s = SourceSnippets::find(id);
    QVERIFY(s.isValid());
    QVERIFY(s.lastLine >= s.firstLine);
    QFile f(QStringLiteral(SPEEDUPLAB_SOURCE_DIR "/") + s.file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split('\n');
    QVERIFY(lines.value(s.firstLine - 2).contains("// source-view: " + id));
    QVERIFY(lines.value(s.lastLine).contains("// source-view: end"));
    const QString first = s.code.section('\n', 0, 0).trimmed();
    QCOMPARE(lines.value(s.firstLine - 1).trimmed(), first);
}

void TestSourceView::followsTheSelection()
{
    RunStore store;
    ResultTableModel model(&store);
    ResultSet r;
    r.machine = fixtures::machine();
    r.rows = {fixtures::point("cpu", 2, "", 512, 1e-3), fixtures::point("gpu", 0, "graph", 512, 1e-4),
              fixtures::gemmPoint("gpu", 0, "launch", 512, 100)};
    store.setResultSet(r);
    ResultTable table(&model);
    SourceView view(&model);
    view.followSelection(&table);
    // Nothing selected: the first series.
    QVERIFY2(view.heading().startsWith("CPU add"), qPrintable(view.heading()));
    QVERIFY(view.code().contains("addSpan("));
    // The charts plot gemm (an add example beside a gemm run): its first series, not the add.
    view.setWorkload(QStringLiteral("gemm"));
    QVERIFY2(view.heading().contains("gemm"), qPrintable(view.heading()));
    QVERIFY(view.code().contains("sgemm("));
    view.setWorkload(QStringLiteral("add"));
    table.selectionModel()->setCurrentIndex(table.model()->index(1, 0),
                                            QItemSelectionModel::SelectCurrent | QItemSelectionModel::Rows);
    QVERIFY2(view.heading().startsWith("GPU add, graph mode"), qPrintable(view.heading()));
    QVERIFY(view.heading().contains("as one CUDA graph"));
    table.selectionModel()->setCurrentIndex(table.model()->index(2, 0),
                                            QItemSelectionModel::SelectCurrent | QItemSelectionModel::Rows);
    QVERIFY(view.code().contains("sgemm("));
    // Sorted through the proxy, the selected row still maps to its own series.
    table.sortByColumn(ResultTableModel::TimeColumn, Qt::AscendingOrder);
    const QModelIndex cpuRow =
        static_cast<QSortFilterProxyModel *>(table.model())->mapFromSource(model.index(0, 0));
    table.selectionModel()->setCurrentIndex(cpuRow,
                                            QItemSelectionModel::SelectCurrent | QItemSelectionModel::Rows);
    QVERIFY2(view.heading().startsWith("CPU add"), qPrintable(view.heading()));
    store.clear(fixtures::machine());
    QVERIFY(view.code().isEmpty());
}

void TestSourceView::windowHasASourceTab()
{
    QTemporaryDir dir;
    MainWindow w(dir.filePath("settings.ini"));
    w.resize(1480, 920);
    auto *dock = w.findChild<QDockWidget *>("sourceDock");
    QVERIFY(dock);
    auto *view = qobject_cast<SourceView *>(dock->widget());
    QVERIFY(view);
    // A result file of its own: speeduplab-output/ is written by scripts/run.sh, not committed.
    const QString file = dir.filePath("crossover.json");
    ResultIO::writeJson(fixtures::knownCrossover({316}), file.toStdString());
    QVERIFY(w.openResults(file));
    QVERIFY(!view->code().isEmpty());
    // A screenshot on request (SPEEDUPLAB_SOURCE_PNG=path): the Source tab raised, a GPU row selected.
    const QString png = qEnvironmentVariable("SPEEDUPLAB_SOURCE_PNG");
    if (png.isEmpty())
        return;
    w.show();
    dock->raise();
    for (int row = 0; row < w.runStore()->rowCount(); ++row)
        if (w.runStore()->measurement(row).onDevice()) {
            w.resultTable()->selectionModel()->setCurrentIndex(
                w.resultProxy()->mapFromSource(w.resultTableModel()->index(row, 0)),
                QItemSelectionModel::SelectCurrent | QItemSelectionModel::Rows);
            break;
        }
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTest::qWait(200);
    QVERIFY(w.grab().save(png));
}

QTEST_MAIN(TestSourceView)
#include "tst_sourceview.moc"
