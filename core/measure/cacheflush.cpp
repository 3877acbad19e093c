// SPDX-License-Identifier: MIT
// CacheFlush: the tensors' cache lines flushed (clflushopt), or the fallback buffer written, and
// the cost of each for the time estimates.
#include "core/measure/cacheflush.h"

#include "core/machine/machineinfo.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#define SPEEDUPLAB_FLUSHES_LINES 1
#endif

namespace speeduplab {

namespace {

constexpr std::size_t line = 64; // x86-64's cache line; clflush works on the line holding its address

double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

#ifdef SPEEDUPLAB_FLUSHES_LINES
bool hasClflushopt()
{
    unsigned a = 0, b = 0, c = 0, d = 0;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 23)) != 0;
}

// clflushopt: flushes are not ordered with each other, only by the fence at the end.
__attribute__((target("clflushopt"))) void flushOpt(const char *p, const char *end)
{
    for (; p < end; p += line)
        _mm_clflushopt(const_cast<char *>(p));
}

void flushPlain(const char *p, const char *end)
{
    for (; p < end; p += line)
        _mm_clflush(p);
}
#endif

} // namespace

CacheFlush::CacheFlush(std::size_t bufferBytes, int threads)
    : m_bufferBytes(bufferBytes), m_threads(std::max(1, threads))
{
}

std::size_t CacheFlush::bytesFor(const std::map<std::string, std::string> &caches, int logicalCores)
{
    MachineInfo m;
    m.caches = caches;
    const double perCore = m.cacheBytes("L2") * std::max(1, logicalCores);
    const double bytes = 2 * (m.cacheBytes("L3") + perCore);
    return std::clamp(std::size_t(bytes), std::size_t(64) << 20, std::size_t(2) << 30);
}

bool CacheFlush::flushesLines()
{
#ifdef SPEEDUPLAB_FLUSHES_LINES
    return true;
#else
    return false;
#endif
}

void CacheFlush::flush(const std::vector<HostSpan> &tensors)
{
#ifdef SPEEDUPLAB_FLUSHES_LINES
    if (!tensors.empty()) {
        static const bool opt = hasClflushopt();
        const double t0 = now();
        std::size_t total = 0;
        for (const HostSpan &s : tensors) {
            // From the line that holds the first byte to the one that holds the last.
            const char *begin = reinterpret_cast<const char *>(std::uintptr_t(s.data) & ~(line - 1));
            const char *end = static_cast<const char *>(s.data) + s.bytes;
            total += s.bytes;
            // In shares of at least 4 MiB: a 16 KiB tensor is not worth waking a team for.
            const std::ptrdiff_t size = end - begin;
            constexpr std::ptrdiff_t share = std::ptrdiff_t(4) << 20;
            const int threads = int(std::clamp<std::ptrdiff_t>(size / share, 1, m_threads));
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1)
            for (std::ptrdiff_t at = 0; at < size; at += share) {
                const char *from = begin + at, *to = begin + std::min(size, at + share);
                if (opt)
                    flushOpt(from, to);
                else
                    flushPlain(from, to);
            }
        }
        _mm_mfence(); // every flush done, before the timed repetition's first load
        m_secondsPerByte = total > 0 ? (now() - t0) / double(total) : 0;
        return;
    }
#endif
    const double t0 = now();
    writeBuffer();
    m_bufferSeconds = now() - t0;
}

void CacheFlush::writeBuffer()
{
    if (m_buffer.empty()) {
        m_buffer.resize(m_bufferBytes); // touched by the write below, before any timing
        ++m_value;
    }
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

double CacheFlush::secondsFor(double tensorBytes) const
{
    if (tensorBytes > 0 && flushesLines())
        return tensorBytes * m_secondsPerByte;
    return m_bufferSeconds;
}

} // namespace speeduplab
