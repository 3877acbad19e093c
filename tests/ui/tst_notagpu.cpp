// SPDX-License-Identifier: MIT
// A GPU API on the CPU (PoCL) is never called a GPU (issue 58): with opencl:0 described as
// PoCL beside the H200 example, as a second run and inside the same result, no chart, note,
// crossover, speedup, cost, energy, slide, Explain sentence or HTML report holds it against the
// CPU as a GPU. What a device is (DeviceKind) is decided once, where its rows are read, and
// travels with them into several runs shown together.
#include "ui/app.h"
#include "ui/charts/chartview.h"
#include "ui/charts/explainchart.h"
#include "ui/examples.h"
#include "ui/htmlreport.h"
#include "ui/mainwindow.h"
#include "ui/runstore.h"

#include "core/analysis/analysis.h"
#include "core/analysis/energyanalysis.h"
#include "core/analysis/explain.h"
#include "core/model/workload.h"
#include "core/results/resultio.h"
#include "core/results/runset.h"

#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QXYSeries>

using namespace speeduplab;

namespace {

DeviceDescription pocl()
{
    DeviceDescription d;
    d.index = 0;
    d.name = "pthread-skylake-avx512-AMD EPYC";
    d.vendor = "AuthenticAMD";
    d.platform = "Portable Computing Language";
    d.deviceVersion = "OpenCL 3.0 PoCL HSTR: pthread-x86_64-pc-linux-gnu-skylake-avx512";
    d.type = "CPU";
    d.computeUnits = 2;
    d.unifiedMemory = true;
    return d;
}

// One point of add at n: a fixed cost per iteration and a rate, 100 iterations.
Measurement point(const std::string &backend, int threads, const std::string &mode, int n, double fixed,
                  double bytesPerS)
{
    const Workload *add = Workload::find("add");
    Measurement m;
    m.workload = "add";
    m.backend = backend;
    m.threads = threads;
    m.mode = mode;
    m.device = backend == "cpu" ? -1 : 0;
    m.n = n;
    m.iterations = 100;
    m.elements = Workload::elements(n);
    m.bytes = add->bytes(n, m.iterations);
    m.flops = add->flops(n, m.iterations);
    const double perIteration = fixed + add->bytes(n, 1) / bytesPerS;
    m.stats.median = m.stats.min = m.stats.max = m.stats.mean = perIteration * m.iterations;
    m.stats.q1 = m.stats.q3 = m.stats.median;
    m.stats.reps = 5;
    m.verified = true;
    return m;
}

// The PoCL rows: OpenCL on the CPU, slower than one thread at small n, faster than it at large n,
// so that a view that took it for a GPU would mark a crossover.
void addPoclRows(ResultSet &r)
{
    for (int n : {4, 40, 126, 400, 1265, 4000})
        for (const char *mode : {"launch", "graph", "fused"})
            r.add(point("opencl", 0, mode, n, 5e-6, 40e9));
}

ResultSet laptop()
{
    ResultSet r;
    r.machine.cpuModel = "AMD EPYC";
    r.machine.logicalCores = 2;
    r.machine.timestamp = "2026-12-05T05:17:15Z";
    r.machine.described = {pocl()};
    for (int n : {4, 40, 126, 400, 1265, 4000})
        for (int p : {1, 2})
            r.add(point("cpu", p, {}, n, p == 1 ? 10e-9 : 600e-9, p * 12e9));
    addPoclRows(r);
    r.describeDevices();
    return r;
}

// A sentence (or label) that holds a device against the CPU as a GPU.
const QRegularExpression gpuClaim(QStringLiteral("faster above|faster again above|cheaper above|overtakes|vs "
                                                 "(its )?best CPU|speedup|GPU faster|GPU cheaper"),
                                  QRegularExpression::CaseInsensitiveOption);

// Every line of `text` that names opencl:0 (or PoCL) and claims what only a GPU may.
QStringList claims(const QString &text)
{
    QStringList out;
    for (const QString &line : text.split(QRegularExpression(QStringLiteral("[\\n\\r]|(?<=[.;])\\s"))))
        if ((line.contains(QStringLiteral("opencl:0")) || line.contains(QStringLiteral("PoCL"))) &&
            line.contains(gpuClaim))
            out << line.simplified();
    return out;
}

QString plain(const std::string &html)
{
    QString t = QString::fromStdString(html);
    t.remove(QRegularExpression(QStringLiteral("<(script|style)[^>]*>.*?</\\1>"),
                                QRegularExpression::DotMatchesEverythingOption));
    t.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral("\n"));
    return t.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
}

} // namespace

class TestNotAGpu : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        App::initialise();
        QVERIFY(m_dir.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
    }
    void kindIsDecidedOnce();
    void kindTravelsIntoSeveralRuns();
    void everyViewBesideTheH200_data();
    void everyViewBesideTheH200();

private:
    QTemporaryDir m_dir;
};

// One answer, from the description: PoCL is a GPU API on the CPU, an integrated GPU shares the
// host's memory, a row of an undescribed device is no GPU; a CUDA row is a discrete GPU.
void TestNotAGpu::kindIsDecidedOnce()
{
    DeviceDescription d = pocl();
    QCOMPARE(d.kind(), DeviceKind::CpuApi);
    d.type = "GPU";
    QCOMPARE(d.kind(), DeviceKind::IntegratedGpu);
    d.unifiedMemory = false;
    QCOMPARE(d.kind(), DeviceKind::DiscreteGpu);
    d.type = "other";
    QCOMPARE(d.kind(), DeviceKind::Unknown);

    ResultSet r = laptop();
    for (const Measurement &m : r.rows) {
        QCOMPARE(m.onGpu(), false);
        QCOMPARE(m.kind(), m.isCpu() ? DeviceKind::Cpu : DeviceKind::CpuApi);
    }
    Measurement cuda = point("gpu", 0, "launch", 4, 5e-6, 1e12);
    QCOMPARE(cuda.kind(), DeviceKind::DiscreteGpu);
    r.machine.described.clear(); // a file that does not describe its OpenCL device
    r.describeDevices();
    for (const Series &s : Analysis::series(r))
        QVERIFY2(!s.gpu(), s.label.c_str());
    // Written and read back, the row's kind comes from the file's own description.
    const QString path = m_dir.filePath(QStringLiteral("laptop.json"));
    ResultIO::writeJson(laptop(), path.toStdString());
    const ResultSet back = ResultIO::load(path.toStdString());
    QCOMPARE(back.rows, laptop().rows);
}

// Several runs keep the first run's machine: each row's kind must not depend on it.
void TestNotAGpu::kindTravelsIntoSeveralRuns()
{
    const ResultSet h200 = Examples::load(Examples::all().front()).front().results;
    QVERIFY(h200.machine.described.empty());
    std::vector<RunRecord> runs(2);
    runs[0].label = "H200";
    runs[0].results = h200;
    runs[1].label = "laptop";
    runs[1].results = laptop();
    const std::vector<RunRecord> read = RunSet::fromJson(RunSet::toJson(runs));
    const ResultSet both = RunSet::combined(read);
    int pocl = 0, gpus = 0;
    for (const Series &s : Analysis::series(both, "add")) {
        pocl += s.onCpuCores();
        gpus += s.gpu();
        QVERIFY2(!(s.gpu() && s.backend == "opencl"), s.label.c_str());
    }
    QCOMPARE(pocl, 3);
    QVERIFY(gpus >= 3);
    for (const CrossoverReport &c : Explain::reports(both, "add"))
        QVERIFY2(c.gpuLabel.find("opencl") == std::string::npos, c.gpuLabel.c_str());
    for (const CrossoverStory &s : Explain::crossovers(both, Analysis::series(both, "add")))
        QVERIFY2(s.gpuLabel.find("opencl") == std::string::npos, s.gpuLabel.c_str());
    for (const EnergyCrossover &x : EnergyAnalysis::crossovers(both, Analysis::series(both, "add")))
        QVERIFY2(x.gpu.backend != "opencl", x.gpu.label.c_str());
    const std::vector<std::string> notes = Analysis::notGpus(both, "add");
    QCOMPARE(notes.size(), std::size_t(1));
    QVERIFY2(notes[0].find("not a GPU") != std::string::npos, notes[0].c_str());
}

void TestNotAGpu::everyViewBesideTheH200_data()
{
    QTest::addColumn<bool>("sameResult");
    QTest::newRow("a second run") << false;
    QTest::newRow("inside the H200's result") << true;
}

// Every chart, its notes, labels and legend, the Explain tab and the HTML report: opencl:0 is
// told (its curves are drawn), never held against the CPU as a GPU.
void TestNotAGpu::everyViewBesideTheH200()
{
    QFETCH(bool, sameResult);
    MainWindow w(m_dir.filePath(QStringLiteral("w.ini")));
    if (sameResult) {
        ResultSet mixed = Examples::load(Examples::all().front()).front().results;
        mixed.machine.described = {pocl()};
        addPoclRows(mixed);
        mixed.describeDevices();
        const QString path = m_dir.filePath(QStringLiteral("mixed.json"));
        ResultIO::writeJson(mixed, path.toStdString());
        QVERIFY(w.openResults(path));
    } else {
        QVERIFY(w.openExample(0));
        const QString path = m_dir.filePath(QStringLiteral("laptop.json"));
        ResultIO::writeJson(laptop(), path.toStdString());
        QVERIFY(w.openResults(path));
    }
    int poclCurves = 0;
    for (ChartView *c : w.charts()) {
        c->resize(1280, 720);
        c->updateNow();
        QString text = c->noteText() + '\n' + c->labelTexts().join('\n');
        if (auto *e = qobject_cast<ExplainChart *>(c))
            for (const auto &section : e->explanations())
                text += '\n' + section.title + '\n' + section.sentences.join('\n');
        // A line that starts with its run names the curve without the run again.
        for (const QString &line : c->noteText().split(QLatin1Char('\n')))
            QVERIFY2(!line.contains(QRegularExpression(QStringLiteral("^(.{4,}): \\1: "))),
                     qPrintable(c->name() + QStringLiteral(": ") + line));
        const QStringList bad = claims(text);
        QVERIFY2(bad.isEmpty(),
                 qPrintable(c->name() + QStringLiteral(": ") + bad.join(QStringLiteral(" | "))));
        for (const ChartView::Role role :
             {ChartView::Role::Band, ChartView::Role::Marker, ChartView::Role::Fit})
            for (const QXYSeries *x : c->seriesWithRole(role))
                QVERIFY2(!x->name().contains(QStringLiteral("opencl")) &&
                             !x->objectName().contains(QStringLiteral("opencl")),
                         qPrintable(c->name() + QStringLiteral(": ") + x->name() + ' ' + x->objectName()));
        for (const QXYSeries *x : c->seriesWithRole(ChartView::Role::Data)) {
            const bool isPocl = x->name().contains(QStringLiteral("opencl:0"));
            // Speedup and cost hold a GPU against the CPU: no PoCL curve there.
            if (c->name() == QStringLiteral("speedup") || c->name() == QStringLiteral("cost"))
                QVERIFY2(!isPocl, qPrintable(c->name() + QStringLiteral(": ") + x->name()));
            if (c->name() == QStringLiteral("time"))
                poclCurves += isPocl;
        }
    }
    QCOMPARE(poclCurves, 3); // told: its three modes are drawn on the time chart
    const QString report = plain(HtmlReport::build(*w.runStore(), {}));
    const QStringList bad = claims(report);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QStringLiteral(" | "))));
    QVERIFY(report.contains(QStringLiteral("not a GPU")));
}

QTEST_MAIN(TestNotAGpu)
#include "tst_notagpu.moc"
