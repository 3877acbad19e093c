// SPDX-License-Identifier: MIT
// Measurement: a row's series key and name, and the status names.
#include "core/model/measurement.h"

#include <algorithm>
#include <charconv>

namespace speeduplab {

std::string Measurement::seriesKey() const
{
    std::string key;
    appendSeriesKey(key);
    return key;
}

void Measurement::appendSeriesKey(std::string &out) const
{
    char number[16];
    const auto put = [&](int v) { out.append(number, std::to_chars(number, number + sizeof number, v).ptr); };
    if (!run.empty())
        out.append(run).append(1, '|');
    out.append(workload).append(1, '|').append(backend).append(1, '|').append(variant).append(1, '|');
    put(threads);
    out.append(1, '|').append(mode).append(1, '|').append(transfers).append(1, '|');
    put(device);
    if (conditions.cache == "cold")
        out.append("|cold");
}

std::string Measurement::deviceId() const
{
    if (isCpu())
        return {};
    const DescribedBackend *b = describedByRow(backend);
    const std::string prefix(isCuda() ? DeviceIdPrefix::cuda : b ? b->prefix : std::string_view(backend));
    return prefix + ':' + std::to_string(std::max(0, device));
}

SeriesName Measurement::seriesName() const
{
    SeriesName s;
    s.run = run;
    s.device = isCpu()    ? SeriesName::Device::Cpu
               : isCuda() ? SeriesName::Device::Cuda
                          : SeriesName::Device::Id;
    s.id = deviceId();
    s.threads = threads;
    s.index = std::max(0, device);
    s.numbered = isCuda() && device > 0;
    s.mode = mode;
    s.variant = variant;
    s.copies = transfers == "none" ? std::string() : transfers;
    s.coldCache = conditions.cache == "cold";
    return s;
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
