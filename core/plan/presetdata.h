// SPDX-License-Identifier: MIT
// The shipped presets' JSON texts, generated into presetdata.cpp at configure time, for Presets (no Qt).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace speeduplab::presetdata {

/// The shipped presets as (name, JSON text), in menu order. Generated at configure time.
const std::vector<std::pair<std::string, std::string>> &all();

} // namespace speeduplab::presetdata
