#pragma once

#include "core/sweepplan.h"

#include <QString>
#include <QStringList>

namespace speeduplab {

/// Named sweeps shipped with the app (resources/presets/*.json). "seed" is always
/// SweepPlan::seed: the experiment the project started from.
class Presets {
public:
    /// Preset names in menu order, "seed" first.
    static QStringList names();
    static QString title(const QString &name);
    static QString description(const QString &name);
    /// The plan of a preset on this machine. Throws std::invalid_argument for an unknown name
    /// (the message lists the known ones) or a broken preset file.
    static SweepPlan plan(const QString &name, int hardwareThreads);
};

} // namespace speeduplab
