// SPDX-License-Identifier: MIT
// Issue 59's target: no rate without its level. Over every recording the app ships, in English and
// in Chinese, every place that says a rate (each chart's notes, labels and legend, the Explain
// tab's sentences, the what-if sliders and their text, the one slide, the HTML report) names the
// memory level it was measured in, or says whose ceiling or spec sheet it is; a fused kernel's
// rate is in FLOP/s; and no CPU rate is quoted above the largest that its thread count's model
// fitted at that level.
#include "ui/app.h"
#include "ui/charts/charttabs.h"
#include "ui/charts/chartview.h"
#include "ui/charts/explainchart.h"
#include "ui/charts/whatifpanel.h"
#include "ui/examples.h"
#include "ui/htmlreport.h"
#include "ui/runstore.h"
#include "words/explaintext.h"
#include "words/format.h"
#include "words/translations.h"

#include "core/analysis/analysis.h"
#include "core/analysis/explain.h"

#include <QGraphicsTextItem>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocument>

using namespace speeduplab;

namespace {

// One place's texts: where they were said, and what.
struct Said {
    QString where;
    QStringList texts;
};

// Everything a chart shows in words: its note, its labels, its legend's entries; the Explain tab's
// sentences too.
QStringList chartTexts(ChartView &chart)
{
    QStringList out{chart.noteText()};
    out << chart.labelTexts();
    for (QLegendMarker *m : chart.chart()->legend()->markers())
        out << m->label();
    if (const auto *explain = qobject_cast<ExplainChart *>(&chart))
        for (const ExplainChart::Section &s : explain->explanations())
            out << s.title << s.sentences;
    return out;
}

QString plain(const QString &html)
{
    QTextDocument d;
    d.setHtml(html);
    return d.toPlainText();
}

std::vector<Said> everywhere(const Examples::Example &e)
{
    std::vector<Said> out;
    RunStore store;
    for (RunRecord &run : Examples::load(e))
        store.addRun(std::move(run));
    for (const QString &name : ChartTabs::names()) {
        std::unique_ptr<ChartView> chart = ChartTabs::make(name);
        chart->setModel(&store);
        chart->resize(1600, 900);
        chart->updateNow();
        out.push_back({name, chartTexts(*chart)});
    }
    ExplainChart explain;
    explain.setModel(&store);
    explain.resize(1280, 720);
    WhatIfPanel panel(&explain);
    explain.updateNow();
    // The what-if with each GPU curve chosen in turn: the fused kernel's, its graph's, its launches'.
    std::vector<std::string> keys{explain.gpuKey()};
    for (const auto &[key, label] : explain.gpuCurves())
        keys.push_back(key);
    for (const std::string &key : keys) {
        explain.setGpuKey(key);
        explain.updateNow();
        Said sliders{QStringLiteral("what-if ") + QString::fromStdString(key), chartTexts(explain)};
        for (const QLabel *l : panel.findChildren<QLabel *>())
            sliders.texts << plain(l->text());
        for (const QTextBrowser *t : panel.findChildren<QTextBrowser *>())
            sliders.texts << t->toPlainText();
        out.push_back(sliders);
    }
    // The report's words; its figures are the charts above, drawn by the same code.
    QString report = QString::fromStdString(HtmlReport::build(store, HtmlReport::Options{}));
    report.remove(
        QRegularExpression(QStringLiteral("<svg.*?</svg>"), QRegularExpression::DotMatchesEverythingOption));
    out.push_back({QStringLiteral("report"), {plain(report)}});
    return out;
}

} // namespace

class TestRateLevels : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        App::initialise();
        QVERIFY(m_dir.isValid()); // charts keep choices in the settings: not the user's
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
    }
    void everyRateNamesItsLevel_data();
    void everyRateNamesItsLevel();
    void cpuRatesAreTheBestMeasured();

private:
    QTemporaryDir m_dir;
};

void TestRateLevels::everyRateNamesItsLevel_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("file");
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")})
        for (const Examples::Example &e : Examples::all())
            QTest::newRow(qPrintable(language + QLatin1Char(' ') + e.file)) << language << e.file;
}

void TestRateLevels::everyRateNamesItsLevel()
{
    QFETCH(QString, language);
    QFETCH(QString, file);
    QVERIFY(Translations::install(language));
    const Examples::Example *e = nullptr;
    for (const Examples::Example &x : Examples::all())
        if (x.file == file)
            e = &x;
    QVERIFY(e);
    const QRegularExpression rate(QStringLiteral("(?<![\\d.])\\d+(?:\\.\\d+)? ?[kMGTP]?(B|FLOP)/s"));
    // The words that name a rate's level, in either language: a cache or a memory, the arithmetic
    // levels, or the ceiling or spec sheet whose rate it is.
    const QRegularExpression level(QStringLiteral(
        "(?<![A-Za-z])(?:L[123]|DRAM|HBM|registers|FMA|BLAS|SGEMM|tensor cores|triad|copy|spec[- ]sheet|"
        "ceiling)(?![A-Za-z])|\u5bc4\u5b58\u5668|\u89c4\u683c\u8868|\u4e0a\u9650|\u62f7\u8d1d"));
    const QRegularExpression registers(QStringLiteral("registers|\u5bc4\u5b58\u5668"));
    // Where a clause ends: a rate's level is named within its own.
    const QRegularExpression end(QStringLiteral("\\. |[;\u3002\uff1b\u2192]"));
    int rates = 0;
    for (const Said &s : everywhere(*e))
        for (const QString &text : s.texts) {
            QString flat = plain(text);
            for (const QChar c : {QChar('\n'), QChar(0x2028), QChar(0x2029)})
                flat.replace(c, QLatin1Char(' '));
            // A label wraps Chinese between any two characters: no space was there.
            flat.replace(
                QRegularExpression(QStringLiteral("(?<=[\\x{4e00}-\\x{9fff}]) (?=[\\x{4e00}-\\x{9fff}])")),
                QString());
            std::vector<QRegularExpressionMatch> all;
            for (auto it = rate.globalMatch(flat); it.hasNext();)
                all.push_back(it.next());
            for (std::size_t k = 0; k < all.size(); ++k) {
                const QRegularExpressionMatch &m = all[k];
                // Its clause: up to 60 characters before it and 45 after, never into another rate.
                const qsizetype from =
                    std::max<qsizetype>(k > 0 ? all[k - 1].capturedEnd() : 0, m.capturedStart() - 60);
                const qsizetype to = std::min<qsizetype>(
                    k + 1 < all.size() ? all[k + 1].capturedStart() : flat.size(), m.capturedEnd() + 45);
                QString before = flat.mid(from, m.capturedStart() - from);
                QString after = flat.mid(m.capturedEnd(), to - m.capturedEnd());
                if (const qsizetype cut = before.lastIndexOf(end); cut >= 0)
                    before = before.mid(cut + 1);
                if (const qsizetype cut = after.indexOf(end); cut >= 0)
                    after = after.left(cut);
                const QString clause = before + m.captured() + after;
                const QString where =
                    QStringLiteral("%1, %2: \"%3\" in: %4").arg(file, s.where, clause, flat);
                // Its level: the first level word after it in its clause, else the last before it.
                QRegularExpressionMatch named = level.match(after);
                for (auto it = level.globalMatch(before); !named.hasMatch() && it.hasNext();) {
                    const QRegularExpressionMatch b = it.next();
                    if (!it.hasNext())
                        named = b;
                }
                QVERIFY2(named.hasMatch(), qPrintable(QStringLiteral("a rate without its level: ") + where));
                // A fused kernel's data stay in registers: its rate is arithmetic, in FLOP/s.
                if (named.captured().contains(registers))
                    QVERIFY2(m.captured(1) == QStringLiteral("FLOP"),
                             qPrintable(QStringLiteral("bytes in registers: ") + where));
                ++rates;
            }
        }
    QVERIFY(rates > 0);
    QVERIFY(Translations::install(QStringLiteral("en")));
}

// The slider and the what-if text quote, for the CPU of up to p threads, the best of those counts'
// own models at their largest sizes, with that model's level: not p times one thread's rate (8
// threads read 354 GB/s "in L3" on the seed, where no count up to 8 ran above 264 GB/s there), and
// the crossovers quote the CPU model they hold the GPU against, at its level.
void TestRateLevels::cpuRatesAreTheBestMeasured()
{
    for (const Examples::Example &e : Examples::all()) {
        const ResultSet r = Examples::load(e).front().results;
        const std::vector<Series> run = Analysis::series(r);
        const WhatIf w = Explain::whatIf(r, run);
        if (!Explain::usable(w))
            continue;
        for (const auto &[p, own] : w.cpuModels) {
            WhatIf at = w;
            at.threads = p;
            // The best of the measured counts up to p, at the largest sizes.
            const CostModel *model = &own;
            for (const auto &[q, m] : w.cpuModels)
                if (q <= p && m.rate > model->rate)
                    model = &m;
            const QString where = QStringLiteral("%1, %2 threads").arg(e.file).arg(p);
            QVERIFY2(std::abs(at.cpuRate() / model->rate - 1) < 1e-9, qPrintable(where));
            QCOMPARE(at.cpuRateTier().level, model->topLevel());
            QVERIFY2(at.cpuRate() <= w.cpuBandwidth * (1 + 1e-9), qPrintable(where));
            const QString text = ExplainText::whatIf(at, w);
            QVERIFY2(text.contains(Format::rate(model->rate, false) + QStringLiteral(" in ") +
                                   QString::fromStdString(model->topLevel())),
                     qPrintable(where + QStringLiteral(": ") + text));
        }
        for (const CrossoverStory &s : Explain::crossovers(r, run)) {
            bool found = false;
            for (const CostModel::Tier &t : s.cpu.tiers)
                found = found || (t.level == s.cpuLevel && std::abs(t.rate / s.cpuRate - 1) < 1e-9);
            QVERIFY2(found || s.cpu.tiers.empty(),
                     qPrintable(e.file + QStringLiteral(": ") + ExplainText::crossover(s)));
        }
    }
}

QTEST_MAIN(TestRateLevels)
#include "tst_ratelevels.moc"
