// SPDX-License-Identifier: MIT
// GpuUnusable: why the CUDA GPU cannot be used, as typed data (no Qt). cuda/'s probe (and the
// stub of a build without CUDA) sets it beside its English sentence; the window words it in the
// user's language from these fields (DataTexts::gpuReason), never by reading the sentence back.
#pragma once

#include <string>

namespace speeduplab {

struct GpuUnusable {
    enum class Why {
        Usable,    ///< a device and no error
        NotBuilt,  ///< a build without CUDA
        NoDriver,  ///< no NVIDIA driver (code)
        OldDriver, ///< the driver's CUDA is older than the runtime's (code, driver, runtime)
        NoDevice,  ///< the runtime found none (code; "" when it counted 0)
        NotListed, ///< another error listing the devices (code: its name and the runtime's words)
        Other,     ///< only the sentence says (a result file's, another build's)
    };
    Why why = Why::Other;
    std::string code;    ///< the CUDA error as the sentence quotes it, e.g. "cudaErrorNoDevice, 100"
    std::string driver;  ///< OldDriver: the driver's CUDA version, "12.4"
    std::string runtime; ///< OldDriver: the runtime's, "13.0"
};

} // namespace speeduplab
