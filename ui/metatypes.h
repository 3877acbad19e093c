// SPDX-License-Identifier: MIT
// The engine's value types as Qt metatypes, so that they can travel through queued signals
// between the sweep worker's thread and the GUI thread.
#pragma once

#include "core/measure/sweeprunner.h"
#include "core/model/measurement.h"
#include "core/model/resultset.h"
#include "core/plan/sweepplan.h"

#include <QMetaType>

#include <map>
#include <string>

namespace speeduplab {
/// Measured ceilings, as in MachineInfo::ceilings: name -> value in SI units.
using CeilingMap = std::map<std::string, double>;
} // namespace speeduplab

Q_DECLARE_METATYPE(speeduplab::SweepPlan)
Q_DECLARE_METATYPE(speeduplab::Measurement)
Q_DECLARE_METATYPE(speeduplab::ResultSet)
Q_DECLARE_METATYPE(speeduplab::SweepRunner::Progress)
Q_DECLARE_METATYPE(speeduplab::CeilingMap)

namespace speeduplab {

/// Registers the types above; called once before the first sweep.
inline void registerMetaTypes()
{
    qRegisterMetaType<SweepPlan>();
    qRegisterMetaType<Measurement>();
    qRegisterMetaType<ResultSet>();
    qRegisterMetaType<SweepRunner::Progress>();
    qRegisterMetaType<CeilingMap>();
    qRegisterMetaType<CeilingMap>("speeduplab::CeilingMap"); // the name the signals use
}

} // namespace speeduplab
