// SPDX-License-Identifier: MIT
// BlasLibrary: OpenBLAS, loaded at run time with a kernel chosen for the CPU (no Qt).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace speeduplab {

/// OpenBLAS, opened with dlopen on first use rather than linked, so that SpeedupLab can pick
/// its kernel before the library's constructor does. Debian's OpenBLAS 0.3.21 (DYNAMIC_ARCH)
/// does not know newer CPUs and falls back to its generic SSE3 "Prescott" kernel, 5x slower
/// than the AVX-512 one; OPENBLAS_CORETYPE is read only while the library loads. Also lets a
/// build without the OpenBLAS package run, and use it once it is installed.
class BlasLibrary {
public:
    /// The CBLAS signature with its enums as int (CblasRowMajor = 101, CblasNoTrans = 111):
    /// cblas.h is not included, so that building needs no OpenBLAS headers.
    using Sgemm = void (*)(int order, int transA, int transB, int m, int n, int k, float alpha,
                           const float *a, int lda, const float *b, int ldb, float beta, float *c, int ldc);
    /// cblas_sbgemm: bf16 A and B (raw bits, uint16_t), fp32 alpha, beta and C.
    using Sbgemm = void (*)(int order, int transA, int transB, int m, int n, int k, float alpha,
                            const std::uint16_t *a, int lda, const std::uint16_t *b, int ldb, float beta,
                            float *c, int ldc);
    static constexpr int rowMajor = 101;
    static constexpr int noTrans = 111;

    Sgemm sgemm = nullptr;
    Sbgemm sbgemm = nullptr; ///< nullptr when the library was built without bfloat16 support
    void (*setNumThreads)(int) = nullptr;
    int (*getNumThreads)() = nullptr;
    char *(*coreName)() = nullptr;
    char *(*config)() = nullptr;

    /// The CPU's vector features that decide OpenBLAS's kernel (what the OS saves included).
    struct CpuFeatures {
        bool amd = false;
        bool avx = false;
        bool avx2 = false;
        bool fma = false;
        bool avx512f = false;
        bool avx512bw = false;
        bool avx512vl = false;
        bool avx512dq = false;
        bool avx512cd = false;
        bool avx512bf16 = false; ///< VDPBF16PS: bf16 products accumulated in fp32
    };

    /// What was loaded and how its kernel was chosen, complete when load() returns.
    struct Report {
        bool loaded = false;
        std::string error;    ///< when not loaded: why, and what to install
        std::string path;     ///< the file loaded
        std::string version;  ///< "0.3.21"
        std::string config;   ///< openblas_get_config()
        std::string coreName; ///< the kernel in use, "SkylakeX"
        std::string chosenBy; ///< "chosen by SpeedupLab from the CPU's features: AVX-512", ...
        std::string warning;  ///< "" unless the kernel is slower than the CPU allows or a fallback
        /// One line: "OpenBLAS 0.3.21, kernel SkylakeX (chosen by ...)", or "none: <error>".
        std::string summary() const;
    };

    /// f in bf16 (its raw bits), rounded to nearest even as OpenBLAS's cblas_sbstobf16 does.
    static std::uint16_t toBf16(float f);

    /// The loaded library, or nullptr when none could be loaded (report().error says why).
    /// Loads, chooses and checks the kernel on the first call (thread-safe). Never throws.
    /// SPEEDUPLAB_OPENBLAS (and any path tried) must be a regular file: a FIFO or a device is
    /// never opened, and is named in the report's warning.
    static const BlasLibrary *loaded();
    /// What the first load found. Loads on first call. Never throws.
    static const Report &report();

    /// This CPU's features (__builtin_cpu_supports, which also checks that the OS saves the
    /// AVX/AVX-512 state).
    static CpuFeatures cpuFeatures();
    /// The OPENBLAS_CORETYPE for a CPU with these features, or "" to leave it to the library.
    /// Pure: decided by features, never by model names, so that new CPUs are covered.
    static std::string chooseCoreType(const CpuFeatures &f);
    /// The widest vector ISA of these features: "AVX-512", "AVX2", "AVX" or "SSE".
    static std::string widestIsa(const CpuFeatures &f);
    /// The values OPENBLAS_CORETYPE may take on x86-64 (OpenBLAS's core names).
    static const std::vector<std::string> &knownCoreTypes();
    /// "" when value is one of knownCoreTypes (ignoring case), else a sentence for the user: that
    /// OpenBLAS ignores it, and the values it accepts. load() adds it to the report's warning.
    static std::string coreTypeProblem(const std::string &value);
    /// Whether an OpenBLAS core name is an SSE-only kernel (Prescott, Core2, Nehalem, ...).
    static bool isSseOnlyCore(const std::string &coreName);
};

} // namespace speeduplab
