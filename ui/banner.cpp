// SPDX-License-Identifier: MIT
// Banner: the note's frame, its plain-text label and its close button.
#include "ui/banner.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace speeduplab {

Banner::Banner(const QString &name, QWidget *parent) : QFrame(parent)
{
    setObjectName(name);
    setStyleSheet(QStringLiteral("#%1 { background: #fff6db; border-bottom: 1px solid #e8d9a8; }").arg(name));
    auto *bh = new QHBoxLayout(this);
    bh->setContentsMargins(10, 4, 4, 4);
    // The text, and under it a row for the buttons addButton adds (the text keeps the width).
    auto *column = new QVBoxLayout;
    column->setContentsMargins(0, 0, 0, 0);
    m_row = new QHBoxLayout;
    m_row->setContentsMargins(0, 0, 0, 0);
    m_row->addStretch(1);
    m_text = new QLabel;
    m_text->setObjectName(name + QStringLiteral("Text"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    auto *close = new QToolButton;
    close->setText(QStringLiteral("\u00d7"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Hide this note"));
    close->setAccessibleName(tr("Hide this note")); // a screen reader would say "times"
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    column->addWidget(m_text);
    column->addLayout(m_row);
    bh->addLayout(column, 1);
    bh->addWidget(close, 0, Qt::AlignTop);
    setVisible(false);
}

void Banner::addButton(QAction *action)
{
    auto *button = new QToolButton;
    button->setObjectName(action->objectName() + QStringLiteral("Button"));
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setVisible(action->isVisible());
    connect(action, &QAction::changed, button, [button, action] { button->setVisible(action->isVisible()); });
    m_row->insertWidget(m_row->count() - 1, button); // before the stretch
}

QString Banner::text() const
{
    return m_text->text();
}

void Banner::setText(const QString &text)
{
    m_text->setText(text);
}

} // namespace speeduplab
