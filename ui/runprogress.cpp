// SPDX-License-Identifier: MIT
#include "ui/runprogress.h"

#include "ui/format.h"

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>

#include <algorithm>

namespace speeduplab {

RunProgress::RunProgress(QStatusBar *bar) : QObject(bar)
{
    m_bar = new QProgressBar;
    m_bar->setObjectName(QStringLiteral("progressBar"));
    m_bar->setMaximumWidth(240);
    m_bar->setTextVisible(true);
    m_bar->setFormat(QStringLiteral("%v / %m"));
    m_label = new QLabel;
    m_label->setObjectName(QStringLiteral("progressLabel"));
    // No stretch, and both hidden while idle: the status bar draws its temporary messages
    // ("Sweep finished", "Saved ...") in the space left of the permanent widgets.
    bar->addPermanentWidget(m_label);
    bar->addPermanentWidget(m_bar);
    m_label->hide();
    m_bar->hide();
}

void RunProgress::start(const QString &text)
{
    m_bar->setRange(0, 0); // busy until the first progress report (a calibration has none)
    m_bar->show();
    m_label->setText(text);
    m_label->show();
}

void RunProgress::report(const SweepRunner::Progress &p)
{
    m_bar->setRange(0, std::max(1, p.total));
    m_bar->setValue(p.done);
    QString text = tr("Measuring %1 (%2 of %3)")
                       .arg(QString::fromStdString(p.current))
                       .arg(std::min(p.done + 1, p.total))
                       .arg(p.total);
    if (p.remaining >= 0)
        text += tr(" \u00b7 about %1 left").arg(Format::duration(p.remaining));
    m_label->setText(text);
}

void RunProgress::setText(const QString &text)
{
    m_label->setText(text);
}

void RunProgress::stop()
{
    m_bar->hide();
    m_label->clear();
    m_label->hide();
}

} // namespace speeduplab
