// SPDX-License-Identifier: MIT
// MemoryCheck: the fit rule, its sentence, and the host and device bytes a point needs.
#include "core/memorycheck.h"

#include "core/workload.h"
#include "cuda/gpubackend.h"

#include <cstdio>

namespace speeduplab {

namespace {

std::string gib(double bytes)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f GiB", bytes / (1024.0 * 1024 * 1024));
    return buf;
}

} // namespace

bool MemoryCheck::fits() const
{
    return available <= 0 || need <= (gpu ? gpuShare : hostShare) * available;
}

std::string MemoryCheck::reason() const
{
    return std::string("not enough ") + (gpu ? "GPU" : "host") + " memory: n = " + std::to_string(n) +
           " needs " + gib(need) + ", " + gib(available) + (gpu ? " is free" : " is available");
}

MemoryCheck MemoryCheck::host(const Workload &workload, int n, double available)
{
    return {false, n, workload.hostBytes(n), available};
}

MemoryCheck MemoryCheck::device(const Job &job, double available)
{
    return {true, job.n, double(gpu::deviceBytesNeeded(job)), available};
}

} // namespace speeduplab
