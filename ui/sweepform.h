// SPDX-License-Identifier: MIT
// The sweep panel's form as plain values: what its fields hold, the plan they make, their settings.
#pragma once

#include "core/model/workload.h"
#include "core/plan/sweepplan.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

class QSettings;

namespace speeduplab {

/// Everything the sweep panel's fields hold, as plain values. The panel shows one and
/// produces one; settings and presets load into one, which is checked as a whole before a
/// single field changes, so the configuration is never left half-applied. Each field is listed
/// once more, in the field table of sweepform.cpp (its settings key, its reading and writing, its
/// part of the plan), which save, load, toPlan and fromPlan walk.
struct SweepForm {
    QString workload = QStringLiteral("add");
    QString cpuVariant; ///< "" : the fastest this build has
    QString gpuVariant; ///< "" : the workload's default; "a,b,...": several (allVariants: every one)
    bool sizesAsRange = true;
    int rangeMin = 4;
    int rangeMax = 4000;
    int stepsPerDecade = 4;
    QString sizeList = QStringLiteral("4,16,64,256,1024,4096");
    bool cpu = true;
    QList<int> threads;
    bool gpu = false;
    int device = 0;
    bool allDevices = false; ///< every usable device in turn (--device all); device is the first
    /// The device chosen is a described backend's (OpenCL): its rows' name ("opencl"), and device is
    /// its index there (opencl:device); the plan sweeps it instead of a CUDA GPU. Empty: a CUDA GPU.
    /// With allDevices, every described device follows the CUDA GPUs.
    QString described;
    QStringList modes; ///< checked GPU modes
    bool transfers = false;
    bool pinned = false;
    int iterations = 1000; ///< 0: the workload's default
    double minTime = 0.1;
    int maxReps = 1000;
    double budget = 0;
    bool coldCache = false; ///< flush the caches before every repetition (--cache cold)
    int rounds = 1;         ///< the whole sweep this many times, shuffled (--rounds)
    bool energy = true;     ///< each point's energy where the machine counts it (--energy)
    /// "Find the crossovers": SweepPlan::refine (0: off), refinePrecision when checked.
    double refine = 0;
    static constexpr double refinePrecision = 0.05;
    /// Where the CPU threads run: Placement::name ("cores-first", "compact", "none").
    QString placement = QStringLiteral("cores-first");

    /// The seed experiment on this machine, with the GPU on when one is usable.
    /// `described`: this machine's usable devices of the described backends (OpenCL), which
    /// allDevices sweeps after the CUDA GPUs, and one of which the form may choose.
    static SweepForm defaults(int hardwareThreads, bool gpuUsable,
                              const std::vector<PlanDevice> &described = {});
    /// The fields that show a plan (sizes as an explicit list unless they are a log range).
    static SweepForm fromPlan(const SweepPlan &plan, int hardwareThreads, bool gpuUsable,
                              const std::vector<PlanDevice> &described = {});
    /// The gpuVariant that asks for every device variant of w (CUDA's, or those of the described
    /// backend whose rows are named `described`): their names joined by commas.
    static QString allVariants(const Workload &w, const QString &described = {});
    /// The device variants of w the form offers: CUDA's, or the described backend's.
    static const std::vector<std::string> &deviceVariants(const Workload &w, const QString &described);

    /// The sizes the fields describe. Throws std::invalid_argument with the reason.
    std::vector<int> sizes() const;
    /// The most CPU threads the sweep keeps busy: its largest thread count, or 1 (the thread
    /// that launches the kernels) when only the GPU is measured.
    int maxThreads() const;
    /// The plan, checked as a whole (SweepPlan::validate and the panel's own rules). Throws
    /// std::invalid_argument with one sentence naming the problem.
    /// gpuCount: the usable CUDA GPUs and `described` the described backends' devices, which
    /// allDevices sweeps in turn.
    SweepPlan toPlan(int hardwareThreads, int gpuCount = 1,
                     const std::vector<PlanDevice> &described = {}) const;

    void save(QSettings &s) const;
    /// Reads a form saved by save(). Returns nothing when a value is missing, of the wrong
    /// type, out of range, or the whole does not make a valid plan: the caller then keeps the
    /// defaults. gpuUsable: the GPU is switched off when this machine has none.
    /// described: the described backends' devices of this machine (a saved one not among them is
    /// dropped, with the GPU box).
    static std::optional<SweepForm> load(QSettings &s, int hardwareThreads, bool gpuUsable,
                                         const std::vector<PlanDevice> &described = {});

    bool operator==(const SweepForm &) const = default;
};

} // namespace speeduplab
