// SPDX-License-Identifier: MIT
// LoadBanner and CpuConditionsBanner: the notes above the charts that say when other programs' CPU load
// or the CPU's frequency governor distort the timings.
#pragma once

#include "core/machine/cpuconditions.h"
#include "core/machine/cpuload.h"
#include "ui/banner.h"

#include <functional>
#include <optional>
#include <string>

class QTimer;

namespace speeduplab {

/// The note above the charts when other programs keep this machine's CPUs busy enough to
/// distort the timings (CpuLoad::distorts). It asks its source 0.3 s after it is made (before the
/// user can reach for what it would push down), then every two seconds, before and during a sweep
/// (the sweep's threads belong to this process and do not count), and says so once, with the
/// figure: after that it neither changes nor comes back when closed.
class LoadBanner : public Banner {
    Q_OBJECT
public:
    /// What other programs used since the previous call, or nothing yet (CpuLoad::sample).
    using Source = std::function<std::optional<CpuLoad::Load>()>;

    /// sweepThreads: the most threads the sweep on the panel keeps busy, asked at each check.
    /// source: where the load comes from; by default this machine's /proc.
    explicit LoadBanner(std::function<int()> sweepThreads, Source source = {}, QWidget *parent = nullptr);

    /// Asks the source once (the timer's work; reading /proc does not wait).
    void check();
    /// Whether the note was given (it is not given twice).
    bool hasWarned() const { return m_warned; }

private:
    std::function<int()> m_sweepThreads;
    Source m_source;
    QTimer *m_timer = nullptr;
    bool m_warned = false;
};

/// The CPU's frequency conditions that distort timings (a governor other than "performance"),
/// said once when the window opens: CpuConditions::warning(). Hidden when there is nothing to say.
class CpuConditionsBanner : public Banner {
    Q_OBJECT

public:
    /// warning: the sentence to show (empty: stays hidden); by default, this machine's now.
    explicit CpuConditionsBanner(std::optional<std::string> warning = {}, QWidget *parent = nullptr);
};

} // namespace speeduplab
