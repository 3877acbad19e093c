// SPDX-License-Identifier: MIT
// The powercap RAPL zones: which are read, what they include, their wrap, and the sentence for a
// machine that shows none or lets only root read them.
#include "core/machine/rapl.h"

#include "core/io/readfile.h"
#include "core/io/texts.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <regex>
#include <sstream>

namespace speeduplab {

namespace {

std::string trimmed(std::string s)
{
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
        s.pop_back();
    return s;
}

// A file's whole number of microjoules, or false.
bool microjoules(const std::string &text, double &out)
{
    const std::string s = trimmed(text);
    if (s.empty() || s.size() > 20 ||
        !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return false;
    out = double(std::strtoull(s.c_str(), nullptr, 10));
    return true;
}

// The zone folder names in numeric order: intel-rapl:1 before intel-rapl:10.
bool zoneOrder(const std::string &a, const std::string &b)
{
    auto key = [](const std::string &s) {
        std::vector<long> k;
        std::stringstream in(s.substr(s.find(':') + 1));
        for (std::string part; std::getline(in, part, ':');)
            k.push_back(std::strtol(part.c_str(), nullptr, 10));
        return k;
    };
    return key(a) < key(b);
}

} // namespace

int Rapl::readFile(const std::string &path, std::string &text)
{
    // Through the one reader: a FIFO or /dev/zero in the tree is refused, never waited on or
    // read without end; a counter's text is its first 4 KiB.
    ReadFile::Result r = ReadFile::read(path, 4096, ReadFile::Over::Cut);
    if (r.why == ReadFile::Why::NotRegular)
        return notRegular;
    if (!r.ok())
        return r.errnum ? r.errnum : EIO;
    text = std::move(r.text);
    return 0;
}

std::string Rapl::failure(int err)
{
    return err == notRegular ? "not a regular file: a FIFO, socket, device or folder, which is never read"
                             : std::strerror(err);
}

Rapl::Rapl(std::string root, Reader read, std::string cpuinfo)
    : m_root(std::move(root)), m_read(std::move(read))
{
    namespace fs = std::filesystem;
    static const std::regex zoneName(R"(intel-rapl:[0-9]+(:[0-9]+)?)");
    std::vector<std::string> dirs;
    std::error_code ec;
    for (fs::directory_iterator it(m_root, ec), end; !ec && it != end; it.increment(ec))
        if (const std::string name = it->path().filename().string(); std::regex_match(name, zoneName))
            dirs.push_back(name);
    std::sort(dirs.begin(), dirs.end(), zoneOrder);
    auto text = [&](const std::string &dir, const char *file, std::string &out) {
        return m_read(m_root + "/" + dir + "/" + file, out);
    };
    // The packages, with their DRAM subzones, and whether a package has an uncore (its GPU).
    for (const std::string &dir : dirs) {
        std::string name;
        if (text(dir, "name", name) != 0)
            continue;
        name = detail::shown(trimmed(name), 40); // a file's text: shown, never taken as it is
        const bool sub = std::count(dir.begin(), dir.end(), ':') == 2;
        if (!sub && name.rfind("package", 0) == 0) {
            m_zones.push_back({dir, name, "package", 0});
        } else if (sub && name == "dram") {
            m_zones.push_back({dir, name, "DRAM", 0});
        } else if (sub && name == "uncore") {
            const std::string parent = dir.substr(0, dir.rfind(':'));
            for (Zone &z : m_zones)
                if (z.dir == parent)
                    z.includes = "package, includes the integrated GPU";
        }
    }
    if (m_zones.empty()) {
        std::string flags;
        const bool vm =
            m_read(cpuinfo, flags) == 0 && std::regex_search(flags, std::regex(R"(\bhypervisor\b)"));
        m_why = vm ? "no energy counters on this machine (a virtual machine: the hypervisor shows none)"
                   : "no energy counters on this machine (the kernel shows no RAPL zone under " + m_root +
                         ": the CPU has none, or its powercap driver is not loaded)";
        return;
    }
    for (auto z = m_zones.begin(); z != m_zones.end();) {
        std::string s;
        if (double v = 0; text(z->dir, "max_energy_range_uj", s) == 0 && microjoules(s, v))
            z->wrapJoules = v * 1e-6;
        const int err = text(z->dir, "energy_uj", s);
        if (err == EACCES || err == EPERM) {
            m_why = "the CPU's energy counters (RAPL, " + m_root +
                    "/intel-rapl:*/energy_uj) can be read by root only on this machine, since the fix for "
                    "CVE-2020-8694: reading them would take running SpeedupLab as root, or an administrator "
                    "granting this user read access";
            return;
        }
        if (err != 0) {
            m_why = "the CPU's energy counters could not be read (" + z->dir + "/energy_uj: " + failure(err) +
                    ")";
            return;
        }
        // A zone that reads 0 does not count (a DRAM domain some CPUs list but never fill): left
        // out, so that it does not refuse every span of the others.
        double uj = 0;
        z = microjoules(s, uj) && uj == 0 ? m_zones.erase(z) : z + 1;
    }
    if (m_zones.empty())
        m_why = "no energy counters on this machine (its RAPL zones under " + m_root + " all read 0)";
}

EnergyMeter Rapl::meter(EnergyMeter::ClockFn clock) const
{
    if (!m_why.empty())
        return EnergyMeter::unavailable(m_why);
    std::vector<EnergyMeter::Counter> counters;
    std::string description = "RAPL ";
    for (const Zone &z : m_zones) {
        counters.push_back({z.name, z.wrapJoules});
        description += (counters.size() > 1 ? " + " : "") + z.name + " (" + z.includes + ")";
    }
    const std::string root = m_root;
    const Reader read = m_read;
    const std::vector<Zone> zones = m_zones;
    auto readAll = [root, read, zones](std::vector<double> &joules, std::string &problem) {
        joules.clear();
        for (const Zone &z : zones) {
            std::string s;
            double uj = 0;
            if (const int err = read(root + "/" + z.dir + "/energy_uj", s); err != 0) {
                problem = z.name + ": energy_uj could not be read (" + failure(err) + ")";
                return false;
            }
            if (!microjoules(s, uj)) {
                problem = z.name + ": energy_uj reads " + detail::inQuotes(trimmed(s)) +
                          ", not a count of microjoules";
                return false;
            }
            joules.push_back(uj * 1e-6);
        }
        return true;
    };
    return EnergyMeter(std::move(counters), description, nominalUpdate, readAll, std::move(clock));
}

} // namespace speeduplab
