// SPDX-License-Identifier: MIT
// The runs the window holds (RunStore): their visibility, labels, sources, the live run, the pair
// compared and the joined view of the visible ones. No cell text: ui/resulttablemodel.h is the table.
#pragma once

#include "core/analysis/analysis.h"
#include "core/results/runset.h"

#include <QObject>

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace speeduplab {

/// The runs the window holds (opened files, references, sweeps of this session) and the rows of
/// the visible ones: one row per measurement, run by run, each run's rows in the order they were
/// measured (or stored). Charts read resultSet(), the visible runs joined (RunSet::combined);
/// the table (ResultTableModel) follows the rows through the view signals below.
class RunStore : public QObject {
    Q_OBJECT
public:
    explicit RunStore(QObject *parent = nullptr);
    /// The visible runs joined: what the charts, the table and the exports show.
    /// The rows of the visible runs, in order. With one visible run, its own results (no copy:
    /// a million rows were held twice); a reference to it is valid until runs change.
    const ResultSet &resultSet() const { return m_sole ? m_runs[*m_sole].results : m_results; }
    /// The rows of resultSet().
    int rowCount() const { return int(resultSet().rows.size()); }
    const Measurement &measurement(int row) const { return resultSet().rows.at(std::size_t(row)); }
    /// The run a row of resultSet() belongs to.
    const RunRecord &runOf(int row) const { return m_runs.at(m_rowRun.at(std::size_t(row))); }
    /// The run a series belongs to (Series::run, or the only visible run); null when none.
    const RunRecord *runOf(const Series &s) const;
    /// The machine a row of resultSet() was measured on (its run's; the view's when it has none).
    const MachineInfo &machineOf(int row) const;

    const std::vector<RunRecord> &runs() const { return m_runs; }
    int runCount() const { return int(m_runs.size()); }
    int visibleRunCount() const;
    /// Adds a run (its label made unique); returns its index.
    int addRun(RunRecord run);
    void removeRun(int index);
    /// Removes every run but the live one (a new lesson); false when there was nothing to remove.
    bool removeAll();
    /// Puts back the runs the last removeRun or removeAll took, where they were, with the pair
    /// they belonged to; false when there is nothing to put back (or runs came since).
    bool undoRemove();
    bool canUndoRemove() const { return !m_removed.empty(); }
    void setRunVisible(int index, bool visible);
    /// Renames a run (made unique; an empty name keeps the old one).
    void setRunLabel(int index, const std::string &label);
    /// The file a run was last read from or written to (opening that file again replaces it).
    void setRunSource(int index, const std::string &source);
    /// Replaces every run (a workspace).
    void setRuns(std::vector<RunRecord> runs);
    /// The run a sweep is adding to, -1 when none.
    int liveRun() const { return m_live; }

    /// Replaces every run with one holding r (tests, a single file).
    void setResultSet(const ResultSet &r);
    /// No runs; the machine the (empty) view is for.
    void clear(const MachineInfo &machine);
    /// A sweep starts: a new run on this machine that append() grows. Other runs stay.
    void startRun(const MachineInfo &machine);
    /// Adds a measurement to the live run (started by startRun; else the first run).
    void append(const Measurement &m);
    /// The sweep's complete result replaces the live run's rows and machine; the run stops
    /// being live.
    void finishRun(const ResultSet &r);
    /// The live run's (or first run's) machine (known fully when a sweep ends, and its ceilings
    /// after a calibration).
    void setMachine(const MachineInfo &machine);

    /// A calibration's ceilings go into every run measured on the same hardware
    /// (ResultSet::applyCeilings); returns whether any run (or the empty view) took them.
    bool applyCeilings(const MachineInfo &here, const std::map<std::string, double> &ceilings);

    /// The two runs compared across (-1: none): the time chart marks where the CPU of A and the
    /// GPU of B cross, the compare chart shows B's time over A's.
    int runA() const { return m_runA; }
    int runB() const { return m_runB; }
    void setComparedRuns(int a, int b);
    /// The same by label; false, with *error naming the labels there are, when one is unknown.
    bool setComparedRuns(const std::string &a, const std::string &b, std::string *error);
    /// The runs as a file keeps them (a workspace, a report's data): with the pair compared across
    /// marked (RunRecord::compared "a" and "b"), so that opening it again shows the same comparison.
    std::vector<RunRecord> runsToKeep() const;

signals:
    /// After any change of rows, machine or runs: the charts schedule a redraw.
    void resultsChanged();
    /// Runs were added, removed, renamed, shown or hidden, or the compared pair changed.
    void runsChanged();

    // The rows of resultSet() as a view follows them (ResultTableModel), each emitted before
    // resultsChanged: a view holds no copy, it reads the store.
    /// Every row is about to change (before) and has (after): a view resets.
    void rowsAboutToBeReset();
    void rowsReset();
    /// A row is about to be added at the end (row is its index) and has been.
    void rowAboutToBeAppended(int row);
    void rowAppended(int row);
    /// A row was replaced in place (a point sent again after a round).
    void rowChanged(int row);
    /// The live (or first) run's machine has other ceilings: every row's share of one may change.
    void ceilingsChanged();

private:
    /// Rebuilds resultSet() from the runs (a view reset).
    void recombine();
    /// The live run's row of a point (its series and n), for a sweep that sends a point again
    /// after each round: found in constant time, not by a scan of the rows before it.
    std::size_t *liveRow(const RunRecord &run, const std::string &point);
    std::vector<RunRecord> m_runs;
    ResultSet m_results;               ///< the view of several visible runs (empty with m_sole)
    std::optional<std::size_t> m_sole; ///< the only visible run, which is the view itself
    std::vector<std::size_t> m_rowRun; ///< the run of each row of resultSet()
    std::unordered_map<std::string, std::size_t> m_liveRows; ///< liveRow's index: point -> row
    const RunRecord *m_liveRowsOf = nullptr;                 ///< the run it indexes
    std::size_t m_liveRowsCount = 0;                         ///< that run's rows it holds
    int m_live = -1;
    int m_runA = -1, m_runB = -1;
    /// What undoRemove puts back: each run with its index then, and the pair compared then.
    std::vector<std::pair<int, RunRecord>> m_removed;
    int m_removedA = -1, m_removedB = -1;
    std::size_t m_runsAfterRemove = 0; ///< runCount() right after the removal (undo only then)
};

} // namespace speeduplab
