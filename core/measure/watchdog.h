// SPDX-License-Identifier: MIT
// Watchdog: one stop flag for a sweep's points, set by the user's stop or by the budget's
// deadline, whichever comes first (no Qt).
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace speeduplab {

/// The flag every step of a point polls (Run::runOnce between iterations, the runner between
/// allocating, filling and measuring): set when `stop` is, or when the steady clock passes
/// `deadline` (StoppingRule::now()'s seconds; 0: none). So the budget is wall time: a point
/// whose first repetition would take a minute is cut when the budget runs out, not after it.
/// Without a deadline the flag is `stop` itself and no thread runs.
class Watchdog {
public:
    Watchdog(const std::atomic<bool> &stop, double deadline);
    ~Watchdog();
    Watchdog(const Watchdog &) = delete;
    Watchdog &operator=(const Watchdog &) = delete;

    const std::atomic<bool> &flag() const { return m_deadline > 0 ? m_cut : m_stop; }
    /// Whether the flag was set by the deadline, not by the user.
    bool ranOut() const { return m_ranOut.load(); }

private:
    const std::atomic<bool> &m_stop;
    double m_deadline;
    std::atomic<bool> m_cut{false}, m_ranOut{false};
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_done = false;
    std::thread m_thread;
};

} // namespace speeduplab
