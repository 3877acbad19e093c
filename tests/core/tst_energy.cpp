// SPDX-License-Identifier: MIT
// Energy without counters on this machine: the recorded powercap tree (tests/data/powercap: two
// packages, DRAM, an integrated GPU, a counter about to wrap) read through a reader that moves the
// counters on and stands for a root-only file; the refusals; NVML's energy through the fake
// library; J per operation over a point's repetitions, extended when too short; rounds pooled; the
// fields in CSV and JSON, absent (never 0) on a row without energy; the "why not" sentences.
#include "core/machine/energy.h"
#include "core/machine/gpuclocks.h"
#include "core/machine/rapl.h"
#include "core/measure/repeatloop.h"
#include "core/measure/sweeprunner.h"
#include "core/results/resultio.h"
#include "opencl/openclbackend.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>

#include <fstream>
#include <map>
#include <sys/stat.h>
#include <thread>

using namespace speeduplab;

namespace {

const std::string kTree = std::string(SPEEDUPLAB_SOURCE_DIR) + "/tests/data/powercap";

// The recorded tree, read as it is, with the energy_uj files of `moved` (zone folder -> µJ)
// in their place and `denied` answering EACCES: a counter that moved on, a file only root reads.
struct MovingTree {
    std::map<std::string, unsigned long long> moved;
    std::map<std::string, std::string> names; // zone folder -> its name file's text
    bool denied = false;
    std::string cpuinfo = "flags\t\t: fpu vme de pse tsc msr\n";
    Rapl::Reader reader()
    {
        return [this](const std::string &path, std::string &text) {
            if (path == "/proc/cpuinfo") {
                text = cpuinfo;
                return 0;
            }
            const std::string zone = std::filesystem::path(path).parent_path().filename().string();
            const bool energy = std::filesystem::path(path).filename() == "energy_uj";
            if (energy && denied)
                return EACCES;
            if (const auto it = names.find(zone);
                std::filesystem::path(path).filename() == "name" && it != names.end()) {
                text = it->second;
                return 0;
            }
            if (const auto it = moved.find(zone); energy && it != moved.end()) {
                text = std::to_string(it->second) + "\n";
                return 0;
            }
            return Rapl::readFile(path, text);
        };
    }
};

// The recorded values (µJ).
constexpr unsigned long long kPackage0 = 80123456789ULL, kDram0 = 9876543210ULL, kPackage1 = 262142900000ULL,
                             kDram1 = 5555555555ULL, kWrap1 = 262143328850ULL;

// One sweep on a copy of the recorded tree whose counters a thread moves on at 62 W, and how long
// that thread was kept from running at worst.
struct FedSweep {
    ResultSet result;
    double maxGap = 0; // the longest the writer went without moving the counters, seconds
    bool pocl = false;
};

FedSweep feedASweep(const std::string &root)
{
    const std::map<std::string, std::pair<unsigned long long, double>> zones = {
        {"intel-rapl:0", {kPackage0, 25}},
        {"intel-rapl:0:2", {kDram0, 5}},
        {"intel-rapl:1", {kPackage1, 30}},
        {"intel-rapl:1:0", {kDram1, 2}}};
    std::atomic<bool> done{false};
    std::atomic<double> maxGap{0};
    std::thread feed([&] {
        const auto start = std::chrono::steady_clock::now();
        double last = 0;
        while (!done) {
            const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (t - last > maxGap.load())
                maxGap = t - last;
            last = t;
            for (const auto &[zone, base] : zones) {
                const std::string path = root + "/" + zone + "/energy_uj";
                std::ofstream(path + ".new")
                    << (base.first + (unsigned long long)(base.second * t * 1e6)) % kWrap1 << '\n';
                std::filesystem::rename(path + ".new", path);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    });
    qputenv("SPEEDUPLAB_POWERCAP_ROOT", QByteArray::fromStdString(root));
    SweepPlan plan;
    plan.workload = "add";
    plan.sizes = {16, 256};
    plan.threads = {1};
    plan.gpu = false;
    plan.minTime = 0.01;
    // PoCL, OpenCL on these very cores: inside the package, so its points read the package too.
    FedSweep out;
    const auto &cl = opencl::availability().devices;
    out.pocl = !cl.empty() && cl.front().type == "CPU";
    if (out.pocl) {
        plan.describedDevices = {{"opencl", cl.front().index}};
        plan.modes = {"launch"};
    }
    out.result = SweepRunner(plan).run({}, std::atomic<bool>(false));
    done = true;
    feed.join();
    qunsetenv("SPEEDUPLAB_POWERCAP_ROOT");
    out.maxGap = maxGap.load();
    return out;
}

} // namespace

class TestEnergy : public QObject {
    Q_OBJECT
private slots:
    void zonesOfTheRecordedTree()
    {
        MovingTree tree;
        const Rapl rapl(kTree, tree.reader());
        QVERIFY2(rapl.why().empty(), rapl.why().c_str());
        const auto &z = rapl.zones();
        QCOMPARE(int(z.size()), 4); // the packages and their DRAM: not core, uncore or psys
        QCOMPARE(z[0].name, std::string("package-0"));
        QCOMPARE(z[0].includes, std::string("package, includes the integrated GPU")); // it has an uncore
        QCOMPARE(z[1].name, std::string("dram"));
        QCOMPARE(z[1].dir, std::string("intel-rapl:0:2"));
        QCOMPARE(z[2].name, std::string("package-1"));
        QCOMPARE(z[2].includes, std::string("package"));
        QCOMPARE(z[3].dir, std::string("intel-rapl:1:0"));
        QCOMPARE(z[2].wrapJoules, kWrap1 * 1e-6);
        const EnergyMeter meter = rapl.meter();
        QVERIFY(meter.available());
        QCOMPARE(meter.description(),
                 std::string("RAPL package-0 (package, includes the integrated GPU) + dram "
                             "(DRAM) + package-1 (package) + dram (DRAM)"));
    }

    // The target: J per operation from the counters' deltas within 1 %, package-1 across its wrap.
    void joulesPerOperationAcrossAWrap()
    {
        MovingTree tree;
        double now = 100;
        const EnergyMeter meter = Rapl(kTree, tree.reader()).meter([&] { return now; });
        std::string problem;
        const auto from = meter.read(problem);
        QVERIFY2(from, problem.c_str());
        // One second later: 25 J, 5 J, 30 J (through the wrap) and 2 J.
        tree.moved = {{"intel-rapl:0", kPackage0 + 25000000},
                      {"intel-rapl:0:2", kDram0 + 5000000},
                      {"intel-rapl:1", kPackage1 + 30000000 - kWrap1},
                      {"intel-rapl:1:0", kDram1 + 2000000}};
        now += 1;
        const PointEnergy e = RepeatLoop::readEnergy(meter, from, {}, 1000, 1000, [] { return false; });
        QVERIFY2(e.measured(), e.note.c_str());
        QVERIFY(std::fabs(e.joules - 62) / 62 < 0.01);
        QCOMPARE(e.seconds, 1.0);
        QVERIFY(std::fabs(e.perOperation - 62e-6) / 62e-6 < 0.01); // 62 J over 1000 x 1000 operations
        QCOMPARE(e.counters, meter.description());
        QVERIFY(e.note.empty());
        QVERIFY(e.problem().empty());
    }

    // Too short for the counters: repetitions are added until the span is long enough, and
    // counted; when none may be added, the point is marked, never given a number.
    void aShortSpanIsExtendedOrMarked()
    {
        MovingTree tree;
        double now = 0;
        unsigned long long p0 = kPackage0, d0 = kDram0, p1 = kPackage1, d1 = kDram1;
        const EnergyMeter meter = Rapl(kTree, tree.reader()).meter([&] { return now; });
        QCOMPARE(meter.minimumSpan(), EnergyMeter::spanUpdates * Rapl::nominalUpdate);
        std::string problem;
        const auto from = meter.read(problem);
        QVERIFY(from);
        auto advance = [&] { // one repetition: 5 ms and 0.1 J on every counter
            now += 0.005;
            for (unsigned long long *c : {&p0, &d0, &p1, &d1})
                *c += 100000;
            tree.moved = {
                {"intel-rapl:0", p0}, {"intel-rapl:0:2", d0}, {"intel-rapl:1", p1}, {"intel-rapl:1:0", d1}};
            return true;
        };
        advance();
        int added = 0;
        const PointEnergy e = RepeatLoop::readEnergy(meter, from, {}, 1, 10, [&] {
            ++added;
            return advance();
        });
        QVERIFY2(e.measured(), e.note.c_str());
        QCOMPARE(added, 3);                        // 5 ms -> 20 ms
        QVERIFY(std::fabs(e.joules - 1.6) < 1e-6); // 4 repetitions of 0.1 J on 4 counters
        QVERIFY(std::fabs(e.perOperation - 1.6 / 40) < 1e-9);

        const auto again = meter.read(problem);
        advance();
        const PointEnergy cut = RepeatLoop::readEnergy(meter, again, {}, 1, 10, [] { return false; });
        QVERIFY(!cut.measured());
        QCOMPARE(cut.joules, 0.0);
        QVERIFY2(cut.note.rfind("too short to measure energy: the repetitions lasted 5 ms", 0) == 0,
                 cut.note.c_str());
    }

    void refusals()
    {
        double now = 0;
        std::vector<double> values{0};
        const EnergyMeter::ReadFn read = [&](std::vector<double> &j, std::string &) {
            j = values;
            return true;
        };
        const EnergyMeter wraps({{"package-0", 100}}, "RAPL package-0 (package)", 0.001, read,
                                [&] { return now; });
        const EnergyMeter never({{"dram", 0}}, "RAPL dram (DRAM)", 0.001, read, [&] { return now; });
        auto span = [&](const EnergyMeter &m, double a, double b, double seconds) {
            values = {a};
            now = 0;
            std::string p;
            const auto ra = m.read(p);
            values = {b};
            now = seconds;
            return m.between(*ra, *m.read(p));
        };
        QVERIFY(span(wraps, 0, 0, 1).problem.find("package-0 reads 0") != std::string::npos);
        QVERIFY(span(wraps, 5, 5, 1).problem.find("did not change in 1 s") != std::string::npos);
        QCOMPARE(span(wraps, 5, 5, 0.0005).problem, std::string()); // within one update: no change is right
        const auto wrapped = span(wraps, 95, 3, 1);
        QVERIFY(wrapped.problem.empty());
        QCOMPARE(wrapped.joules, 8.0);
        const auto back = span(never, 50, 40, 1); // no wrap known: backwards is refused
        QVERIFY2(back.problem.find("dram went backwards (from 50 J to 40 J)") != std::string::npos,
                 back.problem.c_str());
        QCOMPARE(back.joules, 0.0);
        // A "wrap" that would mean 90 J in 10 ms: 9 kW, more than a package draws, is no wrap.
        QVERIFY(span(wraps, 50, 40, 0.01).problem.find("which is no wrap at 100 J") != std::string::npos);
        QVERIFY(span(never, 1, 1e6, 1).problem.find("more than any device draws") != std::string::npos);
    }

    void whyNoEnergy()
    {
        const QTemporaryDir empty;
        MovingTree vm;
        vm.cpuinfo = "flags\t\t: fpu vme hypervisor lahf_lm\n";
        QCOMPARE(
            Rapl(empty.path().toStdString(), vm.reader()).why(),
            std::string("no energy counters on this machine (a virtual machine: the hypervisor shows none)"));
        MovingTree bare;
        const std::string none = Rapl(empty.path().toStdString(), bare.reader()).why();
        QVERIFY2(none.rfind("no energy counters on this machine (the kernel shows no RAPL zone", 0) == 0,
                 none.c_str());
        MovingTree locked;
        locked.denied = true;
        const Rapl rootOnly(kTree, locked.reader());
        QVERIFY(rootOnly.why().find(
                    "can be read by root only on this machine, since the fix for CVE-2020-8694") !=
                std::string::npos);
        QVERIFY(rootOnly.why().find("would take running SpeedupLab as root, or an administrator") !=
                std::string::npos);
        QVERIFY(!rootOnly.meter().available());
        QCOMPARE(rootOnly.meter().why(), rootOnly.why());
        QCOMPARE(EnergyText::whyNone("the CPU", rootOnly.why()), "no energy for the CPU: " + rootOnly.why());
        QCOMPARE(EnergyText::whyNone("the CPU", ""), std::string());
        // A name from a file is data: control characters are shown, never passed on.
        MovingTree hostile;
        hostile.names = {{"intel-rapl:0", "package-0\x1b]0;owned\x07\n"}};
        const std::string shown = Rapl(kTree, hostile.reader()).meter().description();
        QVERIFY2(shown.find('\x1b') == std::string::npos && shown.find('\x07') == std::string::npos,
                 shown.c_str());
        QVERIFY2(shown.rfind("RAPL package-0", 0) == 0, shown.c_str());
        // A counter that is a FIFO is never waited on, and the reason says what it is (it said
        // "Invalid argument").
        const QTemporaryDir copy;
        namespace fs = std::filesystem;
        fs::copy(kTree, copy.path().toStdString(), fs::copy_options::recursive);
        const std::string counter = copy.path().toStdString() + "/intel-rapl:0/energy_uj";
        fs::remove(counter);
        QCOMPARE(::mkfifo(counter.c_str(), 0644), 0);
        const std::string fifo = Rapl(copy.path().toStdString()).why();
        QVERIFY2(fifo.find("energy_uj: not a regular file: a FIFO, socket, device or folder") !=
                     std::string::npos,
                 fifo.c_str());
        QVERIFY2(fifo.find("Invalid argument") == std::string::npos, fifo.c_str());
    }

    void nvmlEnergy()
    {
        qputenv("FAKE_NVML_SM_MHZ", "1980");
        qputenv("FAKE_NVML_ENERGY_MJ", "1000000");
        const GpuClocks clocks(FAKENVML_PATH);
        QVERIFY(clocks.available());
        const EnergyMeter meter = EnergyMeter::nvml(clocks, 0, "0000:19:00.0");
        QVERIFY2(meter.available(), meter.why().c_str());
        QCOMPARE(meter.description(), std::string("NVML total energy (the GPU board)"));
        std::string problem;
        const auto a = meter.read(problem);
        QVERIFY(a);
        QCOMPARE(a->joules.front(), 1000.0);
        qputenv("FAKE_NVML_ENERGY_MJ", "1000250");
        const auto b = meter.read(problem);
        QCOMPARE(b->joules.front() - a->joules.front(), 0.25);

        qunsetenv("FAKE_NVML_ENERGY_MJ"); // an older GPU: the call answers Not Supported
        const EnergyMeter old = EnergyMeter::nvml(clocks, 0, "0000:19:00.0");
        QVERIFY(!old.available());
        QCOMPARE(old.why(),
                 std::string("this GPU does not report its energy through NVML (Not Supported): NVIDIA "
                             "GPUs report it from Volta (2017) on"));
        const GpuClocks oldDriver(FAKENVML_OLD_PATH);
        qputenv("FAKE_NVML_ENERGY_MJ", "5");
        QVERIFY(EnergyMeter::nvml(oldDriver, 0, {}).why().find("no nvmlDeviceGetTotalEnergyConsumption") !=
                std::string::npos);
        const GpuClocks missing("/nonexistent/libnvidia-ml.so.1");
        const std::string noNvml = EnergyMeter::nvml(missing, 0, {}).why();
        QVERIFY2(noNvml.rfind("no NVML: /nonexistent/libnvidia-ml.so.1 could not be loaded", 0) == 0,
                 noNvml.c_str());
        qunsetenv("FAKE_NVML_ENERGY_MJ");
        qunsetenv("FAKE_NVML_SM_MHZ");
    }

    // A whole sweep on a live copy of the recorded tree: a thread moves its counters on at 62 W
    // every millisecond (package-1 across its wrap), as the kernel does. Every ok row then has
    // energy, at the power the counters rose by, within the span's rule (20 updates: 10 %) and
    // the writer's jitter on a shared machine; the sweep names the counters it read.
    //
    // On a loaded machine the writer can be starved for longer than a whole span; its counters
    // then truly did not move, and the sweep is right to refuse them. Such a try proves nothing,
    // so it is made again; a try whose writer kept up must pass every check.
    void aSweepReadsTheCounters()
    {
        const QTemporaryDir dir;
        const std::string root = dir.path().toStdString() + "/powercap";
        std::filesystem::copy(kTree, root, std::filesystem::copy_options::recursive);
        constexpr double kShortestSpan = 20 * 0.0005; // the span rule's floor, seconds
        FedSweep s;
        for (int attempt = 0; attempt < 5; ++attempt) {
            s = feedASweep(root);
            const bool allMeasured =
                std::all_of(s.result.rows.begin(), s.result.rows.end(),
                            [](const Measurement &m) { return m.conditions.energy.measured(); });
            if (allMeasured || s.maxGap < kShortestSpan)
                break;
            qInfo("the writer was starved for %.1f ms; trying again", s.maxGap * 1e3);
        }
        const ResultSet &r = s.result;
        QVERIFY2(r.machine.sweep.energy.rfind("the CPU: RAPL package-0", 0) == 0,
                 r.machine.sweep.energy.c_str());
        QVERIFY(r.machine.sweep.energyMissing.empty());
        QCOMPARE(int(r.rows.size()), s.pocl ? 4 : 2);
        if (s.pocl)
            QVERIFY2(r.machine.sweep.energy.find("; opencl:0: RAPL package-0") != std::string::npos,
                     r.machine.sweep.energy.c_str());
        for (const Measurement &m : r.rows) {
            QVERIFY(m.ok());
            const PointEnergy &e = m.conditions.energy;
            QVERIFY2(e.measured(), qPrintable(QStringLiteral("%1 (the writer late by up to %2 ms)")
                                                  .arg(QString::fromStdString(e.note))
                                                  .arg(s.maxGap * 1e3)));
            const double watts = e.joules / e.seconds;
            const double lag = 2 * s.maxGap / e.seconds; // both ends of the span
            QVERIFY2(
                std::abs(watts / 62 - 1) < 0.25 + lag,
                qPrintable(
                    QStringLiteral("%1 W, the writer late by up to %2 ms").arg(watts).arg(s.maxGap * 1e3)));
            QVERIFY(e.seconds >= kShortestSpan); // at least 20 of the counters' updates
            QVERIFY(e.perOperation > 0 &&
                    e.perOperation * m.iterations * m.stats.reps <= e.joules * (1 + 1e-9));
        }
    }

    // The recorded tree as it is: counters that never move are refused on every point, with the
    // reason, and the rows hold no energy field.
    void aSweepRefusesCountersThatDoNotMove()
    {
        qputenv("SPEEDUPLAB_POWERCAP_ROOT", QByteArray::fromStdString(kTree));
        SweepPlan plan;
        plan.workload = "add";
        plan.sizes = {16};
        plan.threads = {1};
        plan.gpu = false;
        plan.minTime = 0.05;
        const ResultSet r = SweepRunner(plan).run({}, std::atomic<bool>(false));
        qunsetenv("SPEEDUPLAB_POWERCAP_ROOT");
        QCOMPARE(int(r.rows.size()), 1);
        const PointEnergy &e = r.rows.front().conditions.energy;
        QVERIFY(!e.measured());
        QVERIFY2(e.note.find("package-0 did not change in") != std::string::npos, e.note.c_str());
        QVERIFY(!nlohmann::json::parse(ResultIO::toJson(r)).at("rows").at(0).contains("energy_j"));
        plan.energy = false; // --energy off: nothing read, nothing said but that
        const ResultSet off = SweepRunner(plan).run({}, std::atomic<bool>(false));
        QCOMPARE(off.rows.front().conditions.energy, PointEnergy());
        QCOMPARE(off.machine.sweep.energyMissing, std::string("energy is off (--energy off)"));
    }

    void roundsPool()
    {
        PointEnergy a{2, 0.5, 2e-3, "RAPL package-0 (package)", {}}; // 1000 operations
        PointEnergy b{6, 1.5, 2e-3, "RAPL package-0 (package)", {}}; // 3000
        PointEnergy none{0, 0, 0, "RAPL package-0 (package)", "too short to measure energy: …"};
        const PointEnergy p = PointEnergy::pooled({a, none, b});
        QCOMPARE(p.joules, 8.0);
        QCOMPARE(p.seconds, 2.0);
        QCOMPARE(p.perOperation, 2e-3);
        const PointEnergy n = PointEnergy::pooled({none, none});
        QVERIFY(!n.measured());
        QCOMPARE(n.note, none.note);
    }

    // In the files: the four fields on a row with energy, none on a row without (no 0 that reads
    // as a measurement), and both read back the same.
    void inTheResultFiles()
    {
        ResultSet r;
        Measurement m;
        m.workload = "add";
        m.backend = "cpu";
        m.variant = "omp";
        m.threads = 2;
        m.n = 400;
        m.iterations = 1000;
        m.elements = m.bytes = 1;
        m.stats = Stats::of({1e-3, 1.1e-3, 0.9e-3});
        m.verified = true;
        m.conditions.energy = {0.5, 0.2, 2.5e-6, "RAPL package-0 (package)", {}};
        r.add(m);
        Measurement bare = m;
        bare.n = 40;
        bare.conditions.energy = {0, 0, 0, "RAPL package-0 (package)", "too short to measure energy: …"};
        r.add(bare);
        const std::string json = ResultIO::toJson(r);
        QCOMPARE(ResultIO::fromJson(json).rows, r.rows);
        const std::string csv = ResultIO::toCsv(r);
        const ResultSet back =
            ResultIO::fromCsv(csv, ResultIO::csvMetadata(r)); // samples are JSON's only: the energy compared
        QCOMPARE(back.rows.size(), r.rows.size());
        for (std::size_t i = 0; i < r.rows.size(); ++i)
            QVERIFY(back.rows[i].conditions.energy == r.rows[i].conditions.energy);
        const auto rows = nlohmann::json::parse(json).at("rows");
        QVERIFY(rows.at(0).contains("j_per_op"));
        QCOMPARE(rows.at(0).at("energy_j").get<double>(), 0.5);
        for (const char *key : {"energy_j", "energy_s", "j_per_op"})
            QVERIFY(!rows.at(1).contains(key));
        QVERIFY(csv.find(",,,\"RAPL package-0 (package)\",") != std::string::npos ||
                csv.find(",,,RAPL package-0 (package),") != std::string::npos);
        // A file of a bad mind: a j_per_op without its joules is refused with the field's name.
        std::string bad = json;
        const auto at = bad.find("\"energy_j\"");
        QVERIFY(at != std::string::npos);
        bad.replace(at, 10, "\"energy_x\"");
        QVERIFY_THROWS_EXCEPTION(std::exception, ResultIO::fromJson(bad));
    }
};

QTEST_APPLESS_MAIN(TestEnergy)
#include "tst_energy.moc"
