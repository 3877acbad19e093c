<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>ChartReadout</name>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n thread</numerusform>
            <numerusform>%n threads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExplainText</name>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n point</numerusform>
            <numerusform>%n points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n thread</numerusform>
            <numerusform>%n threads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HtmlReport</name>
    <message numerus="yes">
        <source>%n measurement(s)</source>
        <translation>
            <numerusform>%n measurement</numerusform>
            <numerusform>%n measurements</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::ChartView</name>
    <message numerus="yes">
        <source>%n other thread count(s)</source>
        <translation>
            <numerusform>%n other thread count</numerusform>
            <numerusform>%n other thread counts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n line</numerusform>
            <numerusform>%n lines</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::CompareChart</name>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n point</numerusform>
            <numerusform>%n points</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::ExplainChart</name>
    <message numerus="yes">
        <source>CPU, %n thread(s)</source>
        <translation>
            <numerusform>CPU, %n thread</numerusform>
            <numerusform>CPU, %n threads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::LoadBanner</name>
    <message numerus="yes">
        <source>%n core(s)</source>
        <translation>
            <numerusform>%n core</numerusform>
            <numerusform>%n cores</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::MainWindow</name>
    <message numerus="yes">
        <source>%n measurement(s)</source>
        <translation>
            <numerusform>%n measurement</numerusform>
            <numerusform>%n measurements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new measurement(s) not saved. Save the results before closing?</source>
        <translation>
            <numerusform>%n new measurement is not saved. Save the results before closing?</numerusform>
            <numerusform>%n new measurements are not saved. Save the results before closing?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n run</numerusform>
            <numerusform>%n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sweep cancelled: %n point(s) measured before the stop kept.</source>
        <translation>
            <numerusform>Sweep cancelled: %n point measured before the stop is kept.</numerusform>
            <numerusform>Sweep cancelled: %n points measured before the stop are kept.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n point</numerusform>
            <numerusform>%n points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n crossover(s)</source>
        <translation>
            <numerusform>%n crossover</numerusform>
            <numerusform>%n crossovers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> %n hidden run(s) not saved (show them to save them too).</source>
        <translation>
            <numerusform> %n hidden run was not saved (show it to save it too).</numerusform>
            <numerusform> %n hidden runs were not saved (show them to save them too).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::ResultTableModel</name>
    <message numerus="yes">
        <source>%n Tukey outlier(s)</source>
        <translation>
            <numerusform>%n Tukey outlier</numerusform>
            <numerusform>%n Tukey outliers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::RunsPanel</name>
    <message numerus="yes">
        <source>%n measurement(s)</source>
        <translation>
            <numerusform>%n measurement</numerusform>
            <numerusform>%n measurements</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::ScalingChart</name>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n thread</numerusform>
            <numerusform>%n threads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::SweepPanel</name>
    <message numerus="yes">
        <source>%n size(s)</source>
        <translation>
            <numerusform>%n size</numerusform>
            <numerusform>%n sizes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::TimeChart</name>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n thread</numerusform>
            <numerusform>%n threads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n point</numerusform>
            <numerusform>%n points</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::WhatIfPanel</name>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n thread</numerusform>
            <numerusform>%n threads</numerusform>
        </translation>
    </message>
</context>
</TS>
