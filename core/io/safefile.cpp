// SPDX-License-Identifier: MIT
// SafeFile: writes through a temporary file renamed into place, and the checks before a run.
#include "core/io/safefile.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <random>
#include <stdio.h> // renameat2, RENAME_NOREPLACE
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace speeduplab {

namespace {

namespace fs = std::filesystem;

// This process's start, as near as a library can tell: a temporary file older than this was
// left by an earlier process (a killed write), never by a write running in this one.
const std::chrono::system_clock::time_point g_processStart = std::chrono::system_clock::now();

constexpr int kSuffixDigits = 12; // "<name>.tmp-" + 12 hex digits

std::string errnoText(int err)
{
    return std::strerror(err);
}

// What a non-regular file is, for a sentence: "a folder", "a character device"...
std::string kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISFIFO(mode))
        return "a FIFO (named pipe)";
    if (S_ISSOCK(mode))
        return "a socket";
    return "a special file";
}

// path with its symbolic links followed to the file they finally name (which may not exist
// yet: a dangling link is written through, as a shell's > does).
std::string followLinks(const std::string &path)
{
    std::string p = path;
    for (int hops = 0; hops < 40; ++hops) {
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode))
            return p;
        std::error_code ec;
        fs::path to = fs::read_symlink(p, ec);
        if (ec)
            throw WriteError("cannot write " + path + ": its link " + p + " cannot be read (" + ec.message() +
                             ")");
        if (to.is_relative())
            to = fs::path(p).parent_path() / to;
        p = to.string();
    }
    throw WriteError("cannot write " + path + ": it is a chain of more than 40 symbolic links (a loop?)");
}

// The file a write replaces and what is known of it.
struct Target {
    std::string path;  ///< as given, for messages
    std::string file;  ///< path with its links followed: the file replaced
    std::string dir;   ///< file's folder
    std::string shown; ///< "path" or "path (a link to file)"
    bool exists = false;
    struct stat st {};
};

// Every check that needs no file created: the name, the links, what the target is, its
// folder, read-only and another user's file in a sticky folder.
Target inspect(const std::string &path, const WriteOptions &options)
{
    if (path.empty())
        throw WriteError("no output file name was given");
    Target t;
    t.path = path;
    if (struct stat st{}; options.createOnly && ::lstat(path.c_str(), &st) == 0)
        throw WriteError("cannot write " + path + ": it exists, and is not replaced",
                         WriteError::Kind::Exists);
    t.file = followLinks(path);
    t.shown = t.file == path ? path : path + " (a link to " + t.file + ")";
    const fs::path fp(t.file);
    t.dir = fp.parent_path().empty() ? std::string(".") : fp.parent_path().string();
    const std::string cannot = "cannot write " + t.shown + ": ";

    if (::lstat(t.file.c_str(), &t.st) == 0) {
        t.exists = true;
        if (!S_ISREG(t.st.st_mode))
            throw WriteError(cannot + "it is " + kindOf(t.st.st_mode) + ", not a regular file");
    } else if (errno != ENOENT && errno != ENOTDIR) {
        throw WriteError(cannot + errnoText(errno));
    }
    struct stat ds {};
    if (::stat(t.dir.c_str(), &ds) != 0)
        throw WriteError(cannot + "the folder " + t.dir + " does not exist");
    if (!S_ISDIR(ds.st_mode))
        throw WriteError(cannot + t.dir + " is not a folder");
    if (::faccessat(AT_FDCWD, t.dir.c_str(), W_OK | X_OK, AT_EACCESS) != 0 && errno != EROFS)
        throw WriteError(cannot + "the folder " + t.dir + " is not writable (" + errnoText(errno) + ")");
    if (!t.exists)
        return t;
    // Read-only: no write permission for us, or (root passes every permission check) none for
    // anybody. A read-only file system is not this: the folder check below reports it.
    const bool noWriteBits = (t.st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0;
    const bool denied =
        ::faccessat(AT_FDCWD, t.file.c_str(), W_OK, AT_EACCESS) != 0 && (errno == EACCES || errno == EPERM);
    if (!options.force && (noWriteBits || denied))
        throw WriteError(cannot + "the file is read-only", WriteError::Kind::ReadOnly);
    // In a sticky folder (/tmp) only the file's owner, the folder's owner or root may replace it.
    const uid_t me = ::geteuid();
    if ((ds.st_mode & S_ISVTX) && me != 0 && t.st.st_uid != me && ds.st_uid != me)
        throw WriteError(cannot + "it belongs to another user, and its folder " + t.dir +
                         " lets only a file's owner replace it");
    return t;
}

// A size for a message, in whole MiB: "256 MiB".
std::string mib(std::uintmax_t bytes)
{
    return std::to_string(bytes >> 20) + " MiB";
}

bool isTemporaryOf(const std::string &entry, const std::string &name)
{
    const std::string prefix = name + ".tmp-";
    if (entry.size() != prefix.size() + kSuffixDigits || entry.compare(0, prefix.size(), prefix) != 0)
        return false;
    for (size_t i = prefix.size(); i < entry.size(); ++i)
        if (!std::isxdigit(static_cast<unsigned char>(entry[i])))
            return false;
    return true;
}

// Removes "<name>.tmp-<12 hex digits>" files beside file that an earlier, killed write left:
// only regular files of ours, with one link, last written before this process started, and that
// no live process owns. A writer holds a lock on its temporary (createTemporary) until it is
// done, and the lock dies with it: a writer paused mid-write (SIGSTOP, Ctrl+Z) keeps its file.
void removeStaleTemporaries(const Target &t)
{
    const std::string name = fs::path(t.file).filename().string();
    DIR *d = ::opendir(t.dir.c_str());
    if (!d)
        return;
    const int dfd = ::dirfd(d);
    const auto start =
        std::chrono::duration_cast<std::chrono::nanoseconds>(g_processStart.time_since_epoch());
    while (const dirent *e = ::readdir(d)) {
        if (!isTemporaryOf(e->d_name, name))
            continue;
        struct stat st {};
        if (::fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) ||
            st.st_uid != ::geteuid() || st.st_nlink != 1)
            continue;
        const auto written =
            std::chrono::seconds(st.st_mtim.tv_sec) + std::chrono::nanoseconds(st.st_mtim.tv_nsec);
        if (written >= start)
            continue;
        const int fd = ::openat(dfd, e->d_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0)
            continue;
        struct stat opened {};
        if (::fstat(fd, &opened) == 0 && opened.st_ino == st.st_ino && opened.st_dev == st.st_dev &&
            ::flock(fd, LOCK_EX | LOCK_NB) == 0)
            ::unlinkat(dfd, e->d_name, 0);
        ::close(fd);
    }
    ::closedir(d);
}

// Creates "<file>.tmp-<12 hex digits>" beside file with mode 0666 and O_EXCL, so that the
// kernel applies the process's umask as it does to any new file. (mkstemp makes 0600 files,
// and reading the umask means setting it: a race with every other thread that creates files.)
// Returns the descriptor, or -1 with errno set.
int createTemporary(const std::string &file, std::string &name)
{
    static std::atomic<unsigned> counter{0};
    std::random_device entropy;
    int fd = -1;
    for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
        char suffix[32];
        std::snprintf(suffix, sizeof suffix, ".tmp-%08x%04x", unsigned(entropy()), counter++ & 0xffffu);
        name = file + suffix;
        fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    // Ours while we write it: another writer's cleanup leaves a locked temporary alone.
    if (fd >= 0)
        ::flock(fd, LOCK_EX | LOCK_NB);
    return fd;
}

// A temporary file that is closed and removed unless committed, on every path out.
struct Temporary {
    std::string name;
    int fd = -1;
    bool committed = false;
    Temporary() = default;
    Temporary(const Temporary &) = delete;
    Temporary &operator=(const Temporary &) = delete;
    ~Temporary()
    {
        if (fd >= 0)
            ::close(fd);
        if (!committed && !name.empty())
            ::unlink(name.c_str());
    }
};

// Why a temporary file could not be created beside the target (errno of createTemporary).
std::string cannotCreate(const Target &t)
{
    if (errno == ENAMETOOLONG)
        return "its name is too long for this file system: the temporary file written beside it adds 17 "
               "bytes to it (" +
               errnoText(errno) + "); give a shorter name";
    return "the folder " + t.dir + " does not allow creating files (" + errnoText(errno) + ")";
}

// Creates a file in the target's folder and renames it over a second one, as the real write
// will: a folder that allows neither (read-only, a file system that refuses, a sticky folder's
// rules) is found before a run, not after it. Both files are removed.
void probe(const Target &t)
{
    const std::string cannot = "cannot write " + t.shown + ": ";
    Temporary a, b;
    a.fd = createTemporary(t.file, a.name);
    if (a.fd < 0) {
        a.name.clear();
        throw WriteError(cannot + cannotCreate(t));
    }
    b.fd = createTemporary(t.file, b.name);
    if (b.fd < 0) {
        b.name.clear();
        throw WriteError(cannot + cannotCreate(t));
    }
    if (std::rename(a.name.c_str(), b.name.c_str()) != 0)
        throw WriteError(cannot + "the folder " + t.dir + " does not allow replacing files (" +
                         errnoText(errno) + ")");
    a.committed = true; // renamed away: b's cleanup removes it
}

// The identity of an output for "the same file twice": the canonical folder and the name after
// the links, and the inode when the file exists (a hard link is the same file too).
struct Identity {
    std::string key;
    bool exists = false;
    dev_t dev = 0;
    ino_t ino = 0;
};

bool same(const Identity &a, const Identity &b)
{
    return a.key == b.key || (a.exists && b.exists && a.dev == b.dev && a.ino == b.ino);
}

Identity identify(const std::string &path)
{
    Identity id;
    const fs::path file(followLinks(path));
    fs::path dir = file.parent_path().empty() ? fs::path(".") : file.parent_path();
    std::error_code ec;
    const fs::path absolute = fs::absolute(dir, ec);
    if (!ec) {
        const fs::path canonical = fs::weakly_canonical(absolute, ec);
        if (!ec)
            dir = canonical;
    }
    id.key = (dir / file.filename()).string();
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        id.exists = true;
        id.dev = st.st_dev;
        id.ino = st.st_ino;
    }
    return id;
}

} // namespace

void SafeFile::check(const std::string &path, const WriteOptions &options)
{
    const Target t = inspect(path, options);
    removeStaleTemporaries(t);
    probe(t);
}

void SafeFile::checkAll(const std::vector<std::string> &paths, const WriteOptions &options,
                        const std::vector<std::string> &inputs)
{
    for (const std::string &out : paths)
        checkNotAnInput(out, inputs);
    std::vector<Identity> seen;
    for (size_t i = 0; i < paths.size(); ++i) {
        check(paths[i], options);
        const Identity id = identify(paths[i]);
        for (size_t j = 0; j < seen.size(); ++j) {
            const Identity &other = seen[j];
            if (same(id, other))
                throw WriteError(paths[i] == paths[j]
                                     ? paths[i] + " is given as two outputs: give each output its own file"
                                     : paths[j] + " and " + paths[i] +
                                           " are the same file: give each output its own file");
        }
        seen.push_back(id);
    }
}

void SafeFile::checkNotAnInput(const std::string &output, const std::vector<std::string> &inputs)
{
    for (const std::string &in : inputs)
        if (sameFile(output, in))
            throw WriteError(output + (output == in ? " is" : " is the same file as") + " the input " + in +
                             ": an output never replaces a file the command reads; write a new file (and "
                             "rename it afterwards if you want it there)");
}

bool SafeFile::sameFile(const std::string &a, const std::string &b)
{
    return same(identify(a), identify(b));
}

void SafeFile::write(const std::string &path, const std::string &text, const WriteOptions &options)
{
    write(
        path, [&text](const Append &append) { append(text); }, options);
}

void SafeFile::write(const std::string &path, const std::function<void(const Append &)> &produce,
                     const WriteOptions &options)
{
    const Target t = inspect(path, options);
    removeStaleTemporaries(t);
    const std::string cannot = "cannot write " + t.shown + ": ";
    const auto stopped = [&] { return options.stop && options.stop->load(); };
    const auto throwStopped = [&] {
        throw WriteError(cannot + "stopped before it was complete, so nothing was written",
                         WriteError::Kind::Stopped);
    };
    if (stopped())
        throwStopped();
    Temporary tmp;
    tmp.fd = createTemporary(t.file, tmp.name);
    if (tmp.fd < 0) {
        tmp.name.clear();
        throw WriteError(cannot + cannotCreate(t));
    }
    if (t.exists) {
        // The replacement keeps the old file's mode, and (as root, who may) its owner and group.
        if (::geteuid() == 0 && (t.st.st_uid != 0 || t.st.st_gid != 0) &&
            ::fchown(tmp.fd, t.st.st_uid, t.st.st_gid) != 0)
            throw WriteError(cannot + "its owner cannot be kept (" + errnoText(errno) + ")");
        if (::fchmod(tmp.fd, t.st.st_mode & 07777) != 0)
            throw WriteError(cannot + "its mode cannot be kept (" + errnoText(errno) + ")");
    }
    if (struct stat like{}; !options.sameModeAs.empty() && ::stat(options.sameModeAs.c_str(), &like) == 0 &&
                            S_ISREG(like.st_mode) && ::fchmod(tmp.fd, like.st_mode & 0777) != 0)
        throw WriteError(cannot + "it cannot get the mode of " + options.sameModeAs + " (" +
                         errnoText(errno) + ")");
    const auto writeAll = [&](std::string_view text) {
        const char *p = text.data();
        size_t left = text.size();
        while (left > 0) {
            const ssize_t w = ::write(tmp.fd, p, left);
            if (w < 0) {
                if (errno == EINTR) {
                    if (stopped())
                        throwStopped();
                    continue;
                }
                throw WriteError(cannot + errnoText(errno));
            }
            p += w;
            left -= size_t(w);
        }
    };
    // Pieces are gathered into blocks of about a MiB; a large piece is written as it is.
    constexpr size_t kBlock = size_t(1) << 20;
    std::string block;
    std::uintmax_t total = 0;
    const Append append = [&](std::string_view piece) {
        if (stopped())
            throwStopped();
        total += piece.size();
        if (options.maxBytes > 0 && total > options.maxBytes)
            throw WriteError(cannot + "it would be larger than " + mib(options.maxBytes),
                             WriteError::Kind::TooLarge);
        if (block.size() + piece.size() < kBlock) {
            block.append(piece);
            return;
        }
        writeAll(block);
        block.clear();
        if (piece.size() >= kBlock)
            writeAll(piece);
        else
            block.append(piece);
    };
    produce(append);
    writeAll(block);
    if (::fsync(tmp.fd) != 0)
        throw WriteError(cannot + errnoText(errno));
    const int fd = tmp.fd;
    tmp.fd = -1;
    if (::close(fd) != 0)
        throw WriteError(cannot + errnoText(errno));
    if (stopped())
        throwStopped();
    if (options.createOnly) {
        // In place only if the name is still free: renameat2 refuses atomically; a file system
        // without it gets a hard link, which refuses as well, and the temporary goes.
        if (::renameat2(AT_FDCWD, tmp.name.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) != 0) {
            if (errno == EEXIST)
                throw WriteError("cannot write " + path + ": it exists, and is not replaced",
                                 WriteError::Kind::Exists);
            if (errno != EINVAL && errno != ENOSYS)
                throw WriteError(cannot + errnoText(errno));
            if (::link(tmp.name.c_str(), path.c_str()) != 0) {
                const int err = errno;
                if (err == EEXIST)
                    throw WriteError("cannot write " + path + ": it exists, and is not replaced",
                                     WriteError::Kind::Exists);
                throw WriteError(cannot + errnoText(err));
            }
            // The temporary's name goes with tmp; the file stays under path.
        } else {
            tmp.committed = true;
        }
    } else {
        // The target may have changed since it was inspected: never rename over a non-file.
        struct stat now {};
        if (::lstat(t.file.c_str(), &now) == 0 && !S_ISREG(now.st_mode))
            throw WriteError(cannot + "it is " + kindOf(now.st_mode) + ", not a regular file");
        if (std::rename(tmp.name.c_str(), t.file.c_str()) != 0)
            throw WriteError(cannot + errnoText(errno));
        tmp.committed = true;
    }
    // Make the rename itself durable; a failure here loses nothing that was not already there.
    const int dfd = ::open(t.dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        (void)::fsync(dfd);
        ::close(dfd);
    }
}

} // namespace speeduplab
