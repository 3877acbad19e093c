// SPDX-License-Identifier: MIT
// RunSet: the runs file round trip (labels, visibility, reference, source, every row and the
// metadata), loading single result files as runs, default and unique labels, the combined view
// of the visible runs, and malformed runs files (a ParseError naming the run and field, never
// part of a file).

#include "core/results/resultio.h"
#include "core/results/runset.h"

#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <sys/stat.h>
#include <unistd.h>

using namespace speeduplab;

namespace {

Measurement point(const std::string &backend, int n, double t)
{
    Measurement m;
    const bool gpu = backend == "gpu";
    m.workload = "add";
    m.backend = backend;
    m.threads = gpu ? 0 : 4;
    m.mode = gpu ? "launch" : "";
    m.device = gpu ? 0 : -1;
    m.n = n;
    m.elements = double(n) * n;
    m.bytes = 12.0 * n * n;
    m.flops = double(n) * n;
    m.iterations = 10;
    m.stats.reps = 5;
    m.stats.median = t;
    m.stats.min = t * 0.9;
    m.stats.max = t * 1.1;
    m.stats.mean = t;
    m.stats.stddev = t * 0.01;
    m.stats.cv = 0.01;
    m.verified = true;
    return m;
}

// A run on an Intel CPU and one GPU: a CPU and a GPU series at three sizes.
ResultSet sample(const std::string &gpuName = "NVIDIA H200", double scale = 1)
{
    ResultSet r;
    r.machine.cpuModel = "Intel(R) Xeon(R) Platinum 8480+ CPU @ 2.00GHz";
    r.machine.logicalCores = 8;
    r.machine.os = "Linux \"6.1\"\nx86_64";
    r.machine.buildType = "Release";
    r.machine.programVersion = "0.1.0";
    r.machine.timestamp = "2026-11-30T21:40:12Z";
    r.machine.ceilings = {{"cpu_bandwidth_bytes_per_s", 1.2e11}};
    MachineInfo::Gpu g;
    g.name = gpuName;
    g.smCount = 132;
    r.machine.gpus = {g};
    for (int n : {64, 256, 1024}) {
        r.add(point("cpu", n, 1e-7 * n * scale));
        r.add(point("gpu", n, (5e-6 + 1e-9 * n) * scale));
    }
    return r;
}

// A run of bench/compare_torch.py: its program, build type "reference", eager and torch rows.
ResultSet torchSample()
{
    ResultSet r = sample();
    r.machine.programVersion = "PyTorch 2.5.1";
    r.machine.buildType = "reference";
    for (auto &m : r.rows) {
        m.variant = "torch";
        if (m.onDevice())
            m.mode = "eager";
    }
    return r;
}

RunRecord run(const std::string &label, ResultSet r, bool visible = true)
{
    RunRecord x;
    x.label = label;
    x.results = std::move(r);
    x.visible = visible;
    return x;
}

QString parseError(const std::function<void()> &f)
{
    try {
        f();
    } catch (const ParseError &e) {
        return QString::fromUtf8(e.what());
    } catch (const std::exception &e) {
        return QString("not a ParseError: ") + e.what();
    }
    return "no error";
}

void writeText(const QString &path, const std::string &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text.data(), qint64(text.size()));
}

// One run's object as a runs file holds it, with `results` as its "results" text.
std::string runsFile(const std::vector<std::string> &runObjects, const std::string &version = "1")
{
    std::string s = "{\"format\": \"speeduplab-runs\", \"format_version\": " + version + ", \"runs\": [";
    for (std::size_t i = 0; i < runObjects.size(); ++i)
        s += (i ? "," : "") + runObjects[i];
    return s + "]}";
}

std::string runObject(const std::string &label, const std::string &results)
{
    return "{\"label\": \"" + label + "\", \"results\": " + results + "}";
}

} // namespace

class TestRunSet : public QObject {
    Q_OBJECT

private slots:
    void roundTrip();
    void resultsAreResultIOJson();
    void emptySet();
    void loadSingleFiles_data();
    void loadSingleFiles();
    void loadRunsFile();
    void loadRefusesNonRegularAndHuge();
    void defaultLabel_data();
    void defaultLabel();
    void clusterRunsAreNamedByHostAndJob();
    void isReference_data();
    void isReference();
    void uniqueLabel_data();
    void uniqueLabel();
    void labelsMadeUniqueOnRead();
    void hugeLabelCapped();
    void combined();
    void combinedOneVisible();
    void isRunsFile_data();
    void isRunsFile();
    void malformed_data();
    void malformed();
    void tooManyRuns();
};

void TestRunSet::roundTrip()
{
    std::vector<RunRecord> runs{run("H200 \u00b7 2026-11-30 21:40", sample()),
                                run("A100 \"lab\"", sample("NVIDIA A100", 2), false),
                                run("PyTorch 2.5.1 \u00b7 NVIDIA H200", torchSample())};
    runs[0].source = "/data/study/gpu1-77_0.json";
    runs[2].reference = true;
    runs[2].source = "torch.csv";
    runs[1].results.rows[1].status = Measurement::Status::Failed;
    runs[1].results.rows[1].reason = "out of memory,\n\"really\"";

    const std::string text = RunSet::toJson(runs);
    const std::vector<RunRecord> back = RunSet::fromJson(text);
    QCOMPARE(back.size(), runs.size());
    for (std::size_t i = 0; i < runs.size(); ++i) {
        QCOMPARE(back[i].label, runs[i].label);
        QCOMPARE(back[i].visible, runs[i].visible);
        QCOMPARE(back[i].reference, runs[i].reference);
        QCOMPARE(back[i].source, runs[i].source);
        QCOMPARE(back[i].results.machine, runs[i].results.machine);
        QCOMPARE(back[i].results.rows.size(), runs[i].results.rows.size());
        QVERIFY(back[i].results == runs[i].results);
        QVERIFY(back[i] == runs[i]);
    }
    QCOMPARE(RunSet::toJson(back), text);
    QVERIFY(RunSet::isRunsFile(text));
}

void TestRunSet::resultsAreResultIOJson()
{
    const std::vector<RunRecord> runs{run("a", sample()), run("b", torchSample())};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(RunSet::toJson(runs)));
    QVERIFY(doc.isObject());
    QCOMPARE(doc.object().value("format").toString(), QString("speeduplab-runs"));
    QCOMPARE(doc.object().value("format_version").toInt(), RunSet::formatVersion);
    const QJsonArray array = doc.object().value("runs").toArray();
    QCOMPARE(array.size(), 2);
    for (int i = 0; i < 2; ++i) {
        const QJsonObject results = array[i].toObject().value("results").toObject();
        const QJsonDocument own =
            QJsonDocument::fromJson(QByteArray::fromStdString(ResultIO::toJson(runs[i].results)));
        QCOMPARE(results, own.object());
        QCOMPARE(array[i].toObject().value("label").toString().toStdString(), runs[i].label);
    }
}

void TestRunSet::emptySet()
{
    const std::string text = RunSet::toJson({});
    QVERIFY(RunSet::isRunsFile(text));
    QVERIFY(RunSet::fromJson(text).empty());
    QVERIFY(RunSet::combined({}).empty());
}

void TestRunSet::loadSingleFiles_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("csv");
    QTest::addColumn<bool>("reference");
    QTest::addColumn<QString>("label");
    QTest::newRow("json") << "gpu1.json" << false << false << "H200 \u00b7 30 Nov 21:40";
    QTest::newRow("csv") << "gpu1.csv" << true << false << "H200 \u00b7 30 Nov 21:40";
    QTest::newRow("no extension, json") << "gpu1" << false << false << "H200 \u00b7 30 Nov 21:40";
    QTest::newRow("torch csv") << "torch.csv" << true << true << "PyTorch 2.5.1 \u00b7 H200";
}

void TestRunSet::loadSingleFiles()
{
    QFETCH(QString, name);
    QFETCH(bool, csv);
    QFETCH(bool, reference);
    QFETCH(QString, label);
    QTemporaryDir dir;
    const ResultSet r = reference ? torchSample() : sample();
    const QString path = dir.filePath(name);
    if (csv && !name.endsWith(".csv"))
        writeText(path, ResultIO::toCsv(r));
    else if (csv)
        ResultIO::writeCsv(r, path.toStdString()); // its machine in its metadata file
    else
        writeText(path, ResultIO::toJson(r));
    const std::vector<RunRecord> runs = RunSet::load(path.toStdString());
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(runs[0].label), label);
    QCOMPARE(runs[0].label, RunSet::defaultLabel(r));
    QCOMPARE(runs[0].reference, reference);
    QVERIFY(runs[0].visible);
    QCOMPARE(runs[0].source, path.toStdString());
    QVERIFY(runs[0].results == r);

    // A bad row: the file and the line are named, as ResultIO::load does.
    std::string text = ResultIO::toCsv(r);
    text.replace(text.rfind(",ok,"), 4, ",maybe,");
    writeText(dir.filePath("bad.csv"), text);
    const QString e = parseError([&] { RunSet::load(dir.filePath("bad.csv").toStdString()); });
    QVERIFY2(e.contains("bad.csv, line 7") && e.contains("maybe"), qPrintable(e));
    QCOMPARE(e, parseError([&] { ResultIO::load(dir.filePath("bad.csv").toStdString()); }));
}

void TestRunSet::loadRunsFile()
{
    QTemporaryDir dir;
    const std::vector<RunRecord> runs{run("a", sample()), run("b", sample("NVIDIA A100"), false)};
    const QString path = dir.filePath("all.json");
    RunSet::write(runs, path.toStdString());
    QVERIFY(RunSet::load(path.toStdString()) == runs);
    // By content, whatever the extension.
    QVERIFY(QFile::copy(path, dir.filePath("all.csv")));
    QVERIFY(RunSet::load(dir.filePath("all.csv").toStdString()) == runs);

    // An error names the file, the run and the field.
    std::string text = RunSet::toJson(runs);
    text.replace(text.find("\"visible\":false"), 15, "\"visible\":3"); // toJson is compact
    writeText(dir.filePath("bad.json"), text);
    const QString e = parseError([&] { RunSet::load(dir.filePath("bad.json").toStdString()); });
    QVERIFY2(e.startsWith(dir.filePath("bad.json") + ", runs[1] (\"b\")") && e.contains("visible"),
             qPrintable(e));
}

void TestRunSet::loadRefusesNonRegularAndHuge()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath("pipe.json");
    QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    QString e = parseError([&] { RunSet::load(fifo.toStdString()); });
    QVERIFY2(e.contains("named pipe") && e.contains("pipe.json"), qPrintable(e));
    e = parseError([&] { RunSet::load(dir.path().toStdString()); });
    QVERIFY2(e.contains("folder"), qPrintable(e));

    const QString huge = dir.filePath("huge.json");
    QFile f(huge);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(qint64(ResultIO::maxFileBytes) + 1)); // sparse
    f.close();
    e = parseError([&] { RunSet::load(huge.toStdString()); });
    QVERIFY2(e.contains("huge.json") && e.contains("larger than"), qPrintable(e));
    e = parseError([&] { RunSet::load(dir.filePath("absent.json").toStdString()); });
    QVERIFY2(e.contains("cannot open") && e.contains("absent.json"), qPrintable(e));
}

void TestRunSet::defaultLabel_data()
{
    QTest::addColumn<QString>("cpu");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<bool>("gpuRows");
    QTest::addColumn<QString>("timestamp");
    QTest::addColumn<QString>("label");
    const QString intel = "Intel(R) Xeon(R) Platinum 8480+ CPU @ 2.00GHz";
    const QString time = "2026-11-30T21:40:12Z";
    QTest::newRow("gpu run") << intel << "NVIDIA H200" << true << time << "H200 \u00b7 30 Nov 21:40";
    QTest::newRow("cpu rows only: the CPU")
        << intel << "NVIDIA H200" << false << time << "Xeon Platinum 8480+ \u00b7 30 Nov 21:40";
    QTest::newRow("gpu rows, no GPU listed")
        << intel << "" << true << time << "Xeon Platinum 8480+ \u00b7 30 Nov 21:40";
    QTest::newRow("amd") << "AMD EPYC 7763 64-Core Processor"
                         << "" << false << time << "EPYC 7763 \u00b7 30 Nov 21:40";
    QTest::newRow("core i7") << "13th Gen Intel(R) Core(TM) i7-1360P"
                             << "" << false << time << "Core i7-1360P \u00b7 30 Nov 21:40";
    QTest::newRow("no timestamp") << intel << "NVIDIA H200" << true << ""
                                  << "H200";
    QTest::newRow("date only") << intel << "" << false << "2026-11-30"
                               << "Xeon Platinum 8480+ \u00b7 30 Nov 2026";
    QTest::newRow("odd timestamp") << intel << "" << false << "yesterday"
                                   << "Xeon Platinum 8480+";
    QTest::newRow("nothing known") << ""
                                   << "" << false << ""
                                   << "unknown machine";
    QTest::newRow("control characters dropped")
        << "Evil\x1b[31m CPU\u202e"
        << "" << false << time << "Evil[31m \u00b7 30 Nov 21:40"; // "CPU" dropped too
}

void TestRunSet::defaultLabel()
{
    QFETCH(QString, cpu);
    QFETCH(QString, gpu);
    QFETCH(bool, gpuRows);
    QFETCH(QString, timestamp);
    QFETCH(QString, label);
    ResultSet r = sample(gpu.toStdString());
    if (gpu.isEmpty())
        r.machine.gpus.clear();
    r.machine.cpuModel = cpu.toStdString();
    r.machine.timestamp = timestamp.toStdString();
    if (!gpuRows)
        std::erase_if(r.rows, [](const Measurement &m) { return m.onDevice(); });
    QCOMPARE(QString::fromStdString(RunSet::defaultLabel(r)), label);
}

void TestRunSet::clusterRunsAreNamedByHostAndJob()
{
    // A run measured in a batch job records its host and job, which name it and survive a file.
    ResultSet r = sample("NVIDIA H200");
    r.machine.timestamp = "2026-11-30T21:40:12Z";
    r.machine.host = "gpu07";
    r.machine.job = "4711_3";
    QCOMPARE(QString::fromStdString(RunSet::defaultLabel(r)), QStringLiteral("gpu07 \u00b7 job 4711_3"));
    const ResultSet back = ResultIO::fromJson(ResultIO::toJson(r));
    QCOMPARE(back.machine.host, std::string("gpu07"));
    QCOMPARE(back.machine.job, std::string("4711_3"));
    const ResultSet fromCsv = ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r));
    QCOMPARE(fromCsv.machine.job, std::string("4711_3"));
    r.machine.host.clear(); // a job without a host: the device names it
    QCOMPARE(QString::fromStdString(RunSet::defaultLabel(r)), QStringLiteral("H200 \u00b7 job 4711_3"));
    r.machine.job.clear(); // outside a job, as before: the device and the time
    QCOMPARE(QString::fromStdString(RunSet::defaultLabel(r)), QStringLiteral("H200 \u00b7 30 Nov 21:40"));
    // This process's own: a plain host name, and no job outside Slurm.
    const MachineInfo here = MachineInfo::probeHost();
    QVERIFY(here.host.find_first_of(". /") == std::string::npos);
    if (!qEnvironmentVariableIsSet("SLURM_JOB_ID"))
        QVERIFY(here.job.empty());
    // Slurm's variables are data: only a plain name is kept.
    const QByteArray array = qgetenv("SLURM_ARRAY_JOB_ID"), task = qgetenv("SLURM_ARRAY_TASK_ID");
    qputenv("SLURM_ARRAY_JOB_ID", "12");
    qputenv("SLURM_ARRAY_TASK_ID", "3");
    QCOMPARE(MachineInfo::probeHost().job, std::string("12_3"));
    qputenv("SLURM_ARRAY_TASK_ID", "3\n== forged (x) ==");
    QCOMPARE(MachineInfo::probeHost().job, std::string(qEnvironmentVariable("SLURM_JOB_ID").toStdString()));
    for (const auto &[name, old] :
         {std::pair{"SLURM_ARRAY_JOB_ID", array}, std::pair{"SLURM_ARRAY_TASK_ID", task}})
        if (old.isNull())
            qunsetenv(name);
        else
            qputenv(name, old);
}

void TestRunSet::isReference_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QString>("build");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<bool>("reference");
    const auto row = [](const char *name, const char *program, const char *build, const char *variant,
                        bool reference) {
        QTest::newRow(name) << QString(program) << QString(build) << QString(variant) << reference;
    };
    row("ours", "0.1.0", "Release", "", false);
    row("ours, old file without metadata", "", "", "", false);
    // The program alone does not make a reference: test files and other builds name it freely.
    row("a program, no other sign", "PyTorch 2.5.1", "", "", false);
    row("torch by build type", "PyTorch 2.5.1", "reference", "", true);
    row("numpy by build type, no program", "", "reference", "", true);
    row("by variant torch-tf32", "", "", "torch-tf32", true);
    row("by variant numpy", "", "", "numpy", true);
}

void TestRunSet::isReference()
{
    QFETCH(QString, program);
    QFETCH(QString, build);
    QFETCH(QString, variant);
    QFETCH(bool, reference);
    ResultSet r = sample();
    r.machine.programVersion = program.toStdString();
    r.machine.buildType = build.toStdString();
    r.rows[0].variant = variant.toStdString();
    QCOMPARE(RunSet::isReference(r), reference);
    // A reference is labelled by its program ("reference" when the file does not say).
    const QString tool = !reference          ? "H200 \u00b7 "
                         : program.isEmpty() ? "reference \u00b7 "
                                             : program + " \u00b7 ";
    const QString label = QString::fromStdString(RunSet::defaultLabel(r));
    QVERIFY2(label.startsWith(tool), qPrintable(label));

    // Eager is the reference's GPU mode; ours is launch, graph or fused.
    r = sample();
    r.rows[1].mode = "eager";
    QVERIFY(RunSet::isReference(r));
}

void TestRunSet::uniqueLabel_data()
{
    QTest::addColumn<QStringList>("taken");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("unique");
    QTest::newRow("free") << QStringList{"a"} << "b"
                          << "b";
    QTest::newRow("taken") << QStringList{"a"} << "a"
                           << "a (2)";
    QTest::newRow("taken twice") << QStringList{"a", "a (2)"} << "a"
                                 << "a (3)";
    QTest::newRow("gap") << QStringList{"a", "a (3)"} << "a"
                         << "a (2)";
    // A numbered label that is taken numbers on from its base, never "a (2) (2)".
    QTest::newRow("numbered, taken") << QStringList{"a", "a (2)", "a (3)"} << "a (2)"
                                     << "a (4)";
    QTest::newRow("numbered, free") << QStringList{"a"} << "a (2)"
                                    << "a (2)";
    QTest::newRow("brackets that are not a number") << QStringList{"a (b)"} << "a (b)"
                                                    << "a (b) (2)";
    QTest::newRow("trimmed") << QStringList{} << "  a b \t"
                             << "a b";
    QTest::newRow("trimmed, then taken") << QStringList{"a"} << " a "
                                         << "a (2)";
    QTest::newRow("empty") << QStringList{} << ""
                           << "run";
    QTest::newRow("blank, taken") << QStringList{"run"} << " \n"
                                  << "run (2)";
    QTest::newRow("line breaks become spaces") << QStringList{} << "a\nb\r\nc"
                                               << "a b c";
    QTest::newRow("controls dropped") << QStringList{} << "a\x1b[2J\x7f\u202eb\u0085"
                                      << "a[2Jb";
    QTest::newRow("not UTF-8 dropped") << QStringList{} << ""
                                       << "a";
    QTest::newRow("capped") << QStringList{} << QString(100, QChar(0x00e9)) << QString(80, QChar(0x00e9));
    QTest::newRow("capped, taken: the suffix fits")
        << QStringList{QString(80, 'x')} << QString(100, 'x') << QString(76, 'x') + " (2)";
}

void TestRunSet::uniqueLabel()
{
    QFETCH(QStringList, taken);
    QFETCH(QString, label);
    QFETCH(QString, unique);
    std::vector<RunRecord> runs;
    for (const QString &t : taken)
        runs.push_back(run(t.toStdString(), {}));
    std::string raw = label.toStdString();
    if (QByteArray(QTest::currentDataTag()) == "not UTF-8 dropped")
        raw = "a\xff"; // a QString cannot hold the invalid byte
    const std::string got = RunSet::uniqueLabel(runs, raw);
    QCOMPARE(QString::fromStdString(got), unique);
    QVERIFY(QString::fromUtf8(got.c_str()).size() <= int(RunSet::maxLabelLength));
}

void TestRunSet::labelsMadeUniqueOnRead()
{
    const std::vector<RunRecord> runs{run("same", sample()), run("same", sample()), run("", sample())};
    const std::vector<RunRecord> back = RunSet::fromJson(RunSet::toJson(runs));
    QCOMPARE(back.size(), std::size_t(3));
    QCOMPARE(back[0].label, std::string("same"));
    QCOMPARE(back[1].label, std::string("same (2)"));
    QCOMPARE(back[2].label, std::string("run"));

    // A run without a label, visibility or reference flag gets the defaults.
    const std::string text = runsFile({"{\"results\": " + ResultIO::toJson(torchSample()) + "}"});
    const std::vector<RunRecord> one = RunSet::fromJson(text);
    QCOMPARE(one.size(), std::size_t(1));
    QCOMPARE(one[0].label, RunSet::defaultLabel(torchSample()));
    QVERIFY(one[0].visible);
    QVERIFY(one[0].reference);
    QVERIFY(one[0].source.empty());
}

void TestRunSet::hugeLabelCapped()
{
    const std::string label(5'000'000, 'L');
    const std::vector<RunRecord> back =
        RunSet::fromJson(runsFile({runObject(label + "\\u001b\\n", ResultIO::toJson(sample()))}));
    QCOMPARE(back.size(), std::size_t(1));
    QCOMPARE(back[0].label, std::string(RunSet::maxLabelLength, 'L'));
}

void TestRunSet::combined()
{
    // Two runs with the same series keys (same workload, backends, threads, modes, sizes).
    const std::vector<RunRecord> runs{run("H200", sample()), run("A100", sample("NVIDIA A100", 2)),
                                      run("hidden", sample("X", 3), false)};
    const ResultSet c = RunSet::combined(runs);
    QCOMPARE(c.rows.size(), runs[0].results.rows.size() + runs[1].results.rows.size());
    QCOMPARE(c.machine, runs[0].results.machine);
    const std::vector<std::string> keys = c.seriesKeys();
    QCOMPARE(keys.size(), std::size_t(4)); // CPU and GPU of each visible run, apart
    for (std::size_t i = 0; i < c.rows.size(); ++i) {
        const bool first = i < runs[0].results.rows.size();
        QCOMPARE(c.rows[i].run, std::string(first ? "H200" : "A100"));
        Measurement plain = c.rows[i];
        plain.run.clear();
        QCOMPARE(plain, runs[first ? 0 : 1].results.rows[first ? i : i - runs[0].results.rows.size()]);
    }
    QVERIFY(c.rows[0].seriesKey() != c.rows[runs[0].results.rows.size()].seriesKey());
    QCOMPARE(QString::fromStdString(c.rows[0].seriesLabel()).left(6), QString("H200: "));

    // The first visible run gives the machine.
    const ResultSet d = RunSet::combined(
        {run("hidden", sample("X"), false), run("a", sample("NVIDIA A100")), run("b", sample())});
    QCOMPARE(d.machine.gpus[0].name, std::string("NVIDIA A100"));
}

void TestRunSet::combinedOneVisible()
{
    const std::vector<RunRecord> runs{run("hidden", sample("X", 3), false), run("only", sample())};
    const ResultSet c = RunSet::combined(runs);
    QVERIFY(c == runs[1].results); // rows keep run empty: a single run reads as before
    for (const auto &m : c.rows)
        QVERIFY(m.run.empty());
    QVERIFY(RunSet::combined({run("h", sample(), false)}).empty());
}

void TestRunSet::isRunsFile_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("runs");
    QTest::newRow("as written") << QString::fromStdString(RunSet::toJson({})) << true;
    QTest::newRow("compact") << "{\"format\":\"speeduplab-runs\",\"runs\":[]}" << true;
    QTest::newRow("bom, spaces") << "\xEF\xBB\xBF \n{ \"format\" :\t\"speeduplab-runs\"}" << true;
    QTest::newRow("format not first") << "{\"format_version\": 1, \"format\": \"speeduplab-runs\"}" << true;
    QTest::newRow("result file") << QString::fromStdString(ResultIO::toJson(sample())) << false;
    QTest::newRow("csv") << QString::fromStdString(ResultIO::toCsv(sample())) << false;
    QTest::newRow("in a string") << "{\"os\": \"\\\"format\\\": \\\"speeduplab-runs\\\"\"}" << false;
    QTest::newRow("empty") << "" << false;
    // The document's own format, wherever it stands: a runs file written with its runs first
    // (more than 4 KiB of them) was refused; a result's format inside a runs file is not its own.
    const QString runsFirst =
        QString::fromStdString(RunSet::toJson({}))
            .replace(QStringLiteral("\"format\""), QStringLiteral("\"pad\": \"%1\", \"format\""))
            .arg(QString(5000, QLatin1Char('x')));
    QTest::newRow("format after 4 KiB") << runsFirst << true;
    QTest::newRow("a nested format") << "{\"runs\": [{\"format\": \"speeduplab-runs\"}], \"format\": \"x\"}"
                                     << false;
    QTest::newRow("an array") << "[{\"format\": \"speeduplab-runs\"}]" << false;
    QTest::newRow("not JSON") << "{\"format\" \"speeduplab-runs\"}" << false;
}

void TestRunSet::isRunsFile()
{
    QFETCH(QString, text);
    QFETCH(bool, runs);
    QCOMPARE(RunSet::isRunsFile(text.toStdString()), runs);
}

void TestRunSet::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    const std::string good = RunSet::toJson({run("A", sample()), run("B", sample("NVIDIA A100"))});
    const std::string results = ResultIO::toJson(sample());

    QTest::newRow("truncated") << QString::fromStdString(good.substr(0, good.size() / 2)) << "not valid JSON";
    QTest::newRow("empty") << ""
                           << "not valid JSON";
    QTest::newRow("array") << "[]"
                           << "must be an object";
    QTest::newRow("wrong format")
        << "{\"format\": \"speeduplab-results\", \"format_version\": 1, \"runs\": []}"
        << "this is not a SpeedupLab runs file";
    QTest::newRow("format an object") << "{\"format\": {}, \"format_version\": 1, \"runs\": []}"
                                      << "field \"format\" must be";
    QTest::newRow("no format_version") << "{\"format\": \"speeduplab-runs\", \"runs\": []}"
                                       << "missing field \"format_version\"";
    QTest::newRow("format_version a string")
        << QString::fromStdString(runsFile({}, "\"1\"")) << "\"format_version\" must be a whole number";
    QTest::newRow("format_version 1.5") << QString::fromStdString(runsFile({}, "1.5")) << "whole number";
    QTest::newRow("format_version 0") << QString::fromStdString(runsFile({}, "0")) << "must be 1 or more";
    // A newer file is named as such, before anything it holds is judged.
    QTest::newRow("newer format_version")
        << QString::fromStdString(runsFile({"{\"results\": 5, \"new\": {\"x\": [1]}}"}, "2"))
        << "written by a newer SpeedupLab (this one reads format_version 1); update SpeedupLab";
    QTest::newRow("huge format_version")
        << QString::fromStdString(runsFile({}, "18446744073709551615")) << "newer SpeedupLab";
    QTest::newRow("runs missing") << "{\"format\": \"speeduplab-runs\", \"format_version\": 1}"
                                  << "\"runs\" is missing or not an array";
    QTest::newRow("runs an object")
        << "{\"format\": \"speeduplab-runs\", \"format_version\": 1, \"runs\": {}}"
        << "\"runs\" is missing or not an array";
    QTest::newRow("runs twice")
        << "{\"format\": \"speeduplab-runs\", \"format_version\": 1, \"runs\": [], \"runs\": []}"
        << "appears more than once";
    QTest::newRow("run a number") << QString::fromStdString(runsFile({"7"})) << "runs[0]: must be an object";
    QTest::newRow("run an array") << QString::fromStdString(runsFile({"[]"})) << "runs[0]: must be an object";
    QTest::newRow("label a number") << QString::fromStdString(
                                           runsFile({"{\"label\": 3, \"results\": " + results + "}"}))
                                    << "runs[0]: field \"label\" must be a string, not number";
    QTest::newRow("visible a string")
        << QString::fromStdString(
               runsFile({runObject("A", results),
                         "{\"label\": \"B\", \"visible\": \"yes\", \"results\": " + results + "}"}))
        << "runs[1] (\"B\"): field \"visible\" must be true or false, not string";
    QTest::newRow("reference an object")
        << QString::fromStdString(runsFile({"{\"reference\": {}, \"results\": " + results + "}"}))
        << "field \"reference\" must be true or false, not object";
    QTest::newRow("results missing") << QString::fromStdString(runsFile({"{\"label\": \"A\"}"}))
                                     << "runs[0] (\"A\"): missing field \"results\"";
    QTest::newRow("results a string") << QString::fromStdString(runsFile({runObject("A", "\"x\"")}))
                                      << "runs[0] (\"A\"): field \"results\" must be a result object";
    QTest::newRow("results an array") << QString::fromStdString(runsFile({runObject("A", "[]")}))
                                      << "runs[0] (\"A\"): results: the JSON document must be an object";
    QTest::newRow("results of another format")
        << QString::fromStdString(runsFile({runObject("A", "{\"format\": \"x\", \"rows\": []}")}))
        << "runs[0] (\"A\"): results: field \"format\" must be \"speeduplab-results\"";
    QTest::newRow("results machine wrong")
        << QString::fromStdString(runsFile(
               {runObject("A", "{\"format\": \"speeduplab-results\", \"machine\": 3, \"rows\": []}")}))
        << "runs[0] (\"A\"): results: field \"machine\" must be an object";

    // A bad row in the second run: the run (index and label) and the row's field are named.
    std::string badRow = good;
    const std::size_t second = badRow.find("\"label\":\"B\""); // toJson is compact
    const std::size_t median = badRow.find("\"median_s\":", second);
    badRow.replace(median, 11, "\"median_s\":-");
    QTest::newRow("bad row in run 2")
        << QString::fromStdString(badRow) << "runs[1] (\"B\"), results.rows[0]: median_s must be";
    std::string wrongType = good;
    wrongType.replace(wrongType.find("\"n\":", second), 4, "\"n\":\"big\",\"x\":");
    QTest::newRow("wrong type in run 2")
        << QString::fromStdString(wrongType)
        << "runs[1] (\"B\"), results.rows[0]: field \"n\" has the wrong type";
    std::string deep = runsFile({runObject("A", "{\"format\": \"speeduplab-results\", \"rows\": [], \"x\": " +
                                                    std::string(100, '[') + std::string(100, ']') + "}")});
    QTest::newRow("results too deep")
        << QString::fromStdString(deep)
        << "runs[0] (\"A\"): results: the document is nested deeper than 64 levels";
    std::string deepTop = "{\"x\": " + std::string(100, '[') + std::string(100, ']') + "}";
    QTest::newRow("too deep") << QString::fromStdString(deepTop) << "nested deeper than";
    std::string overflow = good;
    overflow.replace(overflow.find("\"bytes\":", second), 8, "\"bytes\":1e999,\"y\":");
    QTest::newRow("number overflow") << QString::fromStdString(overflow) << "out of range";
}

void TestRunSet::malformed()
{
    QFETCH(QString, text);
    QFETCH(QString, error);
    std::vector<RunRecord> out{run("untouched", {})};
    const QString e = parseError([&] { out = RunSet::fromJson(text.toStdString()); });
    QVERIFY2(e.contains(error), qPrintable(e));
    QCOMPARE(out.size(), std::size_t(1)); // nothing returned, not part of the file
    for (const QChar c : e)
        QVERIFY2(c.unicode() >= 0x20 && c.unicode() != 0x7f, qPrintable(e));

    // Through a file, the file is named first.
    QTemporaryDir dir;
    const QString path = dir.filePath("runs.json");
    writeText(path, text.toStdString());
    const QString fromFile = parseError([&] { RunSet::load(path.toStdString()); });
    if (RunSet::isRunsFile(text.toStdString()))
        QVERIFY2(fromFile.startsWith(path) && fromFile.endsWith(e), qPrintable(fromFile));
    else
        QVERIFY2(fromFile.startsWith(path), qPrintable(fromFile));
}

void TestRunSet::tooManyRuns()
{
    const std::string empty = "{\"format\": \"speeduplab-results\", \"rows\": []}";
    std::vector<std::string> runs(RunSet::maxRuns, "{\"results\": " + empty + "}");
    std::vector<RunRecord> read = RunSet::fromJson(runsFile(runs));
    QCOMPARE(read.size(), RunSet::maxRuns);
    QCOMPARE(read.back().label, "unknown machine (" + std::to_string(RunSet::maxRuns) + ")");
    runs.push_back(runs.back());
    const QString e = parseError([&] { RunSet::fromJson(runsFile(runs)); });
    QVERIFY2(e.contains("more than 1000 runs"), qPrintable(e));
}

QTEST_APPLESS_MAIN(TestRunSet)
#include "tst_runset.moc"
