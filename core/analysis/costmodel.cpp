// SPDX-License-Identifier: MIT
// Fitting a curve's cost model (Explain::model): the fixed cost and one rate per memory level its
// points span, a launch-mode curve as a queue over its kernel, and the rows behind a curve.
#include "core/analysis/curverows.h"
#include "core/analysis/explain.h"

#include "core/machine/gpuspecs.h"
#include "core/measure/calibration.h"
#include "core/model/workload.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace speeduplab {

namespace curverows {

namespace {

// Whether m is a successful point of curve s (SeriesId::matches: the key is built last).
bool belongs(const Measurement &m, const Series &s)
{
    return m.ok() && s.matches(m);
}

} // namespace

// The row a point names (SeriesPoint::row), when the series was built from r; else null.
const Measurement *indexedRow(const ResultSet &r, const Series &s, const SeriesPoint &p)
{
    return p.row < r.rows.size() && r.rows[p.row].n == p.n && belongs(r.rows[p.row], s) ? &r.rows[p.row]
                                                                                        : nullptr;
}

// The measurements behind a curve's points, by n (the last one, when a size was rerun). Each
// point names its row when the series was built from r: looking every curve's rows up in all
// of r's made a 200-curve file's explanation cost 40 ms. Otherwise one pass over r.
Rows rowsOf(const ResultSet &r, const Series &s)
{
    Rows out;
    out.reserve(s.points.size());
    for (const SeriesPoint &p : s.points) {
        const Measurement *m = indexedRow(r, s, p);
        if (!m)
            break;
        out.emplace_back(p.n, m);
    }
    if (out.size() != s.points.size()) {
        out.clear();
        for (const Measurement &m : r.rows)
            if (belongs(m, s))
                out.emplace_back(m.n, &m);
    }
    // By n, the last of a size rerun kept (a stable sort keeps the rows' order within a size).
    std::stable_sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    Rows unique;
    unique.reserve(out.size());
    for (const auto &row : out)
        if (!unique.empty() && unique.back().first == row.first)
            unique.back() = row;
        else
            unique.push_back(row);
    return unique;
}

std::size_t indexOf(const Rows &rows, int n)
{
    const auto at =
        std::lower_bound(rows.begin(), rows.end(), n, [](const auto &row, int v) { return row.first < v; });
    return at != rows.end() && at->first == n ? std::size_t(at - rows.begin()) : rows.size();
}

const Measurement *rowOf(const ResultSet &r, const Series &s, int n)
{
    for (const SeriesPoint &p : s.points)
        if (p.n == n)
            if (const Measurement *m = indexedRow(r, s, p))
                return m;
    const Measurement *found = nullptr;
    for (const Measurement &m : r.rows)
        if (m.n == n && belongs(m, s))
            found = &m;
    return found;
}

// The spec-sheet memory bandwidth (bytes/s) and the L2 size of a GPU point's device, from the
// result's metadata; 0 when unknown.
const MachineInfo::Gpu *deviceOf(const Measurement &m, const MachineInfo &machine)
{
    if (!m.isCuda()) // machine.gpus are CUDA's
        return nullptr;
    for (const auto &g : machine.gpus)
        if (g.index == std::max(0, m.device))
            return &g;
    return nullptr;
}

} // namespace curverows

using namespace curverows;

namespace {

// Whether a GPU point moved its bytes faster than its device's spec sheet allows from HBM.
bool aboveSpec(const Measurement &m, const MachineInfo &machine)
{
    const MachineInfo::Gpu *g = m.ok() && m.stats.median > 0 ? deviceOf(m, machine) : nullptr;
    return g && g->bandwidthGBs > 0 && m.bytes / m.stats.median > g->bandwidthGBs * 1e9;
}

// The memory level of each point of a curve (Calibration::levelFor), by n. When the result does
// not say how large the GPU's L2 is (files of older versions), a point that moved its bytes
// faster than the spec sheet allows cannot have been served from HBM, and neither can a smaller
// one: the L2 holds every size up to the largest such point.
std::vector<Calibration::Level> levelsOf(const curverows::Rows &byN, const MachineInfo &machine)
{
    // A point's level is the first that holds its working set, which grows with n: where two
    // points of one kind (their iterations and cache alike) share a level, every size between
    // them does too. So each level's edge is found by halving, not each point asked (a chart's
    // rebuild of 10,000 points asked 10,000 times, a tenth of it).
    std::vector<std::optional<Calibration::Level>> found(byN.size());
    const auto at = [&](std::size_t i) -> const Calibration::Level & {
        if (!found[i])
            found[i] = Calibration::levelFor(*byN[i].second, machine, false);
        return *found[i];
    };
    const auto alike = [&](std::size_t i, std::size_t j) {
        const Measurement &a = *byN[i].second, &b = *byN[j].second;
        return a.iterations == b.iterations && a.conditions.cache == b.conditions.cache;
    };
    const auto fill = [&](auto &self, std::size_t lo, std::size_t hi) -> void {
        if (hi <= lo + 1) {
            at(lo), at(hi);
            return;
        }
        const Calibration::Level &a = at(lo), &b = at(hi);
        bool same = a.name == b.name && a.key == b.key && a.value == b.value;
        for (std::size_t i = lo + 1; same && i < hi; ++i)
            same = alike(lo, i);
        if (same && alike(lo, hi)) {
            for (std::size_t i = lo + 1; i < hi; ++i)
                found[i] = a;
            return;
        }
        const std::size_t mid = lo + (hi - lo) / 2;
        self(self, lo, mid);
        self(self, mid, hi);
    };
    if (!byN.empty())
        fill(fill, 0, byN.size() - 1);
    std::vector<Calibration::Level> out(byN.size());
    int l2UpTo = 0;
    for (std::size_t i = 0; i < byN.size(); ++i) {
        const auto &[n, m] = byN[i];
        out[i] = at(i);
        if (out[i].name == "HBM" && aboveSpec(*m, machine))
            if (const MachineInfo::Gpu *g = deviceOf(*m, machine); g && !(GpuSpecs::l2Bytes(*g) > 0))
                l2UpTo = n;
    }
    for (std::size_t i = 0; i < byN.size(); ++i)
        if (byN[i].first <= l2UpTo && out[i].name == "HBM")
            out[i] = {"GPU L2", Calibration::gpuL2, Calibration::value(machine, Calibration::gpuL2), false};
    return out;
}

// A fitted rate above the GPU's spec-sheet memory bandwidth cannot be HBM's, whatever the working
// set says (levelsOf's rule for a point, applied to the rate fitted through several): its tier is
// the L2's.
void noHbmAboveSpec(std::vector<CostModel::Tier> &tiers, const curverows::Rows &rows,
                    const MachineInfo &machine)
{
    const MachineInfo::Gpu *g = rows.empty() ? nullptr : deviceOf(*rows.front().second, machine);
    if (!g || !(g->bandwidthGBs > 0))
        return;
    for (CostModel::Tier &t : tiers)
        if (t.level == "HBM" && t.rate > g->bandwidthGBs * 1e9)
            t.level = "GPU L2";
}

} // namespace

CostModel CostModel::from(const LinearFit &fit)
{
    CostModel m;
    if (!fit.valid)
        return m;
    m.valid = true;
    m.fixed = fit.a;
    m.rate = fit.b > 0 ? 1.0 / fit.b : 0;
    return m;
}

double CostModel::rateAt(double work) const
{
    const Tier *t = tierAt(work);
    return t ? t->rate : rate;
}

const CostModel::Tier *CostModel::tierAt(double work) const
{
    const Tier *at = nullptr;
    for (const Tier &t : tiers)
        if (work >= t.fromWork || &t == &tiers.front())
            at = &t;
    return at;
}

double CostModel::kneeWork() const
{
    // The time the work term must reach: the fixed cost, or queued, what the issue cost leaves
    // above the kernel's own fixed cost.
    const double floor = queued() ? std::max(0.0, fixed - kernelFixed) : fixed;
    if (tiers.empty())
        return rate > 0 ? floor * rate : 0;
    for (std::size_t i = 0; i < tiers.size(); ++i) {
        if (!(tiers[i].rate > 0))
            continue;
        const double w = std::max(floor * tiers[i].rate, i == 0 ? 0.0 : tiers[i].fromWork);
        if (i + 1 == tiers.size() || w < tiers[i + 1].fromWork)
            return w;
    }
    return 0;
}

CostModel CostModel::scaled(double k) const
{
    CostModel m = *this;
    m.rate *= k;
    for (Tier &t : m.tiers)
        t.rate *= k;
    return m;
}

namespace {

// The additive model, fixed + work / rate, tier by tier (Explain::model without the queue).
CostModel additive(const ResultSet &r, const Series &all);

// The rows of the graph-mode curve of the kernel a launch-mode curve launches (same run, device,
// variant, copies, cache), with the machine: a result of their own, which Analysis::series makes
// one curve of. One pass of cheap comparisons over the rows (SeriesId::matches), so that a file
// of many curves stays linear in its rows per curve.
ResultSet kernelRows(const ResultSet &r, const Series &launch)
{
    ResultSet out;
    const Measurement *row = rowOf(r, launch, launch.points.front().n);
    if (!row)
        return out;
    Measurement graph = *row;
    graph.mode = "graph";
    const SeriesId id = SeriesId::of(graph);
    out.machine = r.machineOf(launch.run);
    for (const Measurement &m : r.rows)
        if (id.matches(m))
            out.rows.push_back(m);
    return out;
}

// A launch-mode curve as a queue (CostModel::queued): the kernel's terms from its graph-mode
// curve, the issue cost from the points the kernel does not fill. An invalid model when there is
// no graph curve, no point the issue cost bounds, or the queue fits the points worse than the sum.
CostModel queue(const ResultSet &r, const Series &s, const CostModel &sum)
{
    const ResultSet graphRows = kernelRows(r, s);
    const std::vector<Series> graph = Analysis::series(graphRows, s.workload);
    if (graph.size() != 1 || graph.front().points.size() < 3)
        return {};
    const CostModel kernel = additive(graphRows, graph.front());
    if (!kernel.valid || !(kernel.rate > 0))
        return {};
    // The issue cost: the relative-weighted mean of the points the kernel's time stays well under.
    double sw = 0, swt = 0;
    for (const SeriesPoint &p : s.points)
        if (p.t > 0 && !p.disturbed && kernel.time(p.work) < 0.8 * p.t) {
            const double w = 1.0 / (p.t * p.t);
            sw += w;
            swt += w * p.t;
        }
    if (!(sw > 0))
        return {};
    CostModel q = kernel;
    q.kernelFixed = kernel.fixed;
    q.fixed = std::max(kernel.fixed, swt / sw);
    q.points = sum.points;
    q.nLo = sum.nLo; // held to the launch curve's own points below
    q.nHi = sum.nHi;
    q.leftOut = sum.leftOut;
    std::vector<std::pair<int, double>> times;
    for (std::size_t i = 0; i < s.points.size(); ++i)
        if (!s.points[i].disturbed)
            times.emplace_back(int(i), s.points[i].t);
    const auto at = [&s](const CostModel &m) {
        return [&s, model = &m](int i) { return model->time(s.points[std::size_t(i)].work); };
    };
    if (logError(times, at(q)) > logError(times, at(sum)) * 1.05)
        return {};
    return q;
}

} // namespace

CostModel Explain::model(const ResultSet &r, const Series &all)
{
    const CostModel sum = additive(r, all);
    // Queued launches overlap the kernels they launch: the sum of the two would make a kernel's
    // rate out of the launch's overlap (13.9 TB/s "in L2" under a 3 us launch, against the same
    // kernel's 6.2 TB/s in graph mode).
    if (sum.valid && all.onDevice() && all.mode == "launch" && !all.points.empty())
        if (const CostModel q = queue(r, all, sum); q.valid)
            return q;
    return sum;
}

namespace {

CostModel additive(const ResultSet &r, const Series &all)
{
    // A point another program disturbed (it held a core during the repetitions) is not this
    // curve's behaviour: it stays out of the fit while two points or more remain.
    Series s = all;
    std::erase_if(s.points, [](const SeriesPoint &p) { return p.disturbed; });
    if (s.points.size() < 2)
        s = all;
    CostModel m = CostModel::from(Analysis::fitLinear(s));
    if (!m.valid)
        return m;
    m.points = int(std::count_if(s.points.begin(), s.points.end(),
                                 [](const SeriesPoint &p) { return p.t > 0 && p.work > 0; }));
    m.leftOut = int(all.points.size() - s.points.size());
    for (const SeriesPoint &p : s.points)
        if (p.t > 0 && p.work > 0) {
            m.nLo = m.nLo > 0 ? std::min(m.nLo, p.n) : p.n;
            m.nHi = std::max(m.nHi, p.n);
        }
    // The level of each point, and the runs of consecutive points in one level.
    const auto &pts = s.points;
    std::vector<CostModel::Tier> tiers;
    std::vector<std::size_t> first; // the first point of each tier
    const curverows::Rows rows = rowsOf(r, s);
    const MachineInfo &machine = r.machineOf(all.run); // its run's: levels, spec sheet
    const std::vector<Calibration::Level> levels = levelsOf(rows, machine);
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const std::size_t found = curverows::indexOf(rows, pts[i].n);
        const Calibration::Level level = found < levels.size() ? levels[found] : Calibration::Level{};
        if (tiers.empty() || tiers.back().level != level.name) {
            tiers.push_back({level.name, i == 0 ? 0.0 : pts[i].work, 0, true, level.flops});
            first.push_back(i);
        }
    }
    if (tiers.size() < 2) {
        if (!tiers.empty()) {
            m.tiers = {tiers.front()};
            m.tiers.front().rate = m.rate;
        }
        noHbmAboveSpec(m.tiers, rows, machine);
        return m;
    }
    // Each tier starts where its level starts, not at its first measured point: at the smallest n
    // between that point and the one before whose working set the level holds, by the rule every
    // point's level is found by (Calibration::levelFor), its work on the power law through the two
    // points. A size between them is held to the rate of the level its data are in.
    for (std::size_t k = 1; k < tiers.size(); ++k) {
        const SeriesPoint &a = pts[first[k] - 1], &b = pts[first[k]];
        const std::size_t row = curverows::indexOf(rows, b.n);
        if (row == rows.size() || b.n - a.n < 2 || !(a.work > 0) || !(b.work > a.work))
            continue;
        Measurement probe = *rows[row].second;
        int lo = a.n, hi = b.n; // lo: in the level before; hi: in this tier's
        while (hi - lo > 1) {
            probe.n = lo + (hi - lo) / 2;
            probe.elements = Workload::elements(probe.n);
            (Calibration::levelFor(probe, machine, false).name == tiers[k].level ? hi : lo) = probe.n;
        }
        const double power = std::log(b.work / a.work) / std::log(double(b.n) / a.n);
        tiers[k].fromWork = a.work * std::pow(double(hi) / a.n, power);
    }
    first.push_back(pts.size());
    constexpr double hiddenShare = 0.25;
    // Alternate: each tier's rate given the fixed cost, then the fixed cost given the rates, all
    // with relative (1/t^2) weights as in Analysis::fitLinear.
    for (int round = 0; round < 4; ++round) {
        for (std::size_t k = 0; k < tiers.size(); ++k) {
            double sxy = 0, sxx = 0;
            for (std::size_t i = first[k]; i < first[k + 1]; ++i) {
                const double w = 1.0 / (pts[i].t * pts[i].t);
                sxy += w * pts[i].work * (pts[i].t - m.fixed);
                sxx += w * pts[i].work * pts[i].work;
            }
            tiers[k].rate = sxy > 0 && sxx > 0 ? sxx / sxy : 0;
            // A rate whose work takes under a quarter of even its largest point's time is the noise's
            // (a 75.7 TB/s "L2" under a 3 us launch; a CPU "L1" of 2.45 TB/s at 11 threads, whose
            // work was 0.17 us of a 1.45 us fork/join, beside 708 GB/s at 12): the fixed cost hides
            // that level's rate, and the tier takes its neighbour's, said as borrowed.
            const SeriesPoint &top = pts[first[k + 1] - 1];
            if (tiers[k].rate > 0 && top.work / tiers[k].rate < hiddenShare * top.t)
                tiers[k].rate = 0;
            tiers[k].fitted = tiers[k].rate > 0;
        }
        // A tier whose points show no work term (the fixed cost hides it) takes its neighbour's.
        for (std::size_t k = tiers.size(); k-- > 0;)
            if (!(tiers[k].rate > 0) && k + 1 < tiers.size())
                tiers[k].rate = tiers[k + 1].rate;
        for (std::size_t k = 1; k < tiers.size(); ++k)
            if (!(tiers[k].rate > 0))
                tiers[k].rate = tiers[k - 1].rate;
        if (!(tiers.back().rate > 0))
            return m; // no work term anywhere: the flat linear fit stands
        double sw = 0, swy = 0;
        for (std::size_t k = 0; k < tiers.size(); ++k)
            for (std::size_t i = first[k]; i < first[k + 1]; ++i) {
                const double w = 1.0 / (pts[i].t * pts[i].t);
                sw += w;
                swy += w * (pts[i].t - pts[i].work / tiers[k].rate);
            }
        m.fixed = std::max(0.0, swy / sw);
    }
    noHbmAboveSpec(tiers, rows, machine);
    m.tiers = tiers;
    m.rate = tiers.back().rate;
    return m;
}

} // namespace

} // namespace speeduplab
