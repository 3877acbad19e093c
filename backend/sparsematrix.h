// SPDX-License-Identifier: MIT
// SparseMatrix: the spmv workload's CSR matrix (plain C++, no CUDA type).
// Header-only, so that the CPU kernels, the reference and the CUDA backend build the very same
// matrix without a link between them.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace speeduplab {

/// The spmv workload's matrix in CSR form: N = n*n rows and columns (the n x n tensor is the
/// vector it multiplies), nonzerosPerRow entries in every row at distinct columns drawn from a
/// seeded hash (sorted within the row), with values in {-2, -1, 1, 2}. With the vector's small
/// integers (Reference::inputs) every product and every row sum is an integer far below 2^24:
/// exact in fp32 in any order of the additions, so the check is exact.
struct SparseMatrix {
    static constexpr int nonzerosPerRow = 8;
    /// The largest n: N * nonzerosPerRow must stay below 2^31 (32-bit CSR indices).
    static constexpr int maxN = 8192;

    std::int64_t rows = 0;
    std::vector<std::int32_t> rowPtr; ///< rows + 1 offsets into colIdx and values
    std::vector<std::int32_t> colIdx;
    std::vector<float> values;

    /// Nonzeros in each row of the matrix for n (fewer than nonzerosPerRow only when N is).
    static int perRow(int n)
    {
        const std::int64_t N = std::int64_t(n) * n;
        return int(N < nonzerosPerRow ? N : nonzerosPerRow);
    }

    /// Throws std::invalid_argument for n < 1 or n > maxN.
    static SparseMatrix make(int n)
    {
        if (n < 1 || n > maxN)
            throw std::invalid_argument("spmv supports n from 1 to " + std::to_string(maxN) + " (got " +
                                        std::to_string(n) + "): its CSR indices are 32-bit");
        SparseMatrix m;
        m.rows = std::int64_t(n) * n;
        const int k = perRow(n);
        m.rowPtr.resize(std::size_t(m.rows) + 1);
        m.colIdx.resize(std::size_t(m.rows) * k);
        m.values.resize(std::size_t(m.rows) * k);
        for (std::int64_t r = 0; r < m.rows; ++r) {
            m.rowPtr[std::size_t(r)] = std::int32_t(r * k);
            std::int32_t *cols = &m.colIdx[std::size_t(r) * k];
            for (int j = 0; j < k; ++j) {
                // Distinct columns: draw again (a new salt) while the column is taken.
                std::uint64_t salt = std::uint64_t(j);
                std::int32_t c = 0;
                for (bool taken = true; taken; salt += 0x9E3779B97F4A7C15ULL) {
                    c = std::int32_t(hash(std::uint64_t(r) * 0x100000001B3ULL ^ salt) %
                                     std::uint64_t(m.rows));
                    taken = false;
                    for (int i = 0; i < j; ++i)
                        taken = taken || cols[i] == c;
                }
                // Insertion into the sorted prefix.
                int at = j;
                while (at > 0 && cols[at - 1] > c) {
                    cols[at] = cols[at - 1];
                    --at;
                }
                cols[at] = c;
            }
            for (int j = 0; j < k; ++j) {
                const std::uint64_t h = hash(std::uint64_t(r) * 31 + std::uint64_t(j) + 0x5bd1e995ULL);
                const float v = float(1 + int(h & 1));
                m.values[std::size_t(r) * k + std::size_t(j)] = (h & 2) ? -v : v;
            }
        }
        m.rowPtr[std::size_t(m.rows)] = std::int32_t(m.rows * k);
        return m;
    }

    /// splitmix64's finaliser: a well-mixed 64-bit hash of x.
    static std::uint64_t hash(std::uint64_t x)
    {
        x += 0x9E3779B97F4A7C15ULL;
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
        return x ^ (x >> 31);
    }
};

} // namespace speeduplab
