// SPDX-License-Identifier: MIT
// scan (rows), second dispatch: one invocation turns the row totals into each row's offset (the
// sum of the rows before it).
#version 450
#extension GL_GOOGLE_include_directive : require
#define LINEAR
#include "common.glsl"
layout(std430, binding = 2) buffer T { float totals[]; };

void main()
{
    if (gl_GlobalInvocationID.x != 0u)
        return;
    float s = 0.0;
    for (uint r = 0u; r < p.count; ++r) {
        const float t = totals[r];
        totals[r] = s;
        s += t;
    }
}
