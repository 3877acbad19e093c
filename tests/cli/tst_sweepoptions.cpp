// SPDX-License-Identifier: MIT
// The sweep options' one declaration (core/sweepoptions.h) holds both front ends: every option of
// the table is in `speeduplab-cli run --help` with its help text and taken by the app's parser
// (CommandLine), and the same arguments give the same RunOptions and the same SweepPlan (or the
// same error) through the CLI's parser (cli/sweepargs.cpp) and the app's.
#include "clitest.h"

#include "cli/sweepargs.h"
#include "core/sweepoptions.h"
#include "ui/commandline.h"

#include <QTest>

#include <stdexcept>
#include <string>
#include <vector>

using namespace speeduplab;
using namespace speeduplab::clitest;

namespace {

/// The options as speeduplab-cli run parses them, or the CLI11 error.
RunOptions parseCli(const QStringList &args, QString *error)
{
    CLI::App app;
    RunOptions o;
    cli::addSweepOptions(app, o);
    std::vector<std::string> words{"speeduplab-cli"};
    for (const QString &a : args)
        words.push_back(a.toStdString());
    std::vector<const char *> argv;
    for (const std::string &w : words)
        argv.push_back(w.c_str());
    try {
        app.parse(int(argv.size()), argv.data());
    } catch (const CLI::ParseError &e) {
        *error = QString::fromStdString(e.what());
    }
    return o;
}

/// The plan's settings that the options decide, in words, or the error of Pipeline::plan.
QString describePlan(const RunOptions &o)
{
    try {
        const SweepPlan p = Pipeline::plan(o, 8, 1);
        QStringList points;
        for (const PlanPoint &pt : p.points())
            points << QString("%1/%2/%3/%4/%5/%6")
                          .arg(QString::fromStdString(pt.backend), QString::fromStdString(pt.variant))
                          .arg(pt.threads)
                          .arg(QString::fromStdString(pt.mode))
                          .arg(pt.n)
                          .arg(pt.device);
        return QString("%1 points [%2]; transfers %3 pinned %4 iterations %5 minTime %6 maxReps %7 budget %8 "
                       "refine %9")
                   .arg(points.size())
                   .arg(points.join(' '))
                   .arg(p.transfers)
                   .arg(p.pinned)
                   .arg(p.iterations)
                   .arg(p.minTime)
                   .arg(p.maxReps)
                   .arg(p.budget)
                   .arg(p.refine) +
               QString(" refineBudget %1 placement %2 cold %3 rounds %4 energy %5 seed %6")
                   .arg(p.refineBudget)
                   .arg(int(p.placement))
                   .arg(p.coldCache)
                   .arg(p.rounds)
                   .arg(p.energy)
                   .arg(p.shuffleSeed);
    } catch (const std::invalid_argument &e) {
        return QString("error: ") + e.what();
    }
}

} // namespace

class TestSweepOptions : public QObject {
    Q_OBJECT
private slots:
    void tableIsWellFormed();
    void cliHelpListsEveryOption();
    void appTakesEveryOption();
    void sameOptionsOnBothSides_data();
    void sameOptionsOnBothSides();
};

// Every RunOptions field is one option's: names are unique, and a flag has no value name.
void TestSweepOptions::tableIsWellFormed()
{
    QStringList names;
    for (const SweepOption &opt : sweepOptions()) {
        const QString name = QString::fromStdString(opt.name);
        QVERIFY2(!names.contains(name), qPrintable(name));
        names << name;
        QVERIFY2(!opt.help.empty() && opt.help.back() != '.', qPrintable(name));
        QCOMPARE(opt.isFlag(), std::holds_alternative<bool RunOptions::*>(opt.field));
        RunOptions o;
        QVERIFY(!opt.value(o));
        opt.set(o, "x");
        QCOMPARE(opt.value(o), std::optional<std::string>(opt.isFlag() ? "true" : "x"));
    }
    QCOMPARE(names.size(), 25);
}

void TestSweepOptions::cliHelpListsEveryOption()
{
    const Result r = runCli({"run", "--help"});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    const QString help = r.out.simplified();
    for (const SweepOption &opt : sweepOptions()) {
        QString names = "--" + QString::fromStdString(opt.name);
        if (!opt.shortName.empty())
            names = "-" + QString::fromStdString(opt.shortName) + "," + names;
        if (!opt.isFlag())
            names += " " + QString::fromStdString(opt.valueName);
        if (!opt.defaultShown.empty())
            names += "=" + QString::fromStdString(opt.defaultShown);
        QVERIFY2(help.contains(names + " "), qPrintable(names));
        QVERIFY2(help.contains(QString::fromStdString(opt.help)), qPrintable(names));
    }
    QVERIFY(help.contains(QString::fromStdString(forceOption().help)));
}

// Each option, with a value when it takes one, fills its field; its help is the table's (the
// app writes it as a sentence: its first letter may be a capital).
void TestSweepOptions::appTakesEveryOption()
{
    QString error;
    const auto cl = CommandLine::parse({"speeduplab"}, &error);
    QVERIFY2(cl, qPrintable(error));
    const QString help = cl->helpText.simplified();
    for (const SweepOption &opt : sweepOptions()) {
        QStringList names{"--" + QString::fromStdString(opt.name)};
        if (!opt.shortName.empty())
            names << "-" + QString::fromStdString(opt.shortName);
        for (const QString &name : names) {
            QStringList args{"speeduplab", name};
            if (!opt.isFlag())
                args << "v1";
            const auto parsed = CommandLine::parse(args, &error);
            QVERIFY2(parsed, qPrintable(name + ": " + error));
            QCOMPARE(opt.value(parsed->sweep), std::optional<std::string>(opt.isFlag() ? "true" : "v1"));
        }
        QVERIFY2(help.contains(QString::fromStdString(opt.help).mid(1)), qPrintable(names.front()));
        if (!opt.isFlag())
            QVERIFY2(help.contains(names.join(", ") + " <" + QString::fromStdString(opt.valueName) + ">"),
                     qPrintable(names.front()));
    }
    QVERIFY(help.contains(QString::fromStdString(forceOption().help).mid(1)));
}

void TestSweepOptions::sameOptionsOnBothSides_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("valid");
    auto row = [](const char *name, const char *args) {
        QTest::newRow(name) << QString(args).split(' ') << !QByteArray(name).startsWith("bad");
    };
    row("CPU sizes", "--workload saxpy --sizes 4,40 --threads 1,2 --cpu-only --min-time 0.01 --max-reps 5");
    row("preset, rounds", "--preset quick --rounds 3 --seed 42 --cache cold --iterations 1 --calibrate");
    row("gemm range", "-w gemm --variant naive,tiled --range 8:64:2 --threads all --placement compact "
                      "--energy off --budget 30 --refine 5% --refine-budget 10 --transfers "
                      "--host-memory pinned --modes launch,graph --device 0");
    row("bad size", "--sizes 4,x");
    row("bad energy", "--sizes 4 --energy maybe");
}

// The CLI has no default preset (it asks for sizes) and the app's is seed: each row gives a preset
// or sizes, so that both plan the same sweep.
void TestSweepOptions::sameOptionsOnBothSides()
{
    QFETCH(QStringList, args);
    QFETCH(bool, valid);
    QString cliError, appError;
    const RunOptions cli = parseCli(args, &cliError);
    QVERIFY2(cliError.isEmpty(), qPrintable(cliError));
    const auto app = CommandLine::parse(QStringList{"speeduplab"} + args, &appError);
    QVERIFY2(app, qPrintable(appError));
    for (const SweepOption &opt : sweepOptions())
        QVERIFY2(opt.value(cli) == opt.value(app->sweep), opt.name.c_str());
    const QString plan = describePlan(cli);
    QCOMPARE(plan, describePlan(app->sweep));
    QVERIFY2(plan.startsWith("error: ") != valid, qPrintable(plan));
}

QTEST_MAIN(TestSweepOptions)
#include "tst_sweepoptions.moc"
