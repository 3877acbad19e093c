// SPDX-License-Identifier: MIT
// The sweep panel's groups of fields, built once (the rest of the panel: sweeppanel.cpp).
#include "ui/datatexts.h"
#include "ui/sweeppanel.h"

#include "ui/sweeppanelparts.h"

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
        auto *b = new QPushButton(DataTexts::preset(Presets::title(preset)));
        b->setObjectName(QStringLiteral("preset_") + name);
        const QString description = DataTexts::preset(Presets::description(preset));
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
        m_workload->setItemData(m_workload->count() - 1, DataTexts::workload(w.description), Qt::ToolTipRole);
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
    // No validator: one that refuses keystrokes turns "1e3" into "13" without a word. What is not
    // a whole number is named in the panel's problem (SweepPlan::parseSizes) and Run waits.
    m_sizesInfo = infoLabel(QStringLiteral("sizesInfo"));

    v->addWidget(m_asRange);
    v->addWidget(m_rangeBox);
    v->addWidget(m_asList);
    auto *listRow = new QHBoxLayout;
    listRow->setContentsMargins(18, 0, 0, 0);
    listRow->addWidget(m_list);
    v->addLayout(listRow);
    v->addWidget(m_sizesInfo);
    const int precision = qRound(SweepForm::refinePrecision * 100);
    m_refine = new QCheckBox(tr("Find the crossovers (\u00b1%1 %)").arg(precision));
    m_refine->setObjectName(QStringLiteral("refineCheck"));
    m_refine->setToolTip(tr("After the sweep, measure new sizes around each crossover until its 95 % "
                            "interval is within \u00b1%1 % of n (at most %2 more points; the end says why "
                            "it stopped): each GPU curve against the best CPU, or without a GPU each "
                            "thread count against 1 thread")
                             .arg(precision)
                             .arg(SweepPlan().refineBudget));
    v->addWidget(m_refine);
    m_fields << m_asRange << m_asList << m_rangeMin << m_rangeMax << m_steps << m_list << m_refine;

    auto changed = [this] {
        if (!m_applying)
            refresh();
    };
    connect(m_asRange, &QRadioButton::toggled, this, changed);
    for (QSpinBox *s : {m_rangeMin, m_rangeMax, m_steps})
        connect(s, &QSpinBox::valueChanged, this, changed);
    connect(m_list, &QLineEdit::textChanged, this, changed);
    connect(m_refine, &QCheckBox::toggled, this, changed);
    connect(m_list, &QLineEdit::textEdited, this, [this] { m_listNote.clear(); });
    // An entered list reads as the sweep will run it: ascending, each size once, and says so.
    connect(m_list, &QLineEdit::editingFinished, this, [this] {
        std::vector<int> sizes;
        try {
            sizes = SweepPlan::parseSizes(m_list->text().toStdString());
        } catch (const std::exception &) {
            return; // the panel's problem names what is wrong
        }
        std::vector<int> tidy = sizes;
        std::sort(tidy.begin(), tidy.end());
        tidy.erase(std::unique(tidy.begin(), tidy.end()), tidy.end());
        if (tidy == sizes)
            return;
        QStringList parts;
        for (int n : tidy)
            parts << QString::number(n);
        const std::size_t repeated = sizes.size() - tidy.size();
        m_listNote = repeated > 0 ? tr("The sizes were sorted, and %1 given twice was kept once.")
                                        .arg(tr("%n size(s)", nullptr, int(repeated)))
                                  : tr("The sizes were sorted: a sweep runs them coarse to fine anyway.");
        m_list->setText(parts.join(QLatin1Char(',')));
    });
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
    m_threads->setAccessibleName(tr("CPU thread counts"));
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
    // Where the threads run (Placement): the choice beside the thread counts.
    m_placement = new QComboBox;
    m_placement->setObjectName(QStringLiteral("placementCombo"));
    m_placement->addItem(tr("Cores first"), QStringLiteral("cores-first"));
    m_placement->addItem(tr("Compact (SMT siblings together)"), QStringLiteral("compact"));
    m_placement->addItem(tr("As the OS decides"), QStringLiteral("none"));
    m_placement->setToolTip(
        tr("Where the threads run. Cores first: one thread per physical core, performance "
           "cores before efficiency cores, then the cores' SMT siblings. Compact: a core's "
           "SMT siblings together. As the OS decides: the threads are not bound."));
    auto *placement = new QFormLayout;
    placement->addRow(tr("Placement:"), m_placement);
    v->addWidget(m_threads);
    v->addLayout(buttons);
    v->addLayout(placement);
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
    connect(m_placement, &QComboBox::currentIndexChanged, this, [this] {
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
    auto *optIn = new QHBoxLayout; // unsynced, on a row of its own: the panel keeps its width
    for (const char *m : kModes) {
        auto *c = new QCheckBox(QLatin1String(m));
        c->setObjectName(QStringLiteral("mode_") + QLatin1String(m));
        c->setToolTip(modeTip(QLatin1String(m)));
        (Workload::isQueueTime(m) ? optIn : modes)->addWidget(c);
        m_modes << c;
        connect(c, &QCheckBox::toggled, this, [this] {
            if (!m_applying)
                refresh();
        });
    }
    form->addRow(tr("Modes:"), modes);
    form->addRow(QString(), optIn);
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
    connect(m_gpu, &QGroupBox::toggled, this, [this] {
        if (m_applying)
            return;
        workloadChanged(); // switched on or off, the device's variants may be another backend's
        refresh();
    });
    connect(m_device, &QComboBox::currentIndexChanged, this, [this] {
        if (m_applying)
            return;
        workloadChanged(); // the variants offered are the chosen device's backend's
        refresh();
    });
    connect(m_transfers, &QCheckBox::toggled, this, changed);
    connect(m_hostMemory, &QComboBox::currentIndexChanged, this, changed);
    return m_gpu;
}

void SweepPanel::fillDevices()
{
    const QSignalBlocker block(m_device);
    m_device->clear();
    // An OpenCL device may be the CPU itself: the box is not called a GPU's alone then.
    QStringList apis, reasons; // the described backends with a device; why the others have none
    for (const MachineInfo::DescribedState &s : m_describedInfo) {
        if (s.usable && !s.devices.empty() && !apis.contains(QString::fromStdString(s.devices.front().api())))
            apis << QString::fromStdString(s.devices.front().api());
        if (!s.usable && !s.reason.empty())
            reasons << QString::fromStdString(s.reason);
    }
    m_gpu->setTitle(apis.isEmpty() ? tr("GPU") : tr("GPU or %1 device").arg(apis.join(QLatin1Char('/'))));
    const QString reason = DataTexts::gpuReason(m_gpuInfo);
    const bool cuda = m_gpuInfo.usable && !m_gpuInfo.gpus.empty();
    if (!cuda && m_described.empty()) {
        // One entry that cannot be chosen and says why.
        const QString both =
            reasons.isEmpty() ? reason : reason + QLatin1Char(' ') + reasons.join(QLatin1Char(' '));
        m_device->addItem(tr("No usable GPU: %1").arg(reason), -1);
        if (auto *model = qobject_cast<QStandardItemModel *>(m_device->model()))
            model->item(0)->setEnabled(false);
        m_device->setToolTip(both);
        m_gpu->setToolTip(both);
        return;
    }
    if (cuda)
        for (const auto &g : m_gpuInfo.gpus)
            m_device->addItem(tr("%1: %2 (compute %3)")
                                  .arg(g.index)
                                  .arg(QString::fromStdString(g.name))
                                  .arg(QString::fromStdString(g.computeCapability)),
                              g.index);
    // The OpenCL devices, named as --device names them and as they are: a CPU device is not a GPU.
    for (std::size_t k = 0; k < m_described.size(); ++k) {
        const DeviceDescription &d = m_described[k];
        m_device->addItem(
            tr("%1: %2").arg(QString::fromStdString(d.id()), QString::fromStdString(d.describe())),
            describedEntry(int(k)));
        m_device->setItemData(m_device->count() - 1, QString::fromStdString(d.name), Qt::ToolTipRole);
    }
    const int devices = (cuda ? int(m_gpuInfo.gpus.size()) : 0) + int(m_described.size());
    if (devices > 1)
        m_device->addItem(tr("All %1 devices, in turn").arg(devices), kAllDevices);
    m_device->setToolTip(cuda ? QString() : tr("No usable CUDA GPU: %1").arg(reason));
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
    m_energy = new QCheckBox(tr("Measure energy"));
    m_energy->setObjectName(QStringLiteral("energyCheck"));
    m_energy->setToolTip(
        tr("Read each point's energy from its device's own counters where the machine has them "
           "(RAPL for the CPU and an integrated GPU, NVML for an NVIDIA GPU): a point shorter "
           "than the counters need runs longer for it, outside its timing. Off: none is read"));
    for (QAbstractSpinBox *s :
         std::initializer_list<QAbstractSpinBox *>{m_iterations, m_minTime, m_maxReps, m_budget, m_rounds})
        s->setKeyboardTracking(false);
    form->addRow(tr("Iterations:"), m_iterations);
    form->addRow(tr("Min time per point:"), m_minTime);
    form->addRow(tr("Max repetitions:"), m_maxReps);
    form->addRow(tr("Time budget:"), m_budget);
    form->addRow(tr("Rounds:"), m_rounds);
    form->addRow(QString(), m_coldCache);
    form->addRow(QString(), m_energy);
    m_fields << m_iterations << m_minTime << m_maxReps << m_budget << m_rounds << m_coldCache << m_energy;
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
    connect(m_energy, &QCheckBox::toggled, this, changed);
    return box;
}

} // namespace speeduplab
