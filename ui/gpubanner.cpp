// SPDX-License-Identifier: MIT
#include "ui/gpubanner.h"

#include "ui/format.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace speeduplab {

GpuBanner::GpuBanner(const MachineInfo::GpuState &state, QWidget *parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("gpuBanner"));
    setStyleSheet(QStringLiteral("#gpuBanner { background: #fff6db; border-bottom: 1px solid #e8d9a8; }"));
    auto *bh = new QHBoxLayout(this);
    bh->setContentsMargins(10, 4, 4, 4);
    m_text = new QLabel;
    m_text->setObjectName(QStringLiteral("gpuBannerText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    auto *close = new QToolButton;
    close->setText(QStringLiteral("\u00d7"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Hide this note"));
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    bh->addWidget(m_text, 1);
    bh->addWidget(close);
    setState(state);
}

void GpuBanner::setState(const MachineInfo::GpuState &state)
{
    const bool changed = !m_shown || state.usable != m_state.usable || state.reason != m_state.reason;
    m_shown = true;
    m_state = state;
    if (state.usable) {
        m_text->clear();
        setVisible(false);
        return;
    }
    m_text->setText(tr("No usable GPU: %1 CPU sweeps and opening recorded results (also GPU runs "
                       "recorded elsewhere) work fully.")
                        .arg(Format::sentence(QString::fromStdString(state.reason))));
    if (changed) // a note the user closed stays closed while it says the same
        setVisible(true);
}

QString GpuBanner::text() const
{
    return m_text->text();
}

} // namespace speeduplab
