// SPDX-License-Identifier: MIT
// Turns a plan into measurements: the memory checks, each point's Run (its repeat loop is
// RepeatLoop), the cold cache, the clocks and the merging of rounds. The time estimates are
// sweepestimate.cpp's.
#include "core/measure/sweeprunner.h"

#include "core/devices/devicebackend.h"
#include "core/machine/gpuclocks.h"
#include "core/machine/machineinfo.h"
#include "core/machine/rapl.h"
#include "core/measure/cacheflush.h"
#include "core/measure/calibration.h"
#include "core/measure/preemption.h"
#include "core/measure/reference.h"
#include "core/measure/repeatloop.h"
#include "core/measure/stoppingrule.h"
#include "core/measure/watchdog.h"
#include "core/model/workload.h"
#include "cuda/gpubackend.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <map>
#include <new>
#include <stdexcept>
#include <thread>

namespace speeduplab {

namespace {

// "GPU launch (cublas), n = 400": a point as the progress names it.
std::string pointLabel(const PlanPoint &p)
{
    return SeriesWords::current().name(Devices::of(p.backend).pointName(p)) + ", n = " + std::to_string(p.n);
}

// The PCI bus id of CUDA device `device`, by which NVML finds it; empty when unknown.
std::string busIdOf(int device)
{
    for (const gpu::DeviceInfo &d : gpu::availability().devices)
        if (d.index == device)
            return d.pciBusId;
    return {};
}

} // namespace

SweepRunner::SweepRunner(SweepPlan plan) : m_plan(std::move(plan)), m_iterations(m_plan.effectiveIterations())
{
}

SweepRunner::~SweepRunner() = default;

double SweepRunner::hostMemoryAvailable() const
{
    return m_plan.hostMemoryLimit > 0 ? m_plan.hostMemoryLimit : MachineInfo::availableMemory();
}

namespace {

// Why a plan with --energy off reads none.
const char *const energyOff = "energy is off (--energy off)";

} // namespace

std::vector<MemoryCheck> SweepRunner::memoryShortfalls(double hostAvailable, double gpuAvailable) const
{
    std::vector<MemoryCheck> out;
    const Workload *w = Workload::find(m_plan.workload);
    if (!w)
        return out;
    auto add = [&out](const MemoryCheck &c) {
        if (c.fits())
            return;
        for (MemoryCheck &o : out)
            if (o.n == c.n && o.gpu == c.gpu && o.deviceName == c.deviceName &&
                o.bufferTooLarge() == c.bufferTooLarge()) {
                o.largest = std::max(o.largest, c.largest);
                o.need = std::max(o.need, c.need);
                return;
            }
        out.push_back(c);
    };
    for (const PlanPoint &p : m_plan.points()) {
        // The same checks, in the same order, as measure(): host memory first, on every backend.
        const MemoryCheck host = MemoryCheck::host(*w, p.n, hostAvailable);
        add(host);
        if (host.fits())
            if (const std::optional<MemoryCheck> device =
                    Devices::of(p.backend).memoryPlanned(job(p), gpuAvailable))
                add(*device);
    }
    // The points run coarse to fine; the sizes that do not fit read best in ascending n.
    std::stable_sort(out.begin(), out.end(),
                     [](const MemoryCheck &a, const MemoryCheck &b) { return a.n < b.n; });
    return out;
}

std::vector<SweepRunner::SlowDevice> SweepRunner::slowDevices(const MachineInfo &machine,
                                                              double repLimit) const
{
    std::map<std::string, SlowDevice> byDevice;
    std::vector<std::string> order; // the plan's order of devices
    for (const PlanPoint &p : m_plan.points()) {
        const DeviceBackend &backend = Devices::of(p.backend);
        if (!backend.onDevice())
            continue;
        const Measurement m = skeleton(p);
        const Calibration::Level l = Calibration::levelFor(m, machine);
        const double work = l.flops ? m.flops : m.bytes;
        if (!(l.value > 0) || !(work > 0) || Workload::isQueueTime(m.mode))
            continue;
        const std::string device = backend.deviceId(p.device);
        auto [it, added] = byDevice.try_emplace(device);
        if (added)
            order.push_back(device);
        SlowDevice &d = it->second;
        const double rep = work / l.value;
        d.device = device;
        if (rep > d.repSeconds) {
            d.repSeconds = rep;
            d.n = p.n;
            d.variant = p.variant;
            d.mode = p.mode;
            d.level = l.name;
            d.ceiling = l.value;
            d.flops = l.flops;
        }
    }
    std::vector<SlowDevice> out;
    for (const std::string &device : order)
        if (const SlowDevice &d = byDevice[device]; d.repSeconds >= repLimit)
            out.push_back(d);
    return out;
}

Measurement SweepRunner::skeleton(const PlanPoint &p) const
{
    const Workload *w = Workload::find(m_plan.workload);
    Measurement m;
    m.workload = m_plan.workload;
    m.backend = p.backend;
    m.variant = p.variant;
    m.threads = p.threads;
    m.mode = p.mode;
    m.n = p.n;
    m.iterations = m_iterations;
    m.conditions.cache = m_plan.coldCache ? "cold" : "warm";
    m.elements = Workload::elements(p.n);
    m.bytes = w ? w->bytes(p.n, m_iterations, p.variant) : 0;
    m.flops = w ? w->flops(p.n, m_iterations) : 0;
    const DeviceBackend &backend = Devices::of(p.backend);
    if (backend.onDevice()) {
        m.device = p.device >= 0 ? p.device : m_plan.device;
        // What the device is, from the same list Devices::probeMachine puts in the result.
        if (const std::optional<DeviceKind> kind = backend.describedKind(m.device))
            m.describedKind = *kind;
        if (m_plan.transfers && !Workload::isCopy(m_plan.workload))
            m.transfers = m_plan.pinned ? "pinned" : "pageable";
    }
    return m;
}

bool SweepRunner::flushesCpuCaches(const SweepPlan &plan, const PlanPoint &p)
{
    if (!Devices::of(p.backend).onDevice())
        return true;
    if (Workload::isCopy(plan.workload))
        return p.variant == "pageable";
    return plan.transfers && !plan.pinned;
}

Job SweepRunner::job(const PlanPoint &p) const
{
    const Measurement m = skeleton(p);
    Job job;
    job.workload = m.workload;
    job.variant = m.variant;
    job.mode = m.mode;
    job.n = p.n;
    job.iterations = m_iterations;
    job.transfers = m.transfers != "none";
    job.pinnedHost = Workload::isCopy(m.workload) ? m.variant == "pinned" : m_plan.pinned;
    job.device = m.device;
    job.threads = m.threads;
    job.alpha = Reference::saxpyAlpha;
    job.coldCache = m_plan.coldCache;
    job.bytes = m.bytes;
    job.flops = m.flops;
    return job;
}

std::string SweepRunner::unrunnable(const PlanPoint &p) const
{
    return Devices::of(p.backend).unrunnable(job(p));
}

Measurement SweepRunner::measure(const PlanPoint &p, const std::atomic<bool> &stop, double deadline)
{
    Measurement m = skeleton(p);
    const Workload *w = Workload::find(m.workload);
    if (!w) {
        m.status = Measurement::Status::Failed;
        m.reason = "unknown workload " + m.workload;
        return m;
    }
    if (stop.load()) {
        m.status = Measurement::Status::Cancelled;
        m.reason = "cancelled before it started";
        return m;
    }
    const DeviceBackend &backend = Devices::of(p.backend);
    if (std::string why = backend.unrunnable(job(p)); !why.empty()) {
        m.status = Measurement::Status::Skipped;
        m.reason = std::move(why);
        return m;
    }
    if (const MemoryCheck host = MemoryCheck::host(*w, p.n, hostMemoryAvailable()); !host.fits()) {
        m.status = Measurement::Status::Skipped;
        m.reason = host.reason();
        return m;
    }
    try {
        // Before the host's inputs are made: a 4 GiB tensor is refused by a device that allows 2 GiB.
        if (const std::optional<MemoryCheck> device = backend.memoryNow(job(p)); device && !device->fits()) {
            m.status = Measurement::Status::Skipped;
            m.reason = device->reason();
            return m;
        }
        const auto inputs = Reference::inputs(m.workload, p.n);
        if (stop.load()) // a budget that ran out while the inputs were made (Watchdog)
            throw Cancelled();
        Job pointJob = job(p);
        for (const auto &v : inputs)
            pointJob.inputs.push_back(v.data());
        const StoppingRule rule(m_plan.minTime, m_plan.maxReps, deadline);
        RepeatLoop::Around around;
        if (m_plan.coldCache && flushesCpuCaches(m_plan, p)) {
            const int hw = MachineInfo::hardwareThreads();
            if (!m_flush)
                m_flush =
                    std::make_unique<CacheFlush>(CacheFlush::bytesFor(MachineInfo::probeCaches(), hw), hw);
            around.flush = m_flush.get();
        }
        if (!backend.onDevice())
            runOnCpu(backend, pointJob, m, rule, stop, inputs, around);
        else
            runOnDevice(backend, pointJob, m, rule, stop, inputs, around);
    } catch (const Cancelled &) {
        m.status = Measurement::Status::Cancelled;
        m.reason = "cancelled while it was being measured";
        m.stats = Stats();
    } catch (const std::bad_alloc &) {
        m.status = Measurement::Status::Skipped;
        m.reason =
            "not enough host memory: allocating the buffers for n = " + std::to_string(p.n) + " failed";
        m.stats = Stats();
    } catch (const std::exception &e) {
        // The backend's own errors (a CUDA error, an OpenCL fault, a kernel it does not have) say
        // the point's status; any other fails it.
        if (!backend.failed(e, m.device, m)) {
            m.status = Measurement::Status::Failed;
            m.reason = e.what();
        }
        m.stats = Stats();
    }
    return m;
}

void SweepRunner::runOnCpu(const DeviceBackend &backend, const Job &job, Measurement &m,
                           const StoppingRule &rule, const std::atomic<bool> &stop,
                           const std::vector<std::vector<float>> &inputs, RepeatLoop::Around &around)
{
    // The team placed before its kernel is made, so that its buffers are first touched where they
    // are used.
    const Topology &topology = Topology::probe();
    const Placement::Binding bound(topology, m_plan.placement, job.threads);
    recordPlacement(m.conditions, topology, m_plan.placement, bound.bound(), job.threads);
    auto run = backend.createRun(job);
    around.countPreemption = true;
    around.energy = &cpuEnergy();
    RepeatLoop::run(*run, m, rule, stop, inputs, around);
}

void SweepRunner::runOnDevice(const DeviceBackend &backend, const Job &job, Measurement &m,
                              const StoppingRule &rule, const std::atomic<bool> &stop,
                              const std::vector<std::vector<float>> &inputs, RepeatLoop::Around &around)
{
    auto run = backend.createRun(job);
    GpuClockSample start, end;
    if (backend.insideCpuPackage(job.device)) { // its energy is the package's, as the CPU points' is
        around.energy = &cpuEnergy();
    } else if (backend.watchedByNvml()) { // its board's energy and clocks
        const GpuClocks &clocks = GpuClocks::instance();
        const std::string busId = busIdOf(job.device);
        around.energy = &gpuEnergy(job.device);
        around.firstRepDone = [&] { start = clocks.sample(job.device, busId); };
        around.lastRepDone = [&] { end = clocks.sample(job.device, busId); };
    }
    RepeatLoop::run(*run, m, rule, stop, inputs, around);
    if (backend.watchedByNvml())
        m.conditions.recordClocks(start, end, m_clockReference[job.device], m.reason);
    // What was compiled before the timing, said once a device and kind.
    std::string note;
    for (const auto &[what, sentence] : backend.compiled(job.device))
        if (m_compiledNoted.insert({backend.deviceId(job.device), what}).second)
            note += (note.empty() ? "" : ", ") + sentence;
    if (!note.empty() && m.ok())
        m.reason += (m.reason.empty() ? "" : "; ") + note + ", before the timing: no repetition holds it";
}

void SweepRunner::recordPlacement(PointConditions &c, const Topology &t, Placement::Kind kind, bool bound,
                                  int threads)
{
    Placement::Placed placed = Placement::placed(t, kind, threads);
    placed.bound = bound;
    c.placement = placed.placement;
    c.placedOn = placed.text(t);
    c.siblingsShared = placed.siblingsShared;
    c.efficiencyCores = 0;
    for (std::size_t k = 0; k < placed.coresByKind.size(); ++k)
        if (int(k) != t.performanceKind())
            c.efficiencyCores += placed.coresByKind[k];
}

namespace {

// Why a point was skipped for the budget: "the time budget of 0.1 s ran out <when>".
std::string budgetText(double budget, const char *when)
{
    char buf[80];
    std::snprintf(buf, sizeof buf, "the time budget of %g s ran out ", budget);
    return buf + std::string(when);
}

// The share of a row's repetitions that lost a core.
double disturbedShare(const Measurement &m)
{
    return m.stats.reps > 0 ? double(m.conditions.disturbedReps) / m.stats.reps : 0;
}

} // namespace

bool SweepRunner::remeasureDisturbed(const std::vector<PlanPoint> &points,
                                     std::vector<std::vector<Measurement>> &measured, int rounds,
                                     bool tryAgain, double deadline, Progress &pr, const Callbacks &cb,
                                     const std::atomic<bool> &stop)
{
    // With one round, each disturbed point is measured again, interleaved: one try of each in a
    // pass, so that a burst of load does not spoil every try of one point. Each keeps its least
    // disturbed measurement. (With several rounds, the rounds are the repeated measurements.)
    bool cancelled = false;
    for (int pass = 1; tryAgain && rounds == 1 && pass <= remeasurePasses && !cancelled; ++pass) {
        std::vector<std::size_t> again;
        int clean = 0; // tries of this pass that came out undisturbed
        for (std::size_t i = 0; i < measured.size(); ++i)
            if (measured[i].size() == 1 && Preemption::disturbed(measured[i].front()))
                again.push_back(i);
        for (std::size_t k = 0; k < again.size(); ++k) {
            if (stop.load() || (deadline > 0 && StoppingRule::now() >= deadline))
                break; // what was measured stays, marked below
            Measurement &row = measured[again[k]].front();
            pr.current = pointLabel(points[again[k]]);
            pr.again = int(k + 1);
            pr.againOf = int(again.size());
            pr.elapsed = StoppingRule::now() - m_start;
            // The time left: this point and the rest of this pass (a next pass, if any, takes
            // only what stays disturbed, which cannot be known yet).
            const StoppingRule rule(m_plan.minTime, m_plan.maxReps, deadline);
            pr.pointEstimate = estimate(points[again[k]], rule);
            pr.remaining = pr.pointEstimate;
            for (std::size_t j = k + 1; j < again.size(); ++j)
                pr.remaining += estimate(points[again[j]], rule);
            pr.remaining = rule.capToBudget(pr.remaining, StoppingRule::now());
            pr.pointEstimate = std::min(pr.pointEstimate, pr.remaining);
            if (cb.progress)
                cb.progress(pr);
            Measurement fresh = measure(points[again[k]], stop, deadline);
            if (fresh.status == Measurement::Status::Cancelled) {
                // The user's stop, or the budget (Watchdog): the first try stays, either way.
                cancelled = deadline <= 0 || StoppingRule::now() < deadline;
                break;
            }
            if (fresh.ok() && !Preemption::disturbed(fresh))
                ++clean;
            if (fresh.ok() && disturbedShare(fresh) < disturbedShare(row))
                row = std::move(fresh);
            row.conditions.remeasured = pass;
            if (cb.measured)
                cb.measured(row);
        }
        if (clean == 0)
            break; // the load lasts: another pass would only repeat what this one found
    }
    // What is still disturbed is no clean ok: noisy, and its reason says why.
    for (std::vector<Measurement> &rows : measured)
        for (Measurement &m : rows)
            if (Preemption::disturbed(m)) {
                m.stats.markNoisy();
                const std::string why =
                    Preemption::reason(m.conditions.disturbedReps, m.stats.reps, m.conditions.remeasured);
                m.reason += (m.reason.empty() ? "" : "; ") + why;
                if (cb.measured && rounds == 1)
                    cb.measured(m);
            }
    return cancelled;
}

const EnergyMeter &SweepRunner::cpuEnergy()
{
    if (!m_cpuEnergy) {
        const char *root = std::getenv("SPEEDUPLAB_POWERCAP_ROOT");
        m_cpuEnergy = !m_plan.energy ? EnergyMeter::unavailable(energyOff)
                                     : Rapl(root && *root ? root : "/sys/class/powercap").meter();
    }
    return *m_cpuEnergy;
}

const EnergyMeter &SweepRunner::gpuEnergy(int device)
{
    auto it = m_gpuEnergy.find(device);
    if (it == m_gpuEnergy.end()) {
        it = m_gpuEnergy
                 .emplace(device, !m_plan.energy
                                      ? EnergyMeter::unavailable(energyOff)
                                      : EnergyMeter::nvml(GpuClocks::instance(), device, busIdOf(device)))
                 .first;
    }
    return it->second;
}

void SweepRunner::describeEnergy(SweepConditions &s)
{
    if (!m_plan.energy) {
        s.energyMissing = energyOff;
        return;
    }
    // (device, its counters or why it has none), in the plan's order.
    std::vector<std::pair<std::string, const EnergyMeter *>> devices;
    if (m_plan.cpu && !m_plan.threads.empty())
        devices.emplace_back("the CPU", &cpuEnergy());
    if (m_plan.gpu && gpu::availability().usable)
        for (const int d : m_plan.gpuDevices())
            devices.emplace_back(Devices::of(RowName::cuda).deviceId(d), &gpuEnergy(d));
    // An integrated GPU (or PoCL) is inside the CPU's package, whose counters count it; a described
    // API (OpenCL) has no energy call of its own.
    std::vector<EnergyMeter> discrete; // one reason for each described device outside the package
    discrete.reserve(m_plan.describedDevices.size());
    for (const PlanDevice &d : m_plan.describedDevices) {
        const DeviceBackend &b = Devices::of(d.row);
        if (b.insideCpuPackage(d.index)) {
            devices.emplace_back(b.deviceId(d.index), &cpuEnergy());
            continue;
        }
        const DescribedBackend *api = describedByRow(d.row);
        const std::string name = api ? std::string(api->api) : d.row;
        discrete.push_back(EnergyMeter::unavailable(
            "a discrete " + name + " device has no energy counter that SpeedupLab can read (" + name +
            " has no energy call)"));
        devices.emplace_back(b.deviceId(d.index), &discrete.back());
    }
    // The devices without energy for one reason are named together: "no energy for the CPU and
    // opencl:0: …".
    std::vector<std::pair<std::string, std::string>> missing; // (why, devices)
    for (const auto &[name, meter] : devices) {
        if (meter->available()) {
            s.energy += (s.energy.empty() ? "" : "; ") + name + ": " + meter->description();
            continue;
        }
        auto same = std::find_if(missing.begin(), missing.end(),
                                 [&](const auto &m) { return m.first == meter->why(); });
        if (same == missing.end())
            missing.emplace_back(meter->why(), name);
        else
            same->second += " and " + name;
    }
    for (const auto &[why, names] : missing)
        s.energyMissing += (s.energyMissing.empty() ? "" : "; ") + EnergyText::whyNone(names, why);
}

Measurement SweepRunner::merge(const std::vector<Measurement> &rounds, int planned)
{
    if (rounds.empty())
        return {};
    for (const Measurement &r : rounds)
        if (r.status == Measurement::Status::Failed)
            return r;
    std::vector<const Measurement *> ok;
    for (const Measurement &r : rounds)
        if (r.ok())
            ok.push_back(&r);
    if (ok.empty())
        return rounds.back();
    if (planned <= 1 && ok.size() == 1)
        return *ok.front();
    Measurement m = *ok.front();
    std::vector<double> pooled;
    int reps = 0;
    m.conditions.roundMin = m.conditions.roundMax = ok.front()->stats.median;
    m.conditions.disturbedReps = 0;
    std::vector<std::string> notes;
    for (const Measurement *r : ok) {
        m.conditions.disturbedReps += r->conditions.disturbedReps;
        pooled.insert(pooled.end(), r->stats.samples.begin(), r->stats.samples.end());
        reps += r->stats.reps;
        m.conditions.roundMin = std::min(m.conditions.roundMin, r->stats.median);
        m.conditions.roundMax = std::max(m.conditions.roundMax, r->stats.median);
        m.verified = m.verified && r->verified;
        m.maxError = std::max(m.maxError, r->maxError);
        m.conditions.throttled = m.conditions.throttled || r->conditions.throttled;
        if (!r->reason.empty() && std::find(notes.begin(), notes.end(), r->reason) == notes.end())
            notes.push_back(r->reason);
    }
    m.stats = Stats::of(std::move(pooled));
    m.stats.reps = std::max(m.stats.reps, reps);
    std::vector<PointEnergy> energies;
    for (const Measurement *r : ok)
        energies.push_back(r->conditions.energy);
    m.conditions.energy = PointEnergy::pooled(energies);
    if (m.conditions.hasSynced()) { // unsynced: the median of the rounds' synchronised medians
        std::vector<double> medians;
        for (const Measurement *r : ok) {
            medians.push_back(r->conditions.syncedMedian);
            m.conditions.syncedMin = std::min(m.conditions.syncedMin, r->conditions.syncedMin);
            m.conditions.syncedMax = std::max(m.conditions.syncedMax, r->conditions.syncedMax);
        }
        m.conditions.syncedMedian = Stats::of(std::move(medians)).median;
    }
    m.conditions.rounds = int(ok.size());
    m.conditions.clockEnd = ok.back()->conditions.clockEnd;
    m.reason.clear();
    for (const std::string &n : notes)
        m.reason += (m.reason.empty() ? "" : "; ") + n;
    if (int(ok.size()) < planned) {
        const Measurement &last = rounds.back();
        std::string note =
            "measured in " + std::to_string(ok.size()) + " of " + std::to_string(planned) + " rounds";
        if (!last.ok() && !last.reason.empty())
            note += " (" + last.reason + ")";
        m.reason = note + (m.reason.empty() ? "" : "; " + m.reason);
    }
    return m;
}

ResultSet SweepRunner::run(const Callbacks &cb, const std::atomic<bool> &stop)
{
    const int hw = int(std::max(1u, std::thread::hardware_concurrency()));
    m_plan.validate(hw);
    ResultSet result;
    result.machine = Devices::probeMachine();
    result.machine.sweep.rounds = m_plan.rounds;
    result.machine.sweep.shuffleSeed = m_plan.rounds > 1 ? m_plan.shuffleSeed : 0;
    result.machine.sweep.cache = m_plan.coldCache ? "cold" : "warm";
    result.machine.sweep.ompWaitPolicy = SweepConditions::currentOmpWaitPolicy();
    if (m_plan.gpu) {
        const GpuClocks &clocks = GpuClocks::instance();
        SweepConditions &s = result.machine.sweep;
        s.gpuClocks = clocks.reason();
        if (clocks.available()) {
            const std::string busId = busIdOf(m_plan.device);
            const GpuClockSample idle = clocks.sample(m_plan.device, busId);
            s.gpuIdleSmMHz = idle.available ? idle.smMHz : 0;
            s.gpuMaxSmMHz = clocks.maxSmMHz(m_plan.device, busId);
            s.gpuClocksLocked = GpuClocks::looksLocked(idle, s.gpuMaxSmMHz);
        }
    }
    describeEnergy(result.machine.sweep);
    // How often the counters change, watched before the points: RAPL's in a few ms, NVML's in
    // up to half a second.
    if (m_cpuEnergy)
        m_cpuEnergy->measureUpdate(0.05);
    for (auto &[device, meter] : m_gpuEnergy)
        meter.measureUpdate(0.5);
    const auto points = m_plan.points();
    const int rounds = m_plan.rounds;
    // The rounds of each point, by its index in points(): the result's rows keep that order.
    std::map<std::string, std::size_t> indexOf;
    for (std::size_t i = 0; i < points.size(); ++i)
        indexOf[skeleton(points[i]).seriesKey() + '@' + std::to_string(points[i].n)] = i;
    std::vector<std::vector<Measurement>> measured(points.size());
    const std::size_t firstPass = rounds > 1 ? points.size() : m_plan.firstPassPoints();
    m_start = StoppingRule::now();
    startEstimates(points);
    m_clockReference.clear();
    const double deadline = m_plan.budget > 0 ? m_start + m_plan.budget : 0;
    const StoppingRule rule(m_plan.minTime, m_plan.maxReps, deadline);
    const Watchdog watchdog(stop, deadline); // the budget in wall time: it cuts the point in flight
    Progress pr;
    pr.total = int(points.size()) * rounds;
    pr.rounds = rounds;
    bool cancelled = false;
    for (int round = 0; round < rounds && !cancelled; ++round) {
        const std::vector<PlanPoint> order = m_plan.roundPoints(round);
        pr.round = round;
        double later = 0; // the estimate of every round after this one
        if (round + 1 < rounds)
            for (const PlanPoint &p : points)
                later += estimate(p, rule) * (rounds - round - 1);
        // The estimate of the points after each one: summed afresh every 1/64 of the round, from
        // the medians known then, and used in between. Summing every remaining point before
        // each point made the sweep's own overhead grow with the square of its points: 2,000,
        // 4,000 and 8,000 sizes took 1.2, 3.0 and 10.7 s under a 0.5 s budget.
        const std::size_t refreshEvery = std::max<std::size_t>(1, order.size() / 64);
        std::vector<double> after; // after[k]: the estimate of order[k + 1 ..] at the last refresh
        for (size_t i = 0; i < order.size(); ++i) {
            const PlanPoint &p = order[i];
            if (i % refreshEvery == 0) {
                after.assign(order.size(), 0);
                for (std::size_t k = order.size() - 1; k > i; --k)
                    after[k - 1] = after[k] + estimate(order[k], rule);
            }
            pr.done = round * int(points.size()) + int(i);
            pr.current = pointLabel(p); // its round is pr.round of pr.rounds
            pr.again = pr.againOf = 0;
            pr.elapsed = StoppingRule::now() - m_start;
            pr.pointEstimate = estimate(p, rule);
            const double rest = pr.pointEstimate + after[i] + later;
            pr.remaining = rule.capToBudget(rest, StoppingRule::now());
            pr.pointEstimate = std::min(pr.pointEstimate, pr.remaining);
            if (cb.progress)
                cb.progress(pr);

            Measurement m;
            if (stop.load()) {
                cancelled = true;
                break; // the rest is not run: what was measured is kept
            } else if (watchdog.ranOut()) {
                m = skeleton(p);
                m.status = Measurement::Status::Skipped;
                m.reason = budgetText(m_plan.budget, "before this point");
            } else {
                const double began = StoppingRule::now();
                m = measure(p, watchdog.flag(), deadline);
                // What the point took beyond its loop, for the estimates of the points after it:
                // on this machine saxpy's n = 3447 took 1.46 s for a loop of 1.03 s.
                if (m.ok() && m.stats.median > 0)
                    m_setup.add(setupBytes(p),
                                StoppingRule::now() - began - loopSeconds(p, RepeatLoop::lasted(m), rule));
                if (m.status == Measurement::Status::Cancelled && watchdog.ranOut() && !stop.load()) {
                    m.status = Measurement::Status::Skipped; // cut: its repetitions were never all done
                    m.reason = budgetText(m_plan.budget, "while this point was being measured");
                } else if (m.status == Measurement::Status::Cancelled) {
                    cancelled = true;
                }
            }
            if (m.ok() && m.stats.median > 0) {
                // What a repetition lasted: an unsynced one's synchronised time.
                const double lasted = RepeatLoop::lasted(m);
                m_medians[m.seriesKey()][m.n] = lasted;
                const auto shortest = m_shortest.try_emplace(m.seriesKey(), lasted).first;
                shortest->second = std::min(shortest->second, lasted);
            }
            const std::size_t idx = indexOf.at(m.seriesKey() + '@' + std::to_string(m.n));
            // A point cancelled in a later round keeps the rounds it had.
            if (!(cancelled && !measured[idx].empty()))
                measured[idx].push_back(m);
            if (round == 0 && i + 1 == firstPass && !cancelled)
                pr.firstPass = StoppingRule::now() - m_start;
            if (cb.measured)
                cb.measured(merge(measured[idx], rounds));
        }
    }
    if (m_plan.remeasureDisturbed) // a cancelled sweep's disturbed points are marked, not measured again
        cancelled =
            remeasureDisturbed(points, measured, rounds, !cancelled, deadline, pr, cb, watchdog.flag()) ||
            cancelled;
    for (const auto &rows : measured)
        if (!rows.empty())
            result.add(merge(rows, rounds));
    result.machine.cpuConditions.endMHz = CpuConditions::currentMHz();
    pr.done = cancelled ? int(result.size()) : int(points.size()) * rounds;
    pr.total = cancelled ? pr.done : int(points.size()) * rounds;
    pr.current = cancelled ? "cancelled" : "done";
    pr.elapsed = StoppingRule::now() - m_start;
    pr.remaining = 0;
    pr.pointEstimate = 0;
    if (cb.progress)
        cb.progress(pr);
    return result;
}

} // namespace speeduplab
