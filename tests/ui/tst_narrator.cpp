// SPDX-License-Identifier: MIT
// One narrator (issue 58): `speeduplab-cli explain` prints the sentences of the window's Explain
// tab, the same ones in the same order, in English and in Chinese (LANGUAGE=zh_CN), on the
// shipped H200 recordings and on a CPU-only run.
#include "ui/app.h"
#include "ui/charts/explainchart.h"
#include "ui/examples.h"
#include "ui/runstore.h"
#include "words/format.h"
#include "words/translations.h"

#include "core/results/resultio.h"

#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace speeduplab;

namespace {

// The panel as the window shows it (WhatIfPanel: the curves' names in the user's language): the
// verdict, then each section's title and sentences.
QStringList panel(const ExplainChart &chart)
{
    QStringList lines;
    if (chart.hasModels())
        lines << Format::display(chart.verdict());
    if (!chart.hasModels() && chart.explanations().isEmpty())
        lines << Format::display(chart.noteText()); // why there are no models
    for (const auto &section : chart.explanations()) {
        lines << section.title;
        for (const QString &sentence : section.sentences)
            lines << Format::display(sentence);
    }
    return lines;
}

// What `speeduplab-cli explain FILE --workload W` prints under its heading, each line trimmed.
QStringList cliLines(const QString &file, const QString &workload, const QString &language)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LANGUAGE"), language);
    env.insert(QStringLiteral("LANG"), language + QStringLiteral(".UTF-8"));
    env.remove(QStringLiteral("LC_ALL"));
    env.remove(QStringLiteral("LC_MESSAGES"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SPEEDUPLAB_CLI_PATH),
            {QStringLiteral("explain"), file, QStringLiteral("--workload"), workload});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        qWarning("%s", p.readAllStandardError().constData());
    QStringList lines =
        QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (!lines.isEmpty())
        lines.removeFirst(); // "FILE: workload"
    for (QString &l : lines)
        l = l.trimmed();
    return lines;
}

} // namespace

class TestNarrator : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        App::initialise();
        QVERIFY(m_dir.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
    }
    void cleanupTestCase() { Translations::install(QStringLiteral("en")); }
    void cliSaysWhatTheWindowSays_data();
    void cliSaysWhatTheWindowSays();

private:
    QTemporaryDir m_dir;
};

void TestNarrator::cliSaysWhatTheWindowSays_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("language");
    for (const char *language : {"en", "zh_CN"})
        for (const char *example : {"seed-preset", "reduce", "transfer", "cpu-only"})
            QTest::newRow(
                qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(example), QLatin1String(language))))
                << QString::fromLatin1(example) << QString::fromLatin1(language);
}

void TestNarrator::cliSaysWhatTheWindowSays()
{
    QFETCH(QString, example);
    QFETCH(QString, language);
    QVERIFY(Translations::install(language));
    const bool cpuOnly = example == QStringLiteral("cpu-only");
    const int index = Examples::find(cpuOnly ? QStringLiteral("seed-preset") : example);
    QVERIFY(index >= 0);
    ResultSet r = Examples::load(Examples::all().at(index)).front().results;
    if (cpuOnly) // the H200's CPU alone: the CPU curves' own models, no crossover
        std::erase_if(r.rows, [](const Measurement &m) { return !m.isCpu(); });
    const QString file = m_dir.filePath(example + QStringLiteral(".json"));
    ResultIO::writeJson(r, file.toStdString());

    RunStore store;
    store.setResultSet(r);
    ExplainChart chart;
    chart.resize(1200, 800);
    chart.setModel(&store);
    chart.setWorkload(QString::fromStdString(r.workloads().front()));
    chart.updateNow();
    const QStringList window = panel(chart);
    QVERIFY2(window.size() >= (example == QStringLiteral("transfer") ? 1 : 3), qPrintable(window.join('\n')));
    const QStringList cli = cliLines(file, QString::fromStdString(r.workloads().front()), language);
    QCOMPARE(cli, window);
    if (language == QStringLiteral("zh_CN")) // said in Chinese, not only its numbers
        for (const QString &line : window)
            QVERIFY2(line.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))),
                     qPrintable(line));
}

QTEST_MAIN(TestNarrator)
#include "tst_narrator.moc"
