// SPDX-License-Identifier: MIT
// Overlay: another tool's run in our format (PyTorch, NumPy) drawn over our curves, never mixed in (no Qt).
#pragma once

#include "core/analysis/analysis.h"
#include "core/model/resultset.h"

#include <string>
#include <vector>

namespace speeduplab {

/// A run of another tool written in our format (bench/compare_torch.py, compare_numpy.py),
/// drawn over our curves. It is never mixed into our results: it takes no part in the
/// crossovers, the choice of the best CPU curve or the table.
class Overlay {
public:
    struct Curve {
        Series series; ///< the other tool's curve, with its own label ("GPU eager (torch)")
        Series ours;   ///< the curve of ours it corresponds to, as we name it (key, label, mode; no points)
    };
    struct Ratio {
        std::string label; ///< our series' label
        double ratio = 0;  ///< geometric mean, over the sizes both have, of our time / theirs
        int count = 0;     ///< how many sizes both have
        int nMin = 0, nMax = 0;
    };

    /// The tool as the file names it ("PyTorch 2.5.1", from the metadata's program_version),
    /// else "reference".
    static std::string name(const ResultSet &reference);
    /// The reference's curves for one workload (all workloads when empty).
    static std::vector<Curve> curves(const ResultSet &reference, const std::string &workload = {});
    /// A reference measurement as we would name it: the reference's GPU mode "eager" is our
    /// "launch"; its variants "torch" and "numpy" are our default variant of the workload on that
    /// backend (blas, cublas, memcpy or none), "torch-tf32" our "cublas-tf32" (likewise fp16, bf16).
    static Measurement asOurs(Measurement m);
    /// One ratio per reference curve that has a counterpart among ours, with sizes in common.
    static std::vector<Ratio> ratios(const std::vector<Series> &ours, const std::vector<Curve> &theirs);
};

} // namespace speeduplab
