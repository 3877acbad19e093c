// SPDX-License-Identifier: MIT
// The GPU backend of a build without CUDA: every entry point says why there is no GPU.
#include "cuda/gpubackend.h"

namespace speeduplab::gpu {

namespace {
const char *const kReason = "This build has no CUDA backend (built without CUDA): rebuild with the CUDA "
                            "toolkit installed to use the GPU.";
}

Availability availability()
{
    Availability a;
    a.builtWithCuda = false;
    a.usable = false;
    a.reason = kReason;
    a.why.why = GpuUnusable::Why::NotBuilt;
    return a;
}

std::size_t deviceBytesNeeded(const Job &)
{
    return 0;
}

std::size_t l2FlushBytes(int)
{
    return 0;
}

void memoryInfo(int, std::size_t &freeBytes, std::size_t &totalBytes)
{
    freeBytes = totalBytes = 0;
    throw CudaError(kReason, "built without CUDA", false);
}

std::unique_ptr<Run> createRun(const Job &)
{
    throw CudaError(kReason, "built without CUDA", false);
}

Ceilings calibrate(int, const std::atomic<bool> &)
{
    throw CudaError(kReason, "built without CUDA", false);
}

std::string disabledReason()
{
    return kReason;
}

} // namespace speeduplab::gpu
