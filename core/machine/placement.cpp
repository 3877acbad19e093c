// SPDX-License-Identifier: MIT
// Placement: the order of hardware threads a placement takes, and the OpenMP team bound to it.
#include "core/machine/placement.h"

#include <omp.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <set>

namespace speeduplab {

std::string Placement::name(Kind k)
{
    return k == Kind::CoresFirst ? "cores-first" : k == Kind::Compact ? "compact" : "none";
}

std::optional<Placement::Kind> Placement::parse(const std::string &name)
{
    for (const Kind k : {Kind::CoresFirst, Kind::Compact, Kind::None})
        if (Placement::name(k) == name)
            return k;
    return std::nullopt;
}

namespace {

// The cores, performance kinds first (hwloc ranks the fastest last), each kind in hwloc's order.
std::vector<const Topology::Core *> fastestFirst(const Topology &t)
{
    std::vector<const Topology::Core *> cores;
    for (const Topology::Core &c : t.cores)
        cores.push_back(&c);
    std::stable_sort(cores.begin(), cores.end(),
                     [](const Topology::Core *a, const Topology::Core *b) { return a->kind > b->kind; });
    return cores;
}

// Which core holds each hardware thread.
std::map<int, const Topology::Core *> coreOf(const Topology &t)
{
    std::map<int, const Topology::Core *> out;
    for (const Topology::Core &c : t.cores)
        for (const int pu : c.pus)
            out[pu] = &c;
    return out;
}

} // namespace

std::vector<int> Placement::order(const Topology &t, Kind k)
{
    std::vector<int> out;
    if (k == Kind::None)
        return out;
    const std::vector<const Topology::Core *> cores = fastestFirst(t);
    if (k == Kind::Compact) {
        for (const Topology::Core *c : cores)
            out.insert(out.end(), c->pus.begin(), c->pus.end());
        return out;
    }
    // Cores first: each core's first hardware thread, then each one's second, ...
    for (std::size_t sibling = 0; sibling < std::size_t(t.threadsPerCore()); ++sibling)
        for (const Topology::Core *c : cores)
            if (sibling < c->pus.size())
                out.push_back(c->pus[sibling]);
    return out;
}

Placement::Placed Placement::placed(const Topology &t, Kind k, int threads)
{
    Placed p;
    p.placement = name(k);
    p.coresByKind.assign(t.kinds.size(), 0);
    const std::vector<int> pus = order(t, k);
    if (pus.empty())
        return p;
    const auto cores = coreOf(t);
    std::map<const Topology::Core *, std::set<int>> used;
    for (int i = 0; i < threads; ++i) {
        const int pu = pus[std::size_t(i) % pus.size()];
        const Topology::Core *c = cores.at(pu);
        if (!used[c].insert(pu).second || used[c].size() > 1)
            p.siblingsShared = true; // a core's siblings shared (or, past every thread, one doubled)
    }
    for (const auto &[core, set] : used)
        ++p.coresByKind[std::size_t(core->kind)];
    return p;
}

std::string Placement::Placed::text(const Topology &t) const
{
    if (placement.empty())
        return {};
    if (placement == "none")
        return "none: the OS placed the threads";
    std::string s = placement == "compact" ? "compact: " : "cores first: ";
    bool first = true;
    for (std::size_t i = coresByKind.size(); i-- > 0;) { // performance cores first
        if (coresByKind[i] == 0)
            continue;
        const std::string kind = i < t.kinds.size() ? t.kinds[i].name : std::string();
        s += first ? "" : " and ";
        s += std::to_string(coresByKind[i]) + (kind.empty() ? "" : " " + kind) +
             (coresByKind[i] == 1 ? " core" : " cores");
        first = false;
    }
    s += siblingsShared ? ", SMT siblings shared" : "";
    return s + (bound ? "" : " (planned; not bound)");
}

Placement::Marks Placement::marks(const Topology &t, Kind k)
{
    Marks m;
    const std::vector<int> pus = order(t, k);
    const auto cores = coreOf(t);
    std::set<const Topology::Core *> seen;
    for (std::size_t i = 0; i < pus.size(); ++i) {
        const Topology::Core *c = cores.at(pus[i]);
        if (!seen.insert(c).second && m.siblingsFrom == 0)
            m.siblingsFrom = int(i) + 1;
        if (t.kinds.size() > 1 && c->kind != t.performanceKind() && m.efficiencyFrom == 0)
            m.efficiencyFrom = int(i) + 1;
    }
    return m;
}

namespace {

// The process's mask as it started: what a thread is given back after a bound point.
const cpu_set_t &processMask()
{
    static const cpu_set_t mask = [] {
        cpu_set_t m;
        CPU_ZERO(&m);
        if (sched_getaffinity(0, sizeof m, &m) != 0)
            for (int i = 0; i < CPU_SETSIZE; ++i)
                CPU_SET(i, &m);
        return m;
    }();
    return mask;
}

} // namespace

Placement::Binding::Binding(const Topology &t, Kind k, int threads) : m_threads(std::max(1, threads))
{
    processMask(); // taken before any thread is bound
    if (k == Kind::None)
        return;
    if (!t.thisSystem) {
        m_problem = "the topology is read from a file, not this machine: the threads are not bound";
        return;
    }
    const std::vector<int> pus = order(t, k);
    if (pus.empty()) {
        m_problem = "no hardware threads are known: the threads are not bound";
        return;
    }
    std::atomic<int> failed{-1};
#pragma omp parallel num_threads(m_threads)
    {
        const int i = omp_get_thread_num();
        const int pu = pus[std::size_t(i) % pus.size()];
        cpu_set_t one;
        CPU_ZERO(&one);
        if (pu >= 0 && pu < CPU_SETSIZE)
            CPU_SET(pu, &one);
        if (!CPU_ISSET(pu, &processMask()) || sched_setaffinity(0, sizeof one, &one) != 0)
            failed = pu;
    }
    m_bound = failed.load() < 0;
    if (!m_bound)
        m_problem = "hardware thread " + std::to_string(failed.load()) +
                    " is not one this process may run on (its CPU mask, a container's limit): the threads "
                    "are not bound";
}

Placement::Binding::~Binding()
{
    if (!m_bound && m_problem.empty())
        return; // placement none: nothing was bound
#pragma omp parallel num_threads(m_threads)
    sched_setaffinity(0, sizeof(cpu_set_t), &processMask());
}

} // namespace speeduplab
