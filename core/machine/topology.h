// SPDX-License-Identifier: MIT
// Topology (no Qt): the CPU as hwloc reads it: packages, NUMA nodes, cores with their hardware
// threads, core kinds (performance and efficiency cores) and caches with their sharing. Where
// hwloc is missing or fails, the OS's own view (/sys), with the reason said.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace speeduplab {

struct Topology {
    struct Core {
        std::vector<int> pus; ///< its hardware threads, as OS indices (what affinity masks name)
        int kind = 0;         ///< its index in kinds
        int package = 0;
        int numa = 0;
        bool operator==(const Core &) const = default;
    };
    /// One kind of core. hwloc ranks kinds by efficiency: a higher rank is more performance
    /// (and less energy efficiency); on a machine of one kind there is one, named "".
    struct Kind {
        std::string name;     ///< "performance", "efficiency" (two kinds); "" with one kind
        std::string coreType; ///< hwloc's CoreType ("IntelCore", "IntelAtom"); often empty
        int efficiency = -1;  ///< hwloc's rank, 0 lowest; -1: unknown
        int cores = 0;
        int pus = 0;
        bool operator==(const Kind &) const = default;
    };
    struct Cache {
        int level = 0;
        std::string type; ///< "data", "instruction", "unified"
        double bytes = 0;
        int sharedBy = 1; ///< hardware threads that share one
        int count = 0;    ///< how many of them the machine has
        bool operator==(const Cache &) const = default;
    };

    int packages = 0;
    int numaNodes = 0;
    std::vector<Core> cores; ///< in hwloc's logical order (package, then cache, then core)
    std::vector<Kind> kinds; ///< lowest efficiency first; at least one once read
    std::vector<Cache> caches;
    std::string source;     ///< "hwloc 2.9.0", "hwloc 2.9.0, from the XML file X", "the OS (/sys)"
    std::string problem;    ///< why hwloc's view is not the one used; empty when it is
    bool thisSystem = true; ///< describes the machine this process runs on (not a file's)

    int pus() const;
    /// The most hardware threads a core has (2 with SMT); 0 when nothing was read.
    int threadsPerCore() const;
    /// The kind of the performance cores: the last (highest efficiency); -1 without kinds.
    int performanceKind() const { return kinds.empty() ? -1 : int(kinds.size()) - 1; }

    /// This machine, read once a process: hwloc's view (its HWLOC_XMLFILE honoured, as hwloc's
    /// tools honour it), else the OS's, with Topology::problem saying why.
    static const Topology &probe();
    /// hwloc's view of this machine, or of the XML topology file at `xml` when it is not empty.
    /// Never throws: a file missing or malformed, or hwloc missing, gives the OS's view with the
    /// reason in problem.
    static Topology read(const std::string &xml = {});
    /// Why an hwloc XML topology is refused before hwloc reads it: nested deeper than
    /// kMaxXmlDepth, more than kMaxXmlObjects objects, a Core or PU object without its cpusets
    /// (hwloc 2.9 crashes on those), a tag never closed, or no object at all. Empty: it may be read.
    static std::string xmlProblem(std::string_view xml);
    static constexpr std::size_t kMaxXmlBytes = 64u << 20;
    static constexpr int kMaxXmlDepth = 64;
    static constexpr std::size_t kMaxXmlObjects = 200000;
    /// The OS's view alone: cores and packages from /sys/devices/system/cpu (root: a test's).
    static Topology fromOs(const std::string &root = "/sys/devices/system/cpu");

    bool operator==(const Topology &) const = default;
};

/// What a result's machine records of its topology (MachineInfo::topology): the counts, not the
/// map of cores. Absent from older files: cores is then 0 (unknown).
struct CpuTopology {
    int packages = 0;
    int numaNodes = 0;
    int cores = 0; ///< physical cores
    int threadsPerCore = 0;
    std::vector<Topology::Kind> kinds; ///< with more than one: the performance and efficiency cores
    std::string source;                ///< Topology::source, then its problem if any
    static CpuTopology of(const Topology &t);
    bool known() const { return cores > 0; }
    /// The lines `speeduplab-cli devices` prints: "Cores", "Core kinds" (with more than one kind),
    /// "Topology" (where it was read).
    std::vector<std::pair<std::string, std::string>> describe() const;
    bool operator==(const CpuTopology &) const = default;
};

} // namespace speeduplab
