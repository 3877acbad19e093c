// SPDX-License-Identifier: MIT
// Spmv: the CSR row kernel, its prepared OpenMP run, and the product in double for the check.
#include "core/kernels/spmv.h"

#include <omp.h>

#include <chrono>
#include <cstring>

namespace speeduplab {

namespace {

// y[lo..hi) = the rows lo..hi of A times x.
// source-view: cpu-spmv
void spmvRows(const SparseMatrix &a, const float *__restrict x, float *__restrict y, std::int64_t lo,
              std::int64_t hi)
{
    const std::int32_t *rowPtr = a.rowPtr.data();
    const std::int32_t *col = a.colIdx.data();
    const float *val = a.values.data();
    for (std::int64_t r = lo; r < hi; ++r) {
        float s = 0;
        for (std::int32_t i = rowPtr[r]; i < rowPtr[r + 1]; ++i)
            s += val[i] * x[col[i]]; // a gather: x is read at scattered columns
        y[r] = s;
    }
}
// source-view: end

class SpmvRun final : public Run {
public:
    SpmvRun(int n, int iterations, int threads, const float *x)
        : m_a(SparseMatrix::make(n)), m_iterations(iterations), m_threads(std::max(1, threads)),
          m_x(x, x + m_a.rows), m_y(std::size_t(m_a.rows))
    {
    }
    void reset() override {} // x is only read, y only written
    // source-view: cpu-spmv-run
    double runOnce(const std::atomic<bool> &stop) override
    {
        const auto t0 = std::chrono::steady_clock::now();
        for (int it = 0; it < m_iterations; ++it) {
            if (m_threads == 1) {
                spmvRows(m_a, m_x.data(), m_y.data(), 0, m_a.rows);
            } else {
#pragma omp parallel num_threads(m_threads)
                {
                    const std::int64_t t = omp_get_thread_num(), nt = omp_get_num_threads();
                    spmvRows(m_a, m_x.data(), m_y.data(), m_a.rows * t / nt, m_a.rows * (t + 1) / nt);
                }
            }
            if (stop.load(std::memory_order_relaxed))
                throw Cancelled();
        }
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    // source-view: end
    std::vector<float> output() override
    {
        return m_y;
    }
    std::vector<HostSpan> hostTensors() const override
    {
        const auto span = [](const auto &v) { return HostSpan{v.data(), v.size() * sizeof(v[0])}; };
        return {span(m_a.rowPtr), span(m_a.colIdx), span(m_a.values), span(m_x), span(m_y)};
    }

private:
    SparseMatrix m_a;
    int m_iterations;
    int m_threads;
    std::vector<float> m_x, m_y;
};

} // namespace

std::unique_ptr<Run> Spmv::cpuRun(int n, int iterations, int threads, const float *x)
{
    return std::make_unique<SpmvRun>(n, iterations, threads, x);
}

std::vector<double> Spmv::multiply(const SparseMatrix &a, const float *x)
{
    std::vector<double> y(std::size_t(a.rows));
    for (std::int64_t r = 0; r < a.rows; ++r) {
        double s = 0;
        for (std::int32_t i = a.rowPtr[std::size_t(r)]; i < a.rowPtr[std::size_t(r) + 1]; ++i)
            s += double(a.values[std::size_t(i)]) * x[a.colIdx[std::size_t(i)]];
        y[std::size_t(r)] = s;
    }
    return y;
}

} // namespace speeduplab
