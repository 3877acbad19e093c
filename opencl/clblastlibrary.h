// SPDX-License-Identifier: MIT
// ClBlastLibrary: CLBlast (the tuned BLAS for OpenCL, Debian's libclblast1), opened at run time
// once a process, so that the OpenCL backend runs without it and says why its clblast variant is
// skipped. Declares the one C function it calls (CLBlastSgemm) itself: no CLBlast header needed.
#pragma once

#include <CL/cl.h>

#include <cstddef>
#include <string>

namespace speeduplab::opencl {

class ClBlastLibrary {
public:
    /// CLBlast's C API (clblast_c.h): layout, transpose and status codes.
    static constexpr int rowMajor = 101;    ///< CLBlastLayoutRowMajor
    static constexpr int noTranspose = 111; ///< CLBlastTransposeNo
    using Sgemm = int (*)(int layout, int aTranspose, int bTranspose, std::size_t m, std::size_t n,
                          std::size_t k, float alpha, cl_mem a, std::size_t aOffset, std::size_t aLd,
                          cl_mem b, std::size_t bOffset, std::size_t bLd, float beta, cl_mem c,
                          std::size_t cOffset, std::size_t cLd, cl_command_queue *queue, cl_event *event);

    /// Loaded once a process; never throws.
    static const ClBlastLibrary &instance();

    bool loaded() const { return m_sgemm != nullptr; }
    /// Why not loaded, with the package to install; empty when loaded.
    const std::string &reason() const { return m_reason; }
    /// C = A B, row-major n x n, on queue; *event is the event of its last kernel. Returns
    /// CLBlast's status (0: success; negative: an OpenCL error code; -1024 and below: CLBlast's).
    int sgemm(cl_command_queue queue, cl_mem a, cl_mem b, cl_mem c, std::size_t n, cl_event *event) const;

private:
    ClBlastLibrary();
    Sgemm m_sgemm = nullptr;
    std::string m_reason;
};

} // namespace speeduplab::opencl
