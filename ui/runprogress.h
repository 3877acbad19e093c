// SPDX-License-Identifier: MIT
// RunProgress and TimeLeft: a sweep's or a calibration's progress and time left, in the window's status bar.
#pragma once

#include "core/measure/sweeprunner.h"

#include <QElapsedTimer>
#include <QObject>

class QLabel;
class QProgressBar;
class QStatusBar;
class QTimer;

namespace speeduplab {

/// The time a sweep has left, as the status bar shows it: the runner's estimates smoothed (a
/// single point's noise must not make it jump), counted down between reports, and never less
/// than the points after the one in flight, however long that one takes. Times in seconds on
/// any one clock.
class TimeLeft {
public:
    void reset();
    /// A report at `now`: `remaining` includes the point starting now, estimated at `point`.
    void report(double now, double remaining, double point);
    /// Seconds left at `now`; -1 before the first report.
    double at(double now) const;
    /// Seconds the point in flight has been measured at `now`.
    double inFlight(double now) const { return now - m_pointStart; }
    double pointEstimate() const { return m_point; }

private:
    bool m_known = false;
    double m_finish = 0;     ///< smoothed finish time
    double m_after = 0;      ///< the estimate of the points after the one in flight
    double m_pointStart = 0; ///< when the point in flight started
    double m_point = 0;      ///< its estimate
};

/// The progress of a sweep or a calibration in the status bar: what is measured now, how far
/// the run is and about how long it has left (updated every second, also during a long point).
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
    /// The point p measures now in the user's words: "CPU 4 threads, n = 400", with ", round 2 of
    /// 3" or ", measured again (another program held a core; 1 of 4)" where it is one.
    static QString point(const SweepRunner::Progress &p);
    /// The run ended: the label and the bar are hidden and the text cleared.
    void stop();

private:
    double now() const { return double(m_clock.nsecsElapsed()) / 1e9; }
    void showText();

    QProgressBar *m_bar = nullptr;
    QLabel *m_label = nullptr;
    QTimer *m_tick = nullptr;
    QElapsedTimer m_clock;
    TimeLeft m_left;
    QString m_point; ///< "CPU 2 threads, n = 4000 (5 of 26)"
};

} // namespace speeduplab
