// SPDX-License-Identifier: MIT
// Devices, the registry of the backends behind one interface: each row's backend name finds its
// backend, each names its devices and points as the rows and the progress do, and each turns its
// own errors (and only those) into a point's status.
#include "core/devices/devicebackend.h"
#include "core/plan/sweepplan.h"
#include "cuda/gpubackend.h"
#include "opencl/openclbackend.h"

#include <QtTest>

#include <stdexcept>

using namespace speeduplab;

class TestDeviceBackend : public QObject {
    Q_OBJECT

private slots:
    void everyRowNameHasOneBackend()
    {
        QCOMPARE(Devices::all().size(), std::size_t(4));
        for (const DeviceBackend *b : Devices::all())
            QCOMPARE(&Devices::of(b->rowName()), b);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Devices::of("metal"));
        QVERIFY(!Devices::of("cpu").onDevice());
        QVERIFY(Devices::of("gpu").onDevice() && Devices::of("opencl").onDevice() &&
                Devices::of("vulkan").onDevice());
    }

    void namesAsTheRowsAndTheProgress()
    {
        QCOMPARE(Devices::of("gpu").deviceId(1), std::string("cuda:1"));
        QCOMPARE(Devices::of("opencl").deviceId(0), std::string("opencl:0"));
        QCOMPARE(Devices::of("cpu").deviceId(-1), std::string());
        // Typed parts, in core's English words here (the window installs its language's).
        auto named = [](const char *backend, const PlanPoint &p) {
            return SeriesWords::current().name(Devices::of(backend).pointName(p));
        };
        QCOMPARE(named("cpu", {"cpu", "", 4, "", 40, -1}), std::string("CPU 4 threads"));
        QCOMPARE(named("cpu", {"cpu", "tiled", 1, "", 40, -1}), std::string("CPU 1 thread (tiled)"));
        QCOMPARE(named("gpu", {"gpu", "", 0, "graph", 40, 0}), std::string("GPU graph"));
        QCOMPARE(named("gpu", {"gpu", "", 0, "unsynced", 40, 1}),
                 std::string("GPU1 launch, not synchronised"));
        QCOMPARE(named("opencl", {"opencl", "", 0, "launch", 40, 2}), std::string("opencl:2 launch"));
        QCOMPARE(Devices::of("opencl").pointName({"opencl", "", 0, "launch", 40, 2}).device,
                 SeriesName::Device::Id);
        // Only an OpenCL device is described; an unknown one is never taken for a GPU.
        QVERIFY(!Devices::of("cpu").describedKind(-1) && !Devices::of("gpu").describedKind(0));
        QCOMPARE(Devices::of("opencl").describedKind(999), std::optional(DeviceKind::Unknown));
    }

    // Each backend's own errors, and only those, say a point's status.
    void errorsBecomeStatuses()
    {
        Measurement m;
        QVERIFY(Devices::of("gpu").failed(
            gpu::CudaError("an illegal address", "cudaErrorIllegalAddress", true), 0, m));
        QCOMPARE(m.status, Measurement::Status::Failed);
        QVERIFY2(m.reason.find("CUDA error cudaErrorIllegalAddress") == 0 &&
                     m.reason.find("disabled for the rest of this run") != std::string::npos,
                 m.reason.c_str());
        m = Measurement();
        QVERIFY(Devices::of("gpu").failed(gpu::Unsupported("no cuBLAS"), 0, m));
        QCOMPARE(m.status, Measurement::Status::Skipped);
        m = Measurement();
        QVERIFY(Devices::of("opencl").failed(opencl::Unsupported("no fp16"), 0, m));
        QCOMPARE(m.status, Measurement::Status::Skipped);
        QCOMPARE(m.reason, std::string("no fp16"));
        // Another backend's error, or any other, is not theirs to say.
        m = Measurement();
        QVERIFY(!Devices::of("opencl").failed(gpu::Unsupported("no cuBLAS"), 0, m));
        QVERIFY(!Devices::of("gpu").failed(std::runtime_error("wrong answer"), 0, m));
        QVERIFY(!Devices::of("cpu").failed(std::runtime_error("wrong answer"), -1, m));
        QCOMPARE(m.status, Measurement::Status::Ok);
    }
};

QTEST_MAIN(TestDeviceBackend)
#include "tst_devicebackend.moc"
