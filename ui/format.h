// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

#include <map>
#include <string>

namespace speeduplab {

struct CalibrationStep;

/// The small text helpers every part of the app shares: numbers, durations and rates as the
/// user reads them, and errors as sentences.
namespace Format {

/// "the file is empty" -> "The file is empty." (errors reach the user as sentences).
QString sentence(const QString &text);
/// A duration per operation with a fitting unit: "850 ns", "12.3 µs", "4.56 ms", "1.20 s".
QString seconds(double seconds);
/// A remaining time for people: "12 s", "3 min 20 s", "1 h 05 min".
QString duration(double seconds);
/// A tensor edge as the analysis prints it: 3 significant digits below 100, whole above.
QString n(double n);
/// A short name for a ceiling key (core/calibration.h): "CPU triad", "GPU copy". roundTrip:
/// the key names the H2D half of a transfer ceiling that covers both directions.
QString ceilingName(const std::string &key, bool roundTrip = false);
/// A rate per second as the charts show it: "6.2 GB/s", "4230 GB/s", "95.3 GFLOP/s".
QString rate(double perSecond, bool flops);
/// The headline ceilings among `ceilings` (CPU triad, FMA, GEMM; GPU copy, FMA, cuBLAS) as
/// "CPU triad 20.4 GB/s", in key order: what a finished calibration reports.
QStringList headlineCeilings(const std::map<std::string, double> &ceilings);
/// A step of a calibration as a sentence: what is measured now, or why the GPU is not.
QString calibrationStep(const CalibrationStep &step);

} // namespace Format
} // namespace speeduplab
