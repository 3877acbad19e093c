// SPDX-License-Identifier: MIT
// The main window: it wires its parts together, and handles presentation mode, zoom, the docks,
// settings and closing. Its sweeps and calibrations are in mainwindowrun.cpp, its files in
// mainwindowfiles.cpp.
#include "ui/mainwindow.h"

#include "ui/datatexts.h"
#include "ui/examples.h"
#include "words/appsettings.h"

#include "core/analysis/overlay.h"
#include "core/devices/devicebackend.h"
#include "core/machine/machineinfo.h"
#include "core/machine/sweepconditions.h"
#include "core/pipeline.h"
#include "core/plan/presets.h"
#include "core/results/resultio.h"
#include "core/results/runset.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/charttabs.h"
#include "ui/charts/scalingchart.h"
#include "ui/charts/timechart.h"
#include "ui/devicemodel.h"
#include "ui/devicespanel.h"
#include "ui/gpubanner.h"
#include "ui/loadbanner.h"
#include "ui/mainactions.h"
#include "ui/resulttable.h"
#include "ui/resulttablemodel.h"
#include "ui/runprogress.h"
#include "ui/runspanel.h"
#include "ui/runstore.h"
#include "ui/sourceview.h"
#include "ui/sweepcontroller.h"
#include "ui/sweeppanel.h"
#include "ui/tour.h"
#include "words/format.h"
#include "words/translations.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QShortcut>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace speeduplab {

MainWindow::MainWindow(const QString &settingsFile, QWidget *parent)
    : QMainWindow(parent), m_settingsFile(settingsFile), m_gpu(MachineInfo::gpuState()),
      m_devicesListed(Devices::listed(kDevicesWait)),
      m_machine(m_devicesListed ? Devices::probeMachine() : MachineInfo::probeHost()),
      m_hw(MachineInfo::hardwareThreads())
{
    setObjectName(QStringLiteral("MainWindow"));
    AppSettings::useFile(settingsFile); // before the charts, which read their own settings
    m_settingsWriter.setMaxThreadCount(1);
    updateTitle();
    setWindowIcon(QIcon(QStringLiteral(":/icons/speeduplab.svg")));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    setAcceptDrops(true); // result files dropped on the window are opened as runs

    m_controller = new SweepController(this);
    m_store = new RunStore(this);
    m_tableModel = new ResultTableModel(m_store, this);
    // The last calibration on this hardware, kept across restarts (the next one replaces it).
    for (const auto &[key, value] : AppSettings::calibratedCeilings(m_machine))
        m_machine.ceilings.emplace(key, value);
    m_devices = new DeviceModel(this);
    m_store->clear(m_machine);

    setCentralWidget(buildCentral());
    m_actions = new MainActions(this);
    buildDocks();
    QStringList chartTitles;
    for (ChartView *c : charts())
        chartTitles << c->tabTitle();
    m_actions->buildMenus(QString::fromStdString(m_machine.programVersion), chartTitles);
    connectActions();
    // Each chart's right-click menu offers its export too, after its own options.
    for (ChartView *c : charts()) {
        auto *separator = new QAction(c);
        separator->setSeparator(true);
        c->addActions({separator, m_actions->exportChart, m_actions->copy});
        c->setContextMenuPolicy(Qt::ActionsContextMenu);
    }
    // Ctrl+R while the form cannot run: the reason in the status bar, rather than nothing (the
    // run action is disabled then, so the two never share the key).
    m_runHint = new QShortcut(m_actions->run->shortcut(), this);
    m_runHint->setEnabled(false);
    connect(m_runHint, &QShortcut::activated, this,
            [this] { statusBar()->showMessage(tr("The sweep cannot run: %1").arg(m_panel->problem())); });

    m_progress = new RunProgress(statusBar());

    connect(m_controller, &SweepController::started, this, &MainWindow::onStarted);
    connect(m_controller, &SweepController::measurementAvailable, this, &MainWindow::onMeasurement);
    connect(m_controller, &SweepController::progress, this, &MainWindow::onProgress);
    connect(m_controller, &SweepController::finished, this, &MainWindow::onFinished);
    connect(m_controller, &SweepController::failed, this, &MainWindow::onFailed);
    connect(m_controller, &SweepController::calibrationStarted, this, &MainWindow::onCalibrationStarted);
    connect(m_controller, &SweepController::calibrationProgress, m_progress, &RunProgress::setText);
    connect(m_controller, &SweepController::calibrationFinished, this, &MainWindow::onCalibrationFinished);
    connect(m_controller, &SweepController::calibrationFailed, this, &MainWindow::onCalibrationFailed);
    connect(m_store, &RunStore::resultsChanged, this, &MainWindow::updateActions);
    // The title names the file the results came from while they are shown: after Close all (which
    // keeps only a sweep being measured) or its last run removed, it names what is left.
    connect(m_store, &RunStore::runsChanged, this, [this] {
        if (m_store->runCount() == (m_store->liveRun() >= 0 ? 1 : 0))
            m_currentFile.clear();
        updateTitle();
    });
    connect(m_panel, &SweepPanel::runRequested, this, &MainWindow::runSweep);
    connect(m_panel, &SweepPanel::cancelRequested, this, &MainWindow::cancelSweep);
    connect(m_panel, &SweepPanel::formChanged, this, &MainWindow::updateActions);
    // The reason Ctrl+R gave goes once the form can run (it read "Size 0 must be positive" after
    // the list was fixed).
    connect(m_panel, &SweepPanel::formChanged, this, [this] {
        if (m_panel->problem().isEmpty() &&
            statusBar()->currentMessage().startsWith(tr("The sweep cannot run: %1").arg(QString())))
            statusBar()->clearMessage();
    });

    m_reportError = [this](const QString &title, const QString &text) {
        auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
        box->setTextFormat(Qt::PlainText); // it quotes file names and what the file held: data
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    };
    m_askClose = [this](const QString &title, const QString &text) {
        QMessageBox box(QMessageBox::Question, title, text,
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
        box.setTextFormat(Qt::PlainText);
        box.setDefaultButton(QMessageBox::Save);
        box.setEscapeButton(QMessageBox::Cancel);
        switch (box.exec()) {
        case QMessageBox::Save:
            return CloseAnswer::Save;
        case QMessageBox::Discard:
            return CloseAnswer::Discard;
        default:
            return CloseAnswer::Cancel;
        }
    };
    m_chooseSavePath = [this] { return m_files.saveData(m_store->visibleRunCount() > 1); };

    fitToScreen();
    loadSettings();
    updateActions();
    statusBar()->showMessage(tr("Ready. Set up a sweep on the left and press Run (Ctrl+R), or open a results "
                                "file (Ctrl+O). New here? F1 opens a guided tour."));
    if (!m_devicesListed)
        waitForDevices();
}

void MainWindow::waitForDevices()
{
    // A driver that is slow to list its devices (or hangs: the child that lists them has 10 s)
    // keeps the window waiting for nothing: it shows now, and takes the devices when they come.
    const SweepForm before = m_panel->form();
    // The backends still listing now: one that comes back with no device says why, late.
    std::vector<const DescribedBackend *> late;
    for (const DescribedBackend &b : describedBackends)
        if (const DeviceBackend *backend = Devices::find(b.row); backend && !backend->listed(0))
            late.push_back(&b);
    auto *poll = new QTimer(this);
    poll->setInterval(100);
    connect(poll, &QTimer::timeout, this, [this, poll, before, late] {
        if (!Devices::listed(0))
            return;
        poll->deleteLater();
        m_devicesListed = true;
        const MachineInfo listed = Devices::probeMachine();
        m_machine.described = listed.described;
        m_machine.describedStatus = listed.describedStatus;
        const bool untouched = m_panel->form() == before;
        m_panel->setDescribedStates(describedStates());
        if (untouched && !isRunning()) // the saved form may name a device that only now exists
            if (const std::optional<SweepForm> f =
                    SweepForm::load(*settings(), m_hw, m_gpu.usable, m_panel->describedDevices()))
                m_panel->setForm(*f);
        m_devicesPanel->setHere(m_machine);
        // Said where it is seen: a backend listed late came with no device, and nothing else in
        // the window says why.
        for (const DescribedBackend *b : late)
            if (const auto why = m_machine.describedStatus.find(std::string(b->prefix));
                why != m_machine.describedStatus.end() && !why->second.empty() &&
                m_machine.devicesOf(b->prefix).empty())
                statusBar()->showMessage(tr("No %1 device after all: %2")
                                             .arg(QString::fromUtf8(b->api.data(), qsizetype(b->api.size())),
                                                  QString::fromStdString(why->second)));
        if (!isRunning() && m_store->runs().empty()) // a file opened meanwhile keeps its own machine
            m_store->setMachine(m_machine);
        updateActions();
    });
    poll->start();
}

std::vector<MachineInfo::DescribedState> MainWindow::describedStates() const
{
    return m_devicesListed ? Devices::states()
                           : std::vector<MachineInfo::DescribedState>(std::size(describedBackends));
}

MainWindow::~MainWindow() = default;

QWidget *MainWindow::buildCentral()
{
    auto *central = new QWidget;
    auto *v = new QVBoxLayout(central);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(0);
    // The notes about measuring here, in one box that presentation mode hides while nothing is
    // measured (they say nothing about a recording shown to a room).
    m_banners = new QWidget;
    m_banners->setObjectName(QStringLiteral("banners"));
    auto *banners = new QVBoxLayout(m_banners);
    banners->setContentsMargins(0, 0, 0, 0);
    banners->setSpacing(0);
    m_banner = new GpuBanner(m_gpu);
    // Without a usable GPU, a sweep of this CPU can be set beside the shipped recording's GPU: the
    // crossover the lesson is about, in one click.
    m_besideAction = new QAction(tr("See this CPU beside an NVIDIA H200's GPU"), this);
    m_besideAction->setObjectName(QStringLiteral("besideExample"));
    m_besideAction->setToolTip(tr("Add the GPU curves of the shipped recording of the same workload, made on "
                                  "%1, compared with this machine's best CPU")
                                   .arg(Examples::machine()));
    m_besideAction->setVisible(false);
    connect(m_besideAction, &QAction::triggered, this, &MainWindow::showExampleBeside);
    m_banner->addButton(m_besideAction);
    banners->addWidget(m_banner);
    banners->addWidget(new LoadBanner([this] { return m_panel ? m_panel->form().maxThreads() : m_hw; }));
    banners->addWidget(new CpuConditionsBanner);
    v->addWidget(m_banners);
    // In presentation mode, the point being measured in large type above the chart.
    m_liveCaption = new QLabel;
    m_liveCaption->setTextFormat(Qt::PlainText); // it names the point, a variant among them
    m_liveCaption->setObjectName(QStringLiteral("liveCaption"));
    m_liveCaption->setAlignment(Qt::AlignCenter);
    m_liveCaption->setStyleSheet(QStringLiteral("padding: 6px; color: #333;"));
    m_liveCaption->hide();
    v->addWidget(m_liveCaption);
    m_tabs = new ChartTabs(m_store);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { updateActions(); });
    v->addWidget(m_tabs, 1);
    return central;
}

void MainWindow::connectActions()
{
    const MainActions &a = *m_actions;
    connect(a.run, &QAction::triggered, this, &MainWindow::runSweep);
    connect(a.cancel, &QAction::triggered, this, &MainWindow::cancelSweep);
    connect(a.calibrate, &QAction::triggered, this, &MainWindow::calibrate);
    connect(a.open, &QAction::triggered, this, [this] {
        if (const QStringList paths = m_files.openResults(); !paths.isEmpty())
            openResults(paths);
    });
    connect(a.openWorkspace, &QAction::triggered, this, [this] {
        if (const QString path = m_files.openWorkspace(); !path.isEmpty())
            openWorkspace(path);
    });
    connect(a.saveWorkspace, &QAction::triggered, this, [this] {
        if (const QString path = m_files.saveWorkspace(); !path.isEmpty())
            saveWorkspace(path);
    });
    connect(a.overlay, &QAction::triggered, this, [this] {
        if (const QString path = m_files.overlayReference(); !path.isEmpty())
            overlayReference(path);
    });
    connect(a.removeOverlay, &QAction::triggered, this, &MainWindow::removeReference);
    connect(a.save, &QAction::triggered, this, &MainWindow::saveInteractively);
    connect(a.exportChart, &QAction::triggered, this, &MainWindow::exportDialog);
    connect(a.exportReport, &QAction::triggered, this, [this] {
        const ChartView *c = currentChart();
        if (const QString path = m_files.exportReport(c ? c->workload() : QString()); !path.isEmpty())
            exportReport(path);
    });
    connect(a.copy, &QAction::triggered, this, &MainWindow::copyChart);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    connect(m_actions, &MainActions::presetChosen, this, &MainWindow::applyPreset);
    connect(m_actions, &MainActions::exampleChosen, this, &MainWindow::openExample);
    connect(a.publishedTable, &QAction::triggered, this, &MainWindow::openPublishedTable);
    // Without a usable GPU the empty chart offers the shipped recording: a measured crossover in
    // one click.
    if (!m_gpu.usable && !m_actions->examples.isEmpty()) {
        auto *offer = new QAction(tr("See it measured on an NVIDIA H200"), this);
        offer->setToolTip(tr("Open the seed experiment as recorded on %1 (File \u25b8 Open example has "
                             "more)")
                              .arg(Examples::machine()));
        connect(offer, &QAction::triggered, this, [this] { openExample(0); });
        timeChart()->setEmptyOffer(offer);
    }
    connect(m_actions, &MainActions::chartChosen, m_tabs, &QTabWidget::setCurrentIndex);
    connect(a.tour, &QAction::triggered, this, [this] { Tour::open(this, m_tabs); });
    connect(m_actions, &MainActions::languageChosen, this, [this](const QString &choice) {
        Translations::setChoice(*settings(), choice);
        statusBar()->showMessage(tr("The language applies at the next start of SpeedupLab."), 8000);
    });
    // The policy this process runs with (the environment's), and the choice for the next start.
    a.passiveWait->setChecked(SweepConditions::currentOmpWaitPolicy() == "passive");
    connect(a.passiveWait, &QAction::toggled, this, [this](bool passive) {
        AppSettings::setOmpWait(passive ? QStringLiteral("passive") : QStringLiteral("active"));
        statusBar()->showMessage(passive
                                     ? tr("From the next start, the CPU threads sleep at barriers (passive).")
                                     : tr("From the next start, the CPU threads spin at barriers (active)."),
                                 8000);
    });
    connect(a.presentation, &QAction::toggled, this, &MainWindow::setPresentation);
    connect(a.zoomIn, &QAction::triggered, this, [this] { setZoom(ChartStyle::zoom() * 1.25); });
    connect(a.zoomOut, &QAction::triggered, this, [this] { setZoom(ChartStyle::zoom() / 1.25); });
    connect(a.zoomReset, &QAction::triggered, this,
            [this] { setZoom(m_presenting ? kPresentationZoom : 1.0); });
}

void MainWindow::buildDocks()
{
    m_panel = new SweepPanel(m_hw, m_gpu, describedStates());
    m_panel->setMachine(m_machine); // the last calibration: the speed check before a sweep
    connect(m_panel, &SweepPanel::presetRequested, this, &MainWindow::applyPreset);
    m_panel->setObjectName(QStringLiteral("sweepPanel"));
    auto *sweepDock = new QDockWidget(tr("Sweep"), this);
    sweepDock->setObjectName(QStringLiteral("sweepDock"));
    sweepDock->setWidget(m_panel);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    addDockWidget(Qt::LeftDockWidgetArea, sweepDock);

    m_table = new ResultTable(m_tableModel);
    m_table->setAccessibleName(tr("Results"));
    auto *resultsDock = new QDockWidget(tr("Results"), this);
    resultsDock->setObjectName(QStringLiteral("resultsDock"));
    resultsDock->setWidget(m_table);
    addDockWidget(Qt::BottomDockWidgetArea, resultsDock);

    m_runsPanel = new RunsPanel(m_store);
    auto *runsDock = new QDockWidget(tr("Runs"), this);
    runsDock->setObjectName(QStringLiteral("runsDock"));
    // Scrolled in a short window rather than holding the bottom docks (and the charts) to its height.
    auto *runsScroll = new QScrollArea;
    runsScroll->setWidgetResizable(true);
    runsScroll->setFrameShape(QFrame::NoFrame);
    runsScroll->setWidget(m_runsPanel);
    runsDock->setWidget(runsScroll);
    addDockWidget(Qt::BottomDockWidgetArea, runsDock);

    m_devicesPanel = new DevicesPanel(m_devices, m_store);
    m_devicesPanel->setHere(m_machine);
    auto *devicesDock = new QDockWidget(tr("Devices"), this);
    devicesDock->setObjectName(QStringLiteral("devicesDock"));
    devicesDock->setWidget(m_devicesPanel);
    addDockWidget(Qt::BottomDockWidgetArea, devicesDock);
    splitDockWidget(resultsDock, runsDock, Qt::Horizontal);
    tabifyDockWidget(resultsDock, devicesDock);
    // The code behind the selected series, a tab beside the table it follows.
    auto *sourceView = new SourceView(m_tableModel);
    sourceView->followSelection(m_table);
    connect(m_tabs, &ChartTabs::workloadShown, sourceView, &SourceView::setWorkload);
    auto *sourceDock = new QDockWidget(tr("Source"), this);
    sourceDock->setObjectName(QStringLiteral("sourceDock"));
    sourceDock->setWidget(sourceView);
    tabifyDockWidget(resultsDock, sourceDock);
    resultsDock->raise();
    // The bottom docks take about a quarter of the screen's height (240 px at 1024x700, 280 at
    // 1920x1080): enough for the Runs panel's list, buttons and A/B without scrolling.
    const QScreen *screen = QGuiApplication::primaryScreen();
    const int screenHeight = screen ? screen->availableGeometry().height() : 700;
    resizeDocks({resultsDock}, {std::clamp(screenHeight / 4, 240, 320)}, Qt::Vertical);
    resizeDocks({resultsDock, runsDock}, {800, 380}, Qt::Horizontal);
    resizeDocks({sweepDock}, {370}, Qt::Horizontal);
}

void MainWindow::setGpuState(const MachineInfo::GpuState &state)
{
    m_gpu = state;
    m_banner->setState(state);
    m_panel->setGpuState(state);
}

void MainWindow::updateActions()
{
    const bool running = isRunning();
    const bool haveRows = !m_store->resultSet().empty();
    m_actions->run->setEnabled(!running && m_panel->problem().isEmpty());
    if (m_runHint)
        m_runHint->setEnabled(!running && !m_panel->problem().isEmpty());
    m_actions->cancel->setEnabled(running);
    m_actions->calibrate->setEnabled(!running);
    m_actions->open->setEnabled(!running);
    m_actions->save->setEnabled(haveRows);
    const auto &runs = m_store->runs();
    m_actions->removeOverlay->setEnabled(
        std::any_of(runs.begin(), runs.end(), [](const RunRecord &r) { return r.reference; }));
    m_actions->openWorkspace->setEnabled(!running);
    m_actions->saveWorkspace->setEnabled(!runs.empty());
    m_actions->exportChart->setEnabled(currentChart() != nullptr);
    m_actions->copy->setEnabled(currentChart() != nullptr);
    m_actions->exportReport->setEnabled(haveRows);
    for (QAction *a : std::as_const(m_actions->presets))
        a->setEnabled(!running);
    m_besideAction->setVisible(runWantingExample() >= 0);
}

void MainWindow::applyPreset(const QString &name)
{
    if (isRunning())
        return;
    try {
        const std::string preset = name.toStdString();
        const SweepPlan plan = Presets::plan(preset, m_hw);
        m_panel->setForm(SweepForm::fromPlan(plan, m_hw, m_gpu.usable, m_panel->describedDevices()));
        timeChart()->setWholeLoop(Presets::wholeLoop(preset)); // the view the preset is read in
        QString said = tr("Preset \u201c%1\u201d: %2")
                           .arg(DataTexts::preset(Presets::title(preset)),
                                DataTexts::preset(Presets::description(preset)));
        // What it cannot do here, said now rather than found missing from the chart.
        if (plan.gpu && !m_gpu.usable && m_panel->describedDevices().empty()) {
            const QString why = Format::clause(DataTexts::gpuReason(m_gpu));
            said +=
                tr(" Its GPU half is left out here (%1); File \u25b8 Open example shows it measured on an "
                   "NVIDIA H200.")
                    .arg(why.isEmpty() ? tr("no usable GPU") : why);
        }
        statusBar()->showMessage(said);
    } catch (const std::exception &e) {
        showError(tr("Preset"), Format::sentence(QString::fromStdString(e.what())));
    }
}

bool MainWindow::exportChart(const QString &path, const QSize &pixels)
{
    ChartView *c = currentChart();
    if (!c)
        return false;
    QString error;
    const bool svg = path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive);
    const bool ok = svg ? c->saveSvg(path, pixels, &error) : c->savePng(path, pixels, &error);
    if (!ok) {
        showError(tr("Export chart"), error);
        return false;
    }
    m_files.remember(path);
    statusBar()->showMessage(svg ? tr("Exported the chart to %1.").arg(path)
                                 : tr("Exported the chart to %1 (%2 \u00d7 %3 pixels).")
                                       .arg(path)
                                       .arg(pixels.width())
                                       .arg(pixels.height()));
    return true;
}

void MainWindow::copyChart()
{
    ChartView *c = currentChart();
    if (!c)
        return;
    const qreal dpr = c->devicePixelRatioF();
    QSize px = (QSizeF(c->size()) * dpr).toSize();
    if (px.width() < 320 || px.height() < 200)
        px = m_files.exportSize();
    QApplication::clipboard()->setImage(c->toImage(px));
    statusBar()->showMessage(
        tr("Copied the chart to the clipboard (%1 \u00d7 %2 pixels).").arg(px.width()).arg(px.height()),
        5000);
}

void MainWindow::exportDialog()
{
    ChartView *c = currentChart();
    if (!c)
        return;
    if (const std::optional<FileDialogs::Export> e = m_files.exportChart(*c))
        exportChart(e->path, e->pixels);
}

void MainWindow::fitToScreen(QSize wanted)
{
    const QScreen *screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    if (!screen) {
        resize(wanted);
        return;
    }
    // The frame the window manager adds (title bar, borders) is not known before the window is
    // shown: leave room for a usual one.
    const QRect room = screen->availableGeometry();
    const QSize frame(16, 40);
    const QSize fits = wanted.boundedTo(room.size() - frame).expandedTo(QSize(320, 240));
    resize(fits);
    // Inside the screen, its title bar reachable.
    QRect g = frameGeometry();
    if (!room.contains(g)) {
        g.moveLeft(std::clamp(g.left(), room.left(), std::max(room.left(), room.right() - g.width())));
        g.moveTop(std::clamp(g.top(), room.top(), std::max(room.top(), room.bottom() - g.height())));
        move(g.topLeft());
    }
}

void MainWindow::loadSettings()
{
    auto s = settings();
    // A form that is incomplete, out of range or not a valid plan is dropped as a whole.
    if (const std::optional<SweepForm> f =
            SweepForm::load(*s, m_hw, m_gpu.usable, m_panel->describedDevices()))
        m_panel->setForm(*f);
    const bool restored = restoreGeometry(s->value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(s->value(QStringLiteral("window/state")).toByteArray());
    // After the docks' state, which sets how small the window can be: saved on a larger screen,
    // the window is brought inside this one.
    fitToScreen(restored ? size() : QSize(1480, 920));
    bool ok = false;
    const int tab = s->value(QStringLiteral("window/chart")).toInt(&ok);
    if (ok && tab >= 0 && tab < m_tabs->count())
        m_tabs->setCurrentIndex(tab);
    if (const double zoom =
            AppSettings::number(*s, QStringLiteral("window/zoom"), ChartStyle::minZoom, ChartStyle::maxZoom)
                .value_or(1.0);
        zoom != ChartStyle::zoom())
        setZoom(zoom);
    m_files.load(*s);
    m_actions->setLanguageChoice(Translations::choice(*s));
}

std::unique_ptr<QSettings> MainWindow::settings() const
{
    return AppSettings::open(m_settingsFile);
}

void MainWindow::saveSettings(bool wait)
{
    // Copies of the values (files: only its save() is called on the copy, off this thread).
    // In presentation mode the layout to keep is the one it will return to.
    m_settingsWriter.start([file = m_settingsFile, form = m_panel->form(), keepGeometry = m_keepsGeometry,
                            geometry = m_presenting ? m_normalGeometry : saveGeometry(),
                            state = m_presenting ? m_normalState : saveState(),
                            chart = m_tabs->currentIndex(),
                            zoom = m_presenting ? m_normalZoom : ChartStyle::zoom(), files = m_files] {
        // Checked again: what the path names may have changed since the start (a symlink swapped in).
        if (const QString why = AppSettings::refusal(file); !why.isEmpty()) {
            qWarning().noquote() << "speeduplab: the settings were not saved:" << why;
            return;
        }
        auto s = AppSettings::open(file);
        form.save(*s);
        if (keepGeometry) {
            s->setValue(QStringLiteral("window/geometry"), geometry);
            s->setValue(QStringLiteral("window/state"), state);
        }
        s->setValue(QStringLiteral("window/chart"), chart);
        s->setValue(QStringLiteral("window/zoom"), zoom);
        files.save(*s);
        s->sync();
    });
    if (wait)
        m_settingsWriter.waitForDone();
}

void MainWindow::setZoom(double zoom)
{
    ChartStyle::setZoom(zoom);
    for (ChartView *c : charts())
        c->applyStyle();
    QFont f = m_liveCaption->font();
    f.setPointSizeF(16 * ChartStyle::zoom());
    m_liveCaption->setFont(f);
    // The chart tabs grow with the charts (presentation mode reads them from the back of a room).
    QFont tabs = QApplication::font();
    if (tabs.pointSizeF() > 0)
        tabs.setPointSizeF(tabs.pointSizeF() * std::max(1.0, ChartStyle::zoom()));
    m_tabs->tabBar()->setFont(tabs);
    statusBar()->showMessage(tr("Charts at %1 %").arg(qRound(ChartStyle::zoom() * 100)), 3000);
}

void MainWindow::setPresentation(bool on)
{
    if (on == m_presenting)
        return;
    if (on) {
        m_normalGeometry = saveGeometry();
        m_normalState = saveState();
        m_normalZoom = ChartStyle::zoom();
        m_presenting = true;
        for (QDockWidget *d : findChildren<QDockWidget *>())
            d->hide();
        for (QToolBar *t : findChildren<QToolBar *>())
            t->hide();
        menuBar()->hide();
        statusBar()->hide();
        m_banners->hide();
        setZoom(std::max(m_normalZoom, kPresentationZoom));
        showFullScreen();
    } else {
        m_presenting = false;
        menuBar()->show();
        statusBar()->show();
        m_banners->setVisible(true);
        restoreState(m_normalState);
        restoreGeometry(m_normalGeometry);
        showNormal();
        restoreGeometry(m_normalGeometry);
        setZoom(m_normalZoom);
    }
    m_liveCaption->setVisible(m_presenting && isRunning() && !m_liveCaption->text().isEmpty());
    if (m_actions->presentation->isChecked() != on)
        m_actions->presentation->setChecked(on);
}

bool MainWindow::hasUnsavedResults() const
{
    return m_unsaved && unsavedMeasurements() > 0;
}

int MainWindow::unsavedMeasurements() const
{
    // The rows of runs no file holds; a cancelled point's row (kept to show where the sweep
    // stopped) is not a measurement. Opened files and examples lose nothing on closing.
    int n = 0;
    for (const RunRecord &run : m_store->runs())
        if (run.source.empty())
            n +=
                int(std::count_if(run.results.rows.begin(), run.results.rows.end(), [](const Measurement &m) {
                    return m.status != Measurement::Status::Cancelled;
                }));
    return n;
}

bool MainWindow::saveInteractively()
{
    const QString path = m_chooseSavePath ? m_chooseSavePath() : QString();
    return !path.isEmpty() && saveData(path);
}

bool MainWindow::confirmClose()
{
    const bool sweeping = isRunning() && !isCalibrating();
    // A window that is not on screen has nobody to answer: it closes as before.
    if (!isVisible() || !m_askClose || (!sweeping && !hasUnsavedResults()))
        return true;
    const int n = unsavedMeasurements();
    const QString text =
        sweeping ? tr("A sweep is running; %1 so far. Save them before closing? Closing stops the sweep.")
                       .arg(tr("%n measurement(s)", nullptr, int(n)))
                 : tr("%n new measurement(s) not saved. Save the results before closing?", nullptr, n);
    switch (m_askClose(tr("Close SpeedupLab"), text)) {
    case CloseAnswer::Cancel:
        return false;
    case CloseAnswer::Discard:
        return true;
    case CloseAnswer::Save:
        break;
    }
    if (m_store->resultSet().empty())
        return true; // nothing measured yet: nothing to save
    const QString path = m_chooseSavePath ? m_chooseSavePath() : QString();
    if (path.isEmpty())
        return false; // the file dialog was cancelled: the window stays
    if (isRunning())
        m_controller->cancel(); // what is saved is what was measured until now
    return saveData(path);      // on failure the window stays and says why
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (m_docksFitted)
        return;
    m_docksFitted = true;
    // A short window (1024 x 700, a projector's) gives the charts the height: the results dock
    // took a third of it, and the time plot was left 110 pixels.
    // Once the window is laid out at its size (the docks' sizes follow the layout).
    QTimer::singleShot(0, this, [this] {
        if (height() < 860)
            if (auto *results = findChild<QDockWidget *>(QStringLiteral("resultsDock")))
                resizeDocks({results}, {std::max(110, height() / 7)}, Qt::Vertical);
    });
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!confirmClose()) {
        event->ignore();
        return;
    }
    saveSettings(true);
    if (isRunning())
        m_controller->cancel();
    event->accept();
}

} // namespace speeduplab
