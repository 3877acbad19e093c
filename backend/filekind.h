// SPDX-License-Identifier: MIT
// What a path is when it is not a regular file, in words ("a named pipe (FIFO)"): the one wording
// that core's ReadFile and a backend's checks before a library reads a file (the OpenCL loader's
// driver list) share. Header-only, as the rest of backend/.
#pragma once

#include <string>

#include <sys/stat.h>

namespace speeduplab {

/// Empty for a regular file; else what it is: "a folder", "a named pipe (FIFO)", a device, a socket.
inline std::string notRegularFile(mode_t mode)
{
    if (S_ISREG(mode))
        return {};
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISFIFO(mode))
        return "a named pipe (FIFO)";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

} // namespace speeduplab
