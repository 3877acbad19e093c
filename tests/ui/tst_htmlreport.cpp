// SPDX-License-Identifier: MIT
// HtmlReport: the seed example's report (under 1 MB, every curve named, nothing loaded from
// outside, no script), that it reopens as the same runs, that every hostile name in a file stays
// text, and that it comes in the window's language. tests/browser opens the same reports in Chromium.

#include "core/io/htmltext.h"
#include "core/results/runset.h"
#include "ui/app.h"
#include "ui/charts/slidechart.h"
#include "ui/examples.h"
#include "ui/htmlreport.h"
#include "ui/runstore.h"
#include "words/translations.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <string>

using namespace speeduplab;

namespace {

std::vector<RunRecord> example(const QString &file)
{
    for (const Examples::Example &e : Examples::all())
        if (e.file == file)
            return Examples::load(e);
    qFatal("no example %s", qPrintable(file));
}

int count(const std::string &page, const char *what)
{
    return int(QString::fromStdString(page).count(QLatin1String(what), Qt::CaseInsensitive));
}

// The names a hostile file can hold, each in a field a report shows.
const std::string scriptName = "</script><script>window.__pwned=1</script>";
const std::string imgName = "<img src=/etc/passwd onerror=\"window.__pwned=2\">";
const std::string bidiName = "evil\u202egnp.exe";

std::vector<RunRecord> hostile()
{
    std::vector<RunRecord> runs = example(QStringLiteral("seed-preset.csv"));
    RunRecord &r = runs.front();
    r.label = "javascript:alert(1) " + imgName;
    r.results.machine.cpuModel = scriptName;
    r.results.machine.os = std::string(100000, 'x') + "<!--";
    r.results.machine.gpus.front().name = imgName;
    r.results.rows.front().reason = bidiName + " " + scriptName;
    return runs;
}

} // namespace

class TestHtmlReport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        App::initialise();
        QVERIFY(m_dir.isValid());
    }

    void seedReportIsOnePageOfItsOwn()
    {
        RunStore store;
        store.setRuns(example(QStringLiteral("seed-preset.csv")));
        const std::string page = HtmlReport::build(store, {});
        QVERIFY2(page.size() < 1000000, std::to_string(page.size()).c_str());
        QVERIFY(page.rfind("<!DOCTYPE html>", 0) == 0);
        QVERIFY(page.find("Content-Security-Policy\" content=\"default-src 'none';") != std::string::npos);
        // One script element, the data block, which is never run; nothing that loads.
        QCOMPARE(count(page, "<script"), 1);
        QVERIFY(page.find(HtmlText::resultsOpening()) != std::string::npos);
        for (const char *load :
             {"<img", "<iframe", "<object", "<embed", "<link", "<image", "@import", "url(http"})
            QVERIFY2(count(page, load) == 0, load);
        // The only addresses are the SVG's namespaces, which load nothing.
        const QString text = QString::fromStdString(page);
        QRegularExpression address(QStringLiteral("https?://[^\"' ]*"));
        for (auto it = address.globalMatch(text); it.hasNext();) {
            const QString a = it.next().captured();
            QVERIFY2(a == QLatin1String("http://www.w3.org/2000/svg") ||
                         a == QLatin1String("http://www.w3.org/1999/xlink"),
                     qPrintable(a));
        }
        // Every chart that has curves, the slide, and every curve of the time chart by name.
        for (const char *id : {"id=\"slide\"", "id=\"chart-time\"", "id=\"chart-speedup\"",
                               "id=\"chart-scaling\"", "id=\"chart-throughput\"", "id=\"chart-roofline\"",
                               "id=\"chart-cost\"", "id=\"explain\"", "id=\"crossovers\"", "id=\"data\""})
            QVERIFY2(page.find(id) != std::string::npos, id);
        for (const char *legend : {"CPU 1 thread", "GPU launch", "GPU graph", "GPU fused", "best CPU"})
            QVERIFY2(page.find(std::string(">") + legend + "</text>") != std::string::npos, legend);
        // The crossovers the chart marks, and the slide's sentences.
        for (const char *n : {"n ≈ 515", "n ≈ 124", "n ≈ 14.2"})
            QVERIFY2(page.find(n) != std::string::npos, n);
        QVERIFY(page.find("Below it the fixed cost decides") != std::string::npos);
        // The data table gives each point's status as the window does (noisy where its repetitions
        // spread) and its CV: the recording's noisy points are not all "ok".
        const std::string data = page.substr(page.find("id=\"data\""));
        QVERIFY(data.find("<th>CV %</th>") != std::string::npos);
        // A printout, which leaves the folded table out, says where it is (not a bare heading).
        QVERIFY(data.find("<p class=\"print\">The table of the " +
                          std::to_string(store.resultSet().rows.size()) + " measurements is in this page") !=
                std::string::npos);
        QVERIFY(page.find("details:not([open]){display:none}.print{display:block}") != std::string::npos);
        const ResultSet &seed = store.resultSet();
        const auto noisy = std::count_if(seed.rows.begin(), seed.rows.end(),
                                         [](const Measurement &m) { return m.ok() && m.stats.noisy(); });
        QVERIFY(noisy > 0);
        QCOMPARE(qsizetype(count(data, "<td>noisy</td>")), qsizetype(noisy));
        // Every tag keeps its attributes apart, as an HTML checker needs (the generator breaks a
        // group's tag over lines; a line break taken out used to join two: "…"font-family=).
        QRegularExpression tags(QStringLiteral("<[A-Za-z][^<>]*>"));
        for (auto it = tags.globalMatch(text); it.hasNext();) {
            const QString tag = it.next().captured();
            bool quoted = false;
            for (qsizetype i = 0; i + 1 < tag.size(); ++i) {
                if (tag[i] != QLatin1Char('"'))
                    continue;
                quoted = !quoted;
                const QChar next = tag[i + 1];
                // A value that ends is followed by a space, the tag's end, or its "/>".
                QVERIFY2(quoted || next.isSpace() || next == QLatin1Char('>') || next == QLatin1Char('/'),
                         qPrintable(tag.left(200)));
            }
        }
        // No empty isolate: a line with no text is no element.
        QCOMPARE(count(page, "<bdi></bdi>"), 0);
        // Two figures never share an id (each figure's are prefixed).
        QRegularExpression ids(QStringLiteral(" id=\"([^\"]+)\""));
        QSet<QString> seen;
        for (auto it = ids.globalMatch(text); it.hasNext();) {
            const QString id = it.next().captured(1);
            QVERIFY2(!seen.contains(id), qPrintable(id));
            seen.insert(id);
        }
    }

    void reportReopensAsTheSameRuns()
    {
        RunStore store;
        store.setRuns(example(QStringLiteral("add-range.csv")));
        const std::string path = m_dir.filePath(QStringLiteral("add-range.html")).toStdString();
        HtmlReport::write(store, path, {});
        const std::vector<RunRecord> back = RunSet::load(path);
        QCOMPARE(back.size(), store.runs().size());
        QCOMPARE(back.front().label, store.runs().front().label);
        QVERIFY(back.front().results == store.runs().front().results);
    }

    void hostileNamesStayText()
    {
        RunStore store;
        store.setRuns(hostile());
        const std::string page = HtmlReport::build(store, {});
        QCOMPARE(count(page, "<script"), 1); // the data block's own
        QCOMPARE(count(page, "<img"), 0);
        QCOMPARE(count(page, "<!--"), 0);
        QVERIFY(page.find("\u202e") == std::string::npos); // shown as an escape, never obeyed
        QVERIFY(page.find("evil\\u202egnp.exe") != std::string::npos);
        QVERIFY(page.find("&lt;/script&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;") !=
                std::string::npos);
        QVERIFY(page.find("&lt;img src=/etc/passwd") != std::string::npos);
        QVERIFY(page.find(std::string(100000, 'x')) != std::string::npos); // never cut
        // The data come back exactly as they were, hostile names and all.
        const std::string path = m_dir.filePath(QStringLiteral("hostile.html")).toStdString();
        HtmlReport::write(store, path, {});
        const std::vector<RunRecord> back = RunSet::load(path);
        QCOMPARE(back.size(), std::size_t(1));
        QCOMPARE(back.front().results.machine.cpuModel, scriptName);
        QCOMPARE(back.front().results.rows.front().reason, bidiName + " " + scriptName);
        // As the runs file itself gives them back (a loader's own limits apply alike).
        const std::vector<RunRecord> direct = RunSet::fromJson(RunSet::toJson(store.runs()));
        QVERIFY(back.front().results.machine == direct.front().results.machine);
        QVERIFY(back.front().results.rows == direct.front().results.rows);
        QVERIFY(back.front().results == direct.front().results);
    }

    void comparedRunsAreHeldAgainstEachOther()
    {
        // Runs A and B compared across: the crossovers list A's best CPU against B's GPU curves,
        // and the slide says each run's crossover.
        std::vector<RunRecord> runs = example(QStringLiteral("add-range.csv"));
        std::vector<RunRecord> seed = example(QStringLiteral("seed-preset.csv"));
        seed.front().label = "seed";
        runs.front().label = "range";
        runs.push_back(seed.front());
        RunStore store;
        store.setRuns(runs);
        std::string why;
        QVERIFY2(store.setComparedRuns("seed", "range", &why), why.c_str());
        const std::string page = HtmlReport::build(store, {});
        QVERIFY(page.find("A against B: run A&#39;s best CPU against each GPU curve of run B") !=
                std::string::npos);
        QVERIFY(page.find("A against B: the GPU overtakes the CPU at") != std::string::npos);
        // Both runs come back, the pair with them.
        const std::vector<RunRecord> back = RunSet::fromJson(*HtmlText::embeddedResults(page));
        QCOMPARE(back.size(), std::size_t(2));
        QCOMPARE(back[0].label, std::string("range"));
        QCOMPARE(back[1].label, std::string("seed"));
        QCOMPARE(back[0].compared, std::string("b"));
        QCOMPARE(back[1].compared, std::string("a"));
    }

    void anHtmlFileThatIsNoReportIsRefused()
    {
        const QString path = m_dir.filePath(QStringLiteral("page.html"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("<!DOCTYPE html><html><body><p>not ours</p></body></html>\n");
        f.close();
        try {
            RunSet::load(path.toStdString());
            QFAIL("an HTML page without results was read");
        } catch (const std::exception &e) {
            QVERIFY2(std::string(e.what()).find("not a SpeedupLab report") != std::string::npos, e.what());
        }
    }

    void reportComesInTheWindowsLanguage()
    {
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        RunStore store;
        store.setRuns(example(QStringLiteral("seed-preset.csv")));
        const std::string page = HtmlReport::build(store, {});
        Translations::install(QStringLiteral("en"));
        QVERIFY(page.find("<html lang=\"zh-CN\">") != std::string::npos);
        const QString text = QString::fromStdString(page);
        QVERIFY2(text.contains(HtmlReport::tr("The charts")) == false, "a heading left in English");
        QVERIFY(page.find("SpeedupLab 报告") != std::string::npos);
    }

    void slideSaysTheLessonOfTheSeed()
    {
        RunStore store;
        store.setRuns(example(QStringLiteral("seed-preset.csv")));
        SlideChart slide;
        slide.setModel(&store);
        slide.updateNow();
        const QStringList s = slide.sentences();
        QCOMPARE(s.size(), 3);
        // The crossover the time chart marks, the two fixed costs, the two rates at their levels.
        QVERIFY2(s[0].contains(QStringLiteral("GPU launch overtakes the best CPU")) &&
                     s[0].contains(QStringLiteral("n \u2248 515")),
                 qPrintable(s[0]));
        QVERIFY2(s[1].contains(QStringLiteral("fixed cost")) && s[1].contains(QStringLiteral("\u00b5s")),
                 qPrintable(s[1]));
        QVERIFY2(s[2].contains(QStringLiteral("in GPU L2")) && s[2].contains(QStringLiteral("B/s")),
                 qPrintable(s[2]));
        // The note is the sentences (a small widget's adds what its legend left out).
        QVERIFY(slide.noteText().startsWith(s.join(QLatin1Char('\n'))));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestHtmlReport)
#include "tst_htmlreport.moc"
