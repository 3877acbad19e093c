// SPDX-License-Identifier: MIT
// The Results dock's table (ResultTable): every measurement, sortable by column through its proxy.
#pragma once

#include <QTableView>

class QSortFilterProxyModel;

namespace speeduplab {

class ResultTableModel;

/// The Results dock: one row per measurement, in measurement order until a header is clicked,
/// then sorted by that column (ResultTableModel::SortRole) through its own proxy.
class ResultTable : public QTableView {
    Q_OBJECT
public:
    explicit ResultTable(ResultTableModel *model, QWidget *parent = nullptr);
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    /// Keeps the newest row in view while the rows are in measurement order.
    void followNewest();

private:
    QSortFilterProxyModel *m_proxy = nullptr;
};

} // namespace speeduplab
