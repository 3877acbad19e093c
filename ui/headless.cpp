// SPDX-License-Identifier: MIT
// speeduplab --headless: a sweep or a recorded file rendered to PNG/SVG/CSV/JSON without a window.
#include "ui/headless.h"

#include "core/analysis/analysis.h"
#include "core/analysis/explain.h"
#include "core/analysis/overlay.h"
#include "core/io/terminaltext.h"
#include "core/machine/machineinfo.h"
#include "core/measure/calibration.h"
#include "core/pipeline.h"
#include "core/results/resultio.h"
#include "core/results/runset.h"
#include "ui/charts/charttabs.h"
#include "ui/charts/chartview.h"
#include "ui/charts/explainchart.h"
#include "ui/charts/timechart.h"
#include "ui/commandline.h"
#include "ui/examples.h"
#include "ui/htmlreport.h"
#include "ui/publishedtable.h"
#include "ui/runstore.h"
#include "words/format.h"

#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <iostream>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace speeduplab {

namespace {

std::atomic<bool> g_interrupted{false};
volatile std::sig_atomic_t g_signal = 0; // the first signal, for the exit status (128 + it)

void onSignal(int sig)
{
    if (g_signal == 0)
        g_signal = sig;
    g_interrupted.store(true);
}

// A message, as a terminal may show it (no escape sequence obeyed; its values escaped by val()).
std::string esc(const std::string &s)
{
    return TerminalText::escaped(s);
}

// One value in a message (a name from a file or an argument), its backslashes doubled.
std::string val(const std::string &s)
{
    return TerminalText::value(s);
}

int usage(const QString &msg)
{
    std::cerr << "speeduplab: " << Format::sentence(msg).toStdString() << " (see speeduplab --help)\n";
    return 2;
}

std::string path(const QString &p)
{
    return QFile::encodeName(p).toStdString();
}

/// The Explain tab's text, as plain text: its verdict, then each section's title and sentences (the
/// same ExplainChart the window shows, so the same numbers). Every text from the file in it is
/// escaped for the terminal.
void printExplain(const RunStore &store)
{
    ExplainChart explain;
    explain.setModel(&store);
    explain.updateNow();
    if (!explain.verdict().isEmpty())
        std::cout << esc(Format::display(explain.verdict()).toStdString()) << '\n';
    for (const ExplainChart::Section &s : explain.explanations()) {
        std::cout << '\n' << esc(s.title.toStdString()) << '\n';
        for (const QString &sentence : s.sentences)
            std::cout << "- " << esc(Format::display(sentence).toStdString()) << '\n';
    }
    std::cout << std::flush;
}

/// Writes the chart as SVG or PNG to target, by ResultIO's rules (ChartView::savePng/saveSvg
/// write through SafeFile::write). With --force, which they do not take, the
/// chart is rendered into a private folder first and then written over the read-only target.
bool saveChart(ChartView &chart, bool svg, const QString &target, const QSize &size,
               const WriteOptions &write, QString *error)
{
    if (!write.force)
        return svg ? chart.saveSvg(target, size, error) : chart.savePng(target, size, error);
    QTemporaryDir scratch;
    if (!scratch.isValid()) {
        *error = QStringLiteral("cannot write %1: no private folder to render it in (%2)")
                     .arg(target, scratch.errorString());
        return false;
    }
    const QString rendered =
        scratch.filePath(svg ? QStringLiteral("chart.svg") : QStringLiteral("chart.png"));
    if (!(svg ? chart.saveSvg(rendered, size, error) : chart.savePng(rendered, size, error))) {
        error->replace(rendered, target);
        return false;
    }
    QFile file(rendered);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot write %1: %2").arg(target, file.errorString());
        return false;
    }
    const QByteArray bytes = file.readAll();
    try {
        SafeFile::write(path(target), bytes.toStdString(), write);
    } catch (const std::exception &e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
    return true;
}

void printRow(const Measurement &m)
{
    static std::string lastReason;
    static std::set<std::string> printed; // a point sent again (measured again, a round) says so
    const bool again = !printed.insert(m.seriesKey() + '@' + std::to_string(m.n)).second;
    std::cout << (again ? "  again: " : "  ") << val(m.seriesLabel()) << ", n = " << m.n << ": ";
    if (m.ok()) {
        std::cout << Format::seconds(m.perIteration()).toStdString() << " per iteration"
                  << (m.stats.noisy() ? " (noisy)" : "");
        if (const std::string rounds = m.conditions.roundSummary(m.stats.median); !rounds.empty())
            std::cout << " (" << rounds << ')';
        if (m.conditions.throttled)
            std::cout << ": " << val(m.reason);
    } else {
        std::cout << Measurement::statusName(m.status);
        if (m.reason == lastReason)
            std::cout << " (the same reason)";
        else
            std::cout << ": " << val(m.reason);
        lastReason = m.reason;
    }
    std::cout << '\n' << std::flush;
}

} // namespace

namespace {

// The preflight, before anything runs: every output can be created and renamed into place in its
// folder, and no file is given twice (CommandLine refused empty names). Returns the usage status
// when one cannot, else 0.
int preflight(const CommandLine &cl, const WriteOptions &write)
{
    std::vector<std::string> outputs;
    for (const QString &out : {cl.png, cl.svg, cl.csv, cl.json, cl.report})
        if (!out.isEmpty())
            outputs.push_back(path(out));
    if (!cl.csv.isEmpty()) // and the CSV's metadata file beside it
        outputs.push_back(ResultIO::csvMetadataPath(path(cl.csv)));
    std::vector<std::string> inputs; // what it reads, a CSV's metadata file too: never written over
    for (const QString &in : {cl.open, cl.overlay})
        if (!in.isEmpty()) {
            inputs.push_back(path(in));
            inputs.push_back(ResultIO::csvMetadataPath(path(in)));
        }
    try {
        SafeFile::checkAll(outputs, write, inputs);
    } catch (const WriteError &e) {
        QString msg = QString::fromStdString(e.what());
        if (e.kind() == WriteError::Kind::ReadOnly)
            msg += QStringLiteral(" (give --force to replace it)");
        return usage(msg);
    }
    return 0;
}

// --overlay: the reference runs drawn dashed over ours. Returns 1 (said) when it cannot be read.
int loadOverlay(const CommandLine &cl, std::vector<RunRecord> &references)
{
    if (cl.overlay.isEmpty())
        return 0;
    try {
        references = RunSet::load(path(cl.overlay));
    } catch (const std::exception &e) {
        std::cerr << "speeduplab: could not open " << val(cl.overlay.toStdString()) << ": " << esc(e.what())
                  << '\n';
        return 1;
    }
    for (RunRecord &r : references)
        r.reference = true;
    std::cout << "Overlaying " << val(references.front().label) << " from " << val(cl.overlay.toStdString())
              << '\n';
    return 0;
}

// --example or --open: the recorded runs into the store. Returns the exit status of a failure.
int openRecorded(const CommandLine &cl, RunStore &store, std::vector<RunRecord> &runs)
{
    if (!cl.example.isEmpty() && !cl.open.isEmpty())
        return usage(QStringLiteral("--example and --open both name what to draw: give one"));
    if (!cl.example.isEmpty()) {
        // A recording shipped with the program, as File > Open example opens it in the window.
        const int index = Examples::find(cl.example);
        if (index < 0 && cl.example != PublishedTable::name())
            return usage(QStringLiteral("no example is called \"%1\"; the examples are %2 and %3")
                             .arg(QString::fromStdString(val(cl.example.toStdString())),
                                  Examples::names().join(QStringLiteral(", ")), PublishedTable::name()));
        try {
            runs = index >= 0 ? Examples::load(Examples::all()[index])
                              : std::vector<RunRecord>{PublishedTable::load()};
        } catch (const std::exception &e) {
            std::cerr << "speeduplab: could not open the example " << val(cl.example.toStdString()) << ": "
                      << esc(e.what()) << '\n';
            return 1;
        }
        store.setRuns(runs);
        std::cout << "Opened the example " << val(cl.example.toStdString()) << ": "
                  << store.resultSet().size() << " measurements\n";
    } else {
        try {
            runs = RunSet::load(path(cl.open));
        } catch (const std::exception &e) {
            std::cerr << "speeduplab: could not open " << val(cl.open.toStdString()) << ": " << esc(e.what())
                      << '\n';
            return 1;
        }
        if (runs.size() > 1 && !cl.csv.isEmpty())
            return usage(QStringLiteral("%1 holds %2 runs: a CSV file holds one; write --json instead")
                             .arg(QString::fromStdString(val(cl.open.toStdString())))
                             .arg(runs.size()));
        store.setRuns(runs);
        std::cout << "Opened " << val(cl.open.toStdString()) << ": " << store.resultSet().size()
                  << " measurements";
        if (runs.size() > 1)
            std::cout << " in " << runs.size() << " runs";
        std::cout << '\n';
    }
    return 0;
}

// The sweep the command line asks for, into the store; `swept` keeps its results and `rc` gets
// its exit status (Pipeline::exitStatus). Returns the status to stop with when it could not
// start (a bad option, a failure to start), else 0.
int sweep(const CommandLine &cl, RunStore &store, ResultSet &swept, std::vector<RunRecord> &runs, int &rc)
{
    SweepPlan plan;
    try {
        plan = cl.plan(MachineInfo::hardwareThreads());
    } catch (const std::exception &e) {
        return usage(QString::fromStdString(e.what()));
    }
    for (const std::string &note : {Pipeline::gpuNote(plan), Pipeline::cacheNote(plan),
                                    Pipeline::clocksNote(plan), Pipeline::energyNote(plan)})
        if (!note.empty())
            std::cerr << "note: " << note << '\n';
    std::cout << "Sweeping " << plan.workload << ": " << plan.points().size() << " points\n";

    // The sweep runs on this thread: there is no window to keep responsive, and a signal
    // only sets the flag the runner checks between repetitions. Pipeline installs the handler
    // (Events::onSignal), and it stays until the last file is written: a second Ctrl+C after
    // the sweep killed it while it wrote them.
    Pipeline::Events events;
    events.measured = printRow;
    events.onSignal = onSignal;
    std::string lastRound;
    events.progress = [&plan, &lastRound](const SweepRunner::Progress &p) {
        if (const std::string note = Pipeline::roundNote(plan, p); !note.empty() && note != lastRound) {
            std::cout << note << '\n' << std::flush;
            lastRound = note;
        }
    };
    events.calibration = [](const CalibrationStep &step) {
        std::cout << Format::calibrationStep(step).toStdString() << '\n' << std::flush;
    };
    Pipeline::Outcome out;
    try {
        out = Pipeline::run(plan, cl.sweep.calibrate, events, g_interrupted);
    } catch (const std::exception &e) {
        std::cerr << "speeduplab: "
                  << Format::sentence(QStringLiteral("The sweep could not start: ") +
                                      QString::fromStdString(e.what()))
                         .toStdString()
                  << '\n';
        return 1;
    }
    swept = out.result; // a copy: stopNote and exitStatus read out.result
    if (!out.calibrationError.empty())
        std::cerr << "speeduplab: " << out.calibrationError << '\n';
    if (out.calibrated)
        for (const auto &[k, v] : swept.machine.ceilings)
            std::cout << "  ceiling " << Format::ceilingName(k).toStdString() << ": "
                      << MachineInfo::ceilingText(k, v) << '\n';
    store.setResultSet(swept);
    runs = store.runs();
    std::cout << "Timing: " << Pipeline::timingNote(out.firstPass, out.elapsed) << '\n';
    if (const std::string note = Pipeline::disturbanceNote(swept); !note.empty())
        std::cout << "Note: " << note << '\n';
    for (const Refine::Outcome &x : out.refined)
        std::cout << "Refined: " << esc(x.summary(plan)) << '\n';
    if (plan.refine > 0 && out.refined.empty())
        std::cout << "Refined: no pair of curves crosses: nothing to refine\n";
    if (out.stopped)
        std::cerr << Pipeline::stopNote(out) << '\n';
    rc = Pipeline::exitStatus(out);
    return 0;
}

// --beside-example: a sweep that measured no GPU gets the GPU curves of the shipped recording of
// its workload beside it, compared across (this CPU against that GPU), and says so; what it writes
// as data stays this sweep's. Returns 1 when the recording cannot be read.
int addExampleBeside(const CommandLine &cl, RunStore &store, const ResultSet &swept)
{
    if (!cl.besideExample || g_interrupted.load())
        return 0;
    const int index = Examples::besideSweep(swept);
    if (index < 0) {
        std::cout << (std::any_of(swept.rows.begin(), swept.rows.end(),
                                  [](const Measurement &m) { return m.onGpu(); })
                          ? "The sweep measured a GPU here: no recording is drawn beside it\n"
                          : "No shipped recording measured this workload on a GPU beside a CPU: none is "
                            "drawn beside the sweep\n");
        return 0;
    }
    RunRecord example;
    try {
        example = Examples::gpuCurves(Examples::all()[index]);
    } catch (const std::exception &e) {
        std::cerr << "speeduplab: " << esc(e.what()) << '\n';
        return 1;
    }
    const int ours = store.runCount() - 1;
    const int theirs = store.addRun(std::move(example));
    store.setComparedRuns(ours, theirs);
    std::cout << "No GPU was measured here: the chart draws this CPU beside the GPU curves of \""
              << val(store.runs()[std::size_t(theirs)].label) << "\", recorded on "
              << Examples::machine().toStdString() << " (the data files hold this sweep only)\n";
    return 0;
}

// What the command line prints of the results: the Explain tab's text (--explain), the
// crossovers, those across runs A and B, and our time over a reference run's.
void printFindings(const CommandLine &cl, const RunStore &store, const std::vector<RunRecord> &runs)
{
    if (cl.explain)
        printExplain(store);
    const ResultSet &shown = store.resultSet();
    const std::string workload = shown.rows.empty() ? std::string() : shown.rows.front().workload;
    const std::vector<CrossoverReport> reports = Explain::reports(shown, workload);
    std::size_t leftOut = 0;
    for (const CrossoverReport *rep : Analysis::printed(reports, cl.sweep.verbose, &leftOut))
        std::cout << val(rep->gpuLabel) << " vs " << val(rep->cpuLabel) << ": " << esc(rep->summary())
                  << '\n';
    if (leftOut > 0)
        std::cout << '(' << Analysis::leftOutNote(leftOut) << ")\n";
    if (store.runA() >= 0 && store.runB() >= 0 && store.runA() != store.runB()) {
        // Across runs: run A's best CPU against each GPU curve of run B.
        const std::string a = store.runs()[std::size_t(store.runA())].label;
        const std::string b = store.runs()[std::size_t(store.runB())].label;
        for (const CrossoverReport &rep : Explain::acrossRuns(shown, workload, a, b))
            std::cout << val(rep.gpuLabel) << " vs " << val(a) << ": best CPU: " << esc(rep.summary())
                      << '\n';
    }
    for (const RunRecord &ref : store.runs()) {
        if (!ref.reference || runs.empty())
            continue;
        for (const auto &q : Overlay::ratios(Analysis::series(runs.front().results, workload),
                                             Overlay::curves(ref.results, workload)))
            std::cout << val(q.label) << ": our time / " << val(Overlay::name(ref.results))
                      << "'s = " << QString::number(q.ratio, 'f', 2).toStdString() << " (geometric mean over "
                      << q.count << " sizes, n = " << q.nMin << "-" << q.nMax << ")\n";
    }
}

// The outputs: the chart as PNG and SVG, the report, and the results as CSV and JSON. An interrupted
// sweep never replaces a complete file of an earlier run: its results go beside them
// (Pipeline::writeOutput), its charts are not drawn over the old ones, and the exit status is
// 128 + the signal.
int writeOutputs(const CommandLine &cl, ChartView &chart, const RunStore &store,
                 const std::vector<RunRecord> &runs, const ResultSet &swept, const WriteOptions &write,
                 int rc)
{
    const bool interrupted = g_interrupted.load();
    if (interrupted)
        rc = 128 + (g_signal ? int(g_signal) : SIGINT);
    for (const bool svg : {false, true}) {
        const QString &target = svg ? cl.svg : cl.png;
        if (target.isEmpty())
            continue;
        if (interrupted) {
            std::cerr << "interrupted: " << val(target.toStdString())
                      << " is not replaced by the chart of an incomplete sweep\n";
            continue;
        }
        QString error;
        if (saveChart(chart, svg, target, cl.size, write, &error))
            std::cout << "wrote " << val(target.toStdString()) << '\n';
        else {
            std::cerr << "speeduplab: " << error.toStdString() << '\n';
            rc = 1;
        }
    }
    if (!cl.report.isEmpty()) {
        if (interrupted)
            std::cerr << "interrupted: " << val(cl.report.toStdString())
                      << " is not replaced by the report of an incomplete sweep\n";
        else {
            try {
                HtmlReport::write(store, path(cl.report), {cl.example == PublishedTable::name()}, write);
                std::cout << "wrote " << val(cl.report.toStdString()) << '\n';
            } catch (const std::exception &e) {
                std::cerr << "speeduplab: " << esc(e.what()) << '\n';
                rc = 1;
            }
        }
    }
    // What --csv and --json write: the sweep's results, or what was opened, one run as it is (not
    // a third copy of a million rows), several joined.
    const bool opened = !cl.example.isEmpty() || !cl.open.isEmpty();
    const ResultSet joined = opened && runs.size() != 1 ? RunSet::combined(runs) : ResultSet();
    const ResultSet &result = !opened ? swept : runs.size() == 1 ? runs.front().results : joined;
    try {
        if (interrupted) {
            for (const auto &[file, text, csv] : {std::tuple{&cl.csv, &ResultIO::toCsv, true},
                                                  std::tuple{&cl.json, &ResultIO::toJson, false}})
                if (!file->isEmpty())
                    std::cerr << Pipeline::writeOutput(path(*file), text(result), true, result.rows.empty(),
                                                       write, csv ? &result : nullptr)
                              << '\n';
            return rc;
        }
        if (!cl.csv.isEmpty()) {
            ResultIO::writeCsv(result, path(cl.csv), write);
            std::cout << "wrote " << val(cl.csv.toStdString()) << '\n';
        }
        if (!cl.json.isEmpty() && runs.size() > 1) {
            RunSet::write(runs, path(cl.json), write);
            std::cout << "wrote " << val(cl.json.toStdString()) << '\n';
        } else if (!cl.json.isEmpty()) {
            ResultIO::writeJson(result, path(cl.json), write);
            std::cout << "wrote " << val(cl.json.toStdString()) << '\n';
        }
    } catch (const std::exception &e) {
        std::cerr << "speeduplab: " << e.what() << '\n';
        rc = 1;
    }
    return rc;
}

} // namespace

int Headless::run(const CommandLine &cl)
{
    if (cl.png.isEmpty() && cl.svg.isEmpty() && cl.csv.isEmpty() && cl.json.isEmpty() &&
        cl.report.isEmpty() && !cl.explain)
        return usage(QStringLiteral("--headless needs an output: --png FILE (and optionally --svg, --csv, "
                                    "--json), --report FILE, or --explain"));
    const WriteOptions write{cl.force};
    if (const int rc = preflight(cl, write))
        return rc;
    RunStore store;
    ResultSet swept;             // what the sweep measured
    std::vector<RunRecord> runs; // what --open or --example read (a runs file holds several)
    std::vector<RunRecord> references;
    if (const int rc = loadOverlay(cl, references))
        return rc;
    int rc = 0;
    if (!cl.example.isEmpty() || !cl.open.isEmpty()) {
        if (const int failed = openRecorded(cl, store, runs))
            return failed;
    } else if (const int failed = sweep(cl, store, swept, runs, rc)) {
        return failed;
    } else if (const int failed = addExampleBeside(cl, store, swept)) {
        return failed;
    }
    for (RunRecord &r : references)
        store.addRun(std::move(r));
    if (std::string why;
        !cl.runA.isEmpty() && !store.setComparedRuns(cl.runA.toStdString(), cl.runB.toStdString(), &why))
        return usage(QString::fromStdString(why));
    std::unique_ptr<ChartView> chart = ChartTabs::make(cl.chart); // CommandLine checked the name
    // The original answer's table is drawn as the window draws it: whole loops, as it was published.
    if (auto *time = qobject_cast<TimeChart *>(chart.get()); time && cl.example == PublishedTable::name())
        time->setWholeLoop(true);
    chart->setModel(&store); // each export below builds the chart at its size (renderInto)
    printFindings(cl, store, runs);
    return writeOutputs(cl, *chart, store, runs, swept, write, rc);
}

} // namespace speeduplab
