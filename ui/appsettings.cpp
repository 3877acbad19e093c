// SPDX-License-Identifier: MIT
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

// What makes a calibration this hardware's: MachineInfo::sameHardware's fields.
QString hardware(const MachineInfo &m)
{
    QStringList parts{QString::fromStdString(m.cpuModel), QString::number(m.logicalCores)};
    for (const auto &g : m.gpus)
        parts << QString::fromStdString(g.name);
    return parts.join(QLatin1Char('|'));
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
    if (s->value(QStringLiteral("calibration/hardware")).toString() != hardware(machine))
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
    s->setValue(QStringLiteral("calibration/hardware"), hardware(machine));
    for (const auto &[key, value] : machine.ceilings)
        s->setValue(QStringLiteral("calibration/ceilings/") + QString::fromStdString(key), value);
}

} // namespace speeduplab
