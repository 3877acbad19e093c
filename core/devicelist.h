// SPDX-License-Identifier: MIT
// DeviceList: the devices of every backend, named as PyTorch users name them (cuda:0, opencl:0),
// with what each is, for `speeduplab-cli devices` (no Qt).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace speeduplab {

/// The devices of every backend this build has, by name. CUDA's GPUs are described by MachineInfo
/// (they are in every result's metadata); the OpenCL devices are listed here.
class DeviceList {
public:
    /// One line per OpenCL device: {"opencl:0", "OpenCL on the CPU (PoCL): <name>, 2 compute units,
    /// 23.4 GiB, memory shared with the host; OpenCL 3.0 PoCL ..., driver ..."}. Without one:
    /// {"OpenCL", why, and what to install}.
    static std::vector<std::pair<std::string, std::string>> opencl();
};

} // namespace speeduplab
