// SPDX-License-Identifier: MIT
// The CPU's energy counters on Linux (no Qt): powercap's RAPL zones, their wrap, what each
// includes, and why a machine shows none.
#pragma once

#include "core/machine/energy.h"

#include <functional>
#include <string>
#include <vector>

namespace speeduplab {

/// The RAPL energy counters Linux's powercap driver shows under /sys/class/powercap: a
/// `intel-rapl:N` zone per package ("package-0", AMD's too) and its `intel-rapl:N:M` subzones.
/// The packages and their DRAM subzones are read (core and uncore lie inside the package, and
/// psys holds the whole platform: either would count twice). Each counts microjoules in
/// energy_uj and wraps at max_energy_range_uj. Since the fix for CVE-2020-8694 the counters can
/// be read by root only.
class Rapl {
public:
    /// Reads the file at `path` into `text`; returns 0 or the errno of the failure. Tests pass
    /// their own to stand for a file only root may read.
    using Reader = std::function<int(const std::string &path, std::string &text)>;
    /// Reads a file as the process may; notRegular when it is a FIFO, socket, device or folder.
    static int readFile(const std::string &path, std::string &text);
    /// What readFile returns for a file that is not a regular one (no errno says that).
    static constexpr int notRegular = -1;
    /// A Reader's failure as a clause: strerror's, or what notRegular means.
    static std::string failure(int err);

    struct Zone {
        std::string dir;      ///< the zone's folder
        std::string name;     ///< its name file: "package-0", "dram"
        std::string includes; ///< "package", "package, includes the integrated GPU", "DRAM"
        double wrapJoules = 0;
    };

    /// The zones under `root` (the sysfs folder; tests point it at a recorded tree), read with
    /// `read`. `cpuinfo` is read to tell a virtual machine (its flags name the hypervisor) when
    /// there are none.
    explicit Rapl(std::string root = "/sys/class/powercap", Reader read = readFile,
                  std::string cpuinfo = "/proc/cpuinfo");

    const std::vector<Zone> &zones() const { return m_zones; }
    /// Why no counter can be read, in one sentence; empty when every zone is readable.
    const std::string &why() const { return m_why; }

    /// The meter over the zones (EnergyMeter::unavailable with why() when there are none):
    /// "RAPL package-0 (package, includes the integrated GPU) + dram (DRAM)".
    /// `clock` times the readings (tests pass their own; empty: the steady clock).
    EnergyMeter meter(EnergyMeter::ClockFn clock = {}) const;

    /// The counters' nominal update interval: about 1 ms on Intel and AMD.
    static constexpr double nominalUpdate = 0.001;

private:
    std::string m_root;
    Reader m_read;
    std::vector<Zone> m_zones;
    std::string m_why;
};

} // namespace speeduplab
