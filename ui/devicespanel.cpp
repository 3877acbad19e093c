// SPDX-License-Identifier: MIT
// The Devices panel: the machine table, the choice of whose machine, and the caption that says it.
#include "ui/devicespanel.h"

#include "ui/devicemodel.h"
#include "ui/runstore.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace speeduplab {

DevicesPanel::DevicesPanel(DeviceModel *model, const RunStore *store, QWidget *parent)
    : QWidget(parent), m_model(model), m_store(store)
{
    auto *dv = new QVBoxLayout(this);
    dv->setContentsMargins(4, 4, 4, 4);
    auto *row = new QHBoxLayout;
    auto *label = new QLabel(tr("Machine of:"));
    m_choice = new QComboBox;
    m_choice->setObjectName(QStringLiteral("devicesChoice"));
    m_choice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_choice->setMinimumContentsLength(16);
    label->setBuddy(m_choice);
    row->addWidget(label);
    row->addWidget(m_choice, 1);
    m_caption = new QLabel;
    m_caption->setObjectName(QStringLiteral("devicesCaption"));
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::PlainText); // it names a run, whose label comes from a file
    auto *view = new QTableView;
    view->setObjectName(QStringLiteral("deviceTable"));
    view->setAccessibleName(tr("Devices"));
    view->setModel(model);
    view->horizontalHeader()->setStretchLastSection(true);
    view->verticalHeader()->hide();
    view->setColumnWidth(0, 150);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setWordWrap(true);
    dv->addLayout(row);
    dv->addWidget(m_caption);
    dv->addWidget(view, 1);
    connect(m_choice, &QComboBox::currentIndexChanged, this, &DevicesPanel::showChosen);
    connect(m_store, &RunStore::runsChanged, this, &DevicesPanel::listRuns);
    connect(m_store, &RunStore::ceilingsChanged, this, &DevicesPanel::refresh);
    listRuns();
}

void DevicesPanel::setHere(const MachineInfo &here)
{
    m_here = here;
    showChosen();
}

void DevicesPanel::refresh()
{
    showChosen();
}

void DevicesPanel::listRuns()
{
    std::vector<std::string> labels;
    for (const RunRecord &r : m_store->runs())
        labels.push_back(r.label);
    const QString was = m_choice->currentData().toString();
    QString chosen = was;
    // A run that was not listed (opened, or a sweep started) is what the user looks at now.
    for (auto it = labels.rbegin(); it != labels.rend(); ++it)
        if (std::find(m_listed.begin(), m_listed.end(), *it) == m_listed.end()) {
            chosen = QString::fromStdString(*it);
            break;
        }
    m_listed = labels;
    {
        const QSignalBlocker quiet(m_choice);
        m_choice->clear();
        m_choice->addItem(tr("This machine"), QString());
        for (const std::string &l : labels)
            m_choice->addItem(QString::fromStdString(l), QString::fromStdString(l));
        const int at = m_choice->findData(chosen);
        m_choice->setCurrentIndex(at > 0 ? at : 0);
    }
    showChosen();
}

void DevicesPanel::showChosen()
{
    const QString label = m_choice->currentData().toString();
    const RunRecord *run = nullptr;
    for (const RunRecord &r : m_store->runs())
        if (!label.isEmpty() && r.label == label.toStdString())
            run = &r;
    if (!run) {
        m_model->setMachine(m_here);
        m_caption->setText(tr("This machine, where SpeedupLab runs now."));
        return;
    }
    const MachineInfo &machine = run->results.machine;
    m_model->setMachine(machine);
    m_caption->setText(machine.sameHardware(m_here)
                           ? tr("The machine run \u201c%1\u201d was measured on: this one.").arg(label)
                           : tr("The machine run \u201c%1\u201d was recorded on, not this one.").arg(label));
}

} // namespace speeduplab
