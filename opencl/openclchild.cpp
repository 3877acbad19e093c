// SPDX-License-Identifier: MIT
// The OpenCL devices listed in a child process (probeInChild, childProbe) and handed back on a
// pipe, so that a driver that crashes or hangs costs the program OpenCL, not the program, and the
// drivers load here only when a point runs; and the checks, by stat, of what the ICD loader would
// read before it is loaded (driverListProblem).
#include "opencl/opencldevices.h"

#include "backend/filekind.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <variant>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace speeduplab::opencl::detail {

namespace {

// Where probeInChild asks first: the program and its one argument; empty: in this process.
struct ChildProbe {
    std::mutex mutex;
    std::string program, argument;
};
ChildProbe &childProbeSetting()
{
    static ChildProbe c;
    return c;
}

// The child's listing comes back on this descriptor (the drivers may print on 1 and 2).
constexpr int kListingFd = 3;
// The most a listing may be: a few hundred bytes a device.
constexpr std::size_t kMaxListing = 1 << 20;

// Runs the child probe: empty when it listed the devices and exited 0 (their listing in
// *listing, as serializeListing wrote it), else why OpenCL is not loaded here. Between fork and
// exec only async-signal-safe calls: the arguments are made before.
std::string childProbeProblem(std::string *listing)
{
    std::string program, argument;
    {
        std::lock_guard lock(childProbeSetting().mutex);
        program = childProbeSetting().program;
        argument = childProbeSetting().argument;
    }
    if (program.empty())
        return {};
    std::vector<char *> argv{program.data(), argument.data(), nullptr};
    int pipeFds[2] = {-1, -1};
    if (::pipe2(pipeFds, O_CLOEXEC) != 0)
        pipeFds[0] = pipeFds[1] = -1;
    const pid_t child = ::fork();
    if (child < 0) {
        for (const int fd : pipeFds)
            if (fd >= 0)
                ::close(fd);
        return {}; // no child to be had: probe here, as without the setting
    }
    if (child == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL); // the program ended while the drivers were listed
        const int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
        if (null >= 0) { // the drivers' chatter is not ours to print
            ::dup2(null, STDOUT_FILENO);
            ::dup2(null, STDERR_FILENO);
        }
        if (pipeFds[1] >= 0)
            ::dup2(pipeFds[1], kListingFd); // dup2 clears O_CLOEXEC on the copy: it survives exec
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    if (pipeFds[1] >= 0)
        ::close(pipeFds[1]);
    if (pipeFds[0] >= 0)
        ::fcntl(pipeFds[0], F_SETFL, O_NONBLOCK);
    std::string text;
    const auto drain = [&] { // read what the child wrote so far: it must never block on a full pipe
        char buf[4096];
        for (ssize_t got; pipeFds[0] >= 0 && (got = ::read(pipeFds[0], buf, sizeof buf)) > 0;)
            if (text.size() < kMaxListing)
                text.append(buf, std::size_t(got));
    };
    struct Closer {
        int fd;
        ~Closer()
        {
            if (fd >= 0)
                ::close(fd);
        }
    } closer{pipeFds[0]};
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(kChildProbeSeconds);
    int status = 0;
    for (;;) {
        drain();
        const pid_t done = ::waitpid(child, &status, WNOHANG);
        if (done == child) {
            drain();
            break;
        }
        if (done < 0 && errno != EINTR)
            return {};
        if (std::chrono::steady_clock::now() > until) {
            ::kill(child, SIGKILL);
            ::waitpid(child, &status, 0);
            return "OpenCL was not loaded: listing its devices did not finish in " +
                   std::to_string(kChildProbeSeconds) +
                   " s (in a child process, which was stopped): a driver hangs; OCL_ICD_VENDORS picks "
                   "the drivers the loader tries";
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (WIFSIGNALED(status)) {
        const char *name = ::sigdescr_np(WTERMSIG(status));
        return "OpenCL was not loaded: a driver crashed while its devices were listed (in a child "
               "process: " +
               std::string(name ? name : "signal " + std::to_string(WTERMSIG(status))) +
               "); OCL_ICD_VENDORS picks the drivers the loader tries";
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
        return "OpenCL was not loaded: listing its devices in a child process ended with status " +
               std::to_string(WEXITSTATUS(status)) + "; OCL_ICD_VENDORS picks the drivers the loader tries";
    if (listing)
        *listing = std::move(text);
    return {};
}

// One line a field, "key<TAB>value", a value's backslashes, tabs and newlines escaped; "device"
// starts each device. What the child writes on kListingFd and the parent reads back.
std::string escapeField(const std::string &s)
{
    std::string out;
    for (const char c : s)
        out += c == '\\'   ? std::string("\\\\")
               : c == '\t' ? std::string("\\t")
               : c == '\n' ? std::string("\\n")
                           : std::string(1, c);
    return out;
}

std::string unescapeField(const std::string &s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || i + 1 == s.size()) {
            out += s[i];
            continue;
        }
        const char c = s[++i];
        out += c == 't' ? '\t' : c == 'n' ? '\n' : c;
    }
    return out;
}

std::string serializeListing(const Availability &a)
{
    std::string out = "usable\t" + std::to_string(a.usable) + "\nreason\t" + escapeField(a.reason) +
                      "\nnote\t" + escapeField(a.note) + "\n";
    for (const DeviceInfo &d : a.devices) {
        out += "device\n";
        for (const DeviceDescription::Field &f : DeviceDescription::fields()) {
            const std::string value = std::visit(
                [&d](auto member) {
                    const auto &v = d.*member;
                    if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::string>)
                        return escapeField(v);
                    else if constexpr (std::is_same_v<std::decay_t<decltype(v)>, double>) {
                        char buf[64];
                        std::snprintf(buf, sizeof buf, "%.17g", v);
                        return std::string(buf);
                    } else
                        return std::to_string(v);
                },
                f.member);
            out += std::string(f.key) + '\t' + value + '\n';
        }
    }
    return out + "end\n";
}

// The listing back; false when it is not one whole (a child that died as it wrote it).
bool parseListing(const std::string &text, Availability &a)
{
    a = {};
    a.builtWithOpenCL = true;
    bool ended = false;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t eol = text.find('\n', at);
        if (eol == std::string::npos)
            return false;
        const std::string line = text.substr(at, eol - at);
        at = eol + 1;
        if (line == "end") {
            ended = true;
            break;
        }
        if (line == "device") {
            DeviceInfo d;
            d.index = int(a.devices.size());
            a.devices.push_back(d);
            continue;
        }
        const std::size_t tab = line.find('\t');
        if (tab == std::string::npos)
            return false;
        const std::string key = line.substr(0, tab), value = unescapeField(line.substr(tab + 1));
        if (key == "usable")
            a.usable = value == "1";
        else if (key == "reason")
            a.reason = value;
        else if (key == "note")
            a.note = value;
        else if (a.devices.empty())
            return false;
        else
            for (const DeviceDescription::Field &f : DeviceDescription::fields())
                if (key == f.key)
                    std::visit(
                        [&](auto member) {
                            auto &v = a.devices.back().*member;
                            using T = std::decay_t<decltype(v)>;
                            if constexpr (std::is_same_v<T, std::string>)
                                v = value;
                            else if constexpr (std::is_same_v<T, double>)
                                v = std::strtod(value.c_str(), nullptr);
                            else if constexpr (std::is_same_v<T, bool>)
                                v = value == "1";
                            else
                                v = int(std::strtol(value.c_str(), nullptr, 10));
                        },
                        f.member);
    }
    return ended && a.usable == !a.devices.empty();
}

// What the child probe said: why OpenCL is not loaded here, or the devices it listed (none when
// no child ran, or its listing did not come back whole: probe() then lists them here).
struct ChildListing {
    std::string problem;
    std::optional<Availability> listed;
};

// The child's run, started once (startListing) on a thread of its own, so that a program goes on
// while the drivers are listed; childListing() waits for it. The thread is detached and the
// result held by a promise, so that nothing waits for a hung child at exit: the child dies with
// the thread that forked it (PR_SET_PDEATHSIG), when the program ends.
struct ChildRun {
    std::once_flag once;
    std::shared_future<ChildListing> result;
};
ChildRun &childRun()
{
    static ChildRun r;
    return r;
}

void startListing()
{
    std::call_once(childRun().once, [] {
        auto promise = std::make_shared<std::promise<ChildListing>>();
        childRun().result = promise->get_future().share();
        std::thread([promise] {
            ChildListing out;
            std::string text;
            out.problem = childProbeProblem(&text);
            Availability a;
            if (out.problem.empty() && !text.empty() && parseListing(text, a))
                out.listed = std::move(a);
            promise->set_value(std::move(out));
        }).detach();
    });
}

const ChildListing &childListing()
{
    startListing();
    return childRun().result.get();
}

} // namespace

// The ICD loader reads the driver list as it is given (OCL_ICD_VENDORS, else /etc/OpenCL/vendors,
// and the libraries of OCL_ICD_FILENAMES), and a driver may read HWLOC_XMLFILE: a FIFO named x.icd
// blocks it beyond any signal, a huge .icd crashes it. Each entry is held first to a regular file (an .icd of
// at most 64 KiB) by stat, which neither opens nor reads it. The reason, or empty when the loader may go
// ahead.
std::string driverListProblem()
{
    constexpr off_t kMaxIcd = 64 * 1024;
    const auto refused = [](const std::string &path, const struct stat &st, bool icd) -> std::string {
        const std::string kind = notRegularFile(st.st_mode);
        const std::string why = !kind.empty() ? "is " + kind + ", not a regular file"
                                : icd && st.st_size > kMaxIcd
                                    ? "is " + std::to_string(st.st_size / 1024) +
                                          " KiB, larger than an .icd entry may be (64 KiB)"
                                    : std::string();
        return why.empty() ? why
                           : "OpenCL was not loaded: the OpenCL loader's driver list names " + path +
                                 ", which " + why +
                                 " (the loader would wait on it or crash): remove it, or point "
                                 "OCL_ICD_VENDORS at a folder of .icd files";
    };
    const auto endsIcd = [](const std::string &name) {
        return name.size() > 4 && name.compare(name.size() - 4, 4, ".icd") == 0;
    };
    struct stat st {};
    // A driver may read a topology through hwloc (PoCL does, as it loads): hwloc would wait on a
    // FIFO there too, or read /dev/zero without end.
    for (const char *variable : {"HWLOC_XMLFILE", "HWLOC_FORCE_XMLFILE"})
        if (const char *xml = std::getenv(variable); xml && *xml && ::stat(xml, &st) == 0) {
            const std::string kind = notRegularFile(st.st_mode);
            const std::string why = !kind.empty() ? "is " + kind + ", not a regular file"
                                    : st.st_size > (off_t(64) << 20)
                                        ? "is larger than the 64 MiB a topology may be"
                                        : std::string();
            if (!why.empty())
                return std::string("OpenCL was not loaded: its driver may read the topology ") + variable +
                       "=" + xml + " through hwloc, and it " + why +
                       " (hwloc would wait on it or read it without end)";
        }
    if (const char *files = std::getenv("OCL_ICD_FILENAMES"); files && *files) {
        std::string list = files;
        for (std::size_t at = 0; at <= list.size();) {
            const std::size_t end = std::min(list.find(':', at), list.size());
            const std::string lib = list.substr(at, end - at);
            if (!lib.empty() && ::stat(lib.c_str(), &st) == 0)
                if (std::string why = refused(lib, st, false); !why.empty())
                    return why;
            at = end + 1;
        }
    }
    const char *env = std::getenv("OCL_ICD_VENDORS");
    const std::string where = env && *env ? env : "/etc/OpenCL/vendors";
    if (::stat(where.c_str(), &st) != 0) // none: the loader finds no driver, and says so
        return {};
    if (!S_ISDIR(st.st_mode)) // one .icd file, or a library's name the loader opens
        return endsIcd(where) || where.find('/') != std::string::npos ? refused(where, st, endsIcd(where))
                                                                      : std::string();
    DIR *dir = ::opendir(where.c_str());
    if (!dir)
        return {};
    std::string why;
    while (const dirent *e = ::readdir(dir)) {
        const std::string name = e->d_name;
        if (!endsIcd(name))
            continue;
        const std::string path = where + "/" + name;
        if (::stat(path.c_str(), &st) == 0 && !(why = refused(path, st, true)).empty())
            break;
    }
    ::closedir(dir);
    return why;
}

std::string childProblem()
{
    return childListing().problem;
}

const Availability *listedInChild()
{
    const ChildListing &c = childListing();
    return c.problem.empty() && c.listed ? &*c.listed : nullptr;
}

} // namespace speeduplab::opencl::detail

namespace speeduplab::opencl {

void probeInChild(const std::string &program, const std::string &argument)
{
    {
        detail::ChildProbe &c = detail::childProbeSetting();
        std::lock_guard lock(c.mutex);
        c.program = program;
        c.argument = argument;
    }
    detail::startListing(); // the child runs while the program starts
}

bool devicesListed(double waitSeconds)
{
    detail::startListing();
    return detail::childRun().result.wait_for(std::chrono::duration<double>(std::max(0.0, waitSeconds))) ==
           std::future_status::ready;
}

int childProbe()
{
    // In this process (the child's own setting is empty); the listing to the parent, on the
    // descriptor it gave (none when run by hand).
    const std::string listing = detail::serializeListing(detail::probe().a);
    if (::fcntl(detail::kListingFd, F_GETFD) != -1)
        for (std::size_t at = 0; at < listing.size();) {
            const ssize_t put = ::write(detail::kListingFd, listing.data() + at, listing.size() - at);
            if (put <= 0 && errno != EINTR)
                break;
            at += put > 0 ? std::size_t(put) : 0;
        }
    return 0;
}

} // namespace speeduplab::opencl
