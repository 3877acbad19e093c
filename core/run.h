#pragma once
// The interface of one prepared measurement point, shared by the CPU kernels (core/cpukernels.h)
// and the GPU backend (cuda/gpubackend.h), so that the repeat loop (core/sweeprunner.cpp) drives
// both the same way. Header-only, with no CUDA or Qt type: cuda/ includes it too.

#include <atomic>
#include <stdexcept>
#include <vector>

namespace speeduplab {

/// Thrown when a stop was requested: by Run::runOnce between iterations or launches, and by the
/// calibrations between their timed runs. The runner turns it into a cancelled point.
class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("cancelled") {}
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
    /// The result, on the host: add: b; saxpy: y; reduce: 1 float; gemm: C; transfer: the copy
    /// that came back.
    virtual std::vector<float> output() = 0;
};

} // namespace speeduplab
