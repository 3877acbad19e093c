// SPDX-License-Identifier: MIT
// The calibration's FMA peak: p.iterations rounds of 8 independent fused multiply-adds an
// invocation (16 FLOPs a round), the factor a push constant so that nothing folds away, and the sum
// stored so that no chain is dropped.
#version 450
#extension GL_GOOGLE_include_directive : require
#define LINEAR
#include "common.glsl"
layout(std430, binding = 0) buffer B { float b[]; };

void main()
{
    float a0 = float(gl_GlobalInvocationID.x) * 1e-7;
    float a1 = a0 + 0.1, a2 = a0 + 0.2, a3 = a0 + 0.3, a4 = a0 + 0.4, a5 = a0 + 0.5, a6 = a0 + 0.6, a7 = a0 + 0.7;
    for (uint k = 0u; k < p.iterations; ++k) {
        a0 = fma(a0, p.alpha, 0.5);
        a1 = fma(a1, p.alpha, 0.5);
        a2 = fma(a2, p.alpha, 0.5);
        a3 = fma(a3, p.alpha, 0.5);
        a4 = fma(a4, p.alpha, 0.5);
        a5 = fma(a5, p.alpha, 0.5);
        a6 = fma(a6, p.alpha, 0.5);
        a7 = fma(a7, p.alpha, 0.5);
    }
    if (gl_GlobalInvocationID.x < p.count)
        b[gl_GlobalInvocationID.x] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
}
