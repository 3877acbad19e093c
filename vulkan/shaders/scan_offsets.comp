// SPDX-License-Identifier: MIT
// scan (rows), third dispatch: a work-group a row from row 1 adds the row's offset along it.
#version 450
#extension GL_GOOGLE_include_directive : require
#define LINEAR
#include "common.glsl"
layout(std430, binding = 1) buffer Y { float y[]; };
layout(std430, binding = 2) readonly buffer T { float offsets[]; };

void main()
{
    const uint n = p.count;
    for (uint r = gl_WorkGroupID.x + 1u; r < n; r += gl_NumWorkGroups.x) {
        const float offset = offsets[r];
        for (uint c = gl_LocalInvocationID.x; c < n; c += gl_WorkGroupSize.x)
            y[r * n + c] += offset;
    }
}
