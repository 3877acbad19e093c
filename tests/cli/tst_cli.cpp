// SPDX-License-Identifier: MIT
// speeduplab-cli end to end: the built binary run with QProcess. Success paths exit 0 and write
// files that load back; usage errors exit 2 with one line on stderr and create no file.

#include "core/resultio.h"
#include "core/runset.h"
#include "core/version.h"

#include "core/machineinfo.h"

#include <QtTest>

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <thread>

#include <sys/stat.h>

#ifndef SPEEDUPLAB_CLI_PATH
#error "SPEEDUPLAB_CLI_PATH must name the speeduplab-cli binary (tests/cli/CMakeLists.txt)"
#endif

using namespace speeduplab;

namespace {

struct Result {
    int exitCode = -1;
    QString out;
    QString err;
};

Result runCli(const QStringList &args, int timeoutMs = 60000)
{
    QProcess p;
    p.setProgram(QStringLiteral(SPEEDUPLAB_CLI_PATH));
    p.setArguments(args);
    p.start();
    Result r;
    if (!p.waitForStarted(10000)) {
        r.err = "could not start " + p.program() + ": " + p.errorString();
        return r;
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        r.err = QString("timed out after %1 ms").arg(timeoutMs);
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QString describe(const Result &r)
{
    return QString("exit %1\n--- stdout:\n%2\n--- stderr:\n%3").arg(r.exitCode).arg(r.out.left(4000), r.err);
}

int hardwareThreads()
{
    return int(std::max(1u, std::thread::hardware_concurrency()));
}

/// Replaces @DIR@ in the arguments with the test's own folder.
QStringList expand(const QStringList &args, const QString &dir)
{
    QStringList out;
    for (const QString &a : args)
        out << QString(a).replace("@DIR@", dir);
    return out;
}

QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void succeeds_data();
    void succeeds();
    void runWritesFilesThatLoadBack();
    void usageErrors_data();
    void usageErrors();
    void verifyCpuOnly();
    void outputsAreCheckedBeforeTheRun();
    void forceReplacesAReadOnlyFile();
    void outputKeepsModeAndLink();
    void reportPrintsEachRun();
    void comparePrintsEachPoint();
    void reportAndCompareErrors_data();
    void reportAndCompareErrors();
    void mergeJoinsRuns();
    void mergeErrors_data();
    void mergeErrors();
    void reportPrintsEachRunOfARunsFile();
    void compareSelectsRuns_data();
    void compareSelectsRuns();
};

void TestCli::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(SPEEDUPLAB_CLI_PATH)).isExecutable(), SPEEDUPLAB_CLI_PATH);
}

void TestCli::succeeds_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("mentions"); ///< all must appear in stdout

    QTest::newRow("workloads") << QStringList{"workloads"}
                               << QStringList{"add:", "saxpy:", "reduce:", "gemm:", "transfer:", "GPU modes"};
    const MachineInfo::GpuState a = MachineInfo::gpuState();
    QStringList deviceLines{"CPU: ", "Logical cores: " + QString::number(hardwareThreads())};
    if (!a.usable)
        deviceLines << "GPU: none usable: " + QString::fromStdString(a.reason); // says why, not just "none"
    QTest::newRow("devices") << QStringList{"devices"} << deviceLines;
    QTest::newRow("version") << QStringList{"--version"} << QStringList{SPEEDUPLAB_VERSION};
    QTest::newRow("help") << QStringList{"--help"} << QStringList{"run",    "verify",  "devices", "workloads",
                                                                  "report", "compare", "merge"};
    QTest::newRow("merge help") << QStringList{"merge", "--help"} << QStringList{"-o,--output", "--force"};
    QTest::newRow("compare help") << QStringList{"compare", "--help"} << QStringList{"--run-a", "--run-b"};
    QTest::newRow("run, range") << QStringList{"run",    "--workload", "reduce", "--range",
                                               "4:40:1", "--threads",  "1",      "--iterations",
                                               "3",      "--min-time", "0",      "--cpu-only"}
                                << QStringList{"series", "CPU 1 thread", "Crossovers",
                                               "timing: every curve after ", "; the sweep took "};
    // A preset, with options on top: quick's 100 iterations at the sizes given.
    QTest::newRow("run, preset") << QStringList{"run",  "--preset",  "quick", "--sizes",
                                                "4,40", "--threads", "1",     "--min-time",
                                                "0",    "--cpu-only"}
                                 << QStringList{"series", "CPU 1 thread", "Crossovers"};
}

void TestCli::succeeds()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, mentions);
    const Result r = runCli(args);
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    for (const QString &m : mentions)
        QVERIFY2(r.out.contains(m), qPrintable("stdout does not mention \"" + m + "\"\n" + describe(r)));
}

void TestCli::runWritesFilesThatLoadBack()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString csv = dir.filePath("out.csv"), json = dir.filePath("out.json");
    const Result r = runCli({"run", "--workload", "add", "--sizes", "4,40", "--threads", "1", "--iterations",
                             "10", "--min-time", "0", "--cpu-only", "--csv", csv, "--json", json});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));

    // The table: a header, a row per point, then the crossovers section.
    QVERIFY2(r.out.contains("series") && r.out.contains("per iter"), qPrintable(describe(r)));
    int rows = 0;
    for (const QString &line : r.out.split('\n'))
        if (line.startsWith("CPU 1 thread"))
            ++rows;
    QCOMPARE(rows, 2);
    QVERIFY2(r.out.contains("Crossovers"), qPrintable(describe(r)));

    QVERIFY(QFileInfo::exists(csv));
    QVERIFY(QFileInfo::exists(json));
    QCOMPARE(entries(dir.path()), (QStringList{"out.csv", "out.json"})); // no temporary files left
    const ResultSet fromCsv = ResultIO::load(csv.toStdString());
    ResultSet fromJson = ResultIO::load(json.toStdString());
    // Both hold the same summaries; JSON also keeps each point's repetition times.
    for (Measurement &m : fromJson.rows) {
        QCOMPARE(m.stats.samples.size(), std::size_t(m.stats.reps));
        m.stats.samples.clear();
    }
    QVERIFY(fromCsv == fromJson);
    QCOMPARE(fromCsv.size(), size_t(2));
    for (const Measurement &m : fromCsv.rows) {
        QCOMPARE(m.workload, std::string("add"));
        QCOMPARE(m.backend, std::string("cpu"));
        QCOMPARE(m.threads, 1);
        QCOMPARE(m.iterations, 10);
        QVERIFY2(m.ok(), m.reason.c_str());
        QVERIFY(m.verified);
        QVERIFY(m.stats.median > 0);
    }
    QCOMPARE(fromCsv.rows[0].n, 4);
    QCOMPARE(fromCsv.rows[1].n, 40);
    QCOMPARE(fromCsv.machine.logicalCores, hardwareThreads());
    QVERIFY(!fromCsv.machine.timestamp.empty());
}

void TestCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions"); ///< in the one-line stderr message

    const QStringList tail{"--threads",     "1",      "--min-time",    "0", "--cpu-only", "--csv",
                           "@DIR@/out.csv", "--json", "@DIR@/out.json"};
    QTest::newRow("unknown workload")
        << QStringList{"run", "--workload", "nope", "--sizes", "4"} + tail << "unknown workload \"nope\"";
    QTest::newRow("size 0") << QStringList{"run", "--sizes", "0"} + tail << "size 0 must be positive";
    QTest::newRow("size not a number") << QStringList{"run", "--sizes", "4,abc"} + tail << "\"abc\"";
    QTest::newRow("size too large") << QStringList{"run", "--sizes", "100000"} + tail << "65536";
    QTest::newRow("bad range") << QStringList{"run", "--range", "400:4"} + tail
                               << "minimum above its maximum";
    QTest::newRow("sizes and range") << QStringList{"run", "--sizes", "4", "--range", "4:40"} + tail
                                     << "either";
    QTest::newRow("no sizes") << QStringList{"run"} + tail << "no sizes";
    QTest::newRow("unknown preset") << QStringList{"run", "--preset", "nope"} + tail
                                    << "unknown preset \"nope\"";
    QTest::newRow("iterations not a number")
        << QStringList{"run", "--sizes", "4", "--iterations", "many"} + tail
        << "--iterations must be a whole number";
    QTest::newRow("budget above a week")
        << QStringList{"run", "--sizes", "4", "--budget", "700000"} + tail << "a week";
    QTest::newRow("threads above hardware") << QStringList{"run",
                                                           "--sizes",
                                                           "4",
                                                           "--threads",
                                                           QString::number(hardwareThreads() + 1),
                                                           "--cpu-only",
                                                           "--csv",
                                                           "@DIR@/out.csv"}
                                            << QString("thread count %1 is above").arg(hardwareThreads() + 1);
    QTest::newRow("unknown variant") << QStringList{"run", "--sizes", "4", "--variant", "turbo"} + tail
                                     << "no variant \"turbo\"";
    QTest::newRow("unknown mode") << QStringList{"run", "--sizes", "4", "--modes", "warp"} + tail
                                  << "no GPU mode \"warp\"";
    QTest::newRow("unwritable CSV path")
        << QStringList{"run",    "--sizes",       "4",     "--threads",
                       "1",      "--cpu-only",    "--csv", "/nonexistent/dir/out.csv",
                       "--json", "@DIR@/out.json"}
        << "/nonexistent/dir";
    QTest::newRow("unwritable JSON path") << QStringList{"run",    "--sizes",
                                                         "4",      "--threads",
                                                         "1",      "--cpu-only",
                                                         "--csv",  "@DIR@/out.csv",
                                                         "--json", "@DIR@/missing/out.json"}
                                          << "does not exist";
    // Outputs: a name each, each file once (whatever the spelling), all before anything runs.
    QTest::newRow("empty CSV path") << QStringList{"run", "--sizes",    "4",     "--threads",
                                                   "1",   "--cpu-only", "--csv", ""}
                                    << "--csv needs a file name";
    QTest::newRow("empty JSON path") << QStringList{"run",    "--sizes",
                                                    "4",      "--threads",
                                                    "1",      "--cpu-only",
                                                    "--csv",  "@DIR@/out.csv",
                                                    "--json", ""}
                                     << "--json needs a file name";
    QTest::newRow("same path twice") << QStringList{"run",    "--sizes",       "4",     "--threads",
                                                    "1",      "--cpu-only",    "--csv", "@DIR@/same.out",
                                                    "--json", "@DIR@/same.out"}
                                     << "same.out is given as two outputs";
    QTest::newRow("same file, two spellings")
        << QStringList{"run",        "--sizes", "4",           "--threads", "1",
                       "--cpu-only", "--csv",   "@DIR@/a.csv", "--json",    "@DIR@/./a.csv"}
        << "are the same file";
    QTest::newRow("output is a folder")
        << QStringList{"run", "--sizes", "4", "--threads", "1", "--cpu-only", "--csv", "@DIR@"}
        << "it is a folder, not a regular file";
    QTest::newRow("calibrate, empty JSON path")
        << QStringList{"calibrate", "--cpu-only", "--json", ""} << "--json needs a file name";
    QTest::newRow("iterations 0") << QStringList{"run", "--sizes", "4", "--iterations", "0"} + tail
                                  << "--iterations must be at least 1";
    QTest::newRow("budget nan") << QStringList{"run", "--sizes", "4", "--budget", "nan"} + tail
                                << "--budget must be a number of seconds: \"nan\" is not a number";
    QTest::newRow("min-time nan") << QStringList{"run", "--sizes",   "4", "--min-time",
                                                 "nan", "--threads", "1", "--cpu-only"}
                                  << "--min-time must be a number of seconds: \"nan\" is not a number";
    if (const MachineInfo::GpuState gpu = MachineInfo::gpuState(); !gpu.usable)
        QTest::newRow("gpu-only without a GPU")
            << QStringList{"run", "--sizes", "4", "--gpu-only", "--csv", "@DIR@/out.csv"}
            << "--gpu-only needs a usable GPU, and there is none: " + QString::fromStdString(gpu.reason);
    QTest::newRow("both only flags") << QStringList{"run", "--sizes", "4", "--cpu-only", "--gpu-only"}
                                     << "exclude";
    QTest::newRow("unknown option") << QStringList{"run", "--sizes", "4", "--bogus"} + tail << "--bogus";
    // CLI11 reports the missing subcommand rather than naming "fly"; still one line, exit 2.
    QTest::newRow("unknown subcommand") << QStringList{"fly"} << "subcommand";
    QTest::newRow("no subcommand") << QStringList{} << "subcommand";
}

void TestCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result r = runCli(expand(args, dir.path()));
    QVERIFY2(r.exitCode == 2, qPrintable(describe(r)));
    const QString err = r.err.trimmed();
    QVERIFY2(!err.isEmpty(), qPrintable(describe(r)));
    QVERIFY2(!err.contains('\n'), qPrintable("more than one line on stderr\n" + describe(r)));
    QVERIFY2(err.contains(mentions),
             qPrintable("stderr does not mention \"" + mentions + "\"\n" + describe(r)));
    QVERIFY2(entries(dir.path()).isEmpty(),
             qPrintable("files were created: " + entries(dir.path()).join(", ")));
    // Bad usage is caught before anything runs: no table on stdout.
    QVERIFY2(!r.out.contains("Crossovers"), qPrintable(describe(r)));
}

void TestCli::verifyCpuOnly()
{
    const Result r = runCli({"verify", "--cpu-only"}, 240000);
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QVERIFY2(r.out.contains(" 0 failed"), qPrintable(describe(r)));
    QVERIFY2(!r.out.contains("FAIL"), qPrintable(describe(r)));
    // Every workload was checked, and the CPU rows passed rather than being skipped.
    for (const char *w : {"add", "saxpy", "reduce", "gemm", "transfer", "scan"})
        QVERIFY2(r.out.contains(QString("PASS  %1 ").arg(w)), qPrintable(QString("no PASS for ") + w));
    QVERIFY(!r.out.contains("PASS  gpu"));
}

namespace {

int modeOf(const QString &path)
{
    struct stat st {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 07777) : -1;
}

bool writeRaw(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QStringList kTinyRun{"run", "--workload",   "add", "--sizes",    "4", "--threads",
                           "1",   "--iterations", "3",   "--min-time", "0", "--cpu-only"};

} // namespace

void TestCli::outputsAreCheckedBeforeTheRun()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fifo = dir.filePath("pipe.csv");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0666), 0);
    QVERIFY(QFile::link("pipe.csv", dir.filePath("link.json")));
    struct Case {
        QStringList args;
        QString mentions;
    };
    QList<Case> cases{
        {kTinyRun + QStringList{"--csv", fifo},
         "cannot write " + fifo + ": it is a FIFO (named pipe), not a regular file"},
        {kTinyRun + QStringList{"--json", dir.filePath("link.json")}, "(a link to "},
        {QStringList{"calibrate", "--cpu-only", "--json", fifo}, "it is a FIFO (named pipe)"},
        {kTinyRun + QStringList{"--csv", dir.filePath("ok.csv"), "--json", dir.filePath("missing/x.json")},
         "does not exist"},
    };
    // A folder where no file can be created, not even by root: found in the first second.
    if (QFileInfo(QStringLiteral("/sys")).isDir())
        cases.append(
            {kTinyRun + QStringList{"--csv", "/sys/speeduplab-out.csv"}, "does not allow creating files"});
    const QStringList before = entries(dir.path());
    for (const Case &c : cases) {
        const Result r = runCli(c.args, 20000);
        QVERIFY2(r.exitCode == 2, qPrintable(describe(r)));
        QVERIFY2(r.err.trimmed().contains(c.mentions) && !r.err.trimmed().contains('\n'),
                 qPrintable(describe(r)));
        QVERIFY2(!r.out.contains("Crossovers") && !r.out.contains("Calibrating"), qPrintable(describe(r)));
        QCOMPARE(entries(dir.path()), before); // nothing created, the FIFO still there
    }
    QVERIFY(!QFile::exists(QStringLiteral("/sys/speeduplab-out.csv")));
    QVERIFY(QFileInfo(fifo).exists() && !QFileInfo(fifo).isFile());
}

void TestCli::forceReplacesAReadOnlyFile()
{
    QTemporaryDir dir;
    const QString csv = dir.filePath("results.csv"), json = dir.filePath("ceilings.json");
    QVERIFY(writeRaw(csv, "keep me\n"));
    QVERIFY(writeRaw(json, "keep me too\n"));
    QCOMPARE(::chmod(QFile::encodeName(csv).constData(), 0444), 0);
    QCOMPARE(::chmod(QFile::encodeName(json).constData(), 0440), 0);

    Result r = runCli(kTinyRun + QStringList{"--csv", csv});
    QVERIFY2(r.exitCode == 2, qPrintable(describe(r)));
    QVERIFY2(r.err.contains("cannot write " + csv + ": the file is read-only (give --force to replace it)"),
             qPrintable(describe(r)));
    QVERIFY(!r.out.contains("Crossovers"));
    QCOMPARE(readAll(csv), QByteArray("keep me\n"));
    r = runCli({"calibrate", "--cpu-only", "--json", json});
    QVERIFY2(r.exitCode == 2 && r.err.contains("read-only") && !r.out.contains("Calibrating"),
             qPrintable(describe(r)));
    QCOMPARE(readAll(json), QByteArray("keep me too\n"));

    r = runCli(kTinyRun + QStringList{"--csv", csv, "--force"});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QCOMPARE(ResultIO::load(csv.toStdString()).size(), size_t(1));
    QCOMPARE(modeOf(csv), 0444); // replaced, still read-only
    QCOMPARE(entries(dir.path()), (QStringList{"ceilings.json", "results.csv"}));
}

void TestCli::outputKeepsModeAndLink()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("data"));
    const QString target = dir.filePath("data/real.json"), link = dir.filePath("latest.json");
    const QString csv = dir.filePath("private.csv");
    QVERIFY(writeRaw(target, "{}\n"));
    QVERIFY(QFile::link("data/real.json", link));
    QVERIFY(writeRaw(csv, "old\n"));
    QCOMPARE(::chmod(QFile::encodeName(csv).constData(), 0600), 0);
    QCOMPARE(::chmod(QFile::encodeName(target).constData(), 0640), 0);
    const Result r = runCli(kTinyRun + QStringList{"--csv", csv, "--json", link});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(ResultIO::load(target.toStdString()).size(), size_t(1));
    QCOMPARE(ResultIO::load(csv.toStdString()).size(), size_t(1));
    QCOMPARE(modeOf(csv), 0600);
    QCOMPARE(modeOf(target), 0640);
    QCOMPARE(entries(dir.filePath("data")), QStringList{"real.json"});
    QCOMPARE(entries(dir.path()), (QStringList{"data", "latest.json", "private.csv"}));
}

namespace {

/// An ok row of `add` with the given median per repetition (1 iteration) and 5 % spread.
Measurement syntheticRow(const std::string &backend, int n, double median, int reps = 20)
{
    Measurement m;
    m.workload = "add";
    m.backend = backend;
    m.threads = backend == "cpu" ? 1 : 0;
    m.mode = backend == "gpu" ? "launch" : "";
    m.device = backend == "gpu" ? 0 : -1;
    m.n = n;
    m.iterations = 1;
    m.elements = double(n) * n;
    m.bytes = 12.0 * n * n;
    m.flops = double(n) * n;
    m.stats.reps = reps;
    m.stats.median = m.stats.mean = median;
    m.stats.min = median * 0.9;
    m.stats.max = median * 1.1;
    m.stats.stddev = reps > 1 ? 0.05 * median : 0;
    m.stats.cv = m.stats.stddev / median;
    m.verified = true;
    return m;
}

/// A CPU series t = 1e-9 n^2 and a GPU series t = 1e-5 + 1e-11 n^2 (they cross near n = 100),
/// the CPU's times scaled by cpuFactor, on a machine named cpuModel.
ResultSet syntheticRun(const std::string &cpuModel, double cpuFactor, const std::vector<int> &sizes)
{
    ResultSet r;
    r.machine.cpuModel = cpuModel;
    r.machine.logicalCores = 4;
    r.machine.os = "Linux (test)";
    r.machine.gpuStatus = "none in the test";
    r.machine.programVersion = SPEEDUPLAB_VERSION;
    r.machine.timestamp = "2026-01-01T00:00:00Z";
    r.machine.ceilings["cpu.dram.bandwidth"] = 20e9;
    for (int n : sizes) {
        r.add(syntheticRow("cpu", n, cpuFactor * 1e-9 * n * n));
        r.add(syntheticRow("gpu", n, 1e-5 + 1e-11 * double(n) * n));
    }
    return r;
}

} // namespace

void TestCli::reportPrintsEachRun()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString a = dir.filePath("lab.json"), b = dir.filePath("laptop.csv");
    ResultIO::writeJson(syntheticRun("Lab CPU", 1.0, {10, 100, 1000, 10000}), a.toStdString());
    ResultIO::writeCsv(syntheticRun("Laptop CPU", 2.0, {10, 1000}), b.toStdString());

    const Result r = runCli({"report", a, b});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QVERIFY2(r.err.isEmpty(), qPrintable(describe(r)));
    for (const QString &m :
         {"== " + a + " ==", "== " + b + " ==", QString("CPU: Lab CPU"), QString("CPU: Laptop CPU"),
          QString("Crossovers"), QString("GPU faster above n"), QString("Ceilings:"),
          QString("cpu.dram.bandwidth"), QString("Series"), QString("CPU 1 thread"), QString("GPU launch"),
          QString("10-10000"), QString("10-1000"), QString("GB/s")})
        QVERIFY2(r.out.contains(m), qPrintable("stdout does not mention \"" + m + "\"\n" + describe(r)));
    // Files in the order given.
    QVERIFY(r.out.indexOf("Lab CPU") < r.out.indexOf("Laptop CPU"));
}

void TestCli::comparePrintsEachPoint()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString a = dir.filePath("a.json"), b = dir.filePath("b.csv");
    // B's CPU is 20 % slower; its GPU the same. They share n = 100 and 1000 only.
    ResultIO::writeJson(syntheticRun("A CPU", 1.0, {10, 100, 1000}), a.toStdString());
    ResultIO::writeCsv(syntheticRun("B CPU", 1.2, {100, 1000, 4000}), b.toStdString());

    Result r = runCli({"compare", a, b});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QVERIFY2(r.err.isEmpty(), qPrintable(describe(r)));
    const QStringList lines = r.out.split('\n');
    auto line = [&](const QString &series, int n) {
        for (const QString &l : lines)
            if (l.contains(series) && l.contains(QRegularExpression(QString("\\s%1\\s").arg(n))))
                return l;
        return QString();
    };
    QVERIFY2(line("CPU 1 thread", 100).contains("1.200") && line("CPU 1 thread", 100).contains("slower"),
             qPrintable(describe(r)));
    QVERIFY2(line("CPU 1 thread", 1000).contains("slower"), qPrintable(describe(r)));
    QVERIFY2(line("GPU launch", 100).contains("1.000") &&
                 line("GPU launch", 100).contains("same within noise"),
             qPrintable(describe(r)));
    QVERIFY2(line("CPU 1 thread", 10).isEmpty() && line("CPU 1 thread", 4000).isEmpty(),
             qPrintable(describe(r)));
    QVERIFY2(r.out.contains("4 points in common: B is faster at 0, slower at 2, the same within noise at 2"),
             qPrintable(describe(r)));

    // The other way round, B's CPU is the faster one.
    r = runCli({"compare", b, a});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QVERIFY2(r.out.contains("B is faster at 2, slower at 0, the same within noise at 2"),
             qPrintable(describe(r)));
}

void TestCli::reportAndCompareErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("mentions"); ///< in the one-line stderr message

    QTest::newRow("compare, one file") << QStringList{"compare", "@DIR@/a.json"} << 2 << "exactly two files";
    QTest::newRow("compare, three files")
        << QStringList{"compare", "@DIR@/a.json", "@DIR@/a.json", "@DIR@/a.json"} << 2 << "exactly two files";
    QTest::newRow("compare, no file") << QStringList{"compare"} << 2 << "exactly two files";
    QTest::newRow("report, no file") << QStringList{"report"} << 2 << "files";
    QTest::newRow("report, unknown option")
        << QStringList{"report", "--bogus", "@DIR@/a.json"} << 2 << "--bogus";
    QTest::newRow("report, malformed file")
        << QStringList{"report", "@DIR@/a.json", "@DIR@/bad.csv"} << 1 << "@DIR@/bad.csv";
    QTest::newRow("compare, malformed B")
        << QStringList{"compare", "@DIR@/a.json", "@DIR@/bad.csv"} << 1 << "@DIR@/bad.csv";
    QTest::newRow("compare, malformed JSON A")
        << QStringList{"compare", "@DIR@/bad.json", "@DIR@/a.json"} << 1 << "@DIR@/bad.json";
    QTest::newRow("report, missing file")
        << QStringList{"report", "@DIR@/missing.json"} << 1 << "@DIR@/missing.json";
    QTest::newRow("compare, nothing in common")
        << QStringList{"compare", "@DIR@/a.json", "@DIR@/other.json"} << 1 << "nothing to compare";
}

void TestCli::reportAndCompareErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ResultIO::writeJson(syntheticRun("A CPU", 1.0, {10, 100}), dir.filePath("a.json").toStdString());
    ResultIO::writeJson(syntheticRun("Other CPU", 1.0, {20, 200}), dir.filePath("other.json").toStdString());
    QVERIFY(writeRaw(dir.filePath("bad.csv"), "n,median_s\nnot,a result file\n"));
    QVERIFY(writeRaw(dir.filePath("bad.json"), "{\"rows\": [1, 2"));

    const Result r = runCli(expand(args, dir.path()));
    QVERIFY2(r.exitCode == exitCode, qPrintable(describe(r)));
    const QString err = r.err.trimmed();
    QVERIFY2(!err.isEmpty() && !err.contains('\n'), qPrintable("not one line on stderr\n" + describe(r)));
    QVERIFY2(err.contains(QString(mentions).replace("@DIR@", dir.path())),
             qPrintable("stderr does not mention \"" + mentions + "\"\n" + describe(r)));
    // Every file is loaded before anything is printed: no half report.
    QVERIFY2(r.out.isEmpty(), qPrintable(describe(r)));
}

void TestCli::mergeJoinsRuns()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString a = dir.filePath("lab.json"), b = dir.filePath("laptop.csv"),
                  runs = dir.filePath("two.json");
    const ResultSet lab = syntheticRun("Lab CPU", 1.0, {10, 100}),
                    laptop = syntheticRun("Laptop CPU", 2.0, {10});
    ResultIO::writeJson(lab, a.toStdString());
    ResultIO::writeCsv(laptop, b.toStdString());
    // A runs file whose first label is the lab file's default label: the merged one is made unique.
    RunRecord x, y;
    x.label = RunSet::defaultLabel(lab);
    x.results = syntheticRun("Old CPU", 3.0, {10});
    x.visible = false;
    y.label = "torch";
    y.results = lab;
    y.reference = true;
    y.source = "elsewhere/torch.csv";
    RunSet::write({x, y}, runs.toStdString());

    const QString all = dir.filePath("all.json");
    const Result r = runCli({"merge", a, b, runs, "-o", all});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QVERIFY2(r.out.contains("wrote " + all + ": 4 runs from 3 files"), qPrintable(describe(r)));
    const std::vector<RunRecord> merged = RunSet::load(all.toStdString());
    QCOMPARE(merged.size(), std::size_t(4));
    QCOMPARE(merged[0].label, RunSet::defaultLabel(lab));
    QCOMPARE(merged[0].source, a.toStdString());
    QVERIFY(merged[0].results == lab);
    QCOMPARE(merged[1].label, RunSet::defaultLabel(laptop));
    QVERIFY(merged[1].results == laptop);
    QCOMPARE(merged[2].label, RunSet::defaultLabel(lab) + " (2)");
    QVERIFY(!merged[2].visible);
    QCOMPARE(merged[3].label, std::string("torch"));
    QVERIFY(merged[3].reference);
    QCOMPARE(merged[3].source, std::string("elsewhere/torch.csv"));
    for (const auto &run : merged)
        QVERIFY2(r.out.contains(QString::fromStdString(run.label)), qPrintable(describe(r)));

    // A merged file merges again (into itself: every input is read before the output is written).
    const Result again = runCli({"merge", all, a, "--output", all});
    QVERIFY2(again.exitCode == 0, qPrintable(describe(again)));
    QCOMPARE(RunSet::load(all.toStdString()).size(), std::size_t(5));
}

void TestCli::mergeErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("mentions"); ///< in the one-line stderr message

    QTest::newRow("no -o") << QStringList{"merge", "@DIR@/a.json"} << 2 << "--output is required";
    QTest::newRow("no inputs") << QStringList{"merge", "-o", "@DIR@/out.json"} << 2 << "files is required";
    QTest::newRow("-o without a value") << QStringList{"merge", "@DIR@/a.json", "-o"} << 2 << "-o";
    QTest::newRow("empty -o") << QStringList{"merge", "@DIR@/a.json", "-o", ""} << 2 << "needs a file name";
    QTest::newRow("-o in a missing folder")
        << QStringList{"merge", "@DIR@/a.json", "-o", "@DIR@/missing/out.json"} << 2 << "does not exist";
    QTest::newRow("unknown option") << QStringList{"merge", "@DIR@/a.json", "-o", "@DIR@/out.json", "--bogus"}
                                    << 2 << "--bogus";
    QTest::newRow("malformed CSV input")
        << QStringList{"merge", "@DIR@/a.json", "@DIR@/bad.csv", "-o", "@DIR@/out.json"} << 1
        << "@DIR@/bad.csv, line 1";
    QTest::newRow("bad row in a runs file")
        << QStringList{"merge", "@DIR@/a.json", "@DIR@/badruns.json", "-o", "@DIR@/out.json"} << 1
        << "@DIR@/badruns.json, runs[1] (\"second\"), results.rows[0]: median_s must be";
    QTest::newRow("newer runs file") << QStringList{"merge", "@DIR@/newer.json", "-o", "@DIR@/out.json"} << 1
                                     << "written by a newer SpeedupLab";
    QTest::newRow("missing input") << QStringList{"merge", "@DIR@/a.json", "@DIR@/missing.json", "-o",
                                                  "@DIR@/out.json"}
                                   << 1 << "@DIR@/missing.json";
}

void TestCli::mergeErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const ResultSet a = syntheticRun("A CPU", 1.0, {10, 100});
    ResultIO::writeJson(a, dir.filePath("a.json").toStdString());
    QVERIFY(writeRaw(dir.filePath("bad.csv"), "n,median_s\nnot,a result file\n"));
    RunRecord first, second;
    first.label = "first";
    first.results = a;
    second.label = "second";
    second.results = a;
    second.results.rows[0].stats.median = -1;
    // RunSet::toJson writes what it is given; the reader refuses the negative median.
    QVERIFY(
        writeRaw(dir.filePath("badruns.json"), QByteArray::fromStdString(RunSet::toJson({first, second}))));
    QVERIFY(writeRaw(dir.filePath("newer.json"), "{\"format\": \"speeduplab-runs\", \"format_version\": 2, "
                                                 "\"runs\": [{\"label\": 1}]}"));
    const QStringList before = entries(dir.path());

    const Result r = runCli(expand(args, dir.path()));
    QVERIFY2(r.exitCode == exitCode, qPrintable(describe(r)));
    const QString err = r.err.trimmed();
    QVERIFY2(!err.isEmpty() && !err.contains('\n'), qPrintable("not one line on stderr\n" + describe(r)));
    QVERIFY2(err.contains(QString(mentions).replace("@DIR@", dir.path())),
             qPrintable("stderr does not mention \"" + mentions + "\"\n" + describe(r)));
    QVERIFY2(r.out.isEmpty(), qPrintable(describe(r)));
    QCOMPARE(entries(dir.path()), before); // nothing written
}

void TestCli::reportPrintsEachRunOfARunsFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString runs = dir.filePath("all.json"), single = dir.filePath("one.csv");
    RunRecord lab, laptop;
    lab.label = "Lab";
    lab.results = syntheticRun("Lab CPU", 1.0, {10, 100, 1000, 10000});
    laptop.label = "Laptop";
    laptop.results = syntheticRun("Laptop CPU", 2.0, {10, 1000});
    RunSet::write({lab, laptop}, runs.toStdString());
    ResultIO::writeCsv(syntheticRun("Single CPU", 1.0, {10}), single.toStdString());

    const Result r = runCli({"report", runs, single});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QVERIFY2(r.err.isEmpty(), qPrintable(describe(r)));
    for (const QString &m : {"== Lab (" + runs + ") ==", "== Laptop (" + runs + ") ==",
                             "== " + single + " ==", QString("CPU: Lab CPU"), QString("CPU: Laptop CPU"),
                             QString("CPU: Single CPU"), QString("10-10000"), QString("10-1000")})
        QVERIFY2(r.out.contains(m), qPrintable("stdout does not mention \"" + m + "\"\n" + describe(r)));
    QVERIFY(r.out.indexOf("Lab CPU") < r.out.indexOf("Laptop CPU"));
    QVERIFY(r.out.indexOf("Laptop CPU") < r.out.indexOf("Single CPU"));
}

void TestCli::compareSelectsRuns_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("mentions"); ///< on stdout when exitCode is 0, else in the one-line stderr

    QTest::newRow("a run of a runs file against a file")
        << QStringList{"compare", "@DIR@/all.json", "@DIR@/b.csv", "--run-a", "Lab"} << 0
        << "A: @DIR@/all.json, run \"Lab\"\nB: @DIR@/b.csv\n";
    QTest::newRow("two runs of one runs file")
        << QStringList{"compare", "@DIR@/all.json", "--run-a", "Lab", "--run-b", "Lab slow"} << 0
        << "B is faster at 0, slower at 2, the same within noise at 2";
    // A single file's run is labelled by its machine and time (the word "CPU" left out).
    QTest::newRow("--run-b on a single file that is that run")
        << QStringList{"compare",  "@DIR@/all.json", "@DIR@/b.csv",         "--run-a",
                       "Lab slow", "--run-b",        "B \u00b7 1 Jan 00:00"}
        << 0 << "6 points in common: B is faster at 0, slower at 0";
    QTest::newRow("several runs, none picked") << QStringList{"compare", "@DIR@/all.json", "@DIR@/b.csv"} << 2
                                               << "@DIR@/all.json holds 3 runs: pick one with --run-a LABEL, "
                                                  "one of \"Lab\", \"Lab slow\", \"Other\"";
    QTest::newRow("several runs in B, none picked")
        << QStringList{"compare", "@DIR@/b.csv", "@DIR@/all.json"} << 2 << "pick one with --run-b LABEL";
    QTest::newRow("unknown label")
        << QStringList{"compare", "@DIR@/all.json", "@DIR@/b.csv", "--run-a", "Lab fast"} << 2
        << "@DIR@/all.json has no run labelled \"Lab fast\"; its runs are \"Lab\", \"Lab slow\", \"Other\"";
    QTest::newRow("one file without both runs")
        << QStringList{"compare", "@DIR@/all.json", "--run-a", "Lab"} << 2 << "exactly two files";
    QTest::newRow("no point in common")
        << QStringList{"compare", "@DIR@/all.json", "--run-a", "Lab", "--run-b", "Other"} << 1
        << "@DIR@/all.json, run \"Lab\" and @DIR@/all.json, run \"Other\" have no successful point in "
           "common";
    QTest::newRow("empty runs file") << QStringList{"compare", "@DIR@/empty.json", "@DIR@/b.csv"} << 1
                                     << "holds no runs";
}

void TestCli::compareSelectsRuns()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    RunRecord lab, slow, other;
    lab.label = "Lab";
    lab.results = syntheticRun("A CPU", 1.0, {10, 100, 1000});
    slow.label = "Lab slow";
    slow.results = syntheticRun("A CPU", 1.2, {100, 1000, 4000});
    other.label = "Other";
    other.results = syntheticRun("Other CPU", 1.0, {20, 200});
    RunSet::write({lab, slow, other}, dir.filePath("all.json").toStdString());
    RunSet::write({}, dir.filePath("empty.json").toStdString());
    ResultIO::writeCsv(syntheticRun("B CPU", 1.2, {100, 1000, 4000}), dir.filePath("b.csv").toStdString());

    const Result r = runCli(expand(args, dir.path()));
    QVERIFY2(r.exitCode == exitCode, qPrintable(describe(r)));
    const QString want = QString(mentions).replace("@DIR@", dir.path());
    if (exitCode == 0) {
        QVERIFY2(r.err.isEmpty() && r.out.contains(want), qPrintable(describe(r)));
        return;
    }
    const QString err = r.err.trimmed();
    QVERIFY2(!err.isEmpty() && !err.contains('\n'), qPrintable("not one line on stderr\n" + describe(r)));
    QVERIFY2(err.contains(want), qPrintable("stderr does not mention \"" + want + "\"\n" + describe(r)));
    QVERIFY2(r.out.isEmpty(), qPrintable(describe(r)));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
