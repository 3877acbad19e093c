// SPDX-License-Identifier: MIT
// openToolkitLibrary: dlopen from the loader's path, else the toolkit folder we built against (host-only).
#include "cuda/toolkitlibrary.h"

namespace speeduplab::gpu {

void *openToolkitLibrary(const std::string &name, const std::string &what, std::string &error)
{
    void *h = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
#ifdef SPEEDUPLAB_CUDA_LIBRARY_DIR
    // Not on the loader's path (a toolkit in /usr/local/cuda usually is not): where we built.
    if (!h)
        h = dlopen((std::string(SPEEDUPLAB_CUDA_LIBRARY_DIR) + "/" + name).c_str(), RTLD_NOW | RTLD_LOCAL);
#endif
    if (!h) {
        const char *e = dlerror();
        error = what + " could not be loaded (" + name + ": " + (e ? e : "unknown error") +
                "): install the CUDA toolkit's " + what + " or add its folder to LD_LIBRARY_PATH.";
    }
    return h;
}

} // namespace speeduplab::gpu
