// SPDX-License-Identifier: MIT
#include "ui/sweeppanel.h"

#include "core/cpukernels.h"
#include "core/presets.h"
#include "core/sweeprunner.h"
#include "core/workload.h"
#include "ui/format.h"

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

namespace {

const char *const kModes[] = {"launch", "graph", "fused"};
// The device list's "every GPU in turn" entry.
constexpr int kAllDevices = -2;

QString modeTip(const QString &mode)
{
    if (mode == QLatin1String("launch"))
        return SweepPanel::tr("One kernel launch per iteration, as the seed's Python loop does.");
    if (mode == QLatin1String("graph"))
        return SweepPanel::tr("The same launches, captured once into a CUDA graph and replayed.");
    return SweepPanel::tr("All iterations in one kernel, where the workload allows it.");
}

QLabel *infoLabel(const QString &objectName)
{
    auto *l = new QLabel;
    l->setObjectName(objectName);
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText);
    QFont f = l->font();
    f.setPointSizeF(f.pointSizeF() * 0.92);
    l->setFont(f);
    return l;
}

/// A spin box that says why it changed what was typed: a value outside its range is set to
/// the nearest bound (rather than refused as it is typed, or reverted), and `corrected` gets
/// the reason; `edited` is called when the user types in it again.
class ExplainingSpinBox : public QSpinBox {
public:
    std::function<void(const QString &)> corrected;
    std::function<void()> edited;

    ExplainingSpinBox()
    {
        connect(lineEdit(), &QLineEdit::textEdited, this, [this] {
            if (edited)
                edited();
        });
    }

    QValidator::State validate(QString &input, int &pos) const override
    {
        const QValidator::State state = QSpinBox::validate(input, pos);
        bool ok = false;
        const int v = number(input, &ok);
        // Too many digits: let it through, to be brought down to the maximum when it is entered
        // (only where the reason can be shown; otherwise the digit is refused as it is typed).
        return state == QValidator::Invalid && ok && v > maximum() && corrected ? QValidator::Intermediate
                                                                                : state;
    }

    void fixup(QString &input) const override
    {
        bool ok = false;
        const int v = number(input, &ok);
        if (!ok || (v >= minimum() && v <= maximum())) {
            QSpinBox::fixup(input);
            return;
        }
        const int bound = v > maximum() ? maximum() : minimum();
        input = textFromValue(bound);
        if (corrected)
            corrected(v > maximum()
                          ? SweepPanel::tr("n is at most %1; %2 was set to %1.").arg(bound).arg(v)
                          : SweepPanel::tr("n is at least %1; %2 was set to %1.").arg(bound).arg(v));
    }

private:
    int number(const QString &input, bool *ok) const
    {
        QString t = input;
        if (t.startsWith(prefix()))
            t.remove(0, prefix().size());
        if (t.endsWith(suffix()))
            t.chop(suffix().size());
        t = t.trimmed();
        t.remove(locale().groupSeparator());
        *ok = false;
        if (t.isEmpty())
            return 0;
        const qlonglong v = locale().toLongLong(t, ok);
        if (!*ok)
            return 0;
        return int(
            std::clamp<qlonglong>(v, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
    }
};

enum class Tone { Note, Warning, Error };

void setInfo(QLabel *label, const QString &text, Tone tone)
{
    label->setText(text);
    label->setStyleSheet(tone == Tone::Error     ? QStringLiteral("color: #b02a1c;")
                         : tone == Tone::Warning ? QStringLiteral("color: #8a5300;")
                                                 : QStringLiteral("color: palette(mid);"));
    label->setVisible(!text.isEmpty());
}

QString gib(double bytes)
{
    return SweepPanel::tr("%1 GiB").arg(bytes / (1024.0 * 1024 * 1024), 0, 'f', 1);
}

} // namespace

SweepPanel::SweepPanel(int hardwareThreads, const MachineInfo::GpuState &gpuInfo, QWidget *parent)
    : QWidget(parent), m_hw(std::max(1, hardwareThreads)), m_gpuInfo(gpuInfo)
{
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

    setForm(SweepForm::defaults(m_hw, m_gpuInfo.usable));
}

QWidget *SweepPanel::buildPresets()
{
    // The shipped sweeps one click away (also in Sweep \u25b8 Presets), each with its description.
    auto *box = new QGroupBox(tr("Presets"));
    auto *grid = new QGridLayout(box);
    auto *about = new QLabel(tr("One click fills the form below; Run starts it."));
    about->setWordWrap(true);
    about->setObjectName(QStringLiteral("presetDescription"));
    int i = 0;
    for (const std::string &preset : Presets::names()) {
        const QString name = QString::fromStdString(preset);
        auto *b = new QPushButton(QString::fromStdString(Presets::title(preset)));
        b->setObjectName(QStringLiteral("preset_") + name);
        const QString description = QString::fromStdString(Presets::description(preset));
        b->setToolTip(description);
        connect(b, &QPushButton::clicked, this, [this, name, about, description] {
            about->setText(description);
            emit presetRequested(name);
        });
        grid->addWidget(b, i / 2, i % 2);
        m_fields << b;
        ++i;
    }
    grid->addWidget(about, (i + 1) / 2, 0, 1, 2);
    return box;
}

QWidget *SweepPanel::buildWorkload()
{
    auto *box = new QGroupBox(tr("Workload"));
    auto *form = new QFormLayout(box);
    m_workload = new QComboBox;
    m_workload->setObjectName(QStringLiteral("workloadCombo"));
    for (const auto &w : Workload::all()) {
        m_workload->addItem(QString::fromStdString(w.name), QString::fromStdString(w.name));
        m_workload->setItemData(m_workload->count() - 1, QString::fromStdString(w.description),
                                Qt::ToolTipRole);
    }
    m_cpuVariant = new QComboBox;
    m_cpuVariant->setObjectName(QStringLiteral("cpuVariantCombo"));
    m_cpuVariant->setToolTip(tr("The CPU implementation; the default is the fastest this build has."));
    m_gpuVariant = new QComboBox;
    m_gpuVariant->setObjectName(QStringLiteral("gpuVariantCombo"));
    m_gpuVariant->setToolTip(tr("The GPU implementation."));
    for (QComboBox *c : {m_workload, m_cpuVariant, m_gpuVariant}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(10);
    }
    m_workloadInfo = infoLabel(QStringLiteral("workloadInfo"));
    form->addRow(tr("&Workload:"), m_workload);
    form->addRow(tr("CPU variant:"), m_cpuVariant);
    form->addRow(tr("GPU variant:"), m_gpuVariant);
    form->addRow(m_workloadInfo);
    m_fields << m_workload << m_cpuVariant << m_gpuVariant;
    connect(m_workload, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_applying) {
            workloadChanged();
            refresh();
        }
    });
    for (QComboBox *c : {m_cpuVariant, m_gpuVariant})
        connect(c, &QComboBox::currentIndexChanged, this, [this] {
            if (!m_applying)
                refresh();
        });
    return box;
}

QWidget *SweepPanel::buildSizes()
{
    auto *box = new QGroupBox(tr("Tensor sizes (n \u00d7 n)"));
    auto *v = new QVBoxLayout(box);
    m_asRange = new QRadioButton(tr("Log-spaced &range"));
    m_asRange->setObjectName(QStringLiteral("sizesRangeRadio"));
    m_asList = new QRadioButton(tr("&List"));
    m_asList->setObjectName(QStringLiteral("sizesListRadio"));
    auto *group = new QButtonGroup(box);
    group->addButton(m_asRange);
    group->addButton(m_asList);

    m_rangeBox = new QWidget;
    auto *range = new QFormLayout(m_rangeBox);
    range->setContentsMargins(18, 0, 0, 0);
    auto spin = [](const char *name, int lo, int hi, const QString &tip) {
        auto *s = new ExplainingSpinBox;
        s->setObjectName(QLatin1String(name));
        s->setRange(lo, hi);
        s->setToolTip(tip);
        s->setKeyboardTracking(false);
        return s;
    };
    m_rangeMin =
        spin("rangeMinSpin", 1, SweepPlan::maxSize, tr("The smallest n (1 to %1)").arg(SweepPlan::maxSize));
    m_rangeMax =
        spin("rangeMaxSpin", 1, SweepPlan::maxSize, tr("The largest n (1 to %1)").arg(SweepPlan::maxSize));
    // Why a typed n was changed, shown with the sizes until the user types again.
    for (QSpinBox *n : {m_rangeMin, m_rangeMax}) {
        auto *s = static_cast<ExplainingSpinBox *>(n);
        s->corrected = [this](const QString &why) {
            m_sizesNote = why;
            if (!m_applying)
                refresh();
        };
        s->edited = [this] { m_sizesNote.clear(); };
    }
    m_steps = spin("stepsSpin", 1, 100, tr("Sizes per factor of ten in n (1 to 100)"));
    range->addRow(tr("min n:"), m_rangeMin);
    range->addRow(tr("max n:"), m_rangeMax);
    range->addRow(tr("steps per decade:"), m_steps);

    m_list = new QLineEdit;
    m_list->setObjectName(QStringLiteral("sizesListEdit"));
    m_list->setPlaceholderText(tr("e.g. 4,40,400,4000"));
    m_list->setToolTip(tr("Tensor edges n, separated by commas"));
    // Anything but digits, commas and spaces is refused as it is typed.
    m_list->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9, ]*")), m_list));
    m_sizesInfo = infoLabel(QStringLiteral("sizesInfo"));

    v->addWidget(m_asRange);
    v->addWidget(m_rangeBox);
    v->addWidget(m_asList);
    auto *listRow = new QHBoxLayout;
    listRow->setContentsMargins(18, 0, 0, 0);
    listRow->addWidget(m_list);
    v->addLayout(listRow);
    v->addWidget(m_sizesInfo);
    m_fields << m_asRange << m_asList << m_rangeMin << m_rangeMax << m_steps << m_list;

    auto changed = [this] {
        if (!m_applying)
            refresh();
    };
    connect(m_asRange, &QRadioButton::toggled, this, changed);
    for (QSpinBox *s : {m_rangeMin, m_rangeMax, m_steps})
        connect(s, &QSpinBox::valueChanged, this, changed);
    connect(m_list, &QLineEdit::textChanged, this, changed);
    return box;
}

QWidget *SweepPanel::buildCpu()
{
    m_cpu = new QGroupBox(tr("CPU"));
    m_cpu->setObjectName(QStringLiteral("cpuGroup"));
    m_cpu->setCheckable(true);
    m_cpu->setToolTip(tr("Measure the CPU (OpenMP) with the checked thread counts"));
    auto *v = new QVBoxLayout(m_cpu);
    m_threads = new QListWidget;
    m_threads->setObjectName(QStringLiteral("threadList"));
    m_threads->setViewMode(QListView::IconMode);
    m_threads->setFlow(QListView::LeftToRight);
    m_threads->setWrapping(true);
    m_threads->setResizeMode(QListView::Adjust);
    m_threads->setMovement(QListView::Static);
    m_threads->setGridSize(QSize(52, 26));
    m_threads->setSelectionMode(QAbstractItemView::NoSelection);
    m_threads->setToolTip(
        tr("Thread counts to measure (1 to %1, this machine's hardware threads)").arg(m_hw));
    for (int t = 1; t <= m_hw; ++t) {
        auto *item = new QListWidgetItem(QString::number(t), m_threads);
        item->setData(Qt::UserRole, t);
        item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
        item->setCheckState(Qt::Unchecked);
    }
    const int rows = std::min(4, (m_hw + 4) / 5);
    m_threads->setMaximumHeight(rows * 26 + 10);
    m_threads->setMinimumHeight(std::min(rows, 2) * 26 + 8);
    auto *buttons = new QHBoxLayout;
    auto *pow2 = new QPushButton(tr("Powers of two"));
    pow2->setObjectName(QStringLiteral("powersOfTwoButton"));
    auto *all = new QPushButton(tr("All"));
    all->setObjectName(QStringLiteral("allThreadsButton"));
    auto *one = new QPushButton(tr("1 only"));
    one->setObjectName(QStringLiteral("oneThreadButton"));
    buttons->addWidget(pow2);
    buttons->addWidget(all);
    buttons->addWidget(one);
    m_threadsInfo = infoLabel(QStringLiteral("threadsInfo"));
    v->addWidget(m_threads);
    v->addLayout(buttons);
    v->addWidget(m_threadsInfo);
    m_fields << m_cpu;

    connect(pow2, &QPushButton::clicked, this, [this] {
        QList<int> t;
        for (int x : SweepPlan::powersOfTwo(m_hw))
            t << x;
        setThreads(t);
    });
    connect(all, &QPushButton::clicked, this, [this] {
        QList<int> t;
        for (int x = 1; x <= m_hw; ++x)
            t << x;
        setThreads(t);
    });
    connect(one, &QPushButton::clicked, this, [this] { setThreads({1}); });
    connect(m_threads, &QListWidget::itemChanged, this, [this] {
        if (!m_applying)
            refresh();
    });
    connect(m_cpu, &QGroupBox::toggled, this, [this] {
        if (!m_applying)
            refresh();
    });
    return m_cpu;
}

QWidget *SweepPanel::buildGpu()
{
    m_gpu = new QGroupBox(tr("GPU"));
    m_gpu->setObjectName(QStringLiteral("gpuGroup"));
    m_gpu->setCheckable(true);
    auto *form = new QFormLayout(m_gpu);
    m_device = new QComboBox;
    m_device->setObjectName(QStringLiteral("deviceCombo"));
    fillDevices();
    m_device->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_device->setMinimumContentsLength(14);
    form->addRow(tr("Device:"), m_device);
    auto *modes = new QHBoxLayout;
    for (const char *m : kModes) {
        auto *c = new QCheckBox(QLatin1String(m));
        c->setObjectName(QStringLiteral("mode_") + QLatin1String(m));
        c->setToolTip(modeTip(QLatin1String(m)));
        modes->addWidget(c);
        m_modes << c;
        connect(c, &QCheckBox::toggled, this, [this] {
            if (!m_applying)
                refresh();
        });
    }
    form->addRow(tr("Modes:"), modes);
    m_transfers = new QCheckBox(tr("Time host \u2194 device copies"));
    m_transfers->setObjectName(QStringLiteral("transfersCheck"));
    m_transfers->setToolTip(
        tr("Put the copies of the inputs to the GPU and of the output back into the timed "
           "region, as a program that keeps its data on the host pays them."));
    m_hostMemory = new QComboBox;
    m_hostMemory->setObjectName(QStringLiteral("hostMemoryCombo"));
    m_hostMemory->addItem(tr("pageable"), false);
    m_hostMemory->addItem(tr("pinned"), true);
    m_hostMemory->setToolTip(tr("Host memory for the copies: pageable (malloc) or pinned (cudaMallocHost)"));
    form->addRow(m_transfers);
    form->addRow(tr("Host memory:"), m_hostMemory);
    m_gpuInfoLabel = infoLabel(QStringLiteral("gpuInfo"));
    form->addRow(m_gpuInfoLabel);
    m_fields << m_device << m_transfers << m_hostMemory;
    for (QCheckBox *c : m_modes)
        m_fields << c;
    auto changed = [this] {
        if (!m_applying)
            refresh();
    };
    connect(m_gpu, &QGroupBox::toggled, this, changed);
    connect(m_device, &QComboBox::currentIndexChanged, this, changed);
    connect(m_transfers, &QCheckBox::toggled, this, changed);
    connect(m_hostMemory, &QComboBox::currentIndexChanged, this, changed);
    return m_gpu;
}

void SweepPanel::fillDevices()
{
    const QSignalBlocker block(m_device);
    m_device->clear();
    const QString reason = QString::fromStdString(m_gpuInfo.reason);
    if (!m_gpuInfo.usable || m_gpuInfo.gpus.empty()) {
        // One entry that cannot be chosen and says why.
        m_device->addItem(tr("No usable GPU: %1").arg(reason), -1);
        if (auto *model = qobject_cast<QStandardItemModel *>(m_device->model()))
            model->item(0)->setEnabled(false);
        m_device->setToolTip(reason);
        m_gpu->setToolTip(reason);
        return;
    }
    for (const auto &g : m_gpuInfo.gpus)
        m_device->addItem(tr("%1: %2 (compute %3)")
                              .arg(g.index)
                              .arg(QString::fromStdString(g.name))
                              .arg(QString::fromStdString(g.computeCapability)),
                          g.index);
    if (m_gpuInfo.gpus.size() > 1)
        m_device->addItem(tr("All %1 GPUs, in turn").arg(m_gpuInfo.gpus.size()), kAllDevices);
    m_device->setToolTip(QString());
    m_gpu->setToolTip(QString());
}

void SweepPanel::setGpuState(const MachineInfo::GpuState &gpu)
{
    const SweepForm f = form();
    m_gpuInfo = gpu;
    fillDevices();
    setForm(f); // the GPU stays switched on only while it is usable
}

QWidget *SweepPanel::buildTiming()
{
    auto *box = new QGroupBox(tr("Timing"));
    auto *form = new QFormLayout(box);
    m_iterations = new QSpinBox;
    m_iterations->setObjectName(QStringLiteral("iterationsSpin"));
    m_iterations->setRange(0, 1000000);
    m_iterations->setToolTip(tr("Operations per timed repetition (0: the workload's default)"));
    m_minTime = new QDoubleSpinBox;
    m_minTime->setObjectName(QStringLiteral("minTimeSpin"));
    m_minTime->setRange(0, 3600);
    m_minTime->setDecimals(3);
    m_minTime->setSingleStep(0.05);
    m_minTime->setSuffix(tr(" s"));
    m_minTime->setToolTip(tr("Repeat each point until this much time was measured (and at least 3 times)"));
    m_maxReps = new QSpinBox;
    m_maxReps->setObjectName(QStringLiteral("maxRepsSpin"));
    m_maxReps->setRange(1, 1000000);
    m_maxReps->setToolTip(tr("Repetitions per point, at most"));
    m_budget = new QDoubleSpinBox;
    m_budget->setObjectName(QStringLiteral("budgetSpin"));
    m_budget->setRange(0, SweepPlan::maxBudget);
    m_budget->setDecimals(0);
    m_budget->setSingleStep(30);
    m_budget->setSuffix(tr(" s"));
    m_budget->setSpecialValueText(tr("no limit"));
    m_budget->setToolTip(tr("Seconds for the whole sweep; the points left when it runs out are skipped"));
    m_rounds = new QSpinBox;
    m_rounds->setObjectName(QStringLiteral("roundsSpin"));
    m_rounds->setRange(1, SweepPlan::maxRounds);
    m_rounds->setToolTip(tr("Run the whole sweep this many times, each round in a shuffled order, and merge "
                            "each point's rounds: a slow drift (heat, another job) then shows as spread "
                            "between rounds, not as a trend in n"));
    m_coldCache = new QCheckBox(tr("Cold cache"));
    m_coldCache->setObjectName(QStringLiteral("coldCacheCheck"));
    m_coldCache->setToolTip(tr("Flush the GPU's L2 and the CPU's last-level cache before every repetition "
                               "(outside the timed region), so that every size reads its data from memory. "
                               "Off: a repetition finds what the last one left in the caches, as a loop "
                               "in a program would"));
    for (QAbstractSpinBox *s :
         std::initializer_list<QAbstractSpinBox *>{m_iterations, m_minTime, m_maxReps, m_budget, m_rounds})
        s->setKeyboardTracking(false);
    form->addRow(tr("Iterations:"), m_iterations);
    form->addRow(tr("Min time per point:"), m_minTime);
    form->addRow(tr("Max repetitions:"), m_maxReps);
    form->addRow(tr("Time budget:"), m_budget);
    form->addRow(tr("Rounds:"), m_rounds);
    form->addRow(QString(), m_coldCache);
    m_fields << m_iterations << m_minTime << m_maxReps << m_budget << m_rounds << m_coldCache;
    auto changed = [this] {
        if (!m_applying)
            refresh();
    };
    connect(m_iterations, &QSpinBox::valueChanged, this, changed);
    connect(m_minTime, &QDoubleSpinBox::valueChanged, this, changed);
    connect(m_maxReps, &QSpinBox::valueChanged, this, changed);
    connect(m_budget, &QDoubleSpinBox::valueChanged, this, changed);
    connect(m_rounds, &QSpinBox::valueChanged, this, changed);
    connect(m_coldCache, &QCheckBox::toggled, this, changed);
    return box;
}

void SweepPanel::workloadChanged()
{
    const QString name = m_workload->currentData().toString();
    const Workload *w = Workload::find(name.toStdString());
    if (!w)
        return;
    const bool was = m_applying;
    m_applying = true;
    m_workloadInfo->setText(QString::fromStdString(w->description));
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
    fill(m_gpuVariant, w->gpuVariants, tr("default (%1)").arg(QString::fromStdString(w->gpuVariants.front())),
         false, w->name);

    int checked = 0;
    for (QCheckBox *c : m_modes) {
        const bool has = w->hasGpuMode(c->text().toStdString());
        c->setEnabled(has && !m_running);
        if (!has)
            c->setChecked(false);
        checked += c->isChecked();
    }
    if (checked == 0)
        for (QCheckBox *c : m_modes)
            c->setChecked(w->hasGpuMode(c->text().toStdString()));
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
    f.gpu = m_gpu->isChecked() && m_gpuInfo.usable;
    f.allDevices = m_device->currentData().toInt() == kAllDevices;
    f.device = f.allDevices ? m_gpuInfo.gpus.front().index : std::max(0, m_device->currentData().toInt());
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
    return f;
}

void SweepPanel::setForm(const SweepForm &f)
{
    m_applying = true;
    {
        const int i = m_workload->findData(f.workload);
        m_workload->setCurrentIndex(i >= 0 ? i : 0);
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
    m_gpu->setChecked(f.gpu && m_gpuInfo.usable);
    {
        const int all = m_device->findData(kAllDevices);
        const int i = f.allDevices && all >= 0 ? all : m_device->findData(f.device);
        m_device->setCurrentIndex(i >= 0 ? i : 0);
    }
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
    m_applying = false;
    refresh();
}

std::optional<SweepPlan> SweepPanel::plan(QString *error) const
{
    try {
        return form().toPlan(m_hw, int(m_gpuInfo.gpus.size()));
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
    for (const auto &g : m_gpuInfo.gpus)
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
        lines << tr("n = %1 will not fit: needs %2, %3 available (%4); it will be skipped.")
                     .arg(c.n)
                     .arg(gib(c.need), gib(c.available), c.gpu ? tr("GPU memory") : tr("host memory"));
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
    const bool gpuUsable = m_gpuInfo.usable;
    m_gpu->setEnabled(gpuUsable && !m_running);
    if (!gpuUsable) {
        setInfo(m_gpuInfoLabel, tr("No usable GPU: %1").arg(QString::fromStdString(m_gpuInfo.reason)),
                Tone::Note);
    } else {
        setInfo(m_gpuInfoLabel, QString(), Tone::Note);
    }
    for (QCheckBox *c : m_modes)
        c->setEnabled(w && w->hasGpuMode(c->text().toStdString()) && !m_running);
    m_hostMemory->setEnabled(!m_running && (f.transfers || f.workload == QLatin1String("transfer")));
    m_transfers->setEnabled(!m_running && f.workload != QLatin1String("transfer"));

    // The sizes, checked at their field.
    markInvalid(m_rangeMin, false);
    markInvalid(m_rangeMax, false);
    markInvalid(m_list, false);
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
        const QString list = tr("%1: %2").arg(Format::count(qsizetype(sizes.size()), tr("size"), tr("sizes")),
                                              shown.join(QStringLiteral(", ")));
        setInfo(m_sizesInfo, m_sizesNote.isEmpty() ? list : m_sizesNote + QLatin1Char('\n') + list,
                Tone::Note);
    } catch (const std::exception &e) {
        const QString why = Format::sentence(QString::fromStdString(e.what()));
        setInfo(m_sizesInfo, m_sizesNote.isEmpty() ? why : m_sizesNote + QLatin1Char('\n') + why,
                Tone::Error);
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
    m_run->setEnabled(!m_running && m_problem.isEmpty());
    m_cancel->setEnabled(m_running);
    if (!m_applying)
        emit formChanged();
}

} // namespace speeduplab
