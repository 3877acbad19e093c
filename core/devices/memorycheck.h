// SPDX-License-Identifier: MIT
// MemoryCheck: whether a point's buffers fit in host or GPU memory, the one rule a point is skipped
// by for want of memory (no Qt).
#pragma once

#include <string>

namespace speeduplab {

struct DeviceDescription;
struct Job;
class Workload;

/// Whether one point's buffers fit in memory: what it needs against what is available. This is
/// the one rule a point is skipped by: SweepRunner asks it before it allocates a point, and asks
/// it for the whole plan before a run starts (SweepRunner::memoryShortfalls), so the sweep panel
/// can name the sizes that will not fit while the user edits them.
struct MemoryCheck {
    /// A point may use at most this share of the available memory: the rest is left to the
    /// OS, this program and the allocators.
    static constexpr double hostShare = 0.9;
    static constexpr double gpuShare = 0.95;

    bool gpu = false;     ///< device memory; else host memory
    int n = 0;            ///< the point's tensor edge
    double need = 0;      ///< bytes
    double available = 0; ///< bytes; 0 or less: unknown (the allocation decides)
    /// An OpenCL device's name ("opencl:0"): its memory is its size (OpenCL says nothing of what
    /// is free), and it also bounds each buffer. Empty for the host and CUDA.
    std::string deviceName;
    double largest = 0;  ///< the point's biggest buffer, in bytes (OpenCL)
    double maxAlloc = 0; ///< the device's largest buffer, in bytes; 0 or less: unknown (OpenCL)

    bool fits() const;
    /// Whether the biggest buffer is what does not fit (an OpenCL device's per-buffer limit).
    bool bufferTooLarge() const;
    /// Why the point is skipped: "not enough host memory: n = 65536 needs 64.00 GiB, 22.10 GiB is
    /// available" (on the GPU: "... is free").
    std::string reason() const;

    /// The host memory of a workload's point (inputs, working copies and the checked output).
    static MemoryCheck host(const Workload &workload, int n, double available);
    /// The device memory of a GPU job (the CUDA backend's count; 0 without CUDA).
    static MemoryCheck device(const Job &job, double available);
    /// The memory of an OpenCL job on `device` (the OpenCL backend's count, against the device's
    /// size and largest buffer; always fits without OpenCL).
    static MemoryCheck opencl(const Job &job, const DeviceDescription &device);
};

} // namespace speeduplab
