// SPDX-License-Identifier: MIT
// Helpers of the tests that drive the main window through real sweeps.
#pragma once

#include "ui/mainwindow.h"
#include "ui/sweepform.h"
#include "ui/sweeppanel.h"

#include <QSignalSpy>

namespace speeduplab::windowtest {

/// A CPU-only add sweep of the given sizes on one thread.
inline SweepForm smallSweep(MainWindow &w, const QString &sizes, double minTime, int iterations = 10)
{
    SweepForm f = w.sweepPanel()->form();
    f.workload = QStringLiteral("add");
    f.sizesAsRange = false;
    f.sizeList = sizes;
    f.threads = {1};
    f.gpu = false;
    f.iterations = iterations;
    f.minTime = minTime;
    return f;
}

/// A finished sweep whose results are not saved.
inline bool runToTheEnd(MainWindow &w)
{
    w.sweepPanel()->setForm(smallSweep(w, QStringLiteral("4,8"), 0));
    QSignalSpy finished(&w, &MainWindow::sweepFinished);
    return w.runSweep() && finished.wait(60000);
}

} // namespace speeduplab::windowtest
