// SPDX-License-Identifier: MIT
// Translations: the app's languages, the choice kept in the settings, and installing the translators.
#pragma once

#include <QString>
#include <QStringList>

class QSettings;

namespace speeduplab {

/// The app's languages (Qt Linguist: resources/translations/*.ts, built into :/i18n/*.qm).
/// The app follows the system's language unless the settings name one (View ▸ Language). The
/// choice applies at the next start: the window is built once, in the language installed then.
class Translations {
public:
    /// The settings key of the choice: "system" (the default), or a code of available().
    static QString settingsKey();
    /// The languages shipped, as codes in settings and in the .qm files' names: "en", "zh_CN".
    static QStringList available();
    /// A language's name in that language ("English", "简体中文"), as a language menu lists it.
    static QString nativeName(const QString &code);
    /// The choice in the settings: "system", or a code of available(); anything else is "system".
    static QString choice(const QSettings &s);
    static void setChoice(QSettings &s, const QString &choice);
    /// The language a choice means: the code itself, or for "system" the first of the system's
    /// UI languages (QLocale::system(), which follows LANGUAGE, LC_ALL, LC_MESSAGES and LANG)
    /// that is English or one we ship; "en" when none is.
    static QString resolve(const QString &choice);
    /// Installs the translators of `code` (ours, and Qt's own when the system has it) on the
    /// application, in place of those installed before; "en" removes them. False when our
    /// translation of `code` is not in the resources.
    static bool install(const QString &code);
    /// The English forms of the counts ("%n point(s)": "1 point", "3 points"), from
    /// resources/translations/speeduplab_en.ts: what tr(text, nullptr, n) says in English. Every
    /// program that links words/ has them from the start of its QCoreApplication on (a startup
    /// function of translations.cpp); a language installed after is asked first. False when the
    /// .qm is not in the resources.
    static bool installEnglishPlurals();
    /// install(resolve(choice)) with the choice of the settings file (empty: the user's).
    /// Returns the language installed.
    static QString installChosen(const QString &settingsFile);
};

} // namespace speeduplab
