// SPDX-License-Identifier: MIT
// Explain: cost models and the stories they tell, on synthetic curves whose parameters are
// known: the fits recover them, the predicted crossover matches the measured one, the thread
// story names the model that produced the points, and the what-if models move the predicted
// crossover the right way.

#include "core/analysis/explain.h"
#include "core/machine/gpuspecs.h"
#include "core/measure/calibration.h"
#include "core/model/workload.h"
#include "core/results/resultio.h"
#include "core/results/runset.h"

#include <QElapsedTimer>
#include <QtTest>

#include <cmath>
#include <functional>

using namespace speeduplab;

namespace {

constexpr int kIterations = 1000;

Measurement row(const std::string &backend, int threads, const std::string &mode, int n, double perIteration)
{
    Measurement m;
    m.workload = "add";
    m.backend = backend;
    m.threads = backend == "cpu" ? threads : 0;
    m.mode = mode;
    m.device = backend == "gpu" ? 0 : -1;
    m.n = n;
    m.iterations = kIterations;
    const Workload *w = Workload::find("add");
    m.elements = Workload::elements(n);
    m.bytes = w->bytes(n, kIterations);
    m.flops = w->flops(n, kIterations);
    const double t = perIteration * kIterations;
    m.stats = Stats::of({t, t, t});
    m.status = Measurement::Status::Ok;
    m.verified = true;
    return m;
}

double bytesAt(int n)
{
    return Workload::find("add")->bytes(n, 1);
}

// Dense sizes, 4 to 4000: 30 per decade.
QList<int> sizes()
{
    QList<int> out;
    for (int i = 0; i <= 90; ++i)
        out << int(std::lround(4 * std::pow(10.0, i / 30.0)));
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

void addCurve(ResultSet &r, const std::string &backend, int threads, const std::string &mode,
              const std::function<double(int)> &t)
{
    for (int n : sizes())
        r.rows.push_back(row(backend, threads, mode, n, t(n)));
}

// A GPU at 3.4 us a launch (1.0 us in graph mode) and 4 TB/s, and a CPU whose threads
// share 250 GB/s of DRAM: 1 thread 20 GB/s and no fixed cost to speak of, 4 and 16 threads
// with a fork/join cost.
ResultSet machineRun()
{
    ResultSet r;
    r.machine.ceilings[Calibration::gpuCopy] = 4.2e12;
    r.machine.ceilings[Calibration::cpuTriad] = 250e9;
    addCurve(r, "gpu", 0, "launch", [](int n) { return 3.4e-6 + bytesAt(n) / 4.0e12; });
    addCurve(r, "gpu", 0, "graph", [](int n) { return 1.0e-6 + bytesAt(n) / 4.0e12; });
    addCurve(r, "cpu", 1, "", [](int n) { return 0.05e-6 + bytesAt(n) / 20e9; });
    addCurve(r, "cpu", 4, "", [](int n) { return 2e-6 + bytesAt(n) / 80e9; });
    addCurve(r, "cpu", 16, "", [](int n) { return 5e-6 + bytesAt(n) / 240e9; });
    return r;
}

const Series &find(const std::vector<Series> &all, bool gpu, const std::string &mode, int threads)
{
    for (const Series &s : all)
        if (s.gpu() == gpu && s.mode == mode && s.threads == threads)
            return s;
    qFatal("no such series");
}

bool close(double got, double want, double rel)
{
    return std::fabs(got - want) <= rel * std::fabs(want);
}

} // namespace

class TestExplain : public QObject {
    Q_OBJECT
private slots:
    void fitRecoversFixedCostAndRate()
    {
        const ResultSet r = machineRun();
        const auto all = Analysis::series(r);
        const CostModel g = Explain::model(r, find(all, true, "launch", 0));
        QVERIFY(g.valid);
        QVERIFY2(close(g.fixed, 3.4e-6, 0.01), qPrintable(QString::number(g.fixed)));
        QVERIFY2(close(g.rate, 4.0e12, 0.01), qPrintable(QString::number(g.rate)));
        const CostModel c = Explain::model(r, find(all, false, "", 16));
        QVERIFY(close(c.fixed, 5e-6, 0.01));
        QVERIFY(close(c.rate, 240e9, 0.01));
    }

    void queuedLaunchesOverlapTheirKernels()
    {
        // A known queue: each launch costs the host 5 us to issue, the kernel 1 us plus its bytes at
        // 1 TB/s, and a launch is issued while the kernel before it runs, so launch mode takes the
        // larger of the two. Graph mode submits the launches together: the kernel's own time. The
        // fit recovers the issue cost, the kernel's fixed cost and its rate within 5 %; the sum of
        // the two would have made the rate up.
        ResultSet r;
        const auto kernel = [](int n) { return 1e-6 + bytesAt(n) / 1e12; };
        addCurve(r, "gpu", 0, "graph", kernel);
        addCurve(r, "gpu", 0, "launch", [&](int n) { return std::max(5e-6, kernel(n)); });
        const auto all = Analysis::series(r);
        const CostModel q = Explain::model(r, find(all, true, "launch", 0));
        QVERIFY(q.valid && q.queued());
        QVERIFY2(close(q.fixed, 5e-6, 0.05), qPrintable(QString::number(q.fixed)));
        QVERIFY2(close(q.kernelFixed, 1e-6, 0.05), qPrintable(QString::number(q.kernelFixed)));
        QVERIFY2(close(q.rate, 1e12, 0.05), qPrintable(QString::number(q.rate)));
        for (const int n : {4, 400, 1000, 4000})
            QVERIFY2(close(q.time(bytesAt(n)), std::max(5e-6, kernel(n)), 0.05),
                     qPrintable(QString::number(n)));
        // Graph mode is the kernel itself; without it, launch mode keeps the sum of the two.
        QVERIFY(!Explain::model(r, find(all, true, "graph", 0)).queued());
        ResultSet alone;
        addCurve(alone, "gpu", 0, "launch", [&](int n) { return std::max(5e-6, kernel(n)); });
        QVERIFY(!Explain::model(alone, Analysis::series(alone).front()).queued());
    }

    // A model stays over its points (issue 59): disturbed points are left out and counted, the
    // model records the sizes it stands on, and where it meets another only beyond them, the
    // crossover says it extrapolates.
    void modelsStayOverTheirPoints()
    {
        ResultSet r;
        addCurve(r, "gpu", 0, "launch", [](int n) { return 3.4e-6 + bytesAt(n) / 4.0e12; });
        // A CPU whose sizes above n = 100 were all disturbed (another program held a core): 10x
        // slower there than its clean points say.
        addCurve(r, "cpu", 1, "", [](int n) { return 0.05e-6 + bytesAt(n) / (n > 100 ? 8e9 : 80e9); });
        int disturbed = 0;
        for (Measurement &m : r.rows)
            if (m.isCpu() && m.n > 100) {
                m.conditions.disturbedReps = m.stats.reps;
                ++disturbed;
            }
        const auto all = Analysis::series(r);
        const CostModel cpu = Explain::model(r, find(all, false, "", 1));
        QVERIFY(cpu.valid);
        QCOMPARE(cpu.leftOut, disturbed);
        QCOMPARE(cpu.points + cpu.leftOut, int(sizes().size()));
        QCOMPARE(cpu.nLo, 4);
        QVERIFY(cpu.nHi <= 100 && cpu.nHi > 80);
        QVERIFY(cpu.covers(50) && !cpu.covers(400));
        const CostModel gpu = Explain::model(r, find(all, true, "launch", 0));
        QCOMPARE(gpu.leftOut, 0);
        QCOMPARE(gpu.nHi, 4000);
        // By the clean CPU model (80 GB/s) the GPU (3.4 us) overtakes it near n = 180, beyond
        // the CPU's fitted sizes: an extrapolation, and it says so with the sizes both stand on.
        const ModelCrossover x = Explain::cross({cpu}, gpu, "add");
        QVERIFY2(x.n > cpu.nHi, qPrintable(QString::number(x.n)));
        QVERIFY(x.extrapolated());
        QCOMPARE(x.fittedLo, 4.0);
        QCOMPARE(x.fittedHi, double(cpu.nHi));
        // Within both models' points it is no extrapolation.
        const ResultSet clean = machineRun();
        const auto cleanAll = Analysis::series(clean);
        const ModelCrossover y =
            Explain::cross({Explain::model(clean, find(cleanAll, false, "", 1))},
                           Explain::model(clean, find(cleanAll, true, "launch", 0)), "add");
        QVERIFY2(y.n > 4 && y.n < 4000, qPrintable(QString::number(y.n)));
        QVERIFY(!y.extrapolated());
    }

    // In a view of several runs each curve's levels and spec sheet are its own run's machine
    // (ResultSet::machineOf): beside a CPU run of another machine, the H200's launch curve keeps
    // the model it has alone (6.23 TB/s from its L2, 4.17 TB/s in HBM), not one read against the
    // first run's machine, which has no GPU.
    void eachRunKeepsItsMachine()
    {
        RunRecord h200;
        h200.label = "H200";
        h200.results = ResultIO::load(std::string(SPEEDUPLAB_SOURCE_DIR) +
                                      "/resources/examples/h200-2026-11-30/seed-preset.csv");
        RunRecord here;
        here.label = "here";
        here.results = machineRun();
        std::erase_if(here.results.rows, [](const Measurement &m) { return !m.isCpu(); });
        here.results.machine.cpuModel = "a laptop";
        const ResultSet both = RunSet::combined({here, h200});
        QCOMPARE(both.machine.cpuModel, std::string("a laptop"));
        QCOMPARE(both.machineOf("H200").gpus.size(), h200.results.machine.gpus.size());
        auto launch = [](const ResultSet &r) {
            for (const Series &s : Analysis::series(r, "add"))
                if (s.gpu() && s.mode == "launch")
                    return Explain::model(r, s);
            return CostModel();
        };
        const CostModel alone = launch(h200.results), beside = launch(both);
        QVERIFY(alone.valid && alone.tiers.size() >= 2);
        QCOMPARE(beside.tiers.size(), alone.tiers.size());
        for (std::size_t k = 0; k < alone.tiers.size(); ++k) {
            QCOMPARE(beside.tiers[k].level, alone.tiers[k].level);
            QVERIFY(close(beside.tiers[k].rate, alone.tiers[k].rate, 1e-9));
        }
    }

    // One quoted rate everywhere (issue 59): a fused kernel's rate is held against arithmetic, so
    // it is quoted in FLOP/s with its level (the H200's 242 TB/s of bytes is 30.3 TFLOP/s of b += b);
    // a memory level's stays in bytes/s, and gemm's is FLOP/s at every level.
    void ratesAreQuotedInTheirLevelsUnit()
    {
        // The unit travels with the level (CostModel::Tier::flops, from Calibration::Level::flops),
        // not from its name.
        const CostModel::Tier registers{"registers", 0, 242e12, true, true};
        const QuotedRate fused = Explain::quote(242e12, registers, "add");
        QVERIFY(fused.flops);
        QCOMPARE(fused.level, std::string("registers"));
        const Workload *add = Workload::find("add");
        QVERIFY(close(fused.value, 242e12 * add->flops(1024, 1) / add->bytes(1024, 1), 1e-12));
        QVERIFY(close(fused.value, 30.25e12, 0.01));
        const QuotedRate l2 = Explain::quote(6.23e12, {"GPU L2", 0, 6.23e12}, "add");
        QVERIFY(!l2.flops && l2.value == 6.23e12 && l2.level == "GPU L2");
        const QuotedRate gemm = Explain::quote(20e12, {"L2", 0, 20e12}, "gemm");
        QVERIFY(gemm.flops && gemm.value == 20e12);
    }

    void tiersFollowTheMemoryLevels()
    {
        // One CPU thread: 30 ns of fixed cost, 200 GB/s while the tensor fits a 1 MiB L2, 20 GB/s
        // beyond. The levels come from the cache size alone: no ceiling is calibrated.
        ResultSet r;
        r.machine.caches["L2"] = "1024K";
        const double l2 = 1 << 20;
        addCurve(r, "cpu", 1, "", [&](int n) {
            const double b = bytesAt(n);
            return 30e-9 + b / (4.0 * n * n <= l2 ? 200e9 : 20e9);
        });
        const CostModel m = Explain::model(r, Analysis::series(r).front());
        QCOMPARE(m.tiers.size(), std::size_t(2));
        QCOMPARE(m.tiers[0].level, std::string("L2"));
        QCOMPARE(m.tiers[1].level, std::string("DRAM"));
        QVERIFY2(close(m.tiers[0].rate, 200e9, 0.01), qPrintable(QString::number(m.tiers[0].rate)));
        QVERIFY2(close(m.tiers[1].rate, 20e9, 0.01), qPrintable(QString::number(m.tiers[1].rate)));
        QCOMPARE(m.rate, m.tiers[1].rate);
        QVERIFY2(close(m.fixed, 30e-9, 0.02), qPrintable(QString::number(m.fixed)));
        QVERIFY(close(m.time(bytesAt(4000)), 30e-9 + bytesAt(4000) / 20e9, 0.01));
        QVERIFY(close(m.time(bytesAt(100)), 30e-9 + bytesAt(100) / 200e9, 0.01));
        // The knee: 30 ns = 8 n^2 / 200 GB/s at n = 27, in the first tier.
        QVERIFY(close(m.kneeWork(), 30e-9 * 200e9, 0.02));
        const CostModel half = m.scaled(0.5);
        QVERIFY(close(half.rateAt(bytesAt(4000)), 10e9, 0.01));
        QVERIFY(close(half.rateAt(bytesAt(10)), 100e9, 0.01));
    }

    void curveStoryKneeAndCeiling()
    {
        const ResultSet r = machineRun();
        const auto all = Analysis::series(r);
        const CurveStory g = Explain::curve(r, find(all, true, "launch", 0));
        QCOMPARE(g.fixed, CurveStory::Fixed::KernelLaunch);
        QCOMPARE(g.regime, CurveStory::Regime::Knee);
        // 3.4 us = 8 n^2 B / 4 TB/s at n = sqrt(1.7e6) = 1304.
        QVERIFY2(close(g.kneeN, std::sqrt(3.4e-6 * 4.0e12 / 8), 0.02), qPrintable(QString::number(g.kneeN)));
        QCOMPARE(g.level, std::string("HBM"));
        QVERIFY(!g.flops);
        QVERIFY(close(g.fraction(), 4.0 / 4.2, 0.01));

        const CurveStory one = Explain::curve(r, find(all, false, "", 1));
        QCOMPARE(one.fixed, CurveStory::Fixed::Call);
        // 0.05 us = 8 n^2 / 20 GB/s at n = 11: inside the range.
        QCOMPARE(one.regime, CurveStory::Regime::Knee);
        QCOMPARE(one.level, std::string("DRAM"));
        QVERIFY(!one.ceilingMix); // the triad: no mix measured (a file from before the mixes)
        QCOMPARE(Explain::curve(r, find(all, false, "", 16)).fixed, CurveStory::Fixed::ForkJoin);
        // With the mixes calibrated, add is held against DRAM's ceiling for data read and written
        // back, and the story says whose ceiling it is.
        ResultSet mixed = r;
        mixed.machine.ceilings[Calibration::cpuLevelKey("dram", Workload::Traffic::ReadWrite)] = 25e9;
        const CurveStory inPlace = Explain::curve(mixed, find(Analysis::series(mixed), false, "", 1));
        QVERIFY(inPlace.ceilingMix && *inPlace.ceilingMix == Workload::Traffic::ReadWrite);
        QCOMPARE(inPlace.ceiling, 25e9);

        // Only small sizes: the launch cost is all there is to see.
        ResultSet small;
        for (const Measurement &m : r.rows)
            if (m.n <= 200)
                small.rows.push_back(m);
        const CurveStory flat = Explain::curve(small, find(Analysis::series(small), true, "launch", 0));
        QCOMPARE(flat.regime, CurveStory::Regime::FixedThroughout);
    }

    void predictedCrossoverMatchesMeasured()
    {
        const ResultSet r = machineRun();
        const auto all = Analysis::series(r);
        const auto stories = Explain::crossovers(r, all);
        QCOMPARE(stories.size(), std::size_t(2));
        for (const CrossoverStory &s : stories) {
            QVERIFY(s.measuredN > 0);
            QVERIFY2(close(s.model.n, s.measuredN, 0.05),
                     qPrintable(QString("%1: predicted %2, measured %3")
                                    .arg(QString::fromStdString(s.gpuLabel))
                                    .arg(s.model.n)
                                    .arg(s.measuredN)));
        }
    }

    void graphModeMovesTheCrossoverLeft()
    {
        const ResultSet r = machineRun();
        const auto all = Analysis::series(r);
        const auto shifts = Explain::shifts(Explain::crossovers(r, all), all);
        QCOMPARE(shifts.size(), std::size_t(1));
        const CrossoverShift &s = shifts.front();
        QCOMPARE(s.from.gpuMode, std::string("launch"));
        QCOMPARE(s.to.gpuMode, std::string("graph"));
        QVERIFY(s.byFixedCost);
        QVERIFY(s.to.model.n < s.from.model.n);
        QVERIFY(close(s.to.gpu.fixed, 1.0e-6, 0.02));
    }

    void threadStoryBandwidth()
    {
        // One thread 44 GB/s, all of them limited by 316 GB/s: 7.2x at most, not Amdahl.
        ResultSet r;
        r.machine.ceilings[Calibration::cpuTriad] = 316e9;
        const int n = 4000;
        for (int p : {1, 2, 4, 8, 12, 16})
            r.rows.push_back(row("cpu", p, "", n, bytesAt(n) / std::min(p * 44e9, 316e9)));
        const ThreadStory st = Explain::threads(r, Analysis::series(r), n);
        QVERIFY(st.valid);
        QCOMPARE(st.kind, ThreadStory::Kind::Bandwidth);
        QVERIFY(st.saturationCalibrated);
        QCOMPARE(st.level, std::string("DRAM"));
        QVERIFY(close(st.oneThreadRate, 44e9, 1e-6));
        QVERIFY(close(st.bandwidthSpeedup(16), 316.0 / 44, 1e-6));
        QVERIFY(st.errBandwidth < st.errAmdahl);
        QVERIFY(close(st.speedup(16), 316.0 / 44, 1e-6));
    }

    void threadStoryAmdahl()
    {
        ResultSet r;
        r.machine.ceilings[Calibration::cpuTriad] = 1e15; // far away: bandwidth explains nothing
        const int n = 2000;
        const double t1 = 1e-3;
        for (int p : {1, 2, 4, 8, 16})
            r.rows.push_back(row("cpu", p, "", n, t1 * (0.1 + 0.9 / p)));
        const ThreadStory st = Explain::threads(r, Analysis::series(r), n);
        QCOMPARE(st.kind, ThreadStory::Kind::Amdahl);
        QVERIFY(close(st.amdahl.serialFraction, 0.1, 1e-3));
        QVERIFY(close(st.speedup(16), 1 / (0.1 + 0.9 / 16), 1e-3));
    }

    // Issue 35, finding 9: no physics from noise. Amdahl through points most of which are noisy
    // is not claimed; a fork/join cost from disturbed points is not either, however large; one
    // that more than doubles one thread's time is, through noise, but not through disturbance.
    void threadStoryNotFromNoise()
    {
        ResultSet r;
        r.machine.ceilings[Calibration::cpuTriad] = 1e15;
        const int n = 2000;
        const double t1 = 1e-3;
        for (int p : {1, 2, 4, 8, 16})
            r.rows.push_back(row("cpu", p, "", n, t1 * (0.1 + 0.9 / p)));
        QVERIFY(!Explain::threads(r, Analysis::series(r), n).tooNoisy());
        for (std::size_t i = 0; i < 3; ++i)
            r.rows[i].stats.markNoisy();
        ThreadStory st = Explain::threads(r, Analysis::series(r), n);
        QCOMPARE(st.noisyCounts, 3);
        QVERIFY(st.tooNoisy());

        ResultSet fork;
        for (int p : {1, 2, 4})
            fork.rows.push_back(row("cpu", p, "", 40, p == 1 ? 1e-6 : 1e-6 / p + 5e-6));
        for (Measurement &m : fork.rows)
            m.stats.markNoisy();
        st = Explain::threads(fork, Analysis::series(fork), 40);
        QCOMPARE(st.kind, ThreadStory::Kind::Overhead);
        QVERIFY(!st.tooNoisy()); // 5 µs of fork/join against 1 µs of work: more than noise makes
        for (Measurement &m : fork.rows)
            m.conditions.disturbedReps = m.stats.reps; // another program held a core throughout
        st = Explain::threads(fork, Analysis::series(fork), 40);
        QCOMPARE(st.disturbedCounts, 3);
        QVERIFY(st.tooNoisy());
    }

    // Issue 35, finding 1: a fork/join cost that grows with the team, a + b p, fits speedups that
    // fall as threads are added (t1/p + a constant cannot); and a story whose best model misses a
    // point by more than the bound does not claim to fit.
    void threadStoryForkJoinGrowsWithTheTeam()
    {
        ResultSet r;
        const int n = 126;
        const double t1 = 1.0e-6, a = 0.2e-6, b = 0.1e-6;
        for (int p : {1, 2, 4, 8, 12, 16})
            r.rows.push_back(row("cpu", p, "", n, p == 1 ? t1 : t1 / p + a + b * p));
        ThreadStory st = Explain::threads(r, Analysis::series(r), n);
        QCOMPARE(st.kind, ThreadStory::Kind::Overhead);
        QVERIFY(close(st.forkJoin, a, 1e-6));
        QVERIFY(close(st.forkJoinPerThread, b, 1e-6));
        QVERIFY(st.worst < 1e-6 && st.fits());
        QVERIFY(st.speedup(16) < st.speedup(2)); // the model falls, as the points do
        // A zigzag no model follows: more threads alternately twice as slow and as fast.
        ResultSet zig;
        for (int p : {1, 2, 3, 4, 5, 6})
            zig.rows.push_back(row("cpu", p, "", 2000, 1e-3 / p * (p % 2 ? 1.0 : 2.6)));
        st = Explain::threads(zig, Analysis::series(zig), 2000);
        QVERIFY(st.valid);
        QVERIFY2(!st.fits(), qPrintable(QString::number(st.worst)));
    }

    void threadStoryForkJoinExceedsWork()
    {
        ResultSet r;
        r.machine.ceilings[Calibration::atThreads(Calibration::cpuParallelRegion, 4)] = 3e-6;
        const int n = 40;
        const double t1 = 1e-6, fork = 5e-6;
        for (int p : {1, 2, 4})
            r.rows.push_back(row("cpu", p, "", n, p == 1 ? t1 : t1 / p + fork));
        const ThreadStory st = Explain::threads(r, Analysis::series(r), n);
        QCOMPARE(st.kind, ThreadStory::Kind::Overhead);
        QVERIFY(close(st.forkJoin, fork, 1e-6));
        QVERIFY(st.slowThreads == 2 || st.slowThreads == 4);
        QVERIFY(st.slowTime > t1);
        QCOMPARE(st.bestThreads, 1);
        QVERIFY(close(st.speedup(4), t1 / (t1 / 4 + fork), 1e-9));
        if (st.slowThreads == 4)
            QCOMPARE(st.parallelRegion, 3e-6);
    }

    void whatIfMovesTheCrossoverTheRightWay()
    {
        const ResultSet r = machineRun();
        const auto all = Analysis::series(r);
        const WhatIf base = Explain::whatIf(r, all);
        QVERIFY(Explain::usable(base));
        // Every measured thread count: the GPU is held against the best CPU at each n. At the
        // crossover (n = 119.5), 4 threads are the fastest: the model the GPU overtakes.
        QCOMPARE(base.threads, 16);
        QCOMPARE(base.cpuThreads(), (std::vector<int>{1, 4, 16}));
        QVERIFY(close(base.gpu.fixed, 3.4e-6, 0.01)); // the launch-mode curve by default
        QVERIFY(close(base.cpuAt(4).rate, 80e9, 0.01));
        QVERIFY(close(base.cpuAt(4).fixed, 2e-6, 0.01));
        QCOMPARE(base.cpuThreads()[std::size_t(base.crossover().cpuIndex)], 4);
        // The best CPU is the fastest model at each size: 1 thread's 50 ns at the smallest.
        QVERIFY(close(base.cpuTime(0), 0.05e-6, 0.01));
        const double n0 = base.crossover().n;
        QVERIFY2(close(n0, std::sqrt(1.4e-6 / (8 * (1 / 80e9 - 1 / 4e12))), 0.01),
                 qPrintable(QString::number(n0)));

        auto later = [&](const WhatIf &w) { return w.crossover().n > n0 * 1.01; };
        auto earlier = [&](const WhatIf &w) {
            const ModelCrossover x = w.crossover();
            return x.gpuEverywhere || (x.n > 0 && x.n < n0 * 0.99);
        };
        WhatIf w = base;
        w.gpu.fixed = 1e-6; // cheaper launches: the GPU wins earlier
        QVERIFY(earlier(w));
        w.gpu.fixed = 0; // free launches: the GPU wins at every size
        QVERIFY(w.crossover().gpuEverywhere);
        w = base;
        w.setGpuBandwidth(w.gpu.rate * 0.1); // a slower GPU: later
        QVERIFY(later(w));
        w = base;
        w.cpuBandwidth *= 2; // faster CPU memory: later
        QVERIFY(later(w));
        w.cpuBandwidth = base.cpuBandwidth / 2;
        QVERIFY(earlier(w));
        w = base;
        w.threads = 1; // one thread: no fork/join, but a fifth of the rate: earlier here
        QVERIFY(close(w.cpu().fixed, 0.05e-6, 0.05));
        QVERIFY(earlier(w));
        w.threads = 8; // the fixed cost of the nearest measured count (4), twice the rate
        QCOMPARE(w.cpu().fixed, base.cpuAt(4).fixed);
        QVERIFY(later(w));

        const WhatIf graph = Explain::whatIf(r, all, find(all, true, "graph", 0).key);
        QVERIFY(close(graph.gpu.fixed, 1.0e-6, 0.02));
        QVERIFY(graph.crossover().n < n0);
        QVERIFY(!Explain::usable(Explain::whatIf(r, {})));
    }

    // Issue 35: a recording without its GPU's L2 size names the level from the spec sheet (the
    // H200's 50 MiB), so a 40 MB working set is the L2's and a 128 MB one HBM's, by size, not by
    // whether its rate happens to beat the memory bandwidth.
    void whatIfTakesTheNearestThreadCount()
    {
        // Each thread count's model comes from the nearest one measured, the lower on a tie; and
        // by lookup: a run of 4000 thread counts asked for each of them took 8 s of a report.
        WhatIf w;
        for (const int p : {1, 4, 8}) {
            CostModel m;
            m.valid = true;
            m.fixed = p * 1e-6; // tells the models apart; scaled() keeps it
            m.rate = 1e10 * p;
            w.cpuModels[p] = m;
        }
        w.cpuOneThreadRate = 1e10;
        w.cpuBandwidth = w.cpuBandwidthMeasured = 8e10;
        w.threads = 8;
        for (const auto &[asked, from] : std::vector<std::pair<int, int>>{
                 {0, 1}, {1, 1}, {2, 1}, {3, 4}, {6, 4}, {7, 8}, {8, 8}, {100, 8}})
            QCOMPARE(w.cpuAt(asked).fixed, from * 1e-6);
        for (int p = 9; p <= 4000; ++p)
            w.cpuModels[p] = w.cpuModels[8];
        w.threads = 4000;
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(w.cpus().size(), w.cpuModels.size()); // 1, 4 and 8 to 4000
        QVERIFY2(clock.elapsed() < 2000, qPrintable(QString::number(clock.elapsed())));
    }

    void l2SizeComesFromTheDeviceOrTheSpecSheet()
    {
        MachineInfo::Gpu g;
        g.name = "NVIDIA H200";
        QCOMPARE(GpuSpecs::l2Bytes(g), 50.0 * 1024 * 1024);
        g.name = "NVIDIA A100-SXM4-80GB";
        QCOMPARE(GpuSpecs::l2Bytes(g), 40.0 * 1024 * 1024);
        g.l2Bytes = 12345; // what the device reported wins
        QCOMPARE(GpuSpecs::l2Bytes(g), 12345.0);
        g = {};
        g.name = "NVIDIA H2000"; // no word match, no guess
        QCOMPARE(GpuSpecs::l2Bytes(g), 0.0);

        ResultSet r;
        MachineInfo::Gpu h200;
        h200.name = "NVIDIA H200";
        h200.bandwidthGBs = 4814;
        r.machine.gpus.push_back(h200);
        Measurement m;
        m.workload = "add";
        m.backend = "gpu";
        m.mode = "launch";
        m.device = 0;
        m.n = 2249;
        m.elements = double(m.n) * m.n;
        m.iterations = 1000;
        m.bytes = 8 * m.elements * m.iterations;
        QCOMPARE(QString::fromStdString(Calibration::levelFor(m, r.machine, false).name),
                 QStringLiteral("GPU L2"));
        m.n = 4000;
        m.elements = double(m.n) * m.n;
        m.bytes = 8 * m.elements * m.iterations;
        QCOMPARE(QString::fromStdString(Calibration::levelFor(m, r.machine, false).name),
                 QStringLiteral("HBM"));
    }
};

QTEST_GUILESS_MAIN(TestExplain)
#include "tst_explain.moc"
