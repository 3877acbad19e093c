// SPDX-License-Identifier: MIT
// The shipped presets: every one is a valid plan on this machine, "seed" is exactly
// SweepPlan::seed, and the command line builds the same plans the CLI would.
#include "core/machine/machineinfo.h"
#include "core/plan/presets.h"
#include "ui/app.h"
#include "ui/commandline.h"
#include "ui/mainwindow.h"
#include "ui/sweepform.h"
#include "ui/sweeppanel.h"

#include <QLabel>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>

#include <QTest>

using namespace speeduplab;

class TestPresets : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void everyPresetIsValid_data();
    void everyPresetIsValid();
    void seedIsTheSeed();
    void presetSaysWhatItLeavesOut();
    void unknownPresetNamesTheKnownOnes();
    void commandLinePlans_data();
    void commandLinePlans();
    void panelButtonsApplyPresets_data();
    void panelButtonsApplyPresets();
};

void TestPresets::initTestCase()
{
    App::initialise();
}

void TestPresets::everyPresetIsValid_data()
{
    QTest::addColumn<QString>("name");
    for (const std::string &n : Presets::names())
        QTest::newRow(n.c_str()) << QString::fromStdString(n);
}

void TestPresets::everyPresetIsValid()
{
    QFETCH(QString, name);
    const int hw = MachineInfo::hardwareThreads();
    const SweepPlan p = Presets::plan(name.toStdString(), hw);
    p.validate(hw);
    QVERIFY(!Presets::title(name.toStdString()).empty());
    QVERIFY(!Presets::description(name.toStdString()).empty());
    // The panel can show it and gives the same plan back.
    const SweepForm f = SweepForm::fromPlan(p, hw, true);
    const SweepPlan back = f.toPlan(hw);
    QVERIFY(back.sizes == p.sizes);
    QCOMPARE(back.workload, p.workload);
    QVERIFY(back.threads == p.threads);
    QCOMPARE(back.iterations, p.iterations);
}

void TestPresets::seedIsTheSeed()
{
    const int hw = MachineInfo::hardwareThreads();
    const SweepPlan a = Presets::plan("seed", hw), b = SweepPlan::seed(hw);
    QCOMPARE(a.workload, b.workload);
    QVERIFY(a.sizes == b.sizes);
    QVERIFY(a.threads == b.threads);
    QCOMPARE(a.iterations, 1000);
    QVERIFY(a.modes.empty()); // every GPU mode
    QCOMPARE(a.sizes.front(), 4);
    QCOMPARE(a.sizes.back(), 4000);
}

void TestPresets::unknownPresetNamesTheKnownOnes()
{
    try {
        Presets::plan("nope", 4);
        QFAIL("no exception");
    } catch (const std::invalid_argument &e) {
        QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("seed")));
    }
}

void TestPresets::commandLinePlans_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("workload");
    QTest::addColumn<int>("sizes");
    QTest::addColumn<bool>("gpu");
    QTest::newRow("nothing: the seed") << QStringList{} << "add" << 13 << true;
    QTest::newRow("preset quick") << QStringList{QStringLiteral("--preset"), QStringLiteral("quick")} << "add"
                                  << 7 << true;
    QTest::newRow("seed, CPU only") << QStringList{QStringLiteral("--preset"), QStringLiteral("seed"),
                                                   QStringLiteral("--cpu-only")}
                                    << "add" << 13 << false;
    QTest::newRow("explicit sizes") << QStringList{QStringLiteral("--workload"), QStringLiteral("saxpy"),
                                                   QStringLiteral("--sizes"),    QStringLiteral("4,40"),
                                                   QStringLiteral("--threads"),  QStringLiteral("1")}
                                    << "saxpy" << 2 << true;
    QTest::newRow("range") << QStringList{QStringLiteral("--range"), QStringLiteral("10:1000:1")} << "add"
                           << 3 << true;
}

void TestPresets::commandLinePlans()
{
    QFETCH(QStringList, args);
    QFETCH(QString, workload);
    QFETCH(int, sizes);
    QFETCH(bool, gpu);
    QString error;
    const auto cl = CommandLine::parse(QStringList{QStringLiteral("speeduplab")} + args, &error);
    QVERIFY2(cl.has_value(), qPrintable(error));
    const SweepPlan p = cl->plan(MachineInfo::hardwareThreads());
    QCOMPARE(QString::fromStdString(p.workload), workload);
    QCOMPARE(int(p.sizes.size()), sizes);
    QCOMPARE(p.gpu, gpu);
}

void TestPresets::panelButtonsApplyPresets_data()
{
    QTest::addColumn<QString>("name");
    for (const std::string &n : Presets::names())
        QTest::newRow(n.c_str()) << QString::fromStdString(n);
}

// The presets one click away in the side panel: each button fills the form with its preset's
// plan (as Sweep > Presets does) and shows its description.
void TestPresets::panelButtonsApplyPresets()
{
    QFETCH(QString, name);
    QTemporaryDir dir;
    MainWindow w(dir.filePath(QStringLiteral("settings.ini")));
    auto *button = w.sweepPanel()->findChild<QPushButton *>(QStringLiteral("preset_") + name);
    QVERIFY(button);
    QVERIFY(!button->toolTip().isEmpty());
    button->click();
    const int hw = MachineInfo::hardwareThreads();
    const SweepPlan preset = Presets::plan(name.toStdString(), hw);
    const SweepPlan shown = w.sweepPanel()->form().toPlan(hw);
    QCOMPARE(shown.workload, preset.workload);
    QVERIFY(shown.sizes == preset.sizes);
    QCOMPARE(shown.effectiveIterations(), preset.effectiveIterations());
    // Every variant the preset names is swept (the GPU variant choice "all" holds several).
    for (const std::string &v : preset.variants)
        QVERIFY2(std::find(shown.variants.begin(), shown.variants.end(), v) != shown.variants.end(),
                 v.c_str());
    auto *about = w.sweepPanel()->findChild<QLabel *>(QStringLiteral("presetDescription"));
    QVERIFY(about);
    QCOMPARE(about->text(), QString::fromStdString(Presets::description(name.toStdString())));
}

// On a machine without a usable GPU, a preset with a GPU half (Replay the original answer) says
// at once that it leaves that half out, and where to see it measured.
void TestPresets::presetSaysWhatItLeavesOut()
{
    QTemporaryDir dir;
    MainWindow w(dir.filePath(QStringLiteral("leftout.ini")));
    w.applyPreset(QStringLiteral("replay"));
    const QString said = w.statusBar()->currentMessage();
    const bool none = !w.gpuState().usable && w.sweepPanel()->describedDevices().empty();
    QVERIFY2(said.contains(QStringLiteral("Its GPU half is left out here")) == none, qPrintable(said));
    if (none)
        QVERIFY2(said.contains(QStringLiteral("Open example")), qPrintable(said));
}

QTEST_MAIN(TestPresets)
#include "tst_presets.moc"
