// SPDX-License-Identifier: MIT
// Reading result files, the shared side: values echoed in messages, JSON error sentences,
// numbers from text, the checks every row passes (CSV or JSON), and ResultIO::load (the
// file-system side of reading). The readers are resultjson.cpp and resultcsv.cpp; the formats
// are written in resultio.cpp; resultload.h declares what they and runset.cpp share.
#include "core/results/resultload.h"

#include "core/devices/devicebackend.h"
#include "core/io/htmltext.h"
#include "core/io/readfile.h"
#include "core/results/resultio.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <functional>
#include <string_view>
#include <sys/stat.h>
#include <type_traits>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace speeduplab {

using namespace detail;

namespace {
// An ok point's median lies in [kMinMedianS, kMaxSeconds]: below a picosecond no timer can
// resolve, above 1e7 s (116 days) no sweep runs. Every time field is at most kMaxSeconds.
constexpr double kMinMedianS = 1e-12;
constexpr double kMaxSeconds = 1e7;
// A row's counts, and the rates an ok row's counts and median give (see validate).
constexpr double kMaxCount = 1e24;
constexpr double kMaxRate = 1e18;
// The relative slack allowed in min_s <= median_s <= max_s (rounding in other tools' output).
constexpr double kOrderSlack = 1e-9;
} // namespace

void detail::cutFields(Measurement &m)
{
    for (std::string *name : {&m.workload, &m.backend, &m.variant, &m.mode, &m.transfers})
        cutText(*name, kMaxNameChars);
    cutText(m.reason, kMaxTextChars);
    cutText(m.run, kMaxNameChars);
    for (std::string *text :
         {&m.conditions.placedOn, &m.conditions.energy.counters, &m.conditions.energy.note})
        cutText(*text, kMaxTextChars);
}

void detail::cutFields(MachineInfo &m)
{
    for (std::string *text : {&m.cpuModel, &m.cpuKernels, &m.blas, &m.blasWarning, &m.cpuConditions.governor,
                              &m.os, &m.gpuStatus, &m.driverVersion, &m.runtimeVersion, &m.buildType,
                              &m.programVersion, &m.timestamp, &m.sweep.gpuClocks})
        cutText(*text, kMaxTextChars);
    // The sweep's conditions too: a 2 MB gpu_clocks was printed whole by report.
    for (std::string *name : {&m.sweep.cache, &m.sweep.ompWaitPolicy})
        cutText(*name, kMaxNameChars);
    for (MachineInfo::Gpu &g : m.gpus) {
        cutText(g.name, kMaxTextChars);
        cutText(g.computeCapability, kMaxNameChars);
    }
    for (auto &[prefix, status] : m.describedStatus)
        cutText(status, kMaxTextChars);
    for (DeviceDescription &d : m.described) {
        for (std::string *text : {&d.name, &d.vendor, &d.platform, &d.platformVersion, &d.driverVersion,
                                  &d.deviceVersion, &d.pciBusId})
            cutText(*text, kMaxTextChars);
        cutText(d.type, kMaxNameChars);
    }
    // Keys cut to the same name are one: the last value read wins, as for a key given twice.
    const auto cutKeys = [](auto &map, std::size_t valueLimit) {
        std::remove_reference_t<decltype(map)> out;
        for (auto &[key, value] : map) {
            std::string k = key;
            cutText(k, kMaxNameChars);
            if constexpr (std::is_same_v<std::decay_t<decltype(value)>, std::string>)
                cutText(value, valueLimit);
            out[std::move(k)] = std::move(value);
        }
        map = std::move(out);
    };
    cutKeys(m.caches, kMaxNameChars);
    cutKeys(m.ceilings, 0);
}

namespace {

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

// Checks what no well-formed row can have, so that a damaged file is refused, not half-used.
// `raw` gives a field's text as the file has it, for the message.
void detail::validate(const Measurement &m, const std::string &where,
                      const std::function<std::string(const char *)> &raw)
{
    const auto fail = [&](const char *name, const char *rule) {
        throw ParseError(where + ": " + name + " must be " + rule + ", not " + inQuotes(raw(name)));
    };
    if (m.workload.empty())
        throw ParseError(where + ": workload is empty");
    // "gpu" is CUDA's, the name of every file written before the OpenCL backend.
    if (!Devices::find(m.backend)) {
        std::string names;
        for (const DeviceBackend *b : Devices::all())
            names +=
                (names.empty() ? "" : ", ") + b->rowName() + (b->rowName() == RowName::cuda ? " (CUDA)" : "");
        throw ParseError(where + ": backend must be one of " + names + ", not " + inQuotes(m.backend));
    }
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
    // 0 on a CPU row only from another tool (its variant torch or numpy, as RunSet::isReference
    // knows them) that does not say how many threads it ran: the published table of the original
    // answer ran PyTorch with its default, on a machine it does not describe.
    const bool otherTool = m.variant == "torch" || m.variant == "numpy";
    if (m.isCpu() && m.threads < 1 && !otherTool)
        fail("threads", "at least 1 on a CPU row");
    const auto count = [&](const char *name, double v) {
        if (!(std::isfinite(v) && v >= 0))
            fail(name, "a finite number, 0 or more");
    };
    count("elements", m.elements);
    count("bytes", m.bytes);
    count("flops", m.flops);
    // What is derived from them stays finite and drawable: bytes = 1.7e308 over a 1e-12 s median
    // made an infinite throughput, whose log axis recursed until the window took 15 GB. No
    // machine moves an exabyte, or does an exaflop, a second.
    for (const auto &[name, v] :
         {std::pair{"elements", m.elements}, std::pair{"bytes", m.bytes}, std::pair{"flops", m.flops}})
        if (v > kMaxCount)
            fail(name, "at most 1e24");
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
    if (m.ok() && m.stats.median > 0) { // bytes and flops are a repetition's, as median_s is
        if (m.bytes / m.stats.median > kMaxRate)
            fail("bytes", "at most 1e18 a second of median_s (an exabyte a second)");
        if (m.flops / m.stats.median > kMaxRate)
            fail("flops", "at most 1e18 a second of median_s (an exaflop)");
    }
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
    if (m.conditions.disturbedReps > std::max(0, m.stats.reps))
        fail("disturbed_reps", "at most reps");
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

void detail::refuseDuplicates(const std::vector<Measurement> &rows,
                              const std::function<std::string(std::size_t)> &where)
{
    // By a hash of (series, n), each hit checked in full: memory of a few words a row, not a
    // key string (a million rows).
    std::unordered_multimap<std::size_t, std::size_t> seen;
    seen.reserve(rows.size());
    const std::hash<std::string> hash;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::string key = rows[i].seriesKey();
        const std::size_t h = hash(key) ^ (std::size_t(rows[i].n) * 0x9e3779b97f4a7c15ULL);
        const auto [first, last] = seen.equal_range(h);
        for (auto it = first; it != last; ++it) {
            const Measurement &other = rows[it->second];
            if (other.n == rows[i].n && other.seriesKey() == key)
                throw ParseError(where(i) + ": the same point as " + where(it->second) + " (" +
                                 shown(SeriesWords().name(rows[i].seriesName())) +
                                 ", n = " + std::to_string(rows[i].n) +
                                 "): a result file holds each point once; a point measured again is "
                                 "one row of several rounds (--rounds), or a run of its own (merge)");
        }
        seen.emplace(h, i);
    }
}

namespace {

} // namespace

// ReadFile refuses a FIFO, a device or a folder before it opens it, and opens without blocking.
std::string detail::readResultFile(const std::string &path)
{
    const std::string name = shown(path, std::string::npos);
    ReadFile::Result r = ReadFile::read(path, ResultIO::maxFileBytes);
    const std::string limit = ReadFile::mib(ResultIO::maxFileBytes);
    const char *mustBe = ": a result file must be a regular .csv or .json file";
    switch (r.why) {
    case ReadFile::Why::None:
        break;
    case ReadFile::Why::Open:
        throw ParseError("cannot open " + name + ": " + std::strerror(r.errnum));
    case ReadFile::Why::Read:
        throw ParseError("cannot read " + name + ": " + std::strerror(r.errnum));
    case ReadFile::Why::NotRegular:
        throw ParseError(name + ": this is " + r.kind + ", not a regular file" + mustBe);
    case ReadFile::Why::TooLarge:
        if (r.size == 0) // it grew while it was read
            throw ParseError(name + ": the file is larger than the " + limit + " a result file may be" +
                             mustBe);
        throw ParseError(name + ": the file is " + ReadFile::mib(r.size) + ", larger than the " + limit +
                         " SpeedupLab reads: split its rows over several files");
    }
    return std::move(r.text);
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
        const std::string_view t = withoutBom(text);
        const size_t first = t.find_first_not_of(" \t\r\n");
        if (first == std::string::npos)
            throw ParseError("the file is empty: it holds no results");
        // A web page is never read as CSV: its runs are read from its results block (RunSet::load).
        if (HtmlText::isHtml(text) || HtmlText::namedHtml(path))
            throw ParseError("this is an HTML page, not a CSV or JSON results file: a SpeedupLab report "
                             "opens as its runs in the window, or with speeduplab-cli merge");
        // The name says which format to expect; a file named for the other one (a CSV saved as
        // .json) is read by what it holds when that reads, else the error is the named format's.
        const bool json = ends(".json") || ends(".JSON"), csv = ends(".csv") || ends(".CSV");
        const bool looksJson = t[first] == '{' || t[first] == '[';
        // A CSV's machine lies in its metadata file beside it, where there is one.
        const auto fromCsv = [&path, &text] {
            const std::string meta = ResultIO::csvMetadataPath(path);
            std::error_code ec;
            if (!std::filesystem::exists(std::filesystem::symlink_status(meta, ec)))
                return ResultIO::fromCsv(text);
            const std::string name = "its metadata file " + std::filesystem::path(meta).filename().string();
            std::string metadata;
            try {
                metadata = readResultFile(meta);
            } catch (const ParseError &e) {
                throw ParseError(name + ": " + e.what());
            }
            return ResultIO::fromCsv(text, metadata, name);
        };
        const std::string metaEnd = ResultIO::csvMetadataSuffix;
        if (path.size() > metaEnd.size() &&
            path.compare(path.size() - metaEnd.size(), metaEnd.size(), metaEnd) == 0)
            throw ParseError(
                "this is the machine of a CSV results file, not results: open " +
                std::filesystem::path(path.substr(0, path.size() - metaEnd.size())).filename().string() +
                ", which reads it");
        if ((json && !looksJson) || (csv && looksJson)) {
            try {
                return json ? fromCsv() : ResultIO::fromJson(text);
            } catch (const ParseError &) {
            }
        }
        if (json || (!csv && looksJson))
            return ResultIO::fromJson(text);
        return fromCsv();
    } catch (const ParseError &e) {
        throw inFile(path, e);
    }
}

} // namespace speeduplab
