// SPDX-License-Identifier: MIT
// The Devices panel (DevicesPanel): the window's dock with the machine table, a choice of whose
// machine it shows (this one, or the machine of each run), and a caption saying which it is.
#pragma once

#include "core/machine/machineinfo.h"

#include <QWidget>

#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QTableView;

namespace speeduplab {

class DeviceModel;
class RunStore;

/// The Devices dock: the facts of one machine, chosen over them: this machine, or the machine a
/// run was measured on, each run by its label. It follows the store: a run added (a file, an
/// example, a sweep) is shown, and one removed gives way to this machine; the caption says whether
/// the facts are this machine's or were recorded on another.
class DevicesPanel : public QWidget {
    Q_OBJECT
public:
    DevicesPanel(DeviceModel *model, const RunStore *store, QWidget *parent = nullptr);
    /// This machine's facts (after a calibration, with its ceilings).
    void setHere(const MachineInfo &here);
    /// The runs' machines read again (a sweep finished, ceilings applied): the choice stays.
    void refresh();

private:
    /// The entries from the store's runs; a run that was not listed before is chosen.
    void listRuns();
    /// The chosen entry's machine into the model, and the caption.
    void showChosen();

    DeviceModel *m_model;
    const RunStore *m_store;
    MachineInfo m_here;
    QComboBox *m_choice = nullptr;
    QLabel *m_caption = nullptr;
    std::vector<std::string> m_listed; ///< the run labels listed last, in order
};

} // namespace speeduplab
