// SPDX-License-Identifier: MIT
// The spec-sheet memory bandwidths GpuSpecs lists: vendors' published peaks, not measurements.
#include "core/machine/gpuspecs.h"

#include <map>
#include <regex>

namespace speeduplab {

const std::vector<GpuSpecs::Gpu> &GpuSpecs::memoryBandwidths()
{
    // Vendors' data sheets: the memory interface's peak (bus width x transfer rate).
    static const std::vector<Gpu> gpus = {
        {"Intel Iris Xe (dual-channel DDR4-3200, shared)", 51.2e9},
        {"NVIDIA T4", 320e9},
        {"NVIDIA V100 (SXM2)", 900e9},
        {"NVIDIA GeForce RTX 4090", 1008e9},
        {"NVIDIA A100 (80 GB SXM)", 2039e9},
        {"NVIDIA H100 (SXM)", 3350e9},
        {"NVIDIA H200", 4800e9},
    };
    return gpus;
}

double GpuSpecs::l2Bytes(const MachineInfo::Gpu &gpu)
{
    if (gpu.l2Bytes > 0)
        return gpu.l2Bytes;
    // The vendors' architecture papers, as cudaGetDeviceProperties reports them (MiB). The H200
    // is the H100 SXM's GH100 with HBM3e: 50 of the die's 60 MiB are enabled on both.
    constexpr double MiB = 1024.0 * 1024.0;
    static const std::vector<std::pair<std::regex, double>> known = {
        {std::regex(R"(\bH200\b)"), 50 * MiB}, {std::regex(R"(\bH100\b)"), 50 * MiB},
        {std::regex(R"(\bA100\b)"), 40 * MiB}, {std::regex(R"(\bV100\b)"), 6 * MiB},
        {std::regex(R"(\bT4\b)"), 4 * MiB},    {std::regex(R"(\bRTX 4090\b)"), 72 * MiB},
    };
    // By name, once per thread: a chart of 4,000 GPU curves asks for every point of each.
    thread_local std::map<std::string, double> byName;
    if (const auto found = byName.find(gpu.name); found != byName.end())
        return found->second;
    double bytes = 0;
    for (const auto &[name, size] : known)
        if (std::regex_search(gpu.name, name)) {
            bytes = size;
            break;
        }
    if (byName.size() < 64) // names come from files: the cache stays small whatever they hold
        byName.emplace(gpu.name, bytes);
    return bytes;
}

} // namespace speeduplab
