// SPDX-License-Identifier: MIT
// BlasLibrary: the OpenBLAS kernel is chosen from the CPU's features (never its model name),
// the user's OPENBLAS_CORETYPE wins, the environment is left as it was found, and the kernel in
// use on this machine is as wide as the CPU's vector units.

#include "core/kernels/blaslibrary.h"

#include <QtTest>

#include <cstdlib>
#include <set>

using namespace speeduplab;

namespace {

using Features = BlasLibrary::CpuFeatures;

Features avx512(bool amd)
{
    Features f;
    f.amd = amd;
    f.avx = f.avx2 = f.fma = true;
    f.avx512f = f.avx512bw = f.avx512vl = f.avx512dq = f.avx512cd = true;
    return f;
}

Features avx2(bool amd)
{
    Features f;
    f.amd = amd;
    f.avx = f.avx2 = f.fma = true;
    return f;
}

// Recorded once, before anything can load OpenBLAS and set it for the load.
const char *const g_coreTypeAtStart = std::getenv("OPENBLAS_CORETYPE");
const bool g_coreTypeWasSet = g_coreTypeAtStart != nullptr;

} // namespace

Q_DECLARE_METATYPE(BlasLibrary::CpuFeatures)

class TestBlasLibrary : public QObject {
    Q_OBJECT

private slots:
    void chooseCoreType_data();
    void chooseCoreType();
    void sseOnlyCores_data();
    void sseOnlyCores();
    void kernelMatchesTheCpu();
    void environmentIsRestored();
    void reportIsComplete();
    void coreTypeProblem_data();
    void coreTypeProblem();
};

void TestBlasLibrary::chooseCoreType_data()
{
    QTest::addColumn<Features>("features");
    QTest::addColumn<QString>("core");
    QTest::addColumn<QString>("isa");

    QTest::newRow("AVX-512, Intel") << avx512(false) << "SkylakeX"
                                    << "AVX-512";
    // Zen 4 and 5 have AVX-512 too: the SkylakeX kernels run twice as fast there as Zen's.
    QTest::newRow("AVX-512, AMD") << avx512(true) << "SkylakeX"
                                  << "AVX-512";
    Features partial = avx512(false);
    partial.avx512bw = false; // Knights Landing: AVX-512F/CD without BW/VL/DQ
    QTest::newRow("AVX-512F without BW") << partial << "Haswell"
                                         << "AVX2, FMA";
    QTest::newRow("AVX2 + FMA, Intel") << avx2(false) << "Haswell"
                                       << "AVX2, FMA";
    QTest::newRow("AVX2 + FMA, AMD") << avx2(true) << "Zen"
                                     << "AVX2, FMA";
    Features noFma = avx2(false);
    noFma.fma = false;
    QTest::newRow("AVX2 without FMA") << noFma << "Sandybridge"
                                      << "AVX";
    Features avxOnly;
    avxOnly.avx = true;
    QTest::newRow("AVX only") << avxOnly << "Sandybridge"
                              << "AVX";
    QTest::newRow("SSE only: the library's choice") << Features{} << ""
                                                    << "SSE";
    Features sseAmd;
    sseAmd.amd = true;
    QTest::newRow("SSE only, AMD: the library's choice") << sseAmd << ""
                                                         << "SSE";
}

void TestBlasLibrary::chooseCoreType()
{
    QFETCH(Features, features);
    QFETCH(QString, core);
    QFETCH(QString, isa);
    QCOMPARE(QString::fromStdString(BlasLibrary::chooseCoreType(features)), core);
    QCOMPARE(QString::fromStdString(BlasLibrary::widestIsa(features)), isa);
}

void TestBlasLibrary::sseOnlyCores_data()
{
    QTest::addColumn<QString>("core");
    QTest::addColumn<bool>("sseOnly");
    for (const char *c :
         {"Prescott", "Core2", "Nehalem", "Atom", "Penryn", "Dunnington", "Katmai", "Barcelona"})
        QTest::newRow(c) << c << true;
    QTest::newRow("lower case") << "prescott" << true;
    for (const char *c : {"Sandybridge", "Haswell", "Zen", "SkylakeX", "Cooperlake", "SapphireRapids"})
        QTest::newRow(c) << c << false;
}

void TestBlasLibrary::sseOnlyCores()
{
    QFETCH(QString, core);
    QFETCH(bool, sseOnly);
    QCOMPARE(BlasLibrary::isSseOnlyCore(core.toStdString()), sseOnly);
}

void TestBlasLibrary::kernelMatchesTheCpu()
{
    if (g_coreTypeWasSet)
        QSKIP(qPrintable(QString("OPENBLAS_CORETYPE=%1 is set in this test's environment: the kernel is the "
                                 "user's choice (ctest runs this test with it unset)")
                             .arg(g_coreTypeAtStart)));
    const BlasLibrary::Report &r = BlasLibrary::report();
    if (!r.loaded)
        QSKIP(r.error.c_str());
    if (r.coreName.empty())
        QSKIP("this OpenBLAS does not say its core name");
    // The kernels that use the CPU's widest vector unit, by OpenBLAS's names.
    const std::string isa = BlasLibrary::widestIsa(BlasLibrary::cpuFeatures());
    std::set<std::string> fit;
    if (isa == "AVX-512")
        fit = {"SkylakeX", "Cooperlake", "SapphireRapids"};
    else if (isa == "AVX2, FMA")
        fit = {"Haswell", "Zen", "Excavator"};
    else if (isa == "AVX")
        fit = {"Sandybridge", "Bulldozer", "Piledriver", "Steamroller"};
    else
        QSKIP("this CPU has no AVX: any kernel the library picks is as wide as it gets");
    QVERIFY2(fit.count(r.coreName),
             qPrintable(QString("OpenBLAS runs %1 on a CPU with %2 (%3; %4)")
                            .arg(QString::fromStdString(r.coreName), QString::fromStdString(isa),
                                 QString::fromStdString(r.chosenBy), QString::fromStdString(r.warning))));
    QVERIFY2(r.warning.empty(), r.warning.c_str());
}

void TestBlasLibrary::environmentIsRestored()
{
    BlasLibrary::loaded();
    const char *now = std::getenv("OPENBLAS_CORETYPE");
    if (!g_coreTypeWasSet)
        QVERIFY2(!now, qPrintable(QString("OPENBLAS_CORETYPE=%1 was left set for child processes").arg(now)));
    else
        QCOMPARE(QString(now), QString(g_coreTypeAtStart));
}

void TestBlasLibrary::reportIsComplete()
{
    const BlasLibrary::Report &r = BlasLibrary::report();
    QCOMPARE(BlasLibrary::loaded() != nullptr, r.loaded);
    if (!r.loaded) {
        QVERIFY2(r.error.find("libopenblas") != std::string::npos, r.error.c_str());
        QVERIFY(r.summary().rfind("none: ", 0) == 0);
        return;
    }
    QVERIFY(r.error.empty());
    QVERIFY2(!r.path.empty() && r.path.find("openblas") != std::string::npos, r.path.c_str());
    QVERIFY2(r.config.rfind("OpenBLAS ", 0) == 0, r.config.c_str());
    QVERIFY2(QRegularExpression("^\\d+\\.\\d+").match(QString::fromStdString(r.version)).hasMatch(),
             r.version.c_str());
    QVERIFY(!r.chosenBy.empty());
    if (g_coreTypeWasSet)
        QCOMPARE(QString::fromStdString(r.chosenBy),
                 QString("OPENBLAS_CORETYPE=%1 set in the environment").arg(g_coreTypeAtStart));
    const std::string s = r.summary();
    QVERIFY2(s.rfind("OpenBLAS " + r.version + ", kernel " + r.coreName + " (", 0) == 0, s.c_str());
    // The library answers, with the thread count it is told.
    const BlasLibrary *lib = BlasLibrary::loaded();
    lib->setNumThreads(1);
    QCOMPARE(lib->getNumThreads(), 1);
}

void TestBlasLibrary::coreTypeProblem_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("known");
    QTest::newRow("SkylakeX") << "SkylakeX" << true;
    QTest::newRow("any case") << "haswell" << true;
    QTest::newRow("Opteron_SSE3") << "OPTERON_SSE3" << true;
    QTest::newRow("garbage") << "garbage" << false;
    QTest::newRow("a prefix") << "Sky" << false;
    QTest::newRow("with a space") << "Haswell " << false;
}

void TestBlasLibrary::coreTypeProblem()
{
    QFETCH(QString, value);
    QFETCH(bool, known);
    const QString why = QString::fromStdString(BlasLibrary::coreTypeProblem(value.toStdString()));
    if (known) {
        QVERIFY2(why.isEmpty(), qPrintable(why));
        return;
    }
    // Names the value and what OpenBLAS accepts.
    QVERIFY2(why.startsWith("OPENBLAS_CORETYPE=" + value + " is not a kernel OpenBLAS knows"),
             qPrintable(why));
    for (const std::string &name : BlasLibrary::knownCoreTypes())
        QVERIFY2(why.contains(QString::fromStdString(name)), qPrintable(why));
}

QTEST_APPLESS_MAIN(TestBlasLibrary)
#include "tst_blaslibrary.moc"
