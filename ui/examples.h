// SPDX-License-Identifier: MIT
// The real recordings the app ships (resources/examples/, compiled into the program): runs of
// SpeedupLab on a GPU machine, so that anyone without one sees a measured crossover. An example is
// read from the program's resources, never from a path, and nothing is ever written into one.
#pragma once

#include "core/results/runset.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace speeduplab {

class Examples {
    Q_DECLARE_TR_FUNCTIONS(Examples)
public:
    struct Example {
        QString file;         ///< its name in the set, "seed-preset.csv"
        QString title;        ///< for the menu: what it measures
        QString description;  ///< the menu's tooltip: how it was made
        std::string workload; ///< what it measured ("add"), for besideSweep
    };
    /// The examples of the newest set, the seed preset first (the one the empty chart offers).
    static const QList<Example> &all();
    /// The machine and day of the set: "an NVIDIA H200 with a 16-core Xeon, 30 Nov 2026".
    static QString machine();
    /// The example's runs, each labelled "example: <device> · <day>" and with its resource path
    /// as source. Throws std::runtime_error (with a sentence) when it cannot be read.
    static std::vector<RunRecord> load(const Example &example);
    /// The examples' names for --example: each file's name without its extension ("seed-preset").
    static QStringList names();
    /// The index in all() of the example of that name, or -1.
    static int find(const QString &name);
    /// The example to draw beside a sweep that measured no GPU (this machine has none usable): the
    /// first of the same workload, so that its GPU meets this CPU. -1 when the sweep has a GPU
    /// curve of its own, no CPU curve, or no example recorded its workload.
    static int besideSweep(const ResultSet &swept);
    /// What is drawn beside it: that example's GPU curves alone, labelled as the example. Throws
    /// std::runtime_error when it cannot be read.
    static RunRecord gpuCurves(const Example &example);
    /// Whether a run's source is an example (not a file: saving it asks for a new path).
    static bool isExample(const std::string &source);
};

} // namespace speeduplab
