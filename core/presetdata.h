// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace speeduplab::presetdata {

/// The shipped presets as (name, JSON text), in menu order. Generated at configure time.
const std::vector<std::pair<std::string, std::string>> &all();

} // namespace speeduplab::presetdata
