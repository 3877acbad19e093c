// SPDX-License-Identifier: MIT
// RowFields: the table of a result row's columns. Adding a column: its member (measurement.h or
// stats.h), one line here, and its entry in docs/results.schema.json and docs/results-format.md.
#include "core/results/rowfields.h"

#include <stdexcept>

namespace speeduplab {

namespace {

using Type = RowField::Type;

RowField declared(const char *name, Type type, bool required)
{
    RowField f;
    f.name = name;
    f.type = type;
    f.required = required;
    return f;
}

RowField text(const char *name, bool required, std::string Measurement::*member)
{
    RowField f = declared(name, Type::Text, required);
    f.text = [member](const Measurement &m) { return m.*member; };
    f.setText = [member](Measurement &m, const std::string &v) { m.*member = v; };
    return f;
}

template <typename Get, typename Set>
RowField typed(const char *name, Type type, bool required, Get get, Set set)
{
    RowField f = declared(name, type, required);
    f.number = [get](const Measurement &m) { return double(get(m)); };
    f.setNumber = set;
    return f;
}

RowField integer(const char *name, bool required, int Measurement::*member)
{
    return typed(
        name, Type::Integer, required, [member](const Measurement &m) { return m.*member; },
        [member](Measurement &m, double v) { m.*member = int(v); });
}

RowField number(const char *name, bool required, double Measurement::*member)
{
    return typed(
        name, Type::Number, required, [member](const Measurement &m) { return m.*member; },
        [member](Measurement &m, double v) { m.*member = v; });
}

// A statistic of the repetitions (Measurement::stats).
RowField stat(const char *name, bool required, double Stats::*member)
{
    return typed(
        name, Type::Number, required, [member](const Measurement &m) { return m.stats.*member; },
        [member](Measurement &m, double v) { m.stats.*member = v; });
}

RowField statCount(const char *name, bool required, int Stats::*member)
{
    return typed(
        name, Type::Integer, required, [member](const Measurement &m) { return m.stats.*member; },
        [member](Measurement &m, double v) { m.stats.*member = int(v); });
}

// A quartile: blank in a CSV row whose point has none.
RowField quartile(const char *name, double Stats::*member)
{
    RowField f = stat(name, false, member);
    f.isSet = [](const Measurement &m) { return m.stats.hasQuartiles(); };
    return f;
}

std::vector<RowField> table()
{
    RowField status = declared("status", Type::Text, true);
    status.text = [](const Measurement &m) { return Measurement::statusName(m.status); };
    status.setText = [](Measurement &m, const std::string &v) {
        if (!Measurement::parseStatus(v, m.status))
            throw std::invalid_argument("unknown value");
    };
    // Noisy where the CV is not: the point was flagged off its series' trend (read after cv).
    RowField noisy = typed(
        "noisy", Type::Boolean, false, [](const Measurement &m) { return m.stats.noisy(); },
        [](Measurement &m, double v) { m.stats.offTrend = v != 0 && !(m.stats.cv > Stats::noisyCv); });
    RowField verified = typed(
        "verified", Type::Boolean, true, [](const Measurement &m) { return m.verified; },
        [](Measurement &m, double v) { m.verified = v != 0; });
    return {
        text("workload", true, &Measurement::workload),
        text("backend", true, &Measurement::backend),
        text("variant", true, &Measurement::variant),
        integer("threads", true, &Measurement::threads),
        text("mode", true, &Measurement::mode),
        text("transfers", true, &Measurement::transfers),
        integer("device", false, &Measurement::device),
        integer("n", true, &Measurement::n),
        number("elements", false, &Measurement::elements),
        number("bytes", false, &Measurement::bytes),
        number("flops", false, &Measurement::flops),
        integer("iterations", true, &Measurement::iterations),
        statCount("reps", true, &Stats::reps),
        stat("median_s", true, &Stats::median),
        stat("min_s", true, &Stats::min),
        stat("max_s", true, &Stats::max),
        stat("mean_s", true, &Stats::mean),
        stat("stddev_s", true, &Stats::stddev),
        stat("cv", true, &Stats::cv),
        noisy,
        verified,
        number("max_error", false, &Measurement::maxError),
        status,
        text("reason", true, &Measurement::reason),
        quartile("q1_s", &Stats::q1),
        quartile("q3_s", &Stats::q3),
        statCount("outliers", false, &Stats::outliers),
    };
}

} // namespace

const std::vector<RowField> &RowFields::all()
{
    static const std::vector<RowField> fields = table();
    return fields;
}

} // namespace speeduplab
