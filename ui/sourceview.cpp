// SPDX-License-Identifier: MIT
// The Source tab: the code behind the series selected (or the first of the workload shown), with
// how it ran.
#include "ui/sourceview.h"

#include "ui/resulttablemodel.h"
#include "ui/runstore.h"
#include "ui/sourcesnippets.h"

#include "backend/job.h"

#include <QFontDatabase>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMap>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QSyntaxHighlighter>
#include <QTableView>
#include <QVBoxLayout>

namespace speeduplab {

namespace {

// Just enough colour to tell code from comments and directives.
class CodeHighlighter final : public QSyntaxHighlighter {
public:
    explicit CodeHighlighter(QTextDocument *doc) : QSyntaxHighlighter(doc)
    {
        m_keyword.setForeground(QColor(0x1f, 0x4e, 0xa8));
        m_keyword.setFontWeight(QFont::DemiBold);
        m_comment.setForeground(QColor(0x5f, 0x7f, 0x5f));
        m_directive.setForeground(QColor(0x8a, 0x4b, 0x08));
        m_number.setForeground(QColor(0x9c, 0x1f, 0x6e));
    }

protected:
    void highlightBlock(const QString &text) override
    {
        static const QRegularExpression keywords(
            QStringLiteral("\\b(auto|bool|break|case|const|constexpr|continue|default|double|else|float|for|"
                           "if|int|return|size_t|static|struct|switch|template|typename|unsigned|void|"
                           "while|__global__|__device__|__shared__|__restrict__|__restrict|float4)\\b"));
        static const QRegularExpression numbers(QStringLiteral("\\b[0-9][0-9.]*[fuU]?\\b"));
        for (const auto *re : {&keywords, &numbers}) {
            for (auto it = re->globalMatch(text); it.hasNext();) {
                const auto m = it.next();
                setFormat(int(m.capturedStart()), int(m.capturedLength()),
                          re == &keywords ? m_keyword : m_number);
            }
        }
        if (text.trimmed().startsWith(QLatin1Char('#')))
            setFormat(0, int(text.size()), m_directive);
        if (const qsizetype c = text.indexOf(QLatin1String("//")); c >= 0)
            setFormat(int(c), int(text.size() - c), m_comment);
    }

private:
    QTextCharFormat m_keyword, m_comment, m_directive, m_number;
};

QString gpuKernel(const Measurement &m)
{
    if (m.workload == "add")
        return m.mode == "fused" ? QStringLiteral("addFusedKernel") : QStringLiteral("addKernel");
    if (m.workload == "saxpy")
        return m.mode == "fused" ? QStringLiteral("saxpyFusedKernel") : QStringLiteral("saxpyKernel");
    if (m.workload == "reduce")
        return QStringLiteral("reduceKernel");
    if (m.workload == "gemm" && m.variant == "naive")
        return QStringLiteral("gemmNaiveKernel");
    if (m.workload == "gemm" && m.variant == "tiled")
        return QStringLiteral("gemmTiledKernel");
    if (m.workload == "scan" && m.variant == "rows")
        return QStringLiteral("scanRowsKernel");
    return {};
}

QString gpuRegion(const Measurement &m)
{
    QString id = QStringLiteral("gpu-") + QString::fromStdString(m.workload);
    if (m.workload == "gemm" || m.workload == "scan")
        id += QLatin1Char('-') + QString::fromStdString(m.variant);
    if (m.mode == "fused")
        id += QStringLiteral("-fused");
    return id;
}

} // namespace

SourceView::SourceView(ResultTableModel *model, QWidget *parent) : QWidget(parent), m_model(model)
{
    setObjectName(QStringLiteral("sourceView"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_heading = new QLabel;
    m_heading->setObjectName(QStringLiteral("sourceHeading"));
    m_heading->setWordWrap(true);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_heading->setTextFormat(Qt::PlainText); // it names the series: a variant from a file is data
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_note = new QLabel;
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->hide();
    m_code = new QPlainTextEdit;
    m_code->setObjectName(QStringLiteral("sourceCode"));
    m_code->setAccessibleName(tr("Source code"));
    m_code->setReadOnly(true);
    m_code->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_code->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    new CodeHighlighter(m_code->document());
    m_location = new QLabel;
    m_location->setTextFormat(Qt::PlainText); // a path
    m_location->setWordWrap(true);
    m_location->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_heading);
    layout->addWidget(m_note);
    layout->addWidget(m_code, 1);
    layout->addWidget(m_location);
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, &SourceView::refresh);
        connect(m_model, &QAbstractItemModel::rowsInserted, this, &SourceView::refresh);
        connect(m_model, &QAbstractItemModel::rowsRemoved, this, &SourceView::refresh);
    }
    refresh();
}

void SourceView::followSelection(QTableView *table)
{
    m_table = table;
    if (QItemSelectionModel *s = table->selectionModel())
        connect(s, &QItemSelectionModel::currentRowChanged, this, &SourceView::refresh);
    refresh();
}

void SourceView::setWorkload(const QString &workload)
{
    if (workload == m_workload)
        return;
    m_workload = workload;
    refresh();
}

void SourceView::refresh()
{
    if (!m_model)
        return;
    int row = -1;
    if (m_table && m_table->selectionModel()) {
        QModelIndex current = m_table->selectionModel()->currentIndex();
        if (current.isValid()) {
            if (auto *proxy = qobject_cast<QSortFilterProxyModel *>(m_table->model()))
                current = proxy->mapToSource(current);
            row = current.row();
        }
    }
    if ((row < 0 || row >= m_model->rowCount()) && m_model->rowCount() > 0) {
        // None selected: the first series of the workload the charts show.
        row = 0;
        for (int i = 0; i < m_model->rowCount(); ++i)
            if (QString::fromStdString(m_model->store()->measurement(i).workload) == m_workload) {
                row = i;
                break;
            }
    }
    if (row < 0 || row >= m_model->rowCount()) {
        showNothing();
        return;
    }
    showSeries(m_model->store()->measurement(row));
}

void SourceView::showNothing()
{
    m_shownKey.clear();
    m_heading->setText(tr("No series yet: run a sweep or open a result file, then select a row of the "
                          "results to see the code that produced it."));
    m_note->hide();
    m_code->clear();
    m_location->clear();
    m_missing.clear();
}

void SourceView::showSeries(const Measurement &m)
{
    // Rows arrive one at a time during a sweep: redraw only when the series changes.
    const QString key =
        QString::fromStdString(m.seriesKey()) + QLatin1Char('|') + QString::number(m.iterations);
    if (key == m_shownKey)
        return;
    m_shownKey = key;
    const Description d = describe(m);
    m_heading->setText(d.heading);
    m_note->setText(d.note);
    m_note->setVisible(!d.note.isEmpty());
    QStringList code, from;
    m_missing.clear();
    for (const QString &id : d.regions) {
        const SourceSnippets::Snippet s = SourceSnippets::find(id);
        if (!s.isValid()) {
            m_missing << id;
            continue;
        }
        code << QStringLiteral("// %1:%2-%3\n%4").arg(s.file).arg(s.firstLine).arg(s.lastLine).arg(s.code);
        from << tr("%1, lines %2\u2013%3").arg(s.file).arg(s.firstLine).arg(s.lastLine);
    }
    m_code->setPlainText(code.join(QStringLiteral("\n\n")));
    if (!m_missing.isEmpty()) {
        // A marker was lost in an edit of the sources: say so rather than show nothing.
        m_location->setStyleSheet(QStringLiteral("color: #b00020;"));
        m_location->setText(tr("The source of this series is missing: no region %1 is marked in %2. "
                               "Put the \"// source-view:\" markers back and rebuild.")
                                .arg(m_missing.join(QStringLiteral(", ")),
                                     SourceSnippets::files().join(QStringLiteral(", "))));
    } else {
        m_location->setStyleSheet({});
        m_location->setText(tr("From %1, as built into this program.").arg(from.join(QStringLiteral("; "))));
    }
}

namespace {

// "gemm (tiled)", or the workload alone without a variant.
QString seriesName(const Measurement &m)
{
    const QString workload = QString::fromStdString(m.workload);
    return m.variant.empty() ? workload
                             : QStringLiteral("%1 (%2)").arg(workload, QString::fromStdString(m.variant));
}

} // namespace

SourceView::Description SourceView::describe(const Measurement &m)
{
    // The code each backend runs is its own: OpenCL C kernels, CUDA kernels and libraries, the
    // CPU kernels with OpenMP.
    if (m.backend == RowName::opencl)
        return describeOpenCl(m);
    if (m.isCuda())
        return describeCuda(m);
    if (m.isCpu())
        return describeCpu(m);
    // A backend whose kernels are not marked for this view yet: said, not shown as another's.
    return {tr("The code of %1").arg(QString::fromStdString(m.deviceId())),
            tr("This backend's kernels are not shown here yet."),
            {},
            {}};
}

// OpenCL C kernels of our own, built at run time from opencl/openclkernels.h.
SourceView::Description SourceView::describeOpenCl(const Measurement &m)
{
    Description d;
    const QString workload = QString::fromStdString(m.workload);
    const QString series = seriesName(m), times = QString::number(m.iterations);
    const bool fused = m.mode == "fused";
    QString region = QStringLiteral("opencl-") + workload;
    if (m.workload == "gemm" || m.workload == "scan" || m.workload == "spmv")
        region += QLatin1Char('-') + QString::fromStdString(m.variant);
    else if (fused)
        region += QStringLiteral("-fused");
    d.regions = {region};
    if (m.workload == "transfer") {
        d.regions = {QStringLiteral("opencl-transfer")};
        if (m.variant == "zero-copy")
            d.regions << QStringLiteral("opencl-zero-copy");
    }
    d.regions << (m.mode == "graph" ? QStringLiteral("opencl-mode-graph")
                                    : QStringLiteral("opencl-mode-launch"));
    if (m.mode == "unsynced")
        d.regions << QStringLiteral("opencl-mode-unsynced");
    d.function = region.mid(7);
    d.heading =
        fused ? tr("%1 on %2, fused: all %3 iterations in one OpenCL kernel")
                    .arg(series, QString::fromStdString(m.deviceId()), times)
              : tr("%1 on %2, %3 mode: %4 operations, each one enqueue of its OpenCL commands")
                    .arg(series, QString::fromStdString(m.deviceId()), QString::fromStdString(m.mode), times);
    return d;
}

// A CUDA kernel of ours, or the library call (cuBLAS, CUB, cuSPARSE) the series times.
SourceView::Description SourceView::describeCuda(const Measurement &m)
{
    Description d;
    const QString variant = QString::fromStdString(m.variant);
    const QString series = seriesName(m), times = QString::number(m.iterations);
    const QString mode = QString::fromStdString(m.mode);
    const bool graph = m.mode == "graph";
    QString what;
    if (m.workload == "transfer") {
        d.function = QStringLiteral("cudaMemcpyAsync");
        d.regions = {QStringLiteral("gpu-transfer")};
        what = tr("cudaMemcpyAsync to the device and back, %1 times, from %2 host memory")
                   .arg(times, m.variant == "pinned" ? tr("pinned") : tr("pageable"));
    } else if (m.workload == "gemm" && (m.variant == "cublas-fp16" || m.variant == "cublas-bf16")) {
        const QString type = m.variant == "cublas-fp16" ? QStringLiteral("fp16") : QStringLiteral("bf16");
        d.function = QStringLiteral("gemmEx"); // CublasLibrary::gemmEx, cuBLAS's cublasGemmEx
        d.regions = {QStringLiteral("gpu-cublas-setup"), QStringLiteral("gpu-cublas-gemmex")};
        what = (graph ? tr("cuBLAS's cublasGemmEx in %1, called %2 times from a CUDA graph")
                      : tr("cuBLAS's cublasGemmEx in %1, called %2 times"))
                   .arg(type, times);
        d.note = tr("The product runs on the tensor cores with fp32 accumulation, in cuBLAS's "
                    "cublasGemmEx, closed source: the call below is all SpeedupLab runs. A, B and C are "
                    "%1 copies of the fp32 tensors, converted outside the timed region.")
                     .arg(type);
    } else if (m.workload == "gemm" && variant.startsWith(QLatin1String("cublas"))) {
        d.function = QStringLiteral("sgemm");
        d.regions = {QStringLiteral("gpu-cublas-setup"), QStringLiteral("gpu-cublas")};
        what = (graph ? tr("cuBLAS's sgemm, called %1 times from a CUDA graph")
                      : tr("cuBLAS's sgemm, called %1 times"))
                   .arg(times);
        d.note =
            tr("The product runs in cuBLAS's sgemm, closed source: the call below is all SpeedupLab runs.");
        if (m.variant == "cublas-tf32")
            d.note += QLatin1Char(' ') + tr("This variant lets cuBLAS round the inputs to TF32 and use the "
                                            "tensor cores (the math mode set below).");
    } else if (m.workload == "scan" && m.variant == "cub") {
        d.function = QStringLiteral("InclusiveSum");
        d.regions = {QStringLiteral("gpu-scan-cub-setup"), QStringLiteral("gpu-scan-cub")};
        what = (graph ? tr("CUB's DeviceScan::InclusiveSum, called %1 times from a CUDA graph")
                      : tr("CUB's DeviceScan::InclusiveSum, called %1 times"))
                   .arg(times);
        d.note = tr("The scan runs in CUB, the CUDA toolkit's header-only library of parallel primitives: "
                    "the call below is all SpeedupLab writes. Its temporary storage is allocated once, "
                    "outside the timed region.");
    } else if (m.workload == "spmv" && m.variant == "scalar") {
        d.function = QStringLiteral("spmvCsrKernel");
        d.regions = {QStringLiteral("gpu-spmv-csr")};
        what = (graph ? tr("kernel %1, launched %2 times from a CUDA graph")
                      : tr("kernel %1, launched %2 times, one launch per iteration"))
                   .arg(d.function, times);
        d.note = tr("One thread per row: the threads of a warp read rows 8 nonzeros apart (not "
                    "coalesced) and gather x at random columns.");
    } else if (m.workload == "spmv") {
        d.function = QStringLiteral("enqueue"); // CusparseSpmv::enqueue, cuSPARSE's cusparseSpMV
        d.regions = {QStringLiteral("gpu-spmv-cusparse-setup"), QStringLiteral("gpu-spmv-cusparse")};
        what = (graph ? tr("cuSPARSE's cusparseSpMV, called %1 times from a CUDA graph")
                      : tr("cuSPARSE's cusparseSpMV, called %1 times"))
                   .arg(times);
        d.note = tr("The product runs in cuSPARSE, closed source: the calls below are all SpeedupLab runs. "
                    "The handle, the matrix descriptors and the work buffer are made once, outside the "
                    "timed region.");
    } else if (m.workload == "scan") {
        d.function = gpuKernel(m);
        d.regions = {gpuRegion(m), QStringLiteral("gpu-scan-rows-launch")};
        what = (graph ? tr("kernels %1, scanTotalsKernel and addRowOffsetsKernel, %2 times from a CUDA graph")
                      : tr("kernels %1, scanTotalsKernel and addRowOffsetsKernel, %2 times, three "
                           "launches per iteration"))
                   .arg(d.function, times);
        d.note = tr("One thread per row adds up its row serially, then a single thread adds up the row "
                    "totals: n serial chains and then one more, which leave most of the GPU idle.");
    } else {
        d.function = gpuKernel(m);
        d.regions = {gpuRegion(m)};
        if (m.mode == "fused")
            what = tr("kernel %1, all %2 iterations in one launch").arg(d.function, times);
        else if (graph && m.iterations <= kGraphChunk)
            what = tr("kernel %1, launched %2 times as one CUDA graph").arg(d.function, times);
        else if (graph)
            what = tr("kernel %1, launched %2 times from CUDA graphs of up to %3 launches")
                       .arg(d.function, times)
                       .arg(kGraphChunk);
        else
            what = tr("kernel %1, launched %2 times, one launch per iteration").arg(d.function, times);
    }
    if (graph)
        d.regions << QStringLiteral("gpu-mode-graph") << QStringLiteral("gpu-graph-capture");
    else if (m.mode == "launch")
        d.regions << QStringLiteral("gpu-mode-launch");
    else if (m.mode == "unsynced")
        d.regions << QStringLiteral("gpu-mode-unsynced");
    if (d.function.isEmpty()) {
        d.heading = tr("No code is known for the series %1.").arg(QString::fromStdString(m.seriesLabel()));
        d.regions.clear();
        return d;
    }
    d.heading = tr("GPU %1, %2 mode: %3").arg(series, mode, what);
    if (!m.transfers.empty() && m.transfers != "none" && m.workload != "transfer")
        d.note +=
            (d.note.isEmpty() ? QString() : QStringLiteral(" ")) +
            tr("The timed region also copies the inputs to the GPU and the result back (%1 host memory).")
                .arg(m.transfers == "pinned" ? tr("pinned") : tr("pageable"));
    return d;
}

// The CPU kernels: OpenMP over each thread's share, or OpenBLAS.
SourceView::Description SourceView::describeCpu(const Measurement &m)
{
    Description d;
    const QString variant = QString::fromStdString(m.variant);
    const QString series = seriesName(m), times = QString::number(m.iterations);
    const QString cpu = m.threads == 1  ? tr("CPU %1, 1 thread").arg(series)
                        : m.threads > 0 ? tr("CPU %1, %2 threads").arg(series).arg(m.threads)
                                        : tr("CPU %1").arg(series);
    QString what;
    if (m.workload == "gemm") {
        if (m.variant == "blas-bf16") {
            d.function = QStringLiteral("sbgemm");
            d.regions = {QStringLiteral("cpu-gemm-bf16"), QStringLiteral("cpu-gemm-blas")};
            what = tr("OpenBLAS's sbgemm, called %1 times").arg(times);
            d.note =
                tr("The product runs in OpenBLAS's sbgemm on bf16 copies of the inputs, made once outside "
                   "the timed region, with fp32 accumulation and an fp32 result (AVX-512 BF16).");
        } else if (m.variant == "blas") {
            d.function = QStringLiteral("sgemm");
            d.regions = {QStringLiteral("cpu-gemm-blas")};
            what = tr("OpenBLAS's sgemm, called %1 times").arg(times);
            d.note = tr("The product runs in OpenBLAS's sgemm, a separate library: the call below is all "
                        "SpeedupLab runs. Large products are split along k, so that a stop is seen quickly.");
        } else {
            d.function = m.variant == "naive" ? QStringLiteral("naive") : QStringLiteral("axpyRow");
            d.regions = {QStringLiteral("cpu-gemm-") + variant};
            if (m.variant == "tiled")
                d.regions << QStringLiteral("cpu-gemm-axpy");
            what = tr("function %1, %2 times, the rows of C shared out by an OpenMP parallel for")
                       .arg(m.variant == "naive" ? QStringLiteral("naive") : QStringLiteral("tiled"), times);
        }
    } else if (m.workload == "spmv") {
        d.function = QStringLiteral("spmvRows");
        d.regions = {QStringLiteral("cpu-spmv"), QStringLiteral("cpu-spmv-run")};
        what = tr("function %1, %2 times, the rows shared out by one OpenMP parallel region per product")
                   .arg(d.function, times);
    } else if (m.workload == "scan") {
        d.function = QStringLiteral("scanSpan");
        d.regions = {QStringLiteral("cpu-scan"), QStringLiteral("cpu-scan-run")};
        what = tr("function %1, %2 times, on one thread: each sum needs the one before it, so more "
                  "threads cannot help")
                   .arg(d.function, times);
    } else {
        static const QMap<std::string, QString> functions = {{"add", QStringLiteral("addSpan")},
                                                             {"saxpy", QStringLiteral("saxpySpan")},
                                                             {"reduce", QStringLiteral("sumSpan")},
                                                             {"transfer", QStringLiteral("memcpy")}};
        d.function = functions.value(m.workload);
        d.regions = {QStringLiteral("cpu-") + QString::fromStdString(m.workload)};
        if (m.workload == "reduce")
            d.regions << QStringLiteral("cpu-reduce-run");
        d.regions << QStringLiteral("cpu-parallel");
        what = tr("%1 on each thread's share of the tensor, %2 iterations in one OpenMP parallel region")
                   .arg(d.function, times);
    }
    if (d.function.isEmpty()) {
        d.heading = tr("No code is known for the series %1.").arg(QString::fromStdString(m.seriesLabel()));
        d.regions.clear();
        return d;
    }
    d.heading = tr("%1: %2").arg(cpu, what);
    return d;
}

QString SourceView::heading() const
{
    return m_heading->text();
}

QString SourceView::note() const
{
    return m_note->text();
}

QString SourceView::code() const
{
    return m_code->toPlainText();
}

QString SourceView::location() const
{
    return m_location->text();
}

} // namespace speeduplab
