// SPDX-License-Identifier: MIT
// A device's energy counters read around a point: the span between two readings (wraps, refusals),
// the counters' update interval, NVML's board energy, and a point's record of what it spent.
#include "core/machine/energy.h"

#include "core/machine/gpuclocks.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>
#include <tuple>

namespace speeduplab {

namespace {

constexpr double kMaxJoules = 1e12;
constexpr double kMaxSeconds = 1e7;

double steadySeconds()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// "12 ms", "1.5 s", "250 µs"
std::string duration(double s)
{
    char buf[32];
    if (s >= 1)
        std::snprintf(buf, sizeof buf, "%.3g s", s);
    else if (s >= 1e-3)
        std::snprintf(buf, sizeof buf, "%.3g ms", s * 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.3g \u00b5s", s * 1e6);
    return buf;
}

std::string joulesText(double j)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g J", j);
    return buf;
}

} // namespace

std::string PointEnergy::problem() const
{
    for (const auto &[name, v, limit] :
         {std::tuple{"energy_j", joules, kMaxJoules}, std::tuple{"energy_s", seconds, kMaxSeconds},
          std::tuple{"j_per_op", perOperation, kMaxJoules}})
        if (!(std::isfinite(v) && v >= 0 && v <= limit))
            return std::string(name) + ": must be a finite number from 0 to " +
                   (limit == kMaxSeconds ? "1e7" : "1e12");
    const int given = (joules > 0) + (seconds > 0) + (perOperation > 0);
    if (given != 0 && given != 3)
        return "energy_j: energy_j, energy_s and j_per_op must be given together, each above 0";
    if (perOperation > joules * (1 + 1e-9))
        return "j_per_op: must not be above energy_j (a span holds at least one operation)";
    return {};
}

PointEnergy PointEnergy::pooled(const std::vector<PointEnergy> &rounds)
{
    PointEnergy e;
    double operations = 0;
    for (const PointEnergy &r : rounds) {
        if (!r.measured())
            continue;
        e.joules += r.joules;
        e.seconds += r.seconds;
        operations += r.operations();
        if (e.counters.empty())
            e.counters = r.counters;
    }
    if (operations > 0) {
        e.perOperation = e.joules / operations;
        return e;
    }
    e = {};
    for (const PointEnergy &r : rounds)
        if (!r.note.empty() || !r.counters.empty()) {
            e.note = r.note;
            e.counters = r.counters;
            break;
        }
    return e;
}

EnergyMeter EnergyMeter::unavailable(std::string why)
{
    EnergyMeter m;
    m.m_why = why.empty() ? std::string("no energy counters") : std::move(why);
    return m;
}

EnergyMeter::EnergyMeter(std::vector<Counter> counters, std::string description, double nominalUpdate,
                         ReadFn read, ClockFn clock)
    : m_counters(std::move(counters)), m_description(std::move(description)), m_update(nominalUpdate),
      m_read(std::move(read)), m_clock(clock ? std::move(clock) : ClockFn(steadySeconds))
{
    if (m_counters.empty() || !m_read)
        m_why = "no energy counters";
}

EnergyMeter EnergyMeter::nvml(const GpuClocks &clocks, int index, const std::string &pciBusId)
{
    unsigned long long mJ = 0;
    std::string why;
    if (!clocks.energyMilliJoules(index, pciBusId, mJ, why))
        return unavailable(why);
    const GpuClocks *c = &clocks; // GpuClocks::instance() lives for the process
    auto read = [c, index, pciBusId](std::vector<double> &joules, std::string &problem) {
        unsigned long long v = 0;
        if (!c->energyMilliJoules(index, pciBusId, v, problem))
            return false;
        joules.assign(1, double(v) * 1e-3);
        return true;
    };
    // NVML's counter is 64-bit: it does not wrap in the life of a GPU.
    return EnergyMeter({{"NVML total energy", 0}}, "NVML total energy (the GPU board)", 0.1, read);
}

std::optional<EnergyMeter::Reading> EnergyMeter::read(std::string &problem) const
{
    if (!available())
        return std::nullopt;
    Reading r;
    if (!m_read(r.joules, problem) || r.joules.size() != m_counters.size()) {
        if (problem.empty())
            problem = "the energy counters gave " + std::to_string(r.joules.size()) + " values for " +
                      std::to_string(m_counters.size()) + " counters";
        return std::nullopt;
    }
    r.at = m_clock();
    return r;
}

void EnergyMeter::measureUpdate(double maxSeconds)
{
    std::string problem;
    const std::optional<Reading> first = read(problem);
    if (!first)
        return;
    const double start = m_clock();
    // The first counter's updates: counters of several domains need not update together, and
    // any of them changing would look like a faster update than each has.
    double last = first->joules.front();
    std::vector<double> changes; // when it changed, seconds
    while (m_clock() - start < maxSeconds && changes.size() < 2) {
        std::this_thread::sleep_for(std::chrono::microseconds(50));
        const std::optional<Reading> r = read(problem);
        if (!r)
            return;
        if (r->joules.front() != last) {
            changes.push_back(r->at);
            last = r->joules.front();
        }
    }
    if (changes.size() == 2 && changes[1] > changes[0])
        m_update = changes[1] - changes[0];
}

EnergyMeter::Span EnergyMeter::between(const Reading &a, const Reading &b) const
{
    Span s;
    s.seconds = b.at - a.at;
    if (a.joules.size() != m_counters.size() || b.joules.size() != m_counters.size() || !(s.seconds > 0)) {
        s.problem = "the energy counters were not read twice";
        return s;
    }
    double total = 0;
    for (std::size_t i = 0; i < m_counters.size(); ++i) {
        const Counter &c = m_counters[i];
        const double from = a.joules[i], to = b.joules[i];
        double rise = to - from;
        if (from == 0 && to == 0) {
            s.problem = c.name + " reads 0: the counter is not counting, refused";
        } else if (rise == 0 && s.seconds >= minimumSpan()) {
            s.problem = c.name + " did not change in " + duration(s.seconds) +
                        ": the counter is not updated, refused";
        } else if (rise < 0) {
            // A wrap: the counter passed its range and began again at 0.
            const double wrapped = c.wrapJoules > 0 ? c.wrapJoules - from + to : -1;
            if (wrapped >= 0 && wrapped <= maxPowerW * s.seconds)
                rise = wrapped;
            else
                s.problem =
                    c.name + " went backwards (from " + joulesText(from) + " to " + joulesText(to) +
                    (c.wrapJoules > 0 ? ", which is no wrap at " + joulesText(c.wrapJoules) : std::string()) +
                    "), refused";
        } else if (rise > maxPowerW * s.seconds) {
            s.problem = c.name + " rose by " + joulesText(rise) + " in " + duration(s.seconds) +
                        ", more than any device draws, refused";
        }
        if (!s.problem.empty())
            return s;
        total += rise;
    }
    s.joules = total;
    return s;
}

std::string EnergyText::tooShort(double seconds, const EnergyMeter &meter)
{
    return "too short to measure energy: the repetitions lasted " + duration(seconds) +
           ", and the counters need " + duration(meter.minimumSpan()) + " (" +
           std::to_string(int(EnergyMeter::spanUpdates)) + " of their updates, every " +
           duration(meter.updateSeconds()) + ")";
}

std::string EnergyText::whyNone(const std::string &device, const std::string &why)
{
    return why.empty() ? std::string() : "no energy for " + device + ": " + why;
}

} // namespace speeduplab
