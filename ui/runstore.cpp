// SPDX-License-Identifier: MIT
// The runs the window holds (RunStore): the store and the joined view of the visible runs; it
// emits what a view of the rows needs (ui/resulttablemodel.cpp) and formats nothing.
#include "ui/runstore.h"

#include <QString>

#include <algorithm>

namespace speeduplab {

RunStore::RunStore(QObject *parent) : QObject(parent) {}

void RunStore::recombine()
{
    emit rowsAboutToBeReset();
    m_liveRowsOf = nullptr; // the runs changed: liveRow indexes anew
    m_sole.reset();
    if (std::count_if(m_runs.begin(), m_runs.end(), [](const RunRecord &r) { return r.visible; }) == 1) {
        // One visible run is the view as it is (RunSet::combined would copy it unchanged).
        m_sole = std::size_t(
            std::find_if(m_runs.begin(), m_runs.end(), [](const RunRecord &r) { return r.visible; }) -
            m_runs.begin());
        m_results = ResultSet();
        m_results.machine = m_runs[*m_sole].results.machine;
    } else {
        m_results = RunSet::combined(m_runs);
    }
    m_rowRun.clear();
    for (std::size_t i = 0; i < m_runs.size(); ++i)
        if (m_runs[i].visible)
            m_rowRun.insert(m_rowRun.end(), m_runs[i].results.rows.size(), i);
    emit rowsReset();
    emit resultsChanged();
}

const RunRecord *RunStore::runOf(const Series &s) const
{
    for (const RunRecord &r : m_runs)
        if (r.visible && (s.run.empty() || r.label == s.run))
            return &r;
    return nullptr;
}

const MachineInfo &RunStore::machineOf(int row) const
{
    return row >= 0 && std::size_t(row) < m_rowRun.size() ? m_runs[m_rowRun[std::size_t(row)]].results.machine
                                                          : m_results.machine;
}

int RunStore::visibleRunCount() const
{
    return int(std::count_if(m_runs.begin(), m_runs.end(), [](const RunRecord &r) { return r.visible; }));
}

int RunStore::addRun(RunRecord run)
{
    run.label = RunSet::uniqueLabel(m_runs, run.label);
    m_runs.push_back(std::move(run));
    recombine();
    emit runsChanged();
    return int(m_runs.size()) - 1;
}

void RunStore::removeRun(int index)
{
    if (index < 0 || index >= runCount())
        return;
    m_removed = {{index, m_runs[std::size_t(index)]}};
    m_removedA = m_runA;
    m_removedB = m_runB;
    m_runsAfterRemove = m_runs.size() - 1;
    m_runs.erase(m_runs.begin() + index);
    auto shift = [index](int &i) { i = i == index ? -1 : i > index ? i - 1 : i; };
    shift(m_live);
    shift(m_runA);
    shift(m_runB);
    recombine();
    emit runsChanged();
}

bool RunStore::removeAll()
{
    std::vector<std::pair<int, RunRecord>> removed;
    std::vector<RunRecord> kept;
    for (std::size_t i = 0; i < m_runs.size(); ++i)
        if (int(i) == m_live)
            kept.push_back(std::move(m_runs[i]));
        else
            removed.emplace_back(int(i), std::move(m_runs[i]));
    if (removed.empty()) {
        m_runs = std::move(kept);
        return false;
    }
    m_removed = std::move(removed);
    m_removedA = m_runA;
    m_removedB = m_runB;
    m_runs = std::move(kept);
    m_runsAfterRemove = m_runs.size();
    m_live = m_runs.empty() ? -1 : 0;
    m_runA = m_runB = -1;
    recombine();
    emit runsChanged();
    return true;
}

bool RunStore::undoRemove()
{
    // Only right after the removal: a run added or removed since would shift every index.
    if (m_removed.empty() || m_runs.size() != m_runsAfterRemove) {
        m_removed.clear();
        return false;
    }
    const std::string live = m_live >= 0 ? m_runs[std::size_t(m_live)].label : std::string();
    for (auto &[index, run] : m_removed) {
        run.label = RunSet::uniqueLabel(m_runs, run.label);
        m_runs.insert(m_runs.begin() + std::min<std::ptrdiff_t>(index, std::ptrdiff_t(m_runs.size())),
                      std::move(run));
    }
    m_removed.clear();
    m_live = -1;
    for (std::size_t i = 0; i < m_runs.size() && !live.empty(); ++i)
        if (m_runs[i].label == live)
            m_live = int(i);
    m_runA = m_removedA < runCount() ? m_removedA : -1;
    m_runB = m_removedB < runCount() ? m_removedB : -1;
    recombine();
    emit runsChanged();
    return true;
}

void RunStore::setRunVisible(int index, bool visible)
{
    if (index < 0 || index >= runCount() || m_runs[std::size_t(index)].visible == visible)
        return;
    m_runs[std::size_t(index)].visible = visible;
    recombine();
    emit runsChanged();
}

void RunStore::setRunLabel(int index, const std::string &label)
{
    if (index < 0 || index >= runCount())
        return;
    RunRecord &run = m_runs[std::size_t(index)];
    std::vector<RunRecord> others = m_runs;
    others.erase(others.begin() + index);
    const std::string unique = RunSet::uniqueLabel(others, label);
    if (unique == run.label || QString::fromStdString(label).trimmed().isEmpty())
        return;
    run.label = unique;
    recombine();
    emit runsChanged();
}

void RunStore::setRunSource(int index, const std::string &source)
{
    if (index < 0 || index >= runCount())
        return;
    m_runs[std::size_t(index)].source = source;
    emit runsChanged();
}

void RunStore::setRuns(std::vector<RunRecord> runs)
{
    m_runs = std::move(runs);
    m_live = m_runA = m_runB = -1;
    // A workspace names its pair compared across; the model keeps the pair itself from here on.
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        if (m_runs[i].compared == "a" && m_runA < 0)
            m_runA = int(i);
        else if (m_runs[i].compared == "b" && m_runB < 0)
            m_runB = int(i);
        m_runs[i].compared.clear();
    }
    if (m_runA == m_runB)
        m_runA = m_runB = -1;
    recombine();
    emit runsChanged();
}

std::vector<RunRecord> RunStore::runsToKeep() const
{
    std::vector<RunRecord> runs = m_runs;
    if (m_runA >= 0 && m_runB >= 0 && m_runA != m_runB &&
        std::size_t(std::max(m_runA, m_runB)) < runs.size()) {
        // Moved in, not assigned from a literal: GCC 12 warns falsely (-Wrestrict) on the latter.
        runs[std::size_t(m_runA)].compared = std::string(1, 'a');
        runs[std::size_t(m_runB)].compared = std::string(1, 'b');
    }
    return runs;
}

void RunStore::setComparedRuns(int a, int b)
{
    auto valid = [this](int i) { return i >= 0 && i < runCount() ? i : -1; };
    if (valid(a) == m_runA && valid(b) == m_runB)
        return;
    m_runA = valid(a);
    m_runB = valid(b);
    emit runsChanged();
    emit resultsChanged();
}

bool RunStore::setComparedRuns(const std::string &a, const std::string &b, std::string *error)
{
    auto find = [this](const std::string &label) {
        const auto it =
            std::find_if(m_runs.begin(), m_runs.end(), [&](const RunRecord &r) { return r.label == label; });
        return it == m_runs.end() ? -1 : int(it - m_runs.begin());
    };
    const int ia = find(a), ib = find(b);
    if (ia < 0 || ib < 0) {
        if (error) {
            *error = "no run labelled \"" + (ia < 0 ? a : b) + "\"; the runs are:";
            for (const RunRecord &r : m_runs)
                *error += " \"" + r.label + "\"";
        }
        return false;
    }
    setComparedRuns(ia, ib);
    return true;
}

void RunStore::setResultSet(const ResultSet &r)
{
    RunRecord run;
    run.label = RunSet::defaultLabel(r);
    run.results = r;
    run.reference = RunSet::isReference(r);
    setRuns({run});
}

void RunStore::startRun(const MachineInfo &machine)
{
    RunRecord run;
    run.results.machine = machine;
    // Measured here, and said so: beside a recording from a machine with the same CPU, the label
    // alone tells the runs apart. "this machine · Xeon · 2 Dec 05:50 · 2 hardware threads"
    run.label = tr("this machine").toStdString() + " \u00b7 " + RunSet::defaultLabel(run.results);
    if (machine.logicalCores > 0)
        run.label += " \u00b7 " + tr("%1 hardware threads").arg(machine.logicalCores).toStdString();
    m_live = addRun(std::move(run));
    emit runsChanged(); // now that it is known as the live run
}

void RunStore::append(const Measurement &m)
{
    if (m_runs.empty())
        startRun(m_results.machine);
    const std::size_t live = std::size_t(m_live >= 0 ? m_live : 0);
    RunRecord &run = m_runs[live];
    // A sweep of several rounds sends each point again after every round, merged: the row it
    // had is replaced, not doubled.
    const std::string point = m.seriesKey() + '@' + std::to_string(m.n);
    const std::size_t *had = liveRow(run, point);
    const auto same = had ? run.results.rows.begin() + std::ptrdiff_t(*had) : run.results.rows.end();
    // The view changes in place when the live run is the last visible one (always, for a sweep
    // added after the others); else the rows after it move, and the view is rebuilt.
    const bool last = std::none_of(m_runs.begin() + std::ptrdiff_t(live) + 1, m_runs.end(),
                                   [](const RunRecord &r) { return r.visible; });
    const bool sole = m_sole && *m_sole == live; // the run is the view
    if (same != run.results.rows.end()) {
        *same = m;
        if (!run.visible)
            return;
        if (sole) {
            const int at = int(same - run.results.rows.begin());
            emit rowChanged(at);
            emit resultsChanged();
            return;
        }
        if (!last) {
            recombine();
            return;
        }
        const std::size_t at =
            m_results.rows.size() - run.results.rows.size() + std::size_t(same - run.results.rows.begin());
        Measurement row = m;
        if (visibleRunCount() > 1)
            row.run = run.label;
        m_results.rows[at] = row;
        emit rowChanged(int(at));
        emit resultsChanged();
        return;
    }
    if (sole) {
        const int at = int(run.results.rows.size());
        emit rowAboutToBeAppended(at);
        run.results.add(m);
        m_rowRun.push_back(live);
        m_liveRows.emplace(point, std::size_t(at));
        m_liveRowsCount = run.results.rows.size();
        emit rowAppended(at);
        emit resultsChanged();
        return;
    }
    run.results.add(m);
    m_liveRows.emplace(point, run.results.rows.size() - 1);
    m_liveRowsCount = run.results.rows.size();
    if (!run.visible)
        return;
    if (!last) {
        recombine();
        return;
    }
    Measurement row = m;
    if (visibleRunCount() > 1)
        row.run = run.label;
    const int at = int(m_results.rows.size());
    emit rowAboutToBeAppended(at);
    m_results.add(row);
    m_rowRun.push_back(live);
    emit rowAppended(at);
    emit resultsChanged();
}

std::size_t *RunStore::liveRow(const RunRecord &run, const std::string &point)
{
    if (m_liveRowsOf != &run || m_liveRowsCount != run.results.rows.size()) {
        m_liveRows.clear();
        for (std::size_t i = 0; i < run.results.rows.size(); ++i) {
            const Measurement &r = run.results.rows[i];
            m_liveRows.emplace(r.seriesKey() + '@' + std::to_string(r.n), i);
        }
        m_liveRowsOf = &run;
        m_liveRowsCount = run.results.rows.size();
    }
    const auto it = m_liveRows.find(point);
    return it == m_liveRows.end() ? nullptr : &it->second;
}

void RunStore::finishRun(const ResultSet &r)
{
    const int live = m_live >= 0 ? m_live : 0;
    if (live >= runCount()) {
        m_live = -1;
        RunRecord run;
        run.label = RunSet::defaultLabel(r);
        run.results = r;
        addRun(std::move(run));
        return;
    }
    if (r.rows.empty() && m_runs[std::size_t(live)].results.empty()) {
        m_live = -1;
        removeRun(live); // a sweep stopped before its first point leaves no run
        return;
    }
    if (m_runs[std::size_t(live)].results.rows == r.rows) {
        setMachine(r.machine); // only the machine (its ceilings, the end clock) is new: the live run's
    } else {
        m_runs[std::size_t(live)].results = r;
        recombine();
    }
    m_live = -1;
    emit runsChanged(); // no longer measured: it can be removed
}

bool RunStore::applyCeilings(const MachineInfo &here, const std::map<std::string, double> &ceilings)
{
    if (m_runs.empty()) {
        const bool applies = m_results.applyCeilings(here, ceilings);
        emit resultsChanged();
        return applies;
    }
    bool any = false;
    for (RunRecord &run : m_runs)
        any = run.results.applyCeilings(here, ceilings) || any;
    recombine();
    return any;
}

void RunStore::clear(const MachineInfo &machine)
{
    setRuns({});
    m_results.machine = machine;
}

void RunStore::setMachine(const MachineInfo &machine)
{
    if (m_runs.empty()) {
        m_results.machine = machine;
        emit resultsChanged();
        return;
    }
    RunRecord &run = m_runs[std::size_t(m_live >= 0 ? m_live : 0)];
    const bool newCeilings = machine.ceilings != run.results.machine.ceilings;
    run.results.machine = machine;
    if (&run == &m_runs[m_rowRun.empty() ? 0 : m_rowRun.front()])
        m_results.machine = machine;
    if (newCeilings && rowCount() > 0)
        emit ceilingsChanged();
    emit resultsChanged();
}

} // namespace speeduplab
