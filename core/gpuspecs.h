// SPDX-License-Identifier: MIT
// GpuSpecs: the published memory bandwidth of well-known GPUs, to hold a rate someone claims
// (the original answer's implied 2.87 TB/s) against what real GPUs can move (no Qt).
#pragma once

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
};

} // namespace speeduplab
