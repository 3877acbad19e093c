// SPDX-License-Identifier: MIT
// The Devices table's model (DeviceModel): the machine a run was measured on, field by field.
#pragma once

#include "core/machine/machineinfo.h"

#include <QAbstractTableModel>

#include <string>
#include <utility>
#include <vector>

namespace speeduplab {

/// MachineInfo::describe() as a two-column table (fact, value) for the devices panel.
class DeviceModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit DeviceModel(QObject *parent = nullptr);

    void setMachine(const MachineInfo &machine);
    const MachineInfo &machine() const { return m_machine; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    MachineInfo m_machine;
    std::vector<std::pair<std::string, std::string>> m_rows;
};

} // namespace speeduplab
