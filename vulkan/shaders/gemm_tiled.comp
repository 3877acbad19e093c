// SPDX-License-Identifier: MIT
// gemm, tiled: a 64 x 64 tile of C a work-group of 16 x 16 invocations, each computing 4 x 4
// outputs 16 apart (so that neighbouring invocations touch neighbouring elements); K walked 16 at
// a time through shared memory, so that each element of A and B read from memory is used 64
// times. Out-of-range elements load as 0.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer A { float a[]; };
layout(std430, binding = 1) readonly buffer B { float b[]; };
layout(std430, binding = 2) writeonly buffer C { float c[]; };
const uint TILE = 64u, KTILE = 16u, GROUP = 16u;
shared float as[TILE][KTILE + 1u]; // +1: no two rows in one bank
shared float bs[KTILE][TILE];

void main()
{
    const uint n = p.count;
    const uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
    const uint row0 = gl_WorkGroupID.y * TILE, col0 = gl_WorkGroupID.x * TILE;
    float acc[4][4];
    for (uint i = 0u; i < 4u; ++i)
        for (uint j = 0u; j < 4u; ++j)
            acc[i][j] = 0.0;
    for (uint k0 = 0u; k0 < n; k0 += KTILE) {
        // 64 x 16 of A and 16 x 64 of B: 4 elements of each an invocation.
        for (uint l = 0u; l < 4u; ++l) {
            const uint r = ty + l * GROUP, k = tx;
            as[r][k] = row0 + r < n && k0 + k < n ? a[(row0 + r) * n + k0 + k] : 0.0;
            const uint kr = ty, cc = tx + l * GROUP;
            bs[kr][cc] = k0 + kr < n && col0 + cc < n ? b[(k0 + kr) * n + col0 + cc] : 0.0;
        }
        barrier();
        for (uint k = 0u; k < KTILE; ++k) {
            float bv[4];
            for (uint j = 0u; j < 4u; ++j)
                bv[j] = bs[k][tx + j * GROUP];
            for (uint i = 0u; i < 4u; ++i) {
                const float av = as[ty + i * GROUP][k];
                for (uint j = 0u; j < 4u; ++j)
                    acc[i][j] = fma(av, bv[j], acc[i][j]);
            }
        }
        barrier();
    }
    for (uint i = 0u; i < 4u; ++i)
        for (uint j = 0u; j < 4u; ++j) {
            const uint r = row0 + ty + i * GROUP, cc = col0 + tx + j * GROUP;
            if (r < n && cc < n)
                c[r * n + cc] = acc[i][j];
        }
}
