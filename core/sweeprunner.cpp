// SPDX-License-Identifier: MIT
#include "core/sweeprunner.h"

#include "core/cpukernels.h"
#include "core/machineinfo.h"
#include "core/reference.h"
#include "core/stoppingrule.h"
#include "core/workload.h"
#include "cuda/gpubackend.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <map>
#include <new>
#include <stdexcept>
#include <thread>

namespace speeduplab {

namespace {

double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string pointLabel(const PlanPoint &p)
{
    std::string s = p.backend == "gpu"
                        ? "GPU " + p.mode
                        : "CPU " + std::to_string(p.threads) + (p.threads == 1 ? " thread" : " threads");
    if (!p.variant.empty())
        s += " (" + p.variant + ")";
    return s + ", n = " + std::to_string(p.n);
}

// Warm-up, repetitions, verification: the same for a CPU and a GPU run (cuda/gpubackend.h).
void repeat(Run &run, Measurement &m, const StoppingRule &rule, const std::atomic<bool> &stop,
            const std::vector<std::vector<float>> &inputs)
{
    run.reset();
    // Warm-up: caches, clocks, lazy module loading, page faults, the thread team.
    const double warm = run.runOnce(stop);
    std::vector<double> samples;
    double measured = 0;
    // A long warm-up counts as the first sample instead of doubling the cost of a long point.
    if (rule.warmUpCounts(warm)) {
        samples.push_back(warm);
        measured = warm;
    }
    while (!rule.enough(int(samples.size()), measured) && !rule.outOfTime(int(samples.size()), now())) {
        run.reset();
        const double t = run.runOnce(stop);
        samples.push_back(t);
        measured += t;
    }
    m.stats = Stats::of(samples);
    const Reference::Check c =
        Reference::verify(m.workload, m.variant, m.n, m.iterations, inputs, run.output());
    m.verified = c.ok;
    m.maxError = std::isfinite(c.maxError) ? c.maxError : 1e308;
    if (!c.ok) {
        m.status = Measurement::Status::Failed;
        m.reason = "wrong result: " + c.message;
    }
}

} // namespace

SweepRunner::SweepRunner(SweepPlan plan) : m_plan(std::move(plan)), m_iterations(m_plan.effectiveIterations())
{
}

double SweepRunner::hostMemoryAvailable() const
{
    return m_plan.hostMemoryLimit > 0 ? m_plan.hostMemoryLimit : MachineInfo::availableMemory();
}

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
            if (o.n == c.n && o.gpu == c.gpu) {
                o.need = std::max(o.need, c.need);
                return;
            }
        out.push_back(c);
    };
    for (const PlanPoint &p : m_plan.points()) {
        // The same checks, in the same order, as measure(): host memory first, on every backend.
        const MemoryCheck host = MemoryCheck::host(*w, p.n, hostAvailable);
        add(host);
        if (host.fits() && p.backend == "gpu" && gpuAvailable > 0)
            add(MemoryCheck::device(job(p), gpuAvailable));
    }
    // The points run coarse to fine; the sizes that do not fit read best in ascending n.
    std::stable_sort(out.begin(), out.end(),
                     [](const MemoryCheck &a, const MemoryCheck &b) { return a.n < b.n; });
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
    m.elements = Workload::elements(p.n);
    m.bytes = w ? w->bytes(p.n, m_iterations) : 0;
    m.flops = w ? w->flops(p.n, m_iterations) : 0;
    if (p.backend == "gpu") {
        m.device = m_plan.device;
        if (m_plan.transfers && m_plan.workload != "transfer")
            m.transfers = m_plan.pinned ? "pinned" : "pageable";
    }
    return m;
}

gpu::Job SweepRunner::job(const PlanPoint &p) const
{
    const Measurement m = skeleton(p);
    gpu::Job job;
    job.workload = m.workload;
    job.variant = m.variant;
    job.mode = m.mode;
    job.n = p.n;
    job.iterations = m_iterations;
    job.transfers = m.transfers != "none";
    job.pinnedHost = m.workload == "transfer" ? m.variant == "pinned" : m_plan.pinned;
    job.device = m_plan.device;
    job.alpha = Reference::saxpyAlpha;
    return job;
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
    const bool onGpu = p.backend == "gpu";
    if (onGpu) {
        const gpu::Availability a = gpu::availability();
        const std::string disabled = a.builtWithCuda ? gpu::disabledReason() : "";
        if (!a.usable || !disabled.empty()) {
            m.status = Measurement::Status::Skipped;
            m.reason = disabled.empty() ? a.reason : disabled;
            return m;
        }
    } else {
        const std::string why = CpuKernels::available(m.workload, m.variant);
        if (!why.empty()) {
            m.status = Measurement::Status::Skipped;
            m.reason = why;
            return m;
        }
    }

    if (const MemoryCheck host = MemoryCheck::host(*w, p.n, hostMemoryAvailable()); !host.fits()) {
        m.status = Measurement::Status::Skipped;
        m.reason = host.reason();
        return m;
    }

    try {
        const auto inputs = Reference::inputs(m.workload, p.n);
        std::vector<const float *> ptrs;
        for (const auto &v : inputs)
            ptrs.push_back(v.data());
        const StoppingRule rule(m_plan.minTime, m_plan.maxReps, deadline);
        if (onGpu) {
            gpu::Job gpuJob = job(p);
            gpuJob.inputs = ptrs;
            std::size_t freeBytes = 0, totalBytes = 0;
            gpu::memoryInfo(gpuJob.device, freeBytes, totalBytes);
            if (const MemoryCheck device = MemoryCheck::device(gpuJob, double(freeBytes)); !device.fits()) {
                m.status = Measurement::Status::Skipped;
                m.reason = device.reason();
                return m;
            }
            auto run = gpu::createRun(gpuJob);
            repeat(*run, m, rule, stop, inputs);
        } else {
            auto run = CpuKernels::create(m.workload, m.variant, p.n, m_iterations, p.threads,
                                          Reference::saxpyAlpha, ptrs);
            repeat(*run, m, rule, stop, inputs);
        }
    } catch (const Cancelled &) {
        m.status = Measurement::Status::Cancelled;
        m.reason = "cancelled while it was being measured";
        m.stats = Stats();
    } catch (const gpu::CudaError &e) {
        m.status = Measurement::Status::Failed;
        m.reason = std::string("CUDA error ") + e.errorName() + ": " + e.what();
        if (e.sticky())
            m.reason += " (the GPU backend is disabled for the rest of this run)";
        m.stats = Stats();
    } catch (const std::bad_alloc &) {
        m.status = Measurement::Status::Skipped;
        m.reason =
            "not enough host memory: allocating the buffers for n = " + std::to_string(p.n) + " failed";
        m.stats = Stats();
    } catch (const std::exception &e) {
        m.status = Measurement::Status::Failed;
        m.reason = e.what();
        m.stats = Stats();
    }
    return m;
}

double SweepRunner::estimate(const PlanPoint &p, const StoppingRule &rule) const
{
    const auto series = m_medians.find(skeleton(p).seriesKey());
    if (series == m_medians.end() || series->second.empty()) // no history: assume a short point
        return std::max(0.02, m_plan.minTime);
    const std::map<int, double> &medians = series->second;
    const Workload *w = Workload::find(m_plan.workload);
    auto work = [w](int n) { return w ? std::max(1e-300, w->work(n, 1)) : double(n) * n; };
    // The points run coarse to fine, so the nearest measured sizes may lie on either side.
    const auto above = medians.lower_bound(p.n);
    double rep = 0;
    if (above != medians.end() && above->first == p.n) {
        rep = above->second;
    } else if (above == medians.begin()) { // only larger sizes: at most as long as the nearest
        rep = above->second;
    } else {
        const auto below = std::prev(above);
        if (above == medians.end()) {
            // Only smaller sizes: time in proportion to the work, the most a fixed cost allows.
            rep = below->second * std::max(1.0, work(p.n) / work(below->first));
        } else {
            // Between two measured sizes: a straight line on log-log axes.
            const double f =
                std::log(work(p.n) / work(below->first)) / std::log(work(above->first) / work(below->first));
            rep = below->second * std::pow(above->second / below->second, std::clamp(f, 0.0, 1.0));
        }
    }
    return rule.pointSeconds(std::max(rep, 1e-9));
}

ResultSet SweepRunner::run(const Callbacks &cb, const std::atomic<bool> &stop)
{
    const int hw = int(std::max(1u, std::thread::hardware_concurrency()));
    m_plan.validate(hw);
    ResultSet result;
    result.machine = MachineInfo::probe();
    const auto points = m_plan.points();
    const std::size_t firstPass = m_plan.firstPassPoints();
    m_start = now();
    m_medians.clear();
    const double deadline = m_plan.budget > 0 ? m_start + m_plan.budget : 0;
    const StoppingRule rule(m_plan.minTime, m_plan.maxReps, deadline);
    Progress pr;
    pr.total = int(points.size());
    bool cancelled = false;
    for (size_t i = 0; i < points.size(); ++i) {
        const PlanPoint &p = points[i];
        pr.done = int(i);
        pr.current = pointLabel(p);
        pr.elapsed = now() - m_start;
        pr.pointEstimate = estimate(p, rule);
        double rest = pr.pointEstimate;
        for (size_t k = i + 1; k < points.size(); ++k)
            rest += estimate(points[k], rule);
        pr.remaining = rule.capToBudget(rest, now());
        pr.pointEstimate = std::min(pr.pointEstimate, pr.remaining);
        if (cb.progress)
            cb.progress(pr);

        Measurement m;
        if (cancelled || stop.load()) {
            cancelled = true;
            break; // the rest is not run: what was measured is kept
        } else if (deadline > 0 && now() >= deadline) {
            m = skeleton(p);
            m.status = Measurement::Status::Skipped;
            char buf[120];
            std::snprintf(buf, sizeof buf, "the time budget of %g s ran out before this point",
                          m_plan.budget);
            m.reason = buf;
        } else {
            m = measure(p, stop, deadline);
            if (m.status == Measurement::Status::Cancelled)
                cancelled = true;
        }
        if (m.ok() && m.stats.median > 0)
            m_medians[m.seriesKey()][m.n] = m.stats.median;
        if (i + 1 == firstPass && !cancelled)
            pr.firstPass = now() - m_start;
        result.add(m);
        if (cb.measured)
            cb.measured(m);
    }
    result.machine.cpuConditions.endMHz = CpuConditions::currentMHz();
    pr.done = int(result.size());
    pr.total = cancelled ? pr.done : int(points.size());
    pr.current = cancelled ? "cancelled" : "done";
    pr.elapsed = now() - m_start;
    pr.remaining = 0;
    pr.pointEstimate = 0;
    if (cb.progress)
        cb.progress(pr);
    return result;
}

} // namespace speeduplab
