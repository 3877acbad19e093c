#include "ui/app.h"

#include "ui/bench.h"
#include "ui/chartview.h"
#include "ui/commandline.h"
#include "ui/headless.h"
#include "ui/mainwindow.h"
#include "ui/metatypes.h"
#include "ui/sweepform.h"
#include "ui/sweeppanel.h"

#include "core/version.h"

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
    if (cl.run)
        QTimer::singleShot(0, &w, &MainWindow::runSweep);
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

} // namespace speeduplab
