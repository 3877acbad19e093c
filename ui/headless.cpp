// SPDX-License-Identifier: MIT
#include "ui/headless.h"

#include "core/analysis.h"
#include "core/calibration.h"
#include "core/machineinfo.h"
#include "core/overlay.h"
#include "core/pipeline.h"
#include "core/resultio.h"
#include "ui/charttabs.h"
#include "ui/chartview.h"
#include "ui/commandline.h"
#include "ui/format.h"
#include "ui/resultmodel.h"

#include <QFile>

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
    std::cerr << "speeduplab: " << Format::sentence(msg).toStdString() << " (see speeduplab --help)\n";
    return 2;
}

std::string path(const QString &p)
{
    return QFile::encodeName(p).toStdString();
}

void printRow(const Measurement &m)
{
    static std::string lastReason;
    std::cout << "  " << m.seriesLabel() << ", n = " << m.n << ": ";
    if (m.ok()) {
        std::cout << Format::seconds(m.perIteration()).toStdString() << " per iteration"
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
            plan = cl.plan(MachineInfo::hardwareThreads());
        } catch (const std::exception &e) {
            return usage(QString::fromStdString(e.what()));
        }
        if (const std::string note = Pipeline::gpuNote(plan); !note.empty())
            std::cerr << "note: " << note << '\n';
        std::cout << "Sweeping " << plan.workload << ": " << plan.points().size() << " points\n";

        // The sweep runs on this thread: there is no window to keep responsive, and a signal
        // only sets the flag the runner checks between repetitions.
        std::signal(SIGINT, onSignal);
        std::signal(SIGTERM, onSignal);
        Pipeline::Events events;
        events.measured = printRow;
        events.calibration = [](const CalibrationStep &step) {
            std::cout << Format::calibrationStep(step).toStdString() << '\n' << std::flush;
        };
        Pipeline::Outcome out;
        try {
            out = Pipeline::run(plan, cl.sweep.calibrate, events, g_interrupted);
        } catch (const std::exception &e) {
            std::signal(SIGINT, SIG_DFL);
            std::signal(SIGTERM, SIG_DFL);
            std::cerr << "speeduplab: "
                      << Format::sentence(QStringLiteral("The sweep could not start: ") +
                                          QString::fromStdString(e.what()))
                             .toStdString()
                      << '\n';
            return 1;
        }
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
        result = out.result;
        if (!out.calibrationError.empty())
            std::cerr << "speeduplab: " << out.calibrationError << '\n';
        if (out.calibrated)
            for (const auto &[k, v] : result.machine.ceilings)
                std::cout << "  ceiling " << Format::ceilingName(k).toStdString() << ": "
                          << Calibration::describe(k, v) << '\n';
        model.setResultSet(result);
        if (out.stopped)
            std::cerr << Pipeline::stopNote(out) << '\n';
        rc = Pipeline::exitStatus(out);
    }

    std::unique_ptr<ChartView> chart = ChartTabs::make(cl.chart); // CommandLine checked the name
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
