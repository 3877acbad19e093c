// SPDX-License-Identifier: MIT
// Run and Cancelled: the interface of one prepared measurement point, which the CPU kernels
// (core/kernels/cpukernels.h) and every device backend (cuda/, opencl/) implement, so that the repeat loop
// (core/measure/repeatloop.h) drives them all alike. In backend/, the room below core/ and the backends
// that names no backend: plain C++, no CUDA, OpenCL or Qt type.
#pragma once

#include <atomic>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace speeduplab {

/// Thrown when a stop was requested: by Run::runOnce between iterations or launches, and by the
/// calibrations between their timed runs. The runner turns it into a cancelled point.
class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("cancelled") {}
};

/// A stretch of host memory: a tensor a repetition reads or writes.
struct HostSpan {
    const void *data = nullptr;
    std::size_t bytes = 0;
};

/// One prepared point: buffers allocated and filled, kernels (or the thread team) warmed up, so
/// that runOnce times the operations and nothing else. Destroying it frees everything and never
/// throws.
class Run {
public:
    virtual ~Run() = default;
    /// Restores the inputs to their pristine state. Untimed; called before every repetition.
    virtual void reset() = 0;
    /// One repetition (the job's iterations), timed with steady_clock on the CPU and with events
    /// on the run's own stream on the GPU. Checks stop between iterations (between launches on
    /// the GPU) and throws Cancelled; a cancelled run stays usable. Returns seconds.
    virtual double runOnce(const std::atomic<bool> &stop) = 0;
    /// GPU mode "unsynced" only, where runOnce returns the host-clock time to queue the launches
    /// (the device not yet synchronised): the same launches of the last runOnce on the same
    /// clock, until the device had finished them. 0 for every other run.
    virtual double synchronisedSeconds() const { return 0; }
    /// What the point's row must say about how it was timed, once its repetitions are done: a
    /// device whose timestamps were refused, timed by the host's clock instead, and why. Empty
    /// when there is nothing to say.
    virtual std::string note() const { return {}; }
    /// The result, on the host: add: b; saxpy: y; reduce: 1 float; gemm: C; transfer: the copy
    /// that came back; scan: the running sums; spmv: y.
    virtual std::vector<float> output() = 0;
    /// The host memory a repetition reads and writes, which a cold-cache repetition evicts
    /// first (core/measure/cacheflush.h). Empty where it is not known: the whole cache is flushed.
    virtual std::vector<HostSpan> hostTensors() const { return {}; }
};

} // namespace speeduplab
