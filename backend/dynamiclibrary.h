// SPDX-License-Identifier: MIT
// A shared library opened at run time (dlopen), its symbols, and loading it once (no Qt). Header
// only, with nothing but libc and the standard library, so that cuda/ may use it too without a
// link dependency of speeduplab_cuda on speeduplab_core (core links cuda, not the other way).
#pragma once

#include <dlfcn.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace speeduplab {

/// One shared library opened with dlopen: OpenBLAS (BlasLibrary), NVML (GpuClocks), cuBLAS and
/// cuSPARSE (cuda/toolkitlibrary.h). A plain handle, not an owner: libraries opened at run time
/// stay loaded for the process's life unless close() is called, so that nothing of theirs runs
/// at exit. Never throws.
class DynamicLibrary {
public:
    /// dlopen's default here: every symbol bound now, none made visible to other libraries.
    static constexpr int defaultFlags = RTLD_NOW | RTLD_LOCAL;

    /// One candidate that did not load, and why: dlerror()'s sentence (which names the file),
    /// or what `accept` said of it (first()).
    struct Failure {
        std::string name;
        std::string why;
    };

    DynamicLibrary() = default;

    /// dlopen(name, flags): a path, or a file name for the loader's search. When it fails,
    /// loaded() is false and failures() holds dlerror()'s reason. A path that is not a regular
    /// file is never opened (notALibraryFile: a FIFO would block dlopen, deaf to signals): every
    /// dlopen of the program goes through here, RTLD_NOLOAD's included (it opens the file too).
    static DynamicLibrary open(const std::string &name, int flags = defaultFlags)
    {
        DynamicLibrary l;
        l.m_name = name;
        if (std::string why = notALibraryFile(name); !why.empty()) {
            l.m_failures.push_back({name, std::move(why)});
            return l;
        }
        dlerror(); // a stale error must not pass for this one
        l.m_handle = dlopen(name.c_str(), flags);
        if (!l.m_handle) {
            const char *e = dlerror();
            l.m_failures.push_back({name, e ? e : name + ": unknown error"});
        }
        return l;
    }

    /// The first of `names` that opens and that `accept` takes, tried in order; each one before
    /// it (all of them when none is taken) is in failures(), in order. accept(library, why) may
    /// resolve its symbols: returning false with why, it has the library closed and the next tried.
    template <class Accept>
    static DynamicLibrary first(const std::vector<std::string> &names, Accept accept,
                                int flags = defaultFlags)
    {
        std::vector<Failure> failures;
        for (const std::string &name : names) {
            DynamicLibrary l = open(name, flags);
            if (l.loaded()) {
                std::string why;
                if (accept(l, why)) {
                    l.m_failures = std::move(failures);
                    return l;
                }
                l.close();
                l.m_failures = {{name, why}};
            }
            failures.push_back(std::move(l.m_failures.front()));
        }
        DynamicLibrary none;
        none.m_name = names.empty() ? std::string() : names.back();
        none.m_failures = std::move(failures);
        return none;
    }
    /// The first of `names` that opens.
    static DynamicLibrary first(const std::vector<std::string> &names, int flags = defaultFlags)
    {
        return first(
            names, [](const DynamicLibrary &, std::string &) { return true; }, flags);
    }

    /// Whether `name` is already loaded in this process (dlopen with RTLD_NOLOAD, which loads
    /// nothing; the reference it takes is dropped).
    static bool inProcess(const std::string &name)
    {
        if (!notALibraryFile(name).empty())
            return false;
        void *h = dlopen(name.c_str(), RTLD_NOW | RTLD_NOLOAD);
        if (h)
            dlclose(h);
        return h != nullptr;
    }

    /// Why a path is not a library file to open, or "" when it may be opened: a name without a
    /// '/' is the loader's to search for; a path must be a regular file (stat, following links),
    /// since dlopen of a FIFO blocks in open() until a writer comes, deaf to SIGINT and SIGTERM.
    /// "<path>: No such file or directory", "<path> is a FIFO (named pipe), not a library file".
    static std::string notALibraryFile(const std::string &name)
    {
        if (name.find('/') == std::string::npos)
            return "";
        struct stat st {};
        if (::stat(name.c_str(), &st) != 0)
            return name + ": " + std::strerror(errno);
        if (S_ISREG(st.st_mode))
            return "";
        const char *kind = S_ISFIFO(st.st_mode)   ? "a FIFO (named pipe)"
                           : S_ISDIR(st.st_mode)  ? "a folder"
                           : S_ISCHR(st.st_mode)  ? "a character device"
                           : S_ISBLK(st.st_mode)  ? "a block device"
                           : S_ISSOCK(st.st_mode) ? "a socket"
                                                  : "a special file";
        return name + " is " + kind + ", not a library file";
    }

    bool loaded() const { return m_handle != nullptr; }
    void *handle() const { return m_handle; }
    /// The name it was opened by (the candidate that loaded; the last one tried when none did).
    const std::string &name() const { return m_name; }
    /// The candidates that did not load, in the order tried (empty when the first one loaded).
    const std::vector<Failure> &failures() const { return m_failures; }
    /// Their reasons joined by "; ": why the library is not loaded.
    std::string error() const
    {
        std::string s;
        for (const Failure &f : m_failures)
            s += (s.empty() ? "" : "; ") + f.why;
        return s;
    }

    /// Points fn at `symbol` of this library; nullptr (and false) when it has none.
    template <class Fn> bool resolve(Fn &fn, const char *symbol) const
    {
        fn = m_handle ? reinterpret_cast<Fn>(dlsym(m_handle, symbol)) : nullptr;
        return fn != nullptr;
    }

    /// dlclose: the library is unloaded unless something else holds a reference. Its functions
    /// must not be called after.
    void close()
    {
        if (m_handle)
            dlclose(m_handle);
        m_handle = nullptr;
    }

private:
    void *m_handle = nullptr;
    std::string m_name;
    std::vector<Failure> m_failures;
};

/// A library's functions, loaded once per process on the first call of get() (std::call_once:
/// thread-safe, and every caller sees the one result). `load` fills them in and returns true,
/// or returns false with why in its error argument. Meant for a namespace-scope object.
template <class Functions> class LoadOnce {
public:
    using Load = bool (*)(Functions &functions, std::string &error);
    constexpr explicit LoadOnce(Load load) : m_load(load) {}
    LoadOnce(const LoadOnce &) = delete;
    LoadOnce &operator=(const LoadOnce &) = delete;

    /// The loaded functions, or nullptr when they could not be loaded (error() says why).
    const Functions *get()
    {
        std::call_once(m_once, [this] { m_loaded = m_load(m_functions, m_error); });
        return m_loaded ? &m_functions : nullptr;
    }
    /// Why get() returns nullptr; empty when it does not. Loads on the first call.
    const std::string &error()
    {
        get();
        return m_error;
    }

private:
    Load m_load;
    std::once_flag m_once;
    Functions m_functions{};
    std::string m_error;
    bool m_loaded = false;
};

} // namespace speeduplab
