// SPDX-License-Identifier: MIT
// The main window: the parts it wires together and what tests and the app drive it by.
#pragma once

#include "core/machine/machineinfo.h"
#include "core/results/runset.h"
#include "ui/charts/charttabs.h"
#include "ui/filedialogs.h"
#include "ui/gpubanner.h"
#include "ui/metatypes.h"
#include "ui/resulttable.h"

#include <QList>
#include <QMainWindow>
#include <QPointer>
#include <QThreadPool>

#include <functional>
#include <memory>

class QLabel;
class QSettings;
class QShortcut;

namespace speeduplab {

class ChartView;
class DeviceModel;
class DevicesPanel;
class MainActions;
class ResultTableModel;
class RunProgress;
class RunStore;
class RunsPanel;
class ScalingChart;
class SweepController;
class SweepPanel;
class TimeChart;

/// The app's window. It wires the parts together: the sweep panel (dock), the charts
/// (ChartTabs), the results table and the devices panel (docks), the actions and menus
/// (MainActions), the file dialogs (FileDialogs), the GPU banner and the progress of a run.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// settingsFile: an INI file to use instead of the user's settings (tests, screenshots).
    explicit MainWindow(const QString &settingsFile = {}, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// How errors reach the user. The default is a window-modal message box that does not
    /// block the caller (QMessageBox::open), so nothing ever waits for a click in tests.
    using ErrorReporter = std::function<void(const QString &title, const QString &text)>;
    void setErrorReporter(ErrorReporter reporter) { m_reportError = std::move(reporter); }
    QString lastError() const { return m_lastError; }

    /// The answer to "save the results before closing?".
    enum class CloseAnswer { Save, Discard, Cancel };
    /// How closing the window asks, during a sweep or with unsaved results. The default is a
    /// Save / Discard / Cancel message box; tests set a function that answers at once.
    using CloseAsker = std::function<CloseAnswer(const QString &title, const QString &text)>;
    void setCloseAsker(CloseAsker asker) { m_askClose = std::move(asker); }
    /// Where Save data writes (the save action and the close question's Save); empty cancels.
    /// The default is the file dialog; tests set a function that returns a path.
    using SavePathChooser = std::function<QString()>;
    void setSavePathChooser(SavePathChooser chooser) { m_chooseSavePath = std::move(chooser); }
    /// Results came in since the last save or open (closing the window asks first).
    bool hasUnsavedResults() const;

    SweepPanel *sweepPanel() const { return m_panel; }
    RunStore *runStore() const { return m_store; }
    ResultTableModel *resultTableModel() const { return m_tableModel; }
    DeviceModel *deviceModel() const { return m_devices; }
    RunsPanel *runsPanel() const { return m_runsPanel; }
    QTableView *resultTable() const { return m_table; }
    QSortFilterProxyModel *resultProxy() const { return m_table->proxy(); }
    SweepController *controller() const { return m_controller; }
    ChartTabs *chartTabs() const { return m_tabs; }
    const QList<ChartView *> &charts() const { return m_tabs->charts(); }
    ChartView *chart(const QString &name) const { return m_tabs->chart(name); }
    TimeChart *timeChart() const { return m_tabs->timeChart(); }
    ScalingChart *scalingChart() const { return m_tabs->scalingChart(); }
    ChartView *currentChart() const { return m_tabs->current(); }
    void setCurrentChart(const QString &name) { m_tabs->setCurrent(name); }
    QWidget *gpuBanner() const { return m_banner; }
    /// What the window knows about the GPU: asked at start-up and again after every sweep and
    /// calibration, since a sticky CUDA error can make the GPU unusable while the app runs.
    const MachineInfo::GpuState &gpuState() const { return m_gpu; }

    /// A sweep or a calibration is running.
    bool isRunning() const;
    bool isCalibrating() const;

    bool isPresenting() const { return m_presenting; }
    /// Whether closing keeps the window's size and docks for the next start (the default). Off
    /// for a screenshot at a size given on the command line: that size is the picture's, not
    /// the user's (a 16384 x 16384 one made every later start take 7 s and 2.2 GB).
    void setKeepsGeometry(bool keep) { m_keepsGeometry = keep; }
    static constexpr double kPresentationZoom = 1.6;

public slots:
    /// Starts a sweep with what the panel holds; an invalid panel shows why and starts nothing.
    bool runSweep();
    /// Stops the running sweep or calibration.
    void cancelSweep();
    /// Measures this machine's ceilings on the worker thread (all hardware threads, and the
    /// selected GPU when one is usable). They go into the results shown when these were
    /// measured here, and into every later sweep's results.
    bool calibrate();
    /// Adds the runs of result files (a CSV or JSON run, or a runs file) to those shown; reads
    /// them all first: on any failure nothing is added. asReference: mark them as references.
    bool openResults(const QStringList &paths, bool asReference = false);
    bool openResults(const QString &path);
    /// Replaces every run with a workspace's (a runs file); on failure nothing changes.
    bool openWorkspace(const QString &path);
    /// Adds the example at `index` of Examples::all() (a recording shipped with the program) as a
    /// run: read-only, never the file saving writes to. With a run of this machine beside it, A is
    /// this machine's CPU and B the example's GPU.
    bool openExample(int index);
    /// Adds the original answer's published table (PublishedTable) as a reference run, drawn dashed.
    bool openPublishedTable();
    /// Writes every run, with its label and visibility, to one runs file (atomically).
    bool saveWorkspace(const QString &path);
    /// Adds a reference run (bench/compare_torch.py or compare_numpy.py output), drawn dashed;
    /// on failure the runs stay as they are.
    bool overlayReference(const QString &path);
    void removeReference();
    /// Writes the results as CSV, or JSON when the name ends in .json (atomically); several runs
    /// shown: a runs file (JSON only).
    bool saveData(const QString &path);
    /// Writes the runs shown as one HTML report (HtmlReport, atomically); on failure says why.
    bool exportReport(const QString &path);
    /// Writes the current chart as PNG, or SVG when the name ends in .svg (atomically).
    bool exportChart(const QString &path, const QSize &pixels);
    void copyChart();
    void applyPreset(const QString &name);
    /// Presentation mode: full screen, the chart only (docks, toolbar, menu and status bar hidden;
    /// every action keeps its shortcut), charts zoomed to at least kPresentationZoom, and the point
    /// being measured in large type. Off: the window as it was.
    void setPresentation(bool on);
    /// Every chart's fonts, lines and markers (ChartStyle::setZoom), exports included; remembered.
    void setZoom(double zoom);
    /// Shows a GPU state: the banner, and the GPU box and device list of the sweep panel.
    void setGpuState(const MachineInfo::GpuState &state);

signals:
    void sweepFinished(bool cancelled);
    /// After a calibration ended, was cancelled or failed.
    void calibrationDone(bool cancelled);
    void resultsLoaded(const QString &path);
    void errorShown(const QString &text);

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void buildDocks();
    QWidget *buildCentral();
    void connectActions();
    void showError(const QString &title, const QString &text);
    /// Reads a result file into out; on failure shows why, ending with what stays unchanged.
    bool load(const QString &path, const QString &title, const QString &unchanged,
              std::vector<RunRecord> &out);
    /// During a sweep or calibration: says so (title) and returns true.
    bool refuseWhileRunning(const QString &title);
    /// Adds runs read from files or examples: a file read again replaces the runs it gave, and
    /// empty runs make way. Returns the rows added.
    std::size_t addRuns(std::vector<RunRecord> &added);
    /// With an example's GPU run and a run of this machine's CPU shown, and no pair chosen: A is
    /// this machine, B the example (what "my laptop against the lab's GPU" asks).
    void compareWithExample();
    /// The newest sweep of this machine that measured a CPU and no GPU, where no GPU is usable and
    /// no example is open: the run the shipped recording's GPU can be drawn beside (the GPU
    /// banner's button); -1 when there is none.
    int runWantingExample() const;
    /// Draws that recording's GPU curves beside it (Examples::besideSweep), compared across.
    void showExampleBeside();
    /// Measurements of runs no file holds (this session's sweeps): what closing would lose.
    int unsavedMeasurements() const;
    void onStarted();
    void onMeasurement(const Measurement &m);
    void onProgress(const SweepRunner::Progress &p);
    void onFinished(const ResultSet &r, bool cancelled);
    void onFailed(const QString &message);
    void onCalibrationStarted();
    void onCalibrationFinished(const CeilingMap &ceilings, const QString &note, bool cancelled);
    void onCalibrationFailed(const QString &message);
    void startRunning(const QString &activity, const QString &label);
    void updateTitle();
    void endRunning();
    void updateActions();
    void exportDialog();
    /// Asks where to save (m_chooseSavePath) and saves there; false when cancelled or failed.
    bool saveInteractively();
    /// Asks before the window closes during a sweep or with unsaved results; false keeps it.
    bool confirmClose();
    std::unique_ptr<QSettings> settings() const;
    /// Resizes the window to `wanted`, or as much of it as the screen it opens on holds (a
    /// 1024 x 700 projector), and moves it inside that screen.
    void fitToScreen(QSize wanted = QSize(1480, 920));
    void loadSettings();
    /// How long the window waits at its start for the devices to be listed before it shows
    /// without them (PoCL lists its own in 0.14 s here, from the program's start).
    static constexpr double kDevicesWait = 0.4;
    /// Takes the described devices when their listing ends, into the panels and the machine.
    void waitForDevices();
    /// Each described backend's state, or an empty one while its devices are being listed.
    std::vector<MachineInfo::DescribedState> describedStates() const;
    /// Writes the panel, the window's layout and the file dialogs' state to the settings file.
    /// The values are read now; the file is written on m_settingsWriter (parsing and rewriting
    /// it takes ~5 ms, a stall at a sweep's start). wait: return when it is written (closing).
    void saveSettings(bool wait = false);

    QString m_settingsFile;
    QThreadPool m_settingsWriter; ///< one thread: the writes keep their order
    MachineInfo::GpuState m_gpu;
    /// The described backends (OpenCL) listed their devices: until then m_machine has none of
    /// them, and waitForDevices takes them when they come.
    bool m_devicesListed = false;
    MachineInfo m_machine; ///< this machine, with the ceilings measured in this session
    int m_hw = 1;
    SweepController *m_controller = nullptr;
    SweepRunner::Progress m_lastProgress; ///< the sweep's last report: its timings for the end note
    QAction *m_besideAction = nullptr;    ///< the GPU banner's button: showExampleBeside
    RunStore *m_store = nullptr;
    ResultTableModel *m_tableModel = nullptr; ///< the Results table's view of m_store
    DeviceModel *m_devices = nullptr;
    SweepPanel *m_panel = nullptr;
    ChartTabs *m_tabs = nullptr;
    ResultTable *m_table = nullptr;
    DevicesPanel *m_devicesPanel = nullptr;
    RunsPanel *m_runsPanel = nullptr;
    GpuBanner *m_banner = nullptr;
    QWidget *m_banners = nullptr; ///< the GPU, load and CPU-conditions banners
    bool m_docksFitted = false;   ///< the docks were sized to the window at its first show
    MainActions *m_actions = nullptr;
    QShortcut *m_runHint = nullptr; ///< Ctrl+R while the run action is disabled: says why
    FileDialogs m_files{this};
    RunProgress *m_progress = nullptr;
    QLabel *m_liveCaption = nullptr; ///< presentation mode: the point being measured
    bool m_presenting = false;
    bool m_keepsGeometry = true;
    QByteArray m_normalGeometry, m_normalState; ///< the window before presentation mode
    double m_normalZoom = 1;
    QString m_currentFile;
    bool m_unsaved = false; ///< results came in since the last save or open
    QString m_activity;     ///< "Measuring", "Calibrating" while a run is going on

    ErrorReporter m_reportError;
    QString m_lastError;
    CloseAsker m_askClose;
    SavePathChooser m_chooseSavePath;
    /// Why the sweep started last reads no energy on some device (Pipeline::energyNote): the live
    /// run's machine says it until the sweep's own result replaces it.
    std::string m_energyNote;
};

} // namespace speeduplab
