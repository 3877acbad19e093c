// SPDX-License-Identifier: MIT
// The Explain chart: the best CPU and one GPU curve with their cost models, the models' crossover,
// and the sections of sentences the what-if panel shows.
#include "ui/charts/explainchart.h"

#include "core/analysis/energyanalysis.h"

#include "ui/examples.h"
#include "words/explaintext.h"
#include "words/format.h"
#include "words/narrator.h"

#include "core/analysis/queuetime.h"
#include "core/model/workload.h"

#include <QLogValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace speeduplab {

namespace {

// A model's rates as its legend says them, each with its level and in its level's unit:
// "6.23 TB/s (L2) → 4.17 TB/s (HBM)", "30.3 TFLOP/s (registers)" (one rate without tiers).
QString ratesOf(const CostModel &m, const std::string &workload)
{
    QStringList out;
    for (const CostModel::Tier &t : m.tiers)
        if (t.fitted && t.rate > 0)
            out << ExplainText::rate(Explain::quote(t.rate, t, workload), true);
    return out.isEmpty() ? ExplainText::rate(Explain::quote(m.rate, m.topTier(), workload), true)
                         : out.join(QStringLiteral(" \u2192 "));
}

// The n whose work per operation is `work` (workAt grows with n), to 0.1 %.
double nAt(const Workload &w, double work)
{
    double lo = 1, hi = 1e7;
    while (hi / lo > 1.001) {
        const double mid = std::sqrt(lo * hi);
        (w.workAt(mid, 1) < work ? lo : hi) = mid;
    }
    return hi;
}

} // namespace

ExplainChart::ExplainChart(QWidget *parent) : ChartView(parent)
{
    setAxes(ChartStyle::sizeAxis(), ChartStyle::logAxis(QString()));
    setYUnit(tr("time per iteration (%1)"), ChartStyle::timeUnit(1e-8, 1e-2));
    setRanges(1, 10000, 0.01, 10000);
    // It shares its page with the what-if panel: in a short window (1024 x 700) the two fit.
    setMinimumHeight(200);
}

void ExplainChart::setWhatIf(const WhatIf &w)
{
    m_whatIf = w;
    m_custom = true;
    updateNow();
}

void ExplainChart::resetWhatIf()
{
    m_whatIf = m_measured;
    m_custom = false;
    updateNow();
}

void ExplainChart::setGpuKey(const std::string &key)
{
    if (key == m_gpuKey)
        return;
    m_gpuKey = key;
    m_custom = false;
    updateNow();
}

int ExplainChart::maxThreads() const
{
    const int measured = m_measured.cpuModels.empty() ? 1 : m_measured.cpuModels.rbegin()->first;
    return std::max(8, 2 * measured);
}

void ExplainChart::rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload)
{
    setChartTitle(workload, tr("cost models: why the curves look this way"));
    const WhatIf before = m_measured;
    forgetModels();
    const Workload *wl = Workload::find(workload);
    const std::vector<Matchup> pairs = matchups(all);
    if (all.empty() || !wl || pairs.empty())
        m_whatIf = m_measured; // nothing to move: no CPU and GPU models
    if (all.empty() || !wl) {
        showEmpty(r.rows.empty()
                      ? tr("No results yet.\nRun a sweep (Ctrl+R) or open a results file (Ctrl+O).")
                      : tr("The cost models need a CPU or a GPU curve of a known workload."));
        return;
    }
    if (pairs.empty()) {
        rebuildCpuOnly(r, all, *wl);
        return;
    }
    const Matchup &m = pairs.front();
    const std::vector<Series> group = explainedCurves(all, m);
    if (!fitModels(r, group, before))
        return;
    Drawing d = heldAgainst(group, m.best.run);
    fitSizes(group, d);
    traceModels(*wl, d);
    const TimeAxis y = fitTimes(d);
    drawModels(all, *wl, d, y);
    const Section crossovers = writeVerdict(r, group);
    explainCurves(r, group, crossovers, all);
}

// Forgets what the last rebuild found: the measured models, the panel's sections, the verdict and the
// GPU curves to choose from; the note is the chart's own until there are models.
void ExplainChart::forgetModels()
{
    m_measured = WhatIf();
    m_explanations.clear();
    m_verdict.clear();
    m_gpuCurves.clear();
    setNoteShownElsewhere(false);
}

// The curves explained: the first matchup's CPU curves of its run in one variant (the first), and
// its GPU curves, which become the ones to choose from.
std::vector<Series> ExplainChart::explainedCurves(const std::vector<Series> &all, const Matchup &m)
{
    std::vector<Series> group;
    for (const Series &s : all)
        if (s.cpu() && s.threads > 0 && s.run == m.best.run &&
            (group.empty() || s.variant == group.front().variant))
            group.push_back(s);
    for (const Series *g : m.gpus) {
        group.push_back(*g);
        m_gpuCurves.emplace_back(g->key, g->label);
    }
    if (std::none_of(m_gpuCurves.begin(), m_gpuCurves.end(),
                     [this](const auto &c) { return c.first == m_gpuKey; }))
        m_gpuKey.clear();
    return group;
}

// The measured models of the curves, and the what-if's: kept as the user set them while the curves
// stay the same. False (and the chart says why) when there are too few points for models.
bool ExplainChart::fitModels(const ResultSet &r, const std::vector<Series> &group, const WhatIf &before)
{
    m_measured = Explain::whatIf(r, group, m_gpuKey);
    if (!Explain::usable(m_measured)) {
        m_whatIf = m_measured;
        showEmpty(Narrator::whyNoModels(r, group));
        return false;
    }
    // A new curve or workload starts from its measured models; new points of the same curves
    // keep what the user set.
    if (!m_custom || before.gpuKey != m_measured.gpuKey || before.workload != m_measured.workload) {
        m_whatIf = m_measured;
        m_custom = false;
    }
    return true;
}

// The GPU curve chosen, and the best CPU of the thread counts the what-if allows (all of them
// as measured): what the models are held against.
ExplainChart::Drawing ExplainChart::heldAgainst(const std::vector<Series> &group,
                                                const std::string &run) const
{
    Drawing d;
    for (const Series &s : group) {
        if (s.gpu() && s.key == m_whatIf.gpuKey)
            d.gpu = &s;
        if (s.cpu() && s.threads <= m_whatIf.threads)
            d.allowed.push_back(s);
    }
    d.bestCpu = Analysis::bestCpu(d.allowed);
    d.bestCpu.key = run + "|explain-best-cpu";
    d.counts = m_whatIf.cpuThreads();
    const std::vector<int> &counts = d.counts;
    const QString cpuName = counts.size() > 1
                                ? tr("best CPU, %1\u2013%2 threads").arg(counts.front()).arg(counts.back())
                                : tr("CPU, %n thread(s)", nullptr, counts.front());
    d.bestCpu.label = cpuName.toStdString();
    return d;
}

// The x range: whole decades around every size measured and the models' crossover.
void ExplainChart::fitSizes(const std::vector<Series> &group, Drawing &d) const
{
    d.cross = m_whatIf.crossover();
    const ModelCrossover &cross = d.cross;
    double nLo = std::numeric_limits<double>::max(), nHi = 0;
    for (const Series &s : group)
        for (const SeriesPoint &p : s.points) {
            nLo = std::min(nLo, double(p.n));
            nHi = std::max(nHi, double(p.n));
        }
    if (cross.n > 0) {
        nLo = std::min(nLo, cross.n / 1.5);
        nHi = std::max(nHi, cross.n * 1.5);
    }
    decades(nLo, nHi, d.xLo, d.xHi);
}

// The CPU and the GPU models as the what-if sets them, at 81 sizes across the sizes they hold.
void ExplainChart::traceModels(const Workload &wl, Drawing &d) const
{
    const double xLo = d.xLo, xHi = d.xHi;
    const CostModel gpuModel = m_whatIf.gpu;
    auto modelLine = [&](auto &&time, double lo, double hi) {
        std::vector<std::pair<double, double>> out;
        constexpr int steps = 80;
        for (int i = 0; i <= steps; ++i) {
            const double n = lo * std::pow(hi / lo, double(i) / steps);
            out.emplace_back(n, time(wl.workAt(n, 1)));
        }
        return out;
    };
    // A model is drawn over the sizes it was fitted on (CostModel::nLo..nHi), never beyond them,
    // but to a crossover the verdict says it extrapolates to. Over the whole axis, the seed's
    // models ran on to n = 10,000, where nothing measured holds them.
    auto span = [&](double fitLo, double fitHi, double &lo, double &hi) {
        lo = fitLo > 0 ? std::max(xLo, fitLo) : xLo;
        hi = fitHi > 0 ? std::min(xHi, fitHi) : xHi;
        if (d.cross.n > 0 && d.cross.extrapolated()) {
            lo = std::max(xLo, std::min(lo, d.cross.n));
            hi = std::min(xHi, std::max(hi, d.cross.n));
        }
    };
    double cpuLo = 0, cpuHi = 0; // the CPU models' together, of the counts the what-if allows
    for (const auto &[p, m] : m_whatIf.cpuModels)
        if (p <= m_whatIf.threads && m.nHi > 0) {
            cpuLo = cpuLo > 0 ? std::min(cpuLo, double(m.nLo)) : m.nLo;
            cpuHi = std::max(cpuHi, double(m.nHi));
        }
    double cLo, cHi, gLo, gHi;
    span(cpuLo, cpuHi, cLo, cHi);
    span(gpuModel.nLo, gpuModel.nHi, gLo, gHi);
    d.cpuLine = modelLine([this](double w) { return m_whatIf.cpuTime(w); }, cLo, cHi);
    d.gpuLine = modelLine([&gpuModel](double w) { return gpuModel.time(w); }, gLo, gHi);
}

// The y axis: whole decades around the measured times and the models' lines.
ExplainChart::TimeAxis ExplainChart::fitTimes(const Drawing &d)
{
    double tLo = std::numeric_limits<double>::max(), tHi = 0;
    auto extendT = [&](double t) {
        if (t > 0) {
            tLo = std::min(tLo, t);
            tHi = std::max(tHi, t);
        }
    };
    for (const Series *s : {d.gpu, d.cpu()})
        if (s)
            for (const SeriesPoint &p : s->points)
                extendT(p.t);
    for (const auto *l : {&d.cpuLine, &d.gpuLine})
        for (const auto &[n, t] : *l)
            extendT(t);
    return setTimeAxis(d.xLo, d.xHi, tLo, tHi);
}

// The measured best CPU and GPU curve, the models through them (dashed) and the line where the
// models cross, labelled.
void ExplainChart::drawModels(const std::vector<Series> &all, const Workload &wl, const Drawing &d,
                              const TimeAxis &y)
{
    const Series *cpu = d.cpu(), *gpu = d.gpu;
    const std::vector<Series> &allowed = d.allowed;
    const std::vector<int> &counts = d.counts;
    const ModelCrossover &cross = d.cross;
    const CostModel gpuModel = m_whatIf.gpu;
    const ChartStyle::Unit unit = y.unit;
    const double yLo = y.lo, yHi = y.hi;

    const std::vector<QColor> colors = seriesColors(all);
    auto colorOf = [&](const Series *s, const QColor &fallback) {
        for (std::size_t i = 0; s && i < all.size(); ++i)
            if (all[i].key == s->key)
                return colors[i];
        return fallback;
    };
    // The best CPU takes the colour of its fewest threads, darker, as the time chart's envelope.
    const QColor cpuColor =
        allowed.empty()
            ? ChartStyle::cpuWinsColor()
            : (allowed.size() > 1 ? colorOf(&allowed.front(), ChartStyle::cpuWinsColor()).darker(230)
                                  : colorOf(&allowed.front(), ChartStyle::cpuWinsColor()));
    const QColor gpuColor = colorOf(gpu, ChartStyle::gpuWinsColor());
    auto points = [&](const std::vector<std::pair<double, double>> &l) {
        QList<QPointF> out;
        for (const auto &[n, t] : l)
            if (t > 0)
                out << QPointF(n, t * unit.scale);
        return out;
    };
    for (const auto &[s, color] : {std::pair{cpu, cpuColor}, std::pair{gpu, gpuColor}})
        if (s)
            measuredLine(*s, color, unit.scale);
    line(QStringLiteral("fit:cpu"), Role::Fit,
         counts.size() > 1
             ? tr("best CPU model")
             : tr("CPU model: %1 + work at %2")
                   .arg(Format::seconds(m_whatIf.cpu().fixed), ratesOf(m_whatIf.cpu(), wl.name)),
         cpuColor, points(d.cpuLine), {Qt::DashLine, 2, false, true});
    // Queued launches: the larger of the launch and the kernel's work (CostModel::queued), never a
    // sum; the text says it in words.
    const QString gpuName =
        gpuModel.queued()
            ? tr("GPU model: max(%1, %2)").arg(Format::seconds(gpuModel.fixed), ratesOf(gpuModel, wl.name))
            : (gpuModel.tiers.size() > 1 ? tr("GPU model: %1 + %2") : tr("GPU model: %1 + work at %2"))
                  .arg(Format::seconds(gpuModel.fixed), ratesOf(gpuModel, wl.name));
    line(QStringLiteral("fit:gpu"), Role::Fit, gpuName, gpuColor, points(d.gpuLine),
         {Qt::DashLine, 2, false, true});
    // The GPU model's steps from one memory level to the next, labelled where they are drawn; none
    // where a tier borrowed its neighbour's rate (the line does not step there).
    for (std::size_t k = 1; k < gpuModel.tiers.size(); ++k) {
        const CostModel::Tier &from = gpuModel.tiers[k - 1], &to = gpuModel.tiers[k];
        const double n = nAt(wl, to.fromWork);
        if (from.level.empty() || to.level.empty() || !from.fitted || !to.fitted || !(n > d.xLo && n < d.xHi))
            continue;
        addLabel(tr("%1 \u2192 %2").arg(QString::fromStdString(from.level), QString::fromStdString(to.level)),
                 QString(), n, gpuModel.time(to.fromWork) * unit.scale, gpuColor,
                 {Qt::AlignRight | Qt::AlignTop, Qt::Vertical}); // below the step, sliding down
    }
    if (cross.n > 0) {
        line(QStringLiteral("cross:model"), Role::Marker, QString(), gpuColor,
             {QPointF(cross.n, yLo), QPointF(cross.n, yHi)}, {Qt::DashLine, 2, false, false});
        addLabel(tr("models: GPU faster above n \u2248 %1").arg(Format::n(cross.n)),
                 tr("n \u2248 %1").arg(Format::n(cross.n)), cross.n, yHi, gpuColor,
                 {Qt::AlignRight | Qt::AlignBottom, Qt::Vertical});
    }
}

// The chart's note: the what-if verdict and the story of the GPU curve shown; the text panel
// below has the rest. Returns the panel's section on the crossovers.
ExplainChart::Section ExplainChart::writeVerdict(const ResultSet &r, const std::vector<Series> &group)
{
    m_verdict = ExplainText::whatIf(m_whatIf, m_measured);
    QStringList notes{m_verdict};
    std::vector<CrossoverStory> stories;
    const Section crossovers = Narrator::crossovers(r, group, &stories);
    // On screen the panel beside the sliders says it; an exported figure has no panel.
    for (const CrossoverStory &s : stories)
        if (s.gpuKey == m_whatIf.gpuKey && exporting())
            notes << ExplainText::crossover(s);
    setNote(notes.join(QLatin1Char('\n')));
    setNoteShownElsewhere(true); // the panel beside the sliders starts with the verdict
    return crossovers;
}

ExplainChart::TimeAxis ExplainChart::setTimeAxis(double xLo, double xHi, double tLo, double tHi)
{
    TimeAxis y{ChartStyle::timeUnit(tLo, tHi), 0, 0};
    setYUnit(tr("time per iteration (%1)"), y.unit);
    decades(tLo * y.unit.scale, tHi * y.unit.scale, y.lo, y.hi);
    setRanges(xLo, xHi, y.lo, y.hi);
    return y;
}

void ExplainChart::measuredLine(const Series &s, const QColor &color, double scale)
{
    QList<QPointF> pts;
    for (const SeriesPoint &p : s.points)
        pts << QPointF(p.n, p.t * scale);
    line(QStringLiteral("data:") + QString::fromStdString(s.key), Role::Data,
         tr("%1 (measured)").arg(QString::fromStdString(s.label)), color, pts,
         {Qt::SolidLine, 2, true, true});
}

void ExplainChart::explainCurves(const ResultSet &r, const std::vector<Series> &group,
                                 const Section &crossovers, const std::vector<Series> &every)
{
    // A recording from another machine gets no hint to calibrate this one.
    const std::string workload = group.empty() ? std::string() : group.front().workload;
    m_explanations =
        Narrator::sections(r, workload, group, every, crossovers, launchCost(r), measuredHere(r.machine));
}

ExplainText::LaunchCost ExplainChart::launchCost(const ResultSet &r)
{
    // A synchronised GPU launch curve's fixed cost: in the results shown, else the shipped H200
    // example's (read once), so that a queue time per launch is held against a measured launch.
    if (const LaunchCost here = Narrator::launchCostIn(r); here.seconds > 0)
        return here;
    static const double shipped = [&] {
        const int seed = Examples::find(QStringLiteral("seed-preset"));
        const std::vector<RunRecord> runs =
            seed >= 0 ? Examples::load(Examples::all().at(seed)) : std::vector<RunRecord>{};
        return runs.empty() ? 0.0 : Narrator::launchCostIn(runs.front().results).seconds;
    }();
    return {shipped, tr("the H200 of the shipped example")};
}

void ExplainChart::rebuildCpuOnly(const ResultSet &r, const std::vector<Series> &all, const Workload &wl)
{
    // No GPU curve to hold the CPU against (a machine without one, a CPU-only file): the CPU
    // curves of the first run, in one variant, with their models and what they say; the
    // crossover and the what-if wait for a GPU curve.
    std::vector<Series> group = Narrator::cpuCurves(all);
    const std::size_t measured = group.size();
    Narrator::spreadCurves(group);
    const CpuModels fitted = fitCpuModels(r, group);
    if (group.empty() || !(fitted.tHi > 0)) {
        // A curve timed without synchronising has no model, but its story (the panel tells it).
        showEmpty(QueueTime::stories(r, wl.name).empty()
                      ? tr("The cost models need a CPU or a GPU curve with successful points.")
                      : tr("No cost model here: the GPU was timed without synchronising, and no CPU curve "
                           "states its threads. The panel beside the chart says what the times show."));
        m_explanations =
            Narrator::sections(r, wl.name, {}, all, Section{}, launchCost(r), measuredHere(r.machine));
        return;
    }
    drawCpuModels(all, wl, fitted);
    writeCpuOnlyNote(measured, group.size(),
                     std::any_of(all.begin(), all.end(), [](const Series &s) { return s.onCpuCores(); }));
    // OpenCL on the CPU's own cores is no GPU to hold the CPU against, but its curves are told.
    std::vector<Series> told = group;
    for (const Series &s : all)
        if (s.onCpuCores() && s.run == group.front().run && !Workload::isQueueTime(s.mode))
            told.push_back(s);
    explainCurves(r, told, Section{}, all);
}

// Each CPU curve's cost model, and the sizes and times they span.
ExplainChart::CpuModels ExplainChart::fitCpuModels(const ResultSet &r, const std::vector<Series> &group)
{
    CpuModels fitted;
    double &nLo = fitted.nLo, &nHi = fitted.nHi, &tLo = fitted.tLo, &tHi = fitted.tHi;
    for (const Series &s : group) {
        fitted.models.emplace_back(&s, Explain::model(r, s));
        for (const SeriesPoint &p : s.points) {
            nLo = std::min(nLo, double(p.n));
            nHi = std::max(nHi, double(p.n));
            if (p.t > 0) {
                tLo = std::min(tLo, p.t);
                tHi = std::max(tHi, p.t);
            }
        }
    }
    return fitted;
}

// The axes, and each CPU curve as measured with its model (dashed) between the measured sizes.
void ExplainChart::drawCpuModels(const std::vector<Series> &all, const Workload &wl, const CpuModels &fitted)
{
    const double nLo = fitted.nLo, nHi = fitted.nHi;
    double xLo, xHi;
    decades(nLo, nHi, xLo, xHi);
    const ChartStyle::Unit unit = setTimeAxis(xLo, xHi, fitted.tLo, fitted.tHi).unit;
    const std::vector<QColor> colors = seriesColors(all);
    for (const auto &[s, model] : fitted.models) {
        const auto at =
            std::find_if(all.begin(), all.end(), [s = s](const Series &x) { return x.key == s->key; });
        const QColor color = colors[std::size_t(at - all.begin())];
        measuredLine(*s, color, unit.scale);
        if (!model.valid)
            continue;
        // The model between the sizes it was fitted on, where the points can hold it to account.
        const double lo = model.nHi > 0 ? std::max(nLo, double(model.nLo)) : nLo;
        const double hi = model.nHi > 0 ? std::min(nHi, double(model.nHi)) : nHi;
        if (!(hi > lo))
            continue;
        QList<QPointF> fit;
        constexpr int steps = 60;
        for (int i = 0; i <= steps; ++i) {
            const double n = lo * std::pow(hi / lo, double(i) / steps);
            if (const double t = model.time(wl.workAt(n, 1)); t > 0)
                fit << QPointF(n, t * unit.scale);
        }
        line(QStringLiteral("fit:") + QString::fromStdString(s->key), Role::Fit, QString(), color, fit,
             {Qt::DashLine, 1.5, false, false});
    }
}

// The note without a GPU curve: what the dashed lines are, how to see the GPU overtake them, and
// how many of the thread counts measured are shown.
void ExplainChart::writeCpuOnlyNote(std::size_t measured, std::size_t shown, bool sameCores)
{
    QString note =
        tr("No GPU curve here: these are the CPU curves' own models (dashed). Open a recorded GPU "
           "run (Ctrl+O), or choose a run A (CPU) and a run B (GPU) in the Runs panel, to see where "
           "the GPU overtakes them and to move the models.");
    if (sameCores) // the panel tells its curves; it is no GPU to hold the CPU against
        note = tr("No GPU curve here: the OpenCL device is the CPU itself, so these are the CPU curves' own "
                  "models (dashed), and the panel beside the chart tells the OpenCL curves. Open a recorded "
                  "GPU run (Ctrl+O) to see where a GPU overtakes them.");
    if (measured > shown)
        note += QLatin1Char('\n') +
                tr("%1 of the %2 thread counts are shown, from the fewest threads to the most.")
                    .arg(shown)
                    .arg(measured);
    setNote(note);
}

} // namespace speeduplab
