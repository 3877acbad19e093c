// SPDX-License-Identifier: MIT
// Opening a CUDA toolkit library (cuBLAS, cuSPARSE) with dlopen on first use, rather than linking
// it: only what a sweep uses is loaded (CublasLibrary, CusparseLibrary). The loader is core's
// header-only DynamicLibrary: cuda/ includes that one core header, and links nothing of core.
#pragma once

#include "backend/dynamiclibrary.h"

#include <string>

namespace speeduplab::gpu {

/// dlopen of `name` ("libcublas.so.13"): from the loader's path, else from the toolkit folder we
/// built against. Not loaded() on failure, with a sentence naming `what` ("cuBLAS") in error.
DynamicLibrary openToolkitLibrary(const std::string &name, const std::string &what, std::string &error);

/// Resolves symbol into fn; on failure, a sentence in error. Returns whether it was found.
template <typename Fn>
bool resolveSymbol(const DynamicLibrary &library, Fn &fn, const char *symbol, const std::string &what,
                   const std::string &name, std::string &error)
{
    if (!library.resolve(fn, symbol))
        error = what + " in " + name + " has no " + symbol + ": its version does not match.";
    return fn != nullptr;
}

} // namespace speeduplab::gpu
