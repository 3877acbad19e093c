// SPDX-License-Identifier: MIT
// speeduplab-cli's `calibrate`: the machine's ceilings (bandwidths, launch latency, GEMM FLOP/s),
// printed, and written as a result set's metadata to its --json file.
#include "cli/clicommon.h"
#include "cli/commands.h"
#include "core/devices/devicebackend.h"
#include "core/machine/machineinfo.h"
#include "core/measure/calibration.h"
#include "core/model/resultset.h"
#include "core/pipeline.h"
#include "core/results/resultio.h"

#include <exception>
#include <iostream>
#include <string>

namespace speeduplab::cli {

int cmdCalibrate(int threads, int device, bool cpuOnly, const Outputs &files)
{
    const int hw = MachineInfo::hardwareThreads();
    if (threads < 0) // it ran with every thread, and exited 0
        return usageError("--threads must be 1 or more, not " + std::to_string(threads) +
                          " (leave it out for all " + std::to_string(hw) + ")");
    if (threads == 0)
        threads = hw;
    if (threads > hw)
        return usageError("thread count " + std::to_string(threads) + " is above this machine's " +
                          std::to_string(hw) + " hardware threads");
    if (const std::string bad = checkOutputs({{"--json", &files.json}}, files.write); !bad.empty())
        return usageError(bad);
    std::ostream &say = isStdout(files.json) ? std::cerr : std::cout;
    ResultSet r;
    r.machine = Devices::probeMachine();
    const Pipeline::Calibrated c = Pipeline::calibrate(
        threads, device, !cpuOnly, g_stop, [&say](const CalibrationStep &s) { printStep(say, s); });
    r.machine.ceilings = c.ceilings;
    for (const auto &[k, v] : r.machine.ceilings)
        say << "  " << esc(k) << ": " << MachineInfo::ceilingText(k, v) << '\n';
    const bool interrupted = c.stopped || g_signal != 0;
    int rc = interrupted ? interruptedStatus() : 0;
    if (files.json) {
        try {
            writeOutput(*files.json, ResultIO::toJson(r), interrupted, r.machine.ceilings.empty(),
                        files.write, say);
        } catch (const std::exception &e) {
            fail(e.what());
            rc = interrupted ? rc : 1;
        }
    }
    if (interrupted)
        std::cerr << "stopped: " << r.machine.ceilings.size() << " ceilings were measured before the stop\n";
    return rc;
}

} // namespace speeduplab::cli
