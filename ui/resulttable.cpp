// SPDX-License-Identifier: MIT
#include "ui/resulttable.h"

#include "ui/resultmodel.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>

#include <iterator>

namespace speeduplab {

ResultTable::ResultTable(ResultModel *model, QWidget *parent) : QTableView(parent)
{
    setObjectName(QStringLiteral("resultTable"));
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(ResultModel::SortRole);
    setModel(m_proxy);
    setSortingEnabled(true);
    sortByColumn(-1, Qt::AscendingOrder); // measurement order until a header is clicked
    setAlternatingRowColors(false);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    const int widths[] = {70, 190, 60, 110, 90, 90, 60, 60, 80, 80, 90, 70, 80};
    for (int c = 0; c < int(std::size(widths)); ++c)
        setColumnWidth(c, widths[c]);
}

void ResultTable::followNewest()
{
    if (m_proxy->sortColumn() < 0)
        scrollToBottom();
}

} // namespace speeduplab
