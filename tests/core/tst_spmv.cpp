// SPDX-License-Identifier: MIT
// spmv: the CSR matrix (shape, distinct sorted columns, exact small values, the same for every
// caller), the CPU kernel against a hand-computed product and against the reference at every
// thread count, and verify() catching a wrong result.
#include "backend/sparsematrix.h"
#include "core/kernels/cpukernels.h"
#include "core/kernels/spmv.h"
#include "core/measure/reference.h"
#include "core/model/workload.h"

#include <QtTest>

#include <atomic>
#include <cmath>

using namespace speeduplab;

class TestSpmv : public QObject {
    Q_OBJECT
private slots:
    void matrixShape()
    {
        const SparseMatrix a = SparseMatrix::make(16); // N = 256 rows, 8 per row
        QCOMPARE(a.rows, std::int64_t(256));
        QCOMPARE(a.rowPtr.size(), std::size_t(257));
        QCOMPARE(a.rowPtr.back(), 256 * 8);
        for (std::int64_t r = 0; r < a.rows; ++r) {
            QCOMPARE(a.rowPtr[std::size_t(r) + 1] - a.rowPtr[std::size_t(r)], 8);
            for (int i = a.rowPtr[std::size_t(r)]; i < a.rowPtr[std::size_t(r) + 1]; ++i) {
                QVERIFY(a.colIdx[std::size_t(i)] >= 0 && a.colIdx[std::size_t(i)] < 256);
                if (i > a.rowPtr[std::size_t(r)])
                    QVERIFY(a.colIdx[std::size_t(i)] > a.colIdx[std::size_t(i) - 1]); // sorted, distinct
                const float v = a.values[std::size_t(i)];
                QVERIFY(v == 1 || v == 2 || v == -1 || v == -2);
            }
        }
        // Deterministic: the CPU, the GPU and the reference build the same matrix.
        const SparseMatrix b = SparseMatrix::make(16);
        QVERIFY(a.colIdx == b.colIdx && a.values == b.values);
        // Tiny matrices have fewer nonzeros than columns allow; too large ones are refused.
        QCOMPARE(SparseMatrix::make(2).rowPtr.back(), 4 * 4);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SparseMatrix::make(SparseMatrix::maxN + 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SparseMatrix::make(0));
    }

    void workloadCounts()
    {
        const Workload *w = Workload::find("spmv");
        QVERIFY(w);
        QVERIFY(w->hasCpuVariant("csr"));
        QVERIFY(w->hasGpuVariant("cusparse"));
        QVERIFY(w->hasGpuVariant("scalar"));
        // Per row: 8 values and 8 column indices, 8 gathered x, the row pointer and y.
        QCOMPARE(w->bytes(64, 1), 64.0 * 64 * (8 * 12 + 8));
        QCOMPARE(w->flops(64, 3), 3 * 64.0 * 64 * 16);
    }

    void cpuKernelMatchesTheReference()
    {
        const int n = 40; // N = 1600
        const auto in = Reference::inputs("spmv", n);
        QCOMPARE(in.size(), std::size_t(1));
        const SparseMatrix a = SparseMatrix::make(n);
        // Row 0 by hand.
        double row0 = 0;
        for (int i = a.rowPtr[0]; i < a.rowPtr[1]; ++i)
            row0 += a.values[std::size_t(i)] * in[0][std::size_t(a.colIdx[std::size_t(i)])];
        QCOMPARE(Spmv::multiply(a, in[0].data())[0], row0);
        std::atomic<bool> stop{false};
        for (int threads : {1, 2, 3}) {
            auto run = CpuKernels::create("spmv", "csr", n, 2, threads, 0, {in[0].data()});
            run->reset();
            QVERIFY(run->runOnce(stop) > 0);
            const std::vector<float> out = run->output();
            QCOMPARE(double(out[0]), row0);
            const Reference::Check c = Reference::verify("spmv", "csr", n, 2, in, out);
            QVERIFY2(c.ok, c.message.c_str());
            QCOMPARE(c.maxError, 0.0); // exact: small integers
        }
    }

    void verifyCatchesAWrongRow()
    {
        const int n = 8;
        const auto in = Reference::inputs("spmv", n);
        auto run = CpuKernels::create("spmv", "csr", n, 1, 1, 0, {in[0].data()});
        std::atomic<bool> stop{false};
        run->reset();
        run->runOnce(stop);
        std::vector<float> out = run->output();
        out[17] += 1;
        QVERIFY(!Reference::verify("spmv", "csr", n, 1, in, out).ok);
        out.pop_back();
        QVERIFY(!Reference::verify("spmv", "csr", n, 1, in, out).ok);
    }
};

QTEST_GUILESS_MAIN(TestSpmv)
#include "tst_spmv.moc"
