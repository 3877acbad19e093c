// SPDX-License-Identifier: MIT
// ResultIO loading: malformed, hostile and partial CSV/JSON is refused with a ParseError naming
// the file, line and field (never a partial result); echoed values are capped and escaped; FIFOs,
// special and oversize files are refused without blocking.

#include "resultiotest.h"

#include <QtTest>

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <chrono>
#include <fcntl.h>
#include <functional>
#include <future>
#include <sys/stat.h>
#include <unistd.h>

using namespace speeduplab;
using namespace resultiotest;

namespace {

/// The plain set's CSV with one cell replaced: line is 1-based as in the error messages.
QString csvWithCell(int line, const QString &column, const QString &value)
{
    QStringList lines = QString::fromStdString(ResultIO::toCsv(plainSet())).split('\n');
    const int col = splitCsvLine(lines[0]).indexOf(column);
    Q_ASSERT(col >= 0);
    QStringList cells = splitCsvLine(lines[line - 1]);
    cells[col] = value;
    lines[line - 1] = cells.join(',');
    return lines.join('\n');
}

QString csvWithoutColumn(const QString &column)
{
    QStringList lines = QString::fromStdString(ResultIO::toCsv(plainSet())).split('\n');
    const int col = splitCsvLine(lines[0]).indexOf(column);
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].isEmpty() || lines[i].startsWith("\"# metadata: "))
            continue;
        QStringList cells = splitCsvLine(lines[i]);
        cells.removeAt(col);
        lines[i] = cells.join(',');
    }
    return lines.join('\n');
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

} // namespace

class TestResultIO : public QObject {
    Q_OBJECT

private slots:
    void badSamples_data();
    void badSamples();
    void malformedCsv_data();
    void malformedCsv();
    void malformedJson_data();
    void malformedJson();
    void loadNamesTheFile_data();
    void loadNamesTheFile();
    void badNumbersNameFileLineField_data();
    void badNumbersNameFileLineField();
    void echoedValuesAreCappedAndEscaped_data();
    void echoedValuesAreCappedAndEscaped();
    void overflowingNumberIsLocated();
    void csvMetadataFileIsReadAndChecked();
    void malformedStructureIsBounded_data();
    void malformedStructureIsBounded();
    void notUtf8CsvIsRefused();
    void fifoIsRefusedWithoutBlocking();
    void specialFilesAreRefused_data();
    void specialFilesAreRefused();
    void oversizeFileIsRefused();
    void longTextIsCutAndSaysSo();
    void duplicatePointsAreRefused();
};

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

void TestResultIO::malformedCsv_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("mentions");

    const QString good = QString::fromStdString(ResultIO::toCsv(plainSet()));
    const QStringList lines = good.split('\n'); // 1 header, 2 and 3 rows, 4 metadata
    const int columns = int(lines[0].split(',').size());
    {
        QStringList cut = lines;
        QStringList cells = cut[2].split(',');
        cells = cells.mid(0, cells.size() - 3);
        cut[2] = cells.join(',');
        QTest::newRow("row missing fields")
            << cut.join('\n')
            << QStringList{"line 3", QString("expected %1 fields, found %2").arg(columns).arg(columns - 3)};
    }
    QTest::newRow("file cut mid-row")
        << good.left(good.lastIndexOf("skipped") - 20) << QStringList{"line 3", "fields"};
    {
        QStringList extra = lines;
        extra[1] += ",surplus";
        QTest::newRow("row with an extra field")
            << extra.join('\n') << QStringList{"line 2", QString("found %1").arg(columns + 1)};
    }
    QTest::newRow("non-numeric median")
        << csvWithCell(2, "median_s", "fast") << QStringList{"line 2", "median_s", "fast"};
    QTest::newRow("empty number") << csvWithCell(3, "bytes", "") << QStringList{"line 3", "bytes"};
    QTest::newRow("fractional n") << csvWithCell(2, "n", "4.5") << QStringList{"line 2", "column n", "4.5"};
    QTest::newRow("huge threads") << csvWithCell(2, "threads", "1e12") << QStringList{"line 2", "threads"};
    QTest::newRow("unknown status") << csvWithCell(3, "status", "great")
                                    << QStringList{"line 3", "status", "great"};
    QTest::newRow("bad boolean") << csvWithCell(2, "verified", "yes")
                                 << QStringList{"line 2", "verified", "yes"};
    QTest::newRow("unknown backend") << csvWithCell(3, "backend", "tpu")
                                     << QStringList{"line 3", "backend", "tpu"};
    QTest::newRow("n = 0") << csvWithCell(3, "n", "0") << QStringList{"line 3", "n must be positive"};
    QTest::newRow("empty workload") << csvWithCell(3, "workload", "") << QStringList{"line 3", "workload"};
    QTest::newRow("ok without a time")
        << csvWithCell(2, "median_s", "0") << QStringList{"line 2", "median_s"};
    QTest::newRow("missing column") << csvWithoutColumn("median_s") << QStringList{"line 1", "median_s"};
    QTest::newRow("missing status column") << csvWithoutColumn("status") << QStringList{"line 1", "status"};
    QTest::newRow("unterminated quote")
        << csvWithCell(3, "reason", "\"never closed") << QStringList{"line 3", "unterminated"};
    QTest::newRow("empty file") << QString() << QStringList{"line 1", "no header"};
    QTest::newRow("only blank lines") << QString("\n\n\n") << QStringList{"no header"};
    // An older file's metadata: a comment line before the header.
    QTest::newRow("only metadata") << QString("# metadata: {\"logical_cores\":2}\n")
                                   << QStringList{"line 2", "no header"};
    QTest::newRow("metadata not JSON") << "# metadata: {oops\n" + good << QStringList{"line 1", "metadata"};
    QTest::newRow("metadata of the wrong type")
        << "# metadata: {\"logical_cores\": \"many\"}\n" + good << QStringList{"line 1", "logical_cores"};
    // Older writers' metadata: one quoted cell after the rows.
    {
        QStringList bad = lines;
        bad[3] = "\"# metadata: {oops\"";
        QTest::newRow("metadata cell not JSON") << bad.join('\n') << QStringList{"line 4", "metadata"};
    }
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
    QTest::newRow("bad row") << "bad.csv" << csvWithCell(3, "n", "x").toUtf8() << "line 3";
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
    // Finite but past what any machine does, so that no rate derived from them overflows: bytes
    // of 1.7e308 made an infinite throughput, whose chart took the window to 15 GB.
    for (const char *f : {"bytes", "flops", "elements"})
        QTest::addRow("%s 1.7e308", f) << f << "1.7e308" << QString(f) + " must be at most 1e24";
    QTest::newRow("bytes an exabyte a second") << "bytes"
                                               << "1e20"
                                               << "bytes must be at most 1e18 a second of median_s";
    QTest::newRow("flops an exaflop") << "flops"
                                      << "1e20"
                                      << "flops must be at most 1e18 a second of median_s";
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
    // Line 2 of the plain set's CSV (rows[0] of its JSON) is an ok CPU row.
    const QString csvMsg = loadMessage("results.csv", csvWithCell(2, field, value).toUtf8());
    for (const QString &m : {QString("results.csv, line 2: "), field, rule, "\"" + value + "\""})
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
    const QString csvMsg = loadMessage("results.csv", csvWithCell(3, "bytes", "1e400").toUtf8());
    for (const char *m : {"results.csv, line 3", "bytes", "\"1e400\""})
        QVERIFY2(csvMsg.contains(m), qPrintable(csvMsg));
    // JSON: the parser refuses it; the message still names the file, line and field.
    const QByteArray json = jsonWithRawNumber("bytes", "1e400");
    const int line = json.left(json.indexOf("1e400")).count('\n') + 1;
    const QString jsonMsg = loadMessage("results.json", json);
    for (const QString &m :
         {QString("results.json, line %1").arg(line), QString("rows[0].bytes"), QString("1e400")})
        QVERIFY2(jsonMsg.contains(m), qPrintable(jsonMsg));
    // In an older CSV's metadata line, too.
    const QByteArray rows = QByteArray::fromStdString(ResultIO::toCsv(plainSet()));
    const QString metaMsg =
        loadMessage("results.csv", rows + "\"# metadata: {\"\"logical_cores\"\":2e400}\"\n");
    for (const char *m : {"results.csv, line 4", "metadata", "2e400"})
        QVERIFY2(metaMsg.contains(m), qPrintable(metaMsg));
    // And in the metadata file beside a CSV: it is named.
    QTemporaryDir dir;
    const QString csv = writeFile(dir, "results.csv", rows);
    QByteArray meta = QByteArray::fromStdString(ResultIO::csvMetadata(plainSet()));
    meta.replace("\"logical_cores\":2", "\"logical_cores\":2e400");
    writeFile(dir, "results.csv.meta.json", meta);
    const auto sideMsg = thrown<ParseError>([&] { ResultIO::load(csv.toStdString()); });
    QVERIFY(sideMsg);
    for (const char *m : {"results.csv", "results.csv.meta.json", "2e400"})
        QVERIFY2(sideMsg->contains(m), qPrintable(*sideMsg));
}

// Issue 62: a CSV's machine lies in its metadata file beside it. Found, it is read; missing, the
// CSV loads with the machine unknown; not a file, or opened alone, it is refused, and named.
void TestResultIO::csvMetadataFileIsReadAndChecked()
{
    QTemporaryDir dir;
    const QString csv = dir.filePath("results.csv");
    ResultIO::writeCsv(plainSet(), csv.toStdString());
    const QString meta = csv + ".meta.json";
    QVERIFY(QFileInfo::exists(meta));
    const ResultSet both = ResultIO::load(csv.toStdString());
    QVERIFY(plainSet().machine.logicalCores > 0);
    QCOMPARE(both.machine.logicalCores, plainSet().machine.logicalCores);
    QCOMPARE(both.machine.cpuModel, plainSet().machine.cpuModel);
    QVERIFY(QFile::remove(meta));
    const ResultSet alone = ResultIO::load(csv.toStdString());
    QCOMPARE(alone.rows.size(), plainSet().rows.size());
    QCOMPARE(alone.machine.logicalCores, 0);
    QVERIFY(QDir(dir.path()).mkdir("results.csv.meta.json"));
    const auto folder = thrown<ParseError>([&] { ResultIO::load(csv.toStdString()); });
    QVERIFY(folder);
    QVERIFY2(folder->contains("results.csv.meta.json") && folder->contains("not a regular file"),
             qPrintable(*folder));
    QVERIFY(QDir(dir.path()).rmdir("results.csv.meta.json"));
    writeFile(dir, "results.csv.meta.json", "{\"format\":\"speeduplab-results\",\"rows\":[]}\n");
    const auto wrong = thrown<ParseError>([&] { ResultIO::load(csv.toStdString()); });
    QVERIFY(wrong);
    QVERIFY2(wrong->contains("results.csv.meta.json") && wrong->contains("speeduplab-csv-metadata"),
             qPrintable(*wrong));
    ResultIO::writeCsv(plainSet(), csv.toStdString());
    const auto opened = thrown<ParseError>([&] { ResultIO::load(meta.toStdString()); });
    QVERIFY(opened);
    QVERIFY2(opened->contains("open results.csv"), qPrintable(*opened));
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
    const QByteArray text = csvWithCell(3, "reason", "caf" + QString(QChar(0xe9))).toLatin1();
    const QString msg = loadMessage("results.csv", text);
    for (const char *m : {"results.csv, line 3", "reason", "caf\\xe9", "UTF-8"})
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
    QVERIFY2(
        msg->contains(path) &&
            msg->contains(QStringLiteral("%1 MiB").arg(double(ResultIO::maxFileBytes >> 20), 0, 'f', 1)) &&
            msg->contains("larger than"),
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

// A 100,000-character variant aborted QtCharts' legend and 10 MB names kept a chart busy for a
// minute: every string is cut at load, and the cut says what it was. A cut file loads back the
// same (no second cut), in both formats.
void TestResultIO::longTextIsCutAndSaysSo()
{
    ResultSet r = plainSet();
    r.rows[0].variant = std::string(100000, 'v');
    r.rows[0].reason = std::string(3000, 'r') + "\u00b5"; // a multi-byte character past the cut
    r.machine.cpuModel = std::string(10 << 20, 'c');
    r.machine.caches["L" + std::string(500, '9')] = "48K";
    for (const char *format : {"csv", "json"}) {
        const bool csv = std::string(format) == "csv";
        const std::string text = csv ? ResultIO::toCsv(r) : ResultIO::toJson(r);
        const ResultSet back =
            csv ? ResultIO::fromCsv(text, ResultIO::csvMetadata(r)) : ResultIO::fromJson(text);
        const std::string &variant = back.rows[0].variant;
        QCOMPARE(QString::fromStdString(variant).size(), qsizetype(100));
        QVERIFY2(QString::fromStdString(variant).endsWith("\u2026 (cut from 100000 characters)"),
                 variant.c_str());
        QVERIFY(variant.starts_with("vvvv"));
        QVERIFY(QString::fromStdString(back.rows[0].reason).endsWith("(cut from 3001 characters)"));
        QVERIFY(QString::fromStdString(back.rows[0].reason).size() <= 2000);
        QVERIFY(QString::fromStdString(back.machine.cpuModel).endsWith("(cut from 10485760 characters)"));
        QCOMPARE(back.machine.caches.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(back.machine.caches.begin()->first).size() <= 100);
        // Written and read again: the same, cut once.
        const ResultSet again = csv ? ResultIO::fromCsv(ResultIO::toCsv(back), ResultIO::csvMetadata(back))
                                    : ResultIO::fromJson(ResultIO::toJson(back));
        QVERIFY(again == back);
    }
}

// Two rows of one point (series and n) loaded silently: the chart drew one, the report found
// crossovers between them. They are refused, naming both; the same n in another series (a cold
// cache, another thread count) is another point.
void TestResultIO::duplicatePointsAreRefused()
{
    ResultSet r = plainSet();
    Measurement cold = r.rows[0];
    cold.conditions.cache = "cold";
    r.add(cold);
    Measurement more = r.rows[0];
    more.threads = 2;
    r.add(more);
    QCOMPARE(ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r)).size(),
             r.size()); // distinct points: fine
    const std::size_t last = r.size();
    Measurement again = r.rows[0];
    again.stats = Stats::of({0.5, 0.6, 0.7});
    r.add(again);
    const auto csv =
        thrown<ParseError>([&] { ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r)); });
    QVERIFY(csv);
    QVERIFY2(csv->contains(
                 QStringLiteral("line %1: the same point as line 2 (CPU 8 threads, n = 4)").arg(last + 2)),
             qPrintable(*csv));
    const auto json = thrown<ParseError>([&] { ResultIO::fromJson(ResultIO::toJson(r)); });
    QVERIFY(json);
    QVERIFY2(json->contains(QStringLiteral("rows[%1]: the same point as rows[0]").arg(last)),
             qPrintable(*json));
}

QTEST_APPLESS_MAIN(TestResultIO)
#include "tst_resultload.moc"
