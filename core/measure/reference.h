// SPDX-License-Identifier: MIT
// Reference: the inputs every backend gets and the check of every output against the CPU (no Qt).
#pragma once

#include <string>
#include <vector>

namespace speeduplab {

/// The inputs every backend gets and the check of every output against a CPU reference.
class Reference {
public:
    /// Deterministic inputs for a workload at n (inputCount buffers of n*n floats). add gets
    /// signed values, so that a kernel that writes one constant everywhere cannot pass. scan gets
    /// integers in {-1, 0, 1} whose running sums stay within +-2^20, so that they are exact in
    /// fp32 in any summation order and its check is exact.
    static std::vector<std::vector<float>> inputs(const std::string &workload, int n);
    static constexpr float saxpyAlpha = 0.5f;

    struct Check {
        bool ok = false;
        double maxError = 0; ///< worst error, relative to the scale of the reference
        double tolerance = 0;
        std::string message; ///< on failure: where and by how much
    };

    /// Compares output with what `iterations` operations on inputs must give. Checks every
    /// element when that is cheap, else a deterministic sample that includes the first and
    /// last rows and columns (where tile and tail bugs live).
    static Check verify(const std::string &workload, const std::string &variant, int n, int iterations,
                        const std::vector<std::vector<float>> &inputs, const std::vector<float> &output);

    /// The gemm check's tolerance for a variant at n. fp32 and TF32 variants: the error relative
    /// to sum_k |a_ik b_kj|; fp16/bf16 (Workload::halfPrecision): relative to
    /// sqrt(sum_k (a_ik b_kj)^2), the scale their input rounding grows with.
    static double gemmTolerance(const std::string &variant, int n);
};

} // namespace speeduplab
