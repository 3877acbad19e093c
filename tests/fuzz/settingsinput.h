// SPDX-License-Identifier: MIT
// One settings file through everything that reads one (AppSettings::refusal, then QSettings and
// each typed read of the window: the sweep form, zoom, prices, the language, the calibration),
// and then written back with one value changed:
// shared by the libFuzzer harness (fuzz_settings.cpp) and the corpus replay (tst_settings).
#pragma once

#include "core/devices/devicebackend.h"
#include "core/machine/machineinfo.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/costchart.h"
#include "ui/sweepform.h"
#include "words/appsettings.h"
#include "words/keptsettings.h"
#include "words/translations.h"

#include <QFile>
#include <QSettings>
#include <QString>

#include <cmath>
#include <exception>
#include <tuple>

namespace fuzzsettings {

/// What one settings text must give: a refusal, or values that are all in range. Returns an
/// empty string when it held, else what broke.
inline QString check(const QString &path, const QByteArray &text)
{
    using namespace speeduplab;
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return QStringLiteral("cannot write %1").arg(path);
        f.write(text);
    }
    if (!AppSettings::refusal(path).isEmpty())
        return {}; // refused with a reason: the file is never read or rewritten
    QSettings s(path, QSettings::IniFormat);
    // A form that loads makes a valid plan (load promises it; toPlan would throw otherwise).
    if (const std::optional<SweepForm> form = SweepForm::load(s, 2, false)) {
        try {
            (void)form->toPlan(2);
        } catch (const std::exception &e) {
            return QStringLiteral("a loaded form makes no plan: %1").arg(QString::fromUtf8(e.what()));
        }
    }
    for (const auto &[key, lo, hi] :
         {std::tuple{"window/zoom", ChartStyle::minZoom, ChartStyle::maxZoom},
          std::tuple{"cost/cpuPerHour", CostChart::minPrice, CostChart::maxPrice},
          std::tuple{"cost/gpuPerHour", CostChart::minPrice, CostChart::maxPrice}})
        if (const std::optional<double> v = AppSettings::number(s, QString::fromLatin1(key), lo, hi);
            v && !(std::isfinite(*v) && *v >= lo && *v <= hi))
            return QStringLiteral("%1 read as %2").arg(QString::fromLatin1(key)).arg(*v);
    const QString language = Translations::choice(s);
    if (language != QStringLiteral("system") && !Translations::available().contains(language))
        return QStringLiteral("unknown language %1").arg(language);
    AppSettings::useFile(path);
    for (const auto &[name, value] : AppSettings::calibratedCeilings(Devices::probeMachine()))
        if (!(std::isfinite(value) && value > 0))
            return QStringLiteral("ceiling %1 read as %2").arg(QString::fromStdString(name)).arg(value);
    AppSettings::useFile(QString());
    // Written back as the window writes (KeptSettings): with one value changed, the file is
    // still a settings file the app accepts, and holds that value and every other as it was;
    // or, refused (it would pass the limit, or not read back), it is left as it was.
    const QVariantMap before = KeptSettings::read(text, path);
    AppSettings::open(path)->setValue(QStringLiteral("window/zoom"), 1.5);
    QFile back(path);
    if (!back.open(QIODevice::ReadOnly))
        return QStringLiteral("the written-back file cannot be read");
    const QByteArray after = back.readAll();
    if (after == text)
        return {};
    if (const QString why = AppSettings::refusal(path); !why.isEmpty())
        return QStringLiteral("the written-back file is refused: %1").arg(why);
    if (after.size() > KeptSettings::maxBytes)
        return QStringLiteral("the written-back file holds %1 bytes").arg(after.size());
    QVariantMap expected = before;
    expected.insert(QStringLiteral("window/zoom"), QStringLiteral("1.5"));
    if (KeptSettings::read(after, path + QStringLiteral(".back")) != expected)
        return QStringLiteral("the written-back file does not hold the values it was given");
    return {};
}

} // namespace fuzzsettings
