// SPDX-License-Identifier: MIT
// The chart tabs: every chart made once, the Explain page with its what-if panel, and the corner's
// workload and sizes pickers.
#include "ui/charts/charttabs.h"

#include "ui/charts/comparechart.h"
#include "ui/charts/costchart.h"
#include "ui/charts/energychart.h"
#include "ui/charts/explainchart.h"
#include "ui/charts/whatifpanel.h"

#include "ui/charts/rooflinechart.h"
#include "ui/charts/scalingchart.h"
#include "ui/charts/slidechart.h"
#include "ui/charts/speedupchart.h"
#include "ui/charts/throughputchart.h"
#include "ui/charts/timechart.h"
#include "ui/runstore.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QMenu>
#include <QSignalBlocker>
#include <QSplitter>
#include <QToolButton>

namespace speeduplab {

QStringList ChartTabs::names()
{
    return {QStringLiteral("time"),       QStringLiteral("speedup"),  QStringLiteral("scaling"),
            QStringLiteral("throughput"), QStringLiteral("roofline"), QStringLiteral("compare"),
            QStringLiteral("cost"),       QStringLiteral("explain"),  QStringLiteral("summary"),
            QStringLiteral("energy")};
}

std::unique_ptr<ChartView> ChartTabs::make(const QString &name)
{
    if (name == QLatin1String("time"))
        return std::make_unique<TimeChart>();
    if (name == QLatin1String("speedup"))
        return std::make_unique<SpeedupChart>();
    if (name == QLatin1String("scaling"))
        return std::make_unique<ScalingChart>();
    if (name == QLatin1String("throughput"))
        return std::make_unique<ThroughputChart>();
    if (name == QLatin1String("roofline"))
        return std::make_unique<RooflineChart>();
    if (name == QLatin1String("compare"))
        return std::make_unique<CompareChart>();
    if (name == QLatin1String("cost"))
        return std::make_unique<CostChart>();
    if (name == QLatin1String("energy"))
        return std::make_unique<EnergyChart>();
    if (name == QLatin1String("explain"))
        return std::make_unique<ExplainChart>();
    if (name == QLatin1String("summary"))
        return std::make_unique<SlideChart>();
    return nullptr;
}

ChartTabs::ChartTabs(RunStore *store, QWidget *parent) : QTabWidget(parent), m_store(store)
{
    setObjectName(QStringLiteral("chartTabs"));
    setDocumentMode(true);
    for (const QString &name : names())
        m_charts << make(name).release(); // the tab takes ownership below
    for (ChartView *c : std::as_const(m_charts)) {
        c->setObjectName(c->name() + QStringLiteral("Chart"));
        c->setModel(m_store);
        if (auto *explain = qobject_cast<ExplainChart *>(c)) {
            // The Explain chart with its what-if sliders and sentences below it.
            auto *page = new QSplitter(Qt::Vertical);
            page->setObjectName(QStringLiteral("explainPage"));
            page->setChildrenCollapsible(false);
            page->addWidget(explain);
            page->addWidget(new WhatIfPanel(explain));
            page->setStretchFactor(0, 3);
            page->setStretchFactor(1, 1);
            page->setSizes({3000, 1000}); // the chart three quarters, whatever the height
            addTab(page, c->tabTitle());
        } else {
            addTab(c, c->tabTitle());
        }
    }

    auto *corner = new QWidget;
    auto *ch = new QHBoxLayout(corner);
    ch->setContentsMargins(0, 0, 6, 0);
    m_sizesButton = new QToolButton;
    m_sizesButton->setObjectName(QStringLiteral("scalingSizesButton"));
    m_sizesButton->setText(tr("Sizes shown"));
    m_sizesButton->setToolTip(tr("Which n the thread-scaling chart shows"));
    m_sizesButton->setPopupMode(QToolButton::InstantPopup);
    m_sizesButton->setMenu(new QMenu(m_sizesButton));
    m_workloadShown = new QComboBox;
    m_workloadShown->setObjectName(QStringLiteral("workloadShownCombo"));
    m_workloadShown->setToolTip(tr("The results hold several workloads: choose the one to plot"));
    m_workloadShown->setAccessibleName(tr("Workload shown"));
    ch->addWidget(m_sizesButton);
    ch->addWidget(m_workloadShown);
    setCornerWidget(corner, Qt::TopRightCorner);
    m_workloadShown->hide();
    m_sizesButton->hide();

    connect(this, &QTabWidget::currentChanged, this, &ChartTabs::updateSizesButton);
    connect(scalingChart(), &ScalingChart::sizesChanged, this, &ChartTabs::updateSizesMenu);
    connect(m_workloadShown, &QComboBox::currentTextChanged, this, [this](const QString &w) {
        for (ChartView *c : std::as_const(m_charts))
            c->setWorkload(w);
        emit workloadShown(w);
    });
    connect(m_store, &RunStore::resultsChanged, this, &ChartTabs::updateWorkloads);
}

ChartView *ChartTabs::chart(const QString &name) const
{
    for (ChartView *c : m_charts)
        if (c->name() == name)
            return c;
    return nullptr;
}

TimeChart *ChartTabs::timeChart() const
{
    return static_cast<TimeChart *>(chart(QStringLiteral("time")));
}

ScalingChart *ChartTabs::scalingChart() const
{
    return static_cast<ScalingChart *>(chart(QStringLiteral("scaling")));
}

ChartView *ChartTabs::current() const
{
    return m_charts.value(currentIndex());
}

void ChartTabs::setCurrent(const QString &name)
{
    if (ChartView *c = chart(name))
        setCurrentIndex(int(m_charts.indexOf(c)));
}

void ChartTabs::updateWorkloads()
{
    // The workload picker only matters when the results mix workloads.
    QStringList names;
    for (const std::string &w : m_store->resultSet().workloads())
        names << QString::fromStdString(w);
    QStringList current;
    for (int i = 0; i < m_workloadShown->count(); ++i)
        current << m_workloadShown->itemText(i);
    if (names != current) {
        const QString keep = m_workloadShown->currentText();
        QSignalBlocker block(m_workloadShown);
        m_workloadShown->clear();
        m_workloadShown->addItems(names);
        const int i = m_workloadShown->findText(keep);
        m_workloadShown->setCurrentIndex(i >= 0 ? i : 0);
        for (ChartView *c : std::as_const(m_charts))
            c->setWorkload(m_workloadShown->currentText());
        emit workloadShown(m_workloadShown->currentText());
    }
    m_workloadShown->setVisible(names.size() > 1);
}

void ChartTabs::updateSizesMenu()
{
    ScalingChart *sc = scalingChart();
    QMenu *menu = m_sizesButton->menu();
    menu->clear();
    const QList<int> shown = sc->shownSizes();
    for (int n : sc->availableSizes()) {
        QAction *a = menu->addAction(tr("n = %1").arg(n));
        a->setCheckable(true);
        a->setChecked(shown.contains(n));
        a->setData(n);
        connect(a, &QAction::toggled, this, [this, menu] {
            QList<int> chosen;
            for (QAction *x : menu->actions())
                if (x->isChecked())
                    chosen << x->data().toInt();
            scalingChart()->setSelectedSizes(chosen);
        });
    }
    updateSizesButton();
}

void ChartTabs::updateSizesButton()
{
    m_sizesButton->setVisible(current() == scalingChart() && !scalingChart()->availableSizes().isEmpty());
}

} // namespace speeduplab
