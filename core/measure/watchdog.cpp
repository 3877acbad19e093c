// SPDX-License-Identifier: MIT
// Watchdog: a thread that watches the user's stop and the deadline every 2 ms.
#include "core/measure/watchdog.h"

#include "core/measure/stoppingrule.h"

#include <chrono>

namespace speeduplab {

Watchdog::Watchdog(const std::atomic<bool> &stop, double deadline) : m_stop(stop), m_deadline(deadline)
{
    if (m_deadline <= 0)
        return;
    m_thread = std::thread([this] {
        std::unique_lock lock(m_mutex);
        while (!m_done) {
            if (m_stop.load()) {
                m_cut = true;
            } else if (!m_cut.load() && StoppingRule::now() >= m_deadline) {
                m_ranOut = true;
                m_cut = true;
            }
            m_wake.wait_for(lock, std::chrono::milliseconds(2));
        }
    });
}

Watchdog::~Watchdog()
{
    if (!m_thread.joinable())
        return;
    {
        std::lock_guard lock(m_mutex);
        m_done = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

} // namespace speeduplab
