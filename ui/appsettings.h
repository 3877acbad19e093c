// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <memory>

class QSettings;

namespace speeduplab {

/// Where the app keeps its settings: the user's (QSettings' default place) or, with
/// `--settings FILE`, that INI file. Every part of the window reads and writes through here (the
/// panel, the layout, the language, the charts' prices and options), so that a settings file
/// holds all of them and the user's own settings are left alone.
namespace AppSettings {
/// The file for this process: empty for the user's settings. Set before the window is built.
void useFile(const QString &file);
QString file();
/// The settings of `file` (empty: the user's), opened now; QSettings is not shared between
/// threads, so each caller opens its own.
std::unique_ptr<QSettings> open(const QString &file);
/// The settings of this process's file.
std::unique_ptr<QSettings> open();
} // namespace AppSettings

} // namespace speeduplab
