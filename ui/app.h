#pragma once

#include <QString>

#include <string>

class QApplication;

namespace speeduplab {

/// Process-wide setup and the small text helpers every part of the app shares.
class App {
public:
    /// Names, resources and metatypes. Call once after the QApplication exists.
    static void initialise();
    /// Runs what the command line asks for: the window, --headless, or a --bench mode.
    static int main(QApplication &app);

    /// "the file is empty" -> "The file is empty." (errors reach the user as sentences).
    static QString sentence(const QString &text);
    /// A duration per operation with a fitting unit: "850 ns", "12.3 µs", "4.56 ms", "1.20 s".
    static QString formatSeconds(double seconds);
    /// A remaining time for people: "12 s", "3 min 20 s", "1 h 05 min".
    static QString formatDuration(double seconds);
    /// A tensor edge as the analysis prints it: 3 significant digits below 100, whole above.
    static QString formatN(double n);
    static int hardwareThreads();
    /// A short name for a ceiling key (core/calibration.h): "CPU triad", "GPU copy". roundTrip:
    /// the key names the H2D half of a transfer ceiling that covers both directions.
    static QString ceilingName(const std::string &key, bool roundTrip = false);
    /// A rate per second as the charts show it: "6.2 GB/s", "4230 GB/s", "95.3 GFLOP/s".
    static QString formatRate(double perSecond, bool flops);
};

} // namespace speeduplab
