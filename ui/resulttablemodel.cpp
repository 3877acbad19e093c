// SPDX-License-Identifier: MIT
// The Results table's model (ResultTableModel): the text, sort keys, tooltips and colours of the
// cells of a RunStore's rows. It holds no row itself and changes no run.
#include "ui/resulttablemodel.h"
#include "core/machine/gpuclocks.h"
#include "core/measure/calibration.h"
#include "core/model/workload.h"
#include "ui/datatexts.h"
#include "ui/runstore.h"
#include "words/format.h"

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

QString mhz(double v)
{
    return QString::number(v, 'f', 0);
}

// The Conditions column: what sets the point apart from a warm single-round one.
// An ok GPU row of a sweep that could not read the clocks (no NVML): its machine says why.
bool clocksUnknown(const Measurement &m, const MachineInfo &machine)
{
    return m.isCuda() && m.ok() && !m.conditions.clockStart.available && !m.conditions.clockEnd.available &&
           !machine.sweep.gpuClocks.empty();
}

QString conditionsText(const Measurement &m, const MachineInfo &machine)
{
    QStringList parts;
    if (m.conditions.cache == "cold")
        parts << ResultTableModel::tr("cold");
    if (m.conditions.rounds > 1)
        parts << ResultTableModel::tr("%1 rounds, spread %2 %")
                     .arg(m.conditions.rounds)
                     .arg(100 * m.conditions.roundSpread(m.stats.median), 0, 'f', 1);
    const GpuClockSample &a = m.conditions.clockStart, &b = m.conditions.clockEnd;
    if (a.available && b.available)
        parts << ResultTableModel::tr("%1\u2192%2 MHz").arg(mhz(a.smMHz), mhz(b.smMHz));
    else if (a.available || b.available)
        parts << ResultTableModel::tr("%1 MHz").arg(mhz(a.available ? a.smMHz : b.smMHz));
    else if (clocksUnknown(m, machine))
        parts << ResultTableModel::tr("clocks not available");
    if (m.conditions.throttled)
        parts << ResultTableModel::tr("throttled");
    // Repetitions another program took a core from (Preemption), and the tries at the end.
    if (m.conditions.disturbedReps > 0)
        parts << ResultTableModel::tr("disturbed %1 of %2 reps")
                     .arg(m.conditions.disturbedReps)
                     .arg(m.stats.reps);
    if (m.conditions.remeasured > 0)
        parts << ResultTableModel::tr("measured again \u00d7%1").arg(m.conditions.remeasured);
    return parts.join(QStringLiteral(" \u00b7 "));
}

QString sampleTip(const GpuClockSample &s)
{
    QString t = ResultTableModel::tr("SM %1 MHz, memory %2 MHz").arg(mhz(s.smMHz), mhz(s.memoryMHz));
    if (s.temperatureC >= 0)
        t += ResultTableModel::tr(", %1 \u00b0"
                                  "C")
                 .arg(mhz(s.temperatureC));
    if (s.powerW >= 0)
        t += ResultTableModel::tr(", %1 W").arg(s.powerW, 0, 'f', 0);
    if (const std::string r = GpuClocks::reasonNames(s.throttleReasons); !r.empty())
        t += ResultTableModel::tr(", reasons: %1").arg(QString::fromStdString(r));
    return t;
}

QString conditionsTip(const Measurement &m, const MachineInfo &machine)
{
    QStringList lines;
    if (m.conditions.cache == "cold")
        lines << ResultTableModel::tr(
            "Cold cache: the GPU's L2 and the CPU's last-level cache were flushed before "
            "every repetition, outside the timed region");
    if (m.conditions.rounds > 1)
        lines << ResultTableModel::tr(
                     "%1 rounds, each in a shuffled order: the rounds' medians ranged from %2 to %3 "
                     "per iteration")
                     .arg(m.conditions.rounds)
                     .arg(Format::seconds(m.conditions.roundMin / std::max(1, m.iterations)),
                          Format::seconds(m.conditions.roundMax / std::max(1, m.iterations)));
    if (m.conditions.clockStart.available)
        lines << ResultTableModel::tr("GPU after the warm-up: %1").arg(sampleTip(m.conditions.clockStart));
    if (m.conditions.clockEnd.available)
        lines << ResultTableModel::tr("GPU after the last repetition: %1")
                     .arg(sampleTip(m.conditions.clockEnd));
    if (m.conditions.throttled)
        lines << ResultTableModel::tr("Throttled: see the reason");
    if (clocksUnknown(m, machine))
        lines << QString::fromStdString(machine.sweep.gpuClocks);
    if (const PointEnergy &e = m.conditions.energy; e.measured())
        lines << ResultTableModel::tr("Energy: %1 per iteration (%2 over %3, %4)")
                     .arg(Format::si(e.perOperation, QStringLiteral("J")),
                          Format::si(e.joules, QStringLiteral("J")), Format::seconds(e.seconds),
                          QString::fromStdString(e.counters));
    else if (!e.note.empty())
        lines << ResultTableModel::tr("Energy: %1").arg(QString::fromStdString(e.note));
    return lines.join(QLatin1Char('\n'));
}

// Bytes and FLOPs per second; none for a time that is not the work's (the queue time of launches
// not synchronised: its "2.87 TB/s" would read as a rate the GPU reached).
bool hasRate(const Measurement &m)
{
    return m.ok() && m.stats.median > 0 && !Workload::isQueueTime(m.mode);
}

double bandwidth(const Measurement &m)
{
    return hasRate(m) ? m.bytes / m.stats.median : 0;
}

double flopRate(const Measurement &m)
{
    return hasRate(m) ? m.flops / m.stats.median : 0;
}

QString percentText(double fraction)
{
    if (!(fraction > 0))
        return QString();
    const double pc = fraction * 100;
    return ResultTableModel::tr("%1 %").arg(pc, 0, 'f', pc < 9.95 ? 1 : 0);
}

QString reasonText(const Measurement &m, const MachineInfo &machine)
{
    QString r = QString::fromStdString(m.reason);
    const QString above = QString::fromStdString(Calibration::aboveCeilingReason(m, machine));
    if (!above.isEmpty())
        r = r.isEmpty() ? above : r + QLatin1Char(' ') + above;
    if (noisy(m)) {
        const QString n = ResultTableModel::tr(
                              "The timings vary (CV %1 %, above %2 %): the median is less certain. A longer "
                              "minimum time per point, or a quieter machine, helps.")
                              .arg(m.stats.cv * 100, 0, 'f', 1)
                              .arg(Stats::noisyCv * 100, 0, 'f', 0);
        r = r.isEmpty() ? n : r + QLatin1Char(' ') + n;
    }
    if (m.ok() && m.stats.outliers > 0) {
        const QString o =
            ResultTableModel::tr("%1 of %2 repetitions lie outside Tukey's fences (1.5 IQR beyond "
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
    QString tip = ResultTableModel::tr("Median of %1 repetitions of %2 iterations; per iteration")
                      .arg(m.stats.reps)
                      .arg(m.iterations);
    if (m.stats.hasQuartiles())
        tip += QLatin1Char('\n') +
               ResultTableModel::tr("Interquartile range %1 \u2013 %2; %3")
                   .arg(Format::seconds(perOp(m, m.stats.q1)), Format::seconds(perOp(m, m.stats.q3)),
                        ResultTableModel::tr("%n Tukey outlier(s)", nullptr, int(m.stats.outliers)));
    else
        tip += QLatin1Char('\n') + ResultTableModel::tr("No quartiles: the file was saved without them");
    return tip;
}

} // namespace

ResultTableModel::ResultTableModel(const RunStore *store, QObject *parent)
    : QAbstractTableModel(parent), m_store(store)
{
    connect(m_store, &RunStore::rowsAboutToBeReset, this, [this] { beginResetModel(); });
    connect(m_store, &RunStore::rowsReset, this, [this] { endResetModel(); });
    connect(m_store, &RunStore::rowAboutToBeAppended, this,
            [this](int row) { beginInsertRows({}, row, row); });
    connect(m_store, &RunStore::rowAppended, this, [this] { endInsertRows(); });
    connect(m_store, &RunStore::rowChanged, this,
            [this](int row) { emit dataChanged(index(row, 0), index(row, columnCount() - 1)); });
    connect(m_store, &RunStore::ceilingsChanged, this, [this] {
        if (rowCount() > 0)
            emit dataChanged(index(0, CeilingColumn), index(rowCount() - 1, CeilingColumn));
    });
}

int ResultTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_store->rowCount();
}

int ResultTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ResultTableModel::display(int row, int column) const
{
    const Measurement &m = m_store->measurement(row);
    const MachineInfo &machine = m_store->machineOf(row);
    const bool hasTime = m.ok() && m.stats.reps > 0;
    switch (column) {
    case StatusColumn:
        return DataTexts::status(m);
    case RunColumn:
        return QString::fromStdString(m_store->runOf(row).label);
    case SeriesColumn: {
        Measurement own = m; // the label within its run: the Run column names the run
        own.run.clear();
        return Format::display(QString::fromStdString(own.seriesLabel()));
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
        return hasRate(m) ? Format::rate(bandwidth(m), false) : QString();
    case FlopsColumn:
        return hasRate(m) ? Format::rate(flopRate(m), true) : QString();
    case CeilingColumn: {
        const QString pc = percentText(Calibration::fractionOfCeiling(m, machine));
        if (pc.isEmpty())
            return pc;
        // The level the point is held against, so that "157 %" never stands without it; above
        // 100 % a mark sends the reader to the reason (Reason column, tooltip).
        const QString level = QString::fromStdString(Calibration::levelFor(m, machine).name);
        return Calibration::aboveCeilingReason(m, machine).empty() ? tr("%1 %2").arg(pc, level)
                                                                   : tr("%1 %2 \u26a0").arg(pc, level);
    }
    case ConditionsColumn:
        return conditionsText(m, machine);
    case VerifiedColumn:
        if (m.status == Measurement::Status::Skipped || m.status == Measurement::Status::Cancelled)
            return QString();
        return m.verified ? tr("yes") : tr("no");
    case WorkloadColumn:
        return QString::fromStdString(m.workload);
    case ReasonColumn:
        return reasonText(m, machine);
    }
    return {};
}

QVariant ResultTableModel::sortValue(int row, int column) const
{
    const Measurement &m = m_store->measurement(row);
    const MachineInfo &machine = m_store->machineOf(row);
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
        const double f = Calibration::fractionOfCeiling(m, machine);
        return f > 0 ? f : -1.0;
    }
    case SeriesColumn: // CPU before GPU, threads in numeric order
        return QStringLiteral("%1|%2|%3|%4")
            .arg(QString::fromStdString(m.backend))
            .arg(m.threads, 6, 10, QLatin1Char('0'))
            .arg(QString::fromStdString(m.mode), QString::fromStdString(m.variant));
    default:
        return display(row, column);
    }
}

QVariant ResultTableModel::ceilingTip(int row) const
{
    const Measurement &m = m_store->measurement(row);
    const MachineInfo &machine = m_store->machineOf(row);
    const Calibration::Level level = Calibration::levelFor(m, machine);
    if (level.key.empty() || !(level.value > 0))
        return machine.ceilings.empty()
                   ? tr("No ceilings measured: Sweep \u25b8 Calibrate machine measures them")
                   : tr("No measured ceiling applies to this point");
    const QString name = Format::ceilingName(level.key, m.onDevice() && Workload::isCopy(m.workload));
    const QString rate = Format::rate(level.value, level.flops);
    const QString where =
        level.flops ? QString()
                    : tr(" (working set %1: %2)")
                          .arg(QLocale::c().formattedDataSize(qint64(Calibration::workingSetBytes(m))),
                               QString::fromStdString(level.name));
    const double f = Calibration::fractionOfCeiling(m, machine);
    if (!(f > 0))
        return tr("Ceiling: %1, %2%3").arg(name, rate, where);
    QString tip = tr("%1 of the %2 ceiling, %3%4").arg(percentText(f), name, rate, where);
    const std::string above = Calibration::aboveCeilingReason(m, machine);
    if (!above.empty())
        tip += QLatin1Char('\n') + QString::fromStdString(above);
    return tip;
}

QVariant ResultTableModel::toolTip(int row, int column) const
{
    const Measurement &m = m_store->measurement(row);
    const MachineInfo &machine = m_store->machineOf(row);
    if (m.ok() && column == CeilingColumn)
        return ceilingTip(row);
    if (column == ConditionsColumn) {
        const QString tip = conditionsTip(m, machine);
        if (!tip.isEmpty())
            return tip;
    }
    const QString reason = reasonText(m, machine);
    if (m.ok() && m.stats.reps > 0 && column == TimeColumn)
        return reason.isEmpty() ? timeTip(m) : timeTip(m) + QLatin1Char('\n') + reason;
    if (!reason.isEmpty())
        return reason;
    return {};
}

QVariant ResultTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Measurement &m = m_store->measurement(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(index.row(), index.column());
    case SortRole:
        return sortValue(index.row(), index.column());
    case StatusRole:
        return int(m.status);
    case NoisyRole:
        return noisy(m);
    case Qt::ToolTipRole:
        // A reason, a label or a variant is data from the file: shown as it is, never as markup.
        if (const QVariant tip = toolTip(index.row(), index.column()); tip.isValid())
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

QVariant ResultTableModel::headerData(int section, Qt::Orientation orientation, int role) const
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
