// SPDX-License-Identifier: MIT
// The time chart: time per iteration against n, the classroom view's best CPU, the bands, the
// crossovers and their notes.
#include "ui/charts/timechart.h"

#include "words/appsettings.h"

#include "ui/charts/chartstyle.h"
#include "ui/runstore.h"
#include "words/explaintext.h"
#include "words/format.h"

#include "core/analysis/explain.h"
#include "core/analysis/overlay.h"
#include "core/model/workload.h"

#include <QAction>
#include <QActionGroup>
#include <QLogValueAxis>
#include <QSettings>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace speeduplab {

namespace {

// The crossovers of one GPU curve for the note: all of them when they are few, else the first
// listedCrossings, how many more and up to where.
QString summary(const CrossoverReport &rep)
{
    const int listed = TimeChart::listedCrossings;
    if (rep.crossings.empty()) {
        // Said here (not by core's English summary) so that it reads in the user's language.
        if (rep.nMin <= 0 || rep.nMin > rep.nMax)
            return TimeChart::tr("no common sizes to compare");
        const QString range =
            rep.nMin == rep.nMax
                ? TimeChart::tr("n = %1").arg(Format::n(rep.nMin)) // one size compared
                : TimeChart::tr("n = %1\u2013%2").arg(Format::n(rep.nMin), Format::n(rep.nMax));
        // What the fits predict beyond the range, only where it cannot contradict the points.
        const bool beyond = rep.predictedN > 0 && ((rep.gpuFasterEverywhere && rep.predictedN < rep.nMin) ||
                                                   (rep.cpuFasterEverywhere && rep.predictedN > rep.nMax));
        const QString fit = !beyond ? QString()
                            : rep.gpuFasterEverywhere
                                ? TimeChart::tr("; the fit predicts the CPU faster below n \u2248 %1")
                                      .arg(Format::n(rep.predictedN))
                                : TimeChart::tr("; the fit predicts the GPU faster above n \u2248 %1")
                                      .arg(Format::n(rep.predictedN));
        const QString none =
            rep.gpuFasterEverywhere
                ? TimeChart::tr("no crossover: the GPU is faster at every size (%1)").arg(range)
            : rep.cpuFasterEverywhere
                ? TimeChart::tr("no crossover: the CPU is faster at every size (%1)").arg(range)
            : rep.sizesTied == rep.sizesGpuFaster + rep.sizesCpuFaster + rep.sizesTied
                ? TimeChart::tr(
                      "no crossover (%1): the CPU and the GPU are within each other's noise at every size")
                      .arg(range)
                : TimeChart::tr(
                      "no crossover (%1): the GPU is faster at %2 of the %3 sizes, the CPU at %4, and at "
                      "%5 they are within each other's noise")
                      .arg(range)
                      .arg(rep.sizesGpuFaster)
                      .arg(rep.sizesGpuFaster + rep.sizesCpuFaster + rep.sizesTied)
                      .arg(rep.sizesCpuFaster)
                      .arg(rep.sizesTied);
        return none + fit;
    }
    if (rep.crossings.size() <= std::size_t(listed)) {
        QStringList all;
        for (const Crossing &c : rep.crossings)
            all << TimeChart::crossingText(c, TimeChart::tr("GPU"));
        return all.join(TimeChart::tr("; "));
    }
    QStringList first;
    for (int i = 0; i < listed; ++i) {
        const Crossing &c = rep.crossings[std::size_t(i)];
        first << (c.gpuBecomesFaster ? TimeChart::tr("GPU faster above n \u2248 %1")
                                     : TimeChart::tr("CPU faster again above n \u2248 %1"))
                     .arg(Format::n(c.n));
    }
    return TimeChart::tr("%1 crossovers: %2; \u2026 and %3 more, up to n \u2248 %4 (the table has both "
                         "times at every n)")
        .arg(rep.crossings.size())
        .arg(first.join(QStringLiteral("; ")))
        .arg(rep.crossings.size() - std::size_t(listed))
        .arg(Format::n(rep.crossings.back().n));
}

QString axisTitle()
{
    return TimeChart::tr("time per iteration (%1)");
}

// A curve's name within its run: its label without the "<run>: " that several runs shown give it.
QString inRun(const Series &s)
{
    const std::string prefix = s.run + ": ";
    const bool prefixed = !s.run.empty() && s.label.rfind(prefix, 0) == 0;
    return QString::fromStdString(prefixed ? s.label.substr(prefix.size()) : s.label);
}

} // namespace

QStringList TimeChart::readoutMore(const QString &id, double x) const
{
    QStringList out;
    for (const Marker &m : m_markers)
        if (m.curves.contains(id) && m.above > 0 && x >= m.below && x <= m.above)
            out << tr("crossover: %1").arg(m.text);
    return out;
}

QString TimeChart::crossingText(const Crossing &c, const QString &gpu, const QString &cpu)
{
    // An even count of crossings within the noise leaves the faster side as it was (Crossing::times).
    return (c.times % 2 == 0     ? tr("the curves meet at n \u2248 %1").arg(Format::n(c.n))
            : c.gpuBecomesFaster ? tr("%1 faster above n \u2248 %2").arg(gpu, Format::n(c.n))
            : cpu.isEmpty()      ? tr("CPU faster again above n \u2248 %1").arg(Format::n(c.n))
                                 : tr("%1 faster again above n \u2248 %2").arg(cpu, Format::n(c.n))) +
           Format::interval(c);
}

QString TimeChart::crossingBrief(const Crossing &c, const QString &mode, bool acrossRuns,
                                 const QString &again)
{
    const QString at = !c.resolved() ? tr("unresolved, n %1\u2013%2").arg(Format::n(c.lo), Format::n(c.hi))
                       : c.gpuBecomesFaster ? tr("n \u2248 %1").arg(Format::n(c.n))
                       : again.isEmpty()    ? tr("CPU again, n \u2248 %1").arg(Format::n(c.n))
                                            : tr("%1 again, n \u2248 %2").arg(again, Format::n(c.n));
    if (acrossRuns)
        return tr("%1 vs A: %2").arg(mode.isEmpty() ? tr("GPU") : mode, at);
    return mode.isEmpty() ? at : tr("%1: %2").arg(mode, at);
}

QStringList TimeChart::referenceNotes(const std::string &workload) const
{
    // Each reference run shown, against the first of our runs shown: our time over theirs,
    // matching their curves to ours by what they measure (Overlay::asOurs).
    QStringList notes;
    if (!model())
        return notes;
    const RunRecord *ours = nullptr;
    for (const RunRecord &run : model()->runs())
        if (run.visible && !run.reference) {
            ours = &run;
            break;
        }
    for (const RunRecord &ref : model()->runs()) {
        if (!ref.visible || !ref.reference)
            continue;
        const QString tool = QString::fromStdString(ref.label);
        const auto found = ours ? Overlay::ratios(Analysis::series(ours->results, workload),
                                                  Overlay::curves(ref.results, workload))
                                : std::vector<Overlay::Ratio>();
        // The sizes compared, once when every ratio covers the same ones.
        const bool sameSizes = std::all_of(found.begin(), found.end(), [&](const Overlay::Ratio &q) {
            return q.nMin == found.front().nMin && q.nMax == found.front().nMax;
        });
        auto range = [](const Overlay::Ratio &q) {
            return tr("n = %1\u2013%2").arg(Format::n(q.nMin), Format::n(q.nMax));
        };
        QStringList ratios;
        for (const auto &q : found)
            ratios << tr("%1 %2\u00d7").arg(QString::fromStdString(q.label)).arg(q.ratio, 0, 'f', 2) +
                          (sameSizes ? QString() : QStringLiteral(" (%1)").arg(range(q)));
        if (sameSizes && !found.empty())
            ratios.last() += QStringLiteral(" (%1)").arg(range(found.front()));
        notes << (ratios.isEmpty()
                      ? tr("Dashed: %1, a reference run (none of our curves measures the same thing at the "
                           "same sizes).")
                            .arg(tool)
                      : tr("Dashed: %1, a reference run. Our time \u00f7 theirs (geometric mean): %2.")
                            .arg(tool, ratios.join(tr(", "))));
    }
    return notes;
}

TimeChart::TimeChart(QWidget *parent) : TimeChart(QStringLiteral("charts"), parent) {}

TimeChart::TimeChart(const QString &settingsGroup, QWidget *parent) : ChartView(parent)
{
    const QString modelsKey = settingsGroup + QStringLiteral("/showCostModels");
    const QString wholeLoopKey = settingsGroup + QStringLiteral("/wholeLoop");
    setAxes(ChartStyle::sizeAxis(), ChartStyle::logAxis(QString()));
    setYUnit(axisTitle(), ChartStyle::timeUnit(1e-8, 1e-2));
    setRanges(1, 10000, 0.01, 10000);
    auto *group = new QActionGroup(this);
    m_iqrAction = group->addAction(tr("Band: interquartile range"));
    m_minMaxAction = group->addAction(tr("Band: min\u2013max"));
    for (QAction *a : {m_iqrAction, m_minMaxAction}) {
        a->setCheckable(true);
        addAction(a);
    }
    m_iqrAction->setChecked(true);
    connect(group, &QActionGroup::triggered, this,
            [this](QAction *a) { setBand(a == m_minMaxAction ? Band::MinMax : Band::Interquartile); });
    auto *separator = new QAction(this);
    separator->setSeparator(true);
    addAction(separator);
    m_modelsAction = new QAction(tr("Show cost models"), this);
    m_modelsAction->setObjectName(QStringLiteral("showModelsAction"));
    m_modelsAction->setCheckable(true);
    m_modelsAction->setToolTip(
        tr("A thin dotted line through each curve: its fixed cost plus its work at the "
           "rate of each memory level (the Explain tab says what they mean)"));
    m_modelsAction->setChecked(AppSettings::open()->value(modelsKey, false).toBool());
    connect(m_modelsAction, &QAction::toggled, this, [this, modelsKey](bool on) {
        AppSettings::open()->setValue(modelsKey, on); // for the next start
        updateNow();
    });
    addAction(m_modelsAction);
    addAllThreadCountsAction(settingsGroup + QStringLiteral("/allThreadCounts"));
    m_wholeLoopAction = new QAction(tr("Whole loop"), this);
    m_wholeLoopAction->setObjectName(QStringLiteral("wholeLoopAction"));
    m_wholeLoopAction->setCheckable(true);
    m_wholeLoopAction->setToolTip(
        tr("The time of all the iterations of a repetition, as a loop timed around its whole length "
           "gives it (the original answer's table). Off: the time per iteration"));
    m_wholeLoopAction->setChecked(AppSettings::open()->value(wholeLoopKey, false).toBool());
    // Kept in the settings only when the user chooses it: a preset or a file that asks for whole
    // loops (the original answer's table) sets it for itself, not for the next start.
    connect(m_wholeLoopAction, &QAction::triggered, this,
            [wholeLoopKey](bool on) { AppSettings::open()->setValue(wholeLoopKey, on); });
    connect(m_wholeLoopAction, &QAction::toggled, this, [this] { updateNow(); });
    addAction(m_wholeLoopAction);
    setContextMenuPolicy(Qt::ActionsContextMenu);
}

void TimeChart::setBand(Band band)
{
    (band == Band::MinMax ? m_minMaxAction : m_iqrAction)->setChecked(true);
    if (band == m_band)
        return;
    m_band = band;
    updateNow();
}

void TimeChart::setModelsShown(bool shown)
{
    m_modelsAction->setChecked(shown);
}

void TimeChart::rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload)
{
    m_markers.clear();
    const int common = commonIterations(r, workload);
    const int loop = wholeLoop() && common > 0 ? common : 0; // 0: time per iteration
    setChartTitle(workload, loop > 0 ? tr("time of the whole loop vs n") : tr("time per iteration vs n"));
    if (all.empty()) {
        showNoTimes(r);
        return;
    }
    const Frame frame = fitAxes(all, loop);
    const std::vector<QColor> colors = seriesColors(all);
    const Classroom view = classroom(all, colors);
    const CurveTally curves = drawCurves(r, all, colors, view.faded, frame.timeScale);
    drawEnvelopes(view, frame.timeScale);
    const Crossovers crossovers = markCrossovers(r, all, colors, frame, curves.drawn);
    QStringList notes = crossovers.notes;
    notes << refinedNotes(r, workload);
    notes << whyNoCrossover(r, all, workload, crossovers.compared);
    notes << curveNotes(all, workload, view, curves);
    if (wholeLoop() && loop == 0)
        notes << tr("Time per iteration: the points shown ran different iteration counts, so no one whole "
                    "loop can be plotted.");
    setNotes(r, all, notes);
}

void TimeChart::setNotes(const ResultSet &, const std::vector<Series> &, const QStringList &notes)
{
    setNote(notes.join(QLatin1Char('\n')));
}

int TimeChart::commonIterations(const ResultSet &r, const std::string &workload)
{
    int common = 0;
    for (const Measurement &m : r.rows) {
        if (!m.ok() || m.workload != workload)
            continue;
        if (common != 0 && m.iterations != common)
            return 0;
        common = m.iterations;
    }
    return std::max(common, 0);
}

void TimeChart::setWholeLoop(bool whole)
{
    m_wholeLoopAction->setChecked(whole);
}

// The empty chart's message: no results yet, or none with a time to plot.
void TimeChart::showNoTimes(const ResultSet &r)
{
    showEmpty(r.rows.empty() ? tr("No results yet.\nRun a sweep (Ctrl+R) or open a results file (Ctrl+O).")
              : r.rows.size() == 1
                  ? tr("The only point has no time to plot:\nit failed or was skipped (the table says why).")
                  : tr("None of the %1 points has a time to plot:\nthey failed or were skipped "
                       "(the table says why).")
                        .arg(r.rows.size()));
}

// The axes: the time unit that suits the times measured, and whole decades around every n and
// every positive time.
// With `loop` iterations (0: none), the time of the whole loop is plotted: every time times loop.
TimeChart::Frame TimeChart::fitAxes(const std::vector<Series> &all, int loop)
{
    const double times = loop > 0 ? loop : 1;
    double nLo = std::numeric_limits<double>::max(), nHi = 0;
    double tLo = std::numeric_limits<double>::max(), tHi = 0;
    for (const Series &s : all)
        for (const auto &p : s.points) {
            nLo = std::min(nLo, double(p.n));
            nHi = std::max(nHi, double(p.n));
            // A log axis draws nothing with a value <= 0: only positive times count.
            for (double t : {p.t, p.tMin, p.tMax})
                if (t > 0) {
                    tLo = std::min(tLo, t);
                    tHi = std::max(tHi, t);
                }
        }
    const ChartStyle::Unit unit = ChartStyle::timeUnit(tLo * times, tHi * times);
    setYUnit(loop > 0 ? tr("time of %1 iterations (%2)").arg(loop).arg(QStringLiteral("%1")) : axisTitle(),
             unit);
    Frame frame;
    frame.timeScale = unit.scale * times;
    double xLo, xHi;
    decades(nLo, nHi, xLo, xHi);
    decades(tLo * frame.timeScale, tHi * frame.timeScale, frame.yLo, frame.yHi);
    setRanges(xLo, xHi, frame.yLo, frame.yHi);
    return frame;
}

// Every curve drawn one by one (curvesDrawn), in the order of `all`: its band, its line, its cost
// model (when shown) and the rings on its throttled and disturbed points; faded ones lighter.
TimeChart::CurveTally TimeChart::drawCurves(const ResultSet &r, const std::vector<Series> &all,
                                            const std::vector<QColor> &colors, const std::vector<bool> &faded,
                                            double timeScale)
{
    CurveTally tally;
    // Bands only while the legend can be shown: past that, hundreds of overlapping
    // bands hide the curves, and each costs QtCharts more than a curve.
    tally.bands = all.size() <= std::size_t(legendLimit);
    tally.drawn = curvesDrawn(all);
    for (const auto &s : all) {
        if (!tally.drawn[std::size_t(&s - all.data())])
            continue;
        const bool fade = faded[std::size_t(&s - all.data())];
        QColor color = colors[std::size_t(&s - all.data())];
        if (fade)
            color.setAlpha(70);
        const bool reference = isReference(s); // another tool's run: dashed, no band
        const QString key = QString::fromStdString(s.key);
        if (tally.bands && !reference && !fade)
            drawBand(s, key, color, timeScale, tally);
        drawLine(s, key, color, fade, reference, timeScale);
        if (m_modelsAction->isChecked() && !reference && !fade && s.points.size() >= 2)
            drawCostModel(r, s, key, color, timeScale);
        drawRings(s, key, color, fade, timeScale, tally);
    }
    return tally;
}

// The band around one curve (band(): the repetitions' interquartile range or min-max), where
// its repetitions spread at all.
void TimeChart::drawBand(const Series &s, const QString &key, const QColor &color, double timeScale,
                         CurveTally &tally)
{
    const bool iqr = m_band == Band::Interquartile;
    QList<QPointF> lo, hi;
    bool spread = false, minMaxAsIqr = false;
    for (const auto &p : s.points) {
        if (!(p.t > 0))
            continue;
        const double bLo = iqr ? p.tQ1 : p.tMin, bHi = iqr ? p.tQ3 : p.tMax;
        const double mn = bLo > 0 ? bLo : p.t, mx = bHi > 0 ? bHi : p.t;
        lo << QPointF(p.n, mn * timeScale);
        hi << QPointF(p.n, mx * timeScale);
        spread = spread || mx > mn;
        minMaxAsIqr = minMaxAsIqr || (iqr && !p.quartiles);
    }
    if (!spread)
        return;
    tally.banded = true;
    tally.fellBack = tally.fellBack || minMaxAsIqr;
    QColor fill = color;
    fill.setAlpha(45);
    thinBand(lo, hi);
    area(QStringLiteral("band:") + key, Role::Band, QString(), fill, lo, hi);
}

// One curve's line through its median times: a reference dashed, a faded one thin and out of the
// legend, one still being measured dotted.
void TimeChart::drawLine(const Series &s, const QString &key, const QColor &color, bool fade, bool reference,
                         double timeScale)
{
    QList<QPointF> pts;
    for (const auto &p : s.points)
        if (p.t > 0)
            pts << QPointF(p.n, p.t * timeScale);
    line(QStringLiteral("data:") + key, reference ? Role::Reference : Role::Data,
         QString::fromStdString(s.label), color, pts,
         reference ? LineStyle{Qt::DashLine, 2, true, true}
         : fade    ? LineStyle{Qt::SolidLine, 1.2, false, false}
         // While a sweep runs coarse to fine, a line would join n = 4 to 4000 before anything
         // between them was measured: dotted until then, so that only the points read as data.
         : isMeasuring(s) ? LineStyle{Qt::DotLine, 2, true, true, markerShape(s), s.cpu()}
                          : LineStyle{Qt::SolidLine, 2.5, true, true, markerShape(s), s.cpu()});
}

// One curve's cost model (Explain::model) as a thin dotted line, when it has one.
void TimeChart::drawCostModel(const ResultSet &r, const Series &s, const QString &key, const QColor &color,
                              double timeScale)
{
    if (const CostModel model = Explain::model(r, s); model.valid) {
        // The model at each measured n and at 8 sizes between neighbours (log-spaced), over the
        // sizes it was fitted on only: beyond them no point holds it to account.
        QList<QPointF> fit;
        for (std::size_t i = 0; i < s.points.size(); ++i) {
            const SeriesPoint &p = s.points[i];
            if (!model.covers(p.n) || (i + 1 < s.points.size() && !model.covers(s.points[i + 1].n)))
                continue;
            const int parts = i + 1 < s.points.size() ? 8 : 1;
            for (int k = 0; k < parts; ++k) {
                const double f = double(k) / parts;
                const double n =
                    i + 1 < s.points.size() ? p.n * std::pow(double(s.points[i + 1].n) / p.n, f) : p.n;
                const double work =
                    i + 1 < s.points.size() ? p.work * std::pow(s.points[i + 1].work / p.work, f) : p.work;
                fit << QPointF(n, model.time(work) * timeScale);
            }
        }
        line(QStringLiteral("fit:") + key, Role::Fit, QString(), color, fit,
             {Qt::DotLine, 1.5, false, false});
    }
}

// The rings over one curve's points: hollow in its colour where the GPU throttled, grey where
// another program held a core (not on a faded curve).
void TimeChart::drawRings(const Series &s, const QString &key, const QColor &color, bool fade,
                          double timeScale, CurveTally &tally)
{
    QList<QPointF> hot; // measured while the GPU throttled: a hollow ring over the point
    for (const auto &p : s.points)
        if (p.throttled && p.t > 0)
            hot << QPointF(p.n, p.t * timeScale);
    if (!hot.isEmpty()) {
        tally.throttled += int(hot.size());
        hollowMarkers(QStringLiteral("throttled:") + key, color, hot);
    }
    QList<QPointF> lost; // another program held a core during the point: a grey ring
    for (const auto &p : s.points)
        if (p.disturbed && p.t > 0)
            lost << QPointF(p.n, p.t * timeScale);
    if (!lost.isEmpty() && !fade) {
        tally.disturbed += int(lost.size());
        hollowMarkers(QStringLiteral("disturbed:") + key, QColor(0x55, 0x55, 0x55), lost);
    }
}

// The classroom view's dark line of each run: its best CPU at each n.
void TimeChart::drawEnvelopes(const Classroom &view, double timeScale)
{
    for (const auto &[best, color] : view.envelopes) {
        QList<QPointF> pts;
        for (const auto &p : best.points)
            if (p.t > 0)
                pts << QPointF(p.n, p.t * timeScale);
        line(QStringLiteral("best:") + QString::fromStdString(best.key), Role::Envelope,
             QString::fromStdString(best.label), color, pts,
             {Qt::SolidLine, 3.5, true, true, markerShape(best)});
    }
}

// The crossovers of every GPU curve against its best CPU (matchups): a dashed line and a label at
// each of the first markedCrossings of the curves drawn (a mark of a curve left out would point
// at nothing), and the note's line on each of the first notedGpus curves.
TimeChart::Crossovers TimeChart::markCrossovers(const ResultSet &r, const std::vector<Series> &all,
                                                const std::vector<QColor> &colors, const Frame &frame,
                                                const std::vector<bool> &drawn)
{
    const double yLo = frame.yLo, yHi = frame.yHi;
    // Every crossover is computed and counted, but only the first few get a dashed line and a
    // label (more would cover the plot), and each GPU curve lists only its first few in the
    // note: curves that swap places at every size must not fill the chart with text.
    Crossovers out;
    QStringList &notes = out.notes;
    std::size_t &compared = out.compared;
    std::size_t total = 0, noted = 0, threadsNoted = 0;
    std::vector<Matchup> pairs = matchups(all);
    // A run without GPU curves: where more threads overtake one, as its file lists them.
    for (Matchup &m : threadMatchups(all))
        pairs.push_back(std::move(m));
    const Analysis::Predictor predict = Explain::predictor(r);
    // With more than one GPU curve marked, a short label names its mode: six marks of three
    // colours read "n ≈ 500", "n ≈ 515", and which was which was lost. With GPU curves of several
    // variants, it names the variant too: four marks of 4000 variants all read "launch".
    std::size_t gpusMarked = 0;
    std::set<std::string> variants;
    for (const Matchup &m : pairs)
        for (const Series *g : m.gpus) {
            ++gpusMarked;
            variants.insert(g->variant);
        }
    const bool named = gpusMarked > 1;
    const auto brief = [&variants](const Series &g) {
        return QString::fromStdString(variants.size() > 1 && !g.variant.empty() ? g.variant + " " + g.mode
                                                                                : g.mode);
    };
    // A thread count's short label names its threads: "2 threads: n ≈ 400".
    const auto briefOf = [&](const Matchup &m, const Series &g) {
        if (m.threads)
            return named ? tr("%n thread(s)", nullptr, int(g.threads)) : QString();
        return named ? brief(g) : QString();
    };
    // The notes name the runs compared as A and B: say which is which, first.
    if (std::any_of(pairs.begin(), pairs.end(), [](const Matchup &m) { return m.acrossRuns; })) {
        const RunStore &store = *model();
        notes << tr("A = %1, B = %2: dash-dotted, where B's GPU overtakes A's best CPU.")
                     .arg(QString::fromStdString(store.runs()[std::size_t(store.runA())].label),
                          QString::fromStdString(store.runs()[std::size_t(store.runB())].label));
    }
    for (const Matchup &m : pairs) {
        // Across runs, the marks are dash-dotted, so that they stand apart from the crossovers
        // within run B (dashed); both in the GPU curve's colour, and labelled with its mode.
        const Qt::PenStyle pen = m.acrossRuns ? Qt::DashDotLine : Qt::DashLine;
        for (const Series *g : m.gpus) {
            // Where the models cross, as the Explain tab says it, for the curves the note lists: the
            // models are fitted for nothing else (50 GPU curves of a live sweep took most of its
            // update). No model holds threads against threads.
            const bool noting = !m.threads && noted < notedGpus;
            const CrossoverReport rep =
                noting ? Analysis::report(m.best, *g, predict, m.cpus) : Analysis::report(m.best, *g);
            total += rep.crossings.size();
            if (!m.threads)
                ++compared;
            // Each mode's mark in its own GPU colour, across runs too (they shared A's CPU colour, and
            // three of them could not be told apart); across runs they are dash-dotted.
            const QColor color = colors[std::size_t(g - all.data())];
            const QString gpuName = QString::fromStdString(g->label);
            const QString who = m.gpus.size() == 1 && !severalRuns() && !m.threads ? tr("GPU") : gpuName;
            const QString other = m.threads ? m.cpuName : QString();
            int i = 0;
            for (const Crossing &c : rep.crossings) {
                if (m_markers.size() >= markedCrossings || !drawn[std::size_t(g - all.data())])
                    break;
                double below = 0, above = 0;
                for (const SeriesPoint &p : g->points) {
                    if (p.n <= (c.hasInterval() ? c.lo : c.n))
                        below = p.n;
                    if (p.n >= (c.hasInterval() ? c.hi : c.n) && above == 0)
                        above = p.n;
                }
                m_markers << Marker{
                    m.cpuName,
                    gpuName,
                    c.n,
                    c.gpuBecomesFaster,
                    below,
                    above,
                    crossingText(c, who, other),
                    {QStringLiteral("data:") + QString::fromStdString(g->key),
                     m.threads ? QStringLiteral("data:") + QString::fromStdString(m.best.key)
                               : QStringLiteral("best:") + QString::fromStdString(envelopeKey(g->run))}};
                const QString id =
                    QStringLiteral("cross:%1:%2:%3")
                        .arg(QString::fromStdString(m.best.key), QString::fromStdString(g->key))
                        .arg(i++);
                // Its 95 % interval as a band behind the line (Crossing::lo, hi).
                if (c.hasInterval() && c.hi > c.lo) {
                    QColor fill = color;
                    fill.setAlpha(40);
                    area(id + QStringLiteral(":interval"), Role::Region, QString(), fill,
                         {QPointF(c.lo, yLo), QPointF(c.hi, yLo)}, {QPointF(c.lo, yHi), QPointF(c.hi, yHi)});
                }
                if (c.resolved()) // an unresolved one is its band alone: no line claims a place
                    line(id, Role::Marker, QString(), color, {QPointF(c.n, yLo), QPointF(c.n, yHi)},
                         {pen, 2, false, false});
                addLabel(m.acrossRuns ? tr("%1 vs %2").arg(m.cpuName, crossingText(c, who))
                                      : crossingText(c, who, other),
                         crossingBrief(c, briefOf(m, *g), m.acrossRuns, other), c.n, yHi, color,
                         {Qt::AlignRight | Qt::AlignBottom, Qt::Vertical});
            }
            if (m.threads) {
                // Only the thread counts that overtake one: the others are the thread story's.
                // The pair is named once, with its run; what follows names the curves within it.
                const QString more = inRun(*g), one = inRun(m.best);
                QStringList said;
                for (const Crossing &c : rep.crossings)
                    said << crossingText(c, more, one);
                if (!said.isEmpty() && threadsNoted++ < notedGpus)
                    notes << tr("%1 vs %2: %3").arg(gpuName, one, said.join(tr("; ")));
            } else if (noted++ < notedGpus) {
                notes << tr("%1: %2").arg(matchupName(m, *g), summary(rep));
            }
        }
    }
    if (threadsNoted > notedGpus)
        notes << tr("\u2026 and %1 more thread counts that overtake 1 thread, not listed here.")
                     .arg(threadsNoted - notedGpus);
    if (noted > notedGpus)
        notes << tr("… and %1 more GPU curves against the best CPU, not listed here (%2 crossovers in all).")
                     .arg(noted - notedGpus)
                     .arg(total);
    if (total > std::size_t(m_markers.size()))
        notes << tr("Dashed lines mark the first %1 of the %2 crossovers, on the curves drawn.")
                     .arg(m_markers.size())
                     .arg(total);
    return out;
}

QStringList TimeChart::refinedNotes(const ResultSet &r, const std::string &workload)
{
    QStringList notes;
    for (const Refine::Kept &k : Refine::kept(r, workload))
        notes << ExplainText::refined(k);
    return notes;
}

// With no GPU curve held against a CPU (`compared` is 0): the notes on why, and what to open.
QStringList TimeChart::whyNoCrossover(const ResultSet &r, const std::vector<Series> &all,
                                      const std::string &workload, std::size_t compared) const
{
    QStringList notes;
    // A GPU curve timed without synchronising is never compared: with only such GPU curves the
    // note on them (curveNotes) says why, and nothing more is said here.
    bool anyCpu = false, anyGpu = false, anyQueued = false;
    QStringList sameCores; // OpenCL devices that are the CPU itself: no GPU to cross the CPU
    for (const Series &s : all) {
        if (s.onCpuCores()) {
            const QString id = QStringLiteral("opencl:%1").arg(s.device);
            if (!sameCores.contains(id))
                sameCores << id;
            continue;
        }
        if (s.cpu())
            anyCpu = true;
        else if (s.gpu())
            (Workload::isQueueTime(s.mode) ? anyQueued : anyGpu) = true;
    }
    for (const QString &id : sameCores)
        notes << tr("%1 is OpenCL on the CPU, not a GPU: it runs on the same cores as the CPU curves, so no "
                    "crossover is marked against it. The gap between its curves and the CPU's is what "
                    "OpenCL's launches and runtime cost.")
                     .arg(id);
    if (compared > 0 || (anyQueued && !anyGpu) || (!sameCores.isEmpty() && !anyGpu))
        return notes;
    if (anyCpu && !anyGpu) {
        // Say why there is no GPU curve: the reason the GPU points were skipped, if they were.
        QString why;
        for (const auto &m : r.rows)
            if (m.onDevice() && m.workload == workload && !m.ok() && !m.reason.empty()) {
                why = Format::sentence(QString::fromStdString(m.reason));
                break;
            }
        notes << (why.isEmpty()
                      ? tr("CPU only: no GPU curve to compare with.")
                      : tr("No GPU curve to compare with: the GPU points were not measured. %1").arg(why));
        if (!exporting())
            notes << tr("A GPU run recorded on another machine can be opened (File \u25b8 Open results) and "
                        "shown here.");
    } else if (anyGpu && !anyCpu) {
        notes << tr("GPU only: no CPU curve to compare with.");
    } else {
        notes << tr("No run has both a CPU and a GPU curve: choose a run A (CPU) and a run B (GPU) in the "
                    "Runs panel to compare across runs.");
    }
    return notes;
}

// The notes on how the curves are drawn: while measuring, the classroom view's dark lines and
// faded curves, the curves left out, the reference runs, the rings, the cost models, the bands.
QStringList TimeChart::curveNotes(const std::vector<Series> &all, const std::string &workload,
                                  const Classroom &view, const CurveTally &curves) const
{
    QStringList notes;
    if (isLive())
        notes << tr(
            "Measuring: the dots are the sizes measured so far, joined by dotted lines; the sizes between "
            "them come next.");
    notes << classroomNotes(view, curves.drawn);
    if (const QString left = curvesNote(all, curves.drawn); !left.isEmpty())
        notes << left;
    notes << referenceNotes(workload);
    QStringList queued; // GPU curves timed before the device was synchronised (mode unsynced)
    for (const Series &s : all)
        if (s.onDevice() && Workload::isQueueTime(s.mode))
            queued << QString::fromStdString(s.label);
    if (!queued.isEmpty())
        notes << tr("%1: the time to queue the launches, read before the device was synchronised, not the "
                    "time of the work; no crossover is taken from it (the Explain tab says why).")
                     .arg(queued.join(tr(", ")));
    if (curves.disturbed > 0)
        notes << tr("Grey rings: %1 during which another program held a core (the table marks them noisy "
                    "and says how).")
                     .arg(tr("%n point(s)", nullptr, int(curves.disturbed)));
    if (curves.throttled > 0)
        notes << tr("Hollow rings: %1 measured while the GPU throttled (its clock fell, or NVML reported a "
                    "power or thermal limit); the table's Conditions column says how.")
                     .arg(tr("%n point(s)", nullptr, int(curves.throttled)));
    if (m_modelsAction->isChecked())
        notes << tr(
            "Dotted: each curve's cost model, its fixed cost plus its work at the rate of each memory "
            "level (the Explain tab says what they mean).");
    if (const QString bands = bandNote(curves); !bands.isEmpty())
        notes << bands;
    return notes;
}

// What the bands show, or why there are none; empty when no band was drawn.
QString TimeChart::bandNote(const CurveTally &curves) const
{
    const bool iqr = m_band == Band::Interquartile;
    const QString bandName = iqr ? tr("interquartile range") : tr("min\u2013max");
    if (!curves.bands)
        return tr("The %1 bands are not drawn for more than %2 curves.").arg(bandName).arg(legendLimit);
    if (curves.banded && exporting())
        return iqr ? tr("Bands: the interquartile range of the repetitions%1.")
                         .arg(curves.fellBack ? tr("; min\u2013max for points saved without it") : QString())
                   : tr("Bands: min\u2013max of the repetitions.");
    if (curves.banded)
        return iqr ? tr("Bands: the interquartile range of the repetitions%1 (right-click for "
                        "min\u2013max).")
                         .arg(curves.fellBack ? tr("; min\u2013max for points saved without it") : QString())
                   : tr("Bands: min\u2013max of the repetitions (right-click for the interquartile "
                        "range).");
    return QString();
}

} // namespace speeduplab
