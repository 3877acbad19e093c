// SPDX-License-Identifier: MIT
// A CUDA toolkit library opened at run time: from the loader's path, else from where we built.
#include "cuda/toolkitlibrary.h"

#include <vector>

namespace speeduplab::gpu {

DynamicLibrary openToolkitLibrary(const std::string &name, const std::string &what, std::string &error)
{
    std::vector<std::string> candidates{name};
#ifdef SPEEDUPLAB_CUDA_LIBRARY_DIR
    // Not on the loader's path (a toolkit in /usr/local/cuda usually is not): where we built.
    candidates.push_back(std::string(SPEEDUPLAB_CUDA_LIBRARY_DIR) + "/" + name);
#endif
    DynamicLibrary l = DynamicLibrary::first(candidates);
    if (!l.loaded())
        error = what + " could not be loaded (" + name + ": " + l.failures().back().why +
                "): install the CUDA toolkit's " + what + " or add its folder to LD_LIBRARY_PATH.";
    return l;
}

} // namespace speeduplab::gpu
