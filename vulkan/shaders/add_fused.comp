// SPDX-License-Identifier: MIT
// add, fused mode: all of the repetition's iterations in one dispatch, the value kept in a
// register between them.
#version 450
#extension GL_GOOGLE_include_directive : require
#define LINEAR
#include "common.glsl"
layout(std430, binding = 0) buffer B { float b[]; };

void main()
{
    for (uint i = gl_GlobalInvocationID.x; i < p.count; i += gridStride()) {
        float v = b[i];
        for (uint k = 0u; k < p.iterations; ++k)
            v += v;
        b[i] = v;
    }
}
