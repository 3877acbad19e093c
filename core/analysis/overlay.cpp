// SPDX-License-Identifier: MIT
// Overlay: the other tool's names mapped to ours, its curves, and the time ratios against ours.
#include "core/analysis/overlay.h"

#include "core/model/workload.h"

#include <cmath>

namespace speeduplab {

std::string Overlay::name(const ResultSet &reference)
{
    return reference.machine.programVersion.empty() ? "reference" : reference.machine.programVersion;
}

Measurement Overlay::asOurs(Measurement m)
{
    if (m.mode == "eager")
        m.mode = "launch";
    if (m.variant == "torch-tf32" || m.variant == "torch-fp16" || m.variant == "torch-bf16") {
        m.variant = "cublas-" + m.variant.substr(6);
    } else if (m.variant == "torch" || m.variant == "numpy") {
        m.variant.clear();
        if (const Workload *w = Workload::find(m.workload)) {
            const auto &variants = m.onDevice() ? w->gpuVariants : w->cpuVariants;
            if (!variants.empty())
                m.variant = variants.front();
        }
    }
    return m;
}

std::vector<Overlay::Curve> Overlay::curves(const ResultSet &reference, const std::string &workload)
{
    std::vector<Curve> out;
    for (auto &s : Analysis::series(reference, workload)) {
        Curve c;
        for (const auto &m : reference.rows)
            if (m.seriesKey() == s.key) {
                c.ours = Analysis::curveOf(asOurs(m));
                break;
            }
        c.series = std::move(s);
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<Overlay::Ratio> Overlay::ratios(const std::vector<Series> &ours, const std::vector<Curve> &theirs)
{
    std::vector<Ratio> out;
    for (const auto &c : theirs)
        for (const auto &s : ours) {
            if (s.key != c.ours.key)
                continue;
            Ratio r;
            r.label = s.label;
            double logSum = 0;
            for (const auto &p : s.points)
                for (const auto &q : c.series.points)
                    if (p.n == q.n && p.t > 0 && q.t > 0) {
                        logSum += std::log(p.t / q.t);
                        r.nMin = r.count ? std::min(r.nMin, p.n) : p.n;
                        r.nMax = std::max(r.nMax, p.n);
                        ++r.count;
                    }
            if (r.count) {
                r.ratio = std::exp(logSum / r.count);
                out.push_back(r);
            }
        }
    return out;
}

} // namespace speeduplab
