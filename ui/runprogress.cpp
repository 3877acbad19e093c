// SPDX-License-Identifier: MIT
// The sweep's progress bar and what it says: the point measured, the time left, the rounds.
#include "ui/runprogress.h"

#include "words/format.h"

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>

namespace speeduplab {

namespace {
// How much of a new estimate the shown finish time takes: enough to follow a real change
// within a few points, little enough that one noisy point does not make it jump.
constexpr double kSmoothing = 0.35;
// A point in flight longer than this shows its own running time.
constexpr double kLongPoint = 2.0;
} // namespace

void TimeLeft::reset()
{
    *this = TimeLeft();
}

void TimeLeft::report(double now, double remaining, double point)
{
    if (remaining < 0) {
        m_known = false;
        return;
    }
    const double finish = now + remaining;
    m_finish = m_known ? m_finish + kSmoothing * (finish - m_finish) : finish;
    m_known = true;
    m_point = std::clamp(point, 0.0, remaining);
    m_after = remaining - m_point;
    m_pointStart = now;
}

double TimeLeft::at(double now) const
{
    if (!m_known)
        return -1;
    // The points after the one in flight are still to come, however long this one takes.
    return std::max(m_finish - now, m_after);
}

RunProgress::RunProgress(QStatusBar *bar) : QObject(bar)
{
    m_bar = new QProgressBar;
    m_bar->setObjectName(QStringLiteral("progressBar"));
    m_bar->setMaximumWidth(240);
    m_bar->setTextVisible(true);
    m_bar->setFormat(QStringLiteral("%v / %m"));
    m_label = new QLabel;
    m_label->setObjectName(QStringLiteral("progressLabel"));
    m_label->setTextFormat(Qt::PlainText); // the point being measured: text, never markup
    // No stretch, and both hidden while idle: the status bar draws its temporary messages
    // ("Sweep finished", "Saved ...") in the space left of the permanent widgets.
    bar->addPermanentWidget(m_label);
    bar->addPermanentWidget(m_bar);
    m_label->hide();
    m_bar->hide();
    m_tick = new QTimer(this);
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, &RunProgress::showText);
}

void RunProgress::start(const QString &text)
{
    m_bar->setRange(0, 0); // busy until the first progress report (a calibration has none)
    m_bar->show();
    m_point.clear();
    m_left.reset();
    m_clock.start();
    m_label->setText(text);
    m_label->show();
}

QString RunProgress::point(const SweepRunner::Progress &p)
{
    const QString at = QString::fromStdString(p.current);
    QString said = at;
    if (p.again > 0)
        said = tr("%1, measured again (another program held a core; %2 of %3)")
                   .arg(at)
                   .arg(p.again)
                   .arg(p.againOf);
    else if (p.rounds > 1 && !p.refining)
        said = tr("%1, round %2 of %3").arg(at).arg(p.round + 1).arg(p.rounds);
    return Format::display(said);
}

void RunProgress::report(const SweepRunner::Progress &p)
{
    m_bar->setRange(0, std::max(1, p.total));
    m_bar->setValue(p.done);
    // Refining: the total is the budget's most, which the refinement may not need.
    m_point = (p.refining ? tr("Finding the crossovers: measuring %1 (%2 of at most %3)")
                          : tr("Measuring %1 (%2 of %3)"))
                  .arg(point(p))
                  .arg(std::min(p.done + 1, p.total))
                  .arg(p.total);
    m_left.report(now(), p.remaining, p.pointEstimate);
    showText();
    if (p.done < p.total)
        m_tick->start();
    else
        m_tick->stop();
}

void RunProgress::showText()
{
    if (m_point.isEmpty())
        return;
    QString text = m_point;
    const double t = now();
    if (m_left.inFlight(t) >= kLongPoint)
        text += tr(" \u00b7 this point %1 so far").arg(Format::duration(m_left.inFlight(t)));
    const double left = m_left.at(t);
    if (left >= 1)
        text += tr(" \u00b7 the sweep: about %1 left").arg(Format::duration(left));
    else if (left >= 0)
        text += tr(" \u00b7 the sweep is finishing");
    m_label->setText(text);
}

void RunProgress::setText(const QString &text)
{
    m_point.clear();
    m_label->setText(text);
}

void RunProgress::stop()
{
    m_tick->stop();
    m_point.clear();
    m_bar->hide();
    m_label->clear();
    m_label->hide();
}

} // namespace speeduplab
