// SPDX-License-Identifier: MIT
#include "core/workload.h"

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
                     1});
        w.push_back({"saxpy",
                     "y = a*x + y, repeated (streaming: two tensors read, one written)",
                     {""},
                     {""},
                     {"launch", "graph", "fused"},
                     100,
                     2});
        w.push_back({"reduce",
                     "the sum of all elements (reads the tensor once, writes one number)",
                     {""},
                     {""},
                     {"launch", "graph"},
                     100,
                     1});
        w.push_back({"gemm",
                     "C = A*B, n x n x n (compute-bound for large n)",
                     {"blas", "tiled", "naive"},
                     {"cublas", "cublas-tf32", "tiled", "naive"},
                     {"launch", "graph"},
                     1,
                     2});
        w.push_back({"transfer",
                     "copy the tensor host to device and back (on the CPU: memory to memory)",
                     {"memcpy"},
                     {"pageable", "pinned"},
                     {"launch"},
                     10,
                     1});
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
bool Workload::hasGpuMode(const std::string &m) const
{
    return contains(gpuModes, m);
}
bool Workload::isSerialCpuVariant(const std::string &v) const
{
    return contains(serialCpuVariants, v);
}

double Workload::bytes(int n, int iterations) const
{
    const double e = elements(n) * 4.0 * iterations;
    if (name == "add")
        return 2 * e; // read b, write b
    if (name == "saxpy")
        return 3 * e; // read x and y, write y
    if (name == "reduce")
        return e; // read x
    if (name == "gemm")
        return 3 * e; // A, B read once, C written, at the least
    if (name == "transfer")
        return 2 * e; // there and back
    if (name == "scan")
        return 2 * e; // read x, write the running sums
    return e;
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
    return 0;
}

double Workload::hostBytes(int n) const
{
    // The pristine inputs, the run's working copies, and the output copied for the check.
    return elements(n) * 4.0 * (2 * inputCount + 2);
}

double Workload::nForWork(double target, int iterations) const
{
    if (!(target > 0) || !std::isfinite(target))
        return std::nan("");
    // work(n) is a positive power of n times a constant, so solve it in closed form.
    const double w1 = work(1, iterations);
    const double power = computeBound() ? 3.0 : 2.0;
    return std::pow(target / w1, 1.0 / power);
}

} // namespace speeduplab
