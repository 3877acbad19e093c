// SPDX-License-Identifier: MIT
// reduce: each work-group sums a grid-stride share of x into sums[group] (a tree in shared
// memory, one float an invocation). Dispatched twice an operation: over x into the partial sums,
// then as one work-group over those into the sum.
#version 450
#extension GL_GOOGLE_include_directive : require
#define LINEAR
#include "common.glsl"
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) writeonly buffer S { float sums[]; };
shared float scratch[gl_WorkGroupSize.x];

void main()
{
    float s = 0.0;
    for (uint i = gl_GlobalInvocationID.x; i < p.count; i += gridStride())
        s += x[i];
    uint l = gl_LocalInvocationID.x;
    scratch[l] = s;
    barrier();
    for (uint h = gl_WorkGroupSize.x / 2u; h > 0u; h >>= 1u) {
        if (l < h)
            scratch[l] += scratch[l + h];
        barrier();
    }
    if (l == 0u)
        sums[gl_WorkGroupID.x] = scratch[0];
}
