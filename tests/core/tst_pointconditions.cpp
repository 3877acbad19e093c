// SPDX-License-Identifier: MIT
// PointConditions and SweepConditions in result files: the cache mode, the rounds and their
// spread, the GPU's clocks and the throttled flag survive a JSON and a CSV round trip; files
// written before they existed load with the defaults; malformed values are refused by name.

#include "core/results/resultio.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <functional>

using namespace speeduplab;

namespace {

Measurement row(const std::string &backend)
{
    Measurement m;
    m.workload = "add";
    m.backend = backend;
    m.threads = backend == "cpu" ? 2 : 0;
    m.mode = backend == "gpu" ? "graph" : "";
    m.device = backend == "gpu" ? 0 : -1;
    m.n = 1024;
    m.iterations = 1000;
    m.verified = true;
    m.stats = Stats::of({0.010, 0.011, 0.012, 0.013});
    return m;
}

GpuClockSample clock(double sm, unsigned long long reasons)
{
    GpuClockSample s;
    s.available = true;
    s.smMHz = sm;
    s.memoryMHz = 2619;
    s.temperatureC = 61;
    s.powerW = 412.5;
    s.throttleReasons = reasons;
    return s;
}

ResultSet conditioned()
{
    ResultSet r;
    r.machine.cpuModel = "cpu";
    r.machine.sweep.rounds = 3;
    r.machine.sweep.shuffleSeed = 4000000000u;
    r.machine.sweep.cache = "cold";
    r.machine.sweep.gpuClocksLocked = true;
    r.machine.sweep.gpuIdleSmMHz = 1980;
    r.machine.sweep.gpuMaxSmMHz = 1980;
    Measurement cpu = row("cpu");
    cpu.conditions.cache = "cold";
    cpu.conditions.rounds = 3;
    cpu.conditions.roundMin = 0.0105;
    cpu.conditions.roundMax = 0.0125;
    cpu.conditions.disturbedReps = 1; // another program held a core during one repetition
    cpu.conditions.remeasured = 2;
    Measurement gpu = row("gpu");
    gpu.conditions.cache = "cold";
    gpu.conditions.clockStart = clock(1980, 0);
    gpu.conditions.clockEnd = clock(1200, 0x20);
    gpu.conditions.throttled = true;
    gpu.reason = "throttled: SM clock 1200 MHz, below 90 % of the sweep's 1980 MHz";
    Measurement noTemperature = row("gpu");
    noTemperature.n = 2048;
    noTemperature.conditions.clockStart = clock(1700, 1);
    noTemperature.conditions.clockStart.temperatureC = -1;
    noTemperature.conditions.clockStart.powerW = -1;
    r.add(cpu);
    r.add(gpu);
    r.add(noTemperature);
    return r;
}

QString errorOf(const std::function<void()> &f)
{
    try {
        f();
    } catch (const ParseError &e) {
        return QString::fromStdString(e.what());
    }
    return QStringLiteral("[no ParseError]");
}

// The JSON of `r` with one value replaced: rows[row].key (row -1: machine.sweep.key; a key
// "clocks.end.sm_mhz" goes down the objects): a hand-damaged file.
std::string damaged(const ResultSet &r, int row, const QString &key, const QJsonValue &value)
{
    QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(ResultIO::toJson(r))).object();
    QJsonArray rows = doc["rows"].toArray();
    QJsonObject machine = doc["machine"].toObject();
    QJsonObject target = row < 0 ? machine["sweep"].toObject() : rows[row].toObject();
    const QStringList path = key.split('.');
    // Rebuild the nested objects from the innermost out (QJsonObject holds values, not references).
    std::function<QJsonObject(QJsonObject, int)> set = [&](QJsonObject o, int i) {
        if (i + 1 == path.size())
            o[path[i]] = value;
        else
            o[path[i]] = set(o[path[i]].toObject(), i + 1);
        return o;
    };
    target = set(target, 0);
    if (row < 0) {
        machine["sweep"] = target;
        doc["machine"] = machine;
    } else {
        rows[row] = target;
        doc["rows"] = rows;
    }
    return QJsonDocument(doc).toJson().toStdString();
}

} // namespace

class TestPointConditions : public QObject {
    Q_OBJECT

private slots:
    void jsonRoundTrip();
    void csvRoundTrip();
    void olderFilesGetDefaults();
    void malformedJson_data();
    void malformedJson();
    void malformedCsv_data();
    void malformedCsv();
};

void TestPointConditions::jsonRoundTrip()
{
    const ResultSet r = conditioned();
    const ResultSet back = ResultIO::fromJson(ResultIO::toJson(r));
    QVERIFY(back == r);
    QCOMPARE(back.rows[1].conditions.clockEnd.throttleReasons, 0x20ull);
    QCOMPARE(back.machine.sweep.shuffleSeed, 4000000000u);
}

void TestPointConditions::csvRoundTrip()
{
    ResultSet r = conditioned();
    for (Measurement &m : r.rows)
        m.stats.samples.clear(); // JSON's only
    const std::string csv = ResultIO::toCsv(r);
    QVERIFY(QString::fromStdString(csv).contains(",cold,3,"));
    const ResultSet back = ResultIO::fromCsv(csv, ResultIO::csvMetadata(r));
    QVERIFY(back == r);
}

void TestPointConditions::olderFilesGetDefaults()
{
    // A row as files before the conditions had it: no cache, rounds, clocks or sweep.
    const std::string json = R"({"format": "speeduplab-results", "version": 1, "machine": {},
        "rows": [{"workload": "add", "backend": "cpu", "variant": "", "threads": 1, "mode": "",
        "transfers": "none", "n": 4, "iterations": 1, "reps": 1, "median_s": 1e-6, "min_s": 1e-6,
        "max_s": 1e-6, "mean_s": 1e-6, "stddev_s": 0, "cv": 0, "verified": true, "status": "ok",
        "reason": ""}]})";
    const ResultSet r = ResultIO::fromJson(json);
    QCOMPARE(r.rows.front().conditions, PointConditions());
    QCOMPARE(r.machine.sweep, SweepConditions());
}

void TestPointConditions::malformedJson_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("mentions");
    const ResultSet r = conditioned();
    auto add = [&](const char *name, int row, const QString &key, const QJsonValue &value,
                   const QStringList &mentions) {
        QTest::newRow(name) << QString::fromStdString(damaged(r, row, key, value)) << mentions;
    };
    add("unknown cache", 0, "cache", "tepid", {"rows[0]", "cache", "tepid"});
    add("rounds 0", 0, "rounds", 0, {"rows[0]", "rounds"});
    add("rounds fraction", 0, "rounds", 2.5, {"rows[0]", "rounds"});
    add("round medians reversed", 0, "round_max_s", 0.001, {"rows[0]", "round_min_s"});
    add("round median negative", 0, "round_min_s", -1, {"rows[0]", "round_min_s"});
    add("throttled as text", 1, "throttled", "yes", {"rows[1]", "throttled"});
    add("disturbed as text", 0, "disturbed_reps", "some", {"rows[0]", "disturbed_reps", "whole number"});
    add("disturbed negative", 0, "disturbed_reps", -1, {"rows[0]", "disturbed_reps"});
    add("disturbed above reps", 0, "disturbed_reps", 1000,
        {"rows[0]", "disturbed_reps must be at most reps"});
    add("remeasured 101", 0, "remeasured", 101, {"rows[0]", "remeasured"});
    add("clocks not an object", 0, "clocks", 5, {"rows[0]", "clocks"});
    add("clock sample not an object", 1, "clocks.end", "fast", {"rows[1]", "clocks.end"});
    add("negative SM clock", 1, "clocks.end.sm_mhz", -5, {"rows[1]", "sm_mhz", "end"});
    add("power as text", 1, "clocks.start.power_w", "lots", {"rows[1]", "clocks.start.power_w"});
    add("negative reasons", 1, "clocks.end.throttle_reasons", -1, {"rows[1]", "throttle_reasons"});
    add("sweep rounds 1000", -1, "rounds", 1000, {"machine.sweep.rounds"});
    add("seed beyond 32 bits", -1, "shuffle_seed", 5000000000.0, {"machine.sweep.shuffle_seed"});
    add("sweep cache", -1, "cache", "hot", {"machine.sweep", "cache"});
    add("locked as number", -1, "gpu_clocks_locked", 1, {"machine.sweep.gpu_clocks_locked"});
}

void TestPointConditions::malformedJson()
{
    QFETCH(QString, text);
    QFETCH(QStringList, mentions);
    const QString error = errorOf([&] { ResultIO::fromJson(text.toStdString()); });
    for (const QString &m : mentions)
        QVERIFY2(error.contains(m), qPrintable(error + " does not mention " + m));
}

void TestPointConditions::malformedCsv_data()
{
    QTest::addColumn<QString>("column");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("cache") << "cache"
                           << "tepid" << QStringList{"line 2", "cache", "tepid"};
    QTest::newRow("rounds fraction") << "rounds"
                                     << "2.5" << QStringList{"line 2", "rounds"};
    QTest::newRow("rounds 101") << "rounds"
                                << "101" << QStringList{"line 2", "rounds"};
    QTest::newRow("disturbed fraction") << "disturbed_reps"
                                        << "1.5" << QStringList{"line 2", "disturbed_reps"};
    QTest::newRow("remeasured text") << "remeasured"
                                     << "twice" << QStringList{"line 2", "remeasured"};
    QTest::newRow("throttled") << "throttled"
                               << "maybe" << QStringList{"line 2", "throttled", "maybe"};
    QTest::newRow("SM clock") << "sm_mhz_start"
                              << "fast" << QStringList{"line 2", "sm_mhz_start", "fast"};
    QTest::newRow("reasons") << "throttle_reasons_start"
                             << "-3" << QStringList{"line 2", "throttle_reasons_start"};
    QTest::newRow("temperature") << "temperature_c_start"
                                 << "5000" << QStringList{"line 2", "temperature_c"};
}

void TestPointConditions::malformedCsv()
{
    QFETCH(QString, column);
    QFETCH(QString, value);
    QFETCH(QStringList, mentions);
    ResultSet r = conditioned();
    QStringList lines = QString::fromStdString(ResultIO::toCsv(r)).split('\n');
    const QStringList header = lines[0].split(',');
    const int at = int(header.indexOf(column));
    QVERIFY(at >= 0);
    QStringList cells = lines[1].split(','); // the CPU row: no comma in its reason
    QCOMPARE(cells.size(), header.size());
    if (column.startsWith("sm_mhz") || column.contains("_start")) // give the CPU row a clock to damage
        cells[int(header.indexOf("sm_mhz_start"))] = "1000";
    cells[at] = value;
    lines[1] = cells.join(',');
    const QString error = errorOf([&] { ResultIO::fromCsv(lines.join('\n').toStdString()); });
    for (const QString &m : mentions)
        QVERIFY2(error.contains(m), qPrintable(error + " does not mention " + m));
}

QTEST_APPLESS_MAIN(TestPointConditions)
#include "tst_pointconditions.moc"
