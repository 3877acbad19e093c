// SPDX-License-Identifier: MIT
// The guided tour (Tour): a non-modal dialog of pages, whose "Show me" switches the window to a chart.
#pragma once

#include <QDialog>
#include <QList>
#include <QPointer>
#include <QStringList>

class QHBoxLayout;
class QLabel;
class QPushButton;

namespace speeduplab {

class ChartTabs;

/// Help ▸ Guided tour (F1): a short, non-modal walk through the seed experiment (`b += b` on
/// torch.ones(n, n)) and how to read each chart, one page at a time. A page about a chart has
/// a "Show me" button that switches the window to it, and the time chart's page quotes the
/// crossover of the results shown, when there is one. Back/Next or Left/Right turn the pages;
/// Esc or Close hides the tour, which reopens where it was left.
class Tour : public QDialog {
    Q_OBJECT
public:
    explicit Tour(ChartTabs *charts, QWidget *parent = nullptr);

    /// Shows the tour of `window` (its child, made on the first call), raised and active.
    static Tour *open(QWidget *window, ChartTabs *charts);

    int pageCount() const { return int(m_pages.size()); }
    int page() const { return m_page; }
    QString pageTitle(int index) const;
    /// The charts (ChartView::name) the page's "Show me" buttons switch to; may be empty.
    QStringList pageCharts(int index) const;

public slots:
    /// Shows page `index` (0-based); out of range changes nothing.
    void setPage(int index);
    void next() { setPage(m_page + 1); }
    void back() { setPage(m_page - 1); }

signals:
    void pageChanged(int index);

private:
    struct Page {
        QString title;
        QString text; ///< rich text
        QStringList charts;
        bool quotesCrossover = false; ///< ends with liveCrossover()
        bool quotesQueue = false;     ///< ends with liveQueue()
    };
    /// The pages, in order, in the language installed.
    static QList<Page> pages();
    void buildLayout();
    void showPage();
    /// "In the results shown: ... faster ... above n ≈ ..." from the time chart's markers, or empty.
    QString liveCrossover() const;
    /// Each unsynced curve of the results shown, told from its own numbers (ExplainText::queue).
    QString liveQueue() const;

    QPointer<ChartTabs> m_charts;
    QList<Page> m_pages;
    int m_page = 0;
    QLabel *m_title = nullptr;
    QLabel *m_text = nullptr;
    QHBoxLayout *m_showMe = nullptr;
    QLabel *m_counter = nullptr;
    QPushButton *m_back = nullptr;
    QPushButton *m_next = nullptr;
};

} // namespace speeduplab
