// SPDX-License-Identifier: MIT
// CublasLibrary: cuBLAS's entry points resolved once, on first use (host-only).
#include "cuda/cublaslibrary.h"

#include "cuda/gpubackend.h"
#include "cuda/toolkitlibrary.h"

#include <string>

namespace speeduplab::gpu {

namespace {

#define SL_STR2(x) #x
#define SL_STR(x) SL_STR2(x) // expands cublas_v2.h's macros: cublasCreate -> "cublasCreate_v2"

bool load(CublasLibrary &l, std::string &error)
{
    const std::string name = "libcublas.so." + std::to_string(CUBLAS_VER_MAJOR);
    const DynamicLibrary h = openToolkitLibrary(name, "cuBLAS", error);
    if (!h.loaded())
        return false;
    bool ok = true;
    auto sym = [&](auto &fn, const char *symbol) {
        ok = resolveSymbol(h, fn, symbol, "cuBLAS", name, error) && ok;
    };
    sym(l.create, SL_STR(cublasCreate));
    sym(l.destroy, SL_STR(cublasDestroy));
    sym(l.setStream, SL_STR(cublasSetStream));
    sym(l.setWorkspace, SL_STR(cublasSetWorkspace));
    sym(l.setMathMode, SL_STR(cublasSetMathMode));
    sym(l.sgemm, SL_STR(cublasSgemm));
    sym(l.gemmEx, SL_STR(cublasGemmEx));
    sym(l.statusName, SL_STR(cublasGetStatusName));
    sym(l.statusString, SL_STR(cublasGetStatusString));
    return ok;
}

LoadOnce<CublasLibrary> g_library(load);

} // namespace

const CublasLibrary &CublasLibrary::instance()
{
    if (const CublasLibrary *l = g_library.get())
        return *l;
    throw CudaError(g_library.error(), "cublas not loaded", false);
}

const CublasLibrary *CublasLibrary::loaded()
{
    return g_library.get();
}

} // namespace speeduplab::gpu
