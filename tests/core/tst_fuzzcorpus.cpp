// SPDX-License-Identifier: MIT
// Replays the fuzzer's seed corpus (tests/fuzz/corpus/) and every input it ever crashed on
// (tests/fuzz/crashes/) through the loaders, in the regular test run, without libFuzzer: each
// must load or be refused with a ParseError, never anything else. What loads must round-trip,
// as in tests/fuzz/fuzz_resultio.cpp. The seeds say what they hold: valid_* load as their
// extension's format (*_runs* as a runs file), bad_* are refused. Every seed is also read as a
// runs file (RunSet), and RunSet::load agrees with ResultIO::load on a file that is not one.

#include "core/results/resultio.h"
#include "core/results/runset.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <typeinfo>

using namespace speeduplab;

namespace {

enum class Outcome { Loaded, Refused, Other };

struct Result {
    Outcome outcome = Outcome::Other;
    QString message;
};

// What loads writes back to text that loads again to the same text; empty when it does.
std::string roundTrip(const ResultSet &r)
{
    const std::string csv = ResultIO::toCsv(r);
    const std::string json = ResultIO::toJson(r);
    if (ResultIO::toCsv(ResultIO::fromCsv(csv)) != csv)
        return "loaded, but its CSV does not load back the same";
    if (ResultIO::toJson(ResultIO::fromJson(json)) != json)
        return "loaded, but its JSON does not load back the same";
    return {};
}

std::string roundTrip(const std::vector<RunRecord> &runs)
{
    const std::string json = RunSet::toJson(runs);
    if (RunSet::toJson(RunSet::fromJson(json)) != json)
        return "loaded, but its runs file does not load back the same";
    return {};
}

template <typename Load> Result attempt(const Load &load)
{
    try {
        const std::string why = roundTrip(load());
        if (!why.empty())
            return {Outcome::Other, QString::fromStdString(why)};
        return {Outcome::Loaded, {}};
    } catch (const ParseError &e) {
        return {Outcome::Refused, QString::fromUtf8(e.what())};
    } catch (const std::exception &e) {
        return {Outcome::Other, QString("%1: %2").arg(typeid(e).name(), QString::fromUtf8(e.what()))};
    } catch (...) {
        return {Outcome::Other, "an exception that is not a std::exception"};
    }
}

QStringList files(const QString &folder)
{
    QStringList out;
    const QDir dir(QString(SPEEDUPLAB_SOURCE_DIR) + "/tests/fuzz/" + folder);
    for (const QFileInfo &f : dir.entryInfoList(QDir::Files | QDir::Hidden, QDir::Name))
        out << f.absoluteFilePath();
    return out;
}

} // namespace

class TestFuzzCorpus : public QObject {
    Q_OBJECT

private slots:
    void corpusIsThere();
    void replay_data();
    void replay();
};

void TestFuzzCorpus::corpusIsThere()
{
    // An empty or misplaced corpus would make replay pass on nothing.
    const QStringList seeds = files("corpus");
    QVERIFY2(seeds.size() >= 20, qPrintable(QString("%1 seed files").arg(seeds.size())));
    QVERIFY(seeds.filter("/valid_").size() >= 5);
    QVERIFY(seeds.filter("/bad_").size() >= 10);
}

void TestFuzzCorpus::replay_data()
{
    QTest::addColumn<QString>("path");
    for (const char *folder : {"corpus", "crashes"})
        for (const QString &f : files(folder))
            QTest::newRow(qPrintable(QString(folder) + "/" + QFileInfo(f).fileName())) << f;
}

void TestFuzzCorpus::replay()
{
    QFETCH(QString, path);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const std::string text = f.readAll().toStdString();
    const QString name = QFileInfo(path).fileName();

    const Result csv = attempt([&] { return ResultIO::fromCsv(text); });
    const Result json = attempt([&] { return ResultIO::fromJson(text); });
    const Result runs = attempt([&] { return RunSet::fromJson(text); });
    const Result resultFile = attempt([&] { return ResultIO::load(path.toStdString()); });
    const Result runsFile = attempt([&] { return RunSet::load(path.toStdString()); });
    for (const Result *r : {&csv, &json, &runs, &resultFile, &runsFile}) {
        QVERIFY2(r->outcome != Outcome::Other, qPrintable(r->message));
        // A refusal is a sentence, with no raw control character in it.
        for (const QChar c : r->message)
            QVERIFY2(c.unicode() >= 0x20 && c.unicode() != 0x7f, qPrintable(r->message));
    }
    if (!RunSet::isRunsFile(text)) {
        QCOMPARE(runsFile.outcome, resultFile.outcome);
        QCOMPARE(runsFile.message, resultFile.message);
    }
    const bool runsSeed = name.contains("_runs");
    const Result &own = runsSeed ? runs : name.endsWith(".json") ? json : csv;
    const Result &file = runsSeed ? runsFile : resultFile;
    if (name.startsWith("valid_")) {
        QVERIFY2(own.outcome == Outcome::Loaded, qPrintable(own.message));
        QCOMPARE(file.outcome, Outcome::Loaded);
    } else if (name.startsWith("bad_")) {
        QVERIFY2(own.outcome == Outcome::Refused, "a bad_ seed loaded");
        QVERIFY2(file.outcome == Outcome::Refused && file.message.contains(name), qPrintable(file.message));
    }
}

QTEST_APPLESS_MAIN(TestFuzzCorpus)
#include "tst_fuzzcorpus.moc"
