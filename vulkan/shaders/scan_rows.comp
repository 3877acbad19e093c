// SPDX-License-Identifier: MIT
// scan (rows), first of three dispatches: the running sum of the n*n elements as one sequence.
// Each invocation scans one row serially into y and keeps the row's total.
#version 450
#extension GL_GOOGLE_include_directive : require
#define LINEAR
#include "common.glsl"
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) writeonly buffer Y { float y[]; };
layout(std430, binding = 2) writeonly buffer T { float totals[]; };

void main()
{
    const uint n = p.count;
    for (uint r = gl_GlobalInvocationID.x; r < n; r += gridStride()) {
        float s = 0.0;
        for (uint j = 0u; j < n; ++j) {
            s += x[r * n + j];
            y[r * n + j] = s;
        }
        totals[r] = s;
    }
}
