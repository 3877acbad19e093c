// SPDX-License-Identifier: MIT
// A chart as a screen reader finds it (chartaccessible.h): the chart, its texts and its data
// table as accessibility interfaces. The texts and the table hold no copy of the chart's data:
// every answer is read from the chart when asked, so that a chart rebuilt by a running sweep is
// read as it is now.
#include "ui/charts/chartaccessible.h"
#include "ui/charts/chartview.h"
#include "words/format.h"
#include <QAccessible>
#include <QAccessibleWidget>
#include <QCoreApplication>
#include <QHash>
#include <QPointer>
#include <QXYSeries>
#include <algorithm>
#include <limits>

namespace speeduplab {
namespace {

/// The measured curves a chart draws, in its order: those with a name and a point.
QList<QXYSeries *> curvesOf(const ChartView *view)
{
    QList<QXYSeries *> out;
    for (QXYSeries *s : view->seriesWithRole(ChartView::Role::Data))
        if (!s->name().isEmpty() && s->count() > 0)
            out << s;
    return out;
}

/// Where a chart is on the screen: each of its parts answers with it (a label is drawn in the
/// plot, not a widget of its own).
QRect screenRect(const ChartView *view)
{
    return view ? QRect(view->mapToGlobal(QPoint(0, 0)), view->size()) : QRect();
}

QAccessible::State stateOf(const ChartView *view)
{
    QAccessible::State s;
    s.readOnly = true;
    if (!view || !view->isVisible()) {
        s.invisible = true;
        s.offscreen = true;
    }
    return s;
}

/// One of the chart's texts, by its place among ChartAccessibleData::texts; a text a screen reader
/// can read as text (the Text interface), not only as a name.
class ChartText : public QAccessibleInterface, public QAccessibleTextInterface {
public:
    ChartText(ChartView *view, QAccessibleInterface *chart, int index)
        : m_view(view), m_chart(chart), m_index(index)
    {
    }
    bool isValid() const override { return m_view; }
    QObject *object() const override { return nullptr; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessibleInterface *parent() const override { return m_chart; }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    QString text(QAccessible::Text t) const override
    {
        return t == QAccessible::Name ? current() : QString();
    }
    void setText(QAccessible::Text, const QString &) override {}
    QRect rect() const override { return screenRect(m_view); }
    QAccessible::Role role() const override { return QAccessible::StaticText; }
    QAccessible::State state() const override { return stateOf(m_view); }
    void *interface_cast(QAccessible::InterfaceType type) override
    {
        return type == QAccessible::TextInterface ? static_cast<QAccessibleTextInterface *>(this) : nullptr;
    }

    // QAccessibleTextInterface: read-only text, no caret, no selection.
    void selection(int, int *start, int *end) const override { *start = *end = 0; }
    int selectionCount() const override { return 0; }
    void addSelection(int, int) override {}
    void removeSelection(int) override {}
    void setSelection(int, int, int) override {}
    int cursorPosition() const override { return 0; }
    void setCursorPosition(int) override {}
    QString text(int start, int end) const override
    {
        const QString all = current();
        start = qBound(0, start, int(all.size()));
        end = end < 0 ? int(all.size()) : qBound(start, end, int(all.size()));
        return all.mid(start, end - start);
    }
    int characterCount() const override { return int(current().size()); }
    QRect characterRect(int) const override { return QRect(); }
    int offsetAtPoint(const QPoint &) const override { return -1; }
    void scrollToSubstring(int, int) override {}
    QString attributes(int, int *start, int *end) const override
    {
        *start = 0;
        *end = characterCount();
        return QString();
    }

private:
    QString current() const
    {
        if (!m_view)
            return QString();
        const QStringList all = ChartAccessibleData::texts(m_view);
        return m_index < all.size() ? all[m_index] : QString();
    }
    QPointer<ChartView> m_view;
    QAccessibleInterface *m_chart;
    int m_index;
};

constexpr int kColumns = 3; // the curve, x, y

/// A cell of the data table; row -1 is the column headers.
class ChartCell : public QAccessibleInterface, public QAccessibleTableCellInterface {
public:
    ChartCell(ChartView *view, QAccessibleInterface *table, int row, int column)
        : m_view(view), m_table(table), m_row(row), m_column(column)
    {
    }
    bool isValid() const override { return m_view; }
    QObject *object() const override { return nullptr; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessibleInterface *parent() const override { return m_table; }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    QString text(QAccessible::Text t) const override
    {
        if (t != QAccessible::Name || !m_view)
            return QString();
        if (m_row < 0) {
            const QStringList columns = ChartAccessibleData::columns(m_view);
            return m_column < columns.size() ? columns[m_column] : QString();
        }
        return ChartAccessibleData::cell(m_view, m_row, m_column);
    }
    void setText(QAccessible::Text, const QString &) override {}
    QRect rect() const override { return screenRect(m_view); }
    QAccessible::Role role() const override
    {
        return m_row < 0 ? QAccessible::ColumnHeader : QAccessible::Cell;
    }
    QAccessible::State state() const override { return stateOf(m_view); }
    void *interface_cast(QAccessible::InterfaceType type) override
    {
        return type == QAccessible::TableCellInterface && m_row >= 0
                   ? static_cast<QAccessibleTableCellInterface *>(this)
                   : nullptr;
    }

    bool isSelected() const override { return false; }
    QList<QAccessibleInterface *> columnHeaderCells() const override { return {m_table->child(m_column)}; }
    QList<QAccessibleInterface *> rowHeaderCells() const override { return {}; }
    int columnIndex() const override { return m_column; }
    int rowIndex() const override { return m_row; }
    int columnExtent() const override { return 1; }
    int rowExtent() const override { return 1; }
    QAccessibleInterface *table() const override { return m_table; }

    int row() const { return m_row; }
    int column() const { return m_column; }

private:
    QPointer<ChartView> m_view;
    QAccessibleInterface *m_table;
    int m_row, m_column;
};

/// The data behind the chart: a row per point of each measured curve, the curve's name, x and y
/// as the axes show them. Its children are the header cells, then the cells row by row.
class ChartTable : public QAccessibleInterface, public QAccessibleTableInterface {
public:
    ChartTable(ChartView *view, QAccessibleInterface *chart) : m_view(view), m_chart(chart) {}
    ~ChartTable() override { dropCells(); }
    bool isValid() const override { return m_view; }
    QObject *object() const override { return nullptr; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessibleInterface *parent() const override { return m_chart; }
    QAccessibleInterface *child(int index) const override
    {
        if (index < 0 || index >= childCount())
            return nullptr;
        if (const auto id = m_cells.value(index); id != 0)
            return QAccessible::accessibleInterface(id);
        auto *cell =
            new ChartCell(m_view, const_cast<ChartTable *>(this), index / kColumns - 1, index % kColumns);
        m_cells.insert(index, QAccessible::registerAccessibleInterface(cell));
        return cell;
    }
    int childCount() const override { return (rowCount() + 1) * kColumns; }
    int indexOfChild(const QAccessibleInterface *child) const override
    {
        const auto *cell = dynamic_cast<const ChartCell *>(child);
        if (!cell || cell->parent() != this)
            return -1;
        const int index = (cell->row() + 1) * kColumns + cell->column();
        return index < childCount() ? index : -1;
    }
    QString text(QAccessible::Text t) const override
    {
        if (t == QAccessible::Name)
            return QCoreApplication::translate("ChartAccessible", "Data of the chart");
        if (t == QAccessible::Description && m_view)
            return QCoreApplication::translate("ChartAccessible", "A row for each point of each curve: %1.")
                .arg(ChartAccessibleData::columns(m_view).join(QStringLiteral(", ")));
        return QString();
    }
    void setText(QAccessible::Text, const QString &) override {}
    QRect rect() const override { return screenRect(m_view); }
    QAccessible::Role role() const override { return QAccessible::Table; }
    QAccessible::State state() const override { return stateOf(m_view); }
    void *interface_cast(QAccessible::InterfaceType type) override
    {
        return type == QAccessible::TableInterface ? static_cast<QAccessibleTableInterface *>(this) : nullptr;
    }

    QAccessibleInterface *caption() const override { return nullptr; }
    QAccessibleInterface *summary() const override { return nullptr; }
    QAccessibleInterface *cellAt(int row, int column) const override
    {
        if (row < 0 || column < 0 || column >= kColumns || row >= rowCount())
            return nullptr;
        return child((row + 1) * kColumns + column);
    }
    int selectedCellCount() const override { return 0; }
    QList<QAccessibleInterface *> selectedCells() const override { return {}; }
    QString columnDescription(int column) const override
    {
        const QStringList columns = m_view ? ChartAccessibleData::columns(m_view) : QStringList();
        return column >= 0 && column < columns.size() ? columns[column] : QString();
    }
    QString rowDescription(int) const override { return QString(); }
    int selectedColumnCount() const override { return 0; }
    int selectedRowCount() const override { return 0; }
    int columnCount() const override { return kColumns; }
    int rowCount() const override { return m_view ? ChartAccessibleData::rows(m_view) : 0; }
    QList<int> selectedColumns() const override { return {}; }
    QList<int> selectedRows() const override { return {}; }
    bool isColumnSelected(int) const override { return false; }
    bool isRowSelected(int) const override { return false; }
    bool selectRow(int) override { return false; }
    bool selectColumn(int) override { return false; }
    bool unselectRow(int) override { return false; }
    bool unselectColumn(int) override { return false; }
    /// Cells read the chart when asked, so a rebuilt chart needs no new ones: a cell past the
    /// new end reads as empty. Only a model's signal would call this.
    void modelChange(QAccessibleTableModelChangeEvent *) override { dropCells(); }

private:
    void dropCells()
    {
        for (const QAccessible::Id id : std::as_const(m_cells))
            QAccessible::deleteAccessibleInterface(id);
        m_cells.clear();
    }
    QPointer<ChartView> m_view;
    QAccessibleInterface *m_chart;
    mutable QHash<int, QAccessible::Id> m_cells;
};

/// The chart: the widget's interface (its name and description, set by describeForScreenReaders;
/// its own child widgets, such as the button of an empty chart) with the role Chart, its texts
/// first and its data table after them.
class ChartAccessible : public QAccessibleWidget {
public:
    explicit ChartAccessible(ChartView *view) : QAccessibleWidget(view, QAccessible::Chart) {}
    ~ChartAccessible() override
    {
        for (const QAccessible::Id id : std::as_const(m_texts))
            QAccessible::deleteAccessibleInterface(id);
        if (m_table)
            QAccessible::deleteAccessibleInterface(m_table);
    }
    int childCount() const override { return textCount() + 1 + QAccessibleWidget::childCount(); }
    QAccessibleInterface *child(int index) const override
    {
        const int texts = textCount();
        if (index < 0)
            return nullptr;
        if (index < texts) {
            if (const auto id = m_texts.value(index); id != 0)
                return QAccessible::accessibleInterface(id);
            auto *text = new ChartText(view(), const_cast<ChartAccessible *>(this), index);
            m_texts.insert(index, QAccessible::registerAccessibleInterface(text));
            return text;
        }
        if (index == texts)
            return table();
        return QAccessibleWidget::child(index - texts - 1);
    }
    int indexOfChild(const QAccessibleInterface *child) const override
    {
        const int texts = textCount();
        if (const auto *text = dynamic_cast<const ChartText *>(child))
            for (auto it = m_texts.cbegin(); it != m_texts.cend(); ++it)
                if (QAccessible::accessibleInterface(it.value()) == text)
                    return it.key() < texts ? it.key() : -1;
        if (m_table && child == QAccessible::accessibleInterface(m_table))
            return texts;
        const int own = QAccessibleWidget::indexOfChild(child);
        return own < 0 ? -1 : own + texts + 1;
    }
    /// The data table, made when first asked for.
    QAccessibleInterface *table() const
    {
        if (m_table)
            return QAccessible::accessibleInterface(m_table);
        auto *t = new ChartTable(view(), const_cast<ChartAccessible *>(this));
        m_table = QAccessible::registerAccessibleInterface(t);
        return t;
    }

private:
    ChartView *view() const { return static_cast<ChartView *>(widget()); }
    int textCount() const { return int(ChartAccessibleData::texts(view()).size()); }
    mutable QHash<int, QAccessible::Id> m_texts;
    mutable QAccessible::Id m_table = 0;
};

} // namespace

QStringList ChartAccessibleData::texts(const ChartView *view)
{
    QStringList out;
    for (const ChartView::Label &l : view->m_labels) {
        if (l.kind == 0) {
            out << l.full;
        } else if (l.kind == 1 || l.kind == 2) {
            // A note is read a line at a time: each line is one statement of its own.
            for (const QString &line : view->fullNote(l).split(QLatin1Char('\n')))
                if (!line.trimmed().isEmpty())
                    out << line.trimmed();
        }
    }
    return out;
}

QStringList ChartAccessibleData::columns(const ChartView *view)
{
    const QAbstractAxis *x = view->xAxis();
    const QAbstractAxis *y = view->yAxis();
    return {QCoreApplication::translate("ChartAccessible", "Curve"),
            x && !x->titleText().isEmpty() ? x->titleText()
                                           : QCoreApplication::translate("ChartAccessible", "x"),
            y && !y->titleText().isEmpty() ? y->titleText()
                                           : QCoreApplication::translate("ChartAccessible", "y")};
}

int ChartAccessibleData::rows(const ChartView *view)
{
    qsizetype n = 0;
    for (const QXYSeries *s : curvesOf(view))
        n += s->count();
    return int(std::min<qsizetype>(n, std::numeric_limits<int>::max() / kColumns - 1));
}

QString ChartAccessibleData::cell(const ChartView *view, int row, int column)
{
    if (row < 0 || column < 0 || column >= kColumns)
        return QString();
    for (const QXYSeries *s : curvesOf(view)) {
        if (row >= s->count()) {
            row -= int(s->count());
            continue;
        }
        if (column == 0)
            return ChartView::legendText(s);
        const QPointF p = s->at(row);
        return Format::number(column == 1 ? p.x() : p.y());
    }
    return QString();
}

QAccessibleInterface *chartAccessibleFactory(const QString &, QObject *object)
{
    auto *view = qobject_cast<ChartView *>(object);
    return view ? new ChartAccessible(view) : nullptr;
}

} // namespace speeduplab
