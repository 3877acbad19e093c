// SPDX-License-Identifier: MIT
// A zh_CN run shows the window in Simplified Chinese: the system's language (LANGUAGE=zh_CN, set
// before the application starts, as a user's session would) picks the translation, the menus
// read in Chinese, and View ▸ Language stores a choice that wins over the system's.
#include "core/devices/devicebackend.h"
#include "ui/app.h"
#include "ui/datatexts.h"
#include "ui/mainwindow.h"
#include "ui/sweeppanel.h"
#include "words/format.h"
#include "words/translations.h"

#include "core/model/measurement.h"
#include "core/model/workload.h"
#include "core/plan/presets.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace speeduplab;

class TestTranslations : public QObject {
    Q_OBJECT
public:
    static void initMain();

private slots:
    void initTestCase();
    void cleanup();
    void resolvesChoice_data();
    void resolvesChoice();
    void choiceInSettings();
    void contextsMatchAtRunTime_data();
    void contextsMatchAtRunTime();
    void zhCNShowsTranslatedMenus();
    void dataTextsAreMarkedAndTranslated();
    void gpuReasonReadsInTheLanguage();
    void englishRemovesTheTranslation();
    void countsTakeTheLanguagesPluralForms();
    void languageMenuStoresTheChoice();

private:
    static QStringList menuTitles(const MainWindow &w);
    QTemporaryDir m_dir;
};

void TestTranslations::initMain()
{
    // Before QApplication: the system locale is read from the environment once.
    qputenv("LANGUAGE", "zh_CN");
}

void TestTranslations::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
}

void TestTranslations::cleanup()
{
    Translations::install(QStringLiteral("en"));
}

void TestTranslations::resolvesChoice_data()
{
    QTest::addColumn<QString>("choice");
    QTest::addColumn<QString>("language");
    QTest::newRow("system follows LANGUAGE") << "system"
                                             << "zh_CN";
    QTest::newRow("English") << "en"
                             << "en";
    QTest::newRow("Chinese") << "zh_CN"
                             << "zh_CN";
    QTest::newRow("unknown is the system's") << "fr"
                                             << "zh_CN";
}

void TestTranslations::resolvesChoice()
{
    QFETCH(QString, choice);
    QFETCH(QString, language);
    QCOMPARE(Translations::resolve(choice), language);
}

void TestTranslations::choiceInSettings()
{
    QSettings s(m_dir.filePath(QStringLiteral("choice.ini")), QSettings::IniFormat);
    QCOMPARE(Translations::choice(s), QStringLiteral("system"));
    Translations::setChoice(s, QStringLiteral("zh_CN"));
    QCOMPARE(Translations::choice(s), QStringLiteral("zh_CN"));
    s.setValue(Translations::settingsKey(), QStringLiteral("klingon"));
    QCOMPARE(Translations::choice(s), QStringLiteral("system"));
}

// tr() looks a string up under its class's full name ("speeduplab::MainActions") or under the
// context given by hand; each kind must find its translation in the .qm.
void TestTranslations::contextsMatchAtRunTime_data()
{
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    QTest::newRow("Q_OBJECT class") << "speeduplab::MainActions"
                                    << "&File" << QStringLiteral("文件(&F)");
    QTest::newRow("Q_DECLARE_TR_FUNCTIONS") << "FileDialogs"
                                            << "Open results" << QStringLiteral("打开结果");
    QTest::newRow("translate(\"Format\")") << "Format"
                                           << "GPU copy" << QStringLiteral("GPU 拷贝");
    QTest::newRow("FigureExport::tr in a free function")
        << "FigureExport"
        << "Could not write %1: %2. Choose another folder or file name."
        << QStringLiteral("无法写入 %1：%2。请选择其他文件夹或文件名。");
}

void TestTranslations::contextsMatchAtRunTime()
{
    QFETCH(QString, context);
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QVERIFY(Translations::install(QStringLiteral("zh_CN")));
    QCOMPARE(QCoreApplication::translate(context.toUtf8().constData(), source.toUtf8().constData()),
             expected);
}

QStringList TestTranslations::menuTitles(const MainWindow &w)
{
    QStringList titles;
    for (QAction *a : w.menuBar()->actions())
        titles << a->text();
    return titles;
}

void TestTranslations::zhCNShowsTranslatedMenus()
{
    // What the app does at start-up: no choice stored, so the system's language (zh_CN here).
    const QString ini = m_dir.filePath(QStringLiteral("zh.ini"));
    QCOMPARE(Translations::installChosen(ini), QStringLiteral("zh_CN"));
    MainWindow w(ini);
    const QStringList titles = menuTitles(w);
    QVERIFY2(titles.size() >= 4, qPrintable(titles.join(u',')));
    QCOMPARE(titles.at(0), QStringLiteral("文件(&F)"));
    QVERIFY2(titles.contains(QStringLiteral("扫描(&S)")), qPrintable(titles.join(u',')));
    QVERIFY2(titles.contains(QStringLiteral("视图(&V)")), qPrintable(titles.join(u',')));
    QVERIFY2(titles.contains(QStringLiteral("帮助(&H)")), qPrintable(titles.join(u',')));
    auto *run = w.findChild<QAction *>(QStringLiteral("runAction"));
    QVERIFY(run);
    QCOMPARE(run->text(), QStringLiteral("运行扫描(&R)"));
    // A sentence built at run time, from a helper outside any class.
    QVERIFY(Format::ceilingName("cpu_triad_bytes_per_s@4").contains(QStringLiteral("线程")));
}

void TestTranslations::dataTextsAreMarkedAndTranslated()
{
    // The presets' and workloads' texts live outside ui/ (lupdate's folder): ui/datatexts.cpp
    // marks them. It must list exactly the data's texts, or a changed one would go untranslated.
    QStringList presets, workloads;
    for (const std::string &name : Presets::names())
        presets << QString::fromStdString(Presets::title(name))
                << QString::fromStdString(Presets::description(name));
    for (const Workload &w : Workload::all())
        workloads << QString::fromStdString(w.description);
    QStringList marked = DataTexts::presetSources();
    presets.sort();
    marked.sort();
    QCOMPARE(marked, presets);
    marked = DataTexts::workloadSources();
    workloads.sort();
    marked.sort();
    QCOMPARE(marked, workloads);
    // In Chinese every one reads translated; in English, as written.
    QVERIFY(Translations::install(QStringLiteral("zh_CN")));
    for (const QString &t : presets)
        QVERIFY2(DataTexts::preset(t.toStdString()) != t, qPrintable(t));
    for (const QString &t : workloads)
        QVERIFY2(DataTexts::workload(t.toStdString()) != t, qPrintable(t));
    QCOMPARE(DataTexts::preset("Seed experiment"), QStringLiteral("种子实验"));
    // A curve's name, composed by core in the installed words (SeriesWords): nothing reads the
    // English back.
    Measurement m;
    m.backend = "cpu";
    m.threads = 16;
    m.variant = "blas";
    m.transfers = "pinned";
    m.conditions.cache = "cold";
    m.run = "run A";
    QCOMPARE(QString::fromStdString(m.seriesLabel()),
             QStringLiteral("run A: CPU 16 线程 (blas) + pinned 拷贝，冷缓存"));
    Measurement unsynced;
    unsynced.backend = "gpu";
    unsynced.device = 0;
    unsynced.mode = "unsynced";
    QCOMPARE(QString::fromStdString(unsynced.seriesLabel()), QStringLiteral("GPU 内核启动，未同步"));
    SeriesName pocl = unsynced.seriesName();
    pocl.device = SeriesName::Device::Id;
    pocl.id = "opencl:0";
    pocl.host = SeriesName::Host::Pocl;
    pocl.mode = "graph";
    QCOMPARE(QString::fromStdString(SeriesWords::current().name(pocl)),
             QStringLiteral("opencl:0 (CPU 上的 PoCL) graph"));
    QVERIFY(Translations::install(QStringLiteral("en")));
    QCOMPARE(DataTexts::preset("Seed experiment"), QStringLiteral("Seed experiment"));
    QCOMPARE(QString::fromStdString(m.seriesLabel()),
             QStringLiteral("run A: CPU 16 threads (blas) + pinned copies, cold cache"));
    QCOMPARE(QString::fromStdString(SeriesWords::current().name(pocl)),
             QStringLiteral("opencl:0 (PoCL on the CPU) graph"));
}

void TestTranslations::gpuReasonReadsInTheLanguage()
{
    // The sweep panel said why there is no GPU in English inside a Chinese sentence ("没有可用的
    // CUDA GPU：No NVIDIA driver was found ..."): every place that says the probe's reason reads
    // it through DataTexts::gpuReason, as the banner does.
    QVERIFY(Translations::install(QStringLiteral("zh_CN")));
    MachineInfo::GpuState none;
    none.reason = "No NVIDIA driver was found (CUDA error 35, cudaErrorInsufficientDriver): install the "
                  "NVIDIA driver to use the GPU.";
    none.why.why = GpuUnusable::Why::NoDriver; // worded from these fields, never from the sentence
    none.why.code = "CUDA error 35, cudaErrorInsufficientDriver";
    const QString said = DataTexts::gpuReason(none);
    QCOMPARE(said, QStringLiteral("未找到 NVIDIA 驱动（CUDA error 35, cudaErrorInsufficientDriver）："
                                  "安装 NVIDIA 驱动即可使用 GPU。"));
    SweepPanel panel(4, none, Devices::states());
    panel.setDescribedStates({}); // no OpenCL either
    auto *devices = panel.findChild<QComboBox *>(QStringLiteral("deviceCombo"));
    auto *info = panel.findChild<QLabel *>(QStringLiteral("gpuInfo"));
    QVERIFY(devices && info);
    QVERIFY2(devices->itemText(0).contains(said), qPrintable(devices->itemText(0)));
    QVERIFY2(devices->toolTip().contains(said), qPrintable(devices->toolTip()));
    QVERIFY2(info->text().contains(said), qPrintable(info->text()));
    QVERIFY(!info->text().contains(QStringLiteral("No NVIDIA driver")));
    QVERIFY(Translations::install(QStringLiteral("en")));
}

void TestTranslations::englishRemovesTheTranslation()
{
    const QString ini = m_dir.filePath(QStringLiteral("en.ini"));
    {
        QSettings s(ini, QSettings::IniFormat);
        Translations::setChoice(s, QStringLiteral("en"));
    }
    QVERIFY(Translations::install(QStringLiteral("zh_CN")));
    // The stored choice wins over the system's Chinese, and replaces the installed translation.
    QCOMPARE(Translations::installChosen(ini), QStringLiteral("en"));
    MainWindow w(ini);
    QCOMPARE(menuTitles(w).value(0), QStringLiteral("&File"));
}

void TestTranslations::languageMenuStoresTheChoice()
{
    const QString ini = m_dir.filePath(QStringLiteral("menu.ini"));
    MainWindow w(ini);
    auto *menu = w.findChild<QMenu *>(QStringLiteral("languageMenu"));
    QVERIFY(menu);
    QAction *system = nullptr, *chinese = nullptr;
    for (QAction *a : menu->actions()) {
        if (a->data().toString() == QLatin1String("system"))
            system = a;
        if (a->data().toString() == QLatin1String("zh_CN"))
            chinese = a;
    }
    QVERIFY(system && chinese);
    QVERIFY(system->isChecked());
    QCOMPARE(chinese->text(), QStringLiteral("简体中文"));
    chinese->trigger();
    QVERIFY(chinese->isChecked());
    QVERIFY(!system->isChecked());
    QSettings s(ini, QSettings::IniFormat);
    QCOMPARE(Translations::choice(s), QStringLiteral("zh_CN"));
    // The next window (the next start) shows the choice.
    MainWindow next(ini);
    for (QAction *a : next.findChild<QMenu *>(QStringLiteral("languageMenu"))->actions())
        if (a->data().toString() == QLatin1String("zh_CN"))
            QVERIFY(a->isChecked());
}

// A count is one message with %n (docs/translating.md): English says its two forms from the start
// of the program, with no language installed, and Chinese its one, with its measure word.
void TestTranslations::countsTakeTheLanguagesPluralForms()
{
    QVERIFY(Translations::install(QStringLiteral("en")));
    const auto points = [](int n) {
        return QCoreApplication::translate("speeduplab::MainWindow", "%n point(s)", nullptr, n);
    };
    QCOMPARE(points(1), QStringLiteral("1 point"));
    QCOMPARE(points(0), QStringLiteral("0 points"));
    QCOMPARE(points(3), QStringLiteral("3 points"));
    QCOMPARE(QCoreApplication::translate("speeduplab::MainWindow",
                                         "%n new measurement(s) not saved. Save the results before closing?",
                                         nullptr, 1),
             QStringLiteral("1 new measurement is not saved. Save the results before closing?"));
    QCOMPARE(QCoreApplication::translate("ExplainText", "%n thread(s)", nullptr, 16),
             QStringLiteral("16 threads"));
    QVERIFY(Translations::install(QStringLiteral("zh_CN")));
    QCOMPARE(points(1), QStringLiteral("1 个点"));
    QCOMPARE(points(3), QStringLiteral("3 个点"));
    // Back to English: the plural forms stay (they are not the translation "en" removes).
    QVERIFY(Translations::install(QStringLiteral("en")));
    QCOMPARE(points(2), QStringLiteral("2 points"));
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
