// SPDX-License-Identifier: MIT
// The interval of a crossing: each point's standard error, and the bootstrap around a crossing.
#include "core/analysis/crossinginterval.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace speeduplab::detail {

namespace {

// The bootstrap's random numbers, drawn once from a fixed seed and shared by every crossing
// (common random numbers): each interval the same from run to run, and a crossing costs its
// arithmetic only (drawing them for each of 400 crossings tripled a chart's rebuild).
struct Draws {
    static constexpr std::size_t count = 1000; ///< draws per interval
    static constexpr std::size_t window = 6;   ///< the most sizes in a CrossingWindow
    std::vector<double> normal;                ///< count x window x 2 (CPU, GPU), standard normal
    std::vector<double> uniform;               ///< count, in [-1, 1]: the interpolation's share
};

const Draws &draws()
{
    static const Draws d = [] {
        Draws out;
        std::mt19937_64 rng(0x9e3779b97f4a7c15ULL);
        std::normal_distribution<double> z(0.0, 1.0);
        std::uniform_real_distribution<double> u(-1.0, 1.0);
        out.normal.resize(Draws::count * Draws::window * 2);
        for (double &v : out.normal)
            v = z(rng);
        out.uniform.resize(Draws::count);
        for (double &v : out.uniform)
            v = u(rng);
        return out;
    }();
    return d;
}

} // namespace

// SeriesPoint::seLog of a point's repetitions.
double medianSpread(const Stats &s)
{
    if (s.reps < 2 || !(s.median > 0))
        return 0;
    const double sigma = s.hasQuartiles() && s.q3 > s.q1 ? (s.q3 - s.q1) / 1.349 / s.median : s.cv;
    return std::isfinite(sigma) && sigma > 0 ? 1.2533 * sigma / std::sqrt(double(s.reps)) : 0;
}

// The 95 % interval of a crossing, by a parametric bootstrap: at each size of a window around
// it (two measured sizes either side of its bracket), each curve's median is drawn again from a
// normal of its standard error in log t, and the crossing is found again in the draw: where the
// CPU's lead (d = log t_cpu - log t_gpu, on the `before` side of 0 first) first changes side,
// interpolated as the measured one is. A draw that changes side before the window's first size,
// or not within it, crosses beyond it, where no point says where: it counts at that end, and the
// interval is open there. Between two measured sizes the curves are not known to be straight in
// log-log: each draw's crossing also moves by what linear interpolation can miss there, up to
// (l - l0)(l1 - l) / 2 |d''| (the interpolation's remainder; d'' the largest second difference of
// d over the window), so that a crossing between sizes a decade apart is not placed to 2 %.
// Seeded from the points: the same results give the same interval.
void crossingInterval(Crossing &x, const CrossingWindow &w, int before)
{
    const std::size_t k = w.ln.size();
    const auto positive = [](const std::vector<double> &v) {
        return std::any_of(v.begin(), v.end(), [](double e) { return e > 0; });
    };
    if (k < 2 || k > Draws::window || !(positive(w.seC) || positive(w.seG)))
        return;
    const Draws &r = draws();
    double curvature = 0; // max |d''| over the window, from its medians
    for (std::size_t i = 1; i + 1 < k; ++i) {
        const double h0 = w.ln[i] - w.ln[i - 1], h1 = w.ln[i + 1] - w.ln[i];
        if (h0 > 0 && h1 > 0) {
            const double d0 = w.c[i - 1] - w.g[i - 1], d1 = w.c[i] - w.g[i], d2 = w.c[i + 1] - w.g[i + 1];
            curvature = std::max(curvature, std::abs(((d2 - d1) / h1 - (d1 - d0) / h0) / ((h0 + h1) / 2)));
        }
    }
    std::vector<double> at, d(k);
    at.reserve(Draws::count);
    int low = 0, high = 0;
    for (std::size_t draw = 0; draw < Draws::count; ++draw) {
        const double *z = r.normal.data() + draw * 2 * Draws::window;
        for (std::size_t i = 0; i < k; ++i)
            d[i] = (w.c[i] + w.seC[i] * z[2 * i]) - (w.g[i] + w.seG[i] * z[2 * i + 1]);
        std::size_t i = 0;
        while (i < k && d[i] * before > 0)
            ++i;
        if (i == 0) { // the other side leads already at the window's first size
            at.push_back(w.ln.front());
            ++low;
        } else if (i == k) { // still the first side at its last
            at.push_back(w.ln.back());
            ++high;
        } else {
            const double l0 = w.ln[i - 1], l1 = w.ln[i];
            double l = d[i] == d[i - 1] ? l1 : l0 + (0 - d[i - 1]) * (l1 - l0) / (d[i] - d[i - 1]);
            // What the straight line between them may miss there, as a shift of the zero along d's slope.
            const double slope = (d[i] - d[i - 1]) / (l1 - l0);
            if (curvature > 0 && slope != 0)
                l = std::clamp(l + r.uniform[draw] * (l - l0) * (l1 - l) / 2 * curvature / std::abs(slope),
                               l0, l1);
            at.push_back(l);
        }
    }
    // The 2.5th and 97.5th percentiles (nth_element: two of them, not a sort, for 400 crossings).
    const std::size_t lower = Draws::count / 40, upper = Draws::count - Draws::count / 40 - 1;
    std::nth_element(at.begin(), at.begin() + std::ptrdiff_t(lower), at.end());
    x.lo = std::min(x.n, std::exp(at[lower]));
    std::nth_element(at.begin() + std::ptrdiff_t(lower), at.begin() + std::ptrdiff_t(upper), at.end());
    x.hi = std::max(x.n, std::exp(at[upper]));
    x.openLow = low > int(Draws::count / 40);
    x.openHigh = high > int(Draws::count / 40);
}

} // namespace speeduplab::detail
