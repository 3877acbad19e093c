// SPDX-License-Identifier: MIT
// The window beside an OpenCL driver that hangs as its devices are listed (issue 61): it shows at
// once, without OpenCL, and once the child process that lists the devices is given up (10 s) it
// says why OpenCL is missing, in the status bar and in the machine. It used to wait those 10 s
// before it showed at all. Its own executable: the listing runs once a process.
#include "ui/mainwindow.h"
#include "ui/runstore.h"
#include "ui/sweeppanel.h"

#include "core/devices/devicebackend.h"
#include "opencl/openclbackend.h"

#include <QElapsedTimer>
#include <QFile>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace speeduplab;

class TestSlowDrivers : public QObject {
    Q_OBJECT
private slots:
    void windowShowsBeforeAHungDriverIsGivenUp();
};

// Whether the sweep panel offers an OpenCL device (the one backend whose driver hangs here).
static bool listsOpenCl(const MainWindow &w)
{
    for (const PlanDevice &d : w.sweepPanel()->describedDevices())
        if (d.row == "opencl")
            return true;
    return false;
}

void TestSlowDrivers::windowShowsBeforeAHungDriverIsGivenUp()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile icd(dir.filePath(QStringLiteral("standin.icd")));
    QVERIFY(icd.open(QIODevice::WriteOnly));
    icd.write(SPEEDUPLAB_ICD_HANG "\n");
    icd.close();
    qputenv("OCL_ICD_VENDORS", dir.path().toUtf8());
    // As the app's main does: the devices listed by the app itself, in a child process.
    QElapsedTimer clock;
    clock.start();
    opencl::probeInChild(SPEEDUPLAB_APP, Devices::childProbeArgument);
    MainWindow w(dir.filePath(QStringLiteral("slow.ini")));
    w.show();
    const qint64 shown = clock.elapsed();
    QVERIFY2(shown < 3000, qPrintable(QStringLiteral("the window took %1 ms").arg(shown)));
    QVERIFY(!Devices::listed(0));
    QVERIFY(!listsOpenCl(w));
    // The child is stopped at its limit, and the window takes the reason.
    const std::string limit = "did not finish in " + std::to_string(opencl::kChildProbeSeconds) + " s";
    auto reason = [&w] {
        const auto &status = w.runStore()->resultSet().machine.describedStatus;
        const auto it = status.find("opencl");
        return it == status.end() ? std::string() : it->second;
    };
    QTRY_VERIFY_WITH_TIMEOUT(reason().find(limit) != std::string::npos,
                             (opencl::kChildProbeSeconds + 10) * 1000);
    QVERIFY(!listsOpenCl(w)); // another backend's devices (Vulkan's lavapipe) are listed as ever
    // And says it where it is seen.
    QVERIFY2(w.statusBar()->currentMessage().contains(QString::fromStdString(limit)),
             qPrintable(w.statusBar()->currentMessage()));
    QVERIFY(w.isVisible());
}

QTEST_MAIN(TestSlowDrivers)
#include "tst_slowdrivers.moc"
