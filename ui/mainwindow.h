#pragma once

#include "core/machineinfo.h"
#include "cuda/gpubackend.h"
#include "ui/metatypes.h"

#include <QList>
#include <QMainWindow>
#include <QPointer>

#include <functional>
#include <memory>

class QAction;
class QComboBox;
class QFrame;
class QLabel;
class QProgressBar;
class QSettings;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QToolButton;

namespace speeduplab {

class ChartView;
class DeviceModel;
class ResultModel;
class ScalingChart;
class SweepController;
class SweepPanel;
class TimeChart;

/// The app's window: the sweep panel (dock), the five charts (tabs), the results table and
/// the devices panel (docks), the files and the progress of a running sweep.
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

    SweepPanel *sweepPanel() const { return m_panel; }
    ResultModel *resultModel() const { return m_model; }
    DeviceModel *deviceModel() const { return m_devices; }
    QTableView *resultTable() const { return m_table; }
    QSortFilterProxyModel *resultProxy() const { return m_proxy; }
    SweepController *controller() const { return m_controller; }
    const QList<ChartView *> &charts() const { return m_charts; }
    ChartView *chart(const QString &name) const;
    TimeChart *timeChart() const;
    ScalingChart *scalingChart() const;
    ChartView *currentChart() const;
    void setCurrentChart(const QString &name);
    QWidget *gpuBanner() const;

    /// A sweep or a calibration is running.
    bool isRunning() const;
    bool isCalibrating() const;

public slots:
    /// Starts a sweep with what the panel holds; an invalid panel shows why and starts nothing.
    bool runSweep();
    /// Stops the running sweep or calibration.
    void cancelSweep();
    /// Measures this machine's ceilings on the worker thread (all hardware threads, and the
    /// selected GPU when one is usable). They go into the results shown when these were
    /// measured here, and into every later sweep's results.
    bool calibrate();
    /// Loads a CSV or JSON result file; on failure the current results stay as they are.
    bool openResults(const QString &path);
    /// Draws a reference run (bench/compare_torch.py or compare_numpy.py output) dashed over our
    /// curves on the time chart; on failure the current overlay stays.
    bool overlayReference(const QString &path);
    void removeReference();
    /// Writes the results as CSV, or JSON when the name ends in .json (atomically).
    bool saveData(const QString &path);
    /// Writes the current chart as PNG, or SVG when the name ends in .svg (atomically).
    bool exportChart(const QString &path, const QSize &pixels);
    void copyChart();
    void applyPreset(const QString &name);

signals:
    void sweepFinished(bool cancelled);
    /// After a calibration ended, was cancelled or failed.
    void calibrationDone(bool cancelled);
    void resultsLoaded(const QString &path);
    void errorShown(const QString &text);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildActions();
    void buildMenus();
    void buildDocks();
    QWidget *buildCentral();
    void showError(const QString &title, const QString &text);
    /// Reads a result file into out; on failure shows why, ending with what stays unchanged.
    bool load(const QString &path, const QString &title, const QString &unchanged, ResultSet &out);
    void onStarted();
    void onMeasurement(const Measurement &m);
    void onProgress(const SweepRunner::Progress &p);
    void onFinished(const ResultSet &r, bool cancelled);
    void onFailed(const QString &message);
    void onCalibrationStarted();
    void onCalibrationFinished(const CeilingMap &ceilings, const QString &note, bool cancelled);
    void onCalibrationFailed(const QString &message);
    void endRunning();
    void onResultsChanged();
    void updateActions();
    void updateSizesMenu();
    void setDevicesCaption(const QString &text);
    void openDialog();
    void overlayDialog();
    void saveDialog();
    void exportDialog();
    std::unique_ptr<QSettings> settings() const;
    void loadSettings();
    void saveSettings() const;

    QString m_settingsFile;
    gpu::Availability m_gpu;
    MachineInfo m_machine; ///< this machine, with the ceilings measured in this session
    int m_hw = 1;
    SweepController *m_controller = nullptr;
    ResultModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    DeviceModel *m_devices = nullptr;
    SweepPanel *m_panel = nullptr;
    QTabWidget *m_tabs = nullptr;
    QList<ChartView *> m_charts;
    QTableView *m_table = nullptr;
    QLabel *m_devicesCaption = nullptr;
    QFrame *m_banner = nullptr;
    QComboBox *m_workloadShown = nullptr;
    QToolButton *m_sizesButton = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_progressLabel = nullptr;
    QString m_currentFile;
    QString m_lastDir;
    QSize m_exportSize{1920, 1080};
    QList<int> m_scalingSizes;

    QAction *m_runAction = nullptr;
    QAction *m_cancelAction = nullptr;
    QAction *m_calibrateAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_overlayAction = nullptr;
    QAction *m_removeOverlayAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_copyAction = nullptr;
    QAction *m_quitAction = nullptr;
    QList<QAction *> m_presetActions;

    ErrorReporter m_reportError;
    QString m_lastError;
};

} // namespace speeduplab
