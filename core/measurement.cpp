// SPDX-License-Identifier: MIT
// Measurement: a row's series key and label, and the status names.
#include "core/measurement.h"

#include <algorithm>

namespace speeduplab {

std::string Measurement::seriesKey() const
{
    return (run.empty() ? std::string() : run + '|') + workload + '|' + backend + '|' + variant + '|' +
           std::to_string(threads) + '|' + mode + '|' + transfers + '|' + std::to_string(device) +
           (conditions.cache == "cold" ? "|cold" : "");
}

std::string Measurement::deviceId() const
{
    if (isCpu())
        return {};
    return (isCuda() ? "cuda:" : backend + ':') + std::to_string(std::max(0, device));
}

std::string Measurement::seriesLabel(const std::string &deviceName) const
{
    std::string s;
    if (onDevice()) {
        // An OpenCL device is named as --device names it: it may be the CPU itself (PoCL), never
        // "GPU". CUDA's keep the label of every earlier result.
        if (isOpenCl())
            s = deviceId();
        else
            s = "GPU" + (device > 0 || !deviceName.empty() ? std::to_string(device) : std::string());
        if (!deviceName.empty())
            s += " (" + deviceName + ')';
        // The launches of launch mode, timed before the device was synchronised: said in words, so
        // that the curve never passes for the time of the work.
        s += mode == "unsynced" ? std::string(" launch, not synchronised") : ' ' + mode;
    } else {
        // 0 only in another tool's file (RunSet::isReference) that does not say how many.
        s = threads <= 0 ? std::string("CPU, threads not stated")
                         : "CPU " + std::to_string(threads) + (threads == 1 ? " thread" : " threads");
    }
    if (!variant.empty())
        s += " (" + variant + ')';
    if (transfers != "none" && !transfers.empty())
        s += " + " + transfers + " copies";
    if (conditions.cache == "cold")
        s += ", cold cache";
    return run.empty() ? s : run + ": " + s;
}

std::string Measurement::statusName(Status s)
{
    switch (s) {
    case Status::Ok:
        return "ok";
    case Status::Failed:
        return "failed";
    case Status::Skipped:
        return "skipped";
    case Status::Cancelled:
        return "cancelled";
    }
    return "ok";
}

bool Measurement::parseStatus(const std::string &name, Status &out)
{
    for (Status s : {Status::Ok, Status::Failed, Status::Skipped, Status::Cancelled})
        if (statusName(s) == name) {
            out = s;
            return true;
        }
    return false;
}

} // namespace speeduplab
