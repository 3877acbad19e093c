// SPDX-License-Identifier: MIT
// The shipped recordings: their menu titles, and reading one from the program's resources into
// runs labelled by the machine and day they were measured on.
#include "ui/examples.h"

#include "core/results/resultio.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <stdexcept>

namespace speeduplab {

namespace {

// The newest set wins: the GPU issue records a fresh one with each version (its README says how
// each file was made).
const char *const kSet = ":/examples/h200-2026-11-30/";

} // namespace

const QList<Examples::Example> &Examples::all()
{
    static const QList<Example> list = {
        {QStringLiteral("seed-preset.csv"),
         tr("b += b, the seed experiment: CPU 1 to 16 threads against the GPU"),
         tr("n = 4 to 4000, 1000 iterations, every CPU thread count and the GPU's launch, graph and fused "
            "modes (speeduplab --headless --preset seed)"),
         "add"},
        {QStringLiteral("add-calibrated.csv"), tr("b += b with the machine's measured ceilings"),
         tr("n = 4 to 4000, CPU 1 and 16 threads, every GPU mode, with the HBM, launch and transfer "
            "ceilings calibrated on that machine"),
         "add"},
        {QStringLiteral("add-range.csv"), tr("b += b, CPU 1 and 16 threads against every GPU mode"),
         tr("n = 4 to 4000 at 3 sizes a decade, 1000 iterations"), "add"},
        {QStringLiteral("reduce.csv"), tr("Reduction (sum), CPU 16 threads against the GPU"),
         tr("n = 1024, 4000 and 8192, 100 iterations"), "reduce"},
        {QStringLiteral("transfer.csv"), tr("Copies between host and device, pageable and pinned"),
         tr("n = 4000 (64 MB each way), 10 iterations"), "transfer"},
    };
    return list;
}

QString Examples::machine()
{
    return tr("an NVIDIA H200 with a 16-core Xeon, 30 Nov 2026");
}

std::vector<RunRecord> Examples::load(const Example &example)
{
    const QString path = QString::fromLatin1(kSet) + example.file;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        throw std::runtime_error("the example " + example.file.toStdString() + " is missing from this build");
    const QByteArray bytes = f.readAll();
    const std::string text(bytes.constData(), std::size_t(bytes.size()));
    // A CSV's machine is in its metadata file beside it (ResultIO::csvMetadataPath), as every CSV
    // SpeedupLab writes has it: shipped the same way, so that pandas reads the rows alone.
    std::string metadata;
    QFile beside(path + QString::fromStdString(ResultIO::csvMetadataSuffix));
    if (!example.file.endsWith(QLatin1String(".json")) && beside.open(QIODevice::ReadOnly)) {
        const QByteArray m = beside.readAll();
        metadata.assign(m.constData(), std::size_t(m.size()));
    }
    ResultSet results = example.file.endsWith(QLatin1String(".json"))
                            ? ResultIO::fromJson(text)
                            : ResultIO::fromCsv(text, metadata, beside.fileName().toStdString());
    RunRecord run;
    run.label = tr("example: %1").arg(QString::fromStdString(RunSet::defaultLabel(results))).toStdString();
    run.results = std::move(results);
    run.source = path.toStdString();
    return {std::move(run)};
}

QStringList Examples::names()
{
    QStringList out;
    for (const Example &e : all())
        out << QFileInfo(e.file).completeBaseName();
    return out;
}

int Examples::find(const QString &name)
{
    return int(names().indexOf(name));
}

int Examples::besideSweep(const ResultSet &swept)
{
    const auto &rows = swept.rows;
    auto any = [&rows](bool gpu) {
        return std::any_of(rows.begin(), rows.end(),
                           [gpu](const Measurement &m) { return m.ok() && (gpu ? m.onGpu() : m.isCpu()); });
    };
    if (rows.empty() || any(true) || !any(false))
        return -1;
    for (int i = 0; i < all().size(); ++i)
        if (all()[i].workload == rows.front().workload)
            return i;
    return -1;
}

RunRecord Examples::gpuCurves(const Example &example)
{
    RunRecord run = std::move(load(example).front());
    auto &rows = run.results.rows;
    rows.erase(std::remove_if(rows.begin(), rows.end(), [](const Measurement &m) { return !m.onGpu(); }),
               rows.end());
    return run;
}

bool Examples::isExample(const std::string &source)
{
    return source.rfind(":/examples/", 0) == 0;
}

} // namespace speeduplab
