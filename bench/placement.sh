#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# --placement cores-first against none (the OS decides), side by side in one run, on this machine:
# the seed sweep on the CPU (sizes 4 to 4000, every thread count), 3 rounds each, the two
# placements taken in turn twice (none, cores first, none, cores first) so that a drift of the
# machine falls on both. Per point, the ratio of the medians (cores first over none); printed:
# their geometric mean and range over the points, each placement's own spread between its
# rounds, and the placement's record of a point. Target: cores first no slower than none, to
# within the noise of the rounds.
#   bench/placement.sh [--cli PATH] [--min-time S]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=$here/../build/release/cli/speeduplab-cli
min_time=0.05
while [ $# -gt 0 ]; do
  case $1 in
  --cli) cli=$2; shift 2 ;;
  --min-time) min_time=$2; shift 2 ;;
  *) echo "bench/placement.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "bench/placement.sh: no CLI at $cli: build it first" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for pass in 1 2; do
  for placement in none cores-first; do
    "$cli" run --preset seed --cpu-only --rounds 3 --min-time "$min_time" --placement "$placement" \
      --json "$dir/$placement-$pass.json" > /dev/null 2>&1
  done
done
python3 - "$dir" <<'PY'
import json, math, os, sys
d = sys.argv[1]
def load(name):
    rows = json.load(open(os.path.join(d, name)))["rows"]
    return {(r["threads"], r["n"]): r for r in rows if r["status"] == "ok"}
runs = {p: [load("%s-%d.json" % (p, k)) for k in (1, 2)] for p in ("none", "cores-first")}
ratios, spreads = [], {"none": [], "cores-first": []}
for key in runs["none"][0]:
    try:
        t = {p: math.exp(sum(math.log(r[key]["median_s"]) for r in runs[p]) / 2) for p in runs}
    except KeyError:
        continue
    ratios.append(t["cores-first"] / t["none"])
    for p in runs:
        for r in runs[p]:
            row = r[key]
            if row["round_max_s"] > 0:
                spreads[p].append((row["round_max_s"] - row["round_min_s"]) / row["median_s"])
gm = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
print("points compared: %d (seed preset on the CPU, 3 rounds, each placement twice, in turn)" % len(ratios))
print("cores first / none, per point: geometric mean %.3f, range %.3f-%.3f" % (gm, min(ratios), max(ratios)))
for p in spreads:
    s = sorted(spreads[p])
    print("%-12s spread between rounds: median %.1f %%" % (p, 100 * s[len(s) // 2]))
sample = runs["cores-first"][0][max(runs["cores-first"][0])]
print("record of a point: %s" % sample["placed_on"])
PY
