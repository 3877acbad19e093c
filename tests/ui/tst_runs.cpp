// SPDX-License-Identifier: MIT
// Several runs side by side, driven as a user would: a sweep added to an opened GPU run, the
// crossover of one run's CPU with another's GPU chosen in the Runs panel, the compare chart's
// verdicts, renaming, hiding and removing runs, workspaces (and malformed ones), saving several
// runs, opening several files at once and dropping files on the window.
#include "fixtures.h"

#include "core/results/resultio.h"
#include "core/results/runset.h"
#include "ui/app.h"
#include "ui/charts/comparechart.h"
#include "ui/charts/timechart.h"
#include "ui/devicemodel.h"
#include "ui/mainwindow.h"
#include "ui/resulttablemodel.h"
#include "ui/runspanel.h"
#include "ui/runstore.h"
#include "ui/sweeppanel.h"
#include "words/format.h"
#include "words/translations.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLogValueAxis>
#include <QMimeData>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <QXYSeries>

#include <algorithm>
#include <cctype>
#include <memory>

using namespace speeduplab;

namespace {

QStringList dataNames(ChartView *c)
{
    c->updateNow();
    QStringList out;
    for (QXYSeries *s : c->seriesWithRole(ChartView::Role::Data))
        out << s->property("plainName").toString(); // the whole name (the legend may cut the run)
    return out;
}

// The rows of r whose backend is (or is not) the GPU.
ResultSet onlyBackend(const ResultSet &r, bool gpu)
{
    ResultSet out;
    out.machine = r.machine;
    for (const Measurement &m : r.rows)
        if ((m.backend == "gpu") == gpu)
            out.add(m);
    return out;
}

// The successful rows of r with every time times factor and the given noise (CV, repetitions).
ResultSet varied(const ResultSet &r, double factor, double cv, int reps)
{
    ResultSet out;
    out.machine = r.machine;
    for (Measurement m : r.rows) {
        if (!m.ok())
            continue;
        Stats &s = m.stats;
        s.median *= factor;
        s.mean = s.median;
        s.min = s.median * (1 - 2 * cv);
        s.max = s.median * (1 + 2 * cv);
        s.stddev = s.median * cv;
        s.cv = cv;
        s.reps = reps;
        out.add(m);
    }
    return out;
}

// Chooses an entry of a combo box with the keyboard (Home, then Down), as a user would.
void choose(QComboBox *box, int index)
{
    QVERIFY(box->isEnabled());
    QTest::keyClick(box, Qt::Key_Home);
    for (int i = 0; i < index; ++i)
        QTest::keyClick(box, Qt::Key_Down);
    QCOMPARE(box->currentIndex(), index);
}

QString label(const MainWindow &w, int run)
{
    return QString::fromStdString(w.runStore()->runs().at(std::size_t(run)).label);
}

} // namespace

class TestRuns : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void openGpuRunThenSweepKeepsBoth();
    void removeCanBeUndoneAndCloseAllResets();
    void runsPanelFitsItsDock();
    void runsPanelFitsANarrowDock();
    void crossRunCrossoverAtKnownN();
    void ownMatchupsNameTheirRun();
    void compareChartVerdicts();
    void runsPanel_data();
    void runsPanel();
    void workspaceRoundTrips();
    void devicesNameTheMachineOfEachRun();
    void saveDataWithSeveralRuns();
    void reopeningASavedRunsFileReplacesItsRuns();
    void openSeveralFilesAtOnce();
    void dropFilesOpensThem();

private:
    QString write(const ResultSet &r, const QString &name);
    QString writeText(const QByteArray &text, const QString &name);
    std::unique_ptr<MainWindow> window(const QString &name);
    void smallSweep(MainWindow &w, const QString &sizes, double minTime, bool wait = true);
    QTemporaryDir m_dir;
    QStringList m_errors;
};

void TestRuns::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
}

QString TestRuns::write(const ResultSet &r, const QString &name)
{
    const QString path = m_dir.filePath(name);
    if (name.endsWith(QLatin1String(".json")))
        ResultIO::writeJson(r, path.toStdString());
    else
        ResultIO::writeCsv(r, path.toStdString());
    return path;
}

QString TestRuns::writeText(const QByteArray &text, const QString &name)
{
    QFile f(m_dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(text);
    return f.fileName();
}

std::unique_ptr<MainWindow> TestRuns::window(const QString &name)
{
    m_errors.clear();
    auto w = std::make_unique<MainWindow>(m_dir.filePath(name + QStringLiteral(".ini")));
    w->setErrorReporter([this](const QString &, const QString &text) { m_errors << text; });
    return w;
}

void TestRuns::smallSweep(MainWindow &w, const QString &sizes, double minTime, bool wait)
{
    SweepForm f = w.sweepPanel()->form();
    f.workload = QStringLiteral("add");
    f.sizesAsRange = false;
    f.sizeList = sizes;
    f.cpu = true;
    f.threads = {1};
    f.gpu = false;
    f.iterations = 10;
    f.minTime = minTime;
    w.sweepPanel()->setForm(f);
    QVERIFY2(w.sweepPanel()->problem().isEmpty(), qPrintable(w.sweepPanel()->problem()));
    QSignalSpy finished(&w, &MainWindow::sweepFinished);
    QVERIFY(w.runSweep());
    if (wait) {
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), false);
    }
}

void TestRuns::openGpuRunThenSweepKeepsBoth()
{
    const QString path = write(fixtures::knownCrossover({316}), QStringLiteral("gpu-run.csv"));
    const ResultSet file = ResultIO::load(path.toStdString());
    auto w = window(QStringLiteral("sweep"));
    QVERIFY(w->openResults(path));
    QCOMPARE(w->runStore()->runCount(), 1);
    QVERIFY(w->resultTable()->isColumnHidden(ResultTableModel::RunColumn));

    smallSweep(*w, QStringLiteral("16,64"), 0);
    QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join(QLatin1Char('\n'))));
    RunStore *store = w->runStore();
    QCOMPARE(store->runCount(), 2);
    QCOMPARE(store->liveRun(), -1);
    const RunRecord &sweep = store->runs()[1];
    QCOMPARE(int(sweep.results.size()), 2);
    QCOMPARE(store->rowCount(), int(file.size() + sweep.results.size()));
    QCOMPARE(store->runs()[0].results.rows, file.rows);
    // The opened run keeps the machine it was recorded on.
    QCOMPARE(store->runs()[0].results.machine.cpuModel, file.machine.cpuModel);

    // Both runs are drawn, each named after its run; the file's own crossover is still marked.
    const QStringList names = dataNames(w->timeChart());
    QCOMPARE(names.size(), 3); // the file's CPU and GPU curves, the sweep's CPU curve
    for (int run = 0; run < 2; ++run)
        QVERIFY2(std::any_of(names.begin(), names.end(),
                             [&](const QString &n) { return n.contains(label(*w, run)); }),
                 qPrintable(names.join(QLatin1Char('|'))));
    QCOMPARE(w->timeChart()->markers().size(), 1);
    QVERIFY(qAbs(w->timeChart()->markers()[0].n / 316 - 1) < 1e-6);

    // The Run column shows while two runs are shown.
    QVERIFY(!w->resultTable()->isColumnHidden(ResultTableModel::RunColumn));
    store->setRunVisible(1, false);
    QVERIFY(w->resultTable()->isColumnHidden(ResultTableModel::RunColumn));
    QCOMPARE(store->rowCount(), int(file.size()));
}

void TestRuns::crossRunCrossoverAtKnownN()
{
    const ResultSet both = fixtures::knownCrossover({316});
    const QString a = write(onlyBackend(both, false), QStringLiteral("cpu-only.csv"));
    const QString b = write(onlyBackend(both, true), QStringLiteral("gpu-only.json"));
    auto w = window(QStringLiteral("cross"));
    QVERIFY(w->openResults(QStringList{a, b}));
    QCOMPARE(w->runStore()->runCount(), 2);
    TimeChart *time = w->timeChart();
    ChartView *speedup = w->chart(QStringLiteral("speedup"));
    QVERIFY(speedup);

    // No run has both a CPU and a GPU: nothing is marked until a pair is chosen.
    time->updateNow();
    QVERIFY(time->markers().isEmpty());
    QCOMPARE(dataNames(speedup).size(), 0);

    // A offers the runs with a CPU curve, B those with a GPU curve: one each, after "(none)".
    RunsPanel *panel = w->runsPanel();
    QCOMPARE(panel->runAChooser()->count(), 2);
    QCOMPARE(panel->runBChooser()->count(), 2);
    choose(panel->runAChooser(), 1);
    choose(panel->runBChooser(), 1);
    QCOMPARE(w->runStore()->runA(), 0);
    QCOMPARE(w->runStore()->runB(), 1);
    time->updateNow();
    QCOMPARE(time->markers().size(), 1);
    const TimeChart::Marker &m = time->markers()[0];
    QVERIFY2(qAbs(m.n / 316 - 1) < 1e-6, qPrintable(QString::number(m.n)));
    QCOMPARE(m.cpuLabel, label(*w, 0) + QStringLiteral(": best CPU"));
    QVERIFY(m.gpuLabel.contains(label(*w, 1)));
    QVERIFY(m.gpuBecomesFaster);
    QCOMPARE(dataNames(speedup).size(), 1);

    // The other way round cannot be chosen: the GPU-only run is no run A, the CPU-only one no B.
    QCOMPARE(panel->runAChooser()->itemText(1), label(*w, 0));
    QCOMPARE(panel->runBChooser()->itemText(1), label(*w, 1));

    // "(none)" removes the pair.
    time->updateNow();
    QCOMPARE(time->markers().size(), 1);
    choose(panel->runBChooser(), 0);
    QCOMPARE(w->runStore()->runB(), -1);
    time->updateNow();
    QVERIFY(time->markers().isEmpty());
    QCOMPARE(dataNames(speedup).size(), 0);
    QVERIFY(m_errors.isEmpty());
}

// Two runs, each with its own CPU and GPU, not compared as A and B: each GPU curve is held against
// its own run's best CPU, named as every curve names its run ("<run>: GPU launch vs its best
// CPU"), never with an English possessive on the run's label ("2 hardware threads's").
void TestRuns::ownMatchupsNameTheirRun()
{
    const ResultSet both = fixtures::knownCrossover({316});
    const QString a = write(both, QStringLiteral("first.json"));
    const QString b = write(both, QStringLiteral("second.json"));
    auto w = window(QStringLiteral("own"));
    QVERIFY(w->openResults(QStringList{a, b}));
    QCOMPARE(w->runStore()->runCount(), 2);
    QCOMPARE(w->runStore()->runB(), -1);
    const QStringList names = dataNames(w->chart(QStringLiteral("speedup")));
    QCOMPARE(names.size(), 2);
    for (int run = 0; run < 2; ++run)
        QVERIFY2(names.contains(label(*w, run) + QStringLiteral(": GPU launch vs its best CPU")),
                 qPrintable(names.join(QStringLiteral(" | "))));
    QVERIFY2(!names.join(QLatin1Char('|')).contains(QStringLiteral("'s ")),
             qPrintable(names.join(QLatin1Char('|'))));
}

void TestRuns::compareChartVerdicts()
{
    const ResultSet base = fixtures::knownCrossover({316});
    auto w = window(QStringLiteral("compare"));
    auto *chart = qobject_cast<CompareChart *>(w->chart(QStringLiteral("compare")));
    QVERIFY(chart);
    chart->updateNow();
    QVERIFY(chart->comparison().empty());
    QVERIFY2(chart->noteText().contains(QStringLiteral("Comparing needs two runs")),
             qPrintable(chart->noteText()));

    // Run B takes 20 % longer everywhere, with little noise: slower at every point.
    const ResultSet a = varied(base, 1.0, 0.005, 10);
    QVERIFY(w->openResults(QStringList{write(a, QStringLiteral("cmp-a.csv")),
                                       write(varied(base, 1.2, 0.005, 10), QStringLiteral("cmp-b.csv"))}));
    chart->updateNow();
    QVERIFY(chart->comparison().empty());
    QVERIFY2(chart->noteText().contains(QStringLiteral("Choose run A and run B")),
             qPrintable(chart->noteText()));
    QCOMPARE(dataNames(chart).size(), 0);

    choose(w->runsPanel()->runAChooser(), 1);
    choose(w->runsPanel()->runBChooser(), 2);
    chart->updateNow();
    const Comparison slower = chart->comparison();
    QCOMPARE(int(slower.points.size()), int(a.size())); // every point of both curves
    QCOMPARE(slower.slower, int(a.size()));
    QCOMPARE(slower.faster + slower.same, 0);
    for (const PointComparison &p : slower.points)
        QVERIFY(qAbs(p.ratio - 1.2) < 1e-9);
    // CPU 1 thread and GPU launch like against like, and B's GPU launch over A's best CPU.
    QCOMPARE(dataNames(chart).size(), 3);
    // B's GPU is 1.2 times slower than A's own: it overtakes A's best CPU later than A's GPU does (316).
    QCOMPARE(chart->gpuOverCpu().size(), std::size_t(1));
    QVERIFY(chart->gpuOverCpu().front().second > 316);
    QVERIFY2(
        chart->noteText().contains(QStringLiteral("B's GPU launch overtakes A's best CPU above n \u2248 %1")
                                       .arg(Format::n(chart->gpuOverCpu().front().second))),
        qPrintable(chart->noteText()));
    QVERIFY2(chart->noteText().contains(QStringLiteral("slower at %1 points").arg(a.size())),
             qPrintable(chart->noteText()));

    // 1 % apart with 5 % noise over 20 repetitions: the same within noise.
    const ResultSet noisyA = varied(base, 1.0, 0.05, 20);
    QVERIFY(w->openResults(QStringList{write(noisyA, QStringLiteral("noisy-a.csv")),
                                       write(varied(base, 1.01, 0.05, 20), QStringLiteral("noisy-b.csv"))}));
    QCOMPARE(w->runStore()->runCount(), 4);
    choose(w->runsPanel()->runAChooser(), 3);
    choose(w->runsPanel()->runBChooser(), 4);
    chart->updateNow();
    const Comparison same = chart->comparison();
    QCOMPARE(int(same.points.size()), int(noisyA.size()));
    QCOMPARE(same.same, int(noisyA.size()));
    QCOMPARE(same.faster + same.slower, 0);
    for (const PointComparison &p : same.points)
        QCOMPARE(Compare::verdictName(p.verdict), std::string("same within noise"));

    // One wildly noisy point: its band would span dozens of decades and squeeze every ratio onto
    // the line at 1 (with ticks of 40 digits). Bands are cut at 10x and the note says so.
    ResultSet wild = varied(base, 1.0, 0.005, 3);
    for (Measurement &m : wild.rows)
        if (m.ok()) {
            m.stats.stddev = 100 * m.stats.median;
            m.stats.cv = 100;
            m.stats.min = m.stats.median * 1e-3;
            m.stats.max = m.stats.median * 300;
            break;
        }
    QVERIFY(w->openResults(QStringList{write(varied(base, 1.0, 0.005, 3), QStringLiteral("calm-a.csv")),
                                       write(wild, QStringLiteral("wild-b.csv"))}));
    choose(w->runsPanel()->runAChooser(), 5);
    choose(w->runsPanel()->runBChooser(), 6);
    chart->updateNow();
    QVERIFY(!chart->comparison().empty());
    auto *y = qobject_cast<QLogValueAxis *>(chart->chart()->axes(Qt::Vertical).value(0));
    QVERIFY(y);
    // The axis spans what the ratios need (B's GPU over A's best CPU spans 7 decades here), not
    // the dozens of decades of the wild band.
    QVERIFY2(y->min() >= 1e-4 && y->max() <= 1e5,
             qPrintable(QStringLiteral("%1..%2").arg(y->min()).arg(y->max())));
    QVERIFY2(chart->noteText().contains(QStringLiteral("cut at 10")), qPrintable(chart->noteText()));

    // Back to "(none)": the note asks for a pair again.
    choose(w->runsPanel()->runAChooser(), 0);
    chart->updateNow();
    QVERIFY(chart->comparison().empty());
    QVERIFY(chart->noteText().contains(QStringLiteral("Choose run A and run B")));
    QVERIFY(m_errors.isEmpty());
}

void TestRuns::runsPanel_data()
{
    QTest::addColumn<bool>("throughList");
    QTest::newRow("model") << false; // the model's calls; the list follows
    QTest::newRow("list") << true;   // the list's editor and check boxes, as a user does
}

void TestRuns::runsPanel()
{
    QFETCH(bool, throughList);
    const QString x = write(fixtures::knownCrossover({316}), QStringLiteral("panel-x.csv"));
    ResultSet other = fixtures::knownCrossover({100});
    other.machine.timestamp = "2025-06-01T12:00:00Z";
    const QString y = write(other, QStringLiteral("panel-y.csv"));
    auto w = window(QStringLiteral("panel"));
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    QVERIFY(w->openResults(QStringList{x, y}));
    RunStore *store = w->runStore();
    QListWidget *list = w->runsPanel()->list();
    auto *remove = w->runsPanel()->findChild<QPushButton *>(QStringLiteral("removeRunButton"));
    QVERIFY(remove);
    QCOMPARE(list->count(), 2);
    const QString first = label(*w, 0);
    const int rows0 = int(store->runs()[0].results.size()), rows1 = int(store->runs()[1].results.size());
    auto rename = [&](int row, const QString &text) {
        if (throughList)
            list->item(row)->setText(text);
        else
            store->setRunLabel(row, text.toStdString());
    };
    auto show = [&](int row, bool shown) {
        if (throughList)
            list->item(row)->setCheckState(shown ? Qt::Checked : Qt::Unchecked);
        else
            store->setRunVisible(row, shown);
    };

    if (throughList) {
        // Rename in place: F2 opens the editor, Enter commits (through a queued call).
        list->setCurrentRow(1);
        list->setFocus();
        QTest::keyClick(list, Qt::Key_F2);
        auto *editor = list->findChild<QLineEdit *>();
        QVERIFY(editor);
        editor->setText(QStringLiteral("lab GPU"));
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_COMPARE(label(*w, 1), QStringLiteral("lab GPU"));
    } else {
        rename(1, QStringLiteral("lab GPU"));
        QCOMPARE(label(*w, 1), QStringLiteral("lab GPU"));
    }
    QTRY_COMPARE(list->item(1)->text(), QStringLiteral("lab GPU"));
    // A label taken by another run gets a number; an empty name keeps the old one.
    rename(1, first);
    QCOMPARE(label(*w, 1), first + QStringLiteral(" (2)"));
    QTRY_COMPARE(list->item(1)->text(), first + QStringLiteral(" (2)"));
    rename(1, QStringLiteral("   "));
    QCOMPARE(label(*w, 1), first + QStringLiteral(" (2)"));
    QTRY_COMPARE(list->item(1)->text(), first + QStringLiteral(" (2)"));
    rename(1, QStringLiteral("lab GPU"));
    QCOMPARE(label(*w, 1), QStringLiteral("lab GPU"));
    QCOMPARE(label(*w, 0), first);

    // Unchecking hides the run's rows and curves.
    QCOMPARE(store->rowCount(), rows0 + rows1);
    QCOMPARE(dataNames(w->timeChart()).size(), 4);
    show(0, false);
    QVERIFY(!store->runs()[0].visible);
    QCOMPARE(list->item(0)->checkState(), Qt::Unchecked);
    QCOMPARE(label(*w, 0), first);
    QCOMPARE(store->rowCount(), rows1);
    QCOMPARE(store->runOf(0).label, std::string("lab GPU"));
    QCOMPARE(dataNames(w->timeChart()).size(), 2);
    QCOMPARE(w->timeChart()->markers().size(), 1);
    QVERIFY(qAbs(w->timeChart()->markers()[0].n / 100 - 1) < 1e-6);
    show(0, true);
    QVERIFY(store->runs()[0].visible);
    QCOMPARE(list->item(0)->checkState(), Qt::Checked);
    QCOMPARE(store->rowCount(), rows0 + rows1);

    // Remove removes the selected run.
    list->setCurrentRow(0);
    QVERIFY(remove->isEnabled());
    QTest::mouseClick(remove, Qt::LeftButton);
    QCOMPARE(store->runCount(), 1);
    QCOMPARE(label(*w, 0), QStringLiteral("lab GPU"));
    QCOMPARE(list->count(), 1);

    // The run a sweep is adding to cannot be removed while it runs; the others can.
    smallSweep(*w, QStringLiteral("16,64,256,1024"), 0.3, false);
    QTRY_VERIFY(store->liveRun() >= 0);
    QCOMPARE(store->liveRun(), 1);
    list->setCurrentRow(1);
    QVERIFY(!remove->isEnabled());
    QTest::mouseClick(remove, Qt::LeftButton);
    QCOMPARE(store->runCount(), 2);
    QVERIFY(list->item(1)->toolTip().contains(QStringLiteral("Being measured now")));
    list->setCurrentRow(0);
    QVERIFY(remove->isEnabled());
    QTest::mouseClick(remove, Qt::LeftButton);
    QCOMPARE(store->runCount(), 1);
    QCOMPARE(store->liveRun(), 0);
    QCOMPARE(list->currentRow(), 0);
    QVERIFY(!remove->isEnabled());
    QSignalSpy finished(w.get(), &MainWindow::sweepFinished);
    QVERIFY(finished.wait(60000));
    QVERIFY(m_errors.isEmpty());
    QCOMPARE(store->rowCount(), 4); // every point went to the sweep's run
    QCOMPARE(int(store->runs()[0].results.size()), 4);
    // Once the sweep is over, its run is one like the others.
    QCOMPARE(store->liveRun(), -1);
    QVERIFY(remove->isEnabled());
    QVERIFY(!list->item(0)->toolTip().contains(QStringLiteral("Being measured now")));
    list->setCurrentRow(-1);
    list->setCurrentRow(0);
    QVERIFY(remove->isEnabled());
    QTest::mouseClick(remove, Qt::LeftButton);
    QCOMPARE(store->runCount(), 0);
    QCOMPARE(store->rowCount(), 0);
}

void TestRuns::workspaceRoundTrips()
{
    auto w = window(QStringLiteral("ws"));
    const ResultSet third = fixtures::realistic();
    QVERIFY(w->openResults(QStringList{write(fixtures::knownCrossover({316}), QStringLiteral("ws-a.csv")),
                                       write(fixtures::knownCrossover({100}), QStringLiteral("ws-b.json")),
                                       write(third, QStringLiteral("ws-c.csv"))}));
    RunStore *store = w->runStore();
    QCOMPARE(store->runCount(), 3);
    store->setRunVisible(0, false);
    store->setRunLabel(1, "the lab's H200");
    const QString path = m_dir.filePath(QStringLiteral("lesson.speeduplab.json"));
    QVERIFY(w->saveWorkspace(path));
    QVERIFY(m_errors.isEmpty());

    auto w2 = window(QStringLiteral("ws2"));
    QVERIFY(w2->openWorkspace(path));
    RunStore *store2 = w2->runStore();
    QCOMPARE(store2->runCount(), 3);
    for (int i = 0; i < 3; ++i) {
        const RunRecord &a = store->runs()[std::size_t(i)], &b = store2->runs()[std::size_t(i)];
        QCOMPARE(b.label, a.label);
        QCOMPARE(b.visible, a.visible);
        QCOMPARE(b.reference, a.reference);
        QVERIFY2(b.results == a.results, a.label.c_str());
        QCOMPARE(b.source, a.source);
    }
    QCOMPARE(label(*w2, 1), QStringLiteral("the lab's H200"));
    QVERIFY(!store2->runs()[0].visible);
    QCOMPARE(store2->rowCount(), store->rowCount());
    QCOMPARE(store2->visibleRunCount(), 2);
    QVERIFY(!w2->resultTable()->isColumnHidden(ResultTableModel::RunColumn));

    // Malformed workspaces change nothing.
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray good = f.readAll();
    f.close();
    // The first row of the second run gets a size that is not a number.
    QByteArray badRow = good;
    qsizetype at = good.indexOf("\"n\":", good.indexOf("\"results\"", good.indexOf("\"results\"") + 1));
    QVERIFY(at > 0);
    at += 4;
    qsizetype end = at;
    while (end < good.size() && std::isdigit(static_cast<unsigned char>(good[end])))
        ++end;
    QVERIFY(end > at);
    badRow.replace(at, end - at, "\"many\"");
    QByteArray newer = good;
    newer.replace("\"format_version\":1", "\"format_version\":2");
    QVERIFY(newer != good);

    const std::vector<RunRecord> before = store2->runs();
    const int rowsBefore = store2->rowCount();
    const struct {
        const char *name;
        QByteArray text;
        const char *why;
    } bad[] = {{"truncated.json", good.left(good.size() / 2), ""},
               {"bad-row.json", badRow, "runs[1]"},
               {"newer.json", newer, "newer"}};
    for (const auto &b : bad) {
        m_errors.clear();
        QVERIFY(!w2->openWorkspace(writeText(b.text, QString::fromLatin1(b.name))));
        QCOMPARE(m_errors.size(), 1);
        QVERIFY2(m_errors[0].contains(QString::fromLatin1(b.name)), qPrintable(m_errors[0]));
        QVERIFY2(m_errors[0].contains(QString::fromLatin1(b.why)), qPrintable(m_errors[0]));
        QVERIFY2(store2->runs() == before, b.name);
        QCOMPARE(store2->rowCount(), rowsBefore);
    }
}

// The Devices tab shows the machine of the run chosen over it, and says whether that machine is
// this one; a reopened workspace never puts "this machine" over another machine's facts (issue 59).
void TestRuns::devicesNameTheMachineOfEachRun()
{
    auto facts = [](MainWindow &w) {
        QStringList out;
        for (int r = 0; r < w.deviceModel()->rowCount(); ++r)
            out << w.deviceModel()->data(w.deviceModel()->index(r, 1)).toString();
        return out.join(QLatin1Char('|'));
    };
    auto w = window(QStringLiteral("devices"));
    auto *choice = w->findChild<QComboBox *>(QStringLiteral("devicesChoice"));
    auto *caption = w->findChild<QLabel *>(QStringLiteral("devicesCaption"));
    QVERIFY(choice && caption);
    QCOMPARE(choice->count(), 1); // this machine alone
    QVERIFY2(caption->text().startsWith(QStringLiteral("This machine")), qPrintable(caption->text()));
    smallSweep(*w, QStringLiteral("16"), 0);
    QCOMPARE(choice->count(), 2);
    QCOMPARE(choice->currentText().toStdString(), w->runStore()->runs()[0].label);
    QVERIFY2(caption->text().endsWith(QStringLiteral("was measured on: this one.")),
             qPrintable(caption->text()));
    QVERIFY(w->openExample(0));
    QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join(QLatin1Char('\n'))));
    const std::string example = w->runStore()->runs()[1].label;
    QCOMPARE(choice->currentText().toStdString(), example); // what was just opened
    QVERIFY2(caption->text().endsWith(QStringLiteral("was recorded on, not this one.")),
             qPrintable(caption->text()));
    QVERIFY2(facts(*w).contains(QStringLiteral("H200")), qPrintable(facts(*w)));
    choice->setCurrentIndex(0);
    QVERIFY2(caption->text().startsWith(QStringLiteral("This machine")), qPrintable(caption->text()));
    QVERIFY(!facts(*w).contains(QStringLiteral("NVIDIA H200")) || MachineInfo::gpuState().usable);

    // Reopened as a workspace in another window: each run's machine under its own name.
    const QString path = m_dir.filePath(QStringLiteral("devices.speeduplab.json"));
    QVERIFY(w->saveWorkspace(path));
    auto w2 = window(QStringLiteral("devices2"));
    QVERIFY(w2->openWorkspace(path));
    auto *choice2 = w2->findChild<QComboBox *>(QStringLiteral("devicesChoice"));
    auto *caption2 = w2->findChild<QLabel *>(QStringLiteral("devicesCaption"));
    QCOMPARE(choice2->count(), 3);
    QCOMPARE(choice2->currentText().toStdString(), example);
    QVERIFY2(caption2->text().contains(QStringLiteral("not this one")), qPrintable(caption2->text()));
    QVERIFY2(facts(*w2).contains(QStringLiteral("H200")), qPrintable(facts(*w2)));
    choice2->setCurrentIndex(1);
    QVERIFY2(caption2->text().endsWith(QStringLiteral("this one.")), qPrintable(caption2->text()));
    // A run removed gives way to what is left.
    w2->runStore()->removeRun(1);
    QCOMPARE(choice2->count(), 2);
    QVERIFY(!caption2->text().contains(QString::fromStdString(example)));
}

void TestRuns::saveDataWithSeveralRuns()
{
    auto w = window(QStringLiteral("save"));
    QVERIFY(w->openResults(QStringList{write(fixtures::knownCrossover({316}), QStringLiteral("save-a.csv")),
                                       write(fixtures::knownCrossover({100}), QStringLiteral("save-b.csv")),
                                       write(fixtures::realistic(), QStringLiteral("save-c.csv"))}));
    RunStore *store = w->runStore();
    store->setRunVisible(1, false);

    // CSV holds one run: refused, nothing written.
    const QString csv = m_dir.filePath(QStringLiteral("two-runs.csv"));
    QVERIFY(!w->saveData(csv));
    QCOMPARE(m_errors.size(), 1);
    QVERIFY2(m_errors[0].contains(QStringLiteral(".json")), qPrintable(m_errors[0]));
    QVERIFY(!QFile::exists(csv));

    // JSON: a runs file of the visible runs.
    const QString json = m_dir.filePath(QStringLiteral("two-runs.json"));
    QVERIFY(w->saveData(json));
    const std::vector<RunRecord> saved = RunSet::load(json.toStdString());
    QCOMPARE(int(saved.size()), 2);
    for (std::size_t i = 0; i < 2; ++i) {
        const RunRecord &shown = store->runs()[i == 0 ? 0 : 2];
        QCOMPARE(saved[i].label, shown.label);
        QVERIFY(saved[i].visible);
        QVERIFY(saved[i].results == shown.results);
    }

    // One run shown: a plain result file.
    store->setRunVisible(0, false);
    const QString one = m_dir.filePath(QStringLiteral("one-run.csv"));
    QVERIFY(w->saveData(one));
    QCOMPARE(m_errors.size(), 1);
    QFile f(one);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(!RunSet::isRunsFile(f.readAll().toStdString()));
    QVERIFY(ResultIO::load(one.toStdString()) == store->runs()[2].results);
}

void TestRuns::reopeningASavedRunsFileReplacesItsRuns()
{
    // Saved as one runs file, then opened again: its runs replace the ones it was saved from,
    // instead of copies labelled "… (2) (2)"; the title names the file.
    auto w = window(QStringLiteral("reopen"));
    QVERIFY(w->openResults(QStringList{write(fixtures::knownCrossover({316}), QStringLiteral("re-a.csv")),
                                       write(fixtures::knownCrossover({100}), QStringLiteral("re-b.csv"))}));
    RunStore *store = w->runStore();
    store->setRunLabel(1, store->runs()[0].label); // made unique: "<label> (2)"
    std::vector<std::string> labels;
    for (const RunRecord &run : store->runs())
        labels.push_back(run.label);
    QVERIFY2(labels[1] == labels[0] + " (2)", labels[1].c_str());
    const QString json = m_dir.filePath(QStringLiteral("reopen.json"));
    QVERIFY(w->saveData(json));
    for (const RunRecord &saved : RunSet::load(json.toStdString()))
        QCOMPARE(saved.source, json.toStdString());
    QVERIFY(w->openResults(json));
    QCOMPARE(store->runCount(), 2);
    std::vector<std::string> after;
    for (const RunRecord &run : store->runs())
        after.push_back(run.label);
    QCOMPARE(after, labels);
    QVERIFY2(w->windowTitle().startsWith(QStringLiteral("reopen.json")), qPrintable(w->windowTitle()));
}

void TestRuns::openSeveralFilesAtOnce()
{
    const QString a = write(fixtures::knownCrossover({316}), QStringLiteral("many-a.csv"));
    const QString b = write(fixtures::knownCrossover({100}), QStringLiteral("many-b.json"));
    const QString c = write(fixtures::realistic(), QStringLiteral("many-c.csv"));
    const QString bad = writeText("workload,backend\nadd\n", QStringLiteral("many-bad.csv"));
    auto w = window(QStringLiteral("many"));
    RunStore *store = w->runStore();
    QSignalSpy loaded(w.get(), &MainWindow::resultsLoaded);
    QVERIFY(w->openResults(QStringList{a, b}));
    QCOMPARE(store->runCount(), 2);
    QCOMPARE(loaded.size(), 2);

    // One bad file among good ones adds nothing.
    const std::vector<RunRecord> before = store->runs();
    QVERIFY(!w->openResults(QStringList{c, bad}));
    QCOMPARE(m_errors.size(), 1);
    QVERIFY2(m_errors[0].contains(QStringLiteral("many-bad.csv")), qPrintable(m_errors[0]));
    QVERIFY(store->runs() == before);
    QCOMPARE(loaded.size(), 2);

    // Opening a file again replaces its run.
    QVERIFY(w->openResults(QStringList{c}));
    QCOMPARE(store->runCount(), 3);
    const std::vector<RunRecord> beforeReopen = store->runs();
    QVERIFY(w->openResults(QStringList{a}));
    QCOMPARE(store->runCount(), 3);
    int fromA = 0;
    for (const RunRecord &run : store->runs())
        fromA += run.source == a.toStdString() ? 1 : 0;
    QCOMPARE(fromA, 1);
    // It comes back under the label it had (the old run made way before it was added).
    auto labels = [](const std::vector<RunRecord> &runs) {
        QStringList out;
        for (const RunRecord &run : runs)
            out << QString::fromStdString(run.label);
        out.sort();
        return out;
    };
    QCOMPARE(labels(store->runs()), labels(beforeReopen));
    QCOMPARE(store->rowCount(), int(fixtures::knownCrossover({316}).size() +
                                    fixtures::knownCrossover({100}).size() + fixtures::realistic().size()));
}

void TestRuns::dropFilesOpensThem()
{
    const QString a = write(fixtures::knownCrossover({316}), QStringLiteral("drop-a.csv"));
    const QString b = write(fixtures::realistic(), QStringLiteral("drop-b.json"));
    auto w = window(QStringLiteral("drop"));
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    QVERIFY(w->acceptDrops());

    QMimeData web;
    web.setUrls({QUrl(QStringLiteral("https://example.org/run.csv"))});
    QDragEnterEvent refused(QPoint(20, 20), Qt::CopyAction, &web, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w.get(), &refused);
    QVERIFY(!refused.isAccepted());

    QMimeData files;
    files.setUrls({QUrl::fromLocalFile(a), QUrl::fromLocalFile(b)});
    QDragEnterEvent enter(QPoint(20, 20), Qt::CopyAction, &files, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(20, 20), Qt::CopyAction, &files, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w.get(), &drop);
    QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join(QLatin1Char('\n'))));
    QCOMPARE(w->runStore()->runCount(), 2);
    QCOMPARE(w->runStore()->runs()[0].source, a.toStdString());
    QCOMPARE(w->runStore()->runs()[1].source, b.toStdString());
    QCOMPARE(w->runsPanel()->list()->count(), 2);
}

// Remove has an undo that puts the run back where it was, with the pair it belonged to; Close all
// leaves the run being measured only (a new lesson), and Undo puts the rest back.
void TestRuns::removeCanBeUndoneAndCloseAllResets()
{
    RunStore store;
    for (const char *label : {"first", "second", "third"}) {
        RunRecord r;
        r.label = label;
        store.addRun(std::move(r));
    }
    store.setComparedRuns(0, 2);
    QVERIFY(!store.canUndoRemove());
    store.removeRun(1);
    QCOMPARE(store.runCount(), 2);
    QVERIFY(store.canUndoRemove());
    QVERIFY(store.undoRemove());
    QCOMPARE(store.runCount(), 3);
    QCOMPARE(store.runs()[1].label, std::string("second"));
    QCOMPARE(store.runA(), 0);
    QCOMPARE(store.runB(), 2);
    QVERIFY(!store.undoRemove()); // once

    MachineInfo here;
    here.cpuModel = "Test CPU";
    store.startRun(here);
    QCOMPARE(store.liveRun(), 3);
    QVERIFY(store.removeAll());
    QCOMPARE(store.runCount(), 1);
    QCOMPARE(store.liveRun(), 0);
    QVERIFY(!store.removeAll()); // the live run stays
    QVERIFY(store.undoRemove());
    QCOMPARE(store.runCount(), 4);
    QCOMPARE(store.runs()[0].label, std::string("first"));
    QCOMPARE(store.liveRun(), 3);
    QCOMPARE(store.runA(), 0);

    // A run added after a removal: the indices moved, so nothing is put back.
    store.removeRun(0);
    RunRecord late;
    late.label = "late";
    store.addRun(std::move(late));
    QVERIFY(!store.undoRemove());
}

void TestRuns::runsPanelFitsItsDock()
{
    // Issue 35: at 1920x1080 the Runs panel had to be scrolled to reach A/B and Remove. In the
    // bottom dock's height (240 px or more), two runs show their list, buttons, A and B and the
    // line saying what they do, without scrolling.
    auto w = window(QStringLiteral("runsfit"));
    w->resize(1920, 1050);
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    QVERIFY(w->openResults(QStringList{write(fixtures::knownCrossover({316}), QStringLiteral("fit-a.csv")),
                                       write(fixtures::knownCrossover({100}), QStringLiteral("fit-b.csv"))}));
    auto *panel = w->findChild<RunsPanel *>();
    QVERIFY(panel);
    auto *scroll = qobject_cast<QScrollArea *>(panel->parentWidget()->parentWidget());
    QVERIFY(scroll);
    QTRY_VERIFY(scroll->viewport()->height() > 0);
    QVERIFY2(scroll->viewport()->height() <= 260, qPrintable(QString::number(scroll->viewport()->height())));
    QCoreApplication::processEvents();
    QVERIFY2(scroll->verticalScrollBar()->maximum() == 0,
             qPrintable(QStringLiteral("the panel needs %1 px, the dock gives %2")
                            .arg(panel->height())
                            .arg(scroll->viewport()->height())));
    const QRect view = scroll->viewport()->rect();
    for (QWidget *part :
         {static_cast<QWidget *>(panel->runAChooser()), static_cast<QWidget *>(panel->runBChooser()),
          static_cast<QWidget *>(panel->findChild<QPushButton *>(QStringLiteral("removeRunButton"))),
          static_cast<QWidget *>(panel->findChild<QLabel *>(QStringLiteral("runsHint")))}) {
        QVERIFY(part && part->isVisible());
        const QRect at(part->mapTo(scroll->viewport(), QPoint(0, 0)), part->size());
        QVERIFY2(view.contains(at), qPrintable(part->objectName()));
    }
    // One run: no A and B to choose, and a line saying how to get a second.
    QVERIFY(panel->runAChooser()->isEnabled());
    w->runStore()->removeRun(1);
    QVERIFY(!panel->runAChooser()->isVisible());
    QVERIFY(panel->findChild<QLabel *>(QStringLiteral("runsHint"))
                ->text()
                .contains(QStringLiteral("second run")));
}

void TestRuns::runsPanelFitsANarrowDock()
{
    // Issue 35: in Chinese at 1024 x 700 the dock is about 210 px wide, and Close all, Undo remove
    // and Remove side by side (and the A and B choosers at their longest run label) made the
    // panel scroll sideways. The buttons wrap and the choosers elide: nothing is wider than the dock.
    QVERIFY(Translations::install(QStringLiteral("zh_CN")));
    {
        auto w = window(QStringLiteral("runsnarrow"));
        w->resize(1024, 700);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QVERIFY(w->openResults(QStringList{
            write(fixtures::knownCrossover({316}), QStringLiteral("narrow-a-with-a-long-name.csv")),
            write(fixtures::knownCrossover({100}), QStringLiteral("narrow-b-with-a-long-name.csv"))}));
        auto *panel = w->findChild<RunsPanel *>();
        QVERIFY(panel);
        auto *scroll = qobject_cast<QScrollArea *>(panel->parentWidget()->parentWidget());
        QVERIFY(scroll);
        scroll->resize(210, scroll->height());
        QCoreApplication::processEvents();
        QVERIFY2(panel->minimumSizeHint().width() <= scroll->viewport()->width(),
                 qPrintable(QStringLiteral("the panel needs %1 px, the dock gives %2")
                                .arg(panel->minimumSizeHint().width())
                                .arg(scroll->viewport()->width())));
        QTRY_COMPARE(scroll->horizontalScrollBar()->maximum(), 0);
        for (QPushButton *b : panel->findChildren<QPushButton *>())
            if (b->isVisible())
                QVERIFY2(b->mapTo(panel, QPoint(b->width(), 0)).x() <= panel->width(), qPrintable(b->text()));
        // With one run the hint says how to get a second: the wrapped buttons stand above it, none
        // drawn over its words (Remove lay across the hint's first line).
        w->runStore()->removeRun(1);
        QCoreApplication::processEvents();
        const auto *hint = panel->findChild<QLabel *>(QStringLiteral("runsHint"));
        QTRY_VERIFY(hint->isVisible());
        const QRect hintAt(hint->mapTo(panel, QPoint(0, 0)), hint->size());
        for (QPushButton *b : panel->findChildren<QPushButton *>())
            if (b->isVisible()) {
                const QRect at(b->mapTo(panel, QPoint(0, 0)), b->size());
                QVERIFY2(!at.intersects(hintAt),
                         qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 over the hint at %6,%7 %8x%9")
                                        .arg(b->text())
                                        .arg(at.x())
                                        .arg(at.y())
                                        .arg(at.width())
                                        .arg(at.height())
                                        .arg(hintAt.x())
                                        .arg(hintAt.y())
                                        .arg(hintAt.width())
                                        .arg(hintAt.height())));
            }
    }
    QVERIFY(Translations::install(QStringLiteral("en")));
}

QTEST_MAIN(TestRuns)
#include "tst_runs.moc"
