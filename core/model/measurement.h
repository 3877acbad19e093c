// SPDX-License-Identifier: MIT
// Measurement: one row of a result set, one point of a series, with its statistics and status (no Qt).
#pragma once

#include "core/model/pointconditions.h"
#include "core/model/seriesname.h"
#include "core/model/stats.h"

#include "backend/backendnames.h"
#include "backend/devicekind.h"

#include <string>

namespace speeduplab {

/// One row of a result set: one (workload, backend, variant, threads, mode, transfers, n) point.
/// Times are seconds for one repetition, i.e. `iterations` operations.
struct Measurement {
    enum class Status { Ok, Failed, Skipped, Cancelled };

    std::string workload;
    /// "cpu", "gpu" (CUDA: the name of every file written before the OpenCL backend, kept) or
    /// "opencl" (any OpenCL device, a CPU one among them: a device row, but not a GPU's)
    std::string backend;
    std::string variant;
    int threads = 0; ///< CPU threads; 0 for GPU rows
    /// GPU mode (launch, graph, fused, or unsynced: launch timed before the device is synchronised,
    /// whose stats are the time to queue the launches and conditions.synced the time of the work);
    /// empty for CPU rows
    std::string mode;
    std::string transfers = "none"; ///< none, pageable or pinned: copies inside the timed region
    int device = -1;                ///< the device's index in its backend; -1 for CPU rows
    int n = 0;
    double elements = 0;
    double bytes = 0;
    double flops = 0;
    int iterations = 1;
    Stats stats;
    bool verified = false;
    double maxError = 0; ///< worst relative error against the reference
    Status status = Status::Ok;
    std::string reason;         ///< why failed, skipped or cancelled (or a note)
    PointConditions conditions; ///< cache mode, rounds, GPU clocks
    /// The run the row belongs to when several are shown together (RunSet::combined sets it to
    /// the run's label); empty in a result file and in a single run. Part of the series key.
    std::string run;
    /// What an OpenCL row's device is, as the result's machine describes it (ResultSet::
    /// describeDevices sets it where a row is measured or read, so that it travels with the row
    /// into several runs shown together); Unknown where the machine does not describe it. Not a
    /// column: the machine's device list is the fact. Only kind() reads it.
    DeviceKind describedKind = DeviceKind::Unknown;

    bool ok() const { return status == Status::Ok; }
    /// The CPU kernels' row.
    bool isCpu() const { return backend == RowName::cpu; }
    /// A row of a device backend (CUDA or OpenCL): mode, device and transfers apply.
    bool onDevice() const { return !isCpu(); }
    bool isCuda() const { return backend == RowName::cuda; }
    /// A row of a described backend (describedBackends: OpenCL): its device is in the machine's list.
    bool isDescribed() const { return describedByRow(backend) != nullptr; }
    /// What its device is: the CPU kernels, a discrete GPU (every CUDA device), or an OpenCL
    /// device as described (describedKind). The one answer to "is this row a GPU's?".
    DeviceKind kind() const
    {
        return isCpu() ? DeviceKind::Cpu : isCuda() ? DeviceKind::DiscreteGpu : describedKind;
    }
    /// A GPU's row: only these are held against the CPU (crossovers, speedup, cost, "GPU").
    bool onGpu() const { return deviceKindIsGpu(kind()); }
    /// The device as --device names it: "cuda:0", "opencl:1"; empty for CPU rows.
    std::string deviceId() const;
    /// Seconds per operation: the median over iterations.
    double perIteration() const { return iterations > 0 ? stats.median / iterations : stats.median; }
    /// Identifies the curve this point belongs to (everything but n), within its run. A cold
    /// cache makes its own curve.
    std::string seriesKey() const;
    /// seriesKey() appended to out: a caller that compares many rows' keys reuses one buffer.
    void appendSeriesKey(std::string &out) const;
    /// The series' name as typed parts, without what names its device (Analysis::series adds that
    /// where a result describes it).
    SeriesName seriesName() const;
    /// seriesName() in the installed words (SeriesWords): "CPU 8 threads", "GPU graph + pinned
    /// copies", "GPU launch, not synchronised" (mode unsynced); "<run>: CPU 8 threads" in a named
    /// run.
    std::string seriesLabel() const { return SeriesWords::current().name(seriesName()); }

    static std::string statusName(Status s);
    /// Parses a status name; returns false for an unknown one.
    static bool parseStatus(const std::string &name, Status &out);

    bool operator==(const Measurement &o) const = default;
};

} // namespace speeduplab
