// SPDX-License-Identifier: MIT
#include "ui/timechart.h"

#include "ui/chartstyle.h"
#include "ui/format.h"
#include "ui/resultmodel.h"

#include "core/overlay.h"

#include <QLogValueAxis>

#include <algorithm>
#include <limits>
#include <map>

namespace speeduplab {

namespace {

// The crossovers of one GPU curve for the note: all of them when they are few, else the first
// listedCrossings, how many more and up to where.
QString summary(const CrossoverReport &rep)
{
    const int listed = TimeChart::listedCrossings;
    if (rep.crossings.size() <= std::size_t(listed))
        return QString::fromStdString(rep.summary());
    QStringList first;
    for (int i = 0; i < listed; ++i) {
        const Crossing &c = rep.crossings[std::size_t(i)];
        first << (c.gpuBecomesFaster ? TimeChart::tr("GPU faster above n \u2248 %1")
                                     : TimeChart::tr("CPU faster again above n \u2248 %1"))
                     .arg(Format::n(c.n));
    }
    return TimeChart::tr("%1 crossovers: %2; \u2026 and %3 more, up to n \u2248 %4 (the table has both "
                         "times at every n)")
        .arg(rep.crossings.size())
        .arg(first.join(QStringLiteral("; ")))
        .arg(rep.crossings.size() - std::size_t(listed))
        .arg(Format::n(rep.crossings.back().n));
}

QString axisTitle()
{
    return TimeChart::tr("time per iteration (%1)");
}

} // namespace

QString TimeChart::crossingText(const Crossing &c, const QString &gpu)
{
    return c.gpuBecomesFaster ? tr("%1 faster above n \u2248 %2").arg(gpu, Format::n(c.n))
                              : tr("CPU faster again above n \u2248 %1").arg(Format::n(c.n));
}

QString TimeChart::crossingBrief(const Crossing &c)
{
    return c.gpuBecomesFaster ? tr("n \u2248 %1").arg(Format::n(c.n))
                              : tr("CPU again, n \u2248 %1").arg(Format::n(c.n));
}

TimeChart::TimeChart(QWidget *parent) : ChartView(parent)
{
    setAxes(ChartStyle::sizeAxis(), ChartStyle::logAxis(QString()));
    setYUnit(axisTitle(), ChartStyle::timeUnit(1e-8, 1e-2));
    setRanges(1, 10000, 0.01, 10000);
}

void TimeChart::rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload)
{
    m_markers.clear();
    setChartTitle(workload, tr("time per iteration vs n"));
    if (all.empty()) {
        showEmpty(
            r.rows.empty() ? tr("No results yet.\nRun a sweep (Ctrl+R) or open a results file (Ctrl+O).")
            : r.rows.size() == 1
                ? tr("The only point has no time to plot:\nit failed or was skipped (the table says why).")
                : tr("None of the %1 points has a time to plot:\nthey failed or were skipped "
                     "(the table says why).")
                      .arg(r.rows.size()));
        return;
    }

    // A reference run (PyTorch, NumPy) drawn dashed over ours, in the colour of the curve of
    // ours it corresponds to.
    const ResultSet none;
    const ResultSet &reference = model() ? model()->reference() : none;
    const std::vector<Overlay::Curve> refs = Overlay::curves(reference, workload);

    double nLo = std::numeric_limits<double>::max(), nHi = 0;
    double tLo = std::numeric_limits<double>::max(), tHi = 0;
    std::vector<const Series *> plotted;
    for (const auto &s : all)
        plotted.push_back(&s);
    for (const auto &c : refs)
        plotted.push_back(&c.series);
    for (const Series *s : plotted)
        for (const auto &p : s->points) {
            nLo = std::min(nLo, double(p.n));
            nHi = std::max(nHi, double(p.n));
            // A log axis draws nothing with a value <= 0: only positive times count.
            for (double t : {p.t, p.tMin, p.tMax})
                if (t > 0) {
                    tLo = std::min(tLo, t);
                    tHi = std::max(tHi, t);
                }
        }
    const ChartStyle::Unit unit = ChartStyle::timeUnit(tLo, tHi);
    setYUnit(axisTitle(), unit);
    const double timeScale = unit.scale;
    double xLo, xHi, yLo, yHi;
    decades(nLo, nHi, xLo, xHi);
    decades(tLo * timeScale, tHi * timeScale, yLo, yHi);
    setRanges(xLo, xHi, yLo, yHi);

    const std::vector<QColor> colors = ChartStyle::seriesColors(all);
    // Min-max bands only while the legend can be shown: past that, hundreds of overlapping
    // bands hide the curves, and each costs QtCharts more than a curve.
    const bool bands = all.size() + refs.size() <= std::size_t(legendLimit);
    for (const auto &s : all) {
        const QColor color = colors[std::size_t(&s - all.data())];
        QList<QPointF> pts, lo, hi;
        bool spread = false;
        for (const auto &p : s.points) {
            if (!(p.t > 0))
                continue;
            pts << QPointF(p.n, p.t * timeScale);
            const double mn = p.tMin > 0 ? p.tMin : p.t, mx = p.tMax > 0 ? p.tMax : p.t;
            lo << QPointF(p.n, mn * timeScale);
            hi << QPointF(p.n, mx * timeScale);
            spread = spread || mx > mn;
        }
        const QString key = QString::fromStdString(s.key);
        if (spread && bands) {
            QColor fill = color;
            fill.setAlpha(45);
            thinBand(lo, hi);
            area(QStringLiteral("band:") + key, Role::Band, QString(), fill, lo, hi);
        }
        line(QStringLiteral("data:") + key, Role::Data, QString::fromStdString(s.label), color, pts,
             {Qt::SolidLine, 2.5, true, true});
    }
    const QString tool = QString::fromStdString(Overlay::name(reference));
    // Colours by key: a reference curve whose counterpart we did not measure gets the colour
    // that counterpart would have.
    std::vector<Series> palette = all;
    std::map<std::string, std::size_t> inPalette;
    for (std::size_t i = 0; i < palette.size(); ++i)
        inPalette.emplace(palette[i].key, i);
    for (const auto &c : refs)
        if (inPalette.emplace(c.ours.key, palette.size()).second)
            palette.push_back(c.ours);
    const std::vector<QColor> paletteColors =
        refs.empty() ? std::vector<QColor>() : ChartStyle::seriesColors(palette);
    for (const auto &c : refs) {
        QList<QPointF> pts;
        for (const auto &p : c.series.points)
            if (p.t > 0)
                pts << QPointF(p.n, p.t * timeScale);
        QString label = QString::fromStdString(c.series.label);
        label.remove(QStringLiteral(" (torch)")).remove(QStringLiteral(" (numpy)"));
        line(QStringLiteral("ref:") + QString::fromStdString(c.series.key), Role::Reference,
             tr("%1: %2").arg(tool, label), paletteColors[inPalette.at(c.ours.key)], pts,
             {Qt::DashLine, 2, true, true});
    }

    QStringList notes;
    std::vector<const Series *> gpus;
    bool haveCpu = false;
    for (const auto &s : all) {
        if (s.gpu)
            gpus.push_back(&s);
        else
            haveCpu = true;
    }
    if (haveCpu && !gpus.empty()) {
        // Every crossover is computed and counted, but only the first few get a dashed line and
        // a label (more would cover the plot), and each GPU curve lists only its first few in
        // the note: curves that swap places at every size must not fill the chart with text.
        const Series best = Analysis::bestCpu(all);
        std::size_t total = 0;
        for (std::size_t gi = 0; gi < gpus.size(); ++gi) {
            const Series *g = gpus[gi];
            const CrossoverReport rep = Analysis::report(best, *g);
            total += rep.crossings.size();
            const QColor color = colors[std::size_t(g - all.data())];
            const QString who = gpus.size() == 1 ? tr("GPU") : QString::fromStdString(g->label);
            int i = 0;
            for (const Crossing &c : rep.crossings) {
                if (m_markers.size() >= markedCrossings)
                    break;
                m_markers << Marker{QString::fromStdString(g->label), c.n, c.gpuBecomesFaster};
                line(QStringLiteral("cross:%1:%2").arg(QString::fromStdString(g->key)).arg(i++), Role::Marker,
                     QString(), color, {QPointF(c.n, yLo), QPointF(c.n, yHi)},
                     {Qt::DashLine, 2, false, false});
                addLabel(crossingText(c, who), crossingBrief(c), c.n, yHi, color,
                         {Qt::AlignRight | Qt::AlignBottom, Qt::Vertical});
            }
            if (gi < notedGpus)
                notes << tr("%1 vs best CPU: %2").arg(QString::fromStdString(g->label), summary(rep));
        }
        if (gpus.size() > notedGpus)
            notes << tr("\u2026 and %1 more GPU curves against the best CPU, not listed here (%2 crossovers "
                        "in all).")
                         .arg(gpus.size() - notedGpus)
                         .arg(total);
        if (total > std::size_t(m_markers.size()))
            notes << tr("Dashed lines mark the first %1 of the %2 crossovers.")
                         .arg(m_markers.size())
                         .arg(total);
    } else if (haveCpu) {
        // Say why there is no GPU curve: the reason the GPU points were skipped, if they were.
        QString why;
        for (const auto &m : r.rows)
            if (m.isGpu() && m.workload == workload && !m.ok() && !m.reason.empty()) {
                why = Format::sentence(QString::fromStdString(m.reason));
                break;
            }
        notes << (why.isEmpty()
                      ? tr("CPU only: no GPU curve to compare with.")
                      : tr("No GPU curve to compare with: the GPU points were not measured. %1").arg(why));
        notes << tr(
            "A GPU run recorded on another machine can be opened (File \u25b8 Open results) and shown here.");
    } else {
        notes << tr("GPU only: no CPU curve to compare with.");
    }
    if (!refs.empty()) {
        const auto found = Overlay::ratios(all, refs);
        // The sizes compared, once when every ratio covers the same ones.
        const bool sameSizes = std::all_of(found.begin(), found.end(), [&](const Overlay::Ratio &q) {
            return q.nMin == found.front().nMin && q.nMax == found.front().nMax;
        });
        auto range = [](const Overlay::Ratio &q) {
            return tr("n = %1\u2013%2").arg(Format::n(q.nMin), Format::n(q.nMax));
        };
        QStringList ratios;
        for (const auto &q : found)
            ratios << tr("%1 %2\u00d7").arg(QString::fromStdString(q.label)).arg(q.ratio, 0, 'f', 2) +
                          (sameSizes ? QString() : QStringLiteral(" (%1)").arg(range(q)));
        if (sameSizes && !found.empty())
            ratios.last() += QStringLiteral(" (%1)").arg(range(found.front()));
        notes
            << (ratios.isEmpty()
                    ? tr("Dashed: %1, a reference run (no curve of ours at the same sizes to compare with).")
                          .arg(tool)
                    : tr("Dashed: %1, a reference run. Our time \u00f7 theirs (geometric mean): %2.")
                          .arg(tool, ratios.join(tr(", "))));
    }
    if (!bands)
        notes << tr("The min\u2013max bands are not drawn for more than %1 curves.").arg(legendLimit);
    setNote(notes.join(QLatin1Char('\n')));
}

} // namespace speeduplab
