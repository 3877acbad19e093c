// SPDX-License-Identifier: MIT
// How a sweep ran (no Qt): rounds, seed, cache, GPU clocks, OpenMP wait policy; checks and JSON.
#include "core/machine/sweepconditions.h"

#include "core/io/texts.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <unistd.h>

namespace speeduplab {

namespace {
constexpr double kMaxMHz = 100000;
constexpr int kMaxRefineBudget = 1000000;

std::string mhz(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f MHz", v);
    return buf;
}
constexpr std::pair<RefineEnd, const char *> kRefineEnds[] = {
    {RefineEnd::Within, "within"},   {RefineEnd::Tangled, "tangled"},
    {RefineEnd::Noise, "noise"},     {RefineEnd::Adjacent, "adjacent"},
    {RefineEnd::Gone, "gone"},       {RefineEnd::Budget, "budget"},
    {RefineEnd::Stopped, "stopped"}, {RefineEnd::NotRefined, "not_refined"}};
} // namespace

namespace {
// machine.sweep.refine: {"precision", "budget", "crossovers": [{"pair", "index", "points", "ended"}]}.
void refineFromJson(const nlohmann::json &j, SweepConditions &s, const std::string &w)
{
    if (!j.is_object())
        throw ParseError(w + " must be an object");
    const auto number = [&j, &w](const char *key, double lo, double hi, bool whole) {
        const auto it = j.find(key);
        if (it == j.end() || !it->is_number() || (whole && !it->is_number_integer()))
            throw ParseError(w + "." + key + (whole ? " must be a whole number" : " must be a number"));
        const double v = it->get<double>();
        if (!(v >= lo && v <= hi))
            throw ParseError(w + "." + key + " is out of range");
        return v;
    };
    s.refine = number("precision", 0, 0.999999, false);
    s.refineBudget = int(number("budget", 0, kMaxRefineBudget, true));
    const auto list = j.find("crossovers");
    if (list == j.end() || !list->is_array())
        throw ParseError(w + ".crossovers must be an array");
    if (list->size() > SweepConditions::maxRefined)
        throw ParseError(w + ".crossovers lists more than " + std::to_string(SweepConditions::maxRefined));
    s.refined.clear();
    for (const nlohmann::json &x : *list) {
        const std::string at = w + ".crossovers[" + std::to_string(s.refined.size()) + "]";
        if (!x.is_object())
            throw ParseError(at + " must be an object");
        SweepConditions::Refined r;
        const auto pair = x.find("pair"), ended = x.find("ended");
        if (pair == x.end() || !pair->is_string())
            throw ParseError(at + ".pair must be a string");
        r.pair = pair->get<std::string>();
        for (const auto &[key, out] : {std::pair{"first", &r.first}, std::pair{"second", &r.second}}) {
            const auto it = x.find(key);
            if (it == x.end() || !it->is_string())
                throw ParseError(at + "." + key + " must be a string (a series key)");
            *out = it->get<std::string>();
        }
        if (ended == x.end() || !ended->is_string() || !refineEndFromName(ended->get<std::string>(), r.ended))
            throw ParseError(at + ".ended must be one of within, tangled, noise, adjacent, gone, budget, "
                                  "stopped, not_refined");
        for (const auto &[key, out] : {std::pair{"index", &r.index}, std::pair{"points", &r.points}}) {
            const auto it = x.find(key);
            if (it == x.end() || !it->is_number_integer() || it->get<long long>() < 0 ||
                it->get<long long>() > kMaxRefineBudget)
                throw ParseError(at + "." + key + " must be a whole number from 0 to " +
                                 std::to_string(kMaxRefineBudget));
            *out = int(it->get<long long>());
        }
        s.refined.push_back(std::move(r));
    }
}
} // namespace

const char *refineEndName(RefineEnd e)
{
    for (const auto &[v, name] : kRefineEnds)
        if (v == e)
            return name;
    return "not_refined";
}

bool refineEndFromName(const std::string &name, RefineEnd &e)
{
    for (const auto &[v, text] : kRefineEnds)
        if (name == text) {
            e = v;
            return true;
        }
    return false;
}

std::string SweepConditions::problem() const
{
    if (rounds < 1 || rounds > SweepConditions::maxRounds)
        return "rounds: must be from 1 to " + std::to_string(SweepConditions::maxRounds);
    if (cache != "warm" && cache != "cold")
        return "cache: must be warm or cold, not \"" + detail::shown(cache) + "\"";
    for (const auto &[name, v] :
         {std::pair{"gpu_idle_sm_mhz", gpuIdleSmMHz}, std::pair{"gpu_max_sm_mhz", gpuMaxSmMHz}})
        if (!(v >= 0 && v <= kMaxMHz))
            return std::string(name) + ": must be a clock in MHz from 0 (unknown) to 100000";
    if (!ompWaitPolicy.empty() && ompWaitPolicy != "active" && ompWaitPolicy != "passive")
        return "omp_wait_policy: must be \"active\", \"passive\" or empty";
    if (!(refine >= 0 && refine < 1))
        return "refine.precision: must be from 0 (not refined) to below 1";
    if (refineBudget < 0 || refineBudget > kMaxRefineBudget)
        return "refine.budget: must be a whole number from 0 to " + std::to_string(kMaxRefineBudget);
    if (refined.size() > maxRefined)
        return "refine.crossovers: must list at most " + std::to_string(maxRefined);
    for (const Refined &x : refined)
        if (x.index < 0 || x.points < 0 || x.points > kMaxRefineBudget)
            return "refine.crossovers: index and points must be whole numbers from 0";
    return {};
}

std::string SweepConditions::currentOmpWaitPolicy()
{
    const char *v = std::getenv("OMP_WAIT_POLICY");
    std::string s = v ? v : "";
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s == "active" || s == "passive" ? s : std::string();
}

std::string SweepConditions::restartWithOmpWaitPolicy(const std::string &policy, char *const argv[])
{
    if (policy.empty() || currentOmpWaitPolicy() == policy)
        return {};
    ::setenv("OMP_WAIT_POLICY", policy.c_str(), 1);
    ::execv("/proc/self/exe", argv);
    return "could not start again with OMP_WAIT_POLICY=" + policy + ": " + std::strerror(errno);
}

std::vector<std::pair<std::string, std::string>> SweepConditions::describe() const
{
    std::vector<std::pair<std::string, std::string>> r;
    if (rounds > 1)
        r.emplace_back("Rounds", std::to_string(rounds) + ", each in a shuffled order (seed " +
                                     std::to_string(shuffleSeed) + ")");
    if (cache == "cold") // warm is the default, and a machine probed outside a sweep has no mode
        r.emplace_back("Cache", "cold: caches flushed before every repetition");
    if (!ompWaitPolicy.empty())
        r.emplace_back("OpenMP wait", ompWaitPolicy == "passive"
                                          ? "passive: threads sleep at a barrier (OMP_WAIT_POLICY)"
                                          : "active: threads spin at a barrier (OMP_WAIT_POLICY)");
    if (!energy.empty() || !energyMissing.empty())
        r.emplace_back("Energy",
                       energy + (energy.empty() || energyMissing.empty() ? "" : "; ") + energyMissing);
    if (refine > 0) {
        char precision[32];
        std::snprintf(precision, sizeof precision, "%g", refine * 100);
        r.emplace_back("Refined", std::string("each crossover to \u00b1") + precision + " %, at most " +
                                      std::to_string(refineBudget) + " more points (--refine)");
    }
    if (gpuClocks.empty() && gpuIdleSmMHz <= 0)
        return r; // no GPU point was asked for, or a file from before the clocks were read
    std::string clocks =
        gpuClocks.empty() ? "read by NVML at the start and end of every GPU point" : gpuClocks;
    if (gpuIdleSmMHz > 0)
        clocks += "; SM " + mhz(gpuIdleSmMHz) + " at the start" +
                  (gpuMaxSmMHz > 0 ? " (max " + mhz(gpuMaxSmMHz) + ")" : "");
    if (gpuClocksLocked)
        clocks += "; the SM clock looks locked (nvidia-smi -lgc)";
    r.emplace_back("GPU clocks", clocks);
    return r;
}

nlohmann::json detail::sweepToJson(const SweepConditions &s)
{
    nlohmann::json j = {{"rounds", s.rounds},
                        {"shuffle_seed", s.shuffleSeed},
                        {"cache", s.cache},
                        {"gpu_clocks", s.gpuClocks},
                        {"gpu_clocks_locked", s.gpuClocksLocked},
                        {"gpu_idle_sm_mhz", s.gpuIdleSmMHz},
                        {"gpu_max_sm_mhz", s.gpuMaxSmMHz},
                        {"omp_wait_policy", s.ompWaitPolicy},
                        {"energy", s.energy},
                        {"energy_missing", s.energyMissing}};
    if (s.refine > 0) {
        nlohmann::json pinned = nlohmann::json::array();
        for (const SweepConditions::Refined &x : s.refined)
            pinned.push_back({{"pair", x.pair},
                              {"first", x.first},
                              {"second", x.second},
                              {"index", x.index},
                              {"points", x.points},
                              {"ended", refineEndName(x.ended)}});
        j["refine"] = {{"precision", s.refine}, {"budget", s.refineBudget}, {"crossovers", pinned}};
    }
    return j;
}

void detail::sweepFromJson(const nlohmann::json &j, SweepConditions &s)
{
    const std::string w = "machine.sweep";
    if (!j.is_object())
        throw ParseError(w + " must be an object");
    auto wrong = [&w](const char *key, const char *what) {
        return ParseError(w + "." + key + " must be " + what);
    };
    if (const auto it = j.find("rounds"); it != j.end()) {
        if (!it->is_number_integer()) // the range is problem()'s, checked below
            throw wrong("rounds", "a whole number");
        s.rounds = int(std::clamp<long long>(it->get<long long>(), 0, SweepConditions::maxRounds + 1));
    }
    if (const auto it = j.find("shuffle_seed"); it != j.end()) {
        if (!it->is_number_unsigned() || it->get<unsigned long long>() > UINT32_MAX)
            throw wrong("shuffle_seed", "a whole number from 0 to 4294967295");
        s.shuffleSeed = std::uint32_t(it->get<unsigned long long>());
    }
    for (const auto &[key, out] :
         {std::pair{"cache", &s.cache}, std::pair{"gpu_clocks", &s.gpuClocks},
          std::pair{"omp_wait_policy", &s.ompWaitPolicy}, std::pair{"energy", &s.energy},
          std::pair{"energy_missing", &s.energyMissing}})
        if (const auto it = j.find(key); it != j.end()) {
            if (!it->is_string())
                throw wrong(key, "a string");
            *out = it->get<std::string>();
        }
    if (const auto it = j.find("gpu_clocks_locked"); it != j.end()) {
        if (!it->is_boolean())
            throw wrong("gpu_clocks_locked", "true or false");
        s.gpuClocksLocked = it->get<bool>();
    }
    for (const auto &[key, out] :
         {std::pair{"gpu_idle_sm_mhz", &s.gpuIdleSmMHz}, std::pair{"gpu_max_sm_mhz", &s.gpuMaxSmMHz}})
        if (const auto it = j.find(key); it != j.end()) {
            if (!it->is_number())
                throw wrong(key, "a number");
            *out = it->get<double>();
        }
    if (const auto it = j.find("refine"); it != j.end())
        refineFromJson(*it, s, w + ".refine");
    if (const std::string p = s.problem(); !p.empty())
        throw ParseError(w + "." + p);
}

} // namespace speeduplab
