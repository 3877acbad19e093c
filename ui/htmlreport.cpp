// SPDX-License-Identifier: MIT
// HtmlReport: the runs shown as one self-contained HTML page (charts inline, data embedded).
#include "ui/htmlreport.h"

#include "core/analysis/energyanalysis.h"
#include "core/analysis/explain.h"
#include "core/analysis/refine.h"
#include "core/io/htmltext.h"
#include "core/results/resultio.h"
#include "core/results/runset.h"
#include "core/version.h"
#include "ui/charts/charttabs.h"
#include "ui/charts/chartview.h"
#include "ui/charts/explainchart.h"
#include "ui/charts/slidechart.h"
#include "ui/charts/timechart.h"
#include "ui/datatexts.h"
#include "ui/runstore.h"
#include "words/explaintext.h"
#include "words/format.h"

#include <QByteArray>
#include <QDateTime>

#include <algorithm>
#include <cctype>
#include <memory>
#include <sstream>
#include <string_view>
#include <vector>

namespace speeduplab {

namespace {

// Text into the page: every string, whoever made it, through the one escaping rule.
std::string h(const std::string &s)
{
    return HtmlText::escaped(s);
}

std::string h(const QString &s)
{
    return HtmlText::escaped(s.toStdString());
}

// A name from a file (a run label, a series, a machine's name): escaped, and isolated, so that
// right-to-left letters in it cannot reorder the text around it.
std::string name(const std::string &s)
{
    return s.empty() ? std::string() : "<bdi>" + h(s) + "</bdi>"; // nothing to isolate: no element
}

// Removes every attribute `name="..."` from a tag.
void dropAttribute(std::string &tag, std::string_view name)
{
    std::string key(1, ' ');
    key.append(name).append("=\"");
    for (std::size_t at = tag.find(key); at != std::string::npos; at = tag.find(key, at)) {
        const std::size_t end = tag.find('"', at + key.size());
        if (end == std::string::npos)
            return;
        tag.erase(at, end + 1 - at);
    }
}

// A tag of the generated SVG with its ids and references to them prefixed, and, for a group,
// what it only repeats (the identity transform, a font its texts each name again) left out.
std::string rewriteTag(std::string tag, const std::string &prefix)
{
    std::string prefixed;
    prefixed.reserve(tag.size() + 2 * prefix.size());
    for (std::size_t i = 0; i < tag.size(); ++i) {
        prefixed += tag[i];
        for (const std::string_view ref :
             {std::string_view("id=\""), std::string_view("url(#"), std::string_view("href=\"#")})
            if (i + 1 >= ref.size() && std::string_view(tag).substr(i + 1 - ref.size(), ref.size()) == ref)
                prefixed += prefix;
    }
    tag.swap(prefixed);
    // The generator's version="1.2" baseProfile="tiny" (SVG Tiny 1.2) mean nothing in HTML, whose
    // inline SVG has no version: the Nu HTML checker warns of every figure ("Unsupported SVG
    // version specified", tests/scripts/test_validators.sh).
    if (tag.rfind("<svg", 0) == 0 && tag.size() > 4 && std::isspace(static_cast<unsigned char>(tag[4]))) {
        dropAttribute(tag, "version");
        dropAttribute(tag, "baseProfile");
    }
    if (tag.rfind("<g", 0) == 0 && tag.size() > 2 && std::isspace(static_cast<unsigned char>(tag[2]))) {
        // The needle's own length: a count by hand took the line break after it too, and two
        // attributes met ("none"font-family=).
        constexpr std::string_view identity = " transform=\"matrix(1,0,0,1,0,0)\"";
        if (const std::size_t at = tag.find(identity); at != std::string::npos)
            tag.erase(at, identity.size());
        for (const char *font : {"font-family", "font-size", "font-weight", "font-style"})
            dropAttribute(tag, font);
        // The generator breaks a group's tag over lines: each run of white space, a line break
        // among them, becomes one space, so that no two attributes meet ("…"font-family=).
        std::string compact;
        for (const char c : tag) {
            const bool space = c == ' ' || c == '\n' || c == '\r' || c == '\t';
            if (!space)
                compact += c;
            else if (!compact.empty() && compact.back() != ' ')
                compact += ' ';
        }
        tag.swap(compact);
    }
    return tag;
}

// An SVG figure as inline markup: from its <svg> element on (the XML declaration goes), every id
// it declares and references prefixed, so that two figures' clip paths and gradients never meet,
// and the generator's empty groups (QSvgGenerator opens one for every state change, most of them
// drawing nothing: 60 % of a chart's bytes) left out. Only tags are rewritten: the text drawn,
// which may come from a file, is copied as the generator escaped it.
std::string inlineSvg(const QByteArray &svg, const std::string &prefix)
{
    const std::string_view s(svg.constData(), std::size_t(svg.size()));
    std::size_t at = s.find("<svg");
    if (at == std::string_view::npos)
        return {};
    std::string out;
    out.reserve(s.size() / 2);
    struct Group {
        std::size_t start = 0; ///< where its tag begins in out
        bool empty = true;
    };
    std::vector<Group> groups;
    int inText = 0; // inside <text>: its white space is text
    const auto filled = [&groups] {
        if (!groups.empty())
            groups.back().empty = false;
    };
    while (at < s.size()) {
        if (s[at] != '<') {
            const std::size_t next = std::min(s.find('<', at), s.size());
            const std::string_view text = s.substr(at, next - at);
            if (inText > 0 || text.find_first_not_of(" \t\r\n") != std::string_view::npos) {
                out += text;
                filled();
            }
            at = next;
            continue;
        }
        const std::size_t close = s.find('>', at);
        if (close == std::string_view::npos)
            break; // a cut document: what came before it stands
        const std::string tag(s.substr(at, close + 1 - at));
        at = close + 1;
        if (tag == "</g>") {
            if (!groups.empty()) {
                const Group g = groups.back();
                groups.pop_back();
                if (g.empty) {
                    out.resize(g.start);
                    continue;
                }
                filled();
            }
            out += tag;
            continue;
        }
        const bool opensGroup = tag.rfind("<g", 0) == 0 && tag.size() > 2 &&
                                std::isspace(static_cast<unsigned char>(tag[2])) &&
                                tag[tag.size() - 2] != '/';
        if (!opensGroup)
            filled();
        if (tag.rfind("<text", 0) == 0 && tag[tag.size() - 2] != '/')
            ++inText;
        else if (tag == "</text>")
            inText = std::max(0, inText - 1);
        if (opensGroup)
            groups.push_back({out.size(), true});
        out += rewriteTag(tag, prefix);
    }
    return out;
}

const char *style()
{
    return R"(body{font-family:"DejaVu Sans","Noto Sans CJK SC","Noto Sans",sans-serif;color:#222;
max-width:1100px;margin:1.5em auto;padding:0 1em;line-height:1.45}
h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.25em;border-bottom:1px solid #bbb;
padding-bottom:.15em;margin-top:1.8em;break-after:avoid}h3{font-size:1.05em;break-after:avoid}
.meta{color:#555}figure{margin:1em 0;break-inside:avoid;page-break-inside:avoid}
figure svg{width:100%;height:auto;display:block;border:1px solid #ddd}
figcaption{font-size:.9em;color:#333;margin-top:.4em}figcaption p{margin:.15em 0}
table{border-collapse:collapse;font-size:.85em;margin:.5em 0}
th,td{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}
th{background:#f3f3f3}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tr{break-inside:avoid}details summary{cursor:pointer;color:#245}.print{display:none}
@page{margin:14mm}
@media print{body{max-width:none;margin:0;padding:0;font-size:10pt}figure svg{border:none}
details:not([open]){display:none}.print{display:block}a{color:inherit;text-decoration:none}})";
}

std::string section(const std::string &id, const QString &title)
{
    return "<section id=\"" + id + "\">\n<h2>" + h(title) + "</h2>\n";
}

// The machine and conditions of each run shown.
std::string machines(const RunStore &store)
{
    std::ostringstream o;
    o << section("measured", HtmlReport::tr("What was measured, and where"));
    o << "<table>\n<tr><th>" << h(HtmlReport::tr("Run")) << "</th><th>" << h(HtmlReport::tr("Machine"))
      << "</th><th>" << h(HtmlReport::tr("Conditions")) << "</th></tr>\n";
    for (const RunRecord &run : store.runs()) {
        if (!run.visible)
            continue;
        const MachineInfo &m = run.results.machine;
        o << "<tr><td>" << name(run.label);
        if (run.reference)
            o << "<br>" << h(HtmlReport::tr("a reference run of another tool"));
        o << "</td><td>";
        QStringList lines;
        if (!m.cpuModel.empty())
            lines << HtmlReport::tr("CPU: %1, %2 hardware threads")
                         .arg(QString::fromStdString(m.cpuModel))
                         .arg(m.logicalCores);
        if (m.ramBytes > 0)
            lines << HtmlReport::tr("memory: %1").arg(Format::si(m.ramBytes, QStringLiteral("B")));
        for (const MachineInfo::Gpu &g : m.gpus)
            lines << HtmlReport::tr("GPU %1: %2, %3, compute capability %4")
                         .arg(g.index)
                         .arg(QString::fromStdString(g.name), Format::si(g.memoryBytes, QStringLiteral("B")),
                              QString::fromStdString(g.computeCapability));
        if (m.gpus.empty() && !m.gpuStatus.empty())
            lines << HtmlReport::tr("no CUDA GPU: %1").arg(QString::fromStdString(m.gpuStatus));
        for (const DeviceDescription &d : m.described)
            lines << HtmlReport::tr("%1: %2 (%3)")
                         .arg(QString::fromStdString(d.api()), QString::fromStdString(d.name),
                              QString::fromStdString(d.platform));
        if (!m.driverVersion.empty())
            lines << HtmlReport::tr("driver %1, runtime %2")
                         .arg(QString::fromStdString(m.driverVersion),
                              QString::fromStdString(m.runtimeVersion));
        if (!m.os.empty())
            lines << QString::fromStdString(m.os);
        for (const QString &l : lines)
            o << "<bdi>" << h(l) << "</bdi><br>";
        o << "</td><td>";
        QStringList conditions;
        if (!m.timestamp.empty())
            conditions << HtmlReport::tr("measured %1").arg(QString::fromStdString(m.timestamp));
        if (!m.programVersion.empty())
            // Ours record their version alone ("0.1.0"), another tool its name too ("PyTorch 2.5.1").
            conditions << HtmlReport::tr("recorded by %1")
                              .arg((std::isdigit(static_cast<unsigned char>(m.programVersion.front()))
                                        ? QStringLiteral("SpeedupLab ")
                                        : QString()) +
                                   QString::fromStdString(m.programVersion));
        if (!m.buildType.empty())
            conditions << HtmlReport::tr("build: %1").arg(QString::fromStdString(m.buildType));
        if (!m.cpuKernels.empty())
            conditions << HtmlReport::tr("CPU kernels: %1").arg(QString::fromStdString(m.cpuKernels));
        if (!m.blas.empty())
            conditions << HtmlReport::tr("BLAS: %1").arg(QString::fromStdString(m.blas));
        if (const std::string w = m.cpuConditions.warning(); !w.empty())
            conditions << QString::fromStdString(w);
        for (const QString &c : conditions)
            o << "<bdi>" << h(c) << "</bdi><br>";
        o << "</td></tr>\n";
    }
    o << "</table>\n</section>\n";
    return o.str();
}

// A figure's note as text, folded: the figure draws it already (its text is the page's text too),
// and a long one may be cut there ("... and 3 lines more").
std::string noteText(const QString &note)
{
    const QStringList lines = note.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.isEmpty())
        return {};
    std::string out =
        "<figcaption><details><summary>" + h(HtmlReport::tr("The note, as text")) + "</summary>";
    for (const QString &line : lines)
        out += "<p>" + h(line) + "</p>";
    return out + "</details></figcaption>\n";
}

// One chart as a figure: its SVG at the export's size, and its note as text under it.
std::string figure(ChartView &chart, const QSize &size, const std::string &id, bool always)
{
    const QByteArray svg = chart.toSvg(size);
    if (svg.isEmpty() || (!always && chart.countWithRole(ChartView::Role::Data) == 0))
        return {};
    std::ostringstream o;
    o << "<figure id=\"" << id << "\">\n"
      << inlineSvg(svg, id + "-") << '\n'
      << noteText(chart.noteText()) << "</figure>\n";
    return o.str();
}

std::string summary(const RunStore &store, const HtmlReport::Options &options)
{
    SlideChart slide;
    slide.setWholeLoop(options.wholeLoop);
    slide.setModel(&store);
    std::ostringstream o;
    o << section("summary", HtmlReport::tr("The lesson on one slide"));
    const QByteArray svg = slide.toSvg(QSize(1920, 1080));
    o << "<figure class=\"slide\" id=\"slide\">\n"
      << inlineSvg(svg, "slide-") << '\n'
      << noteText(slide.noteText()) << "</figure>\n</section>\n";
    return o.str();
}

std::string charts(const RunStore &store, const HtmlReport::Options &options)
{
    std::ostringstream o;
    o << section("charts", HtmlReport::tr("The charts"));
    for (const QString &n : ChartTabs::names()) {
        if (n == QLatin1String("explain") || n == QLatin1String("summary"))
            continue; // Explain is text below; the summary has its own section
        std::unique_ptr<ChartView> chart = ChartTabs::make(n);
        if (auto *time = qobject_cast<TimeChart *>(chart.get()))
            time->setWholeLoop(options.wholeLoop);
        chart->setModel(&store);
        const std::string fig = figure(*chart, QSize(1280, 720), "chart-" + n.toStdString(), false);
        if (!fig.empty())
            o << "<h3>" << h(chart->tabTitle()) << "</h3>\n" << fig;
    }
    o << "</section>\n";
    return o.str();
}

std::string explain(const RunStore &store)
{
    ExplainChart chart;
    chart.setModel(&store);
    chart.updateNow();
    std::ostringstream o;
    o << section("explain", HtmlReport::tr("Why the curves are where they are"));
    if (!chart.verdict().isEmpty())
        o << "<p><strong>" << h(Format::display(chart.verdict())) << "</strong></p>\n";
    for (const ExplainChart::Section &s : chart.explanations()) {
        o << "<h3>" << h(s.title) << "</h3>\n<ul>";
        for (const QString &sentence : s.sentences)
            o << "<li>" << h(Format::display(sentence)) << "</li>";
        o << "</ul>\n";
    }
    if (chart.explanations().isEmpty())
        o << "<p>" << h(chart.noteText()) << "</p>\n";
    o << "</section>\n";
    return o.str();
}

// A run without GPU curves: where more threads overtake one (Analysis::crossingPairs), as the time
// chart marks them and the results file lists them.
void threadCrossovers(std::ostringstream &o, const ResultSet &shown, const std::string &workload)
{
    QStringList said;
    for (const Analysis::CrossingPair &p : Analysis::crossingPairs(shown, workload))
        if (p.threadPair)
            for (const Crossing &c : Analysis::crossings(p.first, p.second))
                said << TimeChart::crossingText(c, QString::fromStdString(p.second.label),
                                                QString::fromStdString(p.first.label));
    if (said.isEmpty())
        return;
    o << "<h3>" << h(HtmlReport::tr("Where more threads overtake 1 thread")) << "</h3>\n<ul>\n";
    for (const QString &line : said)
        o << "<li>" << h(Format::display(line)) << "</li>\n";
    o << "</ul>\n";
}

std::string crossovers(const RunStore &store, const ResultSet &shown, const std::string &workload)
{
    std::ostringstream o;
    o << section("crossovers", HtmlReport::tr("Crossovers"));
    const std::vector<CrossoverReport> reports = Explain::reports(shown, workload);
    std::vector<CrossoverReport> across;
    if (store.runA() >= 0 && store.runB() >= 0 && store.runA() != store.runB())
        across = Explain::acrossRuns(shown, workload, store.runs()[std::size_t(store.runA())].label,
                                     store.runs()[std::size_t(store.runB())].label);
    // What "Find the crossovers" (--refine) pinned, with who wins on each side.
    const auto refined = [&o, &shown, &workload]() {
        const std::vector<Refine::Kept> kept = Refine::kept(shown, workload);
        if (kept.empty())
            return;
        o << "<h3>" << h(HtmlReport::tr("Refined crossovers")) << "</h3>\n<ul>\n";
        for (const Refine::Kept &k : kept)
            o << "<li>" << h(Format::display(ExplainText::refined(k))) << "</li>\n";
        o << "</ul>\n";
    };
    if (reports.empty() && across.empty()) {
        o << "<p>" << h(HtmlReport::tr("No GPU curve is held against a CPU curve in these results."))
          << "</p>\n";
        threadCrossovers(o, shown, workload);
        refined();
        o << "</section>\n";
        return o.str();
    }
    const auto table = [&o](const std::vector<CrossoverReport> &rows) {
        o << "<table>\n<tr><th>" << h(HtmlReport::tr("GPU curve")) << "</th><th>"
          << h(HtmlReport::tr("CPU curve")) << "</th><th>"
          << h(HtmlReport::tr("Where the faster side changes")) << "</th></tr>\n";
        for (const CrossoverReport &r : rows) {
            // Each crossing as the time chart labels it (in the window's language), else the verdict.
            QStringList said;
            for (const Crossing &c : r.crossings)
                said << TimeChart::crossingText(c, QString::fromStdString(r.gpuLabel));
            o << "<tr><td>" << name(r.gpuLabel) << "</td><td>" << name(r.cpuLabel) << "</td><td>"
              << h(said.isEmpty() ? Format::display(QString::fromStdString(r.summary()))
                                  : Format::display(said.join(QStringLiteral("; "))))
              << "</td></tr>\n";
        }
        o << "</table>\n";
    };
    table(reports);
    refined();
    // Where each GPU curve starts to spend less energy, as the energy chart marks it.
    if (const std::vector<EnergyCrossover> energy = EnergyAnalysis::crossovers(shown, workload);
        !energy.empty()) {
        o << "<h3>" << h(HtmlReport::tr("Where the GPU spends less energy")) << "</h3>\n<ul>\n";
        for (const EnergyCrossover &x : energy)
            o << "<li>"
              << h(Format::display(
                     Format::sentence(ExplainText::energyCrossover(x, QString::fromStdString(x.gpu.label)))))
              << "</li>\n";
        o << "</ul>\n";
    }
    if (!across.empty()) {
        o << "<h3>" << h(HtmlReport::tr("A against B: run A's best CPU against each GPU curve of run B"))
          << "</h3>\n";
        table(across);
    }
    o << "</section>\n";
    return o.str();
}

std::string data(const ResultSet &shown, bool severalRuns)
{
    std::ostringstream o;
    o << section("data", HtmlReport::tr("The data"));
    // A printout leaves the folded table out: it says where the table is, under its heading.
    o << "<p class=\"print\">"
      << h(HtmlReport::tr(
               "The table of the %1 measurements is in this page: open it in a browser and unfold it. "
               "SpeedupLab opens the page as results.")
               .arg(qsizetype(shown.rows.size())))
      << "</p>\n";
    o << "<details><summary>"
      << h(HtmlReport::tr("%1 measurements: show the table").arg(qsizetype(shown.rows.size())))
      << "</summary>\n<table>\n<tr>";
    if (severalRuns)
        o << "<th>" << h(HtmlReport::tr("Run")) << "</th>";
    for (const QString &c :
         {HtmlReport::tr("Curve"), HtmlReport::tr("n"), HtmlReport::tr("Status"),
          HtmlReport::tr("Time per iteration (median)"), HtmlReport::tr("Min"), HtmlReport::tr("Max"),
          HtmlReport::tr("CV %"), HtmlReport::tr("Repetitions"), HtmlReport::tr("Note")})
        o << "<th>" << h(c) << "</th>";
    o << "</tr>\n";
    int listed = 0;
    for (const Measurement &m : shown.rows) {
        if (listed++ == HtmlReport::tableRows)
            break;
        const double per = m.iterations > 0 ? double(m.iterations) : 1.0;
        o << "<tr>";
        if (severalRuns)
            o << "<td>" << name(m.run) << "</td>";
        o << "<td>" << name(m.seriesLabel()) << "</td><td class=\"num\">" << m.n << "</td><td>"
          << h(DataTexts::status(m)) << "</td>";
        if (m.ok())
            o << "<td class=\"num\">" << h(Format::seconds(m.perIteration())) << "</td><td class=\"num\">"
              << h(Format::seconds(m.stats.min / per)) << "</td><td class=\"num\">"
              << h(Format::seconds(m.stats.max / per)) << "</td><td class=\"num\">"
              << QString::number(m.stats.cv * 100, 'f', 1).toStdString() << "</td><td class=\"num\">"
              << m.stats.reps << "</td>";
        else
            o << "<td></td><td></td><td></td><td></td><td></td>";
        o << "<td>" << name(m.reason) << "</td></tr>\n";
    }
    o << "</table>\n";
    if (shown.rows.size() > std::size_t(HtmlReport::tableRows))
        o << "<p>"
          << h(HtmlReport::tr("The first %1 of %2 rows; the results embedded in this file hold them all.")
                   .arg(HtmlReport::tableRows)
                   .arg(qsizetype(shown.rows.size())))
          << "</p>\n";
    o << "</details>\n</section>\n";
    return o.str();
}

} // namespace

std::string HtmlReport::build(const RunStore &store, const Options &options)
{
    const ResultSet &shown = store.resultSet();
    const std::string workload = shown.rows.empty() ? std::string() : shown.rows.front().workload;
    const QString title =
        workload.empty() ? tr("SpeedupLab report")
                         : tr("SpeedupLab report: %1").arg(Format::visible(QString::fromStdString(workload)));
    std::ostringstream o;
    // The language code is itself a translation: the report is in the language the window is.
    o << "<!DOCTYPE html>\n<html lang=\"" << h(tr("en", "the report's language, as HTML's lang attribute"))
      << "\">\n<head>\n<meta charset=\"utf-8\">\n"
      // Nothing from outside: no script, no frame, no font, no image but the page's own.
      << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
         "'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<meta name=\"generator\" content=\"SpeedupLab " << h(std::string(SPEEDUPLAB_VERSION)) << "\">\n"
      << "<title>" << h(title) << "</title>\n<style>" << style() << "</style>\n</head>\n<body>\n";
    o << "<header>\n<h1>" << h(title) << "</h1>\n<p class=\"meta\">"
      << h(tr("Made by SpeedupLab %1 on %2, from %3.")
               .arg(QStringLiteral(SPEEDUPLAB_VERSION),
                    QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")),
                    tr("%n measurement(s)", nullptr, int(shown.rows.size()))))
      << "</p>\n</header>\n<main>\n";
    if (shown.rows.empty())
        o << "<p>" << h(tr("The results are empty: there is nothing to report.")) << "</p>\n";
    o << machines(store);
    if (!shown.rows.empty()) {
        o << summary(store, options);
        o << charts(store, options);
        o << explain(store);
        o << crossovers(store, shown, workload);
        o << data(shown, store.visibleRunCount() > 1);
    }
    o << "</main>\n";
    // The runs, as a runs file: what `speeduplab --open` reads back (RunSet::load).
    o << HtmlText::resultsOpening() << HtmlText::scriptData(RunSet::toJson(store.runsToKeep()))
      << "</script>\n";
    o << "</body>\n</html>\n";
    return o.str();
}

void HtmlReport::write(const RunStore &store, const std::string &path, const Options &options,
                       const WriteOptions &write)
{
    // A result file, as every one is written: never larger than SpeedupLab reads back.
    const std::string page = build(store, options);
    ResultIO::writeResultFile(
        path, [&page](const SafeFile::Append &out) { out(page); }, write, "report fewer runs");
}

} // namespace speeduplab
