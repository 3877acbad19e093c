// SPDX-License-Identifier: MIT
// ReadFile (core/io/readfile.h): open without blocking, check what the file is, read within a limit.
#include "core/io/readfile.h"

#include "backend/filekind.h"
#include "core/io/texts.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace speeduplab {

std::string ReadFile::mib(std::uintmax_t bytes)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MiB", double(bytes) / (1024.0 * 1024.0));
    return buf;
}

ReadFile::Result ReadFile::read(const std::string &path, std::size_t limit, Over over)
{
    Result r;
    const std::string name = detail::shown(path, std::string::npos);
    const auto fail = [&](Why why, int errnum, const std::string &sentence) {
        r.text.clear();
        r.why = why;
        r.errnum = errnum;
        r.sentence = sentence;
        return r;
    };
    // A size as the sentence says it: in bytes below a MiB, where "0.0 MiB" would say nothing.
    const auto amount = [](std::uintmax_t bytes) {
        return bytes < (1u << 20) ? std::to_string(bytes) + " bytes" : mib(bytes);
    };
    // size: what stat says; 0 when the file grew past the limit while it was read.
    const auto tooLarge = [&](std::uintmax_t size) {
        r.size = size;
        return fail(Why::TooLarge, 0,
                    name + (size ? " is " + amount(size) + ", larger than" : " grew larger than") + " the " +
                        amount(limit) + " SpeedupLab reads of it");
    };
    // A FIFO, a device or a folder is refused from stat, before it is opened.
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return fail(Why::Open, errno, "cannot open " + name + ": " + std::strerror(errno));
    if (std::string kind = notRegularFile(st.st_mode); !kind.empty()) {
        r.kind = kind;
        return fail(Why::NotRegular, 0, name + " is " + kind + ", not a regular file");
    }
    if (over == Over::Refuse && std::uintmax_t(st.st_size) > limit)
        return tooLarge(std::uintmax_t(st.st_size));
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return fail(Why::Open, errno, "cannot open " + name + ": " + std::strerror(errno));
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    // What was opened is checked again: the name may now be something else.
    if (::fstat(fd, &st) != 0)
        return fail(Why::Read, errno, "cannot read " + name + ": " + std::strerror(errno));
    if (std::string kind = notRegularFile(st.st_mode); !kind.empty()) {
        r.kind = kind;
        return fail(Why::NotRegular, 0, name + " is " + kind + ", not a regular file");
    }
    // One byte more than fstat says (a /proc file says 0), to see the end without growing; more
    // if the file grew, up to one byte past the limit.
    r.text.assign(std::min<std::size_t>(std::size_t(st.st_size), limit) + 1, '\0');
    std::size_t have = 0;
    for (;;) {
        if (have == r.text.size()) {
            if (r.text.size() > limit)
                break;
            r.text.resize(std::min<std::size_t>(limit + 1, r.text.size() + 65536));
        }
        const ssize_t got = ::read(fd, r.text.data() + have, r.text.size() - have);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return fail(Why::Read, errno, "cannot read " + name + ": " + std::strerror(errno));
        }
        if (got == 0)
            break;
        have += std::size_t(got);
    }
    if (have > limit) {
        if (over == Over::Refuse)
            return tooLarge(0);
        have = limit;
        r.cut = true;
    }
    r.text.resize(have);
    return r;
}

} // namespace speeduplab
