// SPDX-License-Identifier: MIT
// The small text helpers every part of the window shares.
#pragma once

#include <QString>
#include <QStringList>

#include <map>
#include <string>

namespace speeduplab {

struct CalibrationStep;
struct Crossing;

/// The small text helpers every part of the app shares: numbers, durations and rates as the
/// user reads them, and errors as sentences.
namespace Format {

/// "the file is empty" -> "The file is empty." (errors reach the user as sentences); one that
/// starts with a name ("m2.json holds 2 runs") keeps its first letter as it is.
QString sentence(const QString &text);
/// A sentence put inside another, in parentheses or after a colon: its closing mark (. ! ? or
/// the full-width 。！？ of a translation) dropped. "No CUDA device was found." -> "No CUDA device
/// was found".
QString clause(const QString &text);
/// A number with 3 significant digits, never in e-notation: "0.0123", "4.5", "999", and whole
/// from 100 up ("4230"). NaN and infinity: "—".
QString number(double v);
/// A value with its unit and an SI prefix (q to Q), 3 significant digits, never in e-notation:
/// si(32990, "B/s") is "33 kB/s", si(4.23e12, "B/s") "4.23 TB/s", si(8.5e-7, "s") "850 ns",
/// si(0, "s") "0 s". Below 1e-30 it is 0; NaN, infinity and 1e33 or more: "—". Every number
/// with a unit the user reads goes through here (file formats keep full precision instead).
QString si(double v, const QString &unit);
/// A duration: si(seconds, "s"), so "850 ns", "12.3 µs", "4.56 ms", "1.2 s".
QString seconds(double seconds);
/// A remaining time for people: "12 s", "3 min 20 s", "1 h 05 min".
QString duration(double seconds);
/// A tensor edge as the analysis prints it: number(n), 3 significant digits below 100, whole above.
QString n(double n);
/// A crossing's 95 % interval as it follows "n ≈ 515": " (497–530)", " (≤ 400–530)" when the
/// noise allows it below the measured size 400 (Crossing::openLow; ≥ for openHigh), "" without
/// one: core's Crossing::intervalText, the one rule.
QString interval(const Crossing &c);
/// A short name for a ceiling key (core/measure/calibration.h): "CPU triad", "GPU copy". roundTrip:
/// the key names the H2D half of a transfer ceiling that covers both directions.
QString ceilingName(const std::string &key, bool roundTrip = false);
/// A rate per second as the charts show it: si() in B/s or FLOP/s, "6.2 GB/s", "4.23 TB/s",
/// "95.3 GFLOP/s".
QString rate(double perSecond, bool flops);
/// The headline ceilings among `ceilings` (CPU triad, FMA, GEMM; GPU copy, FMA, cuBLAS) as
/// "CPU triad 20.4 GB/s", in key order: what a finished calibration reports.
QStringList headlineCeilings(const std::map<std::string, double> &ceilings);
/// A step of a calibration as a sentence: what is measured now, or why the GPU is not.
QString calibrationStep(const CalibrationStep &step);
/// text with a no-break space between each number and the unit after it ("1.66 µs", "4.47 TB/s",
/// "93.1 %", "1.88×" stays): a line is never broken between them. For text laid out for display
/// only; what tests and files read keeps plain spaces.
/// joiner: what stands between them (a layout may want its own mark, to split on spaces alone).
QString keepUnits(const QString &text, QChar joiner = QChar(0x00a0));
/// A tooltip that shows text as it is, whatever it holds: Qt renders a tooltip that looks like
/// markup as rich text, and text from a file (a run label, a variant, a reason) is data, never
/// markup. Text that does not look like markup is returned unchanged.
QString plainTip(const QString &text);
/// text as a view shows it: cjkSpacing, then visible. Every sentence shown goes through here.
/// (Curve names need no translating here: core composes them in the installed SeriesWords.)
QString display(const QString &text);
/// text with what a chart must not draw as is (C0 and C1 controls but the newline, bidirectional
/// overrides, invisible format characters) as visible escapes ("\u202e"), as a
/// terminal shows them: a variant "abc\u202edcba" drew as "abcabcd". display() applies it, and so
/// every text a chart draws.
QString visible(const QString &text);
/// Chinese text spaced as it is typeset: one space where a Chinese character meets a Latin word
/// or a number ("的 OpenMP", "使用 16"), none between two Chinese characters. Text without
/// Chinese characters is returned unchanged.
QString cjkSpacing(const QString &text);

} // namespace Format
} // namespace speeduplab
