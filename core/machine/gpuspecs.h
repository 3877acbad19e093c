// SPDX-License-Identifier: MIT
// GpuSpecs: the published memory bandwidth of well-known GPUs, to hold a rate someone claims
// (the original answer's implied 2.87 TB/s) against what real GPUs can move, and their L2 sizes,
// for a recording that does not state its GPU's (no Qt).
#pragma once

#include "core/machine/machineinfo.h"

#include <string>
#include <vector>

namespace speeduplab {

class GpuSpecs {
public:
    struct Gpu {
        std::string name;
        double bytesPerS = 0; ///< the vendor's spec-sheet memory bandwidth (peak, not measured)
    };
    /// From the slowest to the fastest: a laptop's shared memory to the H200's HBM3e.
    static const std::vector<Gpu> &memoryBandwidths();
    /// The L2 cache of a GPU, by the name its driver reports ("NVIDIA H200", "NVIDIA A100-SXM4-80GB",
    /// "Tesla T4"): the size the device itself reported (MachineInfo::Gpu::l2Bytes) when the
    /// recording has it, else the spec sheet's for a known GPU; 0 when neither is known.
    static double l2Bytes(const MachineInfo::Gpu &gpu);
};

} // namespace speeduplab
