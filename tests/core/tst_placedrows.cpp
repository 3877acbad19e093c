// SPDX-License-Identifier: MIT
// The rows of a sweep say where their threads ran. Run with HWLOC_XMLFILE naming the hybrid
// laptop's topology (tests/data/topologies; set by CMake): a cores-first plan puts threads 1-6
// on distinct performance cores and 7-14 on efficiency cores, and its rows say so, planned but
// not bound (the file is not this machine), and the machine's topology is the file's.
#include "core/devices/devicebackend.h"
#include "core/machine/machineinfo.h"
#include "core/measure/sweeprunner.h"
#include "core/results/resultio.h"

#include <QtTest>

using namespace speeduplab;

class TestPlacedRows : public QObject {
    Q_OBJECT
private slots:
    void rowsSayWhereTheirThreadsRan()
    {
        const Topology &t = Topology::probe();
        if (!t.problem.empty())
            QSKIP(t.problem.c_str());
        QVERIFY(!t.thisSystem);
        QCOMPARE(t.kinds.size(), std::size_t(2));
        // What each thread count of a cores-first plan is recorded as, up to past every core.
        for (int threads = 1; threads <= 16; ++threads) {
            PointConditions c;
            SweepRunner::recordPlacement(c, t, Placement::Kind::CoresFirst, false, threads);
            QCOMPARE(c.placement, std::string("cores-first"));
            QCOMPARE(c.efficiencyCores, std::max(0, std::min(threads, 14) - 6));
            QCOMPARE(c.siblingsShared, threads > 14);
            QVERIFY(c.placedOn.find("(planned; not bound)") != std::string::npos);
            if (threads == 6)
                QCOMPARE(c.placedOn, std::string("cores first: 6 performance cores (planned; not bound)"));
            if (threads == 7)
                QCOMPARE(c.placedOn,
                         std::string(
                             "cores first: 6 performance cores and 1 efficiency core (planned; not bound)"));
        }
        // A real sweep (this machine's hardware threads: the plan is checked against them) records
        // the same in its rows, and they come back from its JSON.
        for (const Placement::Kind kind : {Placement::Kind::CoresFirst, Placement::Kind::None}) {
            SweepPlan p;
            p.workload = "add";
            p.sizes = {16};
            p.threads = {1};
            if (MachineInfo::hardwareThreads() >= 2)
                p.threads.push_back(2);
            p.gpu = false;
            p.minTime = 0.001;
            p.maxReps = 3;
            p.remeasureDisturbed = false;
            p.placement = kind;
            const std::atomic<bool> stop{false};
            const ResultSet r = ResultIO::fromJson(ResultIO::toJson(SweepRunner(p).run({}, stop)));
            QCOMPARE(r.rows.size(), p.threads.size());
            for (const Measurement &m : r.rows) {
                qInfo("%d threads: %s", m.threads, m.conditions.placedOn.c_str());
                QCOMPARE(m.conditions.placement, Placement::name(kind));
                PointConditions expected;
                SweepRunner::recordPlacement(expected, t, kind, false, m.threads);
                QCOMPARE(m.conditions.placedOn, expected.placedOn);
            }
        }
        const MachineInfo m = Devices::probeMachine();
        QCOMPARE(m.topology.cores, 14);
        QCOMPARE(m.topology.kinds.back().name, std::string("performance"));
        QCOMPARE(m.topology.kinds.back().cores, 6);
        QCOMPARE(ResultIO::fromJson(ResultIO::toJson(ResultSet{m, {}, {}})).machine.topology, m.topology);
    }
};

QTEST_GUILESS_MAIN(TestPlacedRows)
#include "tst_placedrows.moc"
