// SPDX-License-Identifier: MIT
// LoadBanner's two-second check of CpuLoad, and CpuConditionsBanner's one sentence.
#include "ui/loadbanner.h"

#include "words/format.h"

#include <QTimer>

#include <cmath>

namespace speeduplab {

LoadBanner::LoadBanner(std::function<int()> sweepThreads, Source source, QWidget *parent)
    : Banner(QStringLiteral("loadBanner"), parent), m_sweepThreads(std::move(sweepThreads)),
      m_source(source ? std::move(source) : Source([load = CpuLoad()]() mutable { return load.sample(); }))
{
    m_timer = new QTimer(this);
    m_timer->setInterval(2000); // long enough to average out a blip, cheap enough to keep running
    connect(m_timer, &QTimer::timeout, this, &LoadBanner::check);
    check(); // the first sample: the baseline of the next
    // The first comparison soon, while the window is still being shown: a banner that came two
    // seconds later pushed the buttons under the mouse down as the user reached for them.
    QTimer::singleShot(300, this, [this] {
        check();
        if (!m_warned)
            m_timer->start();
    });
}

void LoadBanner::check()
{
    if (m_warned)
        return;
    const std::optional<CpuLoad::Load> load = m_source();
    if (!load || !CpuLoad::distorts(*load, m_sweepThreads ? m_sweepThreads() : load->cores))
        return;
    m_warned = true;
    m_timer->stop();
    setText(tr("Other programs are using %1 of %2 (%3 %): a sweep run now will time slower and noisier than "
               "this machine can do. Recordings you open are not affected.")
                .arg(QString::number(load->others, 'f', 1), tr("%n core(s)", nullptr, int(load->cores)))
                .arg(std::lround(load->share() * 100)));
    setVisible(true);
}

CpuConditionsBanner::CpuConditionsBanner(std::optional<std::string> warning, QWidget *parent)
    : Banner(QStringLiteral("cpuConditionsBanner"), parent)
{
    const std::string w = warning ? *warning : CpuConditions::read().warning();
    if (w.empty())
        return;
    setText(tr("CPU timings may vary: %1.").arg(QString::fromStdString(w)));
    setVisible(true);
}

} // namespace speeduplab
