#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The desktop app's speed and memory targets, measured by speeduplab-bench-gui (bench/gui/: built
# with the app, from the app's library, but not part of it and not installed):
#   latency: the longest gap between 5 ms timer ticks on the GUI thread over a whole real
#            sweep in the window (target < 17 ms, one frame at 60 Hz; 99th percentile < 10 ms).
#            With SPEEDUPLAB_BENCH_TRACE=1 each gap over 12 ms is printed with the events the
#            GUI thread delivered in it (the slow ones name the cause; none: the scheduler)
#   redraw:  rebuilding and repainting a chart of 10,000 points (target < 17 ms)
#   startup: launch to visible window (target < 1 s) and idle resident memory (< 100 MB) of the
#            app's own entry (App::main), run in the benchmark's process (bench/gui/main.cpp says why)
# Each prints its figures and fails when over its target. Runs offscreen unless DISPLAY is set.
#   bench/gui.sh [--app PATH] [--bench PATH] [sweep options for the latency run, e.g. --cpu-only --sizes 4,40,400]
# --app PATH: a build's app (e.g. build/mine/ui/speeduplab); the benchmark is the one beside it:
#   speeduplab-bench-gui in the same folder (as scripts/pack-carry.sh packs them), else that
#   build's bench/gui/speeduplab-bench-gui. --bench PATH: the benchmark itself.
# Default: build/release's benchmark.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
app= bench=
while [ $# -ge 2 ]; do
  case $1 in
    --app) app=$2; shift 2 ;;
    --bench) bench=$2; shift 2 ;;
    *) break ;;
  esac
done
if [ -n "$app" ]; then
  [ -x "$app" ] || { echo "bench/gui.sh: no app at $app: build it first (cmake --preset release)" >&2; exit 2; }
  dir=$(dirname "$app")
  if [ -z "$bench" ]; then
    bench=$dir/speeduplab-bench-gui
    [ -x "$bench" ] || bench=$dir/../bench/gui/speeduplab-bench-gui
  fi
fi
[ -n "$bench" ] || bench=$here/../build/release/bench/gui/speeduplab-bench-gui
[ -x "$bench" ] || {
  echo "bench/gui.sh: no benchmark at $bench: build it first (cmake --build BUILD --target speeduplab-bench-gui)" >&2
  exit 2
}
[ -n "${DISPLAY:-}" ] || export QT_QPA_PLATFORM=offscreen
rc=0
for b in startup redraw latency; do
  echo "== $b"
  if [ $b = latency ]; then "$bench" $b "$@" || rc=1; else "$bench" $b || rc=1; fi
done
exit $rc
