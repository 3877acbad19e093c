// SPDX-License-Identifier: MIT
// CpuLoad: parsing /proc/stat and /proc/self/stat, the load between two samples and its threshold.
#include "core/machine/cpuload.h"

#include "core/machine/machineinfo.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>
#include <vector>

namespace speeduplab {

std::optional<CpuLoad::Counters> CpuLoad::parse(const std::string &procStat, const std::string &selfStat)
{
    Counters c;
    std::istringstream lines(procStat);
    std::string line;
    bool all = false;
    while (std::getline(lines, line)) {
        if (line.rfind("cpu", 0) != 0)
            continue;
        if (line.size() > 3 && std::isdigit(static_cast<unsigned char>(line[3]))) {
            ++c.cores;
            continue;
        }
        // "cpu  user nice system idle iowait irq softirq steal guest guest_nice": guest time is
        // already in user and nice, so it is not added again.
        std::istringstream fields(line.substr(3));
        std::vector<double> v;
        double x = 0;
        while (v.size() < 8 && fields >> x)
            v.push_back(x);
        if (v.size() < 4)
            return std::nullopt;
        v.resize(8, 0.0);
        c.busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
        c.total = c.busy + v[3] + v[4];
        all = true;
    }
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so the fields are counted
    // from the last ')'. utime and stime are fields 14 and 15, the 12th and 13th after it.
    const auto close = selfStat.rfind(')');
    if (!all || c.cores == 0 || close == std::string::npos)
        return std::nullopt;
    std::istringstream fields(selfStat.substr(close + 1));
    std::string field;
    double utime = 0, stime = 0;
    for (int i = 1; i <= 13 && fields >> field; ++i) {
        if (i == 12)
            utime = std::strtod(field.c_str(), nullptr);
        else if (i == 13)
            stime = std::strtod(field.c_str(), nullptr);
    }
    if (!fields)
        return std::nullopt;
    c.self = utime + stime;
    return c;
}

std::optional<CpuLoad::Load> CpuLoad::between(const Counters &before, const Counters &after)
{
    const double total = after.total - before.total;
    if (!(total > 0) || after.cores <= 0)
        return std::nullopt;
    const double others = (after.busy - before.busy) - (after.self - before.self);
    return Load{std::clamp(others / total, 0.0, 1.0) * after.cores, after.cores};
}

bool CpuLoad::distorts(const Load &load, int sweepThreads)
{
    const double freeCores = std::max(0, load.cores - std::max(1, sweepThreads));
    return load.others > busyShare * load.cores || load.others > freeCores + freeSlack;
}

std::optional<CpuLoad::Load> CpuLoad::sample()
{
    const std::optional<Counters> now =
        parse(MachineInfo::readText("/proc/stat"), MachineInfo::readText("/proc/self/stat"));
    if (!now)
        return std::nullopt;
    if (!m_last) {
        m_last = now;
        return std::nullopt;
    }
    const std::optional<Load> load = between(*m_last, *now);
    if (load) // else keep the older baseline: no time passed since it
        m_last = now;
    return load;
}

} // namespace speeduplab
