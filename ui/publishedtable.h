// SPDX-License-Identifier: MIT
// The table published with the original answer (resources/examples/original-answer/), shipped as a
// reference run: read from the program's resources, never from a path. Qt Core only; no widget.
#pragma once

#include "core/results/runset.h"

#include <QCoreApplication>
#include <QString>

namespace speeduplab {

/// The original answer's published table: b += b, 1000 iterations, n = 4 to 4000, CPU and GPU, the
/// GPU column timed without synchronising the device, on another machine that the answer does not
/// describe. A reference run: drawn dashed, never part of a crossover.
class PublishedTable {
    Q_DECLARE_TR_FUNCTIONS(PublishedTable)
public:
    /// Its name for --example, "original-answer".
    static QString name();
    /// Its resource path.
    static QString path();
    /// Its menu entry and its tooltip.
    static QString title();
    static QString description();
    /// The run's label: "published with the original answer; another machine; GPU not synchronised".
    static QString label();
    /// The table as a reference run labelled label(), with its resource path as source. Throws
    /// std::runtime_error (with a sentence) when it cannot be read.
    static RunRecord load();
};

} // namespace speeduplab
