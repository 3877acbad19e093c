#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The sweep's time-left estimate against the time that was left, on this machine, for a preset
# (default: seed). Target (issue 59): from a fifth of the sweep on, within ±30 % (ratio 0.7-1.3).
#   bench/timeleft.sh [PRESET] [--points] [any option of speeduplab-cli run: --device opencl:0 ...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$here/../build/release/bench/timeleft/speeduplab-bench-timeleft
[ -x "$bin" ] || { echo "bench/timeleft.sh: no $bin: build the project first" >&2; exit 2; }
exec "$bin" "$@"
