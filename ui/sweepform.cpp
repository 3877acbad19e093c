// SPDX-License-Identifier: MIT
// The sweep panel's form: its values, their checks, the plan they make, and their settings.
#include "ui/sweepform.h"

#include "ui/appsettings.h"

#include "core/workload.h"

#include <QCoreApplication>
#include <QSettings>

#include <algorithm>
#include <stdexcept>

namespace speeduplab {

namespace {

// The panel shows these reasons to the user: in their language.
std::invalid_argument refusal(const char *text, const QStringList &args = {})
{
    QString s = QCoreApplication::translate("SweepForm", text);
    for (const QString &a : args)
        s = s.arg(a);
    return std::invalid_argument(s.toStdString());
}

QStringList allModes(const QString &workload)
{
    QStringList out;
    if (const Workload *w = Workload::find(workload.toStdString()))
        for (const auto &m : w->gpuModes)
            out << QString::fromStdString(m);
    return out;
}

QString joinInts(const QList<int> &v)
{
    QStringList parts;
    for (int x : v)
        parts << QString::number(x);
    return parts.join(QLatin1Char(','));
}

// Typed reads that refuse anything a person or a crash could have left in the file.
std::optional<int> readInt(QSettings &s, const char *key, int lo, int hi)
{
    bool ok = false;
    const int v = s.value(QLatin1String(key)).toString().trimmed().toInt(&ok);
    if (!ok || v < lo || v > hi)
        return std::nullopt;
    return v;
}

std::optional<double> readDouble(QSettings &s, const char *key, double lo, double hi)
{
    return AppSettings::number(s, QLatin1String(key), lo, hi);
}

std::optional<bool> readBool(QSettings &s, const char *key)
{
    const QVariant v = s.value(QLatin1String(key));
    if (v.typeId() == QMetaType::Bool)
        return v.toBool();
    const QString t = v.toString().trimmed().toLower();
    if (t == QLatin1String("true"))
        return true;
    if (t == QLatin1String("false"))
        return false;
    return std::nullopt;
}

std::optional<QString> readString(QSettings &s, const char *key)
{
    const QVariant v = s.value(QLatin1String(key));
    if (!v.isValid())
        return std::nullopt;
    return v.toString();
}

} // namespace

SweepForm SweepForm::defaults(int hardwareThreads, bool gpuUsable)
{
    return fromPlan(SweepPlan::seed(hardwareThreads), hardwareThreads, gpuUsable);
}

QString SweepForm::allVariants(const Workload &w)
{
    QStringList all;
    for (const auto &v : w.gpuVariants)
        all << QString::fromStdString(v);
    return all.join(QLatin1Char(','));
}

SweepForm SweepForm::fromPlan(const SweepPlan &plan, int hardwareThreads, bool gpuUsable)
{
    SweepForm f;
    f.workload = QString::fromStdString(plan.workload);
    if (const Workload *w = Workload::find(plan.workload)) {
        QStringList gpu;
        for (const auto &v : plan.variants) {
            if (f.cpuVariant.isEmpty() && w->hasCpuVariant(v))
                f.cpuVariant = QString::fromStdString(v);
            else if (w->hasGpuVariant(v) && !gpu.contains(QString::fromStdString(v)))
                gpu << QString::fromStdString(v);
        }
        // Several GPU variants: the form's "all" choice when they are all of them, else the first.
        f.gpuVariant = gpu.size() > 1 && std::size_t(gpu.size()) == w->gpuVariants.size() ? allVariants(*w)
                       : gpu.isEmpty()                                                    ? QString()
                                                                                          : gpu.front();
    }
    std::vector<int> sizes = plan.sizes;
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    f.sizesAsRange = false;
    if (!sizes.empty()) {
        for (int steps = 1; steps <= 100 && !f.sizesAsRange; ++steps) {
            if (SweepPlan::logRange(sizes.front(), sizes.back(), steps) == sizes) {
                f.sizesAsRange = true;
                f.rangeMin = sizes.front();
                f.rangeMax = sizes.back();
                f.stepsPerDecade = steps;
            }
        }
        QStringList parts;
        for (int n : sizes)
            parts << QString::number(n);
        f.sizeList = parts.join(QLatin1Char(','));
    }
    f.threads.clear();
    for (int t : plan.threads)
        if (t >= 1 && t <= hardwareThreads && !f.threads.contains(t))
            f.threads << t;
    std::sort(f.threads.begin(), f.threads.end());
    f.cpu = plan.cpu && !f.threads.isEmpty();
    f.gpu = plan.gpu && gpuUsable;
    if (!f.cpu && !f.gpu) { // nothing left to run here: measure the CPU with every thread count
        f.cpu = true;
        f.threads.clear();
        for (int t = 1; t <= hardwareThreads; ++t)
            f.threads << t;
    }
    f.device = plan.device;
    f.allDevices = plan.devices.size() > 1;
    f.modes.clear();
    for (const auto &m : plan.modes)
        f.modes << QString::fromStdString(m);
    if (f.modes.isEmpty())
        f.modes = allModes(f.workload);
    f.transfers = plan.transfers;
    f.pinned = plan.pinned;
    f.iterations = plan.iterations;
    f.minTime = plan.minTime;
    f.maxReps = plan.maxReps;
    f.budget = plan.budget;
    f.coldCache = plan.coldCache;
    f.rounds = plan.rounds;
    return f;
}

std::vector<int> SweepForm::sizes() const
{
    if (sizesAsRange) {
        if (rangeMin > rangeMax)
            throw refusal(QT_TRANSLATE_NOOP("SweepForm", "the minimum n (%1) is above the maximum n (%2)"),
                          {QString::number(rangeMin), QString::number(rangeMax)});
        return SweepPlan::logRange(rangeMin, rangeMax, stepsPerDecade);
    }
    if (sizeList.trimmed().isEmpty())
        throw refusal(
            QT_TRANSLATE_NOOP("SweepForm", "no sizes were given: type them as a list, e.g. 4,40,400"));
    return SweepPlan::parseSizes(sizeList.toStdString());
}

int SweepForm::maxThreads() const
{
    return cpu && !threads.isEmpty() ? *std::max_element(threads.begin(), threads.end()) : 1;
}

SweepPlan SweepForm::toPlan(int hardwareThreads, int gpuCount) const
{
    SweepPlan p;
    p.workload = workload.toStdString();
    const Workload *w = Workload::find(p.workload);
    if (!w)
        throw refusal(QT_TRANSLATE_NOOP("SweepForm", "unknown workload \"%1\""), {workload});
    if (!cpuVariant.isEmpty())
        p.variants.push_back(cpuVariant.toStdString());
    for (const QString &v : gpuVariant.split(QLatin1Char(','), Qt::SkipEmptyParts))
        p.variants.push_back(v.toStdString());
    p.sizes = sizes();
    p.cpu = cpu;
    if (cpu) {
        if (threads.isEmpty())
            throw refusal(QT_TRANSLATE_NOOP(
                "SweepForm", "no CPU thread count is checked: check at least one, or switch the CPU off"));
        for (int t : threads)
            p.threads.push_back(t);
    }
    p.gpu = gpu;
    if (gpu) {
        if (modes.isEmpty())
            throw refusal(QT_TRANSLATE_NOOP(
                "SweepForm", "no GPU mode is checked: check at least one, or switch the GPU off"));
        for (const auto &m : modes)
            p.modes.push_back(m.toStdString());
    }
    if (!cpu && !gpu)
        throw refusal(QT_TRANSLATE_NOOP("SweepForm", "neither the CPU nor the GPU is switched on"));
    p.transfers = transfers;
    p.pinned = pinned;
    p.iterations = iterations;
    p.minTime = minTime;
    p.maxReps = maxReps;
    p.budget = budget; // its limits are checked by validate, with the others
    p.device = device;
    if (allDevices && gpu && gpuCount > 1)
        p.devices = SweepPlan::parseDevices("all", gpuCount);
    p.coldCache = coldCache;
    p.rounds = rounds;
    p.validate(hardwareThreads);
    return p;
}

void SweepForm::save(QSettings &s) const
{
    s.beginGroup(QStringLiteral("sweep"));
    s.setValue(QStringLiteral("workload"), workload);
    s.setValue(QStringLiteral("cpuVariant"), cpuVariant);
    s.setValue(QStringLiteral("gpuVariant"), gpuVariant);
    s.setValue(QStringLiteral("sizesAsRange"), sizesAsRange);
    s.setValue(QStringLiteral("rangeMin"), rangeMin);
    s.setValue(QStringLiteral("rangeMax"), rangeMax);
    s.setValue(QStringLiteral("stepsPerDecade"), stepsPerDecade);
    s.setValue(QStringLiteral("sizeList"), sizeList);
    s.setValue(QStringLiteral("cpu"), cpu);
    s.setValue(QStringLiteral("threads"), joinInts(threads));
    s.setValue(QStringLiteral("gpu"), gpu);
    s.setValue(QStringLiteral("device"), device);
    s.setValue(QStringLiteral("allDevices"), allDevices);
    s.setValue(QStringLiteral("modes"), modes.join(QLatin1Char(',')));
    s.setValue(QStringLiteral("transfers"), transfers);
    s.setValue(QStringLiteral("pinned"), pinned);
    s.setValue(QStringLiteral("iterations"), iterations);
    s.setValue(QStringLiteral("minTime"), minTime);
    s.setValue(QStringLiteral("maxReps"), maxReps);
    s.setValue(QStringLiteral("budget"), budget);
    s.setValue(QStringLiteral("coldCache"), coldCache);
    s.setValue(QStringLiteral("rounds"), rounds);
    s.endGroup();
}

std::optional<SweepForm> SweepForm::load(QSettings &s, int hardwareThreads, bool gpuUsable)
{
    s.beginGroup(QStringLiteral("sweep"));
    struct GroupEnd {
        QSettings &s;
        ~GroupEnd() { s.endGroup(); }
    } groupEnd{s};

    SweepForm f;
    const auto workload = readString(s, "workload");
    const auto cpuVariant = readString(s, "cpuVariant");
    const auto gpuVariant = readString(s, "gpuVariant");
    const auto sizesAsRange = readBool(s, "sizesAsRange");
    const auto rangeMin = readInt(s, "rangeMin", 1, SweepPlan::maxSize);
    const auto rangeMax = readInt(s, "rangeMax", 1, SweepPlan::maxSize);
    const auto steps = readInt(s, "stepsPerDecade", 1, 100);
    const auto sizeList = readString(s, "sizeList");
    const auto cpu = readBool(s, "cpu");
    const auto threads = readString(s, "threads");
    const auto gpu = readBool(s, "gpu");
    const auto device = readInt(s, "device", 0, 1024);
    const auto modes = readString(s, "modes");
    const auto transfers = readBool(s, "transfers");
    const auto pinned = readBool(s, "pinned");
    const auto iterations = readInt(s, "iterations", 0, 1000000);
    const auto minTime = readDouble(s, "minTime", 0, 3600);
    const auto maxReps = readInt(s, "maxReps", 1, 1000000);
    const auto budget = readDouble(s, "budget", 0, SweepPlan::maxBudget);
    // Settings saved before these existed lack them: the defaults, not a reset of the rest.
    const auto coldCache = s.contains(QStringLiteral("coldCache")) ? readBool(s, "coldCache") : false;
    const auto rounds =
        s.contains(QStringLiteral("rounds")) ? readInt(s, "rounds", 1, SweepPlan::maxRounds) : 1;
    if (!workload || !cpuVariant || !gpuVariant || !sizesAsRange || !rangeMin || !rangeMax || !steps ||
        !sizeList || !cpu || !threads || !gpu || !device || !modes || !transfers || !pinned || !iterations ||
        !minTime || !maxReps || !budget || !coldCache || !rounds)
        return std::nullopt;

    f.workload = *workload;
    f.cpuVariant = *cpuVariant;
    f.gpuVariant = *gpuVariant;
    f.sizesAsRange = *sizesAsRange;
    f.rangeMin = *rangeMin;
    f.rangeMax = *rangeMax;
    f.stepsPerDecade = *steps;
    f.sizeList = *sizeList;
    f.cpu = *cpu;
    f.threads.clear();
    for (const QString &part : threads->split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int t = part.trimmed().toInt(&ok);
        if (!ok || t < 1 || t > hardwareThreads || f.threads.contains(t))
            return std::nullopt;
        f.threads << t;
    }
    std::sort(f.threads.begin(), f.threads.end());
    f.gpu = *gpu && gpuUsable;
    f.device = *device;
    f.allDevices = s.value(QStringLiteral("allDevices"), false).toBool(); // absent in older settings
    f.modes = modes->split(QLatin1Char(','), Qt::SkipEmptyParts);
    f.transfers = *transfers;
    f.pinned = *pinned;
    f.iterations = *iterations;
    f.minTime = *minTime;
    f.maxReps = *maxReps;
    f.budget = *budget;
    f.coldCache = *coldCache;
    f.rounds = *rounds;

    const Workload *w = Workload::find(f.workload.toStdString());
    if (!w)
        return std::nullopt;
    if (!f.cpuVariant.isEmpty() && !w->hasCpuVariant(f.cpuVariant.toStdString()))
        return std::nullopt;
    for (const QString &v : f.gpuVariant.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!w->hasGpuVariant(v.toStdString()))
            return std::nullopt;
    for (const QString &m : f.modes)
        if (!w->hasGpuMode(m.toStdString()))
            return std::nullopt;
    try {
        f.toPlan(hardwareThreads);
        // The size field not in use must be sound too: the user may switch to it.
        SweepForm other = f;
        other.sizesAsRange = !f.sizesAsRange;
        other.sizes();
    } catch (const std::exception &) {
        return std::nullopt;
    }
    return f;
}

} // namespace speeduplab
