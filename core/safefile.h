// SPDX-License-Identifier: MIT
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace speeduplab {

/// A file that cannot be written. The message says which file and why.
class WriteError : public std::runtime_error {
public:
    enum class Kind {
        Other,
        ReadOnly, ///< an existing read-only file, which WriteOptions::force would replace
    };
    explicit WriteError(const std::string &what, Kind kind = Kind::Other)
        : std::runtime_error(what), m_kind(kind)
    {
    }
    Kind kind() const { return m_kind; }

private:
    Kind m_kind;
};

/// How SafeFile writes a file.
struct WriteOptions {
    /// Replace an existing file even when it is read-only (it keeps its mode).
    bool force = false;
};

/// Writing a file so that nothing is lost or replaced by mistake: atomically, never over
/// anything but a regular file, keeping the old file's mode, and checked before a long run.
/// The file-system side of saving results and charts; ResultIO holds the formats.
class SafeFile {
public:
    /// Writes text to path atomically: a temporary file "<name>.tmp-<12 hex digits>" in the
    /// target's folder, synced, then renamed over it. A symlink is followed and its target
    /// replaced (the link stays a link). An existing file keeps its mode; a new one gets
    /// 0666 & ~umask. Refuses anything but a regular file or a new path (a device, a FIFO, a
    /// socket, a folder), and a read-only file unless options.force. Throws WriteError; leaves
    /// no partial or temporary file behind, and removes the temporaries of this target that an
    /// earlier, killed write left (regular files of ours, older than this process).
    static void write(const std::string &path, const std::string &text, const WriteOptions &options = {});
    /// The preflight, before a run, so that a long sweep does not end in an unwritable file:
    /// every check of write, then a file is created in the target's folder and
    /// renamed over a second one (both removed), as the write will. Throws WriteError.
    static void check(const std::string &path, const WriteOptions &options = {});
    /// check for each output of one command, then refuses the same file given twice
    /// (./a.csv and a.csv, a symlink and its target, two hard links). Throws WriteError.
    static void checkAll(const std::vector<std::string> &paths, const WriteOptions &options = {});
};

} // namespace speeduplab
