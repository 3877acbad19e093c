// SPDX-License-Identifier: MIT
// CpuConditions: the sysfs and /proc/cpuinfo parsers, this machine's read, and the warning sentences.
#include "core/machine/cpuconditions.h"

#include "core/io/readfile.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>

namespace speeduplab {

namespace {

std::string trimmed(const std::string &s)
{
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

// The number that is the whole of `s` (after trimming); NaN when it is not one.
double wholeNumber(const std::string &s)
{
    const std::string t = trimmed(s);
    if (t.empty())
        return std::nan("");
    char *end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    return end == t.c_str() + t.size() && std::isfinite(v) ? v : std::nan("");
}

std::string readText(const std::string &path)
{
    return ReadFile::read(path, 1u << 20, ReadFile::Over::Cut).text; // never blocked, never unbounded
}

// The cpufreq directories of every CPU (cpu0, cpu1, ...) that has one.
std::vector<std::string> cpufreqDirs()
{
    std::vector<std::string> dirs;
    std::error_code ec;
    for (const auto &e : std::filesystem::directory_iterator("/sys/devices/system/cpu", ec)) {
        const std::string name = e.path().filename().string();
        if (name.size() < 4 || name.rfind("cpu", 0) != 0 ||
            name.find_first_not_of("0123456789", 3) != std::string::npos)
            continue;
        const auto d = e.path() / "cpufreq";
        if (std::filesystem::is_directory(d, ec))
            dirs.push_back(d.string());
    }
    return dirs;
}

std::string mhz(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f MHz", v);
    return buf;
}

} // namespace

std::string CpuConditions::parseGovernors(const std::vector<std::string> &texts)
{
    std::set<std::string> names;
    for (const auto &t : texts)
        if (const std::string n = trimmed(t); !n.empty())
            names.insert(n);
    if (names.empty())
        return {};
    if (names.size() == 1)
        return *names.begin();
    std::string r = "mixed: ";
    bool first = true;
    for (const auto &n : names) {
        r += (first ? "" : ", ") + n;
        first = false;
    }
    return r;
}

CpuConditions::Boost CpuConditions::parseBoost(const std::string &boostText, const std::string &noTurboText)
{
    const std::string b = trimmed(boostText);
    if (b == "1")
        return Boost::On;
    if (b == "0")
        return Boost::Off;
    const std::string n = trimmed(noTurboText);
    if (n == "1")
        return Boost::Off;
    if (n == "0")
        return Boost::On;
    return Boost::Unknown;
}

double CpuConditions::parseFrequencyMHz(const std::vector<std::string> &curFreqKHz,
                                        const std::string &cpuinfo)
{
    double sum = 0;
    int count = 0;
    for (const auto &t : curFreqKHz)
        if (const double v = wholeNumber(t); v > 0) {
            sum += v / 1000.0;
            ++count;
        }
    if (count > 0)
        return sum / count;
    std::istringstream in(cpuinfo);
    std::string line;
    while (std::getline(in, line)) {
        const auto colon = line.find(':');
        if (colon == std::string::npos || trimmed(line.substr(0, colon)) != "cpu MHz")
            continue;
        if (const double v = wholeNumber(line.substr(colon + 1)); v > 0) {
            sum += v;
            ++count;
        }
    }
    return count > 0 ? sum / count : 0;
}

double CpuConditions::currentMHz()
{
    try {
        std::vector<std::string> freqs;
        for (const auto &d : cpufreqDirs())
            freqs.push_back(readText(d + "/scaling_cur_freq"));
        return parseFrequencyMHz(freqs, freqs.empty() ? readText("/proc/cpuinfo") : std::string());
    } catch (...) {
        return 0;
    }
}

CpuConditions CpuConditions::read()
{
    CpuConditions c;
    try {
        std::vector<std::string> governors;
        for (const auto &d : cpufreqDirs())
            governors.push_back(readText(d + "/scaling_governor"));
        c.governor = parseGovernors(governors);
        c.boost = parseBoost(readText("/sys/devices/system/cpu/cpufreq/boost"),
                             readText("/sys/devices/system/cpu/intel_pstate/no_turbo"));
    } catch (...) {
    }
    c.startMHz = currentMHz();
    return c;
}

std::string CpuConditions::warning() const
{
    if (governor.empty() || governor == "performance")
        return {};
    return "the CPU frequency governor is \"" + governor +
           "\", not \"performance\": the clock can ramp up during a point, so CPU timings vary "
           "(for steady clocks: sudo cpupower frequency-set -g performance)";
}

bool CpuConditions::throttled() const
{
    return startMHz > 0 && endMHz > 0 && endMHz < throttleShare * startMHz;
}

std::string CpuConditions::throttleNote() const
{
    if (!throttled())
        return {};
    return "the CPU clock fell from " + mhz(startMHz) + " at the start of the sweep to " + mhz(endMHz) +
           " at the end (below 90 %): thermal or power limits lowered it, or the start was a boost "
           "clock the loaded cores could not hold; later points may have run slower";
}

std::string CpuConditions::boostName(Boost b)
{
    return b == Boost::On ? "on" : b == Boost::Off ? "off" : "";
}

std::vector<std::pair<std::string, std::string>> CpuConditions::describe() const
{
    std::vector<std::pair<std::string, std::string>> r;
    const std::string na = "not available";
    r.emplace_back("CPU governor", governor.empty() ? na : governor);
    r.emplace_back("CPU boost", boost == Boost::Unknown ? na
                                : boost == Boost::On
                                    ? "on (clocks depend on temperature and how many cores are busy)"
                                    : "off");
    std::string clock = startMHz > 0 ? mhz(startMHz) : na;
    if (endMHz > 0)
        clock += " at start, " + mhz(endMHz) + " at end" + (throttled() ? " (fell below 90 %)" : "");
    r.emplace_back("CPU clock", clock);
    return r;
}

} // namespace speeduplab
