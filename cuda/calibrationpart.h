// SPDX-License-Identifier: MIT
// One part of the GPU calibration that the others do not need (the cuBLAS ceilings), run so that
// its failure costs only its own figures. Plain C++: the GPU tests check it without a GPU.
#pragma once

#include "cuda/gpubackend.h"

#include <string>

namespace speeduplab::gpu {

/// Runs `part` (which fills its own fields of the Ceilings) and returns "" when it finished, or
/// why it did not: a library that does not load (no libcublas), a call that failed, memory that
/// ran out. The ceilings measured before it are kept by the caller, who says what is missing
/// and why. A sticky error has already disabled the backend (throwOnError): the figures measured
/// before it were taken on a healthy context, and stay. Cancelled is passed on.
template <class Part> std::string measurePart(Part &&part)
{
    try {
        part();
        return {};
    } catch (const Cancelled &) {
        throw;
    } catch (const CudaError &e) {
        return e.sticky() ? std::string(e.what()) + " (the GPU backend is disabled for the rest of this run)"
                          : std::string(e.what());
    }
}

} // namespace speeduplab::gpu
