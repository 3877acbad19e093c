// SPDX-License-Identifier: MIT
// Result sets of a known shape, built in memory, shared by the UI tests (tests/ui/fixtures.h,
// tst_bigfiles) and the GUI benchmark (bench/gui): one point, the test machine, and the large
// files. Core types only: no Qt, no window.
#pragma once

#include "core/machine/machineinfo.h"
#include "core/model/resultset.h"
#include "core/model/workload.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace speeduplab::fixtures {

/// One successful point of workload add with the given time per iteration (seconds).
inline Measurement point(const std::string &backend, int threads, const std::string &mode, int n, double t,
                         double spread = 0.05)
{
    const Workload *w = Workload::find("add");
    Measurement m;
    m.workload = "add";
    m.backend = backend;
    m.threads = threads;
    m.mode = mode;
    m.device = backend == "gpu" ? 0 : -1;
    m.n = n;
    m.iterations = 10;
    m.elements = Workload::elements(n);
    m.bytes = w->bytes(n, m.iterations);
    m.flops = w->flops(n, m.iterations);
    m.stats.reps = 5;
    m.stats.median = t * m.iterations;
    m.stats.min = t * m.iterations * (1 - spread);
    m.stats.max = t * m.iterations * (1 + spread);
    m.stats.mean = m.stats.median;
    m.stats.stddev = m.stats.median * spread / 2;
    m.stats.cv = spread / 2;
    m.verified = true;
    return m;
}

inline MachineInfo machine()
{
    MachineInfo mi;
    mi.cpuModel = "Test CPU";
    mi.logicalCores = 8;
    mi.os = "Test OS";
    MachineInfo::Gpu g;
    g.index = 0;
    g.name = "Test GPU";
    g.computeCapability = "9.0";
    g.smCount = 132;
    mi.gpus.push_back(g);
    mi.programVersion = "test";
    mi.timestamp = "2025-01-01T00:00:00Z";
    return mi;
}

/// count distinct sizes from 4 to 4000, evenly spaced in log n.
inline std::vector<int> sizes(int count)
{
    std::vector<int> ns;
    for (int k = 0; int(ns.size()) < count; ++k) {
        int n = int(std::lround(4 * std::pow(1000.0, double(k) / std::max(1, count - 1))));
        if (!ns.empty())
            n = std::max(n, ns.back() + 1);
        ns.push_back(n);
    }
    return ns;
}

/// One CPU and one GPU curve at count sizes, the GPU 25 % slower at even and 20 % faster at odd
/// sizes: they swap places at every size (count - 1 crossovers).
inline ResultSet alternating(int count)
{
    ResultSet r;
    r.machine = machine();
    const std::vector<int> ns = sizes(count);
    for (std::size_t i = 0; i < ns.size(); ++i) {
        const double t = 1e-9 * ns[i] * ns[i] + 1e-6;
        r.add(point("cpu", 1, "", ns[i], t));
        r.add(point("gpu", 0, "launch", ns[i], t * (i % 2 ? 0.8 : 1.25)));
    }
    return r;
}

/// cpu CPU thread counts and gpu GPU curves (three modes on each of gpu / 3 devices), at points
/// sizes each.
inline ResultSet manySeries(int cpu, int gpu, int points)
{
    static const char *const modes[] = {"launch", "graph", "fused"};
    ResultSet r;
    r.machine = machine();
    for (int n : sizes(points)) {
        for (int p = 1; p <= cpu; ++p)
            r.add(point("cpu", p, "", n, 1e-8 + 1e-9 * n * n / std::min(p, 16) * (1 + 0.001 * p)));
        for (int g = 0; g < gpu; ++g) {
            Measurement m = point("gpu", 0, modes[g % 3], n, 4e-6 * (1 + 0.01 * g) + 1e-12 * n * n);
            m.device = g / 3;
            r.add(m);
        }
    }
    return r;
}

} // namespace speeduplab::fixtures
