// SPDX-License-Identifier: MIT
// The classroom's view: presentation mode, zoom and hover readouts, driven as a teacher would.
#include "core/results/resultio.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/chartview.h"
#include "ui/charts/timechart.h"
#include "ui/mainwindow.h"

#include "fixtures.h"

#include <QAction>
#include <QDockWidget>
#include <QGraphicsSimpleTextItem>
#include <QHelpEvent>
#include <QLogValueAxis>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QXYSeries>

using namespace speeduplab;

class TestPresentation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void ctrlNumberSwitchesCharts();
    void zoomScalesFontsLinesAndExports();
    void presentationShowsTheChartOnly();
    void hoverReadsOutThePoint();

private:
    QString openSample(MainWindow &w);
    QTemporaryDir m_dir;
};

void TestPresentation::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

QString TestPresentation::openSample(MainWindow &w)
{
    const QString path = m_dir.filePath(QStringLiteral("sample.json"));
    ResultIO::writeJson(fixtures::knownCrossover({316}), path.toStdString());
    w.openResults(path);
    return path;
}

void TestPresentation::ctrlNumberSwitchesCharts()
{
    MainWindow w(m_dir.filePath(QStringLiteral("keys.ini")));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // Ctrl+1 to Ctrl+9: the first nine charts (a tenth is in the View menu only).
    QVERIFY(w.charts().size() >= 9);
    for (int i = 0; i < 9; ++i) {
        QTest::keyClick(&w, Qt::Key(Qt::Key_1 + i), Qt::ControlModifier);
        QCOMPARE(w.currentChart(), w.charts()[i]);
    }
    QTest::keyClick(&w, Qt::Key_1, Qt::ControlModifier);
    QCOMPARE(w.currentChart()->name(), QStringLiteral("time"));
}

void TestPresentation::zoomScalesFontsLinesAndExports()
{
    MainWindow w(m_dir.filePath(QStringLiteral("zoom.ini")));
    w.show();
    openSample(w);
    TimeChart *c = w.timeChart();
    c->updateNow();
    auto labelPixels = [c] {
        return QFontInfo(c->chart()->axes(Qt::Horizontal).first()->labelsFont()).pixelSize();
    };
    auto lineWidth = [c] { return c->seriesWithRole(ChartView::Role::Data).first()->pen().widthF(); };
    const int before = labelPixels();
    const qreal widthBefore = lineWidth();
    const QSize imageSize(1280, 720);
    const QImage plain = c->toImage(imageSize);

    auto *in = w.findChild<QAction *>(QStringLiteral("zoomInAction"));
    QVERIFY(in);
    in->trigger();
    in->trigger(); // 1.25 x 1.25
    QVERIFY(qAbs(ChartStyle::zoom() - 1.5625) < 1e-9);
    QVERIFY2(labelPixels() >= before * 1.4,
             qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(labelPixels())));
    QVERIFY(lineWidth() > widthBefore * 1.4);
    // An export is drawn at the zoom too: its text covers more of the image.
    auto inked = [](const QImage &img) {
        qint64 dark = 0;
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2)
                dark += qGray(img.pixel(x, y)) < 128;
        return dark;
    };
    QVERIFY(inked(c->toImage(imageSize)) > inked(plain));

    // Remembered across sessions, and Ctrl+0 goes back to normal.
    w.close();
    {
        MainWindow again(m_dir.filePath(QStringLiteral("zoom.ini")));
        QVERIFY(qAbs(ChartStyle::zoom() - 1.5625) < 1e-9);
        again.findChild<QAction *>(QStringLiteral("zoomResetAction"))->trigger();
        QCOMPARE(ChartStyle::zoom(), 1.0);
        auto *out = again.findChild<QAction *>(QStringLiteral("zoomOutAction"));
        for (int i = 0; i < 20; ++i)
            out->trigger();
        QCOMPARE(ChartStyle::zoom(), ChartStyle::minZoom);
        again.findChild<QAction *>(QStringLiteral("zoomResetAction"))->trigger();
    }
}

void TestPresentation::presentationShowsTheChartOnly()
{
    MainWindow w(m_dir.filePath(QStringLiteral("present.ini")));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    openSample(w);
    const QList<QDockWidget *> docks = w.findChildren<QDockWidget *>();
    QVERIFY(!docks.isEmpty());
    QVERIFY(w.menuBar()->isVisible());
    const double zoom = ChartStyle::zoom();

    QTest::keyClick(&w, Qt::Key_F11);
    QVERIFY(w.isPresenting());
    for (QDockWidget *d : docks)
        QVERIFY2(!d->isVisible(), qPrintable(d->objectName()));
    QVERIFY(!w.menuBar()->isVisible());
    QVERIFY(!w.statusBar()->isVisible());
    QVERIFY(w.currentChart()->isVisible());
    QVERIFY(ChartStyle::zoom() >= MainWindow::kPresentationZoom);
    // The chart shortcuts still work without the menu.
    QTest::keyClick(&w, Qt::Key_2, Qt::ControlModifier);
    QCOMPARE(w.currentChart()->name(), QStringLiteral("speedup"));

    // F11 again: the window as it was, at the zoom it had.
    QTest::keyClick(&w, Qt::Key_F11);
    QVERIFY(!w.isPresenting());
    QVERIFY(w.menuBar()->isVisible());
    QVERIFY(w.statusBar()->isVisible());
    for (QDockWidget *d : docks)
        if (d->objectName() != QLatin1String("devicesDock")) // tabbed behind Results
            QVERIFY2(d->isVisible(), qPrintable(d->objectName()));
    QCOMPARE(ChartStyle::zoom(), zoom);
}

void TestPresentation::hoverReadsOutThePoint()
{
    MainWindow w(m_dir.filePath(QStringLiteral("hover.ini")));
    w.resize(1480, 920); // a chart wide enough to tell n = 4 from n = 7 by 5 pixels (the test
                         // screen is 800 x 800, which the window is fitted to at first)
    w.show();
    openSample(w);
    TimeChart *c = w.timeChart();
    c->updateNow();
    const ResultSet r = fixtures::knownCrossover({316});
    const Measurement &m = r.rows.front();
    QXYSeries *s = nullptr;
    for (QXYSeries *x : c->seriesWithRole(ChartView::Role::Data))
        if (x->name() == QString::fromStdString(m.seriesLabel()))
            s = x;
    QVERIFY(s);
    // The cursor a little off the point: the nearest point is read out.
    const QPointF at(m.n * 1.05, s->points().front().y() * 1.1);
    const QString text = c->readout(s, QStringLiteral("data:") + QString::fromStdString(m.seriesKey()), at);
    QVERIFY2(text.startsWith(s->name()), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("n = %1").arg(m.n)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("time per iteration")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("CV ")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("cost model")), qPrintable(text));
    // Hovering shows it (the signal QtCharts sends), leaving hides it.
    emit s->hovered(s->points().front(), true);
    emit s->hovered(s->points().front(), false);

    // With the mouse: near a marker (not on the line itself), the readout of that point
    // appears; away from every marker, it goes.
    const QPointF scenePoint = c->chart()->mapToPosition(s->points().front(), s);
    const QPoint onView = c->mapFromScene(scenePoint);
    QTest::mouseMove(c->viewport(), onView + QPoint(5, -5));
    QTRY_VERIFY2_WITH_TIMEOUT(QToolTip::isVisible(), "no readout near the point", 2000);
    QVERIFY2(QToolTip::text().contains(QStringLiteral("n = %1").arg(m.n)), qPrintable(QToolTip::text()));
    QVERIFY2(QToolTip::text().startsWith(s->name()), qPrintable(QToolTip::text()));
    // The mouse rests: Qt's own tooltip event (which hid the readout after a second) and a few
    // seconds leave it up.
    QHelpEvent rest(QEvent::ToolTip, onView + QPoint(5, -5),
                    c->viewport()->mapToGlobal(onView + QPoint(5, -5)));
    QApplication::sendEvent(c->viewport(), &rest);
    QTest::qWait(2500);
    QVERIFY2(QToolTip::isVisible(), "the readout went while the mouse rested on the point");
    QTest::mouseMove(c->viewport(), QPoint(2, 2)); // the chart's corner, outside the plot
    QTRY_VERIFY2_WITH_TIMEOUT(!QToolTip::isVisible(), "the readout stayed away from the points", 2000);
}

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
