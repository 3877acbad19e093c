// SPDX-License-Identifier: MIT
// The workloads: their variants, GPU modes, and the bytes, FLOPs and working set of one operation.
#include "core/model/workload.h"

#include "backend/backendnames.h"
#include "backend/sparsematrix.h"

#include <algorithm>
#include <cmath>

namespace speeduplab {

const std::vector<Workload> &Workload::all()
{
    static const std::vector<Workload> list = [] {
        std::vector<Workload> w;
        w.push_back({"add",
                     "b += b, repeated: the seed experiment (memory-bound, one tensor read and written)",
                     {""},
                     {""},
                     {"launch", "graph", "fused"},
                     1000,
                     1,
                     {},
                     {"unsynced"}});
        w.push_back({"saxpy",
                     "y = a*x + y, repeated (streaming: two tensors read, one written)",
                     {""},
                     {""},
                     {"launch", "graph", "fused"},
                     100,
                     2});
        w.back().traffic = Traffic::TwoReadsOne;
        w.push_back({"reduce",
                     "the sum of all elements (reads the tensor once, writes one number)",
                     {""},
                     {""},
                     {"launch", "graph"},
                     100,
                     1});
        w.back().traffic = Traffic::Read;
        w.push_back({"gemm",
                     "C = A*B, n x n x n (compute-bound for large n)",
                     {"blas", "tiled", "naive", "blas-bf16"},
                     {"cublas", "cublas-tf32", "cublas-fp16", "cublas-bf16", "tiled", "naive"},
                     {"launch", "graph"},
                     1,
                     2});
        w.back().describedVariants[std::string(RowName::opencl)] = {"clblast", "tiled", "naive"};
        w.back().describedVariants[std::string(RowName::vulkan)] = {"tiled", "naive"};
        w.back().arithmetic = true;
        w.push_back({"transfer",
                     "copy the tensor host to device and back (on the CPU: memory to memory)",
                     {"memcpy"},
                     {"pageable", "pinned"},
                     {"launch"},
                     10,
                     1});
        w.back().describedVariants[std::string(RowName::opencl)] = {"pageable", "pinned", "zero-copy"};
        // Vulkan copies between its own host-visible memory (pinned) and the device's.
        w.back().describedVariants[std::string(RowName::vulkan)] = {"pinned"};
        w.back().copies = true;
        w.push_back({"scan",
                     "the running sum of all n*n elements taken as one flat sequence (like "
                     "torch.cumsum(x.flatten(), 0)): on the CPU, serial is one dependent chain, one "
                     "element after another, so more threads cannot help (it runs once per n, on one "
                     "thread); on the GPU, rows gives each row to one thread, then one thread adds up "
                     "the row totals, and cub is CUB's parallel single-pass scan",
                     {"serial"},
                     {"cub", "rows"},
                     {"launch", "graph"},
                     10,
                     1,
                     {"serial"}});
        w.back().describedVariants[std::string(RowName::opencl)] = {"rows"};
        w.back().describedVariants[std::string(RowName::vulkan)] = {"rows"};
        w.push_back({"spmv",
                     "y = A x with A sparse (CSR): n*n rows, 8 nonzeros per row at seeded random columns, "
                     "x the n x n tensor read as a vector; every nonzero is used once and x is gathered "
                     "at scattered places, so there is little work per byte (csr: OpenMP over rows; "
                     "cusparse: cuSPARSE's SpMV; scalar: one GPU thread per row)",
                     {"csr"},
                     {"cusparse", "scalar"},
                     {"launch", "graph"},
                     10,
                     1});
        w.back().traffic = Traffic::Read;
        w.back().describedVariants[std::string(RowName::opencl)] = {"scalar"};
        w.back().describedVariants[std::string(RowName::vulkan)] = {"scalar"};
        return w;
    }();
    return list;
}

const Workload *Workload::find(const std::string &name)
{
    for (const auto &w : all())
        if (w.name == name)
            return &w;
    return nullptr;
}

static bool contains(const std::vector<std::string> &v, const std::string &s)
{
    return std::find(v.begin(), v.end(), s) != v.end();
}

bool Workload::hasCpuVariant(const std::string &v) const
{
    return contains(cpuVariants, v);
}
bool Workload::hasGpuVariant(const std::string &v) const
{
    return contains(gpuVariants, v);
}
const std::vector<std::string> &Workload::variantsOn(std::string_view row) const
{
    static const std::vector<std::string> none{""};
    const auto it = describedVariants.find(row);
    return it == describedVariants.end() ? none : it->second;
}
bool Workload::hasVariantOn(std::string_view row, const std::string &v) const
{
    return contains(variantsOn(row), v);
}
bool Workload::hasDescribedVariant(const std::string &v) const
{
    for (const DescribedBackend &b : describedBackends)
        if (hasVariantOn(b.row, v))
            return true;
    return false;
}
bool Workload::hasGpuMode(const std::string &m) const
{
    return contains(gpuModes, m) || contains(optInGpuModes, m);
}
bool Workload::isSerialCpuVariant(const std::string &v) const
{
    return contains(serialCpuVariants, v);
}

bool Workload::halfPrecision(const std::string &variant)
{
    return variant == "cublas-fp16" || variant == "cublas-bf16" || variant == "blas-bf16";
}

double Workload::bytes(int n, int iterations, const std::string &variant) const
{
    const double e = elements(n) * 4.0 * iterations;
    if (name == "add")
        return 2 * e; // read b, write b
    if (name == "saxpy")
        return 3 * e; // read x and y, write y
    if (name == "reduce")
        return e; // read x
    if (name == "gemm") {
        if (!halfPrecision(variant))
            return 3 * e; // A, B read once, C written, at the least
        // The same, in 2-byte elements: the inputs are converted to fp16/bf16 outside the timed
        // region (unless transfers are timed), and the product reads those. cuBLAS writes C in
        // the same half type (as torch.mm does); OpenBLAS's sbgemm writes C in fp32.
        const double c = variant == "blas-bf16" ? 1.0 : 0.5;
        return (0.5 + 0.5 + c) * e;
    }
    if (name == "transfer")
        return 2 * e; // there and back
    if (name == "scan")
        return 2 * e; // read x, write the running sums
    if (name == "spmv") {
        // Per row: k values and k column indices, k gathered elements of x (each may miss the
        // caches: the columns are random), its row pointer and its element of y.
        const double k = SparseMatrix::perRow(n);
        return e * (3 * k + 2);
    }
    return e;
}

double Workload::footprintBytes(int n) const
{
    const double tensor = elements(n) * 4.0;
    if (name == "gemm")
        return 3 * tensor; // A, B, C
    if (name == "saxpy" || name == "transfer" || name == "scan")
        return 2 * tensor; // x and y; there and back in one buffer each way; x and its running sums
    if (name == "spmv") {
        // The matrix resident beside x and y: gathering x at random columns touches no more
        // distinct bytes than x itself.
        const double k = SparseMatrix::perRow(n);
        return elements(n) * (4.0 * k + 4.0 * k + 4.0 + 4.0 + 4.0);
    }
    return tensor; // add: b; reduce: x
}

double Workload::flops(int n, int iterations) const
{
    const double e = elements(n) * iterations;
    if (name == "add" || name == "reduce" || name == "scan")
        return e; // scan: one add per element
    if (name == "saxpy")
        return 2 * e;
    if (name == "gemm")
        return 2.0 * double(n) * e;
    if (name == "spmv")
        return 2.0 * SparseMatrix::perRow(n) * e; // a multiply and an add per nonzero
    return 0;
}

double Workload::hostBytes(int n) const
{
    // The pristine inputs, the run's working copies, and the output copied for the check.
    const double tensors = elements(n) * 4.0 * (2 * inputCount + 2);
    if (name == "spmv") // the matrix, built by the run and again by the check: k values and columns a row
        return tensors + 2 * elements(n) * (8.0 * SparseMatrix::perRow(n) + 4);
    return tensors;
}

double Workload::workAt(double n, int iterations) const
{
    return work(16, iterations) * std::pow(n / 16, computeBound() ? 3.0 : 2.0);
}

double Workload::nForWork(double target, int iterations) const
{
    if (!(target > 0) || !std::isfinite(target))
        return std::nan("");
    // work(n) is a positive power of n times a constant, so solve it in closed form.
    return 16 * std::pow(target / work(16, iterations), 1.0 / (computeBound() ? 3.0 : 2.0));
}

} // namespace speeduplab
