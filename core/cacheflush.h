// SPDX-License-Identifier: MIT
// CacheFlush: the buffer that evicts the CPU's caches before each cold-cache repetition (no Qt).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace speeduplab {

/// Evicts the CPU's caches before a cold-cache repetition (--cache cold): the point's threads
/// each write their share of a buffer larger than the last-level cache and every core's own
/// L2, so that the next repetition reads its tensors from DRAM. The runner calls flush()
/// between reset() and runOnce(), outside the timed region.
class CacheFlush {
public:
    /// bytes: the buffer's size (allocated and touched here); threads: how many threads write it.
    CacheFlush(std::size_t bytes, int threads);

    /// The buffer that evicts the caches described by `caches` (MachineInfo::caches) on
    /// `logicalCores` cores: twice the L3 plus every core's L2, at least 64 MiB (when the sizes
    /// are unknown, as on some virtual machines) and at most 2 GiB.
    static std::size_t bytesFor(const std::map<std::string, std::string> &caches, int logicalCores);

    /// Writes the whole buffer, a new value each time, so that no write can be skipped.
    void flush();
    std::size_t bytes() const { return m_buffer.size(); }

private:
    std::vector<unsigned char> m_buffer;
    int m_threads = 1;
    unsigned char m_value = 0;
};

} // namespace speeduplab
