// SPDX-License-Identifier: MIT
// Replays the fuzzer's seed corpus (tests/fuzz/corpus/) and every input it ever crashed on
// (tests/fuzz/crashes/) through the loaders, in the regular test run, without libFuzzer: each
// must load or be refused with a ParseError, never anything else. What loads must round-trip,
// as in tests/fuzz/fuzz_resultio.cpp. The seeds say what they hold: valid_* load as their
// extension's format, bad_* are refused.

#include "core/resultio.h"

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

Result attempt(const std::function<ResultSet()> &load)
{
    try {
        const ResultSet r = load();
        // What loads writes back to text that loads again to the same text.
        const std::string csv = ResultIO::toCsv(r);
        const std::string json = ResultIO::toJson(r);
        if (ResultIO::toCsv(ResultIO::fromCsv(csv)) != csv)
            return {Outcome::Other, "loaded, but its CSV does not load back the same"};
        if (ResultIO::toJson(ResultIO::fromJson(json)) != json)
            return {Outcome::Other, "loaded, but its JSON does not load back the same"};
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
    const Result file = attempt([&] { return ResultIO::load(path.toStdString()); });
    for (const Result *r : {&csv, &json, &file}) {
        QVERIFY2(r->outcome != Outcome::Other, qPrintable(r->message));
        // A refusal is a sentence, with no raw control character in it.
        for (const QChar c : r->message)
            QVERIFY2(c.unicode() >= 0x20 && c.unicode() != 0x7f, qPrintable(r->message));
    }
    const Result &own = name.endsWith(".json") ? json : csv;
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
