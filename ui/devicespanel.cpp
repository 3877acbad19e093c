// SPDX-License-Identifier: MIT
// The Devices panel: the machine table and the caption saying whose machine it is.
#include "ui/devicespanel.h"

#include "ui/devicemodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace speeduplab {

DevicesPanel::DevicesPanel(DeviceModel *model, QWidget *parent) : QWidget(parent)
{
    auto *dv = new QVBoxLayout(this);
    dv->setContentsMargins(4, 4, 4, 4);
    m_caption = new QLabel;
    m_caption->setObjectName(QStringLiteral("devicesCaption"));
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::PlainText); // it names the file the machine was read from
    auto *view = new QTableView;
    view->setObjectName(QStringLiteral("deviceTable"));
    view->setModel(model);
    view->horizontalHeader()->setStretchLastSection(true);
    view->verticalHeader()->hide();
    view->setColumnWidth(0, 150);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setWordWrap(true);
    dv->addWidget(m_caption);
    dv->addWidget(view, 1);
}

void DevicesPanel::setCaption(const QString &text)
{
    m_caption->setText(text);
}

} // namespace speeduplab
