// SPDX-License-Identifier: MIT
// The Devices table's model: the machine a run was measured on, field by field.
#include "ui/devicemodel.h"

#include "words/format.h"

namespace speeduplab {

DeviceModel::DeviceModel(QObject *parent) : QAbstractTableModel(parent) {}

void DeviceModel::setMachine(const MachineInfo &machine)
{
    beginResetModel();
    m_machine = machine;
    m_rows = machine.describe();
    endResetModel();
}

int DeviceModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DeviceModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 2;
}

QVariant DeviceModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto &row = m_rows[std::size_t(index.row())];
    const QString text = QString::fromStdString(index.column() == 0 ? row.first : row.second);
    if (role == Qt::DisplayRole)
        return text;
    if (role == Qt::ToolTipRole && index.column() == 1)
        return Format::plainTip(text); // a recorded machine's fields are data
    return {};
}

QVariant DeviceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section > 1)
        return {};
    return section == 0 ? tr("Property") : tr("Value");
}

} // namespace speeduplab
