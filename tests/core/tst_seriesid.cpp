// SPDX-License-Identifier: MIT
// SeriesId: a curve's identity. Equal for the points of one curve, different when any part of
// the curve's identity differs (its key's fields too); matches() agrees with of() ==; a Series
// from Analysis is the SeriesId of each of its rows.

#include "core/analysis/analysis.h"
#include "core/model/seriesid.h"

#include <QtTest>

#include <functional>
#include <string>
#include <utility>
#include <vector>

using namespace speeduplab;

namespace {

Measurement row(int n)
{
    Measurement m;
    m.workload = "add";
    m.backend = "gpu";
    m.variant = "";
    m.threads = 0;
    m.mode = "graph";
    m.device = 1;
    m.n = n;
    m.iterations = 10;
    m.stats.median = 1e-6 * n;
    m.run = "run A";
    return m;
}

} // namespace

class TestSeriesId : public QObject {
    Q_OBJECT

private slots:
    void pointsOfOneCurveAreEqual();
    void anyPartMakesAnotherCurve();
    void seriesAreTheirRowsIds();
};

void TestSeriesId::pointsOfOneCurveAreEqual()
{
    Measurement a = row(4), b = row(4000);
    b.stats.median = 3;
    b.status = Measurement::Status::Failed;
    b.reason = "out of memory";
    const SeriesId id = SeriesId::of(a);
    QVERIFY(id == SeriesId::of(b));
    QVERIFY(!(id != SeriesId::of(b)));
    QVERIFY(id.matches(a));
    QVERIFY(id.matches(b)); // any n, any status
    QCOMPARE(id.key, a.seriesKey());
    QCOMPARE(id.workload, std::string("add"));
    QVERIFY(id.gpu());
    QCOMPARE(id.threads, 0);
    QCOMPARE(id.device, 1);
    QCOMPARE(id.mode, std::string("graph"));
    QCOMPARE(id.run, std::string("run A"));
    QVERIFY(SeriesId() == SeriesId());
}

void TestSeriesId::anyPartMakesAnotherCurve()
{
    using Change = std::function<void(Measurement &)>;
    const std::vector<std::pair<const char *, Change>> changes = {
        {"workload", [](Measurement &m) { m.workload = "saxpy"; }},
        {"backend",
         [](Measurement &m) {
             m.backend = "cpu";
             m.mode.clear();
         }},
        {"threads", [](Measurement &m) { m.threads = 2; }},
        {"variant", [](Measurement &m) { m.variant = "cublas"; }},
        {"device", [](Measurement &m) { m.device = 0; }},
        {"mode", [](Measurement &m) { m.mode = "launch"; }},
        {"run", [](Measurement &m) { m.run = "run B"; }},
        {"no run", [](Measurement &m) { m.run.clear(); }},
        // In the key only: copies in the timed region, a cold cache.
        {"transfers", [](Measurement &m) { m.transfers = "pinned"; }},
        {"cold cache", [](Measurement &m) { m.conditions.cache = "cold"; }},
    };
    const Measurement a = row(64);
    const SeriesId id = SeriesId::of(a);
    for (const auto &[what, change] : changes) {
        Measurement b = row(64);
        change(b);
        QVERIFY2(!(id == SeriesId::of(b)), what);
        QVERIFY2(id != SeriesId::of(b), what);
        QVERIFY2(!id.matches(b), what);
        QVERIFY2(SeriesId::of(b).matches(b), what);
        QVERIFY2(!SeriesId::of(b).matches(a), what);
    }
}

void TestSeriesId::seriesAreTheirRowsIds()
{
    ResultSet r;
    for (int n : {4, 40, 400}) {
        r.add(row(n));
        Measurement cpu = row(n);
        cpu.backend = "cpu";
        cpu.mode.clear();
        cpu.device = -1;
        cpu.threads = 8;
        r.add(cpu);
    }
    const std::vector<Series> all = Analysis::series(r);
    QCOMPARE(all.size(), std::size_t(2));
    for (const Series &s : all) {
        QCOMPARE(s.points.size(), std::size_t(3));
        for (const SeriesPoint &p : s.points) {
            QVERIFY(s.id() == SeriesId::of(r.rows[p.row]));
            QVERIFY(s.matches(r.rows[p.row]));
        }
        QVERIFY(Analysis::curveOf(r.rows[s.points.front().row]).id() == s.id());
    }
    QVERIFY(!(all[0].id() == all[1].id()));
    // A copy of a series' identity alone is the same curve, without its label or points.
    Series copy;
    copy.id() = all[0].id();
    QVERIFY(copy.id() == all[0].id());
    QVERIFY(copy.points.empty() && copy.label.empty());
}

QTEST_GUILESS_MAIN(TestSeriesId)
#include "tst_seriesid.moc"
