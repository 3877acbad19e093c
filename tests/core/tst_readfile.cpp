// SPDX-License-Identifier: MIT
// ReadFile, the one reader of files SpeedupLab did not write: a regular file within its limit; a
// FIFO, a device and a folder refused at once, without blocking; a file over the limit refused or
// cut; /proc's files of size 0 read whole; one sentence naming the file. And its users: an hwloc
// topology and a powercap tree with a FIFO or /dev/zero in them end at once, on the OS's view.
#include "core/io/readfile.h"
#include "core/machine/energy.h"
#include "core/machine/rapl.h"
#include "core/machine/topology.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include <sys/stat.h>

using namespace speeduplab;

namespace {

std::string pathIn(const QTemporaryDir &dir, const char *name)
{
    return dir.filePath(QString::fromUtf8(name)).toStdString();
}

void write(const std::string &path, const std::string &text)
{
    std::ofstream(path, std::ios::binary) << text;
}

} // namespace

class TestReadFile : public QObject {
    Q_OBJECT
private slots:
    void readsARegularFileWithinItsLimit()
    {
        QTemporaryDir dir;
        const std::string path = pathIn(dir, "a.txt");
        write(path, "hello\n");
        const ReadFile::Result r = ReadFile::read(path, 100);
        QVERIFY(r.ok());
        QCOMPARE(r.text, std::string("hello\n"));
        QVERIFY(!r.cut);
        QVERIFY(r.sentence.empty());
    }

    void overTheLimitIsRefusedOrCut()
    {
        QTemporaryDir dir;
        const std::string path = pathIn(dir, "big.txt");
        write(path, std::string(5000, 'x'));
        const ReadFile::Result refused = ReadFile::read(path, 4096);
        QCOMPARE(refused.why, ReadFile::Why::TooLarge);
        QCOMPARE(refused.size, std::uintmax_t(5000));
        QVERIFY(refused.text.empty());
        QVERIFY2(refused.sentence.find("big.txt is 5000 bytes, larger than the 4096 bytes") !=
                     std::string::npos,
                 refused.sentence.c_str());
        const ReadFile::Result cut = ReadFile::read(path, 4096, ReadFile::Over::Cut);
        QVERIFY(cut.ok());
        QVERIFY(cut.cut);
        QCOMPARE(cut.text.size(), std::size_t(4096));
    }

    void aFifoIsRefusedWithoutBlocking()
    {
        QTemporaryDir dir;
        const std::string fifo = pathIn(dir, "pipe");
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        QElapsedTimer clock;
        clock.start();
        const ReadFile::Result r = ReadFile::read(fifo, 4096, ReadFile::Over::Cut);
        QVERIFY(clock.elapsed() < 1000);
        QCOMPARE(r.why, ReadFile::Why::NotRegular);
        QCOMPARE(r.kind, std::string("a named pipe (FIFO)"));
        QVERIFY2(r.sentence.find("pipe") != std::string::npos && r.sentence.find("FIFO") != std::string::npos,
                 r.sentence.c_str());
    }

    void devicesAndFoldersAreRefused()
    {
        const ReadFile::Result zero = ReadFile::read("/dev/zero", 1 << 20, ReadFile::Over::Cut);
        QCOMPARE(zero.why, ReadFile::Why::NotRegular);
        QCOMPARE(zero.kind, std::string("a character device"));
        QTemporaryDir dir;
        const ReadFile::Result folder = ReadFile::read(dir.path().toStdString(), 4096);
        QCOMPARE(folder.why, ReadFile::Why::NotRegular);
        QCOMPARE(folder.kind, std::string("a folder"));
    }

    void aMissingFileSaysWhy()
    {
        const ReadFile::Result r = ReadFile::read("/no/such/file\x1b[31m", 4096);
        QCOMPARE(r.why, ReadFile::Why::Open);
        QCOMPARE(r.errnum, ENOENT);
        // The name is shown escaped: a file's name is data, never a terminal's control.
        QVERIFY2(r.sentence.find('\x1b') == std::string::npos, r.sentence.c_str());
        QVERIFY(r.sentence.find("cannot open") != std::string::npos);
    }

    void procFilesOfSizeZeroReadWhole()
    {
        const ReadFile::Result r = ReadFile::read("/proc/self/status", 1 << 20, ReadFile::Over::Cut);
        QVERIFY(r.ok());
        QVERIFY(r.text.find("Name:") != std::string::npos);
    }

    void aTopologyThatIsAFifoOrADeviceEndsAtOnce()
    {
        QTemporaryDir dir;
        const std::string fifo = pathIn(dir, "topology.xml");
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        for (const std::string &xml : {fifo, std::string("/dev/zero")}) {
            QElapsedTimer clock;
            clock.start();
            const Topology t = Topology::read(xml);
            QVERIFY(clock.elapsed() < 2000);
            QVERIFY2(t.problem.find("not a regular file") != std::string::npos, t.problem.c_str());
            QVERIFY(t.problem.find("the OS's view of this machine is used instead") != std::string::npos);
            QVERIFY(!t.cores.empty());
        }
    }

    void topologiesHwlocCannotSurviveAreRefused()
    {
        // Depth, object count, the cpusets hwloc 2.9 needs on a Core and a PU, and a good one.
        std::string deep = "<topology>";
        for (int i = 0; i < Topology::kMaxXmlDepth + 1; ++i)
            deep += "<object type=\"Group\">";
        QVERIFY(Topology::xmlProblem(deep).find("nests deeper") != std::string::npos);
        const std::string noComplete =
            "<topology><object type=\"Machine\" cpuset=\"0x1\" complete_cpuset=\"0x1\">"
            "<object type=\"Core\" cpuset=\"0x1\"><object type=\"PU\" cpuset=\"0x1\" "
            "complete_cpuset=\"0x1\"/>"
            "</object></object></topology>";
        QVERIFY2(Topology::xmlProblem(noComplete).find("Core object has no cpuset or complete_cpuset") !=
                     std::string::npos,
                 Topology::xmlProblem(noComplete).c_str());
        std::string many = "<topology>";
        for (std::size_t i = 0; i <= Topology::kMaxXmlObjects; ++i)
            many += "<object type=\"Group\"/>";
        QVERIFY(Topology::xmlProblem(many).find("more than") != std::string::npos);
        QVERIFY(Topology::xmlProblem("<topology><!-- <object never closed").find("comment") !=
                std::string::npos);
        const ReadFile::Result good =
            ReadFile::read(std::string(SPEEDUPLAB_SOURCE_DIR) + "/tests/data/topologies/two-socket.xml",
                           Topology::kMaxXmlBytes);
        QVERIFY(good.ok());
        QCOMPARE(Topology::xmlProblem(good.text), std::string());
    }

    void aPowercapCounterThatIsAFifoOrDevZeroIsRefused()
    {
        QTemporaryDir dir;
        const std::string zone = pathIn(dir, "intel-rapl:0");
        std::filesystem::create_directory(zone);
        write(zone + "/name", "package-0\n");
        write(zone + "/max_energy_range_uj", "262143328850\n");
        QCOMPARE(::mkfifo((zone + "/energy_uj").c_str(), 0600), 0);
        QElapsedTimer clock;
        clock.start();
        const Rapl fifo(dir.path().toStdString());
        QVERIFY(clock.elapsed() < 2000);
        QVERIFY2(fifo.why().find("could not be read") != std::string::npos, fifo.why().c_str());
        std::filesystem::remove(zone + "/energy_uj");
        std::filesystem::create_symlink("/dev/zero", zone + "/energy_uj");
        const Rapl zero(dir.path().toStdString());
        QVERIFY2(zero.why().find("could not be read") != std::string::npos, zero.why().c_str());
    }
};

QTEST_GUILESS_MAIN(TestReadFile)
#include "tst_readfile.moc"
