// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis.h"

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
class QXYSeries;

namespace speeduplab {

class ResultModel;

/// What every chart shares: it reads the result model, rebuilds at most every 100 ms while
/// points arrive (each series gets one replace() per rebuild), keeps its series by id so
/// that they are updated rather than recreated, places text labels in data coordinates,
/// and exports itself as PNG, SVG or an image at any pixel size.
class ChartView : public QChartView {
    Q_OBJECT
public:
    /// What a series shows. Only Data series carry measured points; tests rely on that.
    enum class Role { Data, Band, Fit, Guide, Marker, Region, Reference };

    explicit ChartView(QWidget *parent = nullptr);
    ~ChartView() override;

    /// Short id for the command line and file names: time, speedup, scaling, throughput, roofline.
    virtual QString name() const = 0;
    /// The tab's title.
    virtual QString tabTitle() const = 0;

    void setModel(const ResultModel *model);
    const ResultModel *model() const { return m_model; }
    /// The workload to plot; empty: the first one in the results.
    void setWorkload(const QString &workload);
    QString workload() const { return m_workload; }

    /// Rebuilds within 100 ms (redraws are throttled; a hidden chart waits until shown).
    void scheduleUpdate();
    /// Rebuilds now.
    void updateNow();
    bool isDirty() const { return m_dirty; }
    /// Milliseconds the last rebuild took (building the point lists and replace()).
    double lastUpdateMs() const { return m_lastUpdateMs; }

    QList<QXYSeries *> seriesWithRole(Role role) const;
    /// Every series with this role, lines and areas alike.
    int countWithRole(Role role) const;
    static Role roleOf(const QAbstractSeries *s);
    /// The text of the note box (what the chart has to say beyond its curves).
    QString noteText() const;
    /// The texts of the labels placed in the plot (crossover labels, regions).
    QStringList labelTexts() const;

    /// Past this many legend entries the legend is hidden and the note says so: a legend of
    /// hundreds of entries cannot be read, and QtCharts takes seconds to lay it out.
    static constexpr int legendLimit = 24;
    /// Whether the last rebuild showed the legend.
    bool legendShown() const;
    /// Legend entries the last rebuild declared (shown or not).
    int legendEntries() const { return m_legendEntries; }

    /// Wraps text at width pixels in font: greedy line filling, each word measured once (linear
    /// in the length of the text). A line breaks after a semicolon when one lies in its second
    /// half; continuation lines are indented. A word wider than the line stands on its own.
    static QStringList wrap(const QString &text, const QFont &font, qreal width);

    /// Renders the chart into an image of exactly this many pixels. Large sizes are drawn as
    /// a scaled-up layout (a 1920x1080 image is a 1280x720 chart at 1.5x), so that the text
    /// stays readable on a slide.
    QImage toImage(const QSize &pixels);
    /// Atomic writes (QSaveFile): on failure, error says why and no file is left behind.
    bool savePng(const QString &path, const QSize &pixels, QString *error);
    bool saveSvg(const QString &path, const QSize &pixels, QString *error);

signals:
    void updated();

protected:
    /// Subclasses declare their series here with line() and area(), set ranges and labels.
    virtual void rebuild(const ResultSet &r, const std::vector<Series> &all, const std::string &workload) = 0;

    void setAxes(QAbstractAxis *x, QAbstractAxis *y);
    QAbstractAxis *xAxis() const { return m_x; }
    QAbstractAxis *yAxis() const { return m_y; }

    struct LineStyle {
        Qt::PenStyle pen = Qt::SolidLine;
        qreal width = 2.5;
        bool markers = false;
        bool legend = true;
    };
    /// The series with this id, created on first use; its points replaced in one call.
    QLineSeries *line(const QString &id, Role role, const QString &name, const QColor &color,
                      const QList<QPointF> &points, const LineStyle &style);
    QAreaSeries *area(const QString &id, Role role, const QString &name, const QColor &fill,
                      const QList<QPointF> &lower, const QList<QPointF> &upper, bool legend = false);

    /// Thins a band to at most maxPoints per edge, keeping its envelope (the lowest low and the
    /// highest high of each run of points): a band is a backdrop, and a dense one would cost
    /// more to fill than all the curves cost to draw.
    static void thinBand(QList<QPointF> &lower, QList<QPointF> &upper, int maxPoints = 100);

    void setRanges(double xMin, double xMax, double yMin, double yMax);
    /// Whole decades around [lo, hi] (a log axis labels only powers of ten).
    static void decades(double lo, double hi, double &outLo, double &outHi);

    /// A label at data point (x, y); align says on which side of the point the text sits.
    /// Labels with the same stack number and anchor are placed one below the other.
    void addLabel(const QString &text, double x, double y, const QColor &color, Qt::Alignment align,
                  int stack = 0);
    /// The note below the chart (what it has to say beyond its curves); centred: a box in the
    /// middle of an empty plot instead.
    /// Called again in one rebuild, it adds a line to the note.
    void setNote(const QString &text, bool centred = false);
    void setCaption(const QString &text);
    /// The chart's title: "<workload>: <what>".
    void setChartTitle(const std::string &workload, const QString &what);
    /// "The results are empty" etc. as a centred note and a sensible empty frame.
    void showEmpty(const QString &why);

    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    struct Label {
        QGraphicsRectItem *box = nullptr;
        QGraphicsSimpleTextItem *text = nullptr;
        double x = 0, y = 0;
        Qt::Alignment align;
        int stack = 0;
        int kind = 0; ///< 0: data label, 1: note, 2: centred note, 3: caption
        QString full; ///< the text before any wrapping
    };
    void track(const QString &id, QAbstractSeries *s, Role role, bool legend);
    void countLegendEntry(bool legend);
    Label makeLabel(const QString &text, const QColor &color, const QFont &font, int kind);
    void clearLabels();
    void layoutLabels();
    void reserveMargins();
    QPointF toChart(double x, double y) const;
    double fraction(QAbstractAxis *axis, double v) const;
    void renderInto(QPainter &painter, const QSizeF &logical);

    const ResultModel *m_model = nullptr;
    QString m_workload;
    QAbstractAxis *m_x = nullptr;
    QAbstractAxis *m_y = nullptr;
    QHash<QString, QAbstractSeries *> m_series;
    QList<QString> m_order;
    QSet<QString> m_touched;
    QList<Label> m_labels;
    QTimer m_throttle;
    bool m_dirty = true;
    double m_lastUpdateMs = 0;
    int m_legendEntries = 0;
};

} // namespace speeduplab
