// SPDX-License-Identifier: MIT
// The one run pipeline the CLI and the headless app share: options -> plan (presets, defaults,
// the checks of every option), plan -> a complete ResultSet (with the ceilings when asked) ->
// exit status; and the shipped presets it reads.

#include "core/devices/devicebackend.h"
#include "core/machine/machineinfo.h"
#include "core/measure/calibration.h"
#include "core/pipeline.h"
#include "core/plan/presets.h"
#include "opencl/openclbackend.h"

#include <QtTest>

#include <atomic>
#include <cmath>
#include <set>
#include <stdexcept>

using namespace speeduplab;
// std::string literals: GCC 12 warns (-Wrestrict, a false positive) when a char literal is
// assigned to a std::optional<std::string> that the optimiser can see through.
using namespace std::string_literals;

namespace {

template <typename F> QString invalid(F f)
{
    try {
        f();
    } catch (const std::invalid_argument &e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

/// A CPU-only run of n = 4 and 40 with one thread: fast, and valid on any machine.
RunOptions smallRun()
{
    RunOptions o;
    o.sizes = "4,40"s;
    o.threads = "1"s;
    o.iterations = "3"s;
    o.minTime = "0"s;
    o.cpuOnly = true;
    return o;
}

} // namespace

class TestPipeline : public QObject {
    Q_OBJECT
private slots:
    void everyPresetIsAValidPlan();
    void seedPresetIsTheSeed();
    void unknownPresetNamesTheKnownOnes();
    void brokenPresetJsonSaysWhy();
    void defaultPresetOnlyForItsWorkload();
    void withoutDefaultSizesAreRequired();
    void optionsOverrideThePreset();
    void deviceAllIsEveryGpu();
    void optionErrors_data();
    void optionErrors();
    void limitsLiveInValidate();
    void nanIsNotANumberInValidate();
    void gpuOnlyNeedsAUsableGpu();
    void runIsCompleteAndCalibrated();
    void stoppedRunKeepsItsPointsAndFails();
    void calibrationThreadsAreTheLargest();
    void timingNote_data();
    void timingNote();
    void gpuNoteOnlyWhenTheGpuIsWantedAndMissing();
    void partialNamesDoNotRunOut();
};

void TestPipeline::everyPresetIsAValidPlan()
{
    const int hw = MachineInfo::hardwareThreads();
    const std::vector<std::string> names = Presets::names();
    QCOMPARE(names.front(), std::string("seed"));
    QVERIFY(names.size() >= 6);
    for (const std::string &n : names) {
        const SweepPlan p = Presets::plan(n, hw);
        p.validate(hw);
        QVERIFY2(!Presets::title(n).empty() && Presets::title(n) != n, n.c_str());
        QVERIFY2(!Presets::description(n).empty(), n.c_str());
        QVERIFY(!p.sizes.empty());
    }
    QCOMPARE(Presets::plan("gemm", hw).workload, std::string("gemm"));
    QCOMPARE(Presets::plan("gemm", hw).budget, 300.0);
}

void TestPipeline::seedPresetIsTheSeed()
{
    const int hw = MachineInfo::hardwareThreads();
    const SweepPlan a = Presets::plan("seed", hw), b = SweepPlan::seed(hw);
    QCOMPARE(a.workload, b.workload);
    QVERIFY(a.sizes == b.sizes);
    QVERIFY(a.threads == b.threads);
    QCOMPARE(a.iterations, b.iterations);
    QVERIFY(a.modes.empty());
}

void TestPipeline::unknownPresetNamesTheKnownOnes()
{
    const QString e = invalid([] { Presets::plan("nope", 4); });
    QVERIFY2(e.contains("unknown preset \"nope\"") && e.contains("seed") && e.contains("transfer"),
             qPrintable(e));
    QVERIFY(Presets::description("nope").empty());
}

void TestPipeline::brokenPresetJsonSaysWhy()
{
    QVERIFY(invalid([] { SweepPlan::fromJson("[1, 2]", 4); }).contains("not a JSON object"));
    QVERIFY(invalid([] {
                SweepPlan::fromJson("{\"range\": \"4:40\", \"iterations\": \"many\"}", 4);
            }).contains("number"));
    QVERIFY(invalid([] {
                SweepPlan::fromJson("{\"workload\": \"nope\", \"sizes\": \"4\"}", 4);
            }).contains("unknown workload"));
    const SweepPlan p = SweepPlan::fromJson(R"({"workload": "saxpy", "sizes": "8,16", "threads": "1",
                                                "modes": "graph", "transfers": true, "pinned": true,
                                                "minTime": 0.5, "maxReps": 7, "budget": 60})",
                                            4);
    QCOMPARE(p.workload, std::string("saxpy"));
    QVERIFY((p.sizes == std::vector<int>{8, 16}));
    QVERIFY((p.threads == std::vector<int>{1}));
    QVERIFY((p.modes == std::vector<std::string>{"graph"}));
    QVERIFY(p.transfers && p.pinned);
    QCOMPARE(p.minTime, 0.5);
    QCOMPARE(p.maxReps, 7);
    QCOMPARE(p.budget, 60.0);
}

void TestPipeline::defaultPresetOnlyForItsWorkload()
{
    const int hw = MachineInfo::hardwareThreads();
    RunOptions o;
    o.defaultPreset = "seed"s;
    QVERIFY(Pipeline::plan(o, hw).sizes == SweepPlan::seed(hw).sizes);
    o.cpuOnly = true;
    const SweepPlan cpuSeed = Pipeline::plan(o, hw);
    QVERIFY(cpuSeed.sizes == SweepPlan::seed(hw).sizes);
    QVERIFY(cpuSeed.cpu && !cpuSeed.gpu);
    o.workload = "add"s;
    QCOMPARE(Pipeline::plan(o, hw).iterations, 1000);
    // The seed is an add sweep: another workload without sizes is a usage error, not a surprise.
    o.workload = "gemm"s;
    QVERIFY(invalid([&] { Pipeline::plan(o, hw); }).contains("no sizes"));
}

void TestPipeline::withoutDefaultSizesAreRequired()
{
    RunOptions o; // the CLI: no default preset
    o.cpuOnly = true;
    const QString e = invalid([&] { Pipeline::plan(o, 4); });
    QVERIFY2(e.contains("no sizes") && e.contains("--preset"), qPrintable(e));
    o.preset = "quick"s;
    QCOMPARE(Pipeline::plan(o, MachineInfo::hardwareThreads()).iterations, 100);
}

// --device all with a fake device count: every GPU, the first as `device`; one index stays as it was.
void TestPipeline::deviceAllIsEveryGpu()
{
    RunOptions o;
    o.preset = "quick"s;
    o.device = "all"s;
    SweepPlan p = Pipeline::plan(o, 4, 3);
    QCOMPARE(p.devices, (std::vector<int>{0, 1, 2}));
    QCOMPARE(p.device, 0);
    o.device = "1,0"s;
    p = Pipeline::plan(o, 4, 3);
    QCOMPARE(p.devices, (std::vector<int>{1, 0}));
    QCOMPARE(p.device, 1);
    o.device = "2"s;
    p = Pipeline::plan(o, 4, 3);
    QVERIFY(p.devices.empty());
    QCOMPARE(p.device, 2);
    o.device = "all"s;
    // Without a CUDA GPU, "all" is every described device (OpenCL's, Vulkan's), and without one
    // either it is refused.
    const opencl::Availability cl = opencl::availability();
    if (cl.usable) {
        p = Pipeline::plan(o, 4, 0);
        QVERIFY(!p.gpu);
        std::size_t described = 0;
        for (const MachineInfo::DescribedState &s : Devices::states())
            described += s.devices.size();
        QCOMPARE(p.describedDevices.size(), described);
        o.device = "cuda:1,opencl:0"s;
        p = Pipeline::plan(o, 4, 3);
        QVERIFY(p.gpu);
        QCOMPARE(p.device, 1);
        QCOMPARE(p.describedDevices, (std::vector<PlanDevice>{{"opencl", 0}}));
        o.device = "opencl:0,opencl:0"s;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Pipeline::plan(o, 4, 3));
        o.device = "opencl:" + std::to_string(cl.devices.size());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Pipeline::plan(o, 4, 3));
    } else if (Devices::state("vulkan").devices.empty()) {
        try {
            Pipeline::plan(o, 4, 0);
            QFAIL("--device all without a GPU or a described device was accepted");
        } catch (const std::invalid_argument &e) {
            QVERIFY2(std::string(e.what()).find("no usable GPU") != std::string::npos, e.what());
        }
    }
    o.device = "0,x"s;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Pipeline::plan(o, 4, 3));
}

void TestPipeline::optionsOverrideThePreset()
{
    const int hw = MachineInfo::hardwareThreads();
    RunOptions o;
    o.preset = "quick"s;
    o.sizes = "5,50"s;
    o.threads = "1"s;
    o.iterations = "7"s;
    o.minTime = "0.25"s;
    o.maxReps = "9"s;
    o.budget = "30"s;
    o.hostMemory = "pinned"s;
    o.transfers = true;
    o.gpuOnly = true;
    // --gpu-only needs a usable GPU (gpuOnlyNeedsAUsableGpu); the overrides are the same either way.
    const bool gpu = MachineInfo::gpuState().usable;
    if (!gpu) {
        o.gpuOnly = false;
        o.cpuOnly = true;
    }
    const SweepPlan p = Pipeline::plan(o, hw);
    QVERIFY((p.sizes == std::vector<int>{5, 50}));
    QVERIFY((p.threads == std::vector<int>{1}));
    QCOMPARE(p.iterations, 7);
    QCOMPARE(p.minTime, 0.25);
    QCOMPARE(p.maxReps, 9);
    QCOMPARE(p.budget, 30.0);
    QVERIFY(p.pinned && p.transfers);
    QVERIFY(gpu ? (p.gpu && !p.cpu) : (p.cpu && !p.gpu));
    // Sizes without a preset: every thread count.
    RunOptions s;
    s.sizes = "4"s;
    QCOMPARE(int(Pipeline::plan(s, hw).threads.size()), hw);
}

void TestPipeline::optionErrors_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("iterations text") << "iterations"
                                     << "abc"
                                     << "--iterations must be a whole number, not \"abc\"";
    QTest::newRow("iterations negative") << "iterations"
                                         << "-3"
                                         << "--iterations must be at least 1, not -3";
    // 0 inside a SweepPlan means "the workload's default": typed, it is an error, not that.
    QTest::newRow("iterations 0") << "iterations"
                                  << "0"
                                  << "--iterations must be at least 1, not 0";
    QTest::newRow("iterations partly") << "iterations"
                                       << "12x"
                                       << "whole number";
    QTest::newRow("iterations huge") << "iterations"
                                     << "99999999999"
                                     << "whole number";
    QTest::newRow("max-reps") << "maxReps"
                              << "1.5"
                              << "--max-reps must be a whole number";
    QTest::newRow("device") << "device"
                            << ""
                            << "--device: no device given";
    QTest::newRow("device name") << "device"
                                 << "metal:0"
                                 << "--device: GPU index \"metal:0\" is not a whole number";
    QTest::newRow("opencl index") << "device"
                                  << "opencl:x"
                                  << "--device: OpenCL device index \"x\" is not a whole number";
    QTest::newRow("min-time") << "minTime"
                              << "fast"
                              << "--min-time must be a number of seconds";
    QTest::newRow("min-time nan") << "minTime"
                                  << "nan"
                                  << "--min-time must be a number of seconds: \"nan\" is not a number";
    QTest::newRow("budget nan") << "budget"
                                << "nan"
                                << "--budget must be a number of seconds: \"nan\" is not a number";
    QTest::newRow("budget -nan") << "budget"
                                 << "-nan"
                                 << "is not a number";
    QTest::newRow("budget inf") << "budget"
                                << "inf"
                                << "--budget must be a finite number of seconds, not \"inf\"";
    QTest::newRow("host memory") << "hostMemory"
                                 << "cached"
                                 << "pageable or pinned";
    QTest::newRow("threads") << "threads"
                             << "0"
                             << "must be positive";
}

void TestPipeline::optionErrors()
{
    QFETCH(QString, option);
    QFETCH(QString, value);
    QFETCH(QString, mentions);
    RunOptions o = smallRun();
    const std::string v = value.toStdString();
    if (option == "iterations")
        o.iterations = v;
    else if (option == "maxReps")
        o.maxReps = v;
    else if (option == "device")
        o.device = v;
    else if (option == "minTime")
        o.minTime = v;
    else if (option == "budget")
        o.budget = v;
    else if (option == "hostMemory")
        o.hostMemory = v;
    else if (option == "threads")
        o.threads = v;
    const QString e = invalid([&] { Pipeline::plan(o, MachineInfo::hardwareThreads()); });
    QVERIFY2(e.contains(mentions), qPrintable(e));

    RunOptions both = smallRun();
    both.gpuOnly = true;
    QVERIFY(invalid([&] { Pipeline::plan(both, 4); }).contains("exclude each other"));
    RunOptions twice = smallRun();
    twice.range = "4:40";
    QVERIFY(invalid([&] { Pipeline::plan(twice, 4); }).contains("either --sizes or --range"));
}

void TestPipeline::limitsLiveInValidate()
{
    RunOptions o = smallRun();
    o.sizes = std::to_string(SweepPlan::maxSize + 1);
    QVERIFY(invalid([&] { Pipeline::plan(o, 4); }).contains(QString::number(SweepPlan::maxSize)));
    o = smallRun();
    o.budget = std::to_string(SweepPlan::maxBudget + 1);
    QVERIFY(invalid([&] { Pipeline::plan(o, 4); }).contains("a week"));
    o.budget = std::to_string(SweepPlan::maxBudget);
    Pipeline::plan(o, MachineInfo::hardwareThreads()); // the limit itself is allowed
}

void TestPipeline::nanIsNotANumberInValidate()
{
    // A plan built elsewhere (the window's form) with NaN: "not a number", not "negative".
    SweepPlan p = Pipeline::plan(smallRun(), MachineInfo::hardwareThreads());
    p.budget = std::nan("");
    QCOMPARE(invalid([&] { p.validate(MachineInfo::hardwareThreads()); }),
             QStringLiteral("the time budget is not a number"));
    p = Pipeline::plan(smallRun(), MachineInfo::hardwareThreads());
    p.minTime = std::nan("");
    QCOMPARE(invalid([&] { p.validate(MachineInfo::hardwareThreads()); }),
             QStringLiteral("the minimum time per point is not a number"));
    p.minTime = -1;
    QVERIFY(invalid([&] { p.validate(MachineInfo::hardwareThreads()); }).contains("between 0 and 3600"));
}

void TestPipeline::gpuOnlyNeedsAUsableGpu()
{
    RunOptions o = smallRun();
    o.cpuOnly = false;
    o.gpuOnly = true;
    MachineInfo::GpuState none;
    none.usable = false;
    none.reason = "no CUDA driver was found";
    QCOMPARE(QString::fromStdString(Pipeline::gpuOnlyError(o, none)),
             QStringLiteral("--gpu-only needs a usable GPU, and there is none: no CUDA driver was found"));
    MachineInfo::GpuState usable;
    usable.usable = true;
    QVERIFY(Pipeline::gpuOnlyError(o, usable).empty());
    RunOptions both = smallRun(); // --cpu-only, or neither: the GPU points are skipped with a note
    QVERIFY(Pipeline::gpuOnlyError(both, none).empty());
    both.cpuOnly = false;
    QVERIFY(Pipeline::gpuOnlyError(both, none).empty());

    // On this machine: a usage error naming the reason without a GPU, a GPU plan with one.
    const MachineInfo::GpuState here = MachineInfo::gpuState();
    if (here.usable) {
        const SweepPlan p = Pipeline::plan(o, MachineInfo::hardwareThreads());
        QVERIFY(p.gpu && !p.cpu);
    } else {
        const QString e = invalid([&] { Pipeline::plan(o, MachineInfo::hardwareThreads()); });
        QVERIFY2(e.startsWith("--gpu-only needs a usable GPU") &&
                     e.contains(QString::fromStdString(here.reason)),
                 qPrintable(e));
    }
}

void TestPipeline::runIsCompleteAndCalibrated()
{
    const SweepPlan plan = Pipeline::plan(smallRun(), MachineInfo::hardwareThreads());
    std::atomic<bool> stop{false};
    std::set<std::string> measured; // points reported; one another program disturbed comes again
    std::vector<CalibrationStep> steps;
    Pipeline::Events events;
    events.measured = [&](const Measurement &m) {
        measured.insert(m.seriesKey() + '@' + std::to_string(m.n));
    };
    events.calibration = [&](const CalibrationStep &s) { steps.push_back(s); };
    const Pipeline::Outcome out = Pipeline::run(plan, true, events, stop);
    QCOMPARE(measured.size(), std::size_t(2));
    QCOMPARE(int(out.result.size()), 2);
    QVERIFY(!out.stopped);
    QVERIFY(out.calibrated);
    QVERIFY(out.calibrationError.empty());
    // The ceilings arrive in the result set itself: nothing is merged afterwards.
    QVERIFY(out.result.machine.ceilings.count(Calibration::cpuTriad));
    QVERIFY(out.result.machine.ceilings.at(Calibration::cpuTriad) > 1e8);
    QVERIFY(!out.result.machine.cpuModel.empty());
    // A CPU-only plan calibrates the CPU only, with the plan's largest thread count.
    QCOMPARE(int(steps.size()), 1);
    QVERIFY(steps[0].kind == CalibrationStep::Kind::Cpu);
    QCOMPARE(steps[0].threads, 1);
    QCOMPARE(Pipeline::exitStatus(out), 0);
    QVERIFY(Pipeline::stopNote(out).empty());
    // The runner's timings: the first pass (both sizes) ended when the sweep did.
    QVERIFY(out.firstPass >= 0 && out.firstPass <= out.elapsed);
    QVERIFY(out.elapsed > 0);

    Pipeline::Outcome failed = out;
    failed.result.rows[0].status = Measurement::Status::Failed;
    QCOMPARE(Pipeline::exitStatus(failed), 1);
    Pipeline::Outcome calibrationFailed = out;
    calibrationFailed.calibrationError = "the calibration failed: out of memory";
    QCOMPARE(Pipeline::exitStatus(calibrationFailed), 1);
}

void TestPipeline::stoppedRunKeepsItsPointsAndFails()
{
    const SweepPlan plan = Pipeline::plan(smallRun(), MachineInfo::hardwareThreads());
    std::atomic<bool> stop{false};
    Pipeline::Events events;
    events.measured = [&](const Measurement &) { stop.store(true); }; // stop after the first point
    bool calibrationStarted = false;
    events.calibration = [&](const CalibrationStep &) { calibrationStarted = true; };
    const Pipeline::Outcome out = Pipeline::run(plan, true, events, stop);
    QVERIFY(out.stopped);
    QVERIFY(!calibrationStarted); // a stopped sweep is not followed by a calibration
    QVERIFY(out.result.size() >= 1);
    QCOMPARE(Pipeline::exitStatus(out), 1);
    const QString note = QString::fromStdString(Pipeline::stopNote(out));
    QVERIFY2(note.startsWith("stopped: ") && note.contains("measured before the stop"), qPrintable(note));
}

void TestPipeline::timingNote_data()
{
    QTest::addColumn<double>("firstPass");
    QTest::addColumn<double>("elapsed");
    QTest::addColumn<QString>("note");

    QTest::newRow("both")
        << 2.14 << 14.26 << "the sweep took 14.3 s; every curve spanned the whole range of sizes after 2.1 s";
    QTest::newRow("long")
        << 31.0 << 412.4 << "the sweep took 412 s; every curve spanned the whole range of sizes after 31.0 s";
    QTest::newRow("stopped before the first pass ended") << -1.0 << 3.0 << "the sweep took 3.0 s";
}

void TestPipeline::timingNote()
{
    QFETCH(double, firstPass);
    QFETCH(double, elapsed);
    QFETCH(QString, note);
    QCOMPARE(QString::fromStdString(Pipeline::timingNote(firstPass, elapsed)), note);
}

void TestPipeline::calibrationThreadsAreTheLargest()
{
    SweepPlan p;
    p.threads = {4, 1, 2};
    QCOMPARE(Pipeline::calibrationThreads(p, 8), 4);
    p.threads.clear(); // a GPU-only plan: all the machine's threads
    QCOMPARE(Pipeline::calibrationThreads(p, 8), 8);
    QCOMPARE(Pipeline::calibrationThreads(p, 0), 1);
}

void TestPipeline::gpuNoteOnlyWhenTheGpuIsWantedAndMissing()
{
    SweepPlan p;
    p.gpu = false;
    QVERIFY(Pipeline::gpuNote(p).empty());
    p.gpu = true;
    const MachineInfo::GpuState state = MachineInfo::gpuState();
    if (state.usable) {
        QVERIFY(Pipeline::gpuNote(p).empty());
    } else {
        const std::string note = Pipeline::gpuNote(p);
        QVERIFY2(note.find("no usable GPU") == 0 && note.find(state.reason) != std::string::npos,
                 note.c_str());
    }
}

// Issue 36: with out.partial.json to out.partial-100.json taken, an interrupted run threw its
// points away. Past the numbered names come random ones: the names cannot run out.
void TestPipeline::partialNamesDoNotRunOut()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string out = dir.filePath(QStringLiteral("out.json")).toStdString();
    for (int k = 1; k <= 100; ++k) {
        QFile f(dir.filePath(k == 1 ? QStringLiteral("out.partial.json")
                                    : QStringLiteral("out.partial-%1.json").arg(k)));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write("taken") == 5);
    }
    const std::string said = Pipeline::writeOutput(out, "{}\n", true, false, {});
    QVERIFY2(QString::fromStdString(said).contains(QStringLiteral("what was measured before the stop is in")),
             said.c_str());
    const QStringList partials = QDir(dir.path()).entryList({QStringLiteral("out.partial-*.json")});
    QCOMPARE(partials.size(), 100); // 99 numbered, one random
    int random = 0;
    for (const QString &name : partials) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        if (f.readAll() == "{}\n") {
            ++random;
            QVERIFY2(said.find(name.toStdString()) != std::string::npos, said.c_str());
        }
    }
    QCOMPARE(random, 1);
}

QTEST_GUILESS_MAIN(TestPipeline)
#include "tst_pipeline.moc"
