// SPDX-License-Identifier: MIT
// The roofline chart: every point at its FLOPs per byte and attained GFLOP/s, the roofs drawn
// from the machine's ceilings (the main memory roof rising at its bandwidth and flattening at
// the compute peak), the ridge labels, and what it says without ceilings or without FLOPs.
#include "fixtures.h"

#include "core/devices/devicebackend.h"
#include "core/machine/machineinfo.h"
#include "core/measure/calibration.h"
#include "ui/app.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/rooflinechart.h"
#include "ui/runstore.h"

#include <QFile>
#include <QLogValueAxis>
#include <QTest>
#include <QXYSeries>

#include <cmath>
#include <map>

using namespace speeduplab;

namespace {

using Ceilings = std::map<std::string, double>;

// CPU: ridge 500 / 12.5 = 40 FLOP/B; GPU: ridge 60000 / 4000 = 15 FLOP/B.
const Ceilings kAll = {
    {Calibration::cpuL1, 200e9},     {Calibration::cpuL2, 100e9},  {Calibration::cpuL3, 40e9},
    {Calibration::cpuTriad, 12.5e9}, {Calibration::cpuFma, 500e9}, {Calibration::gpuL2, 10e12},
    {Calibration::gpuCopy, 4e12},    {Calibration::gpuFma, 60e12}, {Calibration::gpuLaunch, 3e-6}};

using fixtures::gemmPoint;

Measurement transferPoint(int n, double t)
{
    const Workload *w = Workload::find("transfer");
    Measurement m = fixtures::point("gpu", 0, "launch", n, t);
    m.workload = "transfer";
    m.variant = "pinned";
    m.bytes = w->bytes(n, m.iterations);
    m.flops = 0;
    return m;
}

/// add, gemm and transfer on the CPU (1 and 4 threads, not transfer) and the GPU (launch),
/// with one failed gemm point that must not be placed.
ResultSet known(const Ceilings &ceilings, bool withGpu = true)
{
    ResultSet r;
    r.machine = fixtures::machine();
    r.machine.ceilings = ceilings;
    for (int n : {64, 256, 1024, 4096}) {
        const double bytes = 8.0 * n * n;
        r.add(fixtures::point("cpu", 1, "", n, 1e-7 + bytes / 3e9));
        r.add(fixtures::point("cpu", 4, "", n, 1e-6 + bytes / 9e9));
        r.add(gemmPoint("cpu", 1, "", n, 20 + n / 100.0));
        r.add(gemmPoint("cpu", 4, "", n, 60 + n / 50.0));
        if (withGpu) {
            r.add(fixtures::point("gpu", 0, "launch", n, 5e-6 + bytes / 3e12));
            r.add(gemmPoint("gpu", 0, "launch", n, 30000));
            r.add(transferPoint(n, 1e-5 + bytes / 20e9));
        }
    }
    Measurement failed = gemmPoint("cpu", 4, "", 8192, 100);
    failed.status = Measurement::Status::Failed;
    failed.reason = "wrong result";
    r.add(failed);
    return r;
}

/// The roof's y at x, interpolated in log-log along its polyline; 0 outside it.
double roofAt(const QXYSeries *s, double x)
{
    for (int i = 1; i < s->count(); ++i) {
        const QPointF a = s->at(i - 1), b = s->at(i);
        if (x < a.x() || x > b.x())
            continue;
        if (b.x() == a.x())
            return b.y();
        const double f = std::log(x / a.x()) / std::log(b.x() / a.x());
        return std::exp(std::log(a.y()) + f * std::log(b.y() / a.y()));
    }
    return 0;
}

const QXYSeries *byName(const QList<QXYSeries *> &list, const QString &id)
{
    for (const QXYSeries *s : list)
        if (s->objectName() == id)
            return s;
    return nullptr;
}

bool close(double a, double b)
{
    return std::abs(a / b - 1) < 1e-9;
}

} // namespace

class TestRooflineChart : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void drawingLoadsNoDeviceDriver(); // first: later tests probe the devices
    void pointsSitAtIntensityAndRate_data();
    void pointsSitAtIntensityAndRate();
    void roofsFollowTheCeilings_data();
    void roofsFollowTheCeilings();
    void withoutCeilingsItSaysCalibrate();
    void specSheetRoofWithoutCeilings();
    void transferIsNotOnTheRoofline();
};

void TestRooflineChart::initTestCase()
{
    App::initialise();
}

// Whether the roofs come from this machine needs its CPU and CUDA GPUs only. Asking every backend
// (Devices::probeMachine) loaded the OpenCL driver (PoCL and its LLVM) into a process that had no
// start-up child probe (this test, the benchmarks) on the first roofline or Explain chart: 180 ms.
void TestRooflineChart::drawingLoadsNoDeviceDriver()
{
    RunStore store;
    store.setResultSet(known({}));
    RooflineChart chart;
    chart.setModel(&store);
    chart.setWorkload(QStringLiteral("gemm"));
    chart.updateNow();
    QVERIFY(!chart.noteText().isEmpty());
    QFile maps(QStringLiteral("/proc/self/maps"));
    QVERIFY(maps.open(QIODevice::ReadOnly));
    const QByteArray loaded = maps.readAll();
    for (const char *driver : {"libpocl", "libLLVM"})
        QVERIFY2(!loaded.contains(driver), driver);
}

void TestRooflineChart::pointsSitAtIntensityAndRate_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<bool>("withGpu");
    QTest::newRow("add") << "add" << true;
    QTest::newRow("gemm") << "gemm" << true;
    QTest::newRow("gemm, CPU only") << "gemm" << false;
}

void TestRooflineChart::pointsSitAtIntensityAndRate()
{
    QFETCH(QString, workload);
    QFETCH(bool, withGpu);
    const ResultSet r = known(kAll, withGpu);
    RunStore store;
    store.setResultSet(r);
    RooflineChart chart;
    QCOMPARE(chart.name(), QStringLiteral("roofline"));
    chart.setModel(&store);
    chart.setWorkload(workload);
    chart.updateNow();
    QVERIFY(chart.chart()->title().startsWith(workload));

    const std::vector<Series> all = Analysis::series(r, workload.toStdString());
    const QList<QXYSeries *> data = chart.seriesWithRole(ChartView::Role::Data);
    QCOMPARE(data.size(), withGpu ? 3 : 2);
    for (const Series &s : all) {
        const QXYSeries *drawn = byName(data, QStringLiteral("data:") + QString::fromStdString(s.key));
        QVERIFY2(drawn, s.key.c_str());
        QCOMPARE(drawn->name(), QString::fromStdString(s.label));
        // The colour the series has on every other chart; markers, no line.
        QCOMPARE(drawn->color(), ChartStyle::seriesColor(s, all));
        QVERIFY(drawn->pointsVisible());
        QCOMPARE(drawn->pen().style(), Qt::NoPen);
        // One point per ok measurement: x = flops / bytes, y = flops / median in FLOP/s (as plotted:
        // times the y axis' scale).
        QList<const Measurement *> rows;
        for (const Measurement &m : r.rows)
            if (m.ok() && m.workload == s.workload && m.seriesKey() == s.key)
                rows << &m;
        QCOMPARE(drawn->count(), int(rows.size()));
        for (int i = 0; i < drawn->count(); ++i) {
            const Measurement &m = *rows[i]; // both sorted by n
            QVERIFY(close(drawn->at(i).x(), m.flops / m.bytes));
            QVERIFY(close(drawn->at(i).y(), m.flops / m.stats.median * chart.yScale()));
        }
    }
    if (workload == QLatin1String("add"))
        QVERIFY(close(data.front()->at(0).x(), 1.0 / 8)); // 1 FLOP per 8 bytes
    // Both axes are log axes holding every point and every ridge.
    auto *x = qobject_cast<QLogValueAxis *>(chart.chart()->axes(Qt::Horizontal).front());
    auto *y = qobject_cast<QLogValueAxis *>(chart.chart()->axes(Qt::Vertical).front());
    QVERIFY(x && y);
    QVERIFY(x->min() > 0 && y->min() > 0);
    for (const QXYSeries *s : data)
        for (int i = 0; i < s->count(); ++i) {
            QVERIFY(s->at(i).x() >= x->min() && s->at(i).x() <= x->max());
            QVERIFY(s->at(i).y() >= y->min() && s->at(i).y() <= y->max());
        }
    // The ridges too, with room above the peak for its label.
    for (const auto &[bw, peak] : {std::pair{12.5e9, 500e9}, std::pair{4e12, 60e12}}) {
        if (!withGpu && bw > 1e12)
            continue;
        QVERIFY(peak / bw > x->min() && peak / bw < x->max());
        QVERIFY(peak * chart.yScale() > y->min() && 1.5 * peak * chart.yScale() < y->max());
    }
}

void TestRooflineChart::roofsFollowTheCeilings_data()
{
    QTest::addColumn<bool>("withGpu");
    QTest::addColumn<int>("roofs");
    QTest::addColumn<QStringList>("ridges");
    // CPU L1, L2, L3, DRAM; GPU L2, HBM. Each compute peak is the flat part of its DRAM roof.
    QTest::newRow("CPU and GPU") << true << 6
                                 << QStringList{QStringLiteral("CPU ridge 40 FLOP/B"),
                                                QStringLiteral("GPU ridge 15 FLOP/B")};
    // A CPU-only run on a calibrated GPU machine shows the CPU's roofs only.
    QTest::newRow("CPU only") << false << 4 << QStringList{QStringLiteral("CPU ridge 40 FLOP/B")};
}

void TestRooflineChart::roofsFollowTheCeilings()
{
    QFETCH(bool, withGpu);
    QFETCH(int, roofs);
    QFETCH(QStringList, ridges);
    RunStore store;
    store.setResultSet(known(kAll, withGpu));
    RooflineChart chart;
    chart.setModel(&store);
    chart.setWorkload(QStringLiteral("add"));
    chart.updateNow();

    const QList<QXYSeries *> guides = chart.seriesWithRole(ChartView::Role::Guide);
    QCOMPARE(guides.size(), roofs);
    const double g = 1e9 * chart.yScale(); // 1 GB/s times 1 FLOP/B, or 1 GFLOP/s, as plotted
    struct Main {
        const char *id;
        double bw, peak; // GB/s, GFLOP/s
    };
    QList<Main> mains{{"roof:cpu:cpu_triad_bytes_per_s", 12.5, 500}};
    if (withGpu)
        mains.append({"roof:gpu:gpu_copy_bytes_per_s", 4000, 60000});
    for (const Main &m : mains) {
        const QXYSeries *s = byName(guides, QLatin1String(m.id));
        QVERIFY2(s, m.id);
        QCOMPARE(s->pen().style(), Qt::SolidLine);
        // Bandwidth times intensity below the ridge: at 1 FLOP/B, the bandwidth itself.
        QVERIFY2(close(roofAt(s, 1.0), m.bw * g), qPrintable(QString::number(roofAt(s, 1.0))));
        QVERIFY(close(roofAt(s, 0.1), m.bw * g / 10));
        // Flat at the compute peak from the ridge to the right edge.
        const double ridge = m.peak / m.bw;
        QVERIFY(close(roofAt(s, ridge), m.peak * g));
        QVERIFY(close(roofAt(s, ridge * 5), m.peak * g));
        QVERIFY(close(s->at(s->count() - 1).y(), m.peak * g));
    }
    // Faster levels: dashed diagonals at their bandwidth, stopping at the compute peak.
    const QXYSeries *l1 = byName(guides, QStringLiteral("roof:cpu:cpu_l1_bytes_per_s"));
    QVERIFY(l1);
    QCOMPARE(l1->pen().style(), Qt::DashLine);
    QVERIFY(close(roofAt(l1, 1.0), 200 * g));
    QVERIFY(close(l1->at(l1->count() - 1).y(), 500 * g));
    QVERIFY(close(l1->at(l1->count() - 1).x(), 500.0 / 200));
    // CPU roofs in the CPU colour, GPU roofs in the GPU colour.
    for (const QXYSeries *s : guides)
        QCOMPARE(s->color(), s->objectName().startsWith(QLatin1String("roof:gpu:"))
                                 ? ChartStyle::gpuWinsColor()
                                 : ChartStyle::cpuWinsColor());
    const QStringList labels = chart.labelTexts();
    for (const QString &ridge : ridges)
        QVERIFY2(labels.contains(ridge), qPrintable(labels.join(QLatin1String(" | "))));
    QVERIFY2(labels.contains(QStringLiteral("CPU FMA peak 500 GFLOP/s")),
             qPrintable(labels.join(QLatin1String(" | "))));
    QCOMPARE(labels.filter(QStringLiteral("ridge")).size(), ridges.size());
    QVERIFY(!chart.noteText().contains(QStringLiteral("Calibrate")));
}

void TestRooflineChart::withoutCeilingsItSaysCalibrate()
{
    // Measured here: calibrating this machine draws its roofs.
    ResultSet here = known({});
    const MachineInfo probed = Devices::probeMachine();
    here.machine.cpuModel = probed.cpuModel;
    here.machine.logicalCores = probed.logicalCores;
    here.machine.gpus = probed.gpus;
    RunStore store;
    store.setResultSet(here);
    RooflineChart chart;
    chart.setModel(&store);
    chart.setWorkload(QStringLiteral("gemm"));
    chart.updateNow();
    QCOMPARE(chart.seriesWithRole(ChartView::Role::Data).size(), 3);
    QCOMPARE(chart.countWithRole(ChartView::Role::Guide), 0);
    QVERIFY(chart.labelTexts().filter(QStringLiteral("ridge")).isEmpty());
    QVERIFY2(chart.noteText().contains(
                 QStringLiteral("Run Sweep \u25b8 Calibrate machine to draw the machine's roofs")),
             qPrintable(chart.noteText()));
    // It still exports a proper image.
    QCOMPARE(chart.toImage(QSize(800, 500)).size(), QSize(800, 500));
    // Recorded on another machine: calibrating this one would not give that machine's roofs.
    store.setResultSet(known({}));
    chart.updateNow();
    QVERIFY2(!chart.noteText().contains(QStringLiteral("Calibrate")), qPrintable(chart.noteText()));
    QVERIFY2(
        chart.noteText().contains(QStringLiteral("No ceilings were calibrated on the machine that recorded")),
        qPrintable(chart.noteText()));
}

// A GPU recording without a calibration still names its GPU's spec-sheet memory bandwidth: a
// dashed roof, labelled as not measured.
void TestRooflineChart::specSheetRoofWithoutCeilings()
{
    ResultSet r = known({});
    r.machine.gpus.front().bandwidthGBs = 4814.3;
    r.machine.gpus.front().name = "NVIDIA H200";
    RunStore store;
    store.setResultSet(r);
    RooflineChart chart;
    chart.setModel(&store);
    chart.setWorkload(QStringLiteral("add"));
    chart.updateNow();
    const QList<QXYSeries *> roofs = chart.seriesWithRole(ChartView::Role::Guide);
    QCOMPARE(roofs.size(), 1);
    QCOMPARE(roofs.front()->pen().style(), Qt::DashLine);
    QVERIFY2(ChartView::legendText(roofs.front())
                 .contains(QStringLiteral("NVIDIA H200 memory 4.81 TB/s (spec sheet, not measured)")),
             qPrintable(ChartView::legendText(roofs.front())));
    QVERIFY2(chart.noteText().contains(QStringLiteral("spec sheet")), qPrintable(chart.noteText()));
}

void TestRooflineChart::transferIsNotOnTheRoofline()
{
    RunStore store;
    store.setResultSet(known(kAll));
    RooflineChart chart;
    chart.setModel(&store);
    chart.setWorkload(QStringLiteral("transfer"));
    chart.updateNow();
    QVERIFY(chart.chart()->title().startsWith(QStringLiteral("transfer")));
    QCOMPARE(chart.countWithRole(ChartView::Role::Data), 0);
    QVERIFY2(chart.noteText().contains(QStringLiteral("not on the roofline")), qPrintable(chart.noteText()));
    // The machine's roofs are still there to read, on axes that a log scale can draw.
    QCOMPARE(chart.countWithRole(ChartView::Role::Guide), 6);
    for (QAbstractAxis *a : chart.chart()->axes()) {
        auto *l = qobject_cast<QLogValueAxis *>(a);
        QVERIFY(l && l->min() > 0 && l->max() > l->min());
    }
    QCOMPARE(chart.toImage(QSize(800, 500)).size(), QSize(800, 500));
}

QTEST_MAIN(TestRooflineChart)
#include "tst_rooflinechart.moc"
