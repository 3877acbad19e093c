// SPDX-License-Identifier: MIT
// SeriesId: a curve's identity taken from a measurement, and whether a measurement is a point of it.
#include "core/model/seriesid.h"

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
    return m.kind() == kind && m.backend == backend && m.threads == threads && m.device == device &&
           m.mode == mode && m.variant == variant && m.run == run && m.workload == workload &&
           m.seriesKey() == key;
}

} // namespace speeduplab
