// SPDX-License-Identifier: MIT
// MemoryCheck: the fit rule, its sentence, and the host and device bytes a point needs.
#include "core/devices/memorycheck.h"

#include "backend/devicedescription.h"
#include "core/model/workload.h"
#include "cuda/gpubackend.h"
#include "opencl/openclbackend.h"

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
    return !bufferTooLarge() && (available <= 0 || need <= (gpu ? gpuShare : hostShare) * available);
}

bool MemoryCheck::bufferTooLarge() const
{
    return maxAlloc > 0 && largest > maxAlloc;
}

std::string MemoryCheck::reason() const
{
    const std::string head = "n = " + std::to_string(n) + " needs ";
    if (bufferTooLarge())
        return "too large a buffer for " + deviceName + ": " + head + "one of " + gib(largest) + ", and " +
               deviceName + " allows at most " + gib(maxAlloc) + " in one buffer";
    if (!deviceName.empty())
        return "not enough memory on " + deviceName + ": " + head + gib(need) + ", and it has " +
               gib(available);
    return std::string("not enough ") + (gpu ? "GPU" : "host") + " memory: " + head + gib(need) + ", " +
           gib(available) + (gpu ? " is free" : " is available");
}

MemoryCheck MemoryCheck::host(const Workload &workload, int n, double available)
{
    MemoryCheck c;
    c.n = n;
    c.need = workload.hostBytes(n);
    c.available = available;
    return c;
}

MemoryCheck MemoryCheck::device(const Job &job, double available)
{
    MemoryCheck c;
    c.gpu = true;
    c.n = job.n;
    c.need = double(gpu::deviceBytesNeeded(job));
    c.available = available;
    return c;
}

MemoryCheck MemoryCheck::opencl(const Job &job, const DeviceDescription &device)
{
    const opencl::DeviceBytes b = opencl::deviceBytesNeeded(job);
    MemoryCheck c;
    c.gpu = true;
    c.n = job.n;
    c.need = b.device;
    c.available = device.globalMemoryBytes;
    c.deviceName = device.id();
    c.largest = b.largest;
    c.maxAlloc = device.maxAllocBytes;
    return c;
}

} // namespace speeduplab
