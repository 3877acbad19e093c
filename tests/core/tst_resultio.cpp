// SPDX-License-Identifier: MIT
// ResultIO: CSV and JSON round trips (metadata, every status, awkward strings, extreme doubles),
// malformed input (a ParseError naming the line or field, never a partial result) and atomic
// writes (no partial or temporary file left behind).

#include "core/resultio.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cfloat>
#include <cmath>
#include <functional>
#include <limits>
#include <sys/stat.h>
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
    gpuOk.stats.median = 1e-6;
    r.add(gpuOk);
    Measurement quoteOnly = measurement("cpu", 1, Measurement::Status::Skipped, "\"");
    r.add(quoteOnly);
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
    void malformedCsv_data();
    void malformedCsv();
    void malformedJson_data();
    void malformedJson();
    void loadNamesTheFile_data();
    void loadNamesTheFile();
    void atomicWriteReplacesWhole_data();
    void atomicWriteReplacesWhole();
    void writeErrors_data();
    void writeErrors();
    void unwritableFolder();
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

    // In memory.
    const std::string text = csv ? ResultIO::toCsv(r) : ResultIO::toJson(r);
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
    ResultIO::writeFileAtomically(bare, text);
    const ResultSet sniffed = ResultIO::load(bare);
    QVERIFY2(sniffed == r, qPrintable(firstDifference(r, sniffed)));

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
    ResultSet r = sampleSet();
    r.machine.ceilings["unknown"] = NAN;
    r.rows[0].stats.cv = NAN;
    r.rows[1].maxError = NAN;
    const bool csv = format == "csv";
    ResultSet back = csv ? ResultIO::fromCsv(ResultIO::toCsv(r)) : ResultIO::fromJson(ResultIO::toJson(r));
    QVERIFY(std::isnan(back.machine.ceilings.at("unknown")));
    QVERIFY(std::isnan(back.rows[0].stats.cv));
    QVERIFY(std::isnan(back.rows[1].maxError));
    for (ResultSet *s : {&r, &back}) {
        s->machine.ceilings["unknown"] = 0;
        s->rows[0].stats.cv = 0;
        s->rows[1].maxError = 0;
    }
    QVERIFY2(back == r, qPrintable(firstDifference(r, back)));
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
    QCOMPARE(doc["rows"].toArray().size(), 7);
    QCOMPARE(doc["machine"].toObject()["logical_cores"].toInt(), 16);
}

void TestResultIO::malformedCsv_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("mentions");

    const QString good = QString::fromStdString(ResultIO::toCsv(plainSet()));
    const QStringList lines = good.split('\n'); // 1 metadata, 2 header, 3 and 4 rows
    {
        QStringList cut = lines;
        QStringList cells = cut[3].split(',');
        cells = cells.mid(0, cells.size() - 3);
        cut[3] = cells.join(',');
        QTest::newRow("row missing fields")
            << cut.join('\n') << QStringList{"line 4", "expected 24 fields, found 21"};
    }
    QTest::newRow("file cut mid-row")
        << good.left(good.lastIndexOf("skipped") - 20) << QStringList{"line 4", "fields"};
    {
        QStringList extra = lines;
        extra[2] += ",surplus";
        QTest::newRow("row with an extra field") << extra.join('\n') << QStringList{"line 3", "found 25"};
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
    QTest::newRow("empty .csv") << "empty.csv" << QByteArray() << "line 1";
    QTest::newRow("empty .json") << "empty.json" << QByteArray() << "not valid JSON";
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
        ResultIO::writeFileAtomically(path.toStdString(), before.toStdString());
    ResultIO::writeFileAtomically(path.toStdString(), after.toStdString());
    QCOMPARE(readAll(path), after);
    QCOMPARE(entries(dir.path()), QStringList{"out.csv"}); // no temporary file left beside it

    // Results are shared like any other file: mode 0666 & ~umask, whatever the umask is.
    for (const mode_t mask : {mode_t(022), mode_t(027), mode_t(077)}) {
        const mode_t old = umask(mask);
        ResultIO::writeFileAtomically(path.toStdString(), after.toStdString());
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
                ResultIO::checkWritable(path.toStdString());
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

QTEST_APPLESS_MAIN(TestResultIO)
#include "tst_resultio.moc"
