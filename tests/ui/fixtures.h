// SPDX-License-Identifier: MIT
// Result sets with known answers for the UI tests: written with ResultIO, opened through the
// window, as a recorded run from another machine would be. One point, the test machine and the
// large files are in tests/support/resultsets.h, which the GUI benchmark shares.
#pragma once

#include "tests/support/resultsets.h"

#include "core/model/resultset.h"
#include "core/model/workload.h"
#include "core/plan/sweepplan.h"

#include <algorithm>
#include <string>

namespace speeduplab::fixtures {

/// One successful gemm point (blas on the CPU, cuBLAS on the GPU) at `gflops` GFLOP/s.
inline Measurement gemmPoint(const std::string &backend, int threads, const std::string &mode, int n,
                             double gflops)
{
    const Workload *w = Workload::find("gemm");
    Measurement m = point(backend, threads, mode, n, 1e-3);
    m.workload = "gemm";
    m.variant = backend == "gpu" ? "cublas" : "blas";
    m.bytes = w->bytes(n, m.iterations);
    m.flops = w->flops(n, m.iterations);
    const double t = m.flops / (gflops * 1e9);
    m.stats.median = m.stats.mean = t;
    m.stats.min = t * 0.95;
    m.stats.max = t * 1.05;
    return m;
}

/// A CPU curve t = 1e-9 n^2 s (a power law) and constant GPU curves at the times the CPU takes
/// at each of crossoverNs: straight lines in log-log, so the interpolated crossings are exactly
/// at those n. Sizes 4..4000, 4 per decade. Includes one failed and one skipped GPU point,
/// which must never be plotted.
inline ResultSet knownCrossover(const std::vector<double> &crossoverNs)
{
    static const char *const modes[] = {"launch", "graph", "fused"};
    ResultSet r;
    r.machine = machine();
    for (int n : SweepPlan::logRange(4, 4000, 4)) {
        r.add(point("cpu", 1, "", n, 1e-9 * double(n) * n));
        for (std::size_t g = 0; g < crossoverNs.size(); ++g)
            r.add(point("gpu", 0, modes[g % 3], n, 1e-9 * crossoverNs[g] * crossoverNs[g]));
    }
    Measurement failed = point("gpu", 0, "launch", 5000, 1e-9);
    failed.status = Measurement::Status::Failed;
    failed.verified = false;
    failed.reason = "wrong result: element 3 is 7, expected 8";
    r.add(failed);
    Measurement skipped = point("gpu", 0, "launch", 6000, 0);
    skipped.status = Measurement::Status::Skipped;
    skipped.stats = Stats();
    skipped.reason = "not enough GPU memory";
    r.add(skipped);
    return r;
}

/// r with every ok row's energy as a device drawing `cpuWatts` (CPU rows) or `gpuWatts` (GPU rows)
/// over its repetitions would have: J per operation = watts x time per operation. On
/// knownCrossover({X}) at 50 W and 200 W the GPU spends less energy above n = 2X (it must be four
/// times faster, and the CPU's time grows with n^2). Rows of `without` n have none.
inline ResultSet withEnergy(ResultSet r, double cpuWatts, double gpuWatts,
                            const std::vector<int> &without = {})
{
    for (Measurement &m : r.rows) {
        if (!m.ok() || std::find(without.begin(), without.end(), m.n) != without.end())
            continue;
        const double watts = m.isCpu() ? cpuWatts : gpuWatts;
        const double operations = double(std::max(1, m.stats.reps)) * m.iterations;
        PointEnergy &e = m.conditions.energy;
        e.perOperation = watts * m.perIteration();
        e.joules = e.perOperation * operations;
        e.seconds = e.joules / watts;
        e.counters = m.isCpu() ? "RAPL package-0 (package)" : "NVML total energy (the GPU board)";
    }
    return r;
}

/// A plausible run of add on an 8-thread CPU and a fast GPU (for rendering checks): CPU
/// thread counts 1, 2, 4, 8 and GPU modes launch, graph and fused.
inline ResultSet realistic()
{
    ResultSet r;
    r.machine = machine();
    for (int n : SweepPlan::logRange(4, 4000, 4)) {
        const double bytes = 8.0 * n * n;
        for (int p : {1, 2, 4, 8}) {
            const double serial = 0.15; // memory bandwidth saturates
            const double bw = 12e9 / (serial + (1 - serial) / p);
            r.add(point("cpu", p, "", n, 2e-8 + (p > 1 ? 6e-7 * p / 2 : 0) + bytes / bw, 0.04));
        }
        r.add(point("gpu", 0, "launch", n, 4.5e-6 + bytes / 3.2e12, 0.03));
        r.add(point("gpu", 0, "graph", n, 1.6e-6 + bytes / 3.2e12, 0.03));
        r.add(point("gpu", 0, "fused", n, 2.5e-7 + bytes / 3.4e12, 0.03));
    }
    return r;
}

/// The same points as a reference tool would write them (bench/compare_torch.py): variant
/// "torch", GPU mode "eager" for our "launch", fused dropped (PyTorch has no such mode), and
/// every time multiplied by factor.
inline ResultSet torchReference(const ResultSet &ours, double factor)
{
    ResultSet r;
    r.machine = machine();
    r.machine.programVersion = "PyTorch 9.9";
    r.machine.buildType = "reference";
    for (Measurement m : ours.rows) {
        if (m.mode == "fused" || !m.ok())
            continue;
        m.variant = "torch";
        if (m.mode == "launch")
            m.mode = "eager";
        m.verified = false;
        m.stats.median *= factor;
        m.stats.min *= factor;
        m.stats.max *= factor;
        m.stats.mean *= factor;
        r.add(m);
    }
    return r;
}

} // namespace speeduplab::fixtures
