// SPDX-License-Identifier: MIT
// Translations: the shipped languages, resolving "system", and installing ours and Qt's translators.
#include "words/translations.h"

#include "words/appsettings.h"
#include "words/serieswords.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QTranslator>

#include <memory>

namespace speeduplab {

namespace {

// The translators installed now; parented to the application, which deletes them with it.
QPointer<QTranslator> s_app, s_qt;

/// English plurals from the first moment any program of ours has a QCoreApplication (the CLI's
/// explanations count points too). A static library drops an object file nothing calls into, so
/// format.cpp, which every user of words/ calls, names englishPluralsAnchor below.
void installEnglishPluralsAtStart()
{
    Translations::installEnglishPlurals();
}

} // namespace

Q_COREAPP_STARTUP_FUNCTION(installEnglishPluralsAtStart)

int englishPluralsAnchor = 0;

bool Translations::installEnglishPlurals()
{
    static QPointer<QTranslator> plurals;
    if (plurals || !QCoreApplication::instance())
        return bool(plurals);
    auto t = std::make_unique<QTranslator>(QCoreApplication::instance());
    if (!t->load(QStringLiteral(":/i18n/speeduplab_en.qm")))
        return false;
    QCoreApplication::installTranslator(t.get());
    plurals = t.release();
    return true;
}

QString Translations::settingsKey()
{
    return QStringLiteral("ui/language");
}

QStringList Translations::available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString Translations::nativeName(const QString &code)
{
    // Each name in its own language, so that a reader finds theirs whatever is shown now.
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    if (code == QLatin1String("en"))
        return QStringLiteral("English");
    return code;
}

QString Translations::choice(const QSettings &s)
{
    const QString c = s.value(settingsKey()).toString();
    return available().contains(c) ? c : QStringLiteral("system");
}

void Translations::setChoice(QSettings &s, const QString &choice)
{
    s.setValue(settingsKey(), available().contains(choice) ? choice : QStringLiteral("system"));
    s.sync();
}

QString Translations::resolve(const QString &choice)
{
    if (available().contains(choice))
        return choice;
    // In the order of the user's preference: LANGUAGE=fr:zh_CN:en falls through French.
    for (const QString &name : QLocale::system().uiLanguages()) {
        const QLocale l(name);
        if (l.language() == QLocale::English)
            return QStringLiteral("en");
        if (l.language() == QLocale::Chinese && l.script() != QLocale::TraditionalChineseScript)
            return QStringLiteral("zh_CN");
    }
    return QStringLiteral("en");
}

bool Translations::install(const QString &code)
{
    // Deleting a translator removes it from the application.
    delete s_app;
    delete s_qt;
    SeriesWords::install(nullptr); // core's English curve names
    if (code == QLatin1String("en") || !QCoreApplication::instance())
        return code == QLatin1String("en");
    auto app = std::make_unique<QTranslator>(QCoreApplication::instance());
    if (!app->load(QStringLiteral(":/i18n/speeduplab_%1.qm").arg(code)))
        return false;
    QCoreApplication::installTranslator(app.get());
    s_app = app.release();
    // Every curve's name core composes from here on is in this language.
    static const TranslatedSeriesWords words;
    SeriesWords::install(&words);
    // Qt's own strings (the buttons of message boxes and file dialogs), when the system has
    // them (Debian: qt6-translations-l10n); without them those stay English.
    auto qt = std::make_unique<QTranslator>(QCoreApplication::instance());
    if (qt->load(QLocale(code), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        s_qt = qt.release();
    }
    return true;
}

QString Translations::installChosen(const QString &settingsFile)
{
    const std::unique_ptr<QSettings> s = AppSettings::open(settingsFile);
    const QString code = resolve(choice(*s));
    return install(code) ? code : QStringLiteral("en");
}

} // namespace speeduplab
