// SPDX-License-Identifier: MIT
// ResultTable: the sort proxy, the column widths, the Run and Conditions columns shown when they
// say something, and keeping the newest row in view.
#include "ui/resulttable.h"

#include "ui/resulttablemodel.h"
#include "ui/runstore.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>

#include <algorithm>
#include <iterator>

namespace speeduplab {

ResultTable::ResultTable(ResultTableModel *model, QWidget *parent) : QTableView(parent)
{
    setObjectName(QStringLiteral("resultTable"));
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(ResultTableModel::SortRole);
    setModel(m_proxy);
    setSortingEnabled(true);
    sortByColumn(-1, Qt::AscendingOrder); // measurement order until a header is clicked
    setAlternatingRowColors(false);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    // The rate columns fit the widest value Format::si writes ("999 GB/s", "999 TFLOP/s").
    const int bytes = fontMetrics().horizontalAdvance(QStringLiteral("999 GB/s")) + 16;
    const int flops = fontMetrics().horizontalAdvance(QStringLiteral("999 TFLOP/s")) + 16;
    const int widths[] = {70, 200, 190, 60, 110, 90, 90, 60, 60, std::max(80, bytes), std::max(80, flops),
                          90, 170, 70,  80};
    for (int c = 0; c < int(std::size(widths)); ++c)
        setColumnWidth(c, widths[c]);
    // The Run column only while several runs are shown.
    const RunStore *store = model->store();
    auto showRuns = [this, store] {
        setColumnHidden(ResultTableModel::RunColumn, store->visibleRunCount() <= 1);
    };
    connect(store, &RunStore::runsChanged, this, showRuns);
    showRuns();
    // The Conditions column only while some row has a condition to show: a cold cache, rounds,
    // GPU clocks. Rows arrive one at a time during a sweep: only the new ones are looked at.
    auto hasConditions = [model](int first, int last) {
        for (int row = first; row <= last; ++row)
            if (!model->data(model->index(row, ResultTableModel::ConditionsColumn)).toString().isEmpty())
                return true;
        return false;
    };
    auto rescan = [this, model, hasConditions] {
        setColumnHidden(ResultTableModel::ConditionsColumn, !hasConditions(0, model->rowCount() - 1));
    };
    connect(model, &QAbstractItemModel::modelReset, this, rescan);
    connect(model, &QAbstractItemModel::dataChanged, this, rescan);
    connect(model, &QAbstractItemModel::rowsInserted, this,
            [this, hasConditions](const QModelIndex &, int first, int last) {
                if (isColumnHidden(ResultTableModel::ConditionsColumn) && hasConditions(first, last))
                    setColumnHidden(ResultTableModel::ConditionsColumn, false);
            });
    rescan();
}

void ResultTable::followNewest()
{
    if (m_proxy->sortColumn() < 0)
        scrollToBottom();
}

} // namespace speeduplab
