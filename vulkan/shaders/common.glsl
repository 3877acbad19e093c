// SPDX-License-Identifier: MIT
// What every SpeedupLab compute shader shares: a work-group size the backend chooses for the
// device (specialisation constant 0, at most its maxComputeWorkGroupSize[0]), the two storage
// buffers of the one pipeline layout, and the push constants. A grid larger than the device's
// maxComputeWorkGroupCount[0] is covered by a grid-stride loop: each invocation takes every
// stride-th element.
layout(local_size_x_id = 0) in;
layout(push_constant) uniform Params {
    uint count;      // elements
    uint iterations; // fused mode: operations in one dispatch
    float alpha;     // saxpy's a
} p;

uint gridStride()
{
    return gl_NumWorkGroups.x * gl_WorkGroupSize.x;
}
