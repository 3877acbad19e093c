// SPDX-License-Identifier: MIT
// SeriesWords: a curve's name composed from its parts, in English or the installed words.
#include "core/model/seriesname.h"

#include <atomic>

namespace speeduplab {

namespace {
std::atomic<const SeriesWords *> installed{nullptr};
} // namespace

const SeriesWords &SeriesWords::current()
{
    static const SeriesWords english;
    const SeriesWords *w = installed.load(std::memory_order_acquire);
    return w ? *w : english;
}

void SeriesWords::install(const SeriesWords *words)
{
    installed.store(words, std::memory_order_release);
}

std::string SeriesWords::name(const SeriesName &n) const
{
    std::string s;
    if (n.device == SeriesName::Device::Cpu) {
        s = n.threads <= 0 ? threadsNotStated() : cpuThreads(n.threads);
    } else {
        // An OpenCL device is named as --device names it: it may be the CPU itself (PoCL), never
        // "GPU". CUDA's keep the label of every earlier result.
        s = n.device == SeriesName::Device::Id ? n.id
            : n.numbered                       ? "GPU" + std::to_string(n.index)
                                               : std::string("GPU");
        switch (n.host) {
        case SeriesName::Host::None:
            break;
        case SeriesName::Host::Named:
            if (!n.hostName.empty())
                s += " (" + n.hostName + ')';
            break;
        case SeriesName::Host::Unnamed:
            s += " (" + unnamedDevice(n.index) + ')';
            break;
        case SeriesName::Host::Pocl:
        case SeriesName::Host::OtherCpuPlatform:
            s += " (" + onTheCpu(n.host == SeriesName::Host::Pocl) + ')';
            break;
        }
        s += n.mode == "unsynced" ? notSynchronised() : ' ' + n.mode;
    }
    if (!n.variant.empty())
        s += " (" + n.variant + ')';
    if (!n.copies.empty() && n.copies != "none")
        s += copies(n.copies);
    if (n.coldCache)
        s += coldCache();
    return n.run.empty() ? s : n.run + ": " + s;
}

std::string SeriesWords::cpuThreads(int threads) const
{
    return "CPU " + std::to_string(threads) + (threads == 1 ? " thread" : " threads");
}

std::string SeriesWords::threadsNotStated() const
{
    return "CPU, threads not stated";
}

std::string SeriesWords::unnamedDevice(int index) const
{
    return "device " + std::to_string(index);
}

std::string SeriesWords::onTheCpu(bool pocl) const
{
    return pocl ? "PoCL on the CPU" : "OpenCL on the CPU";
}

std::string SeriesWords::notSynchronised() const
{
    return " launch, not synchronised";
}

std::string SeriesWords::copies(const std::string &kind) const
{
    return " + " + kind + " copies";
}

std::string SeriesWords::coldCache() const
{
    return ", cold cache";
}

} // namespace speeduplab
