// SPDX-License-Identifier: MIT
// SeriesId: a curve's identity taken from a measurement, and whether a measurement is a point of it.
#include "core/model/seriesid.h"

#include <string>

namespace speeduplab {

SeriesId SeriesId::of(const Measurement &m)
{
    SeriesId id;
    id.key = m.seriesKey();
    id.workload = m.workload;
    id.kind = m.kind();
    id.backend = m.backend;
    id.threads = m.threads;
    id.variant = m.variant;
    id.device = m.device;
    id.mode = m.mode;
    id.run = m.run;
    return id;
}

bool SeriesId::matches(const Measurement &m) const
{
    if (!(m.kind() == kind && m.backend == backend && m.threads == threads && m.device == device &&
          m.mode == mode && m.variant == variant && m.run == run && m.workload == workload))
        return false;
    // The key last, built in a buffer kept for the thread: a chart's rebuild asks this of every
    // row of every curve, and a new string each time was a tenth of it.
    thread_local std::string buffer;
    buffer.clear();
    m.appendSeriesKey(buffer);
    return buffer == key;
}

} // namespace speeduplab
