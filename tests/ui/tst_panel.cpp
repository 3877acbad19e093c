// SPDX-License-Identifier: MIT
// The sweep panel's size fields say why they changed what was typed, an invalid field keeps
// its spin arrows, the panel names the sizes that will not fit in memory before the run, the
// load banner warns once about a busy machine, and the time chart's note for results with
// nothing to plot reads properly for a single point.
#include "fixtures.h"

#include "core/devices/devicebackend.h"
#include "core/measure/calibration.h"
#include "core/plan/sweepplan.h"
#include "ui/app.h"
#include "ui/charts/timechart.h"
#include "ui/loadbanner.h"
#include "ui/runstore.h"
#include "ui/sweeppanel.h"
#include "ui/wheelguard.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStyleOptionSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QWheelEvent>

using namespace speeduplab;

class TestPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sizeOutOfRangeIsExplained_data();
    void sizeOutOfRangeIsExplained();
    void invalidSpinBoxKeepsItsArrows();
    void sizesThatWillNotFit_data();
    void sizesThatWillNotFit();
    void memoryWarningFollowsTheFields();
    void findTheCrossoversRefinesThePlan();
    void placementBesideTheThreadCounts();
    void energyCanBeSwitchedOff();
    void wheelScrollsTheFormNotTheField();
    void typedSizesAreNeverChanged();
    void busyMachineIsSaidOnce();
    void cpuConditionsAreSaid();
    void onePointWithNothingToPlot();
    void everyGpuInTurn();
    void openclDevicesAreListed();
};

void TestPanel::initTestCase()
{
    App::initialise();
}

void TestPanel::sizeOutOfRangeIsExplained_data()
{
    QTest::addColumn<QString>("spin");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<int>("value");
    QTest::addColumn<QString>("why");
    QTest::newRow("max n too large") << "rangeMaxSpin"
                                     << "100000" << SweepPlan::maxSize
                                     << QStringLiteral("n is at most %1").arg(SweepPlan::maxSize);
    QTest::newRow("min n = 0") << "rangeMinSpin"
                               << "0" << 1 << "n is at least 1";
    // Typed as the list field takes them, and refused with a word, not turned into 13 and 5.
    QTest::newRow("max n 1e3") << "rangeMaxSpin"
                               << "1e3" << 4000
                               << QStringLiteral("\u201c1e3\u201d is not a whole number: n stays 4000");
    QTest::newRow("min n -5") << "rangeMinSpin"
                              << "-5" << 1 << "n is at least 1; -5 was set to 1";
}

void TestPanel::sizeOutOfRangeIsExplained()
{
    QFETCH(QString, spin);
    QFETCH(QString, typed);
    QFETCH(int, value);
    QFETCH(QString, why);
    SweepPanel panel(4, MachineInfo::GpuState{}, Devices::states());
    panel.show();
    auto *s = panel.findChild<QSpinBox *>(spin);
    QVERIFY(s);
    auto *info = panel.findChild<QLabel *>(QStringLiteral("sizesInfo"));
    QVERIFY(info);
    QVERIFY(!info->text().contains(why));
    auto *edit = s->findChild<QLineEdit *>();
    QVERIFY(edit);
    s->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, typed);
    QCOMPARE(edit->text(), typed); // every digit was taken, none silently dropped
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(s->value(), value);
    QVERIFY2(info->text().contains(why), qPrintable(info->text()));
    // Typing again clears the note at the next change.
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("40"));
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(s->value(), 40);
    QVERIFY2(!info->text().contains(why), qPrintable(info->text()));
}

namespace {

constexpr double GiB = 1024.0 * 1024 * 1024;

// A spin box's look with its arrows: the up and down buttons, as the style lays them out.
QImage arrows(QSpinBox *s)
{
    QStyleOptionSpinBox o;
    o.initFrom(s);
    o.frame = s->hasFrame();
    o.buttonSymbols = s->buttonSymbols();
    o.subControls =
        QStyle::SC_SpinBoxFrame | QStyle::SC_SpinBoxEditField | QStyle::SC_SpinBoxUp | QStyle::SC_SpinBoxDown;
    const QRect up = s->style()->subControlRect(QStyle::CC_SpinBox, &o, QStyle::SC_SpinBoxUp, s);
    const QRect down = s->style()->subControlRect(QStyle::CC_SpinBox, &o, QStyle::SC_SpinBoxDown, s);
    return s->grab(up.united(down)).toImage();
}

SweepForm cpuForm(const QString &workload, const QString &sizes)
{
    SweepForm f = SweepForm::defaults(2, false);
    f.workload = workload;
    f.sizesAsRange = false;
    f.sizeList = sizes;
    f.threads = {1, 2};
    return f;
}

} // namespace

void TestPanel::invalidSpinBoxKeepsItsArrows()
{
    SweepPanel panel(4, MachineInfo::GpuState{}, Devices::states());
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto *min = panel.findChild<QSpinBox *>(QStringLiteral("rangeMinSpin"));
    auto *max = panel.findChild<QSpinBox *>(QStringLiteral("rangeMaxSpin"));
    auto *steps = panel.findChild<QSpinBox *>(QStringLiteral("stepsSpin")); // stays sound
    QVERIFY(min && max && steps);
    const QColor base = min->palette().color(QPalette::Base);
    max->setValue(40);
    min->setValue(400); // min above max: both are marked
    QVERIFY(!panel.problem().isEmpty());
    QVERIFY(!panel.runButton()->isEnabled());
    for (QSpinBox *s : {min, max}) {
        QVERIFY2(s->styleSheet().isEmpty(), qPrintable(s->styleSheet())); // a style sheet drops the arrows
        QVERIFY(s->palette().color(QPalette::Base) != base);
    }
    // The marked fields draw their arrows as the sound one below them (same size, same column).
    QCOMPARE(min->size(), steps->size());
    QCOMPARE(arrows(min), arrows(steps));
    QCOMPARE(arrows(max), arrows(steps));
    min->setValue(4);
    QVERIFY(panel.problem().isEmpty());
    for (QSpinBox *s : {min, max})
        QCOMPARE(s->palette().color(QPalette::Base), base);
}

void TestPanel::sizesThatWillNotFit_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("sizes");
    QTest::addColumn<double>("host");
    QTest::addColumn<QString>("warning");
    QTest::newRow("all fit") << "add"
                             << "4,64,4096" << 8 * GiB << QString();
    QTest::newRow("add, 65536")
        << "add"
        << "4,64,65536" << 22.1 * GiB
        << "n = 65536 will not fit: needs 64.0 GiB, 22.1 GiB available (host memory); it will be skipped.";
    QTest::newRow("saxpy, 65536")
        << "saxpy"
        << "4,65536" << 8 * GiB
        << "n = 65536 will not fit: needs 96.0 GiB, 8.0 GiB available (host memory); it will be skipped.";
    QTest::newRow("many")
        << "add"
        << "4,30000,40000,50000,65536" << 8 * GiB
        << "n = 30000 will not fit: needs 13.4 GiB, 8.0 GiB available (host memory); it will "
           "be skipped.\n"
           "n = 40000 will not fit: needs 23.8 GiB, 8.0 GiB available (host memory); it will "
           "be skipped.\n"
           "2 more sizes, up to n = 65536, will not fit either and will be skipped.";
}

void TestPanel::sizesThatWillNotFit()
{
    QFETCH(QString, workload);
    QFETCH(QString, sizes);
    QFETCH(double, host);
    QFETCH(QString, warning);
    SweepPanel panel(2, MachineInfo::GpuState{}, Devices::states());
    panel.setHostMemory(host);
    panel.setForm(cpuForm(workload, sizes));
    auto *label = panel.findChild<QLabel *>(QStringLiteral("memoryWarning"));
    QVERIFY(label);
    QCOMPARE(panel.memoryWarning(), warning);
    QCOMPARE(label->text(), warning);
    QCOMPARE(label->isVisibleTo(&panel), !warning.isEmpty());
    // A warning, not a refusal: those points are skipped with the reason, the others run.
    QVERIFY(panel.problem().isEmpty());
    QVERIFY(panel.runButton()->isEnabled());
}

void TestPanel::memoryWarningFollowsTheFields()
{
    SweepPanel panel(2, MachineInfo::GpuState{}, Devices::states());
    panel.setHostMemory(22.1 * GiB);
    panel.setForm(cpuForm(QStringLiteral("add"), QStringLiteral("4,64")));
    QVERIFY(panel.memoryWarning().isEmpty());
    auto *list = panel.findChild<QLineEdit *>(QStringLiteral("sizesListEdit"));
    QVERIFY(list);
    QTest::keyClicks(list, QStringLiteral(",65536")); // as it is typed
    QVERIFY2(panel.memoryWarning().startsWith(QStringLiteral("n = 65536 will not fit: needs 64.0 GiB")),
             qPrintable(panel.memoryWarning()));
    panel.setHostMemory(200 * GiB); // more memory: it fits
    QVERIFY(panel.memoryWarning().isEmpty());
    panel.setHostMemory(22.1 * GiB);
    QVERIFY(!panel.memoryWarning().isEmpty());
    auto *workload = panel.findChild<QComboBox *>(QStringLiteral("workloadCombo"));
    QVERIFY(workload);
    workload->setCurrentIndex(workload->findData(QStringLiteral("saxpy")));
    QVERIFY2(panel.memoryWarning().contains(QStringLiteral("needs 96.0 GiB")),
             qPrintable(panel.memoryWarning()));
    // Without a sound plan there is no warning, only the problem.
    list->clear();
    QVERIFY(!panel.problem().isEmpty());
    QVERIFY(panel.memoryWarning().isEmpty());
}

void TestPanel::findTheCrossoversRefinesThePlan()
{
    // Issue 38: the check box beside the sizes asks the sweep for --refine 5 %; off, no refinement.
    SweepPanel panel(2, MachineInfo::GpuState{}, Devices::states());
    panel.setForm(cpuForm(QStringLiteral("add"), QStringLiteral("4,64")));
    auto *refine = panel.findChild<QCheckBox *>(QStringLiteral("refineCheck"));
    QVERIFY(refine && !refine->isChecked());
    QCOMPARE(panel.form().toPlan(2, false).refine, 0.0);
    refine->setChecked(true);
    QCOMPARE(panel.form().refine, SweepForm::refinePrecision);
    QCOMPARE(panel.form().toPlan(2, false).refine, 0.05);
    // A form that asks for it shows it checked.
    SweepForm f = panel.form();
    refine->setChecked(false);
    panel.setForm(f);
    QVERIFY(refine->isChecked());
}

void TestPanel::placementBesideTheThreadCounts()
{
    // Issue 39: the choice beside the thread counts is the plan's placement, cores first unless
    // another is chosen, and it comes back through the settings; a hostile value reads as the default.
    SweepPanel panel(2, MachineInfo::GpuState{}, Devices::states());
    panel.setForm(cpuForm(QStringLiteral("add"), QStringLiteral("4,64")));
    auto *combo = panel.findChild<QComboBox *>(QStringLiteral("placementCombo"));
    QVERIFY(combo);
    QCOMPARE(panel.form().toPlan(2, false).placement, Placement::Kind::CoresFirst);
    combo->setCurrentIndex(combo->findData(QStringLiteral("none")));
    QCOMPARE(panel.form().toPlan(2, false).placement, Placement::Kind::None);
    QTemporaryDir dir;
    QSettings s(dir.filePath(QStringLiteral("p.ini")), QSettings::IniFormat);
    panel.form().save(s);
    const std::optional<SweepForm> back = SweepForm::load(s, 2, false);
    QVERIFY(back);
    QCOMPARE(back->placement, QStringLiteral("none"));
    // Not a placement: the saved form is refused whole, and the window keeps its defaults.
    s.setValue(QStringLiteral("sweep/placement"), QStringLiteral("</b>scatter"));
    QVERIFY(!SweepForm::load(s, 2, false));
    QCOMPARE(SweepForm::defaults(2, false).placement, QStringLiteral("cores-first"));
    // A plan that asks for compact shows it chosen.
    SweepPlan p = panel.form().toPlan(2, false);
    p.placement = Placement::Kind::Compact;
    panel.setForm(SweepForm::fromPlan(p, 2, false));
    QCOMPARE(combo->currentData().toString(), QStringLiteral("compact"));
}

void TestPanel::energyCanBeSwitchedOff()
{
    // Issue 40: "Measure energy" is the plan's energy, on unless unchecked, kept in the settings;
    // a form saved before it existed reads as on.
    SweepPanel panel(2, MachineInfo::GpuState{}, Devices::states());
    panel.setForm(cpuForm(QStringLiteral("add"), QStringLiteral("4,64")));
    auto *check = panel.findChild<QCheckBox *>(QStringLiteral("energyCheck"));
    QVERIFY(check);
    QVERIFY(check->isChecked());
    QVERIFY(panel.form().toPlan(2, false).energy);
    check->setChecked(false);
    QVERIFY(!panel.form().toPlan(2, false).energy);
    QTemporaryDir dir;
    QSettings s(dir.filePath(QStringLiteral("e.ini")), QSettings::IniFormat);
    panel.form().save(s);
    const std::optional<SweepForm> back = SweepForm::load(s, 2, false);
    QVERIFY(back);
    QVERIFY(!back->energy);
    s.remove(QStringLiteral("sweep/energy"));
    const std::optional<SweepForm> older = SweepForm::load(s, 2, false);
    QVERIFY(older);
    QVERIFY(older->energy);
}

namespace {

/// One notch of the wheel, down, over the middle of w. Returns whether w (or the guard) took it:
/// a wheel event left unaccepted goes on to the parents when it comes from the window system.
/// (An event sent from here is not spontaneous, so Qt does not pass it on; the scroll itself
/// is Qt's and is seen under Xvfb.)
bool wheelDown(QWidget *w)
{
    const QPointF at(w->width() / 2.0, w->height() / 2.0);
    QWheelEvent e(at, w->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                  Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
    return e.isAccepted();
}

} // namespace

void TestPanel::wheelScrollsTheFormNotTheField()
{
    // Scrolling the panel with the wheel once changed the largest size under the pointer
    // (4000 became 3977). A field takes the wheel only once it has the focus; before, the wheel
    // goes on to the scroll area. The guard is App::initialise's, for every form.
    WheelGuard::install(*qApp); // a second install does nothing
    WheelGuard::install(*qApp);
    QCOMPARE(qApp->findChildren<WheelGuard *>(QString(), Qt::FindDirectChildrenOnly).size(), 1);
    SweepPanel panel(4, MachineInfo::GpuState{}, Devices::states());
    panel.resize(panel.sizeHint().width(), 300); // short, so that the fields scroll
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto *scroll = panel.findChild<QScrollArea *>(QStringLiteral("sweepScroll"));
    auto *max = panel.findChild<QSpinBox *>(QStringLiteral("rangeMaxSpin"));
    QVERIFY(scroll && max);
    QVERIFY(scroll->isAncestorOf(max));
    QVERIFY(scroll->verticalScrollBar()->maximum() > 0);
    QCOMPARE(max->focusPolicy(), Qt::StrongFocus); // the wheel alone gives it no focus
    QVERIFY(!max->hasFocus());
    const int value = max->value();
    QVERIFY(!wheelDown(max)); // left for the scroll area
    QCOMPARE(max->value(), value);
    const QList<QComboBox *> combos = panel.findChildren<QComboBox *>();
    QVERIFY(!combos.isEmpty());
    for (QComboBox *c : combos)
        QCOMPARE(c->focusPolicy(), Qt::StrongFocus);
    // Given the focus, the field takes the wheel as any spin box does.
    panel.activateWindow();
    max->setFocus();
    QTRY_VERIFY(max->hasFocus());
    QVERIFY(wheelDown(max));
    QVERIFY(max->value() < value);
}

void TestPanel::typedSizesAreNeverChanged()
{
    // What is typed stays as typed: "1e3" once became "13" (a validator dropped the "e"), so a
    // sweep meant for n = 1000 measured n = 13. A size that is not a whole number is named and
    // Run waits.
    SweepPanel panel(2, MachineInfo::GpuState{}, Devices::states());
    panel.setForm(cpuForm(QStringLiteral("add"), QStringLiteral("4,40")));
    auto *list = panel.findChild<QLineEdit *>(QStringLiteral("sizesListEdit"));
    auto *info = panel.findChild<QLabel *>(QStringLiteral("sizesInfo"));
    QVERIFY(list && info);
    list->clear();
    QTest::keyClicks(list, QStringLiteral("4, 40, 1e3"));
    QCOMPARE(list->text(), QStringLiteral("4, 40, 1e3"));
    QVERIFY2(info->text().contains(QStringLiteral("\"1e3\" is not a whole number")),
             qPrintable(info->text()));
    QVERIFY(!panel.problem().isEmpty());
    QVERIFY(!panel.runButton()->isEnabled());
    list->clear();
    QTest::keyClicks(list, QStringLiteral("4,-5"));
    QCOMPARE(list->text(), QStringLiteral("4,-5"));
    QVERIFY2(info->text().contains(QStringLiteral("-5 must be positive")), qPrintable(info->text()));
    list->clear();
    QTest::keyClicks(list, QStringLiteral("4,1000"));
    QVERIFY(panel.problem().isEmpty());
    QVERIFY(panel.runButton()->isEnabled());
    // Entered, a list reads as the sweep runs it: ascending, each size once, and the panel says so.
    list->clear();
    QTest::keyClicks(list, QStringLiteral("40,4,4"));
    QTest::keyClick(list, Qt::Key_Return);
    QCOMPARE(list->text(), QStringLiteral("4,40"));
    QVERIFY2(info->text().contains(QStringLiteral("sorted, and 1 size given twice was kept once")),
             qPrintable(info->text()));

    // A corrected range bound is explained under the range, and not under a list.
    auto *asRange = panel.findChild<QRadioButton *>(QStringLiteral("sizesRangeRadio"));
    auto *asList = panel.findChild<QRadioButton *>(QStringLiteral("sizesListRadio"));
    auto *max = panel.findChild<QSpinBox *>(QStringLiteral("rangeMaxSpin"));
    QVERIFY(asRange && asList && max);
    asRange->click();
    max->setFocus();
    max->selectAll();
    QTest::keyClicks(max, QStringLiteral("100000"));
    QTest::keyClick(max, Qt::Key_Return);
    QVERIFY2(info->text().contains(QStringLiteral("65536")), qPrintable(info->text()));
    asList->click();
    QVERIFY2(!info->text().contains(QStringLiteral("100000")), qPrintable(info->text()));
}

void TestPanel::cpuConditionsAreSaid()
{
    QWidget window;
    auto *quiet = new CpuConditionsBanner(std::string(), &window);
    CpuConditions c;
    c.governor = "powersave";
    auto *banner = new CpuConditionsBanner(c.warning(), &window);
    window.show();
    QVERIFY(!quiet->isVisible());
    QVERIFY(banner->isVisible());
    QVERIFY(banner->text().startsWith(QStringLiteral("CPU timings may vary: ")));
    QVERIFY(banner->text().contains(QStringLiteral("\"powersave\"")));
    QCOMPARE(banner->findChild<QLabel *>(QStringLiteral("cpuConditionsBannerText"))->text(), banner->text());
    banner->findChild<QToolButton *>()->click();
    QVERIFY(!banner->isVisible());
}

void TestPanel::busyMachineIsSaidOnce()
{
    QList<std::optional<CpuLoad::Load>> loads = {std::nullopt, CpuLoad::Load{0.1, 2}, CpuLoad::Load{1.6, 2},
                                                 CpuLoad::Load{1.9, 2}, CpuLoad::Load{1.7, 2}};
    int asked = 0;
    QWidget window;
    auto *banner = new LoadBanner([] { return 2; },
                                  [&] {
                                      ++asked;
                                      return loads.isEmpty() ? std::nullopt : loads.takeFirst();
                                  },
                                  &window);
    window.show();
    QCOMPARE(asked, 1); // the baseline, at once
    QVERIFY(!banner->isVisible());
    banner->check(); // other programs idle
    QVERIFY(!banner->isVisible());
    QVERIFY(!banner->hasWarned());
    banner->check(); // busy
    QVERIFY(banner->isVisible());
    const QString said = banner->text();
    QCOMPARE(said, QStringLiteral(
                       "Other programs are using 1.6 of 2 cores (80 %): a sweep run now will time slower "
                       "and noisier than this machine can do. Recordings you open are not affected."));
    QCOMPARE(banner->findChild<QLabel *>(QStringLiteral("loadBannerText"))->text(), said);
    // Once: it neither changes nor comes back after the user closes it, and stops asking.
    banner->check();
    QCOMPARE(banner->text(), said);
    banner->findChild<QToolButton *>()->click();
    QVERIFY(!banner->isVisible());
    banner->check();
    QVERIFY(!banner->isVisible());
    QCOMPARE(asked, 3);
}

void TestPanel::onePointWithNothingToPlot()
{
    for (int count : {1, 2}) {
        RunStore store;
        for (int i = 0; i < count; ++i) {
            Measurement m = fixtures::point("cpu", 1, "", 64 << i, 1e-6);
            m.status = Measurement::Status::Failed;
            m.reason = "failed on purpose";
            store.append(m);
        }
        TimeChart chart;
        chart.setModel(&store);
        chart.updateNow();
        const QString note = chart.noteText();
        if (count == 1)
            QVERIFY2(note.startsWith(QStringLiteral("The only point has no time to plot")), qPrintable(note));
        else
            QVERIFY2(note.startsWith(QStringLiteral("None of the 2 points")), qPrintable(note));
    }
}

// A machine with two GPUs (a fake device list): the device list offers both in turn, and the
// plan then sweeps each.
void TestPanel::everyGpuInTurn()
{
    MachineInfo::GpuState state;
    state.usable = true;
    for (int i = 0; i < 2; ++i) {
        MachineInfo::Gpu g;
        g.index = i;
        g.name = i == 0 ? "NVIDIA H200" : "NVIDIA L4";
        g.computeCapability = i == 0 ? "9.0" : "8.9";
        state.gpus.push_back(g);
    }
    SweepPanel panel(4, state, Devices::states());
    panel.setDescribedStates({}); // the two GPUs alone
    auto *devices = panel.findChild<QComboBox *>(QStringLiteral("deviceCombo"));
    QVERIFY(devices);
    QCOMPARE(devices->count(), 3);
    QVERIFY(devices->itemText(2).contains(QStringLiteral("All 2 devices")));
    devices->setCurrentIndex(2);
    SweepForm f = panel.form();
    QVERIFY(f.allDevices);
    f.gpu = true;
    QCOMPARE(f.toPlan(4, 2).gpuDevices(), (std::vector<int>{0, 1}));
    devices->setCurrentIndex(1);
    QVERIFY(!panel.form().allDevices);
    QCOMPARE(panel.form().device, 1);
    // A form that sweeps every GPU comes back to the same choice.
    panel.setForm(f);
    QCOMPARE(devices->currentIndex(), 2);
}

// A laptop without CUDA (a fake OpenCL list): PoCL on the CPU and an integrated GPU. The list names
// both as they are, the seed runs on the GPU, PoCL is said to be the CPU itself, and a plan sweeps
// the OpenCL device chosen (or every device).
void TestPanel::openclDevicesAreListed()
{
    MachineInfo::GpuState noCuda;
    noCuda.reason = "No NVIDIA driver was found";
    MachineInfo::DescribedState cl;
    cl.usable = true;
    DeviceDescription pocl, igpu;
    pocl.index = 0;
    pocl.name = "cpu-haswell-Intel(R) Core(TM) i5";
    pocl.platform = "Portable Computing Language";
    pocl.type = "CPU";
    pocl.unifiedMemory = true;
    igpu.index = 1;
    igpu.name = "Intel(R) UHD Graphics 620";
    igpu.platform = "Intel(R) OpenCL HD Graphics";
    igpu.type = "GPU";
    igpu.unifiedMemory = true;
    cl.devices = {pocl, igpu};
    SweepPanel panel(4, noCuda, Devices::states());
    panel.setDescribedStates({cl});
    auto *devices = panel.findChild<QComboBox *>(QStringLiteral("deviceCombo"));
    QVERIFY(devices);
    QCOMPARE(devices->count(), 3);
    QCOMPARE(devices->itemText(0), QStringLiteral("opencl:0: OpenCL on the CPU (PoCL)"));
    QCOMPARE(devices->itemText(1),
             QStringLiteral("opencl:1: Intel(R) UHD Graphics 620 (integrated GPU, OpenCL)"));
    QVERIFY(devices->itemText(2).contains(QStringLiteral("All 2 devices")));

    // The seed on this machine: its integrated GPU.
    const SweepForm seed = panel.defaultForm();
    QVERIFY(seed.gpu && seed.described == QStringLiteral("opencl"));
    QCOMPARE(seed.device, 1);
    panel.setForm(seed);
    QCOMPARE(devices->currentIndex(), 1);
    QVERIFY(panel.form() == seed);
    SweepPlan plan = panel.plan().value();
    QVERIFY(!plan.gpu);
    QCOMPARE(plan.describedDevices, (std::vector<PlanDevice>{{"opencl", 1}}));
    QVERIFY(plan.cpu);
    // The form of that plan comes back the same.
    QVERIFY(SweepForm::fromPlan(plan, 4, false, std::vector<PlanDevice>{{"opencl", 0}, {"opencl", 1}}) ==
            seed);

    // PoCL: listed, and said to be the CPU itself.
    devices->setCurrentIndex(0);
    QCOMPARE(panel.form().device, 0);
    QVERIFY(panel.form().described == QStringLiteral("opencl"));
    auto *info = panel.findChild<QLabel *>(QStringLiteral("gpuInfo"));
    QVERIFY(info && info->text().contains(QStringLiteral("OpenCL on the CPU")));
    QCOMPARE(panel.plan().value().describedDevices, (std::vector<PlanDevice>{{"opencl", 0}}));

    // Every device in turn: both OpenCL devices, and no CUDA point on a machine without CUDA.
    devices->setCurrentIndex(2);
    plan = panel.plan().value();
    QVERIFY(!plan.gpu);
    QCOMPARE(plan.describedDevices, (std::vector<PlanDevice>{{"opencl", 0}, {"opencl", 1}}));

    // gemm on the integrated GPU: the variants offered are OpenCL's, CLBlast's among them.
    SweepForm gemm = seed;
    gemm.workload = QStringLiteral("gemm");
    gemm.iterations = 1;
    gemm.gpuVariant = QStringLiteral("clblast");
    panel.setForm(gemm);
    auto *variants = panel.findChild<QComboBox *>(QStringLiteral("gpuVariantCombo"));
    QVERIFY(variants);
    QVERIFY(variants->findData(QStringLiteral("clblast")) >= 0);
    QVERIFY(variants->findData(QStringLiteral("cublas")) < 0);
    QCOMPARE(panel.form().gpuVariant, QStringLiteral("clblast"));
    plan = panel.plan().value();
    QCOMPARE(plan.variantsOn("opencl"), (std::vector<std::string>{"clblast"}));
    QVERIFY(SweepForm::fromPlan(plan, 4, false, std::vector<PlanDevice>{{"opencl", 0}, {"opencl", 1}})
                .gpuVariant == QStringLiteral("clblast"));
    {
        QTemporaryDir gemmDir;
        QSettings g(gemmDir.filePath(QStringLiteral("gemm.ini")), QSettings::IniFormat);
        panel.form().save(g);
        const std::optional<SweepForm> kept =
            SweepForm::load(g, 4, false, std::vector<PlanDevice>{{"opencl", 0}, {"opencl", 1}});
        QVERIFY(kept && kept->gpuVariant == QStringLiteral("clblast"));
    }

    // Too slow, said before the sweep: at a calibrated 100 GFLOP/s, one gemm at n = 8192 takes at
    // least 11 s (2 x 8192^3 FLOP). Without a calibration of the device nothing is said.
    SweepForm big = panel.form();
    big.sizesAsRange = false;
    big.sizeList = QStringLiteral("256,8192");
    panel.setForm(big);
    auto *slow = panel.findChild<QLabel *>(QStringLiteral("slowWarning"));
    QVERIFY(slow);
    QVERIFY2(panel.slowWarning().isEmpty(), qPrintable(panel.slowWarning()));
    MachineInfo calibrated;
    calibrated.described = cl.devices;
    calibrated.ceilings[Calibration::deviceKey("opencl", 1, "fma_flops_per_s")] = 100e9;
    panel.setMachine(calibrated);
    QVERIFY2(panel.slowWarning().startsWith(QStringLiteral(
                 "opencl:1 is slow for this sweep: one repetition of gemm (clblast) at n = 8192 "
                 "takes at least 11 s there (at its calibrated FMA peak of 100 GFLOP/s), and the point at "
                 "least twice that.")),
             qPrintable(panel.slowWarning()));
    QCOMPARE(slow->text(), panel.slowWarning());
    QVERIFY(panel.runButton()->isEnabled()); // a warning: the user may still run it
    big.sizeList = QStringLiteral("256,1024");
    panel.setForm(big);
    QVERIFY2(panel.slowWarning().isEmpty(), qPrintable(panel.slowWarning()));
    panel.setForm(seed);

    // A saved OpenCL device that is gone: the GPU box comes back off, not pointing at nothing.
    QTemporaryDir dir;
    QSettings s(dir.filePath(QStringLiteral("gone.ini")), QSettings::IniFormat);
    seed.save(s);
    const std::optional<SweepForm> back =
        SweepForm::load(s, 4, false, std::vector<PlanDevice>{{"opencl", 0}, {"opencl", 1}});
    QVERIFY(back && *back == seed);
    const std::optional<SweepForm> gone =
        SweepForm::load(s, 4, false, std::vector<PlanDevice>{{"opencl", 0}});
    QVERIFY(gone && !gone->gpu && gone->described.isEmpty());
    // Settings from before the described backends held a bool: true is an OpenCL device.
    s.setValue(QStringLiteral("sweep/opencl"), true);
    const std::optional<SweepForm> older =
        SweepForm::load(s, 4, false, std::vector<PlanDevice>{{"opencl", 0}, {"opencl", 1}});
    QVERIFY(older && older->described == QStringLiteral("opencl") && older->device == seed.device);
    s.setValue(QStringLiteral("sweep/opencl"), QStringLiteral("no-such-backend"));
    const std::optional<SweepForm> unknown =
        SweepForm::load(s, 4, false, std::vector<PlanDevice>{{"opencl", 0}, {"opencl", 1}});
    QVERIFY(unknown && unknown->described.isEmpty());
}

QTEST_MAIN(TestPanel)
#include "tst_panel.moc"
