#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs what is missing, configures, builds and runs every test (no GPU or display needed:
# GPU tests skip with the reason, UI tests run offscreen).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests # PoCL too: the OpenCL tests run on the CPU
preset=${SPEEDUPLAB_PRESET:-release}
# SPEEDUPLAB_WERROR=ON: a warning fails the build (.ci/run sets it).
cmake --preset "$preset" -DSPEEDUPLAB_WERROR="${SPEEDUPLAB_WERROR:-OFF}"
cmake --build --preset "$preset" -j "$(nproc)"
export QT_QPA_PLATFORM=offscreen
ctest --preset "$preset" -j "$(nproc)"
