// SPDX-License-Identifier: MIT
// Topology: the CPU read with hwloc (or an hwloc XML file), else from /sys.
#include "core/machine/topology.h"

#include "core/io/readfile.h"
#include "core/io/texts.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#ifdef SPEEDUPLAB_HAVE_HWLOC
#include <hwloc.h>
#endif

namespace speeduplab {

int Topology::pus() const
{
    int n = 0;
    for (const Core &c : cores)
        n += int(c.pus.size());
    return n;
}

int Topology::threadsPerCore() const
{
    std::size_t most = 0;
    for (const Core &c : cores)
        most = std::max(most, c.pus.size());
    return int(most);
}

namespace {

// One kind for every core, with the counts filled in.
void countKinds(Topology &t)
{
    if (t.kinds.empty())
        t.kinds.push_back({});
    for (Topology::Kind &k : t.kinds)
        k.cores = k.pus = 0;
    for (Topology::Core &c : t.cores) {
        c.kind = std::clamp(c.kind, 0, int(t.kinds.size()) - 1);
        ++t.kinds[std::size_t(c.kind)].cores;
        t.kinds[std::size_t(c.kind)].pus += int(c.pus.size());
    }
    // Named only where there is more than one: the fastest "performance", the others "efficiency".
    if (t.kinds.size() > 1)
        for (std::size_t i = 0; i < t.kinds.size(); ++i)
            t.kinds[i].name = i + 1 == t.kinds.size() ? "performance" : "efficiency";
}

std::string readLine(const std::filesystem::path &p)
{
    const std::string text = ReadFile::read(p.string(), 4096, ReadFile::Over::Cut).text;
    return text.substr(0, text.find('\n'));
}

} // namespace

std::string Topology::xmlProblem(std::string_view xml)
{
    // A walk over the tags, no XML library: the depth of the nesting, the number of objects, and
    // the sets hwloc 2.9 dereferences without a check on a Core or PU object.
    int depth = 0, deepest = 0;
    std::size_t objects = 0;
    // An attribute of a tag: its name after white space, then ="
    const auto has = [](std::string_view tag, std::string_view name) {
        for (std::size_t at = tag.find(name); at != std::string_view::npos; at = tag.find(name, at + 1))
            if (at > 0 && std::isspace(static_cast<unsigned char>(tag[at - 1])) &&
                tag.substr(at + name.size(), 2) == "=\"")
                return true;
        return false;
    };
    for (std::size_t at = xml.find('<'); at != std::string_view::npos; at = xml.find('<', at)) {
        if (xml.compare(at, 4, "<!--") == 0) {
            const std::size_t end = xml.find("-->", at + 4);
            if (end == std::string_view::npos)
                return "a comment is never closed";
            at = end + 3;
            continue;
        }
        const std::size_t end = xml.find('>', at);
        if (end == std::string_view::npos)
            return "a tag is never closed";
        const std::string_view tag = xml.substr(at + 1, end - at - 1);
        at = end + 1;
        if (tag.empty() || tag.front() == '?' || tag.front() == '!')
            continue;
        if (tag.front() == '/') {
            --depth;
            continue;
        }
        if (tag.back() != '/')
            deepest = std::max(deepest, ++depth);
        if (deepest > kMaxXmlDepth)
            return "it nests deeper than " + std::to_string(kMaxXmlDepth) + " levels";
        if (tag.rfind("object", 0) != 0)
            continue;
        if (++objects > kMaxXmlObjects)
            return "it holds more than " + std::to_string(kMaxXmlObjects) + " objects";
        const bool core = tag.find("type=\"Core\"") != std::string_view::npos;
        if ((core || tag.find("type=\"PU\"") != std::string_view::npos) &&
            (!has(tag, "cpuset") || !has(tag, "complete_cpuset")))
            return std::string("a ") + (core ? "Core" : "PU") + " object has no cpuset or complete_cpuset";
    }
    if (objects == 0)
        return "it holds no topology object";
    return {};
}

namespace {

#ifdef SPEEDUPLAB_HAVE_HWLOC
// hwloc's topology, freed on every path out.
struct Hwloc {
    hwloc_topology_t t = nullptr;
    Hwloc() { hwloc_topology_init(&t); }
    ~Hwloc() { hwloc_topology_destroy(t); }
    Hwloc(const Hwloc &) = delete;
    Hwloc &operator=(const Hwloc &) = delete;
};

std::string cacheType(hwloc_obj_cache_type_t type)
{
    return type == HWLOC_OBJ_CACHE_DATA          ? "data"
           : type == HWLOC_OBJ_CACHE_INSTRUCTION ? "instruction"
                                                 : "unified";
}

// The topology hwloc loaded, or a reason why it did not.
bool fromHwloc(hwloc_topology_t h, Topology &t)
{
    t.thisSystem = hwloc_topology_is_thissystem(h) != 0;
    t.packages = std::max(1, hwloc_get_nbobjs_by_type(h, HWLOC_OBJ_PACKAGE));
    t.numaNodes = std::max(1, hwloc_get_nbobjs_by_type(h, HWLOC_OBJ_NUMANODE));
    // Core kinds, lowest efficiency first, as hwloc ranks them.
    std::vector<hwloc_bitmap_t> kindSets;
    const int kinds = hwloc_cpukinds_get_nr(h, 0);
    for (int i = 0; i < kinds; ++i) {
        hwloc_bitmap_t set = hwloc_bitmap_alloc();
        int efficiency = -1;
        unsigned infos = 0;
        struct hwloc_info_s *info = nullptr;
        if (hwloc_cpukinds_get_info(h, unsigned(i), set, &efficiency, &infos, &info, 0) != 0) {
            hwloc_bitmap_free(set);
            continue;
        }
        Topology::Kind k;
        k.efficiency = efficiency;
        for (unsigned j = 0; j < infos; ++j)
            if (info[j].name && info[j].value && std::strcmp(info[j].name, "CoreType") == 0)
                k.coreType = info[j].value;
        t.kinds.push_back(k);
        kindSets.push_back(set);
    }
    // Cores (or PUs, where hwloc finds no cores), each with its PUs, package, NUMA node and kind.
    const hwloc_obj_type_t unit =
        hwloc_get_nbobjs_by_type(h, HWLOC_OBJ_CORE) > 0 ? HWLOC_OBJ_CORE : HWLOC_OBJ_PU;
    for (hwloc_obj_t core = nullptr; (core = hwloc_get_next_obj_by_type(h, unit, core));) {
        Topology::Core c;
        for (hwloc_obj_t pu = nullptr;
             (pu = hwloc_get_next_obj_inside_cpuset_by_type(h, core->cpuset, HWLOC_OBJ_PU, pu));)
            c.pus.push_back(int(pu->os_index));
        if (c.pus.empty())
            continue;
        if (hwloc_obj_t p = hwloc_get_ancestor_obj_by_type(h, HWLOC_OBJ_PACKAGE, core))
            c.package = int(p->logical_index);
        for (hwloc_obj_t n = nullptr; (n = hwloc_get_next_obj_by_type(h, HWLOC_OBJ_NUMANODE, n));)
            if (hwloc_bitmap_isincluded(core->cpuset, n->cpuset)) {
                c.numa = int(n->logical_index);
                break;
            }
        for (std::size_t k = 0; k < kindSets.size(); ++k)
            if (hwloc_bitmap_intersects(core->cpuset, kindSets[k]))
                c.kind = int(k);
        t.cores.push_back(std::move(c));
    }
    for (hwloc_bitmap_t s : kindSets)
        hwloc_bitmap_free(s);
    // Caches: how many of each level, type, size and sharing.
    std::map<std::tuple<int, std::string, double, int>, int> caches;
    const int depths = hwloc_topology_get_depth(h);
    for (int d = 0; d < depths; ++d)
        for (hwloc_obj_t o = nullptr; (o = hwloc_get_next_obj_by_depth(h, d, o));)
            if (hwloc_obj_type_is_cache(o->type) && o->attr)
                ++caches[{int(o->attr->cache.depth), cacheType(o->attr->cache.type),
                          double(o->attr->cache.size), std::max(1, hwloc_bitmap_weight(o->cpuset))}];
    for (const auto &[key, count] : caches)
        t.caches.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), std::get<3>(key), count});
    countKinds(t);
    return !t.cores.empty();
}
#endif

} // namespace

Topology Topology::fromOs(const std::string &root)
{
    Topology t;
    t.source = "the OS (" + root + ")";
    std::map<std::pair<int, int>, std::vector<int>> byCore; // (package, core id) -> PUs
    std::error_code ec;
    for (const auto &e : std::filesystem::directory_iterator(root, ec)) {
        const std::string name = e.path().filename().string();
        if (name.size() < 4 || name.compare(0, 3, "cpu") != 0 ||
            !std::all_of(name.begin() + 3, name.end(), [](char c) { return c >= '0' && c <= '9'; }))
            continue;
        const int pu = std::atoi(name.c_str() + 3);
        const std::string core = readLine(e.path() / "topology" / "core_id");
        const std::string package = readLine(e.path() / "topology" / "physical_package_id");
        // Without topology files (an offline CPU, a bare container): a core of its own.
        const int coreId = core.empty() ? -1 - pu : std::atoi(core.c_str());
        byCore[{package.empty() ? 0 : std::atoi(package.c_str()), coreId}].push_back(pu);
    }
    std::set<int> packages;
    for (auto &[key, pus] : byCore) {
        std::sort(pus.begin(), pus.end());
        packages.insert(key.first);
        t.cores.push_back({pus, 0, key.first, 0});
    }
    // In the order of their first hardware thread, as the OS numbers them.
    std::sort(t.cores.begin(), t.cores.end(),
              [](const Core &a, const Core &b) { return a.pus.front() < b.pus.front(); });
    t.packages = std::max(1, int(packages.size()));
    t.numaNodes = 1;
    countKinds(t);
    return t;
}

Topology Topology::read(const std::string &xml)
{
#ifdef SPEEDUPLAB_HAVE_HWLOC
    // The file is read here, through the one reader, and held to the shape hwloc survives before
    // hwloc sees it: hwloc blocks on a FIFO, reads /dev/zero without end, and crashes on some
    // malformed topologies.
    std::string problem, text;
    if (!xml.empty()) {
        ReadFile::Result r = ReadFile::read(xml, kMaxXmlBytes);
        if (!r.ok())
            problem = "the hwloc XML topology cannot be read: " + r.sentence;
        else if (const std::string why = xmlProblem(r.text); !why.empty())
            problem = "the hwloc XML topology " + detail::shown(xml) + " is refused: " + why;
        else
            text = std::move(r.text);
    }
    if (problem.empty()) {
        Hwloc h;
        hwloc_topology_set_icache_types_filter(h.t, HWLOC_TYPE_FILTER_KEEP_ALL); // L1i too, as /sys lists it
        if (!xml.empty() && hwloc_topology_set_xmlbuffer(h.t, text.data(), int(text.size())) != 0)
            problem =
                "the hwloc XML topology " + detail::shown(xml) + " cannot be opened: " + std::strerror(errno);
        else if (hwloc_topology_load(h.t) != 0)
            problem =
                xml.empty()
                    ? std::string("hwloc could not read this machine's topology: ") + std::strerror(errno)
                    : "the file " + detail::shown(xml) + " is not an hwloc XML topology that hwloc can load";
        else {
            Topology t;
            t.source = xml.empty() ? "hwloc" : "hwloc, from the XML file " + detail::shown(xml);
            if (fromHwloc(h.t, t))
                return t;
            problem = xml.empty() ? "hwloc found no cores on this machine"
                                  : "the XML topology " + detail::shown(xml) + " holds no cores";
        }
    }
    Topology t = fromOs();
    t.problem = problem + "; the OS's view of this machine is used instead";
    return t;
#else
    Topology t = fromOs();
    t.problem = xml.empty() ? "built without hwloc (libhwloc-dev): the OS's view, without core kinds"
                            : "built without hwloc (libhwloc-dev): the XML topology " + xml +
                                  " cannot be read; the OS's view of this machine is used instead";
    return t;
#endif
}

CpuTopology CpuTopology::of(const Topology &t)
{
    CpuTopology c;
    c.packages = t.packages;
    c.numaNodes = t.numaNodes;
    c.cores = int(t.cores.size());
    c.threadsPerCore = t.threadsPerCore();
    c.kinds = t.kinds;
    c.source = t.source + (t.problem.empty() ? "" : " (" + t.problem + ")");
    return c;
}

std::vector<std::pair<std::string, std::string>> CpuTopology::describe() const
{
    std::vector<std::pair<std::string, std::string>> r;
    if (!known())
        return r;
    const auto count = [](int n, const char *one, const char *many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    r.emplace_back("Cores", count(cores, "core", "cores") + " (" + count(packages, "package", "packages") +
                                ", " + count(numaNodes, "NUMA node", "NUMA nodes") + "), " +
                                count(threadsPerCore, "thread per core", "threads per core"));
    if (kinds.size() > 1) {
        std::string s;
        for (std::size_t i = kinds.size(); i-- > 0;) { // performance first
            const Topology::Kind &k = kinds[i];
            s += s.empty() ? "" : ", ";
            s += std::to_string(k.cores) + " " + k.name + " (" +
                 (k.coreType.empty() ? "" : k.coreType + ", ") + count(k.pus, "thread", "threads") + ")";
        }
        r.emplace_back("Core kinds", s);
    }
    r.emplace_back("Topology", source);
    return r;
}

const Topology &Topology::probe()
{
    // HWLOC_XMLFILE, as hwloc's own tools take it: a topology from a file (tests, teaching).
    static const Topology t = [] {
        // hwloc would take HWLOC_FORCE_XMLFILE itself, unchecked: it is read as the other is.
        const char *force = std::getenv("HWLOC_FORCE_XMLFILE");
        const char *xml = force && *force ? force : std::getenv("HWLOC_XMLFILE");
        Topology t = read(xml && *xml ? xml : "");
        // A topology refused here is refused for every library of this process and the ones it
        // starts: PoCL's own hwloc reads it as the OpenCL driver loads, and would block on it,
        // read it without end or crash. The OS's view stands in (t.problem says why).
        if (xml && *xml && !t.problem.empty()) {
            ::unsetenv("HWLOC_XMLFILE");
            ::unsetenv("HWLOC_FORCE_XMLFILE");
            t.problem += " (set aside for the OpenCL drivers too)";
        }
        return t;
    }();
    return t;
}

} // namespace speeduplab
