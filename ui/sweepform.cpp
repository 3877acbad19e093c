// SPDX-License-Identifier: MIT
// The sweep panel's form: its values, their checks, the plan they make, and their settings.
#include "ui/sweepform.h"

#include "backend/backendnames.h"

#include "words/appsettings.h"

#include "core/model/workload.h"

#include <QCoreApplication>
#include <QSettings>

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <vector>

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

// The readers of one type each field uses: a value, or nothing when it is missing, of the wrong
// type or out of range.
template <class T> using Read = std::function<std::optional<T>(QSettings &, const char *key)>;

Read<int> integer(int lo, int hi)
{
    return [lo, hi](QSettings &s, const char *key) { return readInt(s, key, lo, hi); };
}

Read<double> real(double lo, double hi)
{
    return [lo, hi](QSettings &s, const char *key) { return readDouble(s, key, lo, hi); };
}

// Settings saved before a field existed lack it: its default, not a reset of the rest.
template <class T> Read<T> absentIs(T value, Read<T> read)
{
    return [value, read](QSettings &s, const char *key) -> std::optional<T> {
        return s.contains(QLatin1String(key)) ? read(s, key) : value;
    };
}

// What the form's conversions need to know of the machine.
struct Machine {
    int hardwareThreads = 1;
    bool gpuUsable = false;
    int gpuCount = 1;                       ///< the usable GPUs, which allDevices sweeps in turn
    std::vector<PlanDevice> described = {}; ///< the described devices, which allDevices sweeps after the GPUs
    bool has(const QString &row, int index) const
    {
        return std::find(described.begin(), described.end(), PlanDevice{row.toStdString(), index}) !=
               described.end();
    }
};

// One field of the form: its settings key and how it travels, between the form and the settings
// (save, load) and between the form and a plan (toPlan, fromPlan). save, load, toPlan and
// fromPlan walk fields() in its order, so a new field is added there, in one place. A field that
// goes to the plan together with others (the sizes, the variants, the CPU's threads) has its
// plan part in the first of them.
struct Field {
    const char *key;
    std::function<QVariant(const SweepForm &)> save;
    /// Reads key into the form; false when the value is missing, of the wrong type or out of range.
    std::function<bool(QSettings &, const char *key, SweepForm &, const Machine &)> load;
    /// Throws std::invalid_argument (refusal) when the form cannot make a plan; none: nothing to do.
    std::function<void(const SweepForm &, SweepPlan &, const Machine &)> toPlan;
    std::function<void(const SweepPlan &, SweepForm &, const Machine &)> fromPlan;
};

// A field saved as the form holds it, read with `read`; no plan part (the sizes' own fields,
// whose plan part is the sizes'), unless one is added.
template <class T> Field formOnly(const char *key, T SweepForm::*member, Read<T> read)
{
    return {key, [member](const SweepForm &f) { return QVariant::fromValue(f.*member); },
            [member, read](QSettings &s, const char *key, SweepForm &f, const Machine &) {
                const std::optional<T> v = read(s, key);
                if (v)
                    f.*member = *v;
                return v.has_value();
            },
            nullptr, nullptr};
}

// A field the form and the plan hold alike.
template <class T> Field same(const char *key, T SweepForm::*member, T SweepPlan::*plan, Read<T> read)
{
    Field field = formOnly(key, member, read);
    field.toPlan = [member, plan](const SweepForm &f, SweepPlan &p, const Machine &) { p.*plan = f.*member; };
    field.fromPlan = [member, plan](const SweepPlan &p, SweepForm &f, const Machine &) {
        f.*member = p.*plan;
    };
    return field;
}

// The workload and its variants: what is measured.
void whatFields(std::vector<Field> &v)
{
    const Read<QString> text = readString;
    Field workload = formOnly("workload", &SweepForm::workload, text);
    workload.toPlan = [](const SweepForm &f, SweepPlan &p, const Machine &) {
        p.workload = f.workload.toStdString();
        if (!Workload::find(p.workload))
            throw refusal(QT_TRANSLATE_NOOP("SweepForm", "unknown workload \"%1\""), {f.workload});
    };
    workload.fromPlan = [](const SweepPlan &p, SweepForm &f, const Machine &) {
        f.workload = QString::fromStdString(p.workload);
    };
    v.push_back(workload);

    // The plan's variants: the CPU's first, then the GPU's (the form's two fields).
    Field cpuVariant = formOnly("cpuVariant", &SweepForm::cpuVariant, text);
    cpuVariant.toPlan = [](const SweepForm &f, SweepPlan &p, const Machine &) {
        if (!f.cpuVariant.isEmpty())
            p.variants.push_back(f.cpuVariant.toStdString());
    };
    cpuVariant.fromPlan = [](const SweepPlan &plan, SweepForm &f, const Machine &) {
        const Workload *w = Workload::find(plan.workload);
        if (!w)
            return;
        // The device's variants are a described backend's when the plan sweeps its device alone
        // (the described field makes it the form's device).
        const QString described = !plan.gpu && !plan.describedDevices.empty()
                                      ? QString::fromStdString(plan.describedDevices.front().row)
                                      : QString();
        const std::vector<std::string> &offered = SweepForm::deviceVariants(*w, described);
        QStringList gpu;
        for (const auto &v : plan.variants) {
            if (f.cpuVariant.isEmpty() && w->hasCpuVariant(v))
                f.cpuVariant = QString::fromStdString(v);
            else if (std::find(offered.begin(), offered.end(), v) != offered.end() &&
                     !gpu.contains(QString::fromStdString(v)))
                gpu << QString::fromStdString(v);
        }
        // Several GPU variants: the form's "all" choice when they are all of them, else the first.
        f.gpuVariant = gpu.size() > 1 && std::size_t(gpu.size()) == offered.size()
                           ? SweepForm::allVariants(*w, described)
                       : gpu.isEmpty() ? QString()
                                       : gpu.front();
    };
    v.push_back(cpuVariant);
    Field gpuVariant = formOnly("gpuVariant", &SweepForm::gpuVariant, text);
    gpuVariant.toPlan = [](const SweepForm &f, SweepPlan &p, const Machine &) {
        for (const QString &v : f.gpuVariant.split(QLatin1Char(','), Qt::SkipEmptyParts))
            p.variants.push_back(v.toStdString());
    };
    v.push_back(gpuVariant);
}

// The sizes: the five size fields.
void sizeFields(std::vector<Field> &v)
{
    const Read<QString> text = readString;
    const Read<bool> boolean = readBool;
    // The plan's sizes: the five size fields.
    Field sizesAsRange = formOnly("sizesAsRange", &SweepForm::sizesAsRange, boolean);
    sizesAsRange.toPlan = [](const SweepForm &f, SweepPlan &p, const Machine &) { p.sizes = f.sizes(); };
    sizesAsRange.fromPlan = [](const SweepPlan &plan, SweepForm &f, const Machine &) {
        std::vector<int> sizes = plan.sizes;
        std::sort(sizes.begin(), sizes.end());
        sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
        f.sizesAsRange = false;
        if (sizes.empty())
            return;
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
    };
    v.push_back(sizesAsRange);
    v.push_back(formOnly("rangeMin", &SweepForm::rangeMin, integer(1, SweepPlan::maxSize)));
    v.push_back(formOnly("rangeMax", &SweepForm::rangeMax, integer(1, SweepPlan::maxSize)));
    v.push_back(formOnly("stepsPerDecade", &SweepForm::stepsPerDecade, integer(1, 100)));
    v.push_back(formOnly("sizeList", &SweepForm::sizeList, text));
}

// The CPU and its thread counts.
void cpuFields(std::vector<Field> &v)
{
    const Read<bool> boolean = readBool;
    // The CPU and its thread counts.
    Field cpu = formOnly("cpu", &SweepForm::cpu, boolean);
    cpu.toPlan = [](const SweepForm &f, SweepPlan &p, const Machine &) {
        p.cpu = f.cpu;
        if (!f.cpu)
            return;
        if (f.threads.isEmpty())
            throw refusal(QT_TRANSLATE_NOOP(
                "SweepForm", "no CPU thread count is checked: check at least one, or switch the CPU off"));
        for (int t : f.threads)
            p.threads.push_back(t);
    };
    cpu.fromPlan = [](const SweepPlan &plan, SweepForm &f, const Machine &m) {
        f.threads.clear();
        for (int t : plan.threads)
            if (t >= 1 && t <= m.hardwareThreads && !f.threads.contains(t))
                f.threads << t;
        std::sort(f.threads.begin(), f.threads.end());
        f.cpu = plan.cpu && !f.threads.isEmpty();
    };
    v.push_back(cpu);
    v.push_back({"threads", [](const SweepForm &f) -> QVariant { return joinInts(f.threads); },
                 [](QSettings &s, const char *key, SweepForm &f, const Machine &m) {
                     const std::optional<QString> threads = readString(s, key);
                     if (!threads)
                         return false;
                     f.threads.clear();
                     for (const QString &part : threads->split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                         bool ok = false;
                         const int t = part.trimmed().toInt(&ok);
                         if (!ok || t < 1 || t > m.hardwareThreads || f.threads.contains(t))
                             return false;
                         f.threads << t;
                     }
                     std::sort(f.threads.begin(), f.threads.end());
                     return true;
                 },
                 nullptr, nullptr});
}

// The GPU and the OpenCL devices: which, and their modes.
void deviceFields(std::vector<Field> &v)
{
    const Read<bool> boolean = readBool;
    // The GPU: which, and its modes. Switched off on a machine without a usable one.
    Field gpu = same("gpu", &SweepForm::gpu, &SweepPlan::gpu, boolean);
    gpu.load = [](QSettings &s, const char *key, SweepForm &f, const Machine &m) {
        const std::optional<bool> gpu = readBool(s, key);
        f.gpu = gpu && *gpu && (m.gpuUsable || !m.described.empty()); // which device: the described field
        return gpu.has_value();
    };
    gpu.fromPlan = [](const SweepPlan &p, SweepForm &f, const Machine &m) { f.gpu = p.gpu && m.gpuUsable; };
    v.push_back(gpu);
    v.push_back(same("device", &SweepForm::device, &SweepPlan::device, integer(0, 1024)));
    v.push_back({"allDevices", [](const SweepForm &f) { return QVariant(f.allDevices); },
                 [](QSettings &s, const char *key, SweepForm &f, const Machine &) {
                     f.allDevices = s.value(QLatin1String(key), false).toBool(); // absent in older settings
                     return true;
                 },
                 [](const SweepForm &f, SweepPlan &p, const Machine &m) {
                     if (f.allDevices && f.gpu && m.gpuCount > 1)
                         p.devices = SweepPlan::parseDevices("all", m.gpuCount);
                 },
                 [](const SweepPlan &p, SweepForm &f, const Machine &) {
                     f.allDevices = p.devices.size() + p.describedDevices.size() > 1;
                 }});
    // After gpu, device and allDevices: a described device (OpenCL's) is the device of the GPU box.
    // Saved under "opencl", which older settings hold as a bool (true: an OpenCL device).
    v.push_back({"opencl", [](const SweepForm &f) { return QVariant(f.described); },
                 [](QSettings &s, const char *key, SweepForm &f, const Machine &m) {
                     const QString saved = s.value(QLatin1String(key)).toString(); // absent in older settings
                     f.described =
                         saved == QLatin1String("true")
                             ? QString::fromLatin1(RowName::opencl.data(), qsizetype(RowName::opencl.size()))
                         : describedByRow(saved.toStdString()) ? saved
                                                               : QString();
                     if (!f.described.isEmpty() && !m.has(f.described, f.device)) { // gone: the GPU box off
                         f.described.clear();
                         f.gpu = false;
                         f.device = 0;
                     }
                     if (f.described.isEmpty() && !f.allDevices &&
                         !m.gpuUsable) // a CUDA GPU, and there is none
                         f.gpu = false;
                     return true;
                 },
                 [](const SweepForm &f, SweepPlan &p, const Machine &m) {
                     if (!f.gpu)
                         return;
                     if (f.allDevices) {
                         p.gpu = m.gpuCount > 0;
                         p.describedDevices = m.described;
                     } else if (!f.described.isEmpty()) {
                         p.gpu = false;
                         p.device = 0;
                         p.devices.clear();
                         p.describedDevices = {{f.described.toStdString(), f.device}};
                     }
                 },
                 [](const SweepPlan &p, SweepForm &f, const Machine &m) {
                     const bool one = !p.gpu && !p.describedDevices.empty() &&
                                      m.has(QString::fromStdString(p.describedDevices.front().row),
                                            p.describedDevices.front().index);
                     f.described = one ? QString::fromStdString(p.describedDevices.front().row) : QString();
                     if (one) {
                         f.gpu = true;
                         f.device = p.describedDevices.front().index;
                     }
                 }});
    v.push_back(
        {"modes", [](const SweepForm &f) -> QVariant { return f.modes.join(QLatin1Char(',')); },
         [](QSettings &s, const char *key, SweepForm &f, const Machine &) {
             const std::optional<QString> modes = readString(s, key);
             if (modes)
                 f.modes = modes->split(QLatin1Char(','), Qt::SkipEmptyParts);
             return modes.has_value();
         },
         [](const SweepForm &f, SweepPlan &p, const Machine &) {
             if (!f.gpu)
                 return;
             if (f.modes.isEmpty())
                 throw refusal(QT_TRANSLATE_NOOP(
                     "SweepForm", "no GPU mode is checked: check at least one, or switch the GPU off"));
             for (const auto &m : f.modes)
                 p.modes.push_back(m.toStdString());
         },
         [](const SweepPlan &p, SweepForm &f, const Machine &) {
             f.modes.clear();
             for (const auto &m : p.modes)
                 f.modes << QString::fromStdString(m);
             if (f.modes.isEmpty())
                 f.modes = allModes(f.workload);
         }});
    v.push_back(same("transfers", &SweepForm::transfers, &SweepPlan::transfers, boolean));
    v.push_back(same("pinned", &SweepForm::pinned, &SweepPlan::pinned, boolean));
}

// How long each point is measured, and where the CPU threads run.
void measuringFields(std::vector<Field> &v)
{
    const Read<bool> boolean = readBool;
    // How long each point is measured. The budget's limits are checked by validate, with the others.
    v.push_back(same("iterations", &SweepForm::iterations, &SweepPlan::iterations, integer(0, 1000000)));
    v.push_back(same("minTime", &SweepForm::minTime, &SweepPlan::minTime, real(0, 3600)));
    v.push_back(same("maxReps", &SweepForm::maxReps, &SweepPlan::maxReps, integer(1, 1000000)));
    v.push_back(same("budget", &SweepForm::budget, &SweepPlan::budget, real(0, SweepPlan::maxBudget)));
    v.push_back(same("coldCache", &SweepForm::coldCache, &SweepPlan::coldCache, absentIs(false, boolean)));
    v.push_back(same("energy", &SweepForm::energy, &SweepPlan::energy, absentIs(true, boolean)));
    v.push_back(same("rounds", &SweepForm::rounds, &SweepPlan::rounds,
                     absentIs(1, integer(1, SweepPlan::maxRounds))));
    v.push_back(same("refine", &SweepForm::refine, &SweepPlan::refine, absentIs(0.0, real(0, 0.99))));
    // Where the CPU threads run: a name Placement knows, else the default.
    Field placement =
        formOnly("placement", &SweepForm::placement,
                 absentIs(QString::fromStdString(Placement::name(Placement::defaultKind)),
                          Read<QString>([](QSettings &s, const char *key) -> std::optional<QString> {
                              const std::optional<QString> v = readString(s, key);
                              if (v && !Placement::parse(v->toStdString()))
                                  return std::nullopt;
                              return v;
                          })));
    placement.toPlan = [](const SweepForm &f, SweepPlan &p, const Machine &) {
        p.placement = Placement::parse(f.placement.toStdString()).value_or(Placement::defaultKind);
    };
    placement.fromPlan = [](const SweepPlan &p, SweepForm &f, const Machine &) {
        f.placement = QString::fromStdString(Placement::name(p.placement));
    };
    v.push_back(placement);
}

const std::vector<Field> &fields()
{
    static const std::vector<Field> all = [] {
        std::vector<Field> v;
        whatFields(v);
        sizeFields(v);
        cpuFields(v);
        deviceFields(v);
        measuringFields(v);
        return v;
    }();
    return all;
}

} // namespace

SweepForm SweepForm::defaults(int hardwareThreads, bool gpuUsable, const std::vector<PlanDevice> &described)
{
    return fromPlan(SweepPlan::seed(hardwareThreads), hardwareThreads, gpuUsable, described);
}

const std::vector<std::string> &SweepForm::deviceVariants(const Workload &w, const QString &described)
{
    return described.isEmpty() ? w.gpuVariants : w.variantsOn(described.toStdString());
}

QString SweepForm::allVariants(const Workload &w, const QString &described)
{
    QStringList all;
    for (const auto &v : deviceVariants(w, described))
        all << QString::fromStdString(v);
    return all.join(QLatin1Char(','));
}

SweepForm SweepForm::fromPlan(const SweepPlan &plan, int hardwareThreads, bool gpuUsable,
                              const std::vector<PlanDevice> &described)
{
    const Machine machine{hardwareThreads, gpuUsable, 1, described};
    SweepForm f;
    for (const Field &field : fields())
        if (field.fromPlan)
            field.fromPlan(plan, f, machine);
    if (!f.cpu && !f.gpu) { // nothing left to run here: measure the CPU with every thread count
        f.cpu = true;
        f.threads.clear();
        for (int t = 1; t <= hardwareThreads; ++t)
            f.threads << t;
    }
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

SweepPlan SweepForm::toPlan(int hardwareThreads, int gpuCount, const std::vector<PlanDevice> &described) const
{
    const Machine machine{hardwareThreads, false, gpuCount, described};
    SweepPlan p;
    for (const Field &field : fields())
        if (field.toPlan)
            field.toPlan(*this, p, machine);
    if (!cpu && !gpu)
        throw refusal(QT_TRANSLATE_NOOP("SweepForm", "neither the CPU nor the GPU is switched on"));
    p.validate(hardwareThreads);
    return p;
}

void SweepForm::save(QSettings &s) const
{
    s.beginGroup(QStringLiteral("sweep"));
    for (const Field &field : fields())
        s.setValue(QLatin1String(field.key), field.save(*this));
    s.endGroup();
}

std::optional<SweepForm> SweepForm::load(QSettings &s, int hardwareThreads, bool gpuUsable,
                                         const std::vector<PlanDevice> &described)
{
    s.beginGroup(QStringLiteral("sweep"));
    struct GroupEnd {
        QSettings &s;
        ~GroupEnd() { s.endGroup(); }
    } groupEnd{s};

    const Machine machine{hardwareThreads, gpuUsable, 1, described};
    SweepForm f;
    for (const Field &field : fields())
        if (!field.load(s, field.key, f, machine))
            return std::nullopt;

    const Workload *w = Workload::find(f.workload.toStdString());
    if (!w)
        return std::nullopt;
    if (!f.cpuVariant.isEmpty() && !w->hasCpuVariant(f.cpuVariant.toStdString()))
        return std::nullopt;
    for (const QString &v : f.gpuVariant.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (const std::vector<std::string> &offered = deviceVariants(*w, f.described);
            std::find(offered.begin(), offered.end(), v.toStdString()) == offered.end())
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
