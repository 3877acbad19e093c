// SPDX-License-Identifier: MIT
// RepeatLoop: warm-up, repetitions until the stopping rule is satisfied, the lost cores counted,
// and verification, for a CPU and a GPU Run alike.
#include "core/measure/repeatloop.h"

#include "backend/run.h"
#include "core/machine/energy.h"
#include "core/measure/cacheflush.h"
#include "core/measure/preemption.h"
#include "core/measure/reference.h"

#include <cmath>
#include <optional>
#include <utility>

namespace speeduplab {

PointEnergy RepeatLoop::readEnergy(const EnergyMeter &meter, const std::optional<EnergyMeter::Reading> &from,
                                   const std::string &problem, long reps, int iterations,
                                   const std::function<bool()> &oneMore)
{
    PointEnergy e;
    e.counters = meter.description();
    if (!from) {
        e.note = "energy not read: " + problem;
        return e;
    }
    std::string why;
    std::optional<EnergyMeter::Reading> to = meter.read(why);
    while (to && to->at - from->at < meter.minimumSpan() && oneMore()) {
        ++reps;
        to = meter.read(why);
    }
    if (!to) {
        e.note = "energy not read: " + why;
        return e;
    }
    const EnergyMeter::Span span = meter.between(*from, *to);
    if (span.seconds < meter.minimumSpan() || reps < 1)
        e.note = EnergyText::tooShort(span.seconds, meter);
    else if (!span.problem.empty())
        e.note = "energy not measured: " + span.problem;
    else {
        e.joules = span.joules;
        e.seconds = span.seconds;
        e.perOperation = span.joules / (double(reps) * std::max(1, iterations));
    }
    return e;
}

void RepeatLoop::run(Run &run, Measurement &m, const StoppingRule &rule, const std::atomic<bool> &stop,
                     const std::vector<std::vector<float>> &inputs, const Around &around)
{
    const auto reset = [&] {
        run.reset();
        if (around.flush)
            around.flush->flush(run.hostTensors());
    };
    reset();
    // Whether the repetition timed by `timed` lost a core: the process's involuntary context
    // switches before and after it, read outside the timed region.
    // By kept sample: a thread of the process was switched out during it.
    std::vector<bool> switched;
    const auto counted = [&](auto &&timed) {
        const long before = around.countPreemption ? Preemption::involuntarySwitches() : 0;
        const double t = timed();
        return std::pair{t, around.countPreemption && Preemption::involuntarySwitches() > before};
    };
    // The team's run-queue wait over the point: the cores it lost, however its threads waited.
    std::optional<Preemption::Team> team;
    if (around.countPreemption)
        team.emplace(std::max(1, m.threads));
    const double waitedBefore = team ? team->waitedSeconds() : 0;
    const double stolenBefore = around.countPreemption ? Preemption::stolenSeconds() : 0;
    const double wallBefore = StoppingRule::now();
    // Warm-up: caches, clocks, lazy module loading, page faults, the thread team.
    const auto [warm, warmLost] = counted([&] { return run.runOnce(stop); });
    const double warmLasted = lasted(warm, run.synchronisedSeconds());
    SampleStream samples; // bounded however many repetitions the rule asks for
    // What the repetitions cost, as the stopping rule counts it (lasted(): an unsynced row's
    // samples are queue times, its repetitions last until the device has finished them).
    double measured = 0;
    // The start clocks after a timed repetition, not after the warm-up alone: a short warm-up
    // after seconds of host-only work can catch the GPU's clock still ramping up.
    bool started = false;
    const auto start = [&] {
        if (!started && around.firstRepDone)
            around.firstRepDone();
        started = true;
    };
    // Mode unsynced: the same launches until the device had finished them, by repetition.
    SampleStream synced;
    const auto keepSynced = [&] {
        if (const double t = run.synchronisedSeconds(); t > 0)
            synced.add(t);
    };
    const auto keep = [&](double t, bool lost) {
        samples.add(t);
        if (switched.size() < samples.kept().size())
            switched.push_back(lost);
    };
    // A long warm-up counts as the first sample instead of doubling the cost of a long point.
    if (rule.warmUpCounts(warmLasted)) {
        keepSynced();
        keep(warm, warmLost);
        measured = warmLasted;
        start();
    }
    // The energy counters from here: the repetitions below, each counted.
    const EnergyMeter *meter = around.energy && around.energy->available() ? around.energy : nullptr;
    std::string energyProblem;
    const std::optional<EnergyMeter::Reading> energyFrom =
        meter ? meter->read(energyProblem) : std::optional<EnergyMeter::Reading>();
    long energyReps = 0;
    while (!rule.enough(int(samples.count()), measured, StoppingRule::now() - wallBefore) &&
           !rule.outOfTime(int(samples.count()), StoppingRule::now())) {
        reset();
        const auto [t, lost] = counted([&] { return run.runOnce(stop); });
        keepSynced();
        keep(t, lost);
        measured += lasted(t, run.synchronisedSeconds());
        start();
        ++energyReps;
    }
    start();
    if (around.lastRepDone)
        around.lastRepDone();
    if (meter)
        m.conditions.energy = readEnergy(*meter, energyFrom, energyProblem, energyReps, m.iterations, [&] {
            // Too short for the counters: more of the same repetitions, outside the statistics.
            if (rule.outOfTime(int(samples.count()), StoppingRule::now()))
                return false;
            reset();
            run.runOnce(stop);
            return true;
        });
    m.stats = samples.stats();
    if (synced.count() > 0) {
        const Stats s = synced.stats();
        m.conditions.syncedMedian = s.median;
        m.conditions.syncedMin = s.min;
        m.conditions.syncedMax = s.max;
    }
    if (around.countPreemption) {
        // What the point's threads lost, as a share of their time: waiting for a CPU while
        // runnable (another program held it), and what the hypervisor stole from the machine.
        // Each counts as the share of repetitions it could have cost (neither says which).
        const double wall = StoppingRule::now() - wallBefore;
        const int threads = std::max(1, m.threads);
        const double lostSeconds = (team && team->available() ? team->waitedSeconds() - waitedBefore : 0) +
                                   (Preemption::stolenSeconds() - stolenBefore);
        const double lost = wall > 0 ? lostSeconds / (wall * threads) : 0;
        const bool busy = Preemption::lostCores(lostSeconds, lost);
        const int byLost = busy ? int(std::lround(m.stats.reps * std::min(1.0, lost))) : 0;
        // Counted over the kept samples, and scaled to all of them past Stats::maxSamples.
        const double share =
            double(samples.count()) / double(std::max<std::size_t>(1, samples.kept().size()));
        const int bySwitches =
            int(std::lround(Preemption::disturbedReps(samples.kept(), switched, busy) * share));
        m.conditions.disturbedReps = std::min(m.stats.reps, std::max(bySwitches, byLost));
    }
    const Reference::Check c =
        Reference::verify(m.workload, m.variant, m.n, m.iterations, inputs, run.output());
    m.verified = c.ok;
    m.maxError = std::isfinite(c.maxError) ? c.maxError : 1e308;
    if (!c.ok) {
        m.status = Measurement::Status::Failed;
        m.reason = "wrong result: " + c.message;
    } else if (const std::string note = run.note(); !note.empty()) { // how it was timed, if unusual
        m.reason += (m.reason.empty() ? "" : "; ") + note;
    }
}

} // namespace speeduplab
