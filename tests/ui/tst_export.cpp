// SPDX-License-Identifier: MIT
// Exports: a PNG and an SVG of exactly the asked size with real content, the clipboard, a
// failed write that says why and leaves nothing behind, and the export dialog's proposals
// (start folder, file name, remembered type).
#include "fixtures.h"

#include "core/results/resultio.h"
#include "core/results/runset.h"
#include "ui/app.h"
#include "ui/charts/charttabs.h"
#include "ui/charts/chartview.h"
#include "ui/filedialogs.h"
#include "ui/mainwindow.h"
#include "ui/runstore.h"

#include <QAbstractSeries>
#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <sys/stat.h>

using namespace speeduplab;

namespace {

/// What the export's file dialog was asked; it answers `answer` with the filter it was given
/// (or `answerFilter` when set) and the size dialog answers 800 x 600.
struct Asked {
    QString path;
    QString filter;
    QString answer;
    QString answerFilter;
};

void answerAtOnce(FileDialogs &files, Asked &asked)
{
    files.setSaveAsker([&asked](const QString &, const QString &path, const QString &, QString *filter) {
        asked.path = path;
        asked.filter = *filter;
        if (!asked.answerFilter.isEmpty())
            *filter = asked.answerFilter;
        return asked.answer;
    });
    files.setSizeAsker([](const QSize &, const QSize &) { return std::optional<QSize>(QSize(800, 600)); });
}

/// HOME points at `dir` (and no XDG config names another Pictures folder) while it lives.
class FakeHome {
public:
    explicit FakeHome(const QString &dir)
    {
        for (const char *name : {"HOME", "XDG_CONFIG_HOME"})
            m_old.append({name, qEnvironmentVariableIsSet(name), qgetenv(name)});
        qputenv("HOME", QFile::encodeName(dir));
        qunsetenv("XDG_CONFIG_HOME");
    }
    ~FakeHome()
    {
        for (const Old &o : m_old)
            o.set ? qputenv(o.name, o.value) : qunsetenv(o.name);
    }

private:
    struct Old {
        const char *name;
        bool set;
        QByteArray value;
    };
    QList<Old> m_old;
};

} // namespace

class TestExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void png_data();
    void png();
    void svg_data();
    void svg();
    void svgHasTheAskedSize_data();
    void svgHasTheAskedSize();
    void clipboard();
    void exportHoldsEveryNote();
    void exportLeavesOutWhatToClick();
    void headlessExportKeepsFullTitles();
    void failedWriteLeavesNoFile_data();
    void failedWriteLeavesNoFile();
    void imagesFollowTheOutputRules_data();
    void imagesFollowTheOutputRules();
    void exportStartsInPictures_data();
    void exportStartsInPictures();
    void exportProposesWorkloadAndChart_data();
    void exportProposesWorkloadAndChart();
    void exportRemembersFolderAndType();
    void hostileNamesDrawVisiblyInWellFormedSvg();
    void reportExportsTheRunsShown();

private:
    std::unique_ptr<MainWindow> window();
    QTemporaryDir m_dir;
    QString m_results;
};

void TestExport::initTestCase()
{
    App::initialise();
    QVERIFY(m_dir.isValid());
    m_results = m_dir.filePath(QStringLiteral("realistic.json"));
    ResultIO::writeJson(fixtures::realistic(), m_results.toStdString());
}

std::unique_ptr<MainWindow> TestExport::window()
{
    auto w = std::make_unique<MainWindow>(m_dir.filePath(QStringLiteral("export.ini")));
    w->setErrorReporter([](const QString &, const QString &) {});
    w->show();
    if (!w->openResults(m_results))
        qFatal("could not open the fixture");
    return w;
}

void TestExport::png_data()
{
    QTest::addColumn<QString>("chart");
    QTest::addColumn<QSize>("size");
    QTest::newRow("time, slide 1920x1080") << "time" << QSize(1920, 1080);
    QTest::newRow("time, 800x600") << "time" << QSize(800, 600);
    QTest::newRow("speedup, 1280x720") << "speedup" << QSize(1280, 720);
    QTest::newRow("scaling, 1600x1000") << "scaling" << QSize(1600, 1000);
    QTest::newRow("throughput, 3840x2160") << "throughput" << QSize(3840, 2160);
    QTest::newRow("roofline, 1920x1080") << "roofline" << QSize(1920, 1080);
}

void TestExport::png()
{
    QFETCH(QString, chart);
    QFETCH(QSize, size);
    auto w = window();
    w->setCurrentChart(chart);
    const QString path = m_dir.filePath(chart + QStringLiteral(".png"));
    const QSizeF onScreen = w->currentChart()->chart()->size();
    const QSize figure = w->currentChart()->figureSize(size);
    QVERIFY(w->exportChart(path, size));
    QImage image(path);
    QVERIFY(!image.isNull());
    // As wide as asked; taller only by what the notes need beyond their quarter of the height,
    // every line of them in the file.
    QCOMPARE(image.size(), figure);
    QCOMPARE(figure.width(), size.width());
    QVERIFY2(figure.height() >= size.height() && figure.height() < size.height() * 2,
             qPrintable(QStringLiteral("%1 x %2").arg(figure.width()).arg(figure.height())));
    // A real chart: curves, bands, text, antialiasing -> many colours; and not a blank page.
    QSet<QRgb> colours;
    int nonWhite = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2) {
            const QRgb c = image.pixel(x, y);
            colours.insert(c);
            nonWhite += c != qRgb(255, 255, 255);
        }
    QVERIFY2(colours.size() > 200, qPrintable(QString::number(colours.size())));
    QVERIFY(nonWhite > image.width() * image.height() / 400);
    // The window's own chart is back at its on-screen size.
    QCOMPARE(w->currentChart()->chart()->size(), onScreen);
}

void TestExport::svg_data()
{
    QTest::addColumn<QString>("chart");
    QTest::newRow("time") << "time";
    QTest::newRow("speedup") << "speedup";
}

void TestExport::svg()
{
    QFETCH(QString, chart);
    auto w = window();
    w->setCurrentChart(chart);
    const QString path = m_dir.filePath(chart + QStringLiteral(".svg"));
    QVERIFY(w->exportChart(path, QSize(1920, 1080)));
    QSvgRenderer renderer(path);
    QVERIFY(renderer.isValid());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    int elements = 0;
    bool sawText = false;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            ++elements;
            sawText = sawText || xml.name() == QLatin1String("text");
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(elements > 50);
    QVERIFY(sawText);
}

void TestExport::svgHasTheAskedSize_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("slide 1920x1080") << QSize(1920, 1080);
    QTest::newRow("1280x720") << QSize(1280, 720);
    QTest::newRow("800x600") << QSize(800, 600);
    QTest::newRow("4K 3840x2160") << QSize(3840, 2160);
}

void TestExport::svgHasTheAskedSize()
{
    // Issue 11: a 1920x1080 export had a 1280x720 viewBox (the layout size). The size and the
    // viewBox are the pixels asked for, and the drawing fills them.
    QFETCH(QSize, size);
    auto w = window();
    const QString path = m_dir.filePath(QStringLiteral("sized.svg"));
    QVERIFY(w->exportChart(path, size));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    QVERIFY(xml.readNextStartElement());
    QCOMPARE(xml.name(), QLatin1String("svg"));
    const QXmlStreamAttributes a = xml.attributes();
    // The figure's size: as asked, or taller where the notes need it (ChartView::figureSize).
    const QSize figure = w->currentChart()->figureSize(size);
    QCOMPARE(figure.width(), size.width());
    QCOMPARE(a.value(QLatin1String("width")).toString(), QString::number(figure.width()));
    QCOMPARE(a.value(QLatin1String("height")).toString(), QString::number(figure.height()));
    QCOMPARE(a.value(QLatin1String("viewBox")).toString(),
             QStringLiteral("0 0 %1 %2").arg(figure.width()).arg(figure.height()));
    QSvgRenderer renderer(path);
    QVERIFY(renderer.isValid());
    QCOMPARE(renderer.defaultSize(), figure);
    size = figure;
    // The chart reaches the right and bottom edges, not only the layout's 2/3 of them.
    QImage image(size / 2, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    renderer.render(&painter);
    painter.end();
    int right = 0, bottom = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixel(x, y) != qRgb(255, 255, 255)) {
                right = std::max(right, x);
                bottom = std::max(bottom, y);
            }
    QVERIFY2(right > image.width() * 9 / 10, qPrintable(QString::number(right)));
    QVERIFY2(bottom > image.height() * 9 / 10, qPrintable(QString::number(bottom)));
}

void TestExport::exportHoldsEveryNote()
{
    // Issue 59: a small figure ended on "… and 6 lines more of notes", which a file cannot show.
    // It grows instead, and the window's chart keeps its size and its own note.
    auto w = window();
    w->setCurrentChart(QStringLiteral("time"));
    ChartView *chart = w->currentChart();
    chart->updateNow();
    const QSizeF onScreen = chart->chart()->size();
    const QSize figure = chart->figureSize(QSize(800, 400));
    QVERIFY2(figure.height() > 400, qPrintable(QString::number(figure.height())));
    const QByteArray svg = chart->toSvg(QSize(800, 400));
    QVERIFY(!svg.isEmpty());
    QVERIFY2(!svg.contains("more of notes"), svg.right(2000).constData());
    QVERIFY(svg.contains(QStringLiteral("height=\"%1\"").arg(figure.height()).toUtf8()));
    QCOMPARE(chart->chart()->size(), onScreen);
}

void TestExport::exportLeavesOutWhatToClick()
{
    // An exported figure says what it shows, not where to right-click; the window keeps its hint.
    auto w = window();
    w->setCurrentChart(QStringLiteral("time"));
    ChartView *chart = w->currentChart();
    chart->updateNow();
    QVERIFY2(chart->noteText().contains(QStringLiteral("right-click")), qPrintable(chart->noteText()));
    const QString path = m_dir.filePath(QStringLiteral("hints.svg"));
    QVERIFY(w->exportChart(path, QSize(1920, 1080)));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(f.readAll());
    QVERIFY(svg.contains(QStringLiteral("Bands:")));
    QVERIFY(!svg.contains(QStringLiteral("right-click")));
    QVERIFY2(chart->noteText().contains(QStringLiteral("right-click")), qPrintable(chart->noteText()));
}

void TestExport::headlessExportKeepsFullTitles()
{
    // A chart never shown (--headless) is laid out at the export's size before its axis titles
    // are fitted: they were once cut to "n" and "tim e", fitted to the unshown chart's size.
    RunStore store;
    store.setResultSet(fixtures::realistic());
    for (const QString &name : {QStringLiteral("time"), QStringLiteral("compare")}) {
        std::unique_ptr<ChartView> chart = ChartTabs::make(name);
        chart->setModel(&store);
        chart->updateNow();
        const QString path = m_dir.filePath(name + QStringLiteral("-headless.svg"));
        QString error;
        QVERIFY2(chart->saveSvg(path, QSize(1920, 1080), &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(f.readAll());
        QVERIFY2(svg.contains(QStringLiteral("n (tensor edge; n")), qPrintable(name));
        QVERIFY2(svg.contains(name == QLatin1String("time")
                                  ? QStringLiteral("time per iteration (")
                                  : QStringLiteral("time of run B / time of run A")),
                 qPrintable(name));
    }
}

void TestExport::clipboard()
{
    auto w = window();
    w->resize(1400, 900);
    QGuiApplication::clipboard()->clear();
    w->copyChart();
    const QImage image = QGuiApplication::clipboard()->image();
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 320);
}

void TestExport::failedWriteLeavesNoFile_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("png") << "chart.png";
    QTest::newRow("svg") << "chart.svg";
}

void TestExport::failedWriteLeavesNoFile()
{
    QFETCH(QString, name);
    auto w = window();
    // The "folder" is a file: no write can succeed there.
    const QString notADir = m_dir.filePath(QStringLiteral("plain-file"));
    QFile f(notADir);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("x");
    f.close();
    const QString path = notADir + QLatin1Char('/') + name;
    QSignalSpy shown(w.get(), &MainWindow::errorShown);
    QVERIFY(!w->exportChart(path, QSize(800, 600)));
    QCOMPARE(shown.size(), 1);
    QVERIFY2(w->lastError().contains(path), qPrintable(w->lastError()));
    QVERIFY(w->lastError().endsWith(QLatin1Char('.')));
    QVERIFY(!QFile::exists(path));

    // An impossible size is refused with the reason, and nothing is written either.
    const QString ok = m_dir.filePath(QStringLiteral("tiny-") + name);
    if (name.endsWith(QLatin1String(".png"))) {
        QVERIFY(!w->exportChart(ok, QSize(4, 4)));
        QVERIFY(w->lastError().contains(QStringLiteral("16")));
        QVERIFY(!QFile::exists(ok));
    }
    // No temporary files left in the folder either.
    const QStringList left = QDir(m_dir.path()).entryList(QDir::Files);
    for (const QString &entry : left)
        QVERIFY2(!entry.contains(QStringLiteral("chart")) || entry.endsWith(QLatin1String(".png")) ||
                     entry.endsWith(QLatin1String(".svg")),
                 qPrintable(entry));
}

void TestExport::imagesFollowTheOutputRules_data()
{
    QTest::addColumn<QString>("ext");
    QTest::newRow("png") << "png";
    QTest::newRow("svg") << "svg";
}

void TestExport::imagesFollowTheOutputRules()
{
    // savePng and saveSvg write as ResultIO does: no FIFO or read-only file replaced, an existing
    // file's mode kept, a symlink's target replaced (the link stays).
    QFETCH(QString, ext);
    auto w = window();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray fifo = QFile::encodeName(dir.filePath(QStringLiteral("pipe.") + ext));
    QCOMPARE(::mkfifo(fifo.constData(), 0666), 0);
    QVERIFY(!w->exportChart(QFile::decodeName(fifo), QSize(320, 200)));
    QVERIFY2(w->lastError().contains(QStringLiteral("it is a FIFO (named pipe), not a regular file")),
             qPrintable(w->lastError()));
    QVERIFY(w->lastError().endsWith(QLatin1Char('.')));

    const QString readOnly = dir.filePath(QStringLiteral("read-only.") + ext);
    QFile f(readOnly);
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write("keep") == 4);
    f.close();
    QCOMPARE(::chmod(QFile::encodeName(readOnly).constData(), 0444), 0);
    QVERIFY(!w->exportChart(readOnly, QSize(320, 200)));
    QVERIFY2(w->lastError().contains(QStringLiteral("the file is read-only")), qPrintable(w->lastError()));
    QCOMPARE(QFileInfo(readOnly).size(), qint64(4));

    const QString kept = dir.filePath(QStringLiteral("private.") + ext);
    QFile k(kept);
    QVERIFY(k.open(QIODevice::WriteOnly) && k.write("old") == 3);
    k.close();
    QCOMPARE(::chmod(QFile::encodeName(kept).constData(), 0600), 0);
    QVERIFY2(w->exportChart(kept, QSize(320, 200)), qPrintable(w->lastError()));
    struct stat st {};
    QCOMPARE(::stat(QFile::encodeName(kept).constData(), &st), 0);
    QCOMPARE(int(st.st_mode & 07777), 0600);
    QVERIFY(QFileInfo(kept).size() > 3);

    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("charts")));
    const QString link = dir.filePath(QStringLiteral("latest.") + ext);
    QVERIFY(QFile::link(QStringLiteral("charts/chart.") + ext, link));
    QVERIFY2(w->exportChart(link, QSize(320, 200)), qPrintable(w->lastError()));
    QVERIFY(QFileInfo(link).isSymLink());
    const QString real = dir.filePath(QStringLiteral("charts/chart.") + ext);
    if (ext == QLatin1String("png"))
        QCOMPARE(QImage(real).size(), w->currentChart()->figureSize(QSize(320, 200)));
    else
        QVERIFY(QSvgRenderer(real).isValid());
    // No temporary file anywhere.
    QCOMPARE(QDir(dir.filePath(QStringLiteral("charts"))).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("chart.") + ext});
    for (const QString &entry :
         QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot))
        QVERIFY2(!entry.contains(QStringLiteral(".tmp-")), qPrintable(entry));
}

void TestExport::exportStartsInPictures_data()
{
    QTest::addColumn<bool>("pictures");
    QTest::newRow("Pictures exists") << true;
    QTest::newRow("no Pictures: home") << false;
}

void TestExport::exportStartsInPictures()
{
    // Issue 11: the first export dialog opened in "/".
    QFETCH(bool, pictures);
    QTemporaryDir home;
    QVERIFY(home.isValid());
    const FakeHome fake(home.path());
    if (pictures)
        QVERIFY(QDir(home.path()).mkdir(QStringLiteral("Pictures")));
    auto w = window();
    FileDialogs files(w.get());
    Asked asked; // answers "": cancelled
    answerAtOnce(files, asked);
    QVERIFY(!files.exportChart(*w->chart(QStringLiteral("time"))));
    const QString expected = pictures ? home.filePath(QStringLiteral("Pictures")) : home.path();
    QCOMPARE(QFileInfo(asked.path).absolutePath(), QFileInfo(expected).absoluteFilePath());
    // Saving data does not start in "/" either.
    files.saveData();
    QVERIFY2(!asked.path.startsWith(QLatin1String("/results")), qPrintable(asked.path));
    QVERIFY(asked.path.startsWith(home.path()));
}

void TestExport::exportProposesWorkloadAndChart_data()
{
    QTest::addColumn<QString>("chart");
    for (const char *chart : {"time", "speedup", "scaling", "throughput", "roofline"})
        QTest::newRow(chart) << QString::fromLatin1(chart);
}

void TestExport::exportProposesWorkloadAndChart()
{
    // Issue 11: the name was always "time.png". It is the workload and the chart shown.
    QFETCH(QString, chart);
    auto w = window();
    FileDialogs files(w.get());
    Asked asked;
    answerAtOnce(files, asked);
    QVERIFY(!files.exportChart(*w->chart(chart)));
    QCOMPARE(QFileInfo(asked.path).fileName(), QStringLiteral("add-%1.png").arg(chart));
    QCOMPARE(asked.filter, QStringLiteral("PNG image (*.png)"));
}

void TestExport::reportExportsTheRunsShown()
{
    // File > Export report: one HTML page, proposed as "<workload>-report.html", that opens again
    // as the runs it shows; with nothing to report the action is off and the call says why.
    QTemporaryDir out;
    QVERIFY(out.isValid());
    {
        MainWindow empty(m_dir.filePath(QStringLiteral("empty.ini")));
        QString said;
        empty.setErrorReporter([&said](const QString &, const QString &text) { said = text; });
        auto *action = empty.findChild<QAction *>(QStringLiteral("exportReportAction"));
        QVERIFY(action && !action->isEnabled());
        QVERIFY(!empty.exportReport(out.filePath(QStringLiteral("none.html"))));
        QVERIFY2(said.contains(QLatin1String("no results")), qPrintable(said));
        QVERIFY(!QFile::exists(out.filePath(QStringLiteral("none.html"))));
    }
    auto w = window();
    auto *action = w->findChild<QAction *>(QStringLiteral("exportReportAction"));
    QVERIFY(action && action->isEnabled());
    FileDialogs files(w.get());
    Asked asked;
    answerAtOnce(files, asked);
    QVERIFY(files.exportReport(QStringLiteral("add")).isEmpty());
    QCOMPARE(QFileInfo(asked.path).fileName(), QStringLiteral("add-report.html"));
    const QString path = out.filePath(QStringLiteral("report.html"));
    QVERIFY(w->exportReport(path));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray page = f.readAll();
    QVERIFY(page.startsWith("<!DOCTYPE html>"));
    QVERIFY(page.contains("id=\"chart-time\""));
    const std::vector<RunRecord> back = RunSet::load(path.toStdString());
    QCOMPARE(back.size(), std::size_t(1));
    QCOMPARE(back.front().results.rows.size(), ResultIO::load(m_results.toStdString()).rows.size());
}

void TestExport::exportRemembersFolderAndType()
{
    // Issue 11: the dialog proposed PNG even after an SVG export. The type and the folder of the
    // last export are proposed next time, and in the next session (the window's settings).
    QTemporaryDir out;
    QVERIFY(out.isValid());
    const QString ini = m_dir.filePath(QStringLiteral("remember.ini"));
    QFile::remove(ini);
    {
        MainWindow w(ini);
        w.setErrorReporter([](const QString &, const QString &) {});
        w.show();
        QVERIFY(w.openResults(m_results));
        QVERIFY(w.exportChart(out.filePath(QStringLiteral("first.png")), QSize(320, 200)));
        QVERIFY(w.exportChart(out.filePath(QStringLiteral("second.svg")), QSize(320, 200)));
        QVERIFY(w.close()); // the settings are written when the window closes
    }
    auto w = window();
    FileDialogs files(w.get());
    {
        const QSettings settings(ini, QSettings::IniFormat);
        files.load(settings);
    }
    Asked asked;
    answerAtOnce(files, asked);
    QVERIFY(!files.exportChart(*w->chart(QStringLiteral("speedup"))));
    QCOMPARE(asked.path, QDir(out.path()).filePath(QStringLiteral("add-speedup.svg")));
    QCOMPARE(asked.filter, QStringLiteral("SVG image (*.svg)"));

    // A name without a suffix gets the type chosen in the dialog; once written, it is the one
    // proposed next.
    asked.answer = out.filePath(QStringLiteral("chart"));
    asked.answerFilter = QStringLiteral("PNG image (*.png)");
    const std::optional<FileDialogs::Export> e = files.exportChart(*w->chart(QStringLiteral("time")));
    QVERIFY(e);
    QCOMPARE(e->path, out.filePath(QStringLiteral("chart.png")));
    QCOMPARE(e->pixels, QSize(800, 600));
    QVERIFY(w->exportChart(e->path, e->pixels));
    files.remember(e->path); // what the window does after writing it
    asked.answer.clear();
    QVERIFY(!files.exportChart(*w->chart(QStringLiteral("time"))));
    QCOMPARE(asked.path, QDir(out.path()).filePath(QStringLiteral("add-time.png")));
    QCOMPARE(asked.filter, QStringLiteral("PNG image (*.png)"));
    QSettings saved(m_dir.filePath(QStringLiteral("saved.ini")), QSettings::IniFormat);
    files.save(saved);
    FileDialogs next(w.get());
    next.load(saved);
    answerAtOnce(next, asked);
    QVERIFY(!next.exportChart(*w->chart(QStringLiteral("time"))));
    QCOMPARE(asked.path, QDir(out.path()).filePath(QStringLiteral("add-time.png")));
    QCOMPARE(next.exportSize(), QSize(800, 600));
}

// Issue 36: control characters from the data (U+0001, ESC, BS, U+FFFE) went raw into SVG exports,
// which were then not well-formed XML (exit 0); a variant "abc\u202edcba" was drawn "abcabcd" in
// the legend, the notes and the SVG. Every chart text is drawn visibly (Format::visible), and an
// SVG holds nothing XML has no place for.
void TestExport::hostileNamesDrawVisiblyInWellFormedSvg()
{
    ResultSet r;
    r.machine = fixtures::machine();
    r.machine.cpuModel = "CPU\x01\x1b[2J";
    for (int n : {4, 40, 400}) {
        Measurement cpu = fixtures::point("cpu", 1, "", n, 1e-6 * n);
        cpu.variant = "abc\u202edcba\x01\x1b\b\uFFFE\u200b";
        r.add(cpu);
        Measurement gpu = fixtures::point("gpu", 0, "launch", n, 4e-6);
        gpu.variant = cpu.variant;
        r.add(gpu);
    }
    RunStore store;
    store.setResultSet(r);
    for (const QString &name : ChartTabs::names()) {
        std::unique_ptr<ChartView> chart = ChartTabs::make(name);
        chart->setModel(&store);
        chart->updateNow();
        const QString path = m_dir.filePath(name + QStringLiteral("-hostile.svg"));
        QString error;
        QVERIFY2(chart->saveSvg(path, QSize(1280, 720), &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray svg = f.readAll();
        QXmlStreamReader xml(svg);
        while (!xml.atEnd())
            xml.readNext();
        QVERIFY2(!xml.hasError(), qPrintable(name + QStringLiteral(": ") + xml.errorString()));
        const QString text = QString::fromUtf8(svg);
        for (const QChar c :
             {QChar(0x01), QChar(0x1b), QChar(0x08), QChar(0x202e), QChar(0xfffe), QChar(0x200b)})
            QVERIFY2(!text.contains(c),
                     qPrintable(name + QStringLiteral(": U+") + QString::number(c.unicode(), 16)));
        QStringList drawn = chart->labelTexts() << chart->noteText();
        for (const QAbstractSeries *s : chart->chart()->series())
            drawn << s->name();
        for (const QString &shown : std::as_const(drawn))
            QVERIFY2(!shown.contains(QChar(0x202e)) && !shown.contains(QChar(0x1b)),
                     qPrintable(name + shown));
    }
}

QTEST_MAIN(TestExport)
#include "tst_export.moc"
