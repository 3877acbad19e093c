// SPDX-License-Identifier: MIT
// The app's command line: the window's options, --headless with the CLI's sweep options (declared
// once for both in core/sweepoptions.h), and the hidden screenshot mode.
#include "ui/commandline.h"

#include "core/sweepoptions.h"
#include "ui/charts/charttabs.h"

#include <QCommandLineParser>

namespace speeduplab {

namespace {

/// The preset a sweep without --preset, --sizes and --range starts from (RunOptions::defaultPreset).
const char *const defaultPreset = "seed";

/// An option's help (a lower-case fragment, sweepoptions.h) as the app shows it: a sentence with
/// the default. A first word that is one of the option's values keeps its case: the default
/// (add, on, warm) or a value with a colon (cuda:N).
QString sentence(const std::string &help, const std::string &defaultShown)
{
    QString text = QString::fromStdString(help);
    QString first = text.section(QLatin1Char(' '), 0, 0);
    while (first.endsWith(QLatin1Char(',')) || first.endsWith(QLatin1Char(':')))
        first.chop(1);
    if (first != QString::fromStdString(defaultShown) && !first.contains(QLatin1Char(':')))
        text[0] = text[0].toUpper();
    if (!defaultShown.empty())
        text += QStringLiteral(" (default: %1)").arg(QString::fromStdString(defaultShown));
    return text + QLatin1Char('.');
}

QCommandLineOption toQt(const SweepOption &o, const std::string &defaultShown)
{
    QStringList names{QString::fromStdString(o.name)};
    if (!o.shortName.empty())
        names << QString::fromStdString(o.shortName);
    return QCommandLineOption(names, sentence(o.help, defaultShown), QString::fromStdString(o.valueName));
}

/// The sweep options (sweepOptions()), in the table's order.
QList<QCommandLineOption> sweepOptionsForQt()
{
    QList<QCommandLineOption> list;
    for (const SweepOption &o : sweepOptions())
        list << toQt(o, o.name == "preset" ? defaultPreset : o.defaultShown);
    return list;
}

/// Every option of the app: its own (the window, the outputs, the screenshot mode), then the sweep's.
struct Options {
    const QCommandLineOption help{{QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help.")};
    const QCommandLineOption version{QStringLiteral("version"), QStringLiteral("Show the version.")};
    const QCommandLineOption headless{
        QStringLiteral("headless"),
        QStringLiteral("Run without a window (offscreen) and write the outputs.")};
    const QCommandLineOption png{QStringLiteral("png"), QStringLiteral("Write the chart as PNG."),
                                 QStringLiteral("FILE")};
    const QCommandLineOption svg{QStringLiteral("svg"), QStringLiteral("Write the chart as SVG."),
                                 QStringLiteral("FILE")};
    const QCommandLineOption csv{QStringLiteral("csv"), QStringLiteral("Write the results as CSV."),
                                 QStringLiteral("FILE")};
    const QCommandLineOption json{QStringLiteral("json"), QStringLiteral("Write the results as JSON."),
                                  QStringLiteral("FILE")};
    const QCommandLineOption report{
        QStringLiteral("report"),
        QStringLiteral("Write the report as one self-contained HTML file: the charts, the Explain text, the "
                       "crossovers, the data, and the runs themselves (--open reopens it)."),
        QStringLiteral("FILE")};
    const QCommandLineOption force = toQt(forceOption(), "");
    const QCommandLineOption open{
        QStringLiteral("open"),
        QStringLiteral(
            "Show a recorded result file (CSV, JSON, a runs file or a report) instead of sweeping."),
        QStringLiteral("FILE")};
    const QCommandLineOption example{
        QStringLiteral("example"),
        QStringLiteral("Open a recording shipped with the program (File > Open example), by name: "
                       "seed-preset, add-calibrated, add-range, reduce, transfer; original-answer: the table "
                       "published with the original answer, as a reference run."),
        QStringLiteral("NAME")};
    const QCommandLineOption overlay{
        QStringLiteral("overlay"),
        QStringLiteral("Draw a reference run (bench/compare_torch.py or compare_numpy.py output) dashed "
                       "over ours on the time chart."),
        QStringLiteral("FILE")};
    const QCommandLineOption besideExample{
        QStringLiteral("beside-example"),
        QStringLiteral("With --headless: when the sweep measured no GPU (none is usable here), draw the "
                       "shipped recording of the same workload on an NVIDIA H200 beside it, its GPU against "
                       "this machine's CPU. The data files hold this sweep only.")};
    const QCommandLineOption runA{
        QStringLiteral("run-a"),
        QStringLiteral("With --open of several runs: run A, whose CPU meets run B's GPU on the time chart "
                       "and which the compare chart divides by."),
        QStringLiteral("LABEL")};
    const QCommandLineOption runB{QStringLiteral("run-b"),
                                  QStringLiteral("Run B (see --run-a): its GPU, and its time over A's."),
                                  QStringLiteral("LABEL")};
    const QCommandLineOption presentation{
        QStringLiteral("presentation"),
        QStringLiteral("Start in presentation mode: full screen, the chart only, zoomed for a projector (F11 "
                       "leaves it).")};
    const QCommandLineOption chart{QStringLiteral("chart"),
                                   QStringLiteral("The chart to write or show: %1 (default: time).")
                                       .arg(ChartTabs::names().join(QStringLiteral(", "))),
                                   QStringLiteral("NAME"), QStringLiteral("time")};
    const QCommandLineOption size{
        QStringLiteral("size"),
        QStringLiteral("Pixel size of the PNG or SVG, WIDTHxHEIGHT (default: 1920x1080); a chart whose "
                       "notes need more room is written taller, up to twice the height."),
        QStringLiteral("WxH"), QStringLiteral("1920x1080")};
    const QList<QCommandLineOption> sweep = sweepOptionsForQt();
    const QCommandLineOption explain{
        QStringLiteral("explain"),
        QStringLiteral(
            "With --headless: print the Explain tab's text (its verdict, then each section and its "
            "sentences) as plain text, in the app's language.")};
    const QCommandLineOption screenshot{
        QStringLiteral("screenshot"),
        QStringLiteral("Open the window at --size, grab it into FILE (PNG) after "
                       "the sweep or the file, then quit."),
        QStringLiteral("FILE")};
    const QCommandLineOption settings{QStringLiteral("settings"),
                                      QStringLiteral("Read and write the window's settings in this INI file "
                                                     "instead of the user's."),
                                      QStringLiteral("FILE")};
    const QCommandLineOption run{QStringLiteral("run"),
                                 QStringLiteral("Start the sweep as soon as the window is up.")};

    /// In the order of the help.
    QList<QCommandLineOption> all() const
    {
        return QList<QCommandLineOption>{help,          version, headless, png,          svg,     csv,
                                         json,          report,  force,    open,         example, overlay,
                                         besideExample, runA,    runB,     presentation, chart,   size} +
               sweep + QList<QCommandLineOption>{explain, screenshot, settings, run};
    }
};

void declare(QCommandLineParser &p, const Options &opt)
{
    p.setApplicationDescription(QStringLiteral(
        "SpeedupLab: when is the GPU faster than the CPU, and why?\n\n"
        "Without options, the window opens. With --headless, a sweep runs without a window and writes the\n"
        "chart the window would show. With --calibrate, the machine's ceilings are measured too (in the\n"
        "window, before --run) and drawn on the throughput and roofline charts.\n\n"
        // A heading of its own, one example a line: help2man makes them the man page's EXAMPLES.
        "Examples:\n"
        "  speeduplab --headless [--preset NAME | sweep options] --png FILE [--svg FILE] [--csv FILE] "
        "[--json FILE]\n"
        "      a sweep without the window: its chart, and its results\n"
        "  speeduplab --headless --open RESULTS.csv --png FILE\n"
        "      a recorded run's chart\n"
        "  speeduplab --headless --open OURS.csv --overlay TORCH.csv --png FILE\n"
        "      ours beside PyTorch's\n"
        "  speeduplab --headless --open RESULTS.csv --report REPORT.html\n"
        "      one page to post or print"));
    p.addOptions(opt.all());
    p.addPositionalArgument(
        QStringLiteral("files"),
        QStringLiteral("Result files or reports to open in the window, each a run beside the others."),
        QStringLiteral("[FILE...]"));
}

/// The outputs and --force. An option given as "" would otherwise read as not given: --png ""
/// wrote nothing, silently, and --example "" ran the whole default sweep. Every option that
/// takes a value needs one. Returns the usage error, or "".
QString readOutputs(const QCommandLineParser &p, const Options &opt, CommandLine &c)
{
    c.png = p.value(opt.png);
    c.svg = p.value(opt.svg);
    c.csv = p.value(opt.csv);
    c.json = p.value(opt.json);
    c.report = p.value(opt.report);
    c.force = p.isSet(opt.force);
    for (const QCommandLineOption &o : opt.all())
        if (!o.valueName().isEmpty() && p.isSet(o) && p.value(o).trimmed().isEmpty())
            return o.valueName() == QLatin1String("FILE")
                       ? QStringLiteral("--%1 needs a file name").arg(o.names().constFirst())
                       : QStringLiteral("--%1 needs a value (%2)").arg(o.names().constFirst(), o.valueName());
    return {};
}

/// What the window opens and shows: the file, the runs compared, the chart, its size, the
/// screenshot, the settings. Returns the usage error, or "".
QString readWindow(const QCommandLineParser &p, const Options &opt, CommandLine &c)
{
    c.open = p.value(opt.open);
    c.example = p.value(opt.example);
    c.overlay = p.value(opt.overlay);
    c.besideExample = p.isSet(opt.besideExample);
    c.presentation = p.isSet(opt.presentation);
    c.runA = p.value(opt.runA);
    c.runB = p.value(opt.runB);
    if (c.runA.isEmpty() != c.runB.isEmpty())
        return QStringLiteral("--run-a and --run-b go together");
    c.chart = p.value(opt.chart);
    c.explain = p.isSet(opt.explain);
    c.screenshot = p.value(opt.screenshot);
    // A screenshot is a PNG whatever its name says: another name (k.csv) was truncated by a
    // save that then failed on the unknown format.
    if (!c.screenshot.isEmpty() && !c.screenshot.endsWith(QLatin1String(".png"), Qt::CaseInsensitive))
        return QStringLiteral("the screenshot %1 must be a .png file").arg(c.screenshot);
    c.settings = p.value(opt.settings);
    c.run = p.isSet(opt.run);
    const QStringList positional = p.positionalArguments();
    if (!positional.isEmpty()) {
        if (!c.open.isEmpty())
            return QStringLiteral("give the files to open either with --open or on their own, not both");
        c.open = positional.front();
        c.openAlso = positional.mid(1);
    }
    const QStringList charts = ChartTabs::names();
    if (!charts.contains(c.chart))
        return QStringLiteral("--chart must be one of %1, not \"%2\"")
            .arg(charts.join(QStringLiteral(", ")), c.chart);
    c.sizeGiven = p.isSet(opt.size);
    const QStringList wh = p.value(opt.size).toLower().split(QLatin1Char('x'));
    bool okW = false, okH = false;
    if (wh.size() == 2)
        c.size = QSize(wh[0].toInt(&okW), wh[1].toInt(&okH));
    if (!okW || !okH || c.size.width() < 16 || c.size.height() < 16 || c.size.width() > 16384 ||
        c.size.height() > 16384)
        return QStringLiteral("--size must look like 1920x1080 (16 to 16384 pixels per side), not \"%1\"")
            .arg(p.value(opt.size));
    return {};
}

/// The sweep options into RunOptions, as typed, walking the table: Pipeline::plan checks them.
void readSweep(const QCommandLineParser &p, const Options &opt, RunOptions &o)
{
    o.defaultPreset = defaultPreset;
    const std::vector<SweepOption> &table = sweepOptions();
    for (std::size_t i = 0; i < table.size(); ++i)
        if (p.isSet(opt.sweep[qsizetype(i)]))
            table[i].set(o, p.value(opt.sweep[qsizetype(i)]).toStdString());
}

/// The options that exclude or need each other. Returns the usage error, or "".
QString check(const CommandLine &c)
{
    const RunOptions &o = c.sweep;
    if (o.cpuOnly && o.gpuOnly)
        return QStringLiteral("--cpu-only and --gpu-only exclude each other");
    if (o.sizes && o.range)
        return QStringLiteral("give either --sizes or --range, not both");
    if (c.explain && !c.headless)
        return QStringLiteral("--explain prints the Explain text without a window: give --headless too");
    if (c.besideExample && !c.headless)
        return QStringLiteral("--beside-example is for --headless: the window draws the recording beside its "
                              "first sweep on its own when no GPU is usable");
    if (c.besideExample && !(c.open.isEmpty() && c.example.isEmpty()))
        return QStringLiteral("--beside-example goes with a sweep, not with --open or --example");
    if (!c.openAlso.isEmpty() && c.headless)
        return QStringLiteral("--headless opens one file (and --overlay a reference run): %1 were given")
            .arg(c.openAlso.size() + 1);
    if (!c.open.isEmpty() && c.headless && c.asksForSweep())
        return QStringLiteral("--open shows a recorded run: it takes no --preset or sweep options");
    if (!c.open.isEmpty() && c.headless && o.calibrate)
        return QStringLiteral("--calibrate measures this machine, and --open shows a recorded run with "
                              "its own ceilings: give one of them");
    return {};
}

} // namespace

std::optional<CommandLine> CommandLine::parse(const QStringList &args, QString *error)
{
    auto fail = [error](const QString &text) -> std::optional<CommandLine> {
        if (error)
            *error = text;
        return std::nullopt;
    };
    const Options opt;
    QCommandLineParser p;
    declare(p, opt);
    if (!p.parse(args))
        return fail(p.errorText());

    CommandLine c;
    c.help = p.isSet(opt.help);
    c.version = p.isSet(opt.version);
    c.helpText = p.helpText();
    c.headless = p.isSet(opt.headless);
    if (QString why = readOutputs(p, opt, c); !why.isEmpty())
        return fail(why);
    if (QString why = readWindow(p, opt, c); !why.isEmpty())
        return fail(why);
    readSweep(p, opt, c.sweep);
    if (QString why = check(c); !why.isEmpty())
        return fail(why);
    return c;
}

bool CommandLine::asksForSweep() const
{
    return sweep.hasSweepOptions() || !sweep.preset.empty();
}

SweepPlan CommandLine::plan(int hw) const
{
    return Pipeline::plan(sweep, hw);
}

} // namespace speeduplab
