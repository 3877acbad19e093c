// SPDX-License-Identifier: MIT
// Numbers, durations, rates and sentences as the user reads them (words/format.h).
#include "words/format.h"

#include "core/analysis/analysis.h"

#include "core/io/terminaltext.h"

#include "core/measure/calibration.h"
#include "core/pipeline.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace speeduplab {
// translations.cpp installs the English forms of counts ("%n point(s)") when a QCoreApplication
// starts. A static library leaves out an object file nothing refers to: this reference keeps
// that one in every program that formats anything.
extern int englishPluralsAnchor;
[[gnu::used]] static const int *const keepEnglishPlurals = &englishPluralsAnchor;
} // namespace speeduplab

namespace speeduplab::Format {

namespace {

/// What ends a sentence, in English or in a translation.
const QString &sentenceEnds()
{
    static const QString ends = QStringLiteral(".!?\u3002\uff01\uff1f");
    return ends;
}

} // namespace

QString sentence(const QString &text)
{
    QString s = text.trimmed();
    if (s.isEmpty())
        return s;
    // Capitalised when it starts with a word, not a name: "m2.json holds 2 runs" stays as the
    // file is called (it read "M2.json").
    const qsizetype space = s.indexOf(QLatin1Char(' '));
    QStringView first = QStringView(s).left(space < 0 ? s.size() : space);
    if (!first.isEmpty() && first.back().isPunct()) // "why?"
        first.chop(1);
    // A one-letter word before a symbol is a variable: "n ≈ 594 以上" keeps its n.
    const bool variable =
        first.size() == 1 && space >= 0 && space + 1 < s.size() && !s[space + 1].isLetterOrNumber();
    if (!first.isEmpty() && !variable && std::all_of(first.begin(), first.end(), [](QChar c) {
            return (c.isLetter() && c.isLower()) || c == QLatin1Char('\'') || c == QLatin1Char('-');
        }))
        s[0] = s[0].toUpper();
    // A sentence already ended, in English or in a translation (full-width 。！？); else the full
    // stop of the window's language.
    if (!sentenceEnds().contains(s.back()))
        s += QCoreApplication::translate("Format", ".");
    return s;
}

QString clause(const QString &text)
{
    QString s = text.trimmed();
    while (!s.isEmpty() && sentenceEnds().contains(s.back()))
        s.chop(1);
    return s;
}

QString keepUnits(const QString &text, QChar joiner)
{
    // A number (digits, a decimal point or comma) and the unit right after it: SI prefixes with
    // s, B, B/s, FLOP/s, FLOP/B, Hz, W, and the percent sign.
    static const QRegularExpression pair(QStringLiteral(
        "(\\d) ((?:[qryzafpnµumkMGTPEZYRQ]?(?:s|B|B/s|FLOP/s|FLOP/B|FLOP|Hz|W|iB))(?![\\w/])|%)"));
    QString out = text;
    out.replace(pair, QStringLiteral("\\1") + joiner + QStringLiteral("\\2"));
    return out;
}

QString plainTip(const QString &text)
{
    // Without '<' Qt never takes a text for rich text (Qt::mightBeRichText looks for a tag).
    if (!text.contains(QLatin1Char('<')) && !text.contains(QLatin1Char('&')))
        return text;
    return QStringLiteral("<p style=\"white-space:pre-wrap\">%1</p>").arg(text.toHtmlEscaped());
}

QString number(double v)
{
    if (!std::isfinite(v))
        return QStringLiteral("\u2014");
    if (v == 0)
        return QStringLiteral("0");
    // Past a million, 3 significant digits and a power of ten ("1.2 \u00d7 10^15"): fixed
    // notation printed 16 digits for a hostile file's speedup.
    if (std::abs(v) >= 1e6) {
        const int exponent = int(std::floor(std::log10(std::abs(v))));
        return QStringLiteral("%1 \u00d7 10^%2").arg(number(v / std::pow(10.0, exponent))).arg(exponent);
    }
    // Fixed notation with the decimals that leave 3 significant digits: 'g' would switch to
    // an exponent below 1e-4 and from 1e3 up.
    const int decimals = std::max(0, 2 - int(std::floor(std::log10(std::abs(v)))));
    QString s = QString::number(v, 'f', decimals);
    if (decimals > 0) {
        while (s.endsWith(QLatin1Char('0')))
            s.chop(1);
        if (s.endsWith(QLatin1Char('.')))
            s.chop(1);
    }
    return s;
}

QString si(double v, const QString &unit)
{
    // One letter per factor of 1000, quecto to quetta; the middle one stands for no prefix.
    static const QString prefixes = QStringLiteral("qryzafpn\u00b5m kMGTPEZYRQ");
    constexpr int unity = 10;
    const double a = std::abs(v);
    if (!std::isfinite(v) || a >= 999.5e30)
        return QStringLiteral("\u2014");
    if (a < 1e-30)
        return QStringLiteral("0 %1").arg(unit);
    int group = std::clamp(int(std::floor(std::log10(a) / 3)), -unity, unity);
    double mantissa = v / std::pow(1000.0, group);
    if (std::abs(mantissa) >= 999.5 && group < unity) { // rounds up to 1000: "1 k", not "1000"
        ++group;
        mantissa /= 1000;
    }
    const QString prefix = group == 0 ? QString() : QString(prefixes[group + unity]);
    return QStringLiteral("%1 %2%3").arg(number(mantissa), prefix, unit);
}

QString seconds(double s)
{
    return si(s, QStringLiteral("s"));
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
    return number(n);
}

QString interval(const Crossing &c)
{
    if (c.hasInterval() && !c.resolved()) // in the user's language; the numbers as the CLI's
        return QCoreApplication::translate("Format", " (no crossover resolved: the curves cross %1 times in "
                                                     "n %2\u2013%3, within their noise)")
            .arg(c.times)
            .arg(number(c.lo), number(c.hi));
    return QString::fromStdString(c.intervalText()); // one rule for the app, the CLI and the files
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
        {Calibration::cpuDram, QT_TRANSLATE_NOOP("Format", "CPU DRAM")},
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
        {Calibration::gpuCublasFp16, QT_TRANSLATE_NOOP("Format", "GPU cuBLAS FP16")},
        {Calibration::gpuCublasBf16, QT_TRANSLATE_NOOP("Format", "GPU cuBLAS BF16")},
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
    // A CPU level's ceiling for a mix of traffic other than the update's, the working set it was
    // measured at, or its reach (Calibration::cpuLevelKey, cpuWorkingSetKey, cpuReachKey):
    // "cpu_l3_rw_bytes_per_s" is "CPU L3, read and written back".
    static const Name levels[] = {{"l1", QT_TRANSLATE_NOOP("Format", "CPU L1")},
                                  {"l2", QT_TRANSLATE_NOOP("Format", "CPU L2")},
                                  {"l3", QT_TRANSLATE_NOOP("Format", "CPU L3")},
                                  {"dram", QT_TRANSLATE_NOOP("Format", "CPU DRAM")}};
    static const Name mixes[] = {
        {"_read_bytes_per_s", QT_TRANSLATE_NOOP("Format", "%1, reads only")},
        {"_rw_bytes_per_s", QT_TRANSLATE_NOOP("Format", "%1, read and written back")},
        {"_working_set_bytes", QT_TRANSLATE_NOOP("Format", "%1 working set measured")},
        {"_reach_bytes", QT_TRANSLATE_NOOP("Format", "%1 reach (faster than the next level up to)")},
    };
    for (const Name &l : levels)
        for (const Name &x : mixes)
            if (key == std::string("cpu_") + l.key + x.key)
                return QCoreApplication::translate("Format", x.text)
                    .arg(QCoreApplication::translate("Format", l.text));
    // A described device's, "opencl0_copy_bytes_per_s" (Calibration::deviceKey): "opencl:0 copy".
    static const Name device[] = {
        {"copy_bytes_per_s", QT_TRANSLATE_NOOP("Format", "%1 copy")},
        {"fma_flops_per_s", QT_TRANSLATE_NOOP("Format", "%1 FMA peak")},
        {"launch_s", QT_TRANSLATE_NOOP("Format", "%1 launch")},
        {"sync_round_trip_s", QT_TRANSLATE_NOOP("Format", "%1 sync round trip")},
        {"dispatch_s", QT_TRANSLATE_NOOP("Format", "%1 dispatch")},
        {"h2d_pageable_bytes_per_s", QT_TRANSLATE_NOOP("Format", "%1 H2D pageable")},
        {"h2d_pinned_bytes_per_s", QT_TRANSLATE_NOOP("Format", "%1 H2D pinned")},
        {"d2h_pageable_bytes_per_s", QT_TRANSLATE_NOOP("Format", "%1 D2H pageable")},
        {"d2h_pinned_bytes_per_s", QT_TRANSLATE_NOOP("Format", "%1 D2H pinned")},
    };
    std::string id, what;
    if (Calibration::parseDeviceKey(key, id, what))
        for (const Name &n : device)
            if (what == n.key)
                return QCoreApplication::translate("Format", n.text).arg(QString::fromStdString(id));
    return QString::fromStdString(key);
}

QString rate(double perSecond, bool flops)
{
    return si(perSecond, flops ? QStringLiteral("FLOP/s") : QStringLiteral("B/s"));
}

QString calibrationStep(const CalibrationStep &step)
{
    // QCoreApplication::translate in full, not a local tr(): lupdate would file the texts under
    // "speeduplab::Format", and a lookup in "Format" would never find them.
    switch (step.kind) {
    case CalibrationStep::Kind::Cpu:
        return (step.threads == 1
                    ? QCoreApplication::translate("Format", "Calibrating the CPU with 1 thread")
                    : QCoreApplication::translate("Format", "Calibrating the CPU with %1 threads")
                          .arg(step.threads)) +
               QCoreApplication::translate(
                   "Format",
                   ": parallel-region cost, FMA peak and the bandwidth of each cache level and DRAM per "
                   "thread count, GEMM FLOP/s\u2026");
    case CalibrationStep::Kind::Gpu:
        return QCoreApplication::translate(
                   "Format",
                   "Calibrating GPU %1: copy and transfer bandwidth, launch latency, L2 bandwidth, FMA peak, "
                   "cuBLAS GEMM FLOP/s\u2026")
            .arg(step.device);
    case CalibrationStep::Kind::GpuSkipped:
        return QCoreApplication::translate("Format", "The GPU was not calibrated: %1")
            .arg(sentence(QString::fromStdString(step.reason)));
    case CalibrationStep::Kind::GpuFailed:
        return QCoreApplication::translate("Format",
                                           "GPU %1 could not be calibrated: %2 The CPU ceilings are kept.")
            .arg(step.device)
            .arg(sentence(QString::fromStdString(step.reason)));
    case CalibrationStep::Kind::GpuPartial:
        return QCoreApplication::translate("Format",
                                           "GPU %1's cuBLAS ceilings were not measured: %2 Its other "
                                           "ceilings are kept.")
            .arg(step.device)
            .arg(sentence(QString::fromStdString(step.reason)));
    case CalibrationStep::Kind::Device:
        return QCoreApplication::translate("Format", "Calibrating %1: copy bandwidth, FMA peak, launch "
                                                     "latency and transfers\u2026")
            .arg(QString::fromStdString(step.deviceId));
    case CalibrationStep::Kind::DeviceFailed:
        return QCoreApplication::translate("Format",
                                           "%1 could not be calibrated: %2 The other ceilings are kept.")
            .arg(QString::fromStdString(step.deviceId), sentence(QString::fromStdString(step.reason)));
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

QString cjkSpacing(const QString &text)
{
    static const QRegularExpression anyCjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    if (!text.contains(anyCjk))
        return text;
    // A space where a Chinese character meets a Latin word or a number ("的OpenMP", "使用16"),
    // none between two Chinese characters ("个线程 的", where a translated piece ended in a space).
    static const QRegularExpression cjkThenLatin(QStringLiteral("([\\x{4e00}-\\x{9fff}])([A-Za-z0-9])"));
    static const QRegularExpression latinThenCjk(
        QStringLiteral("([A-Za-z0-9%\\x{00b5}])([\\x{4e00}-\\x{9fff}])"));
    static const QRegularExpression cjkSpaceCjk(
        QStringLiteral("([\\x{4e00}-\\x{9fff}]) ([\\x{4e00}-\\x{9fff}])"));
    QString out = text;
    out.replace(cjkThenLatin, QStringLiteral("\\1 \\2"));
    out.replace(latinThenCjk, QStringLiteral("\\1 \\2"));
    // Twice: "个 线 程" has overlapping pairs.
    out.replace(cjkSpaceCjk, QStringLiteral("\\1\\2"));
    out.replace(cjkSpaceCjk, QStringLiteral("\\1\\2"));
    return out;
}

QString display(const QString &text)
{
    return visible(cjkSpacing(text));
}

QString visible(const QString &text)
{
    // The terminal's rule (TerminalText), line by line: the lines of a note stay lines. Every
    // character it escapes is in the BMP, so one UTF-16 unit at a time finds them.
    if (std::none_of(text.begin(), text.end(),
                     [](QChar c) { return c != QLatin1Char('\n') && TerminalText::escapes(c.unicode()); }))
        return text; // the common case, without a copy
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString &line : lines)
        line = QString::fromStdString(TerminalText::escaped(line.toStdString()));
    return lines.join(QLatin1Char('\n'));
}

} // namespace speeduplab::Format
