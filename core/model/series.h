// SPDX-License-Identifier: MIT
// Series: a measured curve as the analysis reads it (no Qt): its points (SeriesPoint), its
// identity (SeriesId) and where two curves cross (Crossing). Below Analysis and the crossing's
// interval (crossinginterval.h), which both work on them.
#pragma once

#include "core/model/seriesid.h"

#include <cstddef>
#include <string>
#include <vector>

namespace speeduplab {

/// One plotted point: a successful measurement, its time per operation (median, min, max,
/// quartiles) and its work per operation (bytes, or FLOPs for compute-bound workloads).
struct SeriesPoint {
    int n = 0;
    double t = 0;
    double tMin = 0;
    double tMax = 0;
    /// The quartiles (Stats::q1, q3); min and max when the point has none (an older file).
    double tQ1 = 0;
    double tQ3 = 0;
    bool quartiles = false; ///< tQ1 and tQ3 are the point's own, not min and max
    int outliers = 0;       ///< Stats::outliers
    bool throttled = false; ///< PointConditions::throttled: drawn as a hollow marker
    /// Another program held a core during the point's repetitions (Preemption::disturbs on its
    /// disturbed_reps): drawn with a grey ring, so that it never passes for a clean measurement.
    bool disturbed = false;
    /// Stats::noisy: its repetitions spread too widely (CV), or it lies off its curve's trend.
    bool noisy = false;
    double work = 0;
    /// The standard error of ln t, t the median of the point's repetitions: 1.2533 σ / √reps,
    /// σ the repetitions' relative spread (the interquartile range / 1.349 over the median, else
    /// the CV). It assumes independent repetitions and a median close to normal, and is what a
    /// crossing's interval is drawn from. 0: unknown (one repetition, or no spread recorded).
    double seLog = 0;
    double bytes = 0; ///< per operation
    double flops = 0; ///< per operation
    /// Its measurement's index in the rows of the result set the series was built from
    /// (Analysis::series); none for a point made otherwise (a best-of curve, a test's).
    std::size_t row = std::size_t(-1);
    /// Every time of the point, its median, extremes and quartiles together, times k plus `add`:
    /// a price, or a scale for an axis. The median alone moved off its own noise, and curves
    /// whose bands no longer held their medians crossed nowhere.
    void scaleTimes(double k, double add = 0)
    {
        for (double *x : {&t, &tMin, &tMax, &tQ1, &tQ3})
            *x = *x * k + add;
    }
};

/// The successful points of one curve, sorted by n. Failed, skipped and cancelled points
/// never enter a series. Its identity (key, workload, gpu, threads, variant, device, mode, run)
/// is its SeriesId; id() names it.
struct Series : SeriesId {
    std::string label;
    std::vector<SeriesPoint> points;
};

/// One crossing of a CPU and a GPU curve, interpolated in log-log space.
struct Crossing {
    double n = 0;
    bool gpuBecomesFaster = true; ///< true when the GPU is faster above n
    /// Its 95 % interval (Analysis::crossings: a parametric bootstrap of the medians of the points
    /// on either side, each from its own repetitions' spread); lo = hi = 0: unknown (points
    /// without a spread, such as a published table's).
    double lo = 0, hi = 0;
    /// The interval reaches the measured size below it (or above it): within the noise the
    /// crossing may lie anywhere up to that size, or beyond it. More points between narrow it.
    bool openLow = false, openHigh = false;
    /// How many times the medians cross within [lo, hi]: 1 for a crossover. More when the sizes
    /// between crossings lie within their noise (Analysis::crossings joins them): the curves cross
    /// back and forth there, and no single crossover is resolved; n is then the interval's geometric
    /// middle, and gpuBecomesFaster says who is faster above it (an even count: as below it).
    int times = 1;
    bool hasInterval() const { return lo > 0 && hi >= lo; }
    bool resolved() const { return times == 1; }
    /// " (497–530)", " (≤ 400–530)" with an open end, or "" without an interval: what follows
    /// "n ≈ 515" wherever a crossing is said; unresolved: " (no crossover resolved: the curves
    /// cross 3 times in n 400–530, within their noise)".
    std::string intervalText() const;
    /// "n ≈ 515 (438–586)": n as the reports say it, then intervalText().
    std::string text() const;
};

} // namespace speeduplab
