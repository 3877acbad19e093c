// SPDX-License-Identifier: MIT
// The time chart (TimeChart).
#pragma once

#include "ui/charts/chartview.h"

class QAction;

namespace speeduplab {

/// Time per iteration against n, log-log: one curve per CPU thread count and per GPU mode,
/// in the classroom view (the default) the best-CPU envelope of each run, saying which thread
/// count wins where, its lowest thread count and every GPU curve in full, the other thread counts
/// faded and out of the legend ("All thread counts" shows them all),
/// each with its band (the interquartile range of the repetitions, or min-max: band()), and the crossover of
/// the best CPU against every GPU curve, within each run shown (a reference run dashed), and across the runs
/// A and B the model compares. Times are plotted in the unit that suits their range (ns to s, see yScale()).
class TimeChart : public ChartView {
    Q_OBJECT
public:
    /// Crossovers drawn as a dashed line with a label, over all GPU curves (the first ones).
    static constexpr int markedCrossings = 6;
    /// Crossovers of one GPU curve listed in the note before "... and N more".
    static constexpr int listedCrossings = 4;
    /// GPU curves with a line of their own in the note.
    static constexpr std::size_t notedGpus = 6;

    struct Marker {
        QString cpuLabel; ///< "best CPU", "<run>: best CPU" (several runs shown)
        QString gpuLabel;
        double n = 0;
        bool gpuBecomesFaster = true;
        /// The measured sizes around it: the GPU curve's last at or below its interval (or n),
        /// and first at or above it. The hover readout names the crossover at them and between.
        double below = 0, above = 0;
        QString text;       ///< crossingText: what the hover readout says of it
        QStringList curves; ///< the ids of the two curves that cross (the GPU's, the best CPU's)
    };

    /// What the band around each curve spans: the repetitions' interquartile range (the
    /// default: one slow repetition does not widen it) or their min-max. A point without
    /// quartiles (an older file) shows its min-max either way.
    enum class Band { Interquartile, MinMax };

    explicit TimeChart(QWidget *parent = nullptr);
    Band band() const { return m_band; }
    /// Rebuilds with the other band; the chart's context menu (right-click) offers both.
    void setBand(Band band);
    /// Draws each measured curve's cost model (Explain::model) as a thin dotted line; the
    /// context menu's "Show cost models" toggles it.
    void setModelsShown(bool shown);
    bool modelsShown() const { return m_modelsAction->isChecked(); }
    /// Plots the time of the whole loop (each point's time per iteration times its iterations), as
    /// the original answer's table gave it: "Whole loop" in the context menu, kept in the settings,
    /// and set by a preset that asks for it. Drawn only when every point shown has the same
    /// iteration count; else the time per iteration, and the note says why.
    void setWholeLoop(bool whole);
    bool wholeLoop() const { return m_wholeLoopAction->isChecked(); }
    /// The iterations a whole-loop view multiplies by: their one count among the ok rows of
    /// `workload`, or 0 when they differ (or there are none).
    static int commonIterations(const ResultSet &r, const std::string &workload);
    /// The context menu's actions, "Band: interquartile range" and "Band: min–max".
    QList<QAction *> bandActions() const { return {m_iqrAction, m_minMaxAction}; }
    QString name() const override { return QStringLiteral("time"); }
    /// On a crossing curve, at the sizes around a crossover (Marker::below, above): that crossover.
    QStringList readoutMore(const QString &id, double x) const override;
    QString tabTitle() const override { return tr("Time vs n"); }

    /// The crossover lines drawn by the last rebuild (at most markedCrossings).
    const QList<Marker> &markers() const { return m_markers; }

    /// A crossover line's label: "<gpu> faster above n ≈ 316", or "CPU faster again above...";
    /// `cpu` names the other side where it is not "CPU" (1 thread, against more threads).
    static QString crossingText(const Crossing &c, const QString &gpu, const QString &cpu = QString());
    /// Its short form, for a plot short of room: "n ≈ 316"; with several GPU curves it names the
    /// mode ("graph: n ≈ 124"), and across runs the CPU it is held against ("launch vs A: n ≈ 500").
    /// `again` names the side that wins again above it where it is not "CPU".
    static QString crossingBrief(const Crossing &c, const QString &mode = QString(), bool acrossRuns = false,
                                 const QString &again = QString());

protected:
    /// A time chart whose context menu's choices are kept under settingsGroup ("charts" for the
    /// time chart's own: "charts/allThreadCounts", ...), so that a chart built on it keeps its own.
    TimeChart(const QString &settingsGroup, QWidget *parent);
    void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) override;
    /// The last step of rebuild(): the note, from the lines the steps before gave (crossovers, why
    /// none, the curves drawn). A chart built on this one may say something else.
    virtual void setNotes(const ResultSet &r, const std::vector<Series> &all, const QStringList &notes);

private:
    /// "Dashed: <reference>, ... our time ÷ theirs" for each reference run shown.
    QStringList referenceNotes(const std::string &workload) const;

    // The steps of rebuild(), in the order it takes them.
    /// The y axis's time unit and the plot's y range, as set by fitAxes.
    struct Frame {
        double timeScale = 1;    ///< a time in seconds times this is the value plotted
        double yLo = 0, yHi = 0; ///< the y range, as plotted
    };
    /// What drawing the curves leaves for the notes.
    struct CurveTally {
        std::vector<bool> drawn;          ///< curvesDrawn(all): which curves are drawn one by one
        bool bands = false;               ///< bands may be drawn (no more curves than legendLimit)
        bool banded = false;              ///< a band was drawn
        bool fellBack = false;            ///< one of them min-max for points without quartiles
        int throttled = 0, disturbed = 0; ///< the points ringed
    };
    /// The crossovers' lines of the note, and how many GPU curves were held against a CPU.
    struct Crossovers {
        QStringList notes;
        std::size_t compared = 0;
    };
    void showNoTimes(const ResultSet &r);
    Frame fitAxes(const std::vector<Series> &all, int loop);
    CurveTally drawCurves(const ResultSet &r, const std::vector<Series> &all,
                          const std::vector<QColor> &colors, const std::vector<bool> &faded,
                          double timeScale);
    void drawBand(const Series &s, const QString &key, const QColor &color, double timeScale,
                  CurveTally &tally);
    void drawLine(const Series &s, const QString &key, const QColor &color, bool fade, bool reference,
                  double timeScale);
    void drawCostModel(const ResultSet &r, const Series &s, const QString &key, const QColor &color,
                       double timeScale);
    void drawRings(const Series &s, const QString &key, const QColor &color, bool fade, double timeScale,
                   CurveTally &tally);
    void drawEnvelopes(const Classroom &view, double timeScale);
    /// r: the rows behind the curves, for the models' predicted n (Explain::predictor).
    Crossovers markCrossovers(const ResultSet &r, const std::vector<Series> &all,
                              const std::vector<QColor> &colors, const Frame &frame,
                              const std::vector<bool> &drawn);
    /// What "Find the crossovers" (--refine) found, run by run: one sentence each (ExplainText::refined).
    static QStringList refinedNotes(const ResultSet &r, const std::string &workload);
    QStringList whyNoCrossover(const ResultSet &r, const std::vector<Series> &all,
                               const std::string &workload, std::size_t compared) const;
    QStringList curveNotes(const std::vector<Series> &all, const std::string &workload, const Classroom &view,
                           const CurveTally &curves) const;
    QString bandNote(const CurveTally &curves) const;

    QList<Marker> m_markers;
    Band m_band = Band::Interquartile;
    QAction *m_iqrAction = nullptr;
    QAction *m_minMaxAction = nullptr;
    QAction *m_modelsAction = nullptr;
    QAction *m_wholeLoopAction = nullptr;
};

} // namespace speeduplab
