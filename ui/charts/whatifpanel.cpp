// SPDX-License-Identifier: MIT
// The what-if panel beside the Explain chart: sliders that move the models, and the sentences.
#include "ui/charts/whatifpanel.h"

#include "ui/charts/chartstyle.h"
#include "ui/charts/explainchart.h"
#include "words/explaintext.h"
#include "words/format.h"

#include "core/model/workload.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSlider>
#include <QTextBrowser>

#include <algorithm>
#include <cmath>

namespace speeduplab {

double WhatIfPanel::bandwidthAt(int position, double measured)
{
    return measured * std::pow(20.0, (position - steps / 2) / double(steps / 2));
}

int WhatIfPanel::bandwidthPosition(double value, double measured)
{
    if (!(value > 0) || !(measured > 0))
        return steps / 2;
    return std::clamp(int(std::lround(steps / 2 + std::log(value / measured) / std::log(20.0) * (steps / 2))),
                      0, steps);
}

WhatIfPanel::WhatIfPanel(ExplainChart *chart, QWidget *parent) : QWidget(parent), m_chart(chart)
{
    setObjectName(QStringLiteral("whatIfPanel"));
    auto *grid = new QGridLayout;
    m_gpu = new QComboBox;
    m_gpu->setObjectName(QStringLiteral("whatIfGpuCombo"));
    m_gpu->setToolTip(tr("The GPU curve the models compare with the CPU"));
    auto *gpuLabel = new QLabel(tr("GPU curve:"));
    gpuLabel->setBuddy(m_gpu); // its name, for a screen reader too
    grid->addWidget(gpuLabel, 0, 0);
    grid->addWidget(m_gpu, 0, 1, 1, 2);
    auto row = [&](int r, const QString &name, const QString &tip, const QString &objectName,
                   QSlider *&slider, QLabel *&value) {
        auto *l = new QLabel(name);
        l->setObjectName(objectName + QStringLiteral("Name"));
        slider = new QSlider(Qt::Horizontal);
        slider->setObjectName(objectName);
        slider->setToolTip(tip);
        slider->setRange(0, steps);
        slider->setMinimumWidth(60);
        l->setBuddy(slider);
        value = new QLabel;
        // A value and what was measured wrap onto two lines rather than take the text's width.
        value->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0000.0 GB/s")));
        value->setWordWrap(true);
        grid->addWidget(l, r, 0);
        grid->addWidget(slider, r, 1);
        grid->addWidget(value, r, 2);
        connect(slider, &QSlider::valueChanged, this, &WhatIfPanel::applySliders);
    };
    row(1, tr("&Launch latency:"), tr("The GPU's fixed cost per iteration: what if launches were free?"),
        QStringLiteral("launchSlider"), m_launch, m_launchValue);
    row(2, tr("&GPU bandwidth:"), tr("The GPU's rate once the work dominates"),
        QStringLiteral("gpuBandwidthSlider"), m_gpuRate, m_gpuRateValue);
    row(3, tr("C&PU bandwidth:"),
        tr("What all CPU threads together can reach (each thread's share scales with it)"),
        QStringLiteral("cpuBandwidthSlider"), m_cpuRate, m_cpuRateValue);
    row(4, tr("CPU &threads:"),
        tr("The most threads the CPU may use: at each n the fastest of its thread counts up to this one "
           "counts. A count not measured takes the nearest measured count's fixed cost, its rate growing "
           "with the threads until the bandwidth caps it"),
        QStringLiteral("threadsSlider"), m_threads, m_threadsValue);
    m_gpuRateName = qobject_cast<QLabel *>(grid->itemAtPosition(2, 0)->widget());
    m_cpuRateName = qobject_cast<QLabel *>(grid->itemAtPosition(3, 0)->widget());
    m_reset = new QPushButton(tr("&Reset to measured"));
    m_reset->setObjectName(QStringLiteral("whatIfResetButton"));
    grid->addWidget(m_reset, 5, 1, 1, 1, Qt::AlignLeft);
    grid->setColumnStretch(1, 1);

    auto *controls = new QWidget;
    controls->setLayout(grid);
    m_controls = new QScrollArea;
    m_controls->setObjectName(QStringLiteral("whatIfControls"));
    m_controls->setWidget(controls);
    m_controls->setWidgetResizable(true);
    m_controls->setFrameShape(QFrame::NoFrame);
    m_controls->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_text = new QTextBrowser;
    m_text->setObjectName(QStringLiteral("explainText"));
    m_text->setAccessibleName(tr("Explanation"));
    m_text->setOpenLinks(false);
    m_text->setMinimumWidth(minimumTextWidth);
    auto *h = new QHBoxLayout(this);
    h->setContentsMargins(6, 0, 6, 6);
    h->addWidget(m_controls, 1);
    h->addWidget(m_text, 1);

    connect(m_reset, &QPushButton::clicked, m_chart, &ExplainChart::resetWhatIf);
    connect(m_gpu, &QComboBox::activated, this,
            [this](int i) { m_chart->setGpuKey(m_gpu->itemData(i).toString().toStdString()); });
    connect(m_chart, &ChartView::updated, this, &WhatIfPanel::syncFromChart);
    syncFromChart();
}

void WhatIfPanel::syncFromChart()
{
    // The charts' zoom (Ctrl++, presentation mode) applies to the sliders and the text too.
    if (const QFont f = ChartStyle::widgetFont(); font() != f)
        setFont(f);
    const WhatIf &m = m_chart->measured(), &w = m_chart->whatIf();
    const bool usable = m_chart->hasModels();
    {
        // Refilled only when the curves change: the list stays put (open or not) while points arrive.
        QSignalBlocker block(m_gpu);
        const auto &curves = m_chart->gpuCurves();
        bool same = m_gpu->count() == int(curves.size());
        for (int i = 0; same && i < m_gpu->count(); ++i)
            same = m_gpu->itemData(i).toString().toStdString() == curves[std::size_t(i)].first;
        if (!same) {
            m_gpu->clear();
            for (const auto &[key, label] : curves)
                m_gpu->addItem(Format::display(QString::fromStdString(label)), QString::fromStdString(key));
        }
        m_gpu->setCurrentIndex(std::max(0, m_gpu->findData(QString::fromStdString(w.gpuKey))));
    }
    // No model to move (the original answer's table, a CPU-only run): no empty sliders, the text
    // takes the width.
    m_controls->setVisible(usable);
    for (QWidget *x :
         std::initializer_list<QWidget *>{m_gpu, m_launch, m_gpuRate, m_cpuRate, m_threads, m_reset})
        x->setEnabled(usable);
    // As wide as the sliders need, never scrolled sideways.
    m_controls->setMinimumWidth(m_controls->widget()->minimumSizeHint().width() +
                                m_controls->verticalScrollBar()->sizeHint().width());
    // The verdict first: what the sliders' models say, next to the sliders.
    QString html;
    if (const QString &v = m_chart->verdict(); !v.isEmpty())
        html += QStringLiteral("<p><b>%1</b></p>").arg(Format::keepUnits(Format::display(v)).toHtmlEscaped());
    for (const ExplainChart::Section &section : m_chart->explanations()) {
        QString items;
        for (const QString &s : section.sentences)
            items += QStringLiteral("<li>%1</li>").arg(Format::keepUnits(Format::display(s)).toHtmlEscaped());
        html += QStringLiteral("<p><b>%1</b></p><ul>%2</ul>").arg(section.title.toHtmlEscaped(), items);
    }
    if (html.isEmpty())
        html =
            tr("<p>Run a sweep with CPU and GPU curves (or open a recorded one): each curve's cost model and "
               "what it says appear here.</p>");
    if (html != m_html) { // unchanged text keeps its scroll position
        m_html = html;
        m_text->setHtml(html);
    }
    if (!usable) {
        for (QLabel *l : {m_launchValue, m_gpuRateValue, m_cpuRateValue, m_threadsValue})
            l->clear();
        return;
    }
    {
        const QSignalBlocker b1(m_launch), b2(m_gpuRate), b3(m_cpuRate), b4(m_threads);
        m_launch->setValue(int(std::lround(w.gpu.fixed / launchMax(m.gpu.fixed) * steps)));
        m_gpuRate->setValue(bandwidthPosition(w.gpu.rate, m.gpu.rate));
        m_cpuRate->setValue(bandwidthPosition(w.cpuBandwidth, m.cpuBandwidth));
        m_threads->setRange(1, m_chart->maxThreads());
        m_threads->setValue(w.threads);
    }
    const Workload *wl = Workload::find(w.workload);
    const bool flops = wl && wl->computeBound();
    // The sliders are named by what they move: a compute-bound workload's rate is arithmetic.
    m_gpuRateName->setText(flops ? tr("&GPU FLOP rate:") : tr("&GPU bandwidth:"));
    m_cpuRateName->setText(flops ? tr("C&PU FLOP rate:") : tr("C&PU bandwidth:"));
    m_threadsValue->setToolTip(tr("The most threads the CPU may use: at each n the fastest of them counts"));
    auto both = [](const QString &now, const QString &measured) {
        return now == measured ? now : tr("%1 (measured %2)").arg(now, measured);
    };
    m_launchValue->setText(both(Format::seconds(w.gpu.fixed), Format::seconds(m.gpu.fixed)));
    // The GPU's rate with the level it was measured in; the CPU's as the thread count chosen
    // reaches it, beside what all threads together can (the cap the slider moves).
    // Every rate as the Explain text quotes it: in its level's unit, with its level.
    const auto quoted = [&w](double rate, const CostModel::Tier &level) {
        return ExplainText::rate(Explain::quote(rate, level, w.workload), true);
    };
    m_gpuRateValue->setText(both(quoted(w.gpu.rate, w.gpu.topTier()), quoted(m.gpu.rate, m.gpu.topTier())));
    const QString cap =
        both(quoted(w.cpuBandwidth, w.cpuBandwidthTier), quoted(m.cpuBandwidth, m.cpuBandwidthTier));
    m_cpuRateValue->setText(
        w.cpuRate() < 0.999 * w.cpuBandwidth
            ? tr("%1 with %2 (all threads: %3)")
                  .arg(quoted(w.cpuRate(), w.cpuRateTier()), tr("%n thread(s)", nullptr, w.threads), cap)
            : cap);
    m_threadsValue->setText(both(QString::number(w.threads), QString::number(m.threads)));
}

void WhatIfPanel::applySliders()
{
    const WhatIf &m = m_chart->measured();
    if (!m_chart->hasModels())
        return;
    WhatIf w = m_chart->whatIf();
    w.gpu.fixed = launchMax(m.gpu.fixed) * m_launch->value() / steps;
    w.setGpuBandwidth(bandwidthAt(m_gpuRate->value(), m.gpu.rate));
    w.cpuBandwidth = bandwidthAt(m_cpuRate->value(), m.cpuBandwidth);
    w.threads = m_threads->value();
    // A slider left where the measured value sits keeps that value exactly.
    if (m_launch->value() == int(std::lround(m.gpu.fixed / launchMax(m.gpu.fixed) * steps)))
        w.gpu.fixed = m.gpu.fixed;
    if (m_gpuRate->value() == bandwidthPosition(m.gpu.rate, m.gpu.rate))
        w.setGpuBandwidth(m.gpu.rate);
    if (m_cpuRate->value() == bandwidthPosition(m.cpuBandwidth, m.cpuBandwidth))
        w.cpuBandwidth = m.cpuBandwidth;
    m_chart->setWhatIf(w);
}

} // namespace speeduplab
