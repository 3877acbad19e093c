// SPDX-License-Identifier: MIT
// SeriesName: a curve's name as typed parts (its device, threads, mode, copies, cache), and
// SeriesWords, the one place those parts become words (no Qt). English unless the program installs
// other words: the window installs the user's language (ui/serieswords), so that no view ever
// translates a label by reading English back.
#pragma once

#include <string>

namespace speeduplab {

struct SeriesName {
    /// The CPU kernels; a CUDA GPU ("GPU", "GPU1": the name of every earlier result); any other
    /// backend's device, named by its id ("opencl:0").
    enum class Device { Cpu, Cuda, Id };
    /// What names a device curve's device beside its id: nothing; a name of its own (data: "NVIDIA
    /// H200", "Intel(R) UHD Graphics 620"); a CUDA device of a result that does not name it; an
    /// OpenCL platform on the CPU, PoCL or another.
    enum class Host { None, Named, Unnamed, Pocl, OtherCpuPlatform };

    std::string run; ///< the run's label, a prefix "<run>: " (data); empty in a single run
    Device device = Device::Cpu;
    int threads = 0;       ///< the CPU's threads; 0 or less: not stated (another tool's file)
    int index = 0;         ///< the device's index in its backend
    std::string id;        ///< Device::Id: the device as --device names it, "opencl:0"
    bool numbered = false; ///< CUDA: "GPU0" rather than "GPU" (a result with several, or a name)
    Host host = Host::None;
    std::string hostName; ///< Host::Named: the device's own name (data)
    std::string mode;     ///< launch, graph, fused, unsynced (launch, timed before the sync)
    std::string variant;  ///< "blas", "cublas", "tiled"; the code's own name, never translated
    std::string copies;   ///< "pageable", "pinned"; "" without copies
    bool coldCache = false;
};

/// The words of a curve's name. The composition (what follows what) is here once; a language
/// overrides the pieces.
class SeriesWords {
public:
    virtual ~SeriesWords() = default;

    /// "CPU 4 threads + pageable copies, cold cache", "GPU0 (NVIDIA H200) launch, not
    /// synchronised", "opencl:0 (PoCL on the CPU) graph (tiled)", "<run>: CPU 1 thread".
    std::string name(const SeriesName &n) const;

    /// The words installed now: English, or those install() was given.
    static const SeriesWords &current();
    /// Installs `words` for the rest of the process (nullptr: English again). Call it before any
    /// thread names a curve; `words` must live until it is replaced.
    static void install(const SeriesWords *words);

    /// "PoCL on the CPU", "OpenCL on the CPU": an OpenCL platform on the CPU, as a curve and its
    /// story name it.
    virtual std::string onTheCpu(bool pocl) const;

protected:
    /// "CPU 4 threads", "CPU 1 thread".
    virtual std::string cpuThreads(int threads) const;
    /// "CPU, threads not stated".
    virtual std::string threadsNotStated() const;
    /// "device 3": a CUDA device the result does not name.
    virtual std::string unnamedDevice(int index) const;
    /// " launch, not synchronised": the unsynced mode after the device, said so that the curve
    /// never passes for the time of the work.
    virtual std::string notSynchronised() const;
    /// " + pageable copies".
    virtual std::string copies(const std::string &kind) const;
    /// ", cold cache".
    virtual std::string coldCache() const;
};

} // namespace speeduplab
