// SPDX-License-Identifier: MIT
// The OpenCL backend of a build without OpenCL: no device, and the reason.
#include "opencl/openclbackend.h"

namespace speeduplab::opencl {

namespace {
const char *const kReason = "This build has no OpenCL backend (built without the OpenCL headers and loader): "
                            "install ocl-icd-opencl-dev and opencl-headers (scripts/setup.sh) and rebuild.";
}

Availability availability()
{
    Availability a;
    a.reason = kReason;
    return a;
}

void probeInChild(const std::string &, const std::string &) {}
bool devicesListed(double)
{
    return true;
}

int childProbe()
{
    return 0;
}

std::unique_ptr<Run> createRun(const Job &)
{
    throw Unsupported(kReason);
}

void disable(int, const std::string &) {}

std::string disabledReason(int)
{
    return {};
}

DeviceBytes deviceBytesNeeded(const Job &)
{
    return {};
}

Ceilings calibrate(int, const std::atomic<bool> &)
{
    throw Unsupported(kReason);
}

double buildSeconds(int)
{
    return 0;
}

double clblastSeconds(int)
{
    return 0;
}

} // namespace speeduplab::opencl
