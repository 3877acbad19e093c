// SPDX-License-Identifier: MIT
// Data files through the window: saved CSV and JSON load back identical, and a malformed file
// on Open gives a message while the charts keep what they showed.
#include "fixtures.h"

#include "core/results/resultio.h"
#include "ui/app.h"
#include "ui/charts/timechart.h"
#include "ui/mainwindow.h"
#include "ui/runstore.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QXYSeries>

using namespace speeduplab;

namespace {

QList<QList<QPointF>> snapshot(ChartView *c)
{
    c->updateNow();
    QList<QList<QPointF>> out;
    for (QXYSeries *s : c->seriesWithRole(ChartView::Role::Data))
        out << s->points();
    return out;
}

} // namespace

class TestResultFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void saveRoundTrips_data();
    void saveRoundTrips();
    void malformedFileKeepsTheCharts_data();
    void malformedFileKeepsTheCharts();
    void nothingToSave();

private:
    QTemporaryDir m_dir;
    QString m_good;
};

void TestResultFiles::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
    m_good = m_dir.filePath(QStringLiteral("good.csv"));
    ResultIO::writeCsv(fixtures::knownCrossover({316}), m_good.toStdString());
}

void TestResultFiles::saveRoundTrips_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("csv") << "out.csv";
    QTest::newRow("json") << "out.json";
}

void TestResultFiles::saveRoundTrips()
{
    QFETCH(QString, name);
    MainWindow w(m_dir.filePath(QStringLiteral("rt.ini")));
    w.setErrorReporter([](const QString &, const QString &text) { QFAIL(qPrintable(text)); });
    QVERIFY(w.openResults(m_good));
    const ResultSet before = w.runStore()->resultSet();
    const QString path = m_dir.filePath(name);
    QVERIFY(w.saveData(path));
    const ResultSet after = ResultIO::load(path.toStdString());
    QCOMPARE(after.size(), before.size());
    QVERIFY(after == before);
    // Opened again in the window, it draws the same chart.
    const auto chartBefore = snapshot(w.timeChart());
    QVERIFY(w.openResults(path));
    QCOMPARE(snapshot(w.timeChart()), chartBefore);
}

void TestResultFiles::malformedFileKeepsTheCharts_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::newRow("garbage") << "garbage.csv" << QByteArray("this is not a result file\n\x01\x02\x03");
    QTest::newRow("empty") << "empty.csv" << QByteArray();
    QTest::newRow("bad number") << "bad.csv" << QByteArray(); // built from the good file below
    QTest::newRow("broken json") << "broken.json" << QByteArray("{\"rows\": [ {\"workload\": ");
    QTest::newRow("missing file") << "does-not-exist.csv" << QByteArray("-");
}

void TestResultFiles::malformedFileKeepsTheCharts()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    const QString path = m_dir.filePath(name);
    if (name == QLatin1String("bad.csv")) {
        QFile good(m_good);
        QVERIFY(good.open(QIODevice::ReadOnly));
        QByteArray text = good.readAll();
        const int row = text.indexOf("\nadd,cpu");
        QVERIFY(row > 0);
        const int field = text.indexOf(",1,", row); // the thread count of the first row
        QVERIFY(field > 0);
        text.replace(field, 3, ",one,");
        content = text;
    }
    if (content != "-") {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }

    MainWindow w(m_dir.filePath(QStringLiteral("bad.ini")));
    QStringList shown;
    w.setErrorReporter([&shown](const QString &, const QString &text) { shown << text; });
    QVERIFY(w.openResults(m_good));
    const ResultSet before = w.runStore()->resultSet();
    const auto charts = snapshot(w.timeChart());
    QVERIFY(!charts.isEmpty());

    QSignalSpy errors(&w, &MainWindow::errorShown);
    QVERIFY(!w.openResults(path));
    QCOMPARE(errors.size(), 1);
    QCOMPARE(shown.size(), 1);
    QVERIFY2(shown.first().contains(name), qPrintable(shown.first()));
    QVERIFY(shown.first().contains(QStringLiteral("previous results")));
    QVERIFY(w.runStore()->resultSet() == before);
    QCOMPARE(snapshot(w.timeChart()), charts);
    QCOMPARE(w.timeChart()->markers().size(), 1);
}

void TestResultFiles::nothingToSave()
{
    MainWindow w(m_dir.filePath(QStringLiteral("empty.ini")));
    QStringList shown;
    w.setErrorReporter([&shown](const QString &, const QString &text) { shown << text; });
    const QString path = m_dir.filePath(QStringLiteral("nothing.csv"));
    QVERIFY(!w.saveData(path));
    QCOMPARE(shown.size(), 1);
    QVERIFY(!QFile::exists(path));
}

QTEST_MAIN(TestResultFiles)
#include "tst_resultfiles.moc"
