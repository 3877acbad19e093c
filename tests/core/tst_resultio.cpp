// SPDX-License-Identifier: MIT
// ResultIO: CSV and JSON round trips (metadata, every status, awkward strings, extreme doubles),
// malformed input (a ParseError naming the line or field, never a partial result) and atomic
// writes (no partial or temporary file left behind).

#include "core/resultio.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cfloat>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <functional>
#include <future>
#include <limits>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <typeinfo>
#include <unistd.h>

using namespace speeduplab;

namespace {

MachineInfo sampleMachine()
{
    MachineInfo m;
    m.cpuModel = "AMD EPYC 7B13, \"64-Core\"\nProcessor";
    m.logicalCores = 16;
    m.caches = {{"L1d", "32K"}, {"L2", "512K"}, {"L3", "32768K"}};
    m.cpuKernels = "x86-64-v3 (AVX2, FMA)";
    m.blas = "OpenBLAS 0.3.21, kernel SkylakeX (chosen by SpeedupLab from the CPU's features: AVX-512)";
    m.blasWarning = "OpenBLAS runs its generic Prescott kernel (SSE only) on a CPU with AVX-512: \"slow\",\n"
                    "set OPENBLAS_CORETYPE=SkylakeX";
    m.cpuConditions.governor = "mixed: performance, powersave";
    m.cpuConditions.boost = CpuConditions::Boost::On;
    m.cpuConditions.startMHz = 3500.25;
    m.cpuConditions.endMHz = 2900.5;
    m.ramBytes = 67430850560.0;
    m.os = "Debian GNU/Linux 12 (bookworm), Linux 6.1.0 x86_64";
    MachineInfo::Gpu g;
    g.index = 0;
    g.name = "NVIDIA H200";
    g.computeCapability = "9.0";
    g.smCount = 132;
    g.memoryBytes = 150754820096.0;
    g.smClockMHz = 1980;
    g.memoryClockMHz = 2619;
    g.memoryBusWidthBits = 6144;
    g.bandwidthGBs = 4827.5;
    g.l2Bytes = 50.0 * 1024 * 1024;
    m.gpus.push_back(g);
    g.index = 1;
    g.name = "NVIDIA L4 \u00b5";
    g.computeCapability = "8.9";
    m.gpus.push_back(g);
    m.gpuStatus = "";
    m.driverVersion = "12.4";
    m.runtimeVersion = "12.2";
    m.buildType = "Release";
    m.programVersion = "0.1.0";
    m.timestamp = "2025-01-02T03:04:05Z";
    m.ceilings = {{"cpu_bandwidth_bytes_per_s", 1.234e11},
                  {"gpu_launch_latency_s", 2.5e-6},
                  {"unbounded", INFINITY},
                  {"negative unbounded", -INFINITY},
                  {"denormal", std::numeric_limits<double>::denorm_min()},
                  {"largest", DBL_MAX},
                  {"third", 1.0 / 3.0}};
    return m;
}

Measurement measurement(const std::string &backend, int n, Measurement::Status status,
                        const std::string &reason)
{
    Measurement m;
    m.workload = "add";
    m.backend = backend;
    m.threads = backend == "cpu" ? 8 : 0;
    m.mode = backend == "gpu" ? "graph" : "";
    m.device = backend == "gpu" ? 0 : -1;
    m.n = n;
    m.iterations = 1000;
    m.elements = double(n) * n;
    m.bytes = 8.0 * n * n * 1000;
    m.flops = double(n) * n * 1000;
    m.status = status;
    m.reason = reason;
    if (status == Measurement::Status::Ok || status == Measurement::Status::Failed) {
        m.stats = Stats::of({0.1 + n * 1e-7, 0.1, 0.3 / 3.0, 1.0 / 7.0});
        m.maxError = status == Measurement::Status::Ok ? 1.2e-7 : INFINITY;
        m.verified = status == Measurement::Status::Ok;
    }
    return m;
}

ResultSet sampleSet()
{
    ResultSet r;
    r.machine = sampleMachine();
    r.add(measurement("cpu", 4000, Measurement::Status::Ok, ""));
    Measurement failed = measurement("gpu", 40, Measurement::Status::Failed,
                                     "wrong result: element (1, 2) is 3, expected \"4\", off by 1,5");
    failed.transfers = "pinned";
    r.add(failed);
    r.add(measurement("gpu", 4, Measurement::Status::Skipped,
                      "not enough GPU memory:\nline two\r\nline three, \"quoted\" and \"\"doubled\"\""));
    r.add(measurement("cpu", 400, Measurement::Status::Cancelled, "cancelled while it was being measured"));
    Measurement extreme = measurement("cpu", 65536, Measurement::Status::Ok, " leading and trailing space, ");
    extreme.workload = "gemm";
    extreme.variant = "tiled";
    extreme.elements = 1e300;
    extreme.bytes = DBL_MAX;
    extreme.flops = std::numeric_limits<double>::denorm_min();
    extreme.maxError = std::numeric_limits<double>::min(); // the smallest normal double
    extreme.stats.stddev = 0;
    extreme.stats.cv = 0;
    extreme.stats.min = 1e-300;
    r.add(extreme);
    Measurement gpuOk = measurement("gpu", 4000, Measurement::Status::Ok, "n \u2248 310 \u2014 \u00b5s");
    gpuOk.variant = "cublas,tf32"; // a comma in a plain field, too
    gpuOk.mode = "fused";
    gpuOk.device = 1;
    gpuOk.stats = Stats::of({1e-6, 0.9e-6, 1.2e-6}); // a loaded row needs min <= median <= max
    r.add(gpuOk);
    Measurement quoteOnly = measurement("cpu", 1, Measurement::Status::Skipped, "\"");
    r.add(quoteOnly);
    // Steady but off its series' trend: noisy in the file although its CV is low.
    Measurement offTrend = measurement("cpu", 7, Measurement::Status::Ok,
                                       "off its series' trend: 900x the time per iteration of n = 40");
    offTrend.stats.cv = 0.01;
    offTrend.stats.offTrend = true;
    r.add(offTrend);
    return r;
}

/// A small set whose rows have no quoted fields, for the malformed-input edits.
ResultSet plainSet()
{
    ResultSet r;
    r.machine.cpuModel = "cpu";
    r.machine.logicalCores = 2;
    r.add(measurement("cpu", 4, Measurement::Status::Ok, ""));
    r.add(measurement("gpu", 40, Measurement::Status::Skipped, "no GPU"));
    return r;
}

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

const QString kWrongType = QStringLiteral("[not the documented exception type] ");

/// Runs f and returns the message of the E it throws; null when it throws nothing. Any other
/// exception comes back prefixed with kWrongType, so that the test fails instead of aborting.
template <typename E> std::optional<QString> thrown(const std::function<void()> &f)
{
    try {
        f();
    } catch (const E &e) {
        return QString::fromUtf8(e.what());
    } catch (const std::exception &e) {
        return kWrongType + typeid(e).name() + ": " + QString::fromUtf8(e.what());
    }
    return std::nullopt;
}

QStringList splitCsvLine(const QString &line)
{
    return line.split(',');
}

/// The plain set's CSV with one cell replaced: line is 1-based as in the error messages.
QString csvWithCell(int line, const QString &column, const QString &value)
{
    QStringList lines = QString::fromStdString(ResultIO::toCsv(plainSet())).split('\n');
    const int col = splitCsvLine(lines[1]).indexOf(column);
    Q_ASSERT(col >= 0);
    QStringList cells = splitCsvLine(lines[line - 1]);
    cells[col] = value;
    lines[line - 1] = cells.join(',');
    return lines.join('\n');
}

QString csvWithoutColumns(const QStringList &columns)
{
    QStringList lines = QString::fromStdString(ResultIO::toCsv(plainSet())).split('\n');
    QList<int> cols;
    for (const QString &c : columns)
        cols << splitCsvLine(lines[1]).indexOf(c);
    std::sort(cols.rbegin(), cols.rend());
    for (int i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        QStringList cells = splitCsvLine(lines[i]);
        for (int c : cols)
            cells.removeAt(c);
        lines[i] = cells.join(',');
    }
    return lines.join('\n');
}

QString csvWithoutColumn(const QString &column)
{
    QStringList lines = QString::fromStdString(ResultIO::toCsv(plainSet())).split('\n');
    const int col = splitCsvLine(lines[1]).indexOf(column);
    for (int i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        QStringList cells = splitCsvLine(lines[i]);
        cells.removeAt(col);
        lines[i] = cells.join(',');
    }
    return lines.join('\n');
}

/// The plain set's JSON with edit applied to the document object.
QString jsonEdited(const std::function<void(QJsonObject &)> &edit)
{
    QJsonObject doc =
        QJsonDocument::fromJson(QByteArray::fromStdString(ResultIO::toJson(plainSet()))).object();
    edit(doc);
    return QString::fromUtf8(QJsonDocument(doc).toJson());
}

std::function<void(QJsonObject &)> setRowField(int row, const QString &key, const QJsonValue &value)
{
    return [=](QJsonObject &doc) {
        QJsonArray rows = doc["rows"].toArray();
        QJsonObject r = rows[row].toObject();
        if (value.isUndefined())
            r.remove(key);
        else
            r[key] = value;
        rows[row] = r;
        doc["rows"] = rows;
    };
}

std::function<void(QJsonObject &)> setMachineField(const QString &key, const QJsonValue &value)
{
    return [=](QJsonObject &doc) {
        QJsonObject m = doc["machine"].toObject();
        m[key] = value;
        doc["machine"] = m;
    };
}

QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

} // namespace

class TestResultIO : public QObject {
    Q_OBJECT

private slots:
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
    void badSamples_data();
    void badSamples();
    void malformedCsv_data();
    void malformedCsv();
    void malformedJson_data();
    void malformedJson();
    void loadNamesTheFile_data();
    void loadNamesTheFile();
    void byteOrderMarkAccepted_data();
    void byteOrderMarkAccepted();
    void badNumbersNameFileLineField_data();
    void badNumbersNameFileLineField();
    void goodEdgeValuesLoad();
    void echoedValuesAreCappedAndEscaped_data();
    void echoedValuesAreCappedAndEscaped();
    void overflowingNumberIsLocated();
    void malformedStructureIsBounded_data();
    void malformedStructureIsBounded();
    void notUtf8CsvIsRefused();
    void fifoIsRefusedWithoutBlocking();
    void specialFilesAreRefused_data();
    void specialFilesAreRefused();
    void oversizeFileIsRefused();
    void largeFileLoadsInProportionalMemory_data();
    void largeFileLoadsInProportionalMemory();
    void atomicWriteReplacesWhole_data();
    void atomicWriteReplacesWhole();
    void writeErrors_data();
    void writeErrors();
    void unwritableFolder();
    void refusesNonRegularTargets_data();
    void refusesNonRegularTargets();
    void devNullIsRefused();
    void symlinkIsFollowed();
    void modeIsKept_data();
    void modeIsKept();
    void readOnlyNeedsForce();
    void sameFileTwice();
    void preflightFindsUnwritableFolders();
    void staleTemporariesAreRemoved();
    void noTemporaryAfterAFailedWrite();
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
    const ResultSet back = csv ? ResultIO::fromCsv(text) : ResultIO::fromJson(text);
    QVERIFY2(back == r, qPrintable(firstDifference(r, back)));

    // Through a file, loaded by extension, and again by content (no extension).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("results." + format).toStdString();
    csv ? ResultIO::writeCsv(r, path) : ResultIO::writeJson(r, path);
    QCOMPARE(readAll(QString::fromStdString(path)), QByteArray::fromStdString(text));
    const ResultSet loaded = ResultIO::load(path);
    QVERIFY2(loaded == r, qPrintable(firstDifference(r, loaded)));
    const std::string bare = dir.filePath("results").toStdString();
    SafeFile::write(bare, text);
    const ResultSet sniffed = ResultIO::load(bare);
    QVERIFY2(sniffed == r, qPrintable(firstDifference(r, sniffed)));
    // Named for the other format (a CSV saved as .json), read by what it holds.
    const std::string misnamed = dir.filePath(csv ? "results-csv.json" : "results-json.csv").toStdString();
    SafeFile::write(misnamed, text);
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
    ResultSet back = csv ? ResultIO::fromCsv(ResultIO::toCsv(r)) : ResultIO::fromJson(ResultIO::toJson(r));
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
    for (const ResultSet &back :
         {ResultIO::fromJson(ResultIO::toJson(r)), ResultIO::fromCsv(ResultIO::toCsv(r))}) {
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
    const ResultSet csv = ResultIO::fromCsv(ResultIO::toCsv(r));
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
    QVERIFY(written.find("\"version\": " + std::to_string(ResultIO::formatVersion)) != std::string::npos);
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

void TestResultIO::csvShape()
{
    const QString csv = QString::fromStdString(ResultIO::toCsv(sampleSet()));
    const QStringList lines = csv.split('\n');
    QVERIFY(lines[0].startsWith("# metadata: {"));
    QCOMPARE(lines[1], QString::fromLatin1(ResultIO::csvHeader()));
    for (const char *c : {"workload", "n", "median_s", "cv", "noisy", "verified", "status", "reason"})
        QVERIFY2(lines[1].split(',').contains(c), c);
    QVERIFY(csv.endsWith('\n'));
    // The metadata stays on one line even though the CPU model has a newline.
    QVERIFY(lines[0].contains("Processor"));
    // JSON documents say what they are.
    const QJsonObject doc =
        QJsonDocument::fromJson(QByteArray::fromStdString(ResultIO::toJson(sampleSet()))).object();
    QCOMPARE(doc["format"].toString(), QString("speeduplab-results"));
    QCOMPARE(doc["rows"].toArray().size(), int(sampleSet().size()));
    QCOMPARE(doc["machine"].toObject()["logical_cores"].toInt(), 16);
}

void TestResultIO::malformedCsv_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("mentions");

    const QString good = QString::fromStdString(ResultIO::toCsv(plainSet()));
    const QStringList lines = good.split('\n'); // 1 metadata, 2 header, 3 and 4 rows
    const int columns = int(lines[1].split(',').size());
    {
        QStringList cut = lines;
        QStringList cells = cut[3].split(',');
        cells = cells.mid(0, cells.size() - 3);
        cut[3] = cells.join(',');
        QTest::newRow("row missing fields")
            << cut.join('\n')
            << QStringList{"line 4", QString("expected %1 fields, found %2").arg(columns).arg(columns - 3)};
    }
    QTest::newRow("file cut mid-row")
        << good.left(good.lastIndexOf("skipped") - 20) << QStringList{"line 4", "fields"};
    {
        QStringList extra = lines;
        extra[2] += ",surplus";
        QTest::newRow("row with an extra field")
            << extra.join('\n') << QStringList{"line 3", QString("found %1").arg(columns + 1)};
    }
    QTest::newRow("non-numeric median")
        << csvWithCell(3, "median_s", "fast") << QStringList{"line 3", "median_s", "fast"};
    QTest::newRow("empty number") << csvWithCell(4, "bytes", "") << QStringList{"line 4", "bytes"};
    QTest::newRow("fractional n") << csvWithCell(3, "n", "4.5") << QStringList{"line 3", "column n", "4.5"};
    QTest::newRow("huge threads") << csvWithCell(3, "threads", "1e12") << QStringList{"line 3", "threads"};
    QTest::newRow("unknown status") << csvWithCell(4, "status", "great")
                                    << QStringList{"line 4", "status", "great"};
    QTest::newRow("bad boolean") << csvWithCell(3, "verified", "yes")
                                 << QStringList{"line 3", "verified", "yes"};
    QTest::newRow("unknown backend") << csvWithCell(4, "backend", "tpu")
                                     << QStringList{"line 4", "backend", "tpu"};
    QTest::newRow("n = 0") << csvWithCell(4, "n", "0") << QStringList{"line 4", "n must be positive"};
    QTest::newRow("empty workload") << csvWithCell(4, "workload", "") << QStringList{"line 4", "workload"};
    QTest::newRow("ok without a time")
        << csvWithCell(3, "median_s", "0") << QStringList{"line 3", "median_s"};
    QTest::newRow("missing column") << csvWithoutColumn("median_s") << QStringList{"line 2", "median_s"};
    QTest::newRow("missing status column") << csvWithoutColumn("status") << QStringList{"line 2", "status"};
    QTest::newRow("unterminated quote")
        << csvWithCell(4, "reason", "\"never closed") << QStringList{"line 4", "unterminated"};
    QTest::newRow("empty file") << QString() << QStringList{"line 1", "no header"};
    QTest::newRow("only blank lines") << QString("\n\n\n") << QStringList{"no header"};
    QTest::newRow("only metadata") << lines[0] + '\n' << QStringList{"line 2", "no header"};
    QTest::newRow("metadata not JSON")
        << "# metadata: {oops\n" + lines.mid(1).join('\n') << QStringList{"line 1", "metadata"};
    QTest::newRow("metadata of the wrong type")
        << "# metadata: {\"logical_cores\": \"many\"}\n" + lines.mid(1).join('\n')
        << QStringList{"line 1", "logical_cores"};
    QTest::newRow("someone else's CSV") << QString("name,value\nx,1\n") << QStringList{"line 1", "column"};
}

void TestResultIO::malformedCsv()
{
    QFETCH(QString, text);
    QFETCH(QStringList, mentions);
    ResultSet got;
    const auto msg = thrown<ParseError>([&] { got = ResultIO::fromCsv(text.toStdString()); });
    QVERIFY2(msg, qPrintable(QString("no ParseError; %1 rows returned").arg(got.size())));
    QVERIFY2(!msg->startsWith(kWrongType), qPrintable(*msg));
    for (const QString &m : mentions)
        QVERIFY2(msg->contains(m), qPrintable(QString("\"%1\" does not mention \"%2\"").arg(*msg, m)));
    QVERIFY(got.empty()); // never a partial result
}

void TestResultIO::malformedJson_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("mentions");

    const QString good = QString::fromStdString(ResultIO::toJson(plainSet()));
    QTest::newRow("not JSON") << QString("{\"format\": ") << QStringList{"not valid JSON"};
    QTest::newRow("cut short") << good.left(good.size() / 2) << QStringList{"not valid JSON"};
    QTest::newRow("empty file") << QString() << QStringList{"not valid JSON"};
    QTest::newRow("an array") << QString("[1, 2]") << QStringList{"object"};
    QTest::newRow("not a result file") << QString("{\"rows\": []}") << QStringList{"format"};
    QTest::newRow("format is a number") << QString("{\"format\": 1, \"rows\": []}") << QStringList{"format"};
    QTest::newRow("format is null") << jsonEdited([](QJsonObject &d) { d["format"] = QJsonValue::Null; })
                                    << QStringList{"format"};
    QTest::newRow("rows not an array")
        << jsonEdited([](QJsonObject &d) { d["rows"] = QJsonObject(); }) << QStringList{"rows"};
    QTest::newRow("rows missing") << jsonEdited([](QJsonObject &d) { d.remove("rows"); })
                                  << QStringList{"rows"};
    QTest::newRow("row not an object") << jsonEdited([](QJsonObject &d) {
        QJsonArray rows = d["rows"].toArray();
        rows[1] = 5;
        d["rows"] = rows;
    }) << QStringList{"rows[1]"};
    QTest::newRow("n is a string") << jsonEdited(setRowField(1, "n", "40"))
                                   << QStringList{"rows[1]", "\"n\""};
    QTest::newRow("n is null") << jsonEdited(setRowField(1, "n", QJsonValue::Null))
                               << QStringList{"rows[1]", "\"n\""};
    QTest::newRow("n is a boolean") << jsonEdited(setRowField(1, "n", true))
                                    << QStringList{"rows[1]", "\"n\""};
    QTest::newRow("n is fractional") << jsonEdited(setRowField(1, "n", 40.5))
                                     << QStringList{"rows[1]", "\"n\""};
    QTest::newRow("median is a boolean")
        << jsonEdited(setRowField(0, "median_s", true)) << QStringList{"rows[0]", "\"median_s\""};
    QTest::newRow("median is not a number")
        << jsonEdited(setRowField(0, "median_s", "fast")) << QStringList{"rows[0]", "\"median_s\""};
    QTest::newRow("verified is a number")
        << jsonEdited(setRowField(0, "verified", 1)) << QStringList{"rows[0]", "\"verified\""};
    QTest::newRow("reason is an array")
        << jsonEdited(setRowField(1, "reason", QJsonArray{1})) << QStringList{"rows[1]", "\"reason\""};
    QTest::newRow("status missing") << jsonEdited(setRowField(1, "status", QJsonValue::Undefined))
                                    << QStringList{"rows[1]", "missing", "\"status\""};
    QTest::newRow("unknown status") << jsonEdited(setRowField(1, "status", "great"))
                                    << QStringList{"rows[1]", "\"status\"", "great"};
    QTest::newRow("unknown backend") << jsonEdited(setRowField(0, "backend", "tpu"))
                                     << QStringList{"rows[0]", "tpu"};
    QTest::newRow("machine not an object")
        << jsonEdited([](QJsonObject &d) { d["machine"] = QJsonArray(); }) << QStringList{"machine"};
    QTest::newRow("cores a string") << jsonEdited(setMachineField("logical_cores", "many"))
                                    << QStringList{"machine", "logical_cores"};
    QTest::newRow("gpus not an array")
        << jsonEdited(setMachineField("gpus", 3)) << QStringList{"machine.gpus"};
    QTest::newRow("gpu of the wrong type")
        << jsonEdited(setMachineField("gpus", QJsonArray{QJsonObject{{"sm_count", "x"}}}))
        << QStringList{"machine.gpus[0]", "sm_count"};
    QTest::newRow("cpu boost unknown word")
        << jsonEdited(setMachineField("cpu_boost", "maybe")) << QStringList{"machine.cpu_boost", "maybe"};
    QTest::newRow("cpu boost a boolean")
        << jsonEdited(setMachineField("cpu_boost", true)) << QStringList{"machine", "cpu_boost"};
    QTest::newRow("cpu governor a number")
        << jsonEdited(setMachineField("cpu_governor", 3)) << QStringList{"machine", "cpu_governor"};
    QTest::newRow("cpu clock negative")
        << jsonEdited(setMachineField("cpu_mhz_start", -1)) << QStringList{"machine.cpu_mhz_start"};
    QTest::newRow("cpu clock absurd")
        << jsonEdited(setMachineField("cpu_mhz_end", 1e9)) << QStringList{"machine.cpu_mhz_end"};
    QTest::newRow("cpu clock nan") << jsonEdited(setMachineField("cpu_mhz_end", "nan"))
                                   << QStringList{"machine.cpu_mhz_end"};
    QTest::newRow("cpu clock a boolean")
        << jsonEdited(setMachineField("cpu_mhz_start", false)) << QStringList{"machine", "cpu_mhz_start"};
    QTest::newRow("ceiling not a number")
        << jsonEdited(setMachineField("ceilings", QJsonObject{{"bw", "fast"}}))
        << QStringList{"machine.ceilings", "bw"};
}

void TestResultIO::malformedJson()
{
    QFETCH(QString, text);
    QFETCH(QStringList, mentions);
    ResultSet got;
    const auto msg = thrown<ParseError>([&] { got = ResultIO::fromJson(text.toStdString()); });
    QVERIFY2(msg, qPrintable(QString("no ParseError; %1 rows returned").arg(got.size())));
    QVERIFY2(!msg->startsWith(kWrongType), qPrintable(*msg));
    for (const QString &m : mentions)
        QVERIFY2(msg->contains(m), qPrintable(QString("\"%1\" does not mention \"%2\"").arg(*msg, m)));
    QVERIFY(got.empty());
}

void TestResultIO::loadNamesTheFile_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("empty .csv") << "empty.csv" << QByteArray() << "the file is empty";
    QTest::newRow("empty .json") << "empty.json" << QByteArray() << "the file is empty";
    QTest::newRow("blank .json") << "blank.json" << QByteArray(" \n\t\n") << "the file is empty";
    QTest::newRow("garbage .json") << "garbage.json" << QByteArray("#!%&") << "not valid JSON";
    QTest::newRow("bad row") << "bad.csv" << csvWithCell(4, "n", "x").toUtf8() << "line 4";
    QTest::newRow("JSON without extension") << "results" << QByteArray("{\"format\": 1}") << "format";
}

void TestResultIO::loadNamesTheFile()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    const QString path = dir.filePath(name);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
    f.close();
    const auto msg = thrown<ParseError>([&] { ResultIO::load(path.toStdString()); });
    QVERIFY2(msg, "no ParseError");
    QVERIFY2(!msg->startsWith(kWrongType), qPrintable(*msg));
    QVERIFY2(msg->contains(path), qPrintable(*msg));
    QVERIFY2(msg->contains(mentions), qPrintable(*msg));

    const auto missing =
        thrown<ParseError>([&] { ResultIO::load(dir.filePath("absent.csv").toStdString()); });
    QVERIFY(missing);
    QVERIFY(missing->contains("absent.csv"));
}

void TestResultIO::atomicWriteReplacesWhole_data()
{
    QTest::addColumn<QByteArray>("before");
    QTest::addColumn<QByteArray>("after");
    QTest::newRow("new file") << QByteArray() << QByteArray("one line\n");
    QTest::newRow("longer file replaced by a shorter one")
        << QByteArray(200000, 'x') << QByteArray("short\n");
    QTest::newRow("shorter file replaced by a longer one")
        << QByteArray("short\n") << QByteArray(300000, 'y');
    QTest::newRow("replaced by an empty file") << QByteArray("something\n") << QByteArray();
}

void TestResultIO::atomicWriteReplacesWhole()
{
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, after);
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv");
    if (!before.isEmpty())
        SafeFile::write(path.toStdString(), before.toStdString());
    SafeFile::write(path.toStdString(), after.toStdString());
    QCOMPARE(readAll(path), after);
    QCOMPARE(entries(dir.path()), QStringList{"out.csv"}); // no temporary file left beside it

    // Results are shared like any other file: mode 0666 & ~umask, whatever the umask is.
    // (A new file: an existing one keeps its mode, as modeIsKept checks.)
    for (const mode_t mask : {mode_t(022), mode_t(027), mode_t(077)}) {
        QVERIFY(QFile::remove(path));
        const mode_t old = umask(mask);
        SafeFile::write(path.toStdString(), after.toStdString());
        umask(old);
        struct stat st {};
        QCOMPARE(stat(path.toLocal8Bit().constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), int(0666 & ~mask));
        // The writer never changes the umask itself (other threads may be creating files).
        QCOMPARE(umask(old), old);
    }
    QCOMPARE(entries(dir.path()), QStringList{"out.csv"});
}

void TestResultIO::writeErrors_data()
{
    QTest::addColumn<QString>("relative"); ///< the target, relative to a fresh folder
    QTest::addColumn<QString>("mentions");
    QTest::newRow("folder does not exist") << "missing/out.csv"
                                           << "does not exist";
    QTest::newRow("deep folder does not exist") << "a/b/c/out.json"
                                                << "does not exist";
    QTest::newRow("target is a folder") << "sub"
                                        << "is a folder";
    QTest::newRow("no name") << ""
                             << "no output file name";
}

void TestResultIO::writeErrors()
{
    QFETCH(QString, relative);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("sub"));
    const QString path = relative.isEmpty() ? QString() : dir.filePath(relative);
    const QStringList before = entries(dir.path());
    for (int how = 0; how < 3; ++how) {
        const auto msg = thrown<WriteError>([&] {
            if (how == 0)
                ResultIO::writeCsv(sampleSet(), path.toStdString());
            else if (how == 1)
                ResultIO::writeJson(sampleSet(), path.toStdString());
            else
                SafeFile::check(path.toStdString());
        });
        QVERIFY2(msg, "no WriteError");
        QVERIFY2(!msg->startsWith(kWrongType), qPrintable(*msg));
        QVERIFY2(msg->contains(mentions), qPrintable(*msg));
        if (!path.isEmpty())
            QVERIFY2(msg->contains(path), qPrintable(*msg));
        // Nothing was created: not the file, not a temporary, not the missing folder.
        QCOMPARE(entries(dir.path()), before);
        QVERIFY(entries(dir.filePath("sub")).isEmpty());
    }
}

void TestResultIO::unwritableFolder()
{
    if (geteuid() == 0)
        QSKIP("running as root: a read-only folder is still writable");
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("ro"));
    const QString ro = dir.filePath("ro");
    QVERIFY(QFile::setPermissions(ro, QFile::ReadOwner | QFile::ExeOwner));
    const auto msg =
        thrown<WriteError>([&] { ResultIO::writeCsv(sampleSet(), (ro + "/out.csv").toStdString()); });
    QFile::setPermissions(ro, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QVERIFY(msg);
    QVERIFY2(msg->contains("not writable"), qPrintable(*msg));
    QVERIFY(entries(ro).isEmpty());
}

namespace {

/// The file's permission bits, or -1 when it cannot be stat'ed.
int modeOf(const QString &path)
{
    struct stat st {};
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return int(st.st_mode & 07777);
}

bool writeRaw(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

/// Runs f as user nobody (65534) in a child process, when this test runs as root: root passes
/// every permission check, a plain user does not. Returns what f returned, or why it could not.
QString asNobody(const std::function<QString()> &f)
{
    int fds[2];
    if (::pipe(fds) != 0)
        return QStringLiteral("pipe failed");
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        std::string out;
        if (::setgid(65534) != 0 || ::setuid(65534) != 0)
            out = "setuid failed";
        else
            out = f().toStdString();
        const ssize_t n = ::write(fds[1], out.data(), out.size());
        ::_exit(n == ssize_t(out.size()) ? 0 : 1);
    }
    ::close(fds[1]);
    QByteArray got;
    char buf[4096];
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;)
        got.append(buf, int(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return QString::fromUtf8(got);
}

/// SafeFile::check's message, "" when it passed.
QString checkMessage(const std::string &path)
{
    try {
        SafeFile::check(path);
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace

void TestResultIO::refusesNonRegularTargets_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("FIFO") << "fifo"
                          << "it is a FIFO (named pipe), not a regular file";
    QTest::newRow("socket") << "socket"
                            << "it is a socket, not a regular file";
    QTest::newRow("device node like /dev/null") << "device"
                                                << "it is a character device, not a regular file";
    QTest::newRow("folder") << "folder"
                            << "it is a folder, not a regular file";
    QTest::newRow("symlink to a FIFO") << "link to fifo"
                                       << "(a link to ";
}

void TestResultIO::refusesNonRegularTargets()
{
    QFETCH(QString, kind);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("out.csv");
    const QByteArray p = QFile::encodeName(path);
    mode_t type = S_IFIFO;
    if (kind == "fifo" || kind == "link to fifo") {
        const QString fifo = dir.filePath(kind == "fifo" ? "out.csv" : "pipe");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0666), 0);
        if (kind == "link to fifo")
            QVERIFY(QFile::link("pipe", path));
    } else if (kind == "socket") {
        type = S_IFSOCK;
        const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
        QVERIFY(s >= 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        QVERIFY(size_t(p.size()) < sizeof addr.sun_path);
        std::memcpy(addr.sun_path, p.constData(), size_t(p.size()));
        QCOMPARE(::bind(s, reinterpret_cast<const sockaddr *>(&addr), sizeof addr), 0);
        ::close(s);
    } else if (kind == "device") {
        // A node like /dev/null (character device 1:3), made here: a broken check replaces
        // this one, never the real /dev/null.
        type = S_IFCHR;
        if (::mknod(p.constData(), S_IFCHR | 0666, makedev(1, 3)) != 0)
            QSKIP(qPrintable("cannot make a device node here (" + QString::fromUtf8(std::strerror(errno)) +
                             "); /dev/null is checked by SafeFile::check only, in devNullIsRefused"));
    } else {
        type = S_IFDIR;
        QVERIFY(QDir(dir.path()).mkdir("out.csv"));
    }
    const QStringList before = entries(dir.path());
    for (int how = 0; how < 3; ++how) {
        const auto msg = thrown<WriteError>([&] {
            if (how == 0)
                SafeFile::check(path.toStdString());
            else if (how == 1)
                ResultIO::writeCsv(sampleSet(), path.toStdString(), WriteOptions{true});
            else
                ResultIO::writeJson(sampleSet(), path.toStdString());
        });
        QVERIFY2(msg, "no WriteError");
        QVERIFY2(msg->startsWith("cannot write " + path + ": ") ||
                     msg->startsWith("cannot write " + path + " ("),
                 qPrintable(*msg));
        QVERIFY2(msg->contains(mentions), qPrintable(*msg));
        // Still the same thing, and nothing else created beside it (no temporary file).
        QCOMPARE(entries(dir.path()), before);
        struct stat st {};
        QCOMPARE(::stat(p.constData(), &st), 0);
        QCOMPARE(st.st_mode & S_IFMT, type);
    }
}

void TestResultIO::devNullIsRefused()
{
    // Only through checks that refuse it: nothing here writes to /dev/null.
    QString msg = checkMessage("/dev/null");
    QCOMPARE(msg, QStringLiteral("cannot write /dev/null: it is a character device, not a regular file"));
    QTemporaryDir dir;
    const QString link = dir.filePath("null.csv");
    QVERIFY(QFile::link("/dev/null", link));
    msg = checkMessage(link.toStdString());
    QCOMPARE(msg,
             "cannot write " + link + " (a link to /dev/null): it is a character device, not a regular file");
    const auto twice = thrown<WriteError>([&] { SafeFile::checkAll({"/dev/null"}); });
    QVERIFY(twice && twice->contains("character device"));
    QCOMPARE(entries(dir.path()), QStringList{"null.csv"});
}

void TestResultIO::symlinkIsFollowed()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("data"));
    const QString target = dir.filePath("data/target.csv");
    QVERIFY(writeRaw(target, "old\n"));
    QCOMPARE(::chmod(QFile::encodeName(target).constData(), 0640), 0);
    const QString link = dir.filePath("link.csv");
    QVERIFY(QFile::link("data/target.csv", link)); // relative: resolved from the link's folder
    const QString chain = dir.filePath("chain.csv");
    QVERIFY(QFile::link("link.csv", chain)); // a link to the link

    ResultIO::writeCsv(sampleSet(), chain.toStdString());
    QVERIFY(QFileInfo(link).isSymLink());
    QVERIFY(QFileInfo(chain).isSymLink());
    QCOMPARE(QFile::symLinkTarget(chain), link);
    QCOMPARE(readAll(target), QByteArray::fromStdString(ResultIO::toCsv(sampleSet())));
    QCOMPARE(modeOf(target), 0640);
    // The temporary file was made beside the target, and is gone.
    QCOMPARE(entries(dir.filePath("data")), QStringList{"target.csv"});
    QCOMPARE(entries(dir.path()), (QStringList{"chain.csv", "data", "link.csv"}));

    // A dangling link: the file it names is created, the link stays.
    const QString dangling = dir.filePath("dangling.json");
    QVERIFY(QFile::link("data/new.json", dangling));
    ResultIO::writeJson(sampleSet(), dangling.toStdString());
    QVERIFY(QFileInfo(dangling).isSymLink());
    QCOMPARE(readAll(dir.filePath("data/new.json")),
             QByteArray::fromStdString(ResultIO::toJson(sampleSet())));

    // A loop of links is refused with a sentence, not followed forever.
    QVERIFY(QFile::link("loop-b", dir.filePath("loop-a")));
    QVERIFY(QFile::link("loop-a", dir.filePath("loop-b")));
    const auto msg =
        thrown<WriteError>([&] { ResultIO::writeCsv(sampleSet(), dir.filePath("loop-a").toStdString()); });
    QVERIFY2(msg && msg->contains("symbolic links"), msg ? qPrintable(*msg) : "no WriteError");
}

void TestResultIO::modeIsKept_data()
{
    QTest::addColumn<int>("mode");
    QTest::newRow("0600") << 0600;
    QTest::newRow("0640") << 0640;
    QTest::newRow("0604") << 0604;
    QTest::newRow("0664") << 0664;
    QTest::newRow("0755") << 0755;
}

void TestResultIO::modeIsKept()
{
    QFETCH(int, mode);
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv");
    QVERIFY(writeRaw(path, "old\n"));
    QCOMPARE(::chmod(QFile::encodeName(path).constData(), mode_t(mode)), 0);
    SafeFile::write(path.toStdString(), "new\n");
    QCOMPARE(readAll(path), QByteArray("new\n"));
    QCOMPARE(modeOf(path), mode);
    ResultIO::writeCsv(sampleSet(), path.toStdString()); // and again: still the same mode
    QCOMPARE(modeOf(path), mode);
    QCOMPARE(entries(dir.path()), QStringList{"out.csv"});
}

void TestResultIO::readOnlyNeedsForce()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv");
    QVERIFY(writeRaw(path, "keep me\n"));
    QCOMPARE(::chmod(QFile::encodeName(path).constData(), 0444), 0);
    for (int how = 0; how < 2; ++how) {
        try {
            if (how == 0)
                SafeFile::check(path.toStdString());
            else
                ResultIO::writeCsv(sampleSet(), path.toStdString());
            QFAIL("a read-only file was accepted without force");
        } catch (const WriteError &e) {
            QCOMPARE(QString::fromUtf8(e.what()), "cannot write " + path + ": the file is read-only");
            QVERIFY(e.kind() == WriteError::Kind::ReadOnly);
        }
        QCOMPARE(readAll(path), QByteArray("keep me\n"));
        QCOMPARE(entries(dir.path()), QStringList{"out.csv"});
    }
    // Forced: replaced, and still read-only.
    SafeFile::check(path.toStdString(), WriteOptions{true});
    ResultIO::writeCsv(sampleSet(), path.toStdString(), WriteOptions{true});
    QCOMPARE(readAll(path), QByteArray::fromStdString(ResultIO::toCsv(sampleSet())));
    QCOMPARE(modeOf(path), 0444);
    QCOMPARE(entries(dir.path()), QStringList{"out.csv"});
}

void TestResultIO::sameFileTwice()
{
    QTemporaryDir dir;
    const std::string a = dir.filePath("a.csv").toStdString();
    auto refused = [](const std::vector<std::string> &paths) -> QString {
        const auto msg = thrown<WriteError>([&] { SafeFile::checkAll(paths); });
        return msg ? *msg : QString();
    };
    QCOMPARE(refused({a, a}),
             QString::fromStdString(a) + " is given as two outputs: give each output its own file");
    const std::string dotted = dir.path().toStdString() + "/./sub/../a.csv";
    QVERIFY(QDir(dir.path()).mkdir("sub"));
    QVERIFY(refused({a, dotted}).contains("are the same file"));

    // Relative and absolute, from the current folder.
    const QString cwd = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir.path()));
    const QString relative = refused({"a.csv", "./a.csv"});
    const QString mixed = refused({"a.csv", a});
    QVERIFY(QDir::setCurrent(cwd));
    QCOMPARE(relative, QStringLiteral("a.csv and ./a.csv are the same file: give each output its own file"));
    QVERIFY2(mixed.contains("are the same file"), qPrintable(mixed));

    // A symlink and its target (the target does not exist yet), and two hard links.
    QVERIFY(QFile::link("a.csv", dir.filePath("link.csv")));
    QVERIFY(refused({a, dir.filePath("link.csv").toStdString()}).contains("are the same file"));
    QVERIFY(writeRaw(dir.filePath("b.csv"), "b\n"));
    QCOMPARE(::link(QFile::encodeName(dir.filePath("b.csv")).constData(),
                    QFile::encodeName(dir.filePath("hard.csv")).constData()),
             0);
    QVERIFY(refused({dir.filePath("b.csv").toStdString(), dir.filePath("hard.csv").toStdString()})
                .contains("are the same file"));

    // Different files pass, and the preflight leaves nothing behind.
    SafeFile::checkAll({a, dir.filePath("a.json").toStdString(), dir.filePath("b.csv").toStdString()});
    QCOMPARE(entries(dir.path()), (QStringList{"b.csv", "hard.csv", "sub"})); // QDir skips a dangling link
    QVERIFY(QFileInfo(dir.filePath("link.csv")).isSymLink());
    QVERIFY(!QFileInfo::exists(dir.filePath("a.csv")));
}

void TestResultIO::preflightFindsUnwritableFolders()
{
    // A folder that refuses new files even to root: sysfs.
    if (QFileInfo(QStringLiteral("/sys")).isDir()) {
        const QString msg = checkMessage("/sys/speeduplab-preflight.csv");
        QVERIFY2(msg.startsWith("cannot write /sys/speeduplab-preflight.csv: ") && msg.contains("/sys"),
                 qPrintable(msg));
        QVERIFY(!QFile::exists(QStringLiteral("/sys/speeduplab-preflight.csv")));
    }
    if (::geteuid() != 0)
        QSKIP("the sticky-folder case needs another user's file, which only root can make here");
    // Root passes permission bits and sticky folders: check as user nobody instead.
    QTemporaryDir dir;
    QCOMPARE(::chmod(QFile::encodeName(dir.path()).constData(), 0755), 0);
    QVERIFY(QDir(dir.path()).mkdir("closed"));
    QCOMPARE(::chmod(QFile::encodeName(dir.filePath("closed")).constData(), 0755), 0);
    QVERIFY(QDir(dir.path()).mkdir("sticky"));
    QCOMPARE(::chmod(QFile::encodeName(dir.filePath("sticky")).constData(), 01777), 0);
    const QString other = dir.filePath("sticky/other.csv"); // root's, writable by all
    QVERIFY(writeRaw(other, "root's\n"));
    QCOMPARE(::chmod(QFile::encodeName(other).constData(), 0666), 0);

    const QString closed =
        asNobody([&] { return checkMessage(dir.filePath("closed/out.csv").toStdString()); });
    QVERIFY2(closed.startsWith("cannot write " + dir.filePath("closed/out.csv")) &&
                 closed.contains("not writable"),
             qPrintable(closed));
    const QString sticky = asNobody([&] { return checkMessage(other.toStdString()); });
    QCOMPARE(sticky, "cannot write " + other + ": it belongs to another user, and its folder " +
                         dir.filePath("sticky") + " lets only a file's owner replace it");
    // A new file in the same folder is fine: the probe creates and renames files of its own.
    const QString mine = asNobody([&] {
        const QString m = checkMessage(dir.filePath("sticky/mine.csv").toStdString());
        return m.isEmpty() ? QStringLiteral("ok") : m;
    });
    QCOMPARE(mine, QStringLiteral("ok"));
    QCOMPARE(entries(dir.filePath("sticky")), QStringList{"other.csv"});
    QCOMPARE(readAll(other), QByteArray("root's\n"));
}

void TestResultIO::staleTemporariesAreRemoved()
{
    QTemporaryDir dir;
    auto make = [&](const QString &name, qint64 ageSeconds) {
        const QString p = dir.filePath(name);
        QVERIFY(writeRaw(p, "half a file"));
        timespec times[2];
        ::clock_gettime(CLOCK_REALTIME, &times[0]);
        times[0].tv_sec -= ageSeconds;
        times[1] = times[0];
        QCOMPARE(::utimensat(AT_FDCWD, QFile::encodeName(p).constData(), times, 0), 0);
    };
    make("out.csv.tmp-0123456789ab", 3600);                      // a killed write's, an hour ago: removed
    make("out.csv.tmp-abcdefabcdef", 3600);                      // the same
    make("out.csv.tmp-0123456789ac", 0);                         // written after this process started: kept
    make("out.csv.tmp-0123456789abc", 3600);                     // not the pattern (13 digits): kept
    make("out.csv.tmp-xyz", 3600);                               // not the pattern: kept
    make("other.csv.tmp-0123456789ab", 3600);                    // another file's: kept
    QVERIFY(QDir(dir.path()).mkdir("out.csv.tmp-ffffffffffff")); // not a regular file: kept
    QVERIFY(QFile::link("other.csv.tmp-0123456789ab", dir.filePath("out.csv.tmp-eeeeeeeeeeee")));
    QStringList kept = entries(dir.path());
    kept.removeAll("out.csv.tmp-0123456789ab");
    kept.removeAll("out.csv.tmp-abcdefabcdef");

    SafeFile::check(dir.filePath("out.csv").toStdString()); // the preflight cleans up too
    QCOMPARE(entries(dir.path()), kept);
    make("out.csv.tmp-0123456789ab", 3600);
    ResultIO::writeCsv(sampleSet(), dir.filePath("out.csv").toStdString());
    kept << "out.csv";
    kept.sort();
    QCOMPARE(entries(dir.path()), kept);
}

void TestResultIO::noTemporaryAfterAFailedWrite()
{
    // A write that fails half-way (a file size limit: EFBIG) keeps the old file whole and
    // leaves no temporary behind.
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv");
    QVERIFY(writeRaw(path, "old\n"));
    rlimit old{};
    QCOMPARE(::getrlimit(RLIMIT_FSIZE, &old), 0);
    rlimit small = old;
    small.rlim_cur = 4096;
    auto *previous = std::signal(SIGXFSZ, SIG_IGN);
    QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
    const auto msg =
        thrown<WriteError>([&] { SafeFile::write(path.toStdString(), std::string(100000, 'x')); });
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, previous);
    QVERIFY2(msg, "no WriteError");
    QVERIFY2(msg->startsWith("cannot write " + path + ": ") && msg->contains(std::strerror(EFBIG)),
             qPrintable(*msg));
    QCOMPARE(readAll(path), QByteArray("old\n"));
    QCOMPARE(entries(dir.path()), QStringList{"out.csv"});
}

// --- Loading: byte-order mark, numeric ranges, echoed values, special files, size, memory ---

namespace {

/// Writes content to dir/name and returns the path.
QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &content)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(content);
    return path;
}

/// ResultIO::load's ParseError message for a file holding content, or the wrong outcome.
QString loadMessage(const QString &name, const QByteArray &content)
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, name, content);
    const auto msg = thrown<ParseError>([&] { ResultIO::load(path.toStdString()); });
    if (!msg)
        return "[loaded without an error]";
    return *msg;
}

/// The plain set's JSON with a number written as text (QJsonDocument cannot write 1e400).
QByteArray jsonWithRawNumber(const QString &key, const QString &raw)
{
    QByteArray text = jsonEdited(setRowField(0, key, 12345.25)).toUtf8();
    text.replace("12345.25", raw.toUtf8());
    return text;
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
    const ResultSet direct = csv ? ResultIO::fromCsv(text) : ResultIO::fromJson(text);
    QVERIFY2(direct == r, qPrintable(firstDifference(r, direct)));
    QTemporaryDir dir;
    const QString path = writeFile(dir, name, QByteArray::fromStdString(text));
    const ResultSet loaded = ResultIO::load(path.toStdString());
    QVERIFY2(loaded == r, qPrintable(firstDifference(r, loaded)));
    // A spreadsheet's CSV: a BOM, no metadata line, CRLF line ends.
    if (csv) {
        QString plain = QString::fromStdString(ResultIO::toCsv(r)).section('\n', 1);
        plain.replace("\n", "\r\n");
        const ResultSet sheet = ResultIO::fromCsv("\xEF\xBB\xBF" + plain.toStdString());
        QCOMPARE(sheet.rows, r.rows);
    }
}

void TestResultIO::badNumbersNameFileLineField_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("rule");
    const QString positive = "median_s must be a positive finite number of seconds";
    QTest::newRow("median inf") << "median_s"
                                << "inf" << positive;
    QTest::newRow("median 1e308") << "median_s"
                                  << "1e308" << positive;
    QTest::newRow("median 1e-320 (denormal)") << "median_s"
                                              << "1e-320" << positive;
    QTest::newRow("median nan") << "median_s"
                                << "nan" << positive;
    QTest::newRow("median negative") << "median_s"
                                     << "-0.1" << positive;
    for (const char *f : {"min_s", "max_s", "mean_s", "stddev_s", "cv", "bytes", "flops", "elements"}) {
        const QString rule = QString(f) + " must be";
        QTest::addRow("%s nan", f) << f << "nan" << rule;
        QTest::addRow("%s inf", f) << f << "inf" << rule;
        QTest::addRow("%s -inf", f) << f << "-inf" << rule;
        QTest::addRow("%s negative", f) << f << "-2" << rule;
    }
    QTest::newRow("max_error negative") << "max_error"
                                        << "-1"
                                        << "max_error must be";
    QTest::newRow("threads 0 on a CPU row") << "threads"
                                            << "0"
                                            << "threads must be at least 1 on a CPU row";
    QTest::newRow("reps 0 on an ok row") << "reps"
                                         << "0"
                                         << "reps must be at least 1 on an ok row";
    QTest::newRow("min above median") << "min_s"
                                      << "5"
                                      << "increasing order";
    QTest::newRow("max below median") << "max_s"
                                      << "0.001"
                                      << "increasing order";
    for (const char *f : {"q1_s", "q3_s"}) {
        const QString rule = QString(f) + " must be a finite number of seconds";
        QTest::addRow("%s nan", f) << f << "nan" << rule;
        QTest::addRow("%s inf", f) << f << "inf" << rule;
        QTest::addRow("%s negative", f) << f << "-2" << rule;
    }
    QTest::newRow("q1 above median") << "q1_s"
                                     << "5"
                                     << "increasing order";
    QTest::newRow("q3 below median") << "q3_s"
                                     << "0.1"
                                     << "increasing order";
    QTest::newRow("q1 below min") << "q1_s"
                                  << "0.01"
                                  << "increasing order";
    QTest::newRow("outliers negative") << "outliers"
                                       << "-1"
                                       << "outliers must be from 0 to reps";
    QTest::newRow("outliers above reps") << "outliers"
                                         << "5"
                                         << "outliers must be from 0 to reps";
}

void TestResultIO::badNumbersNameFileLineField()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, rule);
    // Line 3 of the plain set's CSV (rows[0] of its JSON) is an ok CPU row.
    const QString csvMsg = loadMessage("results.csv", csvWithCell(3, field, value).toUtf8());
    for (const QString &m : {QString("results.csv, line 3: "), field, rule, "\"" + value + "\""})
        QVERIFY2(csvMsg.contains(m), qPrintable(QString("\"%1\" does not mention \"%2\"").arg(csvMsg, m)));

    // JSON writes inf and nan as strings; other values as numbers.
    bool isNumber = false;
    const double d = value.toDouble(&isNumber);
    const QByteArray json = isNumber && std::isfinite(d) ? jsonWithRawNumber(field, value)
                                                         : jsonEdited(setRowField(0, field, value)).toUtf8();
    const QString jsonMsg = loadMessage("results.json", json);
    for (const QString &m : {QString("results.json, rows[0]: "), field, rule})
        QVERIFY2(jsonMsg.contains(m), qPrintable(QString("\"%1\" does not mention \"%2\"").arg(jsonMsg, m)));
}

void TestResultIO::badSamples_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("mentions");
    // Row 0 of the plain set is an ok row of 4 repetitions.
    QTest::newRow("not an array") << jsonEdited(setRowField(0, "samples", 3))
                                  << "field \"samples\" must be an array";
    QTest::newRow("an object") << jsonEdited(setRowField(0, "samples", QJsonObject{{"a", 1}}))
                               << "field \"samples\" must be an array of numbers, not an object";
    QTest::newRow("a string in it") << jsonEdited(setRowField(0, "samples", QJsonArray{0.1, "fast"}))
                                    << "samples[1] must be a number of seconds, not \"fast\"";
    QTest::newRow("a boolean in it") << jsonEdited(setRowField(0, "samples", QJsonArray{true}))
                                     << "samples[0] must be a number";
    QTest::newRow("negative") << jsonEdited(setRowField(0, "samples", QJsonArray{0.1, -0.1}))
                              << "samples[1] must be a finite number of seconds from 0 to 1e7";
    QTest::newRow("above 1e7 s") << jsonEdited(setRowField(0, "samples", QJsonArray{2e7}))
                                 << "samples[0] must be a finite number of seconds from 0 to 1e7";
    QTest::newRow("more than reps") << jsonEdited(
                                           setRowField(0, "samples", QJsonArray{0.1, 0.1, 0.1, 0.1, 0.1}))
                                    << "samples holds 5 times, more than reps (4)";
    QJsonArray many;
    for (std::size_t i = 0; i <= Stats::maxSamples; ++i)
        many.append(0.1);
    QTest::newRow("more than the cap") << jsonEdited([&](QJsonObject &d) {
        setRowField(0, "samples", many)(d);
        setRowField(0, "reps", 20000)(d);
    }) << "samples holds 10001 times, more than the 10000 a row keeps";
}

void TestResultIO::badSamples()
{
    QFETCH(QString, json);
    QFETCH(QString, mentions);
    const QString msg = loadMessage("results.json", json.toUtf8());
    for (const QString &m : {QString("results.json, rows[0]: "), mentions})
        QVERIFY2(msg.contains(m), qPrintable(QString("\"%1\" does not mention \"%2\"").arg(msg, m)));
}

void TestResultIO::goodEdgeValuesLoad()
{
    // The bounds themselves, a skipped row's zeros, a GPU row without threads, a failed row
    // whose error is unbounded, min = median = max, and rounding within the slack all load.
    ResultSet r = plainSet();
    r.rows[0].stats = Stats::of({1e-12});
    Measurement slow = r.rows[0];
    slow.stats = Stats::of({1e7});
    r.add(slow);
    Measurement failed = r.rows[0];
    failed.status = Measurement::Status::Failed;
    failed.maxError = INFINITY;
    r.add(failed);
    Measurement rounded = r.rows[0];
    rounded.stats = Stats::of({0.1, 0.2, 0.3});
    rounded.stats.min = 0.1 * (1 + 1e-12);
    rounded.stats.median = 0.1;
    rounded.stats.q1 = 0.1; // min_s above q1_s within the slack, too
    r.add(rounded);
    Measurement noQuartiles = r.rows[0]; // a row of an older file: no quartiles, no samples
    noQuartiles.stats.q1 = noQuartiles.stats.q3 = 0;
    noQuartiles.stats.samples.clear();
    r.add(noQuartiles);
    for (const bool csv : {true, false}) {
        const ResultSet back =
            csv ? ResultIO::fromCsv(ResultIO::toCsv(r)) : ResultIO::fromJson(ResultIO::toJson(r));
        const ResultSet expected = csv ? withoutSamples(r) : r;
        QVERIFY2(back == expected, qPrintable(firstDifference(expected, back)));
    }
}

void TestResultIO::echoedValuesAreCappedAndEscaped_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("escape");
    const QString longValue = "\x1b[2J" + QString(5000, 'x');
    QTest::newRow("csv: escape sequence, 5000 characters")
        << csvWithCell(3, "backend", longValue).toUtf8() << "results.csv"
        << "\\x1b[2J";
    QTest::newRow("csv: a quoted newline and tab")
        << csvWithCell(3, "status", "\"o\nk\t\rfine\"").toUtf8() << "results.csv"
        << "o\\nk\\t\\rfine";
    QTest::newRow("csv: an 8-bit CSI byte")
        << csvWithCell(3, "median_s", QString(QChar(0x9b)) + "2J").toLatin1() << "results.csv"
        << "\\x9b2J";
    QTest::newRow("json: escape sequence, 5000 characters")
        << jsonEdited(setRowField(0, "backend", longValue)).toUtf8() << "results.json"
        << "\\x1b[2J";
    QTest::newRow("json: C1 control and bidi override")
        << jsonEdited(setRowField(0, "status", QString::fromUtf8("\u009b2J \u202egood"))).toUtf8()
        << "results.json"
        << "\\u009b2J \\u202egood";
    QTest::newRow("json: a ceiling's name")
        << jsonEdited(setMachineField("ceilings", QJsonObject{{"\x1b]0;pwned\x07", "fast"}})).toUtf8()
        << "results.json"
        << "\\x1b]0;pwned\\x07";
}

void TestResultIO::echoedValuesAreCappedAndEscaped()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, name);
    QFETCH(QString, escape);
    const QString msg = loadMessage(name, content);
    QVERIFY2(!msg.startsWith('['), qPrintable(msg));
    QVERIFY2(msg.contains(escape), qPrintable(msg));
    for (const QChar c : msg)
        QVERIFY2(
            c.unicode() >= 0x20 && c.unicode() != 0x7f && !(c.unicode() >= 0x80 && c.unicode() <= 0x9f) &&
                c.unicode() != 0x202e,
            qPrintable(QString("control character U+%1 in the message").arg(c.unicode(), 4, 16, QChar('0'))));
    // The path, the place and at most 60 characters of the value (each escape counts as one).
    QVERIFY2(msg.size() < 400, qPrintable(QString("%1 characters: %2").arg(msg.size()).arg(msg.left(500))));
    if (content.size() > 5000)
        QVERIFY2(msg.contains(QString::fromUtf8("\u2026")), qPrintable(msg));
}

void TestResultIO::overflowingNumberIsLocated()
{
    const QString csvMsg = loadMessage("results.csv", csvWithCell(4, "bytes", "1e400").toUtf8());
    for (const char *m : {"results.csv, line 4", "bytes", "\"1e400\""})
        QVERIFY2(csvMsg.contains(m), qPrintable(csvMsg));
    // JSON: the parser refuses it; the message still names the file, line and field.
    const QByteArray json = jsonWithRawNumber("bytes", "1e400");
    const int line = json.left(json.indexOf("1e400")).count('\n') + 1;
    const QString jsonMsg = loadMessage("results.json", json);
    for (const QString &m :
         {QString("results.json, line %1").arg(line), QString("rows[0].bytes"), QString("1e400")})
        QVERIFY2(jsonMsg.contains(m), qPrintable(jsonMsg));
    // In the metadata, too.
    QByteArray meta = QString::fromStdString(ResultIO::toCsv(plainSet())).toUtf8();
    meta.replace("\"logical_cores\":2", "\"logical_cores\":2e400");
    const QString metaMsg = loadMessage("results.csv", meta);
    for (const char *m : {"results.csv, line 1", "metadata", "2e400"})
        QVERIFY2(metaMsg.contains(m), qPrintable(metaMsg));
}

void TestResultIO::malformedStructureIsBounded_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("mentions");
    const QByteArray head = "{\"format\": \"speeduplab-results\", ";
    QTest::newRow("nested 100 deep") << head + "\"x\": " + QByteArray(100, '[') + QByteArray(100, ']') +
                                            ", \"rows\": []}"
                                     << "nested deeper than 64";
    // A row's budget is its fields and Stats::maxSamples repetition times.
    QTest::newRow("a row of 12000 values")
        << head + "\"rows\": [{\"big\": [" + QByteArray("0,").repeated(11999) + "0]}]}"
        << "rows[0] holds more than 11000";
    QTest::newRow("rows twice") << head + "\"rows\": [], \"rows\": []}"
                                << "more than once";
    QTest::newRow("a row that is a number") << head + "\"rows\": [3]}"
                                            << "rows[0] must be an object";
    QTest::newRow("rows before a wrong format")
        << QByteArray("{\"rows\": [1], \"format\": \"x\"}") << "format";
}

void TestResultIO::malformedStructureIsBounded()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, mentions);
    const auto msg = thrown<ParseError>([&] { ResultIO::fromJson(json.toStdString()); });
    QVERIFY2(msg, "no ParseError");
    QVERIFY2(msg->contains(mentions), qPrintable(*msg));
}

void TestResultIO::notUtf8CsvIsRefused()
{
    const QByteArray text = csvWithCell(4, "reason", "caf" + QString(QChar(0xe9))).toLatin1();
    const QString msg = loadMessage("results.csv", text);
    for (const char *m : {"results.csv, line 4", "reason", "caf\\xe9", "UTF-8"})
        QVERIFY2(msg.contains(m), qPrintable(msg));
}

void TestResultIO::fifoIsRefusedWithoutBlocking()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("results.csv");
    QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
    auto done = std::async(std::launch::async,
                           [&] { return thrown<ParseError>([&] { ResultIO::load(path.toStdString()); }); });
    if (done.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
        // Unblock the reader (opening the write end releases its open), then fail.
        const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_NONBLOCK);
        if (fd >= 0)
            ::close(fd);
        done.wait();
        QFAIL("loading a FIFO blocked for 10 s");
    }
    const auto msg = done.get();
    QVERIFY2(msg, "a FIFO loaded");
    QVERIFY2(msg->contains(path) && msg->contains("named pipe (FIFO)") && msg->contains("regular file"),
             qPrintable(*msg));
}

void TestResultIO::specialFilesAreRefused_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("kind");
    QTest::newRow("/dev/zero") << "/dev/zero"
                               << "a character device";
    QTest::newRow("/dev/null") << "/dev/null"
                               << "a character device";
    QTest::newRow("a folder") << ""
                              << "a folder";
}

void TestResultIO::specialFilesAreRefused()
{
    QFETCH(QString, path);
    QFETCH(QString, kind);
    QTemporaryDir dir;
    if (path.isEmpty()) {
        path = dir.filePath("results.csv");
        QVERIFY(QDir().mkdir(path));
    }
    if (!QFileInfo::exists(path))
        QSKIP(qPrintable(path + " does not exist here"));
    const auto msg = thrown<ParseError>([&] { ResultIO::load(path.toStdString()); });
    QVERIFY2(msg, "loaded");
    QVERIFY2(!msg->startsWith(kWrongType), qPrintable(*msg));
    QVERIFY2(msg->contains(path) && msg->contains(kind) && msg->contains("not a regular file"),
             qPrintable(*msg));
}

void TestResultIO::oversizeFileIsRefused()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("results.csv");
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(ResultIO::toCsv(plainSet()).c_str());
        // Sparse: no disk is used for the hole.
        QVERIFY(f.resize(qint64(ResultIO::maxFileBytes) + 1));
    }
    const auto msg = thrown<ParseError>([&] { ResultIO::load(path.toStdString()); });
    QVERIFY2(msg, "loaded");
    QVERIFY2(msg->contains(path) && msg->contains("256.0 MiB") && msg->contains("larger than"),
             qPrintable(*msg));
    // At the limit the size is no reason: the file loads or is refused for its content.
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.resize(0));
        f.write(ResultIO::toCsv(plainSet()).c_str());
    }
    QCOMPARE(ResultIO::load(path.toStdString()).size(), plainSet().size());
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
    // The text of the file, the rows (their 4 repetition times and their conditions, some 700
    // bytes a Measurement, included) and a margin: a DOM of the file (kilobytes a row) is not.
    const double perRow = (double(peak - before) * 1024 - double(fileBytes)) / count;
    qInfo("%s: %lld bytes on disk; the load's peak took %ld KiB more (%.0f bytes a row beyond the text)",
          csv ? "CSV" : "JSON", fileBytes, peak - before, perRow);
    QVERIFY2(perRow < 1500, qPrintable(QString("%1 bytes a row").arg(perRow)));
}

QTEST_APPLESS_MAIN(TestResultIO)
#include "tst_resultio.moc"
