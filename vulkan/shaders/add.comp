// SPDX-License-Identifier: MIT
// add, one operation: b += b on every element (launch and graph modes).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(std430, binding = 0) buffer B { float b[]; };

void main()
{
    for (uint i = gl_GlobalInvocationID.x; i < p.count; i += gridStride())
        b[i] += b[i];
}
