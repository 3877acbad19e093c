// SPDX-License-Identifier: MIT
// The one formatter of numbers with units: SI prefixes, 3 significant digits, never an exponent,
// whatever the value (0, tiny, huge, negative, NaN, infinity).
#include "core/pipeline.h"
#include "words/format.h"

#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <limits>

using namespace speeduplab;

class TestFormat : public QObject {
    Q_OBJECT
private slots:
    void si_data();
    void si();
    void siNeverUsesAnExponent();
    void number_data();
    void number();
    void secondsRateAndN();
    void sentenceEndsOnce_data();
    void sentenceEndsOnce();
    void clauseDropsTheClosingMark();
    void numbersKeepTheirUnits();
    void chineseIsSpacedAsTypeset();
    void calibrationStepSaysWhatIsKept();
    void ceilingNamesSayTheMix();
};

void TestFormat::si_data()
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<QString>("expected");
    auto row = [](const char *name, double value, const char *unit, const char *expected) {
        QTest::newRow(name) << value << QString::fromUtf8(unit) << QString::fromUtf8(expected);
    };
    row("3.299e-05 GB/s (issue 11)", 3.299e-05 * 1e9, "B/s", "33 kB/s");
    row("4.23 TB/s", 4.23e12, "B/s", "4.23 TB/s");
    row("850 ns", 8.5e-7, "s", "850 ns");
    row("12.3 µs", 1.2345e-5, "s", "12.3 \u00b5s");
    row("1.23 ms", 0.0012345, "s", "1.23 ms");
    row("one, no prefix", 1.0, "s", "1 s");
    row("trailing zeros dropped", 1.2, "s", "1.2 s");
    row("MFLOP/s", 12345678.0, "FLOP/s", "12.3 MFLOP/s");
    row("999.4 stays", 999.4, "B/s", "999 B/s");
    row("999.7 rounds up to the next prefix", 999.7, "B/s", "1 kB/s");
    row("9.9996 µs rounds to 10 µs", 9.9996e-6, "s", "10 \u00b5s");
    row("0.99996 ms rounds to 1 ms", 0.99996e-3, "s", "1 ms");
    row("negative", -0.0025, "s", "-2.5 ms");
    row("zero", 0.0, "s", "0 s");
    row("negative zero", -0.0, "s", "0 s");
    row("smallest prefix", 1.234e-28, "s", "123 qs");
    row("below every prefix: 0", 1e-40, "s", "0 s");
    row("denormal: 0", 5e-324, "s", "0 s");
    row("largest prefix", 5e32, "B/s", "500 QB/s");
    row("beyond every prefix", 1e34, "B/s", "\u2014");
    row("max double", std::numeric_limits<double>::max(), "B/s", "\u2014");
    row("NaN", std::nan(""), "s", "\u2014");
    row("inf", inf, "s", "\u2014");
    row("-inf", -inf, "s", "\u2014");
}

void TestFormat::si()
{
    QFETCH(double, value);
    QFETCH(QString, unit);
    QFETCH(QString, expected);
    QCOMPARE(Format::si(value, unit), expected);
}

void TestFormat::siNeverUsesAnExponent()
{
    // Every decade from 1e-29 to 1e29, at several mantissas, both signs: a number of at most 3
    // significant digits, a prefix and the unit, and the value read back within rounding.
    static const QString prefixes = QStringLiteral("qryzafpn\u00b5m kMGTPEZYRQ"); // ' ': none
    const QRegularExpression shape(QStringLiteral("^(-?[0-9]+(?:\\.[0-9]+)?) (\\S?)B/s$"));
    for (int decade = -29; decade <= 29; ++decade) {
        for (const double m : {1.0, 1.005, 2.5, 9.994, 9.996, 31.62, 99.95, 123.456, 999.4, 999.6}) {
            for (const double sign : {1.0, -1.0}) {
                const double v = sign * m * std::pow(10.0, decade);
                const QString text = Format::si(v, QStringLiteral("B/s"));
                const QRegularExpressionMatch match = shape.match(text);
                QVERIFY2(match.hasMatch(), qPrintable(QStringLiteral("%1 -> %2").arg(v).arg(text)));
                QString digits = match.captured(1);
                digits.remove(QLatin1Char('-')).remove(QLatin1Char('.'));
                while (digits.startsWith(QLatin1Char('0')) && digits.size() > 1)
                    digits.remove(0, 1);
                while (digits.endsWith(QLatin1Char('0')) && digits.size() > 1)
                    digits.chop(1);
                QVERIFY2(digits.size() <= 3, qPrintable(text));
                const QString prefix = match.captured(2);
                const int index = prefix.isEmpty() ? 10 : int(prefixes.indexOf(prefix));
                QVERIFY2(index >= 0, qPrintable(text));
                const int group = index - 10;
                const double back = match.captured(1).toDouble() * std::pow(1000.0, group);
                QVERIFY2(std::abs(back - v) <= 0.005 * std::abs(v),
                         qPrintable(QStringLiteral("%1 -> %2").arg(v).arg(text)));
            }
        }
    }
}

void TestFormat::number_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("zero") << 0.0 << "0";
    QTest::newRow("4.5") << 4.5 << "4.5";
    QTest::newRow("31.62") << 31.62 << "31.6";
    QTest::newRow("99.96 rounds to 100") << 99.96 << "100";
    QTest::newRow("whole from 100 up") << 4230.4 << "4230";
    // Past a million, a power of ten: 21 digits (a hostile file's speedup) read as noise.
    QTest::newRow("a million") << 1e6 << "1 \u00d7 10^6";
    QTest::newRow("large, a power of ten") << 1.5e20 << "1.5 \u00d7 10^20";
    QTest::newRow("below a million") << 999000.0 << "999000";
    QTest::newRow("small, no exponent") << 0.000123456 << "0.000123";
    QTest::newRow("negative small") << -1.5e-5 << "-0.000015";
    QTest::newRow("NaN") << std::nan("") << "\u2014";
    QTest::newRow("inf") << std::numeric_limits<double>::infinity() << "\u2014";
}

void TestFormat::number()
{
    QFETCH(double, value);
    QFETCH(QString, expected);
    QCOMPARE(Format::number(value), expected);
}

void TestFormat::secondsRateAndN()
{
    // The helpers the charts and the table use are si() with their unit.
    QCOMPARE(Format::seconds(8.5e-7), QStringLiteral("850 ns"));
    QCOMPARE(Format::seconds(4.56e-3), QStringLiteral("4.56 ms"));
    QCOMPARE(Format::seconds(std::nan("")), QStringLiteral("\u2014"));
    QCOMPARE(Format::rate(6.2e9, false), QStringLiteral("6.2 GB/s"));
    QCOMPARE(Format::rate(4.23e12, false), QStringLiteral("4.23 TB/s"));
    QCOMPARE(Format::rate(3.299e4, false), QStringLiteral("33 kB/s"));
    QCOMPARE(Format::rate(9.53e10, true), QStringLiteral("95.3 GFLOP/s"));
    QCOMPARE(Format::rate(0, true), QStringLiteral("0 FLOP/s"));
    QCOMPARE(Format::n(316.23), QStringLiteral("316"));
    QCOMPARE(Format::n(31.623), QStringLiteral("31.6"));
}

// A reason becomes a sentence with one full stop, also when a translation ended it with its own.
void TestFormat::sentenceEndsOnce_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("no stop") << "the file is empty"
                             << "The file is empty.";
    QTest::newRow("a stop") << "no GPU."
                            << "No GPU.";
    QTest::newRow("a question") << "why?"
                                << "Why?";
    // Issue 36: "M2.json holds 2 runs": a sentence that starts with a name keeps it as it is.
    QTest::newRow("a file name first") << "m2.json holds 2 runs"
                                       << "m2.json holds 2 runs.";
    QTest::newRow("a path first") << "out/x.csv: no such file"
                                  << "out/x.csv: no such file.";
    // A variable first ("n ≈ 594 以上", the Chinese word order) keeps its letter; a word does not.
    QTest::newRow("a variable first")
        << QStringLiteral("n \u2248 594 and above") << QStringLiteral("n \u2248 594 and above.");
    QTest::newRow("a one-letter word first") << "a GPU is faster"
                                             << "A GPU is faster.";
    QTest::newRow("zh full stop") << QStringLiteral("\u672a\u627e\u5230\u3002")
                                  << QStringLiteral("\u672a\u627e\u5230\u3002");
    QTest::newRow("zh exclamation") << QStringLiteral("\u597d\uff01") << QStringLiteral("\u597d\uff01");
}

void TestFormat::sentenceEndsOnce()
{
    QFETCH(QString, text);
    QFETCH(QString, sentence);
    QCOMPARE(Format::sentence(text), sentence);
}

// A sentence set inside another ("left out here (%1)") loses its closing mark, in English and in
// a translation's full-width 。; what is inside stays.
void TestFormat::clauseDropsTheClosingMark()
{
    QCOMPARE(Format::clause(QStringLiteral(" No CUDA device was found. ")),
             QStringLiteral("No CUDA device was found"));
    QCOMPARE(Format::clause(QStringLiteral("\u5b89\u88c5 GPU\u3002")), QStringLiteral("\u5b89\u88c5 GPU"));
    QCOMPARE(Format::clause(QStringLiteral("CUDA 13.0 (error 35)")), QStringLiteral("CUDA 13.0 (error 35)"));
    QCOMPARE(Format::clause(QStringLiteral("...")), QString());
}

// A number and its unit are one word when a line is wrapped ("1.66 / µs" was split in the notes and
// in the Explain text); other spaces stay breakable.
void TestFormat::numbersKeepTheirUnits()
{
    const QChar nb(0x00a0);
    QCOMPARE(Format::keepUnits(QStringLiteral("the CPU's 1.66 µs; above, its 4.47 TB/s")),
             QStringLiteral("the CPU's 1.66") + nb + QStringLiteral("µs; above, its 4.47") + nb +
                 QStringLiteral("TB/s"));
    QCOMPARE(Format::keepUnits(QStringLiteral("93.1 % of 30.3 TFLOP/s, 5 ns")),
             QStringLiteral("93.1") + nb + QStringLiteral("% of 30.3") + nb + QStringLiteral("TFLOP/s, 5") +
                 nb + QStringLiteral("ns"));
    // Not a unit: a word that merely starts like one, or no number before it.
    QCOMPARE(Format::keepUnits(QStringLiteral("2 threads, 16 seconds, at most 15.4×")),
             QStringLiteral("2 threads, 16 seconds, at most 15.4×"));
}

// Issue 35: Chinese sentences built from pieces read "484 ns 的OpenMP", "使用16 个线程" and
// "16 个线程 的速度". One rule, where every shown sentence passes (Format::labels).
void TestFormat::chineseIsSpacedAsTypeset()
{
    QCOMPARE(Format::cjkSpacing(QStringLiteral("大部分是 484 ns 的OpenMP fork/join")),
             QStringLiteral("大部分是 484 ns 的 OpenMP fork/join"));
    QCOMPARE(Format::cjkSpacing(QStringLiteral("使用16 个线程的 CPU")),
             QStringLiteral("使用 16 个线程的 CPU"));
    QCOMPARE(Format::cjkSpacing(QStringLiteral("16 个线程 的速度是 1 个线程的 3×")),
             QStringLiteral("16 个线程的速度是 1 个线程的 3×"));
    QCOMPARE(Format::cjkSpacing(QStringLiteral("时间随FLOP以 registers 中")),
             QStringLiteral("时间随 FLOP 以 registers 中"));
    QCOMPARE(Format::cjkSpacing(QStringLiteral("约 93 %的时间，1.2 µs内")),
             QStringLiteral("约 93 % 的时间，1.2 µs 内"));
    // Full-width punctuation stays tight; English is returned as it is.
    QCOMPARE(Format::cjkSpacing(QStringLiteral("n ≈ 515：GPU 更快。")),
             QStringLiteral("n ≈ 515：GPU 更快。"));
    const QString english = QStringLiteral("CPU 16 threads  at 4.47 TB/s");
    QCOMPARE(Format::cjkSpacing(english), english);
    // Format::labels applies it.
    QCOMPARE(Format::display(QStringLiteral("的OpenMP")), QStringLiteral("的 OpenMP"));
}

void TestFormat::calibrationStepSaysWhatIsKept()
{
    // Issue 33: a GPU whose cuBLAS did not load keeps its other ceilings, and says so; one that
    // could not be calibrated at all keeps the CPU's.
    const QString partial = Format::calibrationStep(
        {CalibrationStep::Kind::GpuPartial, 16, 0, "libcublas.so.13: cannot open shared object file"});
    QVERIFY2(partial.startsWith(QLatin1String("GPU 0's cuBLAS ceilings were not measured: ")) &&
                 partial.contains(QLatin1String("cublas.so.13: cannot open shared object file.")) &&
                 partial.endsWith(QLatin1String(" Its other ceilings are kept.")),
             qPrintable(partial));
    const QString failed =
        Format::calibrationStep({CalibrationStep::Kind::GpuFailed, 16, 1, "out of memory"});
    QVERIFY2(failed.startsWith(QLatin1String("GPU 1 could not be calibrated")) &&
                 failed.endsWith(QLatin1String("The CPU ceilings are kept.")),
             qPrintable(failed));
}

void TestFormat::ceilingNamesSayTheMix()
{
    // Each CPU level's ceiling per mix of traffic, its working set and its reach, by name.
    QCOMPARE(Format::ceilingName("cpu_l3_rw_bytes_per_s"), QStringLiteral("CPU L3, read and written back"));
    QCOMPARE(Format::ceilingName("cpu_dram_read_bytes_per_s@2"),
             QStringLiteral("CPU DRAM, reads only, 2 threads"));
    QCOMPARE(Format::ceilingName("cpu_dram_bytes_per_s"), QStringLiteral("CPU DRAM"));
    QCOMPARE(Format::ceilingName("cpu_l2_bytes_per_s@1"), QStringLiteral("CPU L2, 1 thread"));
    QCOMPARE(Format::ceilingName("cpu_l1_working_set_bytes"), QStringLiteral("CPU L1 working set measured"));
    QCOMPARE(Format::ceilingName("cpu_l3_reach_bytes"),
             QStringLiteral("CPU L3 reach (faster than the next level up to)"));
    // An unknown key from a file is shown as it is, never half-parsed.
    QCOMPARE(Format::ceilingName("cpu_l4_rw_bytes_per_s"), QStringLiteral("cpu_l4_rw_bytes_per_s"));
}

QTEST_GUILESS_MAIN(TestFormat)
#include "tst_format.moc"
