// SPDX-License-Identifier: MIT
// Refine (--refine): the size that bisects a crossing's bracket, when an interval is narrow
// enough, and whole refinements on curves with a known crossing, measured by a stand-in that
// draws each new point from the curves with their noise: the interval pins the true crossing
// within the budget; a budget too small says it was spent.

#include "core/analysis/refine.h"
#include "core/machine/machineinfo.h"
#include "core/model/workload.h"
#include "core/pipeline.h"
#include "core/results/resultio.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <random>

using namespace speeduplab;

namespace {

// One CPU point of `add` at n, its repetitions spread around `t` by `spread`.
Measurement point(int threads, int n, double t, double spread, std::mt19937_64 &rng)
{
    Measurement m;
    m.workload = "add";
    m.backend = "cpu";
    m.threads = threads;
    m.n = n;
    m.iterations = 1;
    const Workload *w = Workload::find("add");
    m.elements = Workload::elements(n);
    m.bytes = w->bytes(n, 1);
    m.flops = w->flops(n, 1);
    std::normal_distribution<double> z(0, spread);
    std::vector<double> samples;
    for (int k = 0; k < 21; ++k)
        samples.push_back(t * std::exp(z(rng)));
    m.stats = Stats::of(samples);
    m.verified = true;
    return m;
}

// 2 threads overtake 1 at n = 300: t1 = 1 µs (n / 300)^2, and t2 half of that plus a fixed 0.5 µs
// (a fork/join cost), curved in log-log, so that the straight line between two sizes misses.
struct Curves {
    double spread = 0.01;
    bool tied = false; ///< the new points find both curves the same (the coarse crossing was noise)
    std::mt19937_64 rng{38};
    double t(int threads, int n) const
    {
        const double one = 1e-6 * std::pow(n / 300.0, 2.0);
        if (tied && threads == 2)
            return one;
        return threads == 1 ? one : 0.5e-6 + one / 2;
    }
    std::vector<Measurement> measure(const SweepPlan &plan)
    {
        std::vector<Measurement> rows;
        for (const PlanPoint &p : plan.points())
            rows.push_back(point(p.threads, p.n, t(p.threads, p.n), spread, rng));
        return rows;
    }
};

SweepPlan plan(double refine, int budget)
{
    SweepPlan p;
    p.workload = "add";
    p.sizes = SweepPlan::logRange(16, 4096, 4);
    p.threads = {1, 2};
    p.gpu = false;
    p.refine = refine;
    p.refineBudget = budget;
    return p;
}

ResultSet coarse(const SweepPlan &p, Curves &c)
{
    ResultSet r;
    r.rows = c.measure(p);
    return r;
}

} // namespace

class TestRefine : public QObject {
    Q_OBJECT
private slots:
    void bisectsOnLogN()
    {
        QCOMPARE(Refine::bisect({100, 400}, 250), 200);
        QCOMPARE(Refine::bisect({16, 28, 50, 90}, 40), 37);
        QCOMPARE(Refine::bisect({100, 101}, 100.5), 0); // whole numbers next to each other
        QCOMPARE(Refine::bisect({100, 400}, 50), 0);    // not between two sizes
        QCOMPARE(Refine::bisect({100, 400}, 500), 0);
    }

    void withinAsksForTheWholeInterval()
    {
        Crossing x{100, true, 96, 104};
        QVERIFY(Refine::within(x, 0.05));
        QVERIFY(!Refine::within(x, 0.03));
        x.openLow = true; // it may lie below 96: not pinned
        QVERIFY(!Refine::within(x, 0.05));
        QVERIFY(!Refine::within(Crossing{100, true}, 0.5)); // no interval
    }

    void pinsAKnownCrossingWithinTheBudget()
    {
        Curves c;
        c.spread = 0.003;
        const SweepPlan p = plan(0.01, 24); // 4 sizes a decade place it to about ±2 %
        ResultSet r = coarse(p, c);
        const std::size_t before = r.rows.size();
        const std::atomic<bool> stop{false};
        const std::vector<Refine::Outcome> out = Refine::run(
            p, r, [&c](const SweepPlan &mini) { return c.measure(mini); }, stop);
        QCOMPARE(out.size(), std::size_t(1));
        const Refine::Outcome &x = out.front();
        qInfo("%s", x.summary(p).c_str());
        QVERIFY2(x.resolved, x.summary(p).c_str());
        QVERIFY(x.points > 0 && x.points <= p.refineBudget);
        QCOMPARE(r.rows.size(), before + std::size_t(x.points));
        QVERIFY2(x.crossing.lo <= 300 && 300 <= x.crossing.hi, x.summary(p).c_str());
        QVERIFY(Refine::within(x.crossing, 0.01));
        QVERIFY(x.summary(p).find("within \u00b11 %") != std::string::npos);
        // Each new size bisects a bracket: never one of the coarse sizes again.
        for (std::size_t i = before; i < r.rows.size(); ++i)
            QVERIFY(std::find(p.sizes.begin(), p.sizes.end(), r.rows[i].n) == p.sizes.end());
    }

    void aRefinedResultKeepsItsCrossoversInItsFiles()
    {
        // What --refine found travels with the result: the precision, and for each crossover its
        // pair, the points it took and why it ended. Read back from JSON and from CSV, the rows
        // place the same crossover, and Refine::kept finds it by its pair.
        Curves c;
        c.spread = 0.003;
        const SweepPlan p = plan(0.01, 24);
        ResultSet r = coarse(p, c);
        const std::atomic<bool> stop{false};
        const std::vector<Refine::Outcome> out = Refine::run(
            p, r, [&c](const SweepPlan &mini) { return c.measure(mini); }, stop);
        QCOMPARE(out.size(), std::size_t(1));
        Refine::keep(p, out, r.machine.sweep);
        for (const ResultSet &back : {ResultIO::fromJson(ResultIO::toJson(r)),
                                      ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r))}) {
            QCOMPARE(back.machine.sweep, r.machine.sweep);
            const std::vector<Refine::Kept> kept = Refine::kept(back, "add");
            QCOMPARE(kept.size(), std::size_t(1));
            const Refine::Kept &k = kept.front();
            QCOMPARE(k.record.ended, RefineEnd::Within);
            QCOMPARE(k.record.points, out.front().points);
            QCOMPARE(k.precision, 0.01);
            QVERIFY(k.pair.threadPair);
            QCOMPARE(k.pair.second.threads, 2);
            QCOMPARE(k.crossing.n, out.front().crossing.n);
            QCOMPARE(k.crossing.lo, out.front().crossing.lo);
        }
        // A file that names an ending SpeedupLab never wrote is refused, naming the field.
        nlohmann::json doc = nlohmann::json::parse(ResultIO::toJson(r));
        doc["machine"]["sweep"]["refine"]["crossovers"][0]["ended"] = "<b>won</b>";
        try {
            (void)ResultIO::fromJson(doc.dump());
            QFAIL("an unknown ending was read");
        } catch (const ParseError &e) {
            QVERIFY2(std::string(e.what()).find("machine.sweep.refine.crossovers[0].ended") !=
                         std::string::npos,
                     e.what());
        }
        // Without --refine, a file says nothing of it.
        ResultSet plain = coarse(p, c);
        QVERIFY(nlohmann::json::parse(ResultIO::toJson(plain))["machine"]["sweep"].count("refine") == 0);
    }

    void pinsEachGpuModeAgainstTheBestCpu()
    {
        // The GPU pairs, measured by a stand-in (no GPU here; Pipeline::run hands Refine the real
        // SweepRunner): launch overtakes the best CPU at n = 500, graph at n = 120, as on the H200.
        // Each new point asks only for the mode of its pair and the thread counts fastest around
        // its crossing.
        std::mt19937_64 rng(38);
        const auto cpuT = [](int threads, int n) {
            return 1e-6 * std::pow(n / 500.0, 2.0) * (threads == 1 ? 1.4 : 1);
        };
        const auto gpuT = [](const std::string &mode, int n) {
            return (mode == "launch" ? 1e-6 : 1e-6 * std::pow(120 / 500.0, 2.0)) + 1e-12 * n;
        };
        std::vector<std::string> asked;
        const auto measure = [&](const SweepPlan &plan) {
            std::vector<Measurement> rows;
            for (const PlanPoint &p : plan.points()) {
                Measurement m = point(
                    p.threads, p.n, p.backend == "cpu" ? cpuT(p.threads, p.n) : gpuT(p.mode, p.n), 0.1, rng);
                m.backend = p.backend;
                m.mode = p.mode;
                m.device = p.device;
                rows.push_back(m);
                asked.push_back(p.backend == "cpu" ? "cpu" + std::to_string(p.threads) : p.mode);
            }
            return rows;
        };
        SweepPlan p;
        p.workload = "add";
        p.sizes = SweepPlan::logRange(16, 4096, 4);
        p.threads = {1, 2};
        p.gpu = true;
        p.modes = {"launch", "graph"};
        p.refine = 0.02;
        p.refineBudget = 40;
        ResultSet r;
        r.rows = measure(p);
        asked.clear();
        const std::atomic<bool> stop{false};
        const std::vector<Refine::Outcome> out = Refine::run(p, r, measure, stop);
        QCOMPARE(out.size(), std::size_t(2));
        int added = 0;
        for (const Refine::Outcome &x : out) {
            qInfo("%s", x.summary(p).c_str());
            // Pinned to ±2 %, or stopped where the points' noise (10 %) sets the width: either
            // way with new points, and an interval that holds the true crossing.
            QVERIFY2(x.resolved || x.ended == RefineEnd::Noise, x.summary(p).c_str());
            QVERIFY(x.points > 0);
            added += x.points;
            const double truth = x.pair.find("graph") != std::string::npos ? 120 : 500;
            QVERIFY2(x.crossing.lo <= truth * 1.02 && truth * 0.98 <= x.crossing.hi, x.summary(p).c_str());
        }
        QVERIFY(added <= p.refineBudget);
        QCOMPARE(asked.size(), std::size_t(added));
        // Never the 1-thread curve (slower at every size): the best CPU is 2 threads here.
        QVERIFY(std::find(asked.begin(), asked.end(), "cpu1") == asked.end());
        QVERIFY(std::find(asked.begin(), asked.end(), "launch") != asked.end());
        QVERIFY(std::find(asked.begin(), asked.end(), "graph") != asked.end());
    }

    void aBudgetTooSmallSaysItWasSpent()
    {
        Curves c;
        c.spread = 0.1;
        const SweepPlan p = plan(0.01, 2);
        ResultSet r = coarse(p, c);
        const std::atomic<bool> stop{false};
        const std::vector<Refine::Outcome> out = Refine::run(
            p, r, [&c](const SweepPlan &mini) { return c.measure(mini); }, stop);
        QCOMPARE(out.size(), std::size_t(1));
        QVERIFY(!out.front().resolved);
        QVERIFY(out.front().points <= 2);
        QVERIFY2(out.front().ended == RefineEnd::Budget || out.front().ended == RefineEnd::Noise,
                 out.front().summary(p).c_str());
    }

    void aRealSweepEndsWithinItsBudget()
    {
        // This machine's own crossover: where 2 threads overtake 1 on add (bench/refine.sh holds
        // it against a dense grid). Short points: the budget, not the precision, is what is tested.
        if (MachineInfo::hardwareThreads() < 2)
            QSKIP("one hardware thread: no thread crossover to refine");
        SweepPlan p = plan(0.02, 6);
        p.minTime = 0.005;
        p.maxReps = 50;
        p.remeasureDisturbed = false;
        const std::size_t coarsePoints = p.points().size();
        const std::atomic<bool> stop{false};
        const Pipeline::Outcome out = Pipeline::run(p, false, {}, stop);
        if (out.refined.empty())
            QSKIP("2 threads never overtook 1 on this machine in this sweep: nothing to refine");
        int added = 0;
        for (const Refine::Outcome &x : out.refined) {
            qInfo("%s", x.summary(p).c_str());
            QVERIFY(x.ended != RefineEnd::NotRefined || x.points == 0);
            added += x.points;
        }
        QVERIFY2(added <= p.refineBudget, qPrintable(QString::number(added)));
        QCOMPARE(out.result.rows.size(), coarsePoints + std::size_t(added));
    }

    void aCrossingRefinedAwayByNoiseSaysNoCrossoverResolved()
    {
        // A refined file: the coarse sizes 200 and 400 put the GPU behind, then ahead; the sizes
        // refinement added between them find it ahead and behind in turn, each beyond its points'
        // interquartile range but within what three repetitions' medians may draw. Read back
        // from its JSON, it claims no crossover there.
        std::mt19937_64 rng(38);
        ResultSet r;
        const std::vector<std::pair<int, double>> gpu = {{160, 1.5},  {200, 1.12}, {240, 0.89}, {280, 1.12},
                                                         {320, 0.89}, {360, 1.12}, {400, 0.6}};
        for (const auto &[n, ratio] : gpu) {
            const auto at = [n = n](const char *backend, int threads, double t) {
                Measurement m;
                m.workload = "add";
                m.backend = backend;
                m.threads = threads;
                m.mode = threads ? "" : "launch";
                m.n = n;
                m.iterations = 1;
                m.elements = Workload::elements(n);
                m.bytes = Workload::find("add")->bytes(n, 1);
                m.stats = Stats::of({t * 0.9, t, t * 1.1});
                m.verified = true;
                return m;
            };
            r.rows.push_back(at("cpu", 1, 1e-6));
            r.rows.push_back(at("gpu", 0, 1e-6 * ratio));
        }
        const ResultSet back = ResultIO::fromJson(ResultIO::toJson(r));
        const std::vector<CrossoverReport> reports = Analysis::reports(back, "add");
        QVERIFY(!reports.empty());
        const std::string said = reports.front().summary();
        qInfo("%s", said.c_str());
        QCOMPARE(reports.front().crossings.size(), std::size_t(1));
        const Crossing &x = reports.front().crossings.front();
        QVERIFY2(!x.resolved() && x.times == 5, said.c_str());
        QVERIFY(x.gpuBecomesFaster); // an odd count: the GPU ahead above it, as at 400
        QVERIFY2(said.find("no crossover resolved: the curves cross 5 times in n ") != std::string::npos,
                 said.c_str());
        QVERIFY(said.find("GPU faster above") != std::string::npos);
        // The file's own list of crossovers says the same.
        const nlohmann::json doc = nlohmann::json::parse(ResultIO::toJson(back));
        QCOMPARE(doc.at("crossovers").size(), std::size_t(1));
        QCOMPARE(doc.at("crossovers")[0].at("times").get<int>(), 5);
        QCOMPARE(doc.at("crossovers")[0].at("pair").get<std::string>(),
                 std::string("GPU launch vs best CPU"));
        QVERIFY(doc.at("crossovers")[0].at("text").get<std::string>().find("no crossover resolved") !=
                std::string::npos);
        // Refinement stops there: more sizes would not tell the curves apart.
        SweepPlan p = plan(0.05, 20);
        p.gpu = true;
        p.threads = {1};
        p.modes = {"launch"};
        ResultSet refined = back;
        const std::atomic<bool> stop{false};
        int asked = 0;
        const std::vector<Refine::Outcome> out = Refine::run(
            p, refined,
            [&asked](const SweepPlan &) {
                ++asked;
                return std::vector<Measurement>{};
            },
            stop);
        QCOMPARE(out.size(), std::size_t(1));
        QCOMPARE(asked, 0);
        QVERIFY(!out.front().resolved);
        QVERIFY2(out.front().ended == RefineEnd::Tangled &&
                     out.front().summary(p).find("cross 5 times there, within their noise") !=
                         std::string::npos,
                 out.front().summary(p).c_str());
    }

    void planTakesRefineFromTheOptions()
    {
        RunOptions o;
        o.workload.emplace("add");
        o.sizes.emplace("16,64");
        o.cpuOnly = true;
        o.refine.emplace("5%");
        QCOMPARE(Pipeline::plan(o, 2, 0).refine, 0.05);
        o.refine.emplace("0.1");
        o.refineBudget.emplace("7");
        const SweepPlan p = Pipeline::plan(o, 2, 0);
        QCOMPARE(p.refine, 0.1);
        QCOMPARE(p.refineBudget, 7);
        for (const char *bad : {"0%", "100%", "five", "-3%", ""}) {
            o.refine.emplace(bad);
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Pipeline::plan(o, 2, 0));
        }
        o.refine.reset();
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Pipeline::plan(o, 2, 0)); // a budget alone
    }
};

QTEST_GUILESS_MAIN(TestRefine)
#include "tst_refine.moc"
