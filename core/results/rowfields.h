// SPDX-License-Identifier: MIT
// RowFields: the one declaration of a result row's own columns (no Qt): name, type, whether a file
// must have it, and how it is read from and written to a Measurement. The CSV and JSON writers and
// readers walk it; tst_rowfields holds the JSON Schema and docs/results-format.md to it. A point's
// conditions (cache, clocks, energy, ...) are PointConditions' fields, declared there.
#pragma once

#include "core/model/measurement.h"

#include <functional>
#include <string>
#include <vector>

namespace speeduplab {

struct RowField {
    enum class Type {
        Text,    ///< a string (a CSV cell quoted when it must be)
        Integer, ///< an int: a CSV integer, a JSON integer within int's range
        Number,  ///< a double: "nan", "inf" in JSON as strings
        Boolean, ///< true or false (a CSV reader also takes 1 and 0)
    };
    const char *name = "";
    Type type = Type::Text;
    /// A file must have it: the CSV header names it, and every JSON row has it.
    bool required = false;
    /// Text: the row's value. A setter may throw std::invalid_argument("unknown value") for a
    /// text outside its domain (a status); the readers name the file's place around it.
    std::function<std::string(const Measurement &)> text;
    std::function<void(Measurement &, const std::string &)> setText;
    /// Integer, Number and Boolean (0 or 1): the row's value, and setting it.
    std::function<double(const Measurement &)> number;
    std::function<void(Measurement &, double)> setNumber;
    /// Where the row has no value a CSV cell stays empty, and an empty cell reads as absent (the
    /// quartiles of a point without them); JSON writes the number as it is.
    std::function<bool(const Measurement &)> isSet;
};

class RowFields {
public:
    /// Every column of a row, in the CSV's order. The repetitions' samples (JSON only: a CSV row
    /// stays one line of summaries) and the conditions are not among them.
    static const std::vector<RowField> &all();
};

} // namespace speeduplab
