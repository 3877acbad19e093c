// SPDX-License-Identifier: MIT
// Shared fixtures of the ResultIO tests (tst_resultio, tst_resultload, tst_resultwrite): sample
// result sets, the plain set and its JSON edits, and thrown<E>() to catch a documented exception.

#pragma once

#include "core/results/resultio.h"

#include <QByteArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <cfloat>
#include <cmath>
#include <exception>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <typeinfo>

namespace resultiotest {

using namespace speeduplab;

inline MachineInfo sampleMachine()
{
    MachineInfo m;
    m.cpuModel = "AMD EPYC 7B13, \"64-Core\"\nProcessor";
    m.logicalCores = 16;
    m.caches = {{"L1d", "32K"}, {"L2", "512K"}, {"L3", "32768K"}};
    m.cpuKernels = "x86-64-v3 (AVX2, FMA)";
    m.blas = "OpenBLAS 0.3.21, kernel SkylakeX (chosen by SpeedupLab from the CPU's features: AVX-512)";
    m.blasWarning = "OpenBLAS runs its generic Prescott kernel (SSE only) on a CPU with AVX-512: \"slow\",\n"
                    "set OPENBLAS_CORETYPE=SkylakeX";
    m.cpuConditions.governor = "mixed: performance, powersave";
    m.cpuConditions.boost = CpuConditions::Boost::On;
    m.cpuConditions.startMHz = 3500.25;
    m.cpuConditions.endMHz = 2900.5;
    m.ramBytes = 67430850560.0;
    m.os = "Debian GNU/Linux 12 (bookworm), Linux 6.1.0 x86_64";
    MachineInfo::Gpu g;
    g.index = 0;
    g.name = "NVIDIA H200";
    g.computeCapability = "9.0";
    g.smCount = 132;
    g.memoryBytes = 150754820096.0;
    g.smClockMHz = 1980;
    g.memoryClockMHz = 2619;
    g.memoryBusWidthBits = 6144;
    g.bandwidthGBs = 4827.5;
    g.l2Bytes = 50.0 * 1024 * 1024;
    m.gpus.push_back(g);
    g.index = 1;
    g.name = "NVIDIA L4 \u00b5";
    g.computeCapability = "8.9";
    m.gpus.push_back(g);
    m.gpuStatus = "";
    m.driverVersion = "12.4";
    m.runtimeVersion = "12.2";
    m.buildType = "Release";
    m.programVersion = "0.1.0";
    m.timestamp = "2025-01-02T03:04:05Z";
    m.ceilings = {{"cpu_bandwidth_bytes_per_s", 1.234e11},
                  {"gpu_launch_latency_s", 2.5e-6},
                  {"unbounded", INFINITY},
                  {"negative unbounded", -INFINITY},
                  {"denormal", std::numeric_limits<double>::denorm_min()},
                  {"largest", DBL_MAX},
                  {"third", 1.0 / 3.0}};
    return m;
}

inline Measurement measurement(const std::string &backend, int n, Measurement::Status status,
                               const std::string &reason)
{
    Measurement m;
    m.workload = "add";
    m.backend = backend;
    m.threads = backend == "cpu" ? 8 : 0;
    m.mode = backend == "gpu" ? "graph" : "";
    m.device = backend == "gpu" ? 0 : -1;
    m.n = n;
    m.iterations = 1000;
    m.elements = double(n) * n;
    m.bytes = 8.0 * n * n * 1000;
    m.flops = double(n) * n * 1000;
    m.status = status;
    m.reason = reason;
    if (status == Measurement::Status::Ok || status == Measurement::Status::Failed) {
        m.stats = Stats::of({0.1 + n * 1e-7, 0.1, 0.3 / 3.0, 1.0 / 7.0});
        m.maxError = status == Measurement::Status::Ok ? 1.2e-7 : INFINITY;
        m.verified = status == Measurement::Status::Ok;
    }
    return m;
}

inline ResultSet sampleSet()
{
    ResultSet r;
    r.machine = sampleMachine();
    r.add(measurement("cpu", 4000, Measurement::Status::Ok, ""));
    Measurement failed = measurement("gpu", 40, Measurement::Status::Failed,
                                     "wrong result: element (1, 2) is 3, expected \"4\", off by 1,5");
    failed.transfers = "pinned";
    r.add(failed);
    r.add(measurement("gpu", 4, Measurement::Status::Skipped,
                      "not enough GPU memory:\nline two\r\nline three, \"quoted\" and \"\"doubled\"\""));
    r.add(measurement("cpu", 400, Measurement::Status::Cancelled, "cancelled while it was being measured"));
    Measurement extreme = measurement("cpu", 65536, Measurement::Status::Ok, " leading and trailing space, ");
    extreme.workload = "gemm";
    extreme.variant = "tiled";
    // Counts are at most 1e24 and rates at most 1e18 a second (validate): the largest doubles
    // round-trip in the spread, which has no bound.
    extreme.elements = 1e24;
    extreme.bytes = 1e-300;
    extreme.flops = std::numeric_limits<double>::denorm_min();
    extreme.maxError = std::numeric_limits<double>::min(); // the smallest normal double
    extreme.stats.stddev = DBL_MAX;
    extreme.stats.cv = 1e300;
    extreme.stats.min = 1e-300;
    r.add(extreme);
    Measurement gpuOk = measurement("gpu", 4000, Measurement::Status::Ok, "n \u2248 310 \u2014 \u00b5s");
    gpuOk.variant = "cublas,tf32"; // a comma in a plain field, too
    gpuOk.mode = "fused";
    gpuOk.device = 1;
    gpuOk.stats = Stats::of({1e-6, 0.9e-6, 1.2e-6}); // a loaded row needs min <= median <= max
    r.add(gpuOk);
    Measurement quoteOnly = measurement("cpu", 1, Measurement::Status::Skipped, "\"");
    r.add(quoteOnly);
    // Steady but off its series' trend: noisy in the file although its CV is low.
    Measurement offTrend = measurement("cpu", 7, Measurement::Status::Ok,
                                       "off its series' trend: 900x the time per iteration of n = 40");
    offTrend.stats.cv = 0.01;
    offTrend.stats.offTrend = true;
    r.add(offTrend);
    return r;
}

/// A small set whose rows have no quoted fields, for the malformed-input edits.
inline ResultSet plainSet()
{
    ResultSet r;
    r.machine.cpuModel = "cpu";
    r.machine.logicalCores = 2;
    r.add(measurement("cpu", 4, Measurement::Status::Ok, ""));
    r.add(measurement("gpu", 40, Measurement::Status::Skipped, "no GPU"));
    return r;
}

inline const QString kWrongType = QStringLiteral("[not the documented exception type] ");

/// Runs f and returns the message of the E it throws; null when it throws nothing. Any other
/// exception comes back prefixed with kWrongType, so that the test fails instead of aborting.
template <typename E> std::optional<QString> thrown(const std::function<void()> &f)
{
    try {
        f();
    } catch (const E &e) {
        return QString::fromUtf8(e.what());
    } catch (const std::exception &e) {
        return kWrongType + typeid(e).name() + ": " + QString::fromUtf8(e.what());
    }
    return std::nullopt;
}

inline QStringList splitCsvLine(const QString &line)
{
    return line.split(',');
}

/// The text of a CSV record that is one quoted cell (the writer's metadata record).
inline QString quotedCell(const QString &record)
{
    Q_ASSERT(record.startsWith('"') && record.endsWith('"'));
    return record.mid(1, record.size() - 2).replace("\"\"", "\"");
}

/// The plain set's JSON with edit applied to the document object.
inline QString jsonEdited(const std::function<void(QJsonObject &)> &edit)
{
    QJsonObject doc =
        QJsonDocument::fromJson(QByteArray::fromStdString(ResultIO::toJson(plainSet()))).object();
    edit(doc);
    return QString::fromUtf8(QJsonDocument(doc).toJson());
}

inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

/// Writes content to dir/name and returns the path.
inline QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &content)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(content);
    return path;
}

} // namespace resultiotest
