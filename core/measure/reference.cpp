// SPDX-License-Identifier: MIT
// Reference: deterministic inputs, the expected results in double, and the sampled check and tolerances.
#include "core/measure/reference.h"

#include "core/kernels/spmv.h"
#include "core/model/workload.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace speeduplab {

namespace {

// Inputs of more elements than this are made by every core: 10^8 took 0.3 s on one.
constexpr size_t parallelFrom = size_t(1) << 20;

// A small integer hash, so that inputs look random but are the same on every machine.
uint32_t mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

// uniform in [lo, hi), quantised to 1/1024 so that it is exact in fp32
float value(uint32_t i, uint32_t salt, float lo, float hi)
{
    const float u = float(mix(i * 2654435761U + salt) & 1023U) / 1024.0f;
    return lo + (hi - lo) * u;
}

// The indices to check: all of them when cheap, else the first and last rows and columns
// plus a strided sample of the interior.
std::vector<size_t> sample(int n, double costPerElement, size_t budget)
{
    const size_t count = size_t(n) * size_t(n);
    std::vector<size_t> idx;
    if (double(count) * costPerElement <= double(budget)) {
        idx.resize(count);
        for (size_t i = 0; i < count; ++i)
            idx[i] = i;
        return idx;
    }
    const size_t target = std::max<size_t>(64, size_t(double(budget) / costPerElement));
    auto edges = [&](size_t k) {
        idx.push_back(k);                             // first row
        idx.push_back(size_t(n - 1) * size_t(n) + k); // last row
        idx.push_back(k * size_t(n));                 // first column
        idx.push_back(k * size_t(n) + size_t(n - 1)); // last column
    };
    // Both ends of every edge line, so that the corners are always checked.
    const size_t m = std::min<size_t>(size_t(n), std::max<size_t>(1, target / 8));
    for (size_t k = 0; k < m; ++k)
        edges(k);
    for (size_t k = std::max(m, size_t(n) - m); k < size_t(n); ++k)
        edges(k);
    const size_t stride = std::max<size_t>(1, count / std::max<size_t>(1, target / 2)) | 1;
    for (size_t i = 0; i < count; i += stride)
        idx.push_back(i);
    return idx;
}

std::string describe(size_t i, int n, double got, double want, double err, double tol)
{
    char buf[200];
    std::snprintf(buf, sizeof buf, "element (%zu, %zu) is %.9g, expected %.9g (error %.3g > tolerance %.3g)",
                  i / size_t(n), i % size_t(n), got, want, err, tol);
    return buf;
}

// A gemm element out of tolerance: its error as the check holds it, divided by the scale it is
// relative to, and for fp16/bf16 in units of the type's roundoff, so that a failure says by how
// much it missed (a split-K reduction in the half type misses 8 units by a little; a wrong C by
// hundreds).
std::string describeGemm(size_t i, int n, double got, double want, double scale, double relative,
                         double tolerance, const std::string &variant)
{
    const bool half = Workload::halfPrecision(variant);
    char buf[320];
    const int len = std::snprintf(
        buf, sizeof buf,
        "element (%zu, %zu) is %.9g, expected %.9g: the error %.3g divided by the scale %.3g (%s) is %.3g > "
        "tolerance %.3g",
        i / size_t(n), i % size_t(n), got, want, std::fabs(got - want), scale,
        half ? "sqrt of the sum of (a_ik b_kj)^2" : "the sum of |a_ik b_kj|", relative, tolerance);
    std::string text(buf, std::size_t(std::clamp(len, 0, int(sizeof buf) - 1)));
    if (half) {
        const double u = std::ldexp(1.0, -((variant == "cublas-fp16" ? 10 : 7) + 1));
        std::snprintf(buf, sizeof buf, " (%.1f units of %s roundoff; the tolerance allows %.1f)",
                      relative / u, variant == "cublas-fp16" ? "fp16" : "bf16", tolerance / u);
        text += buf;
    }
    return text;
}

} // namespace

std::vector<std::vector<float>> Reference::inputs(const std::string &workload, int n)
{
    const size_t count = size_t(n) * size_t(n);
    std::vector<std::vector<float>> in;
    if (workload == "add") {
        std::vector<float> b(count);
#pragma omp parallel for schedule(static) if (count > parallelFrom)
        for (size_t i = 0; i < count; ++i)
            b[i] = value(uint32_t(i), 1, -1.0f, 1.0f);
        in.push_back(std::move(b));
    } else if (workload == "saxpy" || workload == "gemm") {
        std::vector<float> x(count), y(count);
#pragma omp parallel for schedule(static) if (count > parallelFrom)
        for (size_t i = 0; i < count; ++i) {
            x[i] = value(uint32_t(i), 2, -1.0f, 1.0f);
            y[i] = value(uint32_t(i), 3, -1.0f, 1.0f);
        }
        in.push_back(std::move(x));
        in.push_back(std::move(y));
    } else if (workload == "scan") {
        // Integers in {-1, 0, 1}, mean zero, and a step that would take the running sum past
        // +-2^20 is turned back: every partial sum is an integer below 2^24, exact in fp32, so any
        // summation order (serial, by rows, CUB's tiles) gives the same bits and verify() is exact.
        constexpr int64_t bound = int64_t(1) << 20;
        std::vector<float> x(count);
        int64_t sum = 0;
        for (size_t i = 0; i < count; ++i) {
            int64_t v = int64_t(mix(uint32_t(i) * 2654435761U + 5) % 3) - 1;
            if (sum + v > bound || sum + v < -bound)
                v = -v;
            sum += v;
            x[i] = float(v);
        }
        in.push_back(std::move(x));
    } else if (workload == "spmv") {
        // Integers in {-2, ..., 2}: with the matrix's values in {-2, -1, 1, 2} every row sum is an
        // integer of at most 32, exact in fp32 in any order (SparseMatrix), so verify() is exact.
        std::vector<float> x(count);
#pragma omp parallel for schedule(static) if (count > parallelFrom)
        for (size_t i = 0; i < count; ++i)
            x[i] = float(int(mix(uint32_t(i) * 2246822519U + 7) % 5) - 2);
        in.push_back(std::move(x));
    } else {
        // reduce and transfer: positive values, so a sum of millions is well conditioned
        std::vector<float> x(count);
#pragma omp parallel for schedule(static) if (count > parallelFrom)
        for (size_t i = 0; i < count; ++i)
            x[i] = value(uint32_t(i), 4, 0.5f, 1.5f);
        in.push_back(std::move(x));
    }
    return in;
}

Reference::Check Reference::verify(const std::string &workload, const std::string &variant, int n,
                                   int iterations, const std::vector<std::vector<float>> &in,
                                   const std::vector<float> &out)
{
    Check c;
    const size_t count = size_t(n) * size_t(n);
    const size_t expected = workload == "reduce" ? 1 : count;
    if (out.size() != expected) {
        c.message = "the output has " + std::to_string(out.size()) + " elements, expected " +
                    std::to_string(expected);
        return c;
    }
    auto fail = [&](size_t i, double got, double want, double err) {
        if (c.message.empty() || err > c.maxError)
            c.message = describe(i, n, got, want, err, c.tolerance);
    };

    if (workload == "add") {
        // Doubling is exact in fp32: the result must equal b * 2^iterations bit for bit
        // (overflow included, as inf).
        c.tolerance = 0;
        for (size_t i = 0; i < count; ++i) {
            const float want = std::ldexp(in[0][i], std::min(iterations, 400));
            if (!(out[i] == want)) {
                const double err =
                    std::isfinite(want) && std::isfinite(out[i])
                        ? std::fabs(double(out[i]) - want) / std::max(1e-30, std::fabs(double(want)))
                        : INFINITY;
                fail(i, out[i], want, err);
                c.maxError = std::max(c.maxError, err);
            }
        }
    } else if (workload == "saxpy") {
        // Each step rounds once (fused) or twice: allow a few ulps of the running magnitude per step.
        c.tolerance = 4e-7 * iterations + 1e-7;
        for (size_t i : sample(n, iterations, 200'000'000)) {
            const double x = in[0][i];
            double y = in[1][i], scale = std::fabs(y);
            for (int k = 0; k < iterations; ++k) {
                y = double(saxpyAlpha) * x + y;
                scale = std::max(scale, std::fabs(y));
            }
            scale = std::max(scale, std::fabs(double(saxpyAlpha) * x) + 1e-30);
            const double err = std::fabs(double(out[i]) - y) / scale;
            c.maxError = std::max(c.maxError, std::isnan(err) ? INFINITY : err);
            if (!(err <= c.tolerance))
                fail(i, out[i], y, err);
        }
    } else if (workload == "reduce") {
        double sum = 0;
        for (float v : in[0])
            sum += v;
        c.tolerance = 1e-5;
        const double err = std::fabs(double(out[0]) - sum) / std::max(1e-30, std::fabs(sum));
        c.maxError = std::isnan(err) ? INFINITY : err;
        if (!(err <= c.tolerance)) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "the sum is %.9g, expected %.9g (relative error %.3g > %.3g)",
                          out[0], sum, err, c.tolerance);
            c.message = buf;
        }
    } else if (workload == "gemm") {
        // fp32 and TF32: error relative to sum |a_ik b_kj|, the scale of the rounding in any
        // summation order. fp16/bf16: relative to sqrt(sum (a_ik b_kj)^2) (gemmTolerance says why).
        c.tolerance = gemmTolerance(variant, n);
        const bool half = Workload::halfPrecision(variant);
        const auto &A = in[0], &B = in[1];
        for (size_t idx : sample(n, 2.0 * n, 400'000'000)) {
            const size_t i = idx / size_t(n), j = idx % size_t(n);
            double s = 0, mag = 0, squares = 0;
            for (int k = 0; k < n; ++k) {
                const double p = double(A[i * n + k]) * B[size_t(k) * n + j];
                s += p;
                mag += std::fabs(p);
                squares += p * p;
            }
            const double scale = half ? std::sqrt(squares) : mag;
            const double err = std::fabs(double(out[idx]) - s) / std::max(scale, 1e-30);
            if (!(err <= c.tolerance) && (c.message.empty() || err > c.maxError))
                c.message = describeGemm(idx, n, out[idx], s, scale, err, c.tolerance, variant);
            c.maxError = std::max(c.maxError, std::isnan(err) ? INFINITY : err);
        }
    } else if (workload == "spmv") {
        // y = A x again, whatever the iteration count (every operation writes the same y): exact.
        c.tolerance = 0;
        const std::vector<double> want = Spmv::multiply(SparseMatrix::make(n), in[0].data());
        for (size_t i = 0; i < count; ++i)
            if (!(double(out[i]) == want[i])) {
                const double err = std::isfinite(out[i]) ? std::fabs(double(out[i]) - want[i]) /
                                                               std::max(1.0, std::fabs(want[i]))
                                                         : INFINITY;
                fail(i, out[i], want[i], err);
                c.maxError = std::max(c.maxError, err);
            }
    } else if (workload == "scan") {
        // Every variant must give the exact running sums: the inputs are small integers (inputs()),
        // so every partial sum is exact in fp32 whatever the order of the additions.
        c.tolerance = 0;
        double sum = 0;
        for (size_t i = 0; i < count; ++i) {
            sum += in[0][i];
            if (!(double(out[i]) == sum)) {
                const double err = std::isfinite(out[i])
                                       ? std::fabs(double(out[i]) - sum) / std::max(1.0, std::fabs(sum))
                                       : INFINITY;
                fail(i, out[i], sum, err);
                c.maxError = std::max(c.maxError, err);
            }
        }
    } else if (workload == "transfer") {
        c.tolerance = 0;
        for (size_t i = 0; i < count; ++i)
            if (!(out[i] == in[0][i])) {
                c.maxError = INFINITY;
                fail(i, out[i], in[0][i], INFINITY);
                break;
            }
    } else {
        c.message = "no reference for workload " + workload;
        return c;
    }
    c.ok = c.message.empty();
    return c;
}

double Reference::gemmTolerance(const std::string &variant, int n)
{
    // fp32: one rounding per addition, growing like sqrt(k) in any summation order.
    const double fp32 = 1e-5 * std::max(1.0, std::sqrt(double(n)));
    if (variant == "cublas-tf32")
        return 5e-3; // TF32 keeps 10 mantissa bits of each input
    if (!Workload::halfPrecision(variant))
        return fp32;
    // fp16 keeps 10 mantissa bits, bf16 7: unit roundoff u = 2^-11 and 2^-8. Rounding the inputs
    // puts an error of up to 2u |a_ik b_kj| on each product, of random sign, so with fp32
    // accumulation the error of the sum grows like sqrt(k), as sqrt(sum (a_ik b_kj)^2) does: held
    // against that scale it is about u whatever n. The worst case, 2u sum |a_ik b_kj|, would be a
    // useless check: for random signs |c_ij| itself is only about sum |a_ik b_kj| / sqrt(k), so
    // at n = 4096 most elements of a C of zeros would pass a bf16 bound of that size. Rounding C
    // to the half type (cuBLAS, as torch.mm) adds up to u |c_ij|, a few times u on this scale in
    // the sampled tails. Simulated on uniform inputs in [-1, 1) at n = 1024, every element checked: at most
    // 2.6u with an fp32 C, 4.5u with C rounded, for both types. 8u leaves room for the tails of
    // larger samples; the fp32 term covers the accumulation (tensor cores do not round each
    // addition to nearest). fp16: 3.9e-3 + fp32, bf16: 3.1e-2 + fp32, where a wrong C (zeros, a
    // transpose) errs by about 1.
    const int mantissaBits = variant == "cublas-fp16" ? 10 : 7;
    const double u = std::ldexp(1.0, -(mantissaBits + 1));
    return 8 * u + fp32;
}

} // namespace speeduplab
