// SPDX-License-Identifier: MIT
// ClBlastLibrary: CLBlast found with dlopen (libclblast.so.1, Debian's libclblast1) and its SGEMM.
#include "opencl/clblastlibrary.h"

#include "backend/dynamiclibrary.h"

namespace speeduplab::opencl {

ClBlastLibrary::ClBlastLibrary()
{
    const DynamicLibrary lib = DynamicLibrary::first({"libclblast.so.1", "libclblast.so"});
    if (!lib.loaded()) {
        m_reason = "CLBlast is not installed (" + lib.error() + "): install libclblast1 (scripts/setup.sh)";
        return;
    }
    if (!lib.resolve(m_sgemm, "CLBlastSgemm"))
        m_reason = lib.name() + " has no CLBlastSgemm: it is not CLBlast's C library";
}

const ClBlastLibrary &ClBlastLibrary::instance()
{
    static const ClBlastLibrary library;
    return library;
}

int ClBlastLibrary::sgemm(cl_command_queue queue, cl_mem a, cl_mem b, cl_mem c, std::size_t n,
                          cl_event *event) const
{
    return m_sgemm(rowMajor, noTranspose, noTranspose, n, n, n, 1.0f, a, 0, n, b, 0, n, 0.0f, c, 0, n, &queue,
                   event);
}

} // namespace speeduplab::opencl
