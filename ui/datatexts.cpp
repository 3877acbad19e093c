// SPDX-License-Identifier: MIT
// The texts of the shipped data that the window shows: the presets' titles and descriptions
// (resources/presets/*.json) and the workloads' descriptions (core/model/workload.cpp). They live
// outside ui/, where lupdate does not look, so they are marked for translation here; the test
// tst_translations holds this list to the data, so that a changed text cannot go untranslated.
#include "ui/datatexts.h"

#include <QCoreApplication>

namespace speeduplab {

namespace {
const char *const kPresets[] = {
    QT_TRANSLATE_NOOP("Presets", "Matrix multiply"),
    QT_TRANSLATE_NOOP("Presets",
                      "C = A*B, n = 16 to 2048 (3 per decade), powers-of-two thread counts: compute-bound, "
                      "where the GPU wins early and by far. Capped at 5 minutes."),
    QT_TRANSLATE_NOOP("Presets", "Quick look"),
    QT_TRANSLATE_NOOP("Presets",
                      "The seed experiment, lighter: n = 4 to 2000 (2 per decade), 100 iterations, "
                      "powers-of-two thread counts. Runs in seconds; good for a first demo."),
    QT_TRANSLATE_NOOP("Presets", "Reduction"),
    QT_TRANSLATE_NOOP("Presets",
                      "The sum of all elements, n = 16 to 4096 (3 per decade), powers-of-two thread counts: "
                      "reads everything, writes one number."),
    QT_TRANSLATE_NOOP("Presets", "SAXPY streaming"),
    QT_TRANSLATE_NOOP("Presets", "y = a*x + y, n = 16 to 4096 (3 per decade), powers-of-two thread counts: a "
                                 "bandwidth-bound kernel with two inputs."),
    QT_TRANSLATE_NOOP("Presets", "Prefix sum (scan)"),
    QT_TRANSLATE_NOOP(
        "Presets", "The running sum of all n x n elements as one sequence (torch.cumsum), n = 16 to 4096 (3 "
                   "per decade). Serial work suits the GPU badly: the CPU's scan is one dependent chain "
                   "(more threads cannot help, so it runs on one), and the GPU's naive rows variant gives "
                   "each row to one thread and the row totals to a single thread, leaving most of the GPU "
                   "idle. CUB's parallel scan changes the algorithm, not the hardware, and the GPU wins "
                   "again."),
    QT_TRANSLATE_NOOP("Presets", "Replay the original answer"),
    QT_TRANSLATE_NOOP(
        "Presets",
        "The experiment of the widely cited answer that timed b += b with PyTorch: n = 4, 40, 400 and 4000, "
        "1000 iterations, the CPU with all its threads in one team (as PyTorch runs), and the GPU timed "
        "twice: as the answer timed it (the host clock read before the device is synchronised: the time to "
        "queue the launches) and synchronised (the time of the work). Open File ▸ Open example ▸ "
        "the published table to set the answer's own numbers beside yours."),
    QT_TRANSLATE_NOOP("Presets", "Seed experiment"),
    QT_TRANSLATE_NOOP("Presets",
                      "b += b on an n x n tensor, n = 4 to 4000 (4 per decade), 1000 iterations, every CPU "
                      "thread count and every GPU mode: where does the GPU overtake the CPU?"),
    QT_TRANSLATE_NOOP("Presets", "Sparse matrix times vector (spmv)"),
    QT_TRANSLATE_NOOP(
        "Presets", "y = A x with A sparse: n*n rows, 8 nonzeros per row at random columns (CSR), x the n x n "
                   "tensor, n = 16 to 2048 (3 per decade), powers-of-two thread counts, cuSPARSE and a "
                   "one-thread-per-row kernel on the GPU. Every nonzero is used once and x is read at "
                   "scattered places: two FLOPs per 13 bytes and no reuse, so the GPU must win on bandwidth "
                   "alone, and its fixed costs take a large n to pay off. See where the crossover lands."),
    QT_TRANSLATE_NOOP("Presets", "Host-device transfers"),
    QT_TRANSLATE_NOOP("Presets",
                      "Copies the tensor to the GPU and back (pinned host memory), n = 16 to 4096 (3 per "
                      "decade); on the CPU, memory to memory. What does moving the data cost?"),
};
const char *const kWorkloads[] = {
    QT_TRANSLATE_NOOP("Workloads",
                      "b += b, repeated: the seed experiment (memory-bound, one tensor read and written)"),
    QT_TRANSLATE_NOOP("Workloads", "y = a*x + y, repeated (streaming: two tensors read, one written)"),
    QT_TRANSLATE_NOOP("Workloads", "the sum of all elements (reads the tensor once, writes one number)"),
    QT_TRANSLATE_NOOP("Workloads", "C = A*B, n x n x n (compute-bound for large n)"),
    QT_TRANSLATE_NOOP("Workloads", "copy the tensor host to device and back (on the CPU: memory to memory)"),
    QT_TRANSLATE_NOOP(
        "Workloads",
        "the running sum of all n*n elements taken as one flat sequence (like "
        "torch.cumsum(x.flatten(), 0)): on the CPU, serial is one dependent chain, one element "
        "after another, so more threads cannot help (it runs once per n, on one thread); on the "
        "GPU, rows gives each row to one thread, then one thread adds up the row totals, and cub "
        "is CUB's parallel single-pass scan"),
    QT_TRANSLATE_NOOP("Workloads",
                      "y = A x with A sparse (CSR): n*n rows, 8 nonzeros per row at seeded random columns, x "
                      "the n x n tensor read as a vector; every nonzero is used once and x is gathered at "
                      "scattered places, so there is little work per byte (csr: OpenMP over rows; cusparse: "
                      "cuSPARSE's SpMV; scalar: one GPU thread per row)"),
};

QStringList listed(const char *const *texts, std::size_t count)
{
    QStringList out;
    for (std::size_t i = 0; i < count; ++i)
        out << QString::fromUtf8(texts[i]);
    return out;
}
} // namespace

QString DataTexts::gpuReason(const MachineInfo::GpuState &state)
{
    // Worded from the probe's typed answer (cuda/gpustub.cpp, cuda/gpuprobe.cpp); the CUDA error
    // code stays as it is. A reason only a sentence gives (a device disabled after a fault) stays.
    const QString code = QString::fromStdString(state.why.code);
    switch (state.why.why) {
    case GpuUnusable::Why::NotBuilt:
        return QCoreApplication::translate(
            "GpuReasons", "This build has no CUDA backend (built without CUDA): rebuild with "
                          "the CUDA toolkit installed to use the GPU.");
    case GpuUnusable::Why::NoDriver:
        return QCoreApplication::translate(
                   "GpuReasons", "No NVIDIA driver was found (%1): install the NVIDIA driver to use "
                                 "the GPU.")
            .arg(code);
    case GpuUnusable::Why::OldDriver:
        return QCoreApplication::translate("GpuReasons",
                                           "The NVIDIA driver supports CUDA %1, older than the CUDA %2 "
                                           "SpeedupLab was built with (%3): update the NVIDIA driver to "
                                           "use the GPU.")
            .arg(QString::fromStdString(state.why.driver), QString::fromStdString(state.why.runtime), code);
    case GpuUnusable::Why::NoDevice:
        return code.isEmpty()
                   ? QCoreApplication::translate("GpuReasons", "No CUDA device was found.")
                   : QCoreApplication::translate(
                         "GpuReasons", "No CUDA device was found (%1): check that the GPU is installed "
                                       "and visible to this process (CUDA_VISIBLE_DEVICES).")
                         .arg(code);
    case GpuUnusable::Why::NotListed:
        return QCoreApplication::translate(
                   "GpuReasons",
                   "The CUDA runtime could not list the GPUs (%1): check the NVIDIA driver installation.")
            .arg(code);
    case GpuUnusable::Why::Usable:
    case GpuUnusable::Why::Other:
        break;
    }
    return QString::fromStdString(state.reason);
}

QString DataTexts::preset(const std::string &text)
{
    return QCoreApplication::translate("Presets", text.c_str());
}

QString DataTexts::workload(const std::string &text)
{
    return QCoreApplication::translate("Workloads", text.c_str());
}

QString DataTexts::status(const Measurement &m)
{
    auto say = [](const char *text) { return QCoreApplication::translate("DataTexts", text); };
    if (m.ok() && m.conditions.throttled)
        return say(QT_TRANSLATE_NOOP("DataTexts", "throttled"));
    if (m.ok() && m.stats.noisy())
        return say(QT_TRANSLATE_NOOP("DataTexts", "noisy"));
    // In the user's language, beside "noisy" and "throttled" (files keep the English names).
    switch (m.status) {
    case Measurement::Status::Ok:
        return say(QT_TRANSLATE_NOOP("DataTexts", "ok"));
    case Measurement::Status::Failed:
        return say(QT_TRANSLATE_NOOP("DataTexts", "failed"));
    case Measurement::Status::Skipped:
        return say(QT_TRANSLATE_NOOP("DataTexts", "skipped"));
    case Measurement::Status::Cancelled:
        return say(QT_TRANSLATE_NOOP("DataTexts", "cancelled"));
    }
    return QString::fromStdString(Measurement::statusName(m.status));
}

QStringList DataTexts::presetSources()
{
    return listed(kPresets, std::size(kPresets));
}

QStringList DataTexts::workloadSources()
{
    return listed(kWorkloads, std::size(kWorkloads));
}

} // namespace speeduplab
