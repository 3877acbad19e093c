// SPDX-License-Identifier: MIT
// The sweep settings and the window layout persist; corrupt or out-of-range settings fall back
// to the defaults as a whole, never half-applied.
#include "core/machineinfo.h"
#include "ui/app.h"
#include "ui/chartview.h"
#include "ui/costchart.h"
#include "ui/mainwindow.h"
#include "ui/sweepform.h"
#include "ui/sweeppanel.h"
#include "ui/timechart.h"

#include <QAction>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

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
    QCOMPARE(w.size(), QSize(1234, 876));
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

QTEST_MAIN(TestSettings)
#include "tst_settings.moc"
