// SPDX-License-Identifier: MIT
// The runs the window holds and the table model over their rows (ResultModel).
#include "ui/resultmodel.h"

#include "core/calibration.h"
#include "core/gpuclocks.h"
#include "ui/format.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace speeduplab {

namespace {

double perOp(const Measurement &m, double v)
{
    return m.iterations > 0 ? v / m.iterations : v;
}

bool noisy(const Measurement &m)
{
    return m.ok() && m.stats.noisy();
}

QString statusText(const Measurement &m)
{
    if (m.ok() && m.conditions.throttled)
        return ResultModel::tr("throttled");
    if (noisy(m))
        return ResultModel::tr("noisy");
    return QString::fromStdString(Measurement::statusName(m.status));
}

QString mhz(double v)
{
    return QString::number(v, 'f', 0);
}

// The Conditions column: what sets the point apart from a warm single-round one.
// An ok GPU row of a sweep that could not read the clocks (no NVML): its machine says why.
bool clocksUnknown(const Measurement &m, const MachineInfo &machine)
{
    return m.isGpu() && m.ok() && !m.conditions.clockStart.available && !m.conditions.clockEnd.available &&
           !machine.sweep.gpuClocks.empty();
}

QString conditionsText(const Measurement &m, const MachineInfo &machine)
{
    QStringList parts;
    if (m.conditions.cache == "cold")
        parts << ResultModel::tr("cold");
    if (m.conditions.rounds > 1)
        parts << ResultModel::tr("%1 rounds, spread %2 %")
                     .arg(m.conditions.rounds)
                     .arg(100 * m.conditions.roundSpread(m.stats.median), 0, 'f', 1);
    const GpuClockSample &a = m.conditions.clockStart, &b = m.conditions.clockEnd;
    if (a.available && b.available)
        parts << ResultModel::tr("%1\u2192%2 MHz").arg(mhz(a.smMHz), mhz(b.smMHz));
    else if (a.available || b.available)
        parts << ResultModel::tr("%1 MHz").arg(mhz(a.available ? a.smMHz : b.smMHz));
    else if (clocksUnknown(m, machine))
        parts << ResultModel::tr("clocks not available");
    if (m.conditions.throttled)
        parts << ResultModel::tr("throttled");
    // Repetitions another program took a core from (Preemption), and the tries at the end.
    if (m.conditions.disturbedReps > 0)
        parts << ResultModel::tr("disturbed %1 of %2 reps").arg(m.conditions.disturbedReps).arg(m.stats.reps);
    if (m.conditions.remeasured > 0)
        parts << ResultModel::tr("measured again \u00d7%1").arg(m.conditions.remeasured);
    return parts.join(QStringLiteral(" \u00b7 "));
}

QString sampleTip(const GpuClockSample &s)
{
    QString t = ResultModel::tr("SM %1 MHz, memory %2 MHz").arg(mhz(s.smMHz), mhz(s.memoryMHz));
    if (s.temperatureC >= 0)
        t += ResultModel::tr(", %1 \u00b0"
                             "C")
                 .arg(mhz(s.temperatureC));
    if (s.powerW >= 0)
        t += ResultModel::tr(", %1 W").arg(s.powerW, 0, 'f', 0);
    if (const std::string r = GpuClocks::reasonNames(s.throttleReasons); !r.empty())
        t += ResultModel::tr(", reasons: %1").arg(QString::fromStdString(r));
    return t;
}

QString conditionsTip(const Measurement &m, const MachineInfo &machine)
{
    QStringList lines;
    if (m.conditions.cache == "cold")
        lines << ResultModel::tr(
            "Cold cache: the GPU's L2 and the CPU's last-level cache were flushed before "
            "every repetition, outside the timed region");
    if (m.conditions.rounds > 1)
        lines << ResultModel::tr(
                     "%1 rounds, each in a shuffled order: the rounds' medians ranged from %2 to %3 "
                     "per iteration")
                     .arg(m.conditions.rounds)
                     .arg(Format::seconds(m.conditions.roundMin / std::max(1, m.iterations)),
                          Format::seconds(m.conditions.roundMax / std::max(1, m.iterations)));
    if (m.conditions.clockStart.available)
        lines << ResultModel::tr("GPU after the warm-up: %1").arg(sampleTip(m.conditions.clockStart));
    if (m.conditions.clockEnd.available)
        lines << ResultModel::tr("GPU after the last repetition: %1").arg(sampleTip(m.conditions.clockEnd));
    if (m.conditions.throttled)
        lines << ResultModel::tr("Throttled: see the reason");
    if (clocksUnknown(m, machine))
        lines << QString::fromStdString(machine.sweep.gpuClocks);
    return lines.join(QLatin1Char('\n'));
}

// Bytes and FLOPs per second.
double bandwidth(const Measurement &m)
{
    return m.ok() && m.stats.median > 0 ? m.bytes / m.stats.median : 0;
}

double flopRate(const Measurement &m)
{
    return m.ok() && m.stats.median > 0 ? m.flops / m.stats.median : 0;
}

QString percentText(double fraction)
{
    if (!(fraction > 0))
        return QString();
    const double pc = fraction * 100;
    return ResultModel::tr("%1 %").arg(pc, 0, 'f', pc < 9.95 ? 1 : 0);
}

QString reasonText(const Measurement &m, const MachineInfo &machine)
{
    QString r = QString::fromStdString(m.reason);
    const QString above = QString::fromStdString(Calibration::aboveCeilingReason(m, machine));
    if (!above.isEmpty())
        r = r.isEmpty() ? above : r + QLatin1Char(' ') + above;
    if (noisy(m)) {
        const QString n =
            ResultModel::tr("The timings vary (CV %1 %, above %2 %): the median is less certain. A longer "
                            "minimum time per point, or a quieter machine, helps.")
                .arg(m.stats.cv * 100, 0, 'f', 1)
                .arg(Stats::noisyCv * 100, 0, 'f', 0);
        r = r.isEmpty() ? n : r + QLatin1Char(' ') + n;
    }
    if (m.ok() && m.stats.outliers > 0) {
        const QString o = ResultModel::tr("%1 of %2 repetitions lie outside Tukey's fences (1.5 IQR beyond "
                                          "the quartiles): kept in the statistics, the median resists them.")
                              .arg(m.stats.outliers)
                              .arg(m.stats.reps);
        r = r.isEmpty() ? o : r + QLatin1Char(' ') + o;
    }
    return r;
}

// The time cell's tooltip: what the median summarises, its interquartile range and outliers.
QString timeTip(const Measurement &m)
{
    QString tip = ResultModel::tr("Median of %1 repetitions of %2 iterations; per iteration")
                      .arg(m.stats.reps)
                      .arg(m.iterations);
    if (m.stats.hasQuartiles())
        tip += QLatin1Char('\n') +
               ResultModel::tr("Interquartile range %1 \u2013 %2; %3")
                   .arg(Format::seconds(perOp(m, m.stats.q1)), Format::seconds(perOp(m, m.stats.q3)),
                        m.stats.outliers == 1 ? ResultModel::tr("1 Tukey outlier")
                                              : ResultModel::tr("%1 Tukey outliers").arg(m.stats.outliers));
    else
        tip += QLatin1Char('\n') + ResultModel::tr("No quartiles: the file was saved without them");
    return tip;
}

} // namespace

ResultModel::ResultModel(QObject *parent) : QAbstractTableModel(parent) {}

void ResultModel::recombine()
{
    beginResetModel();
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
    endResetModel();
    emit resultsChanged();
}

const RunRecord *ResultModel::runOf(const Series &s) const
{
    for (const RunRecord &r : m_runs)
        if (r.visible && (s.run.empty() || r.label == s.run))
            return &r;
    return nullptr;
}

const MachineInfo &ResultModel::machineOf(const Measurement &m) const
{
    const auto row = std::size_t(&m - resultSet().rows.data());
    return row < m_rowRun.size() ? m_runs[m_rowRun[row]].results.machine : m_results.machine;
}

int ResultModel::visibleRunCount() const
{
    return int(std::count_if(m_runs.begin(), m_runs.end(), [](const RunRecord &r) { return r.visible; }));
}

int ResultModel::addRun(RunRecord run)
{
    run.label = RunSet::uniqueLabel(m_runs, run.label);
    m_runs.push_back(std::move(run));
    recombine();
    emit runsChanged();
    return int(m_runs.size()) - 1;
}

void ResultModel::removeRun(int index)
{
    if (index < 0 || index >= runCount())
        return;
    m_runs.erase(m_runs.begin() + index);
    auto shift = [index](int &i) { i = i == index ? -1 : i > index ? i - 1 : i; };
    shift(m_live);
    shift(m_runA);
    shift(m_runB);
    recombine();
    emit runsChanged();
}

void ResultModel::setRunVisible(int index, bool visible)
{
    if (index < 0 || index >= runCount() || m_runs[std::size_t(index)].visible == visible)
        return;
    m_runs[std::size_t(index)].visible = visible;
    recombine();
    emit runsChanged();
}

void ResultModel::setRunLabel(int index, const std::string &label)
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

void ResultModel::setRunSource(int index, const std::string &source)
{
    if (index < 0 || index >= runCount())
        return;
    m_runs[std::size_t(index)].source = source;
    emit runsChanged();
}

void ResultModel::setRuns(std::vector<RunRecord> runs)
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

void ResultModel::setComparedRuns(int a, int b)
{
    auto valid = [this](int i) { return i >= 0 && i < runCount() ? i : -1; };
    if (valid(a) == m_runA && valid(b) == m_runB)
        return;
    m_runA = valid(a);
    m_runB = valid(b);
    emit runsChanged();
    emit resultsChanged();
}

bool ResultModel::setComparedRuns(const std::string &a, const std::string &b, std::string *error)
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

void ResultModel::setResultSet(const ResultSet &r)
{
    RunRecord run;
    run.label = RunSet::defaultLabel(r);
    run.results = r;
    run.reference = RunSet::isReference(r);
    setRuns({run});
}

void ResultModel::startRun(const MachineInfo &machine)
{
    RunRecord run;
    run.results.machine = machine;
    run.label = RunSet::defaultLabel(run.results);
    m_live = addRun(std::move(run));
    emit runsChanged(); // now that it is known as the live run
}

void ResultModel::append(const Measurement &m)
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
            emit dataChanged(index(at, 0), index(at, columnCount() - 1));
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
        emit dataChanged(index(int(at), 0), index(int(at), columnCount() - 1));
        emit resultsChanged();
        return;
    }
    if (sole) {
        const int at = int(run.results.rows.size());
        beginInsertRows({}, at, at);
        run.results.add(m);
        m_rowRun.push_back(live);
        m_liveRows.emplace(point, std::size_t(at));
        m_liveRowsCount = run.results.rows.size();
        endInsertRows();
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
    beginInsertRows({}, at, at);
    m_results.add(row);
    m_rowRun.push_back(live);
    endInsertRows();
    emit resultsChanged();
}

std::size_t *ResultModel::liveRow(const RunRecord &run, const std::string &point)
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

void ResultModel::finishRun(const ResultSet &r)
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

bool ResultModel::applyCeilings(const MachineInfo &here, const std::map<std::string, double> &ceilings)
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

void ResultModel::clear(const MachineInfo &machine)
{
    setRuns({});
    m_results.machine = machine;
}

void ResultModel::setMachine(const MachineInfo &machine)
{
    if (m_runs.empty()) {
        m_results.machine = machine;
        emit resultsChanged();
        return;
    }
    RunRecord &run = m_runs[std::size_t(m_live >= 0 ? m_live : 0)];
    const bool ceilingsChanged = machine.ceilings != run.results.machine.ceilings;
    run.results.machine = machine;
    if (&run == &m_runs[m_rowRun.empty() ? 0 : m_rowRun.front()])
        m_results.machine = machine;
    if (ceilingsChanged && rowCount() > 0)
        emit dataChanged(index(0, CeilingColumn), index(rowCount() - 1, CeilingColumn));
    emit resultsChanged();
}

int ResultModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(resultSet().rows.size());
}

int ResultModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ResultModel::display(const Measurement &m, int column) const
{
    const bool hasTime = m.ok() && m.stats.reps > 0;
    switch (column) {
    case StatusColumn:
        return statusText(m);
    case RunColumn:
        return QString::fromStdString(m_runs[m_rowRun[std::size_t(&m - resultSet().rows.data())]].label);
    case SeriesColumn: {
        Measurement own = m; // the label within its run: the Run column names the run
        own.run.clear();
        return Format::labels(QString::fromStdString(own.seriesLabel()));
    }
    case NColumn:
        return m.n;
    case TimeColumn:
        return hasTime ? Format::seconds(perOp(m, m.stats.median)) : QString();
    case MinColumn:
        return hasTime ? Format::seconds(perOp(m, m.stats.min)) : QString();
    case MaxColumn:
        return hasTime ? Format::seconds(perOp(m, m.stats.max)) : QString();
    case CvColumn:
        return hasTime ? QString::number(m.stats.cv * 100, 'f', 1) : QString();
    case RepsColumn:
        return m.stats.reps > 0 ? QVariant(m.stats.reps) : QVariant(QString());
    case BandwidthColumn:
        return hasTime ? Format::rate(bandwidth(m), false) : QString();
    case FlopsColumn:
        return hasTime ? Format::rate(flopRate(m), true) : QString();
    case CeilingColumn: {
        const QString pc = percentText(Calibration::fractionOfCeiling(m, machineOf(m)));
        if (pc.isEmpty())
            return pc;
        // The level the point is held against, so that "157 %" never stands without it; above
        // 100 % a mark sends the reader to the reason (Reason column, tooltip).
        const QString level = QString::fromStdString(Calibration::levelFor(m, machineOf(m)).name);
        return Calibration::aboveCeilingReason(m, machineOf(m)).empty() ? tr("%1 %2").arg(pc, level)
                                                                        : tr("%1 %2 \u26a0").arg(pc, level);
    }
    case ConditionsColumn:
        return conditionsText(m, machineOf(m));
    case VerifiedColumn:
        if (m.status == Measurement::Status::Skipped || m.status == Measurement::Status::Cancelled)
            return QString();
        return m.verified ? tr("yes") : tr("no");
    case WorkloadColumn:
        return QString::fromStdString(m.workload);
    case ReasonColumn:
        return reasonText(m, machineOf(m));
    }
    return {};
}

QVariant ResultModel::sortValue(const Measurement &m, int column) const
{
    const bool hasTime = m.ok() && m.stats.reps > 0;
    switch (column) {
    case NColumn:
        return m.n;
    case TimeColumn:
        return hasTime ? perOp(m, m.stats.median) : -1.0;
    case MinColumn:
        return hasTime ? perOp(m, m.stats.min) : -1.0;
    case MaxColumn:
        return hasTime ? perOp(m, m.stats.max) : -1.0;
    case CvColumn:
        return hasTime ? m.stats.cv : -1.0;
    case RepsColumn:
        return m.stats.reps;
    case BandwidthColumn:
        return hasTime ? bandwidth(m) : -1.0;
    case FlopsColumn:
        return hasTime ? flopRate(m) : -1.0;
    case CeilingColumn: {
        const double f = Calibration::fractionOfCeiling(m, machineOf(m));
        return f > 0 ? f : -1.0;
    }
    case SeriesColumn: // CPU before GPU, threads in numeric order
        return QStringLiteral("%1|%2|%3|%4")
            .arg(QString::fromStdString(m.backend))
            .arg(m.threads, 6, 10, QLatin1Char('0'))
            .arg(QString::fromStdString(m.mode), QString::fromStdString(m.variant));
    default:
        return display(m, column);
    }
}

QVariant ResultModel::ceilingTip(const Measurement &m) const
{
    const Calibration::Level level = Calibration::levelFor(m, machineOf(m));
    if (level.key.empty() || !(level.value > 0))
        return machineOf(m).ceilings.empty()
                   ? tr("No ceilings measured: Sweep \u25b8 Calibrate machine measures them")
                   : tr("No measured ceiling applies to this point");
    const QString name = Format::ceilingName(level.key, m.isGpu() && m.workload == "transfer");
    const QString rate = Format::rate(level.value, level.flops);
    const QString where =
        level.flops ? QString()
                    : tr(" (working set %1: %2)")
                          .arg(QLocale::c().formattedDataSize(qint64(Calibration::workingSetBytes(m))),
                               QString::fromStdString(level.name));
    const double f = Calibration::fractionOfCeiling(m, machineOf(m));
    if (!(f > 0))
        return tr("Ceiling: %1, %2%3").arg(name, rate, where);
    QString tip = tr("%1 of the %2 ceiling, %3%4").arg(percentText(f), name, rate, where);
    const std::string above = Calibration::aboveCeilingReason(m, machineOf(m));
    if (!above.empty())
        tip += QLatin1Char('\n') + QString::fromStdString(above);
    return tip;
}

QVariant ResultModel::toolTip(const Measurement &m, int column) const
{
    if (m.ok() && column == CeilingColumn)
        return ceilingTip(m);
    if (column == ConditionsColumn) {
        const QString tip = conditionsTip(m, machineOf(m));
        if (!tip.isEmpty())
            return tip;
    }
    const QString reason = reasonText(m, machineOf(m));
    if (m.ok() && m.stats.reps > 0 && column == TimeColumn)
        return reason.isEmpty() ? timeTip(m) : timeTip(m) + QLatin1Char('\n') + reason;
    if (!reason.isEmpty())
        return reason;
    return {};
}

QVariant ResultModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Measurement &m = measurement(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(m, index.column());
    case SortRole:
        return sortValue(m, index.column());
    case StatusRole:
        return int(m.status);
    case NoisyRole:
        return noisy(m);
    case Qt::ToolTipRole:
        // A reason, a label or a variant is data from the file: shown as it is, never as markup.
        if (const QVariant tip = toolTip(m, index.column()); tip.isValid())
            return Format::plainTip(tip.toString());
        return {};
    case Qt::BackgroundRole:

        switch (m.status) {
        case Measurement::Status::Failed:
            return QBrush(QColor(0xf8, 0xd7, 0xd3));
        case Measurement::Status::Skipped:
        case Measurement::Status::Cancelled:
            return QBrush(QColor(0xea, 0xea, 0xea));
        case Measurement::Status::Ok:
            return noisy(m) || m.conditions.throttled ? QVariant(QBrush(QColor(0xfd, 0xf1, 0xc8)))
                                                      : QVariant();
        }
        return {};
    case Qt::ForegroundRole:
        if (m.status == Measurement::Status::Failed)
            return QBrush(QColor(0x9b, 0x1c, 0x1c));
        if (m.status == Measurement::Status::Skipped || m.status == Measurement::Status::Cancelled)
            return QBrush(QColor(0x60, 0x60, 0x60));
        return {};
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case NColumn:
        case TimeColumn:
        case MinColumn:
        case MaxColumn:
        case CvColumn:
        case RepsColumn:
        case BandwidthColumn:
        case FlopsColumn:
        case CeilingColumn:
            return int(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return int(Qt::AlignLeft | Qt::AlignVCenter);
        }
    default:
        return {};
    }
}

QVariant ResultModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole && section >= 0 && section < rowCount())
            return section + 1;
        return {};
    }
    if (section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case StatusColumn:
            return tr("Status");
        case RunColumn:
            return tr("Run");
        case SeriesColumn:
            return tr("Series");
        case NColumn:
            return tr("n");
        case TimeColumn:
            return tr("Time / iteration");
        case MinColumn:
            return tr("Min");
        case MaxColumn:
            return tr("Max");
        case CvColumn:
            return tr("CV %");
        case RepsColumn:
            return tr("Reps");
        case BandwidthColumn:
            return tr("Bytes/s");
        case FlopsColumn:
            return tr("FLOP/s");
        case CeilingColumn:
            return tr("% of ceiling");
        case ConditionsColumn:
            return tr("Conditions");
        case VerifiedColumn:
            return tr("Verified");
        case WorkloadColumn:
            return tr("Workload");
        case ReasonColumn:
            return tr("Reason");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case TimeColumn:
            return tr("Median time of one iteration (one operation on the n x n tensor)");
        case CvColumn:
            return tr("Coefficient of variation of the repetitions; above %1 % the row is marked noisy")
                .arg(Stats::noisyCv * 100, 0, 'f', 0);
        case CeilingColumn:
            return tr("The point's throughput as a share of the machine's measured ceiling for the level "
                      "its data live in: the cache level or DRAM its working set fits in, GPU L2 or HBM, "
                      "registers for fused GPU kernels, the FMA peak for gemm (Sweep \u25b8 Calibrate "
                      "machine)");
        case ConditionsColumn:
            return tr("Cold cache; rounds and the spread of their medians (highest minus lowest, over the "
                      "median); the GPU's SM "
                      "clock after the warm-up and after the last repetition; throttled when the clock fell "
                      "below 90 % of the sweep's first or NVML reported a throttle reason");
        case VerifiedColumn:
            return tr("Whether the output matched the CPU reference");
        default:
            return {};
        }
    }
    return {};
}

} // namespace speeduplab
