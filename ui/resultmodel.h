// SPDX-License-Identifier: MIT
#pragma once

#include "core/resultset.h"

#include <QAbstractTableModel>

namespace speeduplab {

/// The result set as a table: one row per measurement, in the order they were measured (or
/// stored). Charts read resultSet(); the table view sorts through a proxy on SortRole.
class ResultModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        StatusColumn,
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

    explicit ResultModel(QObject *parent = nullptr);

    const ResultSet &resultSet() const { return m_results; }
    const Measurement &measurement(int row) const { return m_results.rows.at(std::size_t(row)); }

    /// Replaces everything (a loaded file, or a new sweep starting with no rows).
    void setResultSet(const ResultSet &r);
    void clear(const MachineInfo &machine);
    void append(const Measurement &m);
    /// The machine the rows were measured on (known fully when a sweep ends, and its ceilings
    /// after a calibration).
    void setMachine(const MachineInfo &machine);

    /// A run of another tool in our format (bench/compare_torch.py, compare_numpy.py), drawn
    /// dashed over our curves on the time chart. Not part of the table or of our analysis; it
    /// stays while our own results change (a live sweep grows over it). Empty: none.
    const ResultSet &reference() const { return m_reference; }
    void setReference(const ResultSet &r);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    /// After any change of rows, machine or reference: the charts schedule a redraw.
    void resultsChanged();

private:
    QVariant display(const Measurement &m, int column) const;
    QVariant sortValue(const Measurement &m, int column) const;
    QVariant ceilingTip(const Measurement &m) const;

    ResultSet m_results;
    ResultSet m_reference;
};

} // namespace speeduplab
