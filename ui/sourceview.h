// SPDX-License-Identifier: MIT
// The Source tab (SourceView): the code that produced a series.
#pragma once

#include "core/model/measurement.h"

#include <QStringList>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTableView;

namespace speeduplab {

class ResultTableModel;

/// The Source dock: the code that produced the series selected in the results table (the first
/// series while nothing is selected): the CUDA kernel, the CPU loop or the library call, taken
/// from the sources embedded at build time (SourceSnippets), under a heading that names the
/// series and says how the code was run.
class SourceView : public QWidget {
    Q_OBJECT
public:
    /// What the view shows for one series.
    struct Description {
        QString heading;
        QString note;        ///< a sentence for library calls and copies; may be empty
        QString function;    ///< the kernel, function or library call that does the work
        QStringList regions; ///< SourceSnippets ids, in the order shown
    };

    explicit SourceView(ResultTableModel *model, QWidget *parent = nullptr);
    /// Follows the selection of a table whose model is model (or a proxy of it).
    void followSelection(QTableView *table);
    /// The workload the charts show: with no row selected, its first series is the one shown
    /// (the first row of all could be another workload's, such as an example's add beside a gemm run).
    void setWorkload(const QString &workload);
    /// Shows one series (what a selection of one of its rows shows).
    void showSeries(const Measurement &m);
    static Description describe(const Measurement &m);

    QString heading() const;
    QString note() const;
    QString code() const;
    QString location() const;
    /// Regions the current series needs that no source marks (a broken marker): empty normally.
    QStringList missing() const { return m_missing; }

private:
    static Description describeOpenCl(const Measurement &m);
    static Description describeCuda(const Measurement &m);
    static Description describeCpu(const Measurement &m);
    void refresh();
    void showNothing();

    ResultTableModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QString m_workload;
    QString m_shownKey;
    QLabel *m_heading = nullptr;
    QLabel *m_note = nullptr;
    QPlainTextEdit *m_code = nullptr;
    QLabel *m_location = nullptr;
    QStringList m_missing;
};

} // namespace speeduplab
