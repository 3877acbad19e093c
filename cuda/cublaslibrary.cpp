// SPDX-License-Identifier: MIT
// CublasLibrary: cuBLAS's entry points resolved once, on first use (host-only).
#include "cuda/cublaslibrary.h"

#include "cuda/gpubackend.h"
#include "cuda/toolkitlibrary.h"

#include <mutex>
#include <string>

namespace speeduplab::gpu {

namespace {

#define SL_STR2(x) #x
#define SL_STR(x) SL_STR2(x) // expands cublas_v2.h's macros: cublasCreate -> "cublasCreate_v2"

std::string g_error;
CublasLibrary g_library;
bool g_loaded = false;

void load()
{
    const std::string name = "libcublas.so." + std::to_string(CUBLAS_VER_MAJOR);
    void *h = openToolkitLibrary(name, "cuBLAS", g_error);
    if (!h)
        return;
    CublasLibrary l;
    bool ok = true;
    auto sym = [&](auto &fn, const char *symbol) {
        ok = resolveSymbol(h, fn, symbol, "cuBLAS", name, g_error) && ok;
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
    if (ok) {
        g_library = l;
        g_loaded = true;
    }
}

std::once_flag g_once;

} // namespace

const CublasLibrary &CublasLibrary::instance()
{
    std::call_once(g_once, load);
    if (!g_loaded)
        throw CudaError(g_error, "cublas not loaded", false);
    return g_library;
}

const CublasLibrary *CublasLibrary::loaded()
{
    std::call_once(g_once, load);
    return g_loaded ? &g_library : nullptr;
}

} // namespace speeduplab::gpu
