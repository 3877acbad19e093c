// SPDX-License-Identifier: MIT
// speeduplab-cli end to end, measuring: the built binary run with QProcess. Success paths exit 0
// and write files that load back; usage errors exit 2 with one line on stderr and create no
// file. The commands on saved files (report, compare, merge) are in tst_clifiles.cpp.

#include "clitest.h"

#include "core/results/resultio.h"
#include "core/version.h"

#include "core/machine/machineinfo.h"

#include <QtTest>

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <csignal>
#include <thread>

#include <sys/stat.h>

using namespace speeduplab;
using namespace speeduplab::clitest;

namespace {

int hardwareThreads()
{
    return int(std::max(1u, std::thread::hardware_concurrency()));
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void succeeds_data();
    void succeeds();
    void runWritesFilesThatLoadBack();
    void againKeepsTheColumns();
    void usageErrors_data();
    void usageErrors();
    void verifyCpuOnly();
    void outputsAreCheckedBeforeTheRun();
    void forceReplacesAReadOnlyFile();
    void csvMetadataFileIsCheckedBeforeTheSweep();
    void reportSaysWhyTheMachineIsUnknown();
    void outputKeepsModeAndLink();
    void dashIsStdout_data();
    void dashIsStdout();
    void interruptedRunKeepsTheOldFile_data();
    void interruptedRunKeepsTheOldFile();
    void interruptedCalibrationKeepsTheOldFile();
    void hostileEnvironment_data();
    void hostileEnvironment();
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
                                               "timing: the sweep took ",
                                               "; every curve spanned the whole range of sizes after "};
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
    // No temporary files left; the CSV's machine in its metadata file.
    QCOMPARE(entries(dir.path()), (QStringList{"out.csv", "out.csv.meta.json", "out.json"}));
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

void TestCli::againKeepsTheColumns()
{
    // A point sent again (its next round, or measured again after a disturbance) is a line that
    // says "again: " inside the series column: n and the times stay under their headings.
    const Result r = runCli({"run", "--sizes", "4", "--threads", "1", "--cpu-only", "--iterations", "10",
                             "--min-time", "0.001", "--rounds", "2", "--energy", "off"});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    const QStringList lines = r.out.split(QLatin1Char('\n'));
    QString header, first, again;
    for (const QString &l : lines) {
        if (l.startsWith(QLatin1String("series ")))
            header = l;
        else if (l.startsWith(QLatin1String("CPU 1 thread")) && first.isEmpty())
            first = l;
        else if (l.startsWith(QLatin1String("again: CPU 1 thread")) && again.isEmpty())
            again = l;
    }
    QVERIFY2(!header.isEmpty() && !first.isEmpty() && !again.isEmpty(), qPrintable(describe(r)));
    // The n column ends where its heading does, on both lines.
    const int nEnd = header.indexOf(QLatin1String(" n ")) + 2;
    QVERIFY2(nEnd > 2, qPrintable(header));
    QCOMPARE(first.mid(nEnd - 2, 2), QStringLiteral(" 4"));
    QCOMPARE(again.mid(nEnd - 2, 2), QStringLiteral(" 4"));
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
    // No point is checked twice (gemm's naive and tiled are variants of both sides).
    QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
    lines.sort();
    for (qsizetype i = 1; i < lines.size(); ++i)
        QVERIFY2(lines[i] != lines[i - 1], qPrintable("checked twice: " + lines[i]));
    QVERIFY2(r.out.contains("PASS  spmv "), qPrintable(describe(r)));
}

namespace {

int modeOf(const QString &path)
{
    struct stat st {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 07777) : -1;
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

// A CSV's metadata file is an output too: checked before the sweep as the CSV is, so that a sweep
// never ends in a CSV without its machine (a read-only metadata file, a name with no room for it).
void TestCli::csvMetadataFileIsCheckedBeforeTheSweep()
{
    QTemporaryDir dir;
    const QString csv = dir.filePath("results.csv"), meta = csv + ".meta.json";
    QVERIFY(writeRaw(meta, "keep me\n"));
    QCOMPARE(::chmod(QFile::encodeName(meta).constData(), 0444), 0);
    Result r = runCli(kTinyRun + QStringList{"--csv", csv});
    QVERIFY2(r.exitCode == 2 && r.err.contains(meta) && r.err.contains("read-only"), qPrintable(describe(r)));
    QVERIFY(!r.out.contains("Crossovers"));
    QVERIFY(!QFileInfo::exists(csv));
    QCOMPARE(readAll(meta), QByteArray("keep me\n"));
    // A name of 230 bytes leaves room (255) for the CSV and its temporary, not for its metadata
    // file's: the metadata file is named, and why.
    const QString longName = dir.filePath(QString(226, QLatin1Char('r')) + ".csv");
    r = runCli(kTinyRun + QStringList{"--csv", longName});
    QVERIFY2(r.exitCode == 2 && !r.out.contains("Crossovers"), qPrintable(describe(r)));
    QVERIFY2(r.err.contains(longName + ".meta.json: its name is too long"), qPrintable(describe(r)));
    QVERIFY(!QFileInfo::exists(longName));
}

// A CSV copied without its metadata file: report says why its machine is unknown, and only then.
void TestCli::reportSaysWhyTheMachineIsUnknown()
{
    QTemporaryDir dir;
    const QString csv = dir.filePath("results.csv");
    Result r = runCli(kTinyRun + QStringList{"--csv", csv});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    r = runCli({"report", csv});
    QVERIFY2(r.exitCode == 0 && !r.out.contains("machine is unknown"), qPrintable(describe(r)));
    QVERIFY(QFile::remove(csv + ".meta.json"));
    r = runCli({"report", csv});
    QVERIFY2(r.exitCode == 0 && r.out.contains("note: the machine is unknown: " + csv +
                                               ".meta.json, the CSV's metadata file, is not beside it"),
             qPrintable(describe(r)));
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
    QCOMPARE(modeOf(csv), 0444);                // replaced, still read-only
    QCOMPARE(modeOf(csv + ".meta.json"), 0444); // and its metadata as it
    QCOMPARE(entries(dir.path()), (QStringList{"ceilings.json", "results.csv", "results.csv.meta.json"}));
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
    QCOMPARE(modeOf(csv + ".meta.json"), 0600); // its machine as private as it
    QCOMPARE(modeOf(target), 0640);
    QCOMPARE(entries(dir.filePath("data")), QStringList{"real.json"});
    QCOMPARE(entries(dir.path()),
             (QStringList{"data", "latest.json", "private.csv", "private.csv.meta.json"}));
}

void TestCli::dashIsStdout_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("starts"); ///< how the text on stdout begins
    QTest::newRow("--csv -") << "--csv"
                             << "workload,backend,";
    QTest::newRow("--json -") << "--json"
                              << "{";
}

void TestCli::dashIsStdout()
{
    QFETCH(QString, option);
    QFETCH(QString, starts);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QProcess p;
    p.setProgram(QStringLiteral(SPEEDUPLAB_CLI_PATH));
    p.setArguments(kTinyRun + QStringList{option, "-"});
    p.setWorkingDirectory(dir.path());
    p.start();
    QVERIFY(p.waitForFinished(60000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(p.exitCode() == 0, qPrintable(err));
    // Only the results are on stdout, so that they can be piped; the table goes to stderr.
    QVERIFY2(out.startsWith(starts), qPrintable(out.left(400)));
    QVERIFY2(err.contains("per iter"), qPrintable(err));
    QVERIFY2(!out.contains("per iter"), qPrintable(out.left(400)));
    QCOMPARE(entries(dir.path()), QStringList()); // no file named "-"

    const Result both = runCli(kTinyRun + QStringList{"--csv", "-", "--json", "-"});
    QVERIFY2(both.exitCode == 2 && both.err.contains("only one output may be stdout"),
             qPrintable(describe(both)));
}

void TestCli::interruptedRunKeepsTheOldFile_data()
{
    QTest::addColumn<int>("signal");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("SIGINT") << int(SIGINT) << 130;
    QTest::newRow("SIGTERM") << int(SIGTERM) << 143;
}

void TestCli::interruptedRunKeepsTheOldFile()
{
    QFETCH(int, signal);
    QFETCH(int, exitCode);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString json = dir.filePath("results.json"), csv = dir.filePath("results.csv");
    // A complete result of an earlier run, and a file that has the partial name already (the
    // user's, not ours): neither may be replaced.
    ResultSet old;
    old.machine.cpuModel = "the earlier run";
    Measurement m;
    m.workload = "add";
    m.backend = "cpu";
    m.threads = 1;
    m.n = 4;
    m.iterations = 1;
    m.stats.reps = 1;
    m.stats.median = m.stats.min = m.stats.max = m.stats.mean = 1e-6;
    old.add(m);
    ResultIO::writeJson(old, json.toStdString());
    const QByteArray oldBytes = readAll(json);
    QVERIFY(writeRaw(dir.filePath("results.partial.json"), "not ours to replace\n"));

    // Eight sizes of at least half a second each: the signal comes after the first row.
    const Result r =
        interruptCli({"run", "--workload", "add", "--sizes", "4,8,16,32,64,128,256,512", "--threads", "1",
                      "--min-time", "0.5", "--cpu-only", "--json", json, "--csv", csv},
                     "CPU 1 thread", signal);
    QVERIFY2(r.exitCode == exitCode, qPrintable(describe(r)));
    QCOMPARE(readAll(json), oldBytes);
    QCOMPARE(readAll(dir.filePath("results.partial.json")), QByteArray("not ours to replace\n"));
    QVERIFY2(!QFileInfo::exists(csv), qPrintable(describe(r))); // no complete CSV was made either
    QVERIFY2(!r.out.contains("wrote"), qPrintable(describe(r)));
    QVERIFY2(r.err.contains(json + " is kept as it was"), qPrintable(describe(r)));

    // What was measured is kept beside, under names that say so.
    const QString partialJson = dir.filePath("results.partial-2.json"),
                  partialCsv = dir.filePath("results.partial.csv");
    QVERIFY2(r.err.contains(partialJson) && r.err.contains(partialCsv), qPrintable(describe(r)));
    const ResultSet partial = ResultIO::load(partialJson.toStdString());
    QVERIFY(partial.size() >= 1);
    QVERIFY(partial.size() < 8);
    QCOMPARE(ResultIO::load(partialCsv.toStdString()).size(), partial.size());
    QCOMPARE(entries(dir.path()),
             (QStringList{"results.json", "results.partial-2.json", "results.partial.csv",
                          "results.partial.csv.meta.json", "results.partial.json"})); // no temporary left
}

void TestCli::interruptedCalibrationKeepsTheOldFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString json = dir.filePath("ceilings.json");
    ResultSet old;
    old.machine.cpuModel = "the earlier calibration";
    old.machine.ceilings["cpu_dram_bytes_per_s"] = 20e9;
    ResultIO::writeJson(old, json.toStdString());
    const QByteArray oldBytes = readAll(json);

    const Result r = interruptCli({"calibrate", "--cpu-only", "--json", json}, "Calibrating the CPU", SIGINT);
    QVERIFY2(r.exitCode == 130, qPrintable(describe(r)));
    QCOMPARE(readAll(json), oldBytes);
    QVERIFY2(!r.out.contains("wrote"), qPrintable(describe(r)));
    QVERIFY2(r.err.contains(json + " is kept as it was"), qPrintable(describe(r)));
    // Whatever was measured before the stop, if anything, is beside it; nothing else.
    for (const QString &name : entries(dir.path()))
        QVERIFY2(name == "ceilings.json" || name == "ceilings.partial.json", qPrintable(name));
}

void TestCli::hostileEnvironment_data()
{
    QTest::addColumn<QString>("variable");
    QTest::addColumn<QString>("value"); ///< @FIFO@: a FIFO; @VENDORS@: a folder holding a FIFO x.icd
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::addColumn<bool>("blas"); ///< a BLAS case: skipped in a build without it, said once
    // A FIFO would block dlopen in open(), deaf to SIGINT: it is refused from stat().
    QTest::newRow("SPEEDUPLAB_OPENBLAS is a FIFO")
        << "SPEEDUPLAB_OPENBLAS"
        << "@FIFO@" << QStringList{"devices"} << "is a FIFO (named pipe), not a library file" << true;
    QTest::newRow("OPENBLAS_CORETYPE unknown")
        << "OPENBLAS_CORETYPE"
        << "garbage" << kTinyRun << "OPENBLAS_CORETYPE=garbage is not a kernel OpenBLAS knows" << true;
    // The OpenCL loader would wait on a FIFO named x.icd, deaf to SIGTERM: refused from stat().
    QTest::newRow("OCL_ICD_VENDORS holds a FIFO")
        << "OCL_ICD_VENDORS"
        << "@VENDORS@" << QStringList{"devices"} << "OpenCL was not loaded" << false;
    // A driver that crashes or hangs as the loader asks it for its platforms, in the child
    // process that lists the devices first: the CLI goes on without OpenCL, and says why.
    QTest::newRow("a driver crashes as it is probed")
        << "OCL_ICD_VENDORS"
        << "@CRASH@" << QStringList{"devices"} << "a driver crashed while its devices were listed" << false;
    QTest::newRow("a driver hangs as it is probed")
        << "OCL_ICD_VENDORS"
        << "@HANG@" << QStringList{"devices"} << "did not finish in 10 s" << false;
    QTest::newRow("OCL_ICD_FILENAMES is a FIFO")
        << "OCL_ICD_FILENAMES"
        << "@FIFO@" << QStringList{"devices"} << "OpenCL was not loaded" << false;
    // hwloc would block on a FIFO and read /dev/zero without end: read through ReadFile first.
    QTest::newRow("HWLOC_XMLFILE is a FIFO")
        << "HWLOC_XMLFILE"
        << "@FIFO@" << QStringList{"devices"} << "not a regular file" << false;
    QTest::newRow("HWLOC_XMLFILE is /dev/zero")
        << "HWLOC_XMLFILE"
        << "/dev/zero" << QStringList{"devices"} << "a character device, not a regular file" << false;
    // hwloc 2.9 (and PoCL's hwloc, as the OpenCL driver loads) crashes on Core and PU objects
    // without complete_cpuset: refused before hwloc sees it, and set aside for the drivers too.
    QTest::newRow("HWLOC_XMLFILE crashes hwloc")
        << "HWLOC_XMLFILE"
        << "@BADXML@" << QStringList{"devices"} << "is refused" << false;
}

void TestCli::hostileEnvironment()
{
    QFETCH(QString, variable);
    QFETCH(QString, value);
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    QFETCH(bool, blas);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fifo = dir.filePath("libopenblas.so.0");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString vendors = dir.filePath("vendors");
    QVERIFY(QDir().mkpath(vendors));
    QCOMPARE(::mkfifo(QFile::encodeName(vendors + "/x.icd").constData(), 0600), 0);
    // A folder of one .icd that names a stand-in driver (standinicd.cpp).
    const auto driver = [&](const QString &name, const char *library) {
        const QString folder = dir.filePath(name);
        QDir().mkpath(folder);
        QFile icd(folder + "/standin.icd");
        if (!icd.open(QIODevice::WriteOnly) || icd.write(QByteArray(library) + "\n") < 0)
            return QString();
        return folder;
    };
    const QString crash = driver("crash", SPEEDUPLAB_ICD_CRASH), hang = driver("hang", SPEEDUPLAB_ICD_HANG);
    const QString badXml = dir.filePath("crash.xml");
    {
        QFile xml(badXml);
        QVERIFY(xml.open(QIODevice::WriteOnly));
        xml.write("<?xml version=\"1.0\"?>\n<topology version=\"2.0\">\n"
                  "<object type=\"Machine\" os_index=\"0\" cpuset=\"0x1\" complete_cpuset=\"0x1\" "
                  "allowed_cpuset=\"0x1\" nodeset=\"0x1\" complete_nodeset=\"0x1\" allowed_nodeset=\"0x1\">\n"
                  "<object type=\"Core\" os_index=\"0\" cpuset=\"0x1\">\n"
                  "<object type=\"PU\" os_index=\"0\" cpuset=\"0x1\"/>\n</object>\n</object>\n</topology>\n");
    }
    QVERIFY(!crash.isEmpty() && !hang.isEmpty());
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(variable, QString(value)
                             .replace("@FIFO@", fifo)
                             .replace("@VENDORS@", vendors)
                             .replace("@CRASH@", crash)
                             .replace("@HANG@", hang)
                             .replace("@BADXML@", badXml));
    p.setProcessEnvironment(env);
    p.setProgram(QStringLiteral(SPEEDUPLAB_CLI_PATH));
    p.setArguments(args);
    p.start();
    QVERIFY(p.waitForStarted(10000));
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(5000);
        QFAIL("still running after a minute (blocked opening the FIFO?)");
    }
    const QString all = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
    if (blas && all.contains("built without BLAS"))
        QSKIP("built without BLAS (SPEEDUPLAB_BLAS=OFF): OpenBLAS is never opened");
    if (variable.startsWith("HWLOC") && all.contains("built without hwloc"))
        QSKIP("built without hwloc: HWLOC_XMLFILE is not read");
    QVERIFY2(p.exitCode() == 0, qPrintable(all));
    QVERIFY2(all.contains(mentions), qPrintable(all));
    // A topology the program refuses is refused for the OpenCL driver too: OpenCL still loads.
    if (variable.startsWith("HWLOC"))
        QVERIFY2(!all.contains("OpenCL was not loaded") && !all.contains("crashed"), qPrintable(all));
    if (blas)
        QCOMPARE(all.count(mentions), 1); // said once
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
