// SPDX-License-Identifier: MIT
// The Explain sentences, worded from the fitted and measured numbers of core/analysis/explain.h.
#include "words/explaintext.h"

#include "core/analysis/energyanalysis.h"

#include "words/format.h"

#include "core/machine/gpuspecs.h"

#include "core/model/workload.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <utility>

namespace speeduplab {

namespace {

QString label(const std::string &s)
{
    return QString::fromStdString(s);
}

// A model's rate in its workload's unit: FLOP/s for gemm, bytes/s otherwise.
QString rateOf(double rate, const std::string &workload)
{
    const Workload *w = Workload::find(workload);
    return Format::rate(rate, w && w->computeBound());
}

// A memory level's name as a sentence says it: the caches and memories by their own names ("L2",
// "HBM"), the arithmetic levels in the reader's language.
QString levelName(const std::string &level)
{
    if (level == "registers")
        return ExplainText::tr("registers");
    if (level == "FMA peak")
        return ExplainText::tr("FMA peak");
    return label(level);
}

// A rate as a sentence names it: with the memory level it was measured in ("13.9 TB/s in GPU L2"),
// alone when the level is unknown.
QString rateIn(const QString &rate, const std::string &level)
{
    return level.empty() ? rate : ExplainText::tr("%1 in %2").arg(rate, levelName(level));
}

// A tier's rate, said as borrowed where its own points showed none (CostModel::Tier::fitted).
QString tierRate(const QString &rate, const std::string &level, bool borrowed)
{
    if (!borrowed || level.empty())
        return rateIn(rate, level);
    return ExplainText::tr("%1 in %2 (there the fixed cost hides its rate: this is the next level's)")
        .arg(rate, levelName(level));
}

// The rates of the tiers just above a crossing, each named by its memory level, GPU and CPU; a
// fused kernel keeps its data in registers: its rate is arithmetic.
std::pair<QString, QString> rates(const CrossoverStory &s)
{
    return {s.gpuFlops ? ExplainText::tr("%1 of arithmetic (its data stay in registers)")
                             .arg(Format::rate(s.gpuRate, true))
                       : tierRate(rateOf(s.gpuRate, s.workload), s.gpuLevel, s.gpuRateBorrowed),
            tierRate(rateOf(s.cpuRate, s.workload), s.cpuLevel, s.cpuRateBorrowed)};
}

QString threadCount(int p)
{
    return ExplainText::tr("%n thread(s)", nullptr, p);
}

} // namespace

QString ExplainText::queue(const QueueStory &s, const Measurement *launch, const QString &ofRun,
                           const LaunchCost &cost)
{
    const QString name = QString::fromStdString(s.label);
    const double grows = s.bytesMin > 0 ? s.bytesMax / s.bytesMin : 0;
    QStringList out;
    // The strongest evidence first: a time that stays flat while the work grows a millionfold is
    // not the work's time.
    out << (s.spread() < 1.5 && grows >= 10
                ? tr("%1: from n = %2 to %3 the time of %4 iterations moves %8 (%5 to %6) while the work "
                     "grows %7-fold: it is not the time of the work.")
                      .arg(name, Format::n(s.nMin), Format::n(s.nMax))
                      .arg(s.iterations)
                      .arg(Format::seconds(s.lowest), Format::seconds(s.highest),
                           QLocale(QLocale::English).toString(qlonglong(std::llround(grows))))
                      .arg(tr("%1 %").arg((s.spread() - 1) * 100, 0, 'f', s.spread() < 1.1 ? 1 : 0))
                : tr("%1: %2 iterations took %3 at n = %4 and %5 at n = %6.")
                      .arg(name)
                      .arg(s.iterations)
                      .arg(Format::seconds(s.queuedMin), Format::n(s.nMin), Format::seconds(s.queuedMax),
                           Format::n(s.nMax)));
    if (cost.seconds > 0)
        out << tr("That is %1 a launch, %2 times the %3 a kernel launch costs on %4 (measured synchronised).")
                   .arg(Format::seconds(s.perLaunch()), Format::number(s.perLaunch() / cost.seconds),
                        Format::seconds(cost.seconds), cost.of);
    out << tr("The clock was read before the device was synchronised: a CUDA launch returns as soon as its "
              "kernel is queued, so the time is the host queueing %1 launches (%2 each), not the GPU doing "
              "the work. Synchronising (cudaStreamSynchronize, torch.cuda.synchronize()) waits until the "
              "queue has drained; once the queue is full, each launch waits for a free slot and the time "
              "grows towards the work's.")
               .arg(s.iterations)
               .arg(Format::seconds(s.perLaunch()));
    const QString bytes = Format::si(s.bytesMax, QStringLiteral("B"));
    const double implied = s.impliedBytesPerS();
    out << (s.workload == "add"
                ? tr("Read as the work's time, at n = %1 the %3 iterations move %2 (read b and write b: 2 × "
                     "4 "
                     "bytes × %1² × %3); in %4 that would take %5.")
                      .arg(Format::n(s.nMax), bytes)
                      .arg(s.iterations)
                      .arg(Format::seconds(s.queuedMax), Format::rate(implied, false))
                : tr("Read as the work's time, at n = %1 the iterations move %2; in %3 that would take %4.")
                      .arg(Format::n(s.nMax), bytes, Format::seconds(s.queuedMax),
                           Format::rate(implied, false)));
    // Which real GPUs could have moved that much, by their spec sheets.
    QStringList could, couldNot;
    for (const GpuSpecs::Gpu &g : GpuSpecs::memoryBandwidths())
        (g.bytesPerS >= implied ? could : couldNot)
            << tr("%1 %2").arg(QString::fromStdString(g.name), Format::rate(g.bytesPerS, false));
    if (implied > 0)
        out << (could.isEmpty() ? tr("No GPU's memory moves that much (spec sheets: %1).")
                                      .arg(couldNot.join(QStringLiteral(", ")))
                : couldNot.isEmpty()
                    ? tr("Every GPU listed moves that much (spec sheets: %1).")
                          .arg(could.join(QStringLiteral(", ")))
                    : tr("By their spec sheets, %1 could not move that much; %2 could.")
                          .arg(couldNot.join(QStringLiteral(", ")), could.join(QStringLiteral(", "))));
    const double synced = s.syncedMax > 0 ? s.syncedMax : launch ? launch->stats.median : 0;
    if (synced > 0) {
        const QString ratio = Format::number(synced / s.queuedMax);
        const QString rate = Format::rate(s.bytesMax / synced, false);
        const QString what = synced < s.queuedMax
                                 ? tr("that GPU does the work in less time than the queueing took, so the "
                                      "queue, not the work, set the time shown")
                                 : tr("the work takes longer than queueing it, so the time shown left the "
                                      "work out");
        out << (s.syncedMax > 0 || ofRun.isEmpty()
                    ? tr("Synchronised, the same %1 iterations take %2 at n = %3, %4 times the %6 shown "
                         "(%5): "
                         "%7.")
                          .arg(s.iterations)
                          .arg(Format::seconds(synced), Format::n(s.nMax), ratio, rate,
                               Format::seconds(s.queuedMax), what)
                    : tr("Synchronised, %1 takes %2 for them at n = %3, %4 times the %6 shown (%5): %7.")
                          .arg(ofRun, Format::seconds(synced), Format::n(s.nMax), ratio, rate,
                               Format::seconds(s.queuedMax), what));
    }
    if (s.syncedMax <= 0)
        out << tr("No recording here times one GPU both ways; on a machine with an NVIDIA GPU, the Replay "
                  "preset records the unsynchronised column beside the synchronised one.");
    return out.join(QLatin1Char(' '));
}

QString ExplainText::fixedName(CurveStory::Fixed f)
{
    switch (f) {
    case CurveStory::Fixed::KernelLaunch:
        return tr("kernel launch");
    case CurveStory::Fixed::GraphLaunch:
        return tr("graph launch (per iteration)");
    case CurveStory::Fixed::FusedLaunch:
        return tr("fixed cost (one launch shared by all iterations)");
    case CurveStory::Fixed::TransferSetup:
        return tr("transfer set-up");
    case CurveStory::Fixed::ForkJoin:
        return tr("OpenMP fork/join");
    case CurveStory::Fixed::Call:
        break;
    }
    return tr("call and loop set-up");
}

QString ExplainText::misfit(double logError)
{
    const double percent = (std::exp(logError) - 1) * 100;
    return tr("%1 %").arg(percent, 0, 'f', percent < 10 ? 1 : 0);
}

QString ExplainText::rate(const QuotedRate &q, bool legend)
{
    const QString r = Format::rate(q.value, q.flops);
    if (q.level.empty())
        return r;
    if (!legend)
        return rateIn(r, q.level);
    // A legend is short: the GPU's levels without "GPU " (its curve says whose they are).
    const QString l = levelName(q.level);
    return tr("%1 (%2)").arg(r, l.startsWith(QStringLiteral("GPU ")) ? l.mid(4) : l);
}

QString ExplainText::curve(const CurveStory &c, bool thisMachine)
{
    const QString name = label(c.label);
    if (!c.model.valid)
        return c.points < 2 ? tr("%1: too few points for a model (%2).").arg(name).arg(c.points)
                            : tr("%1: no fixed cost and rate fit its %2 points (their times do not grow with "
                                 "the work in a way one cost model can describe).")
                                  .arg(name)
                                  .arg(c.points);
    const QString range = tr("n = %1\u2013%2").arg(Format::n(c.nMin), Format::n(c.nMax));
    QString rate = Format::rate(c.rate, c.flops);
    if (c.model.fewPoints())
        return tr("%1: only %2 points (%3). A fixed cost and a rate pass through any two, so the model "
                  "(%4 + work at %5) says nothing they do not, and predicts nothing beyond them. Measure "
                  "more sizes to tell the fixed cost from the work.")
            .arg(name)
            .arg(c.model.points)
            .arg(range, Format::seconds(c.model.fixed), rate);
    const QString fixed = Format::seconds(c.model.fixed);
    const QString what = fixedName(c.fixed);
    const QString moved = c.flops ? tr("FLOPs") : tr("bytes moved");
    const QString device = c.device.empty() ? tr("GPU") : label(c.device);
    const QString l2 =
        c.l2Bytes > 0 ? tr("%1 L2 cache").arg(Format::si(c.l2Bytes, QStringLiteral("B"))) : tr("L2 cache");
    // A rate is named by its level: against a calibrated ceiling, or the spec sheet's memory
    // bandwidth on a GPU (above it, only the L2 can have served the bytes).
    QString ceiling;
    if (c.ceiling > 0 && c.ceilingMix)
        // A CPU cache serves reads and writes at once: its ceiling depends on the mix.
        ceiling = tr(" (%1 % of the %2 ceiling for %3, %4, calibrated on %5)")
                      .arg(Format::number(c.fraction() * 100), levelName(c.level),
                           *c.ceilingMix == Workload::Traffic::Read ? tr("reads only")
                                                                    : tr("data read and written back"),
                           Format::rate(c.ceiling, c.flops),
                           thisMachine ? tr("this machine") : tr("the machine that recorded it"));
    else if (c.ceiling > 0)
        ceiling = tr(" (%1 % of the %2 ceiling calibrated on %3, %4)")
                      .arg(Format::number(c.fraction() * 100), levelName(c.level),
                           thisMachine ? tr("this machine") : tr("the machine that recorded it"),
                           Format::rate(c.ceiling, c.flops));
    else if (c.theoretical > 0 && !c.flops && c.rate > c.theoretical)
        ceiling = tr(" (above the %1's %2 spec-sheet memory bandwidth: these sizes are served from its %3)")
                      .arg(device, Format::rate(c.theoretical, false), l2);
    else if (c.theoretical > 0 && !c.flops)
        ceiling = tr(" (%1 % of the %2's %3 spec-sheet memory bandwidth, not a measured ceiling)")
                      .arg(Format::number(c.rate / c.theoretical * 100), device,
                           Format::rate(c.theoretical, false));
    else if (thisMachine)
        ceiling = tr(" (no calibrated ceiling to compare with: Sweep \u25b8 Calibrate measures it)");
    else
        ceiling = tr(" (no ceiling was calibrated on the machine that recorded it)");
    // Each span's rate named by the level its data were in. Above the spec sheet's memory
    // bandwidth only the L2 can have served the bytes.
    const auto at = [&](const CurveStory::Span &span, bool withCeiling) {
        const QString r = Format::rate(span.rate, c.flops);
        if (!withCeiling && c.theoretical > 0 && !c.flops && span.rate > c.theoretical)
            return tr("%1 from the %2 (above the %3's %4 spec-sheet memory bandwidth)")
                .arg(r, l2, device, Format::rate(c.theoretical, false));
        // A span whose points showed no rate of their own (the fixed cost hid it) says so.
        const QString named = tierRate(r, span.level, !span.fitted);
        return withCeiling && span.fitted ? named + ceiling : named;
    };
    // The main clause quotes the span the knee is in (a Knee), else the largest sizes'; the spans
    // before it are the smaller sizes', those after it follow from the size they start at.
    const int last = int(c.spans.size()) - 1;
    const int main =
        c.regime == CurveStory::Regime::Knee ? std::clamp(c.kneeSpan, 0, std::max(0, last)) : last;
    if (last >= 0)
        rate = at(c.spans[std::size_t(main)], main == last);
    QStringList faster, later;
    for (int i = 0; i < main; ++i)
        if (c.spans[std::size_t(i)].fitted)
            faster << at(c.spans[std::size_t(i)], false);
    for (int i = main + 1; i <= last; ++i)
        later << tr("from n \u2248 %1 at %2")
                     .arg(Format::n(c.spans[std::size_t(i)].fromN), at(c.spans[std::size_t(i)], i == last));
    QString tiers = later.isEmpty() ? QString() : tr(" Then %1.").arg(later.join(tr(", ")));
    if (!faster.isEmpty())
        tiers += tr(" Smaller sizes ran at %1.").arg(faster.join(tr(", ")));
    // What an OpenCL device that shares the host's memory is, said after its curve's story.
    if (c.onTheCpu)
        tiers += tr(" %1 runs on the CPU's own cores: its fixed cost is OpenCL's enqueueing and scheduling "
                    "of the work, not a GPU's launch, and its bandwidth is the CPU's.")
                     .arg(device);
    else if (c.sharesHostMemory)
        tiers += tr(" %1 is an integrated GPU: it shares the CPU's memory and its bandwidth, so on "
                    "memory-bound work it moves bytes no faster than the CPU's memory allows, and its copies "
                    "to and from the host cost little, because the data never cross a bus.")
                     .arg(device);
    // What the model stands on, where points were left out: it is drawn over its own sizes only.
    const QString basis =
        c.model.leftOut > 0
            ? tr(" The model stands on %1 of the %2 points (n = %3\u2013%4): %5 disturbed by another program "
                 "were left out, and it is drawn only over the sizes it was fitted on.")
                  .arg(c.model.points)
                  .arg(c.model.points + c.model.leftOut)
                  .arg(Format::n(c.model.nLo), Format::n(c.model.nHi))
                  .arg(c.model.leftOut)
            : QString();
    tiers += basis;
    // Queued launches overlap the kernels: the larger of the two, not their sum (CostModel::queued).
    if (c.model.queued() && c.regime == CurveStory::Regime::Knee)
        return tr("%1: up to n \u2248 %2 each iteration costs the %3 %4: the host issues the next launch "
                  "while the kernel before it runs, so the time is the larger of the two, not their sum. "
                  "From n \u2248 %2 the kernel takes longer than the launch, and the time grows with the %5 "
                  "at %6.")
                   .arg(name, Format::n(c.kneeN), fixed, what, moved, rate) +
               tiers;
    if (c.model.queued())
        tiers += tr(" Launches are queued: the host issues each while the kernel before it runs, so the time "
                    "is the larger of the launch and the kernel, not their sum.");
    switch (c.regime) {
    case CurveStory::Regime::Flat:
        return tr("%1: flat at %2 per iteration over %3: the %4 is all there is at these sizes.")
                   .arg(name, fixed, range, what) +
               basis;
    case CurveStory::Regime::FixedThroughout:
        return tr("%1: over the measured sizes (%2) the %3 %4 dominates; the work, at %5, would take over "
                  "only "
                  "above n \u2248 %6.")
                   .arg(name, range, fixed, what, rate, Format::n(c.kneeN)) +
               basis;
    case CurveStory::Regime::WorkThroughout:
        if (!(c.model.fixed > 0))
            return tr("%1: from the smallest size measured, the time grows with the %2 at %3; no fixed cost "
                      "is measurable.")
                       .arg(name, moved, rate) +
                   tiers;
        return tr("%1: from the smallest size measured, the time grows with the %2 at %3; the %4 %5 would "
                  "matter only below n \u2248 %6.")
                   .arg(name, moved, rate, fixed, what, Format::n(c.kneeN)) +
               tiers;
    case CurveStory::Regime::Knee:
        break;
    }
    return tr("%1: up to n \u2248 %2 the %3 %4 is most of each iteration's time; at n \u2248 %2 the work "
              "takes as long, and above it the time grows with the %5 at %6.")
               .arg(name, Format::n(c.kneeN), fixed, what, moved, rate) +
           tiers;
}

QString ExplainText::crossover(const CrossoverStory &s)
{
    const QString gpu = label(s.gpuLabel);
    const QString measured =
        s.measuredN > 0
            ? tr("measured: n \u2248 %1").arg(Format::n(s.measuredN) + Format::interval(s.measured))
            : tr("no crossing measured");
    if (s.model.gpuEverywhere)
        return tr("%1: its model is faster than every CPU model at every size (%2): a fixed cost of %3 "
                  "against "
                  "the CPU's %4 (%5).")
            .arg(gpu, measured, Format::seconds(s.gpu.fixed), Format::seconds(s.cpu.fixed),
                 threadCount(s.cpuThreads));
    if (s.gpu.fewPoints() || (s.cpu.valid && s.cpu.fewPoints()))
        return tr("%1: the models rest on too few points (%2) to place a crossover between the measured "
                  "sizes (%3).")
            .arg(gpu)
            .arg(std::min(s.gpu.points, s.cpu.valid ? s.cpu.points : s.gpu.points))
            .arg(measured);
    if (!(s.model.n > 0))
        return tr("%1: the models do not cross up to n = 10\u2076: the CPU model stays faster (%2).")
            .arg(gpu, measured);
    if (s.model.extrapolated())
        return tr("%1 meets the CPU (%2) at n \u2248 %3 only where the models are carried beyond their "
                  "points: the GPU model was fitted on n = %4\u2013%5, the CPU model on n = %6\u2013%7. "
                  "That is an extrapolation, not a finding (%8).")
            .arg(gpu, threadCount(s.cpuThreads), Format::n(s.model.n), Format::n(s.gpu.nLo),
                 Format::n(s.gpu.nHi), Format::n(s.cpu.nLo), Format::n(s.cpu.nHi), measured);
    const auto [gpuRate, cpuRate] = rates(s);
    if (!(s.cpu.fixed > 0))
        return tr("%1 overtakes the CPU (%2) at n \u2248 %3 by the models (%4). Below, its %5 fixed cost "
                  "loses to the CPU, whose fixed cost is too small to measure; above, its %6 outruns the "
                  "CPU's %7.")
            .arg(gpu, threadCount(s.cpuThreads), Format::n(s.model.n), measured, Format::seconds(s.gpu.fixed),
                 gpuRate, cpuRate);
    return tr("%1 overtakes the CPU (%2) at n \u2248 %3 by the models (%4). Below, its %5 fixed cost loses "
              "to the "
              "CPU's %6; above, its %7 outruns the CPU's %8.")
        .arg(gpu, threadCount(s.cpuThreads), Format::n(s.model.n), measured, Format::seconds(s.gpu.fixed),
             Format::seconds(s.cpu.fixed), gpuRate, cpuRate);
}

QStringList ExplainText::slide(const CrossoverStory &s)
{
    const QString gpu = label(s.gpuLabel);
    const QString cpu = tr("the best CPU (%1)").arg(threadCount(s.cpuThreads));
    const QString models =
        !(s.model.n > 0) ? tr("the cost models do not cross")
        : s.model.extrapolated()
            ? tr("the cost models, carried beyond their points: n \u2248 %1").arg(Format::n(s.model.n))
            : tr("the cost models: n \u2248 %1").arg(Format::n(s.model.n));
    if (s.model.gpuEverywhere && !(s.measuredN > 0))
        return {tr("%1 is faster than %2 at every size measured.").arg(gpu, cpu),
                tr("Its fixed cost, %1 per iteration, is no larger than the CPU's %2: nothing holds it back.")
                    .arg(Format::seconds(s.gpu.fixed), Format::seconds(s.cpu.fixed))};
    if (!(s.measuredN > 0) && !(s.model.n > 0))
        return {tr("%1 does not overtake %2 at the sizes measured.").arg(gpu, cpu)};
    // Models carried beyond their points, with no measured side to say who won: no crossover to
    // state (beside the sizes measured, the two sentences below say which side won at them).
    if (!(s.measuredN > 0) && s.model.extrapolated() && !s.gpuFasterMeasured && !s.cpuFasterMeasured)
        return {tr("No crossing of %1 and %2 was measured; their cost models meet only beyond the points "
                   "they were fitted on (n \u2248 %3), which is no finding.")
                    .arg(gpu, cpu, Format::n(s.model.n))};
    QStringList out;
    const QString range = tr("n = %1\u2013%2").arg(Format::n(s.nMin), Format::n(s.nMax));
    out << (s.measuredN > 0
                ? tr("%1 overtakes %2 at n \u2248 %3, as measured (%4).")
                      .arg(gpu, cpu, Format::n(s.measuredN) + Format::interval(s.measured), models)
            // The models' crossing outside the sizes measured: who won at all of them, first.
            : s.gpuFasterMeasured && s.model.n < s.nMin
                ? tr("%1 is faster than %2 at every size measured (%3); by the cost models it overtakes "
                     "below them, at n \u2248 %4.")
                      .arg(gpu, cpu, range, Format::n(s.model.n))
            : s.cpuFasterMeasured && s.model.n > s.nMax
                ? tr("%1 is slower than %2 at every size measured (%3); by the cost models it overtakes "
                     "above them, at n \u2248 %4.")
                      .arg(gpu, cpu, range, Format::n(s.model.n))
                : tr("%1 overtakes %2 at n \u2248 %3 by the cost models; no crossing was measured.")
                      .arg(gpu, cpu, Format::n(s.model.n)));
    out << (s.cpu.fixed > 0
                ? tr("Below it the fixed cost decides: the GPU pays %1 per iteration whatever the "
                     "size, the CPU %2.")
                      .arg(Format::seconds(s.gpu.fixed), Format::seconds(s.cpu.fixed))
                : tr("Below it the fixed cost decides: the GPU pays %1 per iteration whatever the "
                     "size, the CPU too little to measure.")
                      .arg(Format::seconds(s.gpu.fixed)));
    const auto [gpuRate, cpuRate] = rates(s);
    out << tr("Above it the rate decides: the GPU's %1 outruns the CPU's %2.").arg(gpuRate, cpuRate);
    return out;
}

QString ExplainText::shift(const CrossoverShift &s)
{
    const QString to = label(s.to.gpuLabel);
    const QString why = s.to.gpuMode == "graph"   ? tr("a CUDA graph submits the launches together")
                        : s.to.gpuMode == "fused" ? tr("one kernel runs every iteration")
                                                  : tr("another mode");
    const QString where = s.to.model.gpuEverywhere ? tr("so its model wins at every size")
                          : s.to.model.n > 0 ? tr("so the crossover moves from n \u2248 %1 to n \u2248 %2")
                                                   .arg(Format::n(s.from.model.n), Format::n(s.to.model.n))
                                             : tr("and the models no longer cross");
    if (s.byFixedCost) {
        const double cut = s.from.gpu.fixed > 0 ? 1 - s.to.gpu.fixed / s.from.gpu.fixed : 0;
        return tr("%1 (%2) changes the fixed cost from %3 to %4 per iteration (%5 % %6), %7.")
            .arg(to, why, Format::seconds(s.from.gpu.fixed), Format::seconds(s.to.gpu.fixed),
                 Format::number(std::fabs(cut) * 100), cut >= 0 ? tr("less") : tr("more"), where);
    }
    return tr("%1 (%2) changes the rate from %3 to %4, %5.")
        .arg(to, why, rateOf(s.from.gpu.rate, s.to.workload), rateOf(s.to.gpu.rate, s.to.workload), where);
}

QString ExplainText::winners(const std::vector<Analysis::CpuWin> &wins)
{
    if (wins.empty())
        return tr("best CPU");
    // A thread count names a curve, unless the winners differ in more than that (gemm's variants).
    const bool byThreads = std::all_of(wins.begin(), wins.end(), [&](const Analysis::CpuWin &w) {
        return w.series->variant == wins.front().series->variant;
    });
    auto name = [byThreads](const Series &s) {
        return byThreads ? threadCount(s.threads) : Format::display(QString::fromStdString(s.label));
    };
    auto where = [&wins](std::size_t i) {
        const Analysis::CpuWin &w = wins[i];
        if (wins.size() == 1)
            return tr("at every n");
        if (i == 0)
            return tr("up to n = %1").arg(Format::n(w.nTo));
        if (i + 1 == wins.size())
            return tr("from n = %1").arg(Format::n(w.nFrom));
        return w.nFrom == w.nTo ? tr("at n = %1").arg(Format::n(w.nFrom))
                                : tr("at n = %1\u2013%2").arg(Format::n(w.nFrom), Format::n(w.nTo));
    };
    QStringList parts;
    const std::size_t listed = wins.size() <= 3 ? wins.size() : 2;
    for (std::size_t i = 0; i < listed; ++i)
        parts << tr("%1 %2").arg(name(*wins[i].series), where(i));
    if (listed < wins.size()) {
        // The rest as one stretch: the range of thread counts that win there.
        int lo = wins[listed].series->threads, hi = lo;
        for (std::size_t i = listed; i < wins.size(); ++i) {
            lo = std::min(lo, wins[i].series->threads);
            hi = std::max(hi, wins[i].series->threads);
        }
        const QString counts = lo == hi ? threadCount(lo) : tr("%1\u2013%2 threads").arg(lo).arg(hi);
        parts << tr("%1 from n = %2").arg(counts, Format::n(wins[listed].nFrom));
    }
    return tr("best CPU: %1").arg(parts.join(tr(", ")));
}

QStringList ExplainText::placement(const ThreadStory &t)
{
    QStringList out;
    if (t.efficiencyFrom > 0)
        out << (t.efficiencyWorth > 0
                    ? tr("From %1 threads the efficiency cores join: each adds about %2 of a performance "
                         "core.")
                          .arg(t.efficiencyFrom)
                          .arg(Format::number(t.efficiencyWorth))
                    : tr("From %1 threads the efficiency cores join (as placed).").arg(t.efficiencyFrom));
    if (t.siblingsFrom > 0)
        out << (t.siblingsWorth > 0
                    ? tr("From %1 threads the threads share SMT siblings: each adds about %2 of what a core "
                         "added on average before.")
                          .arg(t.siblingsFrom)
                          .arg(Format::number(t.siblingsWorth))
                    : tr("From %1 threads the threads share SMT siblings (as placed).").arg(t.siblingsFrom));
    return out;
}

QString ExplainText::threads(const ThreadStory &t)
{
    if (!t.valid)
        return tr("n = %1: too few thread counts for a model.").arg(t.n);
    // First what the chart shows: which count is the fastest, and where more threads lose.
    QString best = t.bestThreads == 1
                       ? tr("n = %1: 1 thread is the fastest (%2).").arg(t.n).arg(Format::seconds(t.t1))
                       : tr("n = %1: %2 are the fastest, %3\u00d7 as fast as 1 thread.")
                             .arg(t.n)
                             .arg(threadCount(t.bestThreads), Format::number(t.bestSpeedup));
    if (t.bestThreads > 1 && t.slowerFrom > 0)
        best += tr(" From %1 on, every count is slower than 1 thread.").arg(threadCount(t.slowerFrom));
    // No physics from noise: what the points show, and no law behind it.
    if (t.tooNoisy())
        return best + tr(" But %1 of the %2 thread counts measured here are marked noisy or disturbed: too "
                         "noisy to tell what limits the scaling. Measure again on a quiet machine.")
                          .arg(t.noisyCounts)
                          .arg(t.threadCounts);
    // How close the model comes to every point, or that none comes close enough to claim a law.
    // (Two thread counts: any two-parameter model passes through both, and says nothing.)
    const QString within = t.threadCounts < 3
                               ? QString()
                               : tr(" The model lies within \u00b1%1 % of every thread count's point.")
                                     .arg(Format::number(t.worst * 100));
    const QString noFit =
        tr(" No thread model fits these points within \u00b1%1 % (the best-fitting one misses a point by %2 "
           "%): noise, "
           "where the threads ran, or the data moving to another memory level as the thread count changes "
           "can do that.")
            .arg(Format::number(ThreadStory::fitBound * 100), Format::number(t.worst * 100));
    const bool law = t.threadCounts >= 3 || t.kind == ThreadStory::Kind::Overhead;
    if (law && !t.fits())
        return best + noFit;
    // A fork/join cost that grows with the team, from 2 threads to the most measured.
    const QString grows =
        t.forkJoinPerThread > 0
            ? tr(" It grows with the team: about %1 for 2 threads, %2 for %3.")
                  .arg(Format::seconds(t.forkJoinAt(2)), Format::seconds(t.forkJoinAt(t.maxThreads)),
                       threadCount(t.maxThreads))
            : QString();
    switch (t.kind) {
    case ThreadStory::Kind::Overhead:
        return best + QLatin1Char(' ') +
               (t.bestThreads == 1
                    ? tr("Every other count is slower, %1 the slowest (%2): starting and joining the "
                         "threads costs about %3%4, more than the work itself. Not Amdahl's law.")
                    : tr("Past the fastest, threads cost more than their share of the work: %1 take %2, "
                         "and starting and joining them costs about %3%4. Not Amdahl's law."))
                   .arg(threadCount(t.slowThreads), Format::seconds(t.slowTime),
                        Format::seconds(t.forkJoinAt(t.slowThreads)),
                        t.parallelRegion > 0 ? tr(" (calibrated: %1)").arg(Format::seconds(t.parallelRegion))
                                             : QString()) +
               grows + within;
    case ThreadStory::Kind::Bandwidth:
    case ThreadStory::Kind::Amdahl:
        if (t.threadCounts < 3)
            return twoThreadCounts(t);
        break;
    }
    switch (t.kind) {
    case ThreadStory::Kind::Overhead:
        break;
    case ThreadStory::Kind::Bandwidth: {
        const QString cap = t.saturationCalibrated
                                ? tr("the calibrated %1 ceiling (%2)")
                                      .arg(levelName(t.level), Format::rate(t.saturation, false))
                                : tr("the best bandwidth measured (%1; no calibrated ceiling)")
                                      .arg(Format::rate(t.saturation, false));
        return best + QLatin1Char(' ') +
               tr("Memory bandwidth runs out, not serial code: 1 thread moves %1, and %2 caps any number of "
                  "threads at %3\u00d7. The bandwidth bound fits within %4, Amdahl's law within %5 (its "
                  "serial "
                  "fraction would read %6 %).")
                   .arg(Format::rate(t.oneThreadRate, false), cap, Format::number(t.bandwidthSpeedup(1e9)),
                        misfit(t.errBandwidth), misfit(t.errAmdahl),
                        Format::number(t.amdahl.serialFraction * 100)) +
               within;
    }
    case ThreadStory::Kind::Amdahl:
        break;
    }
    const double s = t.amdahl.serialFraction;
    const QString limit = s > 0 ? tr("at most %1\u00d7").arg(Format::number(1 / s)) : tr("no limit in sight");
    const QString other =
        t.bandwidthFitted ? tr("; the bandwidth bound within %1").arg(misfit(t.errBandwidth)) : QString();
    return best + QLatin1Char(' ') +
           tr("Amdahl's law explains the points: a serial fraction of %1 %, so %2 (fits within %3%4).")
               .arg(Format::number(s * 100), limit, misfit(t.errAmdahl), other) +
           within;
}

QString ExplainText::twoThreadCounts(const ThreadStory &t)
{
    // Amdahl's law has one parameter: it passes through any two points, and so does a bandwidth
    // bound whose ceiling is the best of them. Only a ceiling calibrated apart is a test.
    const QString bound = t.bandwidthFitted && t.saturationCalibrated
                              ? tr(" The calibrated %1 ceiling (%2) caps them at %3\u00d7, and the points "
                                   "meet that bound within %4.")
                                    .arg(levelName(t.level), Format::rate(t.saturation, false),
                                         Format::number(t.bandwidthSpeedup(1e9)), misfit(t.errBandwidth))
                              : QString();
    // Two points: the Amdahl fit passes through both, so it gives the measured speedup.
    const double s = t.amdahl.serialFraction;
    const double speedup = t.t1 / (t.amdahl.t1 * (s + (1 - s) / t.maxThreads));
    return tr("n = %1: %2 run %3\u00d7 as fast as 1 thread. Two thread counts cannot say why: Amdahl's "
              "law fits any two points (here with a serial fraction of %4 %).%5 Measure more thread "
              "counts (1, 2, 4, 8\u2026) to tell serial code from a memory-bandwidth limit.")
        .arg(t.n)
        .arg(threadCount(t.maxThreads), Format::number(speedup), Format::number(s * 100), bound);
}

QString ExplainText::whatIf(const WhatIf &now, const WhatIf &measured)
{
    auto verdict = [](const WhatIf &w) {
        const ModelCrossover x = w.crossover();
        return x.gpuEverywhere ? tr("the GPU is faster at every size")
               : x.extrapolated()
                   ? tr("the GPU overtakes the CPU at n \u2248 %1, beyond the sizes the models "
                        "were fitted on (n = %2\u2013%3): an extrapolation")
                         .arg(Format::n(x.n), Format::n(x.fittedLo), Format::n(x.fittedHi))
               : x.n > 0 ? tr("the GPU overtakes the CPU at n \u2248 %1").arg(Format::n(x.n))
                         : tr("the GPU never overtakes the CPU");
    };
    const QString was = verdict(measured), is = verdict(now);
    // The CPU as the sliders set it: the best of its thread counts at each n, up to its bandwidth.
    const std::vector<int> counts = now.cpuThreads();
    const QString which =
        counts.size() > 1 ? tr("the best CPU of %1 to %2").arg(counts.front()).arg(threadCount(counts.back()))
                          : tr("the CPU with %1").arg(threadCount(now.threads));
    // The rate of the CPU the text speaks of (its thread count's), and the GPU's with its level.
    // The CPU's rate at the largest sizes, in its level (not an "up to": its caches ran faster).
    const QString cpu = tr("%1, %2 at the largest sizes")
                            .arg(which, rate(Explain::quote(now.cpuRate(), now.cpuRateTier(), now.workload)));
    const QString gpuRate = rate(Explain::quote(now.gpu.rate, now.gpu.topTier(), now.workload));
    const bool moved = now.threads != measured.threads || now.gpu.fixed != measured.gpu.fixed ||
                       now.gpu.rate != measured.gpu.rate || now.cpuBandwidth != measured.cpuBandwidth;
    if (!moved)
        return tr("With the measured models (GPU fixed cost %1, %2; %3): %4.")
            .arg(Format::seconds(now.gpu.fixed), gpuRate, cpu, is);
    // Moved: the models as they are now, and whether that changed the verdict.
    const QString models = tr("GPU fixed cost %1, %2; %3").arg(Format::seconds(now.gpu.fixed), gpuRate, cpu);
    if (was == is)
        return tr("What if (%1): still %2.").arg(models, is);
    return tr("What if (%1): %2 (the measured models: %3).").arg(models, is, was);
}

QString ExplainText::energyCrossover(const EnergyCrossover &x, const QString &gpu)
{
    const QString range = QStringLiteral("n %1\u2013%2").arg(Format::n(x.nMin), Format::n(x.nMax));
    if (x.gpuLessEverywhere)
        return tr("%1 spends less energy than the CPU at every size with energy (%2)").arg(gpu, range);
    if (x.cpuLessEverywhere)
        return tr("the CPU spends less energy than %1 at every size with energy (%2)").arg(gpu, range);
    if (x.crossings.empty())
        return tr("%1 and the CPU spend the same energy within the counters' reach (%2)").arg(gpu, range);
    QStringList parts;
    for (const Crossing &c : x.crossings)
        parts << (!c.resolved() ? tr("%1 and the CPU spend about the same energy near n \u2248 %2")
                                      .arg(gpu, Format::n(c.n))
                  : c.gpuBecomesFaster
                      ? tr("%1 spends less energy than the CPU above n \u2248 %2").arg(gpu, Format::n(c.n))
                      : tr("%1 spends less energy than the CPU below n \u2248 %2").arg(gpu, Format::n(c.n))) +
                     Format::interval(c);
    return parts.join(QStringLiteral("; "));
}

QString ExplainText::refineEnd(RefineEnd e, int budget)
{
    switch (e) {
    case RefineEnd::Within:
        return tr("as precise as asked");
    case RefineEnd::Tangled:
        return tr("the curves cross several times there, within their noise: more repetitions per point "
                  "would tell them apart");
    case RefineEnd::Noise:
        return tr("more points do not narrow it: the noise of the points sets its width (more repetitions "
                  "per point would)");
    case RefineEnd::Adjacent:
        return tr("the sizes around it are whole numbers next to each other");
    case RefineEnd::Gone:
        return tr("the new points leave the curves within each other's noise there");
    case RefineEnd::Budget:
        return tr("its budget of %1 was spent first").arg(tr("%n point(s)", nullptr, int(budget)));
    case RefineEnd::Stopped:
        return tr("the sweep was stopped first");
    case RefineEnd::NotRefined:
        break;
    }
    return tr("no point was added for it");
}

QString ExplainText::refined(const Refine::Kept &k)
{
    const QString first = QString::fromStdString(k.pair.first.label);
    const QString second = QString::fromStdString(k.pair.second.label);
    const Crossing &c = k.crossing;
    QString where;
    if (c.n <= 0)
        where = tr("%1 and %2: no crossover is left there").arg(second, first);
    else if (c.times % 2 == 0)
        where = tr("%1 and %2 meet at n \u2248 %3%4").arg(second, first, Format::n(c.n), Format::interval(c));
    else if (c.gpuBecomesFaster)
        where = tr("%1 faster than %2 above n \u2248 %3%4, %2 faster below")
                    .arg(second, first, Format::n(c.n), Format::interval(c));
    else
        where = tr("%1 faster than %2 above n \u2248 %3%4, %2 faster below")
                    .arg(first, second, Format::n(c.n), Format::interval(c));
    return tr("Refined to \u00b1%1 %: %2; %3 (%4 added).")
        .arg(Format::number(k.precision * 100), where, refineEnd(k.record.ended, k.budget),
             tr("%n point(s)", nullptr, int(k.record.points)));
}

} // namespace speeduplab
