// SPDX-License-Identifier: MIT
// Stats::of: the summary every point reports (median as the headline, the spread, the noisy flag,
// the quartiles and Tukey's outliers, the samples kept as measured).

#include "core/model/stats.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace speeduplab;

Q_DECLARE_METATYPE(std::vector<double>)

class TestStats : public QObject {
    Q_OBJECT

private slots:
    void markNoisyAsAFileKeepsIt();
    void summary_data();
    void summary();
    void noisy_data();
    void noisy();
    void orderDoesNotMatter();
    void quartiles_data();
    void quartiles();
    void samplesKeptInOrderAndCapped();
    void streamIsExactUpToTheCap();
    void streamIsBoundedPastIt();
};

void TestStats::summary_data()
{
    QTest::addColumn<std::vector<double>>("samples");
    QTest::addColumn<int>("reps");
    QTest::addColumn<double>("median");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<double>("mean");
    QTest::addColumn<double>("stddev");

    QTest::newRow("empty") << std::vector<double>{} << 0 << 0.0 << 0.0 << 0.0 << 0.0 << 0.0;
    // One sample has no spread: the sample stddev (n - 1) is defined as 0, not a division by zero.
    QTest::newRow("single") << std::vector<double>{2.5} << 1 << 2.5 << 2.5 << 2.5 << 2.5 << 0.0;
    QTest::newRow("odd count, unsorted")
        << std::vector<double>{3.0, 1.0, 2.0} << 3 << 2.0 << 1.0 << 3.0 << 2.0 << 1.0;
    // Even count: the median is the mean of the two middle values, not either of them.
    QTest::newRow("even count") << std::vector<double>{4.0, 1.0, 3.0, 2.0} << 4 << 2.5 << 1.0 << 4.0 << 2.5
                                << std::sqrt(5.0 / 3.0);
    QTest::newRow("two samples") << std::vector<double>{1.0, 2.0} << 2 << 1.5 << 1.0 << 2.0 << 1.5
                                 << std::sqrt(0.5);
    // 2,4,4,4,5,5,7,9: the textbook set with population stddev 2; the sample stddev is sqrt(32/7).
    QTest::newRow("textbook") << std::vector<double>{2, 4, 4, 4, 5, 5, 7, 9} << 8 << 4.5 << 2.0 << 9.0 << 5.0
                              << std::sqrt(32.0 / 7.0);
    // The median resists an outlier that drags the mean: that is why it is the headline.
    QTest::newRow("outlier") << std::vector<double>{1e-3, 1e-3, 1e-3, 1e-3, 1.0} << 5 << 1e-3 << 1e-3 << 1.0
                             << (4e-3 + 1.0) / 5
                             << std::sqrt((4 * std::pow(1e-3 - 0.2008, 2) + std::pow(0.7992, 2)) / 4);
    QTest::newRow("identical") << std::vector<double>{7e-6, 7e-6, 7e-6} << 3 << 7e-6 << 7e-6 << 7e-6 << 7e-6
                               << 0.0;
}

void TestStats::summary()
{
    QFETCH(std::vector<double>, samples);
    QFETCH(int, reps);
    QFETCH(double, median);
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(double, mean);
    QFETCH(double, stddev);

    const Stats s = Stats::of(samples);
    QCOMPARE(s.reps, reps);
    QCOMPARE(s.median, median);
    QCOMPARE(s.min, min);
    QCOMPARE(s.max, max);
    QVERIFY2(std::fabs(s.mean - mean) <= 1e-12 * std::max(1.0, std::fabs(mean)),
             qPrintable(QString("mean %1, expected %2").arg(s.mean, 0, 'g', 17).arg(mean, 0, 'g', 17)));
    QVERIFY2(std::fabs(s.stddev - stddev) <= 1e-9 * std::max(1e-12, stddev),
             qPrintable(QString("stddev %1, expected %2").arg(s.stddev, 0, 'g', 17).arg(stddev, 0, 'g', 17)));
    const double cv = mean > 0 ? stddev / mean : 0.0;
    QVERIFY2(std::fabs(s.cv - cv) <= 1e-9 * std::max(1e-12, cv),
             qPrintable(QString("cv %1, expected %2").arg(s.cv, 0, 'g', 17).arg(cv, 0, 'g', 17)));
}

void TestStats::noisy_data()
{
    QTest::addColumn<std::vector<double>>("samples");
    QTest::addColumn<bool>("noisy");

    QTest::newRow("no spread") << std::vector<double>{1.0, 1.0, 1.0} << false;
    QTest::newRow("single sample") << std::vector<double>{1.0} << false;
    QTest::newRow("empty") << std::vector<double>{} << false;
    // mean 1, sample stddev 0.04: CV 4 %, under the 5 % line.
    QTest::newRow("cv 4%") << std::vector<double>{0.96, 1.0, 1.04} << false;
    // mean 1, sample stddev 0.06: CV 6 %, over it.
    QTest::newRow("cv 6%") << std::vector<double>{0.94, 1.0, 1.06} << true;
    QTest::newRow("very noisy") << std::vector<double>{1.0, 2.0, 10.0} << true;
}

void TestStats::noisy()
{
    QFETCH(std::vector<double>, samples);
    QFETCH(bool, noisy);
    const Stats s = Stats::of(samples);
    QCOMPARE(s.noisy(), noisy);
    QCOMPARE(s.noisy(), s.cv > Stats::noisyCv);
    QCOMPARE(Stats::noisyCv, 0.05);
}

void TestStats::orderDoesNotMatter()
{
    const std::vector<double> a{5, 1, 4, 2, 3, 9, 0.5};
    std::vector<double> b = a;
    std::reverse(b.begin(), b.end());
    const Stats sa = Stats::of(a), sb = Stats::of(b);
    QCOMPARE(sa.median, 3.0);
    QCOMPARE(sa.median, sb.median);
    QCOMPARE(sa.min, sb.min);
    QCOMPARE(sa.max, sb.max);
    QVERIFY(std::fabs(sa.stddev - sb.stddev) < 1e-12);
    QCOMPARE(sa.q1, sb.q1);
    QCOMPARE(sa.q3, sb.q3);
    QCOMPARE(sa.outliers, sb.outliers);
}

void TestStats::quartiles_data()
{
    QTest::addColumn<std::vector<double>>("samples");
    QTest::addColumn<double>("q1");
    QTest::addColumn<double>("q3");
    QTest::addColumn<int>("outliers");

    // Linear interpolation between order statistics (numpy.percentile's default).
    QTest::newRow("empty") << std::vector<double>{} << 0.0 << 0.0 << 0;
    QTest::newRow("single") << std::vector<double>{2.5} << 2.5 << 2.5 << 0;
    QTest::newRow("four") << std::vector<double>{4.0, 1.0, 3.0, 2.0} << 1.75 << 3.25 << 0;
    // IQR 1.5, fences 1.75 and 7.75: 9 is out.
    QTest::newRow("textbook") << std::vector<double>{2, 4, 4, 4, 5, 5, 7, 9} << 4.0 << 5.5 << 1;
    // Both sides: IQR 3, fences 6 and 18.
    QTest::newRow("low and high") << std::vector<double>{13, 0.1, 10, 30, 11, 12, 14} << 10.5 << 13.5 << 2;
    // Steady repetitions and one slow one: the IQR is 0, so the slow one is out.
    QTest::newRow("one slow repetition")
        << std::vector<double>{1e-3, 1e-3, 1e-3, 1e-3, 1.0} << 1e-3 << 1e-3 << 1;
    QTest::newRow("identical") << std::vector<double>{7e-6, 7e-6, 7e-6} << 7e-6 << 7e-6 << 0;
}

void TestStats::quartiles()
{
    QFETCH(std::vector<double>, samples);
    QFETCH(double, q1);
    QFETCH(double, q3);
    QFETCH(int, outliers);
    const Stats s = Stats::of(samples);
    QVERIFY2(std::fabs(s.q1 - q1) <= 1e-12 * std::fabs(q1), qPrintable(QString::number(s.q1, 'g', 17)));
    QVERIFY2(std::fabs(s.q3 - q3) <= 1e-12 * std::fabs(q3), qPrintable(QString::number(s.q3, 'g', 17)));
    QCOMPARE(s.outliers, outliers);
    QCOMPARE(s.hasQuartiles(), !samples.empty());
    if (!samples.empty()) {
        QVERIFY(s.min <= s.q1 && s.q1 <= s.median && s.median <= s.q3 && s.q3 <= s.max);
        QCOMPARE(s.iqr(), s.q3 - s.q1);
    }
    // Outliers are flagged, never dropped: every statistic still counts them.
    QCOMPARE(s.reps, int(samples.size()));
    QCOMPARE(s.samples.size(), samples.size());
}

void TestStats::samplesKeptInOrderAndCapped()
{
    const std::vector<double> few{3.0, 1.0, 2.0};
    QCOMPARE(Stats::of(few).samples, few); // as measured, not sorted

    std::vector<double> many(Stats::maxSamples + 100);
    for (std::size_t i = 0; i < many.size(); ++i)
        many[i] = i < Stats::maxSamples ? 1.0 : 100.0; // the last 100 are slow
    const Stats s = Stats::of(many);
    QCOMPARE(s.reps, int(many.size()));
    QCOMPARE(s.samples.size(), Stats::maxSamples);
    QCOMPARE(s.samples.back(), 1.0);
    // The summary covers every repetition, the kept ones or not.
    QCOMPARE(s.max, 100.0);
    QCOMPARE(s.outliers, 100);

    // A Stats without quartiles (a summary from an older file) says so.
    Stats old;
    old.reps = 5;
    old.median = old.min = old.max = 1.0;
    QVERIFY(!old.hasQuartiles());
    QCOMPARE(old.iqr(), 0.0);
}

// A point marked noisy is noisy whatever its CV, and offTrend is set only where the CV does not say
// so already: what a file's noisy column can give back, so a point and its reloaded copy are equal.
void TestStats::markNoisyAsAFileKeepsIt()
{
    Stats spread = Stats::of({1.0, 2.0, 10.0});
    QVERIFY(spread.cv > Stats::noisyCv);
    spread.markNoisy();
    QVERIFY(spread.noisy());
    QVERIFY(!spread.offTrend);
    Stats steady = Stats::of({1.0, 1.0, 1.0});
    QVERIFY(!steady.noisy());
    steady.markNoisy();
    QVERIFY(steady.noisy());
    QVERIFY(steady.offTrend);
}

// Up to Stats::maxSamples, a SampleStream is Stats::of, exactly.
void TestStats::streamIsExactUpToTheCap()
{
    SampleStream stream;
    std::vector<double> all;
    for (std::size_t i = 0; i < Stats::maxSamples; ++i) {
        const double t = 1e-6 * (1.0 + 0.1 * std::sin(double(i)));
        stream.add(t);
        all.push_back(t);
    }
    QVERIFY(stream.stats() == Stats::of(all));
}

// Issue 36: --max-reps 2e9 at n = 1 kept every repetition's time (500 MB). Past the cap the
// stream keeps the first maxSamples, exact extremes, mean and deviation, and quartiles from
// 0.1 % bins, in memory that does not grow.
void TestStats::streamIsBoundedPastIt()
{
    SampleStream stream;
    std::vector<double> all;
    const std::size_t n = 20 * Stats::maxSamples + 1;
    for (std::size_t i = 0; i < n; ++i) {
        // 1 to 2 µs, spread evenly (a fixed shuffle), and one slow repetition.
        const double t = i == n / 3 ? 1e-3 : 1e-6 * (1.0 + double((i * 7919) % n) / double(n));
        stream.add(t);
        all.push_back(t);
    }
    const Stats exact = Stats::of(all);
    const Stats s = stream.stats();
    QCOMPARE(s.reps, int(n));
    QCOMPARE(s.samples.size(), Stats::maxSamples);
    QVERIFY(std::equal(s.samples.begin(), s.samples.end(), all.begin()));
    QCOMPARE(stream.kept().size(), Stats::maxSamples);
    QCOMPARE(s.min, exact.min);
    QCOMPARE(s.max, exact.max);
    QVERIFY(std::abs(s.mean / exact.mean - 1) < 1e-12);
    QVERIFY(std::abs(s.stddev / exact.stddev - 1) < 1e-9);
    for (const auto &[got, want] : {std::pair{s.median, exact.median}, {s.q1, exact.q1}, {s.q3, exact.q3}})
        QVERIFY2(std::abs(got / want - 1) < SampleStream::binWidth,
                 qPrintable(QString::number(got / want - 1)));
    QCOMPARE(s.outliers, exact.outliers); // the one slow repetition
    QVERIFY(s.hasQuartiles());
}

QTEST_APPLESS_MAIN(TestStats)
#include "tst_stats.moc"
