// SPDX-License-Identifier: MIT
// gemm, naive: one invocation an element of C = A * B (n x n, row-major); x runs along a row, so
// neighbours read neighbouring elements of B.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer A { float a[]; };
layout(std430, binding = 1) readonly buffer B { float b[]; };
layout(std430, binding = 2) writeonly buffer C { float c[]; };

void main()
{
    const uint n = p.count, col = gl_GlobalInvocationID.x, row = gl_GlobalInvocationID.y;
    if (row >= n || col >= n)
        return;
    float acc = 0.0;
    for (uint k = 0u; k < n; ++k)
        acc = fma(a[row * n + k], b[k * n + col], acc);
    c[row * n + col] = acc;
}
