// SPDX-License-Identifier: MIT
// EventSpan: whether a span of an OpenCL device's event timestamps is a time, by the device's own
// numbers (its timer's tick, its compute units and clock) and the host's clock around the same
// commands. A span refused here is not used: the point is timed by the host's clock instead and
// says why. Plain C++ (no OpenCL type), so that tests hold it against stand-in timestamps.
#pragma once

#include "backend/devicedescription.h"

#include <cstdint>
#include <string>

namespace speeduplab::opencl {

struct EventSpan {
    /// One repetition's work, as the row reports it: a span that implies more than the device
    /// could do is refused. 0: not checked (zero-copy moves no bytes).
    double bytes = 0;
    double flops = 0;

    /// Why the span from `start` to `end` (the device's timestamps, ns) is no time for device `d`,
    /// whose commands took `wall` seconds by the host's clock; "" when it is one. Refused: an end
    /// before the start, a span longer than the host saw, one under ten ticks of the device's timer,
    /// and one that implies more than 1 KiB moved, or 1024 FMAs done, a cycle on each compute unit.
    std::string refusal(const DeviceDescription &d, std::uint64_t start, std::uint64_t end,
                        double wall) const;

    /// Why a device's clock does not keep time: two commands, each enqueued and waited for, started
    /// `deviceApart` seconds apart by their events (negative: the second before the first), where
    /// the host's clock puts their starts at least `leastApart` (from the first's wait to the
    /// second's enqueue) and at most `mostApart` (from the first's enqueue to the second's wait)
    /// apart. "" when it keeps time. Placeholder timestamps (0, 1, 2, 3 ns) and a clock that stands
    /// still fail; a slow submission on a loaded machine does not.
    static std::string clockProblem(double leastApart, double mostApart, double deviceApart);

    /// "12.345 us", "1.234 ms": a span in a sentence.
    static std::string secondsText(double s);
};

} // namespace speeduplab::opencl
