// SPDX-License-Identifier: MIT
// The Results table's model (ResultTableModel): a QAbstractTableModel over a RunStore's rows.
// It reads the store and formats cells; it changes no run.
#pragma once

#include <QAbstractTableModel>

namespace speeduplab {

class RunStore;

/// The rows of a RunStore's visible runs (RunStore::resultSet()) as a table: one row per
/// measurement, a column per field, text, tooltips and colours for the table view, which sorts
/// through a proxy on SortRole. It holds no rows: it follows the store's view signals (a reset,
/// a row appended during a live sweep, a row replaced, the ceilings changed).
class ResultTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        StatusColumn,
        RunColumn, ///< the run's label (the table hides it while there is one run)
        SeriesColumn,
        NColumn,
        TimeColumn,
        MinColumn,
        MaxColumn,
        CvColumn,
        RepsColumn,
        BandwidthColumn,
        FlopsColumn,
        CeilingColumn, ///< the point's throughput as a share of the machine's measured ceiling
        /// Cold cache, rounds and their spread, the GPU's clocks and the throttled flag (the table
        /// hides it while no row has any)
        ConditionsColumn,
        VerifiedColumn,
        WorkloadColumn,
        ReasonColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, ///< a number or text that sorts the column naturally
        StatusRole,                  ///< Measurement::Status as int
        NoisyRole                    ///< bool: ok but its CV is above Stats::noisyCv
    };

    /// A view of store, which must outlive it.
    explicit ResultTableModel(const RunStore *store, QObject *parent = nullptr);
    const RunStore *store() const { return m_store; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(int row, int column) const;
    QVariant sortValue(int row, int column) const;
    QVariant ceilingTip(int row) const;
    /// The tooltip of a cell, as plain text (data() shows it as such).
    QVariant toolTip(int row, int column) const;

    const RunStore *m_store;
};

} // namespace speeduplab
