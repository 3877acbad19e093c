#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# --refine against a dense grid, side by side in one run, on this machine's own crossover: where
# 2 CPU threads overtake 1 thread on add (no GPU needed). The grid: 32 sizes a decade over the
# range; the refinement: 4 a decade, then new sizes around the crossover until its 95 % interval
# is within ±5 %. Target: an interval no wider than the grid's, in at most a third of its points
# and of its wall time. The grid's crossover is read with --refine 99 %, which adds no point to a
# crossover whose interval is already within ±99 %.
#   bench/refine.sh [--cli PATH] [--range MIN:MAX] [--precision 5%] [--min-time S]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=$here/../build/release/cli/speeduplab-cli
range=16:4096
precision=5%
mintime=0.05
while [ $# -gt 0 ]; do
  case $1 in
  --cli) cli=$2; shift 2 ;;
  --range) range=$2; shift 2 ;;
  --precision) precision=$2; shift 2 ;;
  --min-time) mintime=$2; shift 2 ;;
  *) echo "bench/refine.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "bench/refine.sh: no CLI at $cli: build it first" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

sweep() { # name, steps a decade, --refine's precision
  local start end
  start=$(date +%s.%N)
  "$cli" run --cpu-only --workload add --threads 1,2 --range "$range:$2" --min-time "$mintime" \
    --refine "$3" --json "$dir/$1.json" >"$dir/$1.out" 2>"$dir/$1.err"
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l >"$dir/$1.wall"
}
sweep grid 32 99%
sweep refine 4 "$precision"

python3 - "$dir" <<'PY'
import json, re, sys
d = sys.argv[1]
rows = {}
for name in ("grid", "refine"):
    with open(f"{d}/{name}.json") as f:
        points = len(json.load(f)["rows"])
    wall = float(open(f"{d}/{name}.wall").read())
    out = open(f"{d}/{name}.out", encoding="utf-8").read()
    m = re.search(r"CPU 2 threads vs CPU 1 thread: (n ≈ ([\d.]+)(?: \((≤ )?([\d.]+)–(≥ )?([\d.]+)\))?[^\n]*)", out)
    said = m.group(1) if m else "no crossover found"
    width = None
    if m and m.group(4):
        n, lo, hi = float(m.group(2)), float(m.group(4)), float(m.group(6))
        width = (hi - lo) / 2 / n * 100
    rows[name] = (points, wall, said, width)
print(f"{'':8}{'points':>8}{'wall':>10}{'± of n':>10}  crossover")
for name, (points, wall, said, width) in rows.items():
    w = f"{width:.1f} %" if width is not None else "-"
    print(f"{name:8}{points:8d}{wall:9.1f} s{w:>10}  {said}")
g, r = rows["grid"], rows["refine"]
print(f"refine / grid: {r[0] / g[0]:.2f} of the points, {r[1] / g[1]:.2f} of the wall time"
      + (f", interval {r[3] / g[3]:.2f} of the grid's" if g[3] and r[3] else ""))
PY
