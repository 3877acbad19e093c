// SPDX-License-Identifier: MIT
#include "core/resultio.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <random>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace speeduplab {

using nlohmann::json;

namespace {

const char *const kColumns[] = {"workload", "backend",  "variant",  "threads",   "mode",   "transfers",
                                "device",   "n",        "elements", "bytes",     "flops",  "iterations",
                                "reps",     "median_s", "min_s",    "max_s",     "mean_s", "stddev_s",
                                "cv",       "noisy",    "verified", "max_error", "status", "reason"};
// Columns a file must have; the others default when absent (files written by other tools).
const char *const kRequired[] = {"workload", "backend",    "variant", "threads",  "mode",   "transfers",
                                 "n",        "iterations", "reps",    "median_s", "min_s",  "max_s",
                                 "mean_s",   "stddev_s",   "cv",      "verified", "status", "reason"};

std::string num(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string quoteCsv(const std::string &s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string q = "\"";
    for (char c : s) {
        if (c == '"')
            q += '"';
        q += c;
    }
    return q + '"';
}

// JSON has no inf or nan: write them as strings and accept them back.
json jnum(double v)
{
    if (std::isfinite(v))
        return v;
    return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
}

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

json machineToJson(const MachineInfo &m)
{
    json g = json::array();
    for (const auto &x : m.gpus)
        g.push_back({{"index", x.index},
                     {"name", x.name},
                     {"compute_capability", x.computeCapability},
                     {"sm_count", x.smCount},
                     {"memory_bytes", x.memoryBytes},
                     {"sm_clock_mhz", x.smClockMHz},
                     {"memory_clock_mhz", x.memoryClockMHz},
                     {"memory_bus_width_bits", x.memoryBusWidthBits},
                     {"bandwidth_gbs", x.bandwidthGBs},
                     {"l2_bytes", x.l2Bytes}});
    json ceilings = json::object();
    for (const auto &[k, v] : m.ceilings)
        ceilings[k] = jnum(v);
    return {{"cpu_model", m.cpuModel},
            {"logical_cores", m.logicalCores},
            {"caches", m.caches},
            {"cpu_kernels", m.cpuKernels},
            {"blas", m.blas},
            {"blas_warning", m.blasWarning},
            {"ram_bytes", m.ramBytes},
            {"os", m.os},
            {"gpus", g},
            {"gpu_status", m.gpuStatus},
            {"driver_version", m.driverVersion},
            {"runtime_version", m.runtimeVersion},
            {"build_type", m.buildType},
            {"program_version", m.programVersion},
            {"timestamp", m.timestamp},
            {"ceilings", ceilings}};
}

// Reads field `key` of j into out with a message naming the path on a type mismatch.
template <typename T>
void field(const json &j, const char *key, T &out, const std::string &where, bool required)
{
    auto it = j.find(key);
    if (it == j.end()) {
        if (required)
            throw ParseError(where + ": missing field \"" + key + "\"");
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
        throw ParseError(where + ": field \"" + key + "\" has the wrong type (" + it->type_name() + ")");
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
    field(j, "ram_bytes", m.ramBytes, w, false);
    field(j, "os", m.os, w, false);
    field(j, "gpu_status", m.gpuStatus, w, false);
    field(j, "driver_version", m.driverVersion, w, false);
    field(j, "runtime_version", m.runtimeVersion, w, false);
    field(j, "build_type", m.buildType, w, false);
    field(j, "program_version", m.programVersion, w, false);
    field(j, "timestamp", m.timestamp, w, false);
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
void validate(const Measurement &m, const std::string &where)
{
    if (m.workload.empty())
        throw ParseError(where + ": workload is empty");
    if (m.backend != "cpu" && m.backend != "gpu")
        throw ParseError(where + ": backend must be cpu or gpu, not \"" + m.backend + "\"");
    if (m.n <= 0)
        throw ParseError(where + ": n must be positive");
    if (m.iterations <= 0)
        throw ParseError(where + ": iterations must be positive");
    if (m.stats.reps < 0 || m.threads < 0)
        throw ParseError(where + ": reps and threads cannot be negative");
    if (m.ok() && !(m.stats.median > 0))
        throw ParseError(where + ": an ok point needs a positive median_s");
}

} // namespace

const char *ResultIO::csvHeader()
{
    static const std::string h = [] {
        std::string s;
        for (const char *c : kColumns) {
            if (!s.empty())
                s += ',';
            s += c;
        }
        return s;
    }();
    return h.c_str();
}

std::string ResultIO::toCsv(const ResultSet &r)
{
    std::ostringstream o;
    o << "# metadata: " << machineToJson(r.machine).dump() << '\n';
    o << csvHeader() << '\n';
    for (const auto &m : r.rows) {
        const Stats &s = m.stats;
        o << quoteCsv(m.workload) << ',' << m.backend << ',' << quoteCsv(m.variant) << ',' << m.threads << ','
          << quoteCsv(m.mode) << ',' << quoteCsv(m.transfers) << ',' << m.device << ',' << m.n << ','
          << num(m.elements) << ',' << num(m.bytes) << ',' << num(m.flops) << ',' << m.iterations << ','
          << s.reps << ',' << num(s.median) << ',' << num(s.min) << ',' << num(s.max) << ',' << num(s.mean)
          << ',' << num(s.stddev) << ',' << num(s.cv) << ',' << (s.noisy() ? "true" : "false") << ','
          << (m.verified ? "true" : "false") << ',' << num(m.maxError) << ','
          << Measurement::statusName(m.status) << ',' << quoteCsv(m.reason) << '\n';
    }
    return o.str();
}

std::string ResultIO::toJson(const ResultSet &r)
{
    json rows = json::array();
    for (const auto &m : r.rows) {
        const Stats &s = m.stats;
        rows.push_back({{"workload", m.workload},
                        {"backend", m.backend},
                        {"variant", m.variant},
                        {"threads", m.threads},
                        {"mode", m.mode},
                        {"transfers", m.transfers},
                        {"device", m.device},
                        {"n", m.n},
                        {"elements", jnum(m.elements)},
                        {"bytes", jnum(m.bytes)},
                        {"flops", jnum(m.flops)},
                        {"iterations", m.iterations},
                        {"reps", s.reps},
                        {"median_s", jnum(s.median)},
                        {"min_s", jnum(s.min)},
                        {"max_s", jnum(s.max)},
                        {"mean_s", jnum(s.mean)},
                        {"stddev_s", jnum(s.stddev)},
                        {"cv", jnum(s.cv)},
                        {"noisy", s.noisy()},
                        {"verified", m.verified},
                        {"max_error", jnum(m.maxError)},
                        {"status", Measurement::statusName(m.status)},
                        {"reason", m.reason}});
    }
    json doc = {{"format", "speeduplab-results"},
                {"version", 1},
                {"machine", machineToJson(r.machine)},
                {"rows", rows}};
    return doc.dump(1) + '\n';
}

ResultSet ResultIO::fromJson(const std::string &text)
{
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::parse_error &e) {
        throw ParseError(std::string("not valid JSON: ") + e.what());
    }
    if (!doc.is_object())
        throw ParseError("the JSON document must be an object with \"machine\" and \"rows\"");
    const auto format = doc.find("format");
    if (format == doc.end() || !format->is_string() || format->get<std::string>() != "speeduplab-results")
        throw ParseError(
            "field \"format\" must be \"speeduplab-results\": this is not a SpeedupLab result file");
    ResultSet r;
    if (auto it = doc.find("machine"); it != doc.end())
        r.machine = machineFromJson(*it);
    auto rows = doc.find("rows");
    if (rows == doc.end() || !rows->is_array())
        throw ParseError("field \"rows\" is missing or not an array");
    for (size_t i = 0; i < rows->size(); ++i) {
        const json &j = (*rows)[i];
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
        field(j, "max_error", m.maxError, w, false);
        field(j, "status", status, w, true);
        field(j, "reason", m.reason, w, true);
        if (!Measurement::parseStatus(status, m.status))
            throw ParseError(w + ": field \"status\" has an unknown value \"" + status + "\"");
        validate(m, w);
        r.add(m);
    }
    return r;
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
    size_t pos = 0;
    int line = 1;
    std::vector<std::string> header;
    while (pos < text.size() && header.empty()) {
        if (text[pos] == '#') {
            const size_t eol = text.find('\n', pos);
            const std::string comment =
                text.substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
            const std::string tag = "# metadata: ";
            if (comment.rfind(tag, 0) == 0) {
                try {
                    r.machine = machineFromJson(json::parse(comment.substr(tag.size())));
                } catch (const json::parse_error &e) {
                    throw ParseError("line " + std::to_string(line) + ": the metadata is not valid JSON");
                } catch (const ParseError &e) {
                    throw ParseError("line " + std::to_string(line) + ": " + e.what());
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
                throw ParseError(w + ", column " + name + ": \"" + *s + "\" is not a number");
        };
        auto integer = [&](const char *name, int &out) {
            double d = out;
            dbl(name, d);
            if (d != std::floor(d) || std::fabs(d) > 2e9)
                throw ParseError(w + ", column " + name + ": \"" + *get(name) + "\" is not an integer");
            out = int(d);
        };
        auto boolean = [&](const char *name, bool &out) {
            const std::string *s = get(name);
            if (*s == "true" || *s == "1")
                out = true;
            else if (*s == "false" || *s == "0")
                out = false;
            else
                throw ParseError(w + ", column " + name + ": \"" + *s + "\" is not true or false");
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
        boolean("verified", m.verified);
        if (!Measurement::parseStatus(*get("status"), m.status))
            throw ParseError(w + ", column status: unknown value \"" + *get("status") + "\"");
        validate(m, w);
        r.add(m);
    }
    return r;
}

void ResultIO::checkWritable(const std::string &path)
{
    namespace fs = std::filesystem;
    if (path.empty())
        throw WriteError("no output file name was given");
    fs::path p(path);
    fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw WriteError("cannot write " + path + ": the folder " + dir.string() + " does not exist");
    if (fs::is_directory(p, ec))
        throw WriteError("cannot write " + path + ": it is a folder");
    if (access(dir.c_str(), W_OK) != 0)
        throw WriteError("cannot write " + path + ": the folder " + dir.string() + " is not writable (" +
                         std::strerror(errno) + ")");
}

void ResultIO::writeFileAtomically(const std::string &path, const std::string &text)
{
    checkWritable(path);
    // The temporary file is created with mode 0666 and O_EXCL, so that the kernel applies the
    // process's umask as it does to any new file. (mkstemp makes 0600 files, and reading the
    // umask means setting it: a race with every other thread that creates files.)
    std::string tmpl;
    int fd = -1;
    static std::atomic<unsigned> counter{0};
    std::random_device entropy;
    for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
        char suffix[32];
        std::snprintf(suffix, sizeof suffix, ".tmp-%08x%04x", unsigned(entropy()), counter++ & 0xffffu);
        tmpl = path + suffix;
        fd = ::open(tmpl.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0)
        throw WriteError("cannot write " + path + ": " + std::strerror(errno));
    const char *p = text.data();
    size_t left = text.size();
    bool ok = true;
    int err = 0;
    while (left > 0) {
        const ssize_t w = ::write(fd, p, left);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            ok = false;
            err = errno;
            break;
        }
        p += w;
        left -= size_t(w);
    }
    if (ok && fsync(fd) != 0) {
        ok = false;
        err = errno;
    }
    if (::close(fd) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (ok && std::rename(tmpl.c_str(), path.c_str()) != 0) {
        ok = false;
        err = errno;
    }
    if (!ok) {
        ::unlink(tmpl.c_str());
        throw WriteError("cannot write " + path + ": " + std::strerror(err));
    }
}

void ResultIO::writeCsv(const ResultSet &r, const std::string &path)
{
    writeFileAtomically(path, toCsv(r));
}
void ResultIO::writeJson(const ResultSet &r, const std::string &path)
{
    writeFileAtomically(path, toJson(r));
}

ResultSet ResultIO::load(const std::string &path)
{
    std::ifstream f(path, std::ios::binary);
    if (!f)
        throw ParseError("cannot open " + path + ": " + std::strerror(errno));
    std::stringstream ss;
    ss << f.rdbuf();
    const std::string text = ss.str();
    auto ends = [&](const char *ext) {
        const std::string e(ext);
        return path.size() >= e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0;
    };
    try {
        if (ends(".json") || ends(".JSON"))
            return fromJson(text);
        if (ends(".csv") || ends(".CSV"))
            return fromCsv(text);
        const size_t first = text.find_first_not_of(" \t\r\n");
        if (first != std::string::npos && text[first] == '{')
            return fromJson(text);
        return fromCsv(text);
    } catch (const ParseError &e) {
        throw ParseError(path + ": " + e.what());
    }
}

} // namespace speeduplab
