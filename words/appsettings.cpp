// SPDX-License-Identifier: MIT
// The window's settings file (the user's or --settings FILE) and the calibration kept for this hardware.
#include "words/appsettings.h"

#include "core/io/readfile.h"

#include "core/machine/machineinfo.h"
#include "words/keptsettings.h"

#include <QFile>
#include <QSettings>
#include <QStringList>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace speeduplab {

namespace {
QString &chosen()
{
    static QString file;
    return file;
}
} // namespace

QString AppSettings::refusal(const QString &file)
{
    if (file.isEmpty())
        return {};
    const QByteArray path = QFile::encodeName(file);
    const QString name = QStringLiteral("the settings file %1").arg(file);
    struct stat st {};
    if (::lstat(path.constData(), &st) != 0)
        return errno == ENOENT ? QString()
                               : QStringLiteral("%1 cannot be read: %2")
                                     .arg(name, QString::fromLocal8Bit(std::strerror(errno)));
    const bool link = S_ISLNK(st.st_mode);
    if (link && ::stat(path.constData(), &st) != 0)
        return QStringLiteral(
                   "%1 is a symlink to nothing (%2): settings are kept only in a regular file or a new path")
            .arg(name, QString::fromLocal8Bit(std::strerror(errno)));
    if (!S_ISREG(st.st_mode)) {
        const char *kind = S_ISDIR(st.st_mode)                          ? "a folder"
                           : S_ISFIFO(st.st_mode)                       ? "a named pipe (FIFO)"
                           : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device"
                           : S_ISSOCK(st.st_mode)                       ? "a socket"
                                                                        : "not a regular file";
        return QStringLiteral("%1 is %2%3: settings are kept only in a regular file or a new path")
            .arg(name, QString::fromLatin1(kind), link ? QStringLiteral(" (through a symlink)") : QString());
    }
    constexpr qint64 most = KeptSettings::maxBytes;
    if (st.st_size > most)
        return QStringLiteral("%1 is %2 bytes, larger than a settings file (at most 1 MiB): it is not one")
            .arg(name)
            .arg(qint64(st.st_size));
    // Read through ReadFile: a FIFO swapped in since the stat cannot hang the start.
    const ReadFile::Result r = ReadFile::read(path.toStdString(), std::size_t(most));
    if (r.why == ReadFile::Why::NotRegular)
        return QStringLiteral(
                   "%1 is not a regular file: settings are kept only in a regular file or a new path")
            .arg(name);
    if (r.why == ReadFile::Why::TooLarge) // it grew since the stat
        return QStringLiteral("%1 is larger than a settings file (at most 1 MiB): it is not one").arg(name);
    if (!r.ok())
        return QStringLiteral("%1 cannot be read: %2")
            .arg(name, QString::fromLocal8Bit(std::strerror(r.errnum ? r.errnum : EIO)));
    QByteArray text = QByteArray::fromStdString(r.text);
    if (text.startsWith("\xEF\xBB\xBF")) // a UTF-8 byte-order mark, as some editors write: accepted
        text.remove(0, 3);
    if (text.contains('\0'))
        return QStringLiteral("%1 holds binary data: it is not an INI settings file, and would be replaced")
            .arg(name);
    int lineNo = 0;
    for (const QByteArray &raw : text.split('\n')) {
        ++lineNo;
        const QByteArray line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(';') || line.startsWith('#'))
            continue;
        if (line.startsWith('[') && line.endsWith(']'))
            continue;
        if (const qsizetype eq = line.indexOf('='); eq > 0)
            continue;
        return QStringLiteral(
                   "%1 is not an INI settings file (line %2 is neither [section] nor key=value), and "
                   "closing the window would replace it: name a new file, or one SpeedupLab wrote")
            .arg(name)
            .arg(lineNo);
    }
    return {};
}

std::optional<double> AppSettings::number(const QSettings &s, const QString &key, double lo, double hi)
{
    bool ok = false;
    const double v = s.value(key).toString().trimmed().toDouble(&ok);
    if (!ok || !(v >= lo) || !(v <= hi)) // NaN fails both
        return std::nullopt;
    return v;
}

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
    // The user's settings are an INI file too (QSettings' native format on Linux), kept the same way.
    if (file.isEmpty())
        return std::make_unique<KeptSettings>(QSettings().fileName(), true);
    return std::make_unique<KeptSettings>(file);
}

std::unique_ptr<QSettings> AppSettings::open()
{
    return open(chosen());
}

QString AppSettings::ompWait()
{
    const QString v = open()->value(QStringLiteral("sweep/ompWait")).toString();
    return v == QLatin1String("active") || v == QLatin1String("passive") ? v : QString();
}

void AppSettings::setOmpWait(const QString &policy)
{
    const std::unique_ptr<QSettings> s = open();
    if (policy == QLatin1String("active") || policy == QLatin1String("passive"))
        s->setValue(QStringLiteral("sweep/ompWait"), policy);
    else
        s->remove(QStringLiteral("sweep/ompWait"));
    s->sync();
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
        // A hand-edited file keeps only what makes sense: positive, and no faster than an
        // exabyte or an exaflop a second.
        if (const std::optional<double> v = number(*s, key, 1e-300, 1e18))
            out[key.toStdString()] = *v;
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
