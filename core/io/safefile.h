// SPDX-License-Identifier: MIT
// SafeFile: atomic, checked writes of output files (no Qt), and WriteError, WriteOptions.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace speeduplab {

/// A file that cannot be written. The message says which file and why.
class WriteError : public std::runtime_error {
public:
    enum class Kind {
        Other,
        ReadOnly, ///< an existing read-only file, which WriteOptions::force would replace
        Exists,   ///< WriteOptions::createOnly, and the path is taken
        TooLarge, ///< the text grew past WriteOptions::maxBytes
        Stopped,  ///< WriteOptions::stop was set before the file was in place
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
    /// Only create: refuse a path that exists (a file, a link, anything), checked first and
    /// again, atomically, when the file is put in place. For files beside an output, such as an
    /// interrupted run's partial results, which must never replace a file of the user's.
    bool createOnly = false;
    /// Refuse a text longer than this many bytes (0: no limit): the write stops as soon as it
    /// is passed and leaves no file.
    std::uintmax_t maxBytes = 0;
    /// When set and true, the write stops (WriteError::Kind::Stopped) at the next piece of text
    /// or before the rename, and leaves no file: an interrupted command.
    const std::atomic<bool> *stop = nullptr;
    /// When set, the file gets the mode of the file at this path, where that is a regular file,
    /// instead of its own or 0666 & ~umask: a CSV's metadata file is as private as its CSV.
    std::string sameModeAs = {};
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
    /// Appends a piece of a streamed write's text.
    using Append = std::function<void(std::string_view)>;
    /// write, with the text made piece by piece: produce calls append for each piece, which is
    /// buffered and written to the temporary file in large blocks, so that a large file is
    /// written without its whole text in memory. An exception from produce, or from append
    /// (maxBytes passed, stop), leaves no file and no temporary.
    static void write(const std::string &path, const std::function<void(const Append &)> &produce,
                      const WriteOptions &options = {});
    /// The preflight, before a run, so that a long sweep does not end in an unwritable file:
    /// every check of write, then a file is created in the target's folder and
    /// renamed over a second one (both removed), as the write will. Throws WriteError.
    static void check(const std::string &path, const WriteOptions &options = {});
    /// check for each output of one command, then refuses the same file given twice
    /// (./a.csv and a.csv, a symlink and its target, two hard links), and an output that is one of
    /// the command's `inputs` (the files it reads: it would replace what it read, and lose it
    /// if it failed half-way). Every front end's preflight. Throws WriteError.
    static void checkAll(const std::vector<std::string> &paths, const WriteOptions &options = {},
                         const std::vector<std::string> &inputs = {});
    /// checkAll's rule on inputs alone: throws WriteError when output is one of inputs.
    static void checkNotAnInput(const std::string &output, const std::vector<std::string> &inputs);
    /// Whether two paths name the same file, by checkAll's rule: the same canonical path after
    /// their links (weakly_canonical, so a file not yet there compares by name), or, when both
    /// exist, the same device and inode (stat, following links: a hard link is the same file).
    static bool sameFile(const std::string &a, const std::string &b);
};

} // namespace speeduplab
