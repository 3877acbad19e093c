// SPDX-License-Identifier: MIT
// The sweep settings and the window layout persist; corrupt or out-of-range settings fall back
// to the defaults as a whole, never half-applied.
#include "core/machine/machineinfo.h"
#include "ui/app.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/chartview.h"
#include "ui/charts/costchart.h"
#include "ui/charts/timechart.h"
#include "ui/mainwindow.h"
#include "ui/sweepform.h"
#include "ui/sweeppanel.h"
#include "words/appsettings.h"
#include "words/keptsettings.h"

#include "settingsinput.h"

#include <QAction>
#include <QGuiApplication>
#include <QProcess>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace speeduplab;

class TestSettings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void formRoundTrips();
    void corruptValuesFallBack_data();
    void corruptValuesFallBack();
    void windowPersists();
    void corruptFileGivesDefaults();
    void chartOptionsUseTheSettingsFile();
    void hostileSettingsFilesAreRefused_data();
    void hostileSettingsFilesAreRefused();
    void theAppNeverRewritesAFileThatIsNotSettings();
    void nonFiniteValuesFallBack();
    void fuzzCorpusReplays();
    void ompWaitPolicyApplies();
    void qtWarningsAreEscaped();
    void handWrittenSettingsSurviveTheWindow();
    void aChangedValueKeepsItsLine();
    void unchangedSettingsAreNotRewritten();
    void anotherWritersChangesStay();
    void aLargeFileNeverGrowsPastTheLimit();

private:
    SweepForm custom() const;
    QTemporaryDir m_dir;
    int m_hw = 1;
};

void TestSettings::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
    // The user's settings, in this test: a folder of its own, checked for what must not reach it.
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("user")));
    m_hw = MachineInfo::hardwareThreads();
}

SweepForm TestSettings::custom() const
{
    SweepForm f = SweepForm::defaults(m_hw, false);
    f.workload = QStringLiteral("saxpy");
    f.sizesAsRange = false;
    f.sizeList = QStringLiteral("8,80,800");
    f.rangeMin = 8;
    f.rangeMax = 800;
    f.stepsPerDecade = 2;
    f.threads = {1};
    f.modes = {QStringLiteral("graph")};
    f.iterations = 77;
    f.minTime = 0.25;
    f.maxReps = 50;
    f.budget = 120;
    return f;
}

void TestSettings::formRoundTrips()
{
    const QString path = m_dir.filePath(QStringLiteral("form.ini"));
    {
        QSettings s(path, QSettings::IniFormat);
        custom().save(s);
    }
    QSettings s(path, QSettings::IniFormat);
    const auto loaded = SweepForm::load(s, m_hw, false);
    QVERIFY(loaded.has_value());
    QVERIFY(*loaded == custom());
}

void TestSettings::corruptValuesFallBack_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::newRow("iterations not a number") << "iterations"
                                             << "many";
    QTest::newRow("iterations negative") << "iterations"
                                         << "-5";
    QTest::newRow("min time negative") << "minTime"
                                       << "-1";
    QTest::newRow("min time huge") << "minTime"
                                   << "1e9";
    QTest::newRow("thread count 0") << "threads"
                                    << "0,1";
    QTest::newRow("thread count above the machine") << "threads"
                                                    << "1,100000";
    QTest::newRow("unknown workload") << "workload"
                                      << "frobnicate";
    QTest::newRow("unknown variant") << "cpuVariant"
                                     << "quantum";
    QTest::newRow("unknown mode") << "modes"
                                  << "warp";
    QTest::newRow("size list with letters") << "sizeList"
                                            << "4,x,8";
    QTest::newRow("range min above max") << "rangeMin"
                                         << "5000";
    QTest::newRow("steps 0") << "stepsPerDecade"
                             << "0";
    QTest::newRow("bool that is not one") << "cpu"
                                          << "maybe";
    QTest::newRow("missing key") << "maxReps"
                                 << "";
}

void TestSettings::corruptValuesFallBack()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    const QString path = m_dir.filePath(QStringLiteral("corrupt.ini"));
    QFile::remove(path);
    {
        QSettings s(path, QSettings::IniFormat);
        SweepForm f = custom();
        f.sizesAsRange = key != QLatin1String("sizeList"); // the broken field is the one not in use, too
        f.save(s);
        if (value.isEmpty())
            s.remove(QStringLiteral("sweep/") + key);
        else
            s.setValue(QStringLiteral("sweep/") + key, value);
    }
    QSettings s(path, QSettings::IniFormat);
    QVERIFY(!SweepForm::load(s, m_hw, false).has_value());
}

void TestSettings::windowPersists()
{
    const QString path = m_dir.filePath(QStringLiteral("window.ini"));
    QFile::remove(path);
    {
        MainWindow w(path);
        w.show();
        w.sweepPanel()->setForm(custom());
        w.setCurrentChart(QStringLiteral("throughput"));
        w.resize(1234, 876);
        w.close();
    }
    MainWindow w(path);
    QVERIFY(w.sweepPanel()->form() == custom());
    QCOMPARE(w.currentChart()->name(), QStringLiteral("throughput"));
    // The size comes back as far as this screen holds it (MainWindow::fitToScreen: the test
    // screen may be smaller than 1234 x 876).
    const QRect room = QGuiApplication::primaryScreen()->availableGeometry();
    if (room.width() >= 1234 + 16 && room.height() >= 876 + 40)
        QCOMPARE(w.size(), QSize(1234, 876));
    else
        QCOMPARE(w.size(), QSize(1234, 876)
                               .boundedTo(room.size() - QSize(16, 40))
                               .expandedTo(w.minimumSize().expandedTo(w.minimumSizeHint())));
}

void TestSettings::corruptFileGivesDefaults()
{
    const QString path = m_dir.filePath(QStringLiteral("garbage.ini"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("[sweep]\nworkload=add\niterations=\x01\x02zz\n[window]\ngeometry=@ByteArray(garbage)\nstate="
            "nonsense\n"
            "chart=99\n[export]\nsize=@Size(-5 100000)\n");
    f.close();
    MainWindow w(path);
    QVERIFY(w.sweepPanel()->form() == SweepForm::defaults(m_hw, MachineInfo::gpuState().usable));
    QCOMPARE(w.currentChart()->name(), QStringLiteral("time"));
    QVERIFY(w.sweepPanel()->problem().isEmpty());
}

void TestSettings::chartOptionsUseTheSettingsFile()
{
    // With --settings FILE the charts' own options (the cost chart's prices, Show cost models)
    // go to that file, as the panel's do, and come back from it; the user's settings stay as
    // they were.
    const QString path = m_dir.filePath(QStringLiteral("charts.ini"));
    QFile::remove(path);
    {
        MainWindow w(path);
        auto *cost = w.findChild<CostChart *>();
        QVERIFY(cost);
        cost->setPrices(2.5, 7.25);
        auto *models = w.timeChart()->findChild<QAction *>(QStringLiteral("showModelsAction"));
        QVERIFY(models);
        QVERIFY(!models->isChecked());
        models->setChecked(true);
        w.close();
    }
    {
        QSettings file(path, QSettings::IniFormat);
        QCOMPARE(file.value(QStringLiteral("cost/cpuPerHour")).toDouble(), 2.5);
        QCOMPARE(file.value(QStringLiteral("cost/gpuPerHour")).toDouble(), 7.25);
        QCOMPARE(file.value(QStringLiteral("charts/showCostModels")).toBool(), true);
        QSettings user;
        QVERIFY2(!user.contains(QStringLiteral("cost/cpuPerHour")), qPrintable(user.fileName()));
        QVERIFY2(!user.contains(QStringLiteral("charts/showCostModels")), qPrintable(user.fileName()));
    }
    MainWindow w(path);
    auto *cost = w.findChild<CostChart *>();
    QVERIFY(cost);
    QCOMPARE(cost->cpuPerHour(), 2.5);
    QCOMPARE(cost->gpuPerHour(), 7.25);
    QVERIFY(w.timeChart()->findChild<QAction *>(QStringLiteral("showModelsAction"))->isChecked());
}

namespace {
QString written(const QString &path, const QByteArray &content)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(content);
    return path;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("[unreadable]");
}
} // namespace

// --settings FILE is read at start and rewritten at close: only a regular file or a new path,
// that reads as INI settings, may be one. A FIFO blocked the start; /etc/passwd, a results file
// and a device became INI text.
void TestSettings::hostileSettingsFilesAreRefused_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("why"); // empty: accepted
    const QString dir = m_dir.filePath(QStringLiteral("hostile"));
    QDir().mkpath(dir);
    const QString passwd =
        written(dir + QStringLiteral("/passwd"),
                "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n");
    const QString csv = written(dir + QStringLiteral("/results.csv"),
                                "# speeduplab results\nworkload,backend,variant\nadd,cpu,\n");
    const QString ini = written(dir + QStringLiteral("/mine.ini"),
                                "; kept by hand\n[window]\nzoom=1.25\n\n[cost]\ncpuPerHour=2\n");
    const QString fifo = dir + QStringLiteral("/fifo");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QFile::link(passwd, dir + QStringLiteral("/to-passwd"));
    QFile::link(ini, dir + QStringLiteral("/to-ini"));
    QFile::link(dir + QStringLiteral("/nothing"), dir + QStringLiteral("/dangling"));
    QFile::link(fifo, dir + QStringLiteral("/to-fifo"));
    QTest::newRow("a new path") << dir + QStringLiteral("/new.ini") << QString();
    QTest::newRow("an empty file") << written(dir + QStringLiteral("/empty.ini"), "") << QString();
    QTest::newRow("INI settings") << ini << QString();
    // Issue 36: a byte-order mark, as some editors write one, was refused and the app did not start.
    QTest::newRow("INI settings after a BOM")
        << written(dir + QStringLiteral("/bom.ini"), "\xEF\xBB\xBF[window]\nzoom=1.25\n") << QString();
    QTest::newRow("a symlink to INI settings") << dir + QStringLiteral("/to-ini") << QString();
    QTest::newRow("a FIFO") << fifo << QStringLiteral("a named pipe (FIFO)");
    QTest::newRow("a symlink to a FIFO")
        << dir + QStringLiteral("/to-fifo") << QStringLiteral("(through a symlink)");
    QTest::newRow("a folder") << dir << QStringLiteral("a folder");
    QTest::newRow("a device") << QStringLiteral("/dev/null") << QStringLiteral("a device");
    QTest::newRow("a passwd file") << passwd << QStringLiteral("line 1 is neither [section] nor key=value");
    QTest::newRow("a symlink to it") << dir + QStringLiteral("/to-passwd")
                                     << QStringLiteral("not an INI settings file");
    QTest::newRow("a results file") << csv << QStringLiteral("line 2 is neither");
    QTest::newRow("a dangling symlink")
        << dir + QStringLiteral("/dangling") << QStringLiteral("a symlink to nothing");
    QTest::newRow("binary") << written(dir + QStringLiteral("/binary.ini"), QByteArray("a=1\n\0\x01", 6))
                            << QStringLiteral("binary data");
    QTest::newRow("over a MiB") << written(dir + QStringLiteral("/big.ini"), QByteArray((1 << 20) + 1, 'a'))
                                << QStringLiteral("larger than a settings file");
}

void TestSettings::hostileSettingsFilesAreRefused()
{
    QFETCH(QString, path);
    QFETCH(QString, why);
    const QString refusal = AppSettings::refusal(path);
    if (why.isEmpty())
        QVERIFY2(refusal.isEmpty(), qPrintable(refusal));
    else
        QVERIFY2(refusal.contains(why), qPrintable(refusal));
    if (path.endsWith(QLatin1String("/bom.ini"))) // and its first section reads as written
        QCOMPARE(QSettings(path, QSettings::IniFormat).value(QStringLiteral("window/zoom")).toString(),
                 QStringLiteral("1.25"));
}

// The app itself: refused at start (exit 2, saying why) with the file as it was, and a FIFO
// does not block it.
void TestSettings::theAppNeverRewritesAFileThatIsNotSettings()
{
    const QString dir = m_dir.filePath(QStringLiteral("app"));
    QDir().mkpath(dir);
    const QString passwd = written(dir + QStringLiteral("/passwd"), "root:x:0:0:root:/root:/bin/bash\n");
    const QString fifo = dir + QStringLiteral("/fifo");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    for (const QString &path : {passwd, fifo}) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(SPEEDUPLAB_APP),
                {QStringLiteral("--settings"), path, QStringLiteral("--chart"), QStringLiteral("time"),
                 QStringLiteral("--screenshot"), dir + QStringLiteral("/shot.png")});
        QVERIFY2(p.waitForFinished(20000), qPrintable(path)); // the FIFO blocked it forever
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(p.readAllStandardError().contains("settings file"), qPrintable(path));
    }
    QCOMPARE(readAll(passwd), QByteArray("root:x:0:0:root:/root:/bin/bash\n"));
    QVERIFY(!QFile::exists(dir + QStringLiteral("/shot.png")));
}

// zoom=nan blanked every chart and was written back; prices of inf or 1e308 cost the cost
// chart its axis. Each falls back to its default, and what is written back is finite.
void TestSettings::nonFiniteValuesFallBack()
{
    const QString path = written(m_dir.filePath(QStringLiteral("nan.ini")),
                                 "[window]\nzoom=nan\n[cost]\ncpuPerHour=inf\ngpuPerHour=1e308\n");
    {
        MainWindow w(path);
        QCOMPARE(ChartStyle::zoom(), 1.0);
        auto *cost = w.findChild<CostChart *>();
        QVERIFY(cost);
        QCOMPARE(cost->cpuPerHour(), CostChart::defaultCpuPerHour);
        QCOMPARE(cost->gpuPerHour(), CostChart::defaultGpuPerHour);
        w.show();
        w.close();
    }
    QSettings file(path, QSettings::IniFormat);
    QCOMPARE(file.value(QStringLiteral("window/zoom")).toDouble(), 1.0);
    QVERIFY(
        AppSettings::number(file, QStringLiteral("window/zoom"), ChartStyle::minZoom, ChartStyle::maxZoom));
    QVERIFY(
        !AppSettings::number(file, QStringLiteral("cost/cpuPerHour"), 0, 1e6)); // never written: as it was
}

// The settings fuzzer's corpus (tests/fuzz/settings), read as the harness reads each input: a
// refusal, or values in range (settingsinput.h).
void TestSettings::fuzzCorpusReplays()
{
    QDir corpus(QStringLiteral(SPEEDUPLAB_SOURCE_DIR "/tests/fuzz/settings"));
    const QStringList files = corpus.entryList(QDir::Files);
    QVERIFY(files.size() >= 5);
    for (const QString &name : files) {
        QFile f(corpus.filePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString broken = fuzzsettings::check(m_dir.filePath(QStringLiteral("replay.ini")), f.readAll());
        QVERIFY2(broken.isEmpty(), qPrintable(name + QStringLiteral(": ") + broken));
    }
}

// Sweep ▸ OpenMP threads sleep at barriers, kept as sweep/ompWait: the program starts again with
// OMP_WAIT_POLICY set (the runtime reads it once), and the results record the policy.
void TestSettings::ompWaitPolicyApplies()
{
    const QString ini = written(m_dir.filePath(QStringLiteral("passive.ini")), "[sweep]\nompWait=passive\n");
    const QString out = m_dir.filePath(QStringLiteral("passive.json"));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("OMP_WAIT_POLICY"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SPEEDUPLAB_APP),
            {QStringLiteral("--settings"), ini, QStringLiteral("--headless"), QStringLiteral("--workload"),
             QStringLiteral("add"), QStringLiteral("--sizes"), QStringLiteral("4"),
             QStringLiteral("--threads"), QStringLiteral("1"), QStringLiteral("--cpu-only"),
             QStringLiteral("--min-time"), QStringLiteral("0"), QStringLiteral("--json"), out});
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY2(f.readAll().contains("\"omp_wait_policy\":\"passive\""), "the policy is not recorded");
}

// Issue 36: an @Variant value naming an unknown user type makes Qt warn "QVariant::load: unknown
// user type with name ...", the name from the file: it reaches the terminal escaped, as every
// line the program prints, never as a live escape sequence.
void TestSettings::qtWarningsAreEscaped()
{
    const QByteArray variant = "@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x8\\x1b[31mRED)";
    const QString ini = written(m_dir.filePath(QStringLiteral("variant.ini")),
                                "[sweep]\nthreads=" + variant + "\nompWait=" + variant + "\n");
    QProcess p;
    p.start(QStringLiteral(SPEEDUPLAB_APP),
            {QStringLiteral("--settings"), ini, QStringLiteral("--headless"), QStringLiteral("--workload"),
             QStringLiteral("add"), QStringLiteral("--sizes"), QStringLiteral("4"),
             QStringLiteral("--threads"), QStringLiteral("1"), QStringLiteral("--cpu-only"),
             QStringLiteral("--min-time"), QStringLiteral("0"), QStringLiteral("--json"),
             m_dir.filePath(QStringLiteral("variant.json"))});
    QVERIFY(p.waitForFinished(60000));
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(p.exitCode() == 0, err.constData());
    QVERIFY2(err.contains("unknown user type with name \\x1b[31mRED"), err.constData());
    QVERIFY2(!err.contains('\x1b') && !p.readAllStandardOutput().contains('\x1b'), err.constData());
}

namespace {
ino_t inode(const QString &path)
{
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_ino : 0;
}

const QByteArray handWritten = "\xEF\xBB\xBF; my settings, by hand\n"
                               "# and a hash comment\n"
                               "[window]\n"
                               "; the zoom I like\n"
                               "zoom=1.25\n"
                               "note=value;with;semicolons\n"
                               "\n"
                               "[mine]\n"
                               "colour = deep blue   \n";
} // namespace

// Issue 36: the window's close rewrote a hand-written file in QSettings' layout: its comments
// were lost and `value;with;semicolons` became `value`. Now every line the app did not change
// stays as written, and what the app adds reads back.
void TestSettings::handWrittenSettingsSurviveTheWindow()
{
    const QString path = written(m_dir.filePath(QStringLiteral("byhand.ini")), handWritten);
    {
        MainWindow w(path);
        QCOMPARE(ChartStyle::zoom(), 1.25);
        w.show();
        w.sweepPanel()->setForm(custom());
        w.close();
    }
    const QByteArray text = readAll(path);
    // Every line as written, in its order (the window's own keys go between them).
    qsizetype from = 0;
    for (const QByteArray &line : handWritten.split('\n'))
        QVERIFY2((from = text.indexOf(line, from)) >= 0, line.constData());
    QVERIFY(text.startsWith(handWritten.left(handWritten.indexOf("[window]"))));
    QVERIFY2(text.contains("geometry="), text.constData()); // the window's own keys, added
    QVERIFY2(AppSettings::refusal(path).isEmpty(), qPrintable(AppSettings::refusal(path)));
    QSettings s(path, QSettings::IniFormat);
    QVERIFY(SweepForm::load(s, m_hw, false) == custom());
    QCOMPARE(s.value(QStringLiteral("mine/colour")).toString(), QStringLiteral("deep blue"));
    ChartStyle::setZoom(1.0);
}

// A changed value replaces the value of its own line, after its comment; a removed group loses
// its lines and nothing else; a new key joins its section.
void TestSettings::aChangedValueKeepsItsLine()
{
    const QString path = written(m_dir.filePath(QStringLiteral("changed.ini")), handWritten);
    {
        const std::unique_ptr<QSettings> s = AppSettings::open(path);
        s->setValue(QStringLiteral("window/zoom"), 2);
        s->setValue(QStringLiteral("window/chart"), 3);
        s->remove(QStringLiteral("mine"));
    }
    const QByteArray text = readAll(path);
    QCOMPARE(text, QByteArray("\xEF\xBB\xBF; my settings, by hand\n"
                              "# and a hash comment\n"
                              "[window]\n"
                              "; the zoom I like\n"
                              "zoom=2\n"
                              "note=value;with;semicolons\n"
                              "chart=3\n"
                              "\n"
                              "[mine]\n"));
    QSettings s(path, QSettings::IniFormat);
    QCOMPARE(s.value(QStringLiteral("window/zoom")).toInt(), 2);
    QCOMPARE(s.value(QStringLiteral("window/chart")).toInt(), 3);
    QVERIFY(!s.contains(QStringLiteral("mine/colour")));
}

// Values set as they were leave the file as it is: the same bytes, the same inode (not replaced).
void TestSettings::unchangedSettingsAreNotRewritten()
{
    const QString path = written(m_dir.filePath(QStringLiteral("same.ini")), handWritten);
    const ino_t before = inode(path);
    {
        const std::unique_ptr<QSettings> s = AppSettings::open(path);
        s->setValue(QStringLiteral("window/zoom"), QStringLiteral("1.25"));
        s->setValue(QStringLiteral("window/note"), s->value(QStringLiteral("window/note")));
    }
    QCOMPARE(readAll(path), handWritten);
    QCOMPARE(inode(path), before);
}

// Two settings open at once, or another window on the same file: each writes only its own
// changes into the file as it is when it writes, so neither loses the other's.
void TestSettings::anotherWritersChangesStay()
{
    const QString path = written(m_dir.filePath(QStringLiteral("two.ini")), handWritten);
    {
        const std::unique_ptr<QSettings> mine = AppSettings::open(path);
        mine->setValue(QStringLiteral("window/zoom"), 3);
        written(path, handWritten + "[other]\nk=1\n");
    }
    QSettings s(path, QSettings::IniFormat);
    QCOMPARE(s.value(QStringLiteral("window/zoom")).toInt(), 3);
    QCOMPARE(s.value(QStringLiteral("other/k")).toInt(), 1);
    QVERIFY(readAll(path).contains("; the zoom I like\nzoom=3\n"));
}

// Issue 36: a 530 KB file the app accepted came back at 1.07 MB (QSettings writes a tab as "\t"),
// and the next start refused it. A line the app does not change is never re-encoded, and a file
// that would pass the limit is not written.
void TestSettings::aLargeFileNeverGrowsPastTheLimit()
{
    QByteArray tabs;
    for (int i = 0; i < 250000; ++i)
        tabs += "a\tb\t";
    const QByteArray text = "[mine]\nbig=" + tabs + "\n";
    QVERIFY(text.size() < KeptSettings::maxBytes && text.size() * 4 / 3 > KeptSettings::maxBytes);
    const QString path = written(m_dir.filePath(QStringLiteral("big.ini")), text);
    QVERIFY(AppSettings::refusal(path).isEmpty());
    {
        MainWindow w(path);
        w.show();
        w.close();
    }
    QVERIFY2(AppSettings::refusal(path).isEmpty(), qPrintable(AppSettings::refusal(path)));
    QVERIFY(readAll(path).startsWith(text));
    {
        // A change that would take the file past the limit is refused, and the file kept.
        const std::unique_ptr<QSettings> s = AppSettings::open(path);
        s->setValue(QStringLiteral("mine/more"), QString(200000, QLatin1Char('\t')));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("more than the 1 MiB")));
    }
    QVERIFY(readAll(path).startsWith(text));
    QVERIFY(!QSettings(path, QSettings::IniFormat).contains(QStringLiteral("mine/more")));
}

QTEST_MAIN(TestSettings)
#include "tst_settings.moc"
