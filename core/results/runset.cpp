// SPDX-License-Identifier: MIT
// Several runs: their labels, the view that joins the visible ones, and the runs file (merge's output
// and the app's workspace), read with a streaming parser.
#include "core/results/runset.h"

#include "core/io/htmltext.h"

#include "core/results/resultio.h"
#include "core/results/resultload.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <set>
#include <string_view>

namespace speeduplab {

using nlohmann::json;
using namespace detail;

namespace {

const char *const kFormat = "speeduplab-runs";
// The nesting a runs file may have around its result objects, which ResultJsonReader bounds
// itself (as deep again, as in a result file).
constexpr std::size_t kMaxDepth = 64;

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

// s as a label may hold it: valid UTF-8 without control characters (tabs and line breaks
// become spaces, the others are dropped), trimmed, at most `limit` characters.
std::string cleanLabel(std::string_view s, std::size_t limit = RunSet::maxLabelLength)
{
    std::string out;
    std::size_t chars = 0;
    for (std::size_t i = 0; i < s.size() && chars < limit;) {
        char32_t cp = 0;
        const std::size_t len = utf8At(s, i, cp);
        if (len == 0) {
            ++i;
            continue;
        }
        if (cp == '\t' || cp == '\n' || cp == '\r' || cp == 0x2028 || cp == 0x2029) {
            if (!out.empty() && out.back() != ' ') {
                out += ' ';
                ++chars;
            }
        } else if (!isControl(cp)) {
            out.append(s.substr(i, len));
            ++chars;
        }
        i += len;
    }
    const std::size_t first = out.find_first_not_of(' ');
    if (first == std::string::npos)
        return {};
    return out.substr(first, out.find_last_not_of(' ') - first + 1);
}

// "Intel(R) Xeon(R) Platinum 8480+ CPU @ 2.00GHz" -> "Intel Xeon Platinum 8480+",
// "AMD EPYC 7763 64-Core Processor" -> "AMD EPYC 7763".
std::string shortCpu(std::string model)
{
    for (const char *mark : {"(R)", "(r)", "(TM)", "(tm)"})
        for (std::size_t at; (at = model.find(mark)) != std::string::npos;)
            model.erase(at, std::string_view(mark).size());
    if (const std::size_t at = model.find(" @"); at != std::string::npos)
        model.erase(at);
    std::string out;
    std::size_t start = 0;
    while (start < model.size()) {
        std::size_t end = model.find(' ', start);
        if (end == std::string::npos)
            end = model.size();
        const std::string word = model.substr(start, end - start);
        start = end + 1;
        const bool cores = word.size() > 5 && word.compare(word.size() - 5, 5, "-Core") == 0;
        // The vendor and the generation say little next to the model ("Xeon Platinum 8480+",
        // "EPYC 7763", "Core i7-1360P"), and a label must fit a legend.
        const bool generation =
            word.size() > 2 && std::isdigit(static_cast<unsigned char>(word[0])) &&
            (word.ends_with("th") || word.ends_with("nd") || word.ends_with("rd") || word.ends_with("st"));
        if (word.empty() || word == "CPU" || word == "Processor" || cores || word == "AMD" ||
            word == "Intel" || word == "Gen" || generation)
            continue;
        out += (out.empty() ? "" : " ") + word;
    }
    return out;
}

// "2026-11-30T21:40:12Z" -> "30 Nov 21:40" (the minute: short enough for a legend; the file
// keeps the whole time), "2026-11-30" -> "30 Nov 2026"; empty when the text is not such a time.
std::string shortTime(const std::string &t)
{
    const auto digits = [&](std::size_t from, std::size_t count) {
        if (t.size() < from + count)
            return false;
        return std::all_of(t.begin() + std::ptrdiff_t(from), t.begin() + std::ptrdiff_t(from + count),
                           [](char c) { return c >= '0' && c <= '9'; });
    };
    if (!(digits(0, 4) && t.size() >= 10 && t[4] == '-' && digits(5, 2) && t[7] == '-' && digits(8, 2)))
        return {};
    static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    const int month = std::stoi(t.substr(5, 2));
    if (month < 1 || month > 12)
        return {};
    const std::string day = std::to_string(std::stoi(t.substr(8, 2))) + ' ' + months[month - 1];
    if (t.size() >= 16 && (t[10] == 'T' || t[10] == ' ') && digits(11, 2) && t[13] == ':' && digits(14, 2))
        return day + ' ' + t.substr(11, 5);
    return day + ' ' + t.substr(0, 4);
}

// The device a run's label names: the first GPU its rows ran on, else its CPU.
std::string deviceName(const ResultSet &r)
{
    const MachineInfo &m = r.machine;
    const auto gpuRow =
        std::find_if(r.rows.begin(), r.rows.end(), [](const Measurement &x) { return x.isCuda(); });
    if (gpuRow != r.rows.end() && !m.gpus.empty()) {
        const auto gpu = std::find_if(m.gpus.begin(), m.gpus.end(),
                                      [&](const MachineInfo::Gpu &g) { return g.index == gpuRow->device; });
        std::string name = cleanLabel(gpu != m.gpus.end() ? gpu->name : m.gpus.front().name);
        if (name.rfind("NVIDIA ", 0) == 0 && name.size() > 7)
            name.erase(0, 7); // "H200", "GeForce RTX 4090"
        if (!name.empty())
            return name;
    }
    return shortCpu(cleanLabel(m.cpuModel, std::string::npos));
}

// Reads a runs file from SAX events: the document's own fields here, each run's "results"
// forwarded to a ResultJsonReader, so that a run is read and checked exactly as a result file
// is. The first run refused is kept (later runs are skipped unread) for fromJson to raise after
// the format and version checks, so that a file of a newer SpeedupLab is named as such.
class RunsReader : public nlohmann::json_sax<json> {
public:
    using Sax = nlohmann::json_sax<json>;
    explicit RunsReader(std::string_view text) : m_text(text) {}

    std::string topType;                 // the document's type; empty before it starts
    std::optional<json> format, version; // as the file has them (a container: an empty one)
    std::string runsType;                // "" without a "runs" field
    std::vector<RunRecord> runs;
    std::optional<std::string> runError; // the first run refused

    bool null() override
    {
        return m_results ? forward([](Sax &r) { return r.null(); }) : scalar(json());
    }
    bool boolean(bool v) override
    {
        return m_results ? forward([&](Sax &r) { return r.boolean(v); }) : scalar(v);
    }
    bool number_integer(number_integer_t v) override
    {
        return m_results ? forward([&](Sax &r) { return r.number_integer(v); }) : scalar(v);
    }
    bool number_unsigned(number_unsigned_t v) override
    {
        return m_results ? forward([&](Sax &r) { return r.number_unsigned(v); }) : scalar(v);
    }
    bool number_float(number_float_t v, const string_t &s) override
    {
        return m_results ? forward([&](Sax &r) { return r.number_float(v, s); }) : scalar(v);
    }
    bool string(string_t &v) override
    {
        return m_results ? forward([&](Sax &r) { return r.string(v); }) : scalar(std::move(v));
    }
    bool binary(binary_t &v) override
    {
        return m_results ? forward([&](Sax &r) { return r.binary(v); }) : scalar(json::binary(std::move(v)));
    }
    bool start_object(std::size_t n) override
    {
        return m_results ? forward([&](Sax &r) { return r.start_object(n); }) : open(true);
    }
    bool start_array(std::size_t n) override
    {
        return m_results ? forward([&](Sax &r) { return r.start_array(n); }) : open(false);
    }
    bool key(string_t &k) override
    {
        if (m_results)
            return forward([&](Sax &r) { return r.key(k); });
        m_frames.back().key = k;
        return true;
    }
    bool end_object() override
    {
        return m_results ? forward([](Sax &r) { return r.end_object(); }) : close();
    }
    bool end_array() override
    {
        return m_results ? forward([](Sax &r) { return r.end_array(); }) : close();
    }
    bool parse_error(std::size_t pos, const std::string &token,
                     const nlohmann::detail::exception &ex) override
    {
        throw ParseError(jsonErrorMessage(m_text, pos, token, ex, path()));
    }

private:
    struct Frame {
        bool array = false;
        std::string key; // the last key of an object
    };
    // The run being read: its fields as the file has them.
    struct Pending {
        std::optional<std::string> label, source, compared;
        std::optional<bool> visible, reference;
        std::optional<ResultSet> results;
    };

    // The field being read, for a syntax error: "format_version", "runs[2].results.rows[3].n".
    std::string path() const
    {
        if (m_frames.size() < 2)
            return m_frames.empty() ? "" : shown(m_frames[0].key);
        if (!m_inRuns)
            return shown(m_frames[0].key) + "...";
        std::string p = "runs[" + std::to_string(m_index) + "]";
        if (m_results)
            p += ".results" + (m_results->path().empty() ? "" : "." + m_results->path());
        else if (m_frames.size() >= 3)
            p += "." + shown(m_frames[2].key);
        return p;
    }
    // "runs[1] ("H200 · 2026-11-30 21:40")": the run being read, for a message.
    std::string where() const
    {
        std::string w = "runs[" + std::to_string(m_index) + "]";
        if (m_run.label)
            w += " (\"" + shown(*m_run.label) + "\")";
        return w;
    }
    // why, said of the run being read; why is a run's field, or its results' error as given.
    std::string inRun(const std::string &why, bool results = false) const
    {
        if (results)
            return where() + (startsWith(why, "rows[") ? ", results." : ": results: ") + why;
        return where() + ": " + why;
    }
    void failRun(const std::string &why)
    {
        if (!runError)
            runError = why;
        m_runFailed = true;
    }
    // Hands one event of a run's "results" to its reader; takes the result set at its end.
    template <typename Event> bool forward(Event event)
    {
        try {
            event(*m_results);
        } catch (const ParseError &e) { // a limit of the result reader: the rest is not read
            throw ParseError(inRun(e.what(), true));
        }
        if (m_results->done()) {
            try {
                m_run.results = m_results->take();
            } catch (const ParseError &e) {
                failRun(inRun(e.what(), true));
            }
            m_results.reset();
        }
        return true;
    }
    // A run's field other than "results", as the file has it.
    void runField(const std::string &key, const json &v)
    {
        const auto wrongType = [&](const char *want) {
            failRun(inRun("field \"" + shown(key) + "\" must be " + want + ", not " + v.type_name()));
        };
        if (key == "label" || key == "source") {
            if (!v.is_string())
                return wrongType("a string");
            (key == "label" ? m_run.label : m_run.source) = v.get<std::string>();
        } else if (key == "compared") {
            if (!v.is_string() || (v.get<std::string>() != "a" && v.get<std::string>() != "b"))
                return failRun(inRun("field \"compared\" must be \"a\" or \"b\""));
            m_run.compared = v.get<std::string>();
        } else if (key == "visible" || key == "reference") {
            if (!v.is_boolean())
                return wrongType("true or false");
            (key == "visible" ? m_run.visible : m_run.reference) = v.get<bool>();
        } else if (key == "results") {
            failRun(inRun(std::string("field \"results\" must be a result object, not ") + v.type_name()));
        }
    }
    // A top-level field this reader keeps.
    void topField(const json &v)
    {
        if (m_frames[0].key == "format")
            format = v;
        else if (m_frames[0].key == "format_version")
            version = v;
    }
    bool scalar(json &&v)
    {
        const std::size_t depth = m_frames.size();
        if (depth == 0) {
            topType = v.type_name();
        } else if (m_skip > 0) {
            // inside a container that is not kept
        } else if (depth == 1) {
            if (m_frames[0].key == "runs")
                seeRuns(v.type_name());
            else
                topField(v);
        } else if (depth == 2 && m_inRuns) {
            startRun();
            failRun(inRun(std::string("must be an object, not ") + v.type_name()));
        } else if (depth == 3 && m_inRuns && !m_runFailed) {
            runField(m_frames[2].key, v);
        }
        return true;
    }
    bool open(bool object)
    {
        const std::size_t depth = m_frames.size();
        if (depth >= kMaxDepth)
            throw ParseError("the document is nested deeper than " + std::to_string(kMaxDepth) + " levels");
        if (depth == 3 && m_inRuns && m_skip == 0 && !m_runFailed && m_frames[2].key == "results") {
            // The result reader keeps its own frames from here to the end of the value.
            m_results = ResultJsonReader::create(m_text);
            return forward([&](Sax &r) { return object ? r.start_object(0) : r.start_array(0); });
        }
        m_frames.push_back(Frame{!object, {}});
        if (m_skip > 0) {
            ++m_skip;
        } else if (depth == 0) {
            topType = object ? "object" : "array";
            if (!object)
                m_skip = 1;
        } else if (depth == 1 && m_frames[0].key == "runs") {
            seeRuns(object ? "object" : "array");
            if (object)
                m_skip = 1;
            else
                m_inRuns = true;
        } else if (depth == 2 && m_inRuns) {
            startRun();
            if (!object)
                failRun(inRun("must be an object, not an array"));
            if (runError)
                m_skip = 1; // not read: this run or an earlier one is refused
        } else {
            if (depth == 1)
                topField(object ? json::object() : json::array());
            else if (depth == 3 && m_inRuns && !m_runFailed)
                runField(m_frames[2].key, object ? json::object() : json::array());
            m_skip = 1;
        }
        return true;
    }
    bool close()
    {
        const std::size_t depth = m_frames.size();
        m_frames.pop_back();
        if (m_skip > 0)
            --m_skip;
        if (depth == 3 && m_inRuns && m_skip == 0)
            finishRun();
        else if (depth == 2 && m_inRuns)
            m_inRuns = false;
        return true;
    }
    void seeRuns(const char *type)
    {
        if (!runsType.empty())
            throw ParseError("field \"runs\" appears more than once");
        runsType = type;
    }
    void startRun()
    {
        if (m_started == RunSet::maxRuns)
            throw ParseError("the file holds more than " + std::to_string(RunSet::maxRuns) +
                             " runs, the most a runs file may hold");
        m_index = m_started++;
        m_run = Pending();
        m_runFailed = false;
    }
    void finishRun()
    {
        if (runError)
            return;
        if (!m_run.results)
            return failRun(inRun("missing field \"results\""));
        RunRecord r;
        r.results = std::move(*m_run.results);
        r.label = RunSet::uniqueLabel(runs, m_run.label ? *m_run.label : RunSet::defaultLabel(r.results));
        r.visible = m_run.visible.value_or(true);
        r.reference = m_run.reference ? *m_run.reference : RunSet::isReference(r.results);
        r.source = m_run.source.value_or("");
        detail::cutText(r.source, detail::kMaxTextChars);
        r.compared = m_run.compared.value_or("");
        runs.push_back(std::move(r));
    }

    std::string_view m_text;
    std::vector<Frame> m_frames;
    std::size_t m_skip = 0; // > 0 inside a container that is not kept
    bool m_inRuns = false;
    std::size_t m_started = 0; // runs begun
    std::size_t m_index = 0;   // the run being read
    Pending m_run;
    bool m_runFailed = false;
    std::unique_ptr<ResultJsonReader> m_results; // while a run's "results" is read
};

} // namespace

std::string RunSet::defaultLabel(const ResultSet &r)
{
    std::string device = deviceName(r);
    std::string label;
    if (isReference(r)) {
        const std::string program = cleanLabel(r.machine.programVersion, maxLabelLength / 2);
        label = program.empty() ? "reference" : program;
        if (!device.empty())
            label += " \u00b7 " + device;
    } else if (!r.machine.job.empty()) {
        // A cluster's runs, one per node and task, are told apart by where and in which job.
        label = (r.machine.host.empty() ? device.empty() ? "unknown machine" : device : r.machine.host) +
                " \u00b7 job " + r.machine.job;
    } else {
        label = device.empty() ? "unknown machine" : device;
        if (const std::string time = shortTime(r.machine.timestamp); !time.empty())
            label += " \u00b7 " + time;
    }
    return cleanLabel(label);
}

bool RunSet::isReference(const ResultSet &r)
{
    // bench/refcommon.py writes build_type "reference"; older reference files are known by the
    // names their rows use (our variants and modes never take these).
    if (r.machine.buildType == "reference")
        return true;
    return std::any_of(r.rows.begin(), r.rows.end(), [](const Measurement &x) {
        return x.variant == "torch" || x.variant == "torch-tf32" || x.variant == "numpy" || x.mode == "eager";
    });
}

std::string RunSet::uniqueLabel(const std::vector<RunRecord> &runs, const std::string &label)
{
    std::string base = cleanLabel(label);
    if (base.empty())
        base = "run";
    std::set<std::string> taken;
    for (const auto &r : runs)
        taken.insert(r.label);
    if (!taken.count(base))
        return base;
    // A taken "X (2)" numbers on from X, not "X (2) (2)".
    if (const std::size_t open = base.rfind(" (");
        open != std::string::npos && open > 0 && base.back() == ')' && open + 3 < base.size() &&
        std::all_of(base.begin() + std::ptrdiff_t(open) + 2, base.end() - 1,
                    [](char c) { return c >= '0' && c <= '9'; }))
        base.resize(open);
    for (std::size_t k = 2;; ++k) {
        const std::string suffix = " (" + std::to_string(k) + ")";
        // The suffix always fits: the base gives way to it.
        const std::string candidate = cleanLabel(base, maxLabelLength - suffix.size()) + suffix;
        if (!taken.count(candidate))
            return candidate;
    }
}

ResultSet RunSet::combined(const std::vector<RunRecord> &runs)
{
    ResultSet out;
    const auto visible =
        std::count_if(runs.begin(), runs.end(), [](const RunRecord &r) { return r.visible; });
    // Reserved: a vector grown a row at a time held its old and its new rows at once (a
    // million rows: 300 MB more at the peak).
    std::size_t rows = 0;
    for (const auto &run : runs)
        rows += run.visible ? run.results.rows.size() : 0;
    out.rows.reserve(rows);
    bool first = true;
    for (const auto &run : runs) {
        if (!run.visible)
            continue;
        if (first)
            out.machine = run.results.machine;
        first = false;
        if (visible > 1)
            out.runMachines.emplace(run.label, run.results.machine);
        for (Measurement m : run.results.rows) {
            m.run = visible > 1 ? run.label : std::string();
            out.rows.push_back(std::move(m));
        }
    }
    return out;
}

namespace {

// The runs file, compact, piece by piece: one line for the document's fields, then each run on
// its own lines (its fields and machine, then a row a line, as ResultIO::streamJson writes
// them). Compact, because a runs file of many rows must stay within the size SpeedupLab reads
// back (ResultIO::maxFileBytes): an indented row is about three times as long.
void streamRuns(const std::vector<RunRecord> &runs, const SafeFile::Append &out)
{
    const auto str = [](const std::string &s) { return detail::jsonText(json(s)); };
    out("{\"format\":\"" + std::string(kFormat) +
        "\",\"format_version\":" + std::to_string(RunSet::formatVersion) + ",\"runs\":[");
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const RunRecord &r = runs[i];
        out(std::string(i ? ",\n" : "\n") + "{\"label\":" + str(r.label) +
            ",\"visible\":" + (r.visible ? "true" : "false") +
            ",\"reference\":" + (r.reference ? "true" : "false") + ",\"source\":" + str(r.source) +
            (r.compared.empty() ? std::string() : ",\"compared\":" + str(r.compared)) + ",\"results\":");
        ResultIO::streamJson(r.results, out);
        out("}");
    }
    out(runs.empty() ? "]}\n" : "\n]}\n");
}

} // namespace

std::string RunSet::toJson(const std::vector<RunRecord> &runs)
{
    std::string text;
    streamRuns(runs, [&text](std::string_view piece) { text.append(piece); });
    return text;
}

std::vector<RunRecord> RunSet::fromJson(const std::string &text)
{
    const std::string_view t = withoutBom(text);
    RunsReader doc(t);
    json::sax_parse(t.data(), t.data() + t.size(), &doc);
    if (doc.topType != "object")
        throw ParseError("the JSON document must be an object with \"format\" and \"runs\"");
    if (!doc.format || !doc.format->is_string() || doc.format->get<std::string>() != kFormat)
        throw ParseError("field \"format\" must be \"" + std::string(kFormat) +
                         "\": this is not a SpeedupLab runs file");
    if (!doc.version)
        throw ParseError("missing field \"format_version\"");
    const json &v = *doc.version;
    if (!v.is_number_integer() && !v.is_number_unsigned())
        throw ParseError(
            "field \"format_version\" must be a whole number, not " +
            (v.is_string() ? "\"" + shown(v.get<std::string>()) + "\"" : std::string(v.type_name())));
    if (v.is_number_unsigned() ? v.get<std::uint64_t>() > std::uint64_t(formatVersion)
                               : v.get<std::int64_t>() > formatVersion)
        throw ParseError(
            "format_version " + v.dump() +
            ": this runs file was written by a newer SpeedupLab (this one reads format_version " +
            std::to_string(formatVersion) + "); update SpeedupLab to open it");
    if (v.get<std::int64_t>() < 1)
        throw ParseError("field \"format_version\" must be 1 or more, not " + v.dump());
    if (doc.runsType != "array")
        throw ParseError("field \"runs\" is missing or not an array");
    if (doc.runError)
        throw ParseError(*doc.runError);
    return std::move(doc.runs);
}

std::vector<RunRecord> RunSet::load(const std::string &path)
{
    std::string text = readResultFile(path);
    // An HTML report of ours reopens as the runs it embeds (HtmlText::embeddedResults). A page,
    // by its name or by what it starts with, is read as one and never as CSV.
    if (HtmlText::isHtml(text) || HtmlText::namedHtml(path)) {
        if (HtmlText::isWideText(text))
            throw inFile(path, ParseError("this HTML page is in UTF-16 or UTF-32: SpeedupLab reads its "
                                          "reports in UTF-8, as it writes them"));
        std::optional<std::string> embedded;
        try {
            embedded = HtmlText::embeddedResults(text);
        } catch (const ParseError &e) {
            throw inFile(path, e);
        }
        if (!embedded)
            throw inFile(path, ParseError("this HTML file is not a SpeedupLab report: it holds no "
                                          "results block (<script id=\"" +
                                          std::string(HtmlText::resultsId) + "\">)"));
        text = std::move(*embedded);
        if (!isRunsFile(text))
            throw inFile(path, ParseError("the report's results block is not a runs file"));
    }
    if (isRunsFile(text)) {
        try {
            return fromJson(text);
        } catch (const ParseError &e) {
            throw inFile(path, e);
        }
    }
    std::vector<RunRecord> out(1); // not {std::move(r)}: an initializer list copies the rows
    RunRecord &r = out.front();
    r.results = parseResultFile(path, text);
    r.label = uniqueLabel({}, defaultLabel(r.results));
    r.reference = isReference(r.results);
    r.source = path;
    return out;
}

void RunSet::write(const std::vector<RunRecord> &runs, const std::string &path, const WriteOptions &options)
{
    ResultIO::writeResultFile(
        path, [&runs](const SafeFile::Append &out) { streamRuns(runs, out); }, options,
        "split the runs over several files");
}

namespace {

// Reads a JSON document only as far as its top-level "format" string, and stops there.
class FormatFinder : public nlohmann::json_sax<nlohmann::json> {
public:
    std::optional<std::string> format;

    bool key(string_t &k) override
    {
        m_atFormat = m_depth == 1 && k == "format";
        return true;
    }
    bool string(string_t &v) override
    {
        if (m_atFormat && m_depth == 1) {
            format = v;
            return false; // found: the rest is not read
        }
        return scalar();
    }
    bool start_object(std::size_t) override { return open(); }
    bool start_array(std::size_t) override { return m_depth > 0 && open(); } // a top-level array: no
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    bool null() override { return scalar(); }
    bool boolean(bool) override { return scalar(); }
    bool number_integer(number_integer_t) override { return scalar(); }
    bool number_unsigned(number_unsigned_t) override { return scalar(); }
    bool number_float(number_float_t, const string_t &) override { return scalar(); }
    bool binary(binary_t &) override { return scalar(); }
    bool parse_error(std::size_t, const std::string &, const nlohmann::detail::exception &) override
    {
        return false;
    }

private:
    bool scalar()
    {
        m_atFormat = false;
        return m_depth > 0;
    }
    bool open()
    {
        m_atFormat = false;
        ++m_depth;
        return true;
    }
    bool close()
    {
        --m_depth;
        return m_depth > 0; // the top-level object ended without its format
    }
    int m_depth = 0;
    bool m_atFormat = false;
};

} // namespace

bool RunSet::isRunsFile(const std::string &text)
{
    // The document's own "format" (not one of a result inside it), wherever it stands: toJson
    // writes it first, so the scan usually stops at once; a file written by hand with its runs
    // first is read to its format, not refused for want of it in the first 4 KiB.
    const std::string_view t = withoutBom(text);
    FormatFinder finder;
    nlohmann::json::sax_parse(t.data(), t.data() + t.size(), &finder);
    return finder.format == "speeduplab-runs";
}

} // namespace speeduplab
