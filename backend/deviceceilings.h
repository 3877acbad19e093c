// SPDX-License-Identifier: MIT
// DeviceCeilings: what a described backend's calibration measures on one device (copy bandwidth,
// FMA peak, launch and round-trip latencies, host transfers). Core stores them under the device's
// own keys (Calibration::deviceKey: "opencl0_copy_bytes_per_s"). Plain C++ in backend/.
#pragma once

namespace speeduplab {

/// A device's ceilings, measured: bandwidths in bytes/s, latencies in s, FLOP/s.
struct DeviceCeilings {
    double copyBytesPerS = 0;  ///< a device-to-device copy, counting read + write
    double fmaFlopsPerS = 0;   ///< fp32 FMA peak, 2 FLOPs per FMA
    double launchLatencyS = 0; ///< back-to-back empty kernels, per launch
    double syncRoundTripS = 0; ///< one empty kernel enqueued and waited for
    /// The dispatch as clpeak measures its kernel launch latency: a kernel of clpeak's shape (one
    /// full work-group a compute unit) waited for, its QUEUED to START, the median of 200; 0 where
    /// the device's timestamps do not follow the host's clock.
    double dispatchLatencyS = 0;
    double h2dPageableBytesPerS = 0, h2dPinnedBytesPerS = 0;
    double d2hPageableBytesPerS = 0, d2hPinnedBytesPerS = 0;
};

} // namespace speeduplab
