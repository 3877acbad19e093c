#pragma once
// The engine's value types as Qt metatypes, so that they can travel through queued signals
// between the sweep worker's thread and the GUI thread.

#include "core/measurement.h"
#include "core/resultset.h"
#include "core/sweepplan.h"
#include "core/sweeprunner.h"

#include <QMetaType>

Q_DECLARE_METATYPE(speeduplab::SweepPlan)
Q_DECLARE_METATYPE(speeduplab::Measurement)
Q_DECLARE_METATYPE(speeduplab::ResultSet)
Q_DECLARE_METATYPE(speeduplab::SweepRunner::Progress)

namespace speeduplab {

/// Registers the types above; called once before the first sweep.
inline void registerMetaTypes()
{
    qRegisterMetaType<SweepPlan>();
    qRegisterMetaType<Measurement>();
    qRegisterMetaType<ResultSet>();
    qRegisterMetaType<SweepRunner::Progress>();
}

} // namespace speeduplab
