// SPDX-License-Identifier: MIT
#include "ui/format.h"

#include "core/calibration.h"
#include "core/pipeline.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace speeduplab::Format {

QString sentence(const QString &text)
{
    QString s = text.trimmed();
    if (s.isEmpty())
        return s;
    s[0] = s[0].toUpper();
    if (!s.endsWith(QLatin1Char('.')) && !s.endsWith(QLatin1Char('!')) && !s.endsWith(QLatin1Char('?')))
        s += QLatin1Char('.');
    return s;
}

QString seconds(double s)
{
    if (!(s > 0) || !std::isfinite(s))
        return QStringLiteral("\u2013");
    if (s < 1e-6)
        return QStringLiteral("%1 ns").arg(s * 1e9, 0, 'f', s < 1e-8 ? 2 : s < 1e-7 ? 1 : 0);
    if (s < 1e-3)
        return QStringLiteral("%1 \u00b5s").arg(s * 1e6, 0, 'f', s < 1e-5 ? 2 : s < 1e-4 ? 1 : 0);
    if (s < 1)
        return QStringLiteral("%1 ms").arg(s * 1e3, 0, 'f', s < 1e-2 ? 2 : s < 1e-1 ? 1 : 0);
    return QStringLiteral("%1 s").arg(s, 0, 'f', s < 10 ? 2 : 1);
}

QString duration(double s)
{
    if (!(s >= 0) || !std::isfinite(s))
        return QStringLiteral("?");
    const long total = std::lround(s);
    if (total < 60)
        return QStringLiteral("%1 s").arg(std::max(1L, total));
    if (total < 3600)
        return QStringLiteral("%1 min %2 s").arg(total / 60).arg(total % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1 h %2 min").arg(total / 3600).arg((total % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString n(double n)
{
    if (n >= 100)
        return QString::number(std::llround(n));
    return QString::number(n, 'g', 3);
}

QString ceilingName(const std::string &key, bool roundTrip)
{
    struct Name {
        const char *key;
        const char *text;
    };
    static const Name names[] = {
        {Calibration::cpuTriad, QT_TRANSLATE_NOOP("Format", "CPU triad")},
        {Calibration::cpuL1, QT_TRANSLATE_NOOP("Format", "CPU L1")},
        {Calibration::cpuL2, QT_TRANSLATE_NOOP("Format", "CPU L2")},
        {Calibration::cpuL3, QT_TRANSLATE_NOOP("Format", "CPU L3")},
        {Calibration::cpuFma, QT_TRANSLATE_NOOP("Format", "CPU FMA peak")},
        {Calibration::cpuGemm, QT_TRANSLATE_NOOP("Format", "CPU GEMM")},
        {Calibration::cpuParallelRegion, QT_TRANSLATE_NOOP("Format", "CPU parallel region")},
        {Calibration::gpuCopy, QT_TRANSLATE_NOOP("Format", "GPU copy")},
        {Calibration::gpuL2, QT_TRANSLATE_NOOP("Format", "GPU L2")},
        {Calibration::gpuFma, QT_TRANSLATE_NOOP("Format", "GPU FMA peak")},
        {Calibration::gpuH2dPageable, QT_TRANSLATE_NOOP("Format", "GPU H2D pageable")},
        {Calibration::gpuH2dPinned, QT_TRANSLATE_NOOP("Format", "GPU H2D pinned")},
        {Calibration::gpuD2hPageable, QT_TRANSLATE_NOOP("Format", "GPU D2H pageable")},
        {Calibration::gpuD2hPinned, QT_TRANSLATE_NOOP("Format", "GPU D2H pinned")},
        {Calibration::gpuLaunch, QT_TRANSLATE_NOOP("Format", "GPU launch")},
        {Calibration::gpuSyncRoundTrip, QT_TRANSLATE_NOOP("Format", "GPU sync round trip")},
        {Calibration::gpuCublas, QT_TRANSLATE_NOOP("Format", "GPU cuBLAS")},
        {Calibration::gpuCublasTf32, QT_TRANSLATE_NOOP("Format", "GPU cuBLAS TF32")},
    };
    if (roundTrip && key == Calibration::gpuH2dPinned)
        return QCoreApplication::translate("Format", "GPU H2D + D2H pinned");
    if (roundTrip && key == Calibration::gpuH2dPageable)
        return QCoreApplication::translate("Format", "GPU H2D + D2H pageable");
    // A per-thread ceiling, "cpu_l2_bytes_per_s@4": the level's name with its thread count.
    if (const auto at = key.find('@'); at != std::string::npos) {
        const long threads = std::strtol(key.c_str() + at + 1, nullptr, 10);
        const QString level = ceilingName(key.substr(0, at));
        return threads == 1 ? QCoreApplication::translate("Format", "%1, 1 thread").arg(level)
                            : QCoreApplication::translate("Format", "%1, %2 threads").arg(level).arg(threads);
    }
    for (const Name &n : names)
        if (key == n.key)
            return QCoreApplication::translate("Format", n.text);
    return QString::fromStdString(key);
}

QString rate(double perSecond, bool flops)
{
    const double g = perSecond / 1e9;
    // Three significant digits, but never an exponent: 4230, not 4.23e+03.
    const QString number = g >= 100 ? QString::number(std::llround(g)) : QString::number(g, 'g', 3);
    return flops ? QCoreApplication::translate("Format", "%1 GFLOP/s").arg(number)
                 : QCoreApplication::translate("Format", "%1 GB/s").arg(number);
}

QString calibrationStep(const CalibrationStep &step)
{
    auto tr = [](const char *text) { return QCoreApplication::translate("Format", text); };
    switch (step.kind) {
    case CalibrationStep::Kind::Cpu:
        return (step.threads == 1 ? tr("Calibrating the CPU with 1 thread")
                                  : tr("Calibrating the CPU with %1 threads").arg(step.threads)) +
               tr(": parallel-region cost, FMA peak and the bandwidth of each cache level and DRAM per "
                  "thread count, GEMM FLOP/s\u2026");
    case CalibrationStep::Kind::Gpu:
        return tr("Calibrating GPU %1: copy and transfer bandwidth, launch latency, L2 bandwidth, FMA peak, "
                  "cuBLAS GEMM FLOP/s\u2026")
            .arg(step.device);
    case CalibrationStep::Kind::GpuSkipped:
        return tr("The GPU was not calibrated: %1").arg(sentence(QString::fromStdString(step.reason)));
    case CalibrationStep::Kind::GpuFailed:
        return tr("GPU %1 could not be calibrated: %2 The CPU ceilings are kept.")
            .arg(step.device)
            .arg(sentence(QString::fromStdString(step.reason)));
    }
    return {};
}

QStringList headlineCeilings(const std::map<std::string, double> &ceilings)
{
    QStringList out;
    for (const auto &[k, v] : ceilings) {
        if (k == Calibration::cpuTriad || k == Calibration::gpuCopy)
            out << QStringLiteral("%1 %2").arg(ceilingName(k), rate(v, false));
        else if (k == Calibration::cpuFma || k == Calibration::cpuGemm || k == Calibration::gpuFma ||
                 k == Calibration::gpuCublas)
            out << QStringLiteral("%1 %2").arg(ceilingName(k), rate(v, true));
    }
    return out;
}

} // namespace speeduplab::Format
