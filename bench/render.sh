#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# How long opening a large result file and rendering each chart takes, end to end through
# `speeduplab --headless --open FILE --chart NAME --png OUT` (process start, loading, the chart's
# rebuild and a 1920 x 1080 PNG). Target: every chart well under 1 s per file. Then the HTML report
# (`--report OUT.html`: every chart, the slide, the data) of each shipped example and of each file,
# its time and size. Targets: the seed example's under 1 s and under 1 MB.
# The files are written here, so the same measurement runs against any build of the app:
#   alternate200  CPU and GPU curves that swap places at each of 200 sizes (~200 crossovers)
#   alternate400  the same at 400 sizes
#   series200     200 curves (150 CPU thread counts, 50 GPU curves) x 50 sizes = 10,000 points
#   cpu1000       1000 CPU curves x 10 sizes
# Each run is cut off after --limit seconds (default 150): a cut-off run prints ">LIMIT".
#   bench/render.sh [--app PATH] [--limit SECONDS] [--files "alternate200 series200 ..."]
#                   [--charts "time speedup ..."]
# For the in-process figures (each chart's rebuild and render alone), run the app's benchmark
# (bench/gui/, built with the app):
#   BUILD/bench/gui/speeduplab-bench-gui redraw --open FILE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
app=$here/../build/release/ui/speeduplab
limit=150
files="alternate200 alternate400 series200 cpu1000"
charts="time speedup scaling throughput roofline"
while [ $# -gt 0 ]; do
  case $1 in
  --app) app=$2; shift 2 ;;
  --limit) limit=$2; shift 2 ;;
  --files) files=$2; shift 2 ;;
  --charts) charts=$2; shift 2 ;;
  *) echo "bench/render.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$app" ] || { echo "bench/render.sh: no app at $app: build it first (cmake --preset release)" >&2; exit 2; }
[ -n "${DISPLAY:-}" ] || export QT_QPA_PLATFORM=offscreen
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 - "$dir" <<'EOF'
import math, sys
out = sys.argv[1]
header = ("workload,backend,variant,threads,mode,transfers,device,n,elements,bytes,flops,iterations,reps,"
          "median_s,min_s,max_s,mean_s,stddev_s,cv,noisy,verified,max_error,status,reason\n")

def row(backend, threads, mode, device, n, t):
    it = 10
    med = t * it
    return (f"add,{backend},,{threads},{mode},none,{device},{n},{n*n},{12.0*n*n*it:.17g},{1.0*n*n*it:.17g},"
            f"{it},5,{med:.17g},{med*0.95:.17g},{med*1.05:.17g},{med:.17g},{med*0.025:.17g},0.025,false,"
            f"true,0,ok,\n")

def sizes(count, lo=4, hi=4000):
    # Distinct whole sizes, evenly spaced in log n.
    ns, k = [], 0
    while len(ns) < count:
        n = int(round(lo * (hi / lo) ** (k / (count - 1)))) if count > 1 else lo
        n = max(n, ns[-1] + 1) if ns else n
        ns.append(n)
        k += 1
    return ns

def alternate(count):
    rows = []
    for i, n in enumerate(sizes(count)):
        t = 1e-9 * n * n + 1e-6
        rows.append(row("cpu", 1, "", -1, n, t))
        rows.append(row("gpu", 0, "launch", 0, n, t * (0.8 if i % 2 else 1.25)))
    return rows

def many(cpu, gpu, points):
    rows = []
    ns = sizes(points)
    for n in ns:
        for p in range(1, cpu + 1):
            rows.append(row("cpu", p, "", -1, n, 1e-8 + 1e-9 * n * n / min(p, 16) * (1 + 0.001 * p)))
        for g in range(gpu):
            mode = ("launch", "graph", "fused")[g % 3]
            rows.append(row("gpu", 0, mode, g // 3, n, 4e-6 * (1 + 0.01 * g) + 1e-12 * n * n))
    return rows

for name, rows in (("alternate200", alternate(200)), ("alternate400", alternate(400)),
                   ("series200", many(150, 50, 50)), ("cpu1000", many(1000, 0, 10))):
    with open(f"{out}/{name}.csv", "w") as f:
        f.write(header)
        f.writelines(rows)
EOF

echo "app: $app"
printf '%-14s' file
for c in $charts; do printf '%12s' "$c"; done
echo
rc=0
for f in $files; do
  [ -f "$dir/$f.csv" ] || { echo "bench/render.sh: unknown file $f" >&2; exit 2; }
  printf '%-14s' "$f"
  for c in $charts; do
    start=$(date +%s.%N)
    timeout "$limit" "$app" --headless --open "$dir/$f.csv" --chart "$c" --png "$dir/out.png" >/dev/null 2>"$dir/err"
    status=$?
    end=$(date +%s.%N)
    if [ $status = 124 ]; then
      printf '%12s' ">${limit} s"
      rc=1
    elif [ $status != 0 ]; then
      printf '%12s' "exit $status"
      rc=1
      sed 's/^/    /' "$dir/err" >&2
    else
      printf '%10.2f s' "$(echo "$end - $start" | bc -l)"
    fi
  done
  echo
done

echo
printf '%-14s%12s%12s\n' report time size
report() { # name, then the app's arguments for what to report
  local name=$1
  shift
  start=$(date +%s.%N)
  timeout "$limit" "$app" --headless "$@" --report "$dir/report.html" >/dev/null 2>"$dir/err"
  status=$?
  end=$(date +%s.%N)
  if [ $status != 0 ]; then
    printf '%-14s%12s\n' "$name" "exit $status"
    sed 's/^/    /' "$dir/err" >&2
    rc=1
  else
    printf '%-14s%10.2f s%9.2f MB\n' "$name" "$(echo "$end - $start" | bc -l)" \
      "$(echo "$(stat -c %s "$dir/report.html") / 1000000" | bc -l)"
  fi
  rm -f "$dir/report.html"
}
for e in seed-preset add-range add-calibrated reduce transfer; do
  report "$e" --example "$e"
done
for f in $files; do
  report "$f" --open "$dir/$f.csv"
done
exit $rc
