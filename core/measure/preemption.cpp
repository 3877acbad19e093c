// SPDX-License-Identifier: MIT
// Preemption: involuntary context switches (getrusage) and stolen time (/proc/stat).
#include "core/measure/preemption.h"

#include <algorithm>
#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/resource.h>
#include <unistd.h>

#include <omp.h>

namespace speeduplab {

Preemption::Team::Team(int threads)
{
    std::vector<int> fds(std::size_t(std::max(1, threads)), -1);
#pragma omp parallel num_threads(std::max(1, threads))
    {
        const int i = omp_get_thread_num();
        if (i < int(fds.size()))
            fds[std::size_t(i)] = ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    }
    const bool all = std::all_of(fds.begin(), fds.end(), [](int fd) { return fd >= 0; });
    for (int fd : fds)
        if (fd >= 0 && !all)
            ::close(fd);
    if (all)
        m_fds = std::move(fds);
}

Preemption::Team::~Team()
{
    for (int fd : m_fds)
        ::close(fd);
}

double Preemption::Team::waitedSeconds() const
{
    // "<ns on the CPU> <ns waiting on a run queue> <time slices>"
    double ns = 0;
    for (int fd : m_fds) {
        char buf[96];
        const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
        if (n <= 0)
            continue;
        buf[n] = '\0';
        unsigned long long onCpu = 0, waiting = 0;
        if (std::sscanf(buf, "%llu %llu", &onCpu, &waiting) == 2)
            ns += double(waiting);
    }
    return ns * 1e-9;
}

long Preemption::involuntarySwitches()
{
    rusage u{};
    return getrusage(RUSAGE_SELF, &u) == 0 ? u.ru_nivcsw : 0;
}

double Preemption::stolenSeconds()
{
    // "cpu  user nice system idle iowait irq softirq steal ..." in clock ticks.
    std::ifstream in("/proc/stat");
    std::string first;
    if (!std::getline(in, first) || first.rfind("cpu ", 0) != 0)
        return 0;
    std::istringstream fields(first.substr(4));
    double v[8] = {};
    for (double &x : v)
        if (!(fields >> x))
            return 0;
    const long hz = sysconf(_SC_CLK_TCK);
    return hz > 0 ? v[7] / double(hz) : 0;
}

int Preemption::disturbedReps(const std::vector<double> &times, const std::vector<bool> &switched,
                              bool othersBusy)
{
    std::vector<double> clean;
    int switchedCount = 0;
    for (std::size_t i = 0; i < times.size() && i < switched.size(); ++i) {
        if (switched[i])
            ++switchedCount;
        else
            clean.push_back(times[i]);
    }
    if (switchedCount == 0)
        return 0;
    if (clean.size() < 3)
        return othersBusy ? switchedCount : 0;
    const auto mid = clean.begin() + std::ptrdiff_t(clean.size() / 2);
    std::nth_element(clean.begin(), mid, clean.end());
    const double typical = *mid;
    int slow = 0;
    for (std::size_t i = 0; i < times.size() && i < switched.size(); ++i)
        slow += switched[i] && times[i] > 1.25 * typical;
    return slow;
}

bool Preemption::lostCores(double seconds, double share)
{
    return seconds >= 1e-3 && share >= 0.05;
}

bool Preemption::disturbs(int disturbed, int reps)
{
    return disturbed > 0 && 10 * disturbed >= reps;
}

bool Preemption::disturbed(const Measurement &m)
{
    return m.ok() && m.isCpu() && disturbs(m.conditions.disturbedReps, m.stats.reps);
}

std::string Preemption::reason(int disturbed, int reps, int remeasured)
{
    std::string s = "another program held a core during " + std::to_string(disturbed) + " of " +
                    std::to_string(reps) + (reps == 1 ? " repetition" : " repetitions") +
                    " (its threads waited for a CPU)";
    if (remeasured > 0)
        s += std::string("; measured again ") +
             (remeasured == 1 ? "once" : std::to_string(remeasured) + " times") + ", still disturbed";
    return s;
}

} // namespace speeduplab
