// SPDX-License-Identifier: MIT
// saxpy, one operation: y = a * x + y.
#version 450
#extension GL_GOOGLE_include_directive : require
#define LINEAR
#include "common.glsl"
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) buffer Y { float y[]; };

void main()
{
    for (uint i = gl_GlobalInvocationID.x; i < p.count; i += gridStride())
        y[i] = p.alpha * x[i] + y[i];
}
