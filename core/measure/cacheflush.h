// SPDX-License-Identifier: MIT
// CacheFlush: what evicts the CPU's caches before each cold-cache repetition (no Qt).
#pragma once

#include "backend/run.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace speeduplab {

/// Evicts the CPU's caches before a cold-cache repetition (--cache cold), so that the next one
/// reads its tensors from DRAM. A run that names its tensors (Run::hostTensors, every CPU
/// kernel) has their cache lines flushed from every level and core (clflushopt, or clflush where
/// it is missing, then a fence): a cost that grows with its working set, not with the caches. A
/// run that does not (a GPU point's pageable copies), and a CPU that has no such instruction, get
/// a buffer larger than the caches written instead. The runner calls flush() between reset()
/// and runOnce(), outside the timed region; the loop counts it in its wall time.
class CacheFlush {
public:
    /// bufferBytes: the fallback buffer's size, allocated and touched at its first use;
    /// threads: how many threads flush.
    CacheFlush(std::size_t bufferBytes, int threads);

    /// The buffer that evicts the caches described by `caches` (MachineInfo::caches) on
    /// `logicalCores` cores: twice the L3 plus every core's L2, at least 64 MiB (when the sizes
    /// are unknown, as on some virtual machines) and at most 2 GiB.
    static std::size_t bytesFor(const std::map<std::string, std::string> &caches, int logicalCores);

    /// Evicts `tensors`' cache lines; with none, writes the whole buffer, a new value each time.
    void flush(const std::vector<HostSpan> &tensors);
    /// Whether flush(tensors) flushes their lines (an x86-64 CPU) rather than writing the buffer.
    static bool flushesLines();
    /// What a flush of `tensorBytes` costs, by the flushes so far: the buffer's when 0.
    double secondsFor(double tensorBytes) const;
    std::size_t bufferBytes() const { return m_bufferBytes; }

private:
    void writeBuffer();
    std::vector<unsigned char> m_buffer;
    std::size_t m_bufferBytes = 0;
    int m_threads = 1;
    unsigned char m_value = 0;
    double m_bufferSeconds = 0;  ///< the last write of the buffer
    double m_secondsPerByte = 0; ///< the last flush of tensors' lines
};

} // namespace speeduplab
