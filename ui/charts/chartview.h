// SPDX-License-Identifier: MIT
// The base of every chart: series by id, axes and units, labels and notes in the plot, the hover
// readout (ChartReadout) and the figure it exports (FigureExport). Charts read the results here.
#pragma once

#include "core/analysis/analysis.h"

#include "ui/charts/chartstyle.h"
#include "ui/charts/labelplacer.h"

#include <QChartView>
#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QSet>
#include <QTimer>

#include <string>
#include <vector>

class QAbstractAxis;
class QAbstractSeries;
class QAreaSeries;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QPushButton;
class QAction;
class QScatterSeries;
class QXYSeries;

namespace speeduplab {

class RunStore;

/// What every chart shares: it reads the result model, rebuilds at most every 100 ms while
/// points arrive (each series gets one replace() per rebuild), keeps its series by id so
/// that they are updated rather than recreated, places text labels in data coordinates,
/// and exports itself as PNG, SVG or an image at any pixel size.
class ChartView : public QChartView {
    Q_OBJECT
public:
    /// What a series shows. Only Data series carry measured points of one curve; tests rely on
    /// that. An Envelope is the best of several measured curves at each n (the best CPU).
    enum class Role { Data, Band, Fit, Guide, Marker, Region, Reference, Envelope };

    explicit ChartView(QWidget *parent = nullptr);
    ~ChartView() override;

    /// Short id for the command line and file names: time, speedup, scaling, throughput, roofline.
    virtual QString name() const = 0;
    /// The tab's title.
    virtual QString tabTitle() const = 0;

    void setModel(const RunStore *model); ///< the runs it shows (the model it draws)
    const RunStore *model() const { return m_model; }
    /// Every CPU thread count in full ("All thread counts" in the context menu of a chart that has
    /// the classroom view); off for a chart without it.
    bool allThreadCounts() const { return m_allThreadsAction && m_allThreadsAction->isChecked(); }
    void setAllThreadCounts(bool all);
    /// The most ticks setRanges leaves a value axis with dynamic ticks.
    static constexpr int maxTicks = 24;
    /// 1, 2 or 5 times a power of ten, at least v (and at least 1).
    static double niceStep(double v);
    /// The workload to plot; empty: the first one in the results.
    void setWorkload(const QString &workload);
    QString workload() const { return m_workload; }

    /// Rebuilds within 100 ms (redraws are throttled; a hidden chart waits until shown).
    void scheduleUpdate();
    /// Rebuilds now.
    void updateNow();
    /// Takes ChartStyle's fonts again (after a zoom) and rebuilds.
    void applyStyle();
    /// A sweep is adding points: the view draws without antialiasing until it ends (a frame
    /// stays well under 17 ms); exports are always antialiased.
    void setLive(bool live);
    bool isLive() const { return m_live; }
    /// The curve is being measured now: a series of the live run while a sweep runs (a recording
    /// or an example shown beside it is finished, and drawn so).
    bool isMeasuring(const Series &s) const;
    bool isDirty() const { return m_dirty; }
    /// Milliseconds the last rebuild took (building the point lists and replace()).
    double lastUpdateMs() const { return m_lastUpdateMs; }

    QList<QXYSeries *> seriesWithRole(Role role) const;
    /// Every series with this role, lines and areas alike.
    int countWithRole(Role role) const;
    static Role roleOf(const QAbstractSeries *s);
    /// The text of the note box (what the chart has to say beyond its curves).
    QString noteText() const;
    /// What a screen reader says of the chart, whose plot is drawn and has no parts to read: its
    /// title as its name; its curves, the axes' ranges and its notes as its description. Its
    /// texts and the table of its data are its children (chartaccessible.h).
    void describeForScreenReaders();
    /// Whether the note is drawn (a short chart on screen leaves out one said elsewhere).
    bool noteShown() const;
    /// The footer: the machine and the time the data shown were measured.
    QString captionText() const;
    /// The texts of the labels placed in the plot (crossover labels, regions), in full.
    QStringList labelTexts() const;
    /// Where those labels are, in chart coordinates (as QChart::plotArea()), in the same order;
    /// a null rectangle for one left out (no free place in the plot).
    QList<QRectF> labelRects() const;
    /// What hovering a point of a measured curve shows: the series, n, the value as plotted and,
    /// for a curve of the results, its time, middle half, CV and the fitted cost model's time.
    QString readout(const QXYSeries *s, const QString &id, const QPointF &at) const;
    /// What a y value in the chart's base unit (s, B/s, FLOP/s; 1 for a ratio) is multiplied by
    /// to be plotted: a series' y divided by it is the value in that unit.
    double yScale() const { return m_yScale; }

    /// Past this many legend entries the legend is hidden and the note says so: a legend of
    /// hundreds of entries cannot be read, and QtCharts takes seconds to lay it out.
    static constexpr int legendLimit = 24;
    /// Past this many CPU curves of one run and variant, a chart draws this many of them (the
    /// fewest threads, the most, and log-spaced counts between): QtCharts' cost grows with the
    /// square of its series, and 4,000 thread counts took 14 s to chart, 10,000 over a minute.
    static constexpr int curveLimit = 48;
    /// Past this many CPU curves, or GPU curves, in all (8,000 variants), a chart draws this many
    /// of them, spread evenly.
    static constexpr int kindLimit = 2 * curveLimit;
    /// Whether the last rebuild showed the legend.
    bool legendShown() const;
    /// Legend entries the last rebuild declared (shown or not).
    int legendEntries() const { return m_legendEntries; }
    /// A series' legend entry as it reads: legendHtml's text, its lines joined by spaces.
    static QString legendText(const QAbstractSeries *s);

    /// While there are no results at all, a button under the empty chart's message triggers
    /// `action` (the time chart offers a shipped example on a machine without a GPU); nullptr:
    /// none. Never drawn into an export.
    void setEmptyOffer(QAction *action);
    /// The button of setEmptyOffer, or nullptr; visible while the results are empty.
    const QPushButton *emptyOffer() const { return m_offer; }

    /// Renders the chart into an image of exactly this many pixels. Large sizes are drawn as
    /// a scaled-up layout (a 1920x1080 image is a 1280x720 chart at 1.5x), so that the text
    /// stays readable on a slide.
    QImage toImage(const QSize &pixels);
    /// The size a figure asked for at `pixels` is written at (savePng, saveSvg, toSvg): as wide,
    /// and taller by what its notes need beyond the quarter of the height they take on screen,
    /// so that every line of them is in the file while the plot keeps its size (at most twice
    /// as tall, and 16384 pixels: past that the file says that its notes were cut).
    QSize figureSize(const QSize &pixels);
    /// Atomic writes (QSaveFile): on failure, error says why and no file is left behind.
    bool savePng(const QString &path, const QSize &pixels, QString *error);
    bool saveSvg(const QString &path, const QSize &pixels, QString *error);
    /// The SVG saveSvg() writes, in memory (FigureExport::svgData); empty when it could not be drawn.
    QByteArray toSvg(const QSize &pixels);

signals:
    void updated();

protected:
    /// How the hover readout names a point's x: "n = 400" on charts over the tensor size (the
    /// default, which also reads out the point's time, noise and model), else the override's.
    virtual bool xIsSize() const { return true; }
    virtual QString xReadout(double x) const;
    /// Lines the hover readout adds for curve `id` at a point's x (ChartReadout::Axes::more); none.
    virtual QStringList readoutMore(const QString &id, double x) const;
    /// Rebuilding for an exported image: notes say what the figure shows, not what to click.
    bool exporting() const { return m_exporting; }
    /// The readout of the measured point nearest the mouse (ChartReadout).
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    /// Keeps the readout up while the mouse rests (the view's own tooltip event would hide it).
    bool viewportEvent(QEvent *event) override;
    /// Subclasses declare their series here with line() and area(), set ranges and labels.
    virtual void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) = 0;

    void setAxes(QAbstractAxis *x, QAbstractAxis *y);
    /// The colour of each series: ChartStyle::seriesColors within each run, in the run's colour
    /// family (its place in the model's runs).
    std::vector<QColor> seriesColors(const std::vector<Series> &all) const;
    /// `color` in the hue family of the run `s` belongs to (ChartStyle::inFamily): what every
    /// curve of a run is drawn in, on every chart, so that two runs' curves never share a colour.
    QColor inRunFamily(const QColor &color, const Series &s) const;
    /// Which of `all` a chart draws one by one: of each run's CPU curves in one variant at most
    /// curveLimit thread counts, and of each kind (CPU, GPU) at most kindLimit curves. What is
    /// drawn from the rest (the best CPU, the table) still uses every curve.
    static std::vector<bool> curvesDrawn(const std::vector<Series> &all);
    /// The note for curves left out by curvesDrawn ("Drawn: 48 of the 4,000 CPU thread counts...",
    /// "Drawn: 96 of the 4,000 CPU curves and 96 of the 4,000 GPU curves..."),
    /// or empty when none was.
    static QString curvesNote(const std::vector<Series> &all, const std::vector<bool> &drawn);
    /// Whether results were measured on this machine (its CPU, thread count and GPUs), so that a
    /// hint to calibrate it makes sense; a recording from elsewhere gets none.
    static bool measuredHere(const MachineInfo &machine);
    /// Whether a series belongs to a reference run (PyTorch, NumPy): drawn dashed.
    bool isReference(const Series &s) const;
    /// The run labelled `run` is A (or B) of a compared pair (RunStore::runA, runB; both set).
    bool isRunA(const std::string &run) const { return comparedAs(run) == 'A'; }
    /// 'A', 'B' or 0: which of the compared pair the run labelled `run` is.
    char comparedAs(const std::string &run) const;
    /// Several runs are shown: labels and notes name the run.
    bool severalRuns() const;
    /// The classroom view (the time and throughput charts' default): in each run with three CPU
    /// curves or more (two for run A of a compared pair), the fewest threads of each variant in
    /// full, the other thread counts faded, and the best CPU at each n drawn over them as a dark
    /// envelope; and the note's line on which thread count wins where.
    struct Classroom {
        std::vector<bool> faded;                          ///< by index in all
        std::vector<std::pair<Series, QColor>> envelopes; ///< each run's best CPU, its colour
        QStringList winners;
    };
    /// The series key of a run's envelope (its curve's id is "best:" and the key).
    static std::string envelopeKey(const std::string &run) { return run + "|best-cpu"; }
    /// Nothing faded and no envelope when "All thread counts" is on.
    Classroom classroom(const std::vector<Series> &all, const std::vector<QColor> &colors) const;
    /// The note's lines on the classroom view: the dark lines and how many curves are faded.
    QStringList classroomNotes(const Classroom &view, const std::vector<bool> &drawn) const;
    /// Adds "All thread counts" to the context menu, its state kept in the settings under
    /// settingsKey (each chart its own).
    void addAllThreadCountsAction(const QString &settingsKey);
    /// A best CPU and the GPU curves it is held against (crossovers, speedups).
    struct Matchup {
        Series best;                      ///< Analysis::bestCpu of one run's CPU curves
        std::vector<const Series *> cpus; ///< those curves, into the `all` given to matchups
        std::vector<const Series *> gpus; ///< into the `all` given to matchups
        QString cpuName;                  ///< "best CPU", "<run>: best CPU"
        bool acrossRuns = false;          ///< the CPU of run A against the GPU of run B
        /// A run without GPU curves: `best` is its 1-thread curve and `gpus` its curves of more
        /// threads (Analysis::threadPairs), where more threads overtake one.
        bool threads = false;
        /// How a note names the CPU side next to a GPU curve that names its run.
        QString cpuNameInNote() const;
    };
    /// A GPU curve held against a matchup's best CPU, named for a legend or a note: "GPU launch vs
    /// best CPU"; with several runs "B's GPU launch vs A's best CPU" (the runs compared across
    /// called A and B, others by their labels).
    QString matchupName(const Matchup &pair, const Series &gpu) const;
    /// Across runs first, when the model compares two runs shown (A's CPU against B's GPU),
    /// then within each run shown that has both.
    std::vector<Matchup> matchups(const std::vector<Series> &all) const;
    /// Each run shown that has CPU curves and no GPU curve: its 1-thread curve against its curves
    /// of more threads (Matchup::threads), the crossovers such a run's file lists and --refine pins.
    std::vector<Matchup> threadMatchups(const std::vector<Series> &all) const;
    /// What the hover readout puts after a ratio's value ("×" on the speedup chart); none by default.
    void setRatioSuffix(const QString &suffix) { m_ratioSuffix = suffix; }
    /// Gives the y axis a unit: title's "%1" becomes its symbol, and yScale() its scale.
    void setYUnit(const QString &title, const ChartStyle::Unit &unit);
    QAbstractAxis *xAxis() const { return m_x; }
    QAbstractAxis *yAxis() const { return m_y; }

    struct LineStyle {
        Qt::PenStyle pen = Qt::SolidLine;
        qreal width = 2.5;
        bool markers = false;
        bool legend = true;
        /// The markers' shape (markerShape): 0 circles, 1 squares, 2 triangles, 3 diamonds.
        int shape = 0;
        /// May leave a legend too short to list every entry (a CPU thread count's curve, a model
        /// the note also states), last first, so that the GPU curves, the best CPU and the guides
        /// stay listed: fitLegend.
        bool spare = false;
    };
    /// The marker shape of a series' run: one per run in the model's order (circles for the first,
    /// then squares, triangles, diamonds), so that two runs' curves read apart by more than shade.
    int markerShape(const Series &s) const;
    /// A series' name as its legend entry shows it: a run label before ": " past 32 characters is
    /// cut at a word with "…", so that the series' own part stays readable.
    static QString legendName(const QString &name);
    /// The legend entry's HTML (QtCharts draws it as HTML; a name from a file is data): the
    /// legendName escaped and wrapped onto lines of at most legendLineWidth pixels, for a side
    /// legend QtCharts caps at 40 % of the chart's width and would cut at its edge with "...".
    static QString legendHtml(const QString &name);
    static constexpr qreal legendLineWidth = 180;
    /// The series with this id, created on first use; its points replaced in one call.
    QLineSeries *line(const QString &id, Role role, const QString &name, const QColor &color,
                      const QList<QPointF> &points, const LineStyle &style);
    /// Hollow markers (the view's background inside, `color` around) at points, without a
    /// legend entry: the points of a curve measured while the GPU throttled.
    QScatterSeries *hollowMarkers(const QString &id, const QColor &color, const QList<QPointF> &points);
    QAreaSeries *area(const QString &id, Role role, const QString &name, const QColor &fill,
                      const QList<QPointF> &lower, const QList<QPointF> &upper, bool legend = false);

    /// Thins a band to at most maxPoints per edge, keeping its envelope (the lowest low and the
    /// highest high of each run of points): a band is a backdrop, and a dense one would cost
    /// more to fill than all the curves cost to draw.
    static void thinBand(QList<QPointF> &lower, QList<QPointF> &upper, int maxPoints = 100);

    /// The axes' ranges, made what an axis can draw whatever the data (a hostile file's 5e-324
    /// bytes made QLogValueAxis::setRange recurse; 10^6 threads at a tick every 16 asked for
    /// 62,500 ticks): finite, a log axis's positive and within 40 decades, and a value axis with
    /// dynamic ticks at most maxTicks of them (its interval widened to a 1-2-5 step).
    void setRanges(double xMin, double xMax, double yMin, double yMax);

    /// Whole decades around [lo, hi] (a log axis labels only powers of ten).
    static void decades(double lo, double hi, double &outLo, double &outHi);

    /// Where a label in the plot may go (LabelPlacer::Place).
    using Place = LabelPlacer::Place;
    /// A label anchored at data point (x, y). It goes where it covers no data point and no label
    /// placed before (LabelPlacer chooses); short of room, it shows brief instead (if given);
    /// with no free place at all, it is left out.
    void addLabel(const QString &text, const QString &brief, double x, double y, const QColor &color,
                  const Place &place);
    /// The note below the chart (what it has to say beyond its curves); centred: a box in the
    /// middle of an empty plot instead.
    /// Called again in one rebuild, it adds a line to the note.
    void setNote(const QString &text, bool centred = false);
    /// The note's font: ChartStyle::noteFont(); a chart whose note is its message may say it larger.
    virtual QFont noteFont() const;
    void setCaption(const QString &text);
    /// The page around the chart says the note too (Explain's panel): a short chart on screen
    /// leaves it out and gives its lines to the plot. Exports always keep it.
    void setNoteShownElsewhere(bool elsewhere) { m_noteElsewhere = elsewhere; }
    /// The chart's title: "<workload>: <what>".
    void setChartTitle(const std::string &workload, const QString &what);
    /// "The results are empty" etc. as a centred note and a sensible empty frame.
    void showEmpty(const QString &why);
    /// Without a curve to draw, showEmpty with why (no results yet, or no point with a time)
    /// and true; false when `all` has curves.
    bool showIfNoCurve(const ResultSet &r, const std::vector<Series> &all);

    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    friend struct ChartAccessibleData; // reads the labels and notes as a screen reader's texts
    QAction *m_allThreadsAction = nullptr;
    /// The readout at `at` (viewport coordinates), or none when no marker is near.
    void showReadout(const QPointF &at);
    void hideReadout();
    struct Label {
        QGraphicsRectItem *box = nullptr;
        QGraphicsSimpleTextItem *text = nullptr;
        double x = 0, y = 0;
        Place place{};
        QString brief; ///< the short form, for a plot short of room
        int kind = 0;  ///< 0: data label, 1: note, 2: centred note, 3: caption
        QString full;  ///< the text before any wrapping
    };
    /// A label's whole text: a note's with the line on the legend entries fitLegend left out.
    QString fullNote(const Label &l) const;
    void track(const QString &id, QAbstractSeries *s, Role role, bool legend);
    void countLegendEntry(bool legend);
    Label makeLabel(const QString &text, const QColor &color, const QFont &font, int kind);
    void clearLabels();
    void layoutLabels();
    void fitAxisTitles();
    /// The decades of a log axis reaching below 0.0001, labelled as they are (0.00001 … 1000):
    /// QtCharts' own labels, one printf format for all, are drawn transparent then.
    void labelDecades();
    static QString shortTitle(const QString &title);
    static QSizeF fitBox(Label &l);
    QRectF placeInPlot(Label &l, const QList<QRectF> &obstacles);
    QList<QRectF> dataRects() const;
    /// The margins the note and caption need (applyMargins), then the legend fitted to what is left.
    void reserveMargins();
    void applyMargins();
    /// Hides spare legend entries (LineStyle::spare), the last first, while the legend's entries
    /// would run past its height, and shows them again when there is room; m_legendLeftOut counts
    /// them for the note. QtCharts lays a side legend out in one column and cuts what is past it.
    void fitLegend();
    static constexpr const char *spareProperty = "speeduplabSpare"; ///< a series' LineStyle::spare
    void applyAntialiasing();
    static void replaceIfChanged(QXYSeries *s, const QList<QPointF> &points);
    /// Where a value falls along an axis, from 0 at its minimum to 1 at its maximum (log axes
    /// in log space); read from the axis once, then applied to thousands of points.
    struct AxisScale {
        bool log = false;
        double lo = 0, span = 0;
        static AxisScale of(const QAbstractAxis *axis);
        double fraction(double v) const;
    };
    /// The scene position of a data value: toChart(x, y) reads the axes on each call.
    static QPointF toChart(double x, double y, const AxisScale &sx, const AxisScale &sy, const QRectF &plot);
    QPointF toChart(double x, double y) const;
    void renderInto(QPainter &painter, const QSizeF &logical);
    /// Lays the chart out for a figure of `logical` size (exporting), returning the size it had.
    QSizeF layOutForExport(const QSizeF &logical);
    /// The window's chart again after an export laid it out (old: layOutForExport's answer).
    void restoreAfterExport(const QSizeF &old);

    /// Places the empty-chart offer under the centred message, shown while there are no results.
    void placeOffer();

    const RunStore *m_model = nullptr;
    QPushButton *m_offer = nullptr;
    QString m_workload;
    QAbstractAxis *m_x = nullptr;
    QAbstractAxis *m_y = nullptr;
    double m_yScale = 1;
    QString m_ySymbol;            ///< the y unit's symbol ("µs", "GB/s"); empty for a ratio
    QString m_ratioSuffix;        ///< after a ratio's value in the readout ("×"); setRatioSuffix
    std::vector<Series> m_shown;  ///< the series of the last rebuild (hover readouts)
    bool m_readoutShown = false;  ///< this view's readout is the tooltip on screen
    bool m_exporting = false;     ///< rebuilding for an image or SVG file
    qreal m_noteOverflow = 0;     ///< the height of the notes' lines an export had to leave out
    qreal m_noteRoom = 0;         ///< an export's room for its notes (figureSize); 0: a quarter
    bool m_noteElsewhere = false; ///< setNoteShownElsewhere
    QString m_xTitle, m_yTitle;   ///< the axes' full titles (fitAxisTitles may show short ones)
    QString m_plainTitle;         ///< the chart's title as text (the chart holds it escaped)
    qreal m_wrappedAtLeft = -1;   ///< the plot's left edge the notes were last wrapped for
    QHash<QString, QAbstractSeries *> m_series;
    QList<QString> m_order;
    QSet<QString> m_touched;
    QList<Label> m_labels;
    QList<QGraphicsSimpleTextItem *> m_decadeLabels; ///< labelDecades' texts, children of the chart
    QColor m_axisLabelColor;                         ///< the tick labels' colour QtCharts gave
    QRectF m_placedIn;                               ///< the plot area the labels in it were placed for
    QTimer m_throttle;
    bool m_dirty = true;
    bool m_live = false;
    std::size_t m_points = 0; ///< points plotted by the last rebuild
    double m_lastUpdateMs = 0;
    int m_legendEntries = 0;
    int m_legendLeftOut = 0;  ///< spare entries fitLegend left out of the legend
    QString m_legendFitKey;   ///< the legend height and entry count fitLegend last fitted
    bool m_reserving = false; ///< in reserveMargins (which lays the chart out, and is asked again)
};

} // namespace speeduplab
