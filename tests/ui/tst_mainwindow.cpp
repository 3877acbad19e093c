// SPDX-License-Identifier: MIT
// The window driven as a user would: fields set through the panel's widgets, Run pressed,
// then every chart checked against the result set.
#include "core/analysis/analysis.h"
#include "core/machine/machineinfo.h"
#include "ui/app.h"
#include "ui/charts/scalingchart.h"
#include "ui/charts/throughputchart.h"
#include "ui/charts/timechart.h"
#include "ui/examples.h"
#include "ui/mainactions.h"
#include "ui/mainwindow.h"
#include "ui/runprogress.h"
#include "ui/runstore.h"
#include "ui/sweepcontroller.h"
#include "ui/sweeppanel.h"
#include "windowtest.h"

#include <QAccessible>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextEdit>
#include <QToolButton>
#include <QXYSeries>

#include <map>

using namespace speeduplab;
using namespace speeduplab::windowtest;

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void runSmallSweepThroughThePanel_data();
    void runSmallSweepThroughThePanel();
    void invalidValuesAreRefusedAtTheField_data();
    void invalidValuesAreRefusedAtTheField();
    void shortcuts();
    void firstStartFitsTheScreen();
    void noGpuBanner();
    void noGpuSweepMeetsTheRecordedGpu();
    void gpuStateFollowsTheGpu();
    void statusMessagesAreVisible();
    void shortcutsPageListsEveryShortcut();
    void titleNamesTheFileOnce();
    void aScreenReaderCanNameEveryControlAndReadTheCharts();
    void timeLeftIsSmoothAndCountsThePointInFlight();
    void progressCountsDuringALongPoint();

private:
    template <typename T> T *field(MainWindow &w, const char *name)
    {
        T *f = w.sweepPanel()->findChild<T *>(QLatin1String(name));
        if (!f)
            qFatal("no field %s", name);
        return f;
    }
    void typeInto(QAbstractSpinBox *spin, const QString &text);
    // A radio button reacts to clicks on its indicator and label, not on the whole row.
    static void clickRadio(QRadioButton *b)
    {
        QTest::mouseClick(b, Qt::LeftButton, {}, QPoint(6, b->height() / 2));
        QVERIFY(b->isChecked());
    }
    // The width QStatusBar gives its temporary message: from its left edge to the first
    // permanent widget shown (QStatusBarPrivate::messageRect).
    static int messageWidth(MainWindow &w)
    {
        QStatusBar *bar = w.statusBar();
        int right = bar->width() - 12;
        for (QWidget *p :
             {static_cast<QWidget *>(bar->findChild<QLabel *>(QStringLiteral("progressLabel"))),
              static_cast<QWidget *>(bar->findChild<QProgressBar *>(QStringLiteral("progressBar")))})
            if (p && p->isVisible())
                right = std::min(right, p->x() - 2);
        return right - 6;
    }
    QTemporaryDir m_dir;
};

void TestMainWindow::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
}

void TestMainWindow::typeInto(QAbstractSpinBox *spin, const QString &text)
{
    spin->setFocus();
    spin->selectAll();
    QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(spin, Qt::Key_Delete);
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Enter);
}

void TestMainWindow::runSmallSweepThroughThePanel_data()
{
    QTest::addColumn<bool>("asList");
    QTest::addColumn<bool>("allThreads");
    QTest::addColumn<QList<int>>("expectedSizes");
    QTest::newRow("list 4,16,64, 1 thread") << true << false << QList<int>{4, 16, 64};
    QTest::newRow("range 4..64, all threads") << false << true << QList<int>{4, 40, 64};
}

void TestMainWindow::runSmallSweepThroughThePanel()
{
    QFETCH(bool, asList);
    QFETCH(bool, allThreads);
    QFETCH(QList<int>, expectedSizes);

    MainWindow w(m_dir.filePath(QStringLiteral("run.ini")));
    QStringList errors;
    w.setErrorReporter([&errors](const QString &, const QString &text) { errors << text; });
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));

    auto *workload = field<QComboBox>(w, "workloadCombo");
    workload->setCurrentIndex(workload->findData(QStringLiteral("add")));
    if (asList) {
        clickRadio(field<QRadioButton>(w, "sizesListRadio"));
        auto *list = field<QLineEdit>(w, "sizesListEdit");
        list->clear();
        QTest::keyClicks(list, QStringLiteral("4,16,64"));
    } else {
        clickRadio(field<QRadioButton>(w, "sizesRangeRadio"));
        typeInto(field<QSpinBox>(w, "rangeMinSpin"), QStringLiteral("4"));
        typeInto(field<QSpinBox>(w, "rangeMaxSpin"), QStringLiteral("64"));
        typeInto(field<QSpinBox>(w, "stepsSpin"), QStringLiteral("1"));
    }
    QTest::mouseClick(field<QPushButton>(w, allThreads ? "allThreadsButton" : "oneThreadButton"),
                      Qt::LeftButton);
    typeInto(field<QSpinBox>(w, "iterationsSpin"), QStringLiteral("10"));
    typeInto(field<QDoubleSpinBox>(w, "minTimeSpin"), QStringLiteral("0"));

    const SweepForm f = w.sweepPanel()->form();
    QCOMPARE(f.iterations, 10);
    QCOMPARE(f.minTime, 0.0);
    QCOMPARE(f.threads.size(), allThreads ? MachineInfo::hardwareThreads() : 1);
    const SweepPlan plan = f.toPlan(MachineInfo::hardwareThreads());
    QCOMPARE(QList<int>(plan.sizes.begin(), plan.sizes.end()), expectedSizes);
    QVERIFY2(w.sweepPanel()->problem().isEmpty(), qPrintable(w.sweepPanel()->problem()));

    QSignalSpy finished(&w, &MainWindow::sweepFinished);
    QPushButton *run = w.sweepPanel()->runButton();
    QVERIFY(run->isEnabled());
    QTest::mouseClick(run, Qt::LeftButton);
    QVERIFY(w.isRunning());
    QVERIFY(!run->isEnabled());
    QVERIFY(w.sweepPanel()->cancelButton()->isEnabled());
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().first().toBool(), false);
    QVERIFY(errors.isEmpty());
    QVERIFY(run->isEnabled());

    const ResultSet &r = w.runStore()->resultSet();
    QCOMPARE(r.size(), plan.points().size());
    QCOMPARE(w.resultTable()->model()->rowCount(), int(r.size()));
    for (const auto &m : r.rows)
        QVERIFY2(m.ok() || m.status == Measurement::Status::Skipped, m.reason.c_str());

    for (ChartView *c : w.charts())
        c->updateNow();

    // Time vs n: one data series per result series, with exactly its points.
    const std::vector<Series> all = Analysis::series(r, "add");
    std::map<QString, const Series *> byLabel;
    for (const auto &s : all)
        byLabel[QString::fromStdString(s.label)] = &s;
    const QList<QXYSeries *> time = w.timeChart()->seriesWithRole(ChartView::Role::Data);
    QCOMPARE(time.size(), int(all.size()));
    for (QXYSeries *s : time) {
        QVERIFY2(byLabel.count(s->name()), qPrintable(s->name()));
        const Series &want = *byLabel[s->name()];
        QCOMPARE(s->count(), int(want.points.size()));
        for (int i = 0; i < s->count(); ++i) {
            QCOMPARE(s->at(i).x(), double(want.points[std::size_t(i)].n));
            QCOMPARE(s->at(i).y(), want.points[std::size_t(i)].t * w.timeChart()->yScale());
        }
    }

    // Throughput: the same points, as bytes/s in the axis' unit.
    ChartView *throughput = w.chart(QStringLiteral("throughput"));
    const QList<QXYSeries *> tp = throughput->seriesWithRole(ChartView::Role::Data);
    QCOMPARE(tp.size(), int(all.size()));
    for (QXYSeries *s : tp) {
        const Series &want = *byLabel[s->name()];
        QCOMPARE(s->count(), int(want.points.size()));
        for (int i = 0; i < s->count(); ++i)
            QCOMPARE(s->at(i).y(),
                     ThroughputChart::throughput(want.points[std::size_t(i)], false) * throughput->yScale());
    }

    // Speedup: no GPU here unless there is one, and then only with GPU points.
    const bool gpuSeries = std::any_of(all.begin(), all.end(), [](const Series &s) { return s.gpu(); });
    if (!gpuSeries) {
        QVERIFY(w.chart(QStringLiteral("speedup"))->seriesWithRole(ChartView::Role::Data).isEmpty());
        QVERIFY(w.chart(QStringLiteral("speedup"))->noteText().contains(QStringLiteral("GPU")));
    }

    // A recorded file replays exactly as the live run drew it.
    const QString saved = m_dir.filePath(QStringLiteral("live.csv"));
    QVERIFY(w.saveData(saved));
    MainWindow replay(m_dir.filePath(QStringLiteral("replay.ini")));
    QVERIFY(replay.openResults(saved));
    replay.timeChart()->updateNow();
    const QList<QXYSeries *> again = replay.timeChart()->seriesWithRole(ChartView::Role::Data);
    QCOMPARE(again.size(), time.size());
    for (int i = 0; i < again.size(); ++i) {
        QCOMPARE(again[i]->name(), time[i]->name());
        QCOMPARE(again[i]->points(), time[i]->points());
    }

    // Thread scaling: the measured speedups T1/Tp at each shown n.
    ScalingChart *sc = w.scalingChart();
    if (allThreads && MachineInfo::hardwareThreads() > 1) {
        QVERIFY(!sc->shownSizes().isEmpty());
        const QList<QXYSeries *> scaling = sc->seriesWithRole(ChartView::Role::Data);
        QCOMPARE(scaling.size(), sc->shownSizes().size());
        for (int k = 0; k < scaling.size(); ++k) {
            const int n = sc->shownSizes()[k];
            const auto times = Analysis::threadTimes(all, n);
            QCOMPARE(scaling[k]->count(), int(times.size()));
            for (int i = 0; i < scaling[k]->count(); ++i) {
                QCOMPARE(scaling[k]->at(i).x(), double(times[std::size_t(i)].first));
                QCOMPARE(scaling[k]->at(i).y(), times.front().second / times[std::size_t(i)].second);
            }
        }
    } else {
        QVERIFY(sc->seriesWithRole(ChartView::Role::Data).isEmpty());
        QVERIFY(sc->noteText().contains(QStringLiteral("two CPU thread counts")));
    }
}

void TestMainWindow::invalidValuesAreRefusedAtTheField_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("reason");
    QTest::newRow("letters in the size list") << "letters"
                                              << "\"abc\" is not a whole number";
    QTest::newRow("zero in the size list") << "zero"
                                           << "must be positive";
    QTest::newRow("size above 65536") << "huge"
                                      << "65536";
    QTest::newRow("range min above max") << "range"
                                         << "above the maximum";
    QTest::newRow("no thread count") << "threads"
                                     << "thread count";
}

void TestMainWindow::invalidValuesAreRefusedAtTheField()
{
    QFETCH(QString, what);
    QFETCH(QString, reason);
    MainWindow w(m_dir.filePath(QStringLiteral("invalid.ini")));
    QStringList errors;
    w.setErrorReporter([&errors](const QString &, const QString &text) { errors << text; });
    w.show();
    SweepPanel *panel = w.sweepPanel();
    const SweepForm before = panel->form();
    auto *list = field<QLineEdit>(w, "sizesListEdit");
    if (what == QLatin1String("letters") || what == QLatin1String("zero") || what == QLatin1String("huge")) {
        clickRadio(field<QRadioButton>(w, "sizesListRadio"));
        list->clear();
        const QString typed = what == QLatin1String("letters") ? QStringLiteral("4,abc")
                              : what == QLatin1String("zero")  ? QStringLiteral("4,0")
                                                               : QStringLiteral("4,100000");
        QTest::keyClicks(list, typed);
        QCOMPARE(list->text(), typed); // as typed: the field names the problem, it never edits it
        QVERIFY(list->palette().color(QPalette::Base) != w.palette().color(QPalette::Base)); // marked
        QVERIFY2(field<QLabel>(w, "sizesInfo")->text().contains(reason),
                 qPrintable(field<QLabel>(w, "sizesInfo")->text()));
    } else if (what == QLatin1String("range")) {
        clickRadio(field<QRadioButton>(w, "sizesRangeRadio"));
        typeInto(field<QSpinBox>(w, "rangeMaxSpin"), QStringLiteral("10"));
        typeInto(field<QSpinBox>(w, "rangeMinSpin"), QStringLiteral("100"));
        QVERIFY2(field<QLabel>(w, "sizesInfo")->text().contains(reason),
                 qPrintable(field<QLabel>(w, "sizesInfo")->text()));
    } else {
        for (int i = 0; i < field<QListWidget>(w, "threadList")->count(); ++i)
            field<QListWidget>(w, "threadList")->item(i)->setCheckState(Qt::Unchecked);
        QVERIFY(field<QLabel>(w, "threadsInfo")->text().contains(QStringLiteral("at least one")));
    }
    QVERIFY2(panel->problem().contains(reason), qPrintable(panel->problem()));
    QVERIFY(!panel->runButton()->isEnabled());
    QVERIFY(!w.findChild<QAction *>(QStringLiteral("runAction"))->isEnabled());
    // Forcing it anyway starts nothing and says why.
    QSignalSpy shown(&w, &MainWindow::errorShown);
    QVERIFY(!w.runSweep());
    QCOMPARE(shown.size(), 1);
    QVERIFY(!w.isRunning());
    QVERIFY(errors.last().contains(reason));
    // Sound again: Run is back.
    panel->setForm(before);
    QVERIFY(panel->problem().isEmpty());
    QVERIFY(panel->runButton()->isEnabled());
}

// Issue 35: the first start on a small screen (a 1024 x 700 projector) opened a 1480 x 920
// window, part of it off-screen. It fits the screen it opens on now, and so does a window whose
// saved geometry came from a larger screen.
void TestMainWindow::firstStartFitsTheScreen()
{
    const QScreen *screen = QGuiApplication::primaryScreen();
    QVERIFY(screen);
    const QRect room = screen->availableGeometry();
    // As small as the window can be (its docks, restored or not) fits a 1024 x 700 projector with
    // a window manager's frame; beyond that, the window takes what the screen it opens on holds.
    auto fits = [&room](const MainWindow &w) {
        const QSize least = w.minimumSize().expandedTo(w.minimumSizeHint());
        if (least.width() > 1024 - 16 || least.height() > 700 - 40)
            return QStringLiteral("it cannot be smaller than %1x%2").arg(least.width()).arg(least.height());
        if (w.width() > std::max(room.width(), least.width()) ||
            w.height() > std::max(room.height(), least.height()))
            return QStringLiteral("%1x%2 on %3x%4")
                .arg(w.width())
                .arg(w.height())
                .arg(room.width())
                .arg(room.height());
        if (!room.contains(w.frameGeometry().topLeft()))
            return QStringLiteral("its corner is off the screen");
        return QString();
    };
    {
        MainWindow w(m_dir.filePath(QStringLiteral("first.ini")));
        QVERIFY2(fits(w).isEmpty(), qPrintable(fits(w)));
        w.resize(room.width() + 600, room.height() + 400); // as if saved on a larger screen
        w.move(room.right() - 10, room.top());
        QVERIFY(w.close());
    }
    MainWindow again(m_dir.filePath(QStringLiteral("first.ini")));
    QVERIFY2(fits(again).isEmpty(), qPrintable(fits(again)));
}

void TestMainWindow::shortcuts()
{
    MainWindow w(m_dir.filePath(QStringLiteral("keys.ini")));
    const std::pair<const char *, QKeySequence> expected[] = {
        {"runAction", QKeySequence(Qt::CTRL | Qt::Key_R)},
        {"cancelAction", QKeySequence(Qt::Key_Escape)},
        {"openAction", QKeySequence(Qt::CTRL | Qt::Key_O)},
        {"exportAction", QKeySequence(Qt::CTRL | Qt::Key_E)},
        {"saveAction", QKeySequence(Qt::CTRL | Qt::Key_S)}};
    for (const auto &[name, key] : expected) {
        auto *a = w.findChild<QAction *>(QLatin1String(name));
        QVERIFY2(a, name);
        QCOMPARE(a->shortcut(), key);
    }
    // Every chart's right-click menu can export and copy it.
    for (ChartView *c : w.charts()) {
        QCOMPARE(c->contextMenuPolicy(), Qt::ActionsContextMenu);
        QVERIFY2(c->actions().contains(w.findChild<QAction *>(QStringLiteral("exportAction"))),
                 qPrintable(c->name()));
        QVERIFY2(c->actions().contains(w.findChild<QAction *>(QStringLiteral("copyAction"))),
                 qPrintable(c->name()));
    }
    // Ctrl+R while the form cannot run says why in the status bar.
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    SweepForm f = w.sweepPanel()->form();
    f.cpu = true;
    f.gpu = false;
    f.threads.clear();
    w.sweepPanel()->setForm(f);
    QVERIFY(!w.sweepPanel()->problem().isEmpty());
    QVERIFY(!w.findChild<QAction *>(QStringLiteral("runAction"))->isEnabled());
    w.activateWindow();
    QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);
    QVERIFY2(w.statusBar()->currentMessage().startsWith(QStringLiteral("The sweep cannot run: ")),
             qPrintable(w.statusBar()->currentMessage()));
    QVERIFY(!w.isRunning());
}

void TestMainWindow::noGpuBanner()
{
    const MachineInfo::GpuState a = MachineInfo::gpuState();
    MainWindow w(m_dir.filePath(QStringLiteral("banner.ini")));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    if (a.usable) {
        QVERIFY(!w.gpuBanner()->isVisible());
        QSKIP("this machine has a usable GPU: no banner to check");
    }
    QVERIFY(w.gpuBanner()->isVisible());
    const QString reason = QString::fromStdString(a.reason);
    QVERIFY(w.gpuBanner()
                ->findChild<QLabel *>(QStringLiteral("gpuBannerText"))
                ->text()
                .contains(reason.left(30)));
    // A teacher's laptop has an Intel or AMD GPU: the banner names the OpenCL route to it.
    QVERIFY(w.gpuBanner()
                ->findChild<QLabel *>(QStringLiteral("gpuBannerText"))
                ->text()
                .contains(QStringLiteral("OpenCL")));
    // The device combo holds one disabled entry that says why (on a machine without OpenCL either).
    w.sweepPanel()->setDescribedStates({});
    auto *device = field<QComboBox>(w, "deviceCombo");
    QCOMPARE(device->count(), 1);
    QVERIFY(device->itemText(0).contains(reason.left(30)));
    auto *model = qobject_cast<QStandardItemModel *>(device->model());
    QVERIFY(model && !model->item(0)->isEnabled());
    QVERIFY(!field<QGroupBox>(w, "gpuGroup")->isEnabled());
    QVERIFY(!w.sweepPanel()->form().gpu);
}

// Without a usable GPU, the banner offers what the first command draws (issue 59): after a sweep of
// this CPU, one click sets the shipped recording's GPU curves beside it, compared across, and the
// offer goes (it comes back when they are removed).
void TestMainWindow::noGpuSweepMeetsTheRecordedGpu()
{
    if (MachineInfo::gpuState().usable)
        QSKIP("this machine has a usable GPU: no banner, no offer");
    MainWindow w(m_dir.filePath(QStringLiteral("beside.ini")));
    QStringList errors;
    w.setErrorReporter([&errors](const QString &, const QString &text) { errors << text; });
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto *offer = w.findChild<QAction *>(QStringLiteral("besideExample"));
    QVERIFY(offer);
    QVERIFY(!offer->isVisible()); // nothing measured yet: nothing to set beside
    w.sweepPanel()->setForm(smallSweep(w, QStringLiteral("16,256,1024"), 0));
    QSignalSpy finished(&w, &MainWindow::sweepFinished);
    QVERIFY(w.runSweep());
    QVERIFY(!offer->isVisible()); // not while it runs
    QVERIFY(finished.wait(60000));
    QVERIFY(offer->isVisible());
    auto *button = w.gpuBanner()->findChild<QToolButton *>(QStringLiteral("besideExampleButton"));
    QVERIFY(button && button->isVisible() && button->defaultAction() == offer);
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    RunStore &store = *w.runStore();
    QCOMPARE(store.runCount(), 2);
    const RunRecord &example = store.runs()[1];
    QVERIFY2(example.label.rfind("example: H200", 0) == 0, example.label.c_str());
    QVERIFY(!example.results.rows.empty());
    for (const Measurement &m : example.results.rows)
        QVERIFY(m.onGpu()); // its GPU alone: the lesson is this CPU against that GPU
    QCOMPARE(store.runA(), 0);
    QCOMPARE(store.runB(), 1);
    QVERIFY2(w.statusBar()->currentMessage().contains(Examples::machine()),
             qPrintable(w.statusBar()->currentMessage()));
    QVERIFY(!offer->isVisible());
    QVERIFY(!button->isVisible());
    store.removeRun(1);
    QVERIFY(offer->isVisible());
}

void TestMainWindow::gpuStateFollowsTheGpu()
{
    MainWindow w(m_dir.filePath(QStringLiteral("gpustate.ini")));
    QStringList errors;
    w.setErrorReporter([&errors](const QString &, const QString &text) { errors << text; });
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto *box = field<QGroupBox>(w, "gpuGroup");
    auto *device = field<QComboBox>(w, "deviceCombo");
    auto *info = field<QLabel>(w, "gpuInfo");
    auto *bannerText = w.gpuBanner()->findChild<QLabel *>(QStringLiteral("gpuBannerText"));
    QVERIFY(bannerText);
    w.sweepPanel()->setDescribedStates({}); // the CUDA GPUs alone in the list

    // A usable GPU, as a GPU machine reports it: the box can be switched on, no banner.
    MachineInfo::GpuState usable;
    usable.usable = true;
    MachineInfo::Gpu h200;
    h200.index = 0;
    h200.name = "NVIDIA H200";
    h200.computeCapability = "9.0";
    usable.gpus = {h200};
    w.setGpuState(usable);
    QVERIFY(box->isEnabled());
    QVERIFY(!w.gpuBanner()->isVisible());
    QVERIFY(!info->isVisible());
    QCOMPARE(device->count(), 1);
    QCOMPARE(device->itemText(0), QStringLiteral("0: NVIDIA H200 (compute 9.0)"));
    SweepForm f = w.sweepPanel()->form();
    f.workload = QStringLiteral("saxpy");
    f.sizesAsRange = false;
    f.sizeList = QStringLiteral("4,8");
    f.cpu = true;
    f.threads = {1};
    f.gpu = true;
    f.modes = {QStringLiteral("launch")};
    f.iterations = 10;
    f.minTime = 0;
    w.sweepPanel()->setForm(f);
    QVERIFY(w.sweepPanel()->form().gpu);

    // The GPU becomes unusable while the app runs (a sticky CUDA error): the GPU box is
    // switched off and disabled with the reason, the banner says why, the other fields stay.
    MachineInfo::GpuState broken;
    broken.reason = "a sticky CUDA error made the GPU unusable: an illegal memory access was encountered";
    const QString reason = QString::fromStdString(broken.reason);
    w.setGpuState(broken);
    QVERIFY(!box->isEnabled());
    QCOMPARE(box->toolTip(), reason);
    QVERIFY(info->isVisible());
    QVERIFY2(info->text().contains(reason), qPrintable(info->text()));
    QCOMPARE(device->count(), 1);
    QVERIFY(device->itemText(0).contains(reason));
    auto *model = qobject_cast<QStandardItemModel *>(device->model());
    QVERIFY(model && !model->item(0)->isEnabled());
    SweepForm kept = f;
    kept.gpu = false;
    QVERIFY(w.sweepPanel()->form() == kept);
    QVERIFY(!w.gpuState().usable);
    QVERIFY(w.gpuBanner()->isVisible());
    QVERIFY2(bannerText->text().contains(QStringLiteral("A sticky CUDA error made the GPU unusable")),
             qPrintable(bannerText->text()));

    // After a sweep the window asks core again and shows what it says now.
    w.setGpuState(usable);
    QVERIFY(!w.gpuBanner()->isVisible());
    f.gpu = false;
    w.sweepPanel()->setForm(f);
    QSignalSpy finished(&w, &MainWindow::sweepFinished);
    QVERIFY(w.runSweep());
    QVERIFY(finished.wait(60000));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    const MachineInfo::GpuState now = MachineInfo::gpuState();
    QCOMPARE(w.gpuState().usable, now.usable);
    QCOMPARE(w.gpuState().reason, now.reason);
    QCOMPARE(w.gpuBanner()->isVisible(), !now.usable);
    QCOMPARE(box->isEnabled(), now.usable);
    if (!now.usable)
        QVERIFY(bannerText->text().contains(QString::fromStdString(now.reason).left(30)));
}

void TestMainWindow::statusMessagesAreVisible()
{
    MainWindow w(m_dir.filePath(QStringLiteral("status.ini")));
    QStringList errors;
    w.setErrorReporter([&errors](const QString &, const QString &text) { errors << text; });
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto *label = w.statusBar()->findChild<QLabel *>(QStringLiteral("progressLabel"));
    QVERIFY(label);
    QVERIFY(!label->isVisible()); // idle: the message has the status bar
    QTRY_VERIFY(messageWidth(w) > w.statusBar()->width() / 2);

    w.sweepPanel()->setForm(smallSweep(w, QStringLiteral("4,8"), 0));
    QSignalSpy finished(&w, &MainWindow::sweepFinished);
    QVERIFY(w.runSweep());
    QTRY_VERIFY(label->isVisible()); // the progress shows while the sweep runs
    QVERIFY(finished.wait(60000));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));

    auto visible = [&w](const QString &start) {
        const QString message = w.statusBar()->currentMessage();
        if (!message.startsWith(start))
            return false;
        return messageWidth(w) >= w.statusBar()->fontMetrics().horizontalAdvance(message);
    };
    QVERIFY(!label->isVisible());
    QTRY_VERIFY2(
        visible(QStringLiteral("Sweep finished")),
        qPrintable(QStringLiteral("%1 (%2 px)").arg(w.statusBar()->currentMessage()).arg(messageWidth(w))));
    // The end note says when every curve spanned the range (the first pass) and the whole sweep.
    QVERIFY2(
        w.statusBar()->currentMessage().contains(QStringLiteral("every curve spanned the whole range")) &&
            w.statusBar()->currentMessage().contains(QStringLiteral("The sweep took")),
        qPrintable(w.statusBar()->currentMessage()));

    QVERIFY(w.saveData(m_dir.filePath(QStringLiteral("status.csv"))));
    QTRY_VERIFY2(
        visible(QStringLiteral("Saved 2 measurement")),
        qPrintable(QStringLiteral("%1 (%2 px)").arg(w.statusBar()->currentMessage()).arg(messageWidth(w))));
}

// Help ▸ Keyboard shortcuts lists what the window's actions answer to, the workspace's too.
void TestMainWindow::shortcutsPageListsEveryShortcut()
{
    MainWindow w(m_dir.filePath(QStringLiteral("shortcuts.ini")));
    auto *actions = w.findChild<MainActions *>();
    QVERIFY(actions);
    QVERIFY(w.findChild<QAction *>(QStringLiteral("shortcutsAction")));
    const QString table = actions->shortcutsTable();
    for (const QString &s :
         {QStringLiteral("Ctrl+R"), QStringLiteral("Run sweep"), QStringLiteral("Ctrl+Alt+O"),
          QStringLiteral("Open workspace"), QStringLiteral("Ctrl+Alt+S"), QStringLiteral("Save workspace"),
          QStringLiteral("Ctrl+1"), QStringLiteral("F11")})
        QVERIFY2(table.contains(s), qPrintable(s + QStringLiteral(" not in ") + table));
    for (const char *name : {"openWorkspaceAction", "saveWorkspaceAction"})
        QVERIFY(!w.findChild<QAction *>(QLatin1String(name))->shortcut().isEmpty());
}

QTEST_MAIN(TestMainWindow)

void TestMainWindow::titleNamesTheFileOnce()
{
    // The platform appends the display name: the title itself must not name the app again
    // ("SpeedupLab \u2014 file.csv \u2014 SpeedupLab").
    QCOMPARE(QGuiApplication::applicationDisplayName(), QStringLiteral("SpeedupLab"));
    MainWindow w(m_dir.filePath(QStringLiteral("title.ini")));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!w.windowTitle().contains(QStringLiteral("SpeedupLab")));
    QVERIFY(!w.isWindowModified());

    w.sweepPanel()->setForm(smallSweep(w, QStringLiteral("4,8"), 0));
    QSignalSpy finished(&w, &MainWindow::sweepFinished);
    QVERIFY(w.runSweep());
    QCOMPARE(w.windowTitle(), QStringLiteral("Measuring[*]"));
    // While points arrive the charts draw without antialiasing (a frame under 17 ms) ...
    for (ChartView *c : w.charts()) {
        QVERIFY(c->isLive());
        QVERIFY(!c->renderHints().testFlag(QPainter::Antialiasing));
    }
    QVERIFY(finished.wait(60000));
    QCOMPARE(w.windowTitle(), QStringLiteral("Unsaved results[*]"));
    // ... and a finished chart has it back.
    for (ChartView *c : w.charts()) {
        QVERIFY(!c->isLive());
        QVERIFY(c->renderHints().testFlag(QPainter::Antialiasing));
    }
    QVERIFY(w.isWindowModified()); // the platform shows the unsaved mark

    const QString path = m_dir.filePath(QStringLiteral("title.csv"));
    QVERIFY(w.saveData(path));
    QCOMPARE(w.windowTitle(), QStringLiteral("title.csv[*]"));
    QVERIFY(!w.isWindowModified());

    MainWindow opened(m_dir.filePath(QStringLiteral("title2.ini")));
    QVERIFY(opened.openResults(path));
    QCOMPARE(opened.windowTitle(), QStringLiteral("title.csv[*]"));
    QVERIFY(!opened.isWindowModified());
    // Close all: the title no longer names a file whose results are gone.
    auto *closeAll = opened.findChild<QPushButton *>(QStringLiteral("closeAllRunsButton"));
    QVERIFY(closeAll);
    closeAll->click();
    QCOMPARE(opened.runStore()->runCount(), 0);
    QVERIFY2(!opened.windowTitle().contains(QStringLiteral("title.csv")), qPrintable(opened.windowTitle()));
}

// Through the accessibility interface, as a screen reader (AT-SPI) asks: the window, every list,
// table, text view, combo and icon button has a name, and each chart is named and described by
// its curves and notes, which are drawn, not text.
void TestMainWindow::aScreenReaderCanNameEveryControlAndReadTheCharts()
{
    MainWindow w(m_dir.filePath(QStringLiteral("a11y.ini")));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const auto name = [](QObject *o) {
        QAccessibleInterface *a = QAccessible::queryAccessibleInterface(o);
        return a ? a->text(QAccessible::Name) : QString();
    };
    QVERIFY2(!name(&w).isEmpty(), "the window before a file is open");
    QVERIFY(w.openExample(0));
    QStringList unnamed;
    for (QWidget *c : w.findChildren<QWidget *>()) {
        const bool control = qobject_cast<QAbstractItemView *>(c) || qobject_cast<QComboBox *>(c) ||
                             qobject_cast<QPlainTextEdit *>(c) || qobject_cast<QTextEdit *>(c) ||
                             qobject_cast<QAbstractButton *>(c);
        if (!control || c->inherits("QChartView") || c->parentWidget() == nullptr)
            continue;
        // Qt's own parts, which its accessibility names from their owner: a combo's pop-up list,
        // a table's headers and corner, the tool bar's and the menu bar's overflow buttons.
        if (c->objectName().startsWith(QStringLiteral("qt_")) || c->inherits("QComboBoxListView") ||
            qobject_cast<QHeaderView *>(c) || c->inherits("QTableCornerButton"))
            continue;
        const QString n = name(c);
        if (n.trimmed().isEmpty() || n == QStringLiteral("\u00d7"))
            unnamed << c->metaObject()->className() + QStringLiteral(" ") + c->objectName();
    }
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QStringLiteral(", "))));
    for (ChartView *c : w.charts()) {
        if (c->countWithRole(ChartView::Role::Data) == 0)
            continue;
        QAccessibleInterface *a = QAccessible::queryAccessibleInterface(c);
        QVERIFY(a);
        QVERIFY2(!a->text(QAccessible::Name).isEmpty(), qPrintable(c->name()));
        const QString description = a->text(QAccessible::Description);
        QVERIFY2(description.contains(QStringLiteral("Curves: ")), qPrintable(c->name() + description));
        if (!c->noteText().isEmpty())
            QVERIFY2(description.contains(c->noteText()), qPrintable(c->name()));
    }
}

void TestMainWindow::timeLeftIsSmoothAndCountsThePointInFlight()
{
    TimeLeft left;
    QCOMPARE(left.at(0), -1.0); // unknown before the first report
    // 26 points; the first is expected to take 2 s, the rest 10 s.
    left.report(0, 12, 2);
    QCOMPARE(left.at(0), 12.0);
    QCOMPARE(left.at(1), 11.0); // counts down between reports
    // The point in flight takes longer than expected: the points after it still count.
    QCOMPARE(left.at(6), 10.0);
    QCOMPARE(left.inFlight(6), 6.0);
    // One noisy estimate (30 s where 6 s were expected) moves the figure, but not all the way.
    left.report(6, 30, 1);
    QCOMPARE(left.at(6), 29.0); // the 29 s after this point are a floor
    left.report(7, 5, 1);
    QVERIFY(left.at(7) > 5.0 && left.at(7) < 20.0);
    left.report(8, 0, 0);
    QVERIFY(left.at(8) >= 0);
    left.reset();
    QCOMPARE(left.at(8), -1.0);
}

void TestMainWindow::progressCountsDuringALongPoint()
{
    // One point that takes seconds (2000 iterations of n = 1024 per repetition, repetitions
    // until 4 s): the status bar says how long it has
    // run and updates while it runs, not only between points.
    MainWindow w(m_dir.filePath(QStringLiteral("longpoint.ini")));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.sweepPanel()->setForm(smallSweep(w, QStringLiteral("1024"), 4.0, 2000));
    QSignalSpy finished(&w, &MainWindow::sweepFinished);
    QVERIFY(w.runSweep());
    auto *label = w.statusBar()->findChild<QLabel *>(QStringLiteral("progressLabel"));
    QVERIFY(label);
    QTRY_VERIFY_WITH_TIMEOUT(label->text().contains(QStringLiteral(" s so far")), 3500);
    const QString before = label->text();
    QTRY_VERIFY_WITH_TIMEOUT(label->text() != before, 2000); // counts on while the point runs
    QVERIFY2(label->text().contains(QStringLiteral(" s so far")), qPrintable(label->text()));
    QVERIFY2(label->text().contains(QStringLiteral("left")) ||
                 label->text().contains(QStringLiteral("finishing")),
             qPrintable(label->text()));
    w.cancelSweep();
    QVERIFY(finished.wait(30000));
}

#include "tst_mainwindow.moc"
