// SPDX-License-Identifier: MIT
// spmv (scalar CSR): one invocation a row of the sparse matrix, its nonzeros times the elements of
// x they name (gathered at random columns), as OpenCL's and CUDA's scalar kernels.
#version 450
#extension GL_GOOGLE_include_directive : require
#define LINEAR
#include "common.glsl"
layout(std430, binding = 0) readonly buffer R { int rowPtr[]; };
layout(std430, binding = 1) readonly buffer C { int colIdx[]; };
layout(std430, binding = 2) readonly buffer V { float values[]; };
layout(std430, binding = 3) readonly buffer X { float x[]; };
layout(std430, binding = 4) writeonly buffer Y { float y[]; };

void main()
{
    for (uint r = gl_GlobalInvocationID.x; r < p.count; r += gridStride()) {
        float s = 0.0;
        for (int i = rowPtr[r]; i < rowPtr[r + 1u]; ++i)
            s += values[i] * x[colIdx[i]];
        y[r] = s;
    }
}
