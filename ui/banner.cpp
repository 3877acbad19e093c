// SPDX-License-Identifier: MIT
// Banner: the note's frame, its plain-text label and its close button.
#include "ui/banner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace speeduplab {

Banner::Banner(const QString &name, QWidget *parent) : QFrame(parent)
{
    setObjectName(name);
    setStyleSheet(QStringLiteral("#%1 { background: #fff6db; border-bottom: 1px solid #e8d9a8; }").arg(name));
    auto *bh = new QHBoxLayout(this);
    bh->setContentsMargins(10, 4, 4, 4);
    m_text = new QLabel;
    m_text->setObjectName(name + QStringLiteral("Text"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    auto *close = new QToolButton;
    close->setText(QStringLiteral("\u00d7"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Hide this note"));
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    bh->addWidget(m_text, 1);
    bh->addWidget(close);
    setVisible(false);
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
