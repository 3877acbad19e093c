#include "ui/app.h"

#include "ui/bench.h"
#include "ui/chartview.h"
#include "ui/commandline.h"
#include "ui/headless.h"
#include "ui/mainwindow.h"
#include "ui/metatypes.h"
#include "ui/sweepform.h"
#include "ui/sweeppanel.h"

#include "core/calibration.h"

#include "core/version.h"
#include <cstdlib>

#include <QApplication>
#include <QDir>
#include <QIcon>
#include <QScreen>
#include <QTimer>

#include <cmath>
#include <iostream>
#include <thread>

static void initResources()
{
    Q_INIT_RESOURCE(speeduplab);
}

namespace speeduplab {

void App::initialise()
{
    initResources();
    QCoreApplication::setOrganizationName(QStringLiteral("SpeedupLab"));
    QCoreApplication::setApplicationName(QStringLiteral("speeduplab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SPEEDUPLAB_VERSION));
    QGuiApplication::setApplicationDisplayName(QStringLiteral("SpeedupLab"));
    QGuiApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/speeduplab.svg")));
    registerMetaTypes();
}

int App::main(QApplication &app)
{
    QString error;
    const std::optional<CommandLine> parsed = CommandLine::parse(app.arguments(), &error);
    if (!parsed) {
        std::cerr << "speeduplab: " << sentence(error).toStdString() << " (see speeduplab --help)\n";
        return 2;
    }
    const CommandLine &cl = *parsed;
    if (cl.help) {
        std::cout << cl.helpText.toStdString();
        return 0;
    }
    if (cl.version) {
        std::cout << "speeduplab " << QCoreApplication::applicationVersion().toStdString() << '\n';
        return 0;
    }
    if (cl.bench == QLatin1String("latency"))
        return Bench::latency(cl);
    if (cl.bench == QLatin1String("redraw"))
        return Bench::redraw(cl);
    if (cl.bench == QLatin1String("startup"))
        return Bench::startup(cl);
    if (cl.headless)
        return Headless::run(cl);

    const int hw = hardwareThreads();
    MainWindow w(cl.settings);
    if (cl.hasSweepOptions() || !cl.preset.isEmpty()) {
        try {
            w.sweepPanel()->setForm(SweepForm::fromPlan(cl.plan(hw), hw, gpu::availability().usable));
        } catch (const std::exception &e) {
            std::cerr << "speeduplab: " << sentence(QString::fromStdString(e.what())).toStdString()
                      << " The sweep panel keeps its settings.\n";
        }
    }
    w.setCurrentChart(cl.chart);
    w.show();
    if (!cl.open.isEmpty())
        w.openResults(cl.open);
    if (!cl.overlay.isEmpty())
        w.overlayReference(cl.overlay);
    if (cl.calibrate) {
        QTimer::singleShot(0, &w, &MainWindow::calibrate);
        if (cl.run) // the sweep follows the calibration, which holds the worker until then
            QObject::connect(&w, &MainWindow::calibrationDone, &w, &MainWindow::runSweep,
                             Qt::SingleShotConnection);
    } else if (cl.run) {
        QTimer::singleShot(0, &w, &MainWindow::runSweep);
    }
    if (!cl.screenshot.isEmpty()) {
        const QString file = cl.screenshot;
        auto grab = [&w, file] {
            QTimer::singleShot(400, &w, [&w, file] {
                for (ChartView *c : w.charts())
                    if (c->isVisible())
                        c->updateNow();
                if (!w.grab().save(file))
                    std::cerr << "speeduplab: could not write the screenshot " << file.toStdString() << '\n';
                QApplication::quit();
            });
        };
        if (cl.run)
            QObject::connect(&w, &MainWindow::sweepFinished, &w, grab);
        else
            grab();
    }
    return app.exec();
}

QString App::sentence(const QString &text)
{
    QString s = text.trimmed();
    if (s.isEmpty())
        return s;
    s[0] = s[0].toUpper();
    if (!s.endsWith(QLatin1Char('.')) && !s.endsWith(QLatin1Char('!')) && !s.endsWith(QLatin1Char('?')))
        s += QLatin1Char('.');
    return s;
}

QString App::formatSeconds(double s)
{
    if (!(s > 0) || !std::isfinite(s))
        return QStringLiteral("\u2013");
    if (s < 1e-6)
        return QStringLiteral("%1 ns").arg(s * 1e9, 0, 'f', s < 1e-8 ? 2 : s < 1e-7 ? 1 : 0);
    if (s < 1e-3)
        return QStringLiteral("%1 \u00b5s").arg(s * 1e6, 0, 'f', s < 1e-5 ? 2 : s < 1e-4 ? 1 : 0);
    if (s < 1)
        return QStringLiteral("%1 ms").arg(s * 1e3, 0, 'f', s < 1e-2 ? 2 : s < 1e-1 ? 1 : 0);
    return QStringLiteral("%1 s").arg(s, 0, 'f', s < 10 ? 2 : 1);
}

QString App::formatDuration(double s)
{
    if (!(s >= 0) || !std::isfinite(s))
        return QStringLiteral("?");
    const long total = std::lround(s);
    if (total < 60)
        return QStringLiteral("%1 s").arg(std::max(1L, total));
    if (total < 3600)
        return QStringLiteral("%1 min %2 s").arg(total / 60).arg(total % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1 h %2 min").arg(total / 3600).arg((total % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString App::formatN(double n)
{
    if (n >= 100)
        return QString::number(std::llround(n));
    return QString::number(n, 'g', 3);
}

int App::hardwareThreads()
{
    return int(std::max(1u, std::thread::hardware_concurrency()));
}

QString App::ceilingName(const std::string &key, bool roundTrip)
{
    struct Name {
        const char *key;
        const char *text;
    };
    static const Name names[] = {
        {Calibration::cpuTriad, QT_TRANSLATE_NOOP("App", "CPU triad")},
        {Calibration::cpuL1, QT_TRANSLATE_NOOP("App", "CPU L1")},
        {Calibration::cpuL2, QT_TRANSLATE_NOOP("App", "CPU L2")},
        {Calibration::cpuL3, QT_TRANSLATE_NOOP("App", "CPU L3")},
        {Calibration::cpuFma, QT_TRANSLATE_NOOP("App", "CPU FMA peak")},
        {Calibration::cpuGemm, QT_TRANSLATE_NOOP("App", "CPU GEMM")},
        {Calibration::cpuParallelRegion, QT_TRANSLATE_NOOP("App", "CPU parallel region")},
        {Calibration::gpuCopy, QT_TRANSLATE_NOOP("App", "GPU copy")},
        {Calibration::gpuL2, QT_TRANSLATE_NOOP("App", "GPU L2")},
        {Calibration::gpuFma, QT_TRANSLATE_NOOP("App", "GPU FMA peak")},
        {Calibration::gpuH2dPageable, QT_TRANSLATE_NOOP("App", "GPU H2D pageable")},
        {Calibration::gpuH2dPinned, QT_TRANSLATE_NOOP("App", "GPU H2D pinned")},
        {Calibration::gpuD2hPageable, QT_TRANSLATE_NOOP("App", "GPU D2H pageable")},
        {Calibration::gpuD2hPinned, QT_TRANSLATE_NOOP("App", "GPU D2H pinned")},
        {Calibration::gpuLaunch, QT_TRANSLATE_NOOP("App", "GPU launch")},
        {Calibration::gpuSyncRoundTrip, QT_TRANSLATE_NOOP("App", "GPU sync round trip")},
        {Calibration::gpuCublas, QT_TRANSLATE_NOOP("App", "GPU cuBLAS")},
        {Calibration::gpuCublasTf32, QT_TRANSLATE_NOOP("App", "GPU cuBLAS TF32")},
    };
    if (roundTrip && key == Calibration::gpuH2dPinned)
        return QCoreApplication::translate("App", "GPU H2D + D2H pinned");
    if (roundTrip && key == Calibration::gpuH2dPageable)
        return QCoreApplication::translate("App", "GPU H2D + D2H pageable");
    // A per-thread ceiling, "cpu_l2_bytes_per_s@4": the level's name with its thread count.
    if (const auto at = key.find('@'); at != std::string::npos) {
        const long threads = std::strtol(key.c_str() + at + 1, nullptr, 10);
        const QString level = ceilingName(key.substr(0, at));
        return threads == 1 ? QCoreApplication::translate("App", "%1, 1 thread").arg(level)
                            : QCoreApplication::translate("App", "%1, %2 threads").arg(level).arg(threads);
    }
    for (const Name &n : names)
        if (key == n.key)
            return QCoreApplication::translate("App", n.text);
    return QString::fromStdString(key);
}

QString App::formatRate(double perSecond, bool flops)
{
    const double g = perSecond / 1e9;
    // Three significant digits, but never an exponent: 4230, not 4.23e+03.
    const QString number = g >= 100 ? QString::number(std::llround(g)) : QString::number(g, 'g', 3);
    return flops ? QCoreApplication::translate("App", "%1 GFLOP/s").arg(number)
                 : QCoreApplication::translate("App", "%1 GB/s").arg(number);
}

} // namespace speeduplab
