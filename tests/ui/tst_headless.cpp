// SPDX-License-Identifier: MIT
// The built app in --headless mode, run as a separate process: a tiny CPU sweep writes all of
// its outputs; --open renders a recorded run; bad usage exits with 2 and writes nothing.
#include "fixtures.h"
#include "ui/commandline.h"
#include "ui/examples.h"

#include "core/io/terminaltext.h"
#include "core/machine/machineinfo.h"
#include "core/measure/calibration.h"
#include "core/results/resultio.h"
#include "core/results/runset.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QSettings>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

using namespace speeduplab;

class TestHeadless : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sweepWritesEveryOutput_data();
    void sweepWritesEveryOutput();
    void calibrateStoresAndDrawsCeilings();
    void explainPrintsTheExplainText();
    void openRendersARecordedRun_data();
    void openRendersARecordedRun();
    void exampleRendersWithoutASweep();
    void besideExampleMeetsTheRecordedGpu();
    void overlayDrawsAReferenceRun();
    void severalFilesOpenInTheWindow();
    void badUsage_data();
    void badUsage();
    void outputRules();
    void interruptedSweepKeepsTheOldFiles();
    void printedFieldsAreEscaped();
    void screenshotFollowsTheOutputRules();
    void namesFromArgumentsAreEscaped();

private:
    int run(const QStringList &args, QByteArray *out = nullptr, QByteArray *err = nullptr);
    QTemporaryDir m_dir;
};

void TestHeadless::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

int TestHeadless::run(const QStringList &args, QByteArray *out, QByteArray *err)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_QPA_PLATFORM")); // --headless must pick offscreen by itself
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SPEEDUPLAB_APP), args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return -1;
    }
    if (out)
        *out = p.readAllStandardOutput();
    if (err)
        *err = p.readAllStandardError();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

void TestHeadless::sweepWritesEveryOutput_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QSize>("size");
    QTest::newRow("default size") << QStringList() << QSize(1920, 1080);
    QTest::newRow("800x450, speedup chart")
        << QStringList{QStringLiteral("--size"), QStringLiteral("800x450"), QStringLiteral("--chart"),
                       QStringLiteral("speedup")}
        << QSize(800, 450);
}

void TestHeadless::sweepWritesEveryOutput()
{
    QFETCH(QStringList, extra);
    QFETCH(QSize, size);
    const QString tag = QString::fromLatin1(QTest::currentDataTag()).left(7);
    const QString png = m_dir.filePath(tag + QStringLiteral(".png")),
                  svg = m_dir.filePath(tag + QStringLiteral(".svg"));
    const QString csv = m_dir.filePath(tag + QStringLiteral(".csv")),
                  json = m_dir.filePath(tag + QStringLiteral(".json"));
    const QString report = m_dir.filePath(tag + QStringLiteral(".html"));
    QByteArray out, err;
    const int rc = run(QStringList{QStringLiteral("--headless"),   QStringLiteral("--cpu-only"),
                                   QStringLiteral("--workload"),   QStringLiteral("add"),
                                   QStringLiteral("--sizes"),      QStringLiteral("4,16,64"),
                                   QStringLiteral("--threads"),    QStringLiteral("1"),
                                   QStringLiteral("--iterations"), QStringLiteral("10"),
                                   QStringLiteral("--min-time"),   QStringLiteral("0"),
                                   QStringLiteral("--png"),        png,
                                   QStringLiteral("--svg"),        svg,
                                   QStringLiteral("--csv"),        csv,
                                   QStringLiteral("--json"),       json,
                                   QStringLiteral("--report"),     report} +
                           extra,
                       &out, &err);
    QVERIFY2(rc == 0, (out + err).constData());
    // The end note: the first pass (4 and 64) drew every curve before the sweep ended.
    QVERIFY2(out.contains("Timing: the sweep took ") &&
                 out.contains("; every curve spanned the whole range of sizes after "),
             out.constData());
    const QImage image(png);
    QCOMPARE(image.size(), size);
    QVERIFY(QSvgRenderer(svg).isValid());
    const ResultSet fromCsv = ResultIO::load(csv.toStdString());
    ResultSet fromJson = ResultIO::load(json.toStdString());
    // The report after a sweep embeds the run, as --json wrote it.
    const std::vector<RunRecord> reported = RunSet::load(report.toStdString());
    QCOMPARE(reported.size(), std::size_t(1));
    QVERIFY(reported.front().results == fromJson);
    // Both hold the same summaries; JSON also keeps each point's repetition times.
    for (Measurement &m : fromJson.rows) {
        QCOMPARE(m.stats.samples.size(), std::size_t(m.stats.reps));
        m.stats.samples.clear();
    }
    QCOMPARE(fromCsv.size(), std::size_t(3));
    QVERIFY(fromCsv == fromJson);
    for (const auto &m : fromCsv.rows)
        QVERIFY(m.ok());
}

void TestHeadless::calibrateStoresAndDrawsCeilings()
{
    const QString png = m_dir.filePath(QStringLiteral("calibrated.png")),
                  json = m_dir.filePath(QStringLiteral("calibrated.json"));
    QByteArray out, err;
    const int rc =
        run({QStringLiteral("--headless"), QStringLiteral("--calibrate"), QStringLiteral("--cpu-only"),
             QStringLiteral("--workload"), QStringLiteral("add"), QStringLiteral("--sizes"),
             QStringLiteral("16,64"), QStringLiteral("--threads"), QStringLiteral("1"),
             QStringLiteral("--iterations"), QStringLiteral("10"), QStringLiteral("--min-time"),
             QStringLiteral("0"), QStringLiteral("--chart"), QStringLiteral("throughput"),
             QStringLiteral("--png"), png, QStringLiteral("--json"), json},
            &out, &err);
    QVERIFY2(rc == 0, (out + err).constData());
    QVERIFY2(out.contains("ceiling CPU triad"), out.constData());
    const ResultSet r = ResultIO::load(json.toStdString());
    QCOMPARE(r.size(), std::size_t(2));
    QVERIFY(r.machine.ceilings.count(Calibration::cpuTriad));
    QVERIFY(r.machine.ceilings.at(Calibration::cpuTriad) > 1e8);
    QCOMPARE(QImage(png).size(), QSize(1920, 1080));
}

void TestHeadless::openRendersARecordedRun_data()
{
    QTest::addColumn<QString>("chart");
    QTest::newRow("time") << "time";
    QTest::newRow("scaling") << "scaling";
    QTest::newRow("roofline") << "roofline";
}

void TestHeadless::openRendersARecordedRun()
{
    QFETCH(QString, chart);
    const QString recorded = m_dir.filePath(QStringLiteral("gpu-run.json"));
    ResultIO::writeJson(fixtures::realistic(), recorded.toStdString());
    const QString png = m_dir.filePath(chart + QStringLiteral("-open.png"));
    QByteArray out, err;
    const int rc = run({QStringLiteral("--headless"), QStringLiteral("--open"), recorded,
                        QStringLiteral("--chart"), chart, QStringLiteral("--png"), png},
                       &out, &err);
    QVERIFY2(rc == 0, (out + err).constData());
    QCOMPARE(QImage(png).size(), QSize(1920, 1080));
    QVERIFY2(out.contains("GPU launch vs best CPU: GPU faster above n"), out.constData());
}

// --explain prints the Explain tab's text without a display or an output file: its sections and
// their sentences, the same ExplainChart's, in the app's language; and only with --headless.
void TestHeadless::explainPrintsTheExplainText()
{
    const QString recorded = m_dir.filePath(QStringLiteral("explain-run.json"));
    ResultIO::writeJson(fixtures::realistic(), recorded.toStdString());
    QByteArray out, err;
    int rc =
        run({QStringLiteral("--headless"), QStringLiteral("--open"), recorded, QStringLiteral("--explain")},
            &out, &err);
    QVERIFY2(rc == 0, (out + err).constData());
    QVERIFY2(out.contains("\nWhat each curve's time is made of\n- "), out.constData());
    QVERIFY2(out.contains("\nWhere the GPU overtakes the CPU, by the models\n- GPU launch overtakes the CPU"),
             out.constData());
    QVERIFY(!out.contains("wrote "));
    // A summary: the best CPU against each GPU curve; each thread count's crossovers with --verbose.
    auto lines = [](const QByteArray &text, const QByteArray &part) {
        const QList<QByteArray> all = text.split('\n');
        return int(std::count_if(all.cbegin(), all.cend(),
                                 [&part](const QByteArray &l) { return l.contains(part); }));
    };
    QVERIFY2(lines(out, " vs best CPU: ") > 0, out.constData());
    QVERIFY2(lines(out, " vs CPU ") == 0 && out.contains("--verbose prints them"), out.constData());
    QByteArray verbose;
    rc = run({QStringLiteral("--headless"), QStringLiteral("--open"), recorded, QStringLiteral("--explain"),
              QStringLiteral("--verbose")},
             &verbose, &err);
    QVERIFY2(rc == 0, (verbose + err).constData());
    QCOMPARE(lines(verbose, " vs best CPU: "), lines(out, " vs best CPU: "));
    QVERIFY2(lines(verbose, " vs CPU ") > 0 && !verbose.contains("--verbose prints them"),
             verbose.constData());
    rc = run({QStringLiteral("--open"), recorded, QStringLiteral("--explain")}, &out, &err);
    QVERIFY2(rc != 0 && err.contains("--headless"), err.constData()); // (here: no display, said first)
    QString why;
    QVERIFY(!CommandLine::parse({QStringLiteral("speeduplab"), QStringLiteral("--explain")}, &why));
    QVERIFY2(why.contains(QStringLiteral("give --headless too")), qPrintable(why));
}

void TestHeadless::exampleRendersWithoutASweep()
{
    // --example draws a shipped recording, as the window opens it: no sweep runs (it did, before).
    const QString png = m_dir.filePath(QStringLiteral("example.png"));
    QByteArray out, err;
    int rc = run({QStringLiteral("--headless"), QStringLiteral("--example"),
                  QStringLiteral("original-answer"), QStringLiteral("--png"), png},
                 &out, &err);
    QVERIFY2(rc == 0, (out + err).constData());
    QVERIFY2(out.contains("Opened the example original-answer: 8 measurements"), out.constData());
    QVERIFY2(!out.contains("Sweeping"), out.constData());
    QCOMPARE(QImage(png).size(), QSize(1920, 1080));
    // A name that is no example, or one given with --open, is refused with the names there are.
    rc = run({QStringLiteral("--headless"), QStringLiteral("--example"), QStringLiteral("nope"),
              QStringLiteral("--png"), png},
             &out, &err);
    QCOMPARE(rc, 2);
    QVERIFY2(err.contains("seed-preset") && err.contains("original-answer"), err.constData());
}

// The first command's lesson (issue 59): a sweep that measured no GPU is drawn beside the shipped
// H200 recording's GPU curves, compared across (this CPU against that GPU), and says so; the data
// files stay this sweep's.
void TestHeadless::besideExampleMeetsTheRecordedGpu()
{
    if (MachineInfo::gpuState().usable)
        QSKIP("this machine has a usable GPU: its own GPU is measured, nothing is drawn beside it");
    const QString png = m_dir.filePath(QStringLiteral("beside.png"));
    const QString json = m_dir.filePath(QStringLiteral("beside.json"));
    QByteArray out, err;
    const int rc = run({QStringLiteral("--headless"), QStringLiteral("--workload"), QStringLiteral("add"),
                        QStringLiteral("--sizes"), QStringLiteral("16,256,1024"), QStringLiteral("--threads"),
                        QStringLiteral("1"), QStringLiteral("--iterations"), QStringLiteral("100"),
                        QStringLiteral("--beside-example"), QStringLiteral("--png"), png,
                        QStringLiteral("--json"), json},
                       &out, &err);
    QVERIFY2(rc == 0, (out + err).constData());
    QVERIFY2(out.contains("No GPU was measured here: the chart draws this CPU beside the GPU curves of "
                          "\"example: H200"),
             out.constData());
    QVERIFY2(out.contains(QByteArray("recorded on ") + Examples::machine().toUtf8()), out.constData());
    // The crossovers across the runs: the example's GPU modes against this machine's best CPU.
    QVERIFY2(out.contains("GPU launch vs ") && out.contains(": best CPU: "), out.constData());
    QCOMPARE(QImage(png).size(), QSize(1920, 1080));
    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const ResultSet written = ResultIO::fromJson(f.readAll().toStdString());
    // This sweep only: its three CPU points (and the GPU points it skipped), no row of the example.
    QCOMPARE(
        std::count_if(written.rows.begin(), written.rows.end(), [](const Measurement &m) { return m.ok(); }),
        3);
    for (const Measurement &m : written.rows)
        QVERIFY(m.isCpu() || !m.ok());

    // With a recording to show, or a CPU of its own not swept, the option is refused or says why.
    QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--example"), QStringLiteral("seed-preset"),
                  QStringLiteral("--beside-example"), QStringLiteral("--png"), png},
                 &out, &err),
             2);
    QVERIFY2(err.contains("--beside-example goes with a sweep"), err.constData());
    QString why;
    QVERIFY(!CommandLine::parse({QStringLiteral("speeduplab"), QStringLiteral("--beside-example")}, &why));
    QVERIFY2(why.contains("--beside-example is for --headless"), qPrintable(why));
}

void TestHeadless::overlayDrawsAReferenceRun()
{
    const ResultSet ours = fixtures::realistic();
    const QString recorded = m_dir.filePath(QStringLiteral("ours-overlay.json"));
    const QString torch = m_dir.filePath(QStringLiteral("torch.csv"));
    ResultIO::writeJson(ours, recorded.toStdString());
    ResultIO::writeCsv(fixtures::torchReference(ours, 1.25), torch.toStdString());
    const QString png = m_dir.filePath(QStringLiteral("overlay.png"));
    QByteArray out, err;
    int rc = run({QStringLiteral("--headless"), QStringLiteral("--open"), recorded,
                  QStringLiteral("--overlay"), torch, QStringLiteral("--png"), png},
                 &out, &err);
    QVERIFY2(rc == 0, (out + err).constData());
    QVERIFY(!QImage(png).isNull());
    QVERIFY2(out.contains("Overlaying PyTorch 9.9"), out.constData());
    QVERIFY2(out.contains("GPU launch: our time / PyTorch 9.9's = 0.80"), out.constData()); // 1 / 1.25

    // A reference that cannot be read stops before anything is written.
    const QString never = m_dir.filePath(QStringLiteral("never-overlay.png"));
    rc = run({QStringLiteral("--headless"), QStringLiteral("--open"), recorded, QStringLiteral("--overlay"),
              m_dir.filePath(QStringLiteral("missing.csv")), QStringLiteral("--png"), never},
             &out, &err);
    QCOMPARE(rc, 1);
    QVERIFY2(err.contains("missing.csv"), err.constData());
    QVERIFY(!QFile::exists(never));
}

// The desktop entry passes every file chosen (Exec=speeduplab %F): the window opens them all, each
// a run; headless output draws one file (and --overlay), so several are refused there.
void TestHeadless::severalFilesOpenInTheWindow()
{
    QString why;
    const auto cl = CommandLine::parse({QStringLiteral("speeduplab"), QStringLiteral("a.csv"),
                                        QStringLiteral("b.json"), QStringLiteral("c.html")},
                                       &why);
    QVERIFY2(cl, qPrintable(why));
    QCOMPARE(cl->open, QStringLiteral("a.csv"));
    QCOMPARE(cl->openAlso, (QStringList{QStringLiteral("b.json"), QStringLiteral("c.html")}));
    QVERIFY(!CommandLine::parse({QStringLiteral("speeduplab"), QStringLiteral("--headless"),
                                 QStringLiteral("a.csv"), QStringLiteral("b.csv"), QStringLiteral("--png"),
                                 QStringLiteral("x.png")},
                                &why));
    QVERIFY2(why.contains(QStringLiteral("opens one file")), qPrintable(why));
    QVERIFY(!CommandLine::parse({QStringLiteral("speeduplab"), QStringLiteral("--open"),
                                 QStringLiteral("a.csv"), QStringLiteral("b.csv")},
                                &why));
    QVERIFY2(why.contains(QStringLiteral("not both")), qPrintable(why));
}

void TestHeadless::badUsage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString png = m_dir.filePath(QStringLiteral("never.png"));
    QTest::newRow("no output") << QStringList{QStringLiteral("--headless"), QStringLiteral("--cpu-only")}
                               << "needs an output";
    // Issue 36: --example "" ran the whole default sweep and wrote its chart.
    QTest::newRow("empty example") << QStringList{QStringLiteral("--headless"), QStringLiteral("--example"),
                                                  QString(), QStringLiteral("--png"), png}
                                   << "--example needs a value (NAME)";
    QTest::newRow("empty sizes") << QStringList{QStringLiteral("--headless"), QStringLiteral("--sizes"),
                                                QStringLiteral(" "), QStringLiteral("--png"), png}
                                 << "--sizes needs a value (LIST)";
    QTest::newRow("unknown preset") << QStringList{QStringLiteral("--headless"), QStringLiteral("--preset"),
                                                   QStringLiteral("nope"), QStringLiteral("--png"), png}
                                    << "unknown preset";
    QTest::newRow("bad size") << QStringList{QStringLiteral("--headless"), QStringLiteral("--sizes"),
                                             QStringLiteral("4,x"), QStringLiteral("--png"), png}
                              << "not a whole number";
    // The same checks and words as speeduplab-cli run: both go through Pipeline::plan.
    QTest::newRow("iterations not a number") << QStringList{QStringLiteral("--headless"),
                                                            QStringLiteral("--sizes"),
                                                            QStringLiteral("4"),
                                                            QStringLiteral("--iterations"),
                                                            QStringLiteral("many"),
                                                            QStringLiteral("--png"),
                                                            png}
                                             << "--iterations must be a whole number, not \"many\"";
    QTest::newRow("budget above a week") << QStringList{QStringLiteral("--headless"),
                                                        QStringLiteral("--sizes"),
                                                        QStringLiteral("4"),
                                                        QStringLiteral("--budget"),
                                                        QStringLiteral("700000"),
                                                        QStringLiteral("--png"),
                                                        png}
                                         << "between 0 (no limit) and a week";
    QTest::newRow("gemm without sizes")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--workload"), QStringLiteral("gemm"),
                       QStringLiteral("--png"), png}
        << "no sizes";
    QTest::newRow("unwritable output")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--sizes"), QStringLiteral("4"),
                       QStringLiteral("--png"), QStringLiteral("/nonexistent-folder/x.png")}
        << "nonexistent-folder";
    QTest::newRow("calibrate a recorded run")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--calibrate"),
                       QStringLiteral("--open"),     m_dir.filePath(QStringLiteral("gpu-run.json")),
                       QStringLiteral("--png"),      png}
        << "--calibrate measures this machine";
    const QString sweep = QStringLiteral("--sizes=4 --threads=1 --cpu-only --min-time=0 --iterations=3");
    auto args = [&](const QString &extra) {
        return QStringList{QStringLiteral("--headless")} + sweep.split(QLatin1Char(' ')) +
               extra.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    };
    QTest::newRow("empty PNG path") << QStringList{QStringLiteral("--headless"), QStringLiteral("--png"),
                                                   QString()}
                                    << "--png needs a file name";
    QTest::newRow("empty CSV path") << args(QString()) + QStringList{QStringLiteral("--png"), png,
                                                                     QStringLiteral("--csv"), QString()}
                                    << "--csv needs a file name";
    const QString same = m_dir.filePath(QStringLiteral("never-same.out"));
    QTest::newRow("same path twice") << args(QString()) + QStringList{QStringLiteral("--csv"), same,
                                                                      QStringLiteral("--json"), same}
                                     << "is given as two outputs";
    QTest::newRow("same file, two spellings")
        << args(QString()) + QStringList{QStringLiteral("--png"), png, QStringLiteral("--svg"),
                                         m_dir.path() + QStringLiteral("/./never.png")}
        << "are the same file";
    QTest::newRow("iterations 0") << QStringList{QStringLiteral("--headless"),
                                                 QStringLiteral("--sizes"),
                                                 QStringLiteral("4"),
                                                 QStringLiteral("--iterations"),
                                                 QStringLiteral("0"),
                                                 QStringLiteral("--png"),
                                                 png}
                                  << "--iterations must be at least 1";
    QTest::newRow("budget nan") << QStringList{QStringLiteral("--headless"),
                                               QStringLiteral("--sizes"),
                                               QStringLiteral("4"),
                                               QStringLiteral("--budget"),
                                               QStringLiteral("nan"),
                                               QStringLiteral("--png"),
                                               png}
                                << "\"nan\" is not a number";
    if (const MachineInfo::GpuState gpu = MachineInfo::gpuState(); !gpu.usable)
        QTest::newRow("gpu-only without a GPU")
            << QStringList{QStringLiteral("--headless"), QStringLiteral("--sizes"), QStringLiteral("4"),
                           QStringLiteral("--gpu-only"), QStringLiteral("--png"),   png}
            << "--gpu-only needs a usable GPU, and there is none: " + QString::fromStdString(gpu.reason);
    if (QFileInfo(QStringLiteral("/sys")).isDir()) // no file can be made there, not even by root
        QTest::newRow("folder refuses new files")
            << args(QString()) + QStringList{QStringLiteral("--png"), png, QStringLiteral("--csv"),
                                             QStringLiteral("/sys/speeduplab-never.csv")}
            << "does not allow creating files";
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--headless"),
                                                   QStringLiteral("--frobnicate")}
                                    << "frobnicate";
}

void TestHeadless::badUsage()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QByteArray out, err;
    QCOMPARE(run(args, &out, &err), 2);
    QVERIFY2(err.toLower().contains(message.toLower().toUtf8()), err.constData());
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("never.png"))));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("never-same.out"))));
    QVERIFY(!QFile::exists(QStringLiteral("/sys/speeduplab-never.csv")));
    // Bad usage is found before anything runs.
    QVERIFY2(!out.contains("Sweeping"), out.constData());
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

} // namespace

void TestHeadless::outputRules()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString recorded = dir.filePath(QStringLiteral("recorded.json"));
    ResultIO::writeJson(fixtures::realistic(), recorded.toStdString());
    const QString png = dir.filePath(QStringLiteral("chart.png")),
                  svg = dir.filePath(QStringLiteral("chart.svg"));
    const QString csv = dir.filePath(QStringLiteral("rows.csv")),
                  fifo = dir.filePath(QStringLiteral("pipe.png"));
    QVERIFY(writeRaw(png, "old png"));
    QVERIFY(writeRaw(csv, "old csv"));
    QCOMPARE(::chmod(QFile::encodeName(png).constData(), 0444), 0);
    QCOMPARE(::chmod(QFile::encodeName(csv).constData(), 0600), 0);
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0666), 0);
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("images")));
    QVERIFY(QFile::link(QStringLiteral("images/real.svg"), svg)); // a link to a file not made yet
    const QStringList open{QStringLiteral("--headless"), QStringLiteral("--open"), recorded};
    auto names = [&] {
        return QDir(dir.path())
            .entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot | QDir::System, QDir::Name);
    };
    const QStringList before = names();

    // Issue 36: an output over an input (--open A --png A, --overlay B --csv B, a link to it) is
    // refused before anything runs: it replaced the file it read.
    QByteArray out, err;
    const QByteArray input = [&] {
        QFile f(recorded);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    const QString alias = dir.filePath(QStringLiteral("alias.json"));
    QVERIFY(QFile::link(recorded, alias));
    for (const QStringList &args :
         {open + QStringList{QStringLiteral("--png"), recorded},
          open + QStringList{QStringLiteral("--json"), alias},
          open + QStringList{QStringLiteral("--overlay"), csv, QStringLiteral("--png"), png,
                             QStringLiteral("--force"), QStringLiteral("--csv"), csv}}) {
        QCOMPARE(run(args, &out, &err), 2);
        QVERIFY2(err.contains("an output never replaces a file the command reads"), err.constData());
    }
    QFile again(recorded);
    QVERIFY(again.open(QIODevice::ReadOnly));
    QCOMPARE(again.readAll(), input);
    QVERIFY(QFile::remove(alias));

    // A FIFO and a read-only file are refused before anything is rendered or written.
    QCOMPARE(run(open + QStringList{QStringLiteral("--png"), fifo, QStringLiteral("--csv"), csv}, &out, &err),
             2);
    QVERIFY2(err.contains("it is a FIFO (named pipe), not a regular file"), err.constData());
    QCOMPARE(run(open + QStringList{QStringLiteral("--png"), png, QStringLiteral("--csv"), csv}, &out, &err),
             2);
    QVERIFY2(err.contains("the file is read-only (give --force to replace it)"), err.constData());
    QCOMPARE(readAll(png), QByteArray("old png"));
    QCOMPARE(readAll(csv), QByteArray("old csv"));
    QCOMPARE(names(), before);

    // --force: the read-only PNG is replaced and stays read-only; the CSV keeps 0600; the SVG
    // link stays a link to the file it names.
    const int rc = run(open + QStringList{QStringLiteral("--png"), png, QStringLiteral("--svg"), svg,
                                          QStringLiteral("--csv"), csv, QStringLiteral("--force"),
                                          QStringLiteral("--size"), QStringLiteral("640x360")},
                       &out, &err);
    QVERIFY2(rc == 0, (out + err).constData());
    // As wide as asked; taller where the notes need it (ChartView::figureSize), at most twice.
    QCOMPARE(QImage(png).width(), 640);
    QVERIFY(QImage(png).height() >= 360 && QImage(png).height() <= 720);
    QCOMPARE(modeOf(png), 0444);
    QCOMPARE(ResultIO::load(csv.toStdString()).size(), fixtures::realistic().size());
    QCOMPARE(modeOf(csv), 0600);
    QVERIFY(QFileInfo(svg).isSymLink());
    QVERIFY(QSvgRenderer(dir.filePath(QStringLiteral("images/real.svg"))).isValid());
    // No temporary file left; the CSV's machine beside it, as private as it.
    QStringList after = before;
    after << QFileInfo(csv).fileName() + QStringLiteral(".meta.json");
    after.sort();
    QCOMPARE(names(), after);
    QCOMPARE(modeOf(csv + QStringLiteral(".meta.json")), 0600);
    QCOMPARE(QDir(dir.filePath(QStringLiteral("images")))
                 .entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList{QStringLiteral("real.svg")});
}

// SIGINT during a headless sweep: the complete files of an earlier run stay as they were (a chart
// too), what was measured goes beside them under a name that says so, and the exit status is 130.
void TestHeadless::interruptedSweepKeepsTheOldFiles()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString json = dir.filePath(QStringLiteral("results.json")),
                  png = dir.filePath(QStringLiteral("chart.png"));
    for (const QString &f : {json, png}) {
        QFile file(f);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("the earlier run's\n");
    }
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
    p.setProcessEnvironment(env);
    // Eight sizes of at least half a second each: the signal comes after the first row.
    p.start(QStringLiteral(SPEEDUPLAB_APP),
            {QStringLiteral("--headless"), QStringLiteral("--workload"), QStringLiteral("add"),
             QStringLiteral("--sizes"), QStringLiteral("4,8,16,32,64,128,256,512"),
             QStringLiteral("--threads"), QStringLiteral("1"), QStringLiteral("--min-time"),
             QStringLiteral("0.5"), QStringLiteral("--cpu-only"), QStringLiteral("--json"), json,
             QStringLiteral("--png"), png, QStringLiteral("--force")});
    QVERIFY(p.waitForStarted(10000));
    QByteArray out;
    while (!out.contains("CPU 1 thread, n = ") && p.state() == QProcess::Running && p.waitForReadyRead(60000))
        out += p.readAllStandardOutput();
    QVERIFY2(p.state() == QProcess::Running, out.constData());
    ::kill(pid_t(p.processId()), SIGINT);
    // Issue 36: an impatient second and third Ctrl+C, while it stops and writes what it has, must
    // not kill it half-way (the handler was reset after the sweep).
    // A Ctrl+C every half millisecond until it has exited.
    const pid_t pid = pid_t(p.processId());
    QElapsedTimer flood;
    flood.start();
    while (!flood.hasExpired(5000) && ::kill(pid, 0) == 0 && !p.waitForFinished(0)) {
        ::kill(pid, SIGINT);
        ::usleep(500);
    }
    QVERIFY(p.state() == QProcess::NotRunning || p.waitForFinished(20000));
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(
        p.exitStatus() == QProcess::NormalExit,
        qPrintable(QStringLiteral("killed (%1): %2").arg(p.exitCode()).arg(QString::fromUtf8(out + err))));
    QCOMPARE(p.exitCode(), 130);
    for (const QString &f : {json, png}) {
        QFile file(f);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("the earlier run's\n"));
    }
    const QString partial = dir.filePath(QStringLiteral("results.partial.json"));
    QVERIFY2(err.contains(partial.toUtf8()), err.constData());
    const ResultSet kept = ResultIO::load(partial.toStdString());
    QVERIFY(kept.size() >= 1 && kept.size() < 8);
}

// A recorded file's series and reasons reach the terminal escaped: no sequence that clears the
// screen, sets the window's title or reverses the text is printed as is.
void TestHeadless::printedFieldsAreEscaped()
{
    ResultSet r;
    r.machine = fixtures::machine();
    for (int n : {4, 40, 400}) {
        Measurement cpu = fixtures::point("cpu", 1, "", n, 1e-6 * n);
        cpu.variant = "v\x1b]0;pwned\x07\x1b[2J\u202e";
        r.add(cpu);
        Measurement gpu = fixtures::point("gpu", 0, "launch", n, 4e-6);
        gpu.variant = cpu.variant;
        r.add(gpu);
    }
    const QString in = m_dir.filePath(QStringLiteral("hostile.csv"));
    ResultIO::writeCsv(r, in.toStdString());
    QByteArray out, err;
    QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--open"), in, QStringLiteral("--png"),
                  m_dir.filePath(QStringLiteral("hostile.png"))},
                 &out, &err),
             0);
    for (const QByteArray &text : {out, err}) {
        QVERIFY2(!text.contains('\x1b') && !text.contains('\x07') && !text.contains("\u202e"),
                 text.constData());
    }
    QVERIFY2(out.contains("\\x1b]0;pwned\\x07\\x1b[2J\\u202e"), out.constData());
}

// Issue 36: --screenshot bypassed the output rules. It truncated k.csv to 0 bytes (an unknown
// format, exit 0), blocked on a FIFO, wrote over a read-only file, and its --size became the
// window's size at every later start. Now: a .png only, checked before the window opens, written
// atomically (FigureExport, SafeFile), and the size given stays the picture's.
void TestHeadless::screenshotFollowsTheOutputRules()
{
    const auto window = [](const QStringList &args, QByteArray *err) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(SPEEDUPLAB_APP), args);
        if (!p.waitForFinished(60000)) {
            p.kill();
            p.waitForFinished();
            return -1;
        }
        *err = p.readAllStandardError();
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    };
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString ini = dir.filePath(QStringLiteral("s.ini"));
    QByteArray err;
    const QString csv = dir.filePath(QStringLiteral("k.csv"));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write("kept\n") == 5);
    f.close();
    QCOMPARE(window({QStringLiteral("--settings"), ini, QStringLiteral("--screenshot"), csv}, &err), 2);
    QVERIFY2(err.contains("must be a .png file"), err.constData());
    QCOMPARE(QFileInfo(csv).size(), qint64(5));

    const QByteArray fifo = QFile::encodeName(dir.filePath(QStringLiteral("pipe.png")));
    QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
    QCOMPARE(
        window({QStringLiteral("--settings"), ini, QStringLiteral("--screenshot"), QFile::decodeName(fifo)},
               &err),
        2);
    QVERIFY2(err.contains("FIFO"), err.constData());

    const QString readOnly = dir.filePath(QStringLiteral("ro.png"));
    QFile r(readOnly);
    QVERIFY(r.open(QIODevice::WriteOnly) && r.write("old") == 3);
    r.close();
    QCOMPARE(::chmod(QFile::encodeName(readOnly).constData(), 0444), 0);
    QCOMPARE(window({QStringLiteral("--settings"), ini, QStringLiteral("--screenshot"), readOnly}, &err), 2);
    QVERIFY2(err.contains("read-only"), err.constData());
    QCOMPARE(QFileInfo(readOnly).size(), qint64(3));

    const QString png = dir.filePath(QStringLiteral("window.png"));
    // With --run the window saves its settings as the sweep starts: not the picture's size.
    QCOMPARE(window({QStringLiteral("--settings"), ini, QStringLiteral("--size"), QStringLiteral("900x600"),
                     QStringLiteral("--run"), QStringLiteral("--cpu-only"), QStringLiteral("--workload"),
                     QStringLiteral("add"), QStringLiteral("--sizes"), QStringLiteral("4"),
                     QStringLiteral("--threads"), QStringLiteral("1"), QStringLiteral("--iterations"),
                     QStringLiteral("10"), QStringLiteral("--screenshot"), png},
                    &err),
             0);
    QImage shot(png);
    QVERIFY(!shot.isNull() && shot.width() == 900); // its height: at least what the window needs
    QSettings settings(ini, QSettings::IniFormat);
    QVERIFY(!settings.contains(QStringLiteral("window/geometry")));
}

// Issue 36: the app printed names from its arguments raw (an example's name, a file to open),
// with their ESC and OSC sequences; a name holding the text "\x1b[31m" printed exactly like one
// holding a real ESC; LRM, ZWSP, WJ and the BOM went out as they were. Every line the app prints
// is escaped (TerminalText::guardStandardStreams), and each value once more, its backslashes doubled.
void TestHeadless::namesFromArgumentsAreEscaped()
{
    QCOMPARE(TerminalText::value("a\\x1b[31m\x1b[31m"), std::string("a\\\\x1b[31m\\x1b[31m"));
    QCOMPARE(TerminalText::escaped("a\\x1b"), std::string("a\\x1b")); // a message may pass twice
    for (const char *invisible : {"\u200e", "\u200f", "\u061c", "\u200b", "\u2060", "\ufeff", "\uffff"})
        QVERIFY2(TerminalText::escaped(std::string("x") + invisible).find("\\u") == 1, invisible);
    QCOMPARE(TerminalText::escaped("\u200d"), std::string("\u200d")); // ZWJ: emoji and scripts need it

    const QString hostile = QString::fromUtf8("ex\x1b]0;title\x07\\x1b[31m\u200e\ufeff");
    QByteArray out, err;
    QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--example"), hostile, QStringLiteral("--png"),
                  m_dir.filePath(QStringLiteral("never.png"))},
                 &out, &err),
             2);
    QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--open"),
                  m_dir.filePath(hostile + QStringLiteral(".csv")), QStringLiteral("--png"),
                  m_dir.filePath(QStringLiteral("never.png"))},
                 &out, &err),
             1);
    for (const QStringList &args :
         {QStringList{QStringLiteral("--headless"), QStringLiteral("--example"), hostile,
                      QStringLiteral("--png"), m_dir.filePath(QStringLiteral("never.png"))},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--open"),
                      m_dir.filePath(hostile + QStringLiteral(".csv")), QStringLiteral("--png"),
                      m_dir.filePath(QStringLiteral("never.png"))}}) {
        run(args, &out, &err);
        const QByteArray all = out + err;
        QVERIFY2(!all.isEmpty(), "nothing said");
        for (const char *raw : {"\x1b", "\x07", "\u200e", "\ufeff"})
            QVERIFY2(!all.contains(raw), all.constData());
        QVERIFY2(all.contains("\\x1b]0;title\\x07"), all.constData());
    }
    // The real ESC and the text "\x1b" are told apart in the name printed: "\x1b" and "\\x1b".
    run({QStringLiteral("--headless"), QStringLiteral("--example"), hostile, QStringLiteral("--png"),
         m_dir.filePath(QStringLiteral("never.png"))},
        &out, &err);
    QVERIFY2(err.contains("\\x07\\\\x1b[31m\\u200e\\ufeff"), err.constData());
}

QTEST_MAIN(TestHeadless)
#include "tst_headless.moc"
