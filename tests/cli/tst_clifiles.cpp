// SPDX-License-Identifier: MIT
// speeduplab-cli end to end, on saved files: report, compare and merge, the built binary run
// with QProcess on result and runs files written here. Each prints what it read, or exits 1 or 2
// with one line on stderr and prints nothing else.

#include "clitest.h"

#include "core/machine/machineinfo.h"
#include "core/results/resultio.h"
#include "core/results/runset.h"
#include "core/version.h"

#include <QtTest>

#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <csignal>

#include <unistd.h>

using namespace speeduplab;
using namespace speeduplab::clitest;

class TestCliFiles : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
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
    void fieldsAreEscaped_data();
    void fieldsAreEscaped();
    void backslashesAreToldApartFromEscapes_data();
    void backslashesAreToldApartFromEscapes();
    void reportSaysWhatIsMissing();
    void reportNamesTheEnergyCrossover();
    void interruptedMergeLeavesNothing_data();
    void interruptedMergeLeavesNothing();
};

void TestCliFiles::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(SPEEDUPLAB_CLI_PATH)).isExecutable(), SPEEDUPLAB_CLI_PATH);
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

void TestCliFiles::reportPrintsEachRun()
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
    // Each series' peak rate names the level its working set sat in, as every view quotes a rate.
    int peaks = 0;
    for (const QString &line : r.out.split('\n'))
        if (line.startsWith("  ") &&
            (line.endsWith("GB/s") || line.contains("B/s in ") || line.contains("FLOP/s"))) {
            ++peaks;
            QVERIFY2(line.contains(QRegularExpression("/s in \\S")), qPrintable(line));
        }
    QVERIFY(peaks >= 4);
}

// A run with energy (the CPU at 50 W, the GPU at 200 W: it must be 4 times faster to spend less,
// which the synthetic curves reach near n = 204): the report says where; one without says nothing.
void TestCliFiles::reportNamesTheEnergyCrossover()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ResultSet run = syntheticRun("Lab CPU", 1.0, {10, 100, 1000, 10000});
    for (Measurement &m : run.rows) {
        const double watts = m.isCpu() ? 50 : 200;
        m.conditions.energy = {watts * m.stats.median * m.stats.reps,
                               m.stats.median * m.stats.reps,
                               watts * m.perIteration(),
                               m.isCpu() ? "RAPL package-0 (package)" : "NVML total energy",
                               {}};
    }
    const QString a = dir.filePath("energy.json"), b = dir.filePath("none.json");
    ResultIO::writeJson(run, a.toStdString());
    ResultIO::writeJson(syntheticRun("Lab CPU", 1.0, {10, 100, 1000, 10000}), b.toStdString());
    const Result r = runCli({"report", a});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QVERIFY2(r.out.contains(
                 "Energy (where the GPU spends less energy than the CPU):\n  add: GPU launch spends less "
                 "energy than the CPU above n \u2248 2"),
             qPrintable(describe(r)));
    const Result none = runCli({"report", b});
    QVERIFY2(!none.out.contains("Energy ("), qPrintable(describe(none)));
}

void TestCliFiles::comparePrintsEachPoint()
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

void TestCliFiles::reportAndCompareErrors_data()
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

void TestCliFiles::reportAndCompareErrors()
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

void TestCliFiles::mergeJoinsRuns()
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

    // A merged file merges again (into a new file: merge never replaces one of its inputs).
    const QString again = dir.filePath("again.json");
    const Result r2 = runCli({"merge", all, a, "--output", again});
    QVERIFY2(r2.exitCode == 0, qPrintable(describe(r2)));
    QCOMPARE(RunSet::load(again.toStdString()).size(), std::size_t(5));
}

void TestCliFiles::mergeErrors_data()
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
    // The output is one of the inputs, however it is named: it would be replaced.
    const char *notAnInput = "an output never replaces a file the command reads";
    QTest::newRow("-o is an input") << QStringList{"merge", "@DIR@/a.json", "-o", "@DIR@/a.json"} << 2
                                    << notAnInput;
    QTest::newRow("-o is the second input")
        << QStringList{"merge", "@DIR@/a.json", "@DIR@/b.json", "-o", "@DIR@/b.json"} << 2 << notAnInput;
    QTest::newRow("-o is an input, with ./")
        << QStringList{"merge", "@DIR@/a.json", "-o", "@DIR@/./a.json"} << 2 << notAnInput;
    QTest::newRow("-o is an input, with ../")
        << QStringList{"merge", "@DIR@/a.json", "-o", "@DIR@/sub/../a.json"} << 2 << notAnInput;
    QTest::newRow("-o is a symlink to an input")
        << QStringList{"merge", "@DIR@/a.json", "-o", "@DIR@/link.json"} << 2 << notAnInput;
    QTest::newRow("-o is a hard link to an input")
        << QStringList{"merge", "@DIR@/a.json", "-o", "@DIR@/hard.json"} << 2 << notAnInput;
    QTest::newRow("-o .csv") << QStringList{"merge", "@DIR@/a.json", "-o", "@DIR@/out.csv"} << 2
                             << "must end in .json";
    QTest::newRow("-o without an extension")
        << QStringList{"merge", "@DIR@/a.json", "-o", "@DIR@/out"} << 2 << "must end in .json";
    QTest::newRow("-o stdout") << QStringList{"merge", "@DIR@/a.json", "-o", "-"} << 2 << "not a stream";
}

void TestCliFiles::mergeErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const ResultSet a = syntheticRun("A CPU", 1.0, {10, 100});
    ResultIO::writeJson(a, dir.filePath("a.json").toStdString());
    ResultIO::writeJson(a, dir.filePath("b.json").toStdString());
    QVERIFY(QDir(dir.path()).mkdir("sub"));
    QVERIFY(QFile::link(dir.filePath("a.json"), dir.filePath("link.json")));
    QCOMPARE(::link(QFile::encodeName(dir.filePath("a.json")).constData(),
                    QFile::encodeName(dir.filePath("hard.json")).constData()),
             0);
    QFile original(dir.filePath("a.json"));
    QVERIFY(original.open(QIODevice::ReadOnly));
    const QByteArray inputBytes = original.readAll();
    original.close();
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
    QVERIFY(original.open(QIODevice::ReadOnly));
    QCOMPARE(original.readAll(), inputBytes); // no input replaced
}

void TestCliFiles::reportPrintsEachRunOfARunsFile()
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

void TestCliFiles::compareSelectsRuns_data()
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

void TestCliFiles::compareSelectsRuns()
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

namespace {

// Sets the window's title and clears the screen, then reverses the text that follows.
const std::string kHostile = "\x1b]0;pwned\x07\x1b[2J\u202e";
const QString kHostileShown = QStringLiteral("\\x1b]0;pwned\\x07\\x1b[2J\\u202e");

} // namespace

void TestCliFiles::fieldsAreEscaped_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("report") << QStringList{"report", "@DIR@/hostile.json"};
    QTest::newRow("report, a runs file") << QStringList{"report", "@DIR@/runs.json"};
    QTest::newRow("compare") << QStringList{"compare", "@DIR@/hostile.json", "@DIR@/hostile.json"};
    QTest::newRow("merge") << QStringList{"merge", "@DIR@/runs.json", "-o", "@DIR@/out.json"};
}

void TestCliFiles::fieldsAreEscaped()
{
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Every machine and series field a terminal is shown holds the control sequences.
    ResultSet r = syntheticRun("CPU " + kHostile, 1.0, {10, 100});
    r.machine.os = "OS " + kHostile;
    r.machine.gpuStatus = "status " + kHostile;
    MachineInfo::Gpu gpu;
    gpu.name = "GPU " + kHostile;
    r.machine.gpus.push_back(gpu);
    for (Measurement &m : r.rows) {
        m.variant = "v" + kHostile;
        m.reason = "why " + kHostile;
    }
    ResultIO::writeJson(r, dir.filePath("hostile.json").toStdString());
    RunRecord run;
    run.label = "label " + kHostile; // labels are cleaned as they are read
    run.results = r;
    run.source = "source " + kHostile;
    RunSet::write({run}, dir.filePath("runs.json").toStdString());

    const Result res = runCli(expand(args, dir.path()));
    QVERIFY2(res.exitCode == 0, qPrintable(describe(res)));
    const QString all = res.out + res.err;
    QVERIFY2(!all.contains(QChar(0x1b)), qPrintable(describe(res)));
    QVERIFY2(!all.contains(QChar(0x202e)), qPrintable(describe(res)));
    QVERIFY2(!all.contains(QChar(0x07)), qPrintable(describe(res)));
    QVERIFY2(all.contains(kHostileShown), qPrintable(describe(res)));
    if (args[0] == "report")
        for (const char *field : {"CPU ", "OS ", "GPU 0: GPU ", "GPU status: status ", "(v"})
            QVERIFY2(all.contains(field + kHostileShown), qPrintable(QString(field) + "\n" + describe(res)));
    if (args[0] == "merge")
        QVERIFY2(all.contains("from source " + kHostileShown), qPrintable(describe(res)));
}

void TestCliFiles::backslashesAreToldApartFromEscapes_data()
{
    fieldsAreEscaped_data();
}

void TestCliFiles::backslashesAreToldApartFromEscapes()
{
    // A name that spells an escape ("\x1b", four characters) must not read as one: a terminal
    // shows its backslash doubled, while a real ESC is the single-backslash escape.
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string spelled = "\\x1b[2J";
    ResultSet r = syntheticRun("CPU " + spelled + " \x1b", 1.0, {10, 100});
    for (Measurement &m : r.rows)
        m.variant = "v" + spelled;
    ResultIO::writeJson(r, dir.filePath("hostile.json").toStdString());
    RunRecord run;
    run.label = "label " + spelled;
    run.results = r;
    run.source = "source " + spelled;
    RunSet::write({run}, dir.filePath("runs.json").toStdString());
    const Result res = runCli(expand(args, dir.path()));
    QVERIFY2(res.exitCode == 0, qPrintable(describe(res)));
    const QString all = res.out + res.err;
    const QString doubled = QStringLiteral("\\\\x1b[2J");
    QVERIFY2(all.contains(doubled), qPrintable(describe(res)));
    QVERIFY2(!all.contains(QRegularExpression(QStringLiteral("[^\\\\]\\\\x1b\\[2J"))),
             qPrintable(describe(res)));
    if (args[0] == "report")
        QVERIFY2(all.contains(QStringLiteral("CPU ") + doubled + QStringLiteral(" \\x1b")),
                 qPrintable(describe(res)));
}

void TestCliFiles::reportSaysWhatIsMissing()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // No GPU and no GPU status recorded.
    ResultSet r = syntheticRun("Lab CPU", 1.0, {10, 100});
    r.machine.gpuStatus.clear();
    const QString path = dir.filePath("nogpu.json");
    ResultIO::writeJson(r, path.toStdString());
    const Result res = runCli({"report", path});
    QVERIFY2(res.exitCode == 0, qPrintable(describe(res)));
    QVERIFY2(res.out.contains("GPU: none recorded\n"), qPrintable(describe(res)));
    QVERIFY2(!res.out.contains("none usable"), qPrintable(describe(res)));
    for (const char *bad : {"inf", "nan", "INF", "NAN"})
        QVERIFY2(!res.out.contains(QRegularExpression(QString("\\b%1\\b").arg(bad))),
                 qPrintable(describe(res)));
    // Numbers whose rate would overflow (bytes 1e308 over 1e-12 s, "inf GB/s" before) are
    // refused at load, naming the field: no report prints a rate that is not finite.
    for (Measurement &m : r.rows) {
        m.bytes = 1e308;
        m.stats.median = m.stats.min = m.stats.max = m.stats.mean = 1e-12;
        m.stats.stddev = m.stats.cv = 0;
    }
    const QString odd = dir.filePath("odd.json");
    ResultIO::writeJson(r, odd.toStdString());
    const Result refused = runCli({"report", odd});
    QVERIFY2(refused.exitCode != 0, qPrintable(describe(refused)));
    QVERIFY2(refused.err.contains("bytes must be at most 1e24"), qPrintable(describe(refused)));
}

void TestCliFiles::interruptedMergeLeavesNothing_data()
{
    QTest::addColumn<QString>("waitFor"); ///< on stdout, before the signal
    QTest::addColumn<int>("delayMs");     ///< then this long
    QTest::addColumn<int>("signal");
    QTest::addColumn<int>("exitCode");
    // Soon after the start, the files are being read (else written): either way nothing is left.
    QTest::newRow("reading, SIGINT") << QString() << 200 << int(SIGINT) << 130;
    QTest::newRow("writing, SIGINT") << QString("writing ") << 0 << int(SIGINT) << 130;
    QTest::newRow("writing, SIGTERM") << QString("writing ") << 0 << int(SIGTERM) << 143;
}

void TestCliFiles::interruptedMergeLeavesNothing()
{
    QFETCH(QString, waitFor);
    QFETCH(int, delayMs);
    QFETCH(int, signal);
    QFETCH(int, exitCode);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // 50,000 rows, given eight times: 400,000 rows take seconds to read and to write.
    std::vector<int> sizes(25000);
    for (std::size_t i = 0; i < sizes.size(); ++i)
        sizes[i] = int(i) + 1;
    const QString big = dir.filePath("big.csv");
    ResultIO::writeCsv(syntheticRun("Lab CPU", 1.0, sizes), big.toStdString());
    const QString out = dir.filePath("all.json");
    QStringList args{"merge"};
    for (int i = 0; i < 8; ++i)
        args << big;
    args << "-o" << out;
    const QStringList before = entries(dir.path());

    const Result r = interruptCli(args, waitFor, signal, delayMs);
    QVERIFY2(r.exitCode == exitCode, qPrintable(describe(r)));
    QVERIFY2(r.err.contains("interrupted"), qPrintable(describe(r)));
    QVERIFY2(!r.out.contains("wrote"), qPrintable(describe(r)));
    QCOMPARE(entries(dir.path()), before); // no output, no temporary file
}

QTEST_GUILESS_MAIN(TestCliFiles)
#include "tst_clifiles.moc"
