// SPDX-License-Identifier: MIT
// Placement (no Qt): where a team of CPU threads goes on the Topology (--placement: cores first,
// compact, or as the OS decides), what a point's threads were on, and the binding of the OpenMP
// team that puts them there.
#pragma once

#include "core/machine/topology.h"

#include <optional>
#include <string>
#include <vector>

namespace speeduplab {

class Placement {
public:
    enum class Kind {
        CoresFirst, ///< one thread a core, performance cores before efficiency cores, then SMT siblings
        Compact,    ///< a core's SMT siblings together, performance cores first
        None,       ///< the OS decides, as before placement existed (the threads are not bound)
    };
    /// "cores-first", "compact", "none".
    static std::string name(Kind k);
    /// The kind a name says ("cores-first", "compact", "none"); nullopt for any other.
    static std::optional<Kind> parse(const std::string &name);
    static constexpr Kind defaultKind = Kind::CoresFirst;

    /// The hardware thread (OS index) each thread takes, in order: thread i goes on order[i % size].
    /// Empty for None.
    static std::vector<int> order(const Topology &t, Kind k);

    /// What a team of `threads` was on.
    struct Placed {
        std::string placement;        ///< Placement::name; "" in older files
        std::vector<int> coresByKind; ///< distinct cores used, by Topology::kinds index
        bool siblingsShared = false;  ///< two threads on one core's SMT siblings
        bool bound = false;           ///< the threads were bound there (false: the OS decided)
        /// "cores first: 6 performance cores and 1 efficiency core", "compact: 1 core, its 2
        /// SMT siblings shared", "none: the OS placed the threads"; what a row's placed_on holds.
        std::string text(const Topology &t) const;
        bool operator==(const Placed &) const = default;
    };
    static Placed placed(const Topology &t, Kind k, int threads);

    /// The thread counts where a cores-first placement changes what a thread adds: the first
    /// that shares a core with another (SMT siblings start), and the first on an efficiency core;
    /// 0 where it never happens within the machine's hardware threads.
    struct Marks {
        int siblingsFrom = 0;
        int efficiencyFrom = 0;
    };
    static Marks marks(const Topology &t, Kind k);

    /// Binds the OpenMP team of `threads` as placed (one parallel region, each thread its own
    /// hardware thread) for as long as it lives; then gives every thread back the process's mask.
    /// Binds nothing for None, or on a topology that is not this machine's (an XML file): problem
    /// then says why.
    class Binding {
    public:
        Binding(const Topology &t, Kind k, int threads);
        ~Binding();
        Binding(const Binding &) = delete;
        Binding &operator=(const Binding &) = delete;
        bool bound() const { return m_bound; }
        const std::string &problem() const { return m_problem; }

    private:
        int m_threads = 0;
        bool m_bound = false;
        std::string m_problem;
    };
};

} // namespace speeduplab
