// SPDX-License-Identifier: MIT
// BlasLibrary: OpenBLAS opened at run time, its kernel chosen from the CPU's features.
#include "core/kernels/blaslibrary.h"

#include "backend/dynamiclibrary.h"

#include <dlfcn.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <strings.h>
#include <vector>

namespace speeduplab {

namespace {

BlasLibrary::Report g_report;

bool sameName(const std::string &a, const std::string &b)
{
    return strcasecmp(a.c_str(), b.c_str()) == 0;
}

#ifdef SPEEDUPLAB_HAVE_BLAS

// Sets an environment variable while OpenBLAS loads and puts back what was there (unset when it was
// unset), so that child processes (bench scripts, PyTorch) inherit the user's environment, not
// our choice. setenv is not thread-safe against concurrent getenv: this runs once, early, on the
// first thread that needs BLAS (MachineInfo::probeHost, before a sweep starts its workers).
class ScopedEnv {
public:
    ScopedEnv(const char *name, const std::string &value) : m_name(name)
    {
        if (const char *old = std::getenv(name))
            m_old = old;
        if (!value.empty())
            setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv()
    {
        if (m_old)
            setenv(m_name, m_old->c_str(), 1);
        else
            unsetenv(m_name);
    }
    ScopedEnv(const ScopedEnv &) = delete;
    ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
    const char *m_name;
    std::optional<std::string> m_old;
};

struct Opened {
    DynamicLibrary library; ///< its name() is the candidate that loaded, to load the same one again
    BlasLibrary lib;
};

// Points lib at the functions of a candidate that loaded; false, with why, when one it needs is
// missing.
bool resolveAll(const DynamicLibrary &l, BlasLibrary &lib, std::string &why)
{
    bool ok = true;
    auto sym = [&](auto &fn, const char *symbol) {
        if (!l.resolve(fn, symbol) && ok) {
            ok = false;
            why = l.name() + " has no " + symbol + ": it is not OpenBLAS";
        }
    };
    sym(lib.sgemm, "cblas_sgemm");
    sym(lib.setNumThreads, "openblas_set_num_threads");
    sym(lib.getNumThreads, "openblas_get_num_threads");
    sym(lib.coreName, "openblas_get_corename");
    sym(lib.config, "openblas_get_config");
    // Optional: only builds with BUILD_BFLOAT16 export it (Debian's 0.3.21 does not).
    l.resolve(lib.sbgemm, "cblas_sbgemm");
    return ok;
}

// Every place to look for OpenBLAS, first to last; a path that is not a regular file is left out
// (DynamicLibrary::notALibraryFile: a FIFO would block dlopen), here and so for every dlopen,
// RTLD_NOLOAD's included (it opens the file too).
std::vector<std::string> candidates()
{
    std::vector<std::string> c;
    if (const char *p = std::getenv("SPEEDUPLAB_OPENBLAS");
        p && *p && DynamicLibrary::notALibraryFile(p).empty())
        c.emplace_back(p);
#ifdef SPEEDUPLAB_OPENBLAS_PATH
    // Found at configure time; absent on another machine (an installed package), hence the
    // loader's own search below.
    if (DynamicLibrary::notALibraryFile(SPEEDUPLAB_OPENBLAS_PATH).empty())
        c.emplace_back(SPEEDUPLAB_OPENBLAS_PATH);
#endif
    c.emplace_back("libopenblas.so.0");
    c.emplace_back("libopenblas.so");
    return c;
}

// Empty when sgemm agrees with a double-precision triple loop, else the first disagreement.
// Odd shapes catch edge-tile bugs, 128 cubed the main micro-kernel.
std::string checkSgemm(BlasLibrary::Sgemm sgemm)
{
    struct Shape {
        int m, n, k;
    };
    std::uint32_t seed = 20240607u;
    auto next = [&seed] { // in [-1, 1), not a constant, reproducible
        seed = seed * 1664525u + 1013904223u;
        return float(int(seed >> 8) - (1 << 23)) / float(1 << 23);
    };
    for (const Shape s : {Shape{67, 45, 53}, Shape{128, 128, 128}}) {
        std::vector<float> a(size_t(s.m) * s.k), b(size_t(s.k) * s.n), c(size_t(s.m) * s.n, 7.0f);
        for (float &x : a)
            x = next();
        for (float &x : b)
            x = next();
        sgemm(BlasLibrary::rowMajor, BlasLibrary::noTrans, BlasLibrary::noTrans, s.m, s.n, s.k, 1.0f,
              a.data(), s.k, b.data(), s.n, 0.0f, c.data(), s.n);
        for (int i = 0; i < s.m; ++i)
            for (int j = 0; j < s.n; ++j) {
                double ref = 0, mag = 0;
                for (int p = 0; p < s.k; ++p) {
                    const double t = double(a[size_t(i) * s.k + p]) * double(b[size_t(p) * s.n + j]);
                    ref += t;
                    mag += std::fabs(t);
                }
                // fp32 summation of k terms: at most about k rounding errors of the magnitudes.
                const double tol = double(s.k + 2) * 0x1p-23 * mag + 1e-30;
                const double got = c[size_t(i) * s.n + j];
                if (!std::isfinite(got) || std::fabs(got - ref) > tol)
                    return "its " + std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                           std::to_string(s.k) + " product is wrong at (" + std::to_string(i) + ", " +
                           std::to_string(j) + "): " + std::to_string(got) + " instead of " +
                           std::to_string(ref);
            }
    }
    return "";
}

std::string realPath(const Opened &o)
{
    Dl_info info{};
    if (dladdr(reinterpret_cast<void *>(o.lib.sgemm), &info) && info.dli_fname) {
        if (char *p = realpath(info.dli_fname, nullptr)) {
            std::string s = p;
            std::free(p);
            return s;
        }
        return info.dli_fname;
    }
    return o.library.name();
}

bool alreadyInProcess()
{
    for (const auto &name : candidates())
        if (DynamicLibrary::inProcess(name))
            return true;
    return false;
}

// The first candidate that loads, with OPENBLAS_CORETYPE=core while it loads ("" = unset).
std::optional<Opened> openFirst(const std::string &core, std::string &errors, std::string &notes)
{
    const char *user = std::getenv("SPEEDUPLAB_OPENBLAS");
    if (user && *user)
        if (const std::string why = DynamicLibrary::notALibraryFile(user); !why.empty()) {
            errors += why;
            notes += "SPEEDUPLAB_OPENBLAS=" + std::string(user) + " was not opened (" + why +
                     "), so another was used. ";
        }
    Opened o;
    {
        ScopedEnv env("OPENBLAS_CORETYPE", core);
        o.library = DynamicLibrary::first(candidates(), [&o](const DynamicLibrary &l, std::string &why) {
            o.lib = BlasLibrary();
            return resolveAll(l, o.lib, why);
        });
    }
    for (const DynamicLibrary::Failure &f : o.library.failures()) {
        errors += (errors.empty() ? "" : "; ") + f.why;
        if (user && f.name == user)
            notes += "SPEEDUPLAB_OPENBLAS=" + f.name + " could not be loaded (" + f.why +
                     "), so another was used. ";
    }
    if (!o.library.loaded())
        return std::nullopt;
    return o;
}

#endif // SPEEDUPLAB_HAVE_BLAS

// Fills in g_report, and lib when OpenBLAS loads.
void fill([[maybe_unused]] BlasLibrary &lib)
{
    BlasLibrary::Report &r = g_report;
#ifndef SPEEDUPLAB_HAVE_BLAS
    r.error = "built without BLAS (SPEEDUPLAB_BLAS=OFF): configure with -DSPEEDUPLAB_BLAS=ON and install "
              "libopenblas0 to use the blas variant";
#else
    const BlasLibrary::CpuFeatures features = BlasLibrary::cpuFeatures();
    const std::string isa = BlasLibrary::widestIsa(features);
    const char *env = std::getenv("OPENBLAS_CORETYPE");
    const std::string userCore = env ? env : "";
    std::string choice;
    std::string errors, notes;
    if (!userCore.empty()) {
        r.chosenBy = "OPENBLAS_CORETYPE=" + userCore + " set in the environment";
        if (const std::string why = BlasLibrary::coreTypeProblem(userCore); !why.empty())
            notes += why + " ";
    } else if (alreadyInProcess()) {
        // Its constructor has run: the kernel is fixed, and reloading would not unload it.
        r.chosenBy = "the library's own choice, made before SpeedupLab could choose (it was already loaded)";
    } else {
        choice = BlasLibrary::chooseCoreType(features);
        r.chosenBy = choice.empty() ? "the library's own choice"
                                    : "chosen by SpeedupLab from the CPU's features: " + isa;
    }

    std::optional<Opened> o = openFirst(choice, errors, notes);
    if (!o) {
        r.error = "OpenBLAS could not be loaded (" + errors +
                  "): install libopenblas0 (or libopenblas-dev), or name the library in "
                  "SPEEDUPLAB_OPENBLAS, to use the blas variant";
        return;
    }

    if (!choice.empty()) {
        // Never reached when the user set OPENBLAS_CORETYPE: their choice is only reported.
        std::string why;
        const std::string got = o->lib.coreName() ? o->lib.coreName() : "";
        if (!sameName(got, choice))
            why = "OpenBLAS runs its " + got + " kernel, not the " + choice + " asked for";
        else if (std::string bad = checkSgemm(o->lib.sgemm); !bad.empty())
            why = "OpenBLAS's " + choice + " kernel failed the load check (" + bad + ")";
        if (!why.empty()) {
            // dlclose really unloads OpenBLAS (checked with glibc 2.36 and Debian's 0.3.21: it is
            // not linked with -z nodelete and has no STB_GNU_UNIQUE symbols; its destructor stops
            // its threads), so the second dlopen runs its constructor again and it picks its own
            // kernel: openblas_get_corename changes from the forced one to the detected one. If
            // something else in the process holds a reference, it stays loaded: that is detected
            // here, and the library is kept only when its results are right.
            const std::string name = o->library.name();
            o->library.close();
            if (DynamicLibrary still = DynamicLibrary::open(name, RTLD_NOW | RTLD_NOLOAD); still.loaded()) {
                o->library = still;
                if (checkSgemm(o->lib.sgemm).empty()) {
                    notes += why + "; it could not be unloaded to let it choose, so it is kept. ";
                } else {
                    o->library.close();
                    r.error = why + ", and it could not be unloaded to load it again: set OPENBLAS_CORETYPE "
                                    "to a kernel this CPU runs correctly (e.g. Prescott) before starting";
                    return;
                }
            } else {
                std::string again;
                o = openFirst("", again, notes);
                if (!o) {
                    r.error = why + ", and loading it again failed (" + again + ")";
                    return;
                }
                r.chosenBy = "the library's own choice";
                notes += why + "; fell back to the library's own choice (" +
                         std::string(o->lib.coreName() ? o->lib.coreName() : "?") + "). ";
            }
        }
    }

    r.loaded = true;
    r.path = realPath(*o);
    r.config = o->lib.config() ? o->lib.config() : "";
    if (r.config.rfind("OpenBLAS ", 0) == 0) {
        const size_t end = r.config.find(' ', 9);
        r.version = r.config.substr(9, end == std::string::npos ? std::string::npos : end - 9);
    }
    r.coreName = o->lib.coreName() ? o->lib.coreName() : "";
    if (BlasLibrary::isSseOnlyCore(r.coreName) && (isa == "AVX-512" || isa == "AVX2, FMA")) {
        const std::string better = BlasLibrary::chooseCoreType(features);
        notes += "OpenBLAS runs its generic " + r.coreName + " kernel (SSE only) on a CPU with " + isa +
                 ": matrix products run several times slower than this CPU allows. " +
                 (userCore.empty() ? "Set OPENBLAS_CORETYPE=" + better + " or install a newer OpenBLAS."
                                   : "Unset OPENBLAS_CORETYPE, or set it to " + better + ".");
    } else if (!userCore.empty() && !BlasLibrary::isSseOnlyCore(r.coreName)) {
        // A narrower kernel set on purpose (e.g. Haswell's AVX2 on an AVX-512 CPU) is kept, but
        // the reader should know that the CPU side is not at its best.
        const std::string better = BlasLibrary::chooseCoreType(features);
        static const char *const avx2[] = {"Haswell", "Zen", "Excavator", "Steamroller"};
        static const char *const avx[] = {"Sandybridge", "Bulldozer", "Piledriver"};
        auto in = [&](const auto &names) {
            for (const char *n : names)
                if (sameName(r.coreName, n))
                    return true;
            return false;
        };
        if ((isa == "AVX-512" && (in(avx2) || in(avx))) || (isa == "AVX2, FMA" && in(avx)))
            notes += "OPENBLAS_CORETYPE=" + userCore + " selects narrower vectors than this CPU's " + isa +
                     ": matrix products run slower than it allows (" + better +
                     " would use them). Kept, as set; unset it to let SpeedupLab choose. ";
    }
    while (!notes.empty() && notes.back() == ' ')
        notes.pop_back();
    r.warning = notes;
    lib = o->lib;
#endif
}

bool load(BlasLibrary &lib, std::string &error)
{
    fill(lib);
    error = g_report.error;
    return g_report.loaded;
}

LoadOnce<BlasLibrary> g_blas(load);

} // namespace

std::string BlasLibrary::Report::summary() const
{
    if (!loaded)
        return "none: " + error;
    return "OpenBLAS " + (version.empty() ? std::string("(version unknown)") : version) + ", kernel " +
           (coreName.empty() ? std::string("unknown") : coreName) + " (" + chosenBy + ")";
}

const BlasLibrary *BlasLibrary::loaded()
{
    return g_blas.get();
}

const BlasLibrary::Report &BlasLibrary::report()
{
    g_blas.get();
    return g_report;
}

std::uint16_t BlasLibrary::toBf16(float f)
{
    std::uint32_t u = 0;
    std::memcpy(&u, &f, sizeof u);
    if ((u & 0x7fffffffu) > 0x7f800000u) // NaN stays NaN (quiet), whatever its payload
        return std::uint16_t((u >> 16) | 0x40);
    return std::uint16_t((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

BlasLibrary::CpuFeatures BlasLibrary::cpuFeatures()
{
    CpuFeatures f;
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    f.amd = __builtin_cpu_is("amd");
    f.avx = __builtin_cpu_supports("avx");
    f.avx2 = __builtin_cpu_supports("avx2");
    f.fma = __builtin_cpu_supports("fma");
    f.avx512f = __builtin_cpu_supports("avx512f");
    f.avx512bw = __builtin_cpu_supports("avx512bw");
    f.avx512vl = __builtin_cpu_supports("avx512vl");
    f.avx512dq = __builtin_cpu_supports("avx512dq");
    f.avx512cd = __builtin_cpu_supports("avx512cd");
    f.avx512bf16 = __builtin_cpu_supports("avx512bf16");
#endif
    return f;
}

std::string BlasLibrary::widestIsa(const CpuFeatures &f)
{
    // OpenBLAS's SkylakeX kernels need all five AVX-512 subsets, as its own detection checks.
    if (f.avx512f && f.avx512bw && f.avx512vl && f.avx512dq && f.avx512cd)
        return "AVX-512";
    if (f.avx2 && f.fma)
        return "AVX2, FMA";
    if (f.avx)
        return "AVX";
    return "SSE";
}

std::string BlasLibrary::chooseCoreType(const CpuFeatures &f)
{
    const std::string isa = widestIsa(f);
    if (isa == "AVX-512")
        return "SkylakeX";
    if (isa == "AVX2, FMA")
        return f.amd ? "Zen" : "Haswell"; // same instructions; Zen's blocking suits AMD's caches
    if (isa == "AVX")
        return "Sandybridge";
    return ""; // the library knows the SSE generations better than a feature list would
}

const std::vector<std::string> &BlasLibrary::knownCoreTypes()
{
    // OpenBLAS's x86-64 DYNAMIC_ARCH core names (driver/others/dynamic.c, corename[]), which
    // OPENBLAS_CORETYPE is compared with, ignoring case. Debian's 0.3.21 knows Cooperlake;
    // SapphireRapids only a later one.
    static const std::vector<std::string> names = {
        "Katmai",    "Coppermine",  "Northwood", "Prescott",   "Banias",        "Atom",         "Core2",
        "Penryn",    "Dunnington",  "Nehalem",   "Athlon",     "Opteron",       "Opteron_SSE3", "Barcelona",
        "Nano",      "Sandybridge", "Bobcat",    "Bulldozer",  "Piledriver",    "Haswell",      "Steamroller",
        "Excavator", "Zen",         "SkylakeX",  "Cooperlake", "SapphireRapids"};
    return names;
}

std::string BlasLibrary::coreTypeProblem(const std::string &value)
{
    for (const std::string &name : knownCoreTypes())
        if (sameName(value, name))
            return "";
    std::string list;
    for (const std::string &name : knownCoreTypes())
        list += (list.empty() ? "" : ", ") + name;
    // OpenBLAS says "Core not found" only at a verbosity it does not have by default, and then
    // chooses for itself (Debian's 0.3.21 does): the setting does nothing, silently.
    return "OPENBLAS_CORETYPE=" + value +
           " is not a kernel OpenBLAS knows, so OpenBLAS ignores it and chooses its kernel itself (the "
           "machine's BLAS line names it). Unset it to let SpeedupLab choose, or set one of " +
           list + " (case does not matter; an older OpenBLAS may lack the newest).";
}

bool BlasLibrary::isSseOnlyCore(const std::string &coreName)
{
    // OpenBLAS's x86 core names whose kernels use no AVX (dynamic.c's corename table).
    static const char *const sse[] = {"Unknown", "Katmai", "Coppermine", "Northwood",    "Prescott",
                                      "Banias",  "Atom",   "Core2",      "Penryn",       "Dunnington",
                                      "Nehalem", "Athlon", "Opteron",    "Opteron_SSE3", "Barcelona",
                                      "Nano",    "Bobcat"};
    for (const char *s : sse)
        if (sameName(coreName, s))
            return true;
    return false;
}

} // namespace speeduplab
