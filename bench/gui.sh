#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The desktop app's speed and memory targets, measured by the app itself (hidden options):
#   latency: the longest gap between 5 ms timer ticks on the GUI thread over a whole real
#            sweep in the window (target < 17 ms, one frame at 60 Hz; 99th percentile < 10 ms).
#            With SPEEDUPLAB_BENCH_TRACE=1 each gap over 12 ms is printed with the events the
#            GUI thread delivered in it (the slow ones name the cause; none: the scheduler)
#   redraw:  rebuilding and repainting a chart of 10,000 points (target < 17 ms)
#   startup: launch to visible window (target < 1 s) and idle resident memory (< 100 MB)
# Each prints its figures and fails when over its target. Runs offscreen unless DISPLAY is set.
#   bench/gui.sh [--app PATH] [sweep options for the latency run, e.g. --cpu-only --sizes 4,40,400]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
app=$here/../build/release/ui/speeduplab
if [ "${1:-}" = --app ]; then app=$2; shift 2; fi
[ -x "$app" ] || { echo "bench/gui.sh: no app at $app: build it first (cmake --preset release)" >&2; exit 2; }
[ -n "${DISPLAY:-}" ] || export QT_QPA_PLATFORM=offscreen
rc=0
for b in startup redraw latency; do
  echo "== $b"
  if [ $b = latency ]; then "$app" --bench-$b "$@" || rc=1; else "$app" --bench-$b || rc=1; fi
done
exit $rc
