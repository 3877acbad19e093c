// SPDX-License-Identifier: MIT
// saxpy, fused mode: every iteration's y = a * x + y in one dispatch.
#version 450
#extension GL_GOOGLE_include_directive : require
#define LINEAR
#include "common.glsl"
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) buffer Y { float y[]; };

void main()
{
    for (uint i = gl_GlobalInvocationID.x; i < p.count; i += gridStride()) {
        float xi = x[i], v = y[i];
        for (uint k = 0u; k < p.iterations; ++k)
            v = p.alpha * xi + v;
        y[i] = v;
    }
}
