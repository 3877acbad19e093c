// SPDX-License-Identifier: MIT
// The window's settings file (the user's or --settings FILE) and the calibration kept for this hardware.
#include "ui/appsettings.h"

#include "core/machineinfo.h"

#include <QSettings>
#include <QStringList>

#include <cmath>

namespace speeduplab {

namespace {
QString &chosen()
{
    static QString file;
    return file;
}
} // namespace

void AppSettings::useFile(const QString &file)
{
    chosen() = file;
}

QString AppSettings::file()
{
    return chosen();
}

std::unique_ptr<QSettings> AppSettings::open(const QString &file)
{
    if (!file.isEmpty())
        return std::make_unique<QSettings>(file, QSettings::IniFormat);
    return std::make_unique<QSettings>();
}

std::unique_ptr<QSettings> AppSettings::open()
{
    return open(chosen());
}

std::map<std::string, double> AppSettings::calibratedCeilings(const MachineInfo &machine)
{
    std::map<std::string, double> out;
    const std::unique_ptr<QSettings> s = open();
    // The hardware it was measured on, held to this one by MachineInfo::sameHardware.
    MachineInfo kept;
    kept.cpuModel = s->value(QStringLiteral("calibration/cpuModel")).toString().toStdString();
    kept.logicalCores = s->value(QStringLiteral("calibration/logicalCores"), -1).toInt();
    for (const QString &name : s->value(QStringLiteral("calibration/gpus")).toStringList()) {
        kept.gpus.emplace_back();
        kept.gpus.back().name = name.toStdString();
    }
    if (!s->contains(QStringLiteral("calibration/cpuModel")) || !machine.sameHardware(kept))
        return out;
    s->beginGroup(QStringLiteral("calibration/ceilings"));
    for (const QString &key : s->childKeys()) {
        bool ok = false;
        const double v = s->value(key).toDouble(&ok);
        if (ok && v > 0 && std::isfinite(v)) // a hand-edited file keeps only what makes sense
            out[key.toStdString()] = v;
    }
    return out;
}

void AppSettings::keepCalibration(const MachineInfo &machine)
{
    const std::unique_ptr<QSettings> s = open();
    s->remove(QStringLiteral("calibration"));
    if (machine.ceilings.empty())
        return;
    QStringList gpus;
    for (const auto &g : machine.gpus)
        gpus << QString::fromStdString(g.name);
    s->setValue(QStringLiteral("calibration/cpuModel"), QString::fromStdString(machine.cpuModel));
    s->setValue(QStringLiteral("calibration/logicalCores"), machine.logicalCores);
    s->setValue(QStringLiteral("calibration/gpus"), gpus);
    for (const auto &[key, value] : machine.ceilings)
        s->setValue(QStringLiteral("calibration/ceilings/") + QString::fromStdString(key), value);
}

} // namespace speeduplab
