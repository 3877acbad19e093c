// SPDX-License-Identifier: MIT
// ResultIO: CSV and JSON round trips (metadata, CPU conditions, every status, awkward strings,
// extreme doubles, repetition samples), format versions, the byte-order mark and edge values
// that load, and that a large file loads in memory proportional to it.

#include "resultiotest.h"

#include <QtTest>

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cmath>
#include <cstring>
#include <malloc.h>

using namespace speeduplab;
using namespace resultiotest;

namespace {

/// r as a CSV file brings it back: the repetition samples are JSON's only.
ResultSet withoutSamples(ResultSet r)
{
    for (Measurement &m : r.rows)
        m.stats.samples.clear();
    return r;
}

QString firstDifference(const ResultSet &a, const ResultSet &b)
{
    if (!(a.machine == b.machine)) {
        ResultSet ma, mb;
        ma.machine = a.machine;
        mb.machine = b.machine;
        return "machine differs:\n" + QString::fromStdString(ResultIO::toJson(ma)) + "\nvs\n" +
               QString::fromStdString(ResultIO::toJson(mb));
    }
    if (a.rows.size() != b.rows.size())
        return QString("%1 rows vs %2").arg(a.rows.size()).arg(b.rows.size());
    for (size_t i = 0; i < a.rows.size(); ++i)
        if (!(a.rows[i] == b.rows[i])) {
            ResultSet ra, rb;
            ra.add(a.rows[i]);
            rb.add(b.rows[i]);
            return QString("row %1 differs:\n").arg(i) + QString::fromStdString(ResultIO::toJson(ra)) +
                   "\nvs\n" + QString::fromStdString(ResultIO::toJson(rb));
        }
    return "equal";
}

QString csvWithoutColumns(const QStringList &columns)
{
    QStringList lines = QString::fromStdString(ResultIO::toCsv(plainSet())).split('\n');
    QList<int> cols;
    for (const QString &c : columns)
        cols << splitCsvLine(lines[0]).indexOf(c);
    std::sort(cols.rbegin(), cols.rend());
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].isEmpty() || lines[i].startsWith("\"# metadata: "))
            continue;
        QStringList cells = splitCsvLine(lines[i]);
        for (int c : cols)
            cells.removeAt(c);
        lines[i] = cells.join(',');
    }
    return lines.join('\n');
}

long kibFromStatus(const char *field)
{
    QFile f("/proc/self/status");
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(int(std::strlen(field))).trimmed().split(' ').value(0).toLong();
    return -1;
}

ResultSet manyRows(int count)
{
    ResultSet r;
    r.machine.cpuModel = "cpu";
    for (int i = 0; i < count; ++i) {
        Measurement m = measurement(i % 2 ? "gpu" : "cpu", 4 + i, Measurement::Status::Ok, "");
        m.reason = i % 7 ? "" : "a note";
        r.add(m);
    }
    return r;
}

} // namespace

class TestResultIO : public QObject {
    Q_OBJECT

private slots:
    void bytesThatAreNotUtf8AreWrittenReplaced();
    void blankLinesReserveNothing();
    void sweepConditionsAreCut();
    void roundTrip_data();
    void roundTrip();
    void roundTripNan_data();
    void roundTripNan();
    void csvShape();
    void cpuConditionsRoundTrip();
    void oldFileWithoutCpuConditions();
    void samplesRoundTrip();
    void oldFilesWithoutSpread();
    void versionIsChecked();
    void byteOrderMarkAccepted_data();
    void byteOrderMarkAccepted();
    void goodEdgeValuesLoad();
    void largeFileLoadsInProportionalMemory_data();
    void largeFileLoadsInProportionalMemory();
};

void TestResultIO::roundTrip_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<int>("which");
    for (const char *f : {"csv", "json"}) {
        QTest::addRow("%s: full", f) << f << 0;
        QTest::addRow("%s: empty", f) << f << 1;
        QTest::addRow("%s: rows, default machine", f) << f << 2;
    }
}

// Issue 36: a byte that is not UTF-8 in SPEEDUPLAB_OPENBLAS (or OPENBLAS_CORETYPE, or the NVML
// path) reached the machine's metadata, and the JSON dump threw after the sweep: neither the CSV
// nor the JSON was written. Every JSON text written replaces the bytes (U+FFFD) and reads back.
void TestResultIO::bytesThatAreNotUtf8AreWrittenReplaced()
{
    ResultSet r = sampleSet();
    r.machine.blas = "OpenBLAS from /opt/\xff\xfe"
                     "blas/libopenblas.so";
    r.machine.cpuModel = "CPU \xc3";
    r.rows.front().reason = "bad \x80 byte";
    for (const bool csv : {true, false}) {
        std::string text;
        try {
            text = csv ? ResultIO::toCsv(r) : ResultIO::toJson(r);
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        const ResultSet back =
            csv ? ResultIO::fromCsv(text, ResultIO::csvMetadata(r)) : ResultIO::fromJson(text);
        QCOMPARE(back.machine.blas, std::string("OpenBLAS from /opt/\uFFFD\uFFFDblas/libopenblas.so"));
        QCOMPARE(back.machine.cpuModel, std::string("CPU \uFFFD"));
        QCOMPARE(back.rows.front().reason, std::string("bad \uFFFD byte"));
    }
}

// Issue 36: the CSV reader reserved a row per newline: 50 MB of empty lines ended in
// std::bad_alloc. Only a line long enough to be a row counts.
void TestResultIO::blankLinesReserveNothing()
{
    const std::string text = ResultIO::toCsv(sampleSet()) + std::string(1000000, '\n');
    const ResultSet back = ResultIO::fromCsv(text);
    QCOMPARE(back.rows.size(), sampleSet().rows.size());
    QVERIFY2(back.rows.capacity() < 100, qPrintable(QString::number(back.rows.capacity())));
}

// Issue 36: machine.sweep.gpu_clocks was never cut: report printed all 2 MB of it. Every string
// of the machine is cut at load, the sweep's conditions included.
void TestResultIO::sweepConditionsAreCut()
{
    ResultSet r = sampleSet();
    r.machine.sweep.gpuClocks = std::string(2000000, 'x');
    for (const bool csv : {true, false}) {
        const ResultSet back = csv ? ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r))
                                   : ResultIO::fromJson(ResultIO::toJson(r));
        QVERIFY2(back.machine.sweep.gpuClocks.size() < 2100,
                 qPrintable(QString::number(back.machine.sweep.gpuClocks.size())));
        QVERIFY(back.machine.sweep.gpuClocks.find("cut from 2000000 characters") != std::string::npos);
    }
}

void TestResultIO::roundTrip()
{
    QFETCH(QString, format);
    QFETCH(int, which);
    ResultSet r;
    if (which == 0)
        r = sampleSet();
    if (which == 2)
        r.rows = sampleSet().rows;
    const bool csv = format == "csv";
    const std::string text = csv ? ResultIO::toCsv(r) : ResultIO::toJson(r);
    if (csv)
        r = withoutSamples(r);

    // In memory.
    const ResultSet back = csv ? ResultIO::fromCsv(text, ResultIO::csvMetadata(r)) : ResultIO::fromJson(text);
    QVERIFY2(back == r, qPrintable(firstDifference(r, back)));

    // Through a file, loaded by extension, and again by content (no extension).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("results." + format).toStdString();
    csv ? ResultIO::writeCsv(r, path) : ResultIO::writeJson(r, path);
    QCOMPARE(readAll(QString::fromStdString(path)), QByteArray::fromStdString(text));
    const ResultSet loaded = ResultIO::load(path);
    QVERIFY2(loaded == r, qPrintable(firstDifference(r, loaded)));
    // A CSV's machine lies in its metadata file, beside it whatever its name.
    const auto metadataOf = [&](const std::string &at) {
        if (csv)
            SafeFile::write(ResultIO::csvMetadataPath(at), ResultIO::csvMetadata(r));
    };
    const std::string bare = dir.filePath("results").toStdString();
    SafeFile::write(bare, text);
    metadataOf(bare);
    const ResultSet sniffed = ResultIO::load(bare);
    QVERIFY2(sniffed == r, qPrintable(firstDifference(r, sniffed)));
    // Named for the other format (a CSV saved as .json), read by what it holds.
    const std::string misnamed = dir.filePath(csv ? "results-csv.json" : "results-json.csv").toStdString();
    SafeFile::write(misnamed, text);
    metadataOf(misnamed);
    const ResultSet byContent = ResultIO::load(misnamed);
    QVERIFY2(byContent == r, qPrintable(firstDifference(r, byContent)));

    // Writing what was read gives the same bytes: nothing drifts across generations.
    QCOMPARE(csv ? ResultIO::toCsv(back) : ResultIO::toJson(back), text);
}

void TestResultIO::roundTripNan_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("csv") << "csv";
    QTest::newRow("json") << "json";
}

void TestResultIO::roundTripNan()
{
    QFETCH(QString, format);
    // NaN != NaN, so operator== cannot see it: check the NaNs by hand, the rest with ==.
    // (A row's cv must be finite: NaN there is refused, see badNumbers.)
    ResultSet r = sampleSet();
    r.machine.ceilings["unknown"] = NAN;
    r.rows[1].maxError = NAN;
    const bool csv = format == "csv";
    ResultSet back = csv ? ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r))
                         : ResultIO::fromJson(ResultIO::toJson(r));
    if (csv)
        r = withoutSamples(r);
    QVERIFY(std::isnan(back.machine.ceilings.at("unknown")));
    QVERIFY(std::isnan(back.rows[1].maxError));
    for (ResultSet *s : {&r, &back}) {
        s->machine.ceilings["unknown"] = 0;
        s->rows[1].maxError = 0;
    }
    QVERIFY2(back == r, qPrintable(firstDifference(r, back)));
}

void TestResultIO::csvShape()
{
    const QString csv = QString::fromStdString(ResultIO::toCsv(sampleSet()));
    const QStringList lines = csv.split('\n');
    // Issue 35: the header is the first row, so that a spreadsheet opens the file as a table.
    // Issue 62: nothing but the header and the rows, so that pandas reads one row a point (the
    // machine's cell after the rows was a row of its own); the machine is in its metadata file.
    QCOMPARE(lines[0], QString::fromLatin1(ResultIO::csvHeader()));
    for (const char *c : {"workload", "n", "median_s", "cv", "noisy", "verified", "status", "reason"})
        QVERIFY2(lines[0].split(',').contains(c), c);
    QVERIFY(csv.endsWith('\n'));
    QVERIFY(!csv.contains("metadata"));
    const ResultSet rowsOnly = ResultIO::fromCsv(csv.toStdString());
    QCOMPARE(rowsOnly.rows.size(), sampleSet().rows.size());
    QCOMPARE(rowsOnly.machine.logicalCores, 0); // unknown without its metadata file
    // The metadata file says what it is and holds the machine, on one line even though the CPU
    // model has a newline.
    const QString meta = QString::fromStdString(ResultIO::csvMetadata(sampleSet(), "results.csv"));
    QCOMPARE(meta.count('\n'), 1);
    QVERIFY(meta.endsWith('\n'));
    const QJsonObject metaDoc = QJsonDocument::fromJson(meta.toUtf8()).object();
    QCOMPARE(metaDoc["format"].toString(), QString("speeduplab-csv-metadata"));
    QCOMPARE(metaDoc["csv"].toString(), QString("results.csv"));
    QVERIFY(metaDoc["machine"].toObject()["cpu_model"].toString().contains("Processor"));
    // JSON documents say what they are.
    const QJsonObject doc =
        QJsonDocument::fromJson(QByteArray::fromStdString(ResultIO::toJson(sampleSet()))).object();
    QCOMPARE(doc["format"].toString(), QString("speeduplab-results"));
    QCOMPARE(doc["rows"].toArray().size(), int(sampleSet().size()));
    QCOMPARE(doc["machine"].toObject()["logical_cores"].toInt(), 16);

    // Issue 35: a point without quartiles (a skipped one, an older file's) has empty q1_s and q3_s
    // cells, not 0 below its min_s; they read back as unknown.
    ResultSet r = sampleSet();
    r.rows.front().stats.q1 = r.rows.front().stats.q3 = 0;
    const std::string text = ResultIO::toCsv(r);
    const QStringList rows = QString::fromStdString(text).split('\n');
    const QStringList header = rows[0].split(',');
    const QStringList first = rows[1].split(',');
    QCOMPARE(first.value(int(header.indexOf("q1_s"))), QString());
    QCOMPARE(first.value(int(header.indexOf("q3_s"))), QString());
    const ResultSet back = ResultIO::fromCsv(text, ResultIO::csvMetadata(r));
    QVERIFY(!back.rows.front().stats.hasQuartiles());
    QCOMPARE(back.machine.logicalCores, 16);
    // Older files' metadata still reads: a comment line before the header, or one quoted cell
    // after the rows.
    const QString machine =
        QString::fromUtf8(QJsonDocument(doc["machine"].toObject()).toJson(QJsonDocument::Compact));
    QString cell = "# metadata: " + machine;
    const ResultSet before = ResultIO::fromCsv((cell + '\n').toStdString() + text);
    QCOMPARE(before.size(), r.size());
    QCOMPARE(before.machine.logicalCores, 16);
    const ResultSet after =
        ResultIO::fromCsv(text + ('"' + cell.replace('"', "\"\"") + "\"\n").toStdString());
    QCOMPARE(after.size(), r.size());
    QCOMPARE(after.machine.logicalCores, 16);
}

void TestResultIO::cpuConditionsRoundTrip()
{
    const ResultSet r = sampleSet();
    const QJsonObject machine = QJsonDocument::fromJson(QByteArray::fromStdString(ResultIO::toJson(r)))
                                    .object()["machine"]
                                    .toObject();
    QCOMPARE(machine["cpu_governor"].toString(), QString("mixed: performance, powersave"));
    QCOMPARE(machine["cpu_boost"].toString(), QString("on"));
    QCOMPARE(machine["cpu_mhz_start"].toDouble(), 3500.25);
    QCOMPARE(machine["cpu_mhz_end"].toDouble(), 2900.5);
    for (const ResultSet &back : {ResultIO::fromJson(ResultIO::toJson(r)),
                                  ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r))}) {
        QCOMPARE(back.machine.cpuConditions.governor, r.machine.cpuConditions.governor);
        QVERIFY(back.machine.cpuConditions.boost == CpuConditions::Boost::On);
        QCOMPARE(back.machine.cpuConditions.startMHz, 3500.25);
        QCOMPARE(back.machine.cpuConditions.endMHz, 2900.5);
    }
    ResultSet off = r;
    off.machine.cpuConditions.boost = CpuConditions::Boost::Off;
    QVERIFY(ResultIO::fromJson(ResultIO::toJson(off)).machine.cpuConditions.boost ==
            CpuConditions::Boost::Off);
    off.machine.cpuConditions = {};
    QVERIFY(ResultIO::fromJson(ResultIO::toJson(off)).machine.cpuConditions == CpuConditions{});
}

void TestResultIO::oldFileWithoutCpuConditions()
{
    // A file written before the CPU conditions existed loads, with them unknown.
    const QString text = jsonEdited([](QJsonObject &d) {
        QJsonObject m = d["machine"].toObject();
        for (const char *k : {"cpu_governor", "cpu_boost", "cpu_mhz_start", "cpu_mhz_end"}) {
            QVERIFY(m.contains(k));
            m.remove(k);
        }
        d["machine"] = m;
    });
    QVERIFY(!text.contains("cpu_governor"));
    const ResultSet back = ResultIO::fromJson(text.toStdString());
    QVERIFY(!back.rows.empty());
    QVERIFY(back.machine.cpuConditions == CpuConditions{});
    QVERIFY(back.machine.cpuConditions.warning().empty());
    QVERIFY(!back.machine.cpuConditions.throttled());
}

void TestResultIO::samplesRoundTrip()
{
    // The repetition times come back from JSON exactly, in measurement order, with the
    // quartiles and the outlier count; CSV keeps those but not the times.
    ResultSet r = plainSet();
    const std::vector<double> times = {3e-3, 1e-3, 1.1e-3, 0.9e-3, 1.05e-3, 1.0 / 3.0 * 3e-3, 2.5e-7};
    r.rows[0].stats = Stats::of(times);
    QCOMPARE(r.rows[0].stats.samples, times);
    QCOMPARE(r.rows[0].stats.outliers, 2); // 3 ms and 0.25 µs are outside the fences
    const QJsonObject row = QJsonDocument::fromJson(QByteArray::fromStdString(ResultIO::toJson(r)))
                                .object()["rows"]
                                .toArray()[0]
                                .toObject();
    QCOMPARE(row["samples"].toArray().size(), qsizetype(times.size()));
    QCOMPARE(row["samples"].toArray()[0].toDouble(), 3e-3);
    QCOMPARE(row["outliers"].toInt(), 2);
    QCOMPARE(row["q1_s"].toDouble(), r.rows[0].stats.q1);
    QCOMPARE(row["q3_s"].toDouble(), r.rows[0].stats.q3);

    const ResultSet json = ResultIO::fromJson(ResultIO::toJson(r));
    QVERIFY2(json == r, qPrintable(firstDifference(r, json)));
    QCOMPARE(json.rows[0].stats.samples, times);
    const ResultSet csv = ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r));
    QVERIFY(csv.rows[0].stats.samples.empty());
    QCOMPARE(csv.rows[0].stats.q1, r.rows[0].stats.q1);
    QCOMPARE(csv.rows[0].stats.q3, r.rows[0].stats.q3);
    QCOMPARE(csv.rows[0].stats.outliers, 2);
    for (const char *c : {"q1_s", "q3_s", "outliers"})
        QVERIFY2(QString(ResultIO::csvHeader()).split(',').contains(c), c);
    QVERIFY(!QString(ResultIO::csvHeader()).contains("samples"));

    // A point measured more than Stats::maxSamples times keeps the first ones, and loads.
    std::vector<double> many(Stats::maxSamples + 5);
    for (std::size_t i = 0; i < many.size(); ++i)
        many[i] = 1e-3 * (1 + 1e-4 * double(i % 97));
    r.rows[0].stats = Stats::of(many);
    QCOMPARE(r.rows[0].stats.reps, int(Stats::maxSamples + 5));
    QCOMPARE(r.rows[0].stats.samples.size(), Stats::maxSamples);
    QCOMPARE(r.rows[0].stats.samples.back(), many[Stats::maxSamples - 1]);
    const ResultSet capped = ResultIO::fromJson(ResultIO::toJson(r));
    QVERIFY2(capped == r, qPrintable("the capped samples do not load back"));
}

void TestResultIO::oldFilesWithoutSpread()
{
    // Files written before the spread was kept load unchanged: no samples, quartiles unknown.
    const QString text = jsonEdited([](QJsonObject &d) {
        QJsonArray rows = d["rows"].toArray();
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QJsonObject row = rows[i].toObject();
            for (const char *k : {"samples", "q1_s", "q3_s", "outliers"}) {
                QVERIFY(row.contains(k));
                row.remove(k);
            }
            rows[i] = row;
        }
        d["rows"] = rows;
    });
    QVERIFY(!text.contains("q1_s"));
    const ResultSet json = ResultIO::fromJson(text.toStdString());
    QVERIFY(!json.rows.empty());
    for (const ResultSet &r :
         {json, ResultIO::fromCsv(csvWithoutColumns({"q1_s", "q3_s", "outliers"}).toStdString())}) {
        const Stats &s = r.rows[0].stats;
        QVERIFY(s.samples.empty());
        QVERIFY(!s.hasQuartiles());
        QCOMPARE(s.outliers, 0);
        QCOMPARE(s.median, plainSet().rows[0].stats.median);
    }
}

void TestResultIO::versionIsChecked()
{
    // docs/results-format.md, "Versions": a file of this version or older loads (one without
    // "version", from another tool, reads as version 1); a newer one is refused with what to do.
    const std::string written = ResultIO::toJson(plainSet());
    QVERIFY(written.find("\"version\":" + std::to_string(ResultIO::formatVersion)) != std::string::npos);
    const auto withVersion = [](const QJsonValue &v) {
        return jsonEdited([&](QJsonObject &d) {
            if (v.isUndefined())
                d.remove("version");
            else
                d["version"] = v;
        });
    };
    for (const QJsonValue &v : {QJsonValue(QJsonValue::Undefined), QJsonValue(1), QJsonValue(1.0)}) {
        const ResultSet r = ResultIO::fromJson(withVersion(v).toStdString());
        QCOMPARE(r.rows.size(), plainSet().rows.size());
    }
    const QString newer = "written by a newer SpeedupLab (version 2); update SpeedupLab to read it";
    for (const QJsonValue &v : {QJsonValue(2), QJsonValue(2.0)}) {
        const auto msg = thrown<ParseError>([&] { ResultIO::fromJson(withVersion(v).toStdString()); });
        QVERIFY(msg);
        QVERIFY2(msg->contains(newer), qPrintable(*msg));
    }
    // Through load(), the message names the file too.
    QTemporaryDir dir;
    const QString path = dir.filePath("future.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(withVersion(37).toUtf8());
    f.close();
    const auto loaded = thrown<ParseError>([&] { ResultIO::load(path.toStdString()); });
    QVERIFY(loaded);
    QVERIFY2(loaded->contains("future.json") && loaded->contains("newer SpeedupLab (version 37)"),
             qPrintable(*loaded));
    // Anything but a whole number of 1 or more is a damaged file.
    for (const QJsonValue &v : {QJsonValue("2"), QJsonValue(1.5), QJsonValue(0), QJsonValue(-3),
                                QJsonValue(QJsonValue::Null), QJsonValue(QJsonArray{2})}) {
        const auto msg = thrown<ParseError>([&] { ResultIO::fromJson(withVersion(v).toStdString()); });
        QVERIFY(msg);
        QVERIFY2(msg->contains("\"version\"") && !msg->contains("newer"), qPrintable(*msg));
    }
}

void TestResultIO::byteOrderMarkAccepted_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("csv");
    QTest::newRow("csv") << "results.csv" << true;
    QTest::newRow("json") << "results.json" << false;
    QTest::newRow("csv, by content") << "results" << true;
    QTest::newRow("json, by content") << "results" << false;
}

void TestResultIO::byteOrderMarkAccepted()
{
    QFETCH(QString, name);
    QFETCH(bool, csv);
    const ResultSet r = csv ? withoutSamples(plainSet()) : plainSet();
    const std::string text = "\xEF\xBB\xBF" + (csv ? ResultIO::toCsv(r) : ResultIO::toJson(r));
    const ResultSet direct =
        csv ? ResultIO::fromCsv(text, ResultIO::csvMetadata(r)) : ResultIO::fromJson(text);
    QVERIFY2(direct == r, qPrintable(firstDifference(r, direct)));
    QTemporaryDir dir;
    const QString path = writeFile(dir, name, QByteArray::fromStdString(text));
    if (csv) // its machine beside it
        writeFile(dir, name + ".meta.json", QByteArray::fromStdString(ResultIO::csvMetadata(r)));
    const ResultSet loaded = ResultIO::load(path.toStdString());
    QVERIFY2(loaded == r, qPrintable(firstDifference(r, loaded)));
    // A spreadsheet's CSV: a BOM, CRLF line ends.
    if (csv) {
        QString plain = QString::fromStdString(ResultIO::toCsv(r));
        plain.replace("\n", "\r\n");
        const ResultSet sheet = ResultIO::fromCsv("\xEF\xBB\xBF" + plain.toStdString());
        QCOMPARE(sheet.rows, r.rows);
    }
}

void TestResultIO::goodEdgeValuesLoad()
{
    // The bounds themselves, a skipped row's zeros, a GPU row without threads, a failed row
    // whose error is unbounded, min = median = max, and rounding within the slack all load.
    ResultSet r = plainSet();
    r.rows[0].stats = Stats::of({1e-12});
    // Each its own point (a file holds a point once): n = 10001, 10002, ...
    int n = 10000;
    Measurement slow = r.rows[0];
    slow.n = ++n;
    slow.stats = Stats::of({1e7});
    r.add(slow);
    Measurement failed = r.rows[0];
    failed.n = ++n;
    failed.status = Measurement::Status::Failed;
    failed.maxError = INFINITY;
    r.add(failed);
    Measurement rounded = r.rows[0];
    rounded.n = ++n;
    rounded.stats = Stats::of({0.1, 0.2, 0.3});
    rounded.stats.min = 0.1 * (1 + 1e-12);
    rounded.stats.median = 0.1;
    rounded.stats.q1 = 0.1; // min_s above q1_s within the slack, too
    r.add(rounded);
    Measurement noQuartiles = r.rows[0]; // a row of an older file: no quartiles, no samples
    noQuartiles.n = ++n;
    noQuartiles.stats.q1 = noQuartiles.stats.q3 = 0;
    noQuartiles.stats.samples.clear();
    r.add(noQuartiles);
    for (const bool csv : {true, false}) {
        const ResultSet back = csv ? ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r))
                                   : ResultIO::fromJson(ResultIO::toJson(r));
        const ResultSet expected = csv ? withoutSamples(r) : r;
        QVERIFY2(back == expected, qPrintable(firstDifference(expected, back)));
    }
}

void TestResultIO::largeFileLoadsInProportionalMemory_data()
{
    QTest::addColumn<bool>("csv");
    QTest::newRow("csv") << true;
    QTest::newRow("json") << false;
}

void TestResultIO::largeFileLoadsInProportionalMemory()
{
    QFETCH(bool, csv);
    const int count = 100000;
    QTemporaryDir dir;
    const std::string path = dir.filePath(csv ? "big.csv" : "big.json").toStdString();
    Measurement first, last;
    {
        const ResultSet r = manyRows(count);
        first = r.rows.front();
        last = r.rows.back();
        csv ? ResultIO::writeCsv(r, path) : ResultIO::writeJson(r, path);
    }
    const qint64 fileBytes = QFileInfo(QString::fromStdString(path)).size();
    // Give back what writing the file freed, so that the load cannot reuse it unseen, then reset
    // the peak (VmHWM) to the current size, where the kernel allows it.
    ::malloc_trim(0);
    QFile clear("/proc/self/clear_refs");
    const bool peakReset = clear.open(QIODevice::WriteOnly) && clear.write("5") == 1;
    clear.close();
    const long before = kibFromStatus("VmRSS:");
    const ResultSet loaded = ResultIO::load(path);
    const long peak = kibFromStatus("VmHWM:");
    QCOMPARE(loaded.size(), std::size_t(count));
    if (csv) { // the repetition times are JSON's only
        first.stats.samples.clear();
        last.stats.samples.clear();
    }
    QCOMPARE(loaded.rows.front(), first);
    QCOMPARE(loaded.rows.back(), last);
    if (!peakReset || before < 0 || peak < 0)
        QSKIP("this system does not let a process reset its peak memory: only the load was checked");
    // The text of the file, the rows (their 4 repetition times and their conditions, some 800
    // bytes a Measurement since it holds its energy, included) and a margin: a DOM of the file
    // (kilobytes a row) is not.
    const double perRow = (double(peak - before) * 1024 - double(fileBytes)) / count;
    qInfo("%s: %lld bytes on disk; the load's peak took %ld KiB more (%.0f bytes a row beyond the text)",
          csv ? "CSV" : "JSON", fileBytes, peak - before, perRow);
    QVERIFY2(perRow < 1600, qPrintable(QString("%1 bytes a row").arg(perRow)));
}

QTEST_APPLESS_MAIN(TestResultIO)
#include "tst_resultio.moc"
