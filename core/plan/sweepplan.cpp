// SPDX-License-Identifier: MIT
// A sweep as asked for: parsing sizes and thread counts, validation, and the points in coarse-to-fine
// and shuffled round order.
#include "core/plan/sweepplan.h"

#include "backend/backendnames.h"
#include "core/kernels/cpukernels.h"
#include "core/model/workload.h"

#include <nlohmann/json.hpp>
#include <string_view>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace speeduplab {

namespace {

std::vector<std::string> split(const std::string &text, char sep)
{
    std::vector<std::string> parts;
    std::stringstream ss(text);
    std::string p;
    while (std::getline(ss, p, sep))
        parts.push_back(p);
    if (!text.empty() && text.back() == sep)
        parts.push_back("");
    return parts;
}

std::string trim(const std::string &s)
{
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos)
        return "";
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

long parseInt(const std::string &raw, const char *what)
{
    const std::string s = trim(raw);
    if (s.empty())
        throw std::invalid_argument(std::string("an empty ") + what + " was given");
    char *end = nullptr;
    errno = 0;
    const long v = std::strtol(s.c_str(), &end, 10);
    if (end != s.c_str() + s.size())
        throw std::invalid_argument(std::string(what) + " \"" + s + "\" is not a whole number");
    if (errno == ERANGE || v > 1000000 || v < -1000000)
        throw std::invalid_argument(std::string(what) + " \"" + s + "\" is out of range");
    return v;
}

// `items` without its repeats, in the order of their first appearance: a variant, thread count or
// mode named twice would measure its points twice, and merge() would pool the copies as rounds.
template <typename T> std::vector<T> distinct(const std::vector<T> &items)
{
    std::vector<T> out;
    for (const T &x : items)
        if (std::find(out.begin(), out.end(), x) == out.end())
            out.push_back(x);
    return out;
}

// The sorted `sizes` appended to `out` ends first, then the middles breadth first: every
// prefix of the order spans the whole range, and a later size halves a gap left earlier.
void bisectionOrder(const std::vector<int> &sizes, std::vector<int> &out)
{
    if (sizes.empty())
        return;
    out.push_back(sizes.front());
    if (sizes.size() == 1)
        return;
    out.push_back(sizes.back());
    std::vector<std::pair<std::size_t, std::size_t>> gaps{{0, sizes.size() - 1}};
    for (std::size_t k = 0; k < gaps.size(); ++k) {
        const auto [lo, hi] = gaps[k];
        if (hi - lo < 2)
            continue;
        const std::size_t mid = lo + (hi - lo) / 2;
        out.push_back(sizes[mid]);
        gaps.push_back({lo, mid});
        gaps.push_back({mid, hi});
    }
}

} // namespace

int SweepPlan::effectiveIterations() const
{
    if (iterations > 0)
        return iterations;
    const Workload *w = Workload::find(workload);
    return w ? w->defaultIterations : 1;
}

std::vector<std::string> SweepPlan::cpuVariants() const
{
    const Workload *w = Workload::find(workload);
    if (!w)
        return {};
    std::vector<std::string> out;
    for (const auto &v : distinct(variants))
        if (w->hasCpuVariant(v))
            out.push_back(v);
    if (out.empty()) {
        // None asked for on this side: the fastest variant this build has, so that the
        // comparison is fair.
        for (const auto &v : w->cpuVariants)
            if (CpuKernels::available(workload, v).empty()) {
                out.push_back(v);
                break;
            }
    }
    return out;
}

namespace {

// The variants of `variants` that a device backend offers (`offered`, its default first), else its
// default: pinned for a transfer plan that asks for pinned memory.
std::vector<std::string> deviceVariants(const SweepPlan &plan, const std::vector<std::string> &offered)
{
    std::vector<std::string> out;
    for (const auto &v : distinct(plan.variants))
        if (std::find(offered.begin(), offered.end(), v) != offered.end())
            out.push_back(v);
    if (out.empty() && !offered.empty())
        out.push_back(Workload::isCopy(plan.workload) && plan.pinned ? "pinned" : offered.front());
    return out;
}

} // namespace

std::vector<std::string> SweepPlan::gpuVariants() const
{
    const Workload *w = Workload::find(workload);
    return w ? deviceVariants(*this, w->gpuVariants) : std::vector<std::string>{};
}

std::string PlanDevice::id() const
{
    const DescribedBackend *b = describedByRow(row);
    return (b ? std::string(b->prefix) : row) + ':' + std::to_string(index);
}

std::optional<PlanDevice> PlanDevice::of(std::string_view id)
{
    const std::size_t colon = id.find(':');
    const DescribedBackend *b =
        colon == std::string_view::npos ? nullptr : describedByPrefix(id.substr(0, colon));
    if (!b || colon + 1 >= id.size() || id.size() - colon > 6)
        return std::nullopt;
    int index = 0;
    for (const char c : id.substr(colon + 1)) {
        if (c < '0' || c > '9')
            return std::nullopt;
        index = index * 10 + (c - '0');
    }
    return PlanDevice{std::string(b->row), index};
}

std::vector<std::string> SweepPlan::variantsOn(std::string_view row) const
{
    const Workload *w = Workload::find(workload);
    return w ? deviceVariants(*this, w->variantsOn(row)) : std::vector<std::string>{};
}

std::string SweepPlan::sizeTooLarge(int n)
{
    return "tensor size n = " + std::to_string(n) + " is larger than " + std::to_string(maxSize) +
           ", the largest size allowed";
}

void SweepPlan::validate(int hardwareThreads) const
{
    const Workload *w = Workload::find(workload);
    if (!w) {
        std::string names;
        for (const auto &x : Workload::all())
            names += (names.empty() ? "" : ", ") + x.name;
        throw std::invalid_argument("unknown workload \"" + workload + "\" (choose one of " + names + ")");
    }
    for (const auto &v : variants)
        if (!w->hasCpuVariant(v) && !w->hasGpuVariant(v) && !w->hasDescribedVariant(v))
            throw std::invalid_argument("workload " + workload + " has no variant \"" + v + "\"");
    if (sizes.empty())
        throw std::invalid_argument("no tensor sizes were given");
    for (int n : sizes)
        if (n <= 0)
            throw std::invalid_argument("tensor size n = " + std::to_string(n) + " must be positive");
    for (int n : sizes)
        if (n > maxSize)
            throw std::invalid_argument(sizeTooLarge(n));
    for (int t : threads) {
        if (t <= 0)
            throw std::invalid_argument("thread count " + std::to_string(t) + " must be positive");
        if (t > hardwareThreads)
            throw std::invalid_argument("thread count " + std::to_string(t) + " is above this machine's " +
                                        std::to_string(hardwareThreads) + " hardware threads");
    }
    for (const auto &m : modes)
        if (!w->hasGpuMode(m)) {
            std::string names;
            for (const auto &x : w->gpuModes)
                names += (names.empty() ? "" : ", ") + x;
            throw std::invalid_argument("workload " + workload + " has no GPU mode \"" + m +
                                        "\" (it offers " + names + ")");
        }
    if (iterations < 0 || iterations > 1000000)
        throw std::invalid_argument("iterations must be between 1 and 1000000");
    if (std::isnan(minTime))
        throw std::invalid_argument("the minimum time per point is not a number");
    if (!(minTime >= 0) || minTime > 3600)
        throw std::invalid_argument("the minimum time per point must be between 0 and 3600 s");
    if (maxReps < 1)
        throw std::invalid_argument("the maximum repetitions must be at least 1");
    if (std::isnan(budget))
        throw std::invalid_argument("the time budget is not a number");
    if (!(budget >= 0))
        throw std::invalid_argument("the time budget cannot be negative");
    if (budget > maxBudget)
        throw std::invalid_argument("the time budget must be between 0 (no limit) and a week");
    if (std::isnan(refine) || !(refine >= 0) || refine >= 1)
        throw std::invalid_argument("the refinement's precision must be above 0 % and below 100 % (0: off)");
    if (refineBudget < 1 || refineBudget > 100000)
        throw std::invalid_argument("the refinement's budget must be between 1 and 100000 points");
    for (int d : gpuDevices())
        if (d < 0)
            throw std::invalid_argument("the GPU index cannot be negative");
    if (std::set<int>(devices.begin(), devices.end()).size() != devices.size())
        throw std::invalid_argument("a GPU is named twice in the device list");
    if (rounds < 1 || rounds > maxRounds)
        throw std::invalid_argument("the number of rounds must be between 1 and " +
                                    std::to_string(maxRounds));
    std::set<std::pair<std::string, int>> named;
    for (const PlanDevice &d : describedDevices) {
        const DescribedBackend *b = describedByRow(d.row);
        if (!b)
            throw std::invalid_argument("no backend's devices are called \"" + d.row + "\"");
        if (d.index < 0)
            throw std::invalid_argument("the " + std::string(b->api) + " device index cannot be negative");
        if (!named.emplace(d.row, d.index).second)
            throw std::invalid_argument(std::string(b->prefix) + ":" + std::to_string(d.index) +
                                        " is named twice in the device list");
    }
    if (!cpu && !gpu && describedDevices.empty())
        throw std::invalid_argument("neither the CPU nor the GPU was chosen");
    if (cpu && !gpu && describedDevices.empty() && threads.empty())
        throw std::invalid_argument("no CPU thread counts were chosen");
}

std::vector<int> SweepPlan::sizeOrder() const
{
    std::vector<int> ns = sizes;
    std::sort(ns.begin(), ns.end());
    ns.erase(std::unique(ns.begin(), ns.end()), ns.end());
    const int count = int(ns.size());
    std::vector<int> first, gaps;
    for (int i = 0; i < count; ++i)
        (i % 2 == 0 || i == count - 1 ? first : gaps).push_back(ns[std::size_t(i)]);
    std::vector<int> out;
    out.reserve(ns.size());
    bisectionOrder(first, out);
    bisectionOrder(gaps, out);
    return out;
}

int SweepPlan::firstPassSizes(int distinctSizes)
{
    if (distinctSizes <= 0)
        return 0;
    return distinctSizes % 2 ? (distinctSizes + 1) / 2 : distinctSizes / 2 + 1;
}

std::size_t SweepPlan::firstPassPoints() const
{
    const std::size_t distinct = sizeOrder().size();
    if (distinct == 0)
        return 0;
    return points().size() / distinct * std::size_t(firstPassSizes(int(distinct)));
}

std::vector<PlanPoint> SweepPlan::points() const
{
    const std::vector<int> ns = sizeOrder();
    const Workload *w = Workload::find(workload);
    std::vector<std::string> ms = distinct(modes);
    if (ms.empty() && w)
        ms = w->gpuModes;
    const std::vector<int> ts = distinct(threads);
    std::vector<PlanPoint> out;
    for (int n : ns) {
        if (cpu)
            for (const auto &v : cpuVariants()) {
                // One dependent chain runs on one thread: measuring it at every thread count
                // would repeat the same series.
                if (w && w->isSerialCpuVariant(v) && !threads.empty()) {
                    out.push_back({std::string(RowName::cpu), v, 1, "", n});
                    continue;
                }
                for (int t : ts)
                    out.push_back({std::string(RowName::cpu), v, t, "", n});
            }
        if (gpu)
            for (int d : gpuDevices())
                for (const auto &v : gpuVariants())
                    for (const auto &m : ms)
                        out.push_back({std::string(RowName::cuda), v, 0, m, n, d});
        for (const PlanDevice &d : describedDevices)
            for (const auto &v : variantsOn(d.row))
                for (const auto &m : ms)
                    out.push_back({d.row, v, 0, m, n, d.index});
    }
    return out;
}

std::vector<PlanPoint> SweepPlan::roundPoints(int round) const
{
    std::vector<PlanPoint> out = points();
    if (rounds <= 1)
        return out;
    // splitmix64: a tiny generator whose output is fixed by its definition, unlike
    // std::shuffle's use of a distribution, which differs between standard libraries.
    std::uint64_t state = std::uint64_t(shuffleSeed) ^ (0x9E3779B97F4A7C15ull * std::uint64_t(round + 1));
    auto next = [&state] {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    };
    for (std::size_t i = out.size(); i > 1; --i) {
        // An index in [0, i) without modulo bias: reject the top of the range that does not
        // divide evenly.
        const std::uint64_t limit = UINT64_MAX - UINT64_MAX % i;
        std::uint64_t r = next();
        while (r >= limit)
            r = next();
        std::swap(out[i - 1], out[std::size_t(r % i)]);
    }
    return out;
}

std::uint32_t SweepPlan::randomSeed()
{
    std::random_device rd;
    return std::uint32_t(rd());
}

bool SweepPlan::parseCache(const std::string &cache)
{
    if (cache != "warm" && cache != "cold")
        throw std::invalid_argument("--cache must be warm or cold, not \"" + cache + "\"");
    return cache == "cold";
}

std::vector<int> SweepPlan::parseSizes(const std::string &text)
{
    std::vector<int> out;
    for (const auto &p : split(text, ',')) {
        const long v = parseInt(p, "size");
        if (v <= 0)
            throw std::invalid_argument("size " + std::to_string(v) + " must be positive");
        out.push_back(int(v));
    }
    if (out.empty())
        throw std::invalid_argument("no sizes were given");
    return out;
}

std::vector<int> SweepPlan::logRange(int min, int max, int steps)
{
    if (min <= 0 || max <= 0)
        throw std::invalid_argument("range ends must be positive");
    if (min > max)
        throw std::invalid_argument("range " + std::to_string(min) + ":" + std::to_string(max) +
                                    " has its minimum above its maximum");
    if (steps < 1 || steps > 100)
        throw std::invalid_argument("steps per decade must be between 1 and 100");
    std::vector<int> out;
    const double lmin = std::log10(min), lmax = std::log10(max);
    const int count = int(std::ceil((lmax - lmin) * steps - 1e-9));
    for (int i = 0; i <= count; ++i) {
        const double l = std::min(lmax, lmin + double(i) / steps);
        const int n = int(std::lround(std::pow(10.0, l)));
        if (out.empty() || n != out.back())
            out.push_back(n);
    }
    if (out.back() != max)
        out.push_back(max);
    return out;
}

std::vector<int> SweepPlan::parseRange(const std::string &text)
{
    const auto parts = split(text, ':');
    if (parts.size() < 2 || parts.size() > 3)
        throw std::invalid_argument("range \"" + text +
                                    "\" must look like MIN:MAX or MIN:MAX:STEPS_PER_DECADE");
    const int steps = parts.size() == 3 ? int(parseInt(parts[2], "steps per decade")) : 4;
    return logRange(int(parseInt(parts[0], "range minimum")), int(parseInt(parts[1], "range maximum")),
                    steps);
}

std::vector<int> SweepPlan::parseThreads(const std::string &text, int hw)
{
    if (trim(text) == "max") // every hardware thread in one team, as PyTorch runs by default
        return {std::max(1, hw)};
    if (trim(text) == "all") {
        std::vector<int> out;
        for (int t = 1; t <= hw; ++t)
            out.push_back(t);
        return out;
    }
    std::vector<int> out;
    for (const auto &p : split(text, ',')) {
        const long v = parseInt(p, "thread count");
        if (v <= 0)
            throw std::invalid_argument("thread count " + std::to_string(v) + " must be positive");
        if (v > hw)
            throw std::invalid_argument("thread count " + std::to_string(v) + " is above this machine's " +
                                        std::to_string(hw) + " hardware threads");
        if (std::find(out.begin(), out.end(), int(v)) == out.end())
            out.push_back(int(v));
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<int> SweepPlan::gpuDevices() const
{
    return devices.empty() ? std::vector<int>{device} : devices;
}

std::vector<int> SweepPlan::parseDevices(const std::string &text, int deviceCount)
{
    std::vector<int> out;
    if (trim(text) == "all") {
        if (deviceCount <= 0)
            throw std::invalid_argument("--device all: this machine has no usable GPU");
        for (int d = 0; d < deviceCount; ++d)
            out.push_back(d);
        return out;
    }
    for (const auto &p : split(text, ',')) {
        const long v = parseInt(p, "GPU index");
        if (v < 0)
            throw std::invalid_argument("GPU index " + std::to_string(v) + " cannot be negative");
        // Without a usable GPU the index is not checked here: the run says why there is none.
        if (deviceCount > 0 && v >= deviceCount)
            throw std::invalid_argument("there is no GPU " + std::to_string(v) + ": this machine has " +
                                        (deviceCount == 1 ? std::string("one GPU, GPU 0")
                                                          : std::to_string(deviceCount) + " GPUs, 0 to " +
                                                                std::to_string(deviceCount - 1)));
        if (std::find(out.begin(), out.end(), int(v)) != out.end())
            throw std::invalid_argument("GPU " + std::to_string(v) + " is named twice");
        out.push_back(int(v));
    }
    if (out.empty())
        throw std::invalid_argument("no GPU index given");
    return out;
}

SweepPlan::DeviceChoice SweepPlan::parseDeviceNames(const std::string &text, int cudaCount,
                                                    const std::vector<Offered> &described)
{
    DeviceChoice out;
    const auto every = [](std::vector<int> &to, int count) {
        for (int d = 0; d < count; ++d)
            if (std::find(to.begin(), to.end(), d) == to.end())
                to.push_back(d);
    };
    // Every device of a described backend not yet named, but those of `except`.
    const auto everyOf = [&out](const DescribedBackend &b, int count, const std::vector<int> &except = {}) {
        for (int d = 0; d < count; ++d) {
            const PlanDevice device{std::string(b.row), d};
            if (std::find(out.described.begin(), out.described.end(), device) == out.described.end() &&
                std::find(except.begin(), except.end(), d) == except.end())
                out.described.push_back(device);
        }
    };
    const auto offered = [&described](const DescribedBackend &b) {
        for (const Offered &o : described)
            if (o.prefix == b.prefix)
                return o;
        return Offered{b.prefix, 0, {}};
    };
    std::string examples = std::string(DeviceIdPrefix::cuda) + ":0", apis;
    int describedCount = 0;
    for (const DescribedBackend &b : describedBackends) {
        examples += " or " + std::string(b.prefix) + ":0";
        apis += (apis.empty() ? "" : " or ") + std::string(b.api);
        describedCount += offered(b).count;
    }
    const std::vector<std::string> names = parseList(text);
    if (names.empty())
        throw std::invalid_argument("no device given: name one as " + examples + ", or give all");
    for (const std::string &name : names) {
        if (name == "all") {
            if (cudaCount <= 0 && describedCount <= 0)
                throw std::invalid_argument("--device all: this machine has no usable GPU and no " + apis +
                                            " device");
            every(out.cuda, cudaCount);
            // A board CUDA sweeps is not swept again through another API (twice the time, a
            // second "GPU" with a crossover of its own).
            for (const DescribedBackend &b : describedBackends) {
                const Offered o = offered(b);
                everyOf(b, o.count, cudaCount > 0 ? o.alsoCuda : std::vector<int>{});
            }
            continue;
        }
        if (name == DeviceIdPrefix::cuda) {
            if (cudaCount <= 0)
                throw std::invalid_argument("--device " + name + ": this machine has no usable CUDA GPU");
            every(out.cuda, cudaCount);
            continue;
        }
        // "opencl", "opencl:1", "cuda:0", or an index alone (CUDA's, as before).
        const auto after = [&](std::string_view prefix) {
            return name.size() >= prefix.size() + 1 && name.compare(0, prefix.size(), prefix) == 0 &&
                   name[prefix.size()] == ':';
        };
        const DescribedBackend *of = nullptr;
        for (const DescribedBackend &b : describedBackends)
            if (name == b.prefix || after(b.prefix))
                of = &b;
        if (of) {
            const std::string api(of->api), prefix(of->prefix);
            const int count = offered(*of).count;
            if (name == of->prefix) {
                if (count <= 0)
                    throw std::invalid_argument("--device " + name + ": this machine has no usable " + api +
                                                " device");
                everyOf(*of, count);
                continue;
            }
            const long v = parseInt(name.substr(prefix.size() + 1), (api + " device index").c_str());
            if (v < 0)
                throw std::invalid_argument(api + " device index " + std::to_string(v) +
                                            " cannot be negative");
            // Without a device the index is not checked here: the run says why there is none.
            if (count > 0 && v >= count)
                throw std::invalid_argument("there is no " + api + " device " + prefix + ":" +
                                            std::to_string(v) + ": this machine has " +
                                            (count == 1 ? "one, " + prefix + ":0"
                                                        : std::to_string(count) + ", " + prefix + ":0 to " +
                                                              prefix + ":" + std::to_string(count - 1)));
            const PlanDevice device{std::string(of->row), int(v)};
            if (std::find(out.described.begin(), out.described.end(), device) != out.described.end())
                throw std::invalid_argument(prefix + ":" + std::to_string(v) + " is named twice");
            out.described.push_back(device);
            continue;
        }
        const std::string index =
            after(DeviceIdPrefix::cuda) ? name.substr(DeviceIdPrefix::cuda.size() + 1) : name;
        for (int v : parseDevices(index, cudaCount)) { // one index: its checks and messages
            if (std::find(out.cuda.begin(), out.cuda.end(), v) != out.cuda.end())
                throw std::invalid_argument("GPU " + std::to_string(v) + " is named twice");
            out.cuda.push_back(v);
        }
    }
    return out;
}

std::vector<std::string> SweepPlan::parseList(const std::string &text)
{
    std::vector<std::string> out;
    for (const auto &p : split(text, ','))
        if (const std::string t = trim(p); !t.empty())
            out.push_back(t);
    return out;
}

bool SweepPlan::parsePinned(const std::string &hostMemory)
{
    if (hostMemory != "pageable" && hostMemory != "pinned")
        throw std::invalid_argument("--host-memory must be pageable or pinned, not \"" + hostMemory + "\"");
    return hostMemory == "pinned";
}

std::vector<int> SweepPlan::powersOfTwo(int hw)
{
    std::vector<int> out;
    for (int t = 1; t <= hw; t *= 2)
        out.push_back(t);
    if (out.empty() || out.back() != hw)
        out.push_back(std::max(1, hw));
    return out;
}

SweepPlan SweepPlan::seed(int hw)
{
    SweepPlan p;
    p.workload = "add";
    p.sizes = logRange(4, 4000, 4);
    p.iterations = 1000;
    for (int t = 1; t <= std::max(1, hw); ++t)
        p.threads.push_back(t);
    return p;
}

SweepPlan SweepPlan::fromJson(const std::string &json, int hw)
{
    const nlohmann::json o = nlohmann::json::parse(json, nullptr, false);
    if (!o.is_object())
        throw std::invalid_argument("it is not a JSON object");
    SweepPlan p;
    try {
        p.workload = o.value("workload", std::string("add"));
        p.variants = parseList(o.value("variants", std::string()));
        if (o.contains("range"))
            p.sizes = parseRange(o.at("range").get<std::string>());
        else
            p.sizes = parseSizes(o.value("sizes", std::string()));
        const std::string threads = o.value("threads", std::string("all"));
        p.threads = threads == "pow2" ? powersOfTwo(hw) : parseThreads(threads, hw);
        p.modes = parseList(o.value("modes", std::string()));
        p.transfers = o.value("transfers", false);
        p.pinned = o.value("pinned", false);
        p.iterations = o.value("iterations", 0);
        p.minTime = o.value("minTime", p.minTime);
        p.maxReps = o.value("maxReps", p.maxReps);
        p.budget = o.value("budget", 0.0);
    } catch (const nlohmann::json::exception &e) {
        // A value of the wrong type ("iterations": "many"): say which, without the library's prefix.
        const std::string what = e.what();
        const auto at = what.find("] ");
        throw std::invalid_argument(at == std::string::npos ? what : what.substr(at + 2));
    }
    p.validate(hw);
    return p;
}

} // namespace speeduplab
