// SPDX-License-Identifier: MIT
// add, one operation: b += b on every element (launch and graph modes). Four floats an invocation
// with one 16-byte load and store, as CUDA's and OpenCL's add do (binding 0 is b seen as vec4);
// the 1-3 left over one by one (binding 1 is the same b, as floats).
#version 450
#extension GL_GOOGLE_include_directive : require
#define LINEAR
#include "common.glsl"
layout(std430, binding = 0) buffer B4 { vec4 b4[]; };
layout(std430, binding = 1) buffer B { float b[]; };

void main()
{
    const uint quads = p.count / 4u;
    for (uint i = gl_GlobalInvocationID.x; i < quads; i += gridStride())
        b4[i] += b4[i];
    if (gl_GlobalInvocationID.x == 0u)
        for (uint i = quads * 4u; i < p.count; ++i)
            b[i] += b[i];
}
