// SPDX-License-Identifier: MIT
// The OpenCL C source of every OpenCL kernel of SpeedupLab, built once a device by the backend
// (opencl/openclbackend.cpp). The "source-view:" markers are OpenCL C comments too: the app's
// source view shows the regions between them, as it does for the CUDA kernels.
#pragma once

namespace speeduplab::opencl {

inline constexpr int kGemmTile = 64;  ///< a work-group's tile of C is kGemmTile x kGemmTile
inline constexpr int kGemmGroup = 16; ///< ... computed by kGemmGroup x kGemmGroup work-items, 4 x 4 each

inline const char *const kSource = R"CL(
// source-view: opencl-add
// Each work-item doubles 4 floats with one 16-byte load and store (as CUDA's add does); the last
// work-item takes the 1-3 left over one by one.
__kernel void add(__global float *b, ulong count)
{
    size_t i = get_global_id(0) * 4;
    if (i + 4 <= count) {
        float4 v = vload4(0, b + i);
        vstore4(v + v, 0, b + i);
    } else {
        for (; i < count; ++i)
            b[i] += b[i];
    }
}
// source-view: end
// source-view: opencl-add-fused
__kernel void add_fused(__global float *b, ulong count, int iterations)
{
    size_t i = get_global_id(0);
    if (i >= count)
        return;
    float v = b[i];
    for (int k = 0; k < iterations; ++k)
        v += v;
    b[i] = v;
}
// source-view: end
// source-view: opencl-saxpy
// 4 floats of x and y a work-item, as add.
__kernel void saxpy(__global const float *x, __global float *y, float a, ulong count)
{
    size_t i = get_global_id(0) * 4;
    if (i + 4 <= count) {
        vstore4(a * vload4(0, x + i) + vload4(0, y + i), 0, y + i);
    } else {
        for (; i < count; ++i)
            y[i] = a * x[i] + y[i];
    }
}
// source-view: end
// source-view: opencl-saxpy-fused
__kernel void saxpy_fused(__global const float *x, __global float *y, float a, ulong count, int iterations)
{
    size_t i = get_global_id(0);
    if (i >= count)
        return;
    float xi = x[i], v = y[i];
    for (int k = 0; k < iterations; ++k)
        v = a * xi + v;
    y[i] = v;
}
// source-view: end
// source-view: opencl-reduce
// The work-group's sum of each work-item's s, in scratch (one float a work-item); every work-item
// of the group must call it. Each work-group of reduce_partial sums a grid-stride share into
// partials[group]; the same kernel run as one work-group over the partials sums them.
float groupSum(__local float *scratch, float s)
{
    size_t l = get_local_id(0);
    scratch[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t h = get_local_size(0) / 2; h > 0; h >>= 1) {
        if (l < h)
            scratch[l] += scratch[l + h];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    return scratch[0];
}
__kernel void reduce_partial(__global const float *x, ulong count, __global float *partials,
                             __local float *scratch)
{
    float s = 0.0f;
    for (size_t i = get_global_id(0); i < count; i += get_global_size(0))
        s += x[i];
    s = groupSum(scratch, s);
    if (get_local_id(0) == 0)
        partials[get_group_id(0)] = s;
}
// source-view: end
// source-view: opencl-gemm-naive
// One work-item an element of C; get_global_id(0) runs along a row, so neighbours read
// neighbouring elements of B.
__kernel void gemm_naive(__global const float *a, __global const float *b, __global float *c, int n)
{
    int col = get_global_id(0), row = get_global_id(1);
    if (row >= n || col >= n)
        return;
    float acc = 0.0f;
    for (int k = 0; k < n; ++k)
        acc = fma(a[(size_t)row * n + k], b[(size_t)k * n + col], acc);
    c[(size_t)row * n + col] = acc;
}
// source-view: end
// source-view: opencl-gemm-tiled
// A TILE x TILE tile of C a work-group of GROUP x GROUP work-items, each computing 4 x 4 outputs
// GROUP apart (so that neighbouring work-items touch neighbouring elements); K walked KTILE at a
// time through local memory, so that each element of A and B read from global memory is used
// TILE times. Out-of-range elements load as 0.
#define TILE 64
#define GROUP 16
#define KTILE 16
__kernel __attribute__((reqd_work_group_size(GROUP, GROUP, 1)))
void gemm_tiled(__global const float *a, __global const float *b, __global float *c, int n)
{
    __local float as[KTILE][TILE + 1]; // A's tile, transposed: as[k][row]
    __local float bs[KTILE][TILE + 1];
    int tx = get_local_id(0), ty = get_local_id(1);
    int col0 = get_group_id(0) * TILE, row0 = get_group_id(1) * TILE;
    float acc[4][4];
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            acc[i][j] = 0.0f;
    for (int k0 = 0; k0 < n; k0 += KTILE) {
        // GROUP * GROUP work-items move the KTILE x TILE elements of each tile, 4 each.
        for (int e = ty * GROUP + tx; e < KTILE * TILE; e += GROUP * GROUP) {
            int r = e / KTILE, k = e % KTILE; // A: TILE rows of KTILE
            int ar = row0 + r, ac = k0 + k;
            as[k][r] = ar < n && ac < n ? a[(size_t)ar * n + ac] : 0.0f;
            int bk = e / TILE, bc = e % TILE; // B: KTILE rows of TILE
            int br = k0 + bk, bcol = col0 + bc;
            bs[bk][bc] = br < n && bcol < n ? b[(size_t)br * n + bcol] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < KTILE; ++k) {
            float av[4], bv[4];
            for (int i = 0; i < 4; ++i) {
                av[i] = as[k][ty + i * GROUP];
                bv[i] = bs[k][tx + i * GROUP];
            }
            for (int i = 0; i < 4; ++i)
                for (int j = 0; j < 4; ++j)
                    acc[i][j] = fma(av[i], bv[j], acc[i][j]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            int r = row0 + ty + i * GROUP, cc = col0 + tx + j * GROUP;
            if (r < n && cc < n)
                c[(size_t)r * n + cc] = acc[i][j];
        }
}
// source-view: end
// source-view: opencl-scan-rows
// The running sum of the n*n elements as one sequence, in three launches: each work-item scans
// one row serially and keeps its total; one work-item turns the totals into each row's offset;
// a work-group per row from row 1 adds its offset along the row.
__kernel void scan_rows(__global const float *x, __global float *y, __global float *totals, int n)
{
    size_t r = get_global_id(0);
    if (r >= (size_t)n)
        return;
    size_t row = r * (size_t)n;
    float s = 0.0f;
    for (int j = 0; j < n; ++j) {
        s += x[row + j];
        y[row + j] = s;
    }
    totals[r] = s;
}
__kernel void scan_totals(__global float *totals, int n)
{
    float s = 0.0f;
    for (int r = 0; r < n; ++r) {
        float t = totals[r];
        totals[r] = s;
        s += t;
    }
}
__kernel void add_row_offsets(__global float *y, __global const float *offsets, int n)
{
    size_t r = get_group_id(0) + 1;
    float offset = offsets[r];
    __global float *row = y + r * (size_t)n;
    for (size_t c = get_local_id(0); c < (size_t)n; c += get_local_size(0))
        row[c] += offset;
}
// source-view: end
// source-view: opencl-spmv-scalar
// One work-item a row of the CSR matrix: its nonzeros times the elements of x they name.
__kernel void spmv_scalar(__global const int *rowPtr, __global const int *colIdx,
                          __global const float *values, __global const float *x, __global float *y,
                          ulong rows)
{
    size_t r = get_global_id(0);
    if (r >= rows)
        return;
    float s = 0.0f;
    for (int i = rowPtr[r]; i < rowPtr[r + 1]; ++i)
        s += values[i] * x[colIdx[i]];
    y[r] = s;
}
// source-view: end
// The calibration's kernels (openclcalibration.cpp): a copy, an empty kernel, and independent FMA
// chains that keep every lane busy.
__kernel void copy4(__global const float4 *x, __global float4 *y, ulong count)
{
    size_t i = get_global_id(0);
    if (i < count)
        y[i] = x[i];
}
__kernel void empty_kernel(void)
{
}
__kernel void fma_peak(__global float *out, int iterations)
{
    float a = (float)get_global_id(0) * 1e-7f, b = 0.999f;
    float v0 = a, v1 = a + 1, v2 = a + 2, v3 = a + 3, v4 = a + 4, v5 = a + 5, v6 = a + 6, v7 = a + 7;
    for (int k = 0; k < iterations; ++k) {
        v0 = fma(v0, b, a); v1 = fma(v1, b, a); v2 = fma(v2, b, a); v3 = fma(v3, b, a);
        v4 = fma(v4, b, a); v5 = fma(v5, b, a); v6 = fma(v6, b, a); v7 = fma(v7, b, a);
    }
    out[get_global_id(0)] = v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7;
}
)CL";

/// Independent FMA chains a work-item of fma_peak runs.
inline constexpr int kFmaChains = 8;

} // namespace speeduplab::opencl
