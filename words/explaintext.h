// SPDX-License-Identifier: MIT
// The sentences that explain the curves, every figure in them fitted or measured.
#pragma once

#include "core/analysis/explain.h"
#include "core/analysis/queuetime.h"
#include "core/analysis/refine.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace speeduplab {

struct EnergyCrossover;

/// A kernel launch's fixed cost measured synchronised (Explain::model of a GPU launch curve), and
/// where: "the H200 of the shipped example", a run's name.
struct LaunchCost {
    double seconds = 0;
    QString of;
};

/// The sentences that explain the curves, worded from the measured numbers (core/analysis/explain.h):
/// every figure in them is a fitted or measured one, so that they cannot contradict the chart.
class ExplainText {
    Q_DECLARE_TR_FUNCTIONS(ExplainText)
public:
    /// What dominates one curve where: "GPU launch: below n ≈ 1304 every iteration costs the
    /// 3.4 µs kernel launch, whatever the size; above it, ...".
    /// A ceiling left uncalibrated gets a hint to calibrate only when the curve was measured
    /// here (thisMachine): a recording from elsewhere cannot be calibrated on this machine.
    static QString curve(const CurveStory &c, bool thisMachine = true);
    /// A quoted rate with its level, as a sentence says it ("30.3 TFLOP/s in registers") or, with
    /// legend, as a legend or a slider does ("6.23 TB/s (L2)"); alone when the level is unknown.
    static QString rate(const QuotedRate &q, bool legend = false);
    /// Which CPU curve is the best CPU where: "best CPU: 1 thread up to n = 71, 2 threads at
    /// n = 126, 12–16 threads from n = 225" (past three stretches, the rest as one range of
    /// thread counts). The time chart's note and the Explain text say it alike.
    static QString winners(const std::vector<Analysis::CpuWin> &wins);
    /// Where the models of the CPU and one GPU curve cross, and why there.
    static QString crossover(const CrossoverStory &s);
    /// The lesson in three sentences, for the one-slide summary: where the GPU overtakes the CPU
    /// (measured, and by the models), the fixed costs that decide below it, and the rates (each
    /// at its memory level) that decide above it. Fewer when the curves do not cross.
    static QStringList slide(const CrossoverStory &s);
    /// How another GPU mode moves the crossover.
    static QString shift(const CrossoverShift &s);
    /// Why the threads scale as they do at one size.
    static QString threads(const ThreadStory &t);
    /// Where the placement says efficiency cores join and SMT siblings start (ThreadStory's
    /// marks), and what a thread adds from there: "From 7 threads the efficiency cores join:
    /// each adds about 0.5 of a performance core."; none without marks.
    static QStringList placement(const ThreadStory &t);
    /// threads() when only two thread counts were measured: what they cannot tell.
    static QString twoThreadCounts(const ThreadStory &t);
    /// The what-if models' verdict, against the measured models' one.
    static QString whatIf(const WhatIf &now, const WhatIf &measured);
    /// A crossover that "Find the crossovers" (--refine) pinned, with who wins on each side and
    /// why the refinement ended: "Refined to ±5 %: CPU 2 threads faster than CPU 1 thread above
    /// n ≈ 400 (396–711); more points do not narrow it: the noise of the points sets its width
    /// (6 more points)." The curves are named by their labels.
    static QString refined(const Refine::Kept &k);
    /// Why a refinement ended, as a clause.
    static QString refineEnd(RefineEnd e, int budget);
    /// Where a GPU curve starts to spend less energy than the CPU (EnergyAnalysis::crossovers):
    /// "the GPU spends less energy than the CPU above n ≈ 700"; gpu names the GPU curve.
    static QString energyCrossover(const EnergyCrossover &x, const QString &gpu);
    /// A curve timed as the original answer timed it (GPU mode unsynced), from its own numbers: how
    /// flat it stays while the work grows, the bandwidth its time at the largest n would imply
    /// ("... move 128 GB; in 44.6 ms that would take 2.87 TB/s"), why (the launches are queued, the
    /// clock stopped before the device was synchronised) and, when known, the synchronised time:
    /// its own (QueueStory::syncedMax), else `launch`'s, the launch mode's row at its largest n
    /// (QueueTime::launchAt; ofRun names that row's run when it is another's).
    using LaunchCost = speeduplab::LaunchCost;
    /// With `cost`, the time to queue one launch is held against it; the implied bandwidth is
    /// held against real GPUs' spec sheets (GpuSpecs).
    static QString queue(const QueueStory &s, const Measurement *launch = nullptr, const QString &ofRun = {},
                         const LaunchCost &cost = {});
    /// What the fixed cost of an operation is: "kernel launch", "OpenMP fork/join", ...
    static QString fixedName(CurveStory::Fixed f);
    /// How far a model misses the points, from an RMS log error: "6 %".
    static QString misfit(double logError);
};

} // namespace speeduplab
