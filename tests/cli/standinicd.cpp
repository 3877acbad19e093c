// SPDX-License-Identifier: MIT
// A stand-in OpenCL driver that fails as the ICD loader asks it for its platforms: built twice,
// one that crashes (SIGSEGV) and one that hangs (STANDIN_HANG). tst_cli points OCL_ICD_VENDORS
// at it to show that the probe in a child process keeps the program up, with the reason.
#include <csignal>
#include <cstddef>
#include <cstring>

#include <unistd.h>

namespace {

int standinPlatformIds(unsigned, void **, unsigned *)
{
#ifdef STANDIN_HANG
    for (;;)
        pause();
#else
    std::raise(SIGSEGV);
#endif
    return -1;
}

} // namespace

// The loader takes a driver only with both entry points; this one is never reached.
extern "C" __attribute__((visibility("default"))) int clGetPlatformInfo(void *, unsigned, std::size_t, void *,
                                                                        std::size_t *)
{
    return -1;
}

extern "C" __attribute__((visibility("default"))) void *clGetExtensionFunctionAddress(const char *name)
{
    return name && std::strcmp(name, "clIcdGetPlatformIDsKHR") == 0
               ? reinterpret_cast<void *>(standinPlatformIds)
               : nullptr;
}
