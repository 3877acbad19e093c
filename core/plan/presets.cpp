// SPDX-License-Identifier: MIT
// Presets: names, titles, descriptions and plans read from the compiled-in JSON texts (presetdata).
#include "core/plan/presets.h"

#include "core/plan/presetdata.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace speeduplab {

namespace {

const std::string *presetText(const std::string &name)
{
    for (const auto &[n, text] : presetdata::all())
        if (n == name)
            return &text;
    return nullptr;
}

std::string field(const std::string &name, const char *key)
{
    const std::string *text = presetText(name);
    if (!text)
        return {};
    const nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
    return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

} // namespace

std::vector<std::string> Presets::names()
{
    std::vector<std::string> out;
    for (const auto &entry : presetdata::all())
        out.push_back(entry.first);
    return out;
}

std::string Presets::title(const std::string &name)
{
    const std::string t = field(name, "title");
    return t.empty() ? name : t;
}

std::string Presets::description(const std::string &name)
{
    return field(name, "description");
}

bool Presets::wholeLoop(const std::string &name)
{
    return field(name, "time") == "whole loop";
}

SweepPlan Presets::plan(const std::string &name, int hw)
{
    const std::string *text = presetText(name);
    if (!text) {
        std::string known;
        for (const auto &n : names())
            known += (known.empty() ? "" : ", ") + n;
        throw std::invalid_argument("unknown preset \"" + name + "\" (choose one of " + known + ")");
    }
    try {
        return SweepPlan::fromJson(*text, hw);
    } catch (const std::invalid_argument &e) {
        throw std::invalid_argument("preset \"" + name + "\" is broken: " + e.what());
    }
}

} // namespace speeduplab
