// SPDX-License-Identifier: MIT
// CpuPeaks: the CPU's own limits (FMA peak, cache and DRAM bandwidth) that calibration measures (no Qt).
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

namespace speeduplab {

/// The CPU's own limits, measured with small kernels in the widest vector ISA the CPU has
/// (ERT / mixbench style): what no workload can beat, so that every point can be read as a
/// share of what the hardware allows. All of them throw Cancelled when stop is set.
class CpuPeaks {
public:
    /// Peak FLOP/s of `threads` threads issuing independent fused multiply-adds (2 FLOPs each).
    static double fmaFlopsPerS(int threads, const std::atomic<bool> &stop);
    /// Bandwidth of the in-place update y = s*x + y (12 bytes per element: x and y read, y
    /// written, as saxpy counts them) on `threads` threads, each on its own slice of
    /// `bytesPerThread` bytes (both arrays), kept in cache and swept many times: the bandwidth
    /// of the cache level that slice fits in.
    static double cacheBytesPerS(int threads, std::size_t bytesPerThread, const std::atomic<bool> &stop);
    /// How a kernel's traffic divides into reads and writes (Workload::Traffic for the CPU).
    enum class Mix {
        Read,      ///< x and y summed, nothing written: 8 bytes per element pair
        ReadWrite, ///< x and y each read and written back in place: 16 bytes
        Update     ///< y = s*x + y, as cacheBytesPerS: 12 bytes
    };
    /// The bandwidth of each of `mixes`, in order, on the same slices as cacheBytesPerS (one
    /// allocation for all of them): a cache serves reads and writes at once, so the mixes
    /// differ by up to twice.
    static std::vector<double> mixBytesPerS(int threads, std::size_t bytesPerThread,
                                            const std::vector<Mix> &mixes, const std::atomic<bool> &stop);
    /// STREAM triad from DRAM with each of `threadCounts` threads (one value each), over
    /// arrays of `bytesPerArray` each (far larger than the last cache), with streaming stores
    /// so that no write-allocate traffic is moved but not counted.
    static std::vector<double> dramTriadBytesPerS(const std::vector<int> &threadCounts,
                                                  std::size_t bytesPerArray, const std::atomic<bool> &stop);
    /// The vector ISA the peak kernels use here, e.g. "AVX-512".
    static std::string isa();
};

} // namespace speeduplab
