// SPDX-License-Identifier: MIT
// What a point was measured under (cache, rounds, the GPU's clocks and throttling, an unsynced row's
// synchronised time), and its CSV and JSON fields.
#include "core/model/pointconditions.h"

#include "core/io/texts.h"
#include "core/machine/sweepconditions.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

namespace speeduplab {

namespace {

// The limits a file's values must keep: far beyond any GPU, and far below what would overflow
// a chart's axis or a sum.
constexpr double kMaxMHz = 100000;
constexpr double kMaxTemperatureC = 1000;
constexpr double kMaxPowerW = 100000;
constexpr double kMaxSeconds = 1e7;
constexpr double kOrderSlack = 1e-9;

std::string number(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

struct SampleField {
    const char *name;
    double GpuClockSample::*member;
};
// The numeric fields of a clock sample, as CSV columns (with _start/_end) and JSON keys.
const SampleField kSampleFields[] = {{"sm_mhz", &GpuClockSample::smMHz},
                                     {"memory_mhz", &GpuClockSample::memoryMHz},
                                     {"temperature_c", &GpuClockSample::temperatureC},
                                     {"power_w", &GpuClockSample::powerW}};

struct SyncedField {
    const char *name;
    double PointConditions::*member;
};
// The synchronised time of an unsynced row, as CSV columns and JSON keys.
const SyncedField kSyncedFields[] = {{"synced_median_s", &PointConditions::syncedMedian},
                                     {"synced_min_s", &PointConditions::syncedMin},
                                     {"synced_max_s", &PointConditions::syncedMax}};

struct EnergyField {
    const char *name;
    double PointEnergy::*member;
};
// A point's energy, as CSV columns and JSON keys: present only on a row that has it.
const EnergyField kEnergyFields[] = {{"energy_j", &PointEnergy::joules},
                                     {"energy_s", &PointEnergy::seconds},
                                     {"j_per_op", &PointEnergy::perOperation}};

double parseNumber(const std::string &s, const std::string &column)
{
    char *end = nullptr;
    errno = 0;
    const double v = std::strtod(s.c_str(), &end);
    if (s.empty() || end != s.c_str() + s.size())
        throw std::invalid_argument("column " + column + ": \"" + detail::shown(s) + "\" is not a number");
    return v;
}

std::string sampleProblem(const GpuClockSample &s, const char *when)
{
    if (!s.available)
        return {};
    const std::string at = std::string(" (") + when + ")";
    if (!(s.smMHz >= 0 && s.smMHz <= kMaxMHz))
        return "sm_mhz" + at + ": must be a clock in MHz from 0 to 100000";
    if (!(s.memoryMHz >= 0 && s.memoryMHz <= kMaxMHz))
        return "memory_mhz" + at + ": must be a clock in MHz from 0 to 100000";
    if (!(s.temperatureC >= -1 && s.temperatureC <= kMaxTemperatureC))
        return "temperature_c" + at + ": must be from -1 (unknown) to 1000";
    if (!(s.powerW >= -1 && s.powerW <= kMaxPowerW))
        return "power_w" + at + ": must be from -1 (unknown) to 100000";
    return {};
}

} // namespace

void PointConditions::recordClocks(const GpuClockSample &start, const GpuClockSample &end,
                                   GpuClockReference &reference, std::string &reason)
{
    clockStart = start;
    clockEnd = end;
    reference.add(start);
    reference.add(end);
    const std::string why = GpuClocks::throttleWhy(reference.smMHz, start, end);
    if (why.empty())
        return;
    throttled = true;
    reason += (reason.empty() ? "" : "; ") + std::string("throttled: ") + why;
}

double PointConditions::roundSpread(double median) const
{
    if (rounds <= 1 || !(median > 0))
        return 0;
    return (roundMax - roundMin) / median;
}

std::string PointConditions::roundSummary(double median) const
{
    if (rounds <= 1)
        return {};
    char buf[64];
    std::snprintf(buf, sizeof buf, "%d rounds, spread %.1f %%", rounds, 100 * roundSpread(median));
    return buf;
}

const std::vector<std::string> &PointConditions::csvColumns()
{
    static const std::vector<std::string> columns = [] {
        std::vector<std::string> c{"cache",     "rounds",         "round_min_s", "round_max_s",
                                   "throttled", "disturbed_reps", "remeasured"};
        for (const char *when : {"_start", "_end"}) {
            for (const SampleField &f : kSampleFields)
                c.push_back(f.name + std::string(when));
            c.push_back("throttle_reasons" + std::string(when));
        }
        for (const SyncedField &f : kSyncedFields)
            c.push_back(f.name);
        for (const char *name : {"placement", "placed_on", "siblings_shared", "efficiency_cores"})
            c.push_back(name);
        for (const EnergyField &f : kEnergyFields)
            c.push_back(f.name);
        c.push_back("energy_counters");
        c.push_back("energy_note");
        return c;
    }();
    return columns;
}

std::vector<std::string> PointConditions::csvCells() const
{
    // Empty, not 0, where a value does not apply: the spread of rounds of a point measured in
    // one, the synced time of a point that was not timed unsynced.
    const bool spread = roundMin > 0 || roundMax > 0;
    std::vector<std::string> c{cache,
                               std::to_string(rounds),
                               spread ? number(roundMin) : std::string(),
                               spread ? number(roundMax) : std::string(),
                               throttled ? "true" : "false",
                               std::to_string(disturbedReps),
                               std::to_string(remeasured)};
    for (const GpuClockSample *s : {&clockStart, &clockEnd}) {
        for (const SampleField &f : kSampleFields)
            c.push_back(s->available ? number(s->*f.member) : std::string());
        c.push_back(s->available ? std::to_string(s->throttleReasons) : std::string());
    }
    for (const SyncedField &f : kSyncedFields)
        c.push_back(hasSynced() ? number(this->*f.member) : std::string());
    c.push_back(placement);
    c.push_back(placedOn);
    c.push_back(siblingsShared ? "true" : "false");
    c.push_back(std::to_string(efficiencyCores));
    for (const EnergyField &f : kEnergyFields) // absent, not 0, on a row without energy
        c.push_back(energy.measured() ? number(energy.*f.member) : std::string());
    c.push_back(energy.counters);
    c.push_back(energy.note);
    return c;
}

PointConditions PointConditions::fromCsv(const std::function<const std::string *(const char *)> &cell)
{
    PointConditions c;
    if (const std::string *s = cell("cache"))
        c.cache = *s;
    if (const std::string *s = cell("rounds")) {
        const double v = parseNumber(*s, "rounds");
        if (v != std::floor(v) || std::fabs(v) > 1e6)
            throw std::invalid_argument("column rounds: \"" + detail::shown(*s) + "\" is not a whole number");
        c.rounds = int(v);
    }
    for (const auto &[name, out] :
         {std::pair{"disturbed_reps", &c.disturbedReps}, std::pair{"remeasured", &c.remeasured}})
        if (const std::string *s = cell(name)) {
            const double v = parseNumber(*s, name);
            if (v != std::floor(v) || std::fabs(v) > 1e9)
                throw std::invalid_argument(std::string("column ") + name + ": \"" + detail::shown(*s) +
                                            "\" is not a whole number");
            *out = int(v);
        }
    if (const std::string *s = cell("round_min_s"); s && !s->empty())
        c.roundMin = parseNumber(*s, "round_min_s");
    if (const std::string *s = cell("round_max_s"); s && !s->empty())
        c.roundMax = parseNumber(*s, "round_max_s");
    for (const auto &[name, out] :
         {std::pair{"throttled", &c.throttled}, std::pair{"siblings_shared", &c.siblingsShared}})
        if (const std::string *s = cell(name);
            s && !(std::string_view(name) == "siblings_shared" && s->empty())) {
            if (*s != "true" && *s != "false")
                throw std::invalid_argument(std::string("column ") + name + ": \"" + detail::shown(*s) +
                                            "\" is not true or false");
            *out = *s == "true";
        }
    for (const auto &[name, out] :
         {std::pair{"placement", &c.placement}, std::pair{"placed_on", &c.placedOn}})
        if (const std::string *s = cell(name))
            *out = *s;
    if (const std::string *s = cell("efficiency_cores"); s && !s->empty()) {
        const double v = parseNumber(*s, "efficiency_cores");
        if (v != std::floor(v) || std::fabs(v) > 1e6)
            throw std::invalid_argument("column efficiency_cores: \"" + detail::shown(*s) +
                                        "\" is not a whole number");
        c.efficiencyCores = int(v);
    }
    for (const SyncedField &f : kSyncedFields)
        if (const std::string *s = cell(f.name); s && !s->empty())
            c.*f.member = parseNumber(*s, f.name);
    for (const EnergyField &f : kEnergyFields)
        if (const std::string *s = cell(f.name); s && !s->empty())
            c.energy.*f.member = parseNumber(*s, f.name);
    for (const auto &[name, out] :
         {std::pair{"energy_counters", &c.energy.counters}, std::pair{"energy_note", &c.energy.note}})
        if (const std::string *s = cell(name))
            *out = *s;
    const std::pair<GpuClockSample *, const char *> samples[] = {{&c.clockStart, "_start"},
                                                                 {&c.clockEnd, "_end"}};
    for (const auto &[sample, when] : samples) {
        // A sample is known when its SM clock is: the other fields may still be unknown.
        const std::string sm = std::string("sm_mhz") + when;
        const std::string *smCell = cell(sm.c_str());
        if (!smCell || smCell->empty())
            continue;
        sample->available = true;
        for (const SampleField &f : kSampleFields) {
            const std::string column = f.name + std::string(when);
            if (const std::string *s = cell(column.c_str()); s && !s->empty())
                sample->*f.member = parseNumber(*s, column);
        }
        const std::string reasons = std::string("throttle_reasons") + when;
        if (const std::string *s = cell(reasons.c_str()); s && !s->empty()) {
            char *end = nullptr;
            errno = 0;
            const unsigned long long v = std::strtoull(s->c_str(), &end, 10);
            if (end != s->c_str() + s->size() || errno == ERANGE || s->front() == '-')
                throw std::invalid_argument("column " + reasons + ": \"" + detail::shown(*s) +
                                            "\" is not a whole number of reason bits");
            sample->throttleReasons = v;
        }
    }
    return c;
}

std::string PointConditions::problem() const
{
    if (cache != "warm" && cache != "cold")
        return "cache: must be warm or cold, not \"" + detail::shown(cache) + "\"";
    if (rounds < 1 || rounds > SweepConditions::maxRounds)
        return "rounds: must be from 1 to " + std::to_string(SweepConditions::maxRounds);
    for (const auto &[name, v] : {std::pair{"round_min_s", roundMin}, std::pair{"round_max_s", roundMax}})
        if (!(std::isfinite(v) && v >= 0 && v <= kMaxSeconds))
            return std::string(name) + ": must be a finite number of seconds from 0 to 1e7";
    if (roundMin > roundMax * (1 + kOrderSlack))
        return "round_min_s: must not be above round_max_s";
    if (disturbedReps < 0 || disturbedReps > 1000000000)
        return "disturbed_reps: must be a whole number from 0 to 1e9";
    if (remeasured < 0 || remeasured > 100)
        return "remeasured: must be from 0 to 100";
    for (const SyncedField &f : kSyncedFields)
        if (const double v = this->*f.member; !(std::isfinite(v) && v >= 0 && v <= kMaxSeconds))
            return std::string(f.name) + ": must be a finite number of seconds from 0 to 1e7";
    if ((syncedMin != 0 || syncedMax != 0 || syncedMedian != 0) &&
        !(syncedMin <= syncedMedian * (1 + kOrderSlack) && syncedMedian <= syncedMax * (1 + kOrderSlack)))
        return "synced_median_s: must lie from synced_min_s to synced_max_s";
    if (!placement.empty() && placement != "cores-first" && placement != "compact" && placement != "none")
        return "placement: must be cores-first, compact or none, not \"" + detail::shown(placement) + "\"";
    if (efficiencyCores < 0 || efficiencyCores > 1000000)
        return "efficiency_cores: must be a whole number from 0 to 1e6";
    if (std::string p = energy.problem(); !p.empty())
        return p;
    if (std::string p = sampleProblem(clockStart, "start"); !p.empty())
        return p;
    return sampleProblem(clockEnd, "end");
}

nlohmann::json detail::conditionsToJson(const PointConditions &c)
{
    auto sample = [](const GpuClockSample &s) -> nlohmann::json {
        if (!s.available)
            return nullptr;
        nlohmann::json o = nlohmann::json::object();
        for (const SampleField &f : kSampleFields)
            o[f.name] = s.*f.member;
        o["throttle_reasons"] = s.throttleReasons;
        return o;
    };
    nlohmann::json o = {{"cache", c.cache},
                        {"rounds", c.rounds},
                        {"round_min_s", c.roundMin},
                        {"round_max_s", c.roundMax},
                        {"throttled", c.throttled},
                        {"disturbed_reps", c.disturbedReps},
                        {"remeasured", c.remeasured},
                        {"clocks", {{"start", sample(c.clockStart)}, {"end", sample(c.clockEnd)}}}};
    for (const SyncedField &f : kSyncedFields) // 0 on every row but an unsynced one
        o[f.name] = c.*f.member;
    o["placement"] = c.placement;
    o["placed_on"] = c.placedOn;
    o["siblings_shared"] = c.siblingsShared;
    o["efficiency_cores"] = c.efficiencyCores;
    if (c.energy.measured()) // a row without energy has no energy field: never a 0
        for (const EnergyField &f : kEnergyFields)
            o[f.name] = c.energy.*f.member;
    if (!c.energy.counters.empty())
        o["energy_counters"] = c.energy.counters;
    if (!c.energy.note.empty())
        o["energy_note"] = c.energy.note;
    return o;
}

void detail::conditionsFromJson(const nlohmann::json &row, PointConditions &c, const std::string &where)
{
    auto wrong = [&where](const std::string &field, const char *what) {
        return ParseError(where + ": field \"" + field + "\" must be " + what);
    };
    auto number = [&](const nlohmann::json &o, const std::string &key, const std::string &path, double &out) {
        const auto it = o.find(key);
        if (it == o.end())
            return;
        if (!it->is_number())
            throw wrong(path, "a number");
        out = it->get<double>();
    };
    if (const auto it = row.find("cache"); it != row.end()) {
        if (!it->is_string())
            throw wrong("cache", "\"warm\" or \"cold\"");
        c.cache = it->get<std::string>();
    }
    if (const auto it = row.find("rounds"); it != row.end()) {
        // The type here; the range is problem()'s, as for a CSV cell (clamped so that no
        // out-of-range value wraps into the range on its way to an int).
        if (!it->is_number_integer())
            throw wrong("rounds", "a whole number");
        c.rounds = int(std::clamp<long long>(it->get<long long>(), 0, SweepConditions::maxRounds + 1));
    }
    for (const auto &[name, out] :
         {std::pair{"disturbed_reps", &c.disturbedReps}, std::pair{"remeasured", &c.remeasured}})
        if (const auto it = row.find(name); it != row.end()) {
            if (!it->is_number_integer())
                throw wrong(name, "a whole number");
            *out = int(std::clamp<long long>(it->get<long long>(), -1, 1000000000));
        }
    for (const SyncedField &f : kSyncedFields)
        number(row, f.name, f.name, c.*f.member);
    number(row, "round_min_s", "round_min_s", c.roundMin);
    number(row, "round_max_s", "round_max_s", c.roundMax);
    for (const auto &[name, out] :
         {std::pair{"throttled", &c.throttled}, std::pair{"siblings_shared", &c.siblingsShared}})
        if (const auto it = row.find(name); it != row.end()) {
            if (!it->is_boolean())
                throw wrong(name, "true or false");
            *out = it->get<bool>();
        }
    for (const auto &[name, out] :
         {std::pair{"placement", &c.placement}, std::pair{"placed_on", &c.placedOn}})
        if (const auto it = row.find(name); it != row.end()) {
            if (!it->is_string())
                throw wrong(name, "a string");
            *out = it->get<std::string>();
        }
    for (const EnergyField &f : kEnergyFields)
        number(row, f.name, f.name, c.energy.*f.member);
    for (const auto &[name, out] :
         {std::pair{"energy_counters", &c.energy.counters}, std::pair{"energy_note", &c.energy.note}})
        if (const auto it = row.find(name); it != row.end()) {
            if (!it->is_string())
                throw wrong(name, "a string");
            *out = it->get<std::string>();
        }
    if (const auto it = row.find("efficiency_cores"); it != row.end()) {
        if (!it->is_number_integer())
            throw wrong("efficiency_cores", "a whole number");
        c.efficiencyCores = int(std::clamp<long long>(it->get<long long>(), -1, 1000001));
    }
    const auto clocks = row.find("clocks");
    if (clocks == row.end() || clocks->is_null())
        return;
    if (!clocks->is_object())
        throw wrong("clocks", "an object with \"start\" and \"end\"");
    for (const auto &[key, sample] : {std::pair{"start", &c.clockStart}, std::pair{"end", &c.clockEnd}}) {
        const auto it = clocks->find(key);
        if (it == clocks->end() || it->is_null())
            continue;
        const std::string path = std::string("clocks.") + key;
        if (!it->is_object())
            throw wrong(path, "an object of clocks, or null");
        sample->available = true;
        for (const SampleField &f : kSampleFields)
            number(*it, f.name, path + '.' + f.name, sample->*f.member);
        if (const auto r = it->find("throttle_reasons"); r != it->end()) {
            if (!r->is_number_unsigned())
                throw wrong(path + ".throttle_reasons", "a whole number of reason bits, 0 or more");
            sample->throttleReasons = r->get<unsigned long long>();
        }
    }
}

} // namespace speeduplab
