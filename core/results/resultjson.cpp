// SPDX-License-Identifier: MIT
// Reading ResultIO's JSON: the bounded DOM builder (also for the CSV's metadata line), the
// machine and row converters, and the streaming SAX reader behind ResultIO::fromJson and
// ResultJsonReader (which the runs file, runset.cpp, reuses for each run).
#include "core/results/resultio.h"
#include "core/results/resultload.h"
#include "core/results/rowfields.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace speeduplab {

using nlohmann::json;
using namespace detail;

namespace {
// JSON is refused when nested deeper than this (a result file needs 4 levels), or when a row
// holds more values than this (the machine: kMaxMachineValues): memory stays proportional to
// what is kept.
constexpr std::size_t kMaxJsonDepth = 64;
constexpr std::size_t kMaxRowValues = 1000 + Stats::maxSamples; // a row's fields and its samples
// A CPU clock in the metadata is at most this many MHz (0 means unknown).
constexpr double kMaxCpuMHz = 1e5;

// A JSON value as a message shows it: a string's text, a number as written, else its type.
std::string shownJson(const json &v)
{
    if (v.is_string())
        return v.get_ref<const std::string &>();
    if (v.is_structured())
        return std::string("an ") + v.type_name();
    return v.dump();
}

// Builds a JSON value from SAX events; refuses one nested deeper than kMaxJsonDepth or holding
// more than its budget of values, so that a crafted document cannot take unbounded memory.
class BoundedDom : public nlohmann::json_sax<json> {
public:
    BoundedDom(std::string_view text, std::size_t budget, std::string label)
        : m_text(text), m_budget(budget), m_label(std::move(label))
    {
    }
    void reset(std::size_t budget, std::string label)
    {
        m_root = json();
        m_stack.clear();
        m_started = false;
        m_used = 0;
        m_budget = budget;
        m_label = std::move(label);
    }
    bool done() const { return m_started && m_stack.empty(); }
    json take() { return std::move(m_root); }

    bool null() override { return value(json()); }
    bool boolean(bool v) override { return value(v); }
    bool number_integer(number_integer_t v) override { return value(v); }
    bool number_unsigned(number_unsigned_t v) override { return value(v); }
    bool number_float(number_float_t v, const string_t &) override { return value(v); }
    bool string(string_t &v) override { return value(std::move(v)); }
    bool binary(binary_t &v) override { return value(json::binary(std::move(v))); }
    bool start_object(std::size_t) override { return open(json::object()); }
    bool start_array(std::size_t) override { return open(json::array()); }
    bool key(string_t &k) override
    {
        m_key = std::move(k);
        return true;
    }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t pos, const std::string &token,
                     const nlohmann::detail::exception &ex) override
    {
        throw ParseError(jsonErrorMessage(m_text, pos, token, ex, ""));
    }

    // The events as values, for a reader that hands some of its document to this one.
    bool value(json &&v)
    {
        add(std::move(v));
        return true;
    }
    bool open(json &&v)
    {
        if (m_stack.size() >= kMaxJsonDepth)
            throw ParseError(m_label + " is nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
        m_stack.push_back(add(std::move(v)));
        return true;
    }
    bool close()
    {
        m_stack.pop_back();
        return true;
    }

private:
    json *add(json &&v)
    {
        if (++m_used > m_budget)
            throw ParseError(m_label + " holds more than " + std::to_string(m_budget) + " values");
        m_started = true;
        if (m_stack.empty()) {
            m_root = std::move(v);
            return &m_root;
        }
        json &top = *m_stack.back();
        if (top.is_array()) {
            top.push_back(std::move(v));
            return &top.back();
        }
        json &slot = top[m_key];
        slot = std::move(v);
        return &slot;
    }
    std::string_view m_text;
    json m_root;
    std::vector<json *> m_stack;
    std::string m_key;
    bool m_started = false;
    std::size_t m_used = 0;
    std::size_t m_budget;
    std::string m_label;
};

} // namespace

// Parses a small JSON document (the CSV's metadata) within a budget of values.
json detail::parseBounded(std::string_view text, std::size_t budget, const std::string &label)
{
    BoundedDom dom(text, budget, label);
    json::sax_parse(text.data(), text.data() + text.size(), &dom);
    return dom.take();
}

namespace {

// Reads field `key` of j into out with a message naming the path on a type mismatch.
template <typename T>
void field(const json &j, const char *key, T &out, const std::string &where, bool required)
{
    auto it = j.find(key);
    if (it == j.end()) {
        if (required)
            throw ParseError(where + ": missing field " + inQuotes(key));
        return;
    }
    try {
        if constexpr (std::is_same_v<T, double>) {
            if (it->is_string()) {
                bool ok = false;
                out = parseDouble(it->get<std::string>(), ok);
                if (!ok)
                    throw ParseError("");
                return;
            }
        }
        // nlohmann converts booleans to numbers and truncates fractions: refuse both, as the
        // CSV reader does.
        if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) {
            if (!it->is_number())
                throw ParseError("");
            if constexpr (std::is_integral_v<T>) {
                const double d = it->get<double>();
                if (d != std::floor(d) || d < double(std::numeric_limits<T>::min()) ||
                    d > double(std::numeric_limits<T>::max()))
                    throw ParseError("");
            }
        }
        out = it->get<T>();
    } catch (const std::exception &) {
        throw ParseError(where + ": field " + inQuotes(key) + " has the wrong type (" + it->type_name() +
                         ")");
    }
}

} // namespace

MachineInfo detail::machineFromJson(const json &j)
{
    MachineInfo m;
    if (!j.is_object())
        throw ParseError("field \"machine\" must be an object");
    const std::string w = "machine";
    field(j, "cpu_model", m.cpuModel, w, false);
    field(j, "logical_cores", m.logicalCores, w, false);
    field(j, "caches", m.caches, w, false);
    field(j, "cpu_kernels", m.cpuKernels, w, false);
    field(j, "blas", m.blas, w, false);
    field(j, "blas_warning", m.blasWarning, w, false);
    // The CPU conditions: absent in older files, where they stay unknown.
    field(j, "cpu_governor", m.cpuConditions.governor, w, false);
    std::string boost;
    field(j, "cpu_boost", boost, w, false);
    if (boost == "on")
        m.cpuConditions.boost = CpuConditions::Boost::On;
    else if (boost == "off")
        m.cpuConditions.boost = CpuConditions::Boost::Off;
    else if (!boost.empty())
        throw ParseError("machine.cpu_boost must be \"on\", \"off\" or empty, not " + inQuotes(boost));
    for (const auto &[key, out] : {std::pair{"cpu_mhz_start", &m.cpuConditions.startMHz},
                                   std::pair{"cpu_mhz_end", &m.cpuConditions.endMHz}}) {
        field(j, key, *out, w, false);
        if (!(*out >= 0 && *out <= kMaxCpuMHz))
            throw ParseError(std::string("machine.") + key + " must be a clock in MHz from 0 (unknown) to " +
                             std::to_string(int(kMaxCpuMHz)));
    }
    field(j, "ram_bytes", m.ramBytes, w, false);
    field(j, "os", m.os, w, false);
    field(j, "gpu_status", m.gpuStatus, w, false);
    field(j, "driver_version", m.driverVersion, w, false);
    field(j, "runtime_version", m.runtimeVersion, w, false);
    field(j, "build_type", m.buildType, w, false);
    field(j, "program_version", m.programVersion, w, false);
    field(j, "timestamp", m.timestamp, w, false);
    field(j, "host", m.host, w, false);
    field(j, "job", m.job, w, false);
    if (auto it = j.find("sweep"); it != j.end())
        sweepFromJson(*it, m.sweep);
    if (auto it = j.find("topology"); it != j.end()) {
        const std::string t = w + ".topology";
        if (!it->is_object())
            throw ParseError(t + " must be an object");
        const auto count = [&](const json &o, const char *key, int &out, const std::string &where) {
            if (const auto f = o.find(key); f != o.end()) {
                if (!f->is_number_integer() || f->get<long long>() < -1 || f->get<long long>() > 1 << 20)
                    throw ParseError(where + "." + key + " must be a whole number from -1 to 1048576");
                out = int(f->get<long long>());
            }
        };
        count(*it, "packages", m.topology.packages, t);
        count(*it, "numa_nodes", m.topology.numaNodes, t);
        count(*it, "cores", m.topology.cores, t);
        count(*it, "threads_per_core", m.topology.threadsPerCore, t);
        field(*it, "source", m.topology.source, t, false);
        if (const auto k = it->find("core_kinds"); k != it->end()) {
            if (!k->is_array() || k->size() > 64)
                throw ParseError(t + ".core_kinds must be an array of at most 64 kinds");
            for (const json &o : *k) {
                if (!o.is_object())
                    throw ParseError(t + ".core_kinds holds an element that is not an object");
                Topology::Kind kind;
                field(o, "name", kind.name, t + ".core_kinds", false);
                field(o, "core_type", kind.coreType, t + ".core_kinds", false);
                count(o, "efficiency", kind.efficiency, t + ".core_kinds");
                count(o, "cores", kind.cores, t + ".core_kinds");
                count(o, "threads", kind.pus, t + ".core_kinds");
                m.topology.kinds.push_back(kind);
            }
        }
    }
    if (auto it = j.find("ceilings"); it != j.end()) {
        if (!it->is_object())
            throw ParseError("machine.ceilings must be an object");
        for (auto c = it->begin(); c != it->end(); ++c) {
            double v = 0;
            field(*it, c.key().c_str(), v, "machine.ceilings", true);
            m.ceilings[c.key()] = v;
        }
    }
    if (auto it = j.find("gpus"); it != j.end()) {
        if (!it->is_array())
            throw ParseError("machine.gpus must be an array");
        for (size_t i = 0; i < it->size(); ++i) {
            const json &x = (*it)[i];
            const std::string gw = "machine.gpus[" + std::to_string(i) + "]";
            if (!x.is_object())
                throw ParseError(gw + " must be an object");
            MachineInfo::Gpu g;
            field(x, "index", g.index, gw, false);
            field(x, "name", g.name, gw, false);
            field(x, "compute_capability", g.computeCapability, gw, false);
            field(x, "sm_count", g.smCount, gw, false);
            field(x, "memory_bytes", g.memoryBytes, gw, false);
            field(x, "sm_clock_mhz", g.smClockMHz, gw, false);
            field(x, "memory_clock_mhz", g.memoryClockMHz, gw, false);
            field(x, "memory_bus_width_bits", g.memoryBusWidthBits, gw, false);
            field(x, "bandwidth_gbs", g.bandwidthGBs, gw, false);
            field(x, "l2_bytes", g.l2Bytes, gw, false);
            field(x, "pci_bus_id", g.pciBusId, gw, false);
            g.pciBusId = DeviceDescription::pciKey(g.pciBusId); // an address, or nothing
            m.gpus.push_back(g);
        }
    }
    // Each described backend's devices, by the one field table (DeviceDescription::fields).
    for (const DescribedBackend &b : describedBackends) {
        const std::string key = std::string(b.prefix) + "_devices";
        std::string status;
        field(j, (std::string(b.prefix) + "_status").c_str(), status, w, false);
        if (!status.empty())
            m.describedStatus[std::string(b.prefix)] = status;
        const auto it = j.find(key);
        if (it == j.end())
            continue;
        if (!it->is_array())
            throw ParseError("machine." + key + " must be an array");
        for (size_t i = 0; i < it->size(); ++i) {
            const json &x = (*it)[i];
            const std::string dw = "machine." + key + "[" + std::to_string(i) + "]";
            if (!x.is_object())
                throw ParseError(dw + " must be an object");
            DeviceDescription d;
            d.backend = std::string(b.prefix);
            field(x, "index", d.index, dw, false);
            if (d.index < 0)
                throw ParseError(dw + ".index cannot be negative");
            for (const DeviceDescription::Field &f : DeviceDescription::fields())
                std::visit(
                    [&](auto member) {
                        auto &v = d.*member;
                        field(x, f.key, v, dw, false);
                        if constexpr (std::is_arithmetic_v<std::decay_t<decltype(v)>> &&
                                      !std::is_same_v<std::decay_t<decltype(v)>, bool>)
                            if (!(std::isfinite(double(v)) && v >= 0))
                                throw ParseError(dw + "." + f.key + " must be a finite number, 0 or more");
                    },
                    f.member);
            d.pciBusId = DeviceDescription::pciKey(d.pciBusId); // an address, or nothing
            m.described.push_back(d);
        }
    }
    cutFields(m);
    return m;
}

namespace {

// The repetition times of a JSON row ("samples", absent in older files): an array of numbers.
void samplesFromJson(const json &j, std::vector<double> &out, const std::string &where)
{
    const auto it = j.find("samples");
    if (it == j.end())
        return;
    if (!it->is_array())
        throw ParseError(where + ": field \"samples\" must be an array of numbers, not " +
                         (it->is_structured() ? shownJson(*it) : inQuotes(shownJson(*it))));
    if (it->size() > Stats::maxSamples)
        throw ParseError(where + ": samples holds " + std::to_string(it->size()) + " times, more than the " +
                         std::to_string(Stats::maxSamples) + " a row keeps");
    out.reserve(it->size());
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json &v = (*it)[i];
        if (!v.is_number())
            throw ParseError(where + ": samples[" + std::to_string(i) +
                             "] must be a number of seconds, not " +
                             (v.is_structured() ? shownJson(v) : inQuotes(shownJson(v))));
        out.push_back(v.get<double>());
    }
}

// One field of row j into m, as its column's type reads it (field() checks the JSON type).
void readField(const json &j, const RowField &f, Measurement &m, const std::string &w)
{
    if (!j.contains(f.name)) {
        if (f.required)
            throw ParseError(w + ": missing field " + inQuotes(f.name));
        return;
    }
    switch (f.type) {
    case RowField::Type::Text: {
        std::string v;
        field(j, f.name, v, w, true);
        try {
            f.setText(m, v);
        } catch (const std::invalid_argument &e) {
            throw ParseError(w + ": field " + inQuotes(f.name) + " has an " + e.what() + " " + inQuotes(v));
        }
        return;
    }
    case RowField::Type::Integer: {
        int v = 0;
        field(j, f.name, v, w, true);
        f.setNumber(m, v);
        return;
    }
    case RowField::Type::Number: {
        double v = 0;
        field(j, f.name, v, w, true);
        f.setNumber(m, v);
        return;
    }
    case RowField::Type::Boolean: {
        bool v = false;
        field(j, f.name, v, w, true);
        f.setNumber(m, v ? 1 : 0);
        return;
    }
    }
}

Measurement rowFromJson(const json &j, std::size_t i)
{
    const std::string w = "rows[" + std::to_string(i) + "]";
    if (!j.is_object())
        throw ParseError(w + " must be an object");
    Measurement m;
    for (const RowField &f : RowFields::all())
        readField(j, f, m, w);
    samplesFromJson(j, m.stats.samples, w);
    conditionsFromJson(j, m.conditions, w);
    cutFields(m);
    validate(m, w, [&](const char *name) {
        const auto it = j.find(name);
        return it == j.end() ? std::string("absent") : shownJson(*it);
    });
    return m;
}

// Reads a result document from SAX events. The rows are converted one at a time, as each
// closes, so that memory holds the measurements and never a DOM of the whole file; other
// top-level fields than "format" and "machine" are skipped unread. What the document held is
// checked in order by take().
class JsonReader : public ResultJsonReader {
public:
    explicit JsonReader(std::string_view text) : m_text(text), m_dom(text, 0, "") {}

    bool done() const override { return !topType.empty() && m_frames.empty(); }
    ResultSet take() override
    {
        if (topType != "object")
            throw ParseError("the JSON document must be an object with \"machine\" and \"rows\"");
        if (!formatIsResults)
            throw ParseError(
                "field \"format\" must be \"speeduplab-results\": this is not a SpeedupLab result file");
        checkVersion();
        ResultSet r;
        if (haveMachine)
            r.machine = machineFromJson(machine);
        if (rowsType != "array")
            throw ParseError("field \"rows\" is missing or not an array");
        if (rowError)
            throw ParseError(*rowError);
        r.rows = std::move(rows);
        refuseDuplicates(r.rows, [](std::size_t i) { return "rows[" + std::to_string(i) + "]"; });
        r.describeDevices();
        return r;
    }

    bool null() override { return scalar(json()); }
    bool boolean(bool v) override { return scalar(v); }
    bool number_integer(number_integer_t v) override { return scalar(v); }
    bool number_unsigned(number_unsigned_t v) override { return scalar(v); }
    bool number_float(number_float_t v, const string_t &) override { return scalar(v); }
    bool string(string_t &v) override { return scalar(std::move(v)); }
    bool binary(binary_t &v) override { return scalar(json::binary(std::move(v))); }
    bool start_object(std::size_t) override { return open(true); }
    bool start_array(std::size_t) override { return open(false); }
    bool key(string_t &k) override
    {
        m_frames.back().key = k;
        if (m_skip == 0 && m_building)
            m_dom.key(k);
        return true;
    }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t pos, const std::string &token,
                     const nlohmann::detail::exception &ex) override
    {
        throw ParseError(jsonErrorMessage(m_text, pos, token, ex, path()));
    }

    // The field being read, e.g. rows[3].median_s (the next value of the innermost container).
    std::string path() const override
    {
        std::string p;
        for (std::size_t i = 0; i < m_frames.size(); ++i) {
            const Frame &f = m_frames[i];
            if (f.array) {
                const bool innermost = i + 1 == m_frames.size();
                p += '[';
                p += std::to_string(innermost ? f.count : f.count - 1);
                p += ']';
            } else if (i > 0 || !f.key.empty()) {
                if (!p.empty())
                    p += '.';
                p += shown(f.key);
            }
        }
        return p;
    }

private:
    // "version": absent in files of other tools (read as version 1); a whole number up to
    // ResultIO::formatVersion is read; a larger one is a file of a newer SpeedupLab, refused with
    // what to do; anything else is a damaged file.
    void checkVersion() const
    {
        if (!version)
            return;
        const json &v = *version;
        const bool whole = v.is_number_integer() || (v.is_number_float() && std::isfinite(v.get<double>()) &&
                                                     v.get<double>() == std::floor(v.get<double>()));
        if (!whole)
            throw ParseError("field \"version\" must be a whole number, not " +
                             (v.is_structured() ? shownJson(v) : inQuotes(shownJson(v))));
        const double d = v.get<double>();
        if (d > ResultIO::formatVersion) {
            char n[48];
            std::snprintf(n, sizeof n, "%.0f", d);
            throw ParseError("this result file was written by a newer SpeedupLab (version " + std::string(n) +
                             "); update SpeedupLab to read it (this one reads version " +
                             std::to_string(ResultIO::formatVersion) + ")");
        }
        if (d < 1)
            throw ParseError("field \"version\" must be 1 or more, not " + v.dump());
    }

    struct Frame {
        bool array = false;
        std::size_t count = 0; // values started in an array
        std::string key;       // the last key of an object
    };

    void enter()
    {
        if (!m_frames.empty() && m_frames.back().array)
            ++m_frames.back().count;
    }
    const std::string &topKey() const { return m_frames.front().key; }
    void startBuild(bool row)
    {
        m_building = true;
        m_buildingRow = row;
        if (row)
            m_dom.reset(kMaxRowValues, "rows[" + std::to_string(m_rowIndex) + "]");
        else
            m_dom.reset(kMaxMachineValues, "field \"machine\"");
    }
    void finish()
    {
        m_building = false;
        json v = m_dom.take();
        if (!m_buildingRow) {
            machine = std::move(v);
            haveMachine = true;
            return;
        }
        const std::size_t i = m_rowIndex++;
        if (rowError)
            return;
        try {
            rows.push_back(rowFromJson(v, i));
        } catch (const ParseError &e) {
            rowError = e.what();
            std::vector<Measurement>().swap(rows);
        }
    }
    void seeRows(const char *type)
    {
        if (!rowsType.empty())
            throw ParseError("field \"rows\" appears more than once");
        rowsType = type;
    }
    bool scalar(json &&v)
    {
        enter();
        const std::size_t depth = m_frames.size();
        if (depth == 0) {
            topType = v.type_name();
        } else if (m_skip > 0) {
            // inside a container that is not kept
        } else if (m_building) {
            m_dom.value(std::move(v));
            if (m_dom.done())
                finish();
        } else if (depth == 1) {
            if (topKey() == "format")
                formatIsResults = v.is_string() && v.get_ref<const std::string &>() == "speeduplab-results";
            else if (topKey() == "version")
                version = std::move(v);
            else if (topKey() == "machine") {
                startBuild(false);
                m_dom.value(std::move(v));
                finish();
            } else if (topKey() == "rows")
                seeRows(v.type_name());
        } else if (depth == 2 && m_inRows) {
            startBuild(true);
            m_dom.value(std::move(v));
            finish();
        }
        return true;
    }
    bool open(bool object)
    {
        enter();
        const std::size_t depth = m_frames.size();
        if (depth >= kMaxJsonDepth)
            throw ParseError("the document is nested deeper than " + std::to_string(kMaxJsonDepth) +
                             " levels");
        m_frames.push_back(Frame{!object, 0, {}});
        if (depth == 0) {
            topType = object ? "object" : "array";
            if (!object)
                m_skip = 1;
        } else if (m_skip > 0) {
            ++m_skip;
        } else if (m_building) {
            m_dom.open(object ? json::object() : json::array());
        } else if (depth == 1 && topKey() == "machine") {
            startBuild(false);
            m_dom.open(object ? json::object() : json::array());
        } else if (depth == 1 && topKey() == "rows") {
            seeRows(object ? "object" : "array");
            if (object)
                m_skip = 1;
            else
                m_inRows = true;
        } else if (depth == 2 && m_inRows) {
            startBuild(true);
            m_dom.open(object ? json::object() : json::array());
        } else {
            if (depth == 1 && topKey() == "format")
                formatIsResults = false;
            if (depth == 1 && topKey() == "version")
                version = object ? json::object() : json::array();
            m_skip = 1;
        }
        return true;
    }
    bool close()
    {
        m_frames.pop_back();
        if (m_skip > 0) {
            --m_skip;
        } else if (m_building) {
            m_dom.close();
            if (m_dom.done())
                finish();
        } else if (m_inRows && m_frames.size() == 1) {
            m_inRows = false;
        }
        return true;
    }

    std::string topType;          // the document's type; empty before it starts
    bool formatIsResults = false; // "format" is "speeduplab-results"
    std::optional<json> version;  // "version" as the file has it (a container: an empty one)
    bool haveMachine = false;
    json machine;
    std::string rowsType; // "" without a "rows" field
    std::vector<Measurement> rows;
    std::optional<std::string> rowError; // the first row refused; later rows are not converted

    std::string_view m_text;
    std::vector<Frame> m_frames;
    std::size_t m_skip = 0; // > 0 inside a container that is not kept
    bool m_building = false;
    bool m_buildingRow = false;
    bool m_inRows = false;
    std::size_t m_rowIndex = 0;
    BoundedDom m_dom;
};

} // namespace

std::unique_ptr<ResultJsonReader> ResultJsonReader::create(std::string_view text)
{
    return std::make_unique<JsonReader>(text);
}

ResultSet ResultIO::fromJson(const std::string &text)
{
    const std::string_view t = withoutBom(text);
    JsonReader doc(t);
    json::sax_parse(t.data(), t.data() + t.size(), &doc);
    return doc.take();
}

} // namespace speeduplab
