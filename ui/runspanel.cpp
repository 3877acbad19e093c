// SPDX-License-Identifier: MIT
// The Runs panel: each run with its colour, label, visibility and Remove, and the choice of A and B
// (A among runs with a CPU curve, B among runs with a GPU curve).
#include "ui/runspanel.h"

#include "ui/flowlayout.h"

#include "ui/charts/chartstyle.h"
#include "ui/runstore.h"
#include "words/format.h"

#include <QComboBox>

#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

namespace speeduplab {

namespace {

// The run's colour family: its CPU colour over its GPU colour.
QIcon swatch(int family)
{
    QPixmap p(16, 16);
    p.fill(Qt::transparent);
    QPainter painter(&p);
    painter.fillRect(1, 1, 14, 7, ChartStyle::inFamily(ChartStyle::cpuWinsColor(), family, false));
    painter.fillRect(1, 8, 14, 7, ChartStyle::inFamily(ChartStyle::gpuWinsColor(), family, true));
    return QIcon(p);
}

QString describe(const RunRecord &run, bool live)
{
    const ResultSet &r = run.results;
    QStringList lines;
    lines << QString::fromStdString(run.label);
    if (live)
        lines << RunsPanel::tr("Being measured now.");
    if (run.reference)
        lines << RunsPanel::tr("A reference run of another tool (%1), drawn dashed.")
                     .arg(QString::fromStdString(r.machine.programVersion));
    if (!run.source.empty())
        lines << RunsPanel::tr("From %1").arg(QString::fromStdString(run.source));
    if (!r.machine.cpuModel.empty())
        lines << QString::fromStdString(r.machine.cpuModel);
    for (const auto &g : r.machine.gpus)
        lines << QString::fromStdString(g.name);
    if (!r.machine.timestamp.empty())
        lines << RunsPanel::tr("Measured %1").arg(QString::fromStdString(r.machine.timestamp));
    lines << RunsPanel::tr("%n measurement(s)", nullptr, int(r.size()));
    return lines.join(QLatin1Char('\n'));
}

// The list of runs asks for its least height (two rows) and takes what the dock has beyond it. Its
// own hint (192 px) pushed A/B out of a short dock; an Ignored policy instead made its hint 0, so
// the panel's height for its width left the list out and the wrapped buttons were drawn over the
// hint below them.
class RunList : public QListWidget {
public:
    QSize sizeHint() const override { return {QListWidget::sizeHint().width(), minimumHeight()}; }
};

} // namespace

RunsPanel::RunsPanel(RunStore *store, QWidget *parent) : QWidget(parent), m_store(store)
{
    setObjectName(QStringLiteral("runsPanel"));
    auto *v = new QVBoxLayout(this);
    m_list = new RunList;
    m_list->setObjectName(QStringLiteral("runList"));
    m_list->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::SelectedClicked);
    m_list->setToolTip(tr("Each run: tick to show it, double-click (F2) to rename it"));
    m_list->setAccessibleName(tr("Runs"));
    m_list->setTextElideMode(Qt::ElideMiddle);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Two rows at the least, then the list scrolls: the buttons and A/B below stay in a short dock.
    m_list->setMinimumHeight(2 * m_list->fontMetrics().height() + 3 * m_list->frameWidth() + 12);
    m_list->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    v->addWidget(m_list, 1);

    // The buttons wrap to a second row in a narrow dock (Chinese at 1024 x 700), not out of it.
    auto *buttons = new FlowLayout;
    m_remove = new QPushButton(tr("Remove"));
    m_remove->setObjectName(QStringLiteral("removeRunButton"));
    m_remove->setToolTip(tr("Remove the selected run from the window (its file stays as it is)"));
    m_undo = new QPushButton(tr("Undo remove"));
    m_undo->setObjectName(QStringLiteral("undoRemoveButton"));
    m_undo->setToolTip(tr("Put back the runs just removed, where they were"));
    m_closeAll = new QPushButton(tr("Close all"));
    m_closeAll->setObjectName(QStringLiteral("closeAllRunsButton"));
    m_closeAll->setToolTip(tr("Remove every run but the one being measured: a new lesson (Undo remove puts "
                              "them back)"));
    buttons->addWidget(m_closeAll);
    buttons->addWidget(m_undo);
    buttons->addWidget(m_remove);
    v->addLayout(buttons);

    auto *form = m_form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // the chooser under its label when narrow
    m_a = new QComboBox;
    m_a->setObjectName(QStringLiteral("runAChooser"));
    m_b = new QComboBox;
    m_b->setObjectName(QStringLiteral("runBChooser"));
    for (QComboBox *c : {m_a, m_b}) { // a long run label is elided, not a reason to widen the dock
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(8);
    }
    m_a->setToolTip(tr("Run A: its CPU curves against run B's GPU on the time chart, and the base of the "
                       "ratio on the Compare tab"));
    m_bTip = tr("Run B: its GPU curves against run A's best CPU on the time chart and on the Compare tab");
    m_b->setToolTip(m_bTip);
    form->addRow(tr("CPU of run A:"), m_a);
    form->addRow(tr("GPU of run B:"), m_b);
    v->addLayout(form);
    m_hint = new QLabel;
    m_hint->setObjectName(QStringLiteral("runsHint"));
    m_hint->setWordWrap(true);
    m_hint->setStyleSheet(QStringLiteral("color: palette(mid);"));
    v->addWidget(m_hint);

    connect(m_list, &QListWidget::itemChanged, this, &RunsPanel::itemChanged);
    connect(m_list, &QListWidget::currentRowChanged, this,
            [this](int row) { m_remove->setEnabled(row >= 0 && row != m_store->liveRun()); });
    connect(m_remove, &QPushButton::clicked, this, &RunsPanel::removeSelected);
    connect(m_undo, &QPushButton::clicked, m_store, &RunStore::undoRemove);
    connect(m_closeAll, &QPushButton::clicked, m_store, &RunStore::removeAll);
    connect(m_a, &QComboBox::activated, this, &RunsPanel::choosePair);
    connect(m_b, &QComboBox::activated, this, &RunsPanel::choosePair);
    connect(m_store, &RunStore::runsChanged, this, &RunsPanel::refresh);
    refresh();
}

void RunsPanel::refresh()
{
    if (m_deferRefresh)
        return; // itemChanged rebuilds the list once it has returned
    m_refreshing = true;
    const int current = m_list->currentRow();
    m_list->clear();
    m_a->clear();
    m_b->clear();
    m_a->addItem(tr("(none)"), -1);
    m_b->addItem(tr("(none)"), -1);
    const std::vector<RunRecord> &runs = m_store->runs();
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const RunRecord &run = runs[i];
        const bool live = int(i) == m_store->liveRun();
        const QString label = QString::fromStdString(run.label);
        auto *item = new QListWidgetItem(swatch(int(i)), label);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable |
                       Qt::ItemIsEditable);
        item->setCheckState(run.visible ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(Format::plainTip(describe(run, live)));
        if (live || run.reference) {
            QFont f = item->font();
            f.setItalic(run.reference);
            f.setBold(live);
            item->setFont(f);
        }
        m_list->addItem(item);
        // A offers the runs with a CPU curve, B those with a GPU curve: what each side compares.
        auto has = [&run](bool gpu) {
            return std::any_of(run.results.rows.begin(), run.results.rows.end(), [gpu](const Measurement &m) {
                return m.ok() && (gpu ? m.onGpu() : m.isCpu());
            });
        };
        if (has(false) || int(i) == m_store->runA())
            m_a->addItem(swatch(int(i)), label, int(i));
        if (has(true) || int(i) == m_store->runB())
            m_b->addItem(swatch(int(i)), label, int(i));
    }
    m_list->setCurrentRow(std::min(current, m_list->count() - 1));
    m_a->setCurrentIndex(std::max(0, m_a->findData(m_store->runA())));
    m_b->setCurrentIndex(std::max(0, m_b->findData(m_store->runB())));
    m_b->setToolTip(m_b->count() > 1 ? m_bTip
                                     : m_bTip + QLatin1Char('\n') +
                                           tr("No run shown has a GPU curve yet: open "
                                              "one (File \u25b8 Open example has some)."));
    // A and B with two runs or more; with one, a line says how to get a second.
    const bool pair = runs.size() >= 2;
    m_a->setEnabled(pair);
    m_b->setEnabled(pair);
    m_form->setRowVisible(m_a, pair);
    m_form->setRowVisible(m_b, pair);
    m_hint->setText(pair ? tr("The time chart marks where A's best CPU and B's GPU cross; the Compare tab "
                              "shows B's GPU over A's best CPU, and B's time over A's.")
                         : tr("Open a second run to set A and B, one run's CPU against another's GPU "
                              "(File \u25b8 Open example has GPU runs)."));
    m_remove->setEnabled(m_list->currentRow() >= 0 && m_list->currentRow() != m_store->liveRun());
    m_undo->setEnabled(m_store->canUndoRemove());
    m_closeAll->setEnabled(m_store->runCount() > (m_store->liveRun() >= 0 ? 1 : 0));
    m_refreshing = false;
}

void RunsPanel::itemChanged(QListWidgetItem *item)
{
    if (m_refreshing)
        return;
    // The store's runsChanged would rebuild the list, deleting this item, while the list is still
    // in its signal: read everything first and rebuild the list afterwards, from the event loop.
    const int row = m_list->row(item);
    const bool visible = item->checkState() == Qt::Checked;
    const std::string label = item->text().toStdString();
    m_deferRefresh = true;
    m_store->setRunVisible(row, visible);
    m_store->setRunLabel(row, label); // an empty or taken name: the list shows what the run keeps
    m_deferRefresh = false;
    QTimer::singleShot(0, this, &RunsPanel::refresh);
}

void RunsPanel::removeSelected()
{
    const int row = m_list->currentRow();
    if (row >= 0 && row != m_store->liveRun())
        m_store->removeRun(row);
}

void RunsPanel::choosePair()
{
    m_store->setComparedRuns(m_a->currentData().toInt(), m_b->currentData().toInt());
}

} // namespace speeduplab
