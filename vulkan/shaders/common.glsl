// SPDX-License-Identifier: MIT
// What every SpeedupLab compute shader shares: the push constants of the one pipeline layout (whose
// three storage buffers each shader binds as it needs), and the grid-stride step. A 1-D shader
// defines LINEAR first: its work-group size is the one the backend chooses for the device
// (specialisation constant 0, at most its maxComputeWorkGroupSize[0]), and a grid larger than the
// device's maxComputeWorkGroupCount[0] is covered by a grid-stride loop, each invocation taking
// every stride-th element.
#ifdef LINEAR
layout(local_size_x_id = 0) in;
#endif
layout(push_constant) uniform Params {
    uint count;      // elements; gemm: n
    uint iterations; // fused mode: operations in one dispatch
    float alpha;     // saxpy's a
} p;

uint gridStride()
{
    return gl_NumWorkGroups.x * gl_WorkGroupSize.x;
}
