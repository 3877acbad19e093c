// SPDX-License-Identifier: MIT
// The spec-sheet memory bandwidths GpuSpecs lists: vendors' published peaks, not measurements.
#include "core/gpuspecs.h"

namespace speeduplab {

const std::vector<GpuSpecs::Gpu> &GpuSpecs::memoryBandwidths()
{
    // Vendors' data sheets: the memory interface's peak (bus width x transfer rate).
    static const std::vector<Gpu> gpus = {
        {"Intel Iris Xe (dual-channel DDR4-3200, shared)", 51.2e9},
        {"NVIDIA T4", 320e9},
        {"NVIDIA V100 (SXM2)", 900e9},
        {"NVIDIA GeForce RTX 4090", 1008e9},
        {"NVIDIA A100 (80 GB SXM)", 2039e9},
        {"NVIDIA H100 (SXM)", 3350e9},
        {"NVIDIA H200", 4800e9},
    };
    return gpus;
}

} // namespace speeduplab
