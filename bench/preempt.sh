#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What another busy program does to a CPU sweep, and what SpeedupLab says about it: the seed
# preset's 2-thread curve measured quiet, then beside a competitor that spins on every core,
# with the OpenMP threads waiting actively (spinning, the default) and passively (sleeping).
# For each run: per size, the time per iteration, the repetitions counted as disturbed
# (disturbed_reps / reps: a thread lost its core, Preemption) and how often the point was
# measured again; then the sweep's note. Side by side in one run, so that the ratios hold on a
# noisy machine.
#   bench/preempt.sh [--cli PATH] [--threads N] [--spinners K]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=$here/../build/release/cli/speeduplab-cli
threads=2
spinners=$(nproc)
while [ $# -gt 0 ]; do
  case $1 in
  --cli) cli=$2; shift 2 ;;
  --threads) threads=$2; shift 2 ;;
  --spinners) spinners=$2; shift 2 ;;
  *) echo "bench/preempt.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "bench/preempt.sh: no speeduplab-cli at $cli (give --cli PATH)" >&2; exit 2; }
out=$(mktemp -d)
pids=()
stop_spinners() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; pids=(); }
trap 'stop_spinners; rm -rf "$out"' EXIT

sweep() { # name, then extra options
  local name=$1; shift
  "$cli" run --preset seed --threads "$threads" --cpu-only --json "$out/$name.json" "$@" 2>&1 |
    grep -E '^(timing|note):' | sed "s/^/  $name: /"
}

echo "seed preset, $threads threads, on $(nproc) CPUs; competitor: $spinners spinning loops"
sweep quiet --omp-wait active
for _ in $(seq "$spinners"); do sh -c 'while :; do :; done' & pids+=($!); done
sleep 1
sweep loaded-active --omp-wait active
sweep loaded-passive --omp-wait passive
stop_spinners

python3 - "$out" <<'PY'
import json, sys
runs = ["quiet", "loaded-active", "loaded-passive"]
rows = {}
for name in runs:
    d = json.load(open(f"{sys.argv[1]}/{name}.json"))
    rows[name] = {r["n"]: r for r in d["rows"] if r["status"] == "ok"}
print()
print("%6s " % "n" + "".join("%28s" % r for r in runs))
print("%6s " % "" + "".join("%28s" % "us/iter  disturbed  again" for _ in runs))
for n in sorted(rows["quiet"]):
    cells = []
    for name in runs:
        r = rows[name].get(n)
        if not r:
            cells.append("%28s" % "-")
            continue
        t = r["median_s"] / r["iterations"] * 1e6
        cells.append("%10.3g %7d/%-4d %5d" % (t, r.get("disturbed_reps", 0), r["reps"], r.get("remeasured", 0)))
    print("%6d " % n + "".join("%28s" % c for c in cells))
PY
