// SPDX-License-Identifier: MIT
// Devices::probeMachine: the facts a result set carries about the machine it was measured on.

#include "core/devices/devicebackend.h"
#include "core/machine/machineinfo.h"
#include "cuda/gpubackend.h"

#include <QtTest>

#include <QDateTime>
#include <QRegularExpression>

#include <thread>

using namespace speeduplab;

class TestMachineInfo : public QObject {
    Q_OBJECT

private slots:
    void probe();
    void describe_data();
    void describe();
    void sameHardware();
};

void TestMachineInfo::probe()
{
    const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-1);
    const MachineInfo m = Devices::probeMachine();
    const QDateTime after = QDateTime::currentDateTimeUtc().addSecs(1);

    QCOMPARE(m.logicalCores, int(std::thread::hardware_concurrency()));
    QVERIFY(m.logicalCores > 0);
    const QString ts = QString::fromStdString(m.timestamp);
    QVERIFY2(QRegularExpression("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$").match(ts).hasMatch(),
             qPrintable(ts));
    const QDateTime t = QDateTime::fromString(ts, Qt::ISODate);
    QVERIFY(t.isValid());
    QCOMPARE(t.timeSpec(), Qt::UTC);
    QVERIFY2(t >= before.addSecs(-1) && t <= after, qPrintable(ts + " is not now"));
    QVERIFY(m.ramBytes > 0);
    QVERIFY(!m.os.empty());
    QVERIFY(!m.buildType.empty());
    QVERIFY(!m.programVersion.empty());

    // The GPU facts agree with the backend: a usable GPU is listed, a missing one is explained.
    const gpu::Availability a = gpu::availability();
    if (a.usable) {
        QVERIFY(m.gpuStatus.empty());
        QCOMPARE(m.gpus.size(), a.devices.size());
    } else {
        QCOMPARE(m.gpuStatus, a.reason);
        QVERIFY(!m.gpuStatus.empty());
    }
}

void TestMachineInfo::describe_data()
{
    QTest::addColumn<QString>("key");
    QTest::newRow("CPU") << "CPU";
    QTest::newRow("cores") << "Logical cores";
    QTest::newRow("RAM") << "RAM";
    QTest::newRow("OS") << "OS";
    QTest::newRow("build") << "Build";
    QTest::newRow("time") << "Measured";
}

void TestMachineInfo::describe()
{
    QFETCH(QString, key);
    const MachineInfo m = Devices::probeMachine();
    QString value;
    int found = 0;
    for (const auto &[k, v] : m.describe())
        if (QString::fromStdString(k) == key) {
            ++found;
            value = QString::fromStdString(v);
        }
    QCOMPARE(found, 1);
    QVERIFY(!value.isEmpty());
    if (key == "Logical cores")
        QCOMPARE(value.toInt(), m.logicalCores);
    if (key == "Measured")
        QCOMPARE(value.toStdString(), m.timestamp);
}

void TestMachineInfo::sameHardware()
{
    MachineInfo here;
    here.cpuModel = "AMD EPYC 9654";
    here.logicalCores = 192;
    MachineInfo::Gpu g;
    g.name = "NVIDIA H200";
    here.gpus = {g};
    here.timestamp = "2025-01-02T03:04:05Z";
    here.ceilings = {{"cpu_triad_bytes_per_s", 3e11}};
    QVERIFY(here.sameHardware(here));

    // A run recorded on this hardware at another time, by another version, with the GPU since
    // become unusable and without ceilings, still is this hardware.
    MachineInfo later = here;
    later.timestamp = "2025-06-07T08:09:10Z";
    later.programVersion = "9.9";
    later.gpuStatus = "the GPU hit a sticky CUDA error";
    later.ceilings.clear();
    QVERIFY(later.sameHardware(here));
    QVERIFY(here.sameHardware(later));

    MachineInfo otherCpu = here;
    otherCpu.cpuModel = "Intel Xeon Platinum 8480+";
    QVERIFY(!otherCpu.sameHardware(here));
    MachineInfo otherCores = here;
    otherCores.logicalCores = 96;
    QVERIFY(!otherCores.sameHardware(here));
    MachineInfo noGpu = here;
    noGpu.gpus.clear();
    QVERIFY(!noGpu.sameHardware(here));
    QVERIFY(!here.sameHardware(noGpu));
    MachineInfo otherGpu = here;
    otherGpu.gpus[0].name = "NVIDIA A100";
    QVERIFY(!otherGpu.sameHardware(here));
}

QTEST_APPLESS_MAIN(TestMachineInfo)
#include "tst_machineinfo.moc"
