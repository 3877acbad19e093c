// SPDX-License-Identifier: MIT
// The guided tour: short pages on the seed experiment and how to read each chart, each with Show me.
#include "ui/tour.h"

#include "core/analysis/queuetime.h"
#include "ui/charts/charttabs.h"
#include "ui/charts/chartview.h"
#include "ui/charts/timechart.h"
#include "ui/runstore.h"
#include "words/explaintext.h"
#include "words/format.h"

#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QVBoxLayout>

#include <algorithm>

namespace speeduplab {

// Written for a student meeting the seed experiment for the first time: plain sentences,
// one idea a page. Figures here are arithmetic on the experiment, never measurements; the
// measured crossover comes from the results shown (liveCrossover).
QList<Tour::Page> Tour::pages()
{
    return {
        {tr("The experiment: b += b"),
         tr("<p>The seed experiment makes a tensor with <code>b = torch.ones(n, n)</code>: a grid of n "
            "by n numbers, each a 32-bit float (fp32). So <b>n</b> is the length of one side, and the "
            "tensor holds n² numbers.</p>"
            "<p>Then it runs <code>b += b</code> 1000 times. Each time, every number is read, doubled "
            "and written back: n² additions, and <b>8 n² bytes</b> moved (4 bytes read and 4 bytes "
            "written per number). At n = 4 that is 128 bytes; at n = 4000 it is 128 MB, every "
            "iteration.</p>"
            "<p>The question the app answers: for which n is the GPU faster than the CPU, and "
            "why?</p>"),
         {}},
        {tr("Reading log-log axes"),
         tr("<p>The time chart uses <b>log-log axes</b>: on both axes, each gridline is 10 times the one "
            "before. Going from n = 4 to 40 takes the same distance as going from 400 to 4000.</p>"
            "<p>On such axes, a line of <b>slope 2</b> (10 times larger n, 100 times more time) means "
            "the time grows with n², as the work does.</p>"
            "<p>A <b>flat</b> line means the time does not depend on n at all: a fixed cost, such as "
            "starting a GPU kernel, is larger than the work.</p>"
            "<p>So read the slope, not only the height: it tells you what the time is made of.</p>"),
         {QStringLiteral("time")}},
        {tr("The time chart"),
         tr("<p>Each curve is the time of one iteration against n (right-click ▸ Whole loop: of all of "
            "them).</p>"
            "<p>The <b>CPU</b> curves start at tiny times and rise with slope 2: the CPU has almost no "
            "fixed cost, so its time is the work.</p>"
            "<p>The <b>GPU launch</b> curve (one kernel launch per iteration, as the Python loop does) "
            "is flat at first: each iteration costs the launch, a few microseconds, however little work "
            "there is. It rises only once the work outgrows the launch.</p>"
            "<p>Where the curves cross, the GPU becomes faster; the chart marks it \"GPU faster above "
            "n ≈ …\". The <b>graph</b> and <b>fused</b> modes cut the launch cost, so their curves "
            "sit lower and the crossover moves to the left.</p>"
            "<p>A <b>dashed</b> curve is a reference run, from another tool or another machine. A curve "
            "named <b>not synchronised</b> is the time to queue the launches, not the work's: no "
            "crossover is taken from it, even where it crosses a CPU curve.</p>"),
         {QStringLiteral("time")},
         true},
        {tr("The speedup chart"),
         tr("<p>The speedup is the CPU time divided by the GPU time at each n.</p>"
            "<p><b>Above 1</b> the GPU wins: at 10 it is ten times faster. <b>Below 1</b> the CPU wins. "
            "The shaded regions show which side is which, and the crossover is where the curve passes "
            "1.</p>"
            "<p>The speedup grows with n while the GPU is still paying for its launches, and levels off "
            "when both sides are limited by how fast they move memory.</p>"),
         {QStringLiteral("speedup")}},
        {tr("Thread scaling"),
         tr("<p>This chart shows how much faster the CPU gets with more threads, for a few sizes, next "
            "to the ideal line (twice the threads, twice as fast).</p>"
            "<p>For <b>big tensors</b> more threads help until the memory bandwidth runs out: "
            "<code>b += b</code> does one addition for every 8 bytes, so a few cores can keep the "
            "memory busy, and the curve flattens below the ideal.</p>"
            "<p>For <b>tiny tensors</b>, starting and joining the threads (fork/join) costs more than "
            "the work itself, and more threads can even be slower.</p>"),
         {QStringLiteral("scaling")}},
        {tr("Throughput and the roofline"),
         tr("<p>The throughput chart turns each time into a rate: for <code>b += b</code>, bytes moved "
            "per second (GB/s). <nobr>Sweep ▸ Calibrate machine</nobr> measures this machine's ceilings "
            "(cache "
            "and "
            "memory bandwidths, GPU copies and launches, FLOP/s) and draws them as lines.</p>"
            "<p>A point near a ceiling uses what the hardware offers. A point far below is held back by "
            "something else, usually a fixed cost such as the launch.</p>"
            "<p>The roofline chart plots FLOP/s against FLOPs per byte, under the memory and compute "
            "roofs. <code>b += b</code> does one FLOP per 8 bytes, far to the left: launch by launch, "
            "memory bandwidth limits it. Fused, one kernel keeps the data in registers across all the "
            "iterations: no byte moves, and only arithmetic limits it, so its rate is quoted in FLOP/s.</p>"),
         {QStringLiteral("throughput"), QStringLiteral("roofline")}},
        {tr("Why the original answer's GPU times were flat"),
         tr("<p>The answer this experiment comes from gave its GPU times in a table: 0.0431 s at n = 4 and "
            "0.0446 s at n = 4000, <b>flat</b> while the work grew a million-fold: a time that does not "
            "grow with the work is not the work's. It is about 44 µs a launch, many times the few "
            "microseconds a launch costs when it is timed synchronised (Explain holds it against the "
            "shipped H200's).</p>"
            "<p>Read as the work's time, it could not be: at n = 4000 the 1000 iterations move 2 × 4 "
            "bytes × 4000² × 1000 = 128 GB, and in 0.0446 s that would take <b>2.87 TB/s</b>, more than "
            "the spec sheet of an A100 (2.04 TB/s) allows; only the newest data-centre GPUs (H100, "
            "H200) move that much.</p>"
            "<p>It read <code>time.time()</code> around the loop and never called "
            "<code>torch.cuda.synchronize()</code>. A CUDA launch is <b>asynchronous</b>: it puts the "
            "kernel in the GPU's queue and returns at once. So the clock measured the host queueing 1000 "
            "launches (about 44 µs each in Python), not the GPU doing the work. Synchronising waits "
            "until the queue has drained; only then is the work done. Once the queue is full, each "
            "launch waits for a free slot, and the time jumps towards the work's.</p>"
            "<p>Choose <nobr>Sweep ▸ Presets ▸ Replay the original answer</nobr>: the GPU is timed "
            "both ways, <b>GPU launch, not synchronised</b> beside the synchronised <b>GPU launch</b>, "
            "and <nobr>File ▸ Open example</nobr> has the published table, drawn dashed.</p>"),
         {QStringLiteral("time"), QStringLiteral("explain")},
         false,
         true},
        {tr("A GPU in a laptop"),
         tr("<p>Most laptops have an Intel or AMD GPU built into the processor. SpeedupLab reaches it "
            "through OpenCL: install its driver (the README says which), and choose it in the Device "
            "list, where it is named <code>opencl:N</code>.</p>"
            "<p>An <b>integrated GPU</b> shares the CPU's memory. Its copies to and from the host cost "
            "little, because the data never cross a bus; but on memory-bound work such as "
            "<code>b += b</code> it can move bytes no faster than the CPU's memory allows, so it may "
            "never overtake the CPU's threads there. Where it can win is arithmetic: try the gemm "
            "preset.</p>"
            "<p><b>OpenCL on the CPU</b> (PoCL) is listed too. It runs on the same cores as the CPU "
            "curves, so it is no GPU and no crossover is marked against it; the gap between its curves "
            "and the CPU's is what OpenCL's launches cost.</p>"),
         {QStringLiteral("time"), QStringLiteral("explain")}},
        {tr("Try it yourself"),
         tr("<p>Choose <nobr>Sweep ▸ Presets ▸ Seed experiment</nobr>, then press <b>Run</b> (Ctrl+R). The "
            "curves "
            "grow while you watch; Esc stops the sweep and keeps what was measured.</p>"
            "<p>No GPU here? Open the shipped example, <nobr>File ▸ Open example</nobr> (the seed "
            "experiment recorded on an NVIDIA H200), or press <b>See it measured on an NVIDIA H200</b> on "
            "the empty "
            "chart. "
            "Each file adds a run: after your own CPU sweep, choose yours as run A and the example as run B "
            "in the Runs panel, and the time chart marks where B's GPU overtakes A's CPU. Compare runs "
            "shows one run's time over another's, series by series. A GPU server of your own records one "
            "the same way (<code>speeduplab-cli run --preset seed --json gpu.json</code>).</p>"
            "<p>Then predict before you measure: where will the crossover be in graph mode, or on a "
            "faster GPU? Run it and see.</p>"),
         {QStringLiteral("time"), QStringLiteral("compare")}},
    };
}

// The title, the page, its Show me buttons, the counter and Back, Next and Close; the arrow keys.
void Tour::buildLayout()
{
    m_title = new QLabel;
    m_title->setObjectName(QStringLiteral("tourTitle"));
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_title->setFont(big);
    m_title->setWordWrap(true);

    m_text = new QLabel;
    m_text->setObjectName(QStringLiteral("tourText"));
    m_text->setTextFormat(Qt::RichText);
    m_text->setWordWrap(true);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long page (a large font, a wordier language) scrolls rather than being cut.
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_text);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    m_showMe = new QHBoxLayout;
    m_showMe->addStretch(1);

    m_counter = new QLabel;
    m_counter->setObjectName(QStringLiteral("tourCounter"));
    m_back = new QPushButton(tr("< &Back"));
    m_back->setObjectName(QStringLiteral("tourBack"));
    m_back->setAutoDefault(false);
    m_next = new QPushButton(tr("&Next >"));
    m_next->setObjectName(QStringLiteral("tourNext"));
    m_next->setDefault(true);
    auto *close = new QPushButton(tr("&Close"));
    close->setObjectName(QStringLiteral("tourClose"));
    close->setAutoDefault(false);
    connect(m_back, &QPushButton::clicked, this, &Tour::back);
    connect(m_next, &QPushButton::clicked, this, &Tour::next);
    connect(close, &QPushButton::clicked, this, &QDialog::reject);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_counter);
    buttons->addStretch(1);
    buttons->addWidget(m_back);
    buttons->addWidget(m_next);
    buttons->addWidget(close);

    auto *v = new QVBoxLayout(this);
    v->addWidget(m_title);
    v->addWidget(scroll, 1);
    v->addLayout(m_showMe);
    v->addLayout(buttons);

    // Shortcuts, not keyPressEvent: a focused button would take the arrows to move the focus.
    auto *left = new QShortcut(QKeySequence(Qt::Key_Left), this, this, &Tour::back);
    auto *right = new QShortcut(QKeySequence(Qt::Key_Right), this, this, &Tour::next);
    left->setContext(Qt::WindowShortcut);
    right->setContext(Qt::WindowShortcut);
}

Tour::Tour(ChartTabs *charts, QWidget *parent) : QDialog(parent), m_charts(charts)
{
    setObjectName(QStringLiteral("tour"));
    setWindowTitle(tr("Guided tour"));
    setModal(false);

    m_pages = pages();
    buildLayout();
    resize(640, 420);
    showPage();
}

Tour *Tour::open(QWidget *window, ChartTabs *charts)
{
    Tour *tour = window->findChild<Tour *>(QString(), Qt::FindDirectChildrenOnly);
    if (!tour) {
        tour = new Tour(charts, window);
        // Low on the window's left, over the sweep panel and the table: not over the chart that
        // its Show me buttons switch to (it opened in the middle, on top of it).
        const QRect w = window->frameGeometry();
        // Narrower on a small window, short of the middle of the charts (down to 420 px).
        if (charts && charts->isVisible()) {
            const int middle = charts->mapToGlobal(charts->rect().center()).x();
            tour->resize(std::clamp(middle - (w.left() + 12) - 24, 420, tour->width()), tour->height());
        }
        tour->move(w.left() + 12, std::max(w.top(), w.bottom() - tour->height() - 48));
    }
    tour->showPage(); // the results may have changed since it was last shown
    tour->show();
    tour->raise();
    tour->activateWindow();
    return tour;
}

QString Tour::pageTitle(int index) const
{
    return index >= 0 && index < m_pages.size() ? m_pages[index].title : QString();
}

QStringList Tour::pageCharts(int index) const
{
    return index >= 0 && index < m_pages.size() ? m_pages[index].charts : QStringList();
}

void Tour::setPage(int index)
{
    if (index < 0 || index >= m_pages.size() || index == m_page)
        return;
    m_page = index;
    showPage();
    emit pageChanged(m_page);
}

void Tour::showPage()
{
    const Page &p = m_pages[m_page];
    m_title->setText(p.title);
    QString text = p.text;
    if (p.quotesCrossover)
        text += liveCrossover();
    if (p.quotesQueue)
        text += liveQueue();
    m_text->setText(text);
    m_counter->setText(tr("%1 of %2").arg(m_page + 1).arg(m_pages.size()));
    m_back->setEnabled(m_page > 0);
    m_next->setEnabled(m_page + 1 < m_pages.size());
    if (!m_next->isEnabled() && m_next->hasFocus())
        m_back->setFocus();

    // The previous page's buttons go at once, so that only this page's can be found.
    while (m_showMe->count() > 1) {
        QLayoutItem *item = m_showMe->takeAt(0);
        delete item->widget();
        delete item;
    }
    int at = 0;
    for (const QString &name : p.charts) {
        ChartView *chart = m_charts ? m_charts->chart(name) : nullptr;
        if (!chart)
            continue;
        auto *b = new QPushButton(tr("Show me: %1").arg(chart->tabTitle()));
        b->setObjectName(QStringLiteral("showMe_") + name);
        b->setAutoDefault(false);
        b->setToolTip(tr("Switch the window to this chart"));
        connect(b, &QPushButton::clicked, this, [this, name] {
            if (m_charts)
                m_charts->setCurrent(name);
        });
        m_showMe->insertWidget(at++, b);
        if (isVisible())
            b->show(); // at once, not at the layout's next pass
    }
}

QString Tour::liveQueue() const
{
    TimeChart *chart = m_charts ? m_charts->timeChart() : nullptr;
    if (!chart || !chart->model())
        return {};
    const ResultSet &r = chart->model()->resultSet();
    QString out;
    for (const QueueStory &q : QueueTime::stories(r)) {
        const Measurement *launch = QueueTime::launchAt(r, q, q.nMax);
        out += tr("<p><i>In the results shown now: %1</i></p>")
                   .arg(ExplainText::queue(
                            q, launch,
                            launch && launch->run != q.run ? QString::fromStdString(launch->run) : QString())
                            .toHtmlEscaped());
    }
    return out;
}

QString Tour::liveCrossover() const
{
    TimeChart *chart = m_charts ? m_charts->timeChart() : nullptr;
    if (!chart)
        return {};
    if (chart->isDirty())
        chart->updateNow();
    for (const TimeChart::Marker &m : chart->markers()) {
        if (m.gpuBecomesFaster && m.n > 0)
            return tr("<p><i>In the results shown now: %1 is faster than %2 above n ≈ %3.</i></p>")
                .arg(m.gpuLabel.toHtmlEscaped(), m.cpuLabel.toHtmlEscaped(), Format::n(m.n));
    }
    return {};
}

} // namespace speeduplab
