// SPDX-License-Identifier: MIT
// CacheFlush: the buffer's size from the machine's caches, and the parallel write that flushes them.
#include "core/cacheflush.h"

#include "core/machineinfo.h"

#include <algorithm>
#include <cstring>

namespace speeduplab {

CacheFlush::CacheFlush(std::size_t bytes, int threads) : m_buffer(bytes), m_threads(std::max(1, threads))
{
    flush(); // touched once here, so that the first repetition does not pay for the page faults
}

std::size_t CacheFlush::bytesFor(const std::map<std::string, std::string> &caches, int logicalCores)
{
    MachineInfo m;
    m.caches = caches;
    const double perCore = m.cacheBytes("L2") * std::max(1, logicalCores);
    const double bytes = 2 * (m.cacheBytes("L3") + perCore);
    return std::clamp(std::size_t(bytes), std::size_t(64) << 20, std::size_t(2) << 30);
}

void CacheFlush::flush()
{
    ++m_value;
    unsigned char *data = m_buffer.data();
    const std::ptrdiff_t size = std::ptrdiff_t(m_buffer.size());
    constexpr std::ptrdiff_t chunk = 1 << 16;
    const unsigned char value = m_value;
    // Static schedule: each thread writes one contiguous share, evicting its own core's caches.
#pragma omp parallel for num_threads(m_threads) schedule(static)
    for (std::ptrdiff_t at = 0; at < size; at += chunk)
        std::memset(data + at, value, std::size_t(std::min(chunk, size - at)));
}

} // namespace speeduplab
