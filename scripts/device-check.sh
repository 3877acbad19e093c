#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The checks that need a GPU, for the GPU machine (device tool), which has nvcc, CMake and
# PyTorch but no Qt, no OpenBLAS and no package registry. A session has 15 minutes of device time,
# and the machine's start takes minutes of it: ONLY ONE CALL FITS A 15-MINUTE BUDGET, of at most
# 400 s of stage limits (MAX_CALL_SECONDS), setup included. So the checks come as calls, one a
# session, the first taking what never ran on a GPU, and `add-large` (which did) last:
#   scripts/device-check.sh first    # is the GPU half right? gputests verify scan spmv gemm (fp16/bf16) cache (cold)
#                                    # unsynced calibrate devices add-large
#   scripts/device-check.sh second   # the recordings: examples (the seed preset's timing among them) replay
#   scripts/device-check.sh third    # against PyTorch and the CPU's own peaks: compare
#   scripts/device-check.sh fourth   # the window with a GPU present: gui (its screenshots need second's seed run);
#                                    # energy: the seed preset with NVML's energy
#   scripts/device-check.sh plan     # each call's stages, their limits, the files left in $OUT and which call
#                                    # comes next; runs nothing
#   scripts/device-check.sh STAGE... # any stages, in the order given
# Prepare here with scripts/pack-carry.sh (it builds the CLI and the GPU tests for sm_90 and packs
# the libraries they need there, OpenBLAS and the GUI's Qt runtime), then run there with `.carry`
# carried. Without .carry/bin the CLI is built there first (minutes of device time: avoid). Setup
# checks with ldd that the CLI and the GPU tests find every library they link; if one is missing,
# the call stops there, naming it, before any stage.
#
# $OUT holds three files and no more (the device tool brings back at most 8): all.tgz, log.txt and
# figures.txt. Every working file lives in $WORK (default /tmp/speeduplab-device, kept between
# the calls of one warm machine) and goes back inside all.tgz, packed again after every stage, so
# a call killed at its limit still brings back what finished. Each stage runs under its limit
# (LIMIT below) with `timeout -k`: a CLI that traps SIGTERM is killed a few seconds later. Every
# figure is printed next to the one expected (scripts/device_figures.py), in the log and in
# $OUT/figures.txt.
# For tests (tests/scripts/test_device_check.sh): SPEEDUPLAB_DEVICE_CLI and SPEEDUPLAB_DEVICE_GPUTESTS
# name stand-ins for the CLI and the GPU tests, SPEEDUPLAB_DEVICE_CARRY another .carry, and
# SPEEDUPLAB_DEVICE_LIMIT (seconds) replaces every stage's limit.
set -uo pipefail
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
cd "$(dirname "$0")/.." || exit 1

# Seconds a stage may take, its inner limits and its figures included (each inner limit stays
# below its stage's). `setup` is what every call does first (the carry unpacked, its libraries
# checked, nvidia-smi, the CLI's version).
declare -A LIMIT=(
  [setup]=20
  [gputests]=65 [verify]=45 [scan]=20 [spmv]=25 [gemm]=35 [cache]=40 [unsynced]=20 [calibrate]=30 [devices]=10
  [add-large]=90
  [examples]=290 [replay]=90
  [compare]=380
  [gui]=190 [energy]=190
)
# first: what never ran on a GPU comes first (the GPU tests, verify, scan, spmv, the fp16/bf16
# GEMMs, the cold cache, unsynced, calibrate); add-large, which ran on 2026-11-30, comes last.
declare -A CALL=(
  [first]="gputests verify gemm scan spmv cache unsynced calibrate devices add-large"
  [second]="examples replay"
  [third]="compare"
  [fourth]="gui energy"
)
CALLS="first second third fourth"
OUT_FILES="all.tgz log.txt figures.txt" # everything a call leaves in $OUT
MAX_CALL_SECONDS=400 # one call, with the machine's start, in a 15-minute device budget

# plan: each call's stages with their limits, the sum, and what it leaves in $OUT; then which
# call to run (one a session).
plan() {
  local call s sum line
  for call in $CALLS; do
    sum=${LIMIT[setup]}
    line="setup ${LIMIT[setup]}"
    for s in ${CALL[$call]}; do
      sum=$((sum + LIMIT[$s]))
      line="$line + $s ${LIMIT[$s]}"
    done
    echo "call $call: $line = $sum s of stage limits (at most $MAX_CALL_SECONDS); \$OUT: $OUT_FILES"
  done
  local later=${CALLS#* }
  echo "one call fits a 15-minute device budget: run \`${CALLS%% *}\` now; then ${later// /, }, one in each later session"
}

case "${1:-first}" in
  plan) plan; exit 0 ;;
  first | second | third | fourth) stages=${CALL[${1:-first}]} ;;
  _stage) ;; # one stage, run by the loop below under its limit
  *) stages="$*" ;;
esac

OUT=${OUT:-$PWD/device-out}
WORK=${WORK:-/tmp/speeduplab-device}
mkdir -p "$OUT" "$WORK"
OUT=$(cd "$OUT" && pwd)
WORK=$(cd "$WORK" && pwd)
log=$OUT/log.txt
figures=$OUT/figures.txt
export OUT WORK
say() { echo "== $(date +%T) $*" | tee -a "$log"; }
# A stage's failures, in a file: each stage runs in a process of its own.
fail() { echo "$*" >>"$WORK/failed.txt"; say "FAILED: $*"; }
figure() { python3 scripts/device_figures.py "$@" 2>&1 | tee -a "$figures" "$log"; }
# Runs a command under a limit in seconds, then kills it 5 s later if it ignored SIGTERM. In the
# foreground: it stays in the stage's process group, which the stage's own limit kills whole.
limited() { local limit=$1; shift; timeout --foreground -k 5 "$limit" "$@"; }

# The working files, the log and the figures in one archive, made beside $OUT's and moved over
# it, so that $OUT never holds a half-written all.tgz (nor a fourth file for longer than a rename).
pack() {
  tar -czf "$WORK.all.tgz" -C "$OUT" log.txt figures.txt -C "$WORK" . 2>/dev/null &&
    cp "$WORK.all.tgz" "$OUT/.all.tgz.part" && mv -f "$OUT/.all.tgz.part" "$OUT/all.tgz"
}

carry=${SPEEDUPLAB_DEVICE_CARRY:-.carry}
export LD_LIBRARY_PATH PYTHONUNBUFFERED=1
if [ "${1:-}" != _stage ]; then # a stage inherits it
  cublas=$(dirname "$(find /usr/local/cuda*/ /usr/lib /opt -name 'libcublas.so.13*' 2>/dev/null | head -1)" 2>/dev/null)
  LD_LIBRARY_PATH=/tmp/blas/lib:${cublas:-/usr/local/cuda/lib64}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi

build=build/gpu
if [ -n "${SPEEDUPLAB_DEVICE_CLI:-}" ]; then
  cli=$SPEEDUPLAB_DEVICE_CLI
  gputests=${SPEEDUPLAB_DEVICE_GPUTESTS:-false}
elif [ -x "$carry/bin/speeduplab-cli" ] && [ -x "$carry/bin/tst_gpubackend" ]; then
  cli=$carry/bin/speeduplab-cli
  gputests=$carry/bin/tst_gpubackend
else
  cli=$build/cli/speeduplab-cli
  gputests=$build/tests/cuda/tst_gpubackend
fi

# Runs the CLI under a time limit (the first argument, in seconds); its output goes to the log.
cli_run() { local limit=$1; shift; limited "$limit" "$cli" "$@" >>"$log" 2>&1; }

stage_gputests() { # target: 0 failures, 0 skips (with a GPU none should skip: the first reason says why)
  limited 60 "$gputests" >"$WORK/gputests.txt" 2>&1 || fail "GPU tests"
  { grep -E '^(FAIL!|INFO)' "$WORK/gputests.txt"; grep -m1 '^SKIP' "$WORK/gputests.txt"; } | tee -a "$log"
  local totals
  totals=$(grep '^Totals:' "$WORK/gputests.txt" | sed 's/^Totals: //')
  echo "GPU tests                                    measured ${totals:-no totals (did not finish)}   expected 0 failed, 0 skipped" |
    tee -a "$figures" "$log"
}

stage_devices() { limited 8 "$cli" devices 2>&1 | tee -a "$log" >"$WORK/devices.txt" || fail devices; }

# Target: 0 failed, no point twice, and every skip for a reason device_figures.py knows to be
# benign here (the carried OpenBLAS 0.3.21 has no bf16 GEMM; CLBlast is a library call, which
# OpenCL graph mode cannot record); it prints any other skip.
stage_verify() {
  limited 40 "$cli" verify >"$WORK/verify.txt" 2>&1 || fail verify
  grep -E '^FAIL|passed|not checked' "$WORK/verify.txt" | tee -a "$log"
  figure verify "$WORK/verify.txt"
}

# n^2 = 2147488281 > 2^31: 64-bit indexing in every mode (8.6 GB a tensor). The host's part of a
# point (the inputs, the copy back, the check) takes about 20 s at this size, so three modes need
# about 60 s and the limit leaves room. The memory the host had is in the log. It ran on
# 2026-11-30, so it comes last in `first`: cut at the budget, it costs least.
stage_add-large() {
  say "host memory: $(grep -E '^(MemTotal|MemAvailable):' /proc/meminfo | tr -s ' ' | paste -sd ' ')"
  cli_run 85 run --workload add --sizes 46341 --gpu-only --modes launch,graph,fused --iterations 10 \
    --min-time 0 --max-reps 2 --json "$WORK/add-46341.json" || fail "add at n = 46341"
  say "host memory after: $(grep -E '^MemAvailable:' /proc/meminfo | tr -s ' ')"
  figure add-large "$WORK/add-46341.json"
}

stage_gemm() { # every precision at n = 1024 and 4096, against its calibrated peak
  cli_run 30 run --workload gemm --variant cublas,cublas-tf32,cublas-fp16,cublas-bf16 --sizes 1024,4096 \
    --gpu-only --modes launch --min-time 0.05 --calibrate --json "$WORK/gemm.json" || fail "gemm precisions"
  figure gemm "$WORK/gemm.json"
}

stage_scan() { # CUB at n = 4096 against the device copy: target >= 70 %
  cli_run 15 run --workload scan --variant serial,rows,cub --sizes 16,1024,4096 --threads 1 --modes launch,graph \
    --min-time 0.05 --json "$WORK/scan.json" || fail scan
  figure scan "$WORK/scan.json" "$WORK/gemm.json"
}

stage_spmv() { # cuSPARSE and the scalar kernel, graph against launch (a capture that fails says why)
  cli_run 20 run --workload spmv --variant cusparse,scalar --sizes 16,256,1024,2048 --gpu-only --modes launch,graph \
    --min-time 0.05 --json "$WORK/spmv.json" || fail spmv
  figure spmv "$WORK/spmv.json"
}

stage_cache() { # cold against warm, one add a repetition; the cold GPU sweep must not crawl (no CPU flush)
  cli_run 10 run --workload add --sizes 512,1024,2048,8192 --gpu-only --modes launch --iterations 1 --min-time 0.05 \
    --cache warm --json "$WORK/cache-warm.json" || fail "warm cache"
  local t0=$SECONDS
  cli_run 25 run --workload add --sizes 512,1024,2048,8192 --gpu-only --modes launch --iterations 1 --min-time 0.05 \
    --cache cold --json "$WORK/cache-cold.json" || fail "cold cache"
  echo $((SECONDS - t0)) >"$WORK/cache-cold-seconds.txt"
  figure cache "$WORK/cache-warm.json" "$WORK/cache-cold.json" "$WORK/cache-cold-seconds.txt"
}

# Mode unsynced (issue 28's original answer, never run on a GPU): the host's time to queue 1000
# adds against the same launches synchronised and against launch mode. At n = 4096 a kernel
# (about 50 us) outlasts its launch, so the queue time is well below the synchronised time.
stage_unsynced() {
  cli_run 15 run --workload add --sizes 64,1024,4096 --gpu-only --modes launch,unsynced --min-time 0.05 \
    --json "$WORK/unsynced.json" || fail unsynced
  figure unsynced "$WORK/unsynced.json"
}

stage_calibrate() {
  cli_run 25 calibrate --json "$WORK/calibrate.json" || fail calibrate
  figure calibrate "$WORK/calibrate.json"
}

stage_replay() { # issue 28: the original answer replayed; the queue time against the launch cost
  cli_run 85 run --preset replay --calibrate --json "$WORK/replay.json" || fail "replay preset"
  figure replay "$WORK/replay.json"
}

# The examples the app ships (resources/examples/): JSON with samples, the newest set wins. The
# seed preset's text output holds its timing (target: every curve within 5 s, all within 60 s).
stage_examples() {
  local ex=$WORK/examples
  mkdir -p "$ex"
  limited 110 "$cli" run --preset seed --calibrate --energy off --json "$ex/seed-preset.json" >"$WORK/seed.txt" 2>&1 || fail "seed preset"
  figure seed "$WORK/seed.txt"
  pack
  cli_run 55 run --workload gemm --variant blas,cublas,cublas-tf32,cublas-fp16,cublas-bf16 \
    --sizes 64,256,1024,2048,4096 --threads all --modes launch,graph --min-time 0.05 --json "$ex/gemm.json" || fail "gemm example"
  cli_run 25 run --workload scan --variant serial,rows,cub --sizes 16,64,256,1024,4096 --threads 1 \
    --min-time 0.05 --json "$ex/scan.json" || fail "scan example"
  cli_run 35 run --workload spmv --variant csr,cusparse,scalar --sizes 16,64,256,1024,2048 --threads 1,4,16 \
    --min-time 0.05 --json "$ex/spmv.json" || fail "spmv example"
  cli_run 25 run --workload reduce --sizes 64,256,1024,4000,8192 --threads 1,16 --modes launch,graph --iterations 100 \
    --min-time 0.05 --json "$ex/reduce.json" || fail "reduce example"
  cli_run 15 run --workload transfer --variant pageable,pinned --sizes 256,1024,4000 --threads 16 --iterations 10 \
    --min-time 0.05 --json "$ex/transfer.json" || fail "transfer example"
  ls -l "$ex" | tee -a "$log"
}

# The CPU at 16 threads against PyTorch in the same run (targets: saxpy and reduce at n >= 4000 at
# <= 1.1x PyTorch's time; BLAS sgemm >= 0.9x its GFLOP/s at n = 2048 and 4096), fp16/bf16 cuBLAS
# against torch.mm (within 5 % at n = 4096), and the CPU against its own measured peaks.
compare_one() { # LIMIT WORKLOAD: one of bench/compare.sh's comparisons, then all.tgz packed again
  limited "$1" bench/compare.sh --ref torch --cli "$cli" --out "$WORK/compare" --only "$2" 2>>"$log" | tee -a "$log" \
    >>"$WORK/ratios.txt" || fail "compare $2"
  pack
}
stage_compare() {
  compare_one 90 saxpy
  compare_one 90 reduce
  compare_one 90 gemm
  compare_one 90 peaks
  echo "targets: saxpy, reduce at n >= 4000, 16 threads <= 1.10; gemm blas >= 0.9x torch GFLOP/s (ratio <= 1.11);" \
    "cublas-fp16/bf16 at 4096 within 0.95-1.05 (see ratios.txt in all.tgz)" | tee -a "$figures" "$log"
}

# The GUI with a GPU present (packed here by pack-carry.sh): idle memory, the largest stall over
# a live 16-thread CPU+GPU sweep, and screenshots of the seed preset: the one `second` recorded on
# this machine, or, on a fresh machine, the shipped H200 recording.
stage_gui() {
  [ -f "$carry/qtrt.tar.xz" ] || { say "no $carry/qtrt.tar.xz: gui skipped"; return; }
  tar -C /tmp -xJf "$carry/qtrt.tar.xz" && . /tmp/qtrt/env.sh
  local gui=/tmp/qtrt/bin/speeduplab seed=$WORK/examples/seed-preset.json
  if [ ! -f "$seed" ]; then
    seed=resources/examples/h200-2026-11-30/seed-preset.csv
    say "no seed preset recorded by 'second' on this machine: the screenshots show $seed"
  fi
  limited 130 bash bench/gui.sh --app "$gui" --sizes 4,40,128,400,1024,4000 --threads all 2>&1 | tee -a "$log" \
    >"$WORK/gui-bench.txt" || true
  echo "GUI (targets: idle < 100 MB, largest stall < 17 ms, p99 < 10 ms): see gui-bench.txt in all.tgz" | tee -a "$figures"
  limited 25 $gui --open "$seed" --chart explain --screenshot "$WORK/explain.png" >>"$log" 2>&1 || fail "explain.png"
  limited 25 $gui --open "$seed" --presentation --screenshot "$WORK/presentation.png" >>"$log" 2>&1 ||
    fail "presentation.png"
}

# Issue 40: the seed preset with energy on (the default; `second` records it with --energy off, so
# that its timing stays comparable): NVML's energy on the GPU points, and the energy crossover. A
# GPU point runs at least 20 of NVML's updates (0.4-2 s) for it.
stage_energy() {
  limited 180 "$cli" run --preset seed --json "$WORK/energy-seed.json" >"$WORK/energy.txt" 2>&1 || fail "seed preset with energy"
  grep -E '^(energy|note):' "$WORK/energy.txt" | tee -a "$log"
  figure energy "$WORK/energy-seed.json" "$WORK/energy.txt"
}

if [ "${1:-}" = _stage ]; then
  "stage_$2"
  exit 0
fi

: >>"$log"
: >>"$figures"
rm -f "$WORK/failed.txt"
carried_libs=()
if tar -C /tmp -xJf "$carry/blas.tar.xz" 2>>"$log"; then
  carried_libs=(/tmp/blas/lib/*.so*)
else
  say "no $carry/blas.tar.xz: the CPU's BLAS points will be skipped"
fi
if [ -z "${SPEEDUPLAB_DEVICE_CLI:-}" ] && [ ! -x "$carry/bin/speeduplab-cli" ]; then
  say "stages: $stages; building (no Qt, sm_90 only): $carry/bin is missing"
  cmake -S . -B $build -G Ninja -DCMAKE_BUILD_TYPE=Release -DSPEEDUPLAB_GUI=OFF -DSPEEDUPLAB_TESTS=OFF \
    -DCMAKE_CUDA_ARCHITECTURES=90 -DSPEEDUPLAB_CARRY_INCLUDE="$(realpath -m "$carry")/include" \
    -DSPEEDUPLAB_OPENBLAS_LIBRARY=/tmp/blas/lib/libopenblas.so.0 >>"$log" 2>&1 &&
    limited 300 cmake --build $build -j "$(nproc)" >>"$log" 2>&1 || { say "BUILD FAILED"; tail -50 "$log"; pack; exit 1; }
else
  say "stages: $stages (CLI $cli, GPU tests $gputests)"
fi
# Every library the CLI, the GPU tests and the carried libraries link, found with this
# LD_LIBRARY_PATH? (ldd; a stand-in that is no ELF program is not checked.) If not, stop here:
# every stage would fail at load.
unfound=""
for f in "$cli" "$gputests" "${carried_libs[@]}"; do
  [ -f "$f" ] || continue
  missing=$(LC_ALL=C limited 10 ldd "$f" 2>/dev/null | awk '$2 == "=>" && $3 == "not" {print $1}' | sort -u | paste -sd ' ')
  [ -n "$missing" ] && unfound+="${unfound:+; }$f needs $missing"
done
if [ -n "$unfound" ]; then
  fail "libraries not found (LD_LIBRARY_PATH=$LD_LIBRARY_PATH): $unfound. Pack the carry again" \
    "(scripts/pack-carry.sh); a library that scripts/carry-libs.sh counts in its base set is one this machine lacks."
  say "done (status 1): stopped at setup, before any stage"
  pack
  exit 1
fi
limited 10 nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader >>"$log" 2>&1
limited 5 "$cli" --version >>"$log" 2>&1

status=0
for s in $stages; do
  if ! declare -F "stage_$s" >/dev/null || [ -z "${LIMIT[$s]:-}" ]; then
    say "unknown stage $s"
    status=1
    continue
  fi
  limit=${SPEEDUPLAB_DEVICE_LIMIT:-${LIMIT[$s]}}
  say "$s (limit $limit s)"
  # Not in the foreground: the stage gets a process group of its own (its id is timeout's pid),
  # and on the limit all of it (the CLI, bench/compare.sh's Python) is signalled. timeout returns
  # as soon as the stage's shell has gone, so what is left of the group (a CLI that ignored
  # SIGTERM) gets 5 s to end, then is killed.
  timeout -k 5 "$limit" bash "$self" _stage "$s" &
  group=$!
  wait $group
  rc=$?
  for _ in $(seq 50); do kill -0 -- -$group 2>/dev/null || break; sleep 0.1; done
  kill -KILL -- -$group 2>/dev/null && say "$s: killed what it left running"
  if [ $rc = 124 ] || [ $rc = 137 ]; then fail "$s ran past its limit of $limit s and was stopped"; fi
  pack
done
[ -s "$WORK/failed.txt" ] && status=1
say "done (status $status)"
pack
exit $status
