#include "ui/throughputchart.h"

#include "core/calibration.h"
#include "core/workload.h"
#include "ui/chartstyle.h"

#include <QLogValueAxis>

#include <algorithm>
#include <limits>

namespace speeduplab {

ThroughputChart::ThroughputChart(QWidget *parent) : ChartView(parent)
{
    auto *x = new QLogValueAxis;
    x->setBase(10);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setMinorTickCount(8);
    ChartStyle::styleAxis(x, tr("n (tensor edge; n \u00d7 n fp32 elements)"));
    auto *y = new QLogValueAxis;
    y->setBase(10);
    y->setLabelFormat(QStringLiteral("%g"));
    y->setMinorTickCount(8);
    ChartStyle::styleAxis(y, tr("throughput (GB/s)"));
    setAxes(x, y);
    setRanges(1, 10000, 0.01, 1000);
}

double ThroughputChart::throughput(const SeriesPoint &p, bool computeBound)
{
    const double work = computeBound ? p.flops : p.bytes;
    return p.t > 0 && work > 0 ? work / p.t / 1e9 : 0;
}

void ThroughputChart::rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload)
{
    const Workload *w = Workload::find(workload);
    const bool flops = w && w->computeBound();
    yAxis()->setTitleText(flops ? tr("throughput (GFLOP/s)") : tr("throughput (GB/s, tensor traffic)"));
    setChartTitle(workload, flops ? tr("compute throughput vs n") : tr("memory throughput vs n"));
    if (all.empty()) {
        showEmpty(r.rows.empty()
                      ? tr("No results yet.\nRun a sweep (Ctrl+R) or open a results file (Ctrl+O).")
                      : tr("No point has a time to plot: they failed or were skipped."));
        return;
    }
    double nLo = std::numeric_limits<double>::max(), nHi = 0;
    double yLo = std::numeric_limits<double>::max(), yHi = 0;
    for (const auto &s : all)
        for (const auto &p : s.points) {
            const double v = throughput(p, flops);
            if (!(v > 0))
                continue;
            nLo = std::min(nLo, double(p.n));
            nHi = std::max(nHi, double(p.n));
            yLo = std::min(yLo, v);
            yHi = std::max(yHi, v);
        }
    // The measured ceilings of the machine (speeduplab-cli calibrate), when the results carry them.
    struct Ceiling {
        const char *key;
        QString label;
        bool gpu;
    };
    const QList<Ceiling> wanted =
        flops ? QList<Ceiling>{{Calibration::cpuGemm, tr("CPU ceiling (BLAS SGEMM)"), false},
                               {Calibration::gpuCublas, tr("GPU ceiling (cuBLAS SGEMM)"), true}}
              : QList<Ceiling>{{Calibration::cpuTriad, tr("CPU ceiling (STREAM triad)"), false},
                               {Calibration::gpuCopy, tr("GPU ceiling (device copy)"), true}};
    QList<QPair<Ceiling, double>> ceilings;
    for (const Ceiling &c : wanted) {
        const auto it = r.machine.ceilings.find(c.key);
        if (it != r.machine.ceilings.end() && it->second > 0) {
            ceilings.append({c, it->second / 1e9});
            yHi = std::max(yHi, it->second / 1e9);
        }
    }
    double xa, xb, ya, yb;
    decades(nLo, nHi, xa, xb);
    decades(yLo, yHi, ya, yb);
    setRanges(xa, xb, ya, yb);
    for (const auto &[c, v] : ceilings) {
        const QColor color = c.gpu ? ChartStyle::gpuWinsColor() : ChartStyle::cpuWinsColor();
        line(QStringLiteral("ceiling:") + QLatin1String(c.key), Role::Guide, QString(), color,
             {QPointF(xa, v), QPointF(xb, v)}, {Qt::DotLine, 1.8, false, false});
        addLabel(QStringLiteral("%1: %2 %3")
                     .arg(c.label)
                     .arg(v, 0, 'g', 3)
                     .arg(flops ? tr("GFLOP/s") : tr("GB/s")),
                 xb, v, color, Qt::AlignLeft | Qt::AlignTop, 0);
    }

    for (const auto &s : all) {
        QList<QPointF> pts;
        for (const auto &p : s.points) {
            const double v = throughput(p, flops);
            if (v > 0)
                pts << QPointF(p.n, v);
        }
        line(QStringLiteral("data:") + QString::fromStdString(s.key), Role::Data,
             QString::fromStdString(s.label), ChartStyle::seriesColor(s, all), pts,
             {Qt::SolidLine, 2.5, true, true});
    }
    setNote(flops ? tr("Higher is better. FLOPs of one iteration / its median time.")
                  : tr("Higher is better. Bytes one iteration reads and writes / its median time."));
}

} // namespace speeduplab
