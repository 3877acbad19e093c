// SPDX-License-Identifier: MIT
// The sweep panel's behaviour: the form's values, what is wrong with them, and what the sweep will cost.
#include "ui/sweeppanel.h"
#include "ui/datatexts.h"

#include "ui/sweeppanelparts.h"

#include "core/devices/devicebackend.h"
#include "core/kernels/cpukernels.h"
#include "core/measure/sweeprunner.h"
#include "core/model/workload.h"
#include "core/plan/presets.h"
#include "words/format.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpressionValidator>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <limits>
#include <stdexcept>

namespace speeduplab {

using namespace sweeppanel;

SweepPanel::SweepPanel(int hardwareThreads, const MachineInfo::GpuState &gpuInfo,
                       std::vector<MachineInfo::DescribedState> described, QWidget *parent)
    : QWidget(parent), m_hw(std::max(1, hardwareThreads)), m_gpuInfo(gpuInfo),
      m_describedInfo(std::move(described))
{
    for (const MachineInfo::DescribedState &s : m_describedInfo)
        if (s.usable)
            m_described.insert(m_described.end(), s.devices.begin(), s.devices.end());
    // The fields scroll; the problem and the Run and Cancel buttons stay in view below them.
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *fields = new QWidget;
    auto *layout = new QVBoxLayout(fields);
    layout->addWidget(buildPresets());
    layout->addWidget(buildWorkload());
    layout->addWidget(buildSizes());
    layout->addWidget(buildCpu());
    layout->addWidget(buildGpu());
    layout->addWidget(buildTiming());
    layout->addStretch(1);
    auto *scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("sweepScroll"));
    scroll->setWidget(fields);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(fields->minimumSizeHint().width() + 16);
    outer->addWidget(scroll, 1);

    auto *bottom = new QVBoxLayout;
    bottom->setContentsMargins(9, 0, 9, 9);
    m_error = infoLabel(QStringLiteral("problemLabel"));
    bottom->addWidget(m_error);
    m_memory = infoLabel(QStringLiteral("memoryWarning"));
    bottom->addWidget(m_memory);
    m_slow = infoLabel(QStringLiteral("slowWarning"));
    bottom->addWidget(m_slow);
    auto *buttons = new QHBoxLayout;
    m_run = new QPushButton(QIcon(QStringLiteral(":/icons/run.svg")), tr("Run"));
    m_run->setObjectName(QStringLiteral("runButton"));
    m_run->setToolTip(tr("Run the sweep (Ctrl+R)"));
    m_run->setDefault(true);
    m_cancel = new QPushButton(QIcon(QStringLiteral(":/icons/stop.svg")), tr("Cancel"));
    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    m_cancel->setToolTip(tr("Stop the sweep and keep the points measured so far (Esc)"));
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    bottom->addLayout(buttons);
    outer->addLayout(bottom);
    connect(m_run, &QPushButton::clicked, this, &SweepPanel::runRequested);
    connect(m_cancel, &QPushButton::clicked, this, &SweepPanel::cancelRequested);

    setForm(defaultForm());
}

void SweepPanel::workloadChanged()
{
    const QString name = m_workload->currentData().toString();
    const Workload *w = Workload::find(name.toStdString());
    if (!w)
        return;
    const bool was = m_applying;
    m_applying = true;
    m_workloadInfo->setText(DataTexts::workload(w->description));
    m_iterations->setSpecialValueText(tr("default (%1)").arg(w->defaultIterations));

    auto fill = [](QComboBox *combo, const std::vector<std::string> &variants, const QString &defaultText,
                   bool cpu, const std::string &workload) {
        const QString keep = combo->currentData().toString();
        combo->clear();
        bool any = false;
        for (const auto &v : variants)
            any = any || !v.empty();
        if (!any) {
            combo->addItem(tr("(none)"), QString());
            combo->setEnabled(false);
            return;
        }
        combo->setEnabled(true);
        combo->addItem(defaultText, QString());
        for (const auto &v : variants) {
            const QString q = QString::fromStdString(v);
            combo->addItem(q, q);
            const std::string why = cpu ? CpuKernels::available(workload, v) : std::string();
            if (!why.empty()) {
                if (auto *model = qobject_cast<QStandardItemModel *>(combo->model()))
                    model->item(combo->count() - 1)->setEnabled(false);
                combo->setItemData(combo->count() - 1, QString::fromStdString(why), Qt::ToolTipRole);
            }
        }
        // Several GPU variants: one choice runs them all, side by side in one sweep.
        if (!cpu && variants.size() > 1) {
            QStringList names;
            for (const auto &v : variants)
                names << QString::fromStdString(v);
            combo->addItem(tr("all: %1").arg(names.join(tr(", "))), names.join(QLatin1Char(',')));
        }
        const int i = combo->findData(keep);
        combo->setCurrentIndex(i >= 0 ? i : 0);
    };
    fill(m_cpuVariant, w->cpuVariants, tr("fastest available"), true, w->name);
    // The device's own variants: OpenCL's (clblast, tiled, ...) when an OpenCL device is chosen.
    // (As form() reads the device: a described entry counts only while the box is on.)
    const int k = m_gpu->isChecked() ? describedOf(m_device->currentData().toInt()) : -1;
    const std::vector<std::string> &device = SweepForm::deviceVariants(
        *w, k >= 0 && k < int(m_described.size()) ? describedRow(m_described[std::size_t(k)]) : QString());
    fill(m_gpuVariant, device, tr("default (%1)").arg(QString::fromStdString(device.front())), false,
         w->name);

    int checked = 0;
    for (QCheckBox *c : m_modes) {
        const bool has = w->hasGpuMode(c->text().toStdString());
        c->setEnabled(has && !m_running);
        if (!has)
            c->setChecked(false);
        checked += c->isChecked();
    }
    if (checked == 0) // every mode of the workload; an opt-in one (unsynced) only when asked for
        for (QCheckBox *c : m_modes)
            c->setChecked(std::find(w->gpuModes.begin(), w->gpuModes.end(), c->text().toStdString()) !=
                          w->gpuModes.end());
    m_applying = was;
}

void SweepPanel::setThreads(const QList<int> &threads)
{
    const bool was = m_applying;
    m_applying = true;
    for (int i = 0; i < m_threads->count(); ++i) {
        QListWidgetItem *item = m_threads->item(i);
        item->setCheckState(threads.contains(item->data(Qt::UserRole).toInt()) ? Qt::Checked : Qt::Unchecked);
    }
    m_applying = was;
    if (!m_applying)
        refresh();
}

SweepForm SweepPanel::form() const
{
    SweepForm f;
    f.workload = m_workload->currentData().toString();
    f.cpuVariant = m_cpuVariant->currentData().toString();
    f.gpuVariant = m_gpuVariant->currentData().toString();
    f.sizesAsRange = m_asRange->isChecked();
    f.rangeMin = m_rangeMin->value();
    f.rangeMax = m_rangeMax->value();
    f.stepsPerDecade = m_steps->value();
    f.sizeList = m_list->text();
    f.cpu = m_cpu->isChecked();
    f.threads.clear();
    for (int i = 0; i < m_threads->count(); ++i)
        if (m_threads->item(i)->checkState() == Qt::Checked)
            f.threads << m_threads->item(i)->data(Qt::UserRole).toInt();
    const int entry = m_device->currentData().toInt();
    f.gpu = m_gpu->isChecked() && (m_gpuInfo.usable || !m_described.empty()) && entry != -1;
    f.allDevices = entry == kAllDevices;
    // An OpenCL device only while the box is on: off, the form keeps what it kept before
    // (CUDA's device 0), whatever entry the list shows.
    const int k = f.gpu ? describedOf(entry) : -1;
    const DeviceDescription *d =
        k >= 0 && k < int(m_described.size()) ? &m_described[std::size_t(k)] : nullptr;
    f.described = d ? describedRow(*d) : QString();
    f.device = d                                  ? d->index
               : entry >= 0                       ? entry
               : f.allDevices && m_gpuInfo.usable ? m_gpuInfo.gpus.front().index
                                                  : 0;
    f.modes.clear();
    const Workload *w = Workload::find(f.workload.toStdString());
    for (QCheckBox *c : m_modes)
        if (c->isChecked() && w && w->hasGpuMode(c->text().toStdString()))
            f.modes << c->text();
    f.transfers = m_transfers->isChecked();
    f.pinned = m_hostMemory->currentData().toBool();
    f.iterations = m_iterations->value();
    f.minTime = m_minTime->value();
    f.maxReps = m_maxReps->value();
    f.budget = m_budget->value();
    f.rounds = m_rounds->value();
    f.coldCache = m_coldCache->isChecked();
    f.energy = m_energy->isChecked();
    f.refine = m_refine->isChecked() ? SweepForm::refinePrecision : 0;
    f.placement = m_placement->currentData().toString();
    return f;
}

void SweepPanel::setForm(const SweepForm &f)
{
    m_applying = true;
    {
        const int i = m_workload->findData(f.workload);
        m_workload->setCurrentIndex(i >= 0 ? i : 0);
    }
    // The device first: the GPU variants offered are its backend's.
    m_gpu->setChecked(f.gpu &&
                      (!f.described.isEmpty() || f.allDevices ? !m_described.empty() || m_gpuInfo.usable
                                                              : m_gpuInfo.usable));
    {
        const int all = m_device->findData(kAllDevices);
        const int i = f.allDevices && all >= 0 ? all
                      : f.described.isEmpty()  ? m_device->findData(f.device)
                      : describedDevice(f)
                          ? m_device->findData(describedEntry(int(describedDevice(f) - m_described.data())))
                          : -1;
        m_device->setCurrentIndex(i >= 0 ? i : 0);
    }
    workloadChanged();
    m_applying = true;
    for (auto [combo, value] :
         {std::pair{m_cpuVariant, f.cpuVariant}, std::pair{m_gpuVariant, f.gpuVariant}}) {
        const int i = combo->findData(value);
        combo->setCurrentIndex(i >= 0 ? i : 0);
    }
    m_asRange->setChecked(f.sizesAsRange);
    m_asList->setChecked(!f.sizesAsRange);
    m_rangeMin->setValue(f.rangeMin);
    m_rangeMax->setValue(f.rangeMax);
    m_steps->setValue(f.stepsPerDecade);
    m_list->setText(f.sizeList);
    m_cpu->setChecked(f.cpu);
    setThreads(f.threads);
    m_applying = true;
    if (const Workload *w = Workload::find(f.workload.toStdString()))
        for (QCheckBox *c : m_modes)
            c->setChecked(f.modes.contains(c->text()) && w->hasGpuMode(c->text().toStdString()));
    m_transfers->setChecked(f.transfers);
    m_hostMemory->setCurrentIndex(f.pinned ? 1 : 0);
    m_iterations->setValue(f.iterations);
    m_minTime->setValue(f.minTime);
    m_maxReps->setValue(f.maxReps);
    m_budget->setValue(f.budget);
    m_rounds->setValue(f.rounds);
    m_coldCache->setChecked(f.coldCache);
    m_energy->setChecked(f.energy);
    m_refine->setChecked(f.refine > 0);
    m_placement->setCurrentIndex(std::max(0, m_placement->findData(f.placement)));
    m_applying = false;
    refresh();
}

void SweepPanel::setDescribedStates(const std::vector<MachineInfo::DescribedState> &states)
{
    const SweepForm f = form();
    m_describedInfo = states;
    m_described.clear();
    for (const MachineInfo::DescribedState &s : m_describedInfo)
        if (s.usable)
            m_described.insert(m_described.end(), s.devices.begin(), s.devices.end());
    fillDevices();
    setForm(f);
}

std::vector<PlanDevice> SweepPanel::describedDevices() const
{
    std::vector<PlanDevice> out;
    for (const DeviceDescription &d : m_described)
        out.push_back({describedRow(d).toStdString(), d.index});
    return out;
}

const DeviceDescription *SweepPanel::describedDevice(const SweepForm &f) const
{
    for (const DeviceDescription &d : m_described)
        if (!f.described.isEmpty() && describedRow(d) == f.described && d.index == f.device)
            return &d;
    return nullptr;
}

SweepForm SweepPanel::defaultForm() const
{
    SweepForm f = SweepForm::defaults(m_hw, m_gpuInfo.usable, describedDevices());
    if (!m_gpuInfo.usable)
        for (const DeviceDescription &d : m_described)
            if (d.isGpu()) {
                f.gpu = true;
                f.described = describedRow(d);
                f.device = d.index;
                break;
            }
    return f;
}

std::optional<SweepPlan> SweepPanel::plan(QString *error) const
{
    try {
        return form().toPlan(m_hw, m_gpuInfo.usable ? int(m_gpuInfo.gpus.size()) : 0, describedDevices());
    } catch (const std::exception &e) {
        if (error)
            *error = Format::sentence(QString::fromStdString(e.what()));
        return std::nullopt;
    }
}

void SweepPanel::setRunning(bool running)
{
    m_running = running;
    for (QWidget *w : std::as_const(m_fields))
        w->setEnabled(!running);
    refresh();
}

void SweepPanel::markInvalid(QWidget *w, bool invalid)
{
    // A tinted palette, not a style sheet: with a style sheet that sets a border, Qt draws a
    // spin box itself and drops its native arrows.
    if (w->testAttribute(Qt::WA_SetPalette) == invalid)
        return;
    QPalette p; // empty: the inherited palette again
    if (invalid) {
        // A fifth of red over the field's own background, so that a dark theme stays dark.
        const QColor base = w->palette().color(QPalette::Base), red(0xc0, 0x39, 0x2b);
        p.setColor(QPalette::Base, QColor::fromRgbF(0.8f * base.redF() + 0.2f * red.redF(),
                                                    0.8f * base.greenF() + 0.2f * red.greenF(),
                                                    0.8f * base.blueF() + 0.2f * red.blueF()));
    }
    w->setPalette(p);
}

void SweepPanel::setHostMemory(double bytes)
{
    m_hostBytes = bytes;
    refresh();
}

QString SweepPanel::memoryWarning() const
{
    return m_memory->text();
}

QString SweepPanel::memoryWarning(const SweepPlan &plan) const
{
    const double host = m_hostBytes > 0 ? m_hostBytes : MachineInfo::availableMemory();
    double device = 0;
    for (const auto &g : m_gpuInfo.gpus) // an OpenCL device's limits come with its description
        if (plan.gpu && g.index == plan.device)
            device = g.memoryBytes;
    const std::vector<MemoryCheck> tooBig = SweepRunner(plan).memoryShortfalls(host, device);
    QStringList lines;
    for (const MemoryCheck &c : tooBig) {
        if (lines.size() == 2 && tooBig.size() > 3) {
            lines << tr("%1 more sizes, up to n = %2, will not fit either and will be skipped.")
                         .arg(tooBig.size() - 2)
                         .arg(tooBig.back().n);
            break;
        }
        const QString device = QString::fromStdString(c.deviceName);
        if (c.bufferTooLarge())
            lines << tr("n = %1 will not fit on %2: needs a buffer of %3, and the device allows %4 in one "
                        "buffer; it will be skipped.")
                         .arg(c.n)
                         .arg(device, gib(c.largest), gib(c.maxAlloc));
        else
            lines << tr("n = %1 will not fit: needs %2, %3 available (%4); it will be skipped.")
                         .arg(c.n)
                         .arg(gib(c.need), gib(c.available),
                              !device.isEmpty() ? tr("memory of %1").arg(device)
                              : c.gpu           ? tr("GPU memory")
                                                : tr("host memory"));
    }
    return lines.join(QLatin1Char('\n'));
}

void SweepPanel::setMachine(const MachineInfo &machine)
{
    m_machine = machine;
    refresh();
}

QString SweepPanel::slowWarning() const
{
    return m_slow->text();
}

QString SweepPanel::slowWarning(const SweepPlan &plan) const
{
    QStringList lines;
    for (const SweepRunner::SlowDevice &d : SweepRunner(plan).slowDevices(m_machine)) {
        const QString point = d.variant.empty() ? QString::fromStdString(plan.workload)
                                                : tr("%1 (%2)").arg(QString::fromStdString(plan.workload),
                                                                    QString::fromStdString(d.variant));
        lines << tr("%1 is slow for this sweep: one repetition of %2 at n = %3 takes at least %4 there "
                    "(at its calibrated %5 of %6), and the point at least twice that. Drop the largest "
                    "sizes, or choose a faster variant.")
                     .arg(QString::fromStdString(d.device), point, Format::n(d.n),
                          Format::duration(d.repSeconds), QString::fromStdString(d.level),
                          Format::rate(d.ceiling, d.flops));
    }
    return lines.join(QLatin1Char('\n'));
}

void SweepPanel::refresh()
{
    const SweepForm f = form();
    const Workload *w = Workload::find(f.workload.toStdString());

    // Which fields apply now.
    for (QComboBox *c : {m_cpuVariant, m_gpuVariant})
        c->setEnabled(!m_running && c->count() > 1); // "(none)" alone: nothing to choose
    m_rangeBox->setEnabled(f.sizesAsRange && !m_running);
    m_list->setEnabled(!f.sizesAsRange && !m_running);
    m_threads->setEnabled(f.cpu && !m_running);
    const bool gpuUsable = m_gpuInfo.usable || !m_described.empty();
    m_gpu->setEnabled(gpuUsable && !m_running);
    const DeviceDescription *cl = describedDevice(f);
    if (!gpuUsable) {
        setInfo(m_gpuInfoLabel, tr("No usable GPU: %1").arg(DataTexts::gpuReason(m_gpuInfo)), Tone::Note);
    } else if (cl && !cl->isGpu()) {
        // Said where the device is chosen: its curves are not a GPU's.
        setInfo(m_gpuInfoLabel,
                tr("%1 is %2 on the CPU: the same cores as the CPU curves, so no GPU crossover is "
                   "marked against it. Its curves show what %2's launches cost.")
                    .arg(QString::fromStdString(cl->id()), QString::fromStdString(cl->api())),
                Tone::Note);
    } else if (!m_gpuInfo.usable && f.described.isEmpty()) {
        setInfo(m_gpuInfoLabel, tr("No usable CUDA GPU: %1").arg(DataTexts::gpuReason(m_gpuInfo)),
                Tone::Note);
    } else {
        setInfo(m_gpuInfoLabel, QString(), Tone::Note);
    }
    for (QCheckBox *c : m_modes)
        c->setEnabled(w && w->hasGpuMode(c->text().toStdString()) && !m_running);
    m_hostMemory->setEnabled(!m_running && (f.transfers || Workload::isCopy(f.workload.toStdString())));
    m_transfers->setEnabled(!m_running && !Workload::isCopy(f.workload.toStdString()));

    // The sizes, checked at their field.
    markInvalid(m_rangeMin, false);
    markInvalid(m_rangeMax, false);
    markInvalid(m_list, false);
    // The note on a range's corrected bound belongs to the range, not to a list.
    const QString note = f.sizesAsRange ? m_sizesNote : m_listNote;
    try {
        const std::vector<int> sizes = f.sizes();
        QStringList shown;
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            if (sizes.size() > 8 && i == 4) {
                shown << QStringLiteral("\u2026");
                i = sizes.size() - 3;
            }
            shown << QString::number(sizes[i]);
        }
        for (int n : sizes)
            if (n > SweepPlan::maxSize)
                throw std::invalid_argument(SweepPlan::sizeTooLarge(n));
        const QString list =
            tr("%1: %2").arg(tr("%n size(s)", nullptr, int(sizes.size())), shown.join(QStringLiteral(", ")));
        setInfo(m_sizesInfo, note.isEmpty() ? list : note + QLatin1Char('\n') + list, Tone::Note);
    } catch (const std::exception &e) {
        const QString why = Format::sentence(QString::fromStdString(e.what()));
        setInfo(m_sizesInfo, note.isEmpty() ? why : note + QLatin1Char('\n') + why, Tone::Error);
        if (f.sizesAsRange) {
            markInvalid(m_rangeMin, true);
            markInvalid(m_rangeMax, true);
        } else {
            markInvalid(m_list, true);
        }
    }
    const bool noThreads = f.cpu && f.threads.isEmpty();
    setInfo(m_threadsInfo,
            noThreads ? tr("Check at least one thread count, or switch the CPU off.")
                      : tr("%1 of %2 hardware threads").arg(f.threads.size()).arg(m_hw),
            noThreads ? Tone::Error : Tone::Note);
    markInvalid(m_threads, noThreads);

    // The plan as a whole.
    QString why;
    const std::optional<SweepPlan> p = plan(&why);
    m_problem = why;
    setInfo(m_error, why, Tone::Error);
    setInfo(m_memory, p ? memoryWarning(*p) : QString(), Tone::Warning);
    setInfo(m_slow, p ? slowWarning(*p) : QString(), Tone::Warning);
    m_run->setEnabled(!m_running && m_problem.isEmpty());
    m_cancel->setEnabled(m_running);
    if (!m_applying)
        emit formChanged();
}

} // namespace speeduplab
