#include "ui/mainwindow.h"

#include "core/calibration.h"
#include "core/overlay.h"
#include "core/resultio.h"
#include "ui/app.h"
#include "ui/devicemodel.h"
#include "ui/exportdialog.h"
#include "ui/presets.h"
#include "ui/resultmodel.h"
#include "ui/rooflinechart.h"
#include "ui/scalingchart.h"
#include "ui/speedupchart.h"
#include "ui/sweepcontroller.h"
#include "ui/sweeppanel.h"
#include "ui/throughputchart.h"
#include "ui/timechart.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <set>

namespace speeduplab {

namespace {

std::string toPath(const QString &path)
{
    return QFile::encodeName(path).toStdString();
}

// Whether results recorded on `recorded` were measured on this machine, so that this machine's
// ceilings apply to them.
bool sameMachine(const MachineInfo &recorded, const MachineInfo &here)
{
    if (recorded.cpuModel != here.cpuModel || recorded.logicalCores != here.logicalCores ||
        recorded.gpus.size() != here.gpus.size())
        return false;
    for (std::size_t i = 0; i < here.gpus.size(); ++i)
        if (recorded.gpus[i].name != here.gpus[i].name)
            return false;
    return true;
}

} // namespace

MainWindow::MainWindow(const QString &settingsFile, QWidget *parent)
    : QMainWindow(parent), m_settingsFile(settingsFile), m_gpu(gpu::availability()),
      m_machine(MachineInfo::probe()), m_hw(App::hardwareThreads())
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(tr("SpeedupLab"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/speeduplab.svg")));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    m_controller = new SweepController(this);
    m_model = new ResultModel(this);
    m_devices = new DeviceModel(this);
    m_devices->setMachine(m_machine);
    m_model->clear(m_machine);

    setCentralWidget(buildCentral());
    buildActions();
    buildDocks();
    buildMenus();

    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("progressBar"));
    m_progress->setMaximumWidth(240);
    m_progress->setTextVisible(true);
    m_progress->setFormat(QStringLiteral("%v / %m"));
    m_progressLabel = new QLabel;
    m_progressLabel->setObjectName(QStringLiteral("progressLabel"));
    statusBar()->addPermanentWidget(m_progressLabel, 1);
    statusBar()->addPermanentWidget(m_progress);
    m_progress->hide();

    connect(m_controller, &SweepController::started, this, &MainWindow::onStarted);
    connect(m_controller, &SweepController::measurementAvailable, this, &MainWindow::onMeasurement);
    connect(m_controller, &SweepController::progress, this, &MainWindow::onProgress);
    connect(m_controller, &SweepController::finished, this, &MainWindow::onFinished);
    connect(m_controller, &SweepController::failed, this, &MainWindow::onFailed);
    connect(m_controller, &SweepController::calibrationStarted, this, &MainWindow::onCalibrationStarted);
    connect(m_controller, &SweepController::calibrationProgress, m_progressLabel, &QLabel::setText);
    connect(m_controller, &SweepController::calibrationFinished, this, &MainWindow::onCalibrationFinished);
    connect(m_controller, &SweepController::calibrationFailed, this, &MainWindow::onCalibrationFailed);
    connect(m_model, &ResultModel::resultsChanged, this, &MainWindow::onResultsChanged);
    connect(m_panel, &SweepPanel::runRequested, this, &MainWindow::runSweep);
    connect(m_panel, &SweepPanel::cancelRequested, this, &MainWindow::cancelSweep);
    connect(m_panel, &SweepPanel::formChanged, this, &MainWindow::updateActions);

    m_reportError = [this](const QString &title, const QString &text) {
        auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    };

    resize(1480, 920);
    loadSettings();
    updateActions();
    statusBar()->showMessage(tr("Ready. Set up a sweep on the left and press Run (Ctrl+R), or open a results "
                                "file (Ctrl+O)."));
}

MainWindow::~MainWindow() = default;

QWidget *MainWindow::buildCentral()
{
    auto *central = new QWidget;
    auto *v = new QVBoxLayout(central);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(0);

    m_banner = new QFrame;
    m_banner->setObjectName(QStringLiteral("gpuBanner"));
    m_banner->setStyleSheet(
        QStringLiteral("#gpuBanner { background: #fff6db; border-bottom: 1px solid #e8d9a8; }"));
    auto *bh = new QHBoxLayout(m_banner);
    bh->setContentsMargins(10, 4, 4, 4);
    auto *bannerText =
        new QLabel(tr("No usable GPU: %1 CPU sweeps and opening recorded results (also GPU runs "
                      "recorded elsewhere) work fully.")
                       .arg(App::sentence(QString::fromStdString(m_gpu.reason))));
    bannerText->setObjectName(QStringLiteral("gpuBannerText"));
    bannerText->setWordWrap(true);
    bannerText->setTextFormat(Qt::PlainText);
    auto *close = new QToolButton;
    close->setText(QStringLiteral("\u00d7"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Hide this note"));
    connect(close, &QToolButton::clicked, m_banner, &QWidget::hide);
    bh->addWidget(bannerText, 1);
    bh->addWidget(close);
    m_banner->setVisible(!m_gpu.usable);
    v->addWidget(m_banner);

    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("chartTabs"));
    m_tabs->setDocumentMode(true);
    m_charts = {new TimeChart, new SpeedupChart, new ScalingChart, new ThroughputChart, new RooflineChart};
    for (ChartView *c : std::as_const(m_charts)) {
        c->setObjectName(c->name() + QStringLiteral("Chart"));
        c->setModel(m_model);
        m_tabs->addTab(c, c->tabTitle());
    }

    auto *corner = new QWidget;
    auto *ch = new QHBoxLayout(corner);
    ch->setContentsMargins(0, 0, 6, 0);
    m_sizesButton = new QToolButton;
    m_sizesButton->setObjectName(QStringLiteral("scalingSizesButton"));
    m_sizesButton->setText(tr("Sizes shown"));
    m_sizesButton->setToolTip(tr("Which n the thread-scaling chart shows"));
    m_sizesButton->setPopupMode(QToolButton::InstantPopup);
    m_sizesButton->setMenu(new QMenu(m_sizesButton));
    m_workloadShown = new QComboBox;
    m_workloadShown->setObjectName(QStringLiteral("workloadShownCombo"));
    m_workloadShown->setToolTip(tr("The results hold several workloads: choose the one to plot"));
    ch->addWidget(m_sizesButton);
    ch->addWidget(m_workloadShown);
    m_tabs->setCornerWidget(corner, Qt::TopRightCorner);
    m_workloadShown->hide();
    m_sizesButton->hide();
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { updateActions(); });
    connect(scalingChart(), &ScalingChart::availableSizesChanged, this, &MainWindow::updateSizesMenu);
    connect(m_workloadShown, &QComboBox::currentTextChanged, this, [this](const QString &w) {
        for (ChartView *c : std::as_const(m_charts))
            c->setWorkload(w);
    });
    v->addWidget(m_tabs, 1);
    return central;
}

void MainWindow::buildActions()
{
    auto make = [this](const QString &text, const QString &icon, const QKeySequence &key,
                       const QString &tip) {
        auto *a = new QAction(icon.isEmpty() ? QIcon() : QIcon(icon), text, this);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WindowShortcut);
        a->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
        a->setStatusTip(tip);
        addAction(a);
        return a;
    };
    m_runAction = make(tr("&Run sweep"), QStringLiteral(":/icons/run.svg"),
                       QKeySequence(Qt::CTRL | Qt::Key_R), tr("Run the sweep set up in the sweep panel"));
    m_runAction->setObjectName(QStringLiteral("runAction"));
    m_cancelAction = make(tr("&Cancel"), QStringLiteral(":/icons/stop.svg"), QKeySequence(Qt::Key_Escape),
                          tr("Stop the sweep or the calibration; what was measured so far is kept"));
    m_cancelAction->setObjectName(QStringLiteral("cancelAction"));
    m_calibrateAction =
        make(tr("Ca&librate machine"), QStringLiteral(":/icons/calibrate.svg"),
             QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L),
             tr("Measure this machine's ceilings (memory bandwidth, GEMM FLOP/s, GPU copies and "
                "launches) to compare every point with"));
    m_calibrateAction->setObjectName(QStringLiteral("calibrateAction"));
    m_calibrateAction->setIconText(tr("Calibrate"));
    m_openAction = make(tr("&Open results\u2026"), QStringLiteral(":/icons/open.svg"),
                        QKeySequence(Qt::CTRL | Qt::Key_O),
                        tr("Open a CSV or JSON result file, from this machine or another"));
    m_openAction->setObjectName(QStringLiteral("openAction"));
    m_overlayAction =
        make(tr("O&verlay reference run\u2026"), QString(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O),
             tr("Draw a PyTorch or NumPy run (bench/compare_torch.py, compare_numpy.py) dashed over "
                "our curves on the time chart"));
    m_overlayAction->setObjectName(QStringLiteral("overlayAction"));
    m_removeOverlayAction = make(tr("&Remove reference overlay"), QString(), QKeySequence(),
                                 tr("Stop drawing the reference run over our curves"));
    m_removeOverlayAction->setObjectName(QStringLiteral("removeOverlayAction"));
    m_saveAction = make(tr("&Save data\u2026"), QStringLiteral(":/icons/save.svg"),
                        QKeySequence(Qt::CTRL | Qt::Key_S), tr("Save the results as CSV or JSON"));
    m_saveAction->setObjectName(QStringLiteral("saveAction"));
    m_exportAction = make(tr("&Export chart\u2026"), QStringLiteral(":/icons/export.svg"),
                          QKeySequence(Qt::CTRL | Qt::Key_E), tr("Export the chart shown as PNG or SVG"));
    m_exportAction->setObjectName(QStringLiteral("exportAction"));
    m_copyAction =
        make(tr("&Copy chart"), QStringLiteral(":/icons/copy.svg"),
             QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), tr("Copy the chart shown to the clipboard"));
    m_copyAction->setObjectName(QStringLiteral("copyAction"));
    m_quitAction = make(tr("&Quit"), QString(), QKeySequence(Qt::CTRL | Qt::Key_Q), tr("Quit SpeedupLab"));

    connect(m_runAction, &QAction::triggered, this, &MainWindow::runSweep);
    connect(m_cancelAction, &QAction::triggered, this, &MainWindow::cancelSweep);
    connect(m_calibrateAction, &QAction::triggered, this, &MainWindow::calibrate);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openDialog);
    connect(m_overlayAction, &QAction::triggered, this, &MainWindow::overlayDialog);
    connect(m_removeOverlayAction, &QAction::triggered, this, &MainWindow::removeReference);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::saveDialog);
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportDialog);
    connect(m_copyAction, &QAction::triggered, this, &MainWindow::copyChart);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    for (const QString &name : Presets::names()) {
        auto *a = new QAction(Presets::title(name), this);
        a->setStatusTip(Presets::description(name));
        a->setToolTip(Presets::description(name));
        a->setData(name);
        connect(a, &QAction::triggered, this, [this, name] { applyPreset(name); });
        m_presetActions << a;
    }

    auto *tb = addToolBar(tr("Main"));
    tb->setObjectName(QStringLiteral("mainToolBar"));
    tb->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tb->setIconSize(QSize(20, 20));
    tb->addAction(m_runAction);
    tb->addAction(m_cancelAction);
    tb->addAction(m_calibrateAction);
    tb->addSeparator();
    tb->addAction(m_openAction);
    tb->addAction(m_saveAction);
    tb->addAction(m_exportAction);
    tb->addAction(m_copyAction);
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openAction);
    file->addAction(m_overlayAction);
    file->addAction(m_removeOverlayAction);
    file->addAction(m_saveAction);
    file->addSeparator();
    file->addAction(m_exportAction);
    file->addAction(m_copyAction);
    file->addSeparator();
    file->addAction(m_quitAction);
    QMenu *sweep = menuBar()->addMenu(tr("&Sweep"));
    sweep->addAction(m_runAction);
    sweep->addAction(m_cancelAction);
    sweep->addSeparator();
    sweep->addAction(m_calibrateAction);
    sweep->addSeparator();
    QMenu *presets = sweep->addMenu(tr("&Presets"));
    presets->setToolTipsVisible(true);
    presets->addActions(m_presetActions);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *d : findChildren<QDockWidget *>())
        view->addAction(d->toggleViewAction());
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About SpeedupLab"), this, [this] {
        QMessageBox::about(
            this, tr("About SpeedupLab"),
            tr("<b>SpeedupLab %1</b><p>When is the GPU faster than the CPU, and why?</p><p>Sweeps "
               "tensor sizes and thread counts, times real workloads on the CPU and on CUDA GPUs, "
               "and marks where the curves cross.</p>")
                .arg(QString::fromStdString(m_machine.programVersion)));
    });
}

void MainWindow::buildDocks()
{
    m_panel = new SweepPanel(m_hw, m_gpu);
    m_panel->setObjectName(QStringLiteral("sweepPanel"));
    auto *sweepDock = new QDockWidget(tr("Sweep"), this);
    sweepDock->setObjectName(QStringLiteral("sweepDock"));
    sweepDock->setWidget(m_panel);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    addDockWidget(Qt::LeftDockWidgetArea, sweepDock);

    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ResultModel::SortRole);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("resultTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // measurement order until a header is clicked
    m_table->setAlternatingRowColors(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    const int widths[] = {70, 190, 60, 110, 90, 90, 60, 60, 80, 80, 90, 70, 80};
    for (int c = 0; c < int(std::size(widths)); ++c)
        m_table->setColumnWidth(c, widths[c]);
    auto *resultsDock = new QDockWidget(tr("Results"), this);
    resultsDock->setObjectName(QStringLiteral("resultsDock"));
    resultsDock->setWidget(m_table);
    addDockWidget(Qt::BottomDockWidgetArea, resultsDock);

    auto *devicesWidget = new QWidget;
    auto *dv = new QVBoxLayout(devicesWidget);
    dv->setContentsMargins(4, 4, 4, 4);
    m_devicesCaption = new QLabel;
    m_devicesCaption->setObjectName(QStringLiteral("devicesCaption"));
    m_devicesCaption->setWordWrap(true);
    auto *devView = new QTableView;
    devView->setObjectName(QStringLiteral("deviceTable"));
    devView->setModel(m_devices);
    devView->horizontalHeader()->setStretchLastSection(true);
    devView->verticalHeader()->hide();
    devView->setColumnWidth(0, 150);
    devView->setSelectionBehavior(QAbstractItemView::SelectRows);
    devView->setWordWrap(true);
    dv->addWidget(m_devicesCaption);
    dv->addWidget(devView, 1);
    auto *devicesDock = new QDockWidget(tr("Devices"), this);
    devicesDock->setObjectName(QStringLiteral("devicesDock"));
    devicesDock->setWidget(devicesWidget);
    addDockWidget(Qt::BottomDockWidgetArea, devicesDock);
    tabifyDockWidget(resultsDock, devicesDock);
    resultsDock->raise();
    resizeDocks({resultsDock}, {240}, Qt::Vertical);
    resizeDocks({sweepDock}, {370}, Qt::Horizontal);
    setDevicesCaption(tr("This machine"));
}

void MainWindow::setDevicesCaption(const QString &text)
{
    m_devicesCaption->setText(text);
}

ChartView *MainWindow::chart(const QString &name) const
{
    for (ChartView *c : m_charts)
        if (c->name() == name)
            return c;
    return nullptr;
}

TimeChart *MainWindow::timeChart() const
{
    return static_cast<TimeChart *>(chart(QStringLiteral("time")));
}

ScalingChart *MainWindow::scalingChart() const
{
    return static_cast<ScalingChart *>(chart(QStringLiteral("scaling")));
}

ChartView *MainWindow::currentChart() const
{
    return qobject_cast<ChartView *>(m_tabs->currentWidget());
}

void MainWindow::setCurrentChart(const QString &name)
{
    if (ChartView *c = chart(name))
        m_tabs->setCurrentWidget(c);
}

QWidget *MainWindow::gpuBanner() const
{
    return m_banner;
}

bool MainWindow::isRunning() const
{
    return m_controller->isRunning();
}

bool MainWindow::isCalibrating() const
{
    return m_controller->isCalibrating();
}

void MainWindow::showError(const QString &title, const QString &text)
{
    m_lastError = text;
    statusBar()->showMessage(text, 10000);
    emit errorShown(text);
    if (m_reportError)
        m_reportError(title, text);
}

bool MainWindow::runSweep()
{
    if (isRunning())
        return false;
    QString why;
    const std::optional<SweepPlan> plan = m_panel->plan(&why);
    if (!plan) {
        showError(tr("The sweep cannot run"), why);
        return false;
    }
    saveSettings();
    return m_controller->start(*plan);
}

void MainWindow::cancelSweep()
{
    if (!isRunning())
        return;
    m_controller->cancel();
    m_progressLabel->setText(
        isCalibrating() ? tr("Cancelling the calibration: it stops at its next repetition\u2026")
                        : tr("Cancelling: the point being measured stops at its next repetition\u2026"));
}

bool MainWindow::calibrate()
{
    if (isRunning())
        return false;
    const bool gpu = gpu::availability().usable;
    return m_controller->startCalibration(m_hw, m_panel->form().device, gpu);
}

void MainWindow::onCalibrationStarted()
{
    m_panel->setRunning(true);
    m_progress->setRange(0, 0); // busy: the calibration does not know its own progress
    m_progress->show();
    m_progressLabel->setText(tr("Calibrating\u2026"));
    setWindowTitle(tr("SpeedupLab \u2014 calibrating"));
    statusBar()->clearMessage();
    updateActions();
}

void MainWindow::endRunning()
{
    m_panel->setRunning(false);
    m_progress->hide();
    m_progressLabel->clear();
    setWindowTitle(m_currentFile.isEmpty()
                       ? tr("SpeedupLab")
                       : tr("SpeedupLab \u2014 %1").arg(QFileInfo(m_currentFile).fileName()));
    updateActions();
}

void MainWindow::onCalibrationFinished(const CeilingMap &ceilings, const QString &note, bool cancelled)
{
    endRunning();
    for (const auto &[k, v] : ceilings)
        m_machine.ceilings[k] = v;
    // The results shown get the ceilings when they were measured here; a run recorded on
    // another machine keeps its own.
    const MachineInfo &shown = m_model->resultSet().machine;
    const bool applies = sameMachine(shown, m_machine);
    if (applies && !ceilings.empty()) {
        MachineInfo merged = shown;
        for (const auto &[k, v] : ceilings)
            merged.ceilings[k] = v;
        m_model->setMachine(merged);
        m_devices->setMachine(merged);
    }
    QStringList measured;
    for (const auto &[k, v] : ceilings) {
        if (k == Calibration::cpuTriad || k == Calibration::gpuCopy)
            measured << tr("%1 %2").arg(App::ceilingName(k), App::formatRate(v, false));
        else if (k == Calibration::cpuFma || k == Calibration::cpuGemm || k == Calibration::gpuFma ||
                 k == Calibration::gpuCublas)
            measured << tr("%1 %2").arg(App::ceilingName(k), App::formatRate(v, true));
    }
    QString text;
    if (cancelled)
        text = ceilings.empty() ? tr("Calibration cancelled: no ceiling was measured.")
                                : tr("Calibration cancelled: the ceilings measured before the stop are kept "
                                     "(%1).")
                                      .arg(measured.join(QStringLiteral(", ")));
    else
        text = tr("Calibrated: %1.").arg(measured.join(QStringLiteral(", ")));
    if (!note.isEmpty())
        text += QLatin1Char(' ') + note;
    if (!applies && !ceilings.empty())
        text += QLatin1Char(' ') + tr("The results shown were recorded on another machine and keep its "
                                      "ceilings; the next sweep carries these.");
    statusBar()->showMessage(text);
    emit calibrationDone(cancelled);
}

void MainWindow::onCalibrationFailed(const QString &message)
{
    endRunning();
    showError(tr("Calibration failed"), message);
    emit calibrationDone(false);
}

void MainWindow::onStarted()
{
    m_currentFile.clear();
    m_model->clear(m_machine);
    m_devices->setMachine(m_machine);
    setDevicesCaption(tr("This machine"));
    m_panel->setRunning(true);
    m_progress->setRange(0, 0);
    m_progress->show();
    m_progressLabel->setText(tr("Starting\u2026"));
    setWindowTitle(tr("SpeedupLab \u2014 measuring"));
    statusBar()->clearMessage();
    updateActions();
}

void MainWindow::onMeasurement(const Measurement &m)
{
    m_model->append(m);
    if (m_proxy->sortColumn() < 0) // in measurement order: follow the newest row
        m_table->scrollToBottom();
}

void MainWindow::onProgress(const SweepRunner::Progress &p)
{
    if (m_controller->cancelRequested())
        return;
    m_progress->setRange(0, std::max(1, p.total));
    m_progress->setValue(p.done);
    QString text = tr("Measuring %1 (%2 of %3)")
                       .arg(QString::fromStdString(p.current))
                       .arg(std::min(p.done + 1, p.total))
                       .arg(p.total);
    if (p.remaining >= 0)
        text += tr(" \u00b7 about %1 left").arg(App::formatDuration(p.remaining));
    m_progressLabel->setText(text);
}

void MainWindow::onFinished(const ResultSet &measured, bool cancelled)
{
    // The ceilings measured in this session describe this machine: the new results carry them.
    ResultSet r = measured;
    for (const auto &[k, v] : m_machine.ceilings)
        r.machine.ceilings.try_emplace(k, v);
    if (m_model->resultSet().rows != r.rows)
        m_model->setResultSet(r);
    else
        m_model->setMachine(r.machine);
    m_devices->setMachine(r.machine);
    m_panel->setRunning(false);
    m_progress->hide();
    m_progressLabel->clear();
    setWindowTitle(tr("SpeedupLab"));
    int failed = 0, skipped = 0, ok = 0;
    for (const auto &m : r.rows) {
        ok += m.ok();
        failed += m.status == Measurement::Status::Failed;
        skipped += m.status == Measurement::Status::Skipped;
    }
    QString text = cancelled
                       ? tr("Sweep cancelled: the %n point(s) measured before the stop are kept.", "", ok)
                       : tr("Sweep finished: %n point(s) measured.", "", ok);
    if (failed)
        text += tr(" %n failed (see the table).", "", failed);
    if (skipped)
        text += tr(" %n skipped (see the table).", "", skipped);
    statusBar()->showMessage(text);
    updateActions();
    emit sweepFinished(cancelled);
}

void MainWindow::onFailed(const QString &message)
{
    m_panel->setRunning(false);
    m_progress->hide();
    m_progressLabel->clear();
    setWindowTitle(tr("SpeedupLab"));
    updateActions();
    showError(tr("The sweep failed"), message);
}

void MainWindow::onResultsChanged()
{
    // The workload picker only matters when the results mix workloads.
    std::vector<std::string> seen;
    for (const auto &m : m_model->resultSet().rows)
        if (std::find(seen.begin(), seen.end(), m.workload) == seen.end())
            seen.push_back(m.workload);
    QStringList names;
    for (const auto &w : seen)
        names << QString::fromStdString(w);
    QStringList current;
    for (int i = 0; i < m_workloadShown->count(); ++i)
        current << m_workloadShown->itemText(i);
    if (names != current) {
        const QString keep = m_workloadShown->currentText();
        QSignalBlocker block(m_workloadShown);
        m_workloadShown->clear();
        m_workloadShown->addItems(names);
        const int i = m_workloadShown->findText(keep);
        m_workloadShown->setCurrentIndex(i >= 0 ? i : 0);
        for (ChartView *c : std::as_const(m_charts))
            c->setWorkload(m_workloadShown->currentText());
    }
    m_workloadShown->setVisible(names.size() > 1);
    updateActions();
}

void MainWindow::updateSizesMenu()
{
    ScalingChart *sc = scalingChart();
    QMenu *menu = m_sizesButton->menu();
    menu->clear();
    const QList<int> available = sc->availableSizes();
    QList<int> shown = sc->shownSizes();
    for (int n : available) {
        QAction *a = menu->addAction(tr("n = %1").arg(n));
        a->setCheckable(true);
        a->setChecked(shown.contains(n));
        a->setData(n);
        connect(a, &QAction::toggled, this, [this, menu] {
            QList<int> chosen;
            for (QAction *x : menu->actions())
                if (x->isChecked())
                    chosen << x->data().toInt();
            m_scalingSizes = chosen;
            scalingChart()->setSelectedSizes(chosen);
        });
    }
    updateActions();
}

void MainWindow::updateActions()
{
    const bool running = isRunning();
    const bool haveRows = !m_model->resultSet().empty();
    m_runAction->setEnabled(!running && m_panel->problem().isEmpty());
    m_cancelAction->setEnabled(running);
    m_calibrateAction->setEnabled(!running);
    m_openAction->setEnabled(!running);
    m_saveAction->setEnabled(haveRows);
    m_removeOverlayAction->setEnabled(!m_model->reference().empty());
    m_exportAction->setEnabled(currentChart() != nullptr);
    m_copyAction->setEnabled(currentChart() != nullptr);
    for (QAction *a : std::as_const(m_presetActions))
        a->setEnabled(!running);
    m_sizesButton->setVisible(currentChart() == scalingChart() &&
                              !scalingChart()->availableSizes().isEmpty());
}

void MainWindow::applyPreset(const QString &name)
{
    if (isRunning())
        return;
    try {
        const SweepPlan plan = Presets::plan(name, m_hw);
        m_panel->setForm(SweepForm::fromPlan(plan, m_hw, m_gpu.usable));
        statusBar()->showMessage(
            tr("Preset \u201c%1\u201d: %2").arg(Presets::title(name), Presets::description(name)));
    } catch (const std::exception &e) {
        showError(tr("Preset"), App::sentence(QString::fromStdString(e.what())));
    }
}

bool MainWindow::load(const QString &path, const QString &title, const QString &unchanged, ResultSet &out)
{
    try {
        out = ResultIO::load(toPath(path));
        return true;
    } catch (const std::exception &e) {
        showError(title, tr("Could not open \u201c%1\u201d: %2 %3")
                             .arg(QFileInfo(path).fileName(), App::sentence(QString::fromStdString(e.what())),
                                  unchanged));
        return false;
    }
}

bool MainWindow::openResults(const QString &path)
{
    if (isRunning()) {
        showError(tr("Open results"),
                  isCalibrating() ? tr("A calibration is running. Cancel it (Esc) before opening a file.")
                                  : tr("A sweep is running. Cancel it (Esc) before opening a file."));
        return false;
    }
    ResultSet r;
    if (!load(path, tr("Open results"), tr("The charts still show the previous results."), r))
        return false;
    m_currentFile = path;
    m_lastDir = QFileInfo(path).absolutePath();
    m_model->setResultSet(r);
    m_devices->setMachine(r.machine);
    setDevicesCaption(tr("Recorded on the machine below (from %1)").arg(QFileInfo(path).fileName()));
    setWindowTitle(tr("SpeedupLab \u2014 %1").arg(QFileInfo(path).fileName()));
    statusBar()->showMessage(
        tr("Opened %1: %n measurement(s).", "", int(r.size())).arg(QFileInfo(path).fileName()));
    updateActions();
    emit resultsLoaded(path);
    return true;
}

bool MainWindow::overlayReference(const QString &path)
{
    ResultSet r;
    if (!load(path, tr("Overlay reference run"), tr("The overlay stays as it was."), r))
        return false;
    if (Analysis::series(r).empty()) {
        showError(
            tr("Overlay reference run"),
            tr("\u201c%1\u201d has no successful measurement to draw.").arg(QFileInfo(path).fileName()));
        return false;
    }
    m_lastDir = QFileInfo(path).absolutePath();
    m_model->setReference(r);
    statusBar()->showMessage(tr("Drawing %1 from %2 dashed over our curves on the time chart.")
                                 .arg(QString::fromStdString(Overlay::name(r)), QFileInfo(path).fileName()));
    updateActions();
    return true;
}

void MainWindow::removeReference()
{
    m_model->setReference({});
    updateActions();
}

bool MainWindow::saveData(const QString &path)
{
    const ResultSet &r = m_model->resultSet();
    if (r.empty()) {
        showError(tr("Save data"), tr("There are no results to save yet. Run a sweep or open a file first."));
        return false;
    }
    try {
        if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
            ResultIO::writeJson(r, toPath(path));
        else
            ResultIO::writeCsv(r, toPath(path));
    } catch (const std::exception &e) {
        showError(tr("Save data"),
                  tr("Could not save the results: %1 Nothing was written; choose another file or "
                     "folder.")
                      .arg(App::sentence(QString::fromStdString(e.what()))));
        return false;
    }
    m_lastDir = QFileInfo(path).absolutePath();
    statusBar()->showMessage(tr("Saved %n measurement(s) to %1.", "", int(r.size())).arg(path));
    return true;
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
    m_lastDir = QFileInfo(path).absolutePath();
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
        px = m_exportSize;
    QApplication::clipboard()->setImage(c->toImage(px));
    statusBar()->showMessage(
        tr("Copied the chart to the clipboard (%1 \u00d7 %2 pixels).").arg(px.width()).arg(px.height()),
        5000);
}

void MainWindow::openDialog()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open results"), m_lastDir,
                                     tr("Results (*.csv *.json);;CSV (*.csv);;JSON (*.json);;All "
                                        "files (*)"));
    if (!path.isEmpty())
        openResults(path);
}

void MainWindow::overlayDialog()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Overlay reference run"), m_lastDir,
                                     tr("Results (*.csv *.json);;CSV (*.csv);;JSON (*.json);;All files (*)"));
    if (!path.isEmpty())
        overlayReference(path);
}

void MainWindow::saveDialog()
{
    QString filter;
    QString path =
        QFileDialog::getSaveFileName(this, tr("Save data"), m_lastDir + QStringLiteral("/results.csv"),
                                     tr("CSV (*.csv);;JSON (*.json)"), &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter.contains(QLatin1String("json")) ? QStringLiteral(".json") : QStringLiteral(".csv");
    saveData(path);
}

void MainWindow::exportDialog()
{
    ChartView *c = currentChart();
    if (!c)
        return;
    QString filter;
    QString path = QFileDialog::getSaveFileName(this, tr("Export chart"),
                                                m_lastDir + QStringLiteral("/%1.png").arg(c->name()),
                                                tr("PNG image (*.png);;SVG image (*.svg)"), &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter.contains(QLatin1String("svg")) ? QStringLiteral(".svg") : QStringLiteral(".png");
    const std::optional<QSize> size =
        ExportDialog::ask(this, m_exportSize, (QSizeF(c->size()) * c->devicePixelRatioF()).toSize());
    if (!size)
        return;
    m_exportSize = *size;
    exportChart(path, *size);
}

std::unique_ptr<QSettings> MainWindow::settings() const
{
    if (!m_settingsFile.isEmpty())
        return std::make_unique<QSettings>(m_settingsFile, QSettings::IniFormat);
    return std::make_unique<QSettings>();
}

void MainWindow::loadSettings()
{
    auto s = settings();
    // A form that is incomplete, out of range or not a valid plan is dropped as a whole.
    if (const std::optional<SweepForm> f = SweepForm::load(*s, m_hw, m_gpu.usable))
        m_panel->setForm(*f);
    if (!restoreGeometry(s->value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1480, 920);
    restoreState(s->value(QStringLiteral("window/state")).toByteArray());
    bool ok = false;
    const int tab = s->value(QStringLiteral("window/chart")).toInt(&ok);
    if (ok && tab >= 0 && tab < m_tabs->count())
        m_tabs->setCurrentIndex(tab);
    const QSize size = s->value(QStringLiteral("export/size")).toSize();
    if (size.width() >= 16 && size.height() >= 16 && size.width() <= 16384 && size.height() <= 16384)
        m_exportSize = size;
    const QString dir = s->value(QStringLiteral("files/lastDir")).toString();
    if (!dir.isEmpty() && QFileInfo(dir).isDir())
        m_lastDir = dir;
}

void MainWindow::saveSettings() const
{
    auto s = settings();
    m_panel->form().save(*s);
    s->setValue(QStringLiteral("window/geometry"), saveGeometry());
    s->setValue(QStringLiteral("window/state"), saveState());
    s->setValue(QStringLiteral("window/chart"), m_tabs->currentIndex());
    s->setValue(QStringLiteral("export/size"), m_exportSize);
    s->setValue(QStringLiteral("files/lastDir"), m_lastDir);
    s->sync();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    if (isRunning())
        m_controller->cancel();
    event->accept();
}

} // namespace speeduplab
