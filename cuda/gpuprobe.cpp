// SPDX-License-Identifier: MIT
// The device probe (availability, sticky-error state, free memory) and the job's pre-checks
// (validation, device bytes needed). The runs are in gpurun.cpp, calibration in
// gpucalibration.cpp. Every CUDA call goes through SL_CUDA_CHECK (cudacheck.h), except in the
// probe, which collects errors into a sentence instead of throwing.

#include "cuda/gpuprobe.h"

#include "backend/sparsematrix.h"

#include "cuda/cudacheck.h"
#include "cuda/cudaowners.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace speeduplab::gpu {

namespace {

// What cublasCreate itself takes on the device, roughly; counted so the memory pre-check errs
// on the safe side.
constexpr std::size_t kCublasHandleBytes = 8 * kMiB;
// An upper bound on SMs, for sizing the reduction's partial sums without touching the device.
constexpr int kMaxSmCount = 256;

[[noreturn]] void invalid(const std::string &sentence)
{
    throw std::invalid_argument(sentence);
}

std::string versionText(int version)
{
    return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
}

std::string errorCode(cudaError_t error)
{
    return "CUDA error " + std::to_string(int(error)) + ", " + cudaGetErrorName(error);
}

Availability probe()
{
    Availability a;
    a.builtWithCuda = true;
    // Both report versions without a device; the driver's is 0 when no driver is installed.
    (void)cudaDriverGetVersion(&a.driverVersion);
    (void)cudaRuntimeGetVersion(&a.runtimeVersion);

    int count = 0;
    const cudaError_t error = cudaGetDeviceCount(&count);
    if (error != cudaSuccess) {
        (void)cudaGetLastError();
        a.why.code = errorCode(error);
        if (error == cudaErrorInsufficientDriver && a.driverVersion == 0) {
            a.why.why = GpuUnusable::Why::NoDriver;
            a.reason =
                "No NVIDIA driver was found (" + a.why.code + "): install the NVIDIA driver to use the GPU.";
        } else if (error == cudaErrorInsufficientDriver) {
            a.why.why = GpuUnusable::Why::OldDriver;
            a.why.driver = versionText(a.driverVersion);
            a.why.runtime = versionText(a.runtimeVersion);
            a.reason = "The NVIDIA driver supports CUDA " + a.why.driver + ", older than the CUDA " +
                       a.why.runtime + " SpeedupLab was built with (" + a.why.code +
                       "): update the NVIDIA driver to use the GPU.";
        } else if (error == cudaErrorNoDevice) {
            a.why.why = GpuUnusable::Why::NoDevice;
            a.reason =
                "No CUDA device was found (" + a.why.code +
                "): check that the GPU is installed and visible to this process (CUDA_VISIBLE_DEVICES).";
        } else {
            a.why.why = GpuUnusable::Why::NotListed;
            a.why.code += std::string(": ") + cudaGetErrorString(error);
            a.reason = "The CUDA runtime could not list the GPUs (" + a.why.code +
                       "): check the NVIDIA driver installation.";
        }
        return a;
    }
    if (count == 0) {
        a.why.why = GpuUnusable::Why::NoDevice;
        a.reason = "No CUDA device was found.";
        return a;
    }

    // Only calls that need no context: cudaSetDevice or cudaMemGetInfo would create one on
    // every device, and a context costs the idle app ~100 MB of resident memory. The first GPU
    // run creates it (memoryInfo, createRun).
    for (int i = 0; i < count; ++i) {
        DeviceInfo info;
        info.index = i;
        cudaDeviceProp prop{};
        int smClockKHz = 0;
        int memClockKHz = 0;
        int busWidth = 0;
        // Clock rates come from attributes: CUDA 13 removed those fields from cudaDeviceProp.
        cudaError_t e = cudaGetDeviceProperties(&prop, i);
        if (e == cudaSuccess)
            e = cudaDeviceGetAttribute(&smClockKHz, cudaDevAttrClockRate, i);
        if (e == cudaSuccess)
            e = cudaDeviceGetAttribute(&memClockKHz, cudaDevAttrMemoryClockRate, i);
        if (e == cudaSuccess)
            e = cudaDeviceGetAttribute(&busWidth, cudaDevAttrGlobalMemoryBusWidth, i);
        if (e != cudaSuccess) {
            (void)cudaGetLastError();
            a.devices.clear();
            a.reason = "GPU " + std::to_string(i) + " could not be queried (" + errorCode(e) + ": " +
                       cudaGetErrorString(e) + "): the driver may be in a bad state.";
            return a;
        }
        info.name = prop.name;
        info.ccMajor = prop.major;
        info.ccMinor = prop.minor;
        info.smCount = prop.multiProcessorCount;
        info.totalMemoryBytes = double(prop.totalGlobalMem);
        info.smClockMHz = smClockKHz / 1000.0;
        info.memoryClockMHz = memClockKHz / 1000.0;
        info.memoryBusWidthBits = busWidth;
        // Double data rate: two transfers per memory clock, bus width in bits.
        info.theoreticalBandwidthGBs = 2.0 * memClockKHz * 1e3 * (busWidth / 8.0) / 1e9;
        info.l2CacheBytes = double(prop.l2CacheSize);
        char busId[32] = {};
        if (cudaDeviceGetPCIBusId(busId, int(sizeof busId), i) == cudaSuccess)
            info.pciBusId = busId;
        else
            (void)cudaGetLastError(); // NVML then finds the device by its index
        a.devices.push_back(std::move(info));
    }
    a.usable = true;
    a.why.why = GpuUnusable::Why::Usable;
    return a;
}

} // namespace

JobPlan parseJob(const Job &job)
{
    JobPlan plan;
    const std::string &w = job.workload;
    const std::string &v = job.variant;
    const std::string &m = job.mode;
    if (w == "add")
        plan.workload = WorkloadKind::Add;
    else if (w == "saxpy")
        plan.workload = WorkloadKind::Saxpy;
    else if (w == "reduce")
        plan.workload = WorkloadKind::Reduce;
    else if (w == "gemm")
        plan.workload = WorkloadKind::Gemm;
    else if (w == "transfer")
        plan.workload = WorkloadKind::Transfer;
    else if (w == "scan")
        plan.workload = WorkloadKind::Scan;
    else if (w == "spmv")
        plan.workload = WorkloadKind::Spmv;
    else // a workload of the CPU kernels that has no CUDA kernel yet: its points are skipped
        throw Unsupported("the CUDA backend has no kernel for the " + w +
                          " workload yet: it runs add, saxpy, reduce, gemm, transfer, scan and spmv");

    switch (plan.workload) {
    case WorkloadKind::Add:
    case WorkloadKind::Saxpy:
    case WorkloadKind::Reduce:
        if (!v.empty())
            invalid("The " + w + " workload has no GPU variants, but variant '" + v + "' was asked for.");
        break;
    case WorkloadKind::Gemm:
        if (v == "naive")
            plan.gemm = GemmKind::Naive;
        else if (v == "tiled")
            plan.gemm = GemmKind::Tiled;
        else if (v == "cublas")
            plan.gemm = GemmKind::Cublas;
        else if (v == "cublas-tf32")
            plan.gemm = GemmKind::CublasTf32;
        else if (v == "cublas-fp16")
            plan.gemm = GemmKind::CublasFp16;
        else if (v == "cublas-bf16")
            plan.gemm = GemmKind::CublasBf16;
        else
            invalid("The gemm workload has no GPU variant '" + v +
                    "': use naive, tiled, cublas, cublas-tf32, cublas-fp16 or cublas-bf16.");
        break;
    case WorkloadKind::Transfer:
        if (v == "pageable")
            plan.pinned = false;
        else if (v == "pinned")
            plan.pinned = true;
        else if (v.empty())
            plan.pinned = job.pinnedHost;
        else
            invalid("The transfer workload has no GPU variant '" + v + "': use pageable or pinned.");
        break;
    case WorkloadKind::Scan:
        if (v == "rows")
            plan.scan = ScanKind::Rows;
        else if (v == "cub")
            plan.scan = ScanKind::Cub;
        else
            invalid("The scan workload has no GPU variant '" + v + "': use cub or rows.");
        break;
    case WorkloadKind::Spmv:
        if (v == "cusparse" || v.empty())
            plan.spmv = SpmvKind::Cusparse;
        else if (v == "scalar")
            plan.spmv = SpmvKind::Scalar;
        else
            invalid("The spmv workload has no GPU variant '" + v + "': use cusparse or scalar.");
        if (job.n > SparseMatrix::maxN)
            invalid("spmv runs up to n = " + std::to_string(SparseMatrix::maxN) +
                    " (its CSR indices are 32-bit), but n is " + std::to_string(job.n) + ".");
        break;
    }

    if (m == "launch")
        plan.mode = ModeKind::Launch;
    else if (m == "graph")
        plan.mode = ModeKind::Graph;
    else if (m == "fused")
        plan.mode = ModeKind::Fused;
    else if (m == "unsynced")
        plan.mode = ModeKind::Unsynced;
    else
        invalid("Unknown GPU mode '" + m + "': use launch, graph, fused or unsynced.");
    const bool fusedOk = plan.workload == WorkloadKind::Add || plan.workload == WorkloadKind::Saxpy;
    if (plan.mode == ModeKind::Fused && !fusedOk)
        invalid("The " + w + " workload cannot run in fused mode: use launch or graph.");
    if (plan.mode == ModeKind::Unsynced && (job.transfers || plan.workload == WorkloadKind::Transfer))
        invalid(kUnsyncedWithCopies);
    if (plan.workload == WorkloadKind::Transfer && plan.mode != ModeKind::Launch)
        invalid(
            "The transfer workload runs only in launch mode: copies from pageable memory cannot be captured "
            "into a graph, and there is no kernel to fuse.");

    if (job.n < 1)
        invalid("The tensor edge n must be at least 1, but it is " + std::to_string(job.n) + ".");
    if (job.iterations < 1)
        invalid("The number of iterations must be at least 1, but it is " + std::to_string(job.iterations) +
                ".");
    plan.n = job.n;
    plan.count = std::size_t(job.n) * std::size_t(job.n);

    switch (plan.workload) {
    case WorkloadKind::Add:
        plan.inputCount = 1;
        plan.pristineCopy = true;
        plan.outputCount = plan.count;
        break;
    case WorkloadKind::Saxpy:
        plan.inputCount = 2;
        plan.pristineCopy = true;
        plan.outputCount = plan.count;
        break;
    case WorkloadKind::Reduce:
        plan.inputCount = 1;
        plan.outputCount = 1;
        break;
    case WorkloadKind::Gemm:
        plan.inputCount = 2;
        plan.outputCount = plan.count;
        break;
    case WorkloadKind::Transfer:
    case WorkloadKind::Scan: // out of place: x is only read
    case WorkloadKind::Spmv: // y = A x: x is only read; the matrix is built by the run
        plan.inputCount = 1;
        plan.outputCount = plan.count;
        break;
    }
    if (plan.workload != WorkloadKind::Transfer)
        plan.pinned = job.pinnedHost;

    if (job.inputs.size() != std::size_t(plan.inputCount))
        invalid("The " + w + " workload needs " + std::to_string(plan.inputCount) +
                " host input(s) of n*n floats, "
                "but the job has " +
                std::to_string(job.inputs.size()) + ".");
    for (const float *input : job.inputs)
        if (!input)
            invalid("A host input of the " + w + " job is a null pointer.");
    return plan;
}

std::size_t bytesNeeded(const JobPlan &plan)
{
    const std::size_t tensor = plan.count * sizeof(float);
    std::size_t bytes = tensor * std::size_t(plan.inputCount);
    if (plan.pristineCopy)
        bytes += tensor;
    switch (plan.workload) {
    case WorkloadKind::Reduce:
        bytes += std::size_t(kMaxSmCount) * 8 * sizeof(float) + sizeof(unsigned int) + sizeof(float);
        break;
    case WorkloadKind::Gemm:
        bytes += tensor; // C
        if (usesCublas(plan.gemm))
            bytes += kCublasWorkspaceBytes + kCublasHandleBytes;
        if (halfGemm(plan.gemm))
            bytes += 3 * plan.count * sizeof(std::uint16_t); // the fp16/bf16 A, B and C
        break;
    case WorkloadKind::Scan:
        bytes += tensor; // the running sums
        // rows: the row totals; cub: its temporary storage, about 8 bytes per tile of a few
        // thousand elements (queried at run time; this bound needs no device).
        bytes += plan.scan == ScanKind::Rows ? std::size_t(plan.n) * sizeof(float) : tensor / 64 + kMiB;
        break;
    case WorkloadKind::Spmv: {
        // y, the CSR matrix (a value and a column index per nonzero, a row pointer per row), and
        // cuSPARSE's handle and work buffer (small for CSR SpMV; a bound).
        const std::size_t rows = plan.count, nonzeros = rows * std::size_t(SparseMatrix::perRow(plan.n));
        bytes +=
            tensor + nonzeros * (sizeof(float) + sizeof(std::int32_t)) + (rows + 1) * sizeof(std::int32_t);
        if (plan.spmv == SpmvKind::Cusparse)
            bytes += kCublasHandleBytes + rows * sizeof(float) / 16 + kMiB;
        break;
    }
    default:
        break;
    }
    return bytes;
}

Availability availability()
{
    // Probed once per process (the runtime's start-up takes a while); the sticky-error state is
    // applied on top of the cached answer.
    static const Availability probed = [] {
        try {
            return probe();
        } catch (const std::exception &e) {
            Availability a;
            a.builtWithCuda = true;
            a.reason = std::string("Probing the GPUs failed: ") + e.what();
            return a;
        }
    }();
    Availability a = probed;
    if (std::string reason = disabledReason(); !reason.empty()) {
        a.usable = false;
        a.reason = std::move(reason);
        a.why = GpuUnusable{}; // Other: a device disabled after a fault, said by its sentence
    }
    return a;
}

std::size_t deviceBytesNeeded(const Job &job)
{
    try {
        return bytesNeeded(parseJob(job)) + (job.coldCache ? l2FlushBytes(job.device) : 0);
    } catch (const std::invalid_argument &) {
        return 0; // createRun reports what is wrong with the job
    } catch (const Unsupported &) {
        return 0; // nor does a workload without a kernel here; createRun says so
    }
}

std::size_t l2FlushBytes(int device)
{
    const Availability a = availability();
    for (const DeviceInfo &d : a.devices)
        if (d.index == device && d.l2CacheBytes > 0)
            return 2 * std::size_t(d.l2CacheBytes);
    return std::size_t(256) << 20;
}

void memoryInfo(int device, std::size_t &freeBytes, std::size_t &totalBytes)
{
    throwIfDisabled();
    const DeviceScope scope(device);
    SL_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
}

} // namespace speeduplab::gpu
