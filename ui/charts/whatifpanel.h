// SPDX-License-Identifier: MIT
// The what-if panel (WhatIfPanel).
#pragma once

#include <QWidget>

#include <algorithm>

class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QSlider;
class QTextBrowser;

namespace speeduplab {

class ExplainChart;

/// Beside the Explain chart: the what-if sliders (launch latency, GPU bandwidth, CPU bandwidth,
/// CPU threads) that move its models and the predicted crossover live, starting from the
/// measured values, and the sentences that explain each curve.
class WhatIfPanel : public QWidget {
    Q_OBJECT
public:
    explicit WhatIfPanel(ExplainChart *chart, QWidget *parent = nullptr);

    QSlider *launchSlider() const { return m_launch; }
    QSlider *gpuBandwidthSlider() const { return m_gpuRate; }
    QSlider *cpuBandwidthSlider() const { return m_cpuRate; }
    QSlider *threadsSlider() const { return m_threads; }

    /// A bandwidth slider spans the measured value / 20 to x 20, logarithmically; the launch
    /// slider 0 to three times the measured launch (at least 10 us).
    static constexpr int steps = 1000;
    /// The sentences' column is never narrower (170 px of a 1024 x 700 window read as a word a line).
    static constexpr int minimumTextWidth = 240;
    static double bandwidthAt(int position, double measured);
    static int bandwidthPosition(double value, double measured);
    static double launchMax(double measured) { return std::max(3 * measured, 10e-6); }

private:
    void syncFromChart();
    void applySliders();

    ExplainChart *m_chart;
    QComboBox *m_gpu;
    QSlider *m_launch, *m_gpuRate, *m_cpuRate, *m_threads;
    QLabel *m_launchValue, *m_gpuRateValue, *m_cpuRateValue, *m_threadsValue;
    QLabel *m_gpuRateName = nullptr, *m_cpuRateName = nullptr; ///< "bandwidth", or "FLOP rate" for gemm
    QPushButton *m_reset;
    QTextBrowser *m_text;
    /// The selector and the sliders, scrolled when the page is short (a 1024 x 700 window) rather
    /// than squeezed; hidden when no model can be moved (the original answer's table).
    QScrollArea *m_controls;
    QString m_html; ///< what m_text shows
};

} // namespace speeduplab
