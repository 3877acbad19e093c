#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SpeedupLab's OpenCL backend held against independent references on the same OpenCL device, side
# by side in one run:
#   bandwidth: add at n = 4096, launch mode (bytes / median time of a repetition), against clpeak's
#              best global-memory bandwidth over its vector widths (target: >= 80 %)
#   launch:    one launch waited for each time (enqueue, clFinish), both sides measured as clpeak
#              measures its "kernel launch latency": the launch's event, QUEUED to START (the
#              dispatch; clpeak 1.x and 2.x alike, 1.x's line reads "Kernel launch latency : N us",
#              2.x's "dispatch"). Ours: the calibration's opencl<N>_dispatch_s (--calibrate; a
#              kernel of clpeak's shape, one full work-group a compute unit, the median of 200, the
#              best of 3 tries), against clpeak's (its own kernel, the mean of 20000); three
#              processes a side, in turn, median against median (target: within 1.5x). Beside
#              them, not held to a target: the host's clock around an empty kernel's enqueue and
#              clFinish (the round trip, opencl<N>_sync_round_trip_s: a worker thread's wake-up,
#              then the host's; on PoCL twice the dispatch, four times in a process where the
#              scheduler has put a worker on the host thread's CPU), clpeak 2.x's own round trip
#              where it prints one, add at n = 4 per iteration (back-to-back launches, one wait at
#              the end) and the calibrated back-to-back launch.
#   gemm:      SpeedupLab's tiled gemm at n = 1024, launch mode, against CLBlast's SGEMM alone
#              (bench/opencl/clblast_sgemm.cpp, compiled here with g++); GFLOP/s = 2 n^3 / time
#              (target: >= 30 %); and SpeedupLab's clblast variant against CLBlast alone (target:
#              within 5 %; CLBlast alone runs again after it, and ours is held against the mean)
# A section whose tool is missing (clpeak, clinfo, CLBlast's headers, g++, the CLI, an OpenCL
# device) prints "not measured: <why>" and the others go on. Last, a summary table. About 45 s
# on 2 quiet cores, ~10 s more the first time (CLBlast's first call, untimed, has PoCL compile
# its kernels; PoCL caches them).
#   bench/opencl.sh [--device opencl:N] [--cli PATH] [--out DIR]
# --device: the OpenCL device, counted over the platforms in the ICD loader's order (default
# opencl:0; a bare N works too). --out DIR: keep the result files and clpeak's output there.
# The exit status is 0 whether or not a target is met (2: a bad argument).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=$here/../build/release/cli/speeduplab-cli
device=opencl:0
out=
while [ $# -gt 0 ]; do
  case $1 in
    --device) device=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "bench/opencl.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
index=${device#opencl:}
case $index in '' | *[!0-9]*) echo "bench/opencl.sh: --device is opencl:N (or N), not '$device'" >&2; exit 2 ;; esac
device=opencl:$index
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "$out" ]; then mkdir -p "$out"; else out=$tmp; fi

# Figures for the summary: empty where not measured, with the reason beside.
bw_ours='' bw_ref='' bw_why='' lat_ours='' lat_ref='' lat_why='' gemm_ours='' gemm_ref='' gemm_why=''
trip_ours='' trip_ref=''
blas_ours='' blas_why=''

# value FILE WORKLOAD N KIND: one figure of the ok opencl launch row (KIND: bytes_per_s, s_per_iter,
# flop_per_s); on failure, the reason on stdout and status 1.
value() {
  python3 - "$@" <<'EOF'
import json, sys
path, workload, n, kind = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
try:
    rows = json.load(open(path))["rows"]
except (OSError, ValueError, KeyError) as e:
    print(f"cannot read {path}: {e}"); sys.exit(1)
rows = [r for r in rows if r.get("workload") == workload and r.get("backend") == "opencl"
        and r.get("mode") == "launch" and int(r.get("n", -1)) == n]
if not rows:
    print(f"no OpenCL launch row for {workload} at n = {n} in the results"); sys.exit(1)
r = rows[0]
if r.get("status") != "ok" or not r.get("median_s"):
    print(f"{workload} at n = {n}: {r.get('status')}: {r.get('reason') or 'no time'}"); sys.exit(1)
t, it = r["median_s"], r.get("iterations") or 1
v = {"bytes_per_s": r["bytes"] / t, "s_per_iter": t / it, "flop_per_s": r["flops"] / t}[kind]
print(f"{v:.6g}")
EOF
}

# ceiling FILE KEY: a ceiling of the result's machine; on failure, the reason and status 1.
ceiling() {
  python3 - "$@" <<'EOF'
import json, sys
try:
    v = json.load(open(sys.argv[1]))["machine"]["ceilings"].get(sys.argv[2])
except (OSError, ValueError, KeyError) as e:
    print(f"cannot read {sys.argv[1]}: {e}"); sys.exit(1)
if v is None:
    print(f"the calibration records no {sys.argv[2]} (a speeduplab-cli older than that key?)"); sys.exit(1)
if not isinstance(v, (int, float)) or not v > 0:
    print(f"the calibration measured no {sys.argv[2]}"); sys.exit(1)
print(f"{v:.6g}")
EOF
}

# The device's name as SpeedupLab recorded it (to check that clpeak measured the same one).
device_name() {
  python3 - "$1" "$index" <<'EOF' 2>/dev/null || true
import json, sys
for d in json.load(open(sys.argv[1]))["machine"].get("opencl_devices", []):
    if int(d.get("index", -1)) == int(sys.argv[2]):
        print(d.get("name", ""))
EOF
}

# ours NAME OPTIONS...: one SpeedupLab run on the device, its JSON in $out/NAME.json; its table
# lines are kept in $out/NAME.log. Status 1, with the reason in $why, when it fails.
why=
ours() {
  local name=$1; shift
  why=
  if [ ! -x "$cli" ]; then why="no speeduplab-cli at $cli (give --cli PATH)"; return 1; fi
  if ! "$cli" run --gpu-only --device "$device" --modes launch --json "$out/$name.json" "$@" \
    >"$out/$name.log" 2>&1; then
    why="speeduplab-cli failed: $(tail -n 1 "$out/$name.log")"
    return 1
  fi
}

load=$(cut -d ' ' -f 1 /proc/loadavg 2>/dev/null || echo '?')
echo "bench/opencl.sh: $device, $(nproc) CPUs, load average $load before the run" \
  "(a busy machine slows every figure; the ratios, measured side by side, less so)"

# clpeak's platform and device numbers for opencl:N (clpeak counts devices within a platform).
clpeak_p='' clpeak_d='' clpeak_why=''
if ! command -v clpeak >/dev/null; then
  clpeak_why="clpeak is not installed (apt install clpeak)"
elif command -v clinfo >/dev/null; then
  read -r clpeak_p clpeak_d < <(clinfo -l 2>/dev/null | awk -v want="$index" '
    /^Platform #/ { p = $2; sub(/^#/, "", p); sub(/:$/, "", p); d = 0; next }
    /Device #/ { if (k++ == want) { print p, d; exit } d++ }') || true
  [ -n "$clpeak_p" ] || clpeak_why="clinfo lists no device $device"
elif [ "$index" = 0 ]; then
  clpeak_p=0 clpeak_d=0 # no clinfo: platform 0's first device, checked by name below
else
  clpeak_why="clinfo is not installed: needed to find $device's platform and device for clpeak"
fi
if [ -z "$clpeak_why" ]; then
  echo "clpeak -p $clpeak_p -d $clpeak_d --global-bandwidth ..."
  if ! clpeak -p "$clpeak_p" -d "$clpeak_d" --global-bandwidth >"$out/clpeak.txt" 2>&1; then
    clpeak_why="clpeak failed: $(tail -n 1 "$out/clpeak.txt")"
  fi
fi
clpeak_device=''
[ ! -f "$out/clpeak.txt" ] || clpeak_device=$(sed -n 's/^ *Device: *//p' "$out/clpeak.txt" | head -n 1)
if [ -z "$clpeak_why" ] && [ -z "$clpeak_device" ]; then
  clpeak_why="clpeak ran no test on platform $clpeak_p, device $clpeak_d"
fi
bw_clpeak='' bw_width=''
if [ -z "$clpeak_why" ]; then
  read -r bw_clpeak bw_width < <(awk '
    /Global memory bandwidth/ { on = 1; next }
    on && /^ *float[0-9]* *:/ { v = $3 + 0; if (v > best) { best = v; w = $1 } next }
    on && NF > 0 { on = 0 }
    END { if (best > 0) print best, w }' "$out/clpeak.txt") || true
fi
# clpeak_latency FILE: clpeak --kernel-latency on the device, its output in FILE; prints its
# dispatch and round trip in us ("-" where absent), or fails. clpeak 1.x prints "Kernel launch
# latency : 5.20 us" (QUEUED to START), 2.x a "Kernel launch latency" heading over "dispatch : N"
# (the same QUEUED to START) and "roundtrip : N" (the host's clock around enqueue and finish).
clpeak_latency() {
  clpeak -p "$clpeak_p" -d "$clpeak_d" --kernel-latency >"$1" 2>&1 || return 1
  awk '
    function num(s) { sub(/^[^:]*:/, "", s); return s + 0 }
    /Kernel launch latency/ { on = 1; if ($0 ~ /: *[0-9.]+/) d = num($0); next }
    on && /^ *dispatch *:/ { d = num($0); next }
    on && /^ *roundtrip *:/ { r = num($0); next }
    on && NF > 0 && !/^ *(dispatch|roundtrip)/ { on = 0 }
    END { if (d > 0) print d, (r > 0 ? r : "-"); else exit 1 }' "$1"
}

# 1. Bandwidth. 100 iterations per repetition (a repetition of 1000 would take seconds) and 2 s
# of repetitions: the median of several, not one.
echo
echo "1. Global-memory bandwidth on $device"
bw_copy='' bw_triad=''
if ours add-4096 --workload add --sizes 4096 --iterations 100 --min-time 2 --calibrate; then
  if v=$(value "$out/add-4096.json" add 4096 bytes_per_s); then bw_ours=$v; else why=$v; fi
  bw_copy=$(ceiling "$out/add-4096.json" "opencl${index}_copy_bytes_per_s" || true)
  bw_triad=$(ceiling "$out/add-4096.json" cpu_triad_bytes_per_s || true)
fi
[ -n "$bw_ours" ] || bw_why="ours: $why"
if [ -n "$bw_ours" ]; then
  name=$(device_name "$out/add-4096.json")
  if [ -z "$clpeak_why" ] && [ -n "$name" ] && [ "$name" != "$clpeak_device" ]; then
    clpeak_why="clpeak measured '$clpeak_device', not $device ('$name')"
  fi
fi
if [ -n "$clpeak_why" ]; then
  bw_why="${bw_why:+$bw_why; }clpeak: $clpeak_why"
elif [ -n "$bw_clpeak" ]; then
  bw_ref=$bw_clpeak
else
  bw_why="${bw_why:+$bw_why; }clpeak: no global bandwidth figure (see its output: $(grep -m 1 -i skipped "$out/clpeak.txt" || echo none))"
fi
[ -n "$bw_ours" ] && printf '   SpeedupLab add, n = 4096 (a 64 MiB tensor read and written), launch mode:  %8.2f GB/s\n' \
  "$(python3 -c "print($bw_ours / 1e9)")"
[ -n "$bw_ref" ] && printf '   clpeak --global-bandwidth, best vector width (%s, reads only):             %8.2f GB/s\n' \
  "$bw_width" "$bw_ref"
if [ -n "$bw_ours" ] && [ -n "$bw_ref" ]; then
  printf '   ratio ours / clpeak: %.0f %% (target >= 80 %%)\n' "$(python3 -c "print(100 * $bw_ours / 1e9 / $bw_ref)")"
else
  echo "   not measured: $bw_why"
fi
# Not held to a target: the calibration's own figures for the same memory. On PoCL, clpeak's
# strided reads can fall below what the host's stream triad reaches; these say when it does.
if [ -n "$bw_copy" ]; then
  printf '   (the calibration: a copy on %s %.2f GB/s' "$device" "$(python3 -c "print($bw_copy / 1e9)")"
  if [ -n "$bw_triad" ]; then printf "; the host CPU's triad %.2f GB/s)\n" "$(python3 -c "print($bw_triad / 1e9)")"; else echo ')'; fi
fi

# 2. Launch cost. Three processes a side, taken in turn: clpeak --kernel-latency (~3 s on PoCL),
# then SpeedupLab's add at n = 4 with --calibrate (the first: add's own 1000 iterations per
# repetition, 1 s of repetitions; the others 0.2 s, for the calibration only). Each side's median
# of its three is held against the other's: a launch's wake-ups cost what the scheduler's placement
# of the process's threads makes them, which differs from one process to the next (on PoCL on a
# shared 2-CPU machine, an empty kernel's round trip is 16, 23 or 42 us).
echo
echo "2. Kernel launch cost on $device: one launch waited for each time (enqueue, clFinish)"
b2b='' cal_b2b=''
lat_runs=() trip_runs=() ref_runs=() ref_trip_runs=()
for k in 1 2 3; do
  if [ -z "$clpeak_why" ] && read -r d r < <(clpeak_latency "$out/clpeak-latency-$k.txt"); then
    ref_runs+=("$d")
    [ "$r" = - ] || ref_trip_runs+=("$r")
  fi
  if [ "$k" = 1 ]; then
    ours add-4 --workload add --sizes 4 --min-time 1 --calibrate || continue
    if v=$(value "$out/add-4.json" add 4 s_per_iter); then b2b=$v; fi
    cal_b2b=$(ceiling "$out/add-4.json" "opencl${index}_launch_s" || true)
  else
    ours "add-4-$k" --workload add --sizes 4 --min-time 0.2 --calibrate || continue
  fi
  json=$out/add-4.json
  [ "$k" = 1 ] || json=$out/add-4-$k.json
  if v=$(ceiling "$json" "opencl${index}_dispatch_s"); then lat_runs+=("$v"); else why=$v; fi
  if v=$(ceiling "$json" "opencl${index}_sync_round_trip_s"); then trip_runs+=("$v"); fi
done
# median V...: the median of the figures given (the mean of the middle two of an even count).
median() { [ $# -gt 0 ] && python3 -c "import statistics, sys; print(statistics.median(map(float, sys.argv[1:])))" "$@"; }
# us V...: the figures in microseconds, "12.3 23.7 12.1" (from seconds with --s).
us() {
  local scale=1
  if [ "$1" = --s ]; then scale=1e6; shift; fi
  python3 -c "import sys; print(' '.join(f'{float(a) * $scale:.2f}' for a in sys.argv[1:]))" "$@"
}
lat_ours=$(median "${lat_runs[@]}" || true)
trip_ours=$(median "${trip_runs[@]}" || true)
[ -n "$lat_ours" ] || lat_why="ours: $why"
if [ -n "$clpeak_why" ]; then
  lat_why="${lat_why:+$lat_why; }clpeak: $clpeak_why"
elif [ ${#ref_runs[@]} -gt 0 ]; then
  lat_ref=$(median "${ref_runs[@]}")
  trip_ref=$(median "${ref_trip_runs[@]}" || true)
else
  lat_why="${lat_why:+$lat_why; }clpeak: no kernel latency figure (see $out/clpeak-latency-1.txt)"
fi
echo "   the dispatch, as clpeak measures its kernel launch latency: the launch's event, QUEUED to START"
[ -n "$lat_ours" ] && printf '   SpeedupLab calibration, clpeak'"'"'s shape (median of 200; %d runs: %s): %.2f us\n' \
  "${#lat_runs[@]}" "$(us --s "${lat_runs[@]}")" "$(python3 -c "print($lat_ours * 1e6)")"
[ -n "$lat_ref" ] && printf '   clpeak --kernel-latency, its own kernel (mean of 20000; %d runs: %s): %.2f us\n' \
  "${#ref_runs[@]}" "$(us "${ref_runs[@]}")" "$lat_ref"
if [ -n "$lat_ours" ] && [ -n "$lat_ref" ]; then
  printf '   ratio ours / clpeak, median to median: %.2fx (target: within 1.5x either way)\n' \
    "$(python3 -c "print($lat_ours * 1e6 / $lat_ref)")"
else
  echo "   not measured: $lat_why"
fi
# Not held to a target: the host's clock around enqueue and clFinish.
if [ -n "$trip_ours" ] || [ -n "$trip_ref" ]; then
  echo "   the round trip, the host's clock around enqueue and clFinish (dispatch, kernel, the host's wake-up):"
  if [ -n "$trip_ours" ]; then
    printf '   SpeedupLab calibration, an empty kernel (median of 200; runs: %s): %.2f us' \
      "$(us --s "${trip_runs[@]}")" "$(python3 -c "print($trip_ours * 1e6)")"
    [ -z "$lat_ours" ] || printf ' (%.1fx the dispatch)' "$(python3 -c "print($trip_ours / $lat_ours)")"
    echo
  fi
  [ -z "$trip_ref" ] || printf '   clpeak --kernel-latency roundtrip, its own kernel (runs: %s): %.2f us\n' \
    "$(us "${ref_trip_runs[@]}")" "$trip_ref"
fi
if [ -n "$cal_b2b" ]; then
  printf '   (back to back, one wait for 1000: the calibration %.2f us a launch' "$(python3 -c "print($cal_b2b * 1e6)")"
  if [ -n "$b2b" ]; then printf ', add at n = 4 %.2f us an iteration)\n' "$(python3 -c "print($b2b * 1e6)")"; else echo ')'; fi
fi

# 3. GEMM. 2 s of repetitions of the tiled kernel (~0.7 s each on 2 CPU cores under PoCL).
echo
echo "3. SGEMM at n = 1024 on $device"
if ours gemm-1024 --workload gemm --variant tiled --sizes 1024 --min-time 2; then
  if v=$(value "$out/gemm-1024.json" gemm 1024 flop_per_s); then gemm_ours=$v; else why=$v; fi
fi
[ -n "$gemm_ours" ] || gemm_why="ours: $why"
ref_why=
if ! command -v "${CXX:-g++}" >/dev/null; then
  ref_why="no C++ compiler (${CXX:-g++}; set CXX)"
elif [ ! -f /usr/include/clblast.h ] && ! echo '#include <clblast.h>' | "${CXX:-g++}" -x c++ -fsyntax-only - 2>/dev/null; then
  ref_why="CLBlast's header clblast.h is not installed (apt install libclblast-dev)"
elif ! "${CXX:-g++}" -O2 -std=c++17 -DCL_TARGET_OPENCL_VERSION=300 "$here/opencl/clblast_sgemm.cpp" \
  -o "$tmp/clblast_sgemm" -lclblast -lOpenCL >"$out/clblast-build.log" 2>&1; then
  ref_why="bench/opencl/clblast_sgemm.cpp did not compile: $(grep -m 1 -i error "$out/clblast-build.log" || tail -n 1 "$out/clblast-build.log")"
else
  echo "   CLBlast: first call untimed (it compiles its kernels) ..."
  if "$tmp/clblast_sgemm" "$index" 1024 2 >"$out/clblast.txt" 2>&1; then
    gemm_ref=$(awk '/^gflops / { print $2 }' "$out/clblast.txt")
    [ -n "$gemm_ref" ] || ref_why="clblast_sgemm printed no figure"
  else
    ref_why=$(tail -n 1 "$out/clblast.txt")
  fi
fi
[ -z "$ref_why" ] || gemm_why="${gemm_why:+$gemm_why; }CLBlast: $ref_why"
[ -n "$gemm_ours" ] && printf '   SpeedupLab gemm tiled, launch mode:                    %8.2f GFLOP/s\n' \
  "$(python3 -c "print($gemm_ours / 1e9)")"
[ -n "$gemm_ref" ] && printf '   CLBlast clblast::Gemm<float> alone (median of %s):  %8.2f GFLOP/s\n' \
  "$(awk '/^gflops / { print $5 " calls" }' "$out/clblast.txt")" "$gemm_ref"
if [ -n "$gemm_ours" ] && [ -n "$gemm_ref" ]; then
  printf '   ratio ours / CLBlast: %.0f %% (target >= 30 %%)\n' "$(python3 -c "print(100 * $gemm_ours / 1e9 / $gemm_ref)")"
else
  echo "   not measured: $gemm_why"
fi

# 3b. SpeedupLab's clblast variant (CLBlast's SGEMM inside SpeedupLab's timing) against CLBlast alone.
if ours gemm-clblast --workload gemm --variant clblast --sizes 1024 --min-time 2; then
  if v=$(value "$out/gemm-clblast.json" gemm 1024 flop_per_s); then blas_ours=$v; else why=$v; fi
fi
[ -n "$blas_ours" ] || blas_why="ours: $why"
# CLBlast alone once more, right after: ours is held against the mean of the runs before and
# after it, so that a machine that speeds up or slows down during the bench moves both sides.
blas_ref=$gemm_ref
if [ -n "$gemm_ref" ] && "$tmp/clblast_sgemm" "$index" 1024 2 >"$out/clblast-after.txt" 2>&1; then
  after=$(awk '/^gflops / { print $2 }' "$out/clblast-after.txt")
  if [ -n "$after" ]; then
    blas_ref=$(python3 -c "print(($gemm_ref + $after) / 2)")
    printf '   CLBlast alone again, after it (median of %s):        %8.2f GFLOP/s (the mean of both: %.2f)\n' \
      "$(awk '/^gflops / { print $5 " calls" }' "$out/clblast-after.txt")" "$after" "$blas_ref"
  fi
fi
[ -n "$blas_ref" ] || blas_why="${blas_why:+$blas_why; }CLBlast alone: ${ref_why:-not measured}"
[ -n "$blas_ours" ] && printf '   SpeedupLab gemm clblast, launch mode:                  %8.2f GFLOP/s\n' \
  "$(python3 -c "print($blas_ours / 1e9)")"
if [ -n "$blas_ours" ] && [ -n "$blas_ref" ]; then
  printf '   ratio ours (clblast) / CLBlast alone: %.0f %% (target within 5 %%)\n' \
    "$(python3 -c "print(100 * $blas_ours / 1e9 / $blas_ref)")"
else
  echo "   not measured: $blas_why"
fi

# Summary: one row per figure; a verdict where both sides were measured.
echo
python3 - "$bw_ours" "$bw_ref" "$lat_ours" "$lat_ref" "$gemm_ours" "$gemm_ref" "$bw_why" "$lat_why" "$gemm_why" \
  "$blas_ours" "$blas_why" "$blas_ref" <<'EOF'
import sys
a = sys.argv[1:]
f = lambda s, scale: float(s) * scale if s else None
rows = [
    ("bandwidth (GB/s)", f(a[0], 1e-9), f(a[1], 1), ">= 80 %", lambda r: r >= 0.8, "{:.0%}", a[6]),
    ("dispatch (us)", f(a[2], 1e6), f(a[3], 1), "within 1.5x", lambda r: 1 / 1.5 <= r <= 1.5, "{:.2f}x", a[7]),
    ("gemm n=1024 (GFLOP/s)", f(a[4], 1e-9), f(a[5], 1), ">= 30 %", lambda r: r >= 0.3, "{:.0%}", a[8]),
    ("clblast n=1024 (GF/s)", f(a[9], 1e-9), f(a[11], 1), "within 5 %", lambda r: 0.95 <= r <= 1.05, "{:.0%}", a[10]),
]
print(f"{'figure':<22} {'SpeedupLab':>10} {'reference':>10} {'ours/ref':>9}  {'target':<12} verdict")
for name, ours, ref, target, ok, fmt, why in rows:
    cell = lambda v: f"{v:10.2f}" if v is not None else f"{'-':>10}"
    if ours is not None and ref is not None:
        r = ours / ref
        verdict = "met" if ok(r) else "MISSED"
        if verdict == "MISSED" and target.startswith("within"):
            verdict += f" (ours {1 / r:.1f}x lower)" if r < 1 else f" (ours {r:.1f}x higher)"
        print(f"{name:<22} {cell(ours)} {cell(ref)} {fmt.format(r):>9}  {target:<12} {verdict}")
    else:
        print(f"{name:<22} {cell(ours)} {cell(ref)} {'-':>9}  {target:<12} not measured: {why}")
print("references: clpeak (bandwidth: best vector width; dispatch: kernel launch latency, QUEUED to START),"
      " CLBlast SGEMM")
EOF
