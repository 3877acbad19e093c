// SPDX-License-Identifier: MIT
// The parts ChartView hands its work to, tested without a chart: where a label goes
// (LabelPlacer), which point the mouse rests on (ChartReadout) and how a figure is written
// (FigureExport).
#include "ui/charts/chartreadout.h"
#include "ui/charts/figureexport.h"
#include "ui/charts/labelplacer.h"

#include <QDir>
#include <QFile>
#include <QLineSeries>
#include <QPainter>
#include <QTemporaryDir>
#include <QTest>

using namespace speeduplab;

class TestChartParts : public QObject {
    Q_OBJECT
private slots:
    void firstCandidateSitsWhereAsked();
    void candidatesStayInThePlot();
    void aLabelThatDoesNotFitCrossesTheLine();
    void aRegionNameKeepsItsSide();
    void freePlaceAvoidsObstacles();
    void aFullPlotHasNoFreePlace();
    void nearestIsWithinReach();
    void figureHasTheExactPixels();
    void pngOfImpossibleSizeIsRefused();
    void svgStatesPixels();
    void refusedTargetIsNotDrawn();
};

namespace {
const QRectF kPlot(100, 50, 600, 400);
const QSizeF kLabel(80, 20);
} // namespace

void TestChartParts::firstCandidateSitsWhereAsked()
{
    // Above a horizontal line through (400, 250), centred on the anchor, 6 px away.
    const auto above = LabelPlacer::candidates({400, 250}, kLabel, {Qt::AlignTop | Qt::AlignHCenter}, kPlot);
    QVERIFY(!above.isEmpty());
    QCOMPARE(above.front(), QRectF(QPointF(360, 224), kLabel));
    // Below it, when asked.
    const auto below =
        LabelPlacer::candidates({400, 250}, kLabel, {Qt::AlignBottom | Qt::AlignHCenter}, kPlot);
    QCOMPARE(below.front(), QRectF(QPointF(360, 256), kLabel));
    // Right of a vertical line, starting level with the anchor's side asked (below it).
    const auto right =
        LabelPlacer::candidates({400, 250}, kLabel, {Qt::AlignRight | Qt::AlignBottom, Qt::Vertical}, kPlot);
    QCOMPARE(right.front(), QRectF(QPointF(406, 256), kLabel));
}

void TestChartParts::candidatesStayInThePlot()
{
    for (const QPointF anchor : {QPointF(100, 50), QPointF(700, 450), QPointF(90, 500)})
        for (const auto line : {Qt::Horizontal, Qt::Vertical})
            for (const QRectF &r :
                 LabelPlacer::candidates(anchor, kLabel, {Qt::AlignTop | Qt::AlignLeft, line}, kPlot))
                QVERIFY2(kPlot.contains(r), qPrintable(QStringLiteral("%1,%2").arg(r.x()).arg(r.y())));
}

void TestChartParts::aLabelThatDoesNotFitCrossesTheLine()
{
    // Asked above a line 10 px under the plot's top: no room there, so below comes first.
    const auto c = LabelPlacer::candidates({400, 60}, kLabel, {Qt::AlignTop | Qt::AlignHCenter}, kPlot);
    QCOMPARE(c.front().top(), 66.0);
}

void TestChartParts::aRegionNameKeepsItsSide()
{
    // A region's name above its line never goes below it, even with no room above.
    const LabelPlacer::Place region{Qt::AlignTop | Qt::AlignHCenter, Qt::Horizontal, true};
    for (const QRectF &r : LabelPlacer::candidates({400, 250}, kLabel, region, kPlot))
        QVERIFY(r.bottom() <= 244.0 + 1e-9);
}

void TestChartParts::freePlaceAvoidsObstacles()
{
    const QPointF anchor(400, 250);
    const LabelPlacer::Place place{Qt::AlignTop | Qt::AlignHCenter};
    const QRectF first = LabelPlacer::candidates(anchor, kLabel, place, kPlot).front();
    const QList<QRectF> obstacles{first.adjusted(10, 5, -10, -5), QRectF(0, 0, 5, 5)};
    const auto at = LabelPlacer::freePlace(anchor, kLabel, place, kPlot, obstacles);
    QVERIFY(at);
    for (const QRectF &o : obstacles)
        QVERIFY(!at->intersects(o));
    // Nothing in the way: the first candidate.
    QCOMPARE(*LabelPlacer::freePlace(anchor, kLabel, place, kPlot, {}), first);
}

void TestChartParts::aFullPlotHasNoFreePlace()
{
    QVERIFY(!LabelPlacer::freePlace({400, 250}, kLabel, {Qt::AlignTop}, kPlot, {kPlot}));
}

void TestChartParts::nearestIsWithinReach()
{
    QLineSeries a, b;
    a.append({{1, 1}, {2, 2}});
    b.append(3, 3);
    const QList<ChartReadout::Curve> curves{{QStringLiteral("a"), &a}, {QStringLiteral("b"), &b}};
    auto scaled = [](const QPointF &v) { return v * 100; }; // one unit: 100 px
    const auto hit = ChartReadout::nearest(curves, {295, 305}, 10, scaled);
    QCOMPARE(hit.series, &b);
    QCOMPARE(hit.id, QStringLiteral("b"));
    QCOMPARE(hit.value, QPointF(3, 3));
    QCOMPARE(ChartReadout::nearest(curves, {205, 195}, 10, scaled).value, QPointF(2, 2));
    QVERIFY(!ChartReadout::nearest(curves, {250, 250}, 10, scaled).series);
}

void TestChartParts::figureHasTheExactPixels()
{
    QSizeF drawnAt;
    auto draw = [&drawnAt](QPainter &p, const QSizeF &logical) {
        drawnAt = logical;
        p.fillRect(QRectF(QPointF(0, 0), logical), Qt::black);
    };
    const QImage small = FigureExport::image({800, 600}, draw);
    QCOMPARE(small.size(), QSize(800, 600));
    QCOMPARE(drawnAt, QSizeF(800, 600));
    // A slide: laid out at 1280 wide, scaled up, and filled edge to edge.
    const QImage slide = FigureExport::image({1920, 1080}, draw);
    QCOMPARE(slide.size(), QSize(1920, 1080));
    QCOMPARE(drawnAt, QSizeF(1280, 720));
    QCOMPARE(slide.pixelColor(1919, 1079), QColor(Qt::black));
}

void TestChartParts::pngOfImpossibleSizeIsRefused()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("x.png"));
    bool drawn = false;
    QString error;
    QVERIFY(!FigureExport::png(
        path, {8, 8}, [&](QPainter &, const QSizeF &) { drawn = true; }, &error));
    QVERIFY(error.contains(QLatin1String("16 to 16384")));
    QVERIFY(!drawn);
    QVERIFY(!QFile::exists(path));
    QVERIFY(FigureExport::png(
        path, {64, 32}, [&](QPainter &, const QSizeF &) { drawn = true; }, &error));
    QVERIFY(drawn);
    QCOMPARE(QImage(path).size(), QSize(64, 32));
}

void TestChartParts::svgStatesPixels()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("x.svg"));
    QString error;
    QVERIFY(FigureExport::svg(
        path, {1920, 1080}, 96, QStringLiteral("a <b> & c"),
        [](QPainter &p, const QSizeF &s) { p.drawLine(QPointF(0, 0), QPointF(s.width(), s.height())); },
        &error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray svg = f.readAll();
    QVERIFY(svg.contains("width=\"1920\" height=\"1080\""));
    QVERIFY(svg.contains("viewBox=\"0 0 1920 1080\""));
    QVERIFY2(svg.contains("a &lt;b&gt; &amp; c"), svg.left(600).constData());
}

void TestChartParts::refusedTargetIsNotDrawn()
{
    // A folder is no figure: refused before anything is drawn, with the advice.
    QTemporaryDir dir;
    bool drawn = false;
    QString error;
    QVERIFY(!FigureExport::svg(
        dir.path(), {64, 64}, 96, {}, [&](QPainter &, const QSizeF &) { drawn = true; }, &error));
    QVERIFY(!drawn);
    QVERIFY(error.contains(QLatin1String("Choose another folder or file name")));
}

QTEST_MAIN(TestChartParts)
#include "tst_chartparts.moc"
