// SPDX-License-Identifier: MIT
// Result files (no Qt): the CSV and JSON writers, atomic writes, and ResultIO::load.
#include "core/results/resultio.h"

#include "core/analysis/analysis.h"
#include "core/io/texts.h"
#include "core/results/rowfields.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string_view>
#include <variant>
#include <vector>

namespace speeduplab {

using nlohmann::json;

namespace {

std::string num(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

// A cell: valid UTF-8 (a byte that is not is replaced, as in JSON), quoted when it must be.
std::string quoteCsv(const std::string &raw)
{
    const std::string s = detail::asUtf8(raw);
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

json topologyToJson(const CpuTopology &t)
{
    json kinds = json::array();
    for (const Topology::Kind &k : t.kinds)
        kinds.push_back({{"name", k.name},
                         {"core_type", k.coreType},
                         {"efficiency", k.efficiency},
                         {"cores", k.cores},
                         {"threads", k.pus}});
    return {{"packages", t.packages}, {"numa_nodes", t.numaNodes},
            {"cores", t.cores},       {"threads_per_core", t.threadsPerCore},
            {"core_kinds", kinds},    {"source", t.source}};
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
                     {"l2_bytes", x.l2Bytes},
                     {"pci_bus_id", x.pciBusId}});
    // Each described backend's devices (DeviceDescription::fields) and why it has none.
    json described = json::object();
    for (const DescribedBackend &b : describedBackends) {
        json list = json::array();
        for (const DeviceDescription &d : m.described) {
            if (d.backend != b.prefix)
                continue;
            json o = {{"index", d.index}};
            for (const DeviceDescription::Field &f : DeviceDescription::fields())
                std::visit([&](auto member) { o[f.key] = d.*member; }, f.member);
            list.push_back(std::move(o));
        }
        described[std::string(b.prefix) + "_devices"] = std::move(list);
        described[std::string(b.prefix) + "_status"] = m.statusOf(b.prefix);
    }
    json ceilings = json::object();
    for (const auto &[k, v] : m.ceilings)
        ceilings[k] = jnum(v);
    json out = {{"cpu_model", m.cpuModel},
                {"logical_cores", m.logicalCores},
                {"caches", m.caches},
                {"cpu_kernels", m.cpuKernels},
                {"blas", m.blas},
                {"blas_warning", m.blasWarning},
                {"cpu_governor", m.cpuConditions.governor},
                {"cpu_boost", CpuConditions::boostName(m.cpuConditions.boost)},
                {"cpu_mhz_start", jnum(m.cpuConditions.startMHz)},
                {"cpu_mhz_end", jnum(m.cpuConditions.endMHz)},
                {"ram_bytes", m.ramBytes},
                {"os", m.os},
                {"gpus", g},
                {"gpu_status", m.gpuStatus},
                {"driver_version", m.driverVersion},
                {"runtime_version", m.runtimeVersion},
                {"build_type", m.buildType},
                {"program_version", m.programVersion},
                {"timestamp", m.timestamp},
                {"host", m.host},
                {"job", m.job},
                {"sweep", detail::sweepToJson(m.sweep)},
                {"topology", topologyToJson(m.topology)},
                {"ceilings", ceilings}};
    out.update(described);
    return out;
}

} // namespace

const char *ResultIO::csvHeader()
{
    static const std::string h = [] {
        std::string s;
        for (const RowField &f : RowFields::all()) {
            if (!s.empty())
                s += ',';
            s += f.name;
        }
        for (const std::string &c : PointConditions::csvColumns())
            s += ',' + c;
        return s;
    }();
    return h.c_str();
}

std::string ResultIO::toCsv(const ResultSet &r)
{
    std::string text;
    streamCsv(r, [&text](std::string_view piece) { text += piece; });
    return text;
}

void ResultIO::streamCsv(const ResultSet &r, const std::function<void(std::string_view)> &out)
{
    // In pieces of about 1 MiB: a million rows are written without their whole text in memory.
    std::ostringstream o;
    o << csvHeader() << '\n';
    for (const auto &m : r.rows) {
        bool first = true;
        for (const RowField &f : RowFields::all()) {
            if (!first)
                o << ',';
            first = false;
            if (f.isSet && !f.isSet(m))
                continue; // a blank cell
            switch (f.type) {
            case RowField::Type::Text:
                o << quoteCsv(f.text(m));
                break;
            case RowField::Type::Integer:
                o << (long long)f.number(m);
                break;
            case RowField::Type::Number:
                o << num(f.number(m));
                break;
            case RowField::Type::Boolean:
                o << (f.number(m) != 0 ? "true" : "false");
                break;
            }
        }
        for (const std::string &cell : m.conditions.csvCells())
            o << ',' << quoteCsv(cell);
        o << '\n';
        if (o.tellp() > std::streamoff(1) << 20) {
            out(o.view());
            o.str({});
        }
    }
    // Nothing but the rows: the machine is in the metadata file (csvMetadata). Its cell after
    // the rows became a row of its own in pandas, and every column's type with it.
    out(o.view());
}

std::string ResultIO::csvMetadata(const ResultSet &r, const std::string &csvName)
{
    json j = json::object();
    j["format"] = csvMetadataFormat;
    j["version"] = formatVersion;
    j["csv"] = csvName;
    j["machine"] = machineToJson(r.machine);
    return detail::jsonText(j) + '\n';
}

std::string ResultIO::csvMetadataPath(const std::string &csvPath)
{
    // Beside the file itself: a CSV written through a link has its metadata beside its target,
    // where the CSV is read from through the link or without it.
    std::error_code ec;
    const std::filesystem::path real = std::filesystem::weakly_canonical(csvPath, ec);
    return (ec || real.empty() ? csvPath : real.string()) + csvMetadataSuffix;
}

namespace {

json rowToJson(const Measurement &m)
{
    json row = json::object();
    for (const RowField &f : RowFields::all())
        switch (f.type) {
        case RowField::Type::Text:
            row[f.name] = f.text(m);
            break;
        case RowField::Type::Integer:
            row[f.name] = (long long)f.number(m);
            break;
        case RowField::Type::Number:
            row[f.name] = jnum(f.number(m));
            break;
        case RowField::Type::Boolean:
            row[f.name] = f.number(m) != 0;
            break;
        }
    row["samples"] = m.stats.samples; // JSON's only: a CSV row stays one line of summaries
    row.update(detail::conditionsToJson(m.conditions));
    return row;
}

// Where the rows' curves cross (Analysis::crossingPairs, Analysis::crossings): derived from the
// rows, for a reader without SpeedupLab; SpeedupLab's readers skip it and derive them again.
json crossoversToJson(const ResultSet &r)
{
    json out = json::array();
    for (const std::string &w : r.workloads())
        for (const Analysis::CrossingPair &p : Analysis::crossingPairs(r, w))
            for (const Crossing &x : Analysis::crossings(p.first, p.second)) {
                const Series &above = x.gpuBecomesFaster ? p.second : p.first;
                out.push_back({{"workload", w},
                               {"pair", p.name},
                               {"faster_above", x.times % 2 == 0 ? std::string() : above.label},
                               {"n", jnum(x.n)},
                               {"lo", jnum(x.lo)},
                               {"hi", jnum(x.hi)},
                               {"open_low", x.openLow},
                               {"open_high", x.openHigh},
                               {"times", x.times},
                               {"text", x.text()}});
            }
    return out;
}

std::string compact(const json &j)
{
    return detail::jsonText(j);
}

} // namespace

std::string ResultIO::toJson(const ResultSet &r)
{
    std::string text;
    streamJson(r, [&text](std::string_view piece) { text += piece; });
    return text + '\n';
}

void ResultIO::streamJson(const ResultSet &r, const std::function<void(std::string_view)> &out)
{
    // Field by field: format, machine, rows, crossovers (derived from the rows), version. Each row is made,
    // written and dropped, so memory holds one row's text.
    out("{\"format\":\"speeduplab-results\",\"machine\":");
    out(compact(machineToJson(r.machine)));
    out(",\"rows\":[");
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        out(i ? ",\n" : "\n");
        out(compact(rowToJson(r.rows[i])));
    }
    out("],\"crossovers\":");
    out(compact(crossoversToJson(r)));
    out(",\"version\":" + std::to_string(formatVersion) + "}");
}

void ResultIO::writeResultFile(const std::string &path,
                               const std::function<void(const SafeFile::Append &)> &produce,
                               const WriteOptions &options, const std::string &advice)
{
    WriteOptions o = options;
    o.maxBytes = o.maxBytes ? std::min(o.maxBytes, maxFileBytes) : maxFileBytes;
    try {
        SafeFile::write(path, produce, o);
    } catch (const WriteError &e) {
        if (e.kind() != WriteError::Kind::TooLarge)
            throw;
        throw WriteError("cannot write " + path + ": the file would be larger than the " +
                             std::to_string(maxFileBytes >> 20) +
                             " MiB SpeedupLab opens, so nothing was written: " + advice,
                         WriteError::Kind::TooLarge);
    }
}

void ResultIO::writeCsv(const ResultSet &r, const std::string &path, const WriteOptions &options)
{
    writeResultFile(
        path, [&r](const SafeFile::Append &out) { streamCsv(r, out); }, options,
        "write fewer rows, or split them over several files");
    writeCsvMetadata(r, path, options);
}

void ResultIO::writeCsvMetadata(const ResultSet &r, const std::string &csvPath, WriteOptions options)
{
    options.createOnly = false;
    options.sameModeAs = csvPath;
    const std::string metadata = csvMetadata(r, std::filesystem::path(csvPath).filename().string());
    writeResultFile(
        csvMetadataPath(csvPath), [&metadata](const SafeFile::Append &out) { out(metadata); }, options,
        "write fewer rows");
}
void ResultIO::writeJson(const ResultSet &r, const std::string &path, const WriteOptions &options)
{
    // Row by row: a million rows are written without their whole text, or a tree of them, in memory.
    writeResultFile(
        path,
        [&r](const SafeFile::Append &out) {
            streamJson(r, out);
            out("\n");
        },
        options, "write CSV, which is smaller, or split the rows over several files");
}

} // namespace speeduplab
