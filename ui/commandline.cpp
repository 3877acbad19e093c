// SPDX-License-Identifier: MIT
// The app's command line: the window's options, --headless with the CLI's sweep options, and the
// hidden screenshot mode.
#include "ui/commandline.h"

#include "core/presets.h"
#include "ui/charts/charttabs.h"

#include <QCommandLineParser>

#include <stdexcept>

namespace speeduplab {

namespace {

QString presetNames()
{
    QStringList names;
    for (const auto &n : Presets::names())
        names << QString::fromStdString(n);
    return names.join(QStringLiteral(", "));
}

} // namespace

std::optional<CommandLine> CommandLine::parse(const QStringList &args, QString *error)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "SpeedupLab: when is the GPU faster than the CPU, and why?\n\n"
        "Without options, the window opens. With --headless, a sweep runs without a window and writes the\n"
        "chart the window would show:\n"
        "  speeduplab --headless [--preset NAME | sweep options] --png FILE [--svg FILE] [--csv FILE] "
        "[--json FILE]\n"
        "  speeduplab --headless --open RESULTS.csv --png FILE   (render a recorded run)\n"
        "  speeduplab --headless --open OURS.csv --overlay TORCH.csv --png FILE   (ours vs PyTorch)\n"
        "  speeduplab --headless --open RESULTS.csv --report REPORT.html   (one page to post or print)\n"
        "With --calibrate, the machine's ceilings are measured too and drawn on the throughput and roofline\n"
        "charts."));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    const QCommandLineOption version(QStringLiteral("version"), QStringLiteral("Show the version."));
    const QCommandLineOption headless(
        QStringLiteral("headless"),
        QStringLiteral("Run without a window (offscreen) and write the outputs."));
    const QCommandLineOption preset(QStringLiteral("preset"),
                                    QStringLiteral("A named sweep: %1 (default: seed).").arg(presetNames()),
                                    QStringLiteral("NAME"));
    const QCommandLineOption png(QStringLiteral("png"), QStringLiteral("Write the chart as PNG."),
                                 QStringLiteral("FILE"));
    const QCommandLineOption svg(QStringLiteral("svg"), QStringLiteral("Write the chart as SVG."),
                                 QStringLiteral("FILE"));
    const QCommandLineOption csv(QStringLiteral("csv"), QStringLiteral("Write the results as CSV."),
                                 QStringLiteral("FILE"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Write the results as JSON."),
                                  QStringLiteral("FILE"));
    const QCommandLineOption report(
        QStringLiteral("report"),
        QStringLiteral("Write the report as one self-contained HTML file: the charts, the Explain text, the "
                       "crossovers, the data, and the runs themselves (--open reopens it)."),
        QStringLiteral("FILE"));
    const QCommandLineOption force(
        QStringLiteral("force"),
        QStringLiteral("Replace an output file even when it is read-only (it keeps its mode)."));
    const QCommandLineOption open(
        QStringLiteral("open"),
        QStringLiteral(
            "Show a recorded result file (CSV, JSON, a runs file or a report) instead of sweeping."),
        QStringLiteral("FILE"));
    const QCommandLineOption example(
        QStringLiteral("example"),
        QStringLiteral("Open a recording shipped with the program (File > Open example), by name: "
                       "seed-preset, add-calibrated, add-range, reduce, transfer; original-answer: the table "
                       "published with the original answer, as a reference run."),
        QStringLiteral("NAME"));
    const QCommandLineOption overlay(
        QStringLiteral("overlay"),
        QStringLiteral("Draw a reference run (bench/compare_torch.py or compare_numpy.py output) dashed "
                       "over ours on the time chart."),
        QStringLiteral("FILE"));
    const QCommandLineOption runA(
        QStringLiteral("run-a"),
        QStringLiteral("With --open of several runs: run A, whose CPU meets run B's GPU on the time chart "
                       "and which the compare chart divides by."),
        QStringLiteral("LABEL"));
    const QCommandLineOption runB(QStringLiteral("run-b"),
                                  QStringLiteral("Run B (see --run-a): its GPU, and its time over A's."),
                                  QStringLiteral("LABEL"));
    const QCommandLineOption presentation(
        QStringLiteral("presentation"),
        QStringLiteral("Start in presentation mode: full screen, the chart only, zoomed for a projector (F11 "
                       "leaves it)."));
    const QCommandLineOption chart(QStringLiteral("chart"),
                                   QStringLiteral("The chart to write or show: %1 (default: time).")
                                       .arg(ChartTabs::names().join(QStringLiteral(", "))),
                                   QStringLiteral("NAME"), QStringLiteral("time"));
    const QCommandLineOption size(QStringLiteral("size"),
                                  QStringLiteral("Pixel size of the PNG, WIDTHxHEIGHT (default: 1920x1080)."),
                                  QStringLiteral("WxH"), QStringLiteral("1920x1080"));
    const QCommandLineOption workload({QStringLiteral("workload"), QStringLiteral("w")},
                                      QStringLiteral("add, saxpy, reduce, gemm, transfer, scan or spmv."),
                                      QStringLiteral("NAME"));
    const QCommandLineOption variant(QStringLiteral("variant"),
                                     QStringLiteral("Variant(s), comma-separated."), QStringLiteral("LIST"));
    const QCommandLineOption sizes(QStringLiteral("sizes"), QStringLiteral("Tensor edges n, e.g. 4,40,400."),
                                   QStringLiteral("LIST"));
    const QCommandLineOption range(QStringLiteral("range"),
                                   QStringLiteral("MIN:MAX[:STEPS_PER_DECADE], log-spaced."),
                                   QStringLiteral("RANGE"));
    const QCommandLineOption threads(QStringLiteral("threads"),
                                     QStringLiteral("CPU thread counts, e.g. 1,2,4, or all."),
                                     QStringLiteral("LIST"));
    const QCommandLineOption modes(
        QStringLiteral("modes"), QStringLiteral("GPU modes: launch, graph, fused."), QStringLiteral("LIST"));
    const QCommandLineOption transfers(QStringLiteral("transfers"),
                                       QStringLiteral("Put host-device copies in the GPU's timed region."));
    const QCommandLineOption hostMemory(QStringLiteral("host-memory"), QStringLiteral("pageable or pinned."),
                                        QStringLiteral("KIND"));
    const QCommandLineOption iterations(
        QStringLiteral("iterations"), QStringLiteral("Operations per repetition (default: the workload's)."),
        QStringLiteral("N"));
    const QCommandLineOption minTime(QStringLiteral("min-time"),
                                     QStringLiteral("Seconds of repetitions per point, at least."),
                                     QStringLiteral("S"));
    const QCommandLineOption maxReps(QStringLiteral("max-reps"),
                                     QStringLiteral("Repetitions per point, at most."), QStringLiteral("N"));
    const QCommandLineOption budget(QStringLiteral("budget"),
                                    QStringLiteral("Seconds for the whole sweep (0: no limit)."),
                                    QStringLiteral("S"));
    const QCommandLineOption refine(
        QStringLiteral("refine"),
        QStringLiteral("After the sweep, find each crossover: new sizes around it until its 95 % interval is "
                       "within this precision, e.g. 5%."),
        QStringLiteral("PRECISION"));
    const QCommandLineOption refineBudget(QStringLiteral("refine-budget"),
                                          QStringLiteral("The most points --refine adds (default: 24)."),
                                          QStringLiteral("N"));
    const QCommandLineOption placement(
        QStringLiteral("placement"),
        QStringLiteral(
            "Where the CPU threads run: cores-first (the default), compact or none (the OS decides)."),
        QStringLiteral("PLACEMENT"));
    const QCommandLineOption energy(
        QStringLiteral("energy"),
        QStringLiteral("on (the default): each point's energy where the machine counts it; off: none."),
        QStringLiteral("on|off"));
    const QCommandLineOption device(
        QStringLiteral("device"),
        QStringLiteral("cuda:N (or N), opencl:N, cuda, opencl, a list (cuda:0,opencl:0), or all: every "
                       "device of every backend, in turn."),
        QStringLiteral("DEVICE"));
    const QCommandLineOption cache(
        QStringLiteral("cache"),
        QStringLiteral("warm, or cold: flush the GPU's L2 and the CPU's last-level "
                       "cache before every repetition."),
        QStringLiteral("MODE"));
    const QCommandLineOption rounds(QStringLiteral("rounds"),
                                    QStringLiteral("Run the whole sweep K times in shuffled orders and "
                                                   "merge each point's rounds."),
                                    QStringLiteral("K"));
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  QStringLiteral("The seed of the rounds' shuffled orders."),
                                  QStringLiteral("S"));
    const QCommandLineOption cpuOnly(QStringLiteral("cpu-only"), QStringLiteral("Do not use the GPU."));
    const QCommandLineOption gpuOnly(QStringLiteral("gpu-only"), QStringLiteral("Do not measure the CPU."));
    const QCommandLineOption calibrate(
        QStringLiteral("calibrate"),
        QStringLiteral("Measure the machine's ceilings (memory bandwidth, GEMM FLOP/s, GPU copies and "
                       "launches) and store them with the results; in the window, before --run."));
    const QCommandLineOption explain(
        QStringLiteral("explain"),
        QStringLiteral(
            "With --headless: print the Explain tab's text (its verdict, then each section and its "
            "sentences) as plain text, in the app's language."));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QStringLiteral("Open the window at --size, grab it into FILE (PNG) after "
                       "the sweep or the file, then quit."),
        QStringLiteral("FILE"));
    const QCommandLineOption settings(QStringLiteral("settings"),
                                      QStringLiteral("Read and write the window's settings in this INI file "
                                                     "instead of the user's."),
                                      QStringLiteral("FILE"));
    const QCommandLineOption run(QStringLiteral("run"),
                                 QStringLiteral("Start the sweep as soon as the window is up."));
    const QList<QCommandLineOption> options{
        help,     version, headless, preset,  png,          svg,       csv,          json,       report,
        force,    open,    example,  overlay, runA,         runB,      presentation, chart,      size,
        workload, variant, sizes,    range,   threads,      modes,     transfers,    hostMemory, iterations,
        minTime,  maxReps, budget,   refine,  refineBudget, placement, energy,       device,     cache,
        rounds,   seed,    cpuOnly,  gpuOnly, calibrate,    explain,   screenshot,   settings,   run};
    p.addOptions(options);
    p.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A result file to open in the window."),
                            QStringLiteral("[FILE]"));

    auto fail = [error](const QString &text) -> std::optional<CommandLine> {
        if (error)
            *error = text;
        return std::nullopt;
    };
    if (!p.parse(args))
        return fail(p.errorText());

    CommandLine c;
    c.help = p.isSet(help);
    c.version = p.isSet(version);
    c.helpText = p.helpText();
    c.headless = p.isSet(headless);
    c.png = p.value(png);
    c.svg = p.value(svg);
    c.csv = p.value(csv);
    c.json = p.value(json);
    c.report = p.value(report);
    c.force = p.isSet(force);
    // An option given as "" would otherwise read as not given: --png "" wrote nothing, silently,
    // and --example "" ran the whole default sweep. Every option that takes a value needs one.
    for (const QCommandLineOption &o : options)
        if (!o.valueName().isEmpty() && p.isSet(o) && p.value(o).trimmed().isEmpty())
            return fail(
                o.valueName() == QLatin1String("FILE")
                    ? QStringLiteral("--%1 needs a file name").arg(o.names().constFirst())
                    : QStringLiteral("--%1 needs a value (%2)").arg(o.names().constFirst(), o.valueName()));
    c.open = p.value(open);
    c.example = p.value(example);
    c.overlay = p.value(overlay);
    c.presentation = p.isSet(presentation);
    c.runA = p.value(runA);
    c.runB = p.value(runB);
    if (c.runA.isEmpty() != c.runB.isEmpty())
        return fail(QStringLiteral("--run-a and --run-b go together"));
    c.chart = p.value(chart);
    c.explain = p.isSet(explain);
    c.screenshot = p.value(screenshot);
    // A screenshot is a PNG whatever its name says: another name (k.csv) was truncated by a
    // save that then failed on the unknown format.
    if (!c.screenshot.isEmpty() && !c.screenshot.endsWith(QLatin1String(".png"), Qt::CaseInsensitive))
        return fail(QStringLiteral("the screenshot %1 must be a .png file").arg(c.screenshot));
    c.settings = p.value(settings);
    c.run = p.isSet(run);
    const QStringList positional = p.positionalArguments();
    if (positional.size() > 1)
        return fail(QStringLiteral("only one file can be opened, but %1 were given").arg(positional.size()));
    if (!positional.isEmpty()) {
        if (!c.open.isEmpty())
            return fail(QStringLiteral("give the file to open either with --open or on its own, not both"));
        c.open = positional.front();
    }
    const QStringList charts = ChartTabs::names();
    if (!charts.contains(c.chart))
        return fail(QStringLiteral("--chart must be one of %1, not \"%2\"")
                        .arg(charts.join(QStringLiteral(", ")), c.chart));
    c.sizeGiven = p.isSet(size);
    {
        const QStringList wh = p.value(size).toLower().split(QLatin1Char('x'));
        bool okW = false, okH = false;
        if (wh.size() == 2) {
            c.size = QSize(wh[0].toInt(&okW), wh[1].toInt(&okH));
        }
        if (!okW || !okH || c.size.width() < 16 || c.size.height() < 16 || c.size.width() > 16384 ||
            c.size.height() > 16384)
            return fail(
                QStringLiteral("--size must look like 1920x1080 (16 to 16384 pixels per side), not \"%1\"")
                    .arg(p.value(size)));
    }
    RunOptions &o = c.sweep;
    o.defaultPreset = "seed";
    o.preset = p.value(preset).toStdString();
    auto text = [&p](const QCommandLineOption &option, std::optional<std::string> &out) {
        if (p.isSet(option))
            out = p.value(option).toStdString();
    };
    text(workload, o.workload);
    text(variant, o.variants);
    text(sizes, o.sizes);
    text(range, o.range);
    text(threads, o.threads);
    text(modes, o.modes);
    text(hostMemory, o.hostMemory);
    text(iterations, o.iterations);
    text(minTime, o.minTime);
    text(maxReps, o.maxReps);
    text(budget, o.budget);
    text(refine, o.refine);
    text(refineBudget, o.refineBudget);
    text(placement, o.placement);
    text(energy, o.energy);
    text(device, o.device);
    text(cache, o.cache);
    text(rounds, o.rounds);
    text(seed, o.seed);
    o.transfers = p.isSet(transfers);
    o.cpuOnly = p.isSet(cpuOnly);
    o.gpuOnly = p.isSet(gpuOnly);
    o.calibrate = p.isSet(calibrate);
    if (o.cpuOnly && o.gpuOnly)
        return fail(QStringLiteral("--cpu-only and --gpu-only exclude each other"));
    if (o.sizes && o.range)
        return fail(QStringLiteral("give either --sizes or --range, not both"));
    if (c.explain && !c.headless)
        return fail(
            QStringLiteral("--explain prints the Explain text without a window: give --headless too"));
    if (!c.open.isEmpty() && c.headless && c.asksForSweep())
        return fail(QStringLiteral("--open shows a recorded run: it takes no --preset or sweep options"));
    if (!c.open.isEmpty() && c.headless && o.calibrate)
        return fail(QStringLiteral("--calibrate measures this machine, and --open shows a recorded run with "
                                   "its own ceilings: give one of them"));
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
