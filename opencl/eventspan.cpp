// SPDX-License-Identifier: MIT
// EventSpan: the rules by which an OpenCL device's timestamps are taken as a time or refused.
#include "opencl/eventspan.h"

#include <algorithm>
#include <cstdio>

namespace speeduplab::opencl {

std::string EventSpan::secondsText(double s)
{
    char text[48];
    if (s >= 1e-3)
        std::snprintf(text, sizeof text, "%.3f ms", s * 1e3);
    else
        std::snprintf(text, sizeof text, "%.3f us", s * 1e6);
    return text;
}

std::string EventSpan::refusal(const DeviceDescription &d, std::uint64_t start, std::uint64_t end,
                               double wall) const
{
    const std::string id = d.id();
    if (end < start)
        return id + "'s events end " + secondsText(double(start - end) * 1e-9) + " before they start";
    const double span = double(end - start) * 1e-9;
    if (span > wall * 1.05 + 1e-4)
        return id + "'s events span " + secondsText(span) + ", longer than the " + secondsText(wall) +
               " the host saw around them";
    // Under ten ticks, one tick is over a tenth of the span.
    const double tick = std::max(d.timerResolutionS, 1e-9);
    if (span < 10 * tick)
        return id + "'s events span " + secondsText(span) + ", under ten ticks of its timer (" +
               secondsText(tick) + " a tick)";
    // No device moves more than 1 KiB a cycle on each compute unit, nor does 1024 FMAs a cycle on
    // one (a Hopper SM's L1 moves 128 B, and it does 128 fp32 FMAs): a span that implies more is not
    // the work's. A device that gives no clock is held to bounds above any device built.
    const double cycles = double(std::max(0, d.clockMHz)) * 1e6 * std::max(1, d.computeUnits);
    const double maxBytes = cycles > 0 ? cycles * 1024 : 1e15;
    const double maxFlops = cycles > 0 ? cycles * 2048 : 1e17;
    const auto rate = [&](double work, double bound, const char *unit) {
        char text[240];
        std::snprintf(text, sizeof text,
                      "'s events span %s for %.4g %s: %.4g %s/s, more than the %.4g %s/s that %d compute "
                      "units could at %d MHz",
                      secondsText(span).c_str(), work, unit, work / span, unit, bound, unit,
                      std::max(1, d.computeUnits), d.clockMHz);
        return id + text;
    };
    if (bytes > 0 && bytes / span > maxBytes)
        return rate(bytes, maxBytes, "B");
    if (flops > 0 && flops / span > maxFlops)
        return rate(flops, maxFlops, "FLOP");
    return {};
}

std::string EventSpan::clockProblem(double leastApart, double mostApart, double deviceApart)
{
    // Halved and doubled (and 10 ms more): a clock a little fast or slow, or the host's own clock
    // read late, is not what this looks for.
    if (deviceApart >= 0.5 * leastApart && deviceApart <= 2 * mostApart + 0.01)
        return {};
    char text[240];
    std::snprintf(text, sizeof text,
                  "event timestamps do not follow time: two commands that started %.3f to %.3f ms apart by "
                  "the host's clock started %.6f ms apart by their events",
                  leastApart * 1e3, mostApart * 1e3, deviceApart * 1e3);
    return text;
}

} // namespace speeduplab::opencl
