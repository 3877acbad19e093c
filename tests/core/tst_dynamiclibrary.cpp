// SPDX-License-Identifier: MIT
// DynamicLibrary and LoadOnce (backend/dynamiclibrary.h): a library that exists (libm) and one that
// does not, with the reason; the first of several candidates; paths that are not library files
// refused after a stat; a library's functions loaded once, whatever the number of threads asking.

#include "backend/dynamiclibrary.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

using namespace speeduplab;

namespace {

const std::string missing = "libspeeduplab-does-not-exist.so.1";

void marker() {}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

struct Maths {
    double (*cos)(double) = nullptr;
};

std::atomic<int> g_loads{0};

bool loadMaths(Maths &m, std::string &error)
{
    ++g_loads;
    const DynamicLibrary l = DynamicLibrary::open("libm.so.6");
    if (!l.loaded() || !l.resolve(m.cos, "cos")) {
        error = "no libm: " + l.error();
        return false;
    }
    return true;
}

bool loadNothing(Maths &, std::string &error)
{
    const DynamicLibrary l = DynamicLibrary::open(missing);
    error = l.error();
    return false;
}

LoadOnce<Maths> g_maths(loadMaths);
LoadOnce<Maths> g_nothing(loadNothing);

} // namespace

class TestDynamicLibrary : public QObject {
    Q_OBJECT

private slots:
    void opensALibraryThatExists();
    void saysWhyALibraryDoesNotOpen();
    void opensTheFirstCandidateThatLoads();
    void acceptCanRefuseACandidate();
    void refusesPathsThatAreNotLibraryFiles();
    void knowsWhatIsInTheProcess();
    void loadsOnceAcrossThreads();
    void remembersWhyLoadingFailed();
};

void TestDynamicLibrary::opensALibraryThatExists()
{
    DynamicLibrary l = DynamicLibrary::open("libm.so.6");
    QVERIFY2(l.loaded(), l.error().c_str());
    QVERIFY(l.handle() != nullptr);
    QCOMPARE(l.name(), std::string("libm.so.6"));
    QVERIFY(l.failures().empty());
    QCOMPARE(l.error(), std::string());
    double (*cosine)(double) = nullptr;
    QVERIFY(l.resolve(cosine, "cos"));
    QCOMPARE(cosine(0.0), 1.0);
    // A symbol the library lacks: nullptr, and false.
    void (*none)() = &marker;
    QVERIFY(!l.resolve(none, "speeduplab_no_such_symbol"));
    QVERIFY(none == nullptr);
    l.close();
    QVERIFY(!l.loaded());
    QVERIFY(!l.resolve(cosine, "cos")); // nothing to resolve from once closed
}

void TestDynamicLibrary::saysWhyALibraryDoesNotOpen()
{
    const DynamicLibrary l = DynamicLibrary::open(missing);
    QVERIFY(!l.loaded());
    QCOMPARE(l.name(), missing);
    QCOMPARE(l.failures().size(), std::size_t(1));
    QCOMPARE(l.failures().front().name, missing);
    // dlerror()'s sentence, which names the file and the cause.
    QVERIFY2(contains(l.error(), missing), l.error().c_str());
    QVERIFY2(contains(l.error(), "No such file"), l.error().c_str());
    double (*cosine)(double) = nullptr;
    QVERIFY(!l.resolve(cosine, "cos"));
}

void TestDynamicLibrary::opensTheFirstCandidateThatLoads()
{
    const DynamicLibrary l = DynamicLibrary::first({missing, "libm.so.6", "libc.so.6"});
    QVERIFY2(l.loaded(), l.error().c_str());
    QCOMPARE(l.name(), std::string("libm.so.6"));
    // The one before it, and why.
    QCOMPARE(l.failures().size(), std::size_t(1));
    QCOMPARE(l.failures().front().name, missing);

    const std::string other = "libspeeduplab-neither.so";
    const DynamicLibrary none = DynamicLibrary::first({missing, other});
    QVERIFY(!none.loaded());
    QCOMPARE(none.failures().size(), std::size_t(2));
    QCOMPARE(none.failures()[1].name, other);
    // Every reason, in the order tried, joined by "; ".
    const std::string error = none.error();
    QVERIFY2(contains(error, missing) && contains(error, other), error.c_str());
    QVERIFY2(error.find(missing) < error.find("; ") && error.find("; ") < error.find(other), error.c_str());

    QVERIFY(!DynamicLibrary::first({}).loaded());
}

void TestDynamicLibrary::acceptCanRefuseACandidate()
{
    // libc has no cos: refused with the reason given, and the next candidate is tried.
    double (*cosine)(double) = nullptr;
    auto hasCos = [&](const DynamicLibrary &l, std::string &why) {
        if (l.resolve(cosine, "cos"))
            return true;
        why = l.name() + " has no cos";
        return false;
    };
    const DynamicLibrary l = DynamicLibrary::first({"libc.so.6", "libm.so.6"}, hasCos);
    QVERIFY2(l.loaded(), l.error().c_str());
    QCOMPARE(l.name(), std::string("libm.so.6"));
    QCOMPARE(cosine(0.0), 1.0);
    QCOMPARE(l.failures().size(), std::size_t(1));
    QCOMPARE(l.failures().front().why, std::string("libc.so.6 has no cos"));

    const DynamicLibrary none = DynamicLibrary::first({"libc.so.6"}, hasCos);
    QVERIFY(!none.loaded());
    QCOMPARE(none.error(), std::string("libc.so.6 has no cos"));
}

void TestDynamicLibrary::refusesPathsThatAreNotLibraryFiles()
{
    // A name is the loader's to search for: not stat'ed.
    QCOMPARE(DynamicLibrary::notALibraryFile("libm.so.6"), std::string());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string folder = dir.path().toStdString();
    QCOMPARE(DynamicLibrary::notALibraryFile(folder), folder + " is a folder, not a library file");
    // A FIFO would block dlopen until a writer came: refused after a stat, never opened.
    const std::string fifo = folder + "/libfifo.so";
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    QCOMPARE(DynamicLibrary::notALibraryFile(fifo), fifo + " is a FIFO (named pipe), not a library file");
    // Issue 36: SPEEDUPLAB_NVML_LIBRARY naming a FIFO blocked `run` in dlopen. Every open (NVML's,
    // cuBLAS's, any other) checks first: it returns at once, saying why.
    const DynamicLibrary viaFifo = DynamicLibrary::open(fifo);
    QVERIFY(!viaFifo.loaded());
    QCOMPARE(viaFifo.error(), fifo + " is a FIFO (named pipe), not a library file");
    QVERIFY(!DynamicLibrary::inProcess(fifo));
    QVERIFY(!DynamicLibrary::first({fifo, folder}).loaded());
    const std::string absent = folder + "/absent.so";
    QCOMPARE(DynamicLibrary::notALibraryFile(absent), absent + ": No such file or directory");
    const std::string file = folder + "/regular.so";
    QFile f(QString::fromStdString(file));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    QCOMPARE(DynamicLibrary::notALibraryFile(file), std::string());
    QCOMPARE(DynamicLibrary::notALibraryFile("/dev/null"),
             std::string("/dev/null is a character device, not a library file"));
}

void TestDynamicLibrary::knowsWhatIsInTheProcess()
{
    QVERIFY(DynamicLibrary::inProcess("libc.so.6"));
    QVERIFY(!DynamicLibrary::inProcess(missing));
}

void TestDynamicLibrary::loadsOnceAcrossThreads()
{
    std::vector<std::thread> threads;
    std::atomic<int> found{0};
    for (int i = 0; i < 8; ++i)
        threads.emplace_back([&] {
            if (const Maths *m = g_maths.get(); m && m->cos(0.0) == 1.0)
                ++found;
        });
    for (std::thread &t : threads)
        t.join();
    QCOMPARE(found.load(), 8);
    QCOMPARE(g_loads.load(), 1);
    QVERIFY(g_maths.get() == g_maths.get());
    QCOMPARE(g_maths.error(), std::string());
    QCOMPARE(g_loads.load(), 1);
}

void TestDynamicLibrary::remembersWhyLoadingFailed()
{
    QVERIFY(g_nothing.get() == nullptr);
    QVERIFY2(contains(g_nothing.error(), missing), g_nothing.error().c_str());
    QVERIFY(g_nothing.get() == nullptr);
}

QTEST_GUILESS_MAIN(TestDynamicLibrary)
#include "tst_dynamiclibrary.moc"
