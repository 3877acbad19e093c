// SPDX-License-Identifier: MIT
// ReadFile: the one way to read a file that SpeedupLab did not write (results, topologies,
// powercap counters, system files, ICD lists). It opens without blocking, refuses a FIFO, socket,
// folder or device, reads at most a stated size, and says in one sentence why it could not.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace speeduplab {

struct ReadFile {
    /// What to do with a file longer than the limit: refuse it, or keep its first `limit` bytes
    /// (a counter or a system file whose text matters only at its start).
    enum class Over { Refuse, Cut };
    /// Why a read failed; None when it did not.
    enum class Why { None, Open, NotRegular, TooLarge, Read };

    struct Result {
        std::string text;
        Why why = Why::None;
        int errnum = 0;          ///< errno of Open or Read
        std::string kind;        ///< NotRegular: what it is ("a named pipe (FIFO)")
        std::uintmax_t size = 0; ///< TooLarge: its size by stat; 0 when it grew past the limit as read
        bool cut = false;        ///< Over::Cut and the file was longer than the limit
        std::string sentence;    ///< why it failed, naming the file (shown escaped); empty when ok
        bool ok() const { return why == Why::None; }
    };

    /// Reads path: opened O_NONBLOCK (a FIFO swapped in after the check cannot block either), only
    /// a regular file, at most `limit` bytes. Never throws for the file's sake; EINTR is retried.
    static Result read(const std::string &path, std::size_t limit, Over over = Over::Refuse);

    /// bytes in MiB, one decimal: "64.0 MiB".
    static std::string mib(std::uintmax_t bytes);
};

} // namespace speeduplab
