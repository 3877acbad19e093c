// SPDX-License-Identifier: MIT
// StoppingRule: the tests the repeat loop asks, and their closed form for the time estimates.
#include "core/measure/stoppingrule.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace speeduplab {

namespace {

// A repetition this long is a measurement on its own, whatever minTime asks for.
double longRepetition(double minTime)
{
    return std::max(1.0, minTime);
}

} // namespace

double StoppingRule::now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

bool StoppingRule::warmUpCounts(double seconds) const
{
    return seconds >= longRepetition(m_minTime);
}

bool StoppingRule::enough(int reps, double measured, double wall) const
{
    if (reps >= m_maxReps || (reps >= 3 && wall >= wallLimit()))
        return true;
    if (measured >= m_minTime && reps >= 3)
        return true;
    return reps >= 1 && measured >= longRepetition(m_minTime);
}

bool StoppingRule::outOfTime(int reps, double now) const
{
    return reps > 0 && m_deadline > 0 && now > m_deadline;
}

double StoppingRule::repetitions(double seconds, double overhead) const
{
    // The smallest count for which each clause of enough() holds, and the first one wins. After
    // the warm-up and k samples the loop has run seconds + (k - counted) * (seconds + overhead).
    const double counted = warmUpCounts(seconds) ? 1 : 0;
    const double byMinTime = std::max(3.0, std::ceil(m_minTime / seconds));
    const double byLong = std::max(1.0, std::ceil(longRepetition(m_minTime) / seconds));
    const double byWall = std::max(3.0, std::ceil(counted + (wallLimit() - seconds) / (seconds + overhead)));
    return std::min(double(m_maxReps), std::min({byMinTime, byLong, byWall}));
}

double StoppingRule::pointSeconds(double seconds, double overhead) const
{
    const double counted = warmUpCounts(seconds) ? 1 : 0; // the warm-up is the first sample
    return seconds + (repetitions(seconds, overhead) - counted) * (seconds + overhead);
}

double StoppingRule::capToBudget(double seconds, double now) const
{
    return m_deadline > 0 ? std::min(seconds, std::max(0.0, m_deadline - now)) : seconds;
}

} // namespace speeduplab
