// SPDX-License-Identifier: MIT
// The sweep panel's size fields say why they changed what was typed, and the time chart's
// note for results with nothing to plot reads properly for a single point.
#include "fixtures.h"

#include "core/sweepplan.h"
#include "ui/app.h"
#include "ui/resultmodel.h"
#include "ui/sweeppanel.h"
#include "ui/timechart.h"

#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>

using namespace speeduplab;

class TestPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sizeOutOfRangeIsExplained_data();
    void sizeOutOfRangeIsExplained();
    void onePointWithNothingToPlot();
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
}

void TestPanel::sizeOutOfRangeIsExplained()
{
    QFETCH(QString, spin);
    QFETCH(QString, typed);
    QFETCH(int, value);
    QFETCH(QString, why);
    SweepPanel panel(4, MachineInfo::GpuState{});
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

void TestPanel::onePointWithNothingToPlot()
{
    for (int count : {1, 2}) {
        ResultModel model;
        for (int i = 0; i < count; ++i) {
            Measurement m = fixtures::point("cpu", 1, "", 64 << i, 1e-6);
            m.status = Measurement::Status::Failed;
            m.reason = "failed on purpose";
            model.append(m);
        }
        TimeChart chart;
        chart.setModel(&model);
        chart.updateNow();
        const QString note = chart.noteText();
        if (count == 1)
            QVERIFY2(note.startsWith(QStringLiteral("The only point has no time to plot")), qPrintable(note));
        else
            QVERIFY2(note.startsWith(QStringLiteral("None of the 2 points")), qPrintable(note));
    }
}

QTEST_MAIN(TestPanel)
#include "tst_panel.moc"
