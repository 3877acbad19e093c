// SPDX-License-Identifier: MIT
// Stats::of: the quantiles (numpy's default interpolation), the spread and Tukey's outlier count;
// SampleStream: the same over any number of repetitions, in bounded memory.
#include "core/model/stats.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace speeduplab {

double quantile(const std::vector<double> &sorted, double p)
{
    const double h = p * double(sorted.size() - 1);
    const std::size_t lo = std::size_t(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - double(lo)) * (sorted[hi] - sorted[lo]);
}

Stats Stats::of(std::vector<double> s)
{
    Stats r;
    r.reps = int(s.size());
    if (s.empty())
        return r;
    r.samples.assign(s.begin(), s.begin() + std::ptrdiff_t(std::min(s.size(), maxSamples)));
    std::sort(s.begin(), s.end());
    const size_t n = s.size();
    r.median = n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    r.min = s.front();
    r.max = s.back();
    r.mean = std::accumulate(s.begin(), s.end(), 0.0) / double(n);
    if (n > 1) {
        double ss = 0;
        for (double v : s)
            ss += (v - r.mean) * (v - r.mean);
        r.stddev = std::sqrt(ss / double(n - 1));
    }
    r.cv = r.mean > 0 ? r.stddev / r.mean : 0;
    r.q1 = quantile(s, 0.25);
    r.q3 = quantile(s, 0.75);
    const double fence = 1.5 * (r.q3 - r.q1);
    r.outliers = int(
        std::count_if(s.begin(), s.end(), [&](double v) { return v < r.q1 - fence || v > r.q3 + fence; }));
    return r;
}

namespace {
const double kLogStep = std::log1p(SampleStream::binWidth);
const std::size_t kBins =
    std::size_t(std::ceil(std::log(SampleStream::highest / SampleStream::lowest) / kLogStep));

std::size_t binOf(double seconds)
{
    if (!(seconds > SampleStream::lowest))
        return 0;
    return std::min(kBins - 1, std::size_t(std::log(seconds / SampleStream::lowest) / kLogStep));
}

double centreOf(std::size_t bin)
{
    return SampleStream::lowest * std::exp((double(bin) + 0.5) * kLogStep);
}
} // namespace

void SampleStream::bin(double seconds)
{
    ++m_bins[binOf(seconds)];
}

void SampleStream::add(double seconds)
{
    ++m_count;
    if (m_count == 1) {
        m_min = m_max = seconds;
    } else {
        m_min = std::min(m_min, seconds);
        m_max = std::max(m_max, seconds);
    }
    const double delta = seconds - m_mean;
    m_mean += delta / double(m_count);
    m_m2 += delta * (seconds - m_mean);
    if (m_kept.size() < Stats::maxSamples) {
        m_kept.push_back(seconds);
        return;
    }
    if (m_bins.empty()) {
        m_bins.assign(kBins, 0);
        for (double t : m_kept)
            bin(t);
    }
    bin(seconds);
}

double SampleStream::quantile(double p) const
{
    // Type 7's rank, in the bins: the centre of the bin holding it, inside [min, max].
    const double h = p * double(m_count - 1);
    std::uint64_t below = 0;
    for (std::size_t b = 0; b < m_bins.size(); ++b) {
        below += m_bins[b];
        if (double(below) > h)
            return std::clamp(centreOf(b), m_min, m_max);
    }
    return m_max;
}

Stats SampleStream::stats() const
{
    if (m_count <= Stats::maxSamples)
        return Stats::of(m_kept);
    Stats r;
    r.reps = int(std::min<std::size_t>(m_count, std::size_t(std::numeric_limits<int>::max())));
    r.samples = m_kept;
    r.min = m_min;
    r.max = m_max;
    r.mean = m_mean;
    r.stddev = std::sqrt(m_m2 / double(m_count - 1));
    r.cv = r.mean > 0 ? r.stddev / r.mean : 0;
    r.median = quantile(0.5);
    r.q1 = quantile(0.25);
    r.q3 = quantile(0.75);
    const double fence = 1.5 * (r.q3 - r.q1);
    std::uint64_t outliers = 0;
    for (std::size_t b = 0; b < m_bins.size(); ++b)
        if (const double c = centreOf(b); c < r.q1 - fence || c > r.q3 + fence)
            outliers += m_bins[b];
    r.outliers = int(std::min<std::uint64_t>(outliers, std::uint64_t(r.reps)));
    return r;
}

} // namespace speeduplab
