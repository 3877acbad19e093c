// SPDX-License-Identifier: MIT
#pragma once

#include "core/sweeprunner.h"

#include <QObject>

class QLabel;
class QProgressBar;
class QStatusBar;

namespace speeduplab {

/// The progress of a sweep or a calibration in the status bar: what is measured now, how far
/// the run is and about how long it has left.
class RunProgress : public QObject {
    Q_OBJECT
public:
    /// Adds the label and the bar to `bar`, without stretch and hidden until a run starts, so
    /// that the status bar's messages have its width while no run is going on.
    explicit RunProgress(QStatusBar *bar);

    /// A run starts: a busy bar (no progress known yet) and `text`.
    void start(const QString &text);
    /// A sweep's progress report: points done of all and the time left.
    void report(const SweepRunner::Progress &p);
    void setText(const QString &text);
    /// The run ended: the label and the bar are hidden and the text cleared.
    void stop();

private:
    QProgressBar *m_bar = nullptr;
    QLabel *m_label = nullptr;
};

} // namespace speeduplab
