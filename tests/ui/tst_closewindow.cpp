// SPDX-License-Identifier: MIT
// Closing the window: it asks (Save / Discard / Cancel) when results are not saved or a sweep
// is running, and only then; each answer does what it says, and nothing is lost before it.
#include "ui/app.h"
#include "ui/mainwindow.h"
#include "ui/runstore.h"
#include "ui/sweepcontroller.h"
#include "windowtest.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace speeduplab;
using namespace speeduplab::windowtest;

class TestCloseWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void closingWithNothingUnsavedDoesNotAsk();
    void closingWithUnsavedResultsAsks_data();
    void closingWithUnsavedResultsAsks();
    void closingDuringASweepAsks_data();
    void closingDuringASweepAsks();

private:
    QTemporaryDir m_dir;
};

void TestCloseWindow::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
}

void TestCloseWindow::closingWithNothingUnsavedDoesNotAsk()
{
    int asked = 0;
    auto ask = [&asked](const QString &, const QString &) {
        ++asked;
        return MainWindow::CloseAnswer::Cancel;
    };
    {
        MainWindow w(m_dir.filePath(QStringLiteral("closenothing.ini")));
        w.setCloseAsker(ask);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(!w.hasUnsavedResults());
        QVERIFY(w.close());
        QVERIFY(!w.isVisible());
    }
    {
        // Results saved since the sweep: nothing to ask either.
        MainWindow w(m_dir.filePath(QStringLiteral("closesaved.ini")));
        w.setCloseAsker(ask);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(runToTheEnd(w));
        QVERIFY(w.hasUnsavedResults());
        const QString path = m_dir.filePath(QStringLiteral("closesaved.csv"));
        QVERIFY(w.saveData(path));
        QVERIFY(!w.hasUnsavedResults());
        QVERIFY(w.close());
        // An opened file is not unsaved either.
        MainWindow opened(m_dir.filePath(QStringLiteral("closeopened.ini")));
        opened.setCloseAsker(ask);
        opened.show();
        QVERIFY(QTest::qWaitForWindowExposed(&opened));
        QVERIFY(opened.openResults(path));
        QVERIFY(!opened.hasUnsavedResults());
        QVERIFY(opened.close());
    }
    QCOMPARE(asked, 0);
}

void TestCloseWindow::closingWithUnsavedResultsAsks_data()
{
    QTest::addColumn<int>("answer");
    QTest::newRow("save") << int(MainWindow::CloseAnswer::Save);
    QTest::newRow("discard") << int(MainWindow::CloseAnswer::Discard);
    QTest::newRow("cancel") << int(MainWindow::CloseAnswer::Cancel);
}

void TestCloseWindow::closingWithUnsavedResultsAsks()
{
    QFETCH(int, answer);
    const auto a = MainWindow::CloseAnswer(answer);
    const QString path = m_dir.filePath(QStringLiteral("unsaved-%1.csv").arg(answer));
    MainWindow w(m_dir.filePath(QStringLiteral("unsaved.ini")));
    QStringList asked;
    w.setCloseAsker([&asked, a](const QString &, const QString &text) {
        asked << text;
        return a;
    });
    w.setSavePathChooser([path] { return path; });
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(runToTheEnd(w));
    QVERIFY(w.hasUnsavedResults());

    const bool closed = w.close();
    QCOMPARE(asked.size(), 1);
    QVERIFY2(asked.first().contains(QStringLiteral("not saved")), qPrintable(asked.first()));
    QVERIFY2(asked.first().contains(QStringLiteral("2 new measurements are not saved")),
             qPrintable(asked.first()));
    QCOMPARE(closed, a != MainWindow::CloseAnswer::Cancel);
    QCOMPARE(w.isVisible(), a == MainWindow::CloseAnswer::Cancel);
    QCOMPARE(QFile::exists(path), a == MainWindow::CloseAnswer::Save);
    QCOMPARE(w.hasUnsavedResults(), a != MainWindow::CloseAnswer::Save);
    QCOMPARE(w.runStore()->rowCount(), 2); // nothing is thrown away before the window goes
    if (a == MainWindow::CloseAnswer::Save) {
        MainWindow replay(m_dir.filePath(QStringLiteral("unsavedreplay.ini")));
        QVERIFY(replay.openResults(path));
        QCOMPARE(replay.runStore()->rowCount(), 2);
    }
}

void TestCloseWindow::closingDuringASweepAsks_data()
{
    closingWithUnsavedResultsAsks_data();
}

void TestCloseWindow::closingDuringASweepAsks()
{
    QFETCH(int, answer);
    const auto a = MainWindow::CloseAnswer(answer);
    const QString path = m_dir.filePath(QStringLiteral("sweeping-%1.csv").arg(answer));
    MainWindow w(m_dir.filePath(QStringLiteral("sweeping.ini")));
    QStringList asked;
    w.setCloseAsker([&asked, a](const QString &, const QString &text) {
        asked << text;
        return a;
    });
    w.setSavePathChooser([path] { return path; });
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // Long enough to be running when Ctrl+Q comes: each point runs for half a second.
    w.sweepPanel()->setForm(smallSweep(w, QStringLiteral("4,8,16,32,64"), 0.5, 1000000));
    QSignalSpy finished(&w, &MainWindow::sweepFinished);
    QVERIFY(w.runSweep());
    QTRY_VERIFY_WITH_TIMEOUT(w.runStore()->rowCount() >= 1, 20000);
    QVERIFY(w.isRunning());

    // Ctrl+Q, as a user quits.
    QAction *quit = nullptr;
    for (QAction *action : w.actions())
        if (action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_Q))
            quit = action;
    QVERIFY(quit);
    quit->trigger();
    QCOMPARE(asked.size(), 1);
    QVERIFY2(asked.first().contains(QStringLiteral("sweep is running")), qPrintable(asked.first()));
    if (a == MainWindow::CloseAnswer::Cancel) {
        QVERIFY(w.isVisible());
        QVERIFY(w.isRunning());
        QVERIFY(!w.controller()->cancelRequested());
        w.cancelSweep();
        QVERIFY(finished.wait(20000));
        return;
    }
    QVERIFY(!w.isVisible());
    QVERIFY(w.controller()->cancelRequested()); // the sweep stops
    QCOMPARE(QFile::exists(path), a == MainWindow::CloseAnswer::Save);
    if (a == MainWindow::CloseAnswer::Save) {
        const int saved = w.runStore()->rowCount();
        MainWindow replay(m_dir.filePath(QStringLiteral("sweepingreplay.ini")));
        QVERIFY(replay.openResults(path));
        QCOMPARE(replay.runStore()->rowCount(), saved);
    }
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.first().first().toBool(), true);
}

QTEST_MAIN(TestCloseWindow)
#include "tst_closewindow.moc"
