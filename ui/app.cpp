// SPDX-License-Identifier: MIT
// The program's entry: the command line, the headless mode, and the window with what
// the options ask of it (files, examples, presentation, screenshots).
#include "ui/app.h"

#include "ui/examples.h"
#include "ui/publishedtable.h"
#include "words/appsettings.h"

#include "ui/charts/chartview.h"
#include "ui/charts/figureexport.h"
#include "ui/commandline.h"
#include "ui/headless.h"
#include "ui/mainwindow.h"
#include "ui/metatypes.h"
#include "ui/runstore.h"
#include "ui/sweepform.h"
#include "ui/sweeppanel.h"
#include "ui/wheelguard.h"
#include "words/format.h"
#include "words/translations.h"

#include "core/io/terminaltext.h"
#include "core/machine/machineinfo.h"
#include "core/machine/sweepconditions.h"
#include "core/version.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QScreen>
#include <QTimer>

#include <iostream>
#include <vector>

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
    if (auto *app = qobject_cast<QApplication *>(QCoreApplication::instance()))
        WheelGuard::install(*app);
}

int App::main(QApplication &app)
{
    QString error;
    const std::optional<CommandLine> parsed = CommandLine::parse(app.arguments(), &error);
    if (!parsed) {
        std::cerr << "speeduplab: " << Format::sentence(error).toStdString() << " (see speeduplab --help)\n";
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
    // The settings file is read now and rewritten at close: refused, before either, unless it
    // can be one (AppSettings::refusal).
    if (const QString why = AppSettings::refusal(cl.settings); !why.isEmpty()) {
        std::cerr << "speeduplab: " << Format::sentence(why).toStdString() << '\n';
        return 2;
    }
    AppSettings::useFile(cl.settings); // the charts' own settings too (prices, cost models)
    // The OpenMP wait policy chosen in the window (Sweep ▸ OpenMP threads sleep at barriers):
    // the runtime read OMP_WAIT_POLICY when it loaded, so the program starts again with it.
    if (const QString want = AppSettings::ompWait(); !want.isEmpty()) {
        std::vector<QByteArray> args;
        for (const QString &arg : app.arguments())
            args.push_back(QFile::encodeName(arg));
        std::vector<char *> argv;
        for (QByteArray &arg : args)
            argv.push_back(arg.data());
        argv.push_back(nullptr);
        if (const std::string why =
                SweepConditions::restartWithOmpWaitPolicy(want.toStdString(), argv.data());
            !why.empty())
            std::cerr << "speeduplab: " << why << "; the runtime's own policy stays\n";
    }
    // Before any window or chart is built: they take their texts then. The window's View ▸
    // Language stores the choice; the system's language is the default.
    Translations::installChosen(cl.settings);
    if (cl.headless)
        return Headless::run(cl);

    // The screenshot's file is checked before the window starts, by the rules of every file
    // written: a FIFO would block the save, a read-only file must not be replaced.
    if (QString why; !cl.screenshot.isEmpty() && !FigureExport::check(cl.screenshot, &why)) {
        std::cerr << "speeduplab: " << why.toStdString() << '\n';
        return 2;
    }
    const int hw = MachineInfo::hardwareThreads();
    MainWindow w(cl.settings);
    if (cl.asksForSweep()) {
        try {
            w.sweepPanel()->setForm(SweepForm::fromPlan(cl.plan(hw), hw, MachineInfo::gpuState().usable,
                                                        w.sweepPanel()->describedDevices()));
        } catch (const std::exception &e) {
            std::cerr << "speeduplab: " << Format::sentence(QString::fromStdString(e.what())).toStdString()
                      << " The sweep panel keeps its settings.\n";
        }
    }
    w.setCurrentChart(cl.chart);
    if (!cl.screenshot.isEmpty() && cl.sizeGiven) { // a screenshot of the window at a given size
        w.resize(cl.size);
        w.setKeepsGeometry(false); // the picture's size, not the next start's
    }
    w.show();
    if (cl.presentation)
        w.setPresentation(true);
    if (!cl.open.isEmpty())
        w.openResults(QStringList{cl.open} + cl.openAlso);
    if (!cl.example.isEmpty()) {
        if (cl.example == PublishedTable::name())
            w.openPublishedTable();
        else if (const int index = Examples::find(cl.example); index >= 0)
            w.openExample(index);
        else
            std::cerr << "speeduplab: no example is called \""
                      << TerminalText::value(cl.example.toStdString()) << "\"; the examples are "
                      << Examples::names().join(QStringLiteral(", ")).toStdString() << " and "
                      << PublishedTable::name().toStdString() << ".\n";
    }
    if (!cl.overlay.isEmpty())
        w.overlayReference(cl.overlay);
    if (std::string why; !cl.runA.isEmpty() &&
                         !w.runStore()->setComparedRuns(cl.runA.toStdString(), cl.runB.toStdString(), &why))
        std::cerr << "speeduplab: " << why << '\n';
    if (cl.sweep.calibrate) {
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
                // Written as every figure is (FigureExport, SafeFile): atomically, never through a
                // FIFO or over a read-only file; a failure (a full disk) leaves no file and exits 1.
                QString why;
                const bool ok = FigureExport::png(file, w.grab().toImage(), &why);
                if (!ok)
                    std::cerr << "speeduplab: " << why.toStdString() << '\n';
                QApplication::exit(ok ? 0 : 1);
            });
        };
        if (cl.run)
            QObject::connect(&w, &MainWindow::sweepFinished, &w, grab);
        else
            grab();
    }
    return app.exec();
}

} // namespace speeduplab
