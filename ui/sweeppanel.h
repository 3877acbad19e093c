// SPDX-License-Identifier: MIT
// The sweep panel: the form a sweep is set up in (SweepPanel).
#pragma once

#include "core/machine/machineinfo.h"
#include "ui/sweepform.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace speeduplab {

/// The sweep's settings: workload and variant, sizes (a log range or a list), CPU thread
/// counts, the GPU and its modes, and the timing. A value that cannot work is refused at its
/// field, with the reason beside it, and Run stays disabled until every field is sound.
class SweepPanel : public QWidget {
    Q_OBJECT
public:
    /// gpu: what core says about the GPUs now (MachineInfo::gpuState()).
    /// `described`: each described backend's state (Devices::state), empty ones while they are
    /// being listed (setDescribedStates then brings them).
    SweepPanel(int hardwareThreads, const MachineInfo::GpuState &gpu,
               std::vector<MachineInfo::DescribedState> described, QWidget *parent = nullptr);

    /// What the fields hold now.
    SweepForm form() const;
    /// The seed experiment on this machine: on its CUDA GPU when it has one, else on its first
    /// OpenCL GPU (a laptop's integrated GPU), else on the CPU alone.
    SweepForm defaultForm() const;
    /// The described backends' devices listed (OpenCL's: for SweepForm::load and fromPlan).
    std::vector<PlanDevice> describedDevices() const;
    /// Shows a whole form at once (signals held back until every field is set).
    void setForm(const SweepForm &form);
    /// The plan the fields describe, or nothing with the reason in *error.
    std::optional<SweepPlan> plan(QString *error = nullptr) const;
    /// Why Run is disabled, as a sentence; empty when the fields are sound.
    QString problem() const { return m_problem; }
    /// The sizes that will not fit in memory, one line each, with what they need and what is
    /// available; empty when all fit. Run stays enabled: those points are skipped with the reason.
    QString memoryWarning() const;
    /// The host memory the size check counts with, in bytes; 0 (the default): what the OS
    /// reports as available at each change.
    void setHostMemory(double bytes);
    /// The devices the plan's points would keep busy too long, one line each, by the calibrated
    /// ceilings of setMachine (SweepRunner::slowDevices): lower bounds, said before the run; empty
    /// when none is, or nothing is calibrated. Run stays enabled.
    QString slowWarning() const;
    /// The machine whose calibrated ceilings (and caches, GPUs and OpenCL devices) the speed check
    /// counts with; the window sets it at start and after each calibration.
    void setMachine(const MachineInfo &machine);

    /// Follows a GPU that became unusable (or usable): the device list, the GPU box (disabled
    /// with the reason when unusable) and the form's GPU switch; the other fields stay.
    void setGpuState(const MachineInfo::GpuState &gpu);
    const MachineInfo::GpuState &gpuState() const { return m_gpuInfo; }
    /// The OpenCL devices the list offers (asked of core once, at construction; tests set their own).
    /// The described backends' devices as they were found, one state a backend (tests).
    void setDescribedStates(const std::vector<MachineInfo::DescribedState> &states);

    /// While a sweep runs, the fields are read-only and only Cancel is enabled.
    void setRunning(bool running);
    bool isRunning() const { return m_running; }

    QPushButton *runButton() const { return m_run; }
    QPushButton *cancelButton() const { return m_cancel; }

signals:
    void runRequested();
    void cancelRequested();
    void formChanged();
    /// A preset button was clicked: the window applies it (as Sweep \u25b8 Presets does).
    void presetRequested(const QString &name);

private:
    QWidget *buildPresets();
    QWidget *buildWorkload();
    QWidget *buildSizes();
    QWidget *buildCpu();
    QWidget *buildGpu();
    QWidget *buildTiming();
    void workloadChanged();
    void fillDevices();
    void setThreads(const QList<int> &threads);
    void refresh();
    static void markInvalid(QWidget *w, bool invalid);
    QString memoryWarning(const SweepPlan &plan) const;
    QString slowWarning(const SweepPlan &plan) const;

    int m_hw;
    MachineInfo::GpuState m_gpuInfo;
    /// The described backends' devices (Devices::state, asked once), one state a backend; the
    /// usable ones are listed under the CUDA GPUs (m_described, in that order).
    std::vector<MachineInfo::DescribedState> m_describedInfo;
    std::vector<DeviceDescription> m_described;
    /// The described device the form names, or nullptr.
    const DeviceDescription *describedDevice(const SweepForm &f) const;
    bool m_running = false;
    bool m_applying = false;
    QString m_problem;

    QComboBox *m_workload = nullptr;
    QComboBox *m_cpuVariant = nullptr;
    QComboBox *m_gpuVariant = nullptr;
    QLabel *m_workloadInfo = nullptr;
    QRadioButton *m_asRange = nullptr;
    QRadioButton *m_asList = nullptr;
    QSpinBox *m_rangeMin = nullptr;
    QSpinBox *m_rangeMax = nullptr;
    QSpinBox *m_steps = nullptr;
    QLineEdit *m_list = nullptr;
    QWidget *m_rangeBox = nullptr;
    QLabel *m_sizesInfo = nullptr;
    QString m_sizesNote; ///< why a typed min or max n was changed; empty when it was not
    QString m_listNote;  ///< how an entered size list was tidied (sorted, repeats dropped)
    QGroupBox *m_cpu = nullptr;
    QListWidget *m_threads = nullptr;
    QLabel *m_threadsInfo = nullptr;
    QGroupBox *m_gpu = nullptr;
    QComboBox *m_device = nullptr;
    QList<QCheckBox *> m_modes;
    QCheckBox *m_transfers = nullptr;
    QComboBox *m_hostMemory = nullptr;
    QComboBox *m_placement = nullptr; ///< SweepForm::placement
    QLabel *m_gpuInfoLabel = nullptr;
    QSpinBox *m_iterations = nullptr;
    QDoubleSpinBox *m_minTime = nullptr;
    QSpinBox *m_maxReps = nullptr;
    QDoubleSpinBox *m_budget = nullptr;
    QSpinBox *m_rounds = nullptr;
    QCheckBox *m_coldCache = nullptr;
    QCheckBox *m_energy = nullptr;
    QCheckBox *m_refine = nullptr; ///< "Find the crossovers": SweepForm::refine
    QLabel *m_error = nullptr;
    QLabel *m_memory = nullptr;
    QLabel *m_slow = nullptr;
    MachineInfo m_machine;  ///< for the speed check (setMachine)
    double m_hostBytes = 0; ///< for the size check; 0: MemAvailable
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
    QList<QWidget *> m_fields; ///< disabled while running
};

} // namespace speeduplab
