// SPDX-License-Identifier: MIT
#include "ui/appsettings.h"

#include <QSettings>

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

} // namespace speeduplab
