// SPDX-License-Identifier: MIT
// DeviceBackend: one backend a point runs on (the CPU kernels, CUDA, OpenCL) behind one interface,
// and Devices, the registry that lists them (no Qt). The runner asks it, never a backend's name:
// what a device is called and is, whether a point can run there and why not, the device memory
// it needs, its Run, what its first run compiled, and how its errors become a point's status.
// The one room of core that names cuda/ and opencl/ (core/devices/devicebackends.cpp); adding a backend
// adds a class there and its entry in Devices::all().
#pragma once

#include "core/devices/memorycheck.h"
#include "core/machine/machineinfo.h"
#include "core/model/measurement.h"

#include "backend/backendnames.h"
#include "backend/deviceceilings.h"
#include "backend/devicekind.h"
#include "backend/job.h"
#include "backend/run.h"

#include <atomic>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace speeduplab {

struct PlanPoint;

class DeviceBackend {
public:
    virtual ~DeviceBackend() = default;

    /// The backend as a row names it: "cpu", "gpu" (CUDA: every older file says gpu), "opencl".
    virtual std::string rowName() const = 0;
    /// A device backend (modes, copies, a device index), not the CPU kernels.
    virtual bool onDevice() const { return true; }
    /// A device as --device and the results name it: "cuda:0", "opencl:1"; "" for the CPU.
    virtual std::string deviceId(int device) const = 0;
    /// A point's curve as the progress names it, in typed parts (SeriesWords words them): "GPU
    /// launch", "opencl:0 graph", "CPU 4 threads".
    virtual SeriesName pointName(const PlanPoint &p) const = 0;
    /// What the device is where the row is made: none where the row's backend says it (the CPU
    /// kernels, a CUDA GPU); an OpenCL device's, from its description.
    virtual std::optional<DeviceKind> describedKind(int /*device*/) const { return std::nullopt; }
    /// A described backend's (describedBackends) devices on this machine, as its driver lists them
    /// (once a process); none for the CPU kernels and CUDA, which MachineInfo describes itself.
    virtual std::optional<MachineInfo::DescribedState> state() const { return std::nullopt; }
    /// Whether state() would answer at once, waiting at most `waitSeconds` for a listing under
    /// way (OpenCL's, in a child process: up to 10 s for a driver that hangs).
    virtual bool listed(double /*waitSeconds*/) const { return true; }
    /// Measures a described device's ceilings (Calibration::ofDevice stores them), checking stop
    /// between its parts; none where the backend has no calibration of its own. Throws the
    /// backend's errors or Cancelled.
    virtual std::optional<DeviceCeilings> calibrate(int /*device*/, const std::atomic<bool> & /*stop*/) const
    {
        return std::nullopt;
    }

    /// Why `job` cannot run here (no driver, the device disabled after a fault, no kernel for its
    /// variant); "" when it can.
    virtual std::string unrunnable(const Job &job) const = 0;
    /// The device memory `job` needs against what the device has, asked of the device now (the
    /// host's is checked for every backend); none where the device is the host.
    virtual std::optional<MemoryCheck> memoryNow(const Job & /*job*/) const { return std::nullopt; }
    /// The same before a sweep, with the free bytes the caller knows of a CUDA device (0: not known,
    /// no check).
    virtual std::optional<MemoryCheck> memoryPlanned(const Job & /*job*/, double /*cudaFree*/) const
    {
        return std::nullopt;
    }
    /// The point's Run, its inputs in job.inputs.
    virtual std::unique_ptr<Run> createRun(const Job &job) const = 0;

    /// Whether the CPU package's energy counter (RAPL) counts the device: the CPU itself, PoCL, an
    /// integrated GPU.
    virtual bool insideCpuPackage(int device) const = 0;
    /// Whether NVML watches the device by its CUDA index: its board's energy and clocks.
    virtual bool watchedByNvml() const { return false; }
    /// What the device compiled before a point's timing, as (what, sentence) pairs: "build", "the
    /// OpenCL program was built in 59 ms". The runner says each once a device.
    virtual std::vector<std::pair<std::string, std::string>> compiled(int /*device*/) const { return {}; }
    /// An error thrown while a point of `device` ran, as the point's status and reason (a device
    /// lost after a fault is disabled for the rest of the run); false when it is not one of this
    /// backend's errors.
    virtual bool failed(const std::exception & /*error*/, int /*device*/, Measurement & /*m*/) const
    {
        return false;
    }

protected:
    /// A point's curve as typed parts named as `device`: its threads, device, mode and variant.
    SeriesName named(SeriesName::Device device, const PlanPoint &p) const;
};

/// The backends, each once.
class Devices {
public:
    /// The backend a row or a plan point names: "cpu", "gpu" or "opencl". Throws
    /// std::invalid_argument for another name (SweepPlan makes only these; a file's rows are
    /// checked against rowNames() as they are read).
    static const DeviceBackend &of(std::string_view rowName);
    /// The same, or nullptr for a name no backend has (a file's row).
    static const DeviceBackend *find(std::string_view rowName);
    static const std::vector<const DeviceBackend *> &all();
    /// The described backend whose devices' ids start with `prefix`: its devices and why it has
    /// none. An empty state (no device, no reason) for a prefix no backend has.
    static MachineInfo::DescribedState state(std::string_view prefix);
    /// Every described backend's state, in describedBackends' order.
    static std::vector<MachineInfo::DescribedState> states();
    /// This machine as MachineInfo::probeHost reads it, with every described backend's devices
    /// and why a backend has none. Never throws.
    static MachineInfo probeMachine();
    /// Whether every described backend has listed its devices, waiting at most `waitSeconds` in
    /// all: until then, state() and probeMachine() wait. The window shows itself without them.
    static bool listed(double waitSeconds);

    /// For a front end's main, first thing: the drivers are probed in a child process (this
    /// program again, with childProbeArgument), so that one that crashes or hangs as it is loaded
    /// costs the program nothing but the backend, with the reason. Returns the exit status when
    /// this process is that child (its arguments are exactly childProbeArgument), else nothing.
    static std::optional<int> probeDriversInChild(int argc, char **argv);
    static constexpr const char *childProbeArgument = "--probe-opencl-devices";
};

} // namespace speeduplab
