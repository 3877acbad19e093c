#include "ui/headless.h"

#include "core/analysis.h"
#include "core/calibration.h"
#include "core/overlay.h"
#include "core/resultio.h"
#include "cuda/gpubackend.h"
#include "ui/app.h"
#include "ui/commandline.h"
#include "ui/resultmodel.h"
#include "ui/rooflinechart.h"
#include "ui/scalingchart.h"
#include "ui/speedupchart.h"
#include "ui/sweepcontroller.h"
#include "ui/throughputchart.h"
#include "ui/timechart.h"

#include <QEventLoop>
#include <QFile>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <iostream>
#include <memory>

namespace speeduplab {

namespace {

std::atomic<bool> g_interrupted{false};

void onSignal(int)
{
    g_interrupted.store(true);
}

int usage(const QString &msg)
{
    std::cerr << "speeduplab: " << App::sentence(msg).toStdString() << " (see speeduplab --help)\n";
    return 2;
}

std::string path(const QString &p)
{
    return QFile::encodeName(p).toStdString();
}

std::unique_ptr<ChartView> makeChart(const QString &name)
{
    if (name == QLatin1String("speedup"))
        return std::make_unique<SpeedupChart>();
    if (name == QLatin1String("scaling"))
        return std::make_unique<ScalingChart>();
    if (name == QLatin1String("throughput"))
        return std::make_unique<ThroughputChart>();
    if (name == QLatin1String("roofline"))
        return std::make_unique<RooflineChart>();
    return std::make_unique<TimeChart>();
}

void printRow(const Measurement &m)
{
    static std::string lastReason;
    std::cout << "  " << m.seriesLabel() << ", n = " << m.n << ": ";
    if (m.ok()) {
        std::cout << App::formatSeconds(m.perIteration()).toStdString() << " per iteration"
                  << (m.stats.noisy() ? " (noisy)" : "");
    } else {
        std::cout << Measurement::statusName(m.status);
        if (m.reason == lastReason)
            std::cout << " (the same reason)";
        else
            std::cout << ": " << m.reason;
        lastReason = m.reason;
    }
    std::cout << '\n' << std::flush;
}

} // namespace

int Headless::run(const CommandLine &cl)
{
    if (cl.png.isEmpty() && cl.svg.isEmpty() && cl.csv.isEmpty() && cl.json.isEmpty())
        return usage(
            QStringLiteral("--headless needs an output: --png FILE (and optionally --svg, --csv, --json)"));
    for (const QString &out : {cl.png, cl.svg, cl.csv, cl.json}) {
        if (out.isEmpty())
            continue;
        try {
            ResultIO::checkWritable(path(out));
        } catch (const std::exception &e) {
            return usage(QString::fromStdString(e.what()));
        }
    }

    ResultModel model;
    ResultSet result;
    int rc = 0;
    if (!cl.overlay.isEmpty()) {
        try {
            model.setReference(ResultIO::load(path(cl.overlay)));
        } catch (const std::exception &e) {
            std::cerr << "speeduplab: could not open " << cl.overlay.toStdString() << ": " << e.what()
                      << '\n';
            return 1;
        }
        std::cout << "Overlaying " << Overlay::name(model.reference()) << " from " << cl.overlay.toStdString()
                  << '\n';
    }
    if (!cl.open.isEmpty()) {
        try {
            result = ResultIO::load(path(cl.open));
        } catch (const std::exception &e) {
            std::cerr << "speeduplab: could not open " << cl.open.toStdString() << ": " << e.what() << '\n';
            return 1;
        }
        model.setResultSet(result);
        std::cout << "Opened " << cl.open.toStdString() << ": " << result.size() << " measurements\n";
    } else {
        SweepPlan plan;
        try {
            plan = cl.plan(App::hardwareThreads());
        } catch (const std::exception &e) {
            return usage(QString::fromStdString(e.what()));
        }
        const gpu::Availability a = gpu::availability();
        if (plan.gpu && !a.usable)
            std::cerr << "note: no usable GPU, GPU points will be skipped: " << a.reason << '\n';
        std::cout << "Sweeping " << plan.workload << ": " << plan.points().size() << " points\n";

        std::signal(SIGINT, onSignal);
        std::signal(SIGTERM, onSignal);
        SweepController controller;
        QEventLoop loop;
        bool cancelled = false;
        QString failure;
        QObject::connect(&controller, &SweepController::measurementAvailable, &model,
                         [&model](const Measurement &m) {
                             model.append(m);
                             printRow(m);
                         });
        QObject::connect(&controller, &SweepController::finished, &loop,
                         [&](const ResultSet &r, bool wasCancelled) {
                             result = r;
                             cancelled = wasCancelled;
                             loop.quit();
                         });
        QObject::connect(&controller, &SweepController::failed, &loop, [&](const QString &message) {
            failure = message;
            loop.quit();
        });
        QTimer interrupt;
        QObject::connect(&interrupt, &QTimer::timeout, &controller, [&controller] {
            if (g_interrupted.load())
                controller.cancel();
        });
        interrupt.start(100);
        controller.start(plan);
        loop.exec();
        if (!failure.isEmpty()) {
            std::signal(SIGINT, SIG_DFL);
            std::signal(SIGTERM, SIG_DFL);
            std::cerr << "speeduplab: " << failure.toStdString() << '\n';
            return 1;
        }
        if (cl.calibrate && !cancelled) {
            // As speeduplab-cli run --calibrate: the CPU with the sweep's largest thread count,
            // so that the ceiling is what the best CPU curve could reach.
            const int threads = plan.threads.empty()
                                    ? App::hardwareThreads()
                                    : *std::max_element(plan.threads.begin(), plan.threads.end());
            const bool useGpu = plan.gpu && a.usable;
            bool calibrationCancelled = false;
            QObject::connect(&controller, &SweepController::calibrationProgress, &loop,
                             [](const QString &step) {
                                 std::cout << step.toStdString() << '\n' << std::flush;
                             });
            QObject::connect(&controller, &SweepController::calibrationFinished, &loop,
                             [&](const CeilingMap &ceilings, const QString &note, bool wasCancelled) {
                                 for (const auto &[k, v] : ceilings)
                                     result.machine.ceilings[k] = v;
                                 if (!note.isEmpty())
                                     std::cout << note.toStdString() << '\n';
                                 calibrationCancelled = wasCancelled;
                                 loop.quit();
                             });
            QObject::connect(&controller, &SweepController::calibrationFailed, &loop,
                             [&](const QString &message) {
                                 failure = message;
                                 loop.quit();
                             });
            if (plan.gpu && !a.usable)
                std::cout << "The GPU is not calibrated: " << a.reason << '\n';
            controller.startCalibration(threads, plan.device, useGpu);
            loop.exec();
            if (!failure.isEmpty()) {
                std::cerr << "speeduplab: " << failure.toStdString() << '\n';
                rc = 1;
            }
            for (const auto &[k, v] : result.machine.ceilings)
                std::cout << "  ceiling " << App::ceilingName(k).toStdString() << ": "
                          << Calibration::describe(k, v) << '\n';
            cancelled = calibrationCancelled;
        }
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
        model.setResultSet(result);
        if (cancelled) {
            std::cerr << "stopped: " << result.size() << " points were measured before the stop\n";
            rc = 1;
        }
        for (const auto &m : result.rows)
            if (m.status == Measurement::Status::Failed)
                rc = 1;
    }

    std::unique_ptr<ChartView> chart = makeChart(cl.chart);
    chart->setModel(&model);
    chart->updateNow();
    const std::string workload = result.rows.empty() ? std::string() : result.rows.front().workload;
    for (const auto &rep : Analysis::reports(result, workload))
        std::cout << rep.gpuLabel << " vs " << rep.cpuLabel << ": " << rep.summary() << '\n';
    const std::string tool = Overlay::name(model.reference());
    for (const auto &q :
         Overlay::ratios(Analysis::series(result, workload), Overlay::curves(model.reference(), workload)))
        std::cout << q.label << ": our time / " << tool
                  << "'s = " << QString::number(q.ratio, 'f', 2).toStdString() << " (geometric mean over "
                  << q.count << " sizes, n = " << q.nMin << "-" << q.nMax << ")\n";

    QString error;
    if (!cl.png.isEmpty()) {
        if (chart->savePng(cl.png, cl.size, &error))
            std::cout << "wrote " << cl.png.toStdString() << '\n';
        else {
            std::cerr << "speeduplab: " << error.toStdString() << '\n';
            rc = 1;
        }
    }
    if (!cl.svg.isEmpty()) {
        if (chart->saveSvg(cl.svg, cl.size, &error))
            std::cout << "wrote " << cl.svg.toStdString() << '\n';
        else {
            std::cerr << "speeduplab: " << error.toStdString() << '\n';
            rc = 1;
        }
    }
    try {
        if (!cl.csv.isEmpty()) {
            ResultIO::writeCsv(result, path(cl.csv));
            std::cout << "wrote " << cl.csv.toStdString() << '\n';
        }
        if (!cl.json.isEmpty()) {
            ResultIO::writeJson(result, path(cl.json));
            std::cout << "wrote " << cl.json.toStdString() << '\n';
        }
    } catch (const std::exception &e) {
        std::cerr << "speeduplab: " << e.what() << '\n';
        rc = 1;
    }
    return rc;
}

} // namespace speeduplab
