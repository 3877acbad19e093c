// SPDX-License-Identifier: MIT
// Topology and Placement on hwloc XML topologies of machines we do not have (tests/data/topologies:
// a hybrid laptop, a two-socket server, this 2-core VM): what is read, the order a placement takes
// the hardware threads in, what a team was on, the marks of the thread scaling chart, a missing or
// malformed file; and on this machine, a team really bound and given back its mask.
#include "core/machine/machineinfo.h"
#include "core/machine/placement.h"
#include "core/machine/topology.h"
#include "core/results/resultio.h"

#include <QtTest>

#include <omp.h>
#include <sched.h>

#include <fstream>

using namespace speeduplab;

namespace {

std::string data(const char *name)
{
    return std::string(SPEEDUPLAB_SOURCE_DIR) + "/tests/data/topologies/" + name;
}

bool haveHwloc()
{
    return Topology::read(data("vm-2core.xml")).problem.empty();
}

} // namespace

class TestTopology : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        if (!haveHwloc())
            QSKIP("built without hwloc: the XML topologies cannot be read");
    }

    void hybridLaptop()
    {
        const Topology t = Topology::read(data("hybrid-laptop.xml"));
        QVERIFY2(t.problem.empty(), t.problem.c_str());
        QVERIFY(!t.thisSystem);
        QCOMPARE(t.packages, 1);
        QCOMPARE(t.numaNodes, 1);
        QCOMPARE(int(t.cores.size()), 14);
        QCOMPARE(t.pus(), 20);
        QCOMPARE(t.threadsPerCore(), 2);
        QCOMPARE(int(t.kinds.size()), 2);
        QCOMPARE(t.kinds[0].name, std::string("efficiency"));
        QCOMPARE(t.kinds[0].coreType, std::string("IntelAtom"));
        QCOMPARE(t.kinds[0].cores, 8);
        QCOMPARE(t.kinds[0].pus, 8);
        QCOMPARE(t.kinds[1].name, std::string("performance"));
        QCOMPARE(t.kinds[1].cores, 6);
        QCOMPARE(t.kinds[1].pus, 12);
        // Caches with their sharing: each P core its own L2, each E cluster of 4 one L2, one L3.
        const auto has = [&t](int level, double bytes, int sharedBy, int count) {
            return std::any_of(t.caches.begin(), t.caches.end(), [&](const Topology::Cache &c) {
                return c.level == level && c.bytes == bytes && c.sharedBy == sharedBy && c.count == count;
            });
        };
        QVERIFY(has(2, 1280 * 1024, 2, 6));
        QVERIFY(has(2, 2048 * 1024, 4, 2));
        QVERIFY(has(3, 18 * 1024 * 1024, 20, 1));
        QVERIFY(has(1, 48 * 1024, 2, 6));

        // Cores first: threads 1-6 on distinct performance cores, 7-14 on efficiency cores, then
        // the performance cores' SMT siblings.
        const std::vector<int> order = Placement::order(t, Placement::Kind::CoresFirst);
        QCOMPARE(order,
                 (std::vector<int>{0, 2, 4, 6, 8, 10, 12, 13, 14, 15, 16, 17, 18, 19, 1, 3, 5, 7, 9, 11}));
        Placement::Placed six = Placement::placed(t, Placement::Kind::CoresFirst, 6);
        QCOMPARE(six.coresByKind, (std::vector<int>{0, 6}));
        QVERIFY(!six.siblingsShared);
        const Placement::Placed fourteen = Placement::placed(t, Placement::Kind::CoresFirst, 14);
        QCOMPARE(fourteen.coresByKind, (std::vector<int>{8, 6}));
        QVERIFY(!fourteen.siblingsShared);
        QCOMPARE(fourteen.text(t),
                 std::string("cores first: 6 performance cores and 8 efficiency cores (planned; not bound)"));
        const Placement::Placed sixteen = Placement::placed(t, Placement::Kind::CoresFirst, 16);
        QVERIFY(sixteen.siblingsShared);
        const Placement::Marks marks = Placement::marks(t, Placement::Kind::CoresFirst);
        QCOMPARE(marks.efficiencyFrom, 7);
        QCOMPARE(marks.siblingsFrom, 15);
        // Compact: a core's two threads together.
        QCOMPARE(Placement::order(t, Placement::Kind::Compact).front(), 0);
        QCOMPARE(Placement::order(t, Placement::Kind::Compact)[1], 1);
        const Placement::Placed two = Placement::placed(t, Placement::Kind::Compact, 2);
        QCOMPARE(two.coresByKind, (std::vector<int>{0, 1}));
        QVERIFY(two.siblingsShared);
        QCOMPARE(Placement::marks(t, Placement::Kind::Compact).siblingsFrom, 2);
        QCOMPARE(Placement::marks(t, Placement::Kind::Compact).efficiencyFrom, 13);
        // None: the OS decides; nothing planned.
        QVERIFY(Placement::order(t, Placement::Kind::None).empty());
        QCOMPARE(Placement::placed(t, Placement::Kind::None, 4).text(t),
                 std::string("none: the OS placed the threads"));
        // A file's topology is not this machine: never bound.
        const Placement::Binding b(t, Placement::Kind::CoresFirst, 2);
        QVERIFY(!b.bound());
        QVERIFY(b.problem().find("from a file") != std::string::npos);
    }

    void twoSocketServer()
    {
        const Topology t = Topology::read(data("two-socket.xml"));
        QVERIFY2(t.problem.empty(), t.problem.c_str());
        QCOMPARE(t.packages, 2);
        QCOMPARE(t.numaNodes, 2);
        QCOMPARE(int(t.cores.size()), 16);
        QCOMPARE(t.pus(), 32);
        QCOMPARE(t.threadsPerCore(), 2);
        QCOMPARE(int(t.kinds.size()), 1);
        QCOMPARE(t.kinds[0].name, std::string());
        QCOMPARE(t.cores.back().package, 1);
        QCOMPARE(t.cores.back().numa, 1);
        const Placement::Marks m = Placement::marks(t, Placement::Kind::CoresFirst);
        QCOMPARE(m.siblingsFrom, 17);
        QCOMPARE(m.efficiencyFrom, 0);
        QCOMPARE(Placement::placed(t, Placement::Kind::CoresFirst, 16).text(t),
                 std::string("cores first: 16 cores (planned; not bound)"));
    }

    void thisVmAsTheOsSeesIt()
    {
        const Topology t = Topology::read(data("vm-2core.xml"));
        QVERIFY2(t.problem.empty(), t.problem.c_str());
        QCOMPARE(int(t.cores.size()), 2);
        QCOMPARE(t.threadsPerCore(), 1);
        // The OS's view of the machine that file was written on agrees, core for core.
        const Topology os = Topology::fromOs();
        if (os.pus() == 2) {
            QCOMPARE(os.cores.size(), t.cores.size());
            for (std::size_t i = 0; i < os.cores.size(); ++i)
                QCOMPARE(os.cores[i].pus, t.cores[i].pus);
        }
    }

    void missingOrMalformedFilesFallBack()
    {
        const Topology missing = Topology::read(data("no-such-topology.xml"));
        QVERIFY2(missing.problem.find("cannot be read") != std::string::npos, missing.problem.c_str());
        QVERIFY(missing.problem.find("the OS's view of this machine is used instead") != std::string::npos);
        QVERIFY(!missing.cores.empty());
        QVERIFY(missing.thisSystem);
        QTemporaryDir dir;
        const std::string bad = dir.filePath(QStringLiteral("bad.xml")).toStdString();
        std::ofstream(bad) << "<topology><object type=\"Machine\"";
        const Topology malformed = Topology::read(bad);
        // Refused before hwloc sees it (a tag never closed).
        QVERIFY2(malformed.problem.find("is refused: a tag is never closed") != std::string::npos,
                 malformed.problem.c_str());
        QCOMPARE(malformed.cores.size(), Topology::fromOs().cores.size());
    }

    void bindsTheTeamHereAndGivesItsMaskBack()
    {
        const Topology &t = Topology::probe();
        if (!t.problem.empty() || !t.thisSystem)
            QSKIP("this machine's topology is not hwloc's own (HWLOC_XMLFILE?)");
        cpu_set_t before;
        QCOMPARE(sched_getaffinity(0, sizeof before, &before), 0);
        const std::vector<int> order = Placement::order(t, Placement::Kind::CoresFirst);
        const int threads = std::min(2, int(order.size()));
        std::vector<int> on(std::size_t(threads), -1);
        {
            const Placement::Binding b(t, Placement::Kind::CoresFirst, threads);
            QVERIFY2(b.bound(), b.problem().c_str());
#pragma omp parallel num_threads(threads)
            {
                cpu_set_t m;
                sched_getaffinity(0, sizeof m, &m);
                if (CPU_COUNT(&m) == 1)
                    for (int pu = 0; pu < CPU_SETSIZE; ++pu)
                        if (CPU_ISSET(pu, &m))
                            on[std::size_t(omp_get_thread_num())] = pu;
            }
        }
        for (int i = 0; i < threads; ++i)
            QCOMPARE(on[std::size_t(i)], order[std::size_t(i)]);
        cpu_set_t after;
        QCOMPARE(sched_getaffinity(0, sizeof after, &after), 0);
        QVERIFY(CPU_EQUAL(&before, &after));
        QVERIFY(Placement::placed(t, Placement::Kind::CoresFirst, threads).coresByKind.back() == threads);
    }

    void metadataOfEachTopology()
    {
        // What a result's machine records of each, and that it comes back from its JSON.
        struct Case {
            const char *file;
            const char *cores, *kinds;
        };
        const Case cases[] = {
            {"hybrid-laptop.xml", "14 cores (1 package, 1 NUMA node), 2 threads per core",
             "6 performance (IntelCore, 12 threads), 8 efficiency (IntelAtom, 8 threads)"},
            {"two-socket.xml", "16 cores (2 packages, 2 NUMA nodes), 2 threads per core", nullptr},
            {"vm-2core.xml", "2 cores (1 package, 1 NUMA node), 1 thread per core", nullptr},
        };
        for (const Case &c : cases) {
            MachineInfo m;
            m.topology = CpuTopology::of(Topology::read(data(c.file)));
            const auto lines = m.topology.describe();
            QVERIFY(!lines.empty());
            QCOMPARE(lines[0].first, std::string("Cores"));
            QCOMPARE(lines[0].second, std::string(c.cores));
            const bool hasKinds = lines.size() > 2;
            QCOMPARE(hasKinds, c.kinds != nullptr);
            if (c.kinds)
                QCOMPARE(lines[1].second, std::string(c.kinds));
            QVERIFY(lines.back().second.find(c.file) != std::string::npos);
            ResultSet r;
            r.machine = m;
            QCOMPARE(ResultIO::fromJson(ResultIO::toJson(r)).machine.topology, m.topology);
        }
        // An older file, without the topology: unknown, and nothing said of it.
        QVERIFY(!MachineInfo{}.topology.known());
        QVERIFY(MachineInfo{}.topology.describe().empty());
    }

    void namesParse()
    {
        for (const auto k : {Placement::Kind::CoresFirst, Placement::Kind::Compact, Placement::Kind::None})
            QCOMPARE(Placement::parse(Placement::name(k)), std::optional(k));
        QCOMPARE(Placement::parse("scatter"), std::nullopt);
        QCOMPARE(Placement::name(Placement::defaultKind), std::string("cores-first"));
    }
};

QTEST_GUILESS_MAIN(TestTopology)
#include "tst_topology.moc"
