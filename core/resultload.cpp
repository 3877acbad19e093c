// SPDX-License-Identifier: MIT
// Reading result files: the bounded, validating CSV and JSON loaders and ResultIO::load (the
// file-system side of reading). The formats are written in resultio.cpp; resultload.h declares
// what the runs file (runset.cpp) reuses.
#include "core/resultload.h"
#include "core/resultio.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace speeduplab {

using nlohmann::json;
using namespace detail;

namespace {
// Columns a file must have; the others default when absent (files written by other tools).
const char *const kRequired[] = {"workload", "backend",    "variant", "threads",  "mode",   "transfers",
                                 "n",        "iterations", "reps",    "median_s", "min_s",  "max_s",
                                 "mean_s",   "stddev_s",   "cv",      "verified", "status", "reason"};

double parseDouble(const std::string &s, bool &ok)
{
    ok = false;
    if (s.empty())
        return 0;
    char *end = nullptr;
    errno = 0;
    const double v = std::strtod(s.c_str(), &end);
    ok = end == s.c_str() + s.size();
    return v;
}

// --- Loading: the limits of what a file may hold, echoed values, a bounded JSON reader ---

// An ok point's median lies in [kMinMedianS, kMaxSeconds]: below a picosecond no timer can
// resolve, above 1e7 s (116 days) no sweep runs. Every time field is at most kMaxSeconds.
constexpr double kMinMedianS = 1e-12;
constexpr double kMaxSeconds = 1e7;
// The relative slack allowed in min_s <= median_s <= max_s (rounding in other tools' output).
constexpr double kOrderSlack = 1e-9;
// JSON is refused when nested deeper than this (a result file needs 4 levels), or when a row or
// the machine holds more values than these: memory stays proportional to what is kept.
constexpr std::size_t kMaxJsonDepth = 64;
constexpr std::size_t kMaxRowValues = 1000 + Stats::maxSamples; // a row's fields and its samples
constexpr std::size_t kMaxMachineValues = 100000;
// A CPU clock in the metadata is at most this many MHz (0 means unknown).
constexpr double kMaxCpuMHz = 1e5;
} // namespace

std::size_t detail::utf8At(std::string_view s, std::size_t i, char32_t &cp)
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char c = b(0);
    std::size_t len = 0;
    char32_t lo = 0;
    if (c < 0x80) {
        cp = c;
        return 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
        len = 2;
        cp = c & 0x1f;
        lo = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        len = 3;
        cp = c & 0x0f;
        lo = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4;
        cp = c & 0x07;
        lo = 0x10000;
    } else {
        return 0;
    }
    if (i + len > s.size())
        return 0;
    for (std::size_t k = 1; k < len; ++k) {
        if ((b(k) & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (b(k) & 0x3f);
    }
    if (cp < lo || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return len;
}

bool detail::isControl(char32_t cp)
{
    return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029 ||
           (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

namespace {

bool validUtf8(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        char32_t cp = 0;
        const std::size_t len = utf8At(s, i, cp);
        if (len == 0)
            return false;
        i += len;
    }
    return true;
}

} // namespace

// Control characters (isControl) and bytes that are not UTF-8 become visible escapes (\n, \t,
// \x1b, \u202e), so that a crafted file cannot drive the terminal.
std::string detail::shown(std::string_view s, std::size_t limit)
{
    std::string out;
    std::size_t chars = 0;
    for (std::size_t i = 0; i < s.size();) {
        if (chars == limit) {
            out += "\u2026";
            break;
        }
        ++chars;
        char buf[16];
        char32_t cp = 0;
        const std::size_t len = utf8At(s, i, cp);
        if (len == 0) {
            std::snprintf(buf, sizeof buf, "\\x%02x", unsigned(static_cast<unsigned char>(s[i])));
            out += buf;
            ++i;
            continue;
        }
        if (cp == '\n')
            out += "\\n";
        else if (cp == '\r')
            out += "\\r";
        else if (cp == '\t')
            out += "\\t";
        else if (isControl(cp)) {
            std::snprintf(buf, sizeof buf, cp < 0x80 ? "\\x%02x" : "\\u%04x", unsigned(cp));
            out += buf;
        } else {
            out.append(s.substr(i, len));
        }
        i += len;
    }
    return out;
}

namespace {

std::string inQuotes(std::string_view s)
{
    std::string out = "\"";
    out += shown(s);
    out += '"';
    return out;
}

// A JSON value as a message shows it: a string's text, a number as written, else its type.
std::string shownJson(const json &v)
{
    if (v.is_string())
        return v.get_ref<const std::string &>();
    if (v.is_structured())
        return std::string("an ") + v.type_name();
    return v.dump();
}

std::size_t lineAt(std::string_view text, std::size_t pos)
{
    pos = std::min(pos, text.size());
    return 1 + std::size_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(pos), '\n'));
}

} // namespace

// The sentence for a JSON syntax error or an out-of-range number at `pos`.
std::string detail::jsonErrorMessage(std::string_view text, std::size_t pos, const std::string &token,
                                     const nlohmann::detail::exception &ex, const std::string &path)
{
    const std::string where = "line " + std::to_string(lineAt(text, pos)) + (path.empty() ? "" : ", " + path);
    if (ex.id == 406) // number overflow
        return where + ": the number " + inQuotes(token) + " is out of range";
    // nlohmann's own sentence, without its tag and with the text it last read capped.
    std::string what = ex.what();
    if (const std::size_t tag = what.find("] ");
        what.rfind("[json.exception.", 0) == 0 && tag != std::string::npos)
        what.erase(0, tag + 2);
    if (const std::size_t last = what.find("; last read: "); last != std::string::npos)
        what = what.substr(0, last) + "; last read: " + inQuotes(token);
    return "not valid JSON: " + shown(what, 400);
}

namespace {

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

// Parses a small JSON document (the CSV's metadata) within a budget of values.
json parseBounded(std::string_view text, std::size_t budget, const std::string &label)
{
    BoundedDom dom(text, budget, label);
    json::sax_parse(text.data(), text.data() + text.size(), &dom);
    return dom.take();
}

} // namespace

std::string_view detail::withoutBom(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    return text;
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

MachineInfo machineFromJson(const json &j)
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
    if (auto it = j.find("sweep"); it != j.end())
        sweepFromJson(*it, m.sweep);
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
            m.gpus.push_back(g);
        }
    }
    return m;
}

// Checks what no well-formed row can have, so that a damaged file is refused, not half-used.
// `raw` gives a field's text as the file has it, for the message.
void validate(const Measurement &m, const std::string &where,
              const std::function<std::string(const char *)> &raw)
{
    const auto fail = [&](const char *name, const char *rule) {
        throw ParseError(where + ": " + name + " must be " + rule + ", not " + inQuotes(raw(name)));
    };
    if (m.workload.empty())
        throw ParseError(where + ": workload is empty");
    if (m.backend != "cpu" && m.backend != "gpu")
        throw ParseError(where + ": backend must be cpu or gpu, not " + inQuotes(m.backend));
    if (m.n <= 0)
        throw ParseError(where + ": n must be positive");
    if (m.iterations <= 0)
        throw ParseError(where + ": iterations must be positive");
    if (m.stats.reps < 0)
        fail("reps", "0 or more");
    if (m.ok() && m.stats.reps < 1)
        fail("reps", "at least 1 on an ok row");
    if (m.threads < 0)
        fail("threads", "0 or more");
    if (m.backend == "cpu" && m.threads < 1)
        fail("threads", "at least 1 on a CPU row");
    const auto count = [&](const char *name, double v) {
        if (!(std::isfinite(v) && v >= 0))
            fail(name, "a finite number, 0 or more");
    };
    count("elements", m.elements);
    count("bytes", m.bytes);
    count("flops", m.flops);
    count("cv", m.stats.cv);
    const auto seconds = [&](const char *name, double v) {
        if (!(std::isfinite(v) && v >= 0 && v <= kMaxSeconds))
            fail(name, "a finite number of seconds from 0 to 1e7");
    };
    if (m.ok() && !(m.stats.median >= kMinMedianS && m.stats.median <= kMaxSeconds))
        fail("median_s", "a positive finite number of seconds (from 1e-12 to 1e7 on an ok row)");
    seconds("median_s", m.stats.median);
    seconds("min_s", m.stats.min);
    seconds("max_s", m.stats.max);
    seconds("mean_s", m.stats.mean);
    if (!(std::isfinite(m.stats.stddev) && m.stats.stddev >= 0))
        fail("stddev_s", "a finite number of seconds, 0 or more");
    // NaN or +inf when the error is unknown or unbounded (a failed point); never negative.
    if (m.maxError < 0)
        fail("max_error", "0 or more (or nan, or inf)");
    if (m.stats.min > m.stats.median * (1 + kOrderSlack) || m.stats.median > m.stats.max * (1 + kOrderSlack))
        throw ParseError(where + ": min_s " + inQuotes(raw("min_s")) + ", median_s " +
                         inQuotes(raw("median_s")) + " and max_s " + inQuotes(raw("max_s")) +
                         " must be in increasing order");
    // The spread kept since the samples are (absent from older files: both 0, unknown).
    seconds("q1_s", m.stats.q1);
    seconds("q3_s", m.stats.q3);
    if ((m.stats.q1 != 0 || m.stats.q3 != 0) &&
        (m.stats.min > m.stats.q1 * (1 + kOrderSlack) || m.stats.q1 > m.stats.median * (1 + kOrderSlack) ||
         m.stats.median > m.stats.q3 * (1 + kOrderSlack) || m.stats.q3 > m.stats.max * (1 + kOrderSlack)))
        throw ParseError(where + ": min_s " + inQuotes(raw("min_s")) + ", q1_s " + inQuotes(raw("q1_s")) +
                         ", median_s " + inQuotes(raw("median_s")) + ", q3_s " + inQuotes(raw("q3_s")) +
                         " and max_s " + inQuotes(raw("max_s")) + " must be in increasing order");
    if (m.stats.outliers < 0 || m.stats.outliers > std::max(0, m.stats.reps))
        fail("outliers", "from 0 to reps");
    if (const std::string p = m.conditions.problem(); !p.empty())
        throw ParseError(where + ": " + p);
    const std::vector<double> &samples = m.stats.samples;
    if (samples.size() > Stats::maxSamples || samples.size() > std::size_t(std::max(0, m.stats.reps)))
        throw ParseError(where + ": samples holds " + std::to_string(samples.size()) +
                         " times, more than reps (" + shown(raw("reps")) + ") or the " +
                         std::to_string(Stats::maxSamples) + " a row keeps");
    for (std::size_t i = 0; i < samples.size(); ++i)
        if (!(std::isfinite(samples[i]) && samples[i] >= 0 && samples[i] <= kMaxSeconds)) {
            char buf[40];
            std::snprintf(buf, sizeof buf, "%.17g", samples[i]);
            throw ParseError(where + ": samples[" + std::to_string(i) +
                             "] must be a finite number of seconds from 0 to 1e7, not " + inQuotes(buf));
        }
}

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

Measurement rowFromJson(const json &j, std::size_t i)
{
    const std::string w = "rows[" + std::to_string(i) + "]";
    if (!j.is_object())
        throw ParseError(w + " must be an object");
    Measurement m;
    std::string status;
    field(j, "workload", m.workload, w, true);
    field(j, "backend", m.backend, w, true);
    field(j, "variant", m.variant, w, true);
    field(j, "threads", m.threads, w, true);
    field(j, "mode", m.mode, w, true);
    field(j, "transfers", m.transfers, w, true);
    field(j, "device", m.device, w, false);
    field(j, "n", m.n, w, true);
    field(j, "elements", m.elements, w, false);
    field(j, "bytes", m.bytes, w, false);
    field(j, "flops", m.flops, w, false);
    field(j, "iterations", m.iterations, w, true);
    field(j, "reps", m.stats.reps, w, true);
    field(j, "median_s", m.stats.median, w, true);
    field(j, "min_s", m.stats.min, w, true);
    field(j, "max_s", m.stats.max, w, true);
    field(j, "mean_s", m.stats.mean, w, true);
    field(j, "stddev_s", m.stats.stddev, w, true);
    field(j, "cv", m.stats.cv, w, true);
    field(j, "verified", m.verified, w, true);
    bool noisy = false; // noisy where the CV is not: flagged off its series' trend
    field(j, "noisy", noisy, w, false);
    m.stats.offTrend = noisy && !(m.stats.cv > Stats::noisyCv);
    field(j, "max_error", m.maxError, w, false);
    field(j, "status", status, w, true);
    field(j, "reason", m.reason, w, true);
    field(j, "q1_s", m.stats.q1, w, false);
    field(j, "q3_s", m.stats.q3, w, false);
    field(j, "outliers", m.stats.outliers, w, false);
    samplesFromJson(j, m.stats.samples, w);
    conditionsFromJson(j, m.conditions, w);
    if (!Measurement::parseStatus(status, m.status))
        throw ParseError(w + ": field \"status\" has an unknown value " + inQuotes(status));
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

namespace {

// Splits one CSV record starting at pos (RFC 4180 quoting, embedded newlines allowed).
// Advances pos and line past it. Throws on an unterminated quote.
std::vector<std::string> csvRecord(const std::string &t, size_t &pos, int &line)
{
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    const int startLine = line;
    while (pos < t.size()) {
        const char c = t[pos++];
        if (quoted) {
            if (c == '"') {
                if (pos < t.size() && t[pos] == '"') {
                    cell += '"';
                    ++pos;
                } else {
                    quoted = false;
                }
            } else {
                if (c == '\n')
                    ++line;
                cell += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            cells.push_back(std::move(cell));
            cell.clear();
        } else if (c == '\n') {
            ++line;
            break;
        } else if (c != '\r') {
            cell += c;
        }
    }
    if (quoted)
        throw ParseError("line " + std::to_string(startLine) + ": unterminated quoted field");
    cells.push_back(std::move(cell));
    return cells;
}

} // namespace

ResultSet ResultIO::fromCsv(const std::string &text)
{
    ResultSet r;
    size_t pos = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0; // a UTF-8 byte-order mark
    int line = 1;
    std::vector<std::string> header;
    while (pos < text.size() && header.empty()) {
        if (text[pos] == '#') {
            const size_t eol = text.find('\n', pos);
            const std::string_view comment =
                std::string_view(text).substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
            const std::string_view tag = "# metadata: ";
            if (comment.substr(0, tag.size()) == tag) {
                const std::string at = "line " + std::to_string(line) + ": ";
                json meta;
                try {
                    meta = parseBounded(comment.substr(tag.size()), kMaxMachineValues, "the metadata");
                } catch (const ParseError &e) {
                    // The metadata is one line: the CSV's line number says where.
                    std::string what = e.what();
                    if (what.rfind("line 1: ", 0) == 0)
                        what = "the metadata: " + what.substr(8);
                    else if (what.rfind("not valid JSON", 0) == 0)
                        what = "the metadata is " + what;
                    throw ParseError(at + what);
                }
                try {
                    r.machine = machineFromJson(meta);
                } catch (const ParseError &e) {
                    throw ParseError(at + e.what());
                }
            }
            pos = eol == std::string::npos ? text.size() : eol + 1;
            ++line;
            continue;
        }
        const int headerLine = line;
        header = csvRecord(text, pos, line);
        if (header.size() == 1 && header[0].empty()) {
            header.clear();
            continue;
        }
        (void)headerLine;
    }
    if (header.empty())
        throw ParseError("line " + std::to_string(line) +
                         ": no header row: this is not a SpeedupLab CSV file");
    std::map<std::string, size_t> col;
    for (size_t i = 0; i < header.size(); ++i)
        col[header[i]] = i;
    for (const char *c : kRequired)
        if (!col.count(c))
            throw ParseError("line " + std::to_string(line - 1) + ": the header has no column \"" + c +
                             "\": this is not a SpeedupLab CSV file");

    while (pos < text.size()) {
        const int rowLine = line;
        const auto cells = csvRecord(text, pos, line);
        if (cells.size() == 1 && cells[0].empty())
            continue; // blank line
        const std::string w = "line " + std::to_string(rowLine);
        if (cells.size() != header.size())
            throw ParseError(w + ": expected " + std::to_string(header.size()) + " fields, found " +
                             std::to_string(cells.size()));
        auto get = [&](const char *name) -> const std::string * {
            auto it = col.find(name);
            return it == col.end() ? nullptr : &cells[it->second];
        };
        auto dbl = [&](const char *name, double &out) {
            const std::string *s = get(name);
            if (!s)
                return;
            bool ok = false;
            out = parseDouble(*s, ok);
            if (!ok)
                throw ParseError(w + ", column " + name + ": " + inQuotes(*s) + " is not a number");
        };
        auto integer = [&](const char *name, int &out) {
            double d = out;
            dbl(name, d);
            if (d != std::floor(d) || std::fabs(d) > 2e9)
                throw ParseError(w + ", column " + name + ": " + inQuotes(*get(name)) + " is not an integer");
            out = int(d);
        };
        auto boolean = [&](const char *name, bool &out) {
            const std::string *s = get(name);
            if (*s == "true" || *s == "1")
                out = true;
            else if (*s == "false" || *s == "0")
                out = false;
            else
                throw ParseError(w + ", column " + name + ": " + inQuotes(*s) + " is not true or false");
        };
        Measurement m;
        m.workload = *get("workload");
        m.backend = *get("backend");
        m.variant = *get("variant");
        m.mode = *get("mode");
        m.transfers = *get("transfers");
        m.reason = *get("reason");
        integer("threads", m.threads);
        integer("device", m.device);
        integer("n", m.n);
        dbl("elements", m.elements);
        dbl("bytes", m.bytes);
        dbl("flops", m.flops);
        integer("iterations", m.iterations);
        integer("reps", m.stats.reps);
        dbl("median_s", m.stats.median);
        dbl("min_s", m.stats.min);
        dbl("max_s", m.stats.max);
        dbl("mean_s", m.stats.mean);
        dbl("stddev_s", m.stats.stddev);
        dbl("cv", m.stats.cv);
        dbl("max_error", m.maxError);
        dbl("q1_s", m.stats.q1); // the spread columns: absent from older files
        dbl("q3_s", m.stats.q3);
        integer("outliers", m.stats.outliers);
        try {
            m.conditions = PointConditions::fromCsv(get);
        } catch (const std::invalid_argument &e) {
            throw ParseError(w + ", " + e.what());
        }
        boolean("verified", m.verified);
        if (get("noisy")) {
            // The file says noisy where its CV does not: the point was flagged off its trend.
            bool noisy = false;
            boolean("noisy", noisy);
            m.stats.offTrend = noisy && !(m.stats.cv > Stats::noisyCv);
        }
        if (!Measurement::parseStatus(*get("status"), m.status))
            throw ParseError(w + ", column status: unknown value " + inQuotes(*get("status")));
        for (const char *name : {"workload", "backend", "variant", "mode", "transfers", "reason"})
            if (!validUtf8(*get(name)))
                throw ParseError(w + ", column " + name + ": " + inQuotes(*get(name)) + " is not UTF-8 text");
        validate(m, w, [&](const char *name) {
            const std::string *s = get(name);
            return s ? *s : std::string("absent");
        });
        r.add(m);
    }
    return r;
}

namespace {

// What a file that is not a regular file is, for the message; empty for a regular file.
std::string notRegular(mode_t mode)
{
    if (S_ISREG(mode))
        return {};
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISFIFO(mode))
        return "a named pipe (FIFO)";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

std::string mib(std::uintmax_t bytes)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MiB", double(bytes) / (1024.0 * 1024.0));
    return buf;
}

} // namespace

// A FIFO, a device or a folder is refused from stat, before it is opened, and the file is opened
// non-blocking, so that one swapped in between cannot block either.
std::string detail::readResultFile(const std::string &path)
{
    const std::string name = shown(path, std::string::npos);
    const auto refuse = [&](const std::string &why) {
        throw ParseError(name + ": " + why + ": a result file must be a regular .csv or .json file");
    };
    const auto check = [&](const struct stat &st) {
        if (const std::string kind = notRegular(st.st_mode); !kind.empty())
            refuse("this is " + kind + ", not a regular file");
        if (std::uintmax_t(st.st_size) > ResultIO::maxFileBytes)
            refuse("the file is " + mib(std::uintmax_t(st.st_size)) + ", larger than the " +
                   mib(ResultIO::maxFileBytes) + " a result file may be");
    };
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw ParseError("cannot open " + name + ": " + std::strerror(errno));
    check(st);
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        throw ParseError("cannot open " + name + ": " + std::strerror(errno));
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    if (::fstat(fd, &st) != 0)
        throw ParseError("cannot read " + name + ": " + std::strerror(errno));
    check(st);
    // One byte more than fstat says, to see the end without growing; more if the file grew,
    // up to one byte past the limit.
    std::string text(std::size_t(st.st_size) + 1, '\0');
    std::size_t have = 0;
    for (;;) {
        if (have == text.size()) {
            if (text.size() > ResultIO::maxFileBytes)
                refuse("the file is larger than the " + mib(ResultIO::maxFileBytes) +
                       " a result file may be");
            text.resize(std::min<std::size_t>(ResultIO::maxFileBytes + 1, text.size() + 65536));
        }
        const ssize_t got = ::read(fd, text.data() + have, text.size() - have);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            throw ParseError("cannot read " + name + ": " + std::strerror(errno));
        }
        if (got == 0)
            break;
        have += std::size_t(got);
    }
    text.resize(have);
    return text;
}

ParseError detail::inFile(const std::string &path, const ParseError &e)
{
    const std::string what = e.what();
    const bool located =
        what.rfind("line ", 0) == 0 || what.rfind("rows[", 0) == 0 || what.rfind("runs[", 0) == 0;
    return ParseError(shown(path, std::string::npos) + (located ? ", " : ": ") + what);
}

ResultSet ResultIO::load(const std::string &path)
{
    return parseResultFile(path, readResultFile(path));
}

ResultSet detail::parseResultFile(const std::string &path, const std::string &text)
{
    auto ends = [&](const char *ext) {
        const std::string e(ext);
        return path.size() >= e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0;
    };
    try {
        if (ends(".json") || ends(".JSON"))
            return ResultIO::fromJson(text);
        if (ends(".csv") || ends(".CSV"))
            return ResultIO::fromCsv(text);
        const std::string_view t = withoutBom(text);
        const size_t first = t.find_first_not_of(" \t\r\n");
        if (first != std::string::npos && t[first] == '{')
            return ResultIO::fromJson(text);
        return ResultIO::fromCsv(text);
    } catch (const ParseError &e) {
        throw inFile(path, e);
    }
}

} // namespace speeduplab
